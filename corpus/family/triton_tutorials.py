"""Triton's tutorial kernels (agentsched/kernels/triton/examples, vendored unchanged with their MIT
licence, LICENSE.triton there): matmul (03), fused attention (06), fused softmax (02) and
layer norm (05), at the block configurations of the tutorials' autotune lists, with the data
types the kernels accept. The arguments are those the tutorials' program functions pass."""
from __future__ import annotations

import math

import numpy as np

from agentsched.kernels.spec import Buffer

from ..core import (
    COMPUTE,
    MEMORY,
    CorpusKernel,
    Family,
    Sampled,
    Work,
    bf16_bits,
    bf16_value,
    rows_sample,
)
from ..triton_case import TritonCase

EX = "agentsched.kernels.triton.examples"
ORIGIN = ("https://github.com/triton-lang/triton python/tutorials (Triton 3.6.0), vendored in "
          "agentsched/kernels/triton/examples")
AMD = ("gfx942", "gfx1100")
FAMILIES = [
    Family("triton_matmul", "triton", COMPUTE, ORIGIN, "MIT",
           "Tutorial 03 matmul_kernel: grouped program order, BLOCK_M x BLOCK_N x BLOCK_K tiles "
           "through tl.dot (wgmma on sm_90), software-pipelined loads (num_stages), FP16 output; "
           "FP16, BF16 and FP32 (TF32 dot) inputs, optional fused leaky ReLU.",
           efficiency=0.5, amd_targets=AMD),
    Family("triton_attention", "triton", COMPUTE, ORIGIN, "MIT",
           "Tutorial 06 _attn_fwd (FlashAttention-2): TMA descriptors on Hopper, online softmax "
           "in base 2, causal (STAGE 3) or not (STAGE 1), head dimensions 64/128; on AMD the "
           "tensors themselves, as the tutorial passes them there (gfx942 only: on gfx1100 "
           "every configuration spills hundreds of registers or more, and 64x32 fails in "
           "Triton's own pipeline).",
           efficiency=0.4, amd_targets=("gfx942",)),
    Family("triton_softmax", "triton", MEMORY, ORIGIN, "MIT",
           "Tutorial 02 softmax_kernel: persistent programs over rows, one row per block of "
           "BLOCK_SIZE >= n_cols columns (masked), pipelined row loop.",
           efficiency=1.0, amd_targets=AMD),
    Family("triton_layernorm", "triton", MEMORY, ORIGIN, "MIT",
           "Tutorial 05 _layer_norm_fwd_fused: a program per row, three passes over the row "
           "in BLOCK_SIZE chunks (mean, variance, normalize), mean and rstd written too.",
           efficiency=1.0, amd_targets=AMD),
]

NP_OF = {"float16": np.float16, "float32": np.float32}


def _as_dtype(x: np.ndarray, dtype: str) -> np.ndarray:
    """Host values of a buffer: float16 as float16, bfloat16 as float32 already rounded."""
    if dtype == "bfloat16":
        return bf16_value(bf16_bits(x))
    return x.astype(NP_OF[dtype])


# -- matmul --------------------------------------------------------------------------------------

def _mm_inputs(dtype):
    def inputs(size, rng):
        M, N, K = size["M"], size["N"], size["K"]
        return {"a": _as_dtype(rng.uniform(-1, 1, (M, K)).astype(np.float32), dtype),
                "b": _as_dtype(rng.uniform(-1, 1, (K, N)).astype(np.float32), dtype)}
    return inputs


def _mm_reference(activation):
    def reference(host, size):
        rows = rows_sample(size["M"], 1024)
        c = np.asarray(host["a"][rows], np.float64) @ np.asarray(host["b"], np.float64)
        if activation == "leaky_relu":
            c = np.where(c >= 0, c, 0.01 * c)
        return {"c": Sampled((rows,), c)}
    return reference


def _matmul(dtype, bm, bn, bk, stages, warps, activation="", size=None):
    size = size or {"M": 4096, "N": 4096, "K": 4096}
    act = f"_{activation}" if activation else ""
    name = f"triton_matmul_{dtype}_{bm}x{bn}x{bk}_s{stages}w{warps}{act}"
    elem = 4 if dtype == "float32" else 2

    def args(s, t, desc):
        M, N, K = s["M"], s["N"], s["K"]
        return (t["a"], t["b"], t["c"], M, N, K, K, 1, N, 1, N, 1)

    case = TritonCase(
        name=name, fn=f"{EX}.matmul:matmul_kernel",
        tensors=(Buffer("a", dtype, lambda s: (s["M"], s["K"])),
                 Buffer("b", dtype, lambda s: (s["K"], s["N"])),
                 Buffer("c", "float16", lambda s: (s["M"], s["N"]), output=True)),
        args=args,
        grid=lambda s: (math.ceil(s["M"] / bm) * math.ceil(s["N"] / bn), 1, 1),
        kwargs=dict(BLOCK_SIZE_M=bm, BLOCK_SIZE_N=bn, BLOCK_SIZE_K=bk, GROUP_SIZE_M=8,
                    ACTIVATION=activation, num_stages=stages, num_warps=warps),
        amd_kwargs={}, inputs=_mm_inputs(dtype), reference=_mm_reference(activation),
        work_fn=lambda s: Work(2.0 * s["M"] * s["N"] * s["K"],
                               elem * (s["M"] + s["N"]) * s["K"] + 2.0 * s["M"] * s["N"],
                               "tf32_tc" if dtype == "float32" else "fp16_tc"),
        default_size=size, small_size={"M": 256, "N": 256, "K": 128},
        # FP16 output of sums of K products in [-1, 1] (TF32 inputs round to 10 bits)
        rtol=1e-2, atol=5e-2,
        description=f"tutorial 03 matmul_kernel, {dtype} inputs, {bm}x{bn}x{bk} tiles, "
                    f"{stages} stages, {warps} warps" + (f", {activation}" if activation else ""))
    # gfx1100 has no FP32 WMMA: Triton's FMA fallback spills thousands of registers there and
    # one compile takes minutes
    return CorpusKernel(name, "triton_matmul", {"dtype": dtype, "BLOCK_M": bm, "BLOCK_N": bn,
                                                "BLOCK_K": bk, "num_stages": stages,
                                                "num_warps": warps, "activation": activation},
                        case, amd_only=("gfx942",) if dtype == "float32" else None)


# -- attention -----------------------------------------------------------------------------------
ATT_SCALE = 0.5


def _att_inputs(size, rng):
    shape = (size["Z"], size["H"], size["N_CTX"], size["D"])
    return {n: (rng.standard_normal(shape, dtype=np.float32) * 0.5).astype(np.float16)
            for n in ("q", "k", "v")}


def attention_reference(q, k, v, rows, causal: bool, sm_scale: float):
    """float64 softmax(sm_scale q k^T) v and log2 of the softmax denominator (the kernel's
    M = m_i + log2(l_i)) for the query positions `rows`."""
    q = np.asarray(q, np.float64)[:, :, rows]
    k, v = np.asarray(k, np.float64), np.asarray(v, np.float64)
    s = np.matmul(q, k.transpose(0, 1, 3, 2)) * sm_scale  # Z, H, rows, N_CTX
    if causal:
        s[..., np.arange(k.shape[2])[None, :] > np.asarray(rows)[:, None]] = -np.inf
    m = s.max(axis=-1, keepdims=True)
    e = np.exp(s - m)
    den = e.sum(axis=-1, keepdims=True)
    o = np.matmul(e / den, v)
    lse2 = (m[..., 0] + np.log(den[..., 0])) / math.log(2.0)
    return o, lse2


def _att_reference(causal):
    def reference(host, size):
        rows = rows_sample(size["N_CTX"], 256)
        o, lse2 = attention_reference(host["q"], host["k"], host["v"],
                                      np.arange(size["N_CTX"])[rows], causal, ATT_SCALE)
        return {"o": Sampled((slice(None), slice(None), rows), o),
                "M": Sampled((slice(None), slice(None), rows), lse2)}
    return reference


def _attention(d, bm, bn, stages, warps, causal, size):
    name = f"triton_attention_d{d}_{bm}x{bn}_s{stages}w{warps}" + ("_causal" if causal else "")
    assert bn <= d, "_attn_fwd's static_assert(BLOCK_N <= HEAD_DIM)"

    def args(s, t, desc):
        Z, H, N = s["Z"], s["H"], s["N_CTX"]
        y = Z * H * N
        if desc is None:
            descs = (t["q"], t["k"], t["v"], t["o"])
        else:
            descs = tuple(desc(t[n], [y, d], [d, 1], [bn if n in "kv" else bm, d])
                          for n in ("q", "k", "v", "o"))
        return (ATT_SCALE, t["M"], Z, H, *descs, N)

    def work(s):
        Z, H, N = s["Z"], s["H"], s["N_CTX"]
        pairs = Z * H * N * N * (0.5 if causal else 1.0)
        return Work(4.0 * pairs * d, 2.0 * 4 * Z * H * N * d + 4.0 * Z * H * N, "fp16_tc")

    case = TritonCase(
        name=name, fn=f"{EX}.attention:_attn_fwd",
        tensors=tuple(Buffer(n, "float16", lambda s: (s["Z"], s["H"], s["N_CTX"], d),
                             output=n == "o") for n in ("q", "k", "v", "o")) +
        (Buffer("M", "float32", lambda s: (s["Z"], s["H"], s["N_CTX"]), output=True),),
        args=args, grid=lambda s: (s["N_CTX"] // bm, s["Z"] * s["H"], 1),
        kwargs=dict(HEAD_DIM=d, FP8_OUTPUT=False, STAGE=3 if causal else 1,
                    warp_specialize=False, IS_HOPPER=True, BLOCK_M=bm, BLOCK_N=bn,
                    num_stages=stages, num_warps=warps),
        amd_kwargs=dict(IS_HOPPER=False),
        inputs=_att_inputs, reference=_att_reference(causal), work_fn=work,
        default_size=size, small_size={"Z": 1, "H": 2, "N_CTX": 256, "D": d},
        rtol=1e-2, atol=1e-2,
        description=f"tutorial 06 _attn_fwd, head dim {d}, BLOCK_M {bm}, BLOCK_N {bn}, "
                    f"{stages} stages, {warps} warps, {'causal' if causal else 'not causal'}")
    return CorpusKernel(name, "triton_attention", {"HEAD_DIM": d, "BLOCK_M": bm, "BLOCK_N": bn,
                                                   "num_stages": stages, "num_warps": warps,
                                                   "causal": causal}, case)


# -- softmax -------------------------------------------------------------------------------------

def _sm_inputs(dtype):
    def inputs(size, rng):
        x = rng.random((size["rows"], size["cols"]), dtype=np.float32) * np.float32(8) - 4
        return {"x": _as_dtype(x, dtype)}
    return inputs


def _sm_reference(host, size):
    rows = rows_sample(size["rows"], 1024)
    x = np.asarray(host["x"][rows], np.float64)
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return {"y": Sampled((rows,), e / e.sum(axis=1, keepdims=True))}


def _softmax(dtype, cols, block, warps, stages, rows, programs=1056):
    name = f"triton_softmax_{dtype}_{cols}_w{warps}"
    elem = 2 if dtype == "float16" else 4

    def args(s, t, desc):
        return (t["y"], t["x"], s["cols"], s["cols"], s["rows"], s["cols"])

    case = TritonCase(
        name=name, fn=f"{EX}.softmax:softmax_kernel",
        tensors=(Buffer("y", dtype, lambda s: (s["rows"], s["cols"]), output=True),
                 Buffer("x", dtype, lambda s: (s["rows"], s["cols"]))),
        args=args,
        # the tutorial launches SMs x occupancy persistent programs; a fixed 8 per SM of an
        # H200 (132 SMs) keeps the launch the same for every variant
        grid=lambda s: (min(programs, s["rows"]), 1, 1),
        kwargs=dict(BLOCK_SIZE=block, num_stages=stages, num_warps=warps), amd_kwargs={},
        inputs=_sm_inputs(dtype), reference=_sm_reference,
        work_fn=lambda s: Work(5.0 * s["rows"] * s["cols"], 2.0 * elem * s["rows"] * s["cols"]),
        default_size={"rows": rows, "cols": cols}, small_size={"rows": 64, "cols": cols},
        rtol=2e-3 if dtype == "float16" else 1e-5, atol=1e-5 if dtype == "float16" else 1e-7,
        description=f"tutorial 02 softmax_kernel, {dtype}, {cols} columns (BLOCK_SIZE {block}), "
                    f"{warps} warps, {stages} stages")
    return CorpusKernel(name, "triton_softmax", {"dtype": dtype, "n_cols": cols,
                                                 "BLOCK_SIZE": block, "num_warps": warps,
                                                 "num_stages": stages}, case)


# -- layer norm ----------------------------------------------------------------------------------
EPS = 1e-5


def _ln_inputs(dtype):
    def inputs(size, rng):
        M, N = size["M"], size["N"]
        return {"x": _as_dtype(rng.random((M, N), dtype=np.float32) * np.float32(4) - 2, dtype),
                "w": _as_dtype(rng.uniform(0.5, 1.5, N).astype(np.float32), dtype),
                "b": _as_dtype(rng.uniform(-0.5, 0.5, N).astype(np.float32), dtype)}
    return inputs


def _ln_reference(host, size):
    rows = rows_sample(size["M"], 2048)
    x = np.asarray(host["x"][rows], np.float64)
    mean = x.mean(axis=1)
    xc = x - mean[:, None]
    rstd = 1.0 / np.sqrt((xc * xc).mean(axis=1) + EPS)
    y = xc * rstd[:, None] * np.asarray(host["w"], np.float64) + np.asarray(host["b"],
                                                                            np.float64)
    return {"y": Sampled((rows,), y), "mean": Sampled((rows,), mean),
            "rstd": Sampled((rows,), rstd)}


def _layernorm(dtype, n, block, warps, rows):
    name = f"triton_layernorm_{dtype}_{n}_w{warps}"
    elem = 2 if dtype != "float32" else 4

    def args(s, t, desc):
        return (t["x"], t["y"], t["w"], t["b"], t["mean"], t["rstd"], s["N"], s["N"], EPS)

    case = TritonCase(
        name=name, fn=f"{EX}.layer_norm:_layer_norm_fwd_fused",
        tensors=(Buffer("x", dtype, lambda s: (s["M"], s["N"])),
                 Buffer("y", dtype, lambda s: (s["M"], s["N"]), output=True),
                 Buffer("w", dtype, lambda s: (s["N"],)), Buffer("b", dtype, lambda s: (s["N"],)),
                 Buffer("mean", "float32", lambda s: (s["M"],), output=True),
                 Buffer("rstd", "float32", lambda s: (s["M"],), output=True)),
        args=args, grid=lambda s: (s["M"], 1, 1),
        kwargs=dict(BLOCK_SIZE=block, num_warps=warps, num_ctas=1), amd_kwargs={},
        inputs=_ln_inputs(dtype), reference=_ln_reference,
        work_fn=lambda s: Work(8.0 * s["M"] * s["N"], 2.0 * elem * s["M"] * s["N"]),
        default_size={"M": rows, "N": n}, small_size={"M": 32, "N": n},
        rtol=1e-2 if dtype != "float32" else 1e-4, atol=1e-2 if dtype != "float32" else 1e-4,
        description=f"tutorial 05 _layer_norm_fwd_fused, {dtype}, N = {n} (BLOCK_SIZE {block}), "
                    f"{warps} warps")
    return CorpusKernel(name, "triton_layernorm", {"dtype": dtype, "N": n, "BLOCK_SIZE": block,
                                                   "num_warps": warps}, case)


ATT_SIZE = {"Z": 2, "H": 16, "N_CTX": 4096}
KERNELS = [
    _matmul("float16", 128, 256, 64, 3, 8),  # the tutorial's first CUDA config
    _matmul("float16", 128, 128, 32, 4, 4),
    _matmul("float16", 64, 128, 32, 4, 4, activation="leaky_relu"),
    _matmul("float16", 64, 32, 32, 5, 2, size={"M": 4096, "N": 4096, "K": 2048}),
    _matmul("bfloat16", 128, 128, 64, 3, 8),
    _matmul("float32", 128, 128, 32, 3, 4),
    _attention(64, 128, 64, 3, 4, False, {**ATT_SIZE, "D": 64}),  # the tutorial's CONFIG
    _attention(64, 128, 64, 3, 4, True, {**ATT_SIZE, "D": 64}),
    _attention(128, 128, 64, 3, 8, False, {**ATT_SIZE, "D": 128}),
    _attention(128, 128, 128, 3, 8, True, {**ATT_SIZE, "D": 128}),
    _attention(64, 64, 32, 4, 4, False, {**ATT_SIZE, "D": 64}),
    _softmax("float32", 2048, 2048, 8, 4, 32768),  # the tutorial's launch on an H200
    _softmax("float32", 1000, 1024, 4, 4, 65536),
    _softmax("float16", 4096, 4096, 8, 4, 32768),
    _softmax("float32", 8192, 8192, 16, 2, 8192),
    _layernorm("float16", 8192, 8192, 8, 16384),  # the tutorial's launch
    _layernorm("float32", 4096, 4096, 8, 16384),
    _layernorm("float16", 1000, 1024, 4, 131072),
    _layernorm("bfloat16", 2048, 2048, 4, 65536),
]
