"""NVIDIA cuda-samples kernels, unchanged (tests/data/public/cuda-samples, BSD-3-Clause):
matrixMul (compute-bound), transpose and reduction (memory-bound)."""
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
]
