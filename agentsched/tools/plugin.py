"""Build the scheduler plugin on first use and cache it per LLVM version and source.

The cached .so is checked against the sha256 written next to it after a successful build
(a truncated or altered plugin would crash llc, e.g. with SIGBUS) and rebuilt on mismatch.
"""
from __future__ import annotations

import fcntl
import functools
from pathlib import Path

from ..core.files import staged_output, write_text
from ..core.hashing import file_sha256, sha256_hex
from ..core.paths import PLUGIN_SOURCE, data_dir
from .programs import ToolFailed, find_tool, llvm_version, run

# -DNDEBUG is mandatory: without it LLVM's ScheduleDAG layout differs from libLLVM's.
# -ffp-contract=off: a policy's scores must be the plain IEEE operations Python computes.
PLUGIN_FLAGS = ("-DNDEBUG", "-O2", "-ffp-contract=off", "-fPIC", "-shared",
                "-fvisibility=hidden", "-fvisibility-inlines-hidden")


@functools.cache
def plugin_digest() -> str:
    """Identity of the plugin build: its source, its build flags and the LLVM it is built
    for. It names the cached .so and is part of every cache key whose content the plugin
    determines."""
    return sha256_hex(PLUGIN_SOURCE.read_bytes() + " ".join(PLUGIN_FLAGS).encode() +
                      llvm_version().encode())[:12]


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
    if file_sha256(so) != want:
        return False
    _VERIFIED[so] = stamp
    return True


def build_command(out: Path) -> list[str]:
    config = find_tool("llvm-config-19")
    cxxflags = run([config, "--cxxflags"]).split()
    libdir = run([config, "--libdir"]).strip()
    return [find_tool("g++"), *cxxflags, *PLUGIN_FLAGS, str(PLUGIN_SOURCE), "-o", str(out),
            f"-L{libdir}", "-lLLVM-19", "-Wl,--no-undefined"]


def _build(out: Path) -> None:
    # A running llc keeps the old file mapped: the new one replaces it, never rewrites it in
    # place (staged_output renames a finished build over it). The checksum comes last: a
    # plugin without one is rebuilt.
    try:
        with staged_output(out) as tmp:
            run(build_command(tmp))
            checksum = file_sha256(tmp)
    except ToolFailed as e:
        raise ToolFailed(f"building the scheduler plugin failed: {e}") from None
    write_text(_checksum_file(out), checksum + "\n")
