"""The tuned-schedule database with the real llc-19 and plugin (docs/db.md): a db written
from a schedule's decisions reproduces its compile byte for byte; an edit to one part of a
two-region kernel leaves the other region's decisions applied; an entry for another CPU or
LLVM is refused and said so; bad files give one clear error, in Python and in the plugin."""
import json
import os
import sqlite3
import subprocess
import sys

import pytest

from agentsched.agents import make_agent
from agentsched.core import scheduledb as sdb
from agentsched.core.protocol import read_decisions
from agentsched.llvm.compile import compile_ir, stock_asm
from agentsched.llvm.frontend import emit_ir
from agentsched.llvm.llc import llc_command
from agentsched.llvm.tuned import schedule_summary, store_decisions
from agentsched.searches.run import run_search
from agentsched.targets import parse_target

from .conftest import requires_llvm

pytestmark = requires_llvm

# Two regions: the first block (part_a, its store, the branch) and the second (part_b's).
SOURCE = """#include "agentsched_gpu.h"
__device__ inline float part_a(const float *a, int i) {
  float x0 = a[i], x1 = a[i + 32], x2 = a[i + 64], x3 = a[i + 96];
  float y0 = x0 * x1 + 3.0f, y1 = x2 * x3 + 5.0f, y2 = x0 * x3 - x1, y3 = x1 * x2 + x0;
  return (y0 * y1 + y2 * y3) * (y0 - y3) + y1 * y2;
}
__device__ inline float part_b(const float *b, int i) {
  float x0 = b[i], x1 = b[i + 16], x2 = b[i + 48], x3 = b[i + 80];
  float y0 = x0 + x1 * 7.0f, y1 = x2 - x3 * 2.0f, y2 = x0 * x2 + x3, y3 = x1 * x3 - x2;
  return (y0 + y1) * (y2 - y3) + y0 * y3 - y1 * y2;
}
extern "C" __global__ void two(const float *a, const float *b, float *out, int n) {
  int i = AS_TID_X + AS_BID_X * 64;
  out[i] = part_a(a, i);
  if (n > 4)
    out[i + n] = part_b(b, i);
}
"""
# An edit of part_a only: one more instruction, so every id of part_b's region shifts.
EDITED = SOURCE.replace("+ y1 * y2;\n}\n__device__ inline float part_b",
                        "+ y1 * y2 * x2;\n}\n__device__ inline float part_b")
TARGETS = ["sm_90", "gfx1100"]


def _ir(tmp_path_factory, text, t):
    d = tmp_path_factory.mktemp("src")
    (d / "two.cu").write_text(text)
    return emit_ir(d / "two.cu", parse_target(t))


@pytest.fixture(scope="module", params=TARGETS)
def tuned(request, tmp_path_factory):
    """(target, IR, a random agent's live compile of it, a db made from its decisions)."""
    t = request.param
    ir = _ir(tmp_path_factory, SOURCE, t)
    live = compile_ir(ir, t, agent=make_agent("random", seed=3))
    assert live.report["changed"] > 0
    db = tmp_path_factory.mktemp("db") / "tuned.db"
    stored = store_decisions(db, ir, t, live.decisions)
    assert stored.verified and stored.regions >= 2
    return t, ir, live, db


def test_db_reproduces_the_schedule_byte_for_byte(tuned):
    t, ir, live, db = tuned
    res = compile_ir(ir, t, db=db)
    assert res.asm == live.asm != stock_asm(ir, t)
    tu = res.report["tuned"]
    assert tu["applied"] == res.report["regions"] and tu["stale"] == tu["absent"] == 0
    assert schedule_summary(res.report)["schedule"] == "tuned"
    # the db is the first source: a policy or agent given too changes nothing it covers
    again = compile_ir(ir, t, db=db, agent=make_agent("random", seed=99))
    assert again.asm == live.asm


def test_an_edit_leaves_the_other_regions_decisions_applied(tuned, tmp_path_factory):
    t, ir, live, db = tuned
    edited = _ir(tmp_path_factory, EDITED, t)
    res = compile_ir(edited, t, db=db)
    (fn,) = res.report["tuned"]["functions"]
    by_status = {}
    for r in fn["regions"]:
        by_status.setdefault(r["status"], []).append(r)
    # part_b's region is the one whose hash did not change: its decisions all followed
    assert len(by_status.get("applied", [])) >= 1 and len(by_status.get("absent", [])) >= 1
    assert "stale" not in by_status
    assert all(r["applied"] == r["decisions"] for r in by_status["applied"])
    assert fn["unused_entries"] == len(by_status["absent"])  # the old part_a entries
    s = schedule_summary(res.report)
    assert s["schedule"].startswith("partly tuned (") and "not in the db" in s["why"]
    # the edited kernel without the db schedules part_b as LLVM does, not as the db does
    assert res.asm != compile_ir(edited, t).asm


def _set_kernel_field(src, dst, field, value):
    dst.write_bytes(src.read_bytes())
    con = sqlite3.connect(dst)
    con.execute(f"UPDATE kernels SET {field} = ?", (value,))
    con.commit()
    con.close()


@pytest.mark.parametrize("field,value", [("cpu", "sm_80"), ("llvm", "18.1.8"),
                                         ("base", "generic")])
def test_an_entry_for_another_cpu_or_llvm_is_refused_and_said_so(tuned, tmp_path, field,
                                                                 value):
    t, ir, live, db = tuned
    other = tmp_path / "other.db"
    _set_kernel_field(db, other, field, value)
    res = compile_ir(ir, t, db=other)
    assert res.asm == compile_ir(ir, t).asm  # nothing applied
    (fn,) = res.report["tuned"]["functions"]
    assert fn["refused"].startswith(f"made for {field} '{value}'")
    assert res.report["tuned"]["refused"] == res.report["regions"]
    assert res.report["tuned"]["applied"] == 0
    s = schedule_summary(res.report)
    assert s["schedule"] == "LLVM's" and f"entry refused: made for {field}" in s["why"]


def test_a_db_for_another_target_is_refused(tuned, tmp_path_factory):
    t, ir, live, db = tuned
    other = "gfx1100" if t == "sm_90" else "sm_90"
    res = compile_ir(_ir(tmp_path_factory, SOURCE, other), other, db=db)
    (fn,) = res.report["tuned"]["functions"]
    assert fn["refused"] and res.report["tuned"]["applied"] == 0


def _bad_files(tmp_path, good):
    (tmp_path / "text.db").write_text("not a database\n")
    (tmp_path / "empty.db").write_bytes(b"")
    data = good.read_bytes()
    (tmp_path / "truncated.db").write_bytes(data[:len(data) // 2])
    con = sqlite3.connect(tmp_path / "schema.db")
    con.execute("CREATE TABLE results (x)")
    con.commit()
    con.close()
    _set_meta(good, tmp_path / "v2.db", "schema", "2")
    (tmp_path / "dir.db").mkdir()
    return {"text.db": "not an SQLite database", "empty.db": "not an SQLite database",
            "truncated.db": "damaged or truncated", "schema.db": "not a tuned-schedule db",
            "v2.db": "schema 2", "dir.db": "not a regular file"}


def _set_meta(src, dst, key, value):
    dst.write_bytes(src.read_bytes())
    con = sqlite3.connect(dst)
    con.execute("UPDATE meta SET value = ? WHERE key = ?", (value, key))
    con.commit()
    con.close()


def test_bad_db_files_give_one_clear_error(tuned, tmp_path):
    t, ir, live, db = tuned
    if t != "sm_90":
        pytest.skip("the files' checks do not depend on the target")
    for name, phrase in _bad_files(tmp_path, db).items():
        path = tmp_path / name
        with pytest.raises(sdb.ScheduleDBError) as e:  # Python, before llc sees it
            compile_ir(ir, t, db=path)
        assert str(path) in str(e.value) and phrase in str(e.value)
        # the plugin on its own: one line naming the file, exit 1, no output file
        out = tmp_path / f"{name}.s"
        cmd = llc_command(ir, parse_target(t), out, db=path)
        p = subprocess.run(cmd, capture_output=True, text=True)
        assert p.returncode == 1 and not out.exists(), (name, p.stderr)
        (line,) = [ln for ln in p.stderr.splitlines() if "agent-sched" in ln]
        assert str(path) in line and phrase in line, (name, line)


def test_bad_decisions_in_a_region_row_name_the_kernel_and_region(tuned, tmp_path):
    t, ir, live, db = tuned
    if t != "sm_90":
        pytest.skip("the files' checks do not depend on the target")
    bad = tmp_path / "bad.db"
    bad.write_bytes(db.read_bytes())
    con = sqlite3.connect(bad)
    con.execute("UPDATE regions SET decisions = '[[0, 0, 99999, \"t\"]]'")
    con.commit()
    con.close()
    with pytest.raises(sdb.ScheduleDBError, match=r"kernel 'two' region [0-9a-f]{16}"):
        sdb.read_db(bad)
    cmd = llc_command(ir, parse_target(t), tmp_path / "o.s", db=bad)
    p = subprocess.run(cmd, capture_output=True, text=True)
    assert p.returncode == 1 and "kernel 'two' region" in p.stderr


def test_without_a_db_the_output_is_stock(tuned):
    t, ir, live, db = tuned
    assert compile_ir(ir, t).asm == stock_asm(ir, t)
    assert "tuned" not in compile_ir(ir, t).report


def test_search_db_stores_the_confirmed_winner(tmp_path):
    """search --db: the winner (here of a fake time objective that prefers later schedules)
    goes into the db, checked against its strict replay; the db alone reproduces it."""
    t = "sm_90"
    src = tmp_path / "two.cu"
    src.write_text(SOURCE)
    calls = []

    def later_is_faster(decisions):
        calls.append(1)
        return 1.0 - 0.01 * len(calls)

    db = tmp_path / "tuned.db"
    rep = run_search(str(src), t, objective="time", budget=6, method="evolve", population=2,
                     workers=1, time_fn=later_is_faster, json_out=tmp_path / "s.json", db=db)
    assert rep.improved and rep.best["db"]["stored"], rep.best["db"]
    replay = compile_ir(rep.ir, t, decisions=read_decisions(rep.decisions_file))
    assert compile_ir(rep.ir, t, db=db).asm == replay.asm
    (k,) = sdb.read_db(db)
    assert k.symbol == "two" and k.provenance["objective"] == "time"
    assert k.provenance["speedup"] is None or k.provenance["speedup"] > 0


def _cli(*args, cwd=None):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    return subprocess.run([sys.executable, "-m", "agentsched.cli", *args], capture_output=True,
                          text=True, env=env, cwd=cwd)


def test_db_commands_show_check_add_merge(tuned, tmp_path):
    t, ir, live, db = tuned
    if t != "sm_90":
        pytest.skip("one target is enough for the commands")
    p = _cli("db", "show", str(db), "--json")
    assert p.returncode == 0, p.stderr
    (row,) = json.loads(p.stdout)
    assert row["symbol"] == "two" and row["regions"] >= 2
    p = _cli("db", "check", str(db), str(ir), "-t", t, "--json")
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["kernels"][0]["schedule"] == "tuned"
    old = tmp_path / "old.db"
    _set_kernel_field(db, old, "llvm", "18.1.8")
    p = _cli("db", "check", str(old), "--json")
    assert p.returncode == 1 and "made with LLVM 18.1.8" in p.stdout
    merged = tmp_path / "merged.db"
    p = _cli("db", "merge", str(merged), str(db), str(old))
    assert p.returncode == 0 and "2 added" in p.stdout, p.stdout + p.stderr
    assert len(sdb.read_db(merged)) == 2
    p = _cli("db", "check", str(tmp_path / "nothing.db"))
    assert p.returncode == 1 and "nothing.db" in p.stderr and p.stderr.count("\n") == 1
    # compile --db: the summary says what was applied
    p = _cli("compile", str(ir), "-t", t, "-o", str(tmp_path / "o.ptx"), "--db", str(db),
             "--json", "-")
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["schedule"] == "tuned"
