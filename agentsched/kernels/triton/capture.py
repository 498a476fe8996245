"""A @triton.jit function and its launch arguments -> the kernel Triton compiles, with no GPU.

    from agentsched.kernels.triton.capture import capture
    k = capture(add_kernel, x, y, out, n, BLOCK_SIZE=1024, target="sm_90", num_warps=4)
    k.llir, k.num_warps, k.shared, k.params, k.binary   # agentsched.kernels.triton.kernel.TritonKernel

The arguments are what the program passes at launch (torch tensors on any device, Triton's
`MockTensor(dtype)`, ints, floats, TensorDescriptors) and the keyword arguments are the
constexprs and options (num_warps, num_stages, maxnreg ...), exactly as for
`kernel[grid](...)`. Triton specializes on them (pointer alignment to 16 bytes, integers
divisible by 16 or equal to 1, dtypes), so pass values like the real ones.

This runs Triton's own JIT path for another target: the binder Triton generates for the
function computes the specialization, JITFunction._pack_args turns it into signature,
constexprs and attributes, and triton.compile(ASTSource(...), target=GPUTarget(...)) compiles
all stages (TTIR ... LLVM IR ... cubin/hsaco, with Triton's bundled ptxas or linker). The
result lands in Triton's cache ($TRITON_CACHE_DIR, default ~/.triton/cache) under the key the
JIT computes for the same call on that GPU, so the directory is the one a later launch reads.
"""
from __future__ import annotations

import contextlib
import importlib.util
import re
import sys
import types
from pathlib import Path

from .kernel import TritonKernel


class CaptureError(ValueError):
    pass


def gpu_target(target):
    """'sm_90' / 'sm_90a' / 'cuda:90' -> GPUTarget('cuda', 90, 32); 'gfx942' ->
    GPUTarget('hip', 'gfx942', 64) (wave32 from gfx10 on); a GPUTarget passes through."""
    from triton.backends.compiler import GPUTarget
    if isinstance(target, GPUTarget):
        return target
    name = str(target)
    m = re.fullmatch(r"(?:sm_?|cuda:)(\d+)a?", name)
    if m:
        return GPUTarget("cuda", int(m.group(1)), 32)
    m = re.fullmatch(r"(?:hip:)?(gfx(\d+)[0-9a-f]{2})", name)
    if m:
        return GPUTarget("hip", m.group(1), 32 if int(m.group(2)) >= 10 else 64)
    raise CaptureError(f"unknown Triton target {target!r}: use sm_NN (NVIDIA) or gfxNNN (AMD)")


def _unwrap(fn, args: tuple, kwargs: dict, config):
    """The JITFunction under @triton.autotune / @triton.heuristics, with the keyword
    arguments those wrappers would add at launch (the chosen config's, the heuristics')."""
    from triton.runtime.autotuner import Autotuner, Config, Heuristics
    from triton.runtime.jit import JITFunction
    while not isinstance(fn, JITFunction):
        if isinstance(fn, Autotuner):
            if config is None:
                raise CaptureError(
                    f"{fn.base_fn.__name__} is autotuned over {len(fn.configs)} configs: pass "
                    "config= (an index into its configs or a triton.Config) to say which")
            cfg = fn.configs[config] if isinstance(config, int) else config
            if not isinstance(cfg, Config):
                raise CaptureError(f"config must be an int or a triton.Config, not {cfg!r}")
            extra = cfg.all_kwargs()
            if cfg.pre_hook is not None:  # e.g. sets TensorDescriptor block shapes
                cfg.pre_hook({**dict(zip(fn.arg_names, args)), **kwargs, **extra})
            kwargs.update(extra)
            config = None
        elif isinstance(fn, Heuristics):
            for name, rule in fn.values.items():
                kwargs[name] = rule({**dict(zip(fn.arg_names, args)), **kwargs})
        elif hasattr(fn, "fn"):
            fn = fn.fn
            continue
        else:
            raise CaptureError(f"{fn!r} is not a @triton.jit function")
        fn = fn.fn
    if config is not None:
        raise CaptureError("config= is for @triton.autotune kernels; give the options "
                           "(num_warps=..., constexprs) as keyword arguments instead")
    return fn


@contextlib.contextmanager
def _torch_importable():
    """Triton's AMD backend imports torch to ask a tensor argument its storage size (buffer
    ops need < 2 GB), even for MockTensors, which answer through ptr_range() before any torch
    object is touched. Where torch is not installed (CI), a module that knows no tensor type
    stands in for that import only; with torch installed nothing changes."""
    if importlib.util.find_spec("torch") is not None:
        yield
        return
    stub = types.ModuleType("torch")
    stub.Tensor = type("Tensor", (), {})  # nothing is an instance of it
    sys.modules["torch"] = stub
    try:
        yield
    finally:
        if sys.modules.get("torch") is stub:
            del sys.modules["torch"]


def specialize(fn, args: tuple, kwargs: dict, target, config=None):
    """What JITFunction.run computes before compiling: (jit function, signature, constexprs,
    attrs, options) for these launch arguments on `target` (no device needed)."""
    from triton import knobs
    from triton.compiler import make_backend
    from triton.runtime.jit import MockTensor, create_function_from_signature
    kwargs = dict(kwargs)
    jit = _unwrap(fn, args, kwargs, config)
    backend = make_backend(gpu_target(target))
    binder = create_function_from_signature(jit.signature, jit.params, backend)
    # As JITFunction.run does: these two options always take part in the key.
    kwargs["debug"] = kwargs.get("debug", jit.debug) or knobs.runtime.debug
    kwargs["instrumentation_mode"] = knobs.compilation.instrumentation_mode
    try:
        with _torch_importable():
            bound, specialization, options = binder(*map(MockTensor.wrap_dtype, args),
                                                    **kwargs)
    except TypeError as e:
        raise CaptureError(f"{jit.__name__}: arguments do not match its parameters "
                           f"{jit.arg_names}: {e}") from None
    options, signature, constexprs, attrs = jit._pack_args(backend, kwargs, bound,
                                                           specialization, options)
    return jit, signature, constexprs, attrs, options


def capture(fn, *args, target="sm_90", config=None, **kwargs) -> TritonKernel:
    """Compile `fn` for `target` as a launch fn[grid](*args, **kwargs) would, without a GPU;
    return the kernel (its Triton cache directory, IR, metadata and Triton's own binary)."""
    import triton
    from triton.compiler import ASTSource
    jit, signature, constexprs, attrs, options = specialize(fn, args, kwargs, target, config)
    src = ASTSource(jit, signature, constexprs, attrs)
    compiled = triton.compile(src, target=gpu_target(target), options=options.__dict__)
    meta = next(p for name, p in compiled.metadata_group.items() if name.endswith(".json"))
    kernel = TritonKernel.load(Path(meta).parent)
    kernel.signature = {name: str(ty) for name, ty in signature.items()}
    return kernel
