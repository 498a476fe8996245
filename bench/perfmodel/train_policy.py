"""A scheduling policy trained against the static performance model, on CPUs only (issue 22,
item 4, a first step): `agentsched train`'s evolution (searches.train.train) with the
model's predicted time ratio standing where the GPU timer would (searches.predicted.
PredictedTimer). Its fitness is the model's prediction, NOT a measurement: the policy must be
timed on the H200 before anything is claimed (bench/perfmodel/MODEL.md says how weak the
model is on new families).

    python bench/perfmodel/train_policy.py [--budget 24] [--population 8] [--seconds 900]
        # writes bench/perfmodel/policy_predicted_sm_90.json and policy_predicted.json

Training kernels: the corpus's train split, CUDA kernels, without the kernels issue 22 names
as evidence (train.excluded). No finalists are confirmed (there is no GPU).
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))


def sample(corpus: Path, n: int) -> tuple[str, ...]:
    """n kernels of the directory, each kind of index.json in proportion, seeded."""
    import random
    index = json.loads((corpus / "index.json").read_text())["kernels"]
    by_kind: dict[str, list[str]] = {}
    for name, k in sorted(index.items()):
        by_kind.setdefault(k["kind"], []).append(name)
    rng = random.Random(0)
    out: list[str] = []
    for kind, names in sorted(by_kind.items()):
        out += rng.sample(names, max(1, round(n * len(names) / len(index))))
    return tuple(sorted(out))


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--budget", type=int, default=24)
    ap.add_argument("--population", type=int, default=8)
    ap.add_argument("--seconds", type=float, default=900.0)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--kernels", default="", help="only these corpus kernels (comma-separated)")
    ap.add_argument("--corpus", type=Path, default=None,
                    help="a directory of LLVM IR files instead of the corpus's train split "
                         "(bench/perfmodel/inductor_corpus.py: torch.compile's Triton kernels, "
                         "sm_90a)")
    ap.add_argument("--sample", type=int, default=0,
                    help="with --corpus: a seeded sample of N kernels, every kind in "
                         "proportion (index.json)")
    ap.add_argument("--out", default="policy_predicted",
                    help="file stem in bench/perfmodel/ (writes <stem>_sm_90.json, <stem>.json)")
    a = ap.parse_args()

    from train import excluded

    from agentsched.core.policy import policy_to_dict
    from agentsched.llvm.ir import ir_entry
    from agentsched.searches.predicted import PredictedTimer
    from agentsched.searches.train import corpus_kernels, train
    from agentsched.targets import parse_target
    names = tuple(x for x in a.kernels.split(",") if x)
    if a.corpus is not None:
        t = parse_target("sm_90a")  # Triton compiles capability 9.0 for sm_90a
        if a.sample:
            names = names or sample(a.corpus, a.sample)
        kernels, skipped = corpus_kernels(a.corpus, t, names=names)
    else:
        t = parse_target("sm_90")
        kernels, skipped = corpus_kernels(ROOT / "corpus", t, split="train", kind="cuda",
                                          names=names)
        kernels = [k for k in kernels if not excluded(k.name, k.family)]
    print(f"{len(kernels)} kernels: {', '.join(k.name for k in kernels)}", flush=True)
    t0 = time.time()
    res = train(kernels, t, objective="time", budget=a.budget, population=a.population,
                workers=a.workers, max_seconds=a.seconds, finalists=0, kernel_guard=True,
                timer_factory=lambda k, module: PredictedTimer(t, module, ir_entry(k.ir)),
                progress=lambda s: print(s, flush=True))
    out = HERE / f"{a.out}_sm_90.json"
    out.write_text(json.dumps(policy_to_dict(res.policy), indent=1) + "\n")
    best = res.best
    rec = {"what": "a policy trained against the performance model (predicted speedups, not "
                   "measured)", "kernels": [k.name for k in kernels],
           "skipped": {k: str(v) for k, v in (skipped or {}).items()},
           "budget": a.budget, "population": a.population,
           "candidates": len(res.candidates), "seconds": round(time.time() - t0, 1),
           "best_fitness_predicted": best.fitness,
           "best_predicted_speedups": best.speedups, "best_changed": best.changed,
           "curve": res.curve}
    rec["corpus"] = str(a.corpus.resolve().relative_to(ROOT)) if a.corpus else "corpus (train split)"
    (HERE / f"{a.out}.json").write_text(json.dumps(rec, indent=1, default=str) + "\n")
    print(json.dumps({k: rec[k] for k in ("candidates", "seconds", "best_fitness_predicted",
                                          "best_predicted_speedups")}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
