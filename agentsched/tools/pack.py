"""agentsched for a machine without LLVM 19 (a GPU machine): one directory with Debian's LLVM
tools and the libraries they link, the built plugin and the package itself, and a launcher
that runs any agentsched command there (`DIR/agentsched search k.ll ...`).

What travels (`agentsched pack DIR`):
  DIR/agentsched         the launcher (POSIX sh): unpacks once, then runs python3 -m agentsched.cli
  DIR/pack.tar.xz        llvm/real/ the tools, llvm/lib/ their non-system libraries,
                         llvm/bin/ wrappers that set LD_LIBRARY_PATH for the tool alone,
                         data/plugin/ the built plugin with its checksum and sidecars,
                         python/agentsched/ the package's source
                         python/policies/ the shipped policies and performance model
  DIR/ID                 the content digest (names the unpacked copy: /tmp/agentsched-pack-ID)
  DIR/MANIFEST.json      tools, libraries, LLVM and plugin versions, sizes

The GPU side needs python3 with numpy, typer and rich (and CuPy, Triton, torch for timing);
device IR is made here (`agentsched ir`), since clang stays behind (docs/gpu-machine.md).
"""
from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import tarfile
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path

from ..core.files import write_text
from ..core.hashing import sha256_hex
from ..core.paths import PACKAGE_DIR
from .plugin import plugin_digest, plugin_path
from .programs import find_tool, llvm_version

# What the commands use of LLVM 19 where there is no clang: llc (with the plugin), llvm-as
# (IR is checked before it is tagged), llvm-dis (bitcode), llvm-cxxfilt (kernel names),
# llvm-config (LLVM's version), llvm-mc / ld.lld (AMDGPU code objects), llvm-mca (cycles).
TOOLS = ("llc-19", "llvm-as-19", "llvm-dis-19", "llvm-cxxfilt-19", "llvm-config-19",
         "llvm-mc-19", "llvm-mca-19", "ld.lld-19")
# Libraries every Linux has (glibc, the C++ runtime): the GPU machine's own are used.
SYSTEM_LIBS = ("linux-vdso", "libc.so", "libm.so", "libgcc_s", "libstdc++", "ld-linux",
               "libpthread", "libdl.so", "librt.so")
WRAPPER = '#!/bin/sh\nd=$(dirname "$0")/..\nLD_LIBRARY_PATH="$d/lib" exec "$d/real/{tool}" "$@"\n'
LAUNCHER = r'''#!/bin/sh
# agentsched on a machine without LLVM 19 (made by `agentsched pack`; docs/gpu-machine.md)
here=$(cd "$(dirname "$0")" && pwd)
id=$(cat "$here/ID")
cache=${AGENTSCHED_PACK_CACHE:-${TMPDIR:-/tmp}/agentsched-pack-$id}
if [ ! -f "$cache/.ready" ]; then
  mkdir -p "$cache.part" && tar -xJf "$here/pack.tar.xz" -C "$cache.part" &&
    touch "$cache.part/.ready" && rm -rf "$cache" && mv "$cache.part" "$cache" ||
    { echo "agentsched pack: cannot unpack $here/pack.tar.xz into $cache" >&2; exit 1; }
fi
export AGENTSCHED_LLVM_BIN="$cache/llvm/bin"
export PATH="$cache/llvm/bin:$PATH"
if [ -n "$AGENTSCHED_DATA" ]; then  # the user's data dir gets the carried plugin
  mkdir -p "$AGENTSCHED_DATA/plugin" && cp -n "$cache/data/plugin/"* "$AGENTSCHED_DATA/plugin/"
else
  export AGENTSCHED_DATA="$cache/data"
fi
export PYTHONPATH="$cache/python${PYTHONPATH:+:$PYTHONPATH}"
export AGENTSCHED_PREBUILT_IR="$cache/data/prebuilt-ir"  # `pack --kernel`'s IR, no clang there
exec "${AGENTSCHED_PYTHON:-python3}" -P -m agentsched.cli "$@"  # -P: the pack's package, not one in $PWD
'''


@dataclass
class PackInfo:
    directory: str
    id: str
    llvm: str
    plugin: str
    tools: list
    libraries: list
    bytes: int  # of pack.tar.xz
    kernels_ir: list  # prebuilt IR files (pack --kernel)


def linked_libraries(tool: Path) -> list[tuple[str, Path]]:
    """(soname, path) of the shared libraries `tool` links that are not the system's."""
    out = subprocess.run(["ldd", str(tool)], capture_output=True, text=True).stdout
    libs = []
    for line in out.splitlines():
        parts = line.split("=>")
        if len(parts) == 2 and parts[1].strip().startswith("/") and \
                not parts[0].strip().startswith(SYSTEM_LIBS):
            libs.append((parts[0].strip(), Path(parts[1].split()[0]).resolve()))
    return libs


# Loaded by the plugin at run time, not linked: libsqlite3 for -agent-sched-db (tuned_db.h).
LOADED_LIBS = ("libsqlite3.so.0",)


def loaded_libraries() -> list[tuple[str, Path]]:
    """(soname, path) of LOADED_LIBS as the dynamic loader finds them here (ldconfig -p)."""
    try:
        out = subprocess.run(["ldconfig", "-p"], capture_output=True, text=True).stdout
    except OSError:
        return []
    found: dict[str, Path] = {}
    for line in out.splitlines():
        name, _, path = line.strip().partition(" => ")
        soname = name.split(" (")[0]
        if soname in LOADED_LIBS and soname not in found and path.startswith("/"):
            found[soname] = Path(path).resolve()
    return sorted(found.items())


def _add_text(tar: tarfile.TarFile, name: str, text: str, mode: int = 0o644) -> None:
    data = text.encode()
    info = tarfile.TarInfo(name)
    info.size, info.mode, info.mtime = len(data), mode, 0
    tar.addfile(info, io.BytesIO(data))


def _package_files() -> list[Path]:
    """The package's own files (sources, kernels, headers, templates), caches left out."""
    return sorted(p for p in PACKAGE_DIR.rglob("*")
                  if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc")


def pack(dest: str | Path, level: int = 6, ir: dict[str, Path] | None = None) -> PackInfo:
    """Write the pack into directory `dest` (made whole elsewhere and renamed into place);
    level: xz's preset (0 fast and larger ... 9). ir: prebuilt IR files by their name in
    data/prebuilt-ir (api.pack_kernels_ir makes them: kernels that have no clang there)."""
    dest = Path(dest)
    if dest.exists() and not (dest / "MANIFEST.json").is_file():
        raise ValueError(f"{dest}: exists and is not a pack made by `agentsched pack`: give a "
                         "new directory (it is replaced as a whole)")
    tools = [Path(find_tool(t)).resolve() for t in TOOLS]
    libs: dict[str, Path] = {}
    for tool in tools:
        libs.update(linked_libraries(tool))
    libs.update(loaded_libraries())
    plugin = plugin_path()
    sidecars = sorted(plugin.parent.glob(plugin.name + "*"))
    dest.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=".agentsched-pack-", dir=dest.parent) as tmpd:
        tmp = Path(tmpd) / "pack"
        tmp.mkdir()
        tarball = tmp / "pack.tar.xz"
        with tarfile.open(tarball, mode="w:xz", preset=level) as tar:  # type: ignore[call-overload]
            for name, tool in zip(TOOLS, tools):
                tar.add(tool, f"llvm/real/{name}")
                _add_text(tar, f"llvm/bin/{name}", WRAPPER.format(tool=name), 0o755)
            for soname, path in sorted(libs.items()):
                tar.add(path, f"llvm/lib/{soname}")
            for f in sidecars:
                tar.add(f, f"data/plugin/{f.name}")
            for name, f in sorted((ir or {}).items()):
                tar.add(f, f"data/prebuilt-ir/{name}")
            for f in _package_files():
                tar.add(f, f"python/agentsched/{f.relative_to(PACKAGE_DIR).as_posix()}")
            # the shipped policies and performance model, where the package looks for them
            # (beside it): --select, --objective predicted and --screen need them there too
            for f in sorted((PACKAGE_DIR.parent / "policies").glob("*.json")):
                tar.add(f, f"python/policies/{f.name}")
        pack_id = sha256_hex(tarball.read_bytes())[:16]
        info = PackInfo(dest.name, pack_id, llvm_version(), plugin_digest(), list(TOOLS),
                        sorted(libs), tarball.stat().st_size, sorted(ir or {}))
        write_text(tmp / "ID", pack_id + "\n")
        write_text(tmp / "MANIFEST.json", json.dumps(asdict(info), indent=1) + "\n")
        launcher = tmp / "agentsched"
        launcher.write_text(LAUNCHER)
        launcher.chmod(0o755)
        old = dest.with_name(dest.name + ".old")
        if dest.exists():
            os.replace(dest, old)
        os.replace(tmp, dest)
        shutil.rmtree(old, ignore_errors=True)
    return info
