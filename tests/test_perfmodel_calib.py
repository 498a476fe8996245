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
