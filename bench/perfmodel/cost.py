"""What reading SASS costs here: disassembly (nvdisasm) + features (agentsched.targets.sass)
per kernel, alone and in batches, on the cubins dataset.py compiled.

    python bench/perfmodel/cost.py        # prints, writes bench/perfmodel/cost.json

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


def main() -> int:
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
