"""What reading SASS costs here: disassembly (nvdisasm) + features (agentsched.targets.sass)
per kernel, alone and in batches, on the cubins dataset.py compiled.

    python bench/perfmodel/cost.py        # prints, writes bench/perfmodel/cost.json
    python bench/perfmodel/cost.py predict [KERNEL ...] [--variants N]
        # the model's prediction per variant, ptxas included (PTX -> cubin -> nvdisasm ->
        # features -> pair features -> trees), one variant at a time and in batches as a
        # search asks for them: writes bench/perfmodel/cost_predict.json

CPU seconds (this process + nvdisasm) are reported beside wall seconds: the machine is shared,
so wall time depends on the other jobs; CPU time does much less.
"""
from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))
sys.path.insert(0, str(HERE))


def _cpu() -> float:
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def measure(paths: list[Path], names: list[str | None], batch: int, repeat: int = 3) -> dict:
    from agentsched.targets import sass
    walls, cpus, feats = [], [], []
    n = 0
    for _ in range(repeat):
        w0, c0 = time.perf_counter(), _cpu()
        fcpu = 0.0
        for i in range(0, len(paths), batch):
            for fns in sass.disassemble_many(paths[i:i + batch], names[i:i + batch]):
                f0 = time.process_time()
                sass.features(fns[0])
                fcpu += time.process_time() - f0
        walls.append(time.perf_counter() - w0)
        cpus.append(_cpu() - c0)
        feats.append(fcpu)
        n = len(paths)
    return {"batch": batch, "kernels": n, "wall_s_per_kernel": round(min(walls) / n, 4),
            "cpu_s_per_kernel": round(min(cpus) / n, 4),
            "features_cpu_s_per_kernel": round(min(feats) / n, 4)}


def predict_cost(kernels: list[str], n_variants: int) -> dict:
    """Prediction per variant, from PTX: the variants are live compiles with the random agent
    (llc's time is the compile's, not the prediction's, and is not counted)."""
    from agentsched.agents import make_agent
    from agentsched.kernels.ref import resolve_kernel
    from agentsched.llvm.compile import compile_ir
    from agentsched.searches.predicted import PredictedTimer
    from agentsched.targets import parse_target
    from agentsched.targets.nvptx import run_ptxas
    t = parse_target("sm_90")
    rows = []
    for name in kernels:
        ir = resolve_kernel(name).ir(t)
        default = compile_ir(ir, t)
        ptx = []
        for seed in range(n_variants):
            agent = make_agent("random", seed=seed)
            try:
                ptx.append(compile_ir(ir, t, agent=agent).asm.encode())
            finally:
                agent.close()
        for batch in (1, 8, len(ptx)):
            run_ptxas.cache_clear()  # ptxas is part of what is measured
            timer = PredictedTimer(t, default.module(".cubin"), default.entry)
            w0, c0 = time.perf_counter(), _cpu()
            for i in range(0, len(ptx), batch):
                timer.predict(ptx[i:i + batch])
            rows.append({"kernel": name, "variants": len(ptx), "batch": batch,
                         "wall_s_per_variant": round((time.perf_counter() - w0) / len(ptx), 4),
                         "cpu_s_per_variant": round((_cpu() - c0) / len(ptx), 4)})
            print(rows[-1], flush=True)
    return {"load_avg": os.getloadavg(), "cpus": os.cpu_count(), "rows": rows,
            "note": "CPU s: this process + ptxas + nvdisasm (children); wall depends on the "
                    "other jobs of the shared machine"}


def main() -> int:
    if sys.argv[1:2] == ["predict"]:
        args = sys.argv[2:]
        n = 16
        if "--variants" in args:
            i = args.index("--variants")
            n = int(args[i + 1])
            del args[i:i + 2]
        out = predict_cost(args or ["gemm8x8", "fused_mlp", "fa_decode"], n)
        (HERE / "cost_predict.json").write_text(json.dumps(out, indent=1) + "\n")
        return 0
    from dataset import binaries, cache
    c = cache()
    bins = binaries()
    ids = sorted(bins)[:96]
    paths = [c / "cubin" / f"{bins[i][0]}.cubin" for i in ids]
    names = [bins[i][1] for i in ids]
    rows = [measure(paths[:8], names[:8], 1)] + [measure(paths, names, b, repeat=2)
                                                  for b in (8, 32, 96)]
    from agentsched.targets import sass
    instrs = sum(len(f[0].instructions) for f in sass.disassemble_many(paths, names))
    out = {"instructions_per_kernel": round(instrs / len(paths)), "load_avg": os.getloadavg(),
           "cpus": os.cpu_count(), "rows": rows}
    (HERE / "cost.json").write_text(json.dumps(out, indent=1) + "\n")
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
