"""A policy file evaluated inside llc (-agent-sched-policy) vs stock llc and vs the live channel.

Usage: python bench/policy_overhead.py [--repeats N] [--targets gfx1100,sm_90]
                                       [--kernels a,b] [--out bench/policy_overhead.json]

1. Compile overhead: llc-19 stock vs llc-19 with the plugin evaluating a policy whose every
   pick is LLVM's own (a linear model over all 33 features, and an MLP 33-16-1 with tanh or
   with relu, all with the guard on, both dominated by a large weight on `is_llvm_pick`). The schedule,
   hence all the work after the scheduler, is stock's (the assembly is checked to be
   byte-identical), so the difference is the cost of hooking and of evaluating the policy at
   every candidate of every decision point. "hooked" is the plugin with only a report.
2. Evaluation rate: random policies (linear, MLP; guard on) evaluated in the plugin vs the
   same policy file evaluated in Python over the live channel (agent `policy:FILE`), checked
   to give the same assembly. Compiles per second (wall time of a whole compile: what a
   search or a training loop evaluating policies sees) and decisions per second: live, the
   compile's time minus the time of replaying the same schedule from a decision file, per
   decision point with a choice; plugin, the CPU time the LLVM-like policy of the same size
   adds to the hooked compile in (1), per decision point with a choice.

Every configuration runs N times, interleaved; medians. Times are the llc process's CPU time
(user + sys, from wait4) for (1), which is steadier than wall time on a shared machine, and
wall time for (2) (the live channel's cost is two processes waiting on each other).
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from agentsched.agents import make_agent  # noqa: E402
from agentsched.core import policy as P  # noqa: E402
from agentsched.core.files import write_text as atomic_write_text
from agentsched.core.protocol import write_decisions
from agentsched.llvm.compile import compile_ir
from agentsched.llvm.frontend import emit_ir
from agentsched.llvm.llc import llc_command
from agentsched.targets import parse_target
from agentsched.targets import policy as TP
from agentsched.tools.programs import llvm_version


def kernels(names: list[str] | None):
    from agentsched.kernels.suite import SUITE
    out = [(n, s.source, dict(s.defines)) for n, s in SUITE.items()]
    out += [(p.stem, p, {}) for p in sorted((ROOT / "tests" / "data").glob("*.cu"))]
    return [k for k in out if not names or k[0] in names]


def llvm_like_policies(target: str, seed: int = 0) -> dict:
    """Full-size models whose pick is always LLVM's (is_llvm_pick dominates)."""
    rng = np.random.default_rng(seed)
    n = len(P.FEATURES)
    w = rng.normal(0, 0.01, n)
    w[P.F_INDEX["is_llvm_pick"]] = 100.0
    linear = TP.linear_policy(w, target=target, features=P.FEATURES)
    w1 = rng.normal(0, 0.01, (16, n))
    w1[0] = 0.0
    w1[0, P.F_INDEX["is_llvm_pick"]] = 10.0
    w2 = rng.normal(0, 0.01, (1, 16))
    w2[0, 0] = 10.0
    mlp = TP.mlp_policy([(w1, np.zeros(16), "tanh"), (w2, [0.0], "linear")], target=target)
    relu = TP.mlp_policy([(w1, np.zeros(16), "relu"), (w2, [0.0], "linear")], target=target)
    return {"linear": linear, "mlp": mlp, "mlp_relu": relu}


def random_policies(target: str, seed: int = 1) -> dict:
    rng = np.random.default_rng(seed)
    n = len(P.FEATURES)
    linear = TP.linear_policy(rng.normal(size=n), target=target, features=P.FEATURES)
    mlp = TP.mlp_policy([(rng.normal(size=(16, n)), rng.normal(size=16), "tanh"),
                        (rng.normal(size=(1, 16)), [0.0], "linear")], target=target)
    return {"linear": linear, "mlp": mlp}


def cpu_time(cmd: list[str]) -> float:
    """User + system CPU seconds of one run of cmd."""
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode:
        raise RuntimeError(f"{cmd[0]} failed ({proc.returncode}): {' '.join(cmd)}")
    return usage.ru_utime + usage.ru_stime


def instructions(cmd: list[str]) -> float:
    """Instructions llc executes (valgrind's callgrind; in units of 1e9): exact and the same on
    a busy machine, unlike CPU time; one run is enough."""
    with tempfile.TemporaryDirectory() as d:
        p = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={d}/cg",
                            *cmd], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if p.returncode:
        raise RuntimeError(f"valgrind {cmd[0]} failed ({p.returncode}): {p.stderr[-500:]}")
    return int(re.search(r"Collected : (\d+)", p.stderr).group(1)) / 1e9


def wall(fn) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def overhead_row(name, ir, t, d: Path, repeats: int, measure=cpu_time) -> dict:
    pols = llvm_like_policies(t.name)
    for k, p in pols.items():
        P.save_policy(p, d / f"{k}.json")
    cmds = {"stock": llc_command(ir, t, d / "stock.s", stock=True),
            "hooked": llc_command(ir, t, d / "hooked.s", report=d / "hooked.json"),
            **{k: llc_command(ir, t, d / f"{k}.s", report=d / f"{k}-r.json",
                              policy=d / f"{k}.json") for k in pols}}
    times = {k: [] for k in cmds}
    for _ in range(repeats):
        for k, cmd in cmds.items():
            times[k].append(measure(cmd))
    stock_asm = (d / "stock.s").read_text()
    for k in pols:
        if (d / f"{k}.s").read_text() != stock_asm:
            raise RuntimeError(f"{name}/{t.name}: the LLVM-like {k} policy changed the schedule")
    rep = json.loads((d / "linear-r.json").read_text())
    med = {k: statistics.median(v) for k, v in times.items()}
    return {"kernel": name, "target": t.name, "decisions": rep["decisions"],
            "choices": rep["choices"],
            **{f"{k}_{'cpu_s' if measure is cpu_time else 'ginstr'}": round(v, 4)
               for k, v in med.items()},
            **{f"{k}_pct": round(100 * (med[k] / med["stock"] - 1), 1)
               for k in ("hooked", *pols)},
            "spread_pct": {k: round(100 * (max(v) - min(v)) / med["stock"], 1)
                           for k, v in times.items()}}


def rate_row(name, ir, t, d: Path, repeats: int, overhead: dict) -> dict:
    row = {"kernel": name, "target": t.name}
    for kind, pol in random_policies(t.name).items():
        f = d / f"rand-{kind}.json"
        P.save_policy(pol, f)
        live = compile_ir(ir, t, agent=make_agent(f"policy:{f}"))
        dec = d / f"rand-{kind}.decisions.jsonl"
        write_decisions(dec, live.decisions)
        plugin = compile_ir(ir, t, policy=f)
        assert plugin.asm == live.asm, f"{name}/{t.name}: plugin and Python picks differ"
        ts = {"plugin": [], "live": [], "replay": []}
        for _ in range(repeats):
            ts["plugin"].append(wall(lambda: compile_ir(ir, t, policy=f)))
            ts["live"].append(wall(lambda: compile_ir(ir, t, agent=make_agent(f"policy:{f}"))))
            ts["replay"].append(wall(lambda: compile_ir(ir, t, decisions=dec)))
        med = {k: statistics.median(v) for k, v in ts.items()}
        n = plugin.report["policy_decisions"]
        live_per_s = n / max(1e-6, med["live"] - med["replay"])
        plugin_s = overhead[f"{kind}_cpu_s"] - overhead["hooked_cpu_s"]
        plugin_per_s = overhead["choices"] / plugin_s if plugin_s > 0 else None
        row[kind] = {"policy_decisions": n, **{f"{k}_s": round(v, 4) for k, v in med.items()},
                     "compiles_per_s": {"plugin": round(1 / med["plugin"], 2),
                                        "live": round(1 / med["live"], 2)},
                     "compiles_ratio": round(med["live"] / med["plugin"], 2),
                     "decisions_per_s": {"plugin": plugin_per_s and round(plugin_per_s),
                                         "live": round(live_per_s)},
                     "decisions_ratio": plugin_per_s and round(plugin_per_s / live_per_s, 1)}
    return row


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeats", type=int, default=7)
    ap.add_argument("--targets", default="gfx1100,sm_90")
    ap.add_argument("--kernels", default="")
    ap.add_argument("--rate-kernels", default="fused_mlp,gemm8x8,fa_decode,gemm_tile,"
                                              "softmax_rows,attn_tile",
                    help="kernels of the live-channel comparison (fa_decode_d256 takes "
                         "minutes over the channel)")
    ap.add_argument("--counter", choices=("cpu", "instructions"), default="cpu",
                    help="cpu: CPU seconds, medians of --repeats; instructions: callgrind's "
                         "count (1e9), one run (no live-channel comparison)")
    ap.add_argument("--out", default=str(ROOT / "bench" / "policy_overhead.json"))
    args = ap.parse_args()
    names = [k for k in args.kernels.split(",") if k] or None
    overhead, rates = [], []
    for tname in args.targets.split(","):
        t = parse_target(tname)
        for name, src, defines in kernels(names):
            ir = emit_ir(src, t, defines)
            with tempfile.TemporaryDirectory() as d:
                reps = max(3, args.repeats // 3) if name == "fa_decode_d256" else args.repeats
                if args.counter == "instructions":
                    row = overhead_row(name, ir, t, Path(d), 1, instructions)
                else:
                    row = overhead_row(name, ir, t, Path(d), reps)
                overhead.append(row)
                print(json.dumps(row), flush=True)
                if args.counter == "cpu" and name in args.rate_kernels.split(","):
                    rrow = rate_row(name, ir, t, Path(d), max(3, args.repeats // 2), row)
                    rates.append(rrow)
                    print(json.dumps(rrow), flush=True)
    summary = {k: statistics.median(r[f"{k}_pct"] for r in overhead)
               for k in ("hooked", "linear", "mlp", "mlp_relu")}
    result = {"llvm": llvm_version(), "python": platform.python_version(),
              "machine": f"{platform.machine()} {os.cpu_count()} CPUs",
              "repeats": args.repeats, "counter": args.counter, "overhead": overhead, "rates": rates,
              "median_overhead_pct": summary,
              "command": "python bench/policy_overhead.py " + " ".join(sys.argv[1:])}
    atomic_write_text(args.out, json.dumps(result, indent=1) + "\n")
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
