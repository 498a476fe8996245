"""The project's own suite kernels (agentsched/kernels/src, on agentsched_gpu.h): the seed's
register-tiled GEMM and its FlashAttention-decode kernel, with the variants their -D macros
allow. The same sources compile as HIP, so every kernel has an AMD form (the same spec)."""
from __future__ import annotations

import numpy as np

from agentsched.kernels.spec import Buffer, Scalar

from ..core import (
    COMPUTE,
    SUITE_SRC,
    CorpusKernel,
    CorpusSpec,
    Family,
    Sampled,
    Work,
    need_multiple,
)

ORIGIN = "agentsched's suite (agentsched/kernels/src), written for the project"
AMD = ("gfx942", "gfx1100")
FAMILIES = [
    Family("suite_gemm", "cuda", COMPUTE, ORIGIN, "the project's",
           "fused_mlp.cu: C = SiLU(A·B + bias), 256 threads, TM x TM accumulators per thread, "
           "A/B slabs of BK in shared memory with a one-stage register prefetch; "
           "TM * BK = 64 (a static_assert), so TM 4 / BK 16 and TM 8 / BK 8.",
           efficiency=0.5, amd_targets=AMD),
    Family("suite_fa_decode", "cuda", COMPUTE, ORIGIN, "the project's",
           "fa_decode.cu: FlashAttention decode with 4 heads per thread (online softmax over "
           "K/V tiles of BN keys staged in shared memory); head dimension D, keys per tile BN "
           "and query rows per block BQ (= threads and launch bounds) vary.",
           efficiency=0.15, amd_targets=AMD),
]


# -- GEMM + bias + SiLU ---------------------------------------------------------------------------

def _gemm_inputs(size, rng):
    M, N, K = size["M"], size["N"], size["K"]
    # scaled so that A·B + bias is O(1): SiLU is then neither linear nor zero (as the suite)
    return {"A": rng.uniform(-1.0, 1.0, (M, K)).astype(np.float32),
            "B": (rng.standard_normal((K, N), dtype=np.float32) * np.float32(np.sqrt(3.0 / K))),
            "bias": rng.uniform(-1.0, 1.0, N).astype(np.float32)}


def _gemm_reference(host, size):
    a, b, bias = (np.asarray(host[k], dtype=np.float64) for k in ("A", "B", "bias"))
    z = a @ b + bias
    with np.errstate(over="ignore"):
        return {"C": (z / (1.0 + np.exp(-z))).astype(np.float32)}


def _gemm_work(size):
    M, N, K = size["M"], size["N"], size["K"]
    return Work(2.0 * M * N * K + 5.0 * M * N, 4.0 * (M * K + K * N + N + M * N))


def _gemm(name, tm, bk):
    tile = 16 * tm

    def grid(s):
        need_multiple(name, s, M=tile, N=tile, K=bk)
        return (s["N"] // tile, s["M"] // tile, 1)

    defines = {} if name == "fused_mlp" else {"AS_GEMM_NAME": name, "AS_GEMM_TM": tm,
                                              "AS_GEMM_BK": bk}
    spec = CorpusSpec(
        name=name, source=SUITE_SRC / "fused_mlp.cu", entry=name,
        params=(Buffer("A", "float32", lambda s: (s["M"], s["K"])),
                Buffer("B", "float32", lambda s: (s["K"], s["N"])),
                Buffer("bias", "float32", lambda s: (s["N"],)),
                Buffer("C", "float32", lambda s: (s["M"], s["N"]), output=True),
                Scalar("M", "int32", lambda s: s["M"]), Scalar("N", "int32", lambda s: s["N"]),
                Scalar("K", "int32", lambda s: s["K"])),
        grid=grid, block=lambda s: (256, 1, 1), inputs=_gemm_inputs, reference=_gemm_reference,
        default_size={"M": 2048, "N": 2048, "K": 2048}, small_size={"M": 128, "N": 128, "K": 64},
        defines=defines, rtol=1e-3, atol=1e-4, work_fn=_gemm_work,
        description=f"fused_mlp.cu with a {tile}x{tile} tile, {tm}x{tm} per thread, BK={bk}")
    return CorpusKernel(name, "suite_gemm", {"TM": tm, "BK": bk}, spec, amd_spec=spec)


# -- FlashAttention decode ----------------------------------------------------------------------

def _fa_inputs(d):
    def inputs(size, rng):
        B, H, G, S = size["B"], size["H"], size["G"], size["S"]
        return {"Q": rng.standard_normal((B, H, G, d), dtype=np.float32),
                "K": rng.standard_normal((B, H, S, d), dtype=np.float32),
                "V": rng.standard_normal((B, H, S, d), dtype=np.float32)}
    return inputs


def _fa_reference(d):
    def reference(host, size):
        """Every 4th sequence (all heads, rows and keys of it): the float64 reference of all
        B sequences costs seconds of CPU at the timed size."""
        B, H, G, S = size["B"], size["H"], size["G"], size["S"]
        batches = slice(0, B, 4)
        B = len(range(B)[batches])
        q = np.asarray(host["Q"])[batches].reshape(B * H, G, d)
        k = np.asarray(host["K"])[batches].reshape(B * H, S, d)
        v = np.asarray(host["V"])[batches].reshape(B * H, S, d)
        out = np.empty((B * H, G, d), dtype=np.float32)
        step = max(1, (1 << 24) // max(1, G * S))  # bound the float64 temporaries
        for p in range(0, B * H, step):
            sc = np.matmul(q[p:p + step].astype(np.float64),
                           k[p:p + step].astype(np.float64).transpose(0, 2, 1)) / np.sqrt(d)
            sc -= sc.max(axis=-1, keepdims=True)
            w = np.exp(sc)
            w /= w.sum(axis=-1, keepdims=True)
            out[p:p + step] = np.matmul(w, v[p:p + step].astype(np.float64))
        return {"O": Sampled((batches,), out.reshape(B, H, G, d))}
    return reference


def _fa_work(d):
    def work(s):
        B, H, G, S = s["B"], s["H"], s["G"], s["S"]
        # Q·K and P·V (2 flops per multiply-add) + ~5 per score for the online softmax;
        # Q, K, V read once, O written once
        return Work(4.0 * B * H * G * S * d + 5.0 * B * H * G * S,
                    4.0 * B * H * (2 * G * d + 2 * S * d))
    return work


def _fa(d, bn, bq, size):
    name = "fa_decode" if (d, bn, bq) == (32, 4, 64) else f"fa_decode_d{d}_bn{bn}_bq{bq}"
    assert d % 4 == 0 and (bn * d) % bq == 0, "fa_decode.cu's static_asserts"

    def grid(s):
        need_multiple(name, s, H=4, G=bq, S=bn)
        return (s["B"] * s["H"] // 4, s["G"] // bq, 1)

    defines = {} if name == "fa_decode" else {"AS_FA_NAME": name, "AS_FA_D": d, "AS_FA_BN": bn,
                                              "AS_FA_BQ": bq}
    spec = CorpusSpec(
        name=name, source=SUITE_SRC / "fa_decode.cu", entry=name,
        params=(Buffer("Q", "float32", lambda s: (s["B"], s["H"], s["G"], d)),
                Buffer("K", "float32", lambda s: (s["B"], s["H"], s["S"], d)),
                Buffer("V", "float32", lambda s: (s["B"], s["H"], s["S"], d)),
                Buffer("O", "float32", lambda s: (s["B"], s["H"], s["G"], d), output=True),
                Scalar("S", "int32", lambda s: s["S"]), Scalar("G", "int32", lambda s: s["G"]),
                Scalar("scale", "float32", lambda s: 1.0 / float(np.sqrt(d)))),
        grid=grid, block=lambda s: (bq, 1, 1), inputs=_fa_inputs(d),
        reference=_fa_reference(d), default_size=size,
        small_size={"B": 1, "H": 4, "G": max(bq, 64), "S": 32}, defines=defines,
        rtol=1e-3, atol=1e-5, work_fn=_fa_work(d),
        description=f"fa_decode.cu, D={d}, BN={bn} keys per tile, BQ={bq} query rows per block")
    return CorpusKernel(name, "suite_fa_decode", {"D": d, "BN": bn, "BQ": bq}, spec,
                        amd_spec=spec)


FA_SIZE = {"B": 64, "H": 32, "G": 64, "S": 512}  # the suite's: 919 µs on the H200 at D=32
KERNELS = [
    _gemm("fused_mlp", 4, 16),
    _gemm("gemm8x8", 8, 8),
    _fa(32, 4, 64, FA_SIZE),
    _fa(16, 4, 64, FA_SIZE),
    _fa(16, 8, 64, FA_SIZE),
    _fa(32, 4, 128, {**FA_SIZE, "G": 128, "S": 256}),
    _fa(32, 4, 32, FA_SIZE),
]
