"""NVIDIA cuda-samples kernels, unchanged (tests/data/public/cuda-samples, BSD-3-Clause):
matrixMul (compute-bound), transpose and reduction (memory-bound); sortingNetworks,
BlackScholes and fastWalshTransform (memory-bound at the roofline, held out for testing)."""
from __future__ import annotations

import numpy as np

from agentsched.kernels.spec import Buffer, Scalar

from ..core import (
    COMPUTE,
    MEMORY,
    PUBLIC,
    CorpusKernel,
    CorpusSpec,
    Family,
    Sampled,
    Work,
    need_multiple,
    rows_sample,
)

SAMPLES = PUBLIC / "cuda-samples"
COMMON = SAMPLES / "Common"
ORIGIN = "https://github.com/NVIDIA/cuda-samples @ c94ff366aed18c797b8a85dfaac7817b0228b420"
FAMILIES = [
    Family("cuda_matmul", "cuda", COMPUTE, ORIGIN, "BSD-3-Clause",
           "Samples/0_Introduction/matrixMul: shared-memory tiled SGEMM, one output per thread, "
           "BLOCK_SIZE x BLOCK_SIZE tiles (template parameter: 16, 32 in the sample).",
           efficiency=0.12),
    Family("cuda_transpose", "cuda", MEMORY, ORIGIN, "BSD-3-Clause",
           "Samples/6_Performance/transpose: copy and transpose kernels (naive, coalesced "
           "through shared memory, without bank conflicts, diagonal block order), 32x32 tiles, "
           "32x16 threads.", efficiency=1.0),
    Family("cuda_reduction", "cuda", MEMORY, ORIGIN, "BSD-3-Clause",
           "Samples/2_Concepts_and_Techniques/reduction: the classic parallel reduction "
           "versions (sequential addressing, first add during load, unrolled last warp with "
           "shuffles, grid-stride loops, cooperative groups) for float, int and double; each "
           "block writes its partial sum.", efficiency=1.0),
    Family("cuda_sorting", "cuda", MEMORY, ORIGIN, "BSD-3-Clause",
           "Samples/2_Concepts_and_Techniques/sortingNetworks: bitonic and Batcher odd-even "
           "merge sorting networks of key/value pairs in shared memory, 1024 elements per "
           "512-thread block (compare-exchange stages between barriers; no FLOPs).",
           efficiency=1.0),
    Family("cuda_blackscholes", "cuda", MEMORY, ORIGIN, "BSD-3-Clause",
           "Samples/5_Domain_Specific/BlackScholes: European call and put prices, two options "
           "per thread (float2), fast exp/log/rsqrt/division and a polynomial normal CDF: "
           "arithmetic-heavy but below the FP32 ridge.", efficiency=0.3),
    Family("cuda_fwt", "cuda", MEMORY, ORIGIN, "BSD-3-Clause",
           "Samples/5_Domain_Specific/fastWalshTransform: batched fast Walsh-Hadamard "
           "transform, radix-4 butterflies in shared memory (fwtBatch1Kernel, 2^log2N points "
           "per block) and one radix-4 pass in global memory (fwtBatch2Kernel).",
           efficiency=1.0),
]

# -- matrixMul ----------------------------------------------------------------------------------

def _mm_inputs(size, rng):
    return {"A": rng.uniform(-1, 1, (size["hA"], size["wA"])).astype(np.float32),
            "B": rng.uniform(-1, 1, (size["wA"], size["wB"])).astype(np.float32)}


def _mm_reference(host, size):
    return {"C": (np.asarray(host["A"], np.float64) @ np.asarray(host["B"], np.float64)
                  ).astype(np.float32)}


def _mm_work(s):
    return Work(2.0 * s["hA"] * s["wA"] * s["wB"],
                4.0 * (s["hA"] * s["wA"] + s["wA"] * s["wB"] + s["hA"] * s["wB"]))


def _matmul(bs):
    name = f"cuda_matrixmul_{bs}"

    def grid(s):
        need_multiple(name, s, hA=bs, wA=bs, wB=bs)
        return (s["wB"] // bs, s["hA"] // bs, 1)

    spec = CorpusSpec(
        name=name, source=SAMPLES / "Samples/0_Introduction/matrixMul/matrixMul.cu",
        entry=f"MatrixMulCUDA<{bs}>", include_dirs=(COMMON,),
        params=(Buffer("C", "float32", lambda s: (s["hA"], s["wB"]), output=True),
                Buffer("A", "float32", lambda s: (s["hA"], s["wA"])),
                Buffer("B", "float32", lambda s: (s["wA"], s["wB"])),
                Scalar("wA", "int32", lambda s: s["wA"]), Scalar("wB", "int32", lambda s: s["wB"])),
        grid=grid, block=lambda s: (bs, bs, 1), inputs=_mm_inputs, reference=_mm_reference,
        default_size={"hA": 2048, "wA": 1024, "wB": 2048},
        small_size={"hA": 64, "wA": 96, "wB": 128},
        rtol=1e-3, atol=1e-3, work_fn=_mm_work,
        description=f"cuda-samples matrixMul, MatrixMulCUDA<{bs}> (C = A B, row-major)")
    return CorpusKernel(name, "cuda_matmul", {"BLOCK_SIZE": bs}, spec)


# -- transpose ----------------------------------------------------------------------------------
TILE_DIM, BLOCK_ROWS = 32, 16  # transpose.cu's #defines


def _tr_inputs(size, rng):
    return {"idata": rng.random((size["height"], size["width"]), dtype=np.float32)}


def _copy_reference(host, size):
    rows = rows_sample(size["height"], 1024)
    return {"odata": Sampled((rows,), np.asarray(host["idata"])[rows])}


def _transpose_reference(host, size):
    rows = rows_sample(size["width"], 1024)  # rows of the output: columns of the input
    return {"odata": Sampled((rows,), np.ascontiguousarray(np.asarray(host["idata"])[:, rows].T))}


def _tr_work(s):
    return Work(0.0, 8.0 * s["width"] * s["height"])


def _transpose(entry, copy):
    name = f"cuda_{entry.lower()}" if copy else f"cuda_{entry[len('transpose'):].lower()}_transpose"

    def grid(s):
        need_multiple(name, s, width=TILE_DIM, height=TILE_DIM)
        if s["width"] != s["height"]:  # copySharedMem's bounds checks assume a square matrix
            raise ValueError(f"{name}: width and height must be equal")
        return (s["width"] // TILE_DIM, s["height"] // TILE_DIM, 1)

    spec = CorpusSpec(
        name=name, source=SAMPLES / "Samples/6_Performance/transpose/transpose.cu", entry=entry,
        include_dirs=(COMMON,),
        params=(Buffer("odata", "float32", (lambda s: (s["height"], s["width"])) if copy
                       else (lambda s: (s["width"], s["height"])), output=True),
                Buffer("idata", "float32", lambda s: (s["height"], s["width"])),
                Scalar("width", "int32", lambda s: s["width"]),
                Scalar("height", "int32", lambda s: s["height"])),
        grid=grid, block=lambda s: (TILE_DIM, BLOCK_ROWS, 1), inputs=_tr_inputs,
        reference=_copy_reference if copy else _transpose_reference,
        default_size={"width": 10240, "height": 10240},
        small_size={"width": 128, "height": 128}, rtol=1e-7, atol=0.0, work_fn=_tr_work,
        description=f"cuda-samples transpose.cu, kernel {entry}")
    return CorpusKernel(name, "cuda_transpose", {"kernel": entry}, spec)


# -- reduction ----------------------------------------------------------------------------------
RED_SRC = SAMPLES / "Samples/2_Concepts_and_Techniques/reduction/reduction_kernel.cu"
CTYPE = {"float32": "float", "int32": "int", "float64": "double"}


def _red_inputs(dtype):
    def inputs(size, rng):
        n = size["n"]
        if dtype == "int32":
            return {"g_idata": rng.integers(0, 8, n, dtype=np.int32)}
        # positive values: partial sums without cancellation, so rtol applies cleanly
        return {"g_idata": rng.random(n, dtype=np.float64 if dtype == "float64" else
                                      np.float32)}
    return inputs


def _red_reference(layout, bs, blocks_fn):
    """Per-block partial sums, from the kernel's index pattern: 'block' = each block sums
    `per` consecutive elements; 'grid' = a grid-stride loop in chunks of `per`."""
    def reference(host, size):
        x = np.asarray(host["g_idata"])
        acc = np.int64 if x.dtype == np.int32 else np.float64
        g = blocks_fn(size)
        per = size["n"] // g if layout == "block" else bs
        if layout == "block":
            sums = x.reshape(g, per).sum(axis=1, dtype=acc)
        else:
            sums = x.reshape(-1, g, per).sum(axis=(0, 2), dtype=acc)
        return {"g_odata": sums.astype(x.dtype)}
    return reference


def _reduction(kernel, dtype, bs, layout, elems_per_block=None, grid_blocks=None, extra=""):
    """elems_per_block: block layout (grid = n / it); grid_blocks: grid-stride kernels."""
    ct = CTYPE[dtype]
    tmpl = {"reduce0": f"reduce0<{ct}>", "reduce2": f"reduce2<{ct}>",
            "reduce3": f"reduce3<{ct}>", "reduce4": f"reduce4<{ct}, {bs}>",
            "reduce5": f"reduce5<{ct}, {bs}>", "reduce6": f"reduce6<{ct}, {bs}, true>",
            "cg_reduce": f"cg_reduce<{ct}>"}[kernel]
    name = f"cuda_{kernel}_{ct}_{bs}"
    itemsize = np.dtype(dtype).itemsize

    def blocks(s):
        return s["n"] // elems_per_block if layout == "block" else grid_blocks

    def grid(s):
        need_multiple(name, s, n=elems_per_block if layout == "block" else grid_blocks * bs * 2)
        return (blocks(s), 1, 1)

    # reduce6 reads 2*bs elements per step (nIsPow2); cg_reduce bs elements per step
    per_step = 2 * bs if kernel == "reduce6" else bs
    spec = CorpusSpec(
        name=name, source=RED_SRC, entry=tmpl,
        params=(Buffer("g_idata", dtype, lambda s: (s["n"],)),
                Buffer("g_odata", dtype, lambda s: (blocks(s),), output=True),
                Scalar("n", "uint32", lambda s: s["n"])),
        grid=grid, block=lambda s: (bs, 1, 1), inputs=_red_inputs(dtype),
        reference=_red_reference(layout, per_step, blocks),
        default_size={"n": (1 << 27) if itemsize == 4 else (1 << 26)},
        small_size={"n": max(1 << 14, 2 * bs * (grid_blocks or 1) * 2)},
        shared_bytes=bs * itemsize,  # the sample's smemSize for blocks of more than 32 threads
        # int32: atol 0.5 is exact equality of integer sums
        rtol=1e-9 if dtype == "int32" else 1e-5, atol=0.5 if dtype == "int32" else 1e-6,
        work_fn=lambda s: Work(float(s["n"]), float(itemsize * s["n"]),
                               "fp64" if dtype == "float64" else "fp32"),
        description=f"cuda-samples reduction, {tmpl}{extra}")
    return CorpusKernel(name, "cuda_reduction", {"kernel": kernel, "dtype": dtype, "threads": bs},
                        spec)


# -- sortingNetworks ------------------------------------------------------------------------------
SORT_DIR = SAMPLES / "Samples/2_Concepts_and_Techniques/sortingNetworks"
SHARED_SIZE_LIMIT = 1024  # sortingNetworks_common.cuh: elements per block (512 threads)


def _sort_inputs(size, rng):
    n = size["n"]
    # keys distinct within every 1024-element block (the low 10 bits are the position), so
    # the values' order after sorting is unique; values: each pair's original index
    hi = rng.integers(0, 1 << 22, n, dtype=np.uint32) << np.uint32(10)
    keys = hi | (np.arange(n, dtype=np.uint32) & np.uint32(SHARED_SIZE_LIMIT - 1))
    return {"d_SrcKey": keys, "d_SrcVal": np.arange(n, dtype=np.uint32)}


def _sort_reference(length, descending):
    """Every `length` consecutive pairs sorted by key; descending(b) says whether the array
    b is in descending order. Sampled: every k-th array (k odd)."""
    def reference(host, size):
        arrays = size["n"] // length
        rows = np.arange(arrays)[rows_sample(arrays, 512)]
        keys = np.asarray(host["d_SrcKey"]).reshape(arrays, length)[rows]
        vals = np.asarray(host["d_SrcVal"]).reshape(arrays, length)[rows]
        order = np.argsort(keys, axis=1, kind="stable")
        flip = np.array([descending(int(b)) for b in rows])
        order[flip] = order[flip][:, ::-1]
        idx = (rows[:, None] * length + np.arange(length)[None, :]).ravel()
        return {"d_DstKey": Sampled((idx,), np.take_along_axis(keys, order, 1).ravel()),
                "d_DstVal": Sampled((idx,), np.take_along_axis(vals, order, 1).ravel())}
    return reference


def _sort(entry, length, direction):
    """direction: 1 ascending, 0 descending (the kernels' `dir`), None: bitonicSortShared1's
    alternating blocks (even blocks descending, odd ascending: ddd = blockIdx.x & 1)."""
    src = "oddEvenMergeSort.cu" if entry.startswith("oddEven") else "bitonicSort.cu"
    tag = {1: "asc", 0: "desc", None: "alt"}[direction]
    short = {"bitonicSortShared": "bitonic", "bitonicSortShared1": "bitonic1",
             "oddEvenMergeSortShared": "oddeven"}[entry]
    name = f"cuda_sort_{short}_{length}_{tag}"

    def grid(s):
        need_multiple(name, s, n=SHARED_SIZE_LIMIT)
        return (s["n"] // SHARED_SIZE_LIMIT, 1, 1)

    params: tuple = (Buffer("d_DstKey", "uint32", lambda s: (s["n"],), output=True),
              Buffer("d_DstVal", "uint32", lambda s: (s["n"],), output=True),
              Buffer("d_SrcKey", "uint32", lambda s: (s["n"],)),
              Buffer("d_SrcVal", "uint32", lambda s: (s["n"],)))
    if direction is not None:
        params += (Scalar("arrayLength", "uint32", lambda s: length),
                   Scalar("dir", "uint32", lambda s: direction))

    def descending(b):  # array b's order: the kernel's dir, or its block's parity (Shared1)
        if direction is not None:
            return direction == 0
        return (b * length // SHARED_SIZE_LIMIT) % 2 == 0
    spec = CorpusSpec(
        name=name, source=SORT_DIR / src, entry=entry, include_dirs=(COMMON,), params=params,
        grid=grid, block=lambda s: (SHARED_SIZE_LIMIT // 2, 1, 1), inputs=_sort_inputs,
        reference=_sort_reference(length, descending),
        default_size={"n": 1 << 25}, small_size={"n": 1 << 14},
        rtol=1e-12, atol=0.5,  # exact: keys and indices are integers below 2^32
        work_fn=lambda s: Work(0.0, 16.0 * s["n"]),
        description=f"cuda-samples sortingNetworks, {entry} (arrays of {length}, {tag})")
    return CorpusKernel(name, "cuda_sorting", {"kernel": entry, "arrayLength": length,
                                               "dir": tag}, spec)


# -- BlackScholes -------------------------------------------------------------------------------
BS_SRC = SAMPLES / "Samples/5_Domain_Specific/BlackScholes/BlackScholes.cu"
RISKFREE, VOLATILITY = 0.02, 0.30  # BlackScholes.cu's constants


def _bs_inputs(size, rng):
    n = size["optN"]  # the sample's ranges (RandFloat)
    return {"d_StockPrice": rng.uniform(5.0, 30.0, n).astype(np.float32),
            "d_OptionStrike": rng.uniform(1.0, 100.0, n).astype(np.float32),
            "d_OptionYears": rng.uniform(0.25, 10.0, n).astype(np.float32)}


def _cnd(d):
    """The kernel's polynomial approximation of the normal CDF (cndGPU)."""
    k = 1.0 / (1.0 + 0.2316419 * np.abs(d))
    poly = k * (0.31938153 + k * (-0.356563782 + k * (1.781477937 + k * (-1.821255978
                                                                          + k * 1.330274429))))
    cnd = 0.39894228040143267793994605993438 * np.exp(-0.5 * d * d) * poly
    return np.where(d > 0, 1.0 - cnd, cnd)


def black_scholes(s, x, t, r=RISKFREE, v=VOLATILITY):
    """BlackScholesBodyGPU in float64: (call, put)."""
    sqrt_t = np.sqrt(t)
    d1 = (np.log(s / x) + (r + 0.5 * v * v) * t) / (v * sqrt_t)
    d2 = d1 - v * sqrt_t
    c1, c2 = _cnd(d1), _cnd(d2)
    exp_rt = np.exp(-r * t)
    return s * c1 - x * exp_rt * c2, x * exp_rt * (1.0 - c2) - s * (1.0 - c1)


def _bs_reference(host, size):
    # Sampled: every k-th option (k odd), 2^16 or more of them (all at the small size)
    idx = rows_sample(size["optN"], 1 << 16)
    s, x, t = (np.asarray(host[n][idx], np.float64) for n in
               ("d_StockPrice", "d_OptionStrike", "d_OptionYears"))
    call, put = black_scholes(s, x, t)
    return {"d_CallResult": Sampled((idx,), call.astype(np.float32)),
            "d_PutResult": Sampled((idx,), put.astype(np.float32))}


def _blackscholes(threads):
    name = f"cuda_blackscholes_{threads}"

    def grid(s):
        need_multiple(name, s, optN=2)
        return (-(-(s["optN"] // 2) // threads), 1, 1)  # DIV_UP(OPT_N / 2, threads)

    vec = lambda s: (s["optN"],)  # noqa: E731 -- float2 arrays, as float32 pairs
    spec = CorpusSpec(
        name=name, source=BS_SRC, entry="BlackScholesGPU", include_dirs=(COMMON,),
        params=(Buffer("d_CallResult", "float32", vec, output=True),
                Buffer("d_PutResult", "float32", vec, output=True),
                Buffer("d_StockPrice", "float32", vec), Buffer("d_OptionStrike", "float32", vec),
                Buffer("d_OptionYears", "float32", vec),
                Scalar("Riskfree", "float32", lambda s: RISKFREE),
                Scalar("Volatility", "float32", lambda s: VOLATILITY),
                Scalar("optN", "int32", lambda s: s["optN"])),
        grid=grid, block=lambda s: (threads, 1, 1), inputs=_bs_inputs, reference=_bs_reference,
        default_size={"optN": 1 << 25}, small_size={"optN": 10_000},
        # __expf/__logf/__fdividef: a few ulp of prices up to ~100 (the sample checks 1e-6 L1)
        rtol=1e-4, atol=2e-4,
        # per option: ~45 FP32 operations and 5 special-function ones (exp x2, log, rsqrt, rcp)
        work_fn=lambda s: Work(50.0 * s["optN"], 20.0 * s["optN"]),
        description=f"cuda-samples BlackScholes, BlackScholesGPU with {threads}-thread blocks "
                    "(__launch_bounds__(128))")
    return CorpusKernel(name, "cuda_blackscholes", {"threads": threads}, spec)


# -- fastWalshTransform -------------------------------------------------------------------------
# the sample's .cu: the kernel header's host front-end needs helper_cuda.h included first
FWT_SRC = SAMPLES / "Samples/5_Domain_Specific/fastWalshTransform/fastWalshTransform.cu"


def _fwt_inputs(size, rng):
    return {"d_Input": rng.uniform(-1.0, 1.0, (size["M"], size["N"])).astype(np.float32)}


def walsh_hadamard(x):
    """Unnormalised Walsh-Hadamard transform (natural order) of each row, in float64."""
    x = np.asarray(x, np.float64)
    m, n = x.shape
    h = 1
    while h < n:
        y = x.reshape(m, n // (2 * h), 2, h)
        x = np.stack([y[:, :, 0] + y[:, :, 1], y[:, :, 0] - y[:, :, 1]], axis=2).reshape(m, n)
        h *= 2
    return x


def radix4_pass(x, stride):
    """fwtBatch2Kernel: one radix-4 butterfly pass over groups of 4 * stride."""
    x = np.asarray(x, np.float64)
    m, n = x.shape
    d = x.reshape(m, n // (4 * stride), 4, stride)
    d0, d1, d2, d3 = d[:, :, 0] + d[:, :, 2], d[:, :, 1] + d[:, :, 3], \
        d[:, :, 0] - d[:, :, 2], d[:, :, 1] - d[:, :, 3]
    return np.stack([d0 + d1, d0 - d1, d2 + d3, d2 - d3], axis=2).reshape(m, n)


def _fwt_reference(stride):
    def reference(host, size):
        x = host["d_Input"]
        if stride is not None:
            return {"d_Output": radix4_pass(x, stride(size)).astype(np.float32)}
        rows = rows_sample(size["M"], 1024)  # whole transforms: every k-th block, k odd
        return {"d_Output": Sampled((rows,), walsh_hadamard(x[rows]).astype(np.float32))}
    return reference


def _fwt1(log2n):
    name = f"cuda_fwt_batch1_{log2n}"
    n = 1 << log2n
    spec = CorpusSpec(
        name=name, source=FWT_SRC, entry="fwtBatch1Kernel", include_dirs=(COMMON,),
        params=(Buffer("d_Output", "float32", lambda s: (s["M"], n), output=True),
                Buffer("d_Input", "float32", lambda s: (s["M"], n)),
                Scalar("log2N", "int32", lambda s: log2n)),
        grid=lambda s: (s["M"], 1, 1), block=lambda s: (n // 4, 1, 1),  # fwtBatchGPU's launch
        inputs=_fwt_inputs, reference=_fwt_reference(None),
        default_size={"M": (1 << 26) >> log2n, "N": n}, small_size={"M": 16, "N": n},
        shared_bytes=4 * n, rtol=1e-5, atol=1e-4 * np.sqrt(n),
        work_fn=lambda s: Work(float(s["M"] * n * log2n), 8.0 * s["M"] * n),
        description=f"cuda-samples fastWalshTransform, fwtBatch1Kernel on 2^{log2n} points "
                    "per block (radix-4 stages in shared memory)")
    return CorpusKernel(name, "cuda_fwt", {"kernel": "fwtBatch1Kernel", "log2N": log2n}, spec)


def _fwt2(threads, stride_div):
    """One fwtBatch2Kernel pass at stride N / stride_div (fwtBatchGPU's first pass: N / 4)."""
    name = f"cuda_fwt_batch2_{threads}_s{stride_div}"

    def grid(s):
        need_multiple(name, s, N=4 * threads)
        return (s["N"] // (4 * threads), s["M"], 1)

    stride = lambda s: s["N"] // stride_div  # noqa: E731
    spec = CorpusSpec(
        name=name, source=FWT_SRC, entry="fwtBatch2Kernel", include_dirs=(COMMON,),
        params=(Buffer("d_Output", "float32", lambda s: (s["M"], s["N"]), output=True),
                Buffer("d_Input", "float32", lambda s: (s["M"], s["N"])),
                Scalar("stride", "int32", stride)),
        grid=grid, block=lambda s: (threads, 1, 1), inputs=_fwt_inputs,
        reference=_fwt_reference(stride),
        default_size={"M": 8, "N": 1 << 23}, small_size={"M": 2, "N": 1 << 14},
        rtol=1e-6, atol=1e-6, work_fn=lambda s: Work(2.0 * s["M"] * s["N"], 8.0 * s["M"] * s["N"]),
        description=f"cuda-samples fastWalshTransform, fwtBatch2Kernel ({threads} threads, "
                    f"stride N/{stride_div})")
    return CorpusKernel(name, "cuda_fwt", {"kernel": "fwtBatch2Kernel", "threads": threads,
                                           "stride": f"N/{stride_div}"}, spec)


KERNELS = [
    _matmul(16), _matmul(32),
    _transpose("copy", True), _transpose("copySharedMem", True),
    _transpose("transposeNaive", False), _transpose("transposeCoalesced", False),
    _transpose("transposeNoBankConflicts", False), _transpose("transposeDiagonal", False),
    _reduction("reduce2", "float32", 256, "block", elems_per_block=256),
    _reduction("reduce3", "float32", 256, "block", elems_per_block=512),
    _reduction("reduce4", "float32", 256, "block", elems_per_block=512),
    _reduction("reduce5", "float32", 256, "block", elems_per_block=512),
    _reduction("reduce6", "float32", 256, "grid", grid_blocks=1024),
    _reduction("reduce6", "int32", 512, "grid", grid_blocks=1024),
    _reduction("reduce6", "float64", 256, "grid", grid_blocks=1024),
    _reduction("cg_reduce", "float32", 256, "grid", grid_blocks=1024),
    _sort("bitonicSortShared", 1024, 1), _sort("bitonicSortShared", 1024, 0),
    _sort("bitonicSortShared", 128, 1), _sort("bitonicSortShared1", 1024, None),
    _sort("oddEvenMergeSortShared", 1024, 1), _sort("oddEvenMergeSortShared", 256, 0),
    _blackscholes(128), _blackscholes(64), _blackscholes(32),
    _fwt1(11), _fwt1(10), _fwt1(8),
    _fwt2(256, 4), _fwt2(128, 64),
]
