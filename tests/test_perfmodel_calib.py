"""perfmodel.calibrate: a per-kernel correction of the global model from a few timings."""
import numpy as np

from agentsched.targets import perfmodel


class _Linear:
    """A stand-in global model: predicts x[:, 0] (calibrate needs only predict_log)."""
    def predict_log(self, x):
        m = x[:, 0].copy()
        return m, m - 0.01, m + 0.01


def _spearman(a, b):
    ra, rb = np.argsort(np.argsort(a)), np.argsort(np.argsort(b))
    return float(np.corrcoef(ra, rb)[0, 1])


def test_affine_truth_is_recovered_and_the_raw_model_is_off():
    rng = np.random.default_rng(0)
    x = rng.normal(0, 0.1, size=(200, 3))
    truth = -0.05 - 0.8 * x[:, 0]  # this kernel: the global model's ranking is reversed
    rev = rng.choice(200, 16, replace=False)
    c = perfmodel.calibrate(_Linear(), x[rev], truth[rev], ridge=0.01, neighbours=0)
    assert abs(c.a + 0.05) < 0.02 and abs(c.b + 0.8) < 0.1
    pred = c.predict_log(x)[0]
    assert _spearman(pred, truth) > 0.95
    assert _spearman(_Linear().predict_log(x)[0], truth) < -0.95


def test_neighbour_residuals_recover_a_local_offset():
    rng = np.random.default_rng(1)
    x = rng.normal(0, 1, size=(120, 2))
    truth = x[:, 0] + 0.3 * (x[:, 1] > 0)  # an offset the global model cannot see
    rev = np.arange(0, 120, 3)
    c = perfmodel.calibrate(_Linear(), x[rev], truth[rev], ridge=1.0, neighbours=3)
    rest = np.setdiff1d(np.arange(120), rev)
    err_c = np.abs(c.predict_log(x[rest])[0] - truth[rest]).mean()
    err_g = np.abs(_Linear().predict_log(x[rest])[0] - truth[rest]).mean()
    assert err_c < 0.5 * err_g


def test_no_timings_is_the_global_model_and_fits_are_deterministic():
    x = np.random.default_rng(2).normal(size=(30, 2))
    c0 = perfmodel.calibrate(_Linear(), x[:0], [])
    assert np.array_equal(c0.predict_log(x)[0], x[:, 0])
    y = np.sin(x[:, 1])
    a = perfmodel.calibrate(_Linear(), x[:8], y[:8]).predict_log(x)[0]
    b = perfmodel.calibrate(_Linear(), x[:8], y[:8]).predict_log(x)[0]
    assert np.array_equal(a, b)


class _FakeGpu:
    """Stands for the GPU timer: ratio from a known function of the module's index."""
    suffix = ".cubin"

    def __init__(self, ratio_of):
        self.ratio_of, self.timed = ratio_of, []

    def measure(self, modules):
        self.timed.append(list(modules))
        return [self.ratio_of[m] for m in modules]

    def identity(self):
        return "fake"

    def screening_summary(self):
        return {}

    def close(self):
        pass


class _Pred:
    """Stands for PredictedTimer: the global model predicts x[:, 0] (higher is faster)."""
    model = _Linear()

    def identity(self):
        return "linear"

    def is_default(self, modules):
        return [False] * len(modules)  # no module here is LLVM's own code


def _screened(explore=0.0):
    from agentsched.searches.predicted import ScreenedTimer
    rng = np.random.default_rng(3)
    x = rng.normal(0, 0.1, size=(40, 2))
    mods = [bytes([i]) for i in range(40)]
    # the truth on this kernel reverses the global model: log speedup = -x0
    gpu = _FakeGpu({m: float(np.exp(x[i, 0])) for i, m in enumerate(mods)})
    s = ScreenedTimer(gpu, _Pred(), 0.25, warmup=5, explore=explore)  # type: ignore[arg-type]
    s._rows = lambda ms: x[[m[0] for m in ms]]  # pair rows without compiling
    return s, gpu, mods, x


def test_screened_timer_warms_up_then_ranks_by_the_calibrated_model():
    s, gpu, mods, x = _screened()
    s.measure(mods[:20])  # 5 of 20: all warm-up
    s.measure(mods[20:])  # 5 of the next 20, ranked by the model calibrated on the 5 timings
    first, second = gpu.timed
    assert len(first) == 5 and len(second) == 5
    # calibrated: picks among the truly fastest (lowest x0), not the global model's top
    fast = sorted(range(20, 40), key=lambda i: x[i, 0])
    got = {m[0] for m in second}
    assert len(got & set(fast[:5])) >= 4
    assert not got & set(fast[-5:])  # the uncorrected model's favourites are the slowest
    summ = s.screening_summary()["screen"]
    assert summ["calibration"] == {"warmup": 5, "pick": "diverse", "explore": 0.0,
                                   "calibrated_on": 10}
    s2, gpu2, _, _ = _screened()
    s2.measure(mods[:20])
    s2.measure(mods[20:])
    assert gpu2.timed == gpu.timed  # deterministic


def test_a_module_timed_once_is_not_timed_again():
    s, gpu, mods, x = _screened()
    r1 = s.measure(mods[:20])
    again = [m for m in gpu.timed[0]]
    # the 5 timed again and a new module twice: 27 asked, 2 more to spend, 1 new code
    r2 = s.measure(again + [mods[20], mods[20]])
    assert gpu.timed[1] == [mods[20]]
    assert r2[:5] == [r1[m[0]] for m in again]  # the earlier ratios, not re-timed
    assert all(r != 1.0 for r in r2)
    assert r2[5] == r2[6] == float(np.exp(x[20, 0]))
    assert s.screening_summary()["screen"]["timed"] == 6


def test_the_gp_calibration_explains_what_was_timed_and_is_unsure_far_from_it():
    rng = np.random.default_rng(4)
    x = rng.normal(0, 1, size=(60, 2))
    truth = x[:, 0] + 0.3 * (x[:, 1] > 0)  # an offset the global model cannot see
    rev = np.arange(0, 60, 3)
    c = perfmodel.calibrate_gp(_Linear(), x[rev], truth[rev], x.std(0))
    rest = np.setdiff1d(np.arange(60), rev)
    m, lo, hi = c.predict_log(x)
    err_c = np.abs(m[rest] - truth[rest]).mean()
    err_g = np.abs(x[rest, 0] - truth[rest]).mean()
    assert err_c < 0.6 * err_g
    far = np.array([[40.0, 40.0]])
    fm, flo, fhi = c.predict_log(far)
    # far from every timing: the affine map alone, at the prior's full spread
    assert np.isclose(fm[0], c.affine.predict_log(far)[0][0], atol=1e-6)
    assert np.isclose((fhi - fm)[0], np.sqrt(c.var))
    assert (fhi - fm)[0] > 3 * np.median((hi - m)[rev])
    assert np.allclose(m - lo, hi - m)


def test_exploration_prefers_the_unknown_to_a_near_copy_of_a_timing():
    from agentsched.searches.predicted import ScreenedTimer
    # timed: 4 modules on a line, 2% faster and as fast as LLVM's in turn (what the global
    # model, 0 for all four, cannot explain); then a batch of two: one between two timings
    # (mean about 1%, little doubt) and one far away that the global model puts 0.4% lower
    x = np.array([[0.0, 0.0], [0.0, 0.2], [0.0, 1.0], [0.0, 1.2],
                  [0.0, 0.1], [-0.004, 6.0]])
    mods = [bytes([i]) for i in range(6)]
    for explore, want in ((0.0, 4), (1.0, 5)):
        gpu = _FakeGpu({m: float(np.exp(-v)) for m, v in zip(mods, (0.02, 0, 0.02, 0, 0, 0))})
        s = ScreenedTimer(gpu, _Pred(), 0.8, warmup=4, explore=explore)  # type: ignore[arg-type]
        s._rows = lambda ms: x[[m[0] for m in ms]]
        s.measure(mods[:4] * 2)  # 8 asked, 4 distinct: 0.8 of 4, the 4 warm-up timings
        s.measure(mods[4:])  # 6 distinct: 0.8 of 6 is 5, 1 more
        assert gpu.timed[-1] == [mods[want]], explore


def _clustered(warmup, fraction=0.2, n=20):
    """A ScreenedTimer over n modules whose pair rows sit in 4 tight clusters, one of them
    at LLVM's default (the zero row); the GPU says every module is 2% faster."""
    from agentsched.searches.predicted import ScreenedTimer
    rng = np.random.default_rng(5)
    centres = np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
    x = centres[np.arange(n) % 4] + rng.normal(0, 0.01, size=(n, 2))
    mods = [bytes([i]) for i in range(n)]
    gpu = _FakeGpu({m: 1 / 1.02 for m in mods})
    s = ScreenedTimer(gpu, _Pred(), fraction, warmup=warmup)  # type: ignore[arg-type]
    s._rows = lambda ms: x[[m[0] for m in ms]]
    return s, gpu, mods, x


def test_diverse_warmup_spreads_over_the_schedules_away_from_llvms():
    s, gpu, mods, _ = _clustered(3, fraction=0.15)  # 3 of 20: all warm-up
    s.measure(mods)
    # one module of each cluster that is not LLVM's default's (i % 4 == 0 sits at the zero
    # row, whose ratio is known without timing)
    assert sorted(m[0] % 4 for m in gpu.timed[0]) == [1, 2, 3]


def test_diverse_warmup_continues_from_what_was_timed_in_earlier_batches():
    s, gpu, mods, _ = _clustered(4, fraction=0.25)
    s.measure(mods[:8])  # 2 of 8: clusters 1..3, two of them
    s.measure(mods[8:16])  # 2 more warm-up picks: the cluster not yet timed comes first
    first = {m[0] % 4 for m in gpu.timed[0]}
    second = [m[0] % 4 for m in gpu.timed[1]]
    assert len(first) == 2 and 0 not in first
    assert second[0] not in first | {0}
    assert s.screening_summary()["screen"]["calibration"]["pick"] == "diverse"


def test_the_budget_is_the_fraction_of_the_distinct_modules_asked():
    s, gpu, mods, _ = _clustered(2, n=40)
    for b in range(0, 40, 8):
        s.measure(mods[b:b + 8])
    # 0.2 of 8, 16, 24, 32, 40 asked: 2, 4, 5, 7, 8 timed (per batch 25% would be 10)
    assert [len(t) for t in gpu.timed] == [2, 2, 1, 2, 1]
    summ = s.screening_summary()["screen"]
    assert (summ["asked"], summ["distinct"], summ["timed"]) == (40, 40, 8)


def test_code_asked_again_does_not_grow_the_budget():
    # a full search times each machine code once: 20 distinct codes asked twice over are
    # 20 GPU evaluations there, so 0.2 of them is 4, not 0.2 of the 40 asked
    s, gpu, mods, _ = _clustered(2, n=20)
    s.measure(mods[:10])
    s.measure(mods[:10] + mods[10:])
    s.measure(mods)
    summ = s.screening_summary()["screen"]
    assert (summ["asked"], summ["distinct"], summ["timed"]) == (50, 20, 4)
    assert sum(len(t) for t in gpu.timed) == 4


def test_a_bad_fraction_or_warmup_is_refused():
    import pytest

    from agentsched.searches.predicted import ScreenedTimer
    with pytest.raises(ValueError, match="fraction"):
        ScreenedTimer(_FakeGpu({}), _Pred(), 1.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="warmup"):
        ScreenedTimer(_FakeGpu({}), _Pred(), 0.2, warmup=-1)  # type: ignore[arg-type]
