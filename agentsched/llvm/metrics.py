"""Static metrics of a compiled kernel (registers, occupancy, spills, scratch, estimated cycles),
measured by the target's backend module (targets/amdgpu.py, targets/nvptx.py), and the
identity of everything that determines them. docs/search.md defines every field.
"""
from __future__ import annotations

from typing import Any

from ..targets import Launch, StaticMetrics, Target
from ..tools import plugin
from ..tools import programs as tools

# Bumped whenever a metric's definition changes, so cached rows and evaluations are redone.
METRICS_VERSION = 6


def static_metrics(asm: str, target: Target, with_cycles: bool = True,
                   launch: Launch | None = None, entry: str | None = None) -> StaticMetrics:
    """Figures of the kernel `entry` (CompileResult.entry; None: the first kernel). launch:
    the block size and dynamic shared memory the kernel runs with (NVPTX occupancy needs the
    block: without one, the PTX's .reqntid/.maxntid is used, else none; dynamic shared
    memory counts in the occupancy of both targets)."""
    return target.metrics(asm, launch=launch, entry=entry, with_cycles=with_cycles)


def launch_of(kernel: Any) -> Launch | None:
    """The launch a kernel runs with (None: not known): a KernelRef's own (kernels.ref: the
    command line's --block and --dynamic-shared over its spec's, a Triton kernel's), a
    KernelSpec's block at its default size and its shared_bytes of dynamic shared memory."""
    if kernel is None:
        return None
    if isinstance(getattr(kernel, "launch", False), (Launch, type(None))):  # a KernelRef
        if kernel.launch is None and getattr(kernel, "spec", None) is not None:
            return launch_of(kernel.spec)  # one made without resolve_kernel
        return kernel.launch
    spec = kernel
    try:
        dims = [int(n) for n in spec.block(dict(spec.default_size))]
    except Exception as e:
        raise ValueError(f"kernel spec {spec.name!r}: block(default_size) failed: "
                         f"{type(e).__name__}: {e}") from None
    threads = 1
    for n in dims:
        threads *= n
    dynamic = getattr(spec, "shared_bytes", 0) or 0
    if not isinstance(dynamic, int) or dynamic < 0:
        raise ValueError(f"kernel spec {spec.name!r}: shared_bytes {dynamic!r}: give the "
                         "dynamic shared memory per block in bytes (an int >= 0)")
    try:
        return Launch(threads, dynamic)
    except ValueError as e:
        raise ValueError(f"kernel spec {spec.name!r}: {e}") from None


def measurement_identity(target: Target, launch: Launch | None = None) -> str:
    """Everything besides the IR and the decisions that determines a compile's metrics: LLVM,
    the plugin build, this module's definitions, and the target's own (on NVPTX ptxas and
    the launch, on AMDGPU the launch's dynamic LDS). Part of every cache key of measured
    rows (store, evaluation cache)."""
    parts = [f"llvm {tools.llvm_version()}", f"plugin {plugin.plugin_digest()}",
             f"metrics v{METRICS_VERSION}",
             *target.measurement_identity(launch)]
    return "; ".join(parts)


def worse_than_default(default: dict, metrics: dict) -> str | None:
    """Why a schedule's kernel (its static metrics, as dicts) has crossed a cliff LLVM's
    schedule did not: lower occupancy, more spilled registers, or, where occupancy is unknown
    (NVPTX without a block size), more registers. None when it has not. On NVPTX this is the
    only reliable register signal: ptxas allocates after the schedule, so a pre-RA pressure
    guard (core.policy.Guard) cannot bound what it does; the check needs the whole kernel
    compiled twice (agentsched compile --fallback, agentsched train --kernel-guard)."""
    occ_d, occ = default.get("occupancy"), metrics.get("occupancy")
    if occ_d is not None and occ is not None and occ < occ_d:
        return f"occupancy {occ_d} -> {occ}"
    sp_d, sp = default.get("spills") or 0, metrics.get("spills") or 0
    if sp > sp_d:
        return f"spills {sp_d} -> {sp}"
    reg_d, reg = default.get("vgpr"), metrics.get("vgpr")
    if (occ_d is None or occ is None) and reg_d is not None and reg is not None and reg > reg_d:
        return f"registers {reg_d} -> {reg} (occupancy unknown)"
    return None
