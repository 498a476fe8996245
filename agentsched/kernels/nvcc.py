"""nvcc's build of a CUDA kernel, the baseline a user would otherwise have: the same source,
the same -I/-D, `nvcc -cubin -O3 -arch=sm_XX`, where nvcc is installed (the GPU machine's
CUDA toolkit). Timed beside LLVM's schedule and the agents' (searches.run's confirmation,
`agentsched time`), so every result says where it stands against nvcc."""
from __future__ import annotations

import re
import shutil
import tempfile
from pathlib import Path

from ..targets import Target
from ..tools.programs import ToolFailed, run
from .ref import KernelRef

# clang flags with an nvcc spelling; other clang flags do not apply to nvcc (left out, said)
NVCC_SPELLING = {"-ffast-math": "--use_fast_math"}


def nvcc_path() -> str | None:
    return shutil.which("nvcc")


def _own_header(src: Path) -> bool:
    from ..llvm.frontend import OWN_HEADER
    return OWN_HEADER in src.read_text(errors="replace")


def _sdk_includes() -> list[str]:
    """The header-only SDK pieces (cuBLAS, cuRAND headers) a toolkit may lack, after its own."""
    from ..tools import sdk
    dirs = [d / "include" for d in sorted(sdk.headers_dir().glob("*"))]
    return [x for d in dirs if d.is_dir() for x in ("-Xcompiler", f"-idirafter{d}")]


def nvcc_module(kernel: KernelRef, target: Target) -> tuple[bytes | None, str]:
    """(nvcc's cubin of the kernel's source, what was done or why not). None when the kernel
    is not a CUDA source for an NVIDIA target or nvcc is not here."""
    src = Path(kernel.source)
    if target.family != "nvptx" or kernel.triton or src.suffix not in (".cu", ".cuh") or \
            kernel.lang == "hip":
        return None, "no nvcc baseline: not a CUDA source"
    nvcc = nvcc_path()
    if nvcc is None:
        return None, "no nvcc baseline: nvcc is not installed here"
    if _own_header(src):
        return None, ("no nvcc baseline: written on agentsched's own header for clang "
                      "(kernels/include/agentsched_gpu.h), not for nvcc")
    flags, dropped = [], []
    for f in kernel.flags:
        if f in NVCC_SPELLING:
            flags.append(NVCC_SPELLING[f])
        elif f.startswith("-std="):
            flags.append(f)
        else:
            dropped.append(f)
    with tempfile.TemporaryDirectory(prefix="agentsched-nvcc-") as d:
        tu, out = Path(d) / "k.cu", Path(d) / "k.cubin"
        entry = kernel.entry or ""
        if "<" in entry and not entry.startswith("_Z"):  # a template instance, as frontend does
            m = re.fullmatch(r"(.+?>)\s*\((.*)\)\s*", entry)
            decl = f"void (*__nvcc_entry)({m.group(2)})" if m else "void *__nvcc_entry"
            init = f"&{m.group(1)}" if m else f"(void *)&{entry}"
            tu.write_text(f'#include "{src.resolve()}"\n'
                          f"static {decl} __attribute__((unused)) = {init};\n")
        else:
            tu.write_text(f'#include "{src.resolve()}"\n')
        cmd = [nvcc, "-cubin", "-O3", f"-arch={target.name}", *flags,
               *(f"-I{Path(i).resolve()}" for i in kernel.include_dirs),
               f"-I{src.resolve().parent}", *_sdk_includes(),
               *(f"-D{k}" if v in (None, "") else f"-D{k}={v}"
                 for k, v in sorted(kernel.defines.items())), str(tu), "-o", str(out)]
        try:
            run(cmd)
        except ToolFailed as e:
            return None, f"no nvcc baseline: nvcc failed: {e}"
        version = run([nvcc, "--version"]).strip().splitlines()[-1]
        note = f"nvcc -cubin -O3 -arch={target.name} ({version})"
        if dropped:
            note += f"; clang flags with no nvcc spelling left out: {' '.join(dropped)}"
        return out.read_bytes(), note
