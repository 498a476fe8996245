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


def _screened(seed):
    from agentsched.searches.predicted import ScreenedTimer
    rng = np.random.default_rng(3)
    x = rng.normal(0, 0.1, size=(20, 2))
    mods = [bytes([i]) for i in range(20)]
    # the truth on this kernel reverses the global model: log speedup = -x0
    gpu = _FakeGpu({m: float(np.exp(x[i, 0])) for i, m in enumerate(mods)})
    s = ScreenedTimer(gpu, _Pred(), 0.25, warmup=5, seed=seed)  # type: ignore[arg-type]
    s._rows = lambda ms: x[[m[0] for m in ms]]  # pair rows without compiling
    return s, gpu, mods, x


def test_screened_timer_times_a_seeded_warmup_then_the_calibrated_ranking():
    s, gpu, mods, x = _screened(7)
    s.measure(mods)  # 5 of 20: all warm-up, a seeded sample
    s.measure(mods)  # ranked by the model calibrated on the 5 timings
    first, second = gpu.timed
    assert len(first) == 5 and len(second) == 5
    # calibrated: picks the truly fastest (lowest x0) not yet timed, not the global top
    left = sorted((i for i in range(20) if mods[i] not in first), key=lambda i: x[i, 0])
    got = {m[0] for m in second}
    assert len(got & set(left[:5])) >= 4
    assert not got & set(left[-5:])  # the uncorrected model's favourites are the slowest
    summ = s.screening_summary()["screen"]
    assert summ["calibration"] == {"warmup": 5, "seed": 7, "calibrated_on": 10}
    s2, gpu2, _, _ = _screened(7)
    s2.measure(mods)
    s2.measure(mods)
    assert gpu2.timed == gpu.timed  # deterministic with a seed
