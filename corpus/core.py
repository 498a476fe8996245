"""The corpus's building blocks: families, kernels, the work a launch does and the H200 roofline
that classifies a kernel as compute- or memory-bound.

A CUDA kernel's spec is an agentsched KernelSpec (CorpusSpec adds its work and sampled
references); a Triton kernel's is a TritonCase (corpus/triton_case.py). Both run their NumPy
inputs and reference on the CPU, so every spec can be checked without a GPU.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from agentsched.kernels.spec import KernelSpec

ROOT = Path(__file__).resolve().parent.parent  # the repository
CORPUS_DIR = Path(__file__).resolve().parent
PUBLIC = ROOT / "tests" / "data" / "public"  # public kernels, vendored unchanged (licences there)
SUITE_SRC = ROOT / "agentsched" / "kernels" / "src"
OWN_SRC = CORPUS_DIR / "src"  # kernels written for the corpus

# NVIDIA H200 SXM (sm_90, 132 SMs at up to 1.98 GHz), dense peaks from NVIDIA's datasheet; the
# FP32 figure is the one measured work in bench/ compares with (bench/h200/RESULTS_corpus.md).
H200_PEAK_FLOPS = {
    "fp32": 67e12,      # FFMA on the CUDA cores
    "fp64": 34e12,      # DFMA on the CUDA cores
    "tf32_tc": 494e12,  # tensor cores, TF32 inputs
    "fp16_tc": 989e12,  # tensor cores, FP16/BF16 inputs, FP32 accumulation
}
H200_BANDWIDTH = 4.8e12  # bytes/s of HBM3e
COMPUTE, MEMORY = "compute", "memory"


@dataclass(frozen=True)
class Work:
    """What one launch does at a size: arithmetic and the DRAM traffic it cannot avoid
    (every input read once, every output written once; caches cannot do better)."""
    flops: float
    bytes: float
    unit: str = "fp32"  # the units doing the arithmetic: a key of H200_PEAK_FLOPS

    @property
    def intensity(self) -> float:
        return self.flops / self.bytes if self.bytes else float("inf")

    @property
    def ridge(self) -> float:
        """FLOP/byte at which the unit's peak and HBM take the same time on an H200."""
        return H200_PEAK_FLOPS[self.unit] / H200_BANDWIDTH

    @property
    def bound(self) -> str:
        return COMPUTE if self.intensity >= self.ridge else MEMORY

    @property
    def roofline_us(self) -> float:
        """The H200's lower bound on the launch's time: the slower of arithmetic at peak and
        traffic at full bandwidth."""
        return 1e6 * max(self.flops / H200_PEAK_FLOPS[self.unit], self.bytes / H200_BANDWIDTH)

    def estimate_us(self, efficiency: float) -> float:
        """Sizing estimate: arithmetic at `efficiency` of the unit's peak, traffic at 80% of
        the bandwidth (what streaming kernels reach on an H200), whichever is slower."""
        return 1e6 * max(self.flops / (efficiency * H200_PEAK_FLOPS[self.unit]),
                         self.bytes / (0.8 * H200_BANDWIDTH))


@dataclass(frozen=True)
class Sampled:
    """Reference values for part of an output (`got[name][index]`), where the whole reference
    costs too much CPU time at the timed size (n-body's n² pairs, attention's scores)."""
    index: tuple
    values: np.ndarray


def bf16_bits(x) -> np.ndarray:
    """Finite float32 values -> bfloat16 bit patterns (uint16), rounded to nearest even, as
    CUDA's __float2bfloat16 does (NumPy has no bfloat16: such buffers are uint16 in a spec)."""
    a = np.asarray(x, dtype=np.float32)
    u = np.ascontiguousarray(a).view(np.uint32).reshape(a.shape)
    return ((u + (0x7FFF + ((u >> 16) & 1))) >> 16).astype(np.uint16)


def bf16_value(bits) -> np.ndarray:
    """bfloat16 bit patterns (uint16) -> float32 values."""
    return (np.asarray(bits, dtype=np.uint16).astype(np.uint32) << 16).view(np.float32)


@dataclass(frozen=True)
class CorpusSpec(KernelSpec):
    """A KernelSpec with the work a launch does, references that may be Sampled, and bfloat16
    buffers (held as uint16 bit patterns; references return float values for them)."""
    work_fn: Callable[[dict], Work] | None = None
    bf16: tuple = ()  # names of buffers stored as bfloat16

    def work(self, size: dict) -> Work:
        return self.work_fn(size)

    def flops(self, size: dict) -> float | None:
        return None if self.work_fn is None else float(self.work_fn(size).flops)

    def check(self, host_in: dict, got: dict, size: dict,
              want: dict | None = None) -> tuple[bool, float]:
        want = self.reference(host_in, size) if want is None else want
        outs, full = {}, {}
        for name, exp in want.items():
            g = np.asarray(got[name])
            if isinstance(exp, Sampled):
                g, exp = g[exp.index], exp.values
            outs[name] = bf16_value(g) if name in self.bf16 else g
            full[name] = exp
        return super().check(host_in, outs, size, full)


@dataclass(frozen=True)
class Family:
    """One algorithm from one source: its kernels differ only by tile sizes, unrolling, data
    types, launch bounds or the source's own numbered versions of the same algorithm."""
    name: str
    kind: str  # "cuda" or "triton"
    bound: str  # COMPUTE or MEMORY: every kernel's roofline class must agree (corpus.check)
    origin: str  # where the source comes from
    licence: str
    description: str
    efficiency: float  # fraction of the unit's peak its kernels are expected to reach (sizing)
    amd_targets: tuple = ()  # AMD targets with a form of its kernels (static metrics)


@dataclass(frozen=True)
class CorpusKernel:
    name: str
    family: str
    variant: dict  # what sets it apart within its family
    spec: object  # CorpusSpec (CUDA) or TritonCase (Triton)
    amd_spec: object = None  # the spec for AMD targets: a HIP form, the same source, or None
    efficiency: float | None = None  # sizing estimate for this kernel, if not the family's
    amd_only: tuple | None = None  # AMD targets of this kernel, if fewer than its family's

    @property
    def kind(self) -> str:
        return "cuda" if isinstance(self.spec, KernelSpec) else "triton"

    def work(self, size: dict | None = None) -> Work:
        return self.spec.work(dict(self.spec.default_size if size is None else size))

    @property
    def has_amd_form(self) -> bool:
        return (self.amd_spec is not None if self.kind == "cuda"
                else self.spec.amd_kwargs is not None)

    def ir(self, target: str) -> tuple[Path, object]:
        """(LLVM IR ready for llc-19, the agentsched Target to compile it for) on `target`
        ("sm_90", "gfx942", "gfx1100" ...). A Triton kernel is captured for the target with
        no GPU; on NVIDIA its target is Triton's own sm_90a."""
        from agentsched.targets import parse_target
        if self.kind == "triton":
            return self.spec.ir(target)
        t = parse_target(target)
        spec = self.amd_spec if (t.family == "amdgpu") else self.spec
        if spec is None:
            raise ValueError(f"{self.name}: no form for {target} (family {self.family} has "
                             "no HIP source)")
        return kernel_ref(spec).ir(t), t


def kernel_ref(spec: KernelSpec):
    """The agentsched KernelRef that compiles `spec` (what `agentsched compile SPEC.py` does:
    the spec's defines, include directories, flags, language and launch bounds)."""
    from agentsched.kernels.ref import KernelRef
    from agentsched.kernels.spec import launch_block
    return KernelRef(spec.name, Path(spec.source), dict(spec.defines), spec, None,
                     entry=spec.entry, include_dirs=tuple(spec.include_dirs),
                     flags=tuple(spec.flags), block=launch_block(spec), lang=spec.lang)


def rows_sample(n: int, count: int = 1024) -> slice:
    """At least `count` of n indices (all of them when n <= count), every k-th with k odd: an
    odd stride visits every position modulo the powers of two that blocks, warps and vector
    widths are made of, so a sample still covers every thread's share of the work."""
    step = max(1, n // count)
    return slice(0, n, step - (step % 2 == 0))


def need_multiple(name: str, size: dict, **multiples) -> None:
    """A clear error when a size does not fit the kernel's tiling (the kernels assume it)."""
    for dim, m in multiples.items():
        if size[dim] % m:
            raise ValueError(f"{name}: {dim}={size[dim]} must be a multiple of {m}")

