"""The GPUs agentsched compiles for, one module per LLVM backend (amdgpu.py, nvptx.py).

    t = parse_target("gfx1100")      # an AmdgpuTarget; "sm_90" / "sm_90a": an NvptxTarget
    t.llc_flags, t.metrics(asm), t.module_suffix(), t.runtime_kind ...

A name is a target when llc-19 lists it (`llc -mcpu=help` for the backend's triple), so the
installed LLVM decides which GPUs exist; the backend module decides what is done for them.
"""
from __future__ import annotations

import functools
import re

from .amdgpu import AmdgpuTarget
from .base import Launch, StaticMetrics, Target, UnknownTarget
from .nvptx import NvptxTarget

BACKENDS: tuple[type[Target], ...] = (AmdgpuTarget, NvptxTarget)

__all__ = ["BACKENDS", "Launch", "StaticMetrics", "Target", "UnknownTarget", "backend_of",
           "known_targets", "parse_target", "runtime_kind"]


@functools.cache
def known_targets() -> tuple[str, ...]:
    """GPU names llc-19 knows (asked from llc itself, so it follows the installed LLVM)."""
    from ..tools.programs import find_tool, run_tool
    names: set[str] = set()
    for backend in BACKENDS:
        proc = run_tool([find_tool("llc-19"), f"-mtriple={backend.triple}", "-mcpu=help"])
        names.update(backend.names.findall(proc.stdout + proc.stderr))
    # generic family names (gfx11, gfx9 ...) are not concrete GPUs
    return tuple(sorted(n for n in names if not re.fullmatch(r"gfx\d{1,2}", n)))


def backend_of(name: str | None) -> type[Target] | None:
    """The backend a GPU or triple name belongs to, by its spelling alone (no LLVM needed)."""
    lowered = (name or "").lower()
    for backend in BACKENDS:
        if lowered.startswith(backend.prefixes):
            return backend
    return None


def parse_target(name: str | Target) -> Target:
    """The target called `name` (a Target passes through); UnknownTarget lists near names."""
    if isinstance(name, Target):
        return name
    backend = backend_of(name)
    if backend is None or name not in known_targets():
        near = [t for t in known_targets() if t[:4] == name[:4]][:12]
        raise UnknownTarget(f"unknown target {name!r}: llc-19 knows "
                            f"{', '.join(near or known_targets()[:12])} ...")
    return backend(name)


def runtime_kind(target: str | None) -> str | None:
    """The GPU runtime for a target or triple name ('sm_90', 'nvptx64' -> 'cuda'; 'gfx1100',
    'amdgcn' -> 'hip'), None when it names neither. Needs no LLVM (the GPU side uses it)."""
    backend = backend_of(target)
    return backend.runtime_kind if backend else None
