"""Static search results on gfx1100 and gfx942 (issue 5): the best schedule found vs GCN's
own on occupancy, spills and llvm-mca's cycle estimate, with GCN's reverts counted.

  python bench/static_search.py [--budget 24] [--method evolve]

Writes bench/static_search.json, bench/static_search.md and each row's winning decisions,
bench/static_search/KERNEL-TARGET-OBJECTIVE.jsonl.xz (xz; a row whose winner is the same
schedule as an earlier row's of the same kernel and target names that row's file instead of a
second copy). `python bench/static_search.py --markdown` rewrites the page from the JSON.
fa_decode vs fa_decode_wpe1 is
the pair without / with a waves-per-EU constraint (amdgpu_waves_per_eu(1,1)): with it GCN's
occupancy guard has nothing to protect, so it keeps the agent's schedules.
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

sys.path.insert(0, str(ROOT / "bench"))
import benchdata  # noqa: E402

from agentsched.core.files import write_text  # noqa: E402
from agentsched.searches.run import run_search  # noqa: E402

KERNELS = ["fused_mlp", "fa_decode", "fa_decode_wpe1", "gemm8x8"]
TARGETS = ["gfx1100", "gfx942"]
OBJECTIVES = ["occupancy", "cycles"]
SHOW = ("vgpr", "occupancy", "spills", "scratch_bytes", "est_cycles", "reverted_regions")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--budget", type=int, default=24)
    ap.add_argument("--method", default="evolve")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--markdown", action="store_true",
                    help="only rewrite bench/static_search.md from bench/static_search.json")
    args = ap.parse_args()
    if args.markdown:
        write_text(ROOT / "bench" / "static_search.md",
                   to_markdown(json.loads((ROOT / "bench" / "static_search.json").read_text())))
        return
    rows = []
    winners = ROOT / "bench" / "static_search"
    written: dict = {}  # (kernel, target) -> [(decisions text, file)]
    for target in TARGETS:
        for kernel in KERNELS:
            for objective in OBJECTIVES:
                t0 = time.time()
                with tempfile.TemporaryDirectory() as d:
                    res = run_search(
                        kernel, target, objective=objective, budget=args.budget,
                        workers=args.workers, method=args.method, json_out=Path(d) / "s.json",
                        decisions_out=Path(d) / "best.jsonl"
                    ).to_dict()
                    text = (Path(d) / "best.jsonl").read_text()
                seen = written.setdefault((kernel, target), [])
                dec = next((f for t, f in seen if t == text), None)
                if dec is None:
                    dec = winners / f"{kernel}-{target}-{objective}.jsonl.xz"
                    benchdata.write_text(dec, text)
                    seen.append((text, dec))
                row = {"kernel": kernel, "target": target, "objective": objective,
                       "evaluations": res["evaluations"],
                       "default": _pick(res["default"]), "best": _pick(res["best"]),
                       "replay_matches": res["best"].get("replay_matches"),
                       "decisions_file": str(dec.relative_to(ROOT)),
                       "elapsed_s": round(time.time() - t0, 1)}
                rows.append(row)
                print(json.dumps(row), flush=True)
    out = {"budget": args.budget, "method": args.method, "rows": rows,
           "command": "python bench/static_search.py " + " ".join(sys.argv[1:])}
    write_text(ROOT / "bench" / "static_search.json", json.dumps(out, indent=1) + "\n")
    write_text(ROOT / "bench" / "static_search.md", to_markdown(out))


def _pick(entry: dict) -> dict:
    both = {**entry["metrics"], **(entry.get("report") or {})}
    return {k: both.get(k) for k in SHOW}


def to_markdown(out: dict) -> str:
    lines = [f"# Static search vs GCN ({out['method']}, budget {out['budget']} compiles)\n\n",
             f"Command: `{out['command']}`; every figure is from "
             "[static_search.json](static_search.json) (its `rows`), each winner's decisions "
             "in its row's `decisions_file` (static_search/, xz). Each cell: GCN default → "
             "best found. "
             "`est_cycles` is llvm-mca's estimate for the hottest loop (a static model, blind "
             "to memory latency and occupancy); `reverted` counts regions whose agent "
             "schedule GCN threw away. Winners replay strictly (`replay ok`).\n\n",
             "| target | kernel | objective | VGPRs | waves/SIMD | spills | est. cycles | "
             "reverted | evals | replay ok |\n|---|---|---|---|---|---|---|---|---|---|\n"]
    for r in out["rows"]:
        d, b = r["default"], r["best"]
        cell = lambda k: f"{d[k]} → {b[k]}"  # noqa: E731
        lines.append(f"| {r['target']} | {r['kernel']} | {r['objective']} | {cell('vgpr')} | "
                     f"{cell('occupancy')} | {cell('spills')} | {cell('est_cycles')} | "
                     f"{cell('reverted_regions')} | {r['evaluations']} | "
                     f"{r['replay_matches']} |\n")
    return "".join(lines)


if __name__ == "__main__":
    main()
