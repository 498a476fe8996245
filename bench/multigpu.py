"""Search and tune across the GPUs of one host (`--gpus`, searches/gpu_pool.py): evaluations/s
with 0 (today's in-process timer), 1, 2, 4 and 8 GPU workers, scaling efficiency, the
cross-GPU A/A check, and whether the winners agree.

  python bench/multigpu.py carry [--dest .devcarry/mgpu]        # here: a pack + cloudpickle
  python bench/multigpu.py run OUT [options]                     # there: the legs, as CLI runs
  python bench/multigpu.py report DIR... [--md FILE]             # anywhere: the tables

The GPU machine has no LLVM: `carry` makes `agentsched pack DEST/pack --kernel K ...` (llc-19,
its libraries, the plugin, this package, the kernels' IR: docs/gpu-machine.md) and copies
cloudpickle (the GPU workers receive the kernel's spec with it) into DEST/py. `run` needs only
python3 there: every leg is the real command line through the pack's launcher,

  DEST/pack/agentsched search K -t sm_90 --objective time --method evolve --gpus N --fresh ...
  DEST/pack/agentsched tune K1 K2 ... -t sm_90 --seconds S --gpus N --fresh ...

timed from outside (wall clock of the whole command: worker start-up, compiles, GPU timing,
confirmation). Leg N=0 runs without --gpus: the in-process GpuTimer every release had, so the
pool's own cost on one GPU is visible (N=1 against N=0). `--verify` then times every search
leg's winner again in ONE fresh interleaved run on one GPU (`agentsched bundle --decisions
...` + `agentsched time`): the same winners, or winners within each other's CI, whatever the
number of GPUs that found them. A leg asking for more GPUs than the host shows is recorded as
skipped. OUT gets three files: multigpu-TAG.json (every leg's command, wall time and the
command's own JSON), multigpu-TAG.md (the tables) and multigpu-TAG.log.

bench/multigpu.md has the exact commands (each device call stays under 600 s) and the figures.
"""
from __future__ import annotations

import argparse
import json
import lzma
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEST = ROOT / ".devcarry" / "mgpu"  # ignored by git (.git/info/exclude); the run's carry
SEARCH_KERNEL = "gemm8x8"
TUNE_KERNELS = ["fused_mlp", "gemm8x8", "fa_decode"]
TARGET = "sm_90"


# -- here -------------------------------------------------------------------------------------

def carry(dest: Path, kernels: list[str]) -> None:
    """dest/pack (agentsched pack with the kernels' IR) and dest/py/cloudpickle."""
    sys.path.insert(0, str(ROOT))
    import cloudpickle

    from agentsched import api
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    info = api.pack(dest / "pack", kernels=kernels, targets=[TARGET])
    src = Path(cloudpickle.__file__).parent
    shutil.copytree(src, dest / "py" / "cloudpickle",
                    ignore=shutil.ignore_patterns("__pycache__"))
    size = sum(p.stat().st_size for p in dest.rglob("*") if p.is_file())
    print(f"{dest}: pack of LLVM {info.llvm} with {len(info.kernels_ir)} kernels' IR, "
          f"cloudpickle {cloudpickle.__version__}: {size / 2**20:.1f} MiB")


# -- there ------------------------------------------------------------------------------------

def visible_gpus() -> int:
    """GPUs this host shows (CUDA_VISIBLE_DEVICES if set, else nvidia-smi -L)."""
    env = os.environ.get("CUDA_VISIBLE_DEVICES", "").strip()
    if env:
        return len([x for x in env.split(",") if x.strip()])
    try:
        out = subprocess.run(["nvidia-smi", "-L"], capture_output=True, text=True,
                             timeout=60).stdout
    except (OSError, subprocess.TimeoutExpired):
        return 0
    return sum(1 for line in out.splitlines() if line.startswith("GPU "))


class Runner:
    def __init__(self, dest: Path, work: Path, log):
        self.launcher = dest / "pack" / "agentsched"
        self.env = dict(os.environ)
        # the GPU workers (spawned processes) find cloudpickle where the pack's Python does
        self.env["PYTHONPATH"] = os.pathsep.join(
            [str(dest / "py")] + ([self.env["PYTHONPATH"]] if self.env.get("PYTHONPATH")
                                  else []))
        self.env.setdefault("AGENTSCHED_PACK_CACHE", "/tmp/agentsched-pack")
        self.work, self.log = work, log

    def __call__(self, args: list[str], timeout: float) -> dict:
        cmd = [str(self.launcher), *args]
        shown = " ".join(["agentsched", *args])
        self.log.write(f"\n$ {shown}\n")
        self.log.flush()
        t0 = time.perf_counter()
        try:
            p = subprocess.run(cmd, env=self.env, cwd=self.work, stdout=self.log,
                               stderr=subprocess.STDOUT, timeout=timeout)
            rc = p.returncode
        except subprocess.TimeoutExpired:
            rc = "timeout"
        wall = round(time.perf_counter() - t0, 2)
        self.log.write(f"(exit {rc}, {wall} s)\n")
        self.log.flush()
        print(f"{shown}: exit {rc}, {wall} s", flush=True)
        return {"command": shown, "exit": rc, "wall_s": wall}


def search_leg(run: Runner, n: int, kernel: str, budget: int, population: int,
               workers: int, timeout: float) -> dict:
    out = run.work / f"search-g{n}.json"
    args = ["search", kernel, "-t", TARGET, "--objective", "time", "--method", "evolve",
            "--population", str(population), "--budget", str(budget), "--seed", "0",
            "--workers", str(workers), "--fresh", "--json", str(out.name),
            "--decisions-out", f"g{n}.decisions.jsonl"]
    if n:
        args += ["--gpus", str(n)]
    leg = {"leg": "search", "gpus": n, **run(args, timeout)}
    if out.exists():
        leg["result"] = json.loads(out.read_text())
    return leg


def tune_leg(run: Runner, n: int, kernels: list[str], seconds: float, population: int,
             workers: int, timeout: float) -> dict:
    out = run.work / f"tune-g{n}.json"
    args = ["tune", *kernels, "-t", TARGET, "--seconds", str(seconds), "--population",
            str(population), "--workers", str(workers), "--fresh", "--json", str(out.name)]
    if n:
        args += ["--gpus", str(n)]
    leg = {"leg": "tune", "gpus": n, **run(args, timeout)}
    if out.exists():
        leg["result"] = json.loads(out.read_text())
    return leg


def verify_leg(run: Runner, kernel: str, searched: list[dict], timeout: float) -> dict:
    """Every search leg's winner in one fresh interleaved run on one GPU."""
    files = [f"g{leg['gpus']}.decisions.jsonl" for leg in searched
             if (run.work / f"g{leg['gpus']}.decisions.jsonl").exists()]
    if not files:
        return {"leg": "verify", "skipped": "no search leg wrote its winner"}
    bundle = run.work / "verify-bundle"
    made = run(["bundle", kernel, "-t", TARGET, "--agents", "default", "-o", bundle.name,
                *[x for f in files for x in ("--decisions", f)]], timeout)
    timed = run(["time", bundle.name, "--rounds", "41", "--reps", "5"], timeout)
    leg = {"leg": "verify", "bundle": made, **timed}
    res = bundle / "results.json"
    if res.exists():
        leg["result"] = json.loads(res.read_text())
    return leg


def run_legs(out: Path, a: argparse.Namespace) -> None:
    out.mkdir(parents=True, exist_ok=True)
    have = visible_gpus()
    tag = a.tag or f"{'-'.join(a.legs)}-g{'_'.join(map(str, a.gpus))}"
    work = Path(tempfile.mkdtemp(prefix="multigpu-"))
    record: dict = {"tag": tag, "visible_gpus": have, "cpus": os.cpu_count(),
                    "settings": {k: v for k, v in vars(a).items() if k != "func"},
                    "legs": []}
    workers = a.workers or max(1, (os.cpu_count() or 2) - 2)
    with open(out / f"multigpu-{tag}.log", "w") as log:
        run = Runner(Path(a.dest), work, log)
        t_end = time.monotonic() + a.limit
        for n in a.gpus:
            if n > have:
                record["legs"] += [{"leg": x, "gpus": n, "skipped": f"{have} GPU(s) here"}
                                   for x in a.legs if x != "verify"]
                continue
            for x in a.legs:
                left = t_end - time.monotonic()
                if left < 30:
                    record["legs"].append({"leg": x, "gpus": n, "skipped": "out of time"})
                    continue
                if x == "search":
                    record["legs"].append(search_leg(run, n, a.kernel, a.budget,
                                                     a.population, workers, left))
                elif x == "tune":
                    record["legs"].append(tune_leg(run, n, a.tune, a.tune_seconds,
                                                   a.population, workers, left))
        if "verify" in a.legs:
            searched = [g for g in record["legs"] if g["leg"] == "search" and "result" in g]
            record["legs"].append(verify_leg(run, a.kernel, searched,
                                             max(60.0, t_end - time.monotonic())))
    record["rows"] = rows(record)
    (out / f"multigpu-{tag}.json").write_text(json.dumps(record, indent=1, default=str))
    (out / f"multigpu-{tag}.md").write_text(markdown([record]))
    shutil.rmtree(work, ignore_errors=True)
    print(markdown([record]))


# -- the figures -------------------------------------------------------------------------------

def rows(record: dict) -> list[dict]:
    """One row per leg: evaluations, wall time, evaluations/s and what the GPUs saw."""
    out = []
    for leg in record["legs"]:
        r = leg.get("result") or {}
        row = {"leg": leg["leg"], "gpus": leg.get("gpus"), "exit": leg.get("exit"),
               "wall_s": leg.get("wall_s"), "skipped": leg.get("skipped")}
        if leg["leg"] == "search" and r:
            tm = r.get("timing") or {}
            sc = tm.get("screening") or {}
            conf = tm.get("confirmation") or {}
            x = conf.get("cross_gpu") or {}
            row.update(evaluations=r["evaluations"], elapsed_s=r["elapsed_s"],
                       evals_per_s=r["evaluations"] / leg["wall_s"],
                       screen_s=sc.get("wall_s"), modules_timed=sc.get("modules_timed"),
                       aa_abs_max=sc.get("aa_abs_max"),
                       per_gpu_modules=[g.get("modules_timed") for g in sc.get("gpus", [])],
                       winner=r["best"].get("decisions_sha256") if r.get("improved") else
                       "default", speedup=tm.get("speedup"), speedup_ci=tm.get("speedup_ci"),
                       default_spread=x.get("default_spread"),
                       same_fastest=x.get("same_fastest"))
        elif leg["leg"] == "tune" and r:
            ks = r.get("kernels", [])
            ev = sum(k.get("evaluations", 0) for k in ks)
            row.update(evaluations=ev, evals_per_s=ev / leg["wall_s"],
                       program_speedup=r.get("program_speedup"),
                       kernels={k["kernel"]: [k.get("evaluations"), k.get("speedup"),
                                              k.get("speedup_ci")] for k in ks})
        elif leg["leg"] == "verify" and r:
            row.update(variants={n: [v.get("speedup"), v.get("speedup_ci")]
                                 for n, v in r.get("variants", {}).items()},
                       noise_floor=(r.get("noise_floor") or {}).get("bound"))
        out.append(row)
    return out


def _ci(ci) -> str:
    return f" [{ci[0]:.4f}, {ci[1]:.4f}]" if ci else ""


def _f(x, fmt=".2f") -> str:
    return "" if x is None else format(x, fmt)


def markdown(records: list[dict]) -> str:
    all_rows = [r for rec in records for r in rec.get("rows") or rows(rec)]
    lines = []
    for kind in ("search", "tune"):
        mine = [r for r in all_rows if r["leg"] == kind]
        if not mine:
            continue
        base = next((r.get("evals_per_s") for r in mine if r["gpus"] == 1
                     and r.get("evals_per_s")), None)
        lines.append(f"\n### {kind}\n")
        if kind == "search":
            lines.append("| GPUs | exit | evaluations | wall s | evaluations/s | efficiency | "
                         "timing s | modules per GPU | A/A max | winner | speedup [CI] | "
                         "default spread across GPUs | same fastest |")
            lines.append("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
        else:
            lines.append("| GPUs | exit | evaluations | wall s | evaluations/s | efficiency | "
                         "program speedup | per kernel: evaluations, speedup [CI] |")
            lines.append("|---|---|---|---|---|---|---|---|")
        for r in sorted(mine, key=lambda r: r["gpus"]):
            g = "0 (in-process)" if r["gpus"] == 0 else str(r["gpus"])
            if r.get("skipped"):
                lines.append(f"| {g} | skipped: {r['skipped']} |" + " |" * (
                    11 if kind == "search" else 6))
                continue
            eps = r.get("evals_per_s")
            eff = (eps / (r["gpus"] * base)) if eps and base and r["gpus"] else None
            if kind == "search":
                lines.append(
                    f"| {g} | {r['exit']} | {r.get('evaluations', '')} | {_f(r['wall_s'], '.1f')} | "
                    f"{_f(eps, '.3f')} | {_f(eff)} | {_f(r.get('screen_s'), '.1f')} | "
                    f"{r.get('per_gpu_modules') or ''} | {_f(r.get('aa_abs_max'), '.4f')} | "
                    f"{r.get('winner', '')} | {_f(r.get('speedup'), '.4f')}"
                    f"{_ci(r.get('speedup_ci'))} | {_f(r.get('default_spread'), '.4f')} | "
                    f"{r.get('same_fastest', '')} |")
            else:
                ks = "; ".join(f"{k}: {v[0]}, {_f(v[1], '.4f')}{_ci(v[2])}"
                               for k, v in (r.get("kernels") or {}).items())
                lines.append(f"| {g} | {r['exit']} | {r.get('evaluations', '')} | "
                             f"{_f(r['wall_s'], '.1f')} | {_f(eps, '.3f')} | {_f(eff)} | "
                             f"{_f(r.get('program_speedup'), '.4f')} | {ks} |")
    for r in all_rows:
        if r["leg"] == "verify" and r.get("variants"):
            lines.append("\n### the search legs' winners, re-timed in one fresh run on one "
                         f"GPU (A/A bound {_f(r.get('noise_floor'), '.4f')})\n")
            lines.append("| variant (gN: the N-GPU leg's winner) | speedup [CI] |\n|---|---|")
            for n, (s, ci) in r["variants"].items():
                lines.append(f"| {n} | {_f(s, '.4f')}{_ci(ci)} |")
    return "\n".join(lines) + "\n"


def report(dirs: list[Path], md: Path | None) -> None:
    records = []
    for d in dirs:
        for f in sorted(d.glob("multigpu-*.json")) + sorted(d.glob("multigpu-*.json.xz")):
            text = lzma.open(f).read().decode() if f.suffix == ".xz" else f.read_text()
            records.append(json.loads(text))
    text = markdown(records)
    if md:
        md.write_text(text)
    print(text)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(required=True)
    c = sub.add_parser("carry")
    c.add_argument("--dest", type=Path, default=DEST)
    c.add_argument("--kernel", action="append", default=None)
    c.set_defaults(func=lambda a: carry(a.dest, a.kernel or sorted({SEARCH_KERNEL,
                                                                     *TUNE_KERNELS})))
    r = sub.add_parser("run")
    r.add_argument("out", type=Path)
    r.add_argument("--dest", type=Path, default=DEST)
    r.add_argument("--gpus", type=lambda s: [int(x) for x in s.split(",")],
                   default=[0, 1, 2, 4, 8], help="GPU counts of the legs (0: no --gpus)")
    r.add_argument("--legs", type=lambda s: s.split(","), default=["search", "tune", "verify"])
    r.add_argument("--kernel", default=SEARCH_KERNEL)
    r.add_argument("--budget", type=int, default=128)
    r.add_argument("--population", type=int, default=16)
    r.add_argument("--tune", type=lambda s: s.split(","), default=TUNE_KERNELS)
    r.add_argument("--tune-seconds", type=float, default=120.0)
    r.add_argument("--workers", type=int, default=None, help="compile workers (CPUs - 2)")
    r.add_argument("--limit", type=float, default=560.0, help="seconds for all the legs")
    r.add_argument("--tag", default=None)
    r.set_defaults(func=lambda a: run_legs(a.out, a))
    p = sub.add_parser("report")
    p.add_argument("dirs", type=Path, nargs="+")
    p.add_argument("--md", type=Path, default=None)
    p.set_defaults(func=lambda a: report(a.dirs, a.md))
    a = ap.parse_args()
    a.func(a)


if __name__ == "__main__":
    main()
