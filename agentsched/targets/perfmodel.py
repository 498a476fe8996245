"""A static model of sm_90 performance from the SASS ptxas emits (issue 22): it predicts a
variant's speedup over LLVM's default schedule of the same kernel, with an interval, from the
two cubins alone (no GPU).

    model = perfmodel.load()                       # policies/perfmodel_sm_90.json
    [p] = model.predict_cubins([variant_cubin], default_cubin, entry="fused_mlp")
    p.speedup, p.lo, p.hi, p.sure                  # sure: the interval does not straddle 1

**Features of a pair** (pair_features; docs/perfmodel.md lists them): for every SASS feature
of agentsched.targets.sass named in BASE_FEATURES (hot loop `l_*` and whole kernel `k_*`:
instructions by unit, stall cycles and scoreboard waits of the control codes, memory
operations by space and their bytes, load-to-use distances, loads in flight before their first
use, registers -> occupancy, local and shared memory, the cycle models), the variant's value
minus the default's (`d_<f>`) and the log ratio log((1 + v) / (1 + d)) (`r_<f>`). Only
differences: the model is asked how a schedule changes a kernel, not what the kernel is, so
that it can be used on kernels it has not seen.

**The model** is three ensembles of regression trees (gradient boosting, trained with
LightGBM by bench/perfmodel/train.py): the mean of log(speedup), and its 10% and 90%
quantiles. The interval is the mean plus or minus the quantiles' half-width (at least
`floor`), scaled by a factor fitted so that 80% of the held-out families' points fall inside
(leave-one-family-out), since a kernel of a new family is what the model meets in use. The file is plain JSON (trees as arrays, evaluated here with
numpy: no pickle, no LightGBM needed to predict), with the features it reads, the sha256 of its
training data and the ptxas release that data was assembled with.
"""
from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ..core.hashing import sha256_hex

FORMAT = "agentsched-perfmodel/1"
DEFAULT_MODEL = Path(__file__).resolve().parents[2] / "policies" / "perfmodel_sm_90.json"

# The SASS features a pair is built from (agentsched.targets.sass.features(); the columns of
# bench/perfmodel/features.csv.xz).
_REGION = (
    "n_instr", "n_fp32", "n_int", "n_move", "n_uniform", "n_tensor", "n_sfu", "n_conv",
    "n_ldg", "n_stg", "n_lds", "n_sts", "n_ldsm", "n_ldgsts", "n_ldl", "n_stl", "n_ldc",
    "n_sync", "n_branch", "n_nop", "op_ffma", "op_imad", "op_iadd3", "op_mov", "op_bar",
    "stall_sum", "issue_cycles", "n_wait", "wait_bits", "n_yield", "n_reuse", "long_stalls",
    "n_g_prod", "dist_g_instr_min", "dist_g_instr_mean", "dist_g_cyc_min",
    "dist_g_cyc_mean", "n_s_prod", "dist_s_instr_min", "dist_s_instr_mean",
    "dist_s_cyc_min", "dist_s_cyc_mean", "n_x_prod", "dist_x_cyc_mean", "n_a_prod",
    "dist_a_cyc_mean", "mlp_g_max", "mlp_g_mean", "mlp_g_bytes_max", "mlp_s_max",
    "mlp_s_mean", "bytes_ldg", "bytes_lds", "bytes_sts", "bytes_ldl", "bytes_stl",
    "lat_cycles", "lat_stall", "pipe_cycles", "est_cycles", "sim_cycles", "sim_nomio_cycles")
BASE_FEATURES = ("registers", "local_bytes", "shared_bytes", "occ_warps", "n_loops",
                 "loop_depth", *[f"{r}_{k}" for r in ("k", "l") for k in _REGION])
PAIR_FEATURES = tuple(f"{p}_{f}" for p in ("d", "r") for f in BASE_FEATURES)


class PerfModelError(ValueError):
    """A model file that cannot be read, or a kernel the model cannot describe."""


def _value(feats: dict, name: str) -> float:
    v = feats.get(name, 0.0)
    v = float(v) if v is not None else 0.0
    return 0.0 if math.isnan(v) else v


def pair_features(variant: dict, default: dict) -> dict[str, float]:
    """The features of a (variant, LLVM's default) pair of sass.features() dicts."""
    out: dict[str, float] = {}
    for f in BASE_FEATURES:
        v, d = _value(variant, f), _value(default, f)
        out[f"d_{f}"] = v - d
        # log1p of the non-negative part: -1 (unknown occupancy) counts as 0
        out[f"r_{f}"] = math.log1p(max(v, 0.0)) - math.log1p(max(d, 0.0))
    return out


def pair_matrix(variants: Sequence[dict], default: dict,
                names: Sequence[str] = PAIR_FEATURES) -> np.ndarray:
    rows = [pair_features(v, default) for v in variants]
    return np.array([[r[n] for n in names] for r in rows], dtype=np.float64).reshape(
        len(rows), len(names))


# ------------------------------------------------------------------ trees

@dataclass
class Trees:
    """An additive ensemble of binary regression trees, as arrays: node i tests
    x[feature[i]] <= threshold[i] and goes to left[i] else right[i]; a child < 0 is the leaf
    ~child. default_left: where a missing value (NaN) goes."""
    feature: list[np.ndarray]
    threshold: list[np.ndarray]
    left: list[np.ndarray]
    right: list[np.ndarray]
    default_left: list[np.ndarray]
    leaf: list[np.ndarray]
    bias: float = 0.0

    def predict(self, x: np.ndarray) -> np.ndarray:
        x = np.asarray(x, dtype=np.float64)
        out = np.full(len(x), self.bias)
        rows = np.arange(len(x))
        for f, t, lo, hi, dl, leaf in zip(self.feature, self.threshold, self.left, self.right,
                                          self.default_left, self.leaf):
            if len(f) == 0:  # a single leaf
                out += leaf[0]
                continue
            node = np.zeros(len(x), dtype=np.int64)
            active = np.ones(len(x), dtype=bool)
            while active.any():
                i = node[active]
                v = x[rows[active], f[i]]
                go_left = np.where(np.isnan(v), dl[i], v <= t[i])
                node[active] = np.where(go_left, lo[i], hi[i])
                active = node >= 0
            out += leaf[~node]
        return out

    def to_json(self) -> dict:
        return {"bias": self.bias, "trees": [
            {"feature": f.tolist(), "threshold": t.tolist(), "left": lo.tolist(),
             "right": hi.tolist(), "default_left": dl.astype(int).tolist(),
             "leaf": leaf.tolist()}
            for f, t, lo, hi, dl, leaf in zip(self.feature, self.threshold, self.left,
                                              self.right, self.default_left, self.leaf)]}

    @classmethod
    def from_json(cls, d: dict, n_features: int, where: str = "model") -> Trees:
        try:
            parts: dict[str, list] = {k: [] for k in ("feature", "threshold", "left", "right",
                                                      "default_left", "leaf")}
            for j, tr in enumerate(d["trees"]):
                f = np.asarray(tr["feature"], dtype=np.int64)
                arrs = {"feature": f,
                        "threshold": np.asarray(tr["threshold"], dtype=np.float64),
                        "left": np.asarray(tr["left"], dtype=np.int64),
                        "right": np.asarray(tr["right"], dtype=np.int64),
                        "default_left": np.asarray(tr["default_left"], dtype=bool),
                        "leaf": np.asarray(tr["leaf"], dtype=np.float64)}
                n_nodes, n_leaves = len(f), len(arrs["leaf"])
                if any(len(arrs[k]) != n_nodes for k in ("threshold", "left", "right",
                                                        "default_left")) \
                        or n_leaves != n_nodes + 1 \
                        or (n_nodes and (f.min() < 0 or f.max() >= n_features)) \
                        or any(((c >= n_nodes) | (~c >= n_leaves)).any()
                               for c in (arrs["left"], arrs["right"])):
                    raise PerfModelError(f"{where}: tree {j} is malformed")
                for k, a in arrs.items():
                    parts[k].append(a)
            return cls(parts["feature"], parts["threshold"], parts["left"], parts["right"],
                       parts["default_left"], parts["leaf"], float(d.get("bias", 0.0)))
        except (KeyError, TypeError, ValueError) as e:
            if isinstance(e, PerfModelError):
                raise
            raise PerfModelError(f"{where}: bad tree ensemble ({e})") from None


def trees_from_lightgbm(dump: dict) -> Trees:
    """Trees from LightGBM's Booster.dump_model() (numerical splits only: the features are
    numbers). LightGBM sends a missing value where default_left says; a tree's output is its
    leaf's value (the learning rate is already in it)."""
    parts: dict[str, list] = {k: [] for k in ("feature", "threshold", "left", "right",
                                              "default_left", "leaf")}
    for info in dump["tree_info"]:
        feat: list[int] = []
        thr: list[float] = []
        lo: list[int] = []
        hi: list[int] = []
        dl: list[bool] = []
        leaves: list[float] = []

        def walk(n: dict) -> int:
            if "leaf_value" in n:
                leaves.append(float(n["leaf_value"]))
                return ~(len(leaves) - 1)
            if n.get("decision_type", "<=") != "<=":
                raise PerfModelError("categorical splits are not supported")
            i = len(feat)
            feat.append(int(n["split_feature"]))
            thr.append(float(n["threshold"]))
            # missing_type None: LightGBM reads NaN as 0 (0 <= threshold decides)
            miss = n.get("missing_type", "None")
            dl.append(bool(n["default_left"]) if miss == "NaN" else 0.0 <= float(n["threshold"]))
            lo.append(0)
            hi.append(0)
            lo[i] = walk(n["left_child"])
            hi[i] = walk(n["right_child"])
            return i

        walk(info["tree_structure"])
        parts["feature"].append(np.asarray(feat, dtype=np.int64))
        parts["threshold"].append(np.asarray(thr, dtype=np.float64))
        parts["left"].append(np.asarray(lo, dtype=np.int64))
        parts["right"].append(np.asarray(hi, dtype=np.int64))
        parts["default_left"].append(np.asarray(dl, dtype=bool))
        parts["leaf"].append(np.asarray(leaves, dtype=np.float64))
    return Trees(parts["feature"], parts["threshold"], parts["left"], parts["right"],
                 parts["default_left"], parts["leaf"])


# ------------------------------------------------------------------ the model

@dataclass(frozen=True)
class Prediction:
    """A variant's predicted speedup over LLVM's default (> 1: faster) and its interval."""
    speedup: float
    lo: float
    hi: float

    @property
    def sure(self) -> bool:
        """The interval lies on one side of 1: the model says faster (or slower)."""
        return self.lo > 1.0 or self.hi < 1.0

    def as_dict(self) -> dict:
        return {"speedup": round(self.speedup, 4), "lo": round(self.lo, 4),
                "hi": round(self.hi, 4), "sure": self.sure}


@dataclass
class PerfModel:
    features: list[str]
    mean: Trees
    lo: Trees
    hi: Trees
    scale: float = 1.0  # the quantiles' half-width is multiplied by this
    floor: float = 0.002  # the smallest half-width (log): the timings' own repeatability
    meta: dict = field(default_factory=dict)
    sha256: str = ""  # of the file's text: the model's identity in caches

    def predict_log(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """log(speedup): the mean and the interval, for pair feature rows in self.features'
        order."""
        m, lo, hi = self.mean.predict(x), self.lo.predict(x), self.hi.predict(x)
        half = self.scale * np.maximum((hi - lo) / 2, self.floor)
        return m, m - half, m + half

    def predict_pairs(self, variants: Sequence[dict], default: dict) -> list[Prediction]:
        """Predictions for sass.features() dicts of variants against LLVM's default's."""
        if not variants:
            return []
        m, lo, hi = self.predict_log(pair_matrix(variants, default, self.features))
        return [Prediction(math.exp(a), math.exp(b), math.exp(c)) for a, b, c in zip(m, lo, hi)]

    def predict_cubins(self, variants: Sequence[bytes | str | Path], default: bytes | str | Path,
                       entry: str | None = None, threads: int | None = None
                       ) -> list[Prediction]:
        """Predictions for variant cubins against LLVM's default's cubin (one nvdisasm run
        for all). A cubin identical to the default's is the default: exactly 1."""
        feats = cubin_features([default, *variants], entry, threads)
        preds = self.predict_pairs(feats[1:], feats[0])
        dflt = _bytes(default)
        return [Prediction(1.0, 1.0, 1.0) if _bytes(v) == dflt else p
                for v, p in zip(variants, preds)]

    def to_json(self) -> dict:
        return {"format": FORMAT, **self.meta, "features": list(self.features),
                "interval_scale": self.scale, "interval_floor": self.floor, "mean": self.mean.to_json(),
                "lo": self.lo.to_json(), "hi": self.hi.to_json()}

    def write(self, path: str | Path) -> None:
        from ..core.files import write_text
        write_text(path, json.dumps(self.to_json(), separators=(",", ":")) + "\n")  # atomic


def _bytes(c: bytes | str | Path) -> bytes:
    return c if isinstance(c, bytes) else Path(c).read_bytes()


def cubin_features(cubins: Sequence[bytes | str | Path], entry: str | None = None,
                   threads: int | None = None) -> list[dict]:
    """sass.features() of `entry` (None: the first kernel) of each cubin, one nvdisasm run."""
    from . import sass
    fns = sass.disassemble_many(list(cubins), [entry] * len(cubins))
    missing = [i for i, f in enumerate(fns) if not f]
    if missing:
        raise PerfModelError(f"kernel {entry!r} not found in cubin {missing[0]}"
                             if entry else f"cubin {missing[0]} holds no kernel")
    return [sass.features(f[0], threads) for f in fns]


def from_json(d: dict, where: str = "model", sha256: str = "") -> PerfModel:
    if not isinstance(d, dict) or d.get("format") != FORMAT:
        raise PerfModelError(f"{where}: not a {FORMAT} file")
    feats = d.get("features")
    if not isinstance(feats, list) or not feats:
        raise PerfModelError(f"{where}: no feature list")
    unknown = sorted(set(feats) - set(PAIR_FEATURES))
    if unknown:
        raise PerfModelError(f"{where}: features this version does not compute: "
                             f"{', '.join(unknown[:5])}")
    trees = {k: Trees.from_json(d.get(k) or {}, len(feats), f"{where}: {k}")
             for k in ("mean", "lo", "hi")}
    meta = {k: v for k, v in d.items()
            if k not in ("format", "features", "interval_scale", "interval_floor", "mean",
                         "lo", "hi")}
    return PerfModel(feats, trees["mean"], trees["lo"], trees["hi"],
                     float(d.get("interval_scale", 1.0)), float(d.get("interval_floor", 0.002)),
                     meta, sha256)


def load(path: str | Path | None = None) -> PerfModel:
    """The model in `path` (default: the shipped policies/perfmodel_sm_90.json)."""
    p = Path(path) if path is not None else DEFAULT_MODEL
    try:
        text = p.read_text()
    except OSError as e:
        raise PerfModelError(f"{p}: cannot read the performance model ({e.strerror})"
                             + ("; train one with bench/perfmodel/train.py" if path is None
                                else "")) from None
    try:
        d = json.loads(text)
    except json.JSONDecodeError as e:
        raise PerfModelError(f"{p}:{e.lineno}: not JSON ({e.msg})") from None
    return from_json(d, str(p), sha256_hex(text.encode()))


@dataclass
class CalibratedModel:
    """A global model corrected for one kernel from a few measured pairs of that kernel:
    log speedup ~= a + b * global + mean residual of the nearest measured neighbours.
    The global model ranks kernels' variants poorly across families (issue 22) but the
    signal is kernel-specific, so a handful of the kernel's own timings re-anchor it."""
    model: PerfModel
    a: float = 0.0
    b: float = 1.0
    xs: np.ndarray | None = None  # measured pair rows (standardised) for the residual term
    res: np.ndarray | None = None
    scale: np.ndarray | None = None
    neighbours: int = 3

    def predict_log(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        m, lo, hi = self.model.predict_log(x)
        out = self.a + self.b * m
        if self.xs is not None and self.res is not None and self.scale is not None \
                and len(self.res) and self.neighbours > 0:
            d = np.abs((x[:, None, :] - self.xs[None, :, :]) / self.scale).sum(axis=2)
            k = min(self.neighbours, len(self.res))
            near = np.argsort(d, axis=1, kind="mergesort")[:, :k]
            out = out + self.res[near].mean(axis=1)
        return out, out - (m - lo), out + (hi - m)


def calibrate(model: PerfModel, rows: np.ndarray, measured: Sequence[float] | np.ndarray,
              ridge: float = 1.0, neighbours: int = 3) -> CalibratedModel:
    """Fit the per-kernel correction on `rows` (pair rows of the model's features) with
    their measured log speedups. The affine part is ridge-shrunk towards (0, 1), so two
    points cannot swing it far."""
    y = np.asarray(measured, dtype=np.float64)
    if len(y) == 0:
        return CalibratedModel(model)
    m = model.predict_log(rows)[0]
    # ridge on (a, b - 1): minimise |y - a - b m|^2 + ridge * var * (a^2 + (b-1)^2)
    A = np.stack([np.ones_like(m), m], axis=1)
    lam = ridge * max(float(np.var(m)), 1e-6) * len(y)
    t = y - m
    coef = np.linalg.solve(A.T @ A + lam * np.eye(2), A.T @ t)
    a, b = float(coef[0]), float(1 + coef[1])
    res = y - (a + b * m)
    scale = np.maximum(np.ptp(rows, axis=0), 1e-9)
    return CalibratedModel(model, a, b, np.array(rows, dtype=np.float64), res, scale, neighbours)


@dataclass
class GPCalibratedModel:
    """calibrate()'s affine map plus a Gaussian process on its residuals over the pair rows
    (Laplace kernel, L1 distance over `w`-weighted features): a timed variant's neighbours
    inherit its surprise, and the interval is the posterior spread (wide far from anything
    timed), which is what an upper-confidence ranking explores with."""
    affine: CalibratedModel
    z: np.ndarray  # the timed rows, weighted
    w: np.ndarray  # per-feature weight: 1 / spread, 0 for a feature that does not vary
    alpha: np.ndarray  # (K + noise I)^-1 residuals
    kinv: np.ndarray  # (K + noise I)^-1
    length: float
    var: float  # the residuals' variance: the prior's scale

    def predict_log(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        a = self.affine.predict_log(x)[0]
        ks = np.exp(-np.abs((x * self.w)[:, None, :] - self.z[None]).sum(2) / self.length)
        mean = a + ks @ self.alpha
        sd = np.sqrt(np.maximum(1 - np.einsum("ij,jk,ik->i", ks, self.kinv, ks), 0) * self.var)
        return mean, mean - sd, mean + sd


def calibrate_gp(model: PerfModel, rows: np.ndarray, measured: Sequence[float] | np.ndarray,
                 spread: np.ndarray, ridge: float = 1.0, noise: float = 0.1
                 ) -> GPCalibratedModel:
    """The affine correction of calibrate() and a Gaussian process on what it leaves,
    features weighted by 1 / `spread` (their spread over the kernel's variants seen); the
    kernel's length is the median distance between the timed rows."""
    rows = np.asarray(rows, dtype=np.float64)
    y = np.asarray(measured, dtype=np.float64)
    aff = calibrate(model, rows, y, ridge=ridge, neighbours=0)
    w = np.where(spread > 0, 1.0 / np.where(spread > 0, spread, 1.0), 0.0)
    z = rows * w
    d = np.abs(z[:, None, :] - z[None]).sum(2)
    length = max(float(np.median(d[np.triu_indices(len(z), 1)])) if len(z) > 1 else 1.0, 1e-9)
    kinv = np.linalg.inv(np.exp(-d / length) + noise * np.eye(len(z)))
    res = y - aff.predict_log(rows)[0] if len(y) else y
    return GPCalibratedModel(aff, z, w, kinv @ res, kinv, length,
                             max(float(np.var(res)) if len(y) else 0.0, 1e-8))
