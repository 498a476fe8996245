"""Screening measured on the H200, not simulated (issue 22, item 3): for each kernel, one full
GPU search (`agentsched search --objective time`: every proposed schedule timed) and one
screened search (`--screen F`: the model's calibrated ranking picks which to time), same
method, budget and seed; each ends with its own confirmation run (finalists re-timed with an
A/A copy of LLVM's default). Gain kept = (screened speedup - 1) / (full speedup - 1), and the
screened search's GPU evaluations over the full one's.

    # here: spec files of held-out corpus kernels and their IR in the pack
    python bench/perfmodel/screen_gpu.py specs .devcarry/screen K1 K2 ...
    agentsched pack .devcarry/pack --kernel .devcarry/screen/*.py
    # on the GPU machine (carry .devcarry):
    python3 bench/perfmodel/screen_gpu.py run $OUT --specs .devcarry/screen [--budget 64]
    # here:
    python bench/perfmodel/screen_gpu.py report DIR [DIR ...] [-o bench/perfmodel/screen_gpu.md]
                                                    # (and the rows as screen_gpu.json)

The two searches of a kernel run back to back, in alternating order from kernel to kernel (a
drift of the GPU's clock does not always favour the same arm). A search that fails or runs
out of time is reported as such, never dropped.
"""
from __future__ import annotations

import argparse
import json
import lzma
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BIG_GAIN = 0.02  # a full search's gain below this is within a few A/A bounds: its ratio is noise
SPEC_FILE = '''"""The corpus kernel {k} as a spec file (bench/perfmodel/screen_gpu.py)."""
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.append(str(ROOT))
import corpus  # noqa: E402

SPEC = corpus.get("{k}").spec
'''


def specs(out: Path, kernels: list[str]) -> int:
    sys.path.insert(0, str(ROOT))
    import corpus
    out.mkdir(parents=True, exist_ok=True)
    for k in kernels:
        corpus.get(k)  # an unknown name stops here, before anything is written
        (out / f"{k}.py").write_text(SPEC_FILE.format(k=k))
    print(f"{len(kernels)} spec files in {out}")
    return 0


def run(out: Path, spec_dir: Path, pack: Path, budget: int, population: int, fraction: float,
        seconds: float, limit_s: float, only: list[str] | None, seed: int) -> int:
    out.mkdir(parents=True, exist_ok=True)
    files = sorted(spec_dir.glob("*.py"))
    if only:
        files = [f for f in files if f.stem in only]
    for i, f in enumerate(files):
        arms = [("full", []), ("screen", ["--screen", str(fraction)])]
        for arm, extra in arms if i % 2 == 0 else arms[::-1]:
            dest = out / f"{f.stem}.{arm}.s{seed}.json"
            cmd = [str(pack), "search", str(f), "-t", "sm_90", "--objective", "time",
                   "--method", "evolve", "--budget", str(budget), "--population",
                   str(population), "--seconds", str(seconds), "--seed", str(seed), "--fresh",
                   "--json", str(dest), *extra]
            t0 = time.monotonic()
            try:
                p = subprocess.run(cmd, capture_output=True, text=True, timeout=limit_s)
                rc, tail = p.returncode, (p.stdout + p.stderr)[-1500:]
            except subprocess.TimeoutExpired:
                rc, tail = 124, f"killed after {limit_s:.0f} s"
            dest.with_suffix(".decisions.jsonl").unlink(missing_ok=True)  # the JSON has them
            log = {"kernel": f.stem, "arm": arm, "seed": seed, "rc": rc, "wall_s": round(time.monotonic() - t0, 1),
                   "command": " ".join(cmd[1:]), "tail": tail}
            (out / f"{f.stem}.{arm}.s{seed}.log.json").write_text(json.dumps(log, indent=1) + "\n")
            print(f"{f.stem} {arm}: rc {rc}, {log['wall_s']} s", flush=True)
    return 0


def _read(p: Path) -> dict | None:
    if not p.is_file():
        return None
    raw = p.read_bytes()
    return json.loads(lzma.decompress(raw) if p.suffix == ".xz" else raw)


def _arm(d: Path, k: str, arm: str) -> dict:
    res = _read(d / f"{k}.{arm}.json") or _read(d / f"{k}.{arm}.json.xz")
    log = _read(d / f"{k}.{arm}.log.json") or {}
    if res is None:
        return {"ok": False, "why": f"rc {log.get('rc')}: {(log.get('tail') or '')[-200:]}"}
    tm = res.get("timing") or {}
    scr = tm.get("screening") or {}
    asked = (scr.get("screen") or {}).get("distinct", (scr.get("screen") or {}).get("asked"))
    timed = (scr.get("screen") or {}).get("timed", scr.get("modules_timed"))
    return {"ok": True, "speedup": tm.get("speedup", 1.0), "ci": tm.get("speedup_ci"),
            "best_finalist": tm.get("best_finalist_speedup"), "aa": tm.get("aa_bound"),
            "improved": tm.get("improved"), "timed": timed,
            "asked": asked, "wall_s": log.get("wall_s")}


def report(dirs: list[Path], out: Path | None) -> int:
    rows = []
    for d in dirs:
        for k, seed in sorted({(p.name.split(".")[0], p.name.split(".")[2])
                               for p in d.glob("*.log.json")}):
            rows.append({"kernel": k, "seed": seed, "full": _arm(d, k, f"full.{seed}"),
                         "screen": _arm(d, k, f"screen.{seed}")})
    lines = ["# Screening measured on the H200 (`bench/perfmodel/screen_gpu.py`)", "",
             "| kernel | seed | full: speedup [CI] | timed | screened: speedup [CI] | timed (of asked) "
             "| GPU evaluations | gain kept |", "|---|---|---|---|---|---|---|---|"]
    kept, big, fracs = [], [], []
    for r in rows:
        f, s = r["full"], r["screen"]

        def cell(a: dict) -> str:
            if not a["ok"]:
                return f"failed ({a['why']})"
            ci = a["ci"]
            return f"{a['speedup']:.4f}" + (f" [{ci[0]:.4f}, {ci[1]:.4f}]" if ci else
                                            f" (best finalist {a['best_finalist'] or 1:.4f}, "
                                            "not beyond noise)")
        frac = (s["timed"] / f["timed"]) if f.get("timed") and s.get("timed") is not None \
            else None
        k = None
        if frac is not None:
            fracs.append(frac)
        if f["ok"] and s["ok"] and f["speedup"] > 1.0:
            k = (s["speedup"] - 1.0) / (f["speedup"] - 1.0)
            kept.append(k)
            if f["speedup"] > 1.0 + BIG_GAIN:
                big.append(k)
        r["kept"], r["gpu_fraction"] = k, frac
        lines.append(f"| {r['kernel']} | {r['seed']} | {cell(f)} | {f.get('timed')} | {cell(s)} | "
                     f"{s.get('timed')} ({s.get('asked')}) | "
                     f"{'' if frac is None else f'{frac:.0%}'} | "
                     f"{'' if k is None else f'{k:.2f}'} |")
    if kept:
        lines += ["", f"Gain kept, mean over the {len(kept)} searches whose full search "
                  f"improved on LLVM's schedule: {sum(kept) / len(kept):.3f} (goal >= 0.9); "
                  f"over the {len(big)} where it gained more than {BIG_GAIN:.0%}: "
                  f"{sum(big) / max(len(big), 1):.3f}. The screened searches timed "
                  f"{sum(fracs) / max(len(fracs), 1):.0%} of the full searches' GPU "
                  "evaluations on average."]
    text = "\n".join(lines) + "\n"
    if out:
        out.write_text(text)
        out.with_suffix(".json").write_text(json.dumps(rows, indent=1) + "\n")
    print(text)
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("specs")
    s.add_argument("out", type=Path)
    s.add_argument("kernels", nargs="+")
    r = sub.add_parser("run")
    r.add_argument("out", type=Path)
    r.add_argument("--specs", type=Path, default=ROOT / ".devcarry" / "screen")
    r.add_argument("--pack", type=Path, default=ROOT / ".devcarry" / "pack" / "agentsched")
    r.add_argument("--budget", type=int, default=64)
    r.add_argument("--population", type=int, default=16)
    r.add_argument("--fraction", type=float, default=0.2)
    r.add_argument("--seconds", type=float, default=150.0)
    r.add_argument("--limit-s", type=float, default=240.0)
    r.add_argument("--only", nargs="*")
    r.add_argument("--seed", type=int, default=0)
    p = sub.add_parser("report")
    p.add_argument("dirs", nargs="+", type=Path)
    p.add_argument("-o", "--out", type=Path)
    a = ap.parse_args()
    if a.cmd == "specs":
        return specs(a.out, a.kernels)
    if a.cmd == "run":
        return run(a.out, a.specs, a.pack, a.budget, a.population, a.fraction, a.seconds,
                   a.limit_s, a.only, a.seed)
    return report(a.dirs, a.out)


if __name__ == "__main__":
    sys.exit(main())
