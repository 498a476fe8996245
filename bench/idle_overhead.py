"""Idle plugin overhead, A/B: stock llc-19 vs llc-19 with a plugin loaded but idle
(-load=... -misched=agent-sched, no agentsched option), for two plugin builds, interleaved.

Usage: python bench/idle_overhead.py OLD.so [NEW.so] [--repeats 15] [--targets gfx1100,sm_90]
           [--kernels fused_mlp,gemm8x8,fa_decode,fa_decode_wpe1]
NEW.so defaults to the current build (agentsched plugin-path); build OLD.so from older
plugin sources as agentsched.tools.plugin.build_commands does. Prints one JSON row per kernel
and target (median wall times over the repeats) and the median overheads.
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from agentsched.kernels.suite import SUITE  # noqa: E402
from agentsched.llvm.frontend import emit_ir
from agentsched.llvm.llc import llc_command
from agentsched.targets import parse_target
from agentsched.tools.plugin import plugin_path


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("old")
    ap.add_argument("new", nargs="?")
    ap.add_argument("--repeats", type=int, default=15)
    ap.add_argument("--targets", default="gfx1100,sm_90")
    ap.add_argument("--kernels", default="fused_mlp,gemm8x8,fa_decode,fa_decode_wpe1")
    args = ap.parse_args()
    plugins = {"old": args.old, "new": args.new or str(plugin_path())}
    rows = []
    for tname in args.targets.split(","):
        t = parse_target(tname)
        for name in args.kernels.split(","):
            spec = SUITE[name]
            ir = emit_ir(spec.source, t, dict(spec.defines))
            with tempfile.TemporaryDirectory() as d:
                stock = llc_command(ir, t, Path(d) / "a.s", stock=True)
                cmds = {"stock": stock, **{
                    k: [*stock[:-3], f"-load={so}", "-misched=agent-sched", *stock[-3:]]
                    for k, so in plugins.items()}}
                times = {k: [] for k in cmds}
                for _ in range(args.repeats):
                    for k, cmd in cmds.items():
                        t0 = time.perf_counter()
                        subprocess.run(cmd, check=True)
                        times[k].append(time.perf_counter() - t0)
            med = {k: statistics.median(v) for k, v in times.items()}
            row = {"kernel": name, "target": tname, "stock_s": round(med["stock"], 4),
                   **{f"idle_{k}_pct": round(100 * (med[k] / med["stock"] - 1), 1)
                      for k in plugins}}
            rows.append(row)
            print(json.dumps(row), flush=True)
    print(json.dumps({f"median_idle_{k}_pct": statistics.median(r[f"idle_{k}_pct"] for r in rows)
                      for k in plugins}))


if __name__ == "__main__":
    main()
