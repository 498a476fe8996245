"""H200 experiment: every heuristic agent on the seed suite, and a measured-time search.

  python bench/h200.py build            # here: compile bundles into bench/h200/bundles
  python bench/h200.py run OUTDIR       # on the GPU machine: time them, write OUTDIR/h200.json
  python bench/h200.py report FILE      # here: bench/h200/RESULTS.md from that JSON
                                        # (recorded as bench/h200/h200.json.xz)

Search (issue 5) uses the GPU as the objective, honestly: a *screening* run times a pool of
candidate schedules (heuristics, LLVM's choices with a generic base, seeded random
schedules); the best by median goes to a separate *confirmation* run against LLVM's
default with an A/A copy, and only the confirmation's figures are reported.
"""
from __future__ import annotations

import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
import benchdata  # noqa: E402

BUNDLES = ROOT / "bench" / "h200" / "bundles"
KERNELS = ["fused_mlp", "fa_decode", "fa_decode_wpe1", "gemm8x8"]
HEURISTICS = ["default", "min_pressure", "max_latency", "pref_load", "pref_salu"]
N_RANDOM_TABLE = 3
N_POOL = 20  # random schedules in the search pool


def build():
    from agentsched.experiments.bundles import VariantSpec, build_bundle
    from agentsched.kernels.ref import resolve_kernel
    for k in KERNELS:
        kref = resolve_kernel(k)
        table = [VariantSpec(a, a) for a in HEURISTICS] + \
            [VariantSpec(f"random{i}", "random", seed=i) for i in range(N_RANDOM_TABLE)]
        build_bundle(kref, "sm_90", table, BUNDLES / f"{k}-agents")
        pool = [VariantSpec("default", None)] + \
            [VariantSpec(f"h_{a}", a) for a in HEURISTICS[1:]] + \
            [VariantSpec(f"r{i}", "random", seed=100 + i) for i in range(N_POOL)]
        build_bundle(kref, "sm_90", pool, BUNDLES / f"{k}-pool")
        print("built", k, flush=True)


N_POOL2 = 48  # linear scoring policies near LLVM's and the heuristics' choices


def build2():
    """A second, wider pool: schedules from random linear scoring policies around LLVM's pick
    and the heuristics (agentsched.searches.evaluate.LinearPolicy), one live compile each."""
    import numpy as np

    from agentsched.core.protocol import write_decisions
    from agentsched.experiments.bundles import VariantSpec, build_bundle
    from agentsched.kernels.ref import resolve_kernel
    from agentsched.searches.evaluate import rollout
    from agentsched.searches.policies import FEATURES, LinearPolicy, linear_seed
    from agentsched.targets import parse_target
    rng = np.random.default_rng(2026)
    t = parse_target("sm_90")
    for k in KERNELS:
        kref = resolve_kernel(k)
        ir = kref.ir(t)
        tmp = BUNDLES / f"{k}-pool2-decisions"
        tmp.mkdir(parents=True, exist_ok=True)
        variants = [VariantSpec("default", None)]
        for i in range(N_POOL2):
            base = linear_seed(str(rng.choice(HEURISTICS)))
            w = base + rng.normal(0, 3.0, len(FEATURES)) * (rng.random(len(FEATURES)) < 0.3)
            decisions, _ = rollout(ir, t, LinearPolicy(tuple(float(x) for x in w)))
            f = tmp / f"l{i}.decisions.jsonl"
            write_decisions(f, decisions)
            variants.append(VariantSpec(f"l{i}", None, decisions=f))
        build_bundle(kref, "sm_90", variants, BUNDLES / f"{k}-pool2")
        print("built pool2", k, flush=True)


def run(out_dir: Path, pool: str = "pool", out_name: str = "h200.json"):
    from agentsched.runtime.bundle import time_bundle
    out_dir.mkdir(parents=True, exist_ok=True)
    summary = {"kernels": {}, "started": time.time()}
    for k in KERNELS:
        t0 = time.time()
        agents = time_bundle(BUNDLES / f"{k}-agents", rounds=21, reps=5, aa=True,
                             command=f"python bench/h200.py run ({k}-agents)")
        screen = time_bundle(BUNDLES / f"{k}-{pool}", rounds=9, reps=3, aa=False,
                             command=f"python bench/h200.py run ({k}-{pool} screening)")
        ok = {n: v for n, v in screen["variants"].items() if v.get("ok") and v.get("median_us")}
        best = min((n for n in ok if n != "default"), key=lambda n: ok[n]["median_us"])
        confirm = time_bundle(BUNDLES / f"{k}-{pool}", rounds=31, reps=5, aa=True,
                              variants=["default", best], out="confirm.json",
                              command=f"python bench/h200.py run ({k} confirmation of {best})")
        summary["kernels"][k] = {"agents": agents, "screen": screen, "best": best,
                                 "confirm": confirm, "wall_s": round(time.time() - t0, 1)}
        print(k, "best", best, "wall", round(time.time() - t0, 1), flush=True)
        (out_dir / out_name).write_text(json.dumps(summary, indent=1))


def _decisions_hash(d: dict) -> str | None:
    v = d["confirm"]["variants"].get(d["best"]) or d["screen"]["variants"].get(d["best"]) or {}
    return (v.get("static") or {}).get("decisions_hash")


def _fmt_ci(ci):
    return "" if not ci else f"[{ci[0]:.4g}, {ci[1]:.4g}]"


def winner_file(kernel: str, name: str, decisions_hash: str | None) -> str:
    """The recorded decisions of a confirmed winner: winners/KERNEL-NAME.decisions.jsonl.xz,
    or, where two variants had the same decisions (one file kept), the winners file whose
    content has the variant's decisions_hash."""
    import hashlib
    wdir = ROOT / "bench" / "h200" / "winners"
    f = benchdata.find(wdir / f"{kernel}-{name}.decisions.jsonl")
    if not f.exists() and decisions_hash:
        f = next((g for g in sorted(wdir.glob(f"{kernel}-*.decisions.jsonl*"))
                  if hashlib.sha256(benchdata.read_text(g).encode()).hexdigest()
                  == decisions_hash), f)
    return str(f.relative_to(ROOT))


def report(path: Path):
    data = benchdata.read_json(path)
    source = Path(path).resolve()
    source_name = str(source.relative_to(ROOT)) if source.is_relative_to(ROOT) else str(path)
    lines = ["# H200 results (NVPTX sm_90, llc-19 + agentsched plugin, ptxas -O3)\n"]
    first = next(iter(data["kernels"].values()))["agents"]
    dev = first.get("device", {})
    lines.append(f"GPU: {dev.get('gpu')} · driver {dev.get('driver_version')} · "
                 f"CUDA {dev.get('cuda_runtime_version', dev.get('cuda_version', '?'))}. "
                 "Every variant was checked against the kernel's NumPy reference before it "
                 "was timed. Times are medians over interleaved rounds (variant order shuffled "
                 "each round) of per-launch means from CUDA events, with 95% bootstrap CIs; "
                 "speedup = median(default)/median(variant) with a paired bootstrap CI; the "
                 "A/A row is LLVM's default timed as a second, separate variant.\n")
    lines.append("Command: `python bench/h200.py build` here, then "
                 "`python bench/h200.py run $OUT` on the H200.\n")
    lines.append(f"Every figure below is from `{source_name}` (this page: "
                 f"`python bench/h200.py report {source_name}`).\n")
    geo = []
    for k, d in data["kernels"].items():
        a = d["agents"]["variants"]
        nf = d["agents"].get("noise_floor") or {}
        lines.append(f"\n## {k}\n\n| variant | ok | registers | spills (B) | median µs | 95% CI "
                     "| speedup vs default | 95% CI |\n|---|---|---|---|---|---|---|---|\n")
        for name, v in a.items():
            st = v.get("static") or {}
            lines.append(f"| {name} | {'yes' if v.get('ok') else 'WRONG'} | "
                         f"{v.get('registers', st.get('vgpr'))} | "
                         f"{st.get('spill_bytes', st.get('spills', ''))} | "
                         f"{v.get('median_us') or '':.6} | {_fmt_ci(v.get('ci95'))} | "
                         f"{v.get('speedup') or '':.5} | {_fmt_ci(v.get('speedup_ci'))} |\n")
        if nf:
            lines.append(f"\nA/A noise floor: {100 * nf.get('rel_diff', 0):+.2f}% "
                         f"(bound {100 * nf.get('bound', 0):.2f}%).\n")
        c = d["confirm"]["variants"]
        best = c.get(d["best"], {})
        cnf = d["confirm"].get("noise_floor") or {}
        ev = len(d["screen"]["variants"])
        pool = "pool2" if "pool2" in d["screen"].get("bundle", "") else "pool"
        wf = winner_file(k, d["best"], _decisions_hash(d))
        same = "" if Path(wf).name.startswith(f"{k}-{d['best']}.") else (
            f" (`{d['best']}` made the same decisions, byte for byte: one file is kept)")
        lines.append(f"\n**Search** ({pool}: {ev} schedules screened, 9 rounds × 3 launches): "
                     f"best `{d['best']}`; confirmation run (31 rounds × 5, fresh): speedup "
                     f"{best.get('speedup', float('nan')):.4f} {_fmt_ci(best.get('speedup_ci'))}"
                     f", A/A {100 * cnf.get('rel_diff', 0):+.2f}% (bound "
                     f"{100 * cnf.get('bound', 0):.2f}%). Winning decisions: "
                     f"`{wf}`{same}.\n")
        if best.get("speedup"):
            geo.append(best["speedup"])
    if geo:
        import math
        g = math.exp(sum(math.log(x) for x in geo) / len(geo))
        lines.append(f"\n## Suite geomean speedup of the confirmed search winners: "
                     f"{g:.4f} ({100 * (g - 1):+.2f}%)\n")
    stem = Path(benchdata.files.uncompressed_name(path)).stem  # h200 or h200_pool2
    out = ROOT / "bench" / "h200" / ("RESULTS.md" if stem == "h200"
                                     else f"RESULTS_{stem.split('_', 1)[1]}.md")
    out.write_text("".join(lines))
    print(out)


if __name__ == "__main__":
    cmd = sys.argv[1] if len(sys.argv) > 1 else "build"
    if cmd == "build":
        build()
    elif cmd == "build2":
        build2()
    elif cmd == "run":
        run(Path(sys.argv[2]))
    elif cmd == "run2":
        run(Path(sys.argv[2]), pool="pool2", out_name="h200_pool2.json")
    else:
        report(Path(sys.argv[2]))
