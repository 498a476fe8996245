"""A Triton kernel with its launch: what timing it on a GPU needs, in one place.

    SPEC = TritonSpec(
        name="softmax",
        fn=softmax_kernel,                                   # the @triton.jit function
        args=lambda seed: (torch.empty(4096, 1024, device="cuda"),
                           torch.randn(4096, 1024, device="cuda",
                                       generator=torch.Generator("cuda").manual_seed(seed)),
                           1024, 1024, 4096, 1000),          # exactly what fn[grid](...) gets
        grid=(132,),                                         # or META -> tuple, as in Triton
        kwargs=dict(BLOCK_SIZE=1024, num_stages=4, num_warps=8),
    )

The reference is the original Triton kernel itself: it runs once on the arguments and every
tensor argument's contents afterwards (outputs, and inputs that must stay unchanged) are what
each variant must reproduce, within rtol/atol.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass
class TritonSpec:
    name: str
    fn: Any  # @triton.jit function (an @triton.autotune one needs config=)
    args: Callable[[int], tuple]  # seed -> launch arguments on the GPU
    grid: Any  # tuple, or a function of the bound arguments (META) -> tuple
    kwargs: dict = field(default_factory=dict)  # constexprs and options (num_warps ...)
    config: Any = None  # @triton.autotune: an index into its configs or a triton.Config
    rtol: float = 1e-3
    atol: float = 1e-3
    description: str = ""
    # Runtime.time speaks KernelSpec: a Triton spec has no sizes and no named buffers
    default_size: dict = field(default_factory=dict)
    entry: str = ""  # the kernel's symbol, filled in by the runtime

    def buffers(self) -> list:
        return []


def load_triton_spec(path) -> TritonSpec:
    """A Python file that defines SPEC = TritonSpec(...) (imports Triton and torch)."""
    import importlib.util
    from pathlib import Path

    from ...core.userfile import exec_user_file
    path = Path(path)
    if not path.is_file():
        raise FileNotFoundError(f"{path}: Triton spec file not found")
    mod_spec = importlib.util.spec_from_file_location(f"agentsched_triton_{path.stem}", path)
    mod = importlib.util.module_from_spec(mod_spec)
    exec_user_file(path, mod)
    spec = getattr(mod, "SPEC", None)
    if not isinstance(spec, TritonSpec):
        raise ValueError(f"{path}: must define SPEC = TritonSpec(...)")
    return spec
