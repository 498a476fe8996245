"""The timing method shared by every runtime, and its result types.

A runtime supplies "launch variant X once" and "time N back-to-back launches of X with device
events"; this module decides the order (warm-up, then interleaved rounds in a seeded
per-round shuffle) and turns the per-round numbers into medians, CIs, speedups and the A/A
noise floor. docs/timing.md explains the method and every field.
"""
from __future__ import annotations

import math
import re
import time as _time
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from . import stats

# The copy of a variant timed for the A/A noise floor is named "<name>#<k>", e.g. "default#2".
AA_SUFFIX = re.compile(r"#(\d+)$")


@dataclass
class VariantTiming:
    name: str
    ok: bool | None  # output matched the reference; None when not checked
    max_rel_err: float | None = None
    error: str | None = None  # why it was not timed (wrong output, load or launch error)
    rounds_us: list = field(default_factory=list)  # per round: mean µs per launch
    median_us: float | None = None
    ci95: tuple | None = None  # bootstrap CI of the median, µs
    mean_us: float | None = None
    cv: float | None = None  # std/mean over rounds
    speedup: float | None = None  # median(baseline) / median(this); > 1 is faster
    speedup_ci: tuple | None = None
    attributes: dict = field(default_factory=dict)  # registers, local_bytes, ... (runtime's)

    @property
    def timed(self) -> bool:
        return self.median_us is not None

    def to_dict(self) -> dict:
        d = {"ok": self.ok, "max_rel_err": _json_float(self.max_rel_err), "error": self.error,
             "median_us": self.median_us, "ci95": _pair(self.ci95), "mean_us": self.mean_us,
             "cv": self.cv, "speedup": self.speedup, "speedup_ci": _pair(self.speedup_ci),
             "rounds_us": list(self.rounds_us)}
        d.update(self.attributes)
        return d


@dataclass
class TimingResult:
    kernel: str
    size: dict
    runtime: str  # "cuda" / "hip"
    baseline: str | None
    rounds: int
    reps: int
    warmup: int
    seed: int
    variants: dict  # name -> VariantTiming, in the caller's order
    noise_floor: stats.NoiseFloor | None = None
    device: dict = field(default_factory=dict)
    orders: list = field(default_factory=list)  # the variant order of each round
    warmup_s: float = 0.0  # seconds actually spent warming up
    wall_s: float = 0.0

    def to_dict(self) -> dict:
        return {"kernel": self.kernel, "size": dict(self.size), "runtime": self.runtime,
                "baseline": self.baseline,
                "settings": {"rounds": self.rounds, "reps": self.reps, "warmup": self.warmup,
                             "seed": self.seed, "warmup_s": self.warmup_s},
                "noise_floor": self.noise_floor.to_dict() if self.noise_floor else None,
                "variants": {n: v.to_dict() for n, v in self.variants.items()},
                "device": self.device, "orders": self.orders, "wall_s": self.wall_s}

    def table(self) -> str:
        return format_table(self.to_dict())


def _pair(p) -> list | None:
    return None if p is None else [float(p[0]), float(p[1])]


def _json_float(x):
    # JSON has no inf/nan; a failed check with an infinite error is written as null + ok=false.
    if x is None or not math.isfinite(x):
        return None
    return float(x)


def aa_copy_of(name: str) -> str | None:
    """'default#2' -> 'default'; None for a name that is not a copy."""
    m = AA_SUFFIX.search(name)
    return name[:m.start()] if m else None


def choose_baseline(names: list, baseline: str | None = None) -> str | None:
    """The explicit baseline, else 'default', else the first variant that is not a copy."""
    if baseline is not None:
        if baseline not in names:
            raise ValueError(f"baseline {baseline!r} is not among the variants {names}")
        return baseline
    if "default" in names:
        return "default"
    plain = [n for n in names if aa_copy_of(n) is None]
    return plain[0] if plain else (names[0] if names else None)


def find_aa_copy(names: list, baseline: str | None) -> str | None:
    if baseline is None:
        return None
    copies = [n for n in names if aa_copy_of(n) == baseline]
    return copies[0] if copies else None


# -- the measurement loop -------------------------------------------------------------------

Launch = Callable[[], None]
# time_launches(launch, reps) -> milliseconds of device time for `reps` back-to-back launches
TimeLaunches = Callable[[Launch, int], float]


def warm_up(launches: dict, warmup: int, min_seconds: float, sync: Callable[[], None]) -> float:
    """`warmup` launches of each variant, repeated round-robin until `min_seconds` have passed.

    The count primes caches and lazy loading; the time lets the GPU leave its idle clocks (an
    H200 idles at ~345 MHz and runs at ~1980 under load) before the first timed round.
    Returns the seconds spent.
    """
    t0 = _time.perf_counter()
    if not launches:
        return 0.0
    while True:
        for fn in launches.values():
            for _ in range(max(1, warmup)):
                fn()
        sync()
        spent = _time.perf_counter() - t0
        if spent >= min_seconds:
            return spent


def interleaved_rounds(launches: dict, time_launches: TimeLaunches, rounds: int, reps: int,
                       seed: int = 0) -> tuple[dict, list]:
    """Time every variant once per round, in a fresh seeded random order each round.

    Returns ({name: np.ndarray of per-round µs per launch}, [order of each round]).
    Interleaving spreads slow drift (clocks, temperature, other tenants) over all variants
    instead of charging it to whichever ran last; shuffling removes any fixed position effect
    (e.g. always running right after the slowest variant).
    """
    if rounds < 1 or reps < 1:
        raise ValueError(f"rounds and reps must be >= 1 (got rounds={rounds}, reps={reps})")
    names = list(launches)
    per = {n: np.empty(rounds) for n in names}
    orders = []
    rng = np.random.default_rng(seed)
    for r in range(rounds):
        order = [names[i] for i in rng.permutation(len(names))]
        orders.append(order)
        for n in order:
            ms = time_launches(launches[n], reps)
            per[n][r] = ms * 1000.0 / reps
    return per, orders


def fill_statistics(variants: dict, samples: dict, baseline: str | None,
                    n_boot: int = stats.N_BOOT, seed: int = 0) -> stats.NoiseFloor | None:
    """Put medians, CIs and speedups into `variants` from per-round samples; return the A/A
    noise floor when the baseline has a timed copy ('<baseline>#k')."""
    for name, s in samples.items():
        v = variants[name]
        summ = stats.summarize(s, n_boot=n_boot, seed=seed)
        v.rounds_us = [float(x) for x in s]
        v.median_us = summ.median.value
        v.ci95 = summ.median.ci
        v.mean_us = summ.mean
        v.cv = summ.cv
    if baseline is None or baseline not in samples:
        return None
    base = samples[baseline]
    for name, s in samples.items():
        sp = stats.speedup(base, s, n_boot=n_boot, seed=seed)
        variants[name].speedup = sp.value
        variants[name].speedup_ci = sp.ci
    copy = find_aa_copy(list(samples), baseline)
    if copy is None:
        return None
    return stats.noise_floor(base, samples[copy], baseline, copy, n_boot=n_boot, seed=seed)


def format_table(result: dict) -> str:
    """A plain-text table of a result dict (TimingResult.to_dict() or a results.json)."""
    rows = [("variant", "ok", "regs", "local", "median µs", "95% CI", "speedup", "95% CI")]
    errors = {}  # row index -> error text, printed under the row (kept out of column widths)
    for name, v in result["variants"].items():
        ok = {True: "yes", False: "NO", None: "-"}[v.get("ok")]
        med = f"{v['median_us']:.2f}" if v.get("median_us") is not None else "-"
        ci = (f"{v['ci95'][0]:.2f}..{v['ci95'][1]:.2f}" if v.get("ci95") else "-")
        sp = f"{v['speedup']:.4f}" if v.get("speedup") is not None else "-"
        sci = (f"{v['speedup_ci'][0]:.4f}..{v['speedup_ci'][1]:.4f}"
               if v.get("speedup_ci") else "-")
        regs = v.get("registers")
        loc = v.get("local_bytes")
        rows.append((name, ok, "-" if regs is None else str(regs),
                     "-" if loc is None else str(loc), med, ci, sp, sci))
        if v.get("error"):
            errors[len(rows) - 1] = v["error"][:100]
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = []
    for i, r in enumerate(rows):
        lines.append("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip())
        if i in errors:
            lines.append(f"    ({errors[i]})")
    nf = result.get("noise_floor")
    if nf:
        lines.append(f"A/A noise floor ({nf['a']} vs {nf['b']}): {100 * nf['rel_diff']:+.2f}% "
                     f"(95% CI {100 * nf['ci95'][0]:+.2f}% .. {100 * nf['ci95'][1]:+.2f}%; "
                     f"bound ±{100 * nf['bound']:.2f}%)")
    s = result.get("settings", {})
    if s:
        lines.append(f"baseline {result.get('baseline')}; {s.get('rounds')} rounds x "
                     f"{s.get('reps')} launches, warm-up {s.get('warmup')} launches/variant "
                     f"({s.get('warmup_s', 0):.2f} s); speedup > 1 = faster than baseline")
    return "\n".join(lines)
