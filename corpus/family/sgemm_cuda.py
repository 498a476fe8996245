"""siboehm/SGEMM_CUDA: the kernels of "How to Optimize a CUDA Matmul Kernel for cuBLAS-like
Performance", unchanged (tests/data/public/SGEMM_CUDA, MIT), as template instances.

Every kernel computes C = alpha * A @ B + beta * C in FP32 with row-major A[M, K], B[K, N],
C[M, N] (read from the kernels' indexing: A += cRow * BM * K, B += cCol * BN, C[row * N + col]).
Kernels 2-3 map blockIdx.x to rows of C, kernels 4-11 map blockIdx.y to rows. The template
parameters are the variants; configurations the author's runner.cu uses are marked "author"
and the others satisfy the same static_asserts (checked below) and the kernels' load patterns.
"""
from __future__ import annotations

import numpy as np

from agentsched.kernels.spec import Buffer, Scalar

from ..core import COMPUTE, PUBLIC, CorpusKernel, CorpusSpec, Family, Work, need_multiple

SRC = PUBLIC / "SGEMM_CUDA" / "src" / "kernels"
ORIGIN = "https://github.com/siboehm/SGEMM_CUDA @ 60cba6f9b20a198116c76f18de8047f44df8c8b8"
ALPHA, BETA = 0.5, 0.25

FAMILIES = [
    Family("sgemm_smem", "cuda", COMPUTE, ORIGIN, "MIT",
           "SGEMM_CUDA kernels 2-3: one output per thread, global-memory coalescing (2) and "
           "shared-memory blocking (3); a single accumulator, short loop bodies.",
           efficiency=0.06),
    Family("sgemm_blocktile", "cuda", COMPUTE, ORIGIN, "MIT",
           "SGEMM_CUDA kernels 4-9: shared-memory tiles with 1D/2D register blocking per thread "
           "(TM x TN accumulators), float4 loads (6-9), bank-conflict fixes (7, 8), the author's "
           "autotuned warp-shaped tiling (9).",
           efficiency=0.4),
    Family("sgemm_warptile", "cuda", COMPUTE, ORIGIN, "MIT",
           "SGEMM_CUDA kernels 10-11: warp tiling (each warp a WM x WN subtile in WMITER x "
           "WNITER steps) and double buffering of the shared-memory tiles (11).",
           efficiency=0.45),
]


def _inputs(size, rng):
    M, N, K = size["M"], size["N"], size["K"]
    return {"A": rng.uniform(-1, 1, (M, K)).astype(np.float32),
            "B": rng.uniform(-1, 1, (K, N)).astype(np.float32),
            "C": rng.uniform(-1, 1, (M, N)).astype(np.float32)}


def _reference(host, size):
    a, b, c = (np.asarray(host[k], dtype=np.float64) for k in "ABC")
    return {"C": (ALPHA * (a @ b) + BETA * c).astype(np.float32)}


def _work(size):
    M, N, K = size["M"], size["N"], size["K"]
    # 2MNK + the epilogue's 3MN; A and B read once, C read and written
    return Work(2.0 * M * N * K + 3.0 * M * N, 4.0 * (M * K + K * N + 2 * M * N))


PARAMS = (Scalar("M", "int32", lambda s: s["M"]), Scalar("N", "int32", lambda s: s["N"]),
          Scalar("K", "int32", lambda s: s["K"]), Scalar("alpha", "float32", lambda s: ALPHA),
          Buffer("A", "float32", lambda s: (s["M"], s["K"])),
          Buffer("B", "float32", lambda s: (s["K"], s["N"])),
          Scalar("beta", "float32", lambda s: BETA),
          Buffer("C", "float32", lambda s: (s["M"], s["N"]), output=True))

BIG = {"M": 2048, "N": 2048, "K": 2048}
SMALL = {"M": 256, "N": 256, "K": 128}


def _spec(name, header, entry, threads, tile_m, tile_n, tile_k, rows_on_x, size, description,
          defines=None):
    def grid(s):
        need_multiple(name, s, M=tile_m, N=tile_n, K=tile_k)
        return ((s["M"] // tile_m, s["N"] // tile_n, 1) if rows_on_x
                else (s["N"] // tile_n, s["M"] // tile_m, 1))

    return CorpusSpec(
        name=name, source=SRC / header, entry=entry, params=PARAMS, grid=grid,
        block=lambda s: (threads, 1, 1), inputs=_inputs, reference=_reference,
        default_size=size, small_size=SMALL, defines=defines or {},
        # fp32 dot products of K terms in [-1, 1]: a few 1e-4 absolute at K = 2048
        rtol=1e-3, atol=2e-3, description=description, work_fn=_work)


def _kernel(family, name, variant, spec):
    return CorpusKernel(name, family, variant, spec)


def _check_k9(BM, BN, BK, TM, TN):  # runner.cu's static_asserts for kernel 9 (256 threads)
    nt = 256
    assert (nt * 4) % BK == 0 and (nt * 4) % BN == 0
    assert BN % (16 * TN) == 0 and BM % (16 * TM) == 0
    assert (BM * BK) % (4 * nt) == 0 and (BN * BK) % (4 * nt) == 0


def _check_warptile(BM, BN, BK, WM, WN, WNITER, TM, TN, NT, loaders):
    """runner.cu's static_asserts for kernels 10 (loaders = NT) and 11 (loaders = NT / 2),
    plus the thread layout inside a warp subtile covering it exactly."""
    assert BN % WN == 0 and BM % WM == 0 and (BN // WN) * (BM // WM) == NT // 32
    assert (WM * WN) % (32 * TM * TN * WNITER) == 0
    wmiter = (WM * WN) // (32 * TM * TN * WNITER)
    assert WM % wmiter == 0 and WN % WNITER == 0
    assert (loaders * 4) % BK == 0 and (loaders * 4) % BN == 0
    assert BN % (16 * TN) == 0 and BM % (16 * TM) == 0
    assert (BM * BK) % (4 * loaders) == 0 and (BN * BK) % (4 * loaders) == 0
    wsubm, wsubn = WM // wmiter, WN // WNITER
    assert (32 // (wsubn // TN)) * TM == wsubm, "threads of a warp must cover its subtile"


KERNELS = []

# -- kernels 2 and 3: one output element per thread (BLOCKSIZE x BLOCKSIZE threads) ----------
for bs, author in ((32, True), (16, False)):
    size = {"M": 1024, "N": 1024, "K": 1024}
    KERNELS.append(_kernel("sgemm_smem", f"sgemm_coalesce_{bs}", {"kernel": 2, "BLOCKSIZE": bs},
                           _spec(f"sgemm_coalesce_{bs}", "2_kernel_global_mem_coalesce.cuh",
                                 f"sgemm_global_mem_coalesce<{bs}>", bs * bs, bs, bs, 1, True,
                                 size, "SGEMM_CUDA kernel 2 (global memory coalescing)"
                                 + (", the author's launch" if author else ""))))
    KERNELS.append(_kernel("sgemm_smem", f"sgemm_smem_{bs}", {"kernel": 3, "BLOCKSIZE": bs},
                           _spec(f"sgemm_smem_{bs}", "3_kernel_shared_mem_blocking.cuh",
                                 f"sgemm_shared_mem_block<{bs}>", bs * bs, bs, bs, bs, True,
                                 size, "SGEMM_CUDA kernel 3 (shared-memory blocking)"
                                 + (", the author's launch" if author else ""))))

# -- kernel 4: 1D blocktiling; blockDim = BM*BN/TM = BM*BK = BN*BK (the kernel asserts it) ---
for BM, BN, BK, TM in ((64, 64, 8, 8), (128, 128, 8, 16)):
    assert BM * BN // TM == BM * BK == BN * BK
    name = f"sgemm_1d_{BM}x{BN}x{BK}_t{TM}"
    KERNELS.append(_kernel("sgemm_blocktile", name,
                           {"kernel": 4, "BM": BM, "BN": BN, "BK": BK, "TM": TM},
                           _spec(name, "4_kernel_1D_blocktiling.cuh",
                                 f"sgemm1DBlocktiling<{BM}, {BN}, {BK}, {TM}>", BM * BN // TM,
                                 BM, BN, BK, False, BIG, "SGEMM_CUDA kernel 4 (1D blocktiling)")))

# -- kernels 5-8: 2D blocktiling, TM x TN results per thread -----------------------------------
TILES_2D = {
    5: ("5_kernel_2D_blocktiling.cuh", "sgemm2DBlocktiling",
        [(128, 128, 8, 8, 8), (64, 64, 8, 4, 4)]),
    6: ("6_kernel_vectorize.cuh", "sgemmVectorize", [(128, 128, 8, 8, 8), (64, 64, 16, 4, 4)]),
    7: ("7_kernel_resolve_bank_conflicts.cuh", "sgemmResolveBankConflicts",
        [(128, 128, 8, 8, 8)]),  # its Bs layout hard-codes BN = 128, TN = 8, BK = 8
    8: ("8_kernel_bank_extra_col.cuh", "sgemmResolveBankExtraCol", [(128, 128, 8, 8, 8)]),
}
NAMES_2D = {5: "2d", 6: "vectorize", 7: "bankfix", 8: "extracol"}
for k, (header, fn, tiles) in TILES_2D.items():
    for BM, BN, BK, TM, TN in tiles:
        threads = BM * BN // (TM * TN)
        if k == 5:  # strided loads: the block covers whole rows of the tiles
            assert threads % BK == 0 and threads % BN == 0
        else:  # one float4 of A and of B per thread and tile
            assert 4 * threads == BM * BK == BN * BK and TN % 4 == 0
        name = f"sgemm_{NAMES_2D[k]}_{BM}x{BN}x{BK}_t{TM}x{TN}"
        KERNELS.append(_kernel(
            "sgemm_blocktile", name,
            {"kernel": k, "BM": BM, "BN": BN, "BK": BK, "TM": TM, "TN": TN},
            _spec(name, header, f"{fn}<{BM}, {BN}, {BK}, {TM}, {TN}>", threads, BM, BN, BK,
                  False, BIG, f"SGEMM_CUDA kernel {k} ({fn})"
                  + (", the author's configuration" if (BM, TM) == (128, 8) else ""))))

# -- kernel 9: the author's autotuned kernel, 256 threads --------------------------------------
for BM, BN, BK, TM, TN in ((128, 128, 16, 8, 8), (64, 64, 16, 4, 4), (256, 128, 16, 8, 8)):
    _check_k9(BM, BN, BK, TM, TN)
    name = f"sgemm_autotuned_{BM}x{BN}x{BK}_t{TM}x{TN}"
    KERNELS.append(_kernel(
        "sgemm_blocktile", name, {"kernel": 9, "BM": BM, "BN": BN, "BK": BK, "TM": TM, "TN": TN},
        _spec(name, "9_kernel_autotuned.cuh", f"sgemmAutotuned<{BM}, {BN}, {BK}, {TM}, {TN}>",
              256, BM, BN, BK, False, BIG, "SGEMM_CUDA kernel 9 (autotuned tiling)"
              + (", the author's configuration" if BM == BN == 128 else ""))))

# -- kernels 10-11: warptiling ------------------------------------------------------------------
WARPTILES = [  # BM, BN, BK, WM, WN, WNITER, TM, TN, NUM_THREADS
    (10, (128, 128, 16, 64, 64, 4, 8, 4, 128), "the author's H100 configuration"),
    (10, (64, 128, 16, 32, 64, 1, 4, 4, 128), "the author's A100 configuration"),
    (10, (128, 128, 16, 64, 32, 2, 8, 4, 256), "256 threads"),
    (11, (128, 256, 16, 128, 32, 1, 8, 8, 256), "the author's A6000 configuration"),
    (11, (64, 128, 16, 32, 32, 2, 4, 4, 256), "the author's A100 configuration"),
]
for k, cfg, note in WARPTILES:
    BM, BN, BK, WM, WN, WNITER, TM, TN, NT = cfg
    _check_warptile(*cfg, loaders=NT if k == 10 else NT // 2)
    fn = "sgemmWarptiling" if k == 10 else "sgemmDoubleBuffering"
    header = "10_kernel_warptiling.cuh" if k == 10 else "11_kernel_double_buffering.cuh"
    name = f"sgemm_{'warptile' if k == 10 else 'dbuf'}_{BM}x{BN}x{BK}_w{WM}x{WN}_t{TM}x{TN}"
    KERNELS.append(_kernel(
        "sgemm_warptile", name, dict(zip(("BM", "BN", "BK", "WM", "WN", "WNITER", "TM", "TN",
                                          "NUM_THREADS"), cfg), kernel=k),
        _spec(name, header, f"{fn}<{', '.join(map(str, cfg))}>", NT, BM, BN,
              BK * (2 if k == 11 else 1), False, BIG, f"SGEMM_CUDA kernel {k} ({fn}), {note}",
              # kernel 11 uses WARPSIZE from kernel 10's header, which the author's
              # src/kernels.cuh includes before it; the value it has there
              defines={"WARPSIZE": 32} if k == 11 else None)))
