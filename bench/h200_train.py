"""Training policies/sm_90.json on the H200: `agentsched train --objective time` over the
corpus's training kernels, with llc-19 and the plugin carried to the GPU machine.

  python bench/h200_train.py carry                 # here: .devcarry/train/ (LLVM, plugin, IR)
  python bench/h200_train.py run OUT               # there: OUT/policy.json, OUT/train.json
  python bench/h200_train.py run OUT --dry-run     # here, no GPU: the same run with a static
                                                   # objective (occupancy), a few policies
  python bench/h200_train.py report OUT            # here: policies/sm_90.json and the
                                                   # training part of bench/h200/RESULTS_policy.md

The training kernels are the compute-bound CUDA kernels of corpus/split.json's train families,
at most --per-family of each family in corpus order (fewer kernels: more generations in the
few minutes of GPU time a session has). Triton's kernels are not trained on here (timing them
needs Triton's launcher: they are evaluated afterwards, bench/corpus_gpu_check.py --policy).

Every candidate policy is compiled by llc-19 with -agent-sched-policy (no Python in the loop)
and assembled by the machine's ptxas; each kernel's candidates are checked against its
reference and timed against LLVM's default in one interleaved batch per generation (with an
A/A copy); the best distinct candidates are re-timed in a longer fresh run and the best by
that run is the policy (searches/train.py). Starting points: LLVM's schedule and the linear
policies the per-kernel GPU searches found (bench/h200/search/evolve*), whose kernels are in
the train split.

Evaluation on validation and test kernels (and all the rest) is a separate GPU run:
  python bench/corpus_gpu_check.py carry --policy sm_90=policies/sm_90.json
  python bench/corpus_gpu_check.py run OUT2 --rounds 21 --reps 5
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
CARRY = ROOT / ".devcarry" / "train"  # .devcarry/ is ignored by git; name it in the carry
MANIFEST = "manifest.json"
INIT_FROM = [ROOT / "bench" / "h200" / "search" / d / f"{k}.json"
             for d in ("evolve1", "evolve2_warm") for k in ("gemm8x8", "fused_mlp", "fa_decode")]


def log(*a):
    print(time.strftime("%H:%M:%S"), *a, flush=True)


def training_kernels(per_family: int) -> list:
    import corpus
    out, count = [], {}
    for k in corpus.kernels(split="train", bound="compute", kind="cuda"):
        if count.get(k.family, 0) < per_family:
            count[k.family] = count.get(k.family, 0) + 1
            out.append(k)
    return out


def carry(per_family: int) -> int:
    import hashlib

    from h200_search import pack_llvm

    from agentsched.llvm.ir import ir_entry
    from agentsched.searches.run import init_weights_from
    if CARRY.exists():
        shutil.rmtree(CARRY)
    (CARRY / "ir").mkdir(parents=True)
    pack_llvm(CARRY)
    entries = []
    for k in training_kernels(per_family):
        ir, t = k.ir("sm_90")
        dst = CARRY / "ir" / f"{k.name}.ll"
        shutil.copy(ir, dst)
        entries.append({"kernel": k.name, "family": k.family, "target": t.name,
                        "symbol": ir_entry(dst), "size": dict(k.spec.default_size),
                        "ir_sha256": hashlib.sha256(dst.read_bytes()).hexdigest()})
        log(f"{k.name} ({k.family})")
    # each search's confirmed winner (the first vector of its file), not all its finalists
    init = [init_weights_from([f])[0] for f in INIT_FROM if f.exists()]
    (CARRY / MANIFEST).write_text(json.dumps({
        "made": time.strftime("%Y-%m-%d %H:%M:%S"), "per_family": per_family,
        "kernels": entries, "init_from": [str(f.relative_to(ROOT)) for f in INIT_FROM
                                          if f.exists()],
        "init_weights": init}, indent=1))
    size = sum(p.stat().st_size for p in CARRY.rglob("*") if p.is_file())
    log(f"{CARRY}: {len(entries)} kernels, {len(init)} starting weight vectors, "
        f"{size / 2**20:.1f} MiB")
    return 0


def run(out: Path, budget_s: float, population: int, dry: bool) -> int:
    from h200_search import _unpack
    if not dry:  # before agentsched is imported: it reads where LLVM is once
        os.environ.update(_unpack(CARRY))
    import hashlib

    import corpus
    from agentsched.core.files import write_text
    from agentsched.core.policy import FEATURES, policy_to_dict
    from agentsched.llvm.metrics import launch_of
    from agentsched.searches.train import ModelShape, TrainKernel, train
    t0 = time.time()
    man = json.loads((CARRY / MANIFEST).read_text())
    kernels = []
    for e in man["kernels"]:
        ir = CARRY / "ir" / f"{e['kernel']}.ll"
        if hashlib.sha256(ir.read_bytes()).hexdigest() != e["ir_sha256"]:
            raise SystemExit(f"{ir}: changed since the carry")
        spec = corpus.get(e["kernel"]).spec
        if dict(spec.default_size) != e["size"]:
            raise SystemExit(f"{e['kernel']}: the spec's size {spec.default_size} is not the "
                             f"carried IR's {e['size']}: carry again")
        kernels.append(TrainKernel(e["kernel"], ir, e["family"], launch_of(spec), spec))
    shape = ModelShape("linear", FEATURES)
    init = [shape.from_search_weights(w).tolist() for w in man["init_weights"]]
    workers = max(1, (os.cpu_count() or 2) - 2)
    command = "python bench/h200_train.py " + " ".join(sys.argv[1:])
    res = train(kernels, "sm_90", objective="occupancy" if dry else "time",
                budget=2 * population if dry else 100_000, population=population,
                init=init, workers=workers, seed=0, max_seconds=budget_s, finalists=4,
                provenance={"command": command, "corpus": "corpus", "split": "train",
                            "bound": "compute", "kind": "cuda",
                            "per_family": man["per_family"]},
                progress=log)
    out.mkdir(parents=True, exist_ok=True)
    record = res.to_dict()
    record["device"] = _device() if not dry else {"dry_run": True}
    record["init_from"] = man["init_from"]
    record["wall_s"] = round(time.time() - t0, 1)
    write_text(out / ("train.dry.json" if dry else "train.json"),
               json.dumps(record, indent=1, default=str) + "\n")
    write_text(out / ("policy.dry.json" if dry else "policy.json"),
               json.dumps(policy_to_dict(res.policy), indent=1) + "\n")
    log(f"{len(res.candidates)} policies, best {res.best.index} fitness {res.best.fitness:.4f}, "
        f"{record['wall_s']} s")
    return 0


def _device() -> dict:
    try:
        from agentsched.runtime.cuda import CudaRuntime
        return CudaRuntime().device_info()
    except Exception as e:
        return {"error": str(e)}


def main() -> int:
    global CARRY
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("carry")
    c.add_argument("--per-family", type=int, default=3)
    r = sub.add_parser("run")
    r.add_argument("out", type=Path)
    r.add_argument("--budget-s", type=float, default=300.0,
                   help="no new generation starts after this many seconds of training")
    r.add_argument("--population", type=int, default=10)
    r.add_argument("--dry-run", action="store_true")
    p = sub.add_parser("report")
    p.add_argument("out", type=Path)
    for sp in (c, r):
        sp.add_argument("--carry", type=Path, default=CARRY)
    a = ap.parse_args()
    CARRY = getattr(a, "carry", CARRY).resolve()
    if a.cmd == "carry":
        return carry(a.per_family)
    if a.cmd == "run":
        return run(a.out, a.budget_s, a.population, a.dry_run)
    from h200_policy_report import report_training
    return report_training(a.out)


if __name__ == "__main__":
    sys.exit(main())
