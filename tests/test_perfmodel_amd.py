"""The analytic AMDGPU performance model (agentsched.targets.perfmodel_amd): features of a
hand-checked listing, occupancy against LLVM's rules and LLVM's own figures, the prediction's
identity and its 'sure' rule, and its uses (search --objective predicted, select) with the
real llc-19 and llvm-mca-19. Nothing here is timed: there is no AMD GPU."""
import math

import pytest

from agentsched.targets import parse_target
from agentsched.targets import perfmodel_amd as pa

from .conftest import DATA, requires_llvm

# A kernel written by hand for gfx1100, in llc-19's layout (code, "; -- End function", kernel
# info comments, the metadata): one loop (.LBB0_1, closed by the backward s_cbranch_scc1)
# of 9 instructions, one of them a spill store.
LISTING = """\
\t.text
\t.amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
\t.globl\tk
\t.p2align\t8
\t.type\tk,@function
k:
\ts_load_b64 s[0:1], s[0:1], 0x0
\tv_mov_b32_e32 v1, 0
\ts_waitcnt lgkmcnt(0)
\ts_cbranch_scc1 .LBB0_3
.LBB0_1:                                ; =>This Inner Loop Header: Depth=1
\tglobal_load_b32 v2, v1, s[0:1]
\ts_waitcnt vmcnt(0)
\tv_add_f32_e32 v3, v2, v3
\ts_delay_alu instid0(VALU_DEP_1)
\tv_dual_mul_f32 v4, v3, v3 :: v_dual_mov_b32 v5, v2
\tv_exp_f32_e32 v6, v4
\tscratch_store_b32 off, v6, off offset:4 ; 4-byte Folded Spill
\ts_add_i32 s2, s2, -1
\ts_cmp_lg_u32 s2, 0
\ts_cbranch_scc1 .LBB0_1
; %bb.2:
\tds_store_b32 v1, v3
\ts_nop 0
.LBB0_3:
\ts_endpgm
.Lfunc_end0:
\t.size\tk, .Lfunc_end0-k
                                        ; -- End function
\t.section\t.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 100
; NumSgprs: 18
; NumVgprs: 7
; ScratchSize: 16
; Occupancy: 16
; LDSByteSize: 256 bytes/workgroup (compile time only)
\t.amdgpu_metadata
---
amdhsa.kernels:
  - .group_segment_fixed_size: 256
    .name:           k
    .private_segment_fixed_size: 16
    .sgpr_count:     18
    .sgpr_spill_count: 0
    .vgpr_count:     7
    .vgpr_spill_count: 1
    .wavefront_size: 32
amdhsa.version:
  - 1
  - 2
...
\t.end_amdgpu_metadata
"""
NO_SPILL = LISTING.replace("\tscratch_store_b32 off, v6, off offset:4 ; 4-byte Folded Spill\n",
                           "")


def test_features_of_a_hand_checked_listing():
    f = pa.features(LISTING, "gfx1100", with_mca=False)
    assert (f["vgprs"], f["agprs"], f["sgprs"], f["wave_size"]) == (7, 0, 18, 32)
    assert (f["occupancy_llvm"], f["occupancy_regs"], f["occupancy"]) == (16, 16, 16)
    assert (f["lds_bytes"], f["scratch_bytes"], f["vgpr_spills"], f["spill_instr"]) == \
        (256, 16, 1, 1)
    assert f["n_instr"] == 17
    assert {u: f[f"k_{u}"] for u in pa.UNIT_NAMES if f[f"k_{u}"]} == {
        "smem": 1, "valu": 2, "waitcnt": 2, "branch": 3, "vmem_load": 1, "delay_alu": 1,
        "vopd": 1, "trans": 1, "scratch": 1, "salu": 2, "lds": 1, "nop": 1}
    # the loop: from .LBB0_1 to the branch back, the branch itself not counted
    assert (f["n_loops"], f["loop_depth"], f["l_spills"]) == (1, 1, 1)
    assert {u: f[f"l_{u}"] for u in pa.UNIT_NAMES if f[f"l_{u}"]} == {
        "vmem_load": 1, "waitcnt": 1, "valu": 1, "delay_alu": 1, "vopd": 1, "trans": 1,
        "scratch": 1, "salu": 2}
    assert f["regions"] == [{"weight": 1, "instructions": 9, "spills": 1}]
    cdna = pa.features(LISTING.replace("gfx1100", "gfx942"), "gfx942", with_mca=False)
    assert "k_vopd" not in cdna and "k_delay_alu" not in cdna  # gfx11+ only


def test_nested_loops_are_found_from_backward_branches_and_weighted():
    code = "k:\n.L1:\n s_add_i32 s0, s0, 1\n.L2:\n v_add_f32_e32 v0, v0, v0\n" \
           " s_cbranch_scc1 .L2\n s_cbranch_scc0 .L1\n s_endpgm\n"
    loops = pa.find_loops(code)
    assert [(lp.depth, lp.body) for lp in loops] == [(1, ["s_add_i32 s0, s0, 1"]),
                                                    (2, ["v_add_f32_e32 v0, v0, v0"])]


@pytest.mark.parametrize("target,regs,waves", [
    # gfx90a: 512 VGPRs (+AGPRs, one file) per SIMD lane, granule 8, at most 8 waves;
    # SGPRs above 100 leave 7
    ("gfx90a", (64, 0, 20), 8), ("gfx90a", (76, 0, 20), 6), ("gfx90a", (128, 0, 20), 4),
    ("gfx90a", (256, 0, 20), 2), ("gfx90a", (512, 0, 20), 1),
    ("gfx90a", (66, 64, 20), 3),  # align(66, 4) + 64 = 132 -> 136
    ("gfx90a", (32, 0, 100), 8), ("gfx90a", (32, 0, 102), 7),
    # gfx1100: 1536 VGPRs (wave32), granule 24, at most 16 waves; SGPRs never limit
    ("gfx1100", (55, 0, 20), 16), ("gfx1100", (96, 0, 20), 16),
    ("gfx1100", (128, 0, 20), 10), ("gfx1100", (256, 0, 106), 5)])
def test_occupancy_from_registers(target, regs, waves):
    assert pa.occupancy(target, *regs) == waves


def test_the_prediction_of_the_default_itself_is_one_and_not_sure():
    [p] = pa.load("gfx1100").predict_asm([LISTING], LISTING)
    assert (p.speedup, p.lo, p.hi, p.sure) == (1.0, 1.0, 1.0, False)
    assert p.as_dict()["calibrated"] is False
    f = pa.features(LISTING, "gfx1100")
    q = pa.predict_pair(f, f)  # equal features, another module: the formula's 1, wide
    assert q.speedup == 1.0 and not q.sure and q.lo < 1 < q.hi
    assert math.isclose(q.hi, pa.INTERVAL_FLOOR)


def test_only_spill_code_in_a_loop_makes_it_sure():
    spill, clean = pa.features(LISTING, "gfx1100"), pa.features(NO_SPILL, "gfx1100")
    assert spill["regions"][0]["cycles"] is not None  # llvm-mca-19 estimated the loop
    slower, faster = pa.predict_pair(spill, clean), pa.predict_pair(clean, spill)
    assert slower.sure and slower.hi < 1 and slower.basis.startswith("sure slower")
    assert faster.sure and faster.lo > 1 and faster.basis.startswith("sure faster")
    # without the rule the formula alone always reaches across 1
    fewer = dict(clean, regions=[dict(r, cycles=r["cycles"] / 2) for r in clean["regions"]])
    p = pa.predict_pair(fewer, clean)
    assert p.speedup > 1 and not p.sure and p.lo < 1
    assert math.isclose(p.lo, 1 / pa.INTERVAL_FLOOR)


def test_select_keeps_llvms_schedule_when_the_model_is_not_sure():
    from agentsched.searches.predicted import Candidate, choose
    llvm = Candidate("llvm", b"a", "LLVM's", pa.IDENTICAL)
    unsure = Candidate("policy", b"b", "p", pa.AmdPrediction(1.05, 0.95, 1.16, "formula"))
    chosen, reason, check = choose([llvm, unsure], None, no_gpu="no AMD GPU")
    assert chosen == "llvm" and "no AMD GPU" in reason and check is None
    sure = Candidate("tuned", b"c", "t", pa.AmdPrediction(1.2, 1.001, 1.3, "sure faster"))
    assert choose([llvm, unsure, sure], None)[0] == "tuned"


def test_unsupported_gpus_are_refused():
    from agentsched.searches.predicted import check_target
    check_target(parse_target("gfx942"))
    with pytest.raises(ValueError, match="AMD"):
        check_target(parse_target("gfx1030"))


@requires_llvm
def test_search_and_select_with_the_amd_model_need_no_gpu(tmp_path):
    from agentsched import api
    from agentsched.searches.run import run_search
    kernel = DATA / "gemm_tile.cu"  # a loop with a nested copy loop
    out = run_search(kernel, "gfx1100", objective="predicted", budget=4, workers=1,
                     method="evolve", population=2).to_dict()
    assert out["objective"] == "predicted" and out["evaluations"] >= 1
    assert out.get("timing") is None and out["default"]["cost"][0] == 1.0
    pred = out["best"]["predicted"]
    assert pred["calibrated"] is False and pred["lo"] <= pred["speedup"] <= pred["hi"]
    assert math.isclose(out["best"]["cost"][0], 1 / pred["speedup"], rel_tol=1e-3)
    result, sel = api.select(kernel, "gfx1100", output=tmp_path / "k.s")
    assert [c["name"] for c in sel["candidates"]][:2] == ["llvm", "policy"]
    # the shipped policy spills nowhere here: not sure, so LLVM's, and no GPU check on AMD
    policy = sel["candidates"][1]["predicted"]
    assert policy["basis"] == "formula" and not policy["sure"] and policy["hi"] >= 1
    assert sel["chosen"] == "llvm" and "skipped on AMD" in sel["reason"]
    assert sel["gpu_check"] is None and (tmp_path / "k.s").read_text().startswith("\t.text")
    # LLVM's own occupancy of a real kernel is the registers' (its LDS does not limit it)
    for name in ("gfx1100", "gfx942", "gfx90a"):
        f = pa.features(api.compile(kernel, name).asm, name, with_mca=False)
        assert f["occupancy_regs"] == f["occupancy_llvm"], name
