"""Find the LLVM 19 tools Debian ships; a missing one is one clear error naming its package."""
from __future__ import annotations

import functools
import os
import re
import shutil
import signal
import subprocess
from pathlib import Path

from ..core import env
from ..core.interrupts import child_preexec

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

LLVM_BIN = Path(os.environ.get(env.LLVM_BIN, "/usr/lib/llvm-19/bin"))


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


def ptxas_candidates() -> list[tuple[str, str | None]]:
    """Where a ptxas is looked for, in order: (where, its path or None when there is none):
    $AGENTSCHED_PTXAS, PATH, /usr/local/cuda/bin, the sdk extra's wheel."""
    found = []
    for where, cand in ((env.PTXAS, os.environ.get(env.PTXAS)),
                        ("PATH", shutil.which("ptxas")),
                        ("/usr/local/cuda", "/usr/local/cuda/bin/ptxas"),
                        ("the sdk extra's nvidia-cuda-nvcc-cu12 wheel", _wheel_ptxas())):
        found.append((where, cand if cand and Path(cand).exists() else None))
    return found


def find_ptxas() -> str | None:
    """ptxas: $AGENTSCHED_PTXAS, else the first on PATH, else a CUDA toolkit's in
    /usr/local/cuda, else NVIDIA's `nvidia-cuda-nvcc-cu12` wheel (installed by `make setup`),
    if any (optional: without it PTX is loaded by the driver). AGENTSCHED_PTXAS naming no
    file is an error, not a fall-back."""
    wanted = os.environ.get(env.PTXAS)
    if wanted and not Path(wanted).is_file():
        raise ToolMissing(f"{env.PTXAS}={wanted}: no such file (unset it to take ptxas from "
                          "PATH, /usr/local/cuda or the sdk extra)")
    return next((path for _, path in ptxas_candidates() if path), None)


def _wheel_ptxas() -> str | None:
    import importlib.util
    spec = importlib.util.find_spec("nvidia.cuda_nvcc")
    if spec is None or not spec.submodule_search_locations:
        return None
    return str(Path(list(spec.submodule_search_locations)[0]) / "bin" / "ptxas")


@functools.cache
def ptxas_release(path: str) -> str:
    """The release line of a ptxas, e.g. 'release 12.4, V12.4.131'."""
    out = run_tool([path, "--version"]).stdout
    m = re.search(r"release [^\n]*", out)
    return m.group(0).strip() if m else (out.strip().splitlines() or ["?"])[-1]


@functools.cache
def llvm_version() -> str:
    return run([find_tool("llvm-config-19"), "--version"]).strip()


def path_arg(path: str | Path) -> str:
    """A path as a command-line argument that no tool can read as an option (`-O0.ll`)."""
    s = str(path)
    return os.path.join(".", s) if s.startswith("-") else s


def child_options() -> dict:
    """subprocess options for every tool we start: it dies with us (agentsched.core.interrupts)."""
    return {"preexec_fn": functools.partial(child_preexec, os.getpid())}


def run_tool(cmd: list[str], *, input: str | None = None,
             cwd: str | Path | None = None) -> subprocess.CompletedProcess:
    """Run a tool and return what it did, whatever its exit status."""
    return subprocess.run(cmd, input=input, capture_output=True, text=True, cwd=cwd,
                          stdin=None if input is not None else subprocess.DEVNULL,
                          **child_options())


def run(cmd: list[str], *, input: str | None = None, cwd: str | Path | None = None) -> str:
    """Run a tool; on failure raise ToolFailed with the tool's own error lines."""
    proc = run_tool(cmd, input=input, cwd=cwd)
    if proc.returncode != 0:
        raise ToolFailed(failure_message(cmd[0], proc.returncode, proc.stderr))
    return proc.stdout


def failure_message(tool: str, returncode: int, stderr: str) -> str:
    """'llc-19 failed (exit 1): <its error lines>', or 'llc-19 was killed by SIGSEGV' (with
    the lines it managed to print, stack dumps left out)."""
    name = Path(tool).name
    lines = _error_lines(stderr)
    if returncode < 0:
        try:
            sig = signal.Signals(-returncode).name
        except ValueError:
            sig = f"signal {-returncode}"
        return f"{name} was killed by {sig}" + (f": {lines}" if lines else "")
    return f"{name} failed (exit {returncode}): {lines or '(no message)'}"


_STACK_DUMP = re.compile(r"^(Stack dump|PLEASE submit|\s*#\d+ |\d+\.\s|Program arguments:)")


def _error_lines(stderr: str) -> str:
    """The informative part of a tool's stderr (LLVM's stack dumps are dropped)."""
    lines = [ln for ln in stderr.strip().splitlines()
             if ln.strip() and not _STACK_DUMP.match(ln)]
    errs = [ln for ln in lines if "error" in ln.lower()]
    return "\n".join(errs or lines[-5:])
