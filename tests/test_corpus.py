"""The corpus (corpus/): its split, its index, every spec on the CPU, each family's reference
against an independent formulation (mostly a simulation of the kernel's own index arithmetic),
compiles of one kernel per family, and the GPU script up to the GPU (carry + dry run).

No GPU and no mocks: real clang-19 / llc-19 / ptxas / Triton where a test compiles; those
tests are skipped, saying why, when a piece is missing.
"""
from __future__ import annotations

import dataclasses
import json
import math
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import corpus
from corpus.check import check_spec, compile_kernel
from corpus.core import COMPUTE, MEMORY, Sampled, Work, bf16_bits, bf16_value, rows_sample

from .conftest import requires_llvm

ROOT = Path(__file__).resolve().parent.parent


def _have(module: str) -> bool:
    import importlib.util
    return importlib.util.find_spec(module) is not None


def _have_cuda_sdk() -> bool:
    from agentsched.tools import sdk
    try:
        sdk.cuda_sdk()
        return True
    except sdk.SdkMissing:
        return False


requires_triton = pytest.mark.skipif(not _have("triton"), reason="Triton missing: "
                                     "pip install 'agentsched[triton]' (make setup)")
requires_sdk = pytest.mark.skipif(not _have_cuda_sdk(), reason="NVIDIA's CUDA wheels missing: "
                                  "pip install 'agentsched[sdk]' (make setup)")


def ref_at(k, size=None, seed=0):
    """(host inputs, reference) of kernel k at its small size (or `size`)."""
    size = dict(k.spec.small_size if size is None else size)
    host = k.spec.make_args(size, seed)
    return host, k.spec.reference(host, size), size


def values(exp):
    return exp.values if isinstance(exp, Sampled) else exp


def index(exp):
    return exp.index if isinstance(exp, Sampled) else (Ellipsis,)


def close(a, b, rtol=1e-9, atol=1e-9):
    np.testing.assert_allclose(np.asarray(a, np.float64), np.asarray(b, np.float64),
                               rtol=rtol, atol=atol)


# ---------------------------------------------------------------------------------- structure

def test_corpus_size_and_classes():
    fams = corpus.families()
    ks = corpus.kernels()
    assert len(ks) >= 40
    assert sum(f.bound == COMPUTE for f in fams.values()) >= 8
    assert sum(f.bound == MEMORY for f in fams.values()) >= 3
    for k in ks:  # the roofline class of every kernel is its family's
        assert k.work().bound == fams[k.family].bound, k.name
    assert len({k.name for k in ks}) == len(ks)


def test_split_is_by_whole_families():
    s = corpus.split()
    fams = corpus.families()
    placed = [f for part in corpus.SPLITS for f in s[part]]
    assert sorted(placed) == sorted(fams), "every family in exactly one split"
    for part in corpus.SPLITS:
        kinds = {fams[f].kind for f in s[part]}
        bounds = {fams[f].bound for f in s[part]}
        assert kinds == {"cuda", "triton"}, part
        assert bounds == {COMPUTE, MEMORY}, part
    for f in s["leave_one_family_out"]:
        assert f in s["train"] + s["validation"] and fams[f].bound == COMPUTE
    # kernels follow their family
    for k in corpus.kernels(split="test"):
        assert k.family in s["test"]
    assert {k.family for k in corpus.kernels(split="train", bound=COMPUTE)} == \
        {f for f in s["train"] if fams[f].bound == COMPUTE}


def test_index_is_current():
    from corpus import index
    assert index.main(["--check"]) == 0, "run: python -m corpus.index"
    data = json.loads(index.INDEX_FILE.read_text())
    row = next(r for r in data["kernels"] if r["name"] == "sgemm_vectorize_128x128x8_t8x8")
    assert row["entry"] == "sgemmVectorize<128, 128, 8, 8, 8>"
    assert row["source"] == "tests/data/public/SGEMM_CUDA/src/kernels/6_kernel_vectorize.cuh"
    assert row["bound"] == COMPUTE and "ridge" in row["class_reason"]


def test_every_spec_on_the_cpu():
    problems = {}
    for k in corpus.kernels():
        errors, _ = check_spec(k)
        if errors:
            problems[k.name] = errors
    assert not problems


def test_a_broken_spec_is_named():
    k = corpus.get("sgemm_vectorize_128x128x8_t8x8")
    bad_shape = dataclasses.replace(k, spec=dataclasses.replace(
        k.spec, reference=lambda h, s: {"C": np.zeros((3, 3))}))
    errors, _ = check_spec(bad_shape)
    assert any("output 'C': reference shape (3, 3)" in e for e in errors)
    missing = dataclasses.replace(k, spec=dataclasses.replace(k.spec, reference=lambda h, s: {}))
    assert any("output 'C' has no reference" in e for e in check_spec(missing)[0])
    wrong_class = dataclasses.replace(k, spec=dataclasses.replace(
        k.spec, work_fn=lambda s: Work(1.0, 1e9)))
    assert any("differs from family sgemm_blocktile's compute" in e
               for e in check_spec(wrong_class)[0])
    bad_grid = dataclasses.replace(k, spec=dataclasses.replace(
        k.spec, small_size={"M": 100, "N": 256, "K": 128}))
    assert any("M=100 must be a multiple of 128" in e for e in check_spec(bad_grid)[0])


def test_sampled_check_and_bfloat16():
    x = np.array([1.0, 1.0 + 2 ** -8, 1.0 + 3 * 2 ** -8, -2.5, 3.1415927, 1e-30], np.float32)
    bits = bf16_bits(x)
    for v, b in zip(x, bits):  # nearest bfloat16, ties to even, found by brute force
        lo = np.uint16(np.float32(v).view(np.uint32) >> 16)
        cands = [lo, np.uint16(lo + 1)]
        dist = [abs(float(bf16_value(c)) - float(v)) for c in cands]
        best = cands[0] if dist[0] < dist[1] or (dist[0] == dist[1] and lo % 2 == 0) \
            else cands[1]
        assert b == best, v
    assert bf16_value(bits)[0] == 1.0 and bits[1] == 0x3F80 and bits[2] == 0x3F82
    k = corpus.get("llmc_gelu2_bf16_512")
    host, want, size = ref_at(k, {"N": 1 << 25})  # large enough to be sampled
    got = np.zeros(size["N"], np.uint16)
    got[want["out"].index] = bf16_bits(want["out"].values.astype(np.float32))
    assert k.spec.check(host, {"out": got}, size, want)[0]
    step = want["out"].index[0].step
    assert step > 1 and step % 2 == 1
    got[1] = 0x7FC0  # a NaN outside the sample is not compared: the sample is the check
    assert k.spec.check(host, {"out": got}, size, want)[0]
    first = want["out"].index[0].start
    got[first] = bf16_bits(np.float32(values(want["out"])[0] + 1.0))
    assert not k.spec.check(host, {"out": got}, size, want)[0]


def test_rows_sample_strides_are_odd():
    for n in (256, 1000, 4096, 1 << 20):
        s = rows_sample(n, 100)
        assert s.step % 2 == 1 and len(range(n)[s]) >= 100


# ------------------------------------------------------------- references, independently

def test_sgemm_references():
    for name in ("sgemm_coalesce_32", "sgemm_vectorize_128x128x8_t8x8",
                 "sgemm_dbuf_128x256x16_w128x32_t8x8"):
        host, want, size = ref_at(corpus.get(name))
        a, b, c = (host[n].astype(np.float64) for n in "ABC")
        close(want["C"], np.einsum("ik,kj->ij", a, b) * 0.5 + 0.25 * c, rtol=1e-6, atol=1e-6)


def test_suite_gemm_reference():
    host, want, _ = ref_at(corpus.get("gemm8x8"))
    z = np.einsum("ik,kj->ij", host["A"].astype(np.float64), host["B"].astype(np.float64))
    z += host["bias"]
    close(want["C"], z * 0.5 * (1 + np.tanh(z / 2)), rtol=1e-6, atol=1e-7)  # SiLU via tanh


def test_fa_decode_reference_is_the_online_softmax():
    for name in ("fa_decode", "fa_decode_d16_bn8_bq64"):
        k = corpus.get(name)
        d, bn = k.variant["D"], k.variant["BN"]
        host, want, size = ref_at(k)
        q, kk, v = host["Q"], host["K"], host["V"]
        o = want["O"]
        for b in range(size["B"])[o.index[0]]:
            for h in range(size["H"]):
                for g in range(0, size["G"], 7):
                    m, l, acc = -1e30, 0.0, np.zeros(d)
                    for kb in range(0, size["S"], bn):  # the kernel's tiles of BN keys
                        s = kk[b, h, kb:kb + bn].astype(np.float64) @ q[b, h, g] / math.sqrt(d)
                        mx = max(m, s.max())
                        alpha, p = math.exp(m - mx), np.exp(s - mx)
                        l, acc, m = l * alpha + p.sum(), acc * alpha + p @ v[b, h, kb:kb + bn], mx
                    close(o.values[b // 4, h, g], acc / l, rtol=1e-6, atol=1e-7)


def test_matrixmul_reference():
    host, want, _ = ref_at(corpus.get("cuda_matrixmul_32"))
    close(want["C"], np.einsum("ik,kj->ij", host["A"].astype(np.float64), host["B"]),
          rtol=1e-6, atol=1e-6)


def _simulate_transpose(kernel: str, idata: np.ndarray) -> np.ndarray:
    """transpose.cu's index arithmetic, block by block (TILE_DIM 32, BLOCK_ROWS 16)."""
    height, width = idata.shape
    flat_in = idata.reshape(-1)
    out = np.zeros(idata.size, idata.dtype)
    gx, gy = width // 32, height // 32
    tx, ty = np.meshgrid(np.arange(32), np.arange(16), indexing="xy")
    for by in range(gy):
        for bx in range(gx):
            bix, biy = bx, by
            if kernel == "transposeDiagonal":  # width == height
                biy, bix = bx, (bx + by) % gx
            for i in range(0, 32, 16):
                if kernel == "copy":
                    idx = (bx * 32 + tx) + width * (by * 32 + ty)
                    out[idx + i * width] = flat_in[idx + i * width]
                elif kernel == "transposeNaive":
                    xi, yi = bx * 32 + tx, by * 32 + ty
                    out[yi + height * xi + i] = flat_in[xi + width * yi + i * width]
                else:  # coalesced, no bank conflicts, diagonal: through a shared tile
                    tile = np.empty((32, 32), idata.dtype)
                    for j in range(0, 32, 16):
                        tile[ty + j, tx] = flat_in[(bix * 32 + tx) + (biy * 32 + ty) * width
                                                   + j * width]
                    xo, yo = biy * 32 + tx, bix * 32 + ty
                    out[xo + yo * height + i * height] = tile[tx, ty + i]
    return out.reshape(idata.T.shape if kernel != "copy" else idata.shape)


def test_transpose_references_follow_the_kernels_indexing():
    for name, kernel in (("cuda_copy", "copy"), ("cuda_naive_transpose", "transposeNaive"),
                         ("cuda_coalesced_transpose", "transposeCoalesced"),
                         ("cuda_diagonal_transpose", "transposeDiagonal")):
        host, want, _ = ref_at(corpus.get(name))
        sim = _simulate_transpose(kernel, host["idata"])
        close(want["odata"].values, sim[want["odata"].index], 0, 0)


def test_reduction_references_follow_the_kernels_loops():
    for name in ("cuda_reduce3_float_256", "cuda_reduce6_float_256", "cuda_reduce6_int_512",
                 "cuda_reduce6_double_256", "cuda_cg_reduce_float_256", "cuda_reduce2_float_256"):
        k = corpus.get(name)
        host, want, size = ref_at(k)
        x, n = host["g_idata"].astype(np.float64), size["n"]
        bs = k.spec.block(size)[0]
        blocks = k.spec.grid(size)[0]
        sums = np.zeros(blocks)
        for b in range(blocks):
            t = np.arange(bs)
            if k.variant["kernel"] == "reduce2":
                sums[b] = x[b * bs + t].sum()
            elif k.variant["kernel"] == "reduce3":
                i = b * 2 * bs + t
                sums[b] = x[i].sum() + x[i + bs].sum()
            elif k.variant["kernel"] == "reduce6":  # nIsPow2: two elements per step
                i, grid_size = b * bs * 2 + t, bs * 2 * blocks
                while i[0] < n:
                    sums[b] += x[i].sum() + x[i + bs].sum()
                    i = i + grid_size
            else:  # cg_reduce: one element per step, stride blocks * bs
                i = b * bs + t
                while i[0] < n:
                    sums[b] += x[i].sum()
                    i = i + blocks * bs
        close(want["g_odata"], sums, rtol=1e-6, atol=0)


def test_llmc_matmul_references():
    host, want, _ = ref_at(corpus.get("llmc_matmul_forward4"))
    inp, w, b = (host[n].astype(np.float64) for n in ("inp", "weight", "bias"))
    expect = np.array([[b[o] + inp[t] @ w[o] for o in range(w.shape[0])]
                       for t in range(inp.shape[0])])
    close(want["out"], expect, rtol=1e-6, atol=1e-6)


def test_trimat_reference_follows_the_launch():
    """trimul_global<matmul_tri_registers>: blocks (bx, by, b*NH + nh), threads 16x16, each an
    8x8 block at i_base = 128 bx + 8 tx, j_base = 128 by + 8 ty, skipped when by > bx or
    j_base > i_base."""
    k = corpus.get("llmc_trimat_registers")
    host, want, size = ref_at(k)
    B, T, C, NH = size["B"], size["T"], size["C"], size["NH"]
    hs, c3 = C // NH, 3 * C
    inp = host["inp"].astype(np.float64).reshape(-1)
    out = np.zeros((B, NH, T, T))
    scale = 1.0 / np.float32(math.sqrt(hs))
    for z in range(B * NH):
        b, nh = z // NH, z % NH
        q0, k0 = b * T * c3 + nh * hs, b * T * c3 + nh * hs + C
        for bx in range(T // 128):
            for by in range(bx + 1):
                for tx in range(16):
                    for ty in range(16):
                        ib, jb = 128 * bx + 8 * tx, 128 * by + 8 * ty
                        if jb > ib:
                            continue
                        for i in range(ib, ib + 8):
                            qi = inp[q0 + i * c3:q0 + i * c3 + hs]
                            for j in range(jb, jb + 8):
                                out[b, nh, i, j] = qi @ inp[k0 + j * c3:k0 + j * c3 + hs] * \
                                    float(np.float32(scale))
    close(want["out"].values, out[want["out"].index], rtol=1e-6, atol=1e-6)


def test_layernorm_references_are_llmc_cpu_loops():
    for name in ("llmc_layernorm3_256", "triton_layernorm_float32_4096_w8"):
        k = corpus.get(name)
        host, want, size = ref_at(k)
        x = host.get("inp", host.get("x")).astype(np.float64)
        w, b = host.get("weight", host.get("w")), host.get("bias", host.get("b"))
        out = want.get("out", want.get("y"))
        for row_n, r in enumerate(range(x.shape[0])[out.index[0]]):
            m = sum(x[r]) / x.shape[1]
            v = sum((xi - m) ** 2 for xi in x[r]) / x.shape[1]
            s = 1.0 / math.sqrt(v + 1e-5)
            close(out.values[row_n], [(s * (xi - m)) * w[i] + b[i] for i, xi in enumerate(x[r])],
                  rtol=1e-9, atol=1e-9)
            close(want["mean"].values[row_n], m)
            close(want["rstd"].values[row_n], s)


def test_softmax_references():
    for name in ("llmc_softmax_online8_256", "triton_softmax_float16_4096_w8"):
        k = corpus.get(name)
        host, want, _ = ref_at(k)
        x = host.get("inp", host.get("x")).astype(np.float64)
        out = want.get("out", want.get("y"))
        for row_n, r in enumerate(range(x.shape[0])[out.index[0]]):
            mx = max(x[r])
            e = [math.exp(v - mx) for v in x[r]]
            close(out.values[row_n], [v / sum(e) for v in e], rtol=1e-12, atol=0)


def test_gelu_reference():
    host, want, _ = ref_at(corpus.get("llmc_gelu1_bf16_256"))
    x = bf16_value(host["inp"])[want["out"].index]
    expect = [0.5 * v * (1 + math.tanh(math.sqrt(2 / math.pi) * (v + 0.044715 * v ** 3)))
              for v in x.astype(np.float64)]
    close(want["out"].values, expect, rtol=1e-12, atol=1e-15)


def test_conv2d_reference_is_the_direct_loop():
    from numpy.lib.stride_tricks import sliding_window_view
    for name in ("conv3x3_r2x2_co8_ci4", "conv5x5_r2x2_co8_ci1_fp16"):
        host, want, _ = ref_at(corpus.get(name))
        x, w = host["X"].astype(np.float64), host["Wt"].astype(np.float64)
        win = sliding_window_view(x, w.shape[2:], axis=(2, 3))  # N, C, H, W, K, K
        close(want["Y"], np.einsum("nchwij,ocij->nohw", win, w) + host["bias"][None, :, None,
                                                                                 None],
              rtol=1e-6, atol=1e-6)
        n, co, y, xx = 0, 3, 5, 7  # one output by the definition's loops
        acc = host["bias"][co] + sum(w[co, ci, ky, kx] * x[n, ci, y + ky, xx + kx]
                                     for ci in range(x.shape[1]) for ky in range(w.shape[2])
                                     for kx in range(w.shape[3]))
        close(want["Y"][n, co, y, xx], acc, rtol=1e-6, atol=1e-6)


def test_nbody_references():
    for name in ("nbody_orig", "nbody_block"):
        k = corpus.get(name)
        host, want, size = ref_at(k)
        out = next(iter(want.values()))
        pos = host["p"].astype(np.float64)
        for row_n, i in enumerate(list(range(size["n"])[out.index[0]])[:20]):
            f = np.zeros(3)
            for j in range(size["n"]):
                d = pos[j, :3] - pos[i, :3]
                f += d / (d @ d + 1e-9) ** 1.5
            vel = (pos[i, 3:6] if name == "nbody_orig" else host["v"][i, :3].astype(np.float64))
            got = out.values[row_n, 3:6] if name == "nbody_orig" else out.values[row_n, :3]
            close(got, vel + np.float32(0.01) * f, rtol=1e-9, atol=1e-9)


def test_triton_matmul_reference():
    for name in ("triton_matmul_float16_64x128x32_s4w4_leaky_relu",
                 "triton_matmul_bfloat16_128x128x64_s3w8"):
        k = corpus.get(name)
        host, want, _ = ref_at(k)
        c = np.einsum("ik,kj->ij", host["a"].astype(np.float64), host["b"].astype(np.float64))
        if k.variant["activation"]:
            c = np.maximum(c, 0.01 * c)
        close(want["c"].values, c[want["c"].index], rtol=1e-9, atol=1e-9)
        if k.variant["dtype"] == "bfloat16":  # inputs hold bfloat16 values exactly
            assert np.array_equal(bf16_value(bf16_bits(host["a"])), host["a"])


def test_triton_attention_reference_is_the_kernels_online_softmax():
    for name in ("triton_attention_d64_128x64_s3w4", "triton_attention_d64_128x64_s3w4_causal"):
        k = corpus.get(name)
        host, want, size = ref_at(k)
        q, kk, v = (host[n].astype(np.float64) for n in "qkv")
        rows = list(range(size["N_CTX"])[want["o"].index[2]])
        qk_scale = 0.5 * 1.44269504
        for z, h in ((0, 0), (0, 1)):
            for r_n, i in enumerate(rows[:8]):
                m, l, acc = -np.inf, 1.0, np.zeros(q.shape[-1])
                for start in range(0, size["N_CTX"], k.variant["BLOCK_N"]):
                    keys = np.arange(start, start + k.variant["BLOCK_N"])
                    s = kk[z, h, keys] @ q[z, h, i] * qk_scale
                    if k.variant["causal"]:
                        s = np.where(keys <= i, s, -np.inf)
                    mij = max(m, s.max())
                    p = np.exp2(s - mij)
                    alpha = np.exp2(m - mij)
                    acc = acc * alpha + p @ v[z, h, keys]
                    l, m = l * alpha + p.sum(), mij
                # (the kernel's 1.44269504 for 1/ln 2 differs from the exact one by 6e-10)
                close(want["o"].values[z, h, r_n], acc / l, rtol=1e-6, atol=1e-9)
                close(want["M"].values[z, h, r_n], m + math.log2(l), rtol=1e-8, atol=1e-8)


# ---------------------------------------------------------------------------------- compiles

def _first_per_family():
    seen, out = set(), []
    for k in corpus.kernels():
        if k.family not in seen:
            seen.add(k.family)
            out.append(k)
    return out


@requires_llvm
@requires_sdk
@requires_triton
def _simulate_sort(entry, keys, vals, length, direction):
    """The sortingNetworks kernels' compare-exchange stages, all threads of a block at once."""
    limit = 1024
    k, v = keys.copy().reshape(-1, limit), vals.copy().reshape(-1, limit)
    t = np.arange(limit // 2)

    def exchange(lo, hi, d, mask=None):
        a, b = np.take_along_axis(k, lo, 1), np.take_along_axis(k, hi, 1)
        swap = (a > b) == d
        if mask is not None:
            swap &= mask
        for arr in (k, v):
            x, y = np.take_along_axis(arr, lo, 1), np.take_along_axis(arr, hi, 1)
            np.put_along_axis(arr, lo, np.where(swap, y, x), 1)
            np.put_along_axis(arr, hi, np.where(swap, x, y), 1)

    blocks = np.arange(k.shape[0])[:, None]
    if entry == "oddEvenMergeSortShared":
        size = 2
        while size <= length:
            stride = size // 2
            offset = t & (stride - 1)
            pos = 2 * t - (t & (stride - 1))
            exchange(np.broadcast_to(pos, k.shape[:1] + t.shape),
                     np.broadcast_to(pos + stride, k.shape[:1] + t.shape), direction)
            stride //= 2
            while stride > 0:
                pos = 2 * t - (t & (stride - 1))
                lo = np.broadcast_to(np.maximum(pos - stride, 0), k.shape[:1] + t.shape)
                exchange(lo, np.broadcast_to(pos, lo.shape), direction, offset >= stride)
                stride //= 2
            size *= 2
        return k.ravel(), v.ravel()
    top = length if entry == "bitonicSortShared" else limit
    size = 2
    while size < top:
        ddd = (t & (size // 2)) != 0
        if entry == "bitonicSortShared":
            ddd = ddd != bool(direction)
        stride = size // 2
        while stride > 0:
            pos = np.broadcast_to(2 * t - (t & (stride - 1)), k.shape[:1] + t.shape)
            exchange(pos, pos + stride, ddd)
            stride //= 2
        size *= 2
    final = (blocks & 1).astype(bool) if direction is None else bool(direction)
    stride = top // 2
    while stride > 0:
        pos = np.broadcast_to(2 * t - (t & (stride - 1)), k.shape[:1] + t.shape)
        exchange(pos, pos + stride, final)
        stride //= 2
    return k.ravel(), v.ravel()


def test_sorting_references_follow_the_networks():
    for k in corpus.kernels(family="cuda_sorting"):
        host, want, size = ref_at(k, {"n": 4096})
        direction = {"asc": 1, "desc": 0, "alt": None}[k.variant["dir"]]
        keys, vals = _simulate_sort(k.variant["kernel"], host["d_SrcKey"], host["d_SrcVal"],
                                    k.variant["arrayLength"], direction)
        idx = want["d_DstKey"].index
        close(want["d_DstKey"].values, keys[idx], 0, 0)
        close(want["d_DstVal"].values, vals[idx], 0, 0)
        assert np.all(host["d_SrcKey"][vals] == keys), k.name  # values follow their keys


def test_blackscholes_reference_is_the_exact_formula():
    from corpus.family.cuda_samples import RISKFREE, VOLATILITY
    host, want, _ = ref_at(corpus.get("cuda_blackscholes_64"))
    s, x, t = (host[n].astype(np.float64) for n in
               ("d_StockPrice", "d_OptionStrike", "d_OptionYears"))
    cdf = np.vectorize(lambda d: 0.5 * (1.0 + math.erf(d / math.sqrt(2.0))))
    d1 = (np.log(s / x) + (RISKFREE + 0.5 * VOLATILITY ** 2) * t) / (VOLATILITY * np.sqrt(t))
    d2 = d1 - VOLATILITY * np.sqrt(t)
    call = s * cdf(d1) - x * np.exp(-RISKFREE * t) * cdf(d2)
    put = call - s + x * np.exp(-RISKFREE * t)  # put-call parity
    # the kernel's CDF polynomial is within 7.5e-8 of the exact one
    close(values(want["d_CallResult"]), call[index(want["d_CallResult"])], 0, 2e-5)
    close(values(want["d_PutResult"]), put[index(want["d_PutResult"])], 0, 2e-5)


def test_fwt_references():
    host, want, _ = ref_at(corpus.get("cuda_fwt_batch1_8"))
    n = 256
    i = np.arange(n)
    bits = np.vectorize(lambda a: bin(a).count("1"))(i[:, None] & i[None, :])
    hadamard = np.where(bits % 2, -1.0, 1.0)
    exact = host["d_Input"].astype(np.float64) @ hadamard.T
    close(values(want["d_Output"]), exact[index(want["d_Output"])], 1e-5, 1e-5)
    for name in ("cuda_fwt_batch2_256_s4", "cuda_fwt_batch2_128_s64"):
        k = corpus.get(name)
        host, want, size = ref_at(k)
        stride = k.spec.params[2].value(size)
        x = host["d_Input"].astype(np.float64)
        out = np.zeros_like(x)
        for pos in range(size["N"] // 4):  # the kernel's own index arithmetic, thread by thread
            lo = pos & (stride - 1)
            i0 = ((pos - lo) << 2) + lo
            i1, i2, i3 = i0 + stride, i0 + 2 * stride, i0 + 3 * stride
            d0, d1, d2, d3 = x[:, i0], x[:, i1], x[:, i2], x[:, i3]
            out[:, i0], out[:, i1] = d0 + d2 + d1 + d3, d0 + d2 - d1 - d3
            out[:, i2], out[:, i3] = d0 - d2 + d1 - d3, d0 - d2 - d1 + d3
        close(want["d_Output"], out, 1e-6, 1e-6)


def test_one_kernel_per_family_compiles_for_sm_90():
    for k in _first_per_family():
        row = compile_kernel(k.name, "sm_90", seeds=(0,))
        d = row["schedules"]["default"]
        assert d["vgpr"] and d["decisions"], k.name
        assert row["schedules"]["random0"]["decisions"] == d["decisions"], k.name


@requires_llvm
@requires_triton
def test_amd_forms_compile():
    from agentsched.tools import sdk
    have_rocm = (sdk.HIP_INCLUDE / "hip_runtime.h").exists()
    names = ["conv3x3_r2x2_co8_ci4", "fa_decode", "triton_softmax_float32_2048_w8"] + \
        (["nbody_block"] if have_rocm else [])
    for name in names:
        for t in corpus.amd_targets(corpus.get(name)):
            row = compile_kernel(name, t, seeds=())
            assert row["schedules"]["default"]["vgpr"] and \
                row["schedules"]["default"]["occupancy"], (name, t)
    assert corpus.amd_targets(corpus.get("nbody_unroll")) == ()  # no HIP port of it
    with pytest.raises(ValueError, match="no form for gfx942"):
        corpus.get("nbody_unroll").ir("gfx942")


@requires_llvm
@requires_sdk
@requires_triton
def test_gpu_script_up_to_the_gpu(tmp_path):
    carry = tmp_path / "carry"
    script = ROOT / "bench" / "corpus_gpu_check.py"
    names = ["sgemm_dbuf_64x128x16_w32x32_t4x4", "triton_softmax_float32_1000_w4"]
    p = subprocess.run([sys.executable, str(script), "carry", "--carry", str(carry), *names],
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stderr + p.stdout
    man = json.loads((carry / "manifest.json").read_text())
    assert [e["kernel"] for e in man["kernels"]] == names
    assert man["kernels"][1]["target"] == "sm_90a" and man["kernels"][1]["triton_llir_digest"]
    p = subprocess.run([sys.executable, str(script), "run", str(tmp_path / "out"), "--dry-run",
                        "--carry", str(carry)], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr + p.stdout
    dry = json.loads((tmp_path / "out" / "corpus_gpu_check.dry.json").read_text())
    assert all(r.get("ok") for r in dry["kernels"]), dry
    # one kernel's failure is recorded and the other still runs
    man["kernels"][0]["size"] = {"M": 1}
    (carry / "manifest.json").write_text(json.dumps(man))
    p = subprocess.run([sys.executable, str(script), "run", str(tmp_path / "out2"),
                        "--dry-run", "--carry", str(carry)], capture_output=True, text=True)
    assert p.returncode == 1
    rows = json.loads((tmp_path / "out2" / "corpus_gpu_check.dry.json").read_text())["kernels"]
    assert "carry again" in rows[0]["error"] and rows[1]["ok"]
    # a changed PTX is refused before anything runs
    ptx = carry / "ptx" / f"{names[0]}.ptx"
    ptx.write_text(ptx.read_text() + "\n// changed\n")
    p = subprocess.run([sys.executable, str(script), "run", str(tmp_path / "out"), "--dry-run",
                        "--carry", str(carry)], capture_output=True, text=True)
    assert p.returncode != 0 and "changed since the carry" in p.stderr
    shutil.rmtree(carry)
