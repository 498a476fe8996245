"""Build the scheduler plugin on first use and cache it per LLVM version and source."""
from __future__ import annotations

import fcntl
import functools
import hashlib
import os
from pathlib import Path

from .tools import ToolFailed, find_tool, llvm_version, run

SOURCE = Path(__file__).resolve().parent.parent / "native" / "agent_sched.cpp"


def data_dir() -> Path:
    """Where agentsched keeps caches and the results store ($AGENTSCHED_DATA to move it)."""
    d = Path(os.environ.get("AGENTSCHED_DATA") or Path.home() / ".cache" / "agentsched")
    d.mkdir(parents=True, exist_ok=True)
    return d


@functools.cache
def plugin_digest() -> str:
    """Identity of the plugin build: its source and the LLVM it is built for. It names the
    cached .so and is part of every cache key whose content the plugin determines."""
    return hashlib.sha256(SOURCE.read_bytes() + llvm_version().encode()).hexdigest()[:12]


def plugin_path(rebuild: bool = False) -> Path:
    """Path of the built plugin for the installed LLVM 19, building it if needed."""
    llc_version = llvm_version()
    digest = plugin_digest()
    out_dir = data_dir() / "plugin"
    out_dir.mkdir(parents=True, exist_ok=True)
    out = out_dir / f"agent_sched-{llc_version}-{digest}.so"
    if out.exists() and not rebuild:
        return out
    # Parallel workers may all arrive here: one builds, the others wait for it.
    with open(out_dir / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if out.exists() and not rebuild:
            return out
        _build(out)
    return out


def build_command(out: Path) -> list[str]:
    config = find_tool("llvm-config-19")
    cxxflags = run([config, "--cxxflags"]).split()
    libdir = run([config, "--libdir"]).strip()
    # -DNDEBUG is mandatory: without it LLVM's ScheduleDAG layout differs from libLLVM's.
    return [find_tool("g++"), *cxxflags, "-DNDEBUG", "-O2", "-fPIC", "-shared",
            "-fvisibility=hidden", "-fvisibility-inlines-hidden", str(SOURCE), "-o", str(out),
            f"-L{libdir}", "-lLLVM-19", "-Wl,--no-undefined"]


def _build(out: Path) -> None:
    tmp = out.with_suffix(f".tmp{os.getpid()}.so")
    try:
        run(build_command(tmp))
        os.replace(tmp, out)
    except ToolFailed as e:
        raise ToolFailed(f"building the scheduler plugin failed: {e}") from None
    finally:
        tmp.unlink(missing_ok=True)
