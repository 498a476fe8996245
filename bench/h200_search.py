"""GPU-in-the-loop schedule search on the H200: `agentsched search --objective time` per kernel.

The GPU machine has CUDA, CuPy and ptxas but no LLVM 19, so this script carries Debian's
llc-19 (with the libraries it links) and the built plugin there:

  python bench/h200_search.py carry          # here: .devcarry/ (llvm.tar.xz, plugin, IR)
  python bench/h200_search.py run OUTDIR     # there: one search per kernel, OUTDIR/<k>.json
  python bench/h200_search.py report DIR     # here: bench/h200/RESULTS_search.md

The recorded legs are bench/h200/search/LEG/<k>.json.xz (an OUTDIR that came back, compressed
with `python bench/benchdata.py xz OUTDIR/*.json`); every reader here takes either form.

Every schedule an evolutionary search proposes is compiled live (llc-19 + plugin, ptxas -O3),
checked against the kernel's NumPy reference and timed against LLVM's default in interleaved
batches; the best distinct schedules are then re-timed in one fresh run with an A/A copy of
the default, and only that run's figures are reported (searches.run._confirm).
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tarfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
import benchdata  # noqa: E402

CARRY = ROOT / ".devcarry"  # ignored by git (.git/info/exclude); name it in the run's carry
KERNELS = ["fused_mlp", "fa_decode", "fa_decode_wpe1", "gemm8x8"]
BUDGET = {"fused_mlp": 480, "gemm8x8": 400, "fa_decode": 320, "fa_decode_wpe1": 320}
SAME_CODE_ON_NVPTX = {"fa_decode_wpe1": "fa_decode"}  # differs only by an AMDGPU attribute
# what the NVPTX path runs from LLVM 19 (the frontend names kernels with llvm-cxxfilt)
CARRIED_TOOLS = ("llc-19", "llvm-config-19", "llvm-cxxfilt-19", "llvm-dis-19")
SYSTEM_LIBS = ("linux-vdso", "libc.so", "libm.so", "libgcc_s", "libstdc++", "ld-linux")
WRAPPER = '#!/bin/sh\nd=$(dirname "$0")/..\nLD_LIBRARY_PATH="$d/lib" exec "$d/real/{tool}" "$@"\n'


def pack_llvm(dest: Path) -> int:
    """dest/llvm.tar.xz (CARRIED_TOOLS and the libraries they link, not the system's) and
    dest/plugin/ (the built plugin and its checksum). Returns the number of libraries."""
    from agentsched.tools.plugin import plugin_path
    from agentsched.tools.programs import find_tool
    dest.mkdir(parents=True, exist_ok=True)
    tools = [Path(find_tool(t)).resolve() for t in CARRIED_TOOLS]
    libs = set()
    for tool in tools:
        for line in subprocess.run(["ldd", str(tool)], capture_output=True,
                                   text=True).stdout.splitlines():
            parts = line.split("=>")
            if len(parts) == 2 and parts[1].strip().startswith("/") and \
                    not parts[0].strip().startswith(SYSTEM_LIBS):
                libs.add((parts[0].strip(), Path(parts[1].split()[0]).resolve()))
    with tarfile.open(dest / "llvm.tar.xz", "w:xz", preset=6) as tar:
        for tool in tools:
            tar.add(tool, f"llvm/real/{tool.name}")
        for soname, path in sorted(libs):
            tar.add(path, f"llvm/lib/{soname}")
    plugin = plugin_path()
    (dest / "plugin").mkdir(exist_ok=True)
    for f in (plugin, plugin.with_name(plugin.name + ".sha256")):  # the build and its checksum
        shutil.copy(f, dest / "plugin" / f.name)
    return len(libs)


def carry():
    from agentsched.kernels.ref import resolve_kernel
    from agentsched.targets import parse_target
    if CARRY.exists():
        shutil.rmtree(CARRY)
    (CARRY / "ir").mkdir(parents=True)
    n_libs = pack_llvm(CARRY)
    t = parse_target("sm_90")
    for k in KERNELS:
        shutil.copy(resolve_kernel(k).ir(t), CARRY / "ir" / f"{k}.ll")
    size = sum(p.stat().st_size for p in CARRY.rglob("*") if p.is_file())
    print(f"{CARRY}: {size / 2**20:.1f} MiB ({n_libs} libraries)")


def _unpack(carry_dir: Path | None = None) -> dict:
    """Unpack the toolchain under /tmp and return the environment that points agentsched at
    it (llc runs through a wrapper that sets LD_LIBRARY_PATH for it alone)."""
    carry_dir = carry_dir or CARRY
    dest = Path("/tmp/agentsched-llvm")
    if not (dest / "llvm").exists():
        with tarfile.open(carry_dir / "llvm.tar.xz") as tar:
            tar.extractall(dest)
    bin_dir = dest / "llvm" / "bin"
    bin_dir.mkdir(exist_ok=True)
    for tool in (t.removesuffix("-19") for t in CARRIED_TOOLS):
        w = bin_dir / tool
        w.write_text(WRAPPER.format(tool=tool))
        w.chmod(0o755)
    data = dest / "data"
    (data / "plugin").mkdir(parents=True, exist_ok=True)
    for p in (carry_dir / "plugin").iterdir():
        shutil.copy(p, data / "plugin" / p.name)
    return {"AGENTSCHED_LLVM_BIN": str(bin_dir), "AGENTSCHED_DATA": str(data)}


def run(out_dir: Path, kernels: list[str], init_dir: Path | None = None,
        budgets: dict | None = None, method: str = "evolve"):
    """One search per kernel, each followed by an independent re-timing of its winner in a
    fresh process (verify). init_dir: warm start from earlier results (<k>.json there)."""
    os.environ.update(_unpack())
    out_dir.mkdir(parents=True, exist_ok=True)
    from agentsched.searches.run import init_weights_from, run_search
    from agentsched.tools.programs import llvm_version
    print("llvm", llvm_version(), flush=True)
    workers = max(1, (os.cpu_count() or 2) - 2)
    for k in kernels:
        t0 = time.time()
        init = init_weights_from([benchdata.find(init_dir / f"{k}.json")]) if init_dir \
            else []
        res = run_search(k, "sm_90", objective="time", budget=(budgets or BUDGET)[k],
                         workers=workers, method=method, json_out=out_dir / f"{k}.json",
                         decisions_out=Path("/tmp") / f"{k}.decisions.jsonl", population=16,
                         ir_file=CARRY / "ir" / f"{k}.ll", finalists=4, init_weights=init,
                         progress=lambda s: print("  ", s, flush=True)).to_dict()
        res["decisions_text"] = Path(res["decisions_file"]).read_text()
        res["warm_start"] = {"from": str(init_dir / f"{k}.json"), "genomes": len(init)} \
            if init_dir else None
        (out_dir / f"{k}.json").write_text(json.dumps(res, indent=1))
        tm = res["timing"]
        print(f"{k}: {res['evaluations']} evaluations, winner {tm['winner']}, speedup "
              f"{tm['speedup']:.4f} {tm['speedup_ci']}, A/A bound {tm['aa_bound']}, improved "
              f"{tm['improved']}, {time.time() - t0:.0f} s", flush=True)
        v = subprocess.run([sys.executable, __file__, "verify", str(out_dir / f"{k}.json"),
                            str(out_dir / f"{k}.json")])
        if v.returncode:  # one kernel's failure must not cost the others their run
            print(f"verify {k}: failed (exit {v.returncode})", flush=True)


def verify(json_in: Path, json_out: Path, rounds: int = 41, reps: int = 5):
    """Re-time a search's saved winner in this (fresh) process: strict replay of its
    decisions, reference check, interleaved with two separately loaded copies of LLVM's
    default. Adds "verify" to the JSON (atomically)."""
    os.environ.update(_unpack())
    from agentsched.core.files import write_text
    from agentsched.kernels.ref import resolve_kernel
    from agentsched.llvm.compile import compile_ir
    from agentsched.searches.gpu_time import GpuTimer
    from agentsched.searches.run import replay_module
    from agentsched.targets import parse_target
    data = benchdata.read_json(json_in)
    k, t = data["kernel"], parse_target("sm_90")
    ir = CARRY / "ir" / f"{k}.ll"
    dec = Path("/tmp") / f"{k}.verify.decisions.jsonl"
    dec.write_text(data["decisions_text"])
    replay = compile_ir(ir, t, decisions=dec)  # strict: a stale decision is an error
    suffix = t.module_suffix()
    timer = GpuTimer(resolve_kernel(k).spec, t, replay_module(ir, t, "target", suffix), seed=7)
    try:
        res = timer.confirm({"winner": replay_module(ir, t, "target", suffix, decisions=dec)},
                            rounds=rounds, reps=reps)
    finally:
        timer.close()
    v = res["variants"]["winner"]
    data["verify"] = {"replay_report": {x: replay.report.get(x) for x in
                                        ("decisions", "changed", "stale", "missing")},
                      "rounds": rounds, "reps": reps, "speedup": v.get("speedup"),
                      "speedup_ci": v.get("speedup_ci"), "ok": v.get("ok"),
                      "registers": v.get("registers"),
                      "default_registers": res["variants"]["default"].get("registers"),
                      "default_median_us": res["variants"]["default"].get("median_us"),
                      "winner_median_us": v.get("median_us"),
                      "noise_floor": res.get("noise_floor"), "device": res.get("device")}
    write_text(json_out, json.dumps(data, indent=1))
    if not v.get("speedup"):  # failed its check in this process: recorded, not fatal
        print(f"verify {k}: NOT timed ({v.get('error')})", flush=True)
        return
    print(f"verify {k}: speedup {v.get('speedup'):.4f} {v.get('speedup_ci')}, A/A "
          f"{(res.get('noise_floor') or {}).get('rel_diff')}, regs "
          f"{data['verify']['default_registers']} -> {v.get('registers')}", flush=True)


def _ci(ci) -> str:
    return "" if not ci else f"[{ci[0]:.4f}, {ci[1]:.4f}]"


def _geomean(xs: list) -> float:
    import math
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


def report(chain: list[Path], compare: list[Path]):
    """bench/h200/RESULTS_search.md from result folders: `chain` = the legs of one search in
    order (each warm-started from the one before), `compare` = separate runs shown for
    comparison. The headline per kernel is the independent re-timing (verify) of the LAST
    chain leg that ran it, whatever it shows (no picking the best leg)."""
    here = ROOT / "bench" / "h200" / "search"
    chain = [d if d.exists() else here / d for d in chain]
    compare = [d if d.exists() else here / d for d in compare]
    dirs = chain + compare
    gaps = []  # |confirmed - verified|: run-to-run variation the within-run CIs do not show
    lines = ["# H200: GPU-in-the-loop schedule search (`agentsched search --objective time`)\n\n",
             "NVPTX sm_90 · llc-19 + agentsched plugin · ptxas -O3 (CUDA 13) · NVIDIA H200. Every "
             "schedule a search proposed was compiled live, checked against the kernel's NumPy "
             "reference and timed against LLVM's default in interleaved screening batches "
             "(5 rounds × 3 launches, plus an A/A copy of the default in every batch). The 4 "
             "best distinct schedules were re-timed in one fresh confirmation run (31 rounds × "
             "5 launches, A/A copy). Then, in a **separate process**, the winner's saved "
             "decisions were replayed strictly and timed again (41 rounds × 5 launches against "
             "two separately loaded copies of LLVM's default): the *verified* column. Speedup = "
             "median(default) / median(winner), paired bootstrap 95% CI.\n\n"
             "Commands: `python bench/h200_search.py carry` here (packs llc-19, its libraries, "
             "the plugin and the IR), then on the H200: `python bench/h200_search.py run OUT` "
             "(leg 1, evolve), `... run OUT2 gemm8x8 fa_decode fused_mlp --init OUT --budget 700 "
             "--budget 280 --budget 240` (leg 2: evolve warm-started from leg 1's finalists), "
             "`... run OUT3 gemm8x8 fa_decode fa_decode_wpe1 fused_mlp --method beam --init PREV "
             "--budget 500 --budget 300 --budget 300 --budget 300` (leg 3: beam search refining "
             "the previous leg's confirmed winner point by point; it ran out of time before "
             "fused_mlp). For comparison, a beam search from LLVM's own schedule: `... run OUT4 "
             "gemm8x8 fa_decode --method beam --budget 600 --budget 300`. Report: `python "
             "bench/h200_search.py report --chain evolve1 evolve2_warm beam_refine --compare "
             "beam` (folders under bench/h200/search/). The beam-from-LLVM comparison had "
             "about a third of the chain's evaluations: it is not a budget-matched "
             "comparison.\n\n"
             "Where the figures come from: each table row is one file, "
             "`bench/h200/search/LEG/KERNEL.json.xz` (LEG the section's name; `evaluations`, "
             "`elapsed_s`, `timing` for the screening ratio and the confirmation, `verify` for "
             "the verified column), the headline the last chain leg's `verify`; the winning "
             "decisions are each file's `decisions_text`.\n\n"
             "Caveat for these files: they were made before finalists were de-duplicated by "
             "binary (they were by decisions). Different decisions often assemble to the same "
             "cubin, and for gemm8x8 in `evolve2_warm` and `beam_refine` all four finalists "
             "were one binary (checked by replay), so the *confirmed* column there is the "
             "best of four timings of one module, biased up by about the A/A bound. The "
             "*verified* column times one module in a separate process and is what the "
             "headline uses. These runs also predate the `default.time`/`best.time` JSON "
             "fields.\n"]
    headline: dict = {}
    for d in dirs:
        files = [benchdata.find(d / f"{k}.json") for k in KERNELS
                 if benchdata.exists(d / f"{k}.json")]
        if not files:
            continue
        first = benchdata.read_json(files[0])
        warm = " (warm start)" if first.get("warm_start") else ""
        lines.append(f"\n## `{d.name}`: {first['method']}{warm}\n\n"
                     "| kernel | evaluations | search s | registers default → winner | "
                     "screening ratio | confirmed speedup | 95% CI | A/A bound | verified "
                     "speedup | 95% CI | verify A/A |\n|---|---|---|---|---|---|---|---|---|---|---|\n")
        for f in files:
            r = benchdata.read_json(f)
            tm, vf = r["timing"], r.get("verify") or {}
            fin = {x["name"]: x for x in tm["finalists"]}
            w = fin.get(tm["winner"] or "", {})
            nf = vf.get("noise_floor") or {}
            lines.append(
                f"| {r['kernel']} | {r['evaluations']} | {r['elapsed_s']:.0f} | "
                f"{vf.get('default_registers')} → {vf.get('registers')} | "
                f"{w.get('screen_ratio', float('nan')):.4f} | {tm['speedup']:.4f} | "
                f"{_ci(tm.get('speedup_ci'))} | {100 * (tm.get('aa_bound') or 0):.2f}% | "
                f"{vf.get('speedup', float('nan')):.4f} | {_ci(vf.get('speedup_ci'))} | "
                f"{100 * (nf.get('rel_diff') or 0):+.2f}% (±{100 * (nf.get('bound') or 0):.2f}%) |\n")
            if vf.get("speedup"):
                gaps.append(abs(tm["speedup"] - vf["speedup"]))
            if d in chain and vf.get("speedup"):
                headline[r["kernel"]] = (vf["speedup"], d.name, r)
    if headline:
        wdir = ROOT / "bench" / "h200" / "winners"
        wdir.mkdir(parents=True, exist_ok=True)
        lines.append("\n## Headline: the search's answer per kernel (last leg, verified)\n\n"
                     "| kernel | leg | verified speedup | winning decisions |\n|---|---|---|---|\n")
        for k in KERNELS:
            if k not in headline:
                continue
            sp, leg, r = headline[k]
            name = f"{k}-timesearch.decisions.jsonl.xz"
            benchdata.write_text(wdir / name, r["decisions_text"])
            lines.append(f"| {k} | {leg} | {sp:.4f} | `bench/h200/winners/{name}` |\n")
        g = _geomean([v[0] for v in headline.values()])
        distinct = [v[0] for k, v in headline.items() if k not in SAME_CODE_ON_NVPTX]
        g3 = _geomean(distinct)
        lines.append(f"\nSuite geomean: **{g:.4f} ({100 * (g - 1):+.2f}%)** over "
                     f"{len(headline)} kernels; {g3:.4f} ({100 * (g3 - 1):+.2f}%) over the "
                     f"{len(distinct)} that differ on NVPTX (fa_decode_wpe1's waves-per-EU "
                     "attribute is AMDGPU-only: its IR is fa_decode's with another name). "
                     "The issue's goal was +10%; it is not met.\n")
    if gaps:
        lines.append(f"\nBetween the confirmation run and the separate verify process the same "
                     f"schedule's speedup moved by up to {100 * max(gaps):.2f} points (median "
                     f"{100 * sorted(gaps)[len(gaps) // 2]:.2f}): process-to-process variation "
                     "(module load, placement, clocks) that a single run's bootstrap CI does not "
                     "cover. Read differences below about that size as noise.\n")
    out = ROOT / "bench" / "h200" / "RESULTS_search.md"
    out.write_text("".join(lines))
    print(out)


if __name__ == "__main__":
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("carry")
    r = sub.add_parser("run")
    r.add_argument("out", type=Path)
    r.add_argument("kernels", nargs="*", default=KERNELS)
    r.add_argument("--method", default="evolve", help="evolve or beam")
    r.add_argument("--init", type=Path, help="warm start from <k>.json files in this folder")
    r.add_argument("--budget", type=int, action="append", default=[],
                   help="compiles per kernel, in the order of the kernels given")
    v = sub.add_parser("verify")
    v.add_argument("json_in", type=Path)
    v.add_argument("json_out", type=Path)
    p = sub.add_parser("report")
    p.add_argument("--chain", type=Path, nargs="+", required=True)
    p.add_argument("--compare", type=Path, nargs="*", default=[])
    a = ap.parse_args()
    if a.cmd == "carry":
        carry()
    elif a.cmd == "run":
        b = dict(BUDGET, **dict(zip(a.kernels, a.budget)))
        run(a.out, a.kernels, a.init, b, a.method)
    elif a.cmd == "verify":
        verify(a.json_in, a.json_out)
    else:
        report(a.chain, a.compare)
