"""llc-19 time: stock vs plugin idle vs state logging vs live channel; channel decisions/s.

Usage: python bench/compile_overhead.py [--repeats N] [--out bench/compile_overhead.json]
Each configuration runs N times interleaved; the median wall time is reported.
"""
from __future__ import annotations

import argparse
import json
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from agentsched.agents import Agent, make_agent  # noqa: E402
from agentsched.core.files import write_text
from agentsched.llvm.compile import compile_ir
from agentsched.llvm.frontend import emit_ir
from agentsched.llvm.llc import llc_command
from agentsched.targets import parse_target
from agentsched.tools.programs import llvm_version


class Echo(Agent):
    """Answers LLVM's own pick: measures the channel, not a policy."""

    def pick(self, point):
        return point.llvm_candidate


def kernels():
    try:
        from agentsched.kernels.suite import SUITE
        return [(name, spec.source, dict(spec.defines)) for name, spec in SUITE.items()]
    except ImportError:
        data = ROOT / "tests" / "data"
        return [(p.stem, p, {}) for p in sorted(data.glob("*.cu"))]


def timed(fn) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeats", type=int, default=7)
    ap.add_argument("--targets", default="gfx1100,gfx942,sm_90")
    ap.add_argument("--out", default=str(ROOT / "bench" / "compile_overhead.json"))
    args = ap.parse_args()
    rows = []
    for tname in args.targets.split(","):
        t = parse_target(tname)
        for name, src, defines in kernels():
            ir = emit_ir(src, t, defines)
            with tempfile.TemporaryDirectory() as d:
                d = Path(d)
                cmds = {
                    "stock": llc_command(ir, t, d / "a.s", stock=True),
                    "idle": llc_command(ir, t, d / "b.s"),
                    "report": llc_command(ir, t, d / "c.s", report=d / "r.json"),
                    "state_log": llc_command(ir, t, d / "e.s", report=d / "r2.json",
                                             state_log=d / "s.jsonl"),
                }
                times = {k: [] for k in [*cmds, "live"]}
                decisions = asked = 0
                for _ in range(args.repeats):
                    for k, cmd in cmds.items():
                        times[k].append(timed(lambda: subprocess.run(cmd, check=True)))
                    res = None

                    def live():
                        nonlocal res
                        res = compile_ir(ir, t, agent=Echo())
                    times["live"].append(timed(live))
                    decisions, asked = res.report["decisions"], res.report["asked"]
            med = {k: statistics.median(v) for k, v in times.items()}
            row = {"kernel": name, "target": tname, "decisions": decisions, "asked": asked,
                   **{f"{k}_s": round(v, 4) for k, v in med.items()},
                   "idle_overhead_pct": round(100 * (med["idle"] / med["stock"] - 1), 1),
                   "state_log_overhead_pct": round(100 * (med["state_log"] / med["stock"] - 1), 1),
                   "live_overhead_pct": round(100 * (med["live"] / med["stock"] - 1), 1),
                   "live_decisions_per_s": round(asked / max(1e-9, med["live"] - med["report"]))}
            rows.append(row)
            print(json.dumps(row))
    rate = bench_channel_rate()
    result = {"llvm": llvm_version(), "python": platform.python_version(),
              "machine": f"{platform.machine()} {platform.processor() or ''}".strip(),
              "repeats": args.repeats, "rows": rows, "channel": rate,
              "command": "python bench/compile_overhead.py " + " ".join(sys.argv[1:])}
    write_text(args.out, json.dumps(result, indent=2) + "\n")
    print(json.dumps(rate))


def bench_channel_rate() -> dict:
    """Decisions per second through the live channel on the largest test kernel, counting
    only the time llc spends beyond a no-channel compile."""
    t = parse_target("gfx90a")
    best = None
    for name, src, defines in kernels():
        ir = emit_ir(src, t, defines)
        r = compile_ir(ir, t)
        if best is None or r.report["choices"] > best[2]:
            best = (name, ir, r.report["choices"])
    name, ir, _ = best
    base = statistics.median(timed(lambda: compile_ir(ir, t)) for _ in range(5))
    lives = []
    for _ in range(5):
        agent = make_agent("random", seed=1)
        t0 = time.perf_counter()
        res = compile_ir(ir, t, agent=agent)
        lives.append(time.perf_counter() - t0)
    live = statistics.median(lives)
    return {"kernel": name, "target": "gfx90a", "asked": res.report["asked"],
            "compile_s": round(base, 4), "live_s": round(live, 4),
            "decisions_per_s": round(res.report["asked"] / max(1e-9, live - base))}


if __name__ == "__main__":
    main()
