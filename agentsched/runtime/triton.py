"""Triton's own launch as a GPU runtime: run and time variants of a Triton kernel.

Every variant is a cubin of the same kernel (LLVM 19's default schedule, an agent's, Triton's
own binary). It is launched exactly as the Triton program launches the original: through a
copy of Triton's CompiledKernel with only the binary swapped (CompiledKernel.kernel /
asm["cubin"]), so Triton's generated launcher passes the arguments, the scratch pointers it
appends, num_warps x 32 threads, the dynamic shared memory and the grid, and loads the module
with the kernel's shared-memory attribute (driver.utils.load_binary).

TritonRuntime is an agentsched Runtime (runtime/__init__.py) over a TritonSpec, so the timing
method, statistics and the search's GPU timer are the project's own, unchanged:

    rt = TritonRuntime(spec)
    timer = GpuTimer(spec, target, default_cubin, runtime=rt)   # searches.gpu_time
    ratios = timer.measure([cubin1, cubin2])
    result = timer.confirm({"triton": rt.triton_binary(), "agent": cubin1})

The reference is the original kernel: prepare() launches Triton's own CompiledKernel once on
the spec's arguments and keeps every tensor argument's contents afterwards; a variant passes
when, run on the same restored arguments, it leaves the same contents (rtol/atol of the spec).
Needs Triton, torch and CuPy (for the device facts and events the CUDA runtime already uses).
"""
from __future__ import annotations

import copy
import math
from collections.abc import Callable
from pathlib import Path

from ..kernels.triton.capture import _unwrap
from ..kernels.triton.kernel import TritonKernel
from ..kernels.triton.spec import TritonSpec
from .base import Kernel, KernelLoadError, Prepared
from .cuda import CudaRuntime


def _tensors(value) -> list:
    """The torch tensors an argument holds (a tensor, a TensorDescriptor's base, tuples)."""
    import torch
    if isinstance(value, torch.Tensor):
        return [value]
    if isinstance(value, (tuple, list)):
        return [t for v in value for t in _tensors(v)]
    base = getattr(value, "base", None)
    return [base] if isinstance(base, torch.Tensor) else []


class TritonRuntime(CudaRuntime):
    kind = "cuda"

    def __init__(self, spec: TritonSpec, device: int = 0):
        try:
            import torch  # noqa: F401  (the spec's arguments are torch tensors)
        except ModuleNotFoundError as e:
            from ..core.userfile import missing_module_message
            raise RuntimeError(f"timing Triton kernel {spec.name} "
                               f"{missing_module_message(e) or e}") from None
        super().__init__(device)
        self.spec = spec
        self.compiled = None  # Triton's own CompiledKernel for the spec's arguments
        self._bound = None  # the arguments bound to the kernel's parameters
        self._launch_args = None
        self._prepared = None

    # -- Triton's own kernel ----------------------------------------------------------------
    def compile_original(self, seed: int = 0):
        """Triton's CompiledKernel for the spec's arguments, as the program's first launch
        compiles it (JIT warm-up: same specialization, same cache entry), and the arguments."""
        import triton
        from triton.runtime import _allocation
        args = tuple(self.spec.args(seed))
        kwargs = dict(self.spec.kwargs)
        jit = _unwrap(self.spec.fn, args, kwargs, self.spec.config)
        compiled = jit.warmup(*args, grid=(1,), **kwargs)
        if getattr(compiled, "result", None):  # asynchronous compile mode
            compiled = compiled.result()
        if (compiled.metadata.global_scratch_size or 0) > 0 and \
                isinstance(_allocation._allocator.get(), _allocation.NullAllocator):
            import torch  # device-side TMA descriptors need scratch, as the tutorials set
            triton.set_allocator(lambda size, align, stream: torch.empty(
                size, dtype=torch.int8, device="cuda"))
        device = triton.runtime.driver.active.get_current_device()
        binder = jit.device_caches[device][4]
        self._bound, _, _ = binder(*args, **kwargs)
        self.compiled, self.spec.entry = compiled, compiled.name
        return compiled, args

    def _launch_geometry(self) -> tuple:
        """(grid padded to 3, every argument in order): what Triton's launcher receives."""
        grid = self.spec.grid(self._bound) if callable(self.spec.grid) else self.spec.grid
        if grid is None:
            raise ValueError(f"{self.spec.name}: TritonSpec.grid is not set")
        grid = tuple(int(g) for g in grid) + (1,) * (3 - len(tuple(grid)))
        return grid, list(self._bound.values())

    def kernel(self) -> TritonKernel:
        """The Triton kernel on disk (its cache directory) that compile_original() used."""
        meta = next(p for n, p in self.compiled.metadata_group.items() if n.endswith(".json"))
        return TritonKernel.load(Path(meta).parent)

    def triton_binary(self) -> bytes:
        return self.compiled.asm["cubin"]

    # -- Runtime interface ---------------------------------------------------------------------
    def prepare(self, spec, size=None, seed: int = 0) -> Prepared:
        _, args = self.compile_original(seed)
        self._launch_args = self._launch_geometry()
        tensors = [t for a in args for t in _tensors(a)]
        pristine = [t.clone() for t in tensors]
        original = Kernel(path=Path("<triton>"), entry=self.compiled.name, native=self.compiled)
        self._launcher(original, spec, {}, tensors)()
        self._sync()
        want = [t.clone() for t in tensors]
        self._prepared = Prepared(spec, {}, seed, pristine, tensors, want)
        return self._prepared

    def release(self, prepared: Prepared) -> None:
        prepared.host.clear()
        prepared.dev.clear()
        prepared.want.clear()

    def load(self, module_path: Path, entry: str) -> Kernel:
        from triton.compiler.compiler import AsmDict
        if self.compiled is None:
            raise KernelLoadError("TritonRuntime: prepare() first (it compiles the original)")
        data = Path(module_path).read_bytes()
        variant = copy.copy(self.compiled)
        variant.asm = AsmDict({**self.compiled.asm, "cubin": data})
        variant.kernel = data
        variant.module = variant.function = variant._run = None
        try:
            variant._init_handles()  # cuModuleLoadData + the kernel's shared-memory attribute
        except Exception as e:
            raise KernelLoadError(f"{module_path}: Triton cannot load kernel {entry!r}: "
                                  f"{e}") from None
        return Kernel(path=Path(module_path), entry=entry, native=variant, module=variant.module)

    def unload(self, kernel: Kernel) -> None:
        if kernel.module:
            self.cp.cuda.driver.moduleUnload(kernel.module)
            kernel.module = None

    def _attr(self, kernel: Kernel, attr: int) -> int:
        return int(self.cp.cuda.driver.funcGetAttribute(attr, kernel.native.function))

    def kernel_attributes(self, kernel: Kernel) -> dict:
        out = super().kernel_attributes(kernel)
        out["module_format"] = "cubin (Triton launcher)"
        return out

    def run_and_check(self, spec, handle: Kernel, size=None, seed: int = 0):
        p = self._prepared  # the arguments and reference of the last prepare()
        return self._check_on(spec, handle, size, p.host, p.dev, p.want)

    def _check_on(self, spec, kernel: Kernel, size, host, dev, want=None):
        self._upload(dev, host, None)
        self._launcher(kernel, spec, size, dev)()
        self._sync()
        return compare(dev, want, spec.rtol, spec.atol)

    def _upload(self, dev, host, names) -> None:
        for t, p in zip(dev, host):  # restore every tensor argument
            t.copy_(p)

    def _launcher(self, kernel: Kernel, spec, size, dev) -> Callable[[], None]:
        import triton
        variant = kernel.native
        (gx, gy, gz), args = self._launch_args
        device = triton.runtime.driver.active.get_current_device()
        stream = triton.runtime.driver.active.get_current_stream(device)
        run, function, packed = variant.run, variant.function, variant.packed_metadata

        def launch():
            run(gx, gy, gz, stream, function, packed, None, None, None, *args)
        return launch


def compare(got: list, want: list, rtol: float, atol: float) -> tuple[bool, float]:
    """Every tensor equal to the reference within rtol/atol (NaN where NaN):
    (ok, max relative error, as KernelSpec.check measures it)."""
    import torch
    worst, ok = 0.0, True
    for g, w in zip(got, want):
        g64, w64 = g.detach().double(), w.detach().double()
        if g64.shape != w64.shape:
            return False, math.inf
        same_nan = torch.isnan(g64) == torch.isnan(w64)
        if not bool(same_nan.all()):
            return False, math.inf
        g64, w64 = torch.nan_to_num(g64), torch.nan_to_num(w64)
        err = (g64 - w64).abs()
        rel = err / torch.clamp(w64.abs(), min=atol / rtol)
        worst = max(worst, float(rel.max()) if rel.numel() else 0.0)
        ok &= bool((err <= atol + rtol * w64.abs()).all())
    return ok, worst
