"""Unchanged public multi-kernel CUDA programs built four ways and timed on the GPU machine.

cuda-samples' matrixMul (MatrixMulCUDA<16>/<32>, self-checked: "Result = PASS") and
cudaTensorCoreGemm (compute_gemm, simple_wmma_gemm; a kernel issue 19 names: timed, never
trained on), from tests/data/public/cuda-samples and tests/data/programs/cuda-samples (sources unchanged;
our clang Makefile, tests/data/programs/cuda-samples/clang/):

  stock    clang-19 as it is (NVPTX runs no machine scheduler)
  misched  clang-19 + -enable-misched: LLVM's own GenericScheduler, the baseline the
           project's "LLVM default" figures are against
  policy   clang-19 + the plugin + policies/sm_90.json (agentsched build --policy)
  nvcc     nvcc -O3 -arch=sm_90, built on the GPU machine (which has nvcc, not LLVM 19)

  python bench/build_program.py prepare [DIR]   # here: DIR (default build/programs/) holds
                                                # the clang executables, libcudart.so.12,
                                                # the sources and this script
  python DIR/build_program.py run DIR --out OUT # there: nvcc build, interleaved runs
  python bench/build_program.py report OUT/build_program.json  # markdown table

Each executable is run ROUNDS times, the four variants in a new random order every round
(interleaved, so drift hits all alike), with CUDA_MODULE_LOADING=EAGER (the module is loaded
before the program's timer starts, for every variant). The figure is the program's own timing
output (matrixMul: the mean of its 300 launches, at 2048^3; cudaTensorCoreGemm: its one
launch at 4096^3, the median over rounds); matrixMul's own check must print PASS.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
PROGRAM_DIR = "cuda-samples"
PROGRAMS = {
    "matrixMul": {"source": "public/cuda-samples/Samples/0_Introduction/matrixMul/matrixMul.cu",
                  "args": ["-wA=2048", "-hA=2048", "-wB=2048", "-hB=2048"],
                  "time": r"Time= ([0-9.]+) msec", "check": "Result = PASS"},
    "cudaTensorCoreGemm": {"source": "programs/cuda-samples/Samples/3_CUDA_Features/"
                                     "cudaTensorCoreGemm/cudaTensorCoreGemm.cu",
                           "args": [], "time": r"Time: ([0-9.]+) ms", "check": None},
}
POLICY = "policies/sm_90.json"
CLANG_VARIANTS = {"stock": [], "misched": ["--misched"], "policy": ["--policy", POLICY]}
ROUNDS = 11


# ---------------------------------------------------------------- here (LLVM 19)

def _cuobjdump() -> str | None:
    import importlib.util
    spec = importlib.util.find_spec("triton")
    if spec and spec.origin:
        cand = Path(spec.origin).parent / "backends" / "nvidia" / "bin" / "cuobjdump"
        if cand.is_file():
            return str(cand)
    for cand in (shutil.which("cuobjdump"), "/usr/local/cuda/bin/cuobjdump"):
        if cand and Path(cand).is_file():
            return cand
    return None


def resource_usage(exe: Path) -> dict[str, dict]:
    """Per kernel: registers, stack and local memory, from cuobjdump -res-usage."""
    tool = _cuobjdump()
    if tool is None:
        return {}
    out = subprocess.run([tool, "-res-usage", str(exe)], capture_output=True,
                         text=True).stdout
    usage, name = {}, None
    for line in out.splitlines():
        m = re.match(r"\s*Function (\S+):", line)
        if m:
            name = m.group(1)
            continue
        if name and "REG:" in line:
            usage[name] = {k.lower(): int(v) for k, v in
                           re.findall(r"(REG|STACK|SHARED|LOCAL):(\d+)", line)}
            name = None
    return usage


def prepare(dest: Path) -> None:
    sys.path.insert(0, str(ROOT))
    from agentsched.tools.build import cuda_build_path
    dest.mkdir(parents=True, exist_ok=True)
    src = dest / "src"  # the layout the Makefile expects: programs/ beside public/
    if src.exists():
        shutil.rmtree(src)
    shutil.copytree(ROOT / "tests" / "data" / "programs" / PROGRAM_DIR,
                    src / "programs" / PROGRAM_DIR)
    shutil.copytree(ROOT / "tests" / "data" / "public" / PROGRAM_DIR, src / "public" / PROGRAM_DIR)
    manifest = {"variants": {}, "programs": {}}
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for variant, options in CLANG_VARIANTS.items():
        work = dest / "work" / variant
        if work.exists():
            shutil.rmtree(work)
        work.mkdir(parents=True)
        absolute = [str(ROOT / o) if o == POLICY else o for o in options]
        makefile = src / "programs" / PROGRAM_DIR / "clang" / "Makefile"
        cmd = [sys.executable, "-m", "agentsched.cli", "build", *absolute, "--", "make", "-f",
               str(makefile), "-j2", "CXX=agentsched-clang++"]
        t0 = time.monotonic()
        subprocess.run(cmd, cwd=work, env=env, check=True)
        out = dest / variant
        out.mkdir(exist_ok=True)
        usage = {}
        for prog in PROGRAMS:
            shutil.copy2(work / prog, out / prog)
            usage[prog] = resource_usage(out / prog)
        manifest["variants"][variant] = {
            "command": " ".join(["agentsched", "build", *options, "--", "make", "-f",
                                 f"tests/data/programs/{PROGRAM_DIR}/clang/Makefile", "-j2",
                                 "CXX=agentsched-clang++"]),
            "build_s": round(time.monotonic() - t0, 1), "resources": usage}
        shutil.rmtree(work)
    shutil.rmtree(dest / "work", ignore_errors=True)
    lib = dest / "lib"
    lib.mkdir(exist_ok=True)
    for f in (cuda_build_path() / "lib64").glob("libcudart.so.*"):
        shutil.copy2(f.resolve(), lib / f.name)
    shutil.copy2(Path(__file__), dest / "build_program.py")
    manifest["programs"] = PROGRAMS
    (dest / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
    print(f"prepared {dest}: {', '.join(CLANG_VARIANTS)} x {', '.join(PROGRAMS)}")


# ---------------------------------------------------------------- there (GPU, nvcc)

def build_nvcc(carry: Path, out: Path) -> dict:
    nvcc = shutil.which("nvcc") or ("/usr/local/cuda/bin/nvcc"
                                    if Path("/usr/local/cuda/bin/nvcc").exists() else None)
    if nvcc is None:
        return {"error": "no nvcc on this machine"}
    version = subprocess.run([nvcc, "--version"], capture_output=True, text=True).stdout
    d = out / "nvcc"
    d.mkdir(parents=True, exist_ok=True)
    info = {"nvcc": version.strip().splitlines()[-1], "commands": {}}
    for prog, p in PROGRAMS.items():
        common = carry / "src" / "public" / PROGRAM_DIR / "Common"
        cmd = [nvcc, "-O3", "-arch=sm_90", "-std=c++17", "-I", str(common),
               str(carry / "src" / p["source"]), "-o", str(d / prog)]
        subprocess.run(cmd, check=True)
        info["commands"][prog] = " ".join(cmd[1:])
    return info


def run_once(exe: Path, prog: str, lib: Path) -> dict:
    p = PROGRAMS[prog]
    env = {**os.environ, "CUDA_MODULE_LOADING": "EAGER",
           "LD_LIBRARY_PATH": f"{lib}:{os.environ.get('LD_LIBRARY_PATH', '')}"}
    proc = subprocess.run([str(exe), *p["args"]], capture_output=True, text=True, env=env,
                          timeout=300)
    m = re.search(p["time"], proc.stdout)
    row = {"rc": proc.returncode, "ms": float(m.group(1)) if m else None}
    if p["check"]:
        row["checked"] = p["check"] in proc.stdout
    if proc.returncode or m is None:
        row["tail"] = (proc.stdout + proc.stderr)[-600:]
    return row


def run(carry: Path, out: Path, rounds: int) -> Path:
    out.mkdir(parents=True, exist_ok=True)
    result = {"manifest": json.loads((carry / "manifest.json").read_text()),
              "nvcc": build_nvcc(carry, out), "rounds": rounds, "runs": {}}
    variants = {v: carry / v for v in CLANG_VARIANTS}
    if "error" not in result["nvcc"]:
        variants["nvcc"] = out / "nvcc"
    rng = random.Random(19)
    for prog in PROGRAMS:
        runs: dict[str, list] = {v: [] for v in variants}
        run_once(variants["stock"] / prog, prog, carry / "lib")  # warm the GPU and driver
        for _ in range(rounds):
            order = list(variants)
            rng.shuffle(order)
            for v in order:
                runs[v].append(run_once(variants[v] / prog, prog, carry / "lib"))
        result["runs"][prog] = runs
    if "nvcc" in variants:
        result["nvcc_resources"] = {p: resource_usage(out / "nvcc" / p) for p in PROGRAMS}
        shutil.rmtree(out / "nvcc")  # the executables stay there; the figures come back
    path = out / "build_program.json"
    path.write_text(json.dumps(result, indent=1) + "\n")
    (out / "build_program.md").write_text(report(result))
    print(report(result))
    return path


def _ratio(med: dict, base: str, v: str) -> str:
    return f"{med[base] / med[v]:.3f}x" if med.get(base) and med[v] else "-"


def report(result: dict) -> str:
    lines = ["| program | variant | median ms | vs stock | vs nvcc | checked | kernels: regs "
             "(stack B) |", "|---|---|---|---|---|---|---|"]
    res = {v: r["resources"] for v, r in result["manifest"]["variants"].items()}
    if result.get("nvcc_resources"):
        res["nvcc"] = result["nvcc_resources"]
    for prog, runs in result["runs"].items():
        med = {v: statistics.median([r["ms"] for r in rs if r["ms"] is not None] or [0])
               for v, rs in runs.items()}
        for v, rs in runs.items():
            ok = [r for r in rs if r["rc"] == 0 and r["ms"] is not None]
            checked = "n/a" if PROGRAMS[prog]["check"] is None else \
                f"{sum(bool(r.get('checked')) for r in rs)}/{len(rs)}"
            kernels = ", ".join(f"{k.split('P')[0].lstrip('_Z0123456789')}: {u.get('reg')} "
                                f"({u.get('stack', 0)})"
                                for k, u in sorted(res.get(v, {}).get(prog, {}).items()))
            lines.append(f"| {prog} | {v} | {med[v]:.4f} ({len(ok)}/{len(rs)} ran) | "
                         f"{_ratio(med, 'stock', v)} | {_ratio(med, 'nvcc', v)} | {checked} | "
                         f"{kernels} |")
    lines.append("")
    lines.append("vs X: X's median time / this variant's (>1: this one is faster).")
    return "\n".join(lines) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("prepare")
    p.add_argument("dest", nargs="?", type=Path, default=ROOT / "build" / "programs")
    r = sub.add_parser("run")
    r.add_argument("carry", type=Path)
    r.add_argument("--out", type=Path, default=Path(os.environ.get("OUT", "out")))
    r.add_argument("--rounds", type=int, default=ROUNDS)
    s = sub.add_parser("report")
    s.add_argument("json", type=Path)
    a = ap.parse_args()
    if a.cmd == "prepare":
        prepare(a.dest.resolve())
    elif a.cmd == "run":
        run(a.carry.resolve(), a.out.resolve(), a.rounds)
    else:
        print(report(json.loads(a.json.read_text())))


if __name__ == "__main__":
    main()
