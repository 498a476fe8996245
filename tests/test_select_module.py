"""compile --select of a module of several kernels without --entry: each kernel is predicted
and chosen on its own (it was one prediction, of whichever kernel nvdisasm listed first,
deciding the schedule of the whole module, beside the first kernel's figures)."""
import json
import math
from pathlib import Path

import pytest

from agentsched import api
from agentsched.targets import sass

from .conftest import DATA, cli, requires_llvm
from .test_perfmodel import requires_tools

TWO = DATA / "select" / "two_kernels.cu"


def _sure_model(path: Path) -> Path:
    """A model sure that every changed kernel is 1.5x faster (constant trees)."""
    path.write_text(json.dumps({
        "format": "agentsched-perfmodel/1", "features": ["d_registers"],
        **{k: {"bias": math.log(v), "trees": []}
           for k, v in (("mean", 1.5), ("lo", 1.4), ("hi", 1.6))}}))
    return path


def _code(cubin: bytes) -> dict[str, bytes]:
    return {f.name: f.code for f in sass.read_cubin(cubin).functions}


@requires_tools
def test_whole_module_is_chosen_per_kernel_with_each_kernels_figure(tmp_path):
    out, js = tmp_path / "m.cubin", tmp_path / "m.json"
    r = cli("compile", str(TWO), "-t", "sm_90", "-o", str(out), "--select", "--json", str(js))
    assert r.returncode == 0, r.stderr
    d = json.loads(js.read_text())
    per = {k["kernel"]: k for k in d["selection"]["kernels"]}
    assert set(per) == {"gemm", "copy"}
    assert {k["name"]: k["chosen"] for k in d["kernels"]} == {"gemm": "llvm", "copy": "llvm"}
    # the policy leaves copy's code alone: exactly LLVM's, whatever gemm's prediction is
    assert per["copy"]["predicted"]["policy"] == {"speedup": 1.0, "lo": 1.0, "hi": 1.0,
                                                 "sure": False}
    # each kernel's figure is the one --entry gives for it
    e = tmp_path / "gemm.json"
    assert cli("compile", str(TWO), "-e", "gemm", "-t", "sm_90", "-o", str(tmp_path / "g.cubin"),
               "--select", "--json", str(e)).returncode == 0
    [_, pol] = json.loads(e.read_text())["selection"]["candidates"]
    assert per["gemm"]["predicted"]["policy"] == pol["predicted"]
    assert "gemm" in r.stdout and "copy" in r.stdout and "Traceback" not in r.stderr


@requires_tools
def test_sure_kernel_alone_takes_the_policy(tmp_path):
    model = _sure_model(tmp_path / "sure.json")
    result, sel = api.select(str(TWO), "sm_90", model=model, gpu="never",
                             output=tmp_path / "sel.cubin")
    per = {k["kernel"]: k for k in sel["kernels"]}
    assert per["gemm"]["chosen"] == "policy" and per["copy"]["chosen"] == "llvm"
    assert sel["chosen"] == "policy" and "1 of 2 kernels" in sel["reason"]
    llvm = api.compile(str(TWO), "sm_90", output=tmp_path / "llvm.cubin")
    from agentsched.targets.perfmodel import DEFAULT_MODEL
    pol = api.compile(str(TWO), "sm_90", agent=f"policy:{DEFAULT_MODEL.parent / 'sm_90.json'}",
                      output=tmp_path / "pol.cubin")
    got, want_llvm, want_pol = (_code(p.read_bytes()) for p in
                                (tmp_path / "sel.cubin", tmp_path / "llvm.cubin",
                                 tmp_path / "pol.cubin"))
    assert got["gemm"] == want_pol["gemm"] != want_llvm["gemm"]
    assert got["copy"] == want_llvm["copy"]
    assert llvm.entry is None and pol.entry is None


@requires_llvm
@pytest.mark.parametrize("target", ["gfx942"])
def test_whole_module_per_kernel_on_amd(target, tmp_path):
    _, sel = api.select(str(TWO.with_suffix(".hip")), target, gpu="never",
                        output=tmp_path / "m.s")
    assert {k["kernel"] for k in sel["kernels"]} == {"gemm", "copy"}
    assert all(k["chosen"] in ("llvm", "policy") and k["reason"] for k in sel["kernels"])
    assert not any("give --entry" in k["reason"] for k in sel["kernels"])  # no GPU check on AMD


@requires_tools
def test_module_search_skips_a_kernel_with_nothing_to_search(tmp_path):
    # thrust's remove_if module: cub's EmptyKernel stopped the whole search (exit 2), and the
    # per-kernel summary of a 400-character template instance could not be written
    src = DATA / "select" / "module_empty.cu"
    js = tmp_path / "s.json"
    r = cli("search", str(src), "-t", "sm_90", "--objective", "vgpr", "--budget", "4",
            "--method", "evolve", "--population", "2", "--json", str(js))
    assert r.returncode == 0, r.stderr[-2000:]
    d = json.loads(js.read_text())
    assert list(d["skipped"]) == ["empty"] and "nothing to search" in d["skipped"]["empty"]
    [k] = d["kernels"]
    assert k["entry"].startswith("scale<") and len(k["entry"]) > 255
    assert k["budget"] == 4  # the skipped kernel's share went to the other
    assert "empty: not searched" in r.stdout
    per = [p for p in tmp_path.iterdir() if p.name.startswith("s.") and p.name != "s.json"]
    assert per and all(len(p.name) < 255 for p in per)
    only = tmp_path / "e.json"
    r = cli("search", str(src), "-e", "empty", "-t", "sm_90", "--objective", "vgpr",
            "--budget", "2", "--json", str(only))
    assert r.returncode != 0 and "nothing to search" in r.stderr and "Traceback" not in r.stderr
