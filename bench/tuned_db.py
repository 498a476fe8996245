"""The tuned-schedule database on the suite's kernels (docs/db.md): does a db written from a
schedule reproduce it byte for byte, how large is it, and what does applying it cost llc.

Usage: python bench/tuned_db.py [--targets gfx1100,sm_90] [--kernels a,b] [--repeats N]
                                [--out bench/tuned_db.json]

Per kernel and target: a random agent's schedule (seed 1), compiled live; its decisions stored
with agentsched.llvm.tuned.store_decisions (which itself checks that the db alone gives the
replay's bytes); then llc's CPU time (user + sys of the child, median of N interleaved runs)
for the same schedule from the decision file and from the db, and for LLVM's schedule with
the plugin's report only (the hooked baseline).
"""
from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from agentsched.agents import make_agent  # noqa: E402
from agentsched.core.protocol import write_decisions  # noqa: E402
from agentsched.kernels.ref import resolve_kernel  # noqa: E402
from agentsched.kernels.suite import SEED_SUITE  # noqa: E402
from agentsched.llvm.compile import compile_ir  # noqa: E402
from agentsched.llvm.ir import ir_entry  # noqa: E402
from agentsched.llvm.llc import llc_command  # noqa: E402
from agentsched.llvm.tuned import store_decisions  # noqa: E402
from agentsched.targets import parse_target  # noqa: E402


def cpu_seconds(cmd: list[str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, check=True, capture_output=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def one(kernel: str, target: str, repeats: int, tmp: Path) -> dict:
    t = parse_target(target)
    ir = resolve_kernel(kernel).ir(t)
    live = compile_ir(ir, t, agent=make_agent("random", seed=1))
    db = tmp / f"{kernel}-{target}.db"
    stored = store_decisions(db, ir, t, live.decisions)
    dec = tmp / f"{kernel}-{target}.jsonl"
    write_decisions(dec, live.decisions)
    with_db = compile_ir(ir, t, db=db)
    out = tmp / "out.s"
    entry = ir_entry(ir)
    cmds = {"hooked": llc_command(ir, t, out, report=tmp / "r.json", function=entry),
            "decision_file": llc_command(ir, t, out, decisions=dec, function=entry),
            "db": llc_command(ir, t, out, db=db, function=entry)}
    times: dict[str, list[float]] = {k: [] for k in cmds}
    for _ in range(repeats):
        for k, c in cmds.items():
            times[k].append(cpu_seconds(c))
    return {"kernel": kernel, "target": target, "regions": stored.regions,
            "decisions": stored.decisions, "db_bytes": db.stat().st_size,
            "decision_file_bytes": dec.stat().st_size,
            "verified": stored.verified, "identical": with_db.asm == live.asm,
            "applied": with_db.report["tuned"]["applied"],
            "cpu_s": {k: round(statistics.median(v), 3) for k, v in times.items()}}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--targets", default="gfx1100,sm_90")
    ap.add_argument("--kernels", default=",".join(SEED_SUITE))
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--out", default=str(ROOT / "bench" / "tuned_db.json"))
    a = ap.parse_args()
    rows = []
    with tempfile.TemporaryDirectory(prefix="agentsched-bench-") as d:
        for target in a.targets.split(","):
            for kernel in a.kernels.split(","):
                r = one(kernel, target, a.repeats, Path(d))
                print(json.dumps(r), flush=True)
                rows.append(r)
    Path(a.out).write_text(json.dumps({"command": " ".join(["python", *sys.argv]),
                                       "rows": rows}, indent=1) + "\n")


if __name__ == "__main__":
    main()
