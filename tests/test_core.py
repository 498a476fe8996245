"""The plugin with the real llc-19: faithfulness, exact replay, stale handling, errors."""
import os
import subprocess
import sys

import pytest

from agentsched.agents import Agent, make_agent
from agentsched.core.protocol import Decision, ProtocolError, read_decisions, read_states
from agentsched.llvm.compile import compile_ir, stock_asm
from agentsched.llvm.frontend import emit_ir
from agentsched.llvm.llc import llc_command
from agentsched.llvm.session import AgentError
from agentsched.targets import parse_target
from agentsched.tools.plugin import plugin_path
from agentsched.tools.programs import ToolFailed

from .conftest import AMD_TARGETS, DATA, TEST_KERNELS, cli, llc_children, requires_llvm

pytestmark = requires_llvm


def ir_for(kernel, target):
    t = parse_target(target)
    return emit_ir(kernel, t), t


@pytest.mark.parametrize("target", AMD_TARGETS + ["sm_90"])
@pytest.mark.parametrize("kernel", TEST_KERNELS, ids=lambda p: p.stem)
def test_default_is_byte_identical_to_stock_llc(kernel, target, tmp_path):
    ir, t = ir_for(kernel, target)
    log = tmp_path / "states.jsonl"
    result = compile_ir(ir, t, state_log=log)  # hooked and logging, nothing forced
    assert result.asm == stock_asm(ir, t)
    assert result.report["changed"] == 0 and result.report["decisions"] > 0
    points = list(read_states(log))
    assert len(points) == result.report["decisions"]
    for p in points:
        assert p.llvm in [c.key for c in p.candidates]  # LLVM's own pick is listed


@pytest.mark.parametrize("target", AMD_TARGETS + ["sm_90"])
def test_forced_random_decisions_are_all_applied_and_verify(target):
    ir, t = ir_for(DATA / "attn_tile.cu", target)
    live = compile_ir(ir, t, agent=make_agent("random", seed=7),
                      extra=["-verify-machineinstrs"])
    rep = live.report
    assert rep["stale"] == 0 and rep["changed"] > 0
    assert rep["asked"] == rep["choices"] == len(live.decisions)
    assert live.asm != stock_asm(ir, t)
    # Replaying the recorded picks applies every one of them and gives the same bytes.
    replay = compile_ir(ir, t, decisions=live.decisions, extra=["-verify-machineinstrs"])
    assert replay.report["changed"] == rep["changed"]
    assert replay.report["stale"] == 0 and replay.report["missing"] == 0
    assert replay.asm == live.asm


def test_same_decisions_same_bytes():
    ir, t = ir_for(DATA / "gemm_tile.cu", "gfx90a")
    live = compile_ir(ir, t, agent=make_agent("random", seed=3))
    a = compile_ir(ir, t, decisions=live.decisions).asm
    b = compile_ir(ir, t, decisions=live.decisions).asm
    assert a == b == live.asm


def test_changed_count_matches_the_agents_own_view():
    ir, t = ir_for(DATA / "softmax_rows.cu", "gfx1100")

    class Counting(Agent):
        def __init__(self):
            self.inner, self.differ = make_agent("max_latency"), 0

        def pick(self, point):
            c = self.inner.pick(point)
            self.differ += c.key != point.llvm
            return c

    agent = Counting()
    res = compile_ir(ir, t, agent=agent)
    assert res.report["changed"] == agent.differ > 0


def _stale_decisions(ir, t, tmp_path):
    log = tmp_path / "s.jsonl"
    compile_ir(ir, t, state_log=log)
    p = next(p for p in read_states(log) if len({c.id for c in p.candidates}) > 1)
    ids = {c.id for c in p.candidates}
    bogus = max(ids) + 1000
    return [Decision(p.function, p.region, p.visit, p.step, bogus, "top")], p


def test_stale_decision_strict_fails_naming_the_point(tmp_path):
    ir, t = ir_for(DATA / "gemm_tile.cu", "gfx1100")
    decisions, p = _stale_decisions(ir, t, tmp_path)
    with pytest.raises(ToolFailed) as e:
        compile_ir(ir, t, decisions=decisions)
    msg = str(e.value)
    assert "stale decision" in msg and f"region {p.region}" in msg and f"step {p.step}" in msg


def test_stale_decision_lenient_falls_back_and_counts(tmp_path):
    ir, t = ir_for(DATA / "gemm_tile.cu", "gfx1100")
    decisions, _ = _stale_decisions(ir, t, tmp_path)
    res = compile_ir(ir, t, decisions=decisions, lenient=True)
    assert res.report["stale"] == 1 and res.report["changed"] == 0
    assert res.asm == stock_asm(ir, t)


@pytest.mark.parametrize("line,why", [
    ("not json", "malformed decision"),
    ('{"function": "f", "region": 0, "visit": 0, "step": 0}', "missing field 'pick'"),
    ('{"function": "f", "region": "0", "visit": 0, "step": 0, "pick": 1}', "'region'"),
    ('{"function": "f", "region": 0, "visit": 0, "step": 0, "pick": 1, "zone": "up"}', "zone"),
    ('[1, 2]', "JSON object"),
])
def test_malformed_decision_file_names_file_and_line(tmp_path, line, why):
    f = tmp_path / "d.jsonl"
    f.write_text('{"function": "f", "region": 0, "visit": 0, "step": 0, "pick": 1}\n' + line + "\n")
    with pytest.raises(ProtocolError) as e:
        read_decisions(f)
    assert f"{f}:2:" in str(e.value) and why in str(e.value)


def test_plugin_itself_rejects_malformed_decisions_with_file_and_line(tmp_path):
    ir, t = ir_for(DATA / "gemm_tile.cu", "gfx1100")
    f = tmp_path / "d.jsonl"
    f.write_text('{"function": "gemm", "region": 0, "visit": 0, "step": 0}\n')
    cmd = llc_command(ir, t, tmp_path / "o.s", decisions=f)
    proc = subprocess.run(cmd, capture_output=True, text=True)
    assert proc.returncode != 0
    assert f"{f}:1: field 'pick' missing" in proc.stderr
    assert not (tmp_path / "o.s").exists() or (tmp_path / "o.s").stat().st_size == 0


def test_cli_unknown_agent_and_target_fail_clearly(tmp_path):
    src = str(DATA / "gemm_tile.cu")
    p = cli("compile", src, "--agent", "nope", "-o", str(tmp_path / "o.s"))
    assert p.returncode == 2 and "unknown agent 'nope'" in p.stderr and "random" in p.stderr
    p = cli("compile", src, "--target", "gfx9999", "-o", str(tmp_path / "o.s"))
    assert p.returncode == 2 and "unknown target 'gfx9999'" in p.stderr
    assert "Traceback" not in p.stderr


def test_cli_malformed_decisions_fail_clearly(tmp_path):
    f = tmp_path / "bad.jsonl"
    f.write_text("{oops\n")
    out = tmp_path / "o.s"
    p = cli("compile", str(DATA / "gemm_tile.cu"), "--decisions", str(f), "-o", str(out))
    assert p.returncode == 1 and f"{f}:1" in p.stderr and "Traceback" not in p.stderr
    assert not out.exists()


def test_missing_tool_names_the_debian_package(monkeypatch, tmp_path):
    from agentsched.tools import programs as tools
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setattr(tools, "LLVM_BIN", tmp_path / "nowhere")
    tools.find_tool.cache_clear()
    try:
        with pytest.raises(tools.ToolMissing) as e:
            tools.find_tool("llc-19")
        assert "apt-get install llvm-19" in str(e.value)
        with pytest.raises(tools.ToolMissing) as e:
            tools.find_tool("ld.lld-19")
        assert "lld-19" in str(e.value)
    finally:
        tools.find_tool.cache_clear()


def test_cli_missing_tool_exits_nonzero(tmp_path):
    env = dict(os.environ, PATH=os.path.dirname(sys.executable), AGENTSCHED_LLVM_BIN="/nowhere")
    p = cli("compile", str(DATA / "gemm_tile.cu"), "-o", str(tmp_path / "o.s"), env=env)
    assert p.returncode != 0 and "not found" in p.stderr and "apt-get install" in p.stderr



def test_agent_that_raises_stops_llc_and_reports():
    ir, t = ir_for(DATA / "gemm_tile.cu", "gfx1100")

    class Boom(Agent):
        name = "boom"
        n = 0

        def pick(self, point):
            self.n += 1
            if self.n == 5:
                raise RuntimeError("policy exploded")
            return point.llvm_candidate

    with pytest.raises(AgentError) as e:
        compile_ir(ir, t, agent=Boom())
    assert "policy exploded" in str(e.value) and "step" in str(e.value)
    assert llc_children() == []


def test_agent_picking_a_non_candidate_is_an_error():
    ir, t = ir_for(DATA / "gemm_tile.cu", "gfx1100")

    class Liar(Agent):
        def pick(self, point):
            c = point.candidates[0]
            return type(c)(**{**c.__dict__, "id": 10**6})

    with pytest.raises(AgentError, match="non-candidate"):
        compile_ir(ir, t, agent=Liar())
    assert llc_children() == []


def test_outputs_by_extension(tmp_path):
    from agentsched.llvm.result import write_output
    ir, t = ir_for(DATA / "gemm_tile.cu", "gfx1100")
    res = compile_ir(ir, t)
    for ext in (".s", ".o", ".co"):
        write_output(res, tmp_path / f"k{ext}")
    assert (tmp_path / "k.co").read_bytes()[:4] == b"\x7fELF"
    with pytest.raises(ValueError, match="cubin"):
        write_output(res, tmp_path / "k.cubin")


def test_raw_llc_with_plugin_path_works(tmp_path):
    """The seed's raw commands work with -load=$(agentsched plugin-path)."""
    ir, t = ir_for(DATA / "softmax_rows.cu", "gfx1100")
    log = tmp_path / "sched_states.log"
    subprocess.run(["llc-19", f"-load={plugin_path()}", "-misched=agent-sched",
                    f"-agent-sched-state-log={log}", *t.llc_flags, str(ir), "-o", "/dev/null"],
                   check=True)
    assert sum(1 for _ in read_states(log)) > 0


def test_generic_base_on_amdgpu_is_followed():
    ir, t = ir_for(DATA / "gemm_tile.cu", "gfx1100")
    res = compile_ir(ir, t, agent=make_agent("random", seed=1), base="generic")
    assert res.report["base"] == "generic" and res.report["changed"] > 0
    assert compile_ir(ir, t, decisions=res.decisions, base="generic").asm == res.asm


def test_gcn_revisits_regions_on_gfx90a_and_keys_them_apart(tmp_path):
    """gfx90a runs GCN's later stages: the same region appears with visit 0 and 1."""
    ir, t = ir_for(DATA / "attn_tile.cu", "gfx90a")
    log = tmp_path / "s.jsonl"
    res = compile_ir(ir, t, state_log=log)
    points = list(read_states(log))
    keys = [p.key for p in points]
    assert len(keys) == len(set(keys))  # (function, region, visit, step) is unique
    visits = {}
    for p in points:
        visits.setdefault((p.function, p.region), set()).add(p.visit)
    revisited = [r for r, v in visits.items() if {0, 1} <= v]
    assert revisited, visits  # some region was scheduled again by a later stage
    for v in visits.values():  # visits of a region are numbered 0, 1, 2 ... in order
        assert v == set(range(len(v)))
    for region in revisited:  # each visit is a whole pass: steps 0 .. size-1
        for visit in (0, 1):
            steps = sorted(p.step for p in points if (p.function, p.region) == region
                           and p.visit == visit)
            assert steps == list(range(len(steps))) and steps
    passes = {(p.function, p.region, p.visit) for p in points}
    assert res.report["passes"] == len(passes) > res.report["regions"] == len(visits)
    later = [q for q in res.report["pass_list"] if q["visit"] > 0]
    assert later and all(q["stage"] > 0 for q in later)  # revisits come from later stages


@pytest.mark.parametrize("target", ["gfx90a", "sm_90"])
def test_live_channel_sees_exactly_the_state_logs_candidates(target, tmp_path):
    """The channel sends candidate-list deltas; rebuilt, they equal the state log's lists."""
    ir, t = ir_for(DATA / "attn_tile.cu", target)
    log = tmp_path / "s.jsonl"
    compile_ir(ir, t, state_log=log)
    logged = {p.key: p for p in read_states(log) if len({c.id for c in p.candidates}) > 1}

    class Echo(Agent):
        seen = []

        def pick(self, point):
            self.seen.append(point)
            return point.llvm_candidate

    agent = Echo()
    compile_ir(ir, t, agent=agent)
    assert len(agent.seen) == len(logged) > 0
    for p in agent.seen:
        want = logged[p.key]
        assert p.candidates == want.candidates, p.key
        assert (p.llvm, p.pressure_top, p.remaining) == (want.llvm, want.pressure_top,
                                                         want.remaining)
