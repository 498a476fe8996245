"""The post-RA machine scheduler (-agent-sched-phase=post|both, docs/postra.md) with the real
llc-19: stock bytes by default, the machine verifier under a random agent, exact replay, a
live agent, decision keys per phase, and the post-RA measures on small kernels checked by
hand and against llvm-objdump-19's disassembly."""
import json
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from agentsched.agents import make_agent
from agentsched.core.phase import current_phase
from agentsched.core.protocol import (
    Decision,
    decision_to_dict,
    parse_decision,
    read_decisions,
    read_states,
)
from agentsched.llvm.compile import compile_ir, stock_asm
from agentsched.llvm.frontend import emit_ir
from agentsched.llvm.session import LiveSession
from agentsched.searches.objectives import ObjectiveError, check_measurable, cost_of
from agentsched.targets import parse_target
from agentsched.targets.amdgpu import delay_weight, kernel_asm, postra_counts
from agentsched.tools.programs import ToolFailed, find_tool

from .conftest import AMD_TARGETS, DATA, TEST_KERNELS, cli, requires_llvm

pytestmark = requires_llvm


def ir_for(kernel, target):
    t = parse_target(target)
    return emit_ir(kernel, t), t


@pytest.mark.parametrize("target", AMD_TARGETS)
@pytest.mark.parametrize("kernel", TEST_KERNELS, ids=lambda p: p.stem)
def test_post_and_both_default_is_byte_identical_to_stock_llc(kernel, target, tmp_path):
    ir, t = ir_for(kernel, target)
    stock = stock_asm(ir, t)
    for phase in ("post", "both"):
        log = tmp_path / f"{phase}.jsonl"
        r = compile_ir(ir, t, phase=phase, state_log=log)
        assert r.asm == stock, phase
        assert r.report["phase"] == phase and r.report["changed"] == 0
        assert r.report["hooked"]["post"]["strategy"] == "llvm::PostGenericScheduler"
        assert r.report["hooked"]["post"]["dag"] == "llvm::GCNPostScheduleDAGMILive"
        points = list(read_states(log))
        assert len(points) == r.report["decisions"] > 0
        post = [p for p in points if p.phase == "post"]
        assert post and (phase == "both") == (len(post) < len(points))
        for p in post:
            assert p.llvm in [c.key for c in p.candidates]
            # top-down only (PostGenericScheduler's default): no bottom-zone candidate
            assert {c.zone for c in p.candidates} == {"top"}
            assert not p.pressure_top and not p.pressure_max  # no pressure after RA


@pytest.mark.parametrize("target", AMD_TARGETS)
def test_random_post_ra_picks_verify_and_replay_exactly(target, tmp_path):
    ir, t = ir_for(DATA / "attn_tile.cu", target)
    live = compile_ir(ir, t, phase="post", agent=make_agent("random", seed=7),
                      extra=["-verify-machineinstrs"])
    assert live.report["changed"] > 0 and live.report["stale"] == 0
    assert live.asm != stock_asm(ir, t)
    assert {d.phase for d in live.decisions} == {"post"}
    f = tmp_path / "post.jsonl"
    f.write_text("".join(json.dumps(decision_to_dict(d)) + "\n" for d in live.decisions))
    assert read_decisions(f) == live.decisions
    again = compile_ir(ir, t, phase="post", decisions=f, extra=["-verify-machineinstrs"])
    assert again.asm == live.asm
    assert again.report["changed"] == live.report["changed"] and again.report["missing"] == 0


def test_both_phases_have_distinct_keys_and_replay(tmp_path):
    ir, t = ir_for(DATA / "gemm_tile.cu", "gfx1100")
    live = compile_ir(ir, t, phase="both", agent=make_agent("random", seed=3),
                      extra=["-verify-machineinstrs"])
    phases = {d.phase for d in live.decisions}
    assert phases == {"pre", "post"}
    assert len({d.key for d in live.decisions}) == len(live.decisions)
    again = compile_ir(ir, t, phase="both", decisions=live.decisions)
    assert again.asm == live.asm and again.report["stale"] == 0
    # the post-RA half alone, on a compile hooking only post-RA, gives a third schedule
    post_only = [d for d in live.decisions if d.phase == "post"]
    assert compile_ir(ir, t, phase="post", decisions=post_only, lenient=True).report[
        "decisions"] > 0


def test_a_decision_of_the_other_phase_is_unmatched(tmp_path):
    ir, t = ir_for(DATA / "gemm_tile.cu", "gfx1100")
    pre = compile_ir(ir, t, agent=make_agent("random", seed=1)).decisions
    with pytest.raises(ToolFailed, match="decisions match no decision point"):
        compile_ir(ir, t, phase="post", decisions=pre[:3])
    # a post-RA decision naming a non-candidate is stale, named as post-RA
    post = compile_ir(ir, t, phase="post", agent=make_agent("random", seed=1)).decisions
    d = post[0]
    bad = Decision(d.function, d.region, d.visit, d.step, 10**6, "top", "post")
    with pytest.raises(ToolFailed, match=r"stale decision.*post-RA function"):
        compile_ir(ir, t, phase="post", decisions=[bad])


def test_a_live_agent_post_ra():
    ir, t = ir_for(DATA / "softmax_rows.cu", "gfx1100")
    picked = 0
    with LiveSession(ir, t, phase="post") as s:
        for p in s:
            assert p.phase == "post" and p.key[0].endswith("\x1fpost")
            last = p.candidates[-1]  # anything but LLVM's, where there is a choice
            picked += last.key != p.llvm
            s.answer(last)
    assert s.result is not None and s.result.report["changed"] == picked > 0
    assert s.result.report["asked"] == len(s.decisions)


def test_phase_from_the_environment_and_bad_phases(monkeypatch):
    monkeypatch.setenv("AGENTSCHED_PHASE", "post")
    assert current_phase() == "post" and current_phase("pre") == "pre"
    monkeypatch.setenv("AGENTSCHED_PHASE", "late")
    with pytest.raises(ValueError, match="AGENTSCHED_PHASE.*unknown phase 'late'"):
        current_phase()
    with pytest.raises(ValueError, match="field 'phase' must be 'pre' or 'post'"):
        parse_decision('{"function":"f","region":0,"visit":0,"step":0,"pick":1,'
                       '"phase":"both"}')


def test_plugin_refuses_a_bad_phase(tmp_path):
    ir, t = ir_for(DATA / "gemm_tile.cu", "gfx1100")
    with pytest.raises(ToolFailed, match="-agent-sched-phase must be 'pre', 'post' or "
                                         "'both', got 'late'"):
        compile_ir(ir, t, extra=["-agent-sched-phase=late"])


def test_nvptx_has_no_post_ra_scheduler(tmp_path):
    """llc-19 runs no post-RA machine scheduler for NVPTX (PTX keeps virtual registers):
    phase post hooks nothing, says so, and leaves the PTX alone; 'both' still hooks pre-RA."""
    ir, t = ir_for(DATA / "gemm_tile.cu", "sm_90")
    some = compile_ir(ir, t, agent=make_agent("random", seed=2)).decisions
    post = [Decision(d.function, d.region, d.visit, d.step, d.pick, d.zone, "post")
            for d in some[:1]]
    f = tmp_path / "d.jsonl"
    f.write_text(json.dumps(decision_to_dict(post[0])) + "\n")
    cmd = [find_tool("llc-19"), *t.llc_flags, f"-load={_plugin()}", "-misched=agent-sched",
           "-agent-sched-phase=post", f"-agent-sched-decisions={f}", "-agent-sched-lenient",
           str(ir), "-o", str(tmp_path / "out.ptx")]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert "runs no post-RA machine scheduler for this target" in proc.stderr
    assert (tmp_path / "out.ptx").read_text() == stock_asm(ir, t)
    both = compile_ir(ir, t, phase="both", state_log=tmp_path / "s.jsonl")
    assert both.report["decisions"] > 0
    assert {p.phase for p in read_states(tmp_path / "s.jsonl")} == {"pre"}


def _plugin():
    from agentsched.tools.plugin import plugin_path
    return plugin_path()


# ---------------------------------------------------------------- the measures

HAND = """\
k:
\ts_load_b64 s[0:1], s[0:1], 0x0
\ts_waitcnt lgkmcnt(0)
\tv_dual_mul_f32 v1, v2, v3 :: v_dual_add_f32 v4, v5, v6
\ts_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | instid1(SALU_CYCLE_3)
\tv_add_f32_e32 v1, v1, v4
\t; v_dual_ in a comment is not an instruction
\ts_delay_alu instid0(TRANS32_DEP_2)
\ts_nop 3
\ts_waitcnt_vscnt null, 0x0
\tv_dual_fmac_f32 v7, v8, v9 :: v_dual_mov_b32 v10, v11
\ts_endpgm
"""


def test_postra_counts_by_hand():
    assert delay_weight("s_delay_alu instid0(VALU_DEP_1) | instskip(NEXT) | "
                        "instid1(SALU_CYCLE_3)") == 4 + 3
    assert delay_weight("s_delay_alu instid0(VALU_DEP_4)") == 1
    assert delay_weight("s_delay_alu instid0(TRANS32_DEP_2)") == 2
    assert postra_counts(HAND, "gfx1100") == {
        "vopd_pairs": 2, "delay_alu": 2, "delay_alu_total": 7 + 2, "waitcnts": 2, "nops": 1}
    # gfx9 has neither VOPD nor s_delay_alu: not 0, unknown
    assert postra_counts(HAND, "gfx942")["vopd_pairs"] is None


def _disassembled(asm: str, target: str, tmp: Path) -> list[str]:
    """The kernel's instructions as llvm-objdump-19 reads them back from the object file:
    an independent count of what the assembly holds."""
    (tmp / "k.s").write_text(asm)
    subprocess.run([find_tool("llvm-mc-19"), "-triple=amdgcn-amd-amdhsa", f"-mcpu={target}",
                    "-filetype=obj", str(tmp / "k.s"), "-o", str(tmp / "k.o")], check=True)
    out = subprocess.run([find_tool("llvm-objdump-19"), "-d", f"--mcpu={target}",
                          "--no-show-raw-insn", str(tmp / "k.o")], capture_output=True,
                         text=True, check=True).stdout
    ops = [ln.split(None, 1)[0] for ln in out.splitlines()
           if ln.startswith((" ", "\t")) and ln.strip() and not ln.strip().endswith(":")]
    # after the last s_endpgm: the section's padding (s_code_end, s_nop), no kernel's code
    return ops[:len(ops) - ops[::-1].index("s_endpgm")]


@pytest.mark.skipif(shutil.which("llvm-objdump-19") is None, reason="no llvm-objdump-19")
@pytest.mark.parametrize("target", ["gfx1100", "gfx942"])
def test_post_ra_measures_match_the_disassembly(target):
    ir, t = ir_for(DATA / "softmax_rows.cu", target)
    for r in (compile_ir(ir, t, phase="post"),
              compile_ir(ir, t, phase="post", agent=make_agent("random", seed=5))):
        m = r.measure(with_cycles=False)
        with tempfile.TemporaryDirectory() as d:
            ops = _disassembled(r.asm, target, Path(d))
        assert m.waitcnts == sum(o.startswith("s_waitcnt") for o in ops)
        # the assembler pads aligned loop headers (.p2align) with s_nop too: not counted
        assert ops.count("s_nop") >= m.nops
        if target == "gfx1100":
            assert m.vopd_pairs == sum(o.startswith("v_dual_") for o in ops) > 0
            assert m.delay_alu == ops.count("s_delay_alu") > 0
        else:
            assert m.vopd_pairs is None and m.delay_alu is None
        code, _, _ = kernel_asm(r.asm, r.entry)
        assert m.code_bytes and m.code_bytes >= 4 * len(re.findall(r"^\t[a-z]", code, re.M))


def test_post_ra_objectives():
    a = {"vopd_pairs": 10, "delay_alu_total": 5, "waitcnts": 3, "code_bytes": 400,
         "est_cycles": 50.0}
    b = {**a, "vopd_pairs": 12, "delay_alu_total": 9}
    assert cost_of(b, "vopd") < cost_of(a, "vopd")
    assert cost_of(a, "delay") < cost_of(b, "delay")
    assert cost_of(a, "size") == (400.0, 50.0)
    with pytest.raises(ObjectiveError, match="gfx11 and later only"):
        check_measurable("vopd", parse_target("gfx942"))
    check_measurable("waitcnt", parse_target("gfx942"))


def test_cli_phase_option_and_json(tmp_path):
    ir, _ = ir_for(DATA / "gemm_tile.cu", "gfx1100")
    r = cli("--phase", "post", "compile", str(ir), "-t", "gfx1100", "--agent", "random",
            "--json", "-", "-o", str(tmp_path / "k.s"))
    assert r.returncode == 0, r.stderr
    row = json.loads(r.stdout)
    assert row["phase"] == "post" and row["changed"] > 0
    for k in ("vopd_pairs", "delay_alu", "delay_alu_total", "waitcnts", "nops", "code_bytes"):
        assert isinstance(row[k], int), k
    bad = cli("--phase", "late", "compile", str(ir), "-t", "gfx1100")
    assert bad.returncode == 2 and "--phase" in bad.stderr


def test_the_db_is_pre_ra_only(tmp_path):
    ir, t = ir_for(DATA / "gemm_tile.cu", "gfx1100")
    with pytest.raises(ValueError, match="pre-RA schedules only: no --db with --phase post"):
        compile_ir(ir, t, phase="post", db=tmp_path / "none.db")
