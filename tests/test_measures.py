"""Right answers (issue 11, items 7, 8, 10, 12, 17): IR for another GPU is refused; every
objective is measured or refused; NVIDIA occupancy by CUDA's rules; cache keys name the
plugin and ptxas; timings keep their GPU; bundles are verified before anything runs."""
import json
import subprocess

import pytest

from agentsched.llvm.compile import compile_ir
from agentsched.llvm.frontend import emit_ir
from agentsched.llvm.metrics import measurement_identity, static_metrics
from agentsched.runtime import bundle as bundle_mod
from agentsched.searches.cache import cache_key
from agentsched.searches.objectives import ObjectiveError, check_measurable
from agentsched.targets import Launch, StaticMetrics, parse_target
from agentsched.targets.amdgpu import kernel_body
from agentsched.targets.amdgpu import kernel_metrics as amdgpu_metrics
from agentsched.targets.nvptx import cuda_occupancy, ptx_block_threads
from agentsched.tools.programs import find_ptxas

from .conftest import DATA, cli, requires_llvm
from .test_runtime import SPEC_FILE_TEXT, _make_bundle

LOOP_FREE = """#include "agentsched_gpu.h"
extern "C" __global__ void axpy(float *y, const float *x, float a, int n) {
  int i = AS_BID_X * 256 + AS_TID_X;
  if (i < n) y[i] = a * x[i] + y[i] * y[i] + x[i] * a * a;
}
"""
requires_ptxas = pytest.mark.skipif(find_ptxas() is None, reason="no ptxas (make setup "
                                    "installs NVIDIA's nvidia-cuda-nvcc-cu12 wheel)")


# ---------------------------------------------------------------- item 7: IR for another GPU

@requires_llvm
@pytest.mark.parametrize("kind", [".ll", ".bc"])
@pytest.mark.parametrize("made_for,asked", [("gfx942", "gfx1100"), ("sm_80", "sm_90")])
def test_ir_for_another_gpu_is_refused_naming_both(tmp_path, kind, made_for, asked):
    ir = emit_ir(DATA / "gemm_tile.cu", parse_target(made_for))
    path = tmp_path / f"k{kind}"
    if kind == ".ll":
        path.write_text(ir.read_text())
    else:
        subprocess.run(["llvm-as-19", str(ir), "-o", str(path)], check=True)
    r = cli("compile", str(path), "-t", asked, "-o", str(tmp_path / "out.s"))
    assert r.returncode == 1, r.stderr
    assert made_for in r.stderr and asked in r.stderr and "Traceback" not in r.stderr
    assert not (tmp_path / "out.s").exists()
    r = cli("compile", str(path), "-t", made_for, "-o", str(tmp_path / "out.s"))
    assert r.returncode == 0, r.stderr


@requires_llvm
def test_ir_without_target_cpu_is_fine(tmp_path):
    ir = emit_ir(DATA / "gemm_tile.cu", parse_target("gfx1100")).read_text()
    plain = tmp_path / "plain.ll"
    plain.write_text(ir.replace('"target-cpu"="gfx1100"', ""))
    assert '"target-cpu"' not in plain.read_text()
    r = cli("compile", str(plain), "-t", "gfx1100", "-o", str(tmp_path / "k.s"), "--json",
            str(tmp_path / "k.json"))
    assert r.returncode == 0, r.stderr
    assert json.loads((tmp_path / "k.json").read_text())["decisions"] > 0


# ---------------------------------------------------------------- item 8: objectives

@pytest.mark.parametrize("arch,regs,threads,smem,dyn,warps", [
    # hand-computed with cuda_occupancy.h's rules (see metrics.cuda_occupancy):
    ("sm_90", 128, 256, 0, 0, 16),   # 4096 regs/warp: 4 warps per sub-partition, 2 blocks
    ("sm_90", 137, 256, 0, 0, 8),    # 4608 regs/warp: 3 per sub-partition, 12 warps, 1 block
    ("sm_86", 64, 128, 40960, 0, 8),  # smem: (40 KB + 1 KB reserved) twice in 100 KB
    ("sm_80", 32, 1024, 0, 0, 64),   # warps: two 32-warp blocks fill the SM
    ("sm_80", 255, 1024, 0, 0, 0),   # 8192 regs/warp x 32 warps > 65536 per block
    ("sm_89", 16, 32, 0, 0, 24),     # blocks: at most 24 resident blocks of one warp
    ("sm_90", 32, 128, 1024, 48 * 1024, 16),  # 50 KB + 1 KB per block: 4 in 228 KB
])
def test_cuda_occupancy_matches_hand_computed_cases(arch, regs, threads, smem, dyn, warps):
    assert cuda_occupancy(arch, regs, threads, smem, dyn) == warps


def test_cuda_occupancy_without_a_table_is_unknown():
    assert cuda_occupancy("sm_75", 32, 256) is None


def test_ptx_block_size_from_reqntid_or_maxntid():
    assert ptx_block_threads(".entry k()\n.reqntid 128, 2, 1\n{") == 256
    assert ptx_block_threads(".entry k()\n.maxntid 256, 1, 1\n{") == 256
    assert ptx_block_threads(".entry k()\n{") is None


def test_amdgpu_fields_without_a_kernel_are_none_and_lds_is_read():
    assert amdgpu_metrics("").spills is None
    m = amdgpu_metrics("; Kernel info:\n; NumVgprs: 8\n; LDSByteSize: 4096 bytes/workgroup\n"
                       "    .vgpr_spill_count: 0\n")
    assert (m.spills, m.shared_bytes) == (0, 4096)


def test_kernel_body_is_the_straight_line_path():
    asm = ("\t.text\n\t.globl k\nk:                ; @k\n\ts_load_b64 s[2:3], s[0:1], 0x10\n"
           "\ts_cbranch_execz .LBB0_2\n; %bb.1:\n\tv_add_f32 v0, v1, v2 ; note\n.LBB0_2:\n"
           "\ts_endpgm\n.Lfunc_end0:\n\t.size k, .Lfunc_end0-k\nother:\n\tv_mov_b32 v9, 0\n")
    assert kernel_body(asm) == ["s_load_b64 s[2:3], s[0:1], 0x10", "v_add_f32 v0, v1, v2"]


@requires_llvm
def test_loop_free_kernels_get_a_cycle_estimate_and_cycles_search_uses_it(tmp_path):
    src = tmp_path / "axpy.cu"
    src.write_text(LOOP_FREE)
    t = parse_target("gfx1100")
    res = compile_ir(emit_ir(src, t), t)
    cycles = static_metrics(res.asm, t).est_cycles
    assert cycles is not None and cycles > 0
    r = cli("search", str(src), "-t", "gfx1100", "--objective", "cycles", "--budget", "4",
            "--json", str(tmp_path / "s.json"))
    assert r.returncode == 0, r.stderr
    out = json.loads((tmp_path / "s.json").read_text())
    assert out["default"]["cost"][0] == out["default"]["metrics"]["est_cycles"] == cycles


@requires_llvm
def test_cycles_on_nvptx_is_refused_before_searching(tmp_path):
    r = cli("search", str(DATA / "gemm_tile.cu"), "-t", "sm_90", "--objective", "cycles",
            "--budget", "4", "--json", str(tmp_path / "s.json"))
    assert r.returncode == 2 and "no scheduling model for NVPTX" in r.stderr, r.stderr
    assert list(tmp_path.iterdir()) == []


@requires_llvm
@requires_ptxas
def test_nvptx_occupancy_needs_a_block_size(tmp_path):
    r = cli("search", str(DATA / "gemm_tile.cu"), "-t", "sm_90", "--objective", "occupancy",
            "--budget", "4", "--json", str(tmp_path / "s.json"))
    assert r.returncode == 2 and "block size" in r.stderr, r.stderr
    r = cli("search", "gemm8x8", "-t", "sm_90", "--objective", "occupancy", "--budget", "3",
            "--json", str(tmp_path / "s.json"))
    assert r.returncode == 0, r.stderr
    m = json.loads((tmp_path / "s.json").read_text())["default"]["metrics"]
    assert m["occupancy"] == cuda_occupancy("sm_90", m["vgpr"], 256, m["shared_bytes"])


def test_objectives_needing_ptxas_are_refused_without_it(monkeypatch):
    from agentsched.targets import nvptx
    monkeypatch.setattr(nvptx, "find_ptxas", lambda: None)
    for objective in ("vgpr", "occupancy", "spills"):
        with pytest.raises(ObjectiveError, match="ptxas"):
            check_measurable(objective, parse_target("sm_90"))
    check_measurable("time", parse_target("sm_90"))
    check_measurable("cycles", parse_target("gfx1100"))


@requires_llvm
@requires_ptxas
def test_nvptx_metrics_name_spills_like_amdgpu():
    t = parse_target("sm_90")
    res = compile_ir(emit_ir(DATA / "gemm_tile.cu", t), t)
    m = static_metrics(res.asm, t, launch=Launch(256))
    assert m.vgpr and m.spills == -(-0 // 4) and m.spill_bytes == 0 and m.est_cycles is None
    assert m.occupancy == cuda_occupancy("sm_90", m.vgpr, 256, m.shared_bytes)
    assert set(StaticMetrics().as_dict()) >= {"spills", "spill_bytes", "shared_bytes"}


# ---------------------------------------------------------------- item 12: keys and timings

@requires_llvm
def test_cache_keys_name_the_plugin_build_and_ptxas(monkeypatch):
    import agentsched.targets.nvptx as nvptx
    import agentsched.tools.plugin as plugin
    t = parse_target("sm_90")
    k1 = cache_key(b"ir", "sm_90", "target", [])
    ident = measurement_identity(t)
    monkeypatch.setattr(plugin, "plugin_digest", lambda: "another-build")
    assert cache_key(b"ir", "sm_90", "target", []) != k1
    assert measurement_identity(t) != ident
    monkeypatch.undo()
    monkeypatch.setattr(nvptx, "ptxas_version", lambda: "release 99.0")
    assert cache_key(b"ir", "sm_90", "target", []) != k1
    assert cache_key(b"ir", "gfx1100", "target", []) == \
        cache_key(b"ir", "gfx1100", "target", [])
    assert cache_key(b"ir", "sm_90", "target", [], Launch(128)) != \
        cache_key(b"ir", "sm_90", "target", [], Launch(256))


@requires_llvm
def test_store_rows_are_redone_after_a_plugin_change(tmp_path, monkeypatch):
    import agentsched.experiments.experiment as experiment
    import agentsched.tools.plugin as plugin
    from agentsched.experiments.store import Store
    from agentsched.kernels.ref import resolve_kernel
    compiles = []
    real_compile = experiment.compile_ir
    monkeypatch.setattr(experiment, "compile_ir",
                        lambda *a, **k: compiles.append(1) or real_compile(*a, **k))
    store = Store(tmp_path / "s.sqlite")
    k = resolve_kernel(str(DATA / "softmax_rows.cu"))
    run_row = experiment.run_row
    first = run_row(k, "gfx1100", "min_pressure", store=store)
    assert len(compiles) == 1  # computed
    assert run_row(k, "gfx1100", "min_pressure", store=store) == first  # reused
    assert len(compiles) == 1
    monkeypatch.setattr(plugin, "plugin_digest", lambda: "fixed-plugin")
    run_row(k, "gfx1100", "min_pressure", store=store)
    assert len(compiles) == 2  # redone
    store.close()


@requires_llvm
def test_merged_timings_keep_the_gpu_and_the_baselines_own_row(tmp_path):
    from agentsched.experiments.bundles import merge_timings
    d = tmp_path / "b"
    r = cli("bundle", "fused_mlp", "-t", "gfx1100", "--agents", "default,min_pressure",
            "-o", str(d))
    assert r.returncode == 0, r.stderr
    man = json.loads((d / "manifest.json").read_text())
    variants = {v["name"]: {"median_us": 10.0 + i, "ok": True}
                for i, v in enumerate(man["variants"])}
    variants["default#2"] = {"median_us": 99.0, "ok": True, "aa_copy_of": "default"}
    (d / "results.json").write_text(json.dumps({"variants": variants,
                                                "device": {"gpu": "NVIDIA H200"}}))
    store = tmp_path / "s.sqlite"
    assert merge_timings(d, store) == 2
    import sqlite3
    rows = sqlite3.connect(store).execute("SELECT gpu, result FROM timings").fetchall()
    assert {g for g, _ in rows} == {"NVIDIA H200"}
    assert sorted(json.loads(res)["median_us"] for _, res in rows) == [10.0, 11.0]


# ---------------------------------------------------------------- item 10: reproduce

@requires_llvm
def test_reproduce_never_adds_the_llm_unasked(tmp_path):
    import os

    from .fake_openai import FakeOpenAI
    server = FakeOpenAI().start()
    try:
        env = {**os.environ, "AGENTSCHED_LLM_API_KEY": "sk-test", "DEEPSEEK_API_KEY": "sk-t",
               "AGENTSCHED_LLM_BASE_URL": server.url}
        r = subprocess.run([*cli_cmd(), "reproduce", "--out", str(tmp_path / "res"),
                            "--targets", "gfx1100", "--kernels", "fused_mlp", "--agents",
                            "default", "--store", str(tmp_path / "s.sqlite")],
                           capture_output=True, text=True, env=env)
        assert r.returncode == 0, r.stderr
        rows = json.loads((tmp_path / "res" / "results.json").read_text())
        assert [row["agent"] for row in rows] == ["default"]
        assert server.requests == []
    finally:
        server.stop()


def cli_cmd():
    import sys
    return [sys.executable, "-m", "agentsched.cli"]


# ---------------------------------------------------------------- item 17: bundles

MARKER_SPEC = SPEC_FILE_TEXT + "\nimport pathlib\npathlib.Path(__file__).with_name('RAN').touch()\n"


def test_bundle_manifest_records_every_files_sha256(tmp_path):
    d = tmp_path / "b"
    _make_bundle(d)
    m = json.loads((d / "manifest.json").read_text())
    assert set(m["files"]) == {"spec.py", "default.ptx", "fast.ptx", "bad.ptx",
                               "fast.decisions.jsonl"}
    import hashlib
    assert m["files"]["spec.py"] == hashlib.sha256((d / "spec.py").read_bytes()).hexdigest()


@pytest.mark.parametrize("tampered", ["spec.py", "fast.ptx", "fast.decisions.jsonl"])
def test_a_changed_bundle_is_refused_before_anything_runs(tmp_path, tampered, capsys):
    d = tmp_path / "b"
    m = _make_bundle(d)
    (d / "spec.py").write_text(MARKER_SPEC)
    bundle_mod.write_manifest(d, m)  # the bundle as made: its spec marks when it runs
    assert bundle_mod.load_bundle(d).spec().name == "saxpy" and (d / "RAN").exists()
    (d / "RAN").unlink()
    with open(d / tampered, "a") as f:
        f.write("\n# changed\n")
    for cmd in ("time", "check", "show"):
        assert bundle_mod.main([cmd, str(d)]) == 2
        err = capsys.readouterr().err
        assert tampered in err and "changed after the bundle was made" in err
    assert not (d / "RAN").exists()  # spec.py never ran


def test_a_bundle_without_hashes_is_refused(tmp_path):
    d = tmp_path / "b"
    _make_bundle(d)
    m = json.loads((d / "manifest.json").read_text())
    del m["files"]
    m["format_version"] = 1
    (d / "manifest.json").write_text(json.dumps(m))
    with pytest.raises(bundle_mod.BundleError, match="files: missing"):
        bundle_mod.load_bundle(d)
