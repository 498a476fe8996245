"""The built-in kernels: the seed article's GEMM and FlashAttention-decode kernels, FP32.

Each kernel is one CUDA/HIP source under ``src/`` that compiles as HIP (AMDGPU) and as CUDA
(NVPTX) through ``include/agentsched_gpu.h``; variants of one source differ only by the -D
macros in ``KernelSpec.defines`` (the entry name is one of them).

| name               | source       | what                                                      |
|--------------------|--------------|-----------------------------------------------------------|
| fused_mlp          | fused_mlp.cu | C = SiLU(A·B + bias), 64×64 tile, 4×4 per thread          |
| gemm8x8            | fused_mlp.cu | the same, 128×128 tile, 8×8 per thread                    |
| fa_decode          | fa_decode.cu | attention decode, 4 heads per thread, D = 32              |
| fa_decode_wpe1     | fa_decode.cu | the same with amdgpu_waves_per_eu(1,1)                    |
| fa_decode_d256     | fa_decode.cu | the same with D = 256 (register-pressure attempt)         |
| fa_decode_volatile | fa_decode.cu | the same with volatile accumulators (register attempt)    |

``SEED_SUITE`` names the kernels of the main experiments.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ..core.paths import KERNEL_SRC_DIR as SRC_DIR
from .spec import Buffer, KernelSpec, Scalar, Size


@dataclass(frozen=True)
class SuiteKernelSpec(KernelSpec):
    """A KernelSpec whose flops() comes from a function of the size."""
    flops_fn: Callable[[Size], float] | None = None

    def flops(self, size: Size) -> float | None:
        return None if self.flops_fn is None else float(self.flops_fn(size))


def _silu64(x: np.ndarray) -> np.ndarray:
    with np.errstate(over="ignore"):
        return x / (1.0 + np.exp(-x))


# ---------------------------------------------------------------------------------------------
# GEMM + bias + SiLU (fused_mlp.cu)
# ---------------------------------------------------------------------------------------------

def _gemm_inputs(size: Size, rng: np.random.Generator) -> dict:
    M, N, K = size["M"], size["N"], size["K"]
    # Scaled so that A·B + bias is O(1): SiLU is then neither linear nor zero.
    a = rng.uniform(-1.0, 1.0, (M, K)).astype(np.float32)
    b = (rng.standard_normal((K, N), dtype=np.float32) * np.float32(np.sqrt(3.0 / K)))
    bias = rng.uniform(-1.0, 1.0, N).astype(np.float32)
    return {"A": a, "B": b, "bias": bias}


def _gemm_reference(inp: dict, size: Size) -> dict:
    a = np.asarray(inp["A"], dtype=np.float64)
    b = np.asarray(inp["B"], dtype=np.float64)
    bias = np.asarray(inp["bias"], dtype=np.float64)
    return {"C": _silu64(a @ b + bias).astype(np.float32)}


def _gemm_spec(name: str, tm: int, bk: int, default_size: Size, small_size: Size,
               description: str) -> SuiteKernelSpec:
    tile = 16 * tm

    def grid(s: Size) -> tuple:
        for dim, mult in (("M", tile), ("N", tile), ("K", bk)):
            if s[dim] % mult:
                raise ValueError(f"{name}: {dim}={s[dim]} must be a multiple of {mult}")
        return (s["N"] // tile, s["M"] // tile, 1)

    defines = {} if name == "fused_mlp" else {
        "AS_GEMM_NAME": name, "AS_GEMM_TM": tm, "AS_GEMM_BK": bk}
    return SuiteKernelSpec(
        name=name,
        source=SRC_DIR / "fused_mlp.cu",
        entry=name,
        params=(
            Buffer("A", "float32", lambda s: (s["M"], s["K"])),
            Buffer("B", "float32", lambda s: (s["K"], s["N"])),
            Buffer("bias", "float32", lambda s: (s["N"],)),
            Buffer("C", "float32", lambda s: (s["M"], s["N"]), output=True),
            Scalar("M", "int32", lambda s: s["M"]),
            Scalar("N", "int32", lambda s: s["N"]),
            Scalar("K", "int32", lambda s: s["K"]),
        ),
        grid=grid,
        block=lambda s: (256, 1, 1),
        inputs=_gemm_inputs,
        reference=_gemm_reference,
        default_size=default_size,
        small_size=small_size,
        defines=defines,
        rtol=1e-3,
        atol=1e-4,
        description=description,
        flops_fn=lambda s: 2.0 * s["M"] * s["N"] * s["K"],
    )


# ---------------------------------------------------------------------------------------------
# FlashAttention decode, 4 heads per thread (fa_decode.cu)
# ---------------------------------------------------------------------------------------------

FA_BQ = 64  # query rows (threads) per block: AS_FA_BQ in fa_decode.cu
FA_BN = 4   # keys per tile: AS_FA_BN in fa_decode.cu


def _fa_inputs(d: int) -> Callable:
    def inputs(size: Size, rng: np.random.Generator) -> dict:
        B, H, G, S = size["B"], size["H"], size["G"], size["S"]
        return {
            "Q": rng.standard_normal((B, H, G, d), dtype=np.float32),
            "K": rng.standard_normal((B, H, S, d), dtype=np.float32),
            "V": rng.standard_normal((B, H, S, d), dtype=np.float32),
        }
    return inputs


def _fa_reference(d: int) -> Callable:
    def reference(inp: dict, size: Size) -> dict:
        B, H, G, S = size["B"], size["H"], size["G"], size["S"]
        scale = 1.0 / np.sqrt(d)
        q = np.asarray(inp["Q"]).reshape(B * H, G, d)
        k = np.asarray(inp["K"]).reshape(B * H, S, d)
        v = np.asarray(inp["V"]).reshape(B * H, S, d)
        out = np.empty((B * H, G, d), dtype=np.float32)
        step = max(1, (1 << 24) // max(1, G * S))  # bound the float64 temporaries
        for p in range(0, B * H, step):
            qq = q[p:p + step].astype(np.float64)
            kk = k[p:p + step].astype(np.float64)
            vv = v[p:p + step].astype(np.float64)
            sc = np.matmul(qq, kk.transpose(0, 2, 1)) * scale      # [p, G, S]
            sc -= sc.max(axis=-1, keepdims=True)
            w = np.exp(sc)
            w /= w.sum(axis=-1, keepdims=True)
            out[p:p + step] = np.matmul(w, vv)
        return {"O": out.reshape(B, H, G, d)}
    return reference


def _fa_spec(name: str, d: int, defines: dict, default_size: Size, small_size: Size,
             description: str) -> SuiteKernelSpec:
    def grid(s: Size) -> tuple:
        if s["H"] % 4:
            raise ValueError(f"{name}: H={s['H']} must be a multiple of 4 (4 heads per thread)")
        if s["G"] % FA_BQ:
            raise ValueError(f"{name}: G={s['G']} must be a multiple of {FA_BQ}")
        if s["S"] % FA_BN:
            raise ValueError(f"{name}: S={s['S']} must be a multiple of {FA_BN}")
        return (s["B"] * s["H"] // 4, s["G"] // FA_BQ, 1)

    return SuiteKernelSpec(
        name=name,
        source=SRC_DIR / "fa_decode.cu",
        entry=name,
        params=(
            Buffer("Q", "float32", lambda s: (s["B"], s["H"], s["G"], d)),
            Buffer("K", "float32", lambda s: (s["B"], s["H"], s["S"], d)),
            Buffer("V", "float32", lambda s: (s["B"], s["H"], s["S"], d)),
            Buffer("O", "float32", lambda s: (s["B"], s["H"], s["G"], d), output=True),
            Scalar("S", "int32", lambda s: s["S"]),
            Scalar("G", "int32", lambda s: s["G"]),
            Scalar("scale", "float32", lambda s: 1.0 / float(np.sqrt(d))),
        ),
        grid=grid,
        block=lambda s: (FA_BQ, 1, 1),
        inputs=_fa_inputs(d),
        reference=_fa_reference(d),
        default_size=default_size,
        small_size=small_size,
        defines=defines,
        rtol=1e-3,
        atol=1e-5,
        description=description,
        # Q·K and P·V, 2 flops per multiply-add; the softmax is not counted.
        flops_fn=lambda s: 4.0 * s["B"] * s["H"] * s["G"] * s["S"] * d,
    )


_FA_LAYOUT = ("Layout: Q[B,H,G,D], K/V[B,H,S,D], O[B,H,G,D]: B sequences, H KV heads, G query "
              "rows per KV head (GQA/MQA group x decoded tokens), S keys. A block of 64 threads "
              "takes 4 heads x 64 query rows; a thread keeps a0..a3[D], m0..m3, l0..l3 and "
              "s0..s3[4] and runs the online softmax over K/V tiles of 4 keys staged in shared "
              "memory.")

_GEMM_SMALL = {"M": 128, "N": 128, "K": 64}
_FA_SMALL = {"B": 2, "H": 4, "G": 64, "S": 32}

_SPECS = [
    _gemm_spec(
        "fused_mlp", tm=4, bk=16,
        default_size={"M": 2048, "N": 2048, "K": 2048},
        small_size=_GEMM_SMALL,
        description=("Fused MLP: C = SiLU(A·B + bias), FP32, row-major A[M,K], B[K,N]. "
                     "64×64 tile per 256-thread block, 4×4 accumulators per thread, A/B slabs "
                     "of K=16 in shared memory with a register prefetch (seed experiment 1; "
                     "compute-bound)."),
    ),
    _gemm_spec(
        "gemm8x8", tm=8, bk=8,
        default_size={"M": 2048, "N": 2048, "K": 2048},
        small_size=_GEMM_SMALL,
        description=("The fused MLP with a 128×128 tile per 256-thread block and 8×8 "
                     "accumulators per thread, slabs of K=8 (the seed's 8×8 register-tiling "
                     "attempt; compute-bound, register-heavy)."),
    ),
    _fa_spec(
        "fa_decode", d=32, defines={},
        default_size={"B": 64, "H": 32, "G": 64, "S": 512},
        small_size=_FA_SMALL,
        description=("FlashAttention decode, FP32, D=32, 4 independent heads per thread "
                     "(seed experiment 2). " + _FA_LAYOUT),
    ),
    _fa_spec(
        "fa_decode_wpe1", d=32,
        defines={"AS_FA_NAME": "fa_decode_wpe1", "AS_FA_WPE1": 1},
        default_size={"B": 64, "H": 32, "G": 64, "S": 512},
        small_size=_FA_SMALL,
        description=("fa_decode with __attribute__((amdgpu_waves_per_eu(1,1))): the AMDGPU "
                     "backend may use registers as if one wave ran per SIMD (seed experiment 3; "
                     "on NVPTX identical to fa_decode)."),
    ),
    _fa_spec(
        "fa_decode_d256", d=256,
        defines={"AS_FA_NAME": "fa_decode_d256", "AS_FA_D": 256},
        default_size={"B": 64, "H": 16, "G": 64, "S": 32},
        small_size={"B": 1, "H": 4, "G": 64, "S": 8},
        description=("fa_decode with head dimension D=256 (the seed's BLOCK_D=256 attempt): "
                     "4×256 accumulators per thread cannot stay in registers, so it spills "
                     "heavily (scratch/local memory). A register-pressure stress test."),
    ),
    _fa_spec(
        "fa_decode_volatile", d=32,
        defines={"AS_FA_NAME": "fa_decode_volatile", "AS_FA_VOLATILE": 1},
        default_size={"B": 64, "H": 32, "G": 64, "S": 32},
        small_size=_FA_SMALL,
        description=("fa_decode with volatile accumulators a0..a3 (the seed's 'volatile stops "
                     "register reuse' attempt): they live in scratch/local memory and every "
                     "update is a load and a store."),
    ),
]

SUITE: dict[str, KernelSpec] = {s.name: s for s in _SPECS}

# The kernels of the main experiments (seed experiments 1-3 and the 8×8 GEMM).
SEED_SUITE: tuple[str, ...] = ("fused_mlp", "fa_decode", "fa_decode_wpe1", "gemm8x8")


def get_kernel(name: str) -> KernelSpec:
    """The suite kernel called ``name``; ValueError naming the known kernels otherwise."""
    try:
        return SUITE[name]
    except KeyError:
        raise ValueError(f"unknown kernel {name!r}; known kernels: "
                         f"{', '.join(sorted(SUITE))}") from None
