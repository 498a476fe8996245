"""Training policies/sm_90.json on the H200: `agentsched train --objective time` over the
corpus's training kernels, with llc-19 and the plugin carried to the GPU machine.

  python bench/h200_train.py carry                 # here: .devcarry/train/ (LLVM, plugin, IR)
  python bench/h200_train.py run OUT               # there: OUT/policy.json, OUT/train.json
  python bench/h200_train.py run OUT --dry-run     # here, no GPU: the same run with a static
                                                   # objective (occupancy), a few policies

A run that came back is recorded as a folder under bench/h200/ (policy_guarded/ is run 2:
OUT/policy.json became policies/sm_90.json; the JSON records compressed with `python
bench/benchdata.py xz OUT/train.json OUT/eval.json`), and `python bench/h200_policy_report.py`
writes bench/h200/RESULTS_policy.md from the recorded runs.

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
INIT_FROM = [ROOT / "bench" / "h200" / "search" / d / f"{k}.json.xz"
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
    import corpus

    def entry(k) -> dict:
        ir, t = k.ir("sm_90")
        dst = CARRY / "ir" / f"{k.name}.ll"
        shutil.copy(ir, dst)
        log(f"{k.name} ({k.family})")
        return {"kernel": k.name, "family": k.family, "target": t.name,
                "split": corpus.family_split(k.family), "bound": k.work().bound,
                "symbol": ir_entry(dst), "size": dict(k.spec.default_size),
                "ir_sha256": hashlib.sha256(dst.read_bytes()).hexdigest()}

    entries = [entry(k) for k in training_kernels(per_family)]
    # the unseen CUDA kernels, to evaluate a policy in the same GPU session (Triton's need
    # its launcher: bench/corpus_gpu_check.py --policy)
    unseen = [entry(k) for s in ("validation", "test") for k in corpus.kernels(split=s,
                                                                                kind="cuda")]
    # each search's confirmed winner (the first vector of its file), not all its finalists
    init = [init_weights_from([f])[0] for f in INIT_FROM if f.exists()]
    (CARRY / MANIFEST).write_text(json.dumps({
        "made": time.strftime("%Y-%m-%d %H:%M:%S"), "per_family": per_family,
        "kernels": entries, "eval_kernels": unseen, "init_from": [str(f.relative_to(ROOT)) for f in INIT_FROM
                                          if f.exists()],
        "init_weights": init}, indent=1))
    size = sum(p.stat().st_size for p in CARRY.rglob("*") if p.is_file())
    log(f"{CARRY}: {len(entries)} kernels, {len(init)} starting weight vectors, "
        f"{size / 2**20:.1f} MiB")
    return 0


def run(out: Path, budget_s: float, population: int, dry: bool, kernel_guard: bool = False,
        penalty: float = 1.0, evaluate: bool = False) -> int:
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
    def train_kernel(e: dict) -> TrainKernel:
        ir = CARRY / "ir" / f"{e['kernel']}.ll"
        if hashlib.sha256(ir.read_bytes()).hexdigest() != e["ir_sha256"]:
            raise SystemExit(f"{ir}: changed since the carry")
        spec = corpus.get(e["kernel"]).spec
        if dict(spec.default_size) != e["size"]:
            raise SystemExit(f"{e['kernel']}: the spec's size {spec.default_size} is not the "
                             f"carried IR's {e['size']}: carry again")
        return TrainKernel(e["kernel"], ir, e["family"], launch_of(spec), spec)

    kernels = [train_kernel(e) for e in man["kernels"]]
    unseen = [train_kernel(e) for e in man.get("eval_kernels", [])] if evaluate else []
    shape = ModelShape("linear", FEATURES)
    init = [shape.from_search_weights(w).tolist() for w in man["init_weights"]]
    workers = max(1, (os.cpu_count() or 2) - 2)
    command = "python bench/h200_train.py " + " ".join(sys.argv[1:])
    res = train(kernels, "sm_90", objective="occupancy" if dry else "time",
                budget=2 * population if dry else 100_000, population=population,
                init=init, workers=workers, seed=0, max_seconds=budget_s, finalists=4,
                penalty=penalty, kernel_guard=kernel_guard,
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
    if unseen:
        rows = evaluate_policy(out / ("policy.dry.json" if dry else "policy.json"), unseen,
                               {e["kernel"]: e for e in man["eval_kernels"]}, kernel_guard,
                               workers, dry)
        write_text(out / ("eval.dry.json" if dry else "eval.json"), json.dumps(
            {"command": command, "rounds": EVAL_ROUNDS, "reps": EVAL_REPS,
             "kernel_guard": kernel_guard, "wall_s": round(time.time() - t0, 1),
             "kernels": rows}, indent=1, default=str) + "\n")
        log(f"evaluated on {len(rows)} unseen kernels, {round(time.time() - t0, 1)} s")
    return 0


EVAL_ROUNDS, EVAL_REPS = 21, 5


def _compile_pair(ir: str, policy: str, launch) -> dict:
    """LLVM's default and the policy's kernel, their static metrics and modules (a worker)."""
    from agentsched.llvm.compile import compile_ir
    from agentsched.targets import parse_target
    t = parse_target("sm_90")
    d = compile_ir(Path(ir), t)
    p = compile_ir(Path(ir), t, policy=Path(policy))
    return {"default": d.measure(launch, with_cycles=False).as_dict(),
            "policy": p.measure(launch, with_cycles=False).as_dict(),
            "changed": p.report.get("changed"), "same": d.asm == p.asm,
            "default_module": d.module(), "policy_module": p.module()}


def evaluate_policy(policy: Path, kernels: list, entries: dict, kernel_guard: bool,
                    workers: int, dry: bool) -> list[dict]:
    """Each unseen kernel: LLVM's default, an A/A copy and the policy's binary in one
    interleaved run (EVAL_ROUNDS x EVAL_REPS), the policy checked against the reference first;
    rows in bench/corpus_gpu_check.py's form (policy "sm_90"). kernel_guard: LLVM's binary
    where the policy's kernel crosses a cliff (speedup 1 exactly, not timed)."""
    from dataclasses import replace

    from agentsched.llvm.ir import ir_entry
    from agentsched.llvm.metrics import worse_than_default
    from agentsched.searches.evaluator import Workers
    from agentsched.searches.gpu_time import GpuTimer
    from agentsched.targets import parse_target
    pool = Workers(workers, max_tasks=len(kernels))
    try:
        pairs = pool.map(_compile_pair, [((str(k.ir), str(policy), k.launch), {})
                                         for k in kernels])
    finally:
        pool.close()
    rows = []
    for k, pr in zip(kernels, pairs):
        e = entries[k.name]
        row = {"kernel": k.name, "family": k.family, "split": e["split"], "bound": e["bound"],
               "kind": "cuda", "static_default": pr["default"], "static_policy": pr["policy"],
               "changed": pr["changed"]}
        why = worse_than_default(pr["default"], pr["policy"]) if kernel_guard else None
        pol: dict = {"same_as_default": bool(pr["same"] or why), "fallback": why}
        try:
            if dry:
                row["ok"] = None
            else:
                spec = replace(k.spec, entry=ir_entry(k.ir) or k.spec.entry)
                timer = GpuTimer(spec, parse_target("sm_90"), pr["default_module"])
                try:
                    mods = {} if pol["same_as_default"] else {"policy": pr["policy_module"]}
                    res = timer.confirm(mods, rounds=EVAL_ROUNDS, reps=EVAL_REPS)
                finally:
                    timer.close()
                d = res["variants"]["default"]
                nf = res.get("noise_floor") or {}
                row.update({"ok": d.get("ok"), "median_us": d.get("median_us"),
                            "registers": d.get("registers"), "aa_rel_diff": nf.get("rel_diff"),
                            "aa_bound": nf.get("bound")})
                if pol["same_as_default"]:
                    pol.update({"ok": d.get("ok"), "speedup": 1.0, "speedup_ci": [1.0, 1.0],
                                "registers": d.get("registers")})
                else:
                    v = res["variants"]["policy"]
                    pol.update({k2: v.get(k2) for k2 in ("ok", "speedup", "speedup_ci",
                                                         "median_us", "registers", "error")})
        except Exception as ex:  # one kernel's failure is recorded, the others go on
            row["error"] = f"{type(ex).__name__}: {str(ex)[:300]}"
        row["policies"] = {"sm_90": pol}
        rows.append(row)
        p = pol
        log(f"{k.name}: " + ("same binary" if p["same_as_default"] and not why else
                             f"kept LLVM's ({why})" if why else
                             f"x{p.get('speedup') or 0:.4f} {p.get('speedup_ci')} ok={p.get('ok')}"
                             ) + (f" ERROR {row['error']}" if row.get("error") else ""))
    return rows


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
    r.add_argument("--kernel-guard", action="store_true",
                   help="train (and evaluate) with the kernel guard (compile --fallback)")
    r.add_argument("--penalty", type=float, default=1.0,
                   help="weight of slowdowns beyond 1%% in the fitness")
    r.add_argument("--eval", action="store_true",
                   help="then time the policy on the unseen CUDA kernels (validation, test)")
    for sp in (c, r):
        sp.add_argument("--carry", type=Path, default=CARRY)
    a = ap.parse_args()
    CARRY = getattr(a, "carry", CARRY).resolve()
    if a.cmd == "carry":
        return carry(a.per_family)
    return run(a.out, a.budget_s, a.population, a.dry_run, a.kernel_guard, a.penalty, a.eval)


if __name__ == "__main__":
    sys.exit(main())
