"""A Triton kernel in the corpus: the @triton.jit function, its launch at a size, NumPy inputs
and a NumPy reference, like a KernelSpec for CUDA.

Compiling needs no GPU: ir() captures the kernel for a target with Triton's MockTensors
(agentsched.kernels.triton.capture: Triton's own JIT path, specialization and cache key) and prepares
its LLVM IR for llc-19. On a GPU, timing_spec() builds the agentsched TritonSpec whose
arguments are torch tensors holding the NumPy inputs: the TritonRuntime then launches every
variant through Triton's own launcher and checks it against the original kernel's output, and
check() compares that output with the NumPy reference (the spec itself is right).

Buffers are agentsched Buffers whose dtype is a NumPy name or "bfloat16"; a bfloat16 buffer's
inputs are float32 arrays already rounded to bfloat16 (corpus.core.bf16_bits/bf16_value), so
the conversion on the GPU is exact.
"""
from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from agentsched.kernels.spec import compare_outputs

from .core import Sampled, Work

TL_DTYPES = {"float32": "float32", "float16": "float16", "bfloat16": "bfloat16",
             "int32": "int32"}


@dataclass(frozen=True)
class TritonCase:
    name: str
    fn: str  # "module:attribute" of the @triton.jit function (imported on use)
    tensors: tuple  # agentsched Buffers: every tensor the launch reads or writes
    # (size, {buffer name: tensor}, make_descriptor) -> the launch's positional arguments
    args: Callable
    grid: Callable[[dict], tuple]
    kwargs: dict  # constexprs and options (num_warps, num_stages), as for fn[grid](...)
    inputs: Callable[[dict, np.random.Generator], dict]  # NumPy arrays of the input buffers
    reference: Callable[[dict, dict], dict]  # inputs -> {output: array or Sampled}
    work_fn: Callable[[dict], Work]
    default_size: dict = field(default_factory=dict)
    small_size: dict = field(default_factory=dict)
    rtol: float = 1e-3
    atol: float = 1e-3
    description: str = ""
    # AMD form: kwargs replacing the NVIDIA ones when captured for gfx* (None: no AMD form);
    # tensors go to the kernel directly there (descriptor=None), as the tutorials do on HIP
    amd_kwargs: dict | None = None

    # -- what the corpus asks of every spec ---------------------------------------------------
    def work(self, size: dict) -> Work:
        return self.work_fn(size)

    def jit_function(self):
        module, attr = self.fn.split(":")
        try:
            return getattr(importlib.import_module(module), attr)
        except ModuleNotFoundError as e:
            from agentsched.core.userfile import missing_module_message
            missing = missing_module_message(e)
            if missing is None:
                raise
            raise ValueError(f"{self.name}: {module} {missing}") from None

    def buffers(self) -> list:
        return list(self.tensors)

    def make_args(self, size: dict, seed: int = 0) -> dict:
        """Host arrays for every tensor (inputs from the seed, outputs zeroed), as
        KernelSpec.make_args; bfloat16 buffers as float32."""
        rng = np.random.default_rng(seed)
        given = self.inputs(size, rng)
        host = {}
        for b in self.tensors:
            shape = tuple(b.shape(size))
            dtype = np.float32 if b.dtype == "bfloat16" else np.dtype(b.dtype)
            if b.name in given:
                arr = np.ascontiguousarray(given[b.name], dtype=dtype)
                if arr.shape != shape:
                    raise ValueError(f"kernel {self.name}: input {b.name!r} has shape "
                                     f"{arr.shape}, spec says {shape}")
                host[b.name] = arr
            else:
                host[b.name] = np.zeros(shape, dtype=dtype)
        return host

    def check(self, host_in: dict, got: dict, size: dict,
              want: dict | None = None) -> tuple[bool, float]:
        """Outputs (NumPy, any float dtype) against the reference: (ok, max relative error),
        with KernelSpec.check's rule |got - want| <= atol + rtol |want|."""
        want = self.reference(host_in, size) if want is None else want
        outs, full = {}, {}
        for name, exp in want.items():
            g = np.asarray(got[name], dtype=np.float64)
            if isinstance(exp, Sampled):
                g, exp = g[exp.index], exp.values
            outs[name], full[name] = g, exp
        return compare_outputs(outs, full, self.atol, self.rtol)

    # -- compile side (no GPU) ----------------------------------------------------------------
    def mock_args(self, size: dict | None = None, amd: bool = False) -> tuple:
        """The launch arguments with Triton MockTensors (dtype and shape only)."""
        import triton.language as tl
        from triton.runtime.jit import MockTensor
        size = dict(self.default_size if size is None else size)
        tensors = {b.name: MockTensor(getattr(tl, TL_DTYPES[b.dtype]), list(b.shape(size)))
                   for b in self.tensors}
        return tuple(self.args(size, tensors, None if amd else _descriptor))

    def capture(self, target: str, size: dict | None = None):
        """The kernel Triton compiles for this launch on `target` (sm_90, gfx942 ...)."""
        from agentsched.kernels.triton.capture import capture
        amd = target.startswith("gfx")
        if amd and self.amd_kwargs is None:
            raise ValueError(f"{self.name}: no AMD form")
        kwargs = {**self.kwargs, **self.amd_kwargs} if amd else self.kwargs
        return capture(self.jit_function(), *self.mock_args(size, amd), target=target,
                       **kwargs)

    def ir(self, target: str):
        """(LLVM IR ready for llc-19, Target): Triton's own processor (sm_90a on an H200)."""
        from agentsched.kernels.ref import resolve_kernel
        from agentsched.targets import parse_target
        k = self.capture(target)
        t = parse_target(k.target)
        return resolve_kernel(k.directory).ir(t), t

    # -- GPU side -----------------------------------------------------------------------------
    def torch_tensors(self, host: dict, device: str = "cuda") -> dict:
        import torch
        out = {}
        for b in self.tensors:
            t = torch.from_numpy(np.ascontiguousarray(host[b.name])).to(device)
            out[b.name] = t.to(getattr(torch, TL_DTYPES[b.dtype])) if b.dtype == "bfloat16" \
                else t
        return out

    def timing_spec(self, tensors: dict, size: dict | None = None):
        """agentsched's TritonSpec for a launch on these torch tensors (timing_spec(...).args
        returns the same tensors whatever the seed: the caller filled them)."""
        from agentsched.kernels.triton.spec import TritonSpec
        size = dict(self.default_size if size is None else size)
        launch = tuple(self.args(size, tensors, _descriptor))
        return TritonSpec(name=self.name, fn=self.jit_function(), args=lambda seed: launch,
                          grid=tuple(self.grid(size)), kwargs=dict(self.kwargs),
                          rtol=self.rtol, atol=self.atol, description=self.description)


def _descriptor(base, shape, strides, block_shape):
    """A host-side TMA descriptor (Triton's TensorDescriptor) over a tensor or MockTensor."""
    from triton.tools.tensor_descriptor import TensorDescriptor
    return TensorDescriptor(base, list(shape), list(strides), list(block_shape))
