"""A kernel in one place: source, launch geometry, arguments, inputs and a NumPy reference.

Runtimes (CUDA, HIP) need nothing else to run a kernel and check its output, so a user's
own kernel is a KernelSpec in a Python file (see docs/own-kernel.md).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

Size = dict  # problem size, e.g. {"M": 1024, "N": 1024, "K": 1024}


@dataclass(frozen=True)
class Buffer:
    """A device array argument (passed as a pointer)."""
    name: str
    dtype: str  # NumPy dtype name, e.g. "float32"
    shape: Callable[[Size], tuple]
    output: bool = False  # compared with the reference after the run


@dataclass(frozen=True)
class Scalar:
    """A by-value argument."""
    name: str
    dtype: str  # "int32", "uint32", "float32", "int64"
    value: Callable[[Size], int | float]


@dataclass(frozen=True)
class KernelSpec:
    name: str
    source: Path  # .cu/.cuh/.hip, as written for nvcc/hipcc, or .ll (one target only)
    # the kernel by its source name (`matrixMul`, `ns::k`), a template instance as written in
    # C++ (`sgemmVectorize<128, 128, 8, 8, 8>`, instantiated if the file does not), or symbol
    entry: str
    params: tuple  # Buffer/Scalar, in the kernel's parameter order
    grid: Callable[[Size], tuple]  # blocks (x, y, z)
    block: Callable[[Size], tuple]  # threads per block (x, y, z)
    inputs: Callable[[Size, np.random.Generator], dict]  # name -> array, for input buffers
    reference: Callable[[dict, Size], dict]  # inputs -> {output name: expected array}
    default_size: Size = field(default_factory=dict)
    small_size: Size = field(default_factory=dict)  # for quick checks
    defines: dict = field(default_factory=dict)  # -D macros for the source
    include_dirs: tuple = ()  # -I directories, relative to the spec file
    flags: tuple = ()  # other clang flags: "-std=c++17", "-ffast-math" ...
    lang: str | None = None  # "cuda" or "hip" (default: .hip is HIP, else by target)
    # dynamic shared memory per block, bytes (`extern __shared__`, the third <<<...>>>
    # argument; HIP's dynamic LDS): the runtimes launch with it, occupancy counts it
    shared_bytes: int = 0
    rtol: float = 1e-3
    atol: float = 1e-4
    description: str = ""

    def flops(self, size: Size) -> float | None:  # optional, for TFLOP/s in reports
        return None

    def buffers(self) -> list[Buffer]:
        return [p for p in self.params if isinstance(p, Buffer)]

    def make_args(self, size: Size, seed: int = 0) -> dict:
        """Host arrays for every buffer (inputs filled deterministically, outputs zeroed)."""
        rng = np.random.default_rng(seed)
        given = self.inputs(size, rng)
        host = {}
        for b in self.buffers():
            shape = tuple(b.shape(size))
            if b.name in given:
                arr = np.ascontiguousarray(given[b.name], dtype=b.dtype)
                if arr.shape != shape:
                    raise ValueError(f"kernel {self.name}: input {b.name!r} has shape "
                                     f"{arr.shape}, spec says {shape}")
                host[b.name] = arr
            else:
                host[b.name] = np.zeros(shape, dtype=b.dtype)
        return host

    def check(self, host_in: dict, got: dict, size: Size,
              want: dict | None = None) -> tuple[bool, float]:
        """Compare outputs with the reference (`want`, if the caller computed it once for many
        variants): (ok, max relative error)."""
        want = self.reference(host_in, size) if want is None else want
        return compare_outputs(got, want, self.atol, self.rtol)


def compare_outputs(got: dict, want: dict, atol: float, rtol: float) -> tuple[bool, float]:
    """Each output of `want` against `got` by |got - want| <= atol + rtol |want|: (ok, max
    relative error); a wrong shape or a non-finite value fails with error inf."""
    worst = 0.0
    ok = True
    for name, exp in want.items():
        g = np.asarray(got[name], dtype=np.float64)
        e = np.asarray(exp, dtype=np.float64)
        if g.shape != e.shape or not np.all(np.isfinite(g)):
            return False, float("inf")
        err = np.abs(g - e)
        worst = max(worst, float(np.max(err / np.maximum(np.abs(e), atol / rtol))))
        ok &= bool(np.all(err <= atol + rtol * np.abs(e)))
    return ok, worst


def load_spec_file(path: str | Path, code: bytes | None = None) -> KernelSpec:
    """Load a user's spec: a Python file that defines SPEC = KernelSpec(...). code: run these
    bytes (already read and verified, e.g. a bundle's spec.py) instead of reading the file."""
    import importlib.util

    from ..core.userfile import exec_user_file
    path = Path(path)
    if not path.is_file():
        raise FileNotFoundError(f"{path}: kernel spec file not found")
    mod_spec = importlib.util.spec_from_file_location(f"agentsched_user_{path.stem}", path)
    mod = importlib.util.module_from_spec(mod_spec)
    exec_user_file(path, mod, code)  # no bytecode cache: exactly these bytes run
    spec = getattr(mod, "SPEC", None)
    if not isinstance(spec, KernelSpec):
        raise ValueError(f"{path}: must define SPEC = KernelSpec(...)")
    from dataclasses import replace
    return replace(spec, source=path.parent / spec.source,
                   include_dirs=tuple(path.parent / d for d in spec.include_dirs))


def launch_block(spec: KernelSpec) -> tuple:
    """The largest block the spec launches (default and small sizes): the kernel's launch
    bounds when its source declares none."""
    blocks = []
    for size in (spec.default_size, spec.small_size):
        try:
            blocks.append(tuple(int(x) for x in spec.block(size)))
        except (KeyError, TypeError, ValueError) as e:
            if size is spec.default_size:
                raise ValueError(f"kernel {spec.name}: block({size}) failed: {e!r}") from None
    return max(blocks, key=lambda b: int(np.prod(b)))
