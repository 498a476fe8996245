"""Per-kernel calibration of the sm_90 model from k measured variants (issue 22), offline.

For each training family held out (LOFO global model), each kernel reveals k of its
measured variants (random, or diverse: farthest-point in standardised feature space), the
correction (perfmodel.calibrate) is fitted on them, and the rest are scored. The screening
figure spends 20% of the kernel's variants INCLUDING the k revealed ones.

    python bench/perfmodel/calibrate.py   -> bench/perfmodel/calibrate.json
"""
from __future__ import annotations

import json
import math
import sys
from collections import defaultdict
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import train as T  # noqa: E402

from agentsched.targets import perfmodel  # noqa: E402

KS = (2, 4, 8, 16)
SEEDS = (0, 1, 2, 3, 4)
METHODS = {"none": None, "shift": "shift", "lgbm": "lgbm",
           "affine": dict(ridge=1.0, neighbours=0), "affine+nn": dict(ridge=1.0, neighbours=3)}


class _Global:
    """The LOFO booster behind PerfModel's predict_log interface."""
    def __init__(self, pred: np.ndarray):
        self.pred = pred  # precomputed by row index (column 0 of x holds the index)

    def predict_log(self, x):
        m = self.pred[x[:, 0].astype(int)]
        return m, m, m


def pick(rng, xk: np.ndarray, k: int, how: str) -> np.ndarray:
    n = len(xk)
    if how == "random":
        return rng.choice(n, k, replace=False)
    z = (xk - xk.mean(0)) / np.maximum(xk.std(0), 1e-9)
    sel = [int(rng.integers(n))]
    d = np.abs(z - z[sel[0]]).sum(1)
    while len(sel) < k:
        j = int(np.argmax(d))
        sel.append(j)
        d = np.minimum(d, np.abs(z - z[j]).sum(1))
    return np.array(sel)


def fit_correction(g, xi, idx_rev, y, kw):
    rows = xi[idx_rev]
    if kw is None:
        return lambda r: g.predict_log(r)[0]
    if kw == "shift":
        a = float(np.mean(y[idx_rev] - g.predict_log(rows)[0]))
        return lambda r: a + g.predict_log(r)[0]
    if kw == "lgbm":
        # continued boosting from the global prediction, strongly regularised
        import lightgbm as lgb
        base = g.predict_log(rows)[0]
        b = lgb.train({"objective": "regression", "learning_rate": 0.1, "num_leaves": 3,
                       "min_data_in_leaf": 2, "min_data_in_bin": 1, "lambda_l2": 5.0,
                       "verbose": -1, "num_threads": 1},
                      lgb.Dataset(rows[:, 1:], y[idx_rev], init_score=base,
                                  params={"min_data_in_bin": 1}), num_boost_round=30)
        return lambda r: g.predict_log(r)[0] + b.predict(r[:, 1:])
    # the nn term measures distances on the features, not the index column
    c = perfmodel.calibrate(g, rows, y[idx_rev], ridge=kw["ridge"], neighbours=kw["neighbours"])
    if c.scale is not None:
        c.scale = np.concatenate([[1e18], c.scale[1:]])
    return lambda r: c.predict_log(r)[0]


def main() -> int:
    points, feats, default, _ = T.load()
    train = [p for p in points if not T.excluded(p["kernel"], p["family"])]
    x_all = T.matrix(train, feats, default)
    keep = [j for j in range(x_all.shape[1]) if np.ptp(x_all[:, j]) > 0]
    x = x_all[:, keep]
    y = np.array([p["y"] for p in train])
    fam = np.array([p["family"] for p in train])
    m = np.zeros(len(y))
    for f in sorted(set(fam)):
        te = fam == f
        m[te] = T.fit(x[~te], y[~te], "regression").predict(x[te])
    g = _Global(m)
    xi = np.concatenate([np.arange(len(y))[:, None], x], axis=1)
    by: dict[str, list[int]] = defaultdict(list)
    for i, p in enumerate(train):
        by[p["kernel"]].append(i)
    kernels = {k: np.array(v) for k, v in by.items() if len(v) >= T.MIN_CUBINS}
    results = []
    for how in ("random", "diverse"):
        for k in KS:
            for meth, kw in METHODS.items():
                per_seed = []
                for seed in SEEDS:
                    rng = np.random.default_rng(seed)
                    sp, sg_ok, sg_n, reg, kept, rkept = [], 0, 0, [], [], []
                    for kern, idx in sorted(kernels.items()):
                        n = len(idx)
                        budget = max(1, math.ceil(T.SCREEN_FRACTION * n))
                        if k >= n - 2:
                            continue
                        rev = pick(rng, x[idx], k, how)
                        rest = np.setdiff1d(np.arange(n), rev)
                        f = fit_correction(g, xi, idx[rev], y, kw)
                        pr = f(xi[idx[rest]])
                        yr = y[idx[rest]]
                        s = T.spearman(pr, yr)
                        if s is not None:
                            sp.append(s)
                        big = np.abs(np.exp(yr) - 1) > T.SIGN_BAND
                        sg_ok += int((np.sign(pr[big]) == np.sign(yr[big])).sum())
                        sg_n += int(big.sum())
                        reg.append(math.exp(yr.max() - yr[int(np.argmax(pr))]) - 1)
                        full = math.exp(y[idx].max()) - 1
                        if full <= 0.005:
                            continue
                        left = budget - min(k, budget)
                        timed = list(idx[rev[:budget]]) + list(idx[rest[np.argsort(-pr, kind="mergesort")[:left]]])
                        kept.append((math.exp(y[timed].max()) - 1) / full)
                        # random baseline: the same budget, all random (expected over 20 draws)
                        rr = np.random.default_rng(seed + 1000)
                        rkept.append(np.mean([(math.exp(y[rr.choice(idx, budget, replace=False)].max()) - 1) / full
                                              for _ in range(20)]))
                    per_seed.append({"spearman": float(np.mean(sp)), "sign": sg_ok / max(sg_n, 1),
                                     "regret": float(np.mean(reg)), "kept": float(np.mean(kept)),
                                     "random_kept": float(np.mean(rkept)), "kernels": len(reg)})
                agg = {key: (round(float(np.mean([s[key] for s in per_seed])), 3),
                             round(float(np.std([s[key] for s in per_seed])), 3))
                       for key in ("spearman", "sign", "regret", "kept", "random_kept")}
                row = {"pick": how, "k": k, "method": meth, "kernels": per_seed[0]["kernels"], **agg}
                results.append(row)
                print(row, flush=True)
    (T.HERE / "calibrate.json").write_text(json.dumps(
        {"seeds": list(SEEDS), "budget_fraction": T.SCREEN_FRACTION, "results": results},
        indent=1) + "\n")
    write_md(results)
    return 0



MARK = "## Per-kernel calibration from the first timings"


def write_md(results: list[dict]) -> None:
    """The section in MODEL.md (replaced on each run; train.py rewrites the rest)."""
    L = [MARK, "",
         "Written by `python bench/perfmodel/calibrate.py` (calibrate.json). LOFO global model; "
         "each kernel with >= 12 cubins reveals k measured variants (random or diverse = "
         "farthest-point in standardised feature space), a correction is fitted on them and "
         "the kernel's other variants are scored. Screening: 20% of the kernel's variants "
         "INCLUDING the k revealed, gain kept vs the full search; random 20%: "
         f"{results[0]['random_kept'][0]:.3f}. Mean +- std over seeds {list(SEEDS)}. "
         "Methods: none (global model), shift (a + m), affine (ridge-shrunk a + b m), "
         "affine+nn (plus mean residual of 3 nearest revealed), lgbm (30 rounds of 3-leaf "
         "boosting from init_score = m, lambda_l2 5).", "",
         "| pick | k | method | Spearman | sign >2% | top-1 regret | kept @20% |",
         "|---|---|---|---|---|---|---|"]
    for r in results:
        L.append(f"| {r['pick']} | {r['k']} | {r['method']} | "
                 + " | ".join(f"{r[c][0]:.3f} +- {r[c][1]:.3f}"
                              for c in ("spearman", "sign", "regret", "kept")) + " |")
    best = max(results, key=lambda r: r["kept"][0])
    L += ["", f"Best screening: {best['pick']} k={best['k']} {best['method']}: kept "
          f"{best['kept'][0]:.3f} (goal 0.90 NOT met). Calibration fixes the sign (0.66 -> "
          "0.87 at k >= 8: the kernel's offset) and the residual methods raise within-kernel "
          "Spearman to about 0.4 at k = 16, but the top of the ranking, which is what "
          "screening spends on, barely moves: the gain kept stays near random 20%. A "
          "diverse warm-up helps more than any correction (0.79 with the raw model at k = 8). "
          "This is a one-shot pick over all of a kernel's variants; a search sees them batch "
          "by batch and refits after each: screen_sim.py (section above) simulates that "
          "through ScreenedTimer itself, and the package's arm there (diverse warm-up 8, "
          "GP-UCB ranking) keeps 0.855; the random warm-up + affine+nn that the package had "
          "before keeps 0.82 there.",
          ""]
    md = T.HERE / "MODEL.md"
    text = md.read_text()
    if MARK in text:
        text = text[:text.index(MARK)].rstrip() + "\n"
    md.write_text(text + "\n" + "\n".join(L))


if __name__ == "__main__":
    sys.exit(main())
