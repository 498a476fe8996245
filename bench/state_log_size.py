"""State-log size and write cost: compact (the default) vs full, and the memory of checking
a large decision file.

Usage: python bench/state_log_size.py [--repeats N] [--targets gfx1100,sm_90]
           [--kernels fused_mlp,gemm8x8,fa_decode,fa_decode_d256] [--decisions-mb 200]
           [--out bench/state_log_size.json]

Each llc run writes its log into a FIFO drained by a thread that only counts bytes, so a
multi-GB full log needs no disk. Per kernel and target, interleaved over N repeats: llc with
the report only (no log), with the compact log, with the full log; medians. "write s" is
the log's extra wall time over the no-log run. --decisions-mb also writes a decision file of
about that size and measures the peak memory (max RSS) of a process that checks it with
protocol.check_decisions (streaming) and with read_decisions (a list of every decision).
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from agentsched.core.files import write_text
from agentsched.kernels.suite import SUITE  # noqa: E402
from agentsched.llvm.frontend import emit_ir
from agentsched.llvm.llc import llc_command
from agentsched.targets import parse_target
from agentsched.tools.programs import llvm_version


def run_counting(cmd: list[str], fifo: Path | None) -> tuple[float, int]:
    """Wall time of llc and the bytes it wrote into `fifo`."""
    count = [0]

    def drain():
        with open(fifo, "rb", buffering=0) as fh:
            while chunk := fh.read(1 << 20):
                count[0] += len(chunk)

    reader = threading.Thread(target=drain) if fifo else None
    if reader:
        reader.start()
    t0 = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - t0
    if reader:
        reader.join()
    return wall, count[0]


def bench_logs(args) -> list[dict]:
    rows = []
    for tname in args.targets.split(","):
        t = parse_target(tname)
        for name in args.kernels.split(","):
            spec = SUITE[name]
            ir = emit_ir(spec.source, t, dict(spec.defines))
            with tempfile.TemporaryDirectory(prefix="agentsched-bench-") as d:
                d = Path(d)
                fifo = d / "log.fifo"
                os.mkfifo(fifo)
                cmds = {
                    "none": (llc_command(ir, t, d / "a.s", report=d / "r.json"), None),
                    "compact": (llc_command(ir, t, d / "b.s", report=d / "r.json",
                                            state_log=fifo), fifo),
                    "full": (llc_command(ir, t, d / "c.s", report=d / "r.json",
                                         state_log=fifo, full_state_log=True), fifo),
                }
                times = {k: [] for k in cmds}
                size = {}
                for _ in range(args.repeats):
                    for k, (cmd, f) in cmds.items():
                        wall, n = run_counting(cmd, f)
                        times[k].append(wall)
                        size[k] = n
                decisions = json.loads((d / "r.json").read_text())["decisions"]
            med = {k: statistics.median(v) for k, v in times.items()}
            row = {"kernel": name, "target": tname, "decisions": decisions,
                   "llc_s": round(med["none"], 3),
                   "compact_bytes": size["compact"], "full_bytes": size["full"],
                   "compact_write_s": round(med["compact"] - med["none"], 3),
                   "full_write_s": round(med["full"] - med["none"], 3),
                   "ratio": round(size["full"] / max(1, size["compact"]), 1)}
            rows.append(row)
            print(json.dumps(row), flush=True)
    return rows


def bench_decisions(mb: int) -> dict:
    """Peak memory of checking a decision file of about `mb` MB, streaming vs as a list."""
    with tempfile.TemporaryDirectory(prefix="agentsched-bench-") as d:
        path = Path(d) / "decisions.jsonl"
        line = '{"function": "fa_decode_d256", "region": %d, "visit": 0, "step": %d, ' \
               '"pick": %d, "zone": "top"}\n'
        with open(path, "w") as fh:
            n = 0
            while fh.tell() < mb * 1_000_000:
                fh.writelines(line % (i % 97, i, i % 1000) for i in range(n, n + 100_000))
                n += 100_000
        out = {"file_mb": round(path.stat().st_size / 1e6, 1), "decisions": n}
        for how in ("check_decisions", "read_decisions"):
            code = (f"import resource, time; from agentsched.core.protocol import {how}; "
                    f"t = time.perf_counter(); {how}({str(path)!r}); "
                    "print(time.perf_counter() - t, "
                    "resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)")
            secs, rss_kb = subprocess.run([sys.executable, "-c", code], check=True,
                                          capture_output=True, text=True,
                                          cwd=ROOT).stdout.split()
            out[how] = {"max_rss_mb": round(int(rss_kb) / 1024), "seconds": round(float(secs), 1)}
        print(json.dumps(out), flush=True)
        return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--targets", default="gfx1100,sm_90")
    ap.add_argument("--kernels", default="fused_mlp,gemm8x8,fa_decode,fa_decode_d256")
    ap.add_argument("--decisions-mb", type=int, default=200)
    ap.add_argument("--out", default=str(ROOT / "bench" / "state_log_size.json"))
    args = ap.parse_args()
    result = {"llvm": llvm_version(), "python": platform.python_version(),
              "machine": f"{platform.machine()} {os.cpu_count()} CPUs",
              "repeats": args.repeats, "rows": bench_logs(args),
              "decision_file": bench_decisions(args.decisions_mb) if args.decisions_mb else None,
              "command": "python bench/state_log_size.py " + " ".join(sys.argv[1:])}
    write_text(args.out, json.dumps(result, indent=2) + "\n")


if __name__ == "__main__":
    main()
