"""Heuristic agents, experiment rows with real compiles, the store's resume, reproduce."""
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time

import pytest

from agentsched.agents import make_agent
from agentsched.core.protocol import Candidate, DecisionPoint
from agentsched.experiments.experiment import run_experiment
from agentsched.experiments.store import Store
from agentsched.kernels.ref import resolve_kernel
from agentsched.targets.amdgpu import occupancy_from_vgprs

from .conftest import DATA, requires_llvm


def cand(id, zone="top", queue="available", cls="valu", latency=1, vdefs=1, load=False):
    return Candidate(id=id, zone=zone, queue=queue, node=id, opcode="X", text=f"i{id}", cls=cls,
                     latency=latency, depth=0, height=0, vgpr_defs=vdefs, sgpr_defs=0,
                     vgpr_uses=0, sgpr_uses=0, may_load=load, may_store=False)


def point(cands, llvm=0):
    c = cands[llvm]
    return DecisionPoint("f", 0, 0, 0, 0, len(cands), 0, len(cands), {}, {}, cands,
                         (c.id, c.zone))


def test_heuristics_choose_by_their_feature():
    cs = [cand(1, latency=2, vdefs=4), cand(2, latency=20, vdefs=2, cls="vmem_load", load=True),
          cand(3, cls="salu", vdefs=0), cand(4, latency=80, queue="pending", vdefs=0)]
    p = point(cs, llvm=0)
    assert make_agent("default").pick(p).id == 1
    assert make_agent("min_pressure").pick(p).id == 3  # fewest VGPR writes among available
    assert make_agent("max_latency").pick(p).id == 2  # pending 4 would stall
    assert make_agent("pref_load").pick(p).id == 2
    assert make_agent("pref_salu").pick(p).id == 3


def test_heuristics_fall_back_to_llvm_on_ties():
    cs = [cand(1), cand(2), cand(3)]
    p = point(cs, llvm=1)
    for name in ("min_pressure", "max_latency", "pref_load", "pref_salu"):
        assert make_agent(name).pick(p).id == 2, name


def test_random_is_seeded():
    p = point([cand(i) for i in range(10)])
    a = [make_agent("random", seed=5).pick(p).id for _ in range(3)]
    b = [make_agent("random", seed=5).pick(p).id for _ in range(3)]
    assert a == b


@requires_llvm
@pytest.mark.parametrize("target", ["gfx1100", "gfx90a"])
def test_experiment_invariants(tmp_path, target):
    k = resolve_kernel(str(DATA / "gemm_tile.cu"))
    rows = run_experiment(k, target, ["default", "random", "min_pressure"],
                          store=Store(tmp_path / "s.sqlite"))
    by = {r["agent"]: r for r in rows}
    assert by["default"]["changed"] == 0 and by["default"]["asm_diff_lines"] == 0
    assert by["random"]["changed"] > 0 and by["random"]["asm_diff_lines"] > 0
    for r in rows:
        assert r["occupancy"] == occupancy_from_vgprs(target, r["vgpr"]), r
        assert isinstance(r["reverted_regions"], int) and r["reverted_regions"] >= 0
        assert r["est_cycles"] and r["est_cycles"] > 0
        for key in ("agent", "decisions", "changed", "vgpr", "sgpr", "occupancy", "spills",
                    "scratch_bytes", "asm_diff_lines", "est_cycles", "reverted_regions",
                    "time_us"):
            assert key in r


@requires_llvm
def test_reverted_regions_are_counted():
    """On gfx1100 GCN undoes random schedules that would lower occupancy; the row says so."""
    k = resolve_kernel(str(DATA / "gemm_tile.cu"))
    rows = run_experiment(k, "gfx1100", ["random"], seed=0)
    assert rows[0]["reverted_passes"] >= rows[0]["reverted_regions"] >= 1


@requires_llvm
def test_store_resumes_after_sigkill(tmp_path):
    store = tmp_path / "store.sqlite"
    env = dict(os.environ)
    cmd = [sys.executable, "-m", "agentsched.cli", "experiment", str(DATA / "attn_tile.cu"),
           "--target", "gfx90a", "--agents",
           "default,random,min_pressure,max_latency,pref_load,pref_salu", "--store", str(store)]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 120
    while time.time() < deadline:  # kill once some rows, but not all, are in
        time.sleep(0.2)
        try:
            n = sqlite3.connect(store).execute("SELECT COUNT(*) FROM rows").fetchone()[0]
        except sqlite3.Error:
            continue
        if n >= 2:
            break
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    db = sqlite3.connect(store)
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    done_before = {r[0]: r[1] for r in db.execute("SELECT key, created FROM rows")}
    assert 2 <= len(done_before) <= 6
    db.close()
    subprocess.run(cmd, env=env, check=True, capture_output=True)
    db = sqlite3.connect(store)
    rows = {r[0]: r[1] for r in db.execute("SELECT key, created FROM rows")}
    assert len(rows) == 6
    for key, created in done_before.items():  # finished rows were not redone
        assert rows[key] == created


@requires_llvm
def test_reproduce_reduced(tmp_path):
    from agentsched.experiments.reproduce import reproduce
    out = tmp_path / "results"
    rows = reproduce(out, targets=["gfx1100"], kernels=["fused_mlp"],
                     agents=["default", "random"], store=Store(tmp_path / "s.sqlite"))
    assert len(rows) == 2
    page = (out / "README.md").read_text()
    assert "fused_mlp" in page and "Seed" in page and "gfx1100" in page
    assert json.loads((out / "results.json").read_text())[0]["agent"] == "default"
    assert (out / "results.csv").read_text().startswith("kernel,target,agent")
    for png in ("vgpr.png", "est_cycles.png"):
        assert (out / png).read_bytes()[:4] == b"\x89PNG"


def _cli(*args):
    return subprocess.run([sys.executable, "-m", "agentsched.cli", *args], capture_output=True,
                          text=True)


@requires_llvm
def test_experiment_time_needs_a_spec(tmp_path):
    p = _cli("experiment", str(DATA / "gemm_tile.cu"), "--agents", "default", "--time",
             "--store", str(tmp_path / "s.sqlite"))
    assert p.returncode == 1 and "needs a kernel spec" in p.stderr
    assert "Traceback" not in p.stderr


@requires_llvm
def test_experiment_time_without_gpu_fails_clearly(tmp_path):
    try:
        from agentsched.runtime import get_runtime
        get_runtime("cuda")
        pytest.skip("a CUDA GPU is present")
    except Exception:
        pass
    p = _cli("experiment", "fused_mlp", "--target", "sm_90", "--agents", "default", "--time",
             "--store", str(tmp_path / "s.sqlite"))
    assert p.returncode == 1 and "error:" in p.stderr and "Traceback" not in p.stderr
