"""NVPTX call statements: LLVM 19 prints one PTX call from several instructions, and its
machine scheduler moves other instructions in between (invalid PTX). agentsched keeps every
call statement whole, on LLVM's default path and under any agent, and checks PTX with ptxas."""
from pathlib import Path

import pytest

from agentsched.agents import make_agent
from agentsched.llvm.compile import compile_ir, stock_asm
from agentsched.targets import nvptx, parse_target
from agentsched.tools.programs import ToolFailed, find_ptxas

from .conftest import DATA, requires_llvm

pytestmark = requires_llvm
requires_ptxas = pytest.mark.skipif(find_ptxas() is None,
                                    reason="no ptxas (make setup installs the sdk extra)")

MISCHED_FUNC_CALL = DATA / "llvm" / "misched_func_call.ll"  # llvm-project's own test

# Our own: a direct call with three arguments, an indirect call (PTX prototype) and a void
# call, with independent work around each.
CALLS_IR = """\
target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare float @ext(float, i32, float)
declare void @sink(i32)

define ptx_kernel void @three_calls(ptr addrspace(1) %out, ptr %fp, float %x, i32 %n) {
entry:
  %a = fmul float %x, 2.0
  %b = add i32 %n, 7
  %c = call float @ext(float %a, i32 %b, float %x)
  %d = fadd float %c, %a
  %e = mul i32 %b, %n
  %f = sitofp i32 %e to float
  %g = call float %fp(float %d, i32 %e, float %f)
  %h = fmul float %g, %f
  %i = fadd float %h, %d
  call void @sink(i32 %e)
  %j = fmul float %i, %i
  store float %j, ptr addrspace(1) %out
  ret void
}
"""


@pytest.fixture
def calls_ir(tmp_path) -> Path:
    p = tmp_path / "three_calls.ll"
    p.write_text(CALLS_IR)
    return p


def call_statements(ptx: str) -> list[str]:
    """Each PTX call statement, from `call` to its terminating ';'."""
    out, lines = [], ptx.splitlines()
    for i, line in enumerate(lines):
        if line.strip().startswith(("call.uni", "call ")):
            stmt = []
            for ln in lines[i:]:
                stmt.append(ln.strip())
                if ln.rstrip().endswith(";"):
                    break
            out.append(" ".join(stmt))
    return out


def assert_calls_whole(ptx: str, n: int) -> None:
    stmts = call_statements(ptx)
    assert len(stmts) == n
    for s in stmts:  # only the callee, "(", arguments, ")" and a prototype: no instruction
        assert not any(op in s for op in ("mul", "add", "cvt", "ld.", "st.", "mov")), s


@requires_ptxas
def test_llvm19_default_schedule_of_the_llvm_test_is_invalid_ptx():
    """The bug being worked around: stock llc-19 -enable-misched splits the call."""
    t = parse_target("sm_90")
    with pytest.raises(ToolFailed, match="ptxas rejected"):
        t.validate(stock_asm(MISCHED_FUNC_CALL, t))
    without_misched = stock_asm(MISCHED_FUNC_CALL, t, extra=["-enable-misched=false"])
    assert t.validate(without_misched).startswith("ptxas")


def test_default_path_keeps_the_call_statement_whole():
    t = parse_target("sm_90")
    res = compile_ir(MISCHED_FUNC_CALL, t)
    assert_calls_whole(res.asm, 1)
    assert res.report["forced"] > 0 and res.report["changed"] == 0
    if find_ptxas():
        assert res.validated and res.validated.startswith("ptxas")


@pytest.mark.parametrize("seed", range(8))
def test_agents_cannot_split_call_statements(seed, calls_ir):
    t = parse_target("sm_90")
    for ir, calls in ((MISCHED_FUNC_CALL, 1), (calls_ir, 3)):
        live = compile_ir(ir, t, agent=make_agent("random", seed=seed),
                          extra=["-verify-machineinstrs"])
        assert live.report["changed"] > 0
        assert_calls_whole(live.asm, calls)  # ptxas, when installed, accepted it too
        assert compile_ir(ir, t, decisions=live.decisions).asm == live.asm


def test_points_inside_a_call_statement_offer_only_its_next_piece(tmp_path):
    from agentsched.core.protocol import read_states
    t = parse_target("sm_90")
    log = tmp_path / "s.jsonl"
    res = compile_ir(MISCHED_FUNC_CALL, t, state_log=log)
    pieces = [p for p in read_states(log)
              if p.candidates[0].opcode.startswith(("CallVoid", "CallArg", "LastCallArg"))]
    assert len(pieces) == 4  # "quux, ", "(", "param0", ");"
    for p in pieces:
        assert len(p.candidates) == 1 and p.llvm == p.candidates[0].key == (p.llvm[0], "top")
    assert [p.step for p in pieces] == [0, 1, 2, 3]
    assert res.report["choices"] == sum(1 for p in read_states(log)
                                        if len({c.id for c in p.candidates}) > 1)


@requires_ptxas
def test_invalid_ptx_is_an_error_naming_ptxas():
    t = parse_target("sm_90")
    good = compile_ir(MISCHED_FUNC_CALL, t).asm
    broken = good.replace("call.uni (retval0),", "call.uni (retval0), mul.lo.s32 %r7, %r10;")
    with pytest.raises(ToolFailed, match="ptxas rejected the PTX for sm_90"):
        t.validate(broken)


def test_no_ptxas_means_not_validated(monkeypatch):
    monkeypatch.setattr(nvptx, "find_ptxas", lambda: None)
    nvptx.run_ptxas.cache_clear()
    try:
        res = compile_ir(MISCHED_FUNC_CALL, parse_target("sm_90"))
    finally:
        nvptx.run_ptxas.cache_clear()
    assert res.validated is None
