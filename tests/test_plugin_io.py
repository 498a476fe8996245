"""The plugin's files and inputs: the state log and report appear whole or not at all (no
shared temp names, no followed symlinks, special files streamed, nothing from a failed or
interrupted run), decision files are checked to the last field, both state-log formats read
back the same points, the vtable copies match LLVM's real tables, and a damaged cached plugin
is rebuilt."""
import json
import os
import signal
import subprocess
import threading
from pathlib import Path

import pytest

from agentsched.agents import Agent, make_agent
from agentsched.core.protocol import (
    Decision,
    ProtocolError,
    check_decisions,
    decisions_text,
    parse_decision,
    read_states,
)
from agentsched.llvm.compile import compile_ir
from agentsched.llvm.frontend import emit_ir
from agentsched.llvm.llc import llc_command
from agentsched.targets import parse_target
from agentsched.tools.plugin import plugin_path
from agentsched.tools.programs import ToolFailed

from .conftest import DATA, requires_llvm

pytestmark = requires_llvm


def ir_for(kernel, target):
    t = parse_target(target)
    return emit_ir(DATA / kernel, t), t


def leftovers(d: Path) -> list[str]:
    return sorted(p.name for p in d.iterdir() if ".agentsched-" in p.name or
                  p.name.endswith(".tmp"))


def raw_llc(ir, t, tmp_path, *options, **kw):
    cmd = [*llc_command(ir, t, tmp_path / "out.s"), *options]
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


# ---------------------------------------------------------------- outputs


def test_planted_symlink_at_the_old_temp_name_is_not_followed(tmp_path):
    ir, t = ir_for("gemm_tile.cu", "gfx1100")
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    log = tmp_path / "s.jsonl"
    (tmp_path / "s.jsonl.tmp").symlink_to(victim)
    p = raw_llc(ir, t, tmp_path, f"-agent-sched-state-log={log}")
    assert p.returncode == 0, p.stderr
    assert victim.read_text() == "precious\n"
    assert log.is_file() and not log.is_symlink() and sum(1 for _ in read_states(log)) > 0
    assert leftovers(tmp_path) == ["s.jsonl.tmp"]  # the planted link, untouched


def test_symlinked_log_is_written_through(tmp_path):
    ir, t = ir_for("gemm_tile.cu", "gfx1100")
    (tmp_path / "real").mkdir()
    target = tmp_path / "real" / "s.jsonl"
    target.write_text("old\n")
    link = tmp_path / "link.jsonl"
    link.symlink_to(target)
    compile_ir(ir, t, state_log=link)
    assert link.is_symlink() and sum(1 for _ in read_states(target)) > 0
    assert leftovers(tmp_path) == leftovers(tmp_path / "real") == []


def test_concurrent_runs_never_blend_one_log(tmp_path):
    """Two llc write the same log path at once: it ends as one run's log, whole."""
    ir, t = ir_for("attn_tile.cu", "gfx90a")
    log = tmp_path / "s.jsonl"
    alone = {}
    for fmt in ("compact", "full"):
        compile_ir(ir, t, state_log=log, full_state_log=fmt == "full")
        alone[fmt] = log.read_bytes()
    log.unlink()
    for _ in range(3):
        procs = [subprocess.Popen(
            [*llc_command(ir, t, tmp_path / f"o{i}.s", state_log=log,
                          full_state_log=fmt == "full")],
            stderr=subprocess.PIPE) for i, fmt in enumerate(("full", "compact"))]
        assert [p.wait() for p in procs] == [0, 0]
        assert log.read_bytes() in alone.values()
        assert leftovers(tmp_path) == []


def test_log_to_a_fifo_streams_and_leaves_the_fifo(tmp_path):
    ir, t = ir_for("gemm_tile.cu", "gfx1100")
    fifo = tmp_path / "log.fifo"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()), daemon=True)
    reader.start()
    p = raw_llc(ir, t, tmp_path, f"-agent-sched-state-log={fifo}", timeout=120)
    if reader.is_alive():  # nobody opened the FIFO for writing: unblock the reader
        with open(fifo, "wb"):
            pass
    reader.join(10)
    assert p.returncode == 0, p.stderr
    assert fifo.is_fifo()
    copy = tmp_path / "copy.jsonl"
    copy.write_bytes(got[0])
    assert sum(1 for _ in read_states(copy)) > 0


def test_state_log_that_is_a_directory_is_an_error(tmp_path):
    ir, t = ir_for("gemm_tile.cu", "gfx1100")
    d = tmp_path / "logs"
    d.mkdir()
    p = raw_llc(ir, t, tmp_path, f"-agent-sched-state-log={d}")
    assert p.returncode != 0 and f"state log '{d}' is a directory" in p.stderr
    assert list(d.iterdir()) == [] and leftovers(tmp_path) == []


def _strict_failure(tmp_path):
    """Decisions whose 5th point is stale: llc fails mid-compile (report_fatal_error)."""
    ir, t = ir_for("gemm_tile.cu", "gfx1100")
    log = tmp_path / "probe.jsonl"
    compile_ir(ir, t, state_log=log)
    points = [p for p in read_states(log) if len({c.id for c in p.candidates}) > 1]
    log.unlink()
    p = points[len(points) // 2]
    decisions = [Decision(q.function, q.region, q.visit, q.step, *q.llvm) for q in points
                 if q.key < p.key] + [Decision(p.function, p.region, p.visit, p.step, 10**6,
                                               "top")]
    return ir, t, decisions


def test_failed_compile_leaves_no_state_log_report_or_temp(tmp_path):
    ir, t, decisions = _strict_failure(tmp_path)
    out = tmp_path / "out"
    out.mkdir()
    dec = tmp_path / "d.jsonl"
    dec.write_text("".join(json.dumps(d.__dict__) + "\n" for d in decisions))
    p = raw_llc(ir, t, out, f"-agent-sched-state-log={out / 's.jsonl'}",
                f"-agent-sched-report={out / 'r.json'}", f"-agent-sched-decisions={dec}")
    assert p.returncode != 0 and "stale decision" in p.stderr
    assert sorted(x.name for x in out.iterdir()) == []


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_interrupted_compile_leaves_nothing(tmp_path, sig):
    """llc is stopped by a signal while it waits for a live agent's answer."""
    ir, t = ir_for("attn_tile.cu", "gfx1100")
    out = tmp_path / "out"
    out.mkdir()
    to_llc_r, to_llc_w = os.pipe()
    from_llc_r, from_llc_w = os.pipe()
    cmd = llc_command(ir, t, out / "o.s", report=out / "r.json", state_log=out / "s.jsonl",
                      channel=f"{to_llc_r},{from_llc_w}")
    proc = subprocess.Popen(cmd, pass_fds=(to_llc_r, from_llc_w), stderr=subprocess.PIPE)
    os.close(to_llc_r)
    os.close(from_llc_w)
    with os.fdopen(from_llc_r, "rb") as points, os.fdopen(to_llc_w, "wb"):
        points.readline()  # llc now blocks on our answer, its temp files open
        assert len(leftovers(out)) == 2
        proc.send_signal(sig)
        assert proc.wait(30) == -sig
    assert leftovers(out) == [] and not (out / "s.jsonl").exists()
    assert not (out / "r.json").exists()


def test_orphan_temps_of_a_killed_llc_are_removed_by_the_parent(tmp_path):
    """SIGKILL cannot be caught: compile_ir removes what a dead llc left next to the log."""

    class Stuck(Agent):
        def pick(self, point):
            for pid in os.listdir("/proc"):  # kill our llc while it waits for this answer
                try:
                    cmd = Path(f"/proc/{pid}/cmdline").read_bytes()
                except OSError:
                    continue
                if b"-agent-sched-channel" in cmd and str(tmp_path).encode() in cmd:
                    os.kill(int(pid), signal.SIGKILL)
            raise RuntimeError("agent gave up")

    ir, t = ir_for("attn_tile.cu", "gfx1100")
    with pytest.raises(Exception, match="agent gave up"):
        compile_ir(ir, t, agent=Stuck(), state_log=tmp_path / "s.jsonl")
    assert leftovers(tmp_path) == [] and not (tmp_path / "s.jsonl").exists()
    # what a run killed together with its parent left is removed by the next run; the temp
    # file of a live llc is not
    dead = subprocess.Popen(["true"])
    dead.wait()
    for pid in (dead.pid, os.getpid()):
        (tmp_path / f".s.jsonl.agentsched-{pid}-AbC123").write_text("{")
    compile_ir(ir, t, state_log=tmp_path / "s.jsonl")
    assert leftovers(tmp_path) == [f".s.jsonl.agentsched-{os.getpid()}-AbC123"]


def test_module_with_nothing_to_schedule_gets_a_zero_report(tmp_path):
    """optnone functions are not scheduled: the report and log still appear (llc succeeded)."""
    ir = tmp_path / "optnone.ll"
    ir.write_text('target triple = "amdgcn-amd-amdhsa"\n'
                  "define amdgpu_kernel void @k(ptr addrspace(1) %p) #0 {\n"
                  "  store i32 1, ptr addrspace(1) %p\n  ret void\n}\n"
                  "attributes #0 = { noinline optnone }\n")
    t = parse_target("gfx1100")
    res = compile_ir(ir, t, state_log=tmp_path / "s.jsonl")
    assert res.report["decisions"] == 0 and res.report["passes"] == 0
    assert (tmp_path / "s.jsonl").read_text() == ""


# ---------------------------------------------------------------- decision files


@pytest.mark.parametrize("field", ["pick", "region", "visit", "step"])
def test_decision_fields_beyond_32_bits_are_errors(tmp_path, field):
    """A pick of id + 2**32 used to replay as id (cut to 32 bits in the plugin)."""
    ir, t = ir_for("gemm_tile.cu", "gfx1100")
    live = compile_ir(ir, t, agent=make_agent("random", seed=1))
    d = {**live.decisions[0].__dict__}
    d[field] += 2**32
    f = tmp_path / "d.jsonl"
    f.write_text(json.dumps(d) + "\n")
    p = raw_llc(ir, t, tmp_path, f"-agent-sched-decisions={f}")
    assert p.returncode != 0
    assert f"{f}:1: field '{field}' must be an integer from 0 to 4294967295" in p.stderr
    with pytest.raises(ProtocolError, match=f"{f}:1: .*'{field}' must be an integer from 0"):
        check_decisions(f)
    with pytest.raises(ValueError):
        parse_decision(json.dumps({**d, field: -1}))


def test_decisions_for_another_function_are_unmatched(tmp_path):
    ir, t = ir_for("gemm_tile.cu", "gfx1100")
    live = compile_ir(ir, t, agent=make_agent("random", seed=2))
    other = [Decision("not_this_kernel", d.region, d.visit, d.step, d.pick, d.zone)
             for d in live.decisions[:5]]
    with pytest.raises(ToolFailed) as e:
        compile_ir(ir, t, decisions=other)
    msg = str(e.value)
    assert "5 of 5 decisions match no decision point" in msg
    assert "function 'not_this_kernel'" in msg and ":1 (" in msg
    res = compile_ir(ir, t, decisions=other, lenient=True)
    assert res.report["unmatched"] == 5 and res.report["changed"] == 0
    # a key past the region's last step is unmatched too, and a strict error
    d = live.decisions[0]
    beyond = Decision(d.function, d.region, d.visit, 10**6, d.pick, d.zone)
    with pytest.raises(ToolFailed, match="1 of 2 decisions match no decision point"):
        compile_ir(ir, t, decisions=[d, beyond])
    assert compile_ir(ir, t, decisions=live.decisions).report["unmatched"] == 0


@pytest.mark.parametrize("case", ["other-function", "past-the-end", "not-a-candidate"])
def test_raw_llc_failing_on_strict_decisions_keeps_no_output(tmp_path, case):
    """llc's own -o file is not kept when the plugin fails the compile: unusable decisions
    are reported through the LLVMContext as soon as their function is settled (llc returns
    1 without keeping its output); a non-candidate pick stops llc through
    report_fatal_error, whose clean-up removes the output too."""
    ir, t = ir_for("gemm_tile.cu", "gfx1100")
    live = compile_ir(ir, t, agent=make_agent("random", seed=3))
    d = live.decisions[len(live.decisions) // 2]
    wrong = {"other-function": Decision("not_this_kernel", d.region, d.visit, d.step, d.pick,
                                        d.zone),
             "past-the-end": Decision(d.function, d.region, d.visit, 10**6, d.pick, d.zone),
             "not-a-candidate": Decision(d.function, d.region, d.visit, d.step, 10**6,
                                         d.zone)}[case]
    f = tmp_path / "d.jsonl"
    kept = [x for x in live.decisions if x != d] if case == "not-a-candidate" else \
        live.decisions  # the other two come on top of a valid replay
    f.write_text(decisions_text([*kept, wrong]))
    p = raw_llc(ir, t, tmp_path, f"-agent-sched-decisions={f}")
    assert p.returncode == 1, p.stderr
    assert "agent-sched:" in p.stderr and str(f) in p.stderr
    assert not (tmp_path / "out.s").exists()
    assert sorted(x.name for x in tmp_path.iterdir()) == ["d.jsonl"]


def test_conflicting_decisions_for_one_point_are_an_error(tmp_path):
    ir, t = ir_for("gemm_tile.cu", "gfx1100")
    f = tmp_path / "d.jsonl"
    a = {"function": "gemm", "region": 0, "visit": 0, "step": 1, "pick": 3, "zone": "top"}
    f.write_text(json.dumps(a) + "\n" + json.dumps(a) + "\n" + json.dumps({**a, "pick": 4})
                 + "\n")
    p = raw_llc(ir, t, tmp_path, f"-agent-sched-decisions={f}")
    assert p.returncode != 0
    assert f"{f}:3: a second, different decision for function 'gemm' region 0" in p.stderr
    assert "(line 1)" in p.stderr


UNNAMED_IR = """\
target triple = "nvptx64-nvidia-cuda"

define internal i32 @0(i32 %a, i32 %b) {
  %x = mul i32 %a, %b
  %y = add i32 %x, %a
  %z = mul i32 %y, %b
  %w = xor i32 %z, %x
  ret i32 %w
}

define internal i32 @1(i32 %a, i32 %b) {
  %x = add i32 %a, %b
  %y = mul i32 %x, %a
  %z = sub i32 %y, %b
  %w = or i32 %z, %x
  ret i32 %w
}

define ptx_kernel void @k(ptr addrspace(1) %p, i32 %a, i32 %b) {
  %r0 = call i32 @0(i32 %a, i32 %b)
  %r1 = call i32 @1(i32 %b, i32 %a)
  %s = add i32 %r0, %r1
  store i32 %s, ptr addrspace(1) %p
  ret void
}
"""


def test_unnamed_functions_get_keys_of_their_own(tmp_path):
    """Both functions are named "": their decision points used to share keys."""
    ir = tmp_path / "unnamed.ll"
    ir.write_text(UNNAMED_IR)
    t = parse_target("sm_90")
    for seed in range(3):
        live = compile_ir(ir, t, agent=make_agent("random", seed=seed))
        assert {"__unnamed_0", "__unnamed_1"} <= {d.function for d in live.decisions}
        replay = compile_ir(ir, t, decisions=live.decisions)
        assert replay.asm == live.asm and replay.report["changed"] == live.report["changed"]


# ---------------------------------------------------------------- state-log formats


@pytest.mark.parametrize("target", ["gfx90a", "sm_90"])
def test_compact_and_full_logs_hold_the_same_points(target, tmp_path):
    ir, t = ir_for("attn_tile.cu", target)
    logs = {"live": tmp_path / "live.jsonl"}  # the live channel and the log keep own deltas
    live = compile_ir(ir, t, agent=make_agent("random", seed=5), state_log=logs["live"])
    for fmt in ("compact", "full"):
        logs[fmt] = tmp_path / f"{fmt}.jsonl"
        res = compile_ir(ir, t, decisions=live.decisions, state_log=logs[fmt],
                         full_state_log=fmt == "full")
        assert res.report["state_log_format"] == fmt and res.asm == live.asm
    compact, full, during_live = (list(read_states(logs[f])) for f in ("compact", "full",
                                                                       "live"))
    assert compact == full == during_live and len(full) == res.report["decisions"]
    assert sum(p.chosen is not None for p in full) == res.report["changed"] > 0
    assert logs["compact"].stat().st_size * 3 < logs["full"].stat().st_size


def _line(**over):
    base = {"function": "f", "region": 0, "visit": 0, "stage": 0, "block": 0,
            "region_size": 1, "step": 0, "remaining": 1, "llvm": {"id": 0, "zone": "top"},
            "candidates": [{"id": 0, "zone": "top", "queue": "available", "node": 0,
                            "opcode": "X", "text": "X", "class": "valu", "latency": 1,
                            "depth": 0, "height": 0, "vgpr_defs": 0, "sgpr_defs": 0,
                            "vgpr_uses": 0, "sgpr_uses": 0, "may_load": False,
                            "may_store": False}]}
    base.update(over)
    return json.dumps(base)


BAD_LINES = [
    ("[1, 2]", "expected a JSON object"),
    ('"text"', "expected a JSON object"),
    (_line(region="0"), "field 'region' must be an integer"),
    (_line(step=True), "field 'step' must be an integer"),
    (_line(function=7), "field 'function' must be a string"),
    (_line(candidates={}), "field 'candidates' must be an array"),
    (_line(candidates=[5]), "candidates[0] must be a JSON object"),
    (_line(llvm={"id": 0, "zone": "up"}), "field 'llvm.zone' must be one of top, bot"),
    (_line(llvm={"id": 9, "zone": "top"}), "field 'llvm' names instruction 9"),
    (_line(pressure_top={"VGPR": "3"}), "field 'pressure_top.VGPR' must be an integer"),
    (_line(candidates=[{**json.loads(_line())["candidates"][0], "latency": 1.5}]),
     "field 'candidates[0].latency' must be an integer"),
    (_line(candidates=[{**json.loads(_line())["candidates"][0], "class": "fancy"}]),
     "field 'candidates[0].class' must be one of"),
    (json.dumps({k: v for k, v in json.loads(_line()).items() if k != "candidates"}),
     "missing field 'candidates'"),
    (json.dumps({**{k: v for k, v in json.loads(_line()).items() if k != "candidates"},
                 "add": [[0, "t", "a", ""]], "del": []}), "no instruction table"),
]


@pytest.mark.parametrize("line,why", BAD_LINES)
def test_malformed_state_log_lines_name_file_line_and_field(tmp_path, line, why):
    f = tmp_path / "s.jsonl"
    f.write_text(_line() + "\n" + line + "\n")
    with pytest.raises(ProtocolError) as e:
        list(read_states(f))
    assert f"{f}:2: malformed decision point" in str(e.value) and why in str(e.value)


def test_malformed_compact_lines_name_the_delta(tmp_path):
    ir, t = ir_for("gemm_tile.cu", "gfx1100")
    log = tmp_path / "s.jsonl"
    compile_ir(ir, t, state_log=log)
    lines = log.read_text().splitlines()
    second = json.loads(lines[1])
    cases = [({**second, "del": [[123456, "t"]]}, "field 'del[0]' removes (123456, 'top')"),
             ({**second, "add": [[123456, "t", "a", ""]]}, "names instruction 123456"),
             ({**second, "add": [[0, "x", "a", ""]]}, "field 'add[0]' must be"),
             ({**second, "add": [[0, "t", "a", "VGPR:x"]]}, "malformed pressure diff")]
    for bad, why in cases:
        f = tmp_path / "bad.jsonl"
        f.write_text(lines[0] + "\n" + json.dumps(bad) + "\n")
        with pytest.raises(ProtocolError) as e:
            list(read_states(f))
        assert f"{f}:2:" in str(e.value) and why in str(e.value), str(e.value)


# ---------------------------------------------------------------- the plugin itself


def _vtable_slots(symbol: str) -> int:
    """Virtual-function slots of an exported vtable of libLLVM (ELF symbol size)."""
    from agentsched.tools.programs import find_tool
    lib = subprocess.run([find_tool("llvm-config-19"), "--libdir"], capture_output=True,
                         text=True).stdout.strip()
    out = subprocess.run(["nm", "-D", "-S", "--defined-only", f"{lib}/libLLVM.so"],
                         capture_output=True, text=True).stdout
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 4 and parts[3].split("@")[0] == symbol:
            return int(parts[1], 16) // 8 - 2  # offset-to-top and RTTI come first
    raise AssertionError(f"{symbol} not exported")


@pytest.mark.parametrize("target,strategy,dag", [
    ("sm_90", "llvm::GenericScheduler", "llvm::ScheduleDAGMILive"),
    ("gfx1100", "llvm::GCNMaxOccupancySchedStrategy", "llvm::GCNScheduleDAGMILive")])
def test_vtable_copies_are_the_size_of_llvms_tables(target, strategy, dag):
    """The plugin used to copy 64 slots where LLVM 19's tables hold 17-18 (reading past
    their end); GCN's private classes add no virtual function to their public bases."""
    ir, t = ir_for("gemm_tile.cu", target)
    hooked = compile_ir(ir, t).report["hooked"]
    assert hooked == {"strategy": strategy, "dag": dag,
                      "strategy_vtable_slots": _vtable_slots("_ZTVN4llvm16GenericSchedulerE"),
                      "dag_vtable_slots": _vtable_slots("_ZTVN4llvm17ScheduleDAGMILiveE")}
    assert (hooked["strategy_vtable_slots"], hooked["dag_vtable_slots"]) == (18, 17)


def test_damaged_cached_plugin_is_rebuilt(tmp_path, monkeypatch):
    from agentsched.tools import plugin as plugin_mod
    good = plugin_path()
    monkeypatch.setenv("AGENTSCHED_DATA", str(tmp_path))
    (tmp_path / "plugin").mkdir()
    cached = tmp_path / "plugin" / good.name
    data = good.read_bytes()
    cached.write_bytes(data[:len(data) // 2])  # e.g. a copy cut short by a full disk
    for sidecar in good.parent.glob(good.name + ".sha256"):
        (tmp_path / "plugin" / sidecar.name).write_text(sidecar.read_text())
    plugin_mod._VERIFIED.clear()
    assert plugin_path() == cached
    assert cached.read_bytes() == data
    ir, t = ir_for("gemm_tile.cu", "gfx1100")
    assert compile_ir(ir, t).report["decisions"] > 0


def test_the_plugin_digest_covers_every_source_file(tmp_path, monkeypatch):
    """Every .cpp, .h and .def of native/ names the build, by name and content: a changed header
    (or a renamed file) is another plugin, never an old cached one."""
    import shutil

    from agentsched.tools import plugin as plugin_mod
    native = tmp_path / "native"
    shutil.copytree(plugin_mod.NATIVE_DIR, native)
    monkeypatch.setattr(plugin_mod, "NATIVE_DIR", native)
    digest = plugin_mod.plugin_digest.__wrapped__
    names = [p.name for p in plugin_mod.plugin_sources()]
    assert names == sorted(p.name for p in native.iterdir() if p.suffix in (".cpp", ".h", ".def"))
    assert {"hook.h", "hook.cpp", "features.h", "registration.cpp", "postra.h",
            "postra.cpp"} <= set(names)
    before = digest()
    assert before == plugin_mod.plugin_digest()  # the copy is the package's sources
    (native / "features.h").write_text((native / "features.h").read_text() + "\n")
    changed = digest()
    (native / "features.h").rename(native / "features2.h")
    assert len({before, changed, digest()}) == 3
    compiles, link = plugin_mod.build_commands(tmp_path / "p.so", tmp_path)
    assert [c[c.index("-c") + 1] for c in compiles] == \
        [str(native / n) for n in names if n.endswith(".cpp")]
    assert all("-DNDEBUG" in c for c in compiles) and "-DNDEBUG" in link
