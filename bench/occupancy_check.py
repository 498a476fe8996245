"""NVIDIA occupancy: agentsched's figure (targets.nvptx.cuda_occupancy, from ptxas registers and
shared memory and the block size) against the CUDA driver's own
cuOccupancyMaxActiveBlocksPerMultiprocessor, on a real GPU.

  python bench/occupancy_check.py prepare [DIR]     # here (LLVM 19): PTX into DIR
  python bench/occupancy_check.py run DIR OUT.json  # on the GPU host (ptxas, CuPy; no LLVM)
  python bench/occupancy_check.py report OUT.json   # here: bench/occupancy.md

`prepare` compiles the suite kernels and the test kernels for sm_90 with LLVM's schedule and
two random schedules each (default DIR: .devcarry/occupancy, ignored by git). `run` assembles
every PTX with ptxas at several register limits (-maxrregcount: none, 32, 64, 96, 128, 168,
255; launch bounds dropped for those), reads each entry's registers and static shared
memory from `ptxas -v`, loads the cubin and asks the driver for resident blocks per SM at block sizes 32..1024 and dynamic shared
memory 0, 16 KB and 64 KB (opted in), and compares blocks x warps with cuda_occupancy.
"""
from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DEFAULT_DIR = ROOT / ".devcarry" / "occupancy"
REG_LIMITS = (None, 32, 64, 96, 128, 168, 255)
BLOCKS = (32, 64, 96, 128, 192, 256, 384, 512, 640, 768, 1024)
DYNAMIC = (0, 16 * 1024, 64 * 1024)
MAX_DYNAMIC_SHARED_ATTR = 8  # CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES


def prepare(out: Path) -> None:
    from agentsched.agents import make_agent
    from agentsched.kernels.ref import resolve_kernel
    from agentsched.kernels.suite import SUITE
    from agentsched.llvm.compile import compile_ir
    from agentsched.llvm.result import write_output
    from agentsched.targets import parse_target
    t = parse_target("sm_90")
    sources = list(SUITE) + [str(p) for p in sorted((ROOT / "tests" / "data").glob("*.cu"))]
    out.mkdir(parents=True, exist_ok=True)
    for src in sources:
        k = resolve_kernel(src)
        ir = k.ir(t)
        for label, agent in (("llvm", None), ("r1", "random"), ("r2", "random")):
            seed = int(label[1:]) if agent else 0
            res = compile_ir(ir, t, agent=make_agent(agent, seed=seed) if agent else None)
            write_output(res, out / f"{k.name}-{label}.ptx")
        print("prepared", k.name, flush=True)


def _ptxas_entries(ptxas: str, ptx: Path, cubin: Path, maxreg) -> dict:
    if maxreg:  # ptxas ignores -maxrregcount for entries with launch bounds: drop them
        text = re.sub(r"^\s*\.(maxntid|minnctapersm)\b.*$", "", ptx.read_text(), flags=re.M)
        ptx = cubin.with_suffix(".ptx")
        ptx.write_text(text)
    cmd = [ptxas, "-arch=sm_90", "-O3", "-v", str(ptx), "-o", str(cubin)]
    if maxreg:
        cmd.insert(1, f"-maxrregcount={maxreg}")
    log = subprocess.run(cmd, capture_output=True, text=True, check=True).stderr
    entries, name = {}, None
    for line in log.splitlines():
        m = re.search(r"Compiling entry function '([^']+)'", line)
        if m:
            name = m.group(1)
        m = re.search(r"Used (\d+) registers", line)
        if m and name:
            smem = re.search(r"(\d+) bytes smem", line)
            entries[name] = (int(m.group(1)), int(smem.group(1)) if smem else 0)
    return entries


def run(ptx_dir: Path, out: Path) -> None:
    import ctypes

    import cupy

    from agentsched.runtime.cuda import CudaRuntime
    from agentsched.targets.nvptx import WARP, cuda_occupancy
    from agentsched.tools.programs import find_ptxas
    rt = CudaRuntime()  # loads modules as the timing code does (cuModuleLoad)
    libcuda = ctypes.CDLL("libcuda.so.1")  # the driver's own occupancy answer
    props = cupy.cuda.runtime.getDeviceProperties(0)
    arch = f"sm_{props['major']}{props['minor']}"
    optin = int(props["sharedMemPerBlockOptin"])
    ptxas = find_ptxas()
    cases, mismatches = 0, []
    with tempfile.TemporaryDirectory() as d:
        for ptx in sorted(Path(ptx_dir).glob("*.ptx")):
            for maxreg in REG_LIMITS:
                cubin = Path(d) / f"{ptx.stem}-{maxreg}.cubin"
                entries = _ptxas_entries(ptxas, ptx, cubin, maxreg)
                for name, (regs, smem) in entries.items():
                    kernel = rt.load(cubin, name)  # kept alive: it owns the module
                    fn = ctypes.c_void_p(rt._fn_ptr(kernel.native))
                    rc = libcuda.cuFuncSetAttribute(fn, MAX_DYNAMIC_SHARED_ATTR, optin - smem)
                    assert rc == 0, f"cuFuncSetAttribute: CUresult {rc}"
                    for block in BLOCKS:
                        for dyn in DYNAMIC:
                            n = ctypes.c_int()
                            rc = libcuda.cuOccupancyMaxActiveBlocksPerMultiprocessor(
                                ctypes.byref(n), fn, ctypes.c_int(block), ctypes.c_size_t(dyn))
                            assert rc == 0, f"cuOccupancyMaxActiveBlocks...: CUresult {rc}"
                            want = -(-block // WARP) * n.value
                            ours = cuda_occupancy(arch, regs, block, smem, dyn)
                            cases += 1
                            if ours != want:
                                mismatches.append({"ptx": ptx.name, "maxreg": maxreg,
                                                   "entry": name, "regs": regs, "smem": smem,
                                                   "block": block, "dynamic": dyn,
                                                   "driver_warps": want, "ours": ours})
            print(ptx.name, cases, "cases,", len(mismatches), "mismatches", flush=True)
    result = {"gpu": props["name"].decode() if isinstance(props["name"], bytes)
              else str(props["name"]), "arch": arch, "ptxas": subprocess.run(
                  [ptxas, "--version"], capture_output=True, text=True).stdout.strip()
              .splitlines()[-2:], "cases": cases, "mismatches": mismatches}
    Path(out).write_text(json.dumps(result, indent=1) + "\n")
    print(f"{cases} cases, {len(mismatches)} mismatches -> {out}")


def _shown(path: Path) -> str:
    p = Path(path).resolve()
    return str(p.relative_to(ROOT)) if p.is_relative_to(ROOT) else str(path)


def report(path: Path) -> None:
    r = json.loads(Path(path).read_text())
    lines = ["# NVIDIA occupancy: agentsched vs the CUDA driver\n",
             f"`python bench/occupancy_check.py run` on {r['gpu']} ({r['arch']}), "
             f"{' '.join(r['ptxas'])}: {r['cases']} (kernel, register limit, block size, "
             f"dynamic shared memory) cases, **{len(r['mismatches'])} mismatches** between "
             "metrics.cuda_occupancy and cuOccupancyMaxActiveBlocksPerMultiprocessor "
             "(resident warps per SM).\n\n",
             f"Every figure is from `{_shown(path)}` (`python bench/occupancy_check.py prepare` "
             "here, `... run DIR OUT.json` on the GPU host; this page: `python "
             f"bench/occupancy_check.py report {_shown(path)}`).\n"]
    if r["mismatches"]:
        lines.append("\n| ptx | maxreg | regs | smem | block | dynamic | driver | ours |\n"
                     "|---|---|---|---|---|---|---|---|\n")
        for m in r["mismatches"][:50]:
            lines.append(f"| {m['ptx']} | {m['maxreg']} | {m['regs']} | {m['smem']} | "
                         f"{m['block']} | {m['dynamic']} | {m['driver_warps']} | "
                         f"{m['ours']} |\n")
    (ROOT / "bench" / "occupancy.md").write_text("".join(lines))
    print("".join(lines))


if __name__ == "__main__":
    cmd = sys.argv[1] if len(sys.argv) > 1 else ""
    if cmd == "prepare":
        prepare(Path(sys.argv[2]) if len(sys.argv) > 2 else DEFAULT_DIR)
    elif cmd == "run" and len(sys.argv) == 4:
        run(Path(sys.argv[2]), Path(sys.argv[3]))
    elif cmd == "report" and len(sys.argv) == 3:
        report(Path(sys.argv[2]))
    else:
        sys.exit(__doc__)
