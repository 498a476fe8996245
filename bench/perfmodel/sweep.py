"""How the scheduler simulation's ranking depends on its assumed latencies: for each global
latency (and with/without the shared-memory bandwidth queue), the within-kernel Spearman of
-l_sim_cycles with the measured speedup, on the binaries of variants.csv.xz.

    python bench/perfmodel/sweep.py [--kernels K,..] [--min-points 12]   # writes sweep.json
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))
sys.path.insert(0, str(HERE))


def main(argv=None) -> int:
    import dataset as d

    from agentsched.targets import sass
    from agentsched.targets.nvptx import cuda_occupancy
    ap = argparse.ArgumentParser()
    ap.add_argument("--kernels", default=None)
    ap.add_argument("--min-points", type=int, default=12)
    ap.add_argument("--latencies", default="300,450,700,1000")
    a = ap.parse_args(argv)
    c = d.cache()
    bins = d.binaries()
    pts: dict[str, dict[str, list]] = defaultdict(lambda: defaultdict(list))
    rows, _ = d.load_tables()
    for r in rows:
        if r["speedup"] and r["source"] != "corpus" and r["verified"] != "False" and \
                (a.kernels is None or r["kernel"] in a.kernels.split(",")):
            pts[r["kernel"]][r["cubin"]].append(float(r["speedup"]))
    pts = {k: v for k, v in pts.items() if len(v) >= a.min_points}
    fns = {}
    for k, cubs in pts.items():
        shas = sorted(cubs)
        for sha, f in zip(shas, sass.disassemble_many(
                [c / "cubin" / f"{bins[x][0]}.cubin" for x in shas], [bins[x][1] for x in shas])):
            fns[sha] = f[0]
    out = []
    base = dict(sass.LATENCY)
    for lat in [int(x) for x in a.latencies.split(",")]:
        for mio in (False, True):
            sass.LATENCY.update(base, g=lat, l=lat)
            row = {"lat_g": lat, "mio": mio}
            for k, cubs in sorted(pts.items()):
                xs, ys = [], []
                for sha, sp in sorted(cubs.items()):
                    fn = fns[sha]
                    hot = fn.hot_loop()
                    occ = cuda_occupancy("sm_90", fn.registers, fn.block_threads or 256,
                                         fn.shared_bytes or 0) or 4  # no .maxntid: 256
                    wpb = max(1, -(-(fn.block_threads or 256) // 32) // 4)
                    xs.append(-sass.simulate_scheduler(fn.body(hot), max(1, occ // 4), wpb,
                                                       mio=mio) if hot else 0)
                    ys.append(sum(sp) / len(sp))
                row[k] = d.spearman(xs, ys)
            out.append(row)
            print(json.dumps({k: (round(v, 3) if isinstance(v, float) else v)
                              for k, v in row.items()}), flush=True)
    sass.LATENCY.update(base)
    (HERE / "sweep.json").write_text(json.dumps(out, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
