"""Static metrics parsing on small hand-written assembly (no compiler needed)."""
from agentsched.targets.amdgpu import hottest_loop, occupancy_from_vgprs
from agentsched.targets.amdgpu import kernel_metrics as amdgpu_metrics

NESTED = """\
k:
; %bb.0:
\tv_mov_b32 v0, 0
.LBB0_1:                                ; =>This Loop Header: Depth=1
                                        ;     Child Loop BB0_2 Depth 2
\tv_add_f32 v1, v1, v0
.LBB0_2:                                ;   Parent Loop BB0_1 Depth=1
                                        ; =>  This Inner Loop Header: Depth=2
\tv_fma_f32 v2, v3, v4, v2
\ts_cbranch_scc1 .LBB0_2
; %bb.3:                                ;   in Loop: Header=BB0_2 Depth=2
\tv_mul_f32 v5, v5, v2
\ts_branch .LBB0_2
; %bb.4:                                ;   in Loop: Header=BB0_1 Depth=1
\tv_sub_f32 v6, v6, v1
\ts_cbranch_vccnz .LBB0_1
; %bb.5:
\ts_endpgm
"""

SINGLE = """\
k:
; %bb.0:
\ts_mov_b32 s0, 0
.LBB0_2:                                ; =>This Inner Loop Header: Depth=1
\tv_fma_f32 v2, v3, v4, v2    ; a comment
\ts_cbranch_scc1 .LBB0_2
; %bb.3:
\ts_endpgm
"""


def test_hottest_loop_takes_the_deepest_loop_with_its_header_block():
    assert hottest_loop(NESTED) == ["v_fma_f32 v2, v3, v4, v2", "v_mul_f32 v5, v5, v2"]


def test_hottest_loop_single_block_loop():
    assert hottest_loop(SINGLE) == ["v_fma_f32 v2, v3, v4, v2"]


def test_hottest_loop_runs_through_debug_labels():
    """Triton's kernels carry line info: .Ltmp labels between a block's instructions are not
    block boundaries (they once cut the loop at a point that moved with the schedule)."""
    asm = SINGLE.replace("\ts_cbranch_scc1", ".Ltmp3:\n\t.loc\t1 62 45\n\tv_mul_f32 v5, v5, v2\n"
                         "\ts_cbranch_scc1")
    assert hottest_loop(asm) == ["v_fma_f32 v2, v3, v4, v2", "v_mul_f32 v5, v5, v2"]


def test_no_loop_gives_nothing():
    assert hottest_loop("k:\n; %bb.0:\n\tv_mov_b32 v0, 0\n\ts_endpgm\n") == []


def test_amdgpu_kernel_info():
    asm = ("; Kernel info:\n; codeLenInByte = 100\n; NumSgprs: 18\n; NumVgprs: 55\n"
           "; ScratchSize: 16\n; Occupancy: 16\n    .sgpr_spill_count: 1\n"
           "    .vgpr_spill_count: 2\n")
    m = amdgpu_metrics(asm)
    assert (m.vgpr, m.sgpr, m.occupancy, m.spills, m.scratch_bytes, m.code_bytes) == \
        (55, 18, 16, 3, 16, 100)


def test_occupancy_tables():
    assert [occupancy_from_vgprs("gfx1100", v) for v in (96, 97, 120, 144, 256)] == \
        [16, 12, 12, 10, 5]
    assert [occupancy_from_vgprs("gfx90a", v) for v in (64, 65, 128, 256)] == [8, 7, 4, 2]


def test_occupancy_of_gfx11_parts_with_1024_vgprs():
    # llc-19's own `; NumVgprs` / `; Occupancy` for fa_decode: gfx1100/gfx1101 (1536 VGPRs)
    # 215 -> 7, gfx1102/gfx1103 215 -> 4, gfx1150 209 -> 4, gfx1151 207 -> 7
    assert occupancy_from_vgprs("gfx1100", 215) == 7
    assert occupancy_from_vgprs("gfx1101", 215) == 7
    assert occupancy_from_vgprs("gfx1102", 215) == 4
    assert occupancy_from_vgprs("gfx1103", 215) == 4
    assert occupancy_from_vgprs("gfx1150", 209) == 4
    assert occupancy_from_vgprs("gfx1151", 207) == 7
