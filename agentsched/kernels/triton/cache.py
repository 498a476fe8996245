"""Hand a tuned binary to the unchanged Triton program: write it into Triton's kernel cache.

Triton's JIT looks a kernel up in its cache ($TRITON_CACHE_DIR, default ~/.triton/cache)
under a key it computes from everything that decides the binary (triton/compiler/compiler.py
`compile`, runtime/cache.py `get_cache_key`): Triton's own version and sources, the kernel
function's source and the Triton functions and constexpr globals it uses, the specialization
of the arguments (dtypes, pointer alignment to 16 bytes, integers divisible by 16 or equal to
1, constexpr values), the options (num_warps, num_stages, num_ctas, maxnreg, fp fusion ...),
the target (backend and architecture) with the ptxas version, and Triton's cache-invalidating
environment variables. On a hit it reads <name>.json and the binary listed in the group file
__grp__<name>.json. install() replaces that binary (and the PTX beside it) in the kernel's
cache directory, atomically, keeping Triton's own as <name>.cubin.triton, so the next process
that launches the kernel with the same specialization runs the tuned binary with no code
change. restore() puts Triton's binary back. docs/triton.md says what invalidates it.
"""
from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

from ...core.files import write_bytes, write_text
from ...core.hashing import sha256_hex
from .kernel import TritonInputError, TritonKernel

MARK = "agentsched.json"  # beside the binary: what was installed (Triton ignores the file)


def _binary_path(kernel: TritonKernel) -> Path:
    suffix = kernel.binary_suffix
    group = kernel.directory / f"__grp__{kernel.name}.json"
    if not group.is_file():
        raise TritonInputError(f"{kernel.directory}: not a Triton cache entry (no {group.name}; "
                               "a TRITON_KERNEL_DUMP directory is not read by the JIT)")
    listed = json.loads(group.read_text()).get("child_paths", {})
    path = listed.get(f"{kernel.name}{suffix}")
    if not path:
        raise TritonInputError(f"{group}: lists no {kernel.name}{suffix}")
    return Path(path)


def install(kernel: TritonKernel, binary: bytes, asm: str | None = None,
            note: dict | None = None) -> dict:
    """Make `binary` (a cubin of this kernel) the one Triton loads from its cache."""
    if kernel.name.encode() not in binary:
        raise ValueError(f"the binary does not define kernel {kernel.name!r}")
    path = _binary_path(kernel)
    keep = path.with_name(path.name + ".triton")
    if not keep.exists():  # Triton's own, kept once (a second install must not overwrite it)
        shutil.copyfile(path, keep)
    record = {"kernel": kernel.name, "binary": path.name, "sha256": sha256_hex(binary),
              "triton_sha256": sha256_hex(keep.read_bytes()), "installed": time.strftime(
                  "%Y-%m-%dT%H:%M:%SZ", time.gmtime()), **(note or {})}
    write_bytes(path, binary)
    asm_path = path.with_suffix(kernel.asm_suffix)
    if asm is not None and asm_path.exists():
        asm_keep = asm_path.with_name(asm_path.name + ".triton")
        if not asm_keep.exists():
            shutil.copyfile(asm_path, asm_keep)
        write_bytes(asm_path, asm.encode())
    write_text(kernel.directory / MARK, json.dumps(record, indent=1) + "\n")
    return record


def installed(kernel: TritonKernel) -> dict | None:
    """What install() put there, if the binary in the cache is still it."""
    mark = kernel.directory / MARK
    if not mark.is_file():
        return None
    record = json.loads(mark.read_text())
    current = _binary_path(kernel).read_bytes()
    return record if sha256_hex(current) == record.get("sha256") else None


def restore(kernel: TritonKernel) -> bool:
    """Put Triton's own binary (and PTX) back; False when nothing was installed."""
    path = _binary_path(kernel)
    restored = False
    for p in (path, path.with_suffix(kernel.asm_suffix)):
        keep = p.with_name(p.name + ".triton")
        if keep.exists():
            write_bytes(p, keep.read_bytes())
            keep.unlink()
            restored = True
    (kernel.directory / MARK).unlink(missing_ok=True)
    return restored
