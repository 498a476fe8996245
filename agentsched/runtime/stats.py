"""Statistics for kernel timings: medians, bootstrap confidence intervals, speedups, A/A noise.

NumPy only. Timings are per-round values (mean µs per launch over one round's launches); the
variants of one measurement are interleaved, so round i of every variant ran at about the same
time and shares its clock/thermal state. The speedup bootstrap therefore resamples *rounds*
and keeps the pairing, which cancels that shared drift instead of counting it as noise.

Percentile bootstrap: resample with replacement, take the statistic, read the 2.5th and 97.5th
percentiles. It makes no normality assumption (GPU timings are skewed: a few slow rounds) and
is seeded so that the same data always give the same interval.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

N_BOOT = 2000
LEVEL = 0.95


@dataclass(frozen=True)
class Estimate:
    """A point estimate with a confidence interval [lo, hi]."""
    value: float
    lo: float
    hi: float
    level: float = LEVEL

    @property
    def ci(self) -> tuple[float, float]:
        return (self.lo, self.hi)

    def contains(self, x: float) -> bool:
        return self.lo <= x <= self.hi

    def to_dict(self) -> dict:
        return {"value": self.value, "ci95": [self.lo, self.hi]}


@dataclass(frozen=True)
class Summary:
    """Descriptive statistics of one variant's per-round samples."""
    n: int
    median: Estimate
    mean: float
    std: float
    min: float
    max: float

    @property
    def cv(self) -> float:
        """Coefficient of variation (std / mean): the spread between rounds."""
        return self.std / self.mean if self.mean else float("nan")

    def to_dict(self) -> dict:
        return {"n": self.n, "median": self.median.value, "ci95": [self.median.lo, self.median.hi],
                "mean": self.mean, "std": self.std, "min": self.min, "max": self.max, "cv": self.cv}


@dataclass(frozen=True)
class NoiseFloor:
    """A/A comparison of two copies of the same variant, timed as if they were different.

    rel_diff = median(b) / median(a) - 1 (0 for a perfect measurement). `bound` is the largest
    |relative difference| inside its CI: a variant whose speedup differs from 1 by less than
    this is indistinguishable from noise in this measurement.
    """
    a: str
    b: str
    rel_diff: Estimate

    @property
    def bound(self) -> float:
        return max(abs(self.rel_diff.lo), abs(self.rel_diff.hi))

    def to_dict(self) -> dict:
        return {"a": self.a, "b": self.b, "rel_diff": self.rel_diff.value,
                "ci95": [self.rel_diff.lo, self.rel_diff.hi], "bound": self.bound}


def _as_samples(x, what: str = "samples") -> np.ndarray:
    arr = np.asarray(x, dtype=np.float64).ravel()
    if arr.size == 0:
        raise ValueError(f"{what}: no samples")
    if not np.all(np.isfinite(arr)):
        raise ValueError(f"{what}: samples must be finite")
    return arr


def median(x) -> float:
    return float(np.median(_as_samples(x)))


def _percentiles(boot: np.ndarray, level: float) -> tuple[float, float]:
    alpha = (1.0 - level) / 2.0
    lo, hi = np.percentile(boot, [100 * alpha, 100 * (1 - alpha)])
    return float(lo), float(hi)


def _boot_indices(n: int, n_boot: int, seed: int) -> np.ndarray:
    """n_boot resamples of n indices, drawn with replacement (rows = resamples)."""
    return np.random.default_rng(seed).integers(0, n, size=(n_boot, n))


def median_ci(x, n_boot: int = N_BOOT, level: float = LEVEL, seed: int = 0) -> Estimate:
    """Median with a percentile-bootstrap CI. One sample gives a zero-width interval."""
    arr = _as_samples(x)
    m = float(np.median(arr))
    if arr.size == 1:
        return Estimate(m, m, m, level)
    boot = np.median(arr[_boot_indices(arr.size, n_boot, seed)], axis=1)
    lo, hi = _percentiles(boot, level)
    return Estimate(m, lo, hi, level)


def summarize(x, n_boot: int = N_BOOT, level: float = LEVEL, seed: int = 0) -> Summary:
    arr = _as_samples(x)
    return Summary(n=int(arr.size), median=median_ci(arr, n_boot, level, seed),
                   mean=float(arr.mean()), std=float(arr.std(ddof=1)) if arr.size > 1 else 0.0,
                   min=float(arr.min()), max=float(arr.max()))


def ratio_of_medians(num, den, n_boot: int = N_BOOT, level: float = LEVEL, seed: int = 0,
                     paired: bool = True) -> Estimate:
    """median(num) / median(den) with a bootstrap CI.

    paired=True (the default, and only possible when both have the same number of samples)
    resamples the same round indices for both, so drift shared by a round cancels.
    """
    a = _as_samples(num, "numerator")
    b = _as_samples(den, "denominator")
    value = float(np.median(a) / np.median(b))
    if paired and a.size != b.size:
        paired = False
    if a.size == 1 and b.size == 1:
        return Estimate(value, value, value, level)
    if paired:
        idx = _boot_indices(a.size, n_boot, seed)
        ia = ib = idx
    else:
        ia = _boot_indices(a.size, n_boot, seed)
        ib = _boot_indices(b.size, n_boot, seed + 1)
    boot = np.median(a[ia], axis=1) / np.median(b[ib], axis=1)
    lo, hi = _percentiles(boot, level)
    return Estimate(value, lo, hi, level)


def speedup(baseline, variant, n_boot: int = N_BOOT, level: float = LEVEL, seed: int = 0,
            paired: bool = True) -> Estimate:
    """Speedup of `variant` over `baseline` = median(baseline) / median(variant).

    > 1 means the variant is faster. Inputs are times (per-round µs).
    """
    return ratio_of_medians(baseline, variant, n_boot, level, seed, paired)


def noise_floor(a, b, name_a: str = "a", name_b: str = "b", n_boot: int = N_BOOT,
                level: float = LEVEL, seed: int = 0) -> NoiseFloor:
    """A/A noise floor from two timed copies of the same kernel (paired by round)."""
    r = ratio_of_medians(b, a, n_boot, level, seed, paired=True)
    return NoiseFloor(name_a, name_b, Estimate(r.value - 1.0, r.lo - 1.0, r.hi - 1.0, level))
