"""Build the scheduler plugin on first use and cache it per LLVM version and source.

The cached .so is checked against the sha256 written next to it after a successful build
(a truncated or altered plugin would crash llc, e.g. with SIGBUS) and rebuilt on mismatch.
"""
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
    if not rebuild and _verified(out):
        return out
    # Parallel workers may all arrive here: one builds, the others wait for it.
    with open(out_dir / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not rebuild and _verified(out):
            return out
        _build(out)
    return out


_VERIFIED: dict[Path, tuple] = {}  # plugin -> (inode, size, mtime) when its hash matched


def _checksum_file(so: Path) -> Path:
    return so.with_name(so.name + ".sha256")


def _verified(so: Path) -> bool:
    """Whether `so` is the file its build wrote (hash checked once per process and file)."""
    try:
        st = so.stat()
        want = _checksum_file(so).read_text().strip()
    except OSError:
        return False
    stamp = (st.st_ino, st.st_size, st.st_mtime_ns)
    if _VERIFIED.get(so) == stamp:
        return True
    if hashlib.sha256(so.read_bytes()).hexdigest() != want:
        return False
    _VERIFIED[so] = stamp
    return True


def build_command(out: Path) -> list[str]:
    config = find_tool("llvm-config-19")
    cxxflags = run([config, "--cxxflags"]).split()
    libdir = run([config, "--libdir"]).strip()
    # -DNDEBUG is mandatory: without it LLVM's ScheduleDAG layout differs from libLLVM's.
    # -ffp-contract=off: a policy's scores must be the plain IEEE operations Python computes.
    return [find_tool("g++"), *cxxflags, "-DNDEBUG", "-O2", "-ffp-contract=off", "-fPIC",
            "-shared",
            "-fvisibility=hidden", "-fvisibility-inlines-hidden", str(SOURCE), "-o", str(out),
            f"-L{libdir}", "-lLLVM-19", "-Wl,--no-undefined"]


def _build(out: Path) -> None:
    tmp = out.with_suffix(f".tmp{os.getpid()}.so")
    tmp_sum = out.with_suffix(f".tmp{os.getpid()}.sha256")
    try:
        run(build_command(tmp))
        tmp_sum.write_text(hashlib.sha256(tmp.read_bytes()).hexdigest() + "\n")
        # A running llc keeps the old file mapped: replace it, never rewrite it in place.
        os.replace(tmp, out)
        os.replace(tmp_sum, _checksum_file(out))
    except ToolFailed as e:
        raise ToolFailed(f"building the scheduler plugin failed: {e}") from None
    finally:
        tmp.unlink(missing_ok=True)
        tmp_sum.unlink(missing_ok=True)
