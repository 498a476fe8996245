"""What a policy's register guard sees and prevents (docs/policy.md, "The guard").

Usage: python bench/guard_pressure.py [--targets sm_90,gfx1100,gfx942] [--random N]
                                      [--out bench/guard_pressure.json.xz]

For each kernel (the suite but fa_decode_d256, the test kernels and four public CUDA
kernels) and target, schedules from: LLVM's default, the four heuristics as linear policies
(agentsched.searches.policies.linear_seed) and N random linear policies over all features,
each without and with the guard (slack 0), every one compiled by the plugin from its policy
file. Recorded per schedule: the register count of the compiled kernel (NVPTX: ptxas
-O3; AMDGPU: LLVM's VGPRs), occupancy, spills, the guard's interventions, GCN's reverted
regions, and LLVM's own tracked pressure of the schedule: the largest "vgpr" pressure
(PRESSURE_SETS) at any step of any pass in the state log.

It answers: (1) how well LLVM's pressure tracks ptxas's register count (Spearman's rank
correlation over a kernel's schedules, and the share of schedule pairs whose order by LLVM's
pressure matches their order by ptxas registers); (2) how far above LLVM's count the
unguarded and the guarded policies go.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from agentsched.core import policy as P  # noqa: E402

sys.path.insert(0, str(ROOT / "bench"))
import benchdata  # noqa: E402  (writes .xz compressed, the recorded form)

from agentsched.core.protocol import read_states
from agentsched.llvm.compile import compile_ir
from agentsched.llvm.frontend import emit_ir
from agentsched.llvm.metrics import static_metrics
from agentsched.searches.policies import linear_seed
from agentsched.targets import parse_target
from agentsched.targets import policy as TP
from agentsched.tools.programs import find_ptxas

PUBLIC = ROOT / "tests" / "data" / "public"
PUBLIC_CUDA = [  # (name, file, entry, build options)
    ("sgemm_vectorize", "SGEMM_CUDA/src/kernels/6_kernel_vectorize.cuh",
     "sgemmVectorize<128, 128, 8, 8, 8>", {}),
    ("sgemm_warptiling", "SGEMM_CUDA/src/kernels/10_kernel_warptiling.cuh",
     "sgemmWarptiling<128,128,16,64,64,4,8,4,128>", {}),
    ("matrixMul", "cuda-samples/Samples/0_Introduction/matrixMul/matrixMul.cu",
     "MatrixMulCUDA<32>", {"include_dirs": [PUBLIC / "cuda-samples" / "Common"]}),
    ("layernorm", "llm.c/dev/cuda/layernorm_forward.cu", "layernorm_forward_kernel3", {}),
]


def kernels(target: str):
    from agentsched.kernels.suite import SUITE
    t = parse_target(target)
    for name, spec in SUITE.items():
        if name != "fa_decode_d256":  # 46,553 points: minutes per random schedule
            yield name, emit_ir(spec.source, t, dict(spec.defines))
    for p in sorted((ROOT / "tests" / "data").glob("*.cu")):
        yield p.stem, emit_ir(p, t)
    if not t.is_amdgpu:
        for name, path, entry, build in PUBLIC_CUDA:
            yield name, emit_ir(PUBLIC / path, t, entry=entry, **build)


def schedules(target: str, n_random: int) -> list[tuple[str, P.SchedulingPolicy | None]]:
    out: list = [("llvm", None)]
    for h in ("min_pressure", "max_latency", "pref_load", "pref_salu"):
        for guard in (None, P.Guard()):
            out.append((h + ("+guard" if guard else ""),
                        TP.linear_policy(linear_seed(h), target=target, guard=guard)))
    rng = np.random.default_rng(0)
    for i in range(n_random):
        w = rng.normal(size=len(P.FEATURES))
        for guard in (None, P.Guard()):
            out.append((f"random{i}" + ("+guard" if guard else ""),
                        TP.linear_policy(w, target=target, features=P.FEATURES, guard=guard)))
    return out


def llvm_pressure(log: Path, sets: dict) -> int:
    """The largest weighted pressure LLVM tracked at any step of the compile."""
    best = 0
    for p in read_states(log):
        for pr in (p.pressure_top, p.pressure_bot):
            best = max(best, sum(u * pr.get(s, 0) for s, u in sets.items()))
    return best


def spearman(x, y) -> float | None:
    if len(set(x)) < 2 or len(set(y)) < 2:
        return None
    rx = np.argsort(np.argsort(x, kind="stable"), kind="stable").astype(float)
    ry = np.argsort(np.argsort(y, kind="stable"), kind="stable").astype(float)
    # average ranks of ties
    for r, v in ((rx, np.asarray(x)), (ry, np.asarray(y))):
        for val in set(v.tolist()):
            idx = np.where(v == val)[0]
            r[idx] = r[idx].mean()
    return float(np.corrcoef(rx, ry)[0, 1])


def pair_agreement(x, y) -> float | None:
    """Of the schedule pairs that ptxas orders (different register counts), the share that
    LLVM's pressure orders the same way."""
    agree = total = 0
    for i in range(len(x)):
        for j in range(i + 1, len(x)):
            if y[i] != y[j]:
                total += 1
                agree += (x[i] - x[j]) * (y[i] - y[j]) > 0
    return agree / total if total else None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--targets", default="sm_90,gfx1100,gfx942")
    ap.add_argument("--random", type=int, default=4)
    ap.add_argument("--out", default=str(ROOT / "bench" / "guard_pressure.json.xz"))
    args = ap.parse_args()
    rows = []
    for tname in args.targets.split(","):
        t = parse_target(tname)
        if not t.is_amdgpu and find_ptxas() is None:
            print(f"{tname}: no ptxas, skipped", file=sys.stderr)
            continue
        sets = TP.pressure_sets(tname)["vgpr"]
        for kname, ir in kernels(tname):
            with tempfile.TemporaryDirectory() as d:
                for sname, pol in schedules(tname, args.random):
                    f = Path(d) / "p.json"
                    if pol is not None:
                        P.save_policy(pol, f)
                    log = Path(d) / "s.jsonl"
                    res = compile_ir(ir, t, policy=f if pol else None, state_log=log)
                    m = static_metrics(res.asm, t, entry=res.entry)
                    row = {"target": tname, "kernel": kname, "schedule": sname,
                           "registers": m.vgpr, "occupancy": m.occupancy, "spills": m.spills,
                           "llvm_pressure": llvm_pressure(log, sets),
                           "changed": res.report["changed"],
                           "guard_interventions": res.report.get("guard_interventions", 0),
                           "reverted_regions": res.report["reverted_regions"]}
                    rows.append(row)
                    print(json.dumps(row), flush=True)
    result = {"rows": rows, "summary": summarize(rows),
              "command": "python bench/guard_pressure.py " + " ".join(sys.argv[1:])}
    benchdata.write_text(args.out, json.dumps(result, indent=1) + "\n")
    print(json.dumps(result["summary"], indent=1))


def summarize(rows: list[dict]) -> dict:
    out = {}
    for tname in sorted({r["target"] for r in rows}):
        trows = [r for r in rows if r["target"] == tname]
        per_kernel, rhos, agrees = {}, [], []
        excess = {"unguarded": [], "guarded": []}
        reverted = {"unguarded": 0, "guarded": 0}
        for k in sorted({r["kernel"] for r in trows}):
            kr = [r for r in trows if r["kernel"] == k]
            llvm = next(r for r in kr if r["schedule"] == "llvm")
            x = [r["llvm_pressure"] for r in kr]
            y = [r["registers"] for r in kr]
            rho, agree = spearman(x, y), pair_agreement(x, y)
            if rho is not None:
                rhos.append(rho)
            if agree is not None:
                agrees.append(agree)
            for r in kr:
                if r["schedule"] == "llvm":
                    continue
                kind = "guarded" if r["schedule"].endswith("+guard") else "unguarded"
                excess[kind].append(r["registers"] - llvm["registers"])
                reverted[kind] += r["reverted_regions"]
            per_kernel[k] = {"llvm_registers": llvm["registers"],
                             "spearman": None if rho is None else round(rho, 2),
                             "pair_agreement": None if agree is None else round(agree, 2),
                             "max_unguarded": max(r["registers"] for r in kr
                                                  if not r["schedule"].endswith("+guard")),
                             "max_guarded": max(r["registers"] for r in kr
                                                if r["schedule"].endswith("+guard"))}
        out[tname] = {
            "kernels": per_kernel,
            "median_spearman": round(statistics.median(rhos), 2) if rhos else None,
            "median_pair_agreement": round(statistics.median(agrees), 2) if agrees else None,
            "registers_above_llvm": {k: {"max": max(v), "median": statistics.median(v),
                                         "schedules_above": sum(e > 0 for e in v),
                                         "schedules": len(v)} for k, v in excess.items()},
            "reverted_regions": reverted}
    return out


if __name__ == "__main__":
    main()
