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


# ---------------------------------------------------------------- kernels in the store

def two_kernel_file(path, extra: str = ""):
    """A file holding two kernels (the project's own header: no SDK needed)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text((DATA / "softmax_rows.cu").read_text() + (DATA / "gemm_tile.cu").read_text()
                    + extra)
    return path


@requires_llvm
def test_two_kernels_of_a_file_and_two_files_of_one_name_are_kept_apart(tmp_path):
    """Rows are keyed by the kernel (file content + entry + build): the two kernels of one file
    and the same-named kernel of another main.cu are three kernels in the store, `show` lists
    their entry and build and filters by kernel, file and entry."""
    from .conftest import cli
    x = two_kernel_file(tmp_path / "x" / "k" / "main.cu")
    y = two_kernel_file(tmp_path / "y" / "k" / "main.cu", "\n// another file\n")
    store = tmp_path / "s.sqlite"
    for src, entry in ((x, "gemm"), (x, "softmax_rows"), (y, "gemm")):
        r = cli("experiment", str(src), "--entry", entry, "-t", "gfx1100", "-D", "UNUSED=1",
                "--agents", "default,min_pressure", "--store", str(store))
        assert r.returncode == 0, r.stderr
    db = sqlite3.connect(store)
    keys = db.execute("SELECT DISTINCT kernel_key FROM rows").fetchall()
    assert len(keys) == 3 and db.execute("SELECT COUNT(*) FROM rows").fetchone()[0] == 6
    db.close()

    def show(*args):
        r = cli("show", "--store", str(store), "--format", "csv", *args)
        assert r.returncode == 0, r.stderr
        lines = r.stdout.splitlines()
        return [dict(zip(lines[0].split(","), ln.split(","))) for ln in lines[1:]]
    rows = show()
    assert {(r["kernel"], r["entry"]) for r in rows} == {
        ("k/main.cu:gemm", "gemm"), ("k/main.cu:softmax_rows", "softmax_rows")}
    assert {r["build"] for r in rows} == {"-DUNUSED=1"}
    assert len(show("--entry", "gemm")) == 4  # both files' gemm
    assert len(show("--kernel", "main.cu", "--entry", "softmax_rows")) == 2
    assert len(show("--kernel", "k/main.cu:gemm")) == 4
    assert len(show("--kernel", keys[0][0][:10])) == 2  # one kernel by its key
    table = cli("show", "--store", str(store), "--entry", "softmax_rows").stdout
    assert "entry" in table and "VGPRs" in table and "waves/SIMD" in table


SCHEMA_1 = """
CREATE TABLE rows (key TEXT PRIMARY KEY, kernel TEXT NOT NULL, source_hash TEXT NOT NULL,
  target TEXT NOT NULL, agent TEXT NOT NULL, decisions_hash TEXT NOT NULL,
  tool_versions TEXT NOT NULL, row TEXT NOT NULL, created REAL NOT NULL);
"""


@requires_llvm
def test_a_schema_1_store_is_migrated_and_its_rows_taken_over_not_recompiled(tmp_path):
    """A store from before kernels had keys: opened, it gets the new columns; its rows stay
    readable under their old names; an experiment of the same IR, target, agent and tools
    takes each row over (re-keyed to the kernel, its name and source written in) instead of
    compiling it again."""
    from agentsched.experiments.store import legacy_row_key
    src = DATA / "attn_tile.cu"
    path = tmp_path / "old.sqlite"
    new = Store(path)
    try:
        made = run_experiment(resolve_kernel(src), "gfx90a", ["default", "pref_salu"], store=new)
    finally:
        new.close()
    # turn it into what the old code wrote: old keys, old columns, old row fields
    db = sqlite3.connect(path)
    old_rows = db.execute("SELECT source_hash, target, agent, decisions_hash, tool_versions, "
                          "row, created FROM rows").fetchall()
    db.executescript("DROP TABLE rows;" + SCHEMA_1 + "PRAGMA user_version = 0;")
    for sh, target, agent, dh, tools, row, created in old_rows:
        r = json.loads(row)
        for k in ("kernel_key", "source", "build_options", "entry_name", "lang"):
            r.pop(k, None)
        r["kernel"] = "attn_tile"
        db.execute("INSERT INTO rows VALUES (?,?,?,?,?,?,?,?,?)",
                   (legacy_row_key(sh, target, agent, tools), "attn_tile", sh, target, agent,
                    dh, tools, json.dumps(r), created))
    db.commit()
    db.close()

    store = Store(path)
    try:
        assert store.db.execute("PRAGMA user_version").fetchone()[0] == 2
        assert [r["agent"] for r in store.rows(kernel="attn_tile")] == ["default", "pref_salu"]
        again = run_experiment(resolve_kernel(src), "gfx90a", ["default", "pref_salu"],
                               store=store)
        got = store.db.execute("SELECT kernel, kernel_key, created FROM rows "
                               "ORDER BY created").fetchall()
    finally:
        store.close()
    assert [r["vgpr"] for r in again] == [r["vgpr"] for r in made]
    assert [r["decisions_hash"] for r in again] == [r["decisions_hash"] for r in made]
    assert len(got) == 2  # taken over, not added
    assert [c for _, _, c in got] == sorted(c for *_, c in old_rows)  # not recompiled
    ref = resolve_kernel(src)
    assert {(k, kk) for k, kk, _ in got} == {(ref.name, ref.key)}
    assert all(r["source"] == str(src) and r["kernel_key"] == ref.key for r in again)
