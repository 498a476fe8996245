"""New H200 data for the performance model: diverse schedules of the corpus's kernels, made
here as policy files and timed on the GPU machine by bench/corpus_gpu_check.py (which already
carries PTX, checks every variant against the reference and times it interleaved with an A/A
copy; no LLVM there). The model's weakness is new families (MODEL.md): the batch spreads
its variants over the CUDA kernels of families with few timed schedules.

    python bench/perfmodel/gpu_batch.py policies      # here: bench/perfmodel/batch_policies/
    python bench/perfmodel/gpu_batch.py commands      # prints the carry / run / ingest steps

The policies: the shipped policy (policies/sm_90.json), the one trained against the model
(bench/perfmodel/policy_predicted_sm_90.json, when it exists), and N perturbations of the
shipped policy's weights (seeded: relative noise of 0.5, 1 and 2 on every weight), each a
whole-kernel schedule per kernel: N+2 variants of every kernel beside LLVM's default.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
OUT = HERE / "batch_policies"  # committed (small): inventory.py re-creates the variants from them
# CUDA kernels of the corpus's train and validation splits (never its test split: the
# policies are checked there) in families the model has few schedules of: matmuls,
# transposes, reductions, llm.c's softmax
KERNELS = ["cuda_matrixmul_16", "cuda_matrixmul_32", "cuda_coalesced_transpose",
           "cuda_nobankconflicts_transpose", "cuda_diagonal_transpose",
           "cuda_reduce4_float_256", "cuda_reduce5_float_256", "cuda_reduce6_float_256",
           "llmc_softmax_kernel4_512",
           "llmc_softmax_online2_256", "llmc_softmax_kernel7_256"]
SIGMAS = (0.5, 1.0, 2.0)


def policies(n: int) -> list[Path]:
    base = json.loads((ROOT / "policies" / "sm_90.json").read_text())
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "shipped.json").unlink(missing_ok=True)
    out = [ROOT / "policies" / "sm_90.json"]  # the shipped policy, named "shipped"
    trained = HERE / "policy_predicted_sm_90.json"  # named "predicted"
    if trained.is_file():
        out.append(trained)
    w = np.asarray(base["model"]["weights"], dtype=float)
    scale = float(np.mean(np.abs(w))) or 1.0
    for i in range(n):
        rng = np.random.default_rng(1000 + i)
        sigma = SIGMAS[i % len(SIGMAS)]
        d = json.loads(json.dumps(base))
        d["model"]["weights"] = [round(float(x), 6) for x in
                                 w + sigma * scale * rng.standard_normal(len(w))]
        d["provenance"] = {"what": f"the shipped policy's weights + N(0, {sigma} x mean |w|), "
                                   f"seed {1000 + i} (bench/perfmodel/gpu_batch.py)"}
        p = OUT / f"perturbed{i}.json"
        p.write_text(json.dumps(d, indent=1) + "\n")
        out.append(p)
    return out


def commands(paths: list[Path]) -> str:
    named = {"sm_90": "shipped", "policy_predicted_sm_90": "predicted"}
    pol = " ".join(f"--policy {named.get(p.stem, p.stem)}={p.relative_to(ROOT)}"
                   for p in paths)
    ks = " ".join(KERNELS)
    return "\n".join([
        "# here (LLVM): PTX of every kernel x policy, into .devcarry/corpus/",
        f"python bench/corpus_gpu_check.py carry {ks} {pol}",
        "# GPU machine (carry .devcarry/corpus), <= ~190 s of GPU:",
        f"python bench/corpus_gpu_check.py run $OUT --kernels {ks} --rounds 7 --reps 3 "
        "--budget-s 180",
        "# here: the run's corpus_gpu_check.json into bench/h200/corpus_perfmodel/ (inventory.py "
        "reads it with the policies of bench/perfmodel/batch_policies/), then",
        "python bench/perfmodel/inventory.py && python bench/perfmodel/dataset.py build "
        "--sources corpus && python bench/perfmodel/dataset.py report && "
        "python bench/perfmodel/train.py"])


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("step", choices=["policies", "commands"])
    ap.add_argument("-n", type=int, default=4, help="perturbed policies (the carry: <= 64 MiB; a reduction module's PTX is 0.76 MB)")
    a = ap.parse_args()
    paths = policies(a.n)
    if a.step == "policies":
        print("\n".join(str(p.relative_to(ROOT)) for p in paths))
    print(commands(paths))
    return 0


if __name__ == "__main__":
    sys.exit(main())
