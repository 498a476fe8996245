"""Find the LLVM 19 tools Debian ships; a missing one is one clear error naming its package."""
from __future__ import annotations

import functools
import os
import shutil
import subprocess
from pathlib import Path

# tool -> Debian package that provides it
PACKAGES = {
    "clang-19": "clang-19",
    "llc-19": "llvm-19",
    "llvm-mc-19": "llvm-19",
    "llvm-mca-19": "llvm-19",
    "llvm-cxxfilt-19": "llvm-19",
    "llvm-as-19": "llvm-19",
    "llvm-dis-19": "llvm-19",
    "llvm-config-19": "llvm-19-dev",
    "ld.lld-19": "lld-19",
    "g++": "g++",
}

LLVM_BIN = Path(os.environ.get("AGENTSCHED_LLVM_BIN", "/usr/lib/llvm-19/bin"))


class ToolMissing(RuntimeError):
    pass


class ToolFailed(RuntimeError):
    """A tool ran and failed; the message carries its own error text."""


@functools.cache
def find_tool(name: str) -> str:
    """Path of a tool: $PATH first, then LLVM 19's own bin directory."""
    found = shutil.which(name)
    if not found:
        plain = LLVM_BIN / name.removesuffix("-19")
        if name.endswith("-19") and plain.exists():
            found = str(plain)
    if not found:
        pkg = PACKAGES.get(name)
        hint = f"install the Debian package {pkg} (apt-get install {pkg})" if pkg else \
            "install it and put it on PATH"
        raise ToolMissing(f"{name} not found: {hint}")
    return found


def find_ptxas() -> str | None:
    """ptxas from a CUDA toolkit, else from NVIDIA's `nvidia-cuda-nvcc-cu12` wheel (installed
    by `make setup`), if any (optional: without it PTX is loaded by the driver)."""
    for cand in (os.environ.get("AGENTSCHED_PTXAS"), shutil.which("ptxas"),
                 "/usr/local/cuda/bin/ptxas", _wheel_ptxas()):
        if cand and Path(cand).exists():
            return cand
    return None


def _wheel_ptxas() -> str | None:
    import importlib.util
    spec = importlib.util.find_spec("nvidia.cuda_nvcc")
    if spec is None or not spec.submodule_search_locations:
        return None
    return str(Path(list(spec.submodule_search_locations)[0]) / "bin" / "ptxas")


@functools.cache
def llvm_version() -> str:
    return run([find_tool("llvm-config-19"), "--version"]).strip()


@functools.cache
def tool_version(name: str) -> str:
    out = run([find_tool(name), "--version"])
    for line in out.splitlines():
        if "version" in line.lower():
            return line.strip()
    return out.splitlines()[0].strip() if out else "?"


def run(cmd: list[str], *, input: str | None = None, cwd: str | Path | None = None) -> str:
    """Run a tool; on failure raise ToolFailed with the tool's own error lines."""
    proc = subprocess.run(cmd, input=input, capture_output=True, text=True, cwd=cwd)
    if proc.returncode != 0:
        raise ToolFailed(f"{Path(cmd[0]).name} failed (exit {proc.returncode}): "
                         f"{_error_lines(proc.stderr)}")
    return proc.stdout


def _error_lines(stderr: str) -> str:
    """The informative part of a tool's stderr (LLVM's stack dumps are dropped)."""
    lines = [ln for ln in stderr.strip().splitlines()
             if ln.strip() and not ln.startswith(("Stack dump", " #", "PLEASE submit", "0.", "1.",
                                                  "2.", "3."))]
    errs = [ln for ln in lines if "error" in ln.lower()]
    return "\n".join(errs or lines[-5:]) or "(no message)"
