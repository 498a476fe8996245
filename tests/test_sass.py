"""agentsched.targets.sass: control codes, structure and features of Hopper SASS.

The committed texts are nvdisasm 12.8 output (`-c -hex`) of cubins ptxas 13.0 made from the
corpus (tests/data/sass/): sgemm_smem_32 whole (ELF mode: a kernel with a nested loop, global
loads feeding shared stores, shared loads feeding FFMAs), and an excerpt of Triton's softmax
(async copies: LDGSTS, LDGDEPBAR, DEPBAR.LE, LDSM). The expected values below were read off
the text by hand (the decoded control codes are in the comments)."""
import shutil
from pathlib import Path

import pytest

from agentsched.targets import sass

DATA = Path(__file__).parent / "data" / "sass"
SGEMM = "_Z22sgemm_shared_mem_blockILi32EEviiifPKfS1_fPf"

requires_nvdisasm = pytest.mark.skipif(sass.find_nvdisasm() is None,
                                       reason="no nvdisasm (a CUDA toolkit, the "
                                              "nvidia-cuda-nvdisasm wheel or triton)")


@pytest.fixture(scope="module")
def sgemm() -> sass.Function:
    funcs = sass.parse_nvdisasm((DATA / "sgemm_smem_32.txt").read_text())
    assert list(funcs) == [SGEMM]
    return sass.Function(SGEMM, funcs[SGEMM], registers=19, block_threads=1024)


def at(fn: sass.Function, offset: int) -> sass.Instruction:
    return next(i for i in fn.instructions if i.offset == offset)


def test_control_code_fields_from_the_high_word():
    # S2R R2, SR_TID.X: 0x000e220000002100 -> ctrl 0x711
    c = sass.Control.decode(0x000E220000002100)
    assert (c.stall, c.yields, c.write_barrier, c.read_barrier, c.waits, c.reuse) == \
        (1, False, 0, None, (), 0)
    # IMAD R16, R5.reuse, UR18, R4.reuse (reuse of operands A and C): 0x140fe2000f8e0204 -> 0xa07f1
    c = sass.Control.decode(0x140FE2000F8E0204)
    assert c.reuse == 0b101 and c.stall == 1
    assert c.text() == "[B-:R-:W-:-:S01]"


def test_decoded_instructions_of_sgemm(sgemm):
    assert len(sgemm.instructions) == 96
    s2r = at(sgemm, 0x20)
    assert (s2r.opcode, s2r.operands, s2r.ctrl.write_barrier) == ("S2R", ["R2", "SR_TID.X"], 0)
    lop = at(sgemm, 0xB0)  # LOP3.LUT R4, R2, ...: waits for S2R's scoreboard 0
    assert lop.ctrl.waits == (0,) and lop.operands[1] == "R2"
    ldg5, ldg7 = at(sgemm, 0x2D0), at(sgemm, 0x2E0)  # [B-:R-:W2:-:S04] / [B-:R-:W3:-:S01]
    assert ldg5.opcode == "LDG.E" and ldg5.operands == ["R5", "desc[UR16][R4.64]"]
    assert (ldg5.ctrl.write_barrier, ldg5.ctrl.stall) == (2, 4)
    assert (ldg7.ctrl.write_barrier, ldg7.ctrl.stall) == (3, 1)
    sts5, sts7 = at(sgemm, 0x350), at(sgemm, 0x360)  # each STS waits for its LDG
    assert sts5.ctrl.waits == (2,) and sts5.operands[-1] == "R5"
    assert sts7.ctrl.waits == (3,) and sts7.operands[-1] == "R7"
    assert sts7.ctrl.read_barrier == 0  # sources read: R7 may be overwritten after SB0
    lds128 = at(sgemm, 0x390)  # LDS.128 R4 overwrites R4..R7: waits for the STS's read (SB0)
    assert lds128.opcode == "LDS.128" and lds128.ctrl.waits == (0,)
    assert lds128.ctrl.write_barrier == 0 and sass.access_bytes(lds128.opcode) == 16
    lds12 = at(sgemm, 0x3F0)  # [B-:R3:W4:-:S02] LDS R12, [R13+0x80]
    assert (lds12.ctrl.read_barrier, lds12.ctrl.write_barrier) == (3, 4)
    assert at(sgemm, 0x400).ctrl.waits == (3,)  # VIADD R13 (WAR on the LDS's address)
    assert at(sgemm, 0x440).ctrl.waits == (4,)  # FFMA R9, R12, ...
    bra = at(sgemm, 0x450)
    assert (bra.pred, bra.opcode, bra.target) == ("@P1", "BRA", 0x380)
    assert at(sgemm, 0x30).ctrl.yields and not at(sgemm, 0x20).ctrl.yields


def test_blocks_and_nested_loops(sgemm):
    # two backward branches: 0x490 -> 0x280 (outer), 0x450 -> 0x380 (inner); the
    # self-branch after EXIT (0x570) pads the kernel and is no loop
    loops = [(sgemm.instructions[lp.start].offset, sgemm.instructions[lp.end].offset, lp.depth)
             for lp in sgemm.loops]
    assert loops == [(0x280, 0x490, 1), (0x380, 0x450, 2)]
    hot = sgemm.hot_loop()
    assert (hot.start, hot.end, hot.size) == (56, 69, 14)
    starts = [sgemm.instructions[b.start].offset for b in sgemm.blocks]
    assert starts == [0x0, 0x100, 0x280, 0x380, 0x460, 0x4A0, 0x570, 0x580]
    inner = starts.index(0x380)
    assert sorted(sgemm.blocks[inner].succs) == [inner, inner + 1]  # back edge, fall-through
    assert sgemm.blocks[starts.index(0x570)].succs == [starts.index(0x570)]


def test_features_of_the_hot_loop(sgemm):
    f = sass.features(sgemm)
    # the inner loop, 0x380..0x450: 5 LDS (one .128), 4 FFMA, UIADD3, UISETP, PLOP3, VIADD, BRA
    assert (f["l_n_instr"], f["l_n_lds"], f["l_op_ffma"], f["l_n_branch"]) == (14, 5, 4, 1)
    assert f["l_bytes_lds"] == 4 + 16 + 4 + 4 + 4
    assert f["l_stall_sum"] == 39 and f["l_issue_cycles"] == 39
    assert f["l_n_wait"] == 6 and f["l_n_yield"] == 5
    # shared loads with a scoreboard (LDS.128 R4, R10, R11, R12) to their FFMA: 8, 7, 6, 5
    # instructions, 16 stall cycles each (LDS R8 has none: LDS.128's scoreboard covers it)
    assert f["l_n_s_prod"] == 4
    assert (f["l_dist_s_instr_min"], f["l_dist_s_instr_mean"]) == (5, 6.5)
    assert (f["l_dist_s_cyc_min"], f["l_dist_s_cyc_mean"]) == (16, 16)
    assert f["l_mlp_s_max"] == 4 and f["l_n_g_prod"] == 0 and f["l_mlp_g_max"] == 0
    # one warp, LDS 30 cycles, read scoreboards 10 (sass.LATENCY): issue at 0, 4, 5, 8, 9, 12,
    # 15, 16 (LDS R12: SB3 read at 26, SB4 written at 46); VIADD waits for SB3 until 26,
    # the first FFMA for LDS.128 (issued at 4) until 34, the others find their LDS done
    # exactly when their stalls run out (38, 42, 46); the BRA ends the pass at 47 + 6 = 53
    assert f["l_lat_cycles"] == 53 and f["l_lat_stall"] == 53 - 39
    # whole kernel: 3 LDG (two in the outer loop, one in the epilogue), 1 STG, 2 BAR
    assert (f["k_n_ldg"], f["k_n_stg"], f["k_op_bar"], f["k_n_instr"]) == (3, 1, 2, 96)
    assert f["k_n_g_prod"] == 3 and f["k_dist_g_instr_min"] == 1  # LDG R0 -> FMUL R0
    assert f["loop_depth"] == 2 and f["n_loops"] == 2 and f["registers"] == 19
    assert f["occ_warps"] == 64  # 19 registers, 1024 threads: two blocks of 32 warps


def test_async_copies_excerpt():
    funcs = sass.parse_nvdisasm((DATA / "triton_softmax_async_excerpt.txt").read_text())
    instrs = funcs[""]  # no section: a raw stream
    assert len(instrs) == 74
    by = {i.offset: i for i in instrs}
    commit = by[0xC10]  # [B-:R-:W0:-:S10] LDGDEPBAR
    assert commit.opcode == "LDGDEPBAR" and commit.ctrl.write_barrier == 0
    assert commit.ctrl.stall == 10 and commit.unit == "sync"
    ldgsts = by[0xB90]
    assert ldgsts.unit == "ldgsts" and ldgsts.ctrl.read_barrier == 1
    depbar = next(i for i in instrs if i.base == "DEPBAR")
    assert depbar.opcode == "DEPBAR.LE" and sass._depbar_arg(depbar) == (0, 2)
    ldsm = by[0x1020]
    assert ldsm.opcode == "LDSM.16.M88.4" and sass.access_bytes(ldsm.opcode) == 16
    assert ldsm.ctrl.write_barrier == 3
    # one walk: the 4 LDGSTS of the excerpt are committed as one group at 0xc10, which
    # DEPBAR.LE SB0, 2 does not retire (it leaves two groups outstanding): 4 stay in flight
    w = sass._walk(instrs, passes=1)
    assert "a" not in w["dists"] and max(w["inflight_g"]) == 4 and w["inflight_g"][-1] == 4


def test_unit_classes():
    assert [sass.unit_of(o) for o in ("FFMA", "IMAD", "HGMMA", "MUFU", "LDGSTS", "ULDC",
                                       "STL", "BAR", "XYZ")] == \
        ["fp32", "int", "tensor", "sfu", "ldgsts", "uniform", "stl", "sync", "other"]
    assert sass.access_bytes("LDG.E.64.CONSTANT") == 8
    assert sass.access_bytes("STG.E.U16") == 2 and sass.access_bytes("LDS") == 4


@requires_nvdisasm
def test_a_suite_kernel_through_ptxas_and_nvdisasm(tmp_path):
    from agentsched.api import compile
    from agentsched.tools.programs import find_ptxas
    if find_ptxas() is None:
        pytest.skip("no ptxas")
    out = tmp_path / "k.cubin"
    res = compile("fused_mlp", "sm_90", output=out)
    cub = sass.read_cubin(out)
    assert cub.arch == "sm_90"
    [fn] = sass.disassemble(out, res.entry)
    assert fn.name == "fused_mlp" and fn.registers == res.metrics.vgpr
    assert fn.shared_bytes == res.metrics.shared_bytes and fn.block_threads == 256
    if shutil.which("cuobjdump") or sass.find_nvdisasm():
        cuobj = Path(sass.find_nvdisasm()).with_name("cuobjdump")
        if cuobj.exists():
            import subprocess
            usage = subprocess.run([str(cuobj), "-res-usage", str(out)], capture_output=True,
                                   text=True).stdout
            assert f"REG:{fn.registers} " in usage
    # every LDG's write scoreboard is waited on later (the loop's prefetch in the next pass)
    f = sass.features(fn)
    hot = fn.hot_loop()
    assert hot is not None and f["l_n_ldg"] >= 1 and f["l_n_g_prod"] == f["l_n_ldg"]
    assert f["l_op_ffma"] >= 64 and f["l_dist_g_instr_min"] > 0
    # the same code through the batch path
    [[again]] = sass.disassemble_many([out.read_bytes()], [res.entry])
    assert [i.text() for i in again.instructions] == [i.text() for i in fn.instructions]


@requires_nvdisasm
def test_triton_async_copy_pipeline(tmp_path):
    pytest.importorskip("triton")
    import corpus
    from agentsched.llvm.compile import compile_ir
    k = corpus.get("triton_softmax_float32_1000_w4")
    ir, t = k.ir("sm_90")
    res = compile_ir(ir, t)
    [fn] = sass.disassemble(res.module(".cubin"), res.entry)
    f = sass.features(fn)
    body = fn.body(fn.hot_loop())
    assert any(i.opcode == "DEPBAR.LE" for i in body)
    # each group is retired by a DEPBAR.LE a pass later: the distance spans the loop
    assert f["l_n_a_prod"] >= 1 and f["l_dist_a_instr_min"] >= len(body) // 2
    assert f["l_mlp_g_max"] >= 8  # a group of LDGSTS in flight


def test_scheduler_simulation_of_the_hot_loop(sgemm):
    body = sgemm.body(sgemm.hot_loop())
    # one warp: the one-warp walk (53 cycles a pass, see above)
    assert sass.simulate_scheduler(body, 1, 1, mio=False) == 53
    # two warps overlap completely: 53 cycles for two passes
    assert sass.simulate_scheduler(body, 2, 2, mio=False) == 26.5
    # many warps: bound by issue, 14 instructions a pass (the window's edges: within 2%)
    assert 14 * 0.98 <= sass.simulate_scheduler(body, 16, 16, mio=False) <= 14
    # shared memory: 32 B per thread a pass = 1 KB per warp, 32 B/cycle per sub-partition
    assert sass.simulate_scheduler(body, 16, 16, mio=True) == pytest.approx(32, rel=0.01)


@requires_nvdisasm
def test_both_cubin_layouts(tmp_path):
    """ptxas 12 (SM in e_flags' low byte) and 13 (bits 8-15) write different ELF headers."""
    import re
    import subprocess

    from agentsched.api import compile
    from agentsched.tools.programs import _wheel_ptxas, find_ptxas
    tools = {p for p in (find_ptxas(), _wheel_ptxas()) if p and Path(p).exists()}
    if not tools:
        pytest.skip("no ptxas")
    res = compile("fused_mlp", "sm_90", output=tmp_path / "k.ptx")
    for i, ptxas in enumerate(sorted(tools)):
        out = tmp_path / f"k{i}.cubin"
        proc = subprocess.run([ptxas, "-arch=sm_90", "-O3", "-v", str(tmp_path / "k.ptx"),
                               "-o", str(out)], capture_output=True, text=True, check=True)
        regs = int(re.search(r"Used (\d+) registers", proc.stderr).group(1))
        smem = int(re.search(r"(\d+) bytes smem", proc.stderr).group(1))
        cub = sass.read_cubin(out)
        [f] = cub.functions
        assert (cub.arch, f.name, f.registers, f.shared_bytes) == ("sm_90", res.entry, regs, smem)
        [fn] = sass.disassemble(out, res.entry)
        assert fn.hot_loop() is not None and fn.instructions[0].opcode == "LDC"
