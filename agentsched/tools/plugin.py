"""Build the scheduler plugin on first use and cache it per LLVM version and source.

The plugin is every .cpp of agentsched/native, compiled in parallel and linked into one .so.
The cached .so is checked against the sha256 written next to it after a successful build
(a truncated or altered plugin would crash llc, e.g. with SIGBUS) and rebuilt on mismatch.
Next to it, the names of the plugin's feature catalog (feature_names), read from the
plugin itself once, right after it is built.
"""
from __future__ import annotations

import fcntl
import functools
import json
import os
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from ..core.files import staged_output, write_text
from ..core.hashing import file_sha256, sha256_hex
from ..core.paths import NATIVE_DIR, data_dir
from .programs import ToolFailed, find_tool, llvm_version, run

# -DNDEBUG is mandatory: without it LLVM's ScheduleDAG layout differs from libLLVM's.
# -ffp-contract=off: a policy's scores must be the plain IEEE operations Python computes.
PLUGIN_FLAGS = ("-DNDEBUG", "-O2", "-ffp-contract=off", "-fPIC", "-shared",
                "-fvisibility=hidden", "-fvisibility-inlines-hidden")


def plugin_sources() -> list[Path]:
    """Every file the plugin is built from: native/*.cpp, *.h and *.def, sorted by name."""
    return sorted((p for p in NATIVE_DIR.iterdir() if p.suffix in (".cpp", ".h", ".def")),
                  key=lambda p: p.name)


@functools.cache
def plugin_digest() -> str:
    """Identity of the plugin build: its sources (names and contents), its build flags and
    the LLVM it is built for. It names the cached .so and is part of every cache key whose
    content the plugin determines."""
    sources = b"".join(p.name.encode() + b"\0" + p.read_bytes() + b"\0"
                       for p in plugin_sources())
    return sha256_hex(sources + " ".join(PLUGIN_FLAGS).encode() +
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
        if sys.stderr.isatty():  # the first command of a fresh install waits about a minute
            print(f"agentsched: building the plugin for LLVM {llc_version} (once per "
                  f"version, about a minute) -> {out}", file=sys.stderr, flush=True)
        _build(out)
    return out


@functools.cache
def feature_names() -> tuple[str, ...]:
    """The plugin's feature catalog, in its order: the columns of the rows that
    -agent-sched-features gives every decision point (DecisionPoint.features)."""
    so = plugin_path()
    try:
        names = json.loads(_features_file(so).read_text())["feature_names"]
    except (OSError, ValueError, KeyError):  # a cache from before, or damaged: ask again
        names = _probe_feature_names(so)
        write_text(_features_file(so), json.dumps({"feature_names": names}) + "\n")
    return tuple(names)


_VERIFIED: dict[Path, tuple] = {}  # plugin -> (inode, size, mtime) when its hash matched


def _checksum_file(so: Path) -> Path:
    return so.with_name(so.name + ".sha256")


def _features_file(so: Path) -> Path:
    return so.with_name(so.name + ".features.json")


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


def build_commands(out: Path, obj_dir: Path) -> tuple[list[list[str]], list[str]]:
    """The compile command of each .cpp (an object in obj_dir each) and the link command
    that makes `out` of them."""
    config = find_tool("llvm-config-19")
    cxxflags = run([config, "--cxxflags"]).split()
    libdir = run([config, "--libdir"]).strip()
    gxx = find_tool("g++")
    cpps = [p for p in plugin_sources() if p.suffix == ".cpp"]
    objs = [str(obj_dir / (p.stem + ".o")) for p in cpps]
    compiles = [[gxx, *cxxflags, *PLUGIN_FLAGS, "-c", str(p), "-o", o]
                for p, o in zip(cpps, objs)]
    link = [gxx, *PLUGIN_FLAGS, *objs, "-o", str(out), f"-L{libdir}", "-lLLVM-19",
            "-Wl,--no-undefined"]
    return compiles, link


def build_plugin(out: Path) -> None:
    """Build the plugin from the sources into `out`: the translation units in parallel,
    then one link. Raises ToolFailed with the compiler's errors."""
    with tempfile.TemporaryDirectory(prefix="agentsched-plugin-") as tmp:
        compiles, link = build_commands(out, Path(tmp))
        with ThreadPoolExecutor(max_workers=max(1, min(len(compiles),
                                                       os.cpu_count() or 1))) as pool:
            for done in [pool.submit(run, cmd) for cmd in compiles]:
                done.result()  # the first failure, with its errors
        run(link)


# The smallest module llc compiles: the report of a run over it names the feature catalog.
_PROBE_TRIPLE = "nvptx64-nvidia-cuda"


def _probe_feature_names(so: Path) -> list[str]:
    with tempfile.TemporaryDirectory(prefix="agentsched-plugin-") as tmp:
        ir, report = Path(tmp) / "empty.ll", Path(tmp) / "report.json"
        ir.write_text(f'target triple = "{_PROBE_TRIPLE}"\n')
        run([find_tool("llc-19"), f"-mtriple={_PROBE_TRIPLE}", f"-load={so}",
             "-misched=agent-sched", f"-agent-sched-report={report}", str(ir),
             "-o", os.devnull])
        names = json.loads(report.read_text()).get("feature_names")
    if not (isinstance(names, list) and names and all(isinstance(n, str) for n in names)):
        raise ToolFailed(f"the plugin {so} reports no feature catalog ('feature_names')")
    return names


def _build(out: Path) -> None:
    # A running llc keeps the old file mapped: the new one replaces it, never rewrites it in
    # place (staged_output renames a finished build over it). The checksum comes last: a
    # plugin without one is rebuilt.
    try:
        with staged_output(out) as tmp:
            build_plugin(tmp)
            names = _probe_feature_names(tmp)  # a plugin llc cannot load is no build
            checksum = file_sha256(tmp)
    except ToolFailed as e:
        raise ToolFailed(f"building the scheduler plugin failed: {e}") from None
    write_text(_features_file(out), json.dumps({"feature_names": names}) + "\n")
    write_text(_checksum_file(out), checksum + "\n")
