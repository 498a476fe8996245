"""The static sm_90 performance model (agentsched.targets.perfmodel) and its uses
(agentsched.searches.predicted): pair features on hand-checked SASS, the exported model's round
trip, the per-kernel choice falling back to LLVM's schedule when the model is not sure, a
search with objective 'predicted' (real compiles, ptxas and nvdisasm; no GPU)."""
import json
import math
import shutil
from pathlib import Path

import numpy as np
import pytest

from agentsched.targets import parse_target, perfmodel, sass
from agentsched.tools.programs import find_ptxas

DATA = Path(__file__).parent / "data" / "sass"
SGEMM = "_Z22sgemm_shared_mem_blockILi32EEviiifPKfS1_fPf"

requires_tools = pytest.mark.skipif(
    shutil.which("llc-19") is None or find_ptxas() is None or sass.find_nvdisasm() is None,
    reason="needs llc-19, ptxas and nvdisasm")


def _sgemm(registers: int, drop: int | None = None) -> sass.Function:
    ins = sass.parse_nvdisasm((DATA / "sgemm_smem_32.txt").read_text())[SGEMM]
    if drop is not None:
        ins = [i for i in ins if i.offset != drop]
    return sass.Function(SGEMM, ins, registers=registers, block_threads=1024)


def test_pair_features_of_hand_checked_sass():
    # the committed sgemm_smem_32 (tests/test_sass.py): 96 instructions, block 1024, the hot
    # loop 0x380..0x450; the variant drops the FFMA at 0x440 (in the hot loop) and is given
    # 40 registers instead of 19
    d = sass.features(_sgemm(19))
    v = sass.features(_sgemm(40, drop=0x440))
    f = perfmodel.pair_features(v, d)
    assert f["d_registers"] == 21 and math.isclose(f["r_registers"], math.log(41 / 20))
    # occupancy: 19 registers -> 24 per thread, 768 per warp: the 64-warp limit, 2 blocks of
    # 32 warps; 40 -> 1280 per warp, 51 warps of registers: one block, 32 warps
    assert (d["occ_warps"], v["occ_warps"]) == (64, 32)
    assert f["d_occ_warps"] == -32 and math.isclose(f["r_occ_warps"], math.log(33 / 65))
    assert f["d_k_n_instr"] == -1 and f["d_l_n_instr"] == -1
    assert f["d_k_op_ffma"] == -1 and f["d_l_op_ffma"] == -1 and f["d_l_n_fp32"] == -1
    assert f["d_l_n_lds"] == 0 and f["d_local_bytes"] == 0 and f["r_l_n_ldg"] == 0
    # the FFMA at 0x440 waited on the LDS's scoreboard 4 (tests/test_sass.py): one fewer
    # instruction that waits
    assert f["d_l_n_wait"] == -1
    assert set(f) == set(perfmodel.PAIR_FEATURES)
    same = perfmodel.pair_features(d, d)
    assert all(x == 0 for x in same.values())


def _toy_model(tmp_path):
    lgb = pytest.importorskip("lightgbm")
    rng = np.random.default_rng(1)
    names = list(perfmodel.PAIR_FEATURES[:6])
    x = rng.normal(size=(400, len(names)))
    x[rng.random(x.shape) < 0.05] = np.nan  # missing values take LightGBM's default branch
    x[:, 2] = np.round(x[:, 2])  # ties on thresholds
    y = 0.05 * np.nan_to_num(x[:, 0]) - 0.03 * (np.nan_to_num(x[:, 2]) > 0) + \
        rng.normal(0, 0.01, 400)
    p = {"verbose": -1, "num_leaves": 7, "min_data_in_leaf": 5, "seed": 0,
         "deterministic": True, "num_threads": 1}
    boosters = [lgb.train({**p, "objective": "regression"}, lgb.Dataset(x, y), 40),
                lgb.train({**p, "objective": "quantile", "alpha": 0.1}, lgb.Dataset(x, y), 40),
                lgb.train({**p, "objective": "quantile", "alpha": 0.9}, lgb.Dataset(x, y), 40)]
    trees = [perfmodel.trees_from_lightgbm(b.dump_model()) for b in boosters]
    model = perfmodel.PerfModel(names, *trees, scale=1.5, meta={"data": {"sha256": "x"}})
    path = tmp_path / "m.json"
    model.write(path)
    return boosters, x, path


def test_model_round_trip_gives_the_same_predictions(tmp_path):
    boosters, x, path = _toy_model(tmp_path)
    loaded = perfmodel.load(path)
    for b, t in zip(boosters, (loaded.mean, loaded.lo, loaded.hi)):
        assert np.max(np.abs(b.predict(x) - t.predict(x))) < 1e-12
    m, lo, hi = loaded.predict_log(x)
    assert np.all(lo <= m + 1e-12) and np.all(hi >= m - 1e-12)
    assert loaded.meta["data"]["sha256"] == "x" and len(loaded.sha256) == 64
    # written again, the same bytes: the file is its own identity (caches key on it)
    again = tmp_path / "again.json"
    loaded.write(again)
    assert again.read_bytes() == path.read_bytes()


def test_bad_model_files_are_refused_with_the_file_named(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    with pytest.raises(perfmodel.PerfModelError, match="bad.json:1"):
        perfmodel.load(bad)
    bad.write_text(json.dumps({"format": perfmodel.FORMAT, "features": ["d_nonsense"]}))
    with pytest.raises(perfmodel.PerfModelError, match="d_nonsense"):
        perfmodel.load(bad)
    d = {"format": perfmodel.FORMAT, "features": ["d_registers"],
         "mean": {"trees": [{"feature": [3], "threshold": [0.0], "left": [-1], "right": [-2],
                             "default_left": [1], "leaf": [0.0, 1.0]}]}}
    bad.write_text(json.dumps(d))
    with pytest.raises(perfmodel.PerfModelError, match="mean: tree 0 is malformed"):
        perfmodel.load(bad)


def test_the_shipped_model_loads_and_says_what_it_was_trained_on():
    m = perfmodel.load()
    assert m.meta["target"] == "sm_90" and len(m.meta["data"]["sha256"]) == 64
    assert set(m.features) <= set(perfmodel.PAIR_FEATURES)
    # issue 22's evidence kernels are not in its training data
    trained = set(m.meta["data"]["kernels"])
    assert not {k for k in trained if "conv" in k or "nbody" in k or "vectorize" in k
                or "dbuf" in k}
    # a schedule identical to LLVM's changes nothing: every difference is 0
    d = sass.features(_sgemm(19))
    [p] = m.predict_pairs([d], d)
    assert p.lo <= p.speedup <= p.hi


def _cands(*preds):
    from agentsched.searches.predicted import Candidate
    out = [Candidate("llvm", b"llvm", "LLVM's", perfmodel.Prediction(1, 1, 1))]
    for i, p in enumerate(preds):
        out.append(Candidate(("policy", "tuned")[i], f"m{i}".encode(), "x",
                             perfmodel.Prediction(*p)))
    return out


def test_choice_falls_back_to_llvm_when_the_model_is_not_sure():
    from agentsched.searches.predicted import choose
    chosen, reason, check = choose(_cands((1.04, 0.98, 1.10), (1.01, 0.95, 1.06)))
    assert chosen == "llvm" and "not sure" in reason and "straddles 1" in reason
    assert check is None
    # sure: the interval above 1
    chosen, reason, _ = choose(_cands((1.04, 0.98, 1.10), (1.06, 1.02, 1.12)))
    assert chosen == "tuned" and "sure" in reason
    # every other schedule predicted slower, surely: LLVM's
    chosen, reason, _ = choose(_cands((0.9, 0.85, 0.95)))
    assert chosen == "llvm" and "slower" in reason


class _StandInTimer:
    """A GPU timer's interface for the choice's GPU check: speedups by module."""
    def __init__(self, speedups):
        self.speedups, self.asked, self.closed = speedups, None, False

    def confirm(self, modules, rounds, reps):
        self.asked = dict(modules)
        return {"variants": {n: {"ok": True, "speedup": self.speedups[m],
                                 "speedup_ci": [self.speedups[m] - 0.002,
                                                self.speedups[m] + 0.002]}
                             for n, m in modules.items()},
                "noise_floor": {"bound": 0.003}}

    def close(self):
        self.closed = True


def test_choice_asks_the_gpu_when_not_sure_and_a_gpu_is_at_hand():
    from agentsched.searches.predicted import choose
    t = _StandInTimer({b"m0": 1.05, b"m1": 0.99})
    chosen, reason, check = choose(_cands((1.04, 0.98, 1.10), (1.01, 0.95, 1.06)), lambda: t)
    assert chosen == "policy" and "GPU check" in reason and t.closed
    assert set(t.asked) == {"policy", "tuned"} and check["speedups"]["policy"] == 1.05
    t = _StandInTimer({b"m0": 1.001, b"m1": 0.99})  # within the A/A noise: LLVM's
    chosen, reason, _ = choose(_cands((1.04, 0.98, 1.10), (1.01, 0.95, 1.06)), lambda: t)
    assert chosen == "llvm" and "A/A" in reason


class _CountingTimer:
    suffix = ".cubin"

    def __init__(self):
        self.timed = []

    def measure(self, modules):
        self.timed.append(len(modules))
        return [0.5] * len(modules)

    def identity(self):
        return "counting"

    def screening_summary(self):
        return {}

    def close(self):
        pass


@requires_tools
def test_screening_never_times_llvms_own_code():
    from agentsched.kernels.ref import resolve_kernel
    from agentsched.searches.predicted import PredictedTimer, ScreenedTimer
    from agentsched.searches.run import replay_module
    t = parse_target("sm_90")
    ir = resolve_kernel("gemm8x8").ir(t)
    default = replay_module(ir, t, "target", ".cubin")
    inner = _CountingTimer()
    screened = ScreenedTimer(inner, PredictedTimer(t, default), 0.2)
    ratios = screened.measure([default] * 10)
    # ten copies of LLVM's own code: its ratio is 1 without timing (2 were allowed)
    assert inner.timed == [] and ratios == [1.0] * 10
    assert screened.screening_summary()["screen"] == {"fraction": 0.2, "asked": 10,
                                                      "distinct": 0, "timed": 0}


class _HashGpu:
    """Stands for the GPU in a search: a module's ratio is a function of its bytes."""
    suffix = ".cubin"

    def __init__(self):
        self.timed = []

    def ratio(self, m):
        import hashlib
        return 0.9 + int(hashlib.sha256(m).hexdigest()[:4], 16) % 200 / 1000.0

    def measure(self, modules):
        self.timed += list(modules)
        return [self.ratio(m) for m in modules]

    def confirm(self, modules, rounds, reps):
        v = {"default": {"ok": True, "speedup": 1.0, "speedup_ci": [1.0, 1.0]}}
        for n, m in modules.items():
            s = 1.0 / self.ratio(m)
            v[n] = {"ok": True, "speedup": s, "speedup_ci": [s - 0.001, s + 0.001]}
        return {"variants": v, "noise_floor": {"bound": 0.002}}

    def identity(self):
        return "hash"

    def screening_summary(self):
        return {}

    def close(self):
        pass


@requires_tools
def test_a_screened_search_warms_up_on_real_sass_within_its_budget(tmp_path):
    from agentsched.kernels.ref import resolve_kernel
    from agentsched.searches.predicted import PredictedTimer, ScreenedTimer
    from agentsched.searches.run import replay_module, run_search
    t = parse_target("sm_90")
    default = replay_module(resolve_kernel("gemm8x8").ir(t), t, "target", ".cubin")
    gpu, pred = _HashGpu(), PredictedTimer(t, default)
    screened = ScreenedTimer(gpu, pred, 0.5, warmup=3)
    batches = []
    measure = screened.measure
    screened.measure = lambda ms: (batches.append(list(ms)), measure(ms))[1]  # type: ignore
    out = run_search("gemm8x8", "sm_90", objective="time", budget=8, workers=1,
                     method="evolve", population=4, timer=screened, journal=False,
                     json_out=tmp_path / "s.json").to_dict()
    scr = out["timing"]["screening"]["screen"]
    # the budget is a share of the distinct new codes (what a full search would time)
    assert scr["timed"] == len(gpu.timed) <= math.ceil(0.5 * scr["distinct"])
    assert scr["distinct"] <= scr["asked"]
    assert len(set(gpu.timed)) == len(gpu.timed)  # no code timed twice
    assert scr["calibration"]["calibrated_on"] == len(gpu.timed) >= 2
    # LLVM's own code (the search's seed reproduces it) is never timed: its ratio is 1; the
    # warm-up's picks are away from it (a pair row that is not all zero)
    asked = list(dict.fromkeys(m for b in batches for m in b))
    dflt = [m for m, d in zip(asked, pred.is_default(asked)) if d]
    assert dflt and not set(dflt) & set(gpu.timed)
    assert all(np.abs(r).sum() > 0 for r in pred.pair_rows(gpu.timed[:3]))


@requires_tools
def test_search_with_the_predicted_objective_needs_no_gpu(tmp_path):
    from agentsched.searches.run import run_search
    out = run_search("gemm8x8", "sm_90", objective="predicted", budget=6, workers=1,
                     method="evolve", population=3, json_out=tmp_path / "s.json").to_dict()
    assert out["objective"] == "predicted" and out["evaluations"] >= 1
    assert out.get("timing") is None  # nothing was timed
    best, pred = out["best"], out["best"]["predicted"]
    assert pred["lo"] <= pred["speedup"] <= pred["hi"]
    # the winner's cost is its predicted time ratio; LLVM's default is exactly 1
    assert out["default"]["cost"][0] == 1.0
    assert math.isclose(best["cost"][0], 1 / pred["speedup"], rel_tol=1e-3)
    assert best["cost"][0] <= 1.0 and best["replay_matches"]


@requires_tools
def test_training_against_the_model_extracts_features_in_the_workers():
    """objective 'predicted' in train: each worker compiles, assembles and reads the SASS,
    and only the features come back (no module); LLVM's schedule scores exactly 1, a
    changed schedule the model's prediction, the same as PredictedTimer's for that code."""
    from agentsched.searches.predicted import PredictedTimer
    from agentsched.searches.train import compile_with_policy, corpus_kernels, train
    t = parse_target("sm_90")
    ks, _ = corpus_kernels(Path(__file__).resolve().parents[1] / "corpus", t, split=None,
                           names=["gemm8x8"])
    ir = ks[0].ir
    res = train(ks, t, objective="predicted", budget=4, population=4, workers=1, seed=1)
    assert res.candidates[0].speedups == {"gemm8x8": 1.0}
    assert res.candidates[0].changed == {"gemm8x8": 0}
    moved = [c for c in res.candidates if c.changed["gemm8x8"] > 0]
    assert moved and all(0 < c.speedups["gemm8x8"] < 10 for c in moved)
    assert res.best.fitness >= 1.0  # LLVM's schedule is a candidate: never worse than it
    # the winner's policy file, compiled as a worker does, and scored as a search would
    from agentsched.core.policy import policy_to_dict
    from agentsched.llvm.compile import compile_ir
    pj = json.dumps(policy_to_dict(res.policy))
    got = compile_with_policy(str(ir), "sm_90", pj, None, False, ".cubin", True)
    assert "module" not in got and got["features"] and len(got["code"]) == 64
    mod = compile_with_policy(str(ir), "sm_90", pj, None, False, ".cubin")["module"]
    want = PredictedTimer(t, compile_ir(ir, t).module(".cubin")).predict([mod])[0].speedup
    assert res.best.speedups["gemm8x8"] == pytest.approx(want, rel=1e-9)


def test_fitness_with_the_choice_counts_only_gains():
    from agentsched.searches.train import fitness_of
    assert fitness_of([0.8, 1.21], 1.0, 0.0, with_choice=True) == pytest.approx(1.1)
    assert fitness_of([0.8, 1.21], 1.0, 0.0) < fitness_of([0.8, 1.21], 0.0, 0.0) < 1.0
    assert fitness_of([0.0, 1.2], 1.0, 0.0, with_choice=True) == -math.inf  # a failure


def test_predicted_objective_is_refused_where_no_model_predicts():
    from agentsched.searches.objectives import ObjectiveError, check_measurable
    for name in ("sm_80", "gfx1030"):  # gfx942 and gfx1100: the AMD model (perfmodel_amd)
        with pytest.raises(ObjectiveError, match="sm_90"):
            check_measurable("predicted", parse_target(name))


@requires_tools
def test_select_compiles_the_choice_and_reports_the_prediction(tmp_path):
    from agentsched import api
    out = tmp_path / "k.cubin"
    result, sel = api.select("gemm8x8", "sm_90", gpu="never", output=out)
    names = [c["name"] for c in sel["candidates"]]
    assert names[0] == "llvm" and "policy" in names
    assert sel["chosen"] in names and sel["reason"]
    chosen = next(c for c in sel["candidates"] if c["name"] == sel["chosen"])
    if sel["chosen"] != "llvm":  # only a sure prediction takes another schedule
        assert chosen["predicted"]["sure"] and chosen["predicted"]["lo"] > 1
    assert out.read_bytes()[:4] == b"\x7fELF"
