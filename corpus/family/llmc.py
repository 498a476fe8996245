"""karpathy/llm.c dev/cuda kernels, unchanged (tests/data/public/llm.c, MIT): each file holds
the author's successive versions of one kernel; the corpus takes the ones that are correct on
their own launch (no cuBLAS), with the block sizes and data types the file's main() tries.

Layouts are the files' own (read from the kernels and their CPU references): matmul_forward
out[B*T, OC] = inp[B*T, C] @ weight[OC, C]^T + bias; trimat_forward preatt[B, NH, T, T] =
Q K^T / sqrt(HS) from inp[B, T, 3, NH, HS] on and below the diagonal 8x8 blocks (the kernels
skip the rest, which stays as it was: zeros here); layernorm/softmax over rows of [N, C];
GELU with the tanh approximation, elementwise.
"""
from __future__ import annotations

import math

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
    bf16_bits,
    bf16_value,
    need_multiple,
    rows_sample,
)

SRC = PUBLIC / "llm.c" / "dev" / "cuda"
ORIGIN = "https://github.com/karpathy/llm.c @ f1e2ace651495b74ae22d45d1723443fd00ecd3a"
FAMILIES = [
    Family("llmc_matmul", "cuda", COMPUTE, ORIGIN, "MIT",
           "matmul_forward.cu kernels 1 (naive) and 4 (8x8 register tiles through shared "
           "memory, float4) and trimat_forward.cu's causal Q K^T kernels (8x8 per thread: "
           "registers, float4 loads, shared memory): one lineage ('see trimat_forward.cu for "
           "the intermediate steps'), so one family.", efficiency=0.25),
    Family("llmc_layernorm", "cuda", MEMORY, ORIGIN, "MIT",
           "layernorm_forward.cu kernels 1 (a thread per row), 3 and 4 (a warp per row, "
           "cooperative-groups reductions; 4 in one pass), 5 (a block per row), 6 (x128 loads, "
           "weights in dynamic shared memory).", efficiency=1.0),
    Family("llmc_softmax", "cuda", MEMORY, ORIGIN, "MIT",
           "softmax_forward.cu kernels 2, 3, 4, 7 (a block per row; shared-memory and warp "
           "reductions, 8x unrolled) and the online (one-pass max and sum) kernels 2 and 8 "
           "(a warp per row).", efficiency=1.0),
    Family("llmc_gelu", "cuda", MEMORY, ORIGIN, "MIT",
           "gelu_forward.cu kernels 1 (scalar) and 2 (Packed128 loads/stores) on bfloat16 "
           "(the file defines ENABLE_BF16), with the block sizes its main() tries.",
           efficiency=1.0),
]

# -- matmul_forward -------------------------------------------------------------------------

def _mm_inputs(size, rng):
    BT, C, OC = size["BT"], size["C"], size["OC"]
    return {"inp": rng.uniform(-1, 1, (BT, C)).astype(np.float32),
            "weight": rng.uniform(-1, 1, (OC, C)).astype(np.float32),
            "bias": rng.uniform(-1, 1, OC).astype(np.float32)}


def _mm_reference(host, size):
    x, w, b = (np.asarray(host[k], np.float64) for k in ("inp", "weight", "bias"))
    return {"out": (x @ w.T + b).astype(np.float32)}


def _mm_work(s):
    BT, C, OC = s["BT"], s["C"], s["OC"]
    return Work(2.0 * BT * C * OC, 4.0 * (BT * C + OC * C + OC + BT * OC))


MM_PARAMS_1 = (Buffer("out", "float32", lambda s: (s["BT"], s["OC"]), output=True),
               Buffer("inp", "float32", lambda s: (s["BT"], s["C"])),
               Buffer("weight", "float32", lambda s: (s["OC"], s["C"])),
               Buffer("bias", "float32", lambda s: (s["OC"],)),
               Scalar("BT", "int32", lambda s: s["BT"]), Scalar("C", "int32", lambda s: s["C"]),
               Scalar("OC", "int32", lambda s: s["OC"]))


def _matmul1(sq):
    name = f"llmc_matmul_forward1_{sq}x{sq}"

    def grid(s):
        need_multiple(name, s, BT=sq, OC=sq)
        return (s["BT"] // sq, s["OC"] // sq, 1)

    spec = CorpusSpec(
        name=name, source=SRC / "matmul_forward.cu", entry="matmul_forward_kernel1",
        params=MM_PARAMS_1, grid=grid, block=lambda s: (sq, sq, 1), inputs=_mm_inputs,
        reference=_mm_reference, default_size={"BT": 1024, "C": 768, "OC": 1024},
        small_size={"BT": 64, "C": 96, "OC": 128}, rtol=1e-4, atol=1e-4, work_fn=_mm_work,
        description=f"matmul_forward.cu kernel 1 (naive), {sq}x{sq} threads")
    # one output per thread straight from global memory: ~5% of the FP32 peak
    return CorpusKernel(name, "llmc_matmul", {"kernel": "matmul_forward1", "block": sq}, spec,
                        efficiency=0.05)


def _matmul4():
    name = "llmc_matmul_forward4"

    def grid(s):
        need_multiple(name, s, BT=128, OC=128, C=32)
        return (s["BT"] // 128, s["OC"] // 128, 1)

    spec = CorpusSpec(
        name=name, source=SRC / "matmul_forward.cu", entry="matmul_forward_kernel4",
        params=(MM_PARAMS_1[:4] + MM_PARAMS_1[5:]), grid=grid, block=lambda s: (16, 16, 1),
        inputs=_mm_inputs, reference=_mm_reference,
        default_size={"BT": 4096, "C": 768, "OC": 3072},
        small_size={"BT": 128, "C": 64, "OC": 256}, rtol=1e-4, atol=1e-4, work_fn=_mm_work,
        description="matmul_forward.cu kernel 4: 128x128 tiles, 8x8 per thread, float4")
    return CorpusKernel(name, "llmc_matmul", {"kernel": "matmul_forward4", "block": 16}, spec)


# -- trimat_forward: causal Q K^T ------------------------------------------------------------
TRI_FN = "(float*, int, float const*, int, float const*, int, int, int, float)"


def _tri_inputs(size, rng):
    B, T, C = size["B"], size["T"], size["C"]
    return {"inp": rng.uniform(-1, 1, (B, T, 3 * C)).astype(np.float32)}


def trimat_reference(inp: np.ndarray, B: int, T: int, C: int, NH: int,
                     rows=slice(None)) -> np.ndarray:
    """preatt[b, h, i, j] = q_i . k_j / sqrt(HS) where the kernels write it (8x8 blocks on and
    below the diagonal: j // 8 <= i // 8), 0 elsewhere; for the query rows i in `rows`."""
    hs = C // NH
    x = np.asarray(inp).reshape(B, T, 3, NH, hs)
    q = x[:, rows, 0].astype(np.float64).transpose(0, 2, 1, 3)  # B, NH, rows, HS
    k = x[:, :, 1].astype(np.float64).transpose(0, 2, 1, 3)
    scale = float(np.float32(1.0 / np.float32(math.sqrt(hs))))  # 1.0 / sqrtf(HS), as float
    att = np.matmul(q, k.transpose(0, 1, 3, 2)) * scale
    blk = np.arange(T) // 8
    att[:, :, blk[rows][:, None] < blk[None, :]] = 0.0
    return att


def _tri_reference(host, size):
    rows = rows_sample(size["T"], 256)
    return {"out": Sampled((slice(None), slice(None), rows),
                           trimat_reference(host["inp"], size["B"], size["T"], size["C"],
                                            size["NH"], rows))}


def _tri_work(s):
    B, T, C, NH = s["B"], s["T"], s["C"], s["NH"]
    hs = C // NH
    computed = T * (T + 8) / 2  # 8x8 blocks on and below the diagonal
    return Work(2.0 * B * NH * computed * hs, 4.0 * (B * T * 2 * C + B * NH * computed))


def _trimat(fn, label):
    name = f"llmc_trimat_{label}"

    def grid(s):
        need_multiple(name, s, T=128)
        return (s["T"] // 128, s["T"] // 128, s["NH"] * s["B"])

    spec = CorpusSpec(
        name=name, source=SRC / "trimat_forward.cu", entry=f"trimul_global<&{fn}{TRI_FN}>",
        params=(Buffer("out", "float32", lambda s: (s["B"], s["NH"], s["T"], s["T"]),
                       output=True),
                Buffer("inp", "float32", lambda s: (s["B"], s["T"], 3 * s["C"])),
                Scalar("T", "int32", lambda s: s["T"]), Scalar("C", "int32", lambda s: s["C"]),
                Scalar("NH", "int32", lambda s: s["NH"])),
        grid=grid, block=lambda s: (16, 16, 1), inputs=_tri_inputs, reference=_tri_reference,
        default_size={"B": 8, "T": 1024, "C": 768, "NH": 12},  # the file's main()
        small_size={"B": 1, "T": 256, "C": 128, "NH": 2}, rtol=1e-4, atol=1e-4,
        work_fn=_tri_work,
        description=f"trimat_forward.cu: trimul_global<{fn}> (the file's kernel {label})")
    return CorpusKernel(name, "llmc_matmul", {"kernel": fn}, spec)


# -- layernorm_forward ---------------------------------------------------------------------------

def _ln_inputs(size, rng):
    N, C = size["N"], size["C"]
    return {"inp": rng.random((N, C), dtype=np.float32) * np.float32(2) - 1,
            "weight": rng.uniform(-1, 1, C).astype(np.float32),
            "bias": rng.uniform(-1, 1, C).astype(np.float32)}


def layernorm_reference(x, w, b, eps=1e-5):
    """float64 (out, mean, rstd) of rows of x (variance without bias correction)."""
    x = np.asarray(x, np.float64)
    mean = x.mean(axis=1)
    xc = x - mean[:, None]
    rstd = 1.0 / np.sqrt((xc * xc).mean(axis=1) + eps)
    return xc * rstd[:, None] * np.asarray(w, np.float64) + np.asarray(b, np.float64), mean, rstd


def _ln_reference(host, size):
    rows = rows_sample(size["N"], 4096)
    out, mean, rstd = layernorm_reference(np.asarray(host["inp"])[rows], host["weight"],
                                          host["bias"])
    return {"out": Sampled((rows,), out), "mean": Sampled((rows,), mean),
            "rstd": Sampled((rows,), rstd)}


def _ln_work(s):
    N, C = s["N"], s["C"]
    return Work(8.0 * N * C, 4.0 * (2 * N * C + 2 * C + 2 * N))


def _layernorm(k, bs):
    name = f"llmc_layernorm{k}_{bs}"
    rows_per_block = {1: bs, 3: bs // 32, 4: bs // 32, 5: 1, 6: bs // 32}[k]

    def grid(s):
        need_multiple(name, s, N=rows_per_block, C=4)
        return (s["N"] // rows_per_block, 1, 1)

    spec = CorpusSpec(
        name=name, source=SRC / "layernorm_forward.cu", entry=f"layernorm_forward_kernel{k}",
        params=(Buffer("out", "float32", lambda s: (s["N"], s["C"]), output=True),
                Buffer("mean", "float32", lambda s: (s["N"],), output=True),
                Buffer("rstd", "float32", lambda s: (s["N"],), output=True),
                Buffer("inp", "float32", lambda s: (s["N"], s["C"])),
                Buffer("weight", "float32", lambda s: (s["C"],)),
                Buffer("bias", "float32", lambda s: (s["C"],)),
                Scalar("N", "int32", lambda s: s["N"]), Scalar("C", "int32", lambda s: s["C"])),
        grid=grid, block=(lambda s: (32, bs // 32, 1)) if k == 6 else (lambda s: (bs, 1, 1)),
        inputs=_ln_inputs, reference=_ln_reference,
        default_size={"N": 32768, "C": 2048},
        small_size={"N": 2 * rows_per_block, "C": 256},
        # kernel 6: (2 + block_y) rows of C floats in dynamic shared memory (the file's smem)
        shared_bytes=0 if k != 6 else (2 + bs // 32) * 2048 * 4,
        rtol=1e-4, atol=1e-4, work_fn=_ln_work,
        description=f"layernorm_forward.cu kernel {k}, block size {bs}")
    return CorpusKernel(name, "llmc_layernorm", {"kernel": k, "block": bs}, spec)


# -- softmax_forward -----------------------------------------------------------------------------

def _sm_inputs(size, rng):
    return {"inp": rng.random((size["N"], size["C"]), dtype=np.float32) * np.float32(8) - 4}


def softmax_reference(x: np.ndarray) -> np.ndarray:
    x = np.asarray(x, np.float64)
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def _sm_reference(host, size):
    rows = rows_sample(size["N"], 512)
    return {"out": Sampled((rows,), softmax_reference(np.asarray(host["inp"])[rows]))}


def _sm_work(s):
    N, C = s["N"], s["C"]
    return Work(5.0 * N * C, 8.0 * N * C)


def _softmax(entry, label, bs, smem_fn=None, rows_per_block=1):
    name = f"llmc_softmax_{label}_{bs}"

    def grid(s):
        need_multiple(name, s, N=rows_per_block)
        return (s["N"] // rows_per_block, 1, 1)

    spec = CorpusSpec(
        name=name, source=SRC / "softmax_forward.cu", entry=entry,
        params=(Buffer("out", "float32", lambda s: (s["N"], s["C"]), output=True),
                Buffer("inp", "float32", lambda s: (s["N"], s["C"])),
                Scalar("N", "int32", lambda s: s["N"]), Scalar("C", "int32", lambda s: s["C"])),
        grid=grid, block=lambda s: (bs, 1, 1), inputs=_sm_inputs, reference=_sm_reference,
        default_size={"N": 4096, "C": 16384}, small_size={"N": 2 * rows_per_block, "C": 1000},
        shared_bytes=smem_fn(bs) if smem_fn else 0, rtol=1e-4, atol=1e-9, work_fn=_sm_work,
        description=f"softmax_forward.cu {entry}, block size {bs}")
    return CorpusKernel(name, "llmc_softmax", {"kernel": label, "block": bs}, spec)


# -- gelu_forward --------------------------------------------------------------------------------

def _gelu_inputs(size, rng):
    return {"inp": bf16_bits(rng.random(size["N"], dtype=np.float32) * np.float32(8) - 4)}


def gelu_reference(x: np.ndarray) -> np.ndarray:
    x = np.asarray(x, np.float64)
    return 0.5 * x * (1.0 + np.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * x ** 3)))


def _gelu_reference(host, size):
    # the kernels round their float result to bfloat16 once: compare with the exact value
    idx = rows_sample(size["N"], 1 << 22)
    return {"out": Sampled((idx,), gelu_reference(bf16_value(np.asarray(host["inp"])[idx])))}


def _gelu(k, bs):
    """gelu_forward.cu defines ENABLE_BF16 itself: floatX is __nv_bfloat16."""
    name = f"llmc_gelu{k}_bf16_{bs}"
    per_thread = 1 if k == 1 else 8  # x128::size for bfloat16

    def grid(s):
        need_multiple(name, s, N=bs * per_thread)
        return (s["N"] // (bs * per_thread), 1, 1)

    spec = CorpusSpec(
        name=name, source=SRC / "gelu_forward.cu", entry=f"gelu_forward_kernel{k}",
        params=(Buffer("out", "uint16", lambda s: (s["N"],), output=True),
                Buffer("inp", "uint16", lambda s: (s["N"],)),
                Scalar("N", "int32", lambda s: s["N"])),
        bf16=("out", "inp"), grid=grid, block=lambda s: (bs, 1, 1), inputs=_gelu_inputs,
        reference=_gelu_reference, default_size={"N": 1 << 27}, small_size={"N": 1 << 14},
        # one bfloat16 rounding of the result: 2^-8 relative
        rtol=8e-3, atol=1e-3,
        work_fn=lambda s: Work(12.0 * s["N"], 4.0 * s["N"]),
        description=f"gelu_forward.cu kernel {k} (bfloat16), block size {bs}")
    return CorpusKernel(name, "llmc_gelu", {"kernel": k, "dtype": "bfloat16", "block": bs}, spec)


KERNELS = [
    _matmul1(16), _matmul1(32), _matmul4(),
    _trimat("matmul_tri_registers", "registers"), _trimat("matmul_tri3", "tri3"),
    _trimat("matmul_tri4", "tri4"),
    _layernorm(1, 256), _layernorm(3, 256), _layernorm(4, 512), _layernorm(5, 256),
    _layernorm(6, 128),
    _softmax("softmax_forward_kernel2", "kernel2", 256, smem_fn=lambda bs: 4 * bs),
    _softmax("softmax_forward_kernel3", "kernel3", 32, smem_fn=lambda bs: 4 * bs),
    _softmax("softmax_forward_kernel4", "kernel4", 512, smem_fn=lambda bs: 4 * (bs // 32)),
    _softmax("softmax_forward_kernel7", "kernel7", 256, smem_fn=lambda bs: 8 * (bs // 32)),
    _softmax("softmax_forward_online_kernel2", "online2", 256, rows_per_block=8),
    _softmax("softmax_forward_online_kernel8", "online8", 256, rows_per_block=8),
    _gelu(1, 256), _gelu(1, 1024), _gelu(2, 128), _gelu(2, 512),
]
