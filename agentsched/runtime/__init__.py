"""Run compiled kernels on a GPU, check them against the spec's reference, time them.

One interface over CUDA (CuPy) and HIP (libamdhip64 through ctypes):

    rt = get_runtime()                              # "auto", "cuda" or "hip"
    k = rt.load(Path("gemm.cubin"), "gemm")         # .ptx/.cubin (CUDA), .co/.hsaco (HIP)
    ok, err = rt.run_and_check(spec, k, size, seed=0)
    res = rt.time(spec, {"default": k0, "default#2": k0b, "agent": k1}, size)
    print(res.table()); json.dump(res.to_dict(), f)

The generic parts (checking, warm-up, interleaved rounds, statistics) live in base.py and
timing.py; a runtime (cuda.py, hip.py) only allocates, copies, launches and times launches
with device events. Nothing here needs LLVM, so it runs on a GPU machine that has only numpy
and CuPy (see bundle.py).
"""
from __future__ import annotations

from ..targets import runtime_kind as runtime_kind_for_target
from .base import (
    Kernel,
    KernelLoadError,
    Prepared,
    Runtime,
    RuntimeUnavailable,
    launch_geometry,
    scalar_value,
)
from .timing import TimingResult, VariantTiming

__all__ = ["RuntimeUnavailable", "KernelLoadError", "Kernel", "Prepared", "Runtime",
           "TimingResult", "VariantTiming", "get_runtime", "runtime_kind_for_target",
           "launch_geometry", "scalar_value"]


def get_runtime(kind: str = "auto", device: int = 0) -> Runtime:
    """A runtime of the given kind: 'cuda', 'hip', or 'auto' (CUDA if usable, else HIP).

    Raises RuntimeUnavailable with every reason when none can be used.
    """
    kind = (kind or "auto").lower()
    if kind == "cuda":
        from .cuda import CudaRuntime
        return CudaRuntime(device)
    if kind == "hip":
        from .hip import HipRuntime
        return HipRuntime(device)
    if kind != "auto":
        raise ValueError(f"unknown runtime {kind!r}: use 'auto', 'cuda' or 'hip'")
    reasons = []
    for k in ("cuda", "hip"):
        try:
            return get_runtime(k, device)
        except RuntimeUnavailable as e:
            reasons.append(f"  {k}: {e}")
    raise RuntimeUnavailable("no GPU runtime is usable on this machine:\n" + "\n".join(reasons))
