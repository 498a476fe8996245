"""A direct 2D convolution written for the corpus (corpus/src/conv2d.cu, on agentsched_gpu.h:
the same source compiles for sm_90 and as HIP for gfx942/gfx1100). Variants: filter size,
register tile per thread, output channels per block, input channels per unrolled step, FP32 or
FP16 storage, launch bounds."""
from __future__ import annotations

import numpy as np

from agentsched.kernels.spec import Buffer, Scalar

from ..core import COMPUTE, OWN_SRC, CorpusKernel, CorpusSpec, Family, Work, need_multiple

FAMILIES = [
    Family("conv2d", "cuda", COMPUTE, "written for the corpus (corpus/src/conv2d.cu)",
           "the project's",
           "Direct NCHW convolution, stride 1, pre-padded input: 16x16 threads, RY x RX output "
           "pixels x CO output channels per thread in registers, CI input channels staged in "
           "shared memory per fully unrolled step; FP32 or FP16 storage, FP32 accumulation.",
           efficiency=0.35, amd_targets=("gfx942", "gfx1100")),
]


def _inputs(k, dtype):
    def inputs(size, rng):
        N, C, H, W, CO = (size[d] for d in ("N", "C", "H", "W", "CO"))
        # weights scaled so that outputs are O(1) whatever C and K
        scale = 1.0 / np.sqrt(C * k * k)
        return {"X": rng.uniform(-1, 1, (N, C, H + k - 1, W + k - 1)).astype(dtype),
                "Wt": (rng.uniform(-1, 1, (CO, C, k, k)) * scale).astype(dtype),
                "bias": rng.uniform(-1, 1, CO).astype(np.float32)}
    return inputs


def conv2d_reference(x: np.ndarray, w: np.ndarray, bias: np.ndarray) -> np.ndarray:
    """float64 'valid' cross-correlation: one (CO x C) @ (C x N*H*W) product per tap."""
    x = np.asarray(x, dtype=np.float64)
    w = np.asarray(w, dtype=np.float64)
    n, c, hp, wp = x.shape
    co, _, k, _ = w.shape
    h, wd = hp - k + 1, wp - k + 1
    out = np.zeros((co, n, h, wd))
    xt = x.transpose(1, 0, 2, 3)  # C, N, HP, WP
    for ky in range(k):
        for kx in range(k):
            win = xt[:, :, ky:ky + h, kx:kx + wd].reshape(c, -1)
            out += (w[:, :, ky, kx] @ win).reshape(co, n, h, wd)
    return (out.transpose(1, 0, 2, 3) + np.asarray(bias, dtype=np.float64)[None, :, None, None])


def _reference(host, size):
    return {"Y": conv2d_reference(host["X"], host["Wt"], host["bias"]).astype(np.float32)}


def _work(k, elem):
    def work(s):
        N, C, H, W, CO = (s[d] for d in ("N", "C", "H", "W", "CO"))
        return Work(2.0 * N * CO * H * W * C * k * k + N * CO * H * W,
                    elem * (N * C * (H + k - 1) * (W + k - 1) + CO * C * k * k)
                    + 4.0 * (CO + N * CO * H * W))
    return work


def _conv(k, rx, ry, co, ci, dtype="float32", minb=1, size=None):
    fp16 = dtype == "float16"
    name = f"conv{k}x{k}_r{ry}x{rx}_co{co}_ci{ci}" + ("_fp16" if fp16 else "") + \
        (f"_minb{minb}" if minb > 1 else "")
    tw, th = 16 * rx, 16 * ry
    size = size or {"N": 8, "C": 64, "H": 128, "W": 128, "CO": 64}

    def grid(s):
        need_multiple(name, s, W=tw, H=th, C=ci, CO=co)
        return ((s["W"] // tw) * (s["H"] // th), s["N"] * s["CO"] // co, 1)

    elem = 2 if fp16 else 4
    spec = CorpusSpec(
        name=name, source=OWN_SRC / "conv2d.cu", entry=name,
        params=(Buffer("X", dtype, lambda s: (s["N"], s["C"], s["H"] + k - 1, s["W"] + k - 1)),
                Buffer("Wt", dtype, lambda s: (s["CO"], s["C"], k, k)),
                Buffer("bias", "float32", lambda s: (s["CO"],)),
                Buffer("Y", "float32", lambda s: (s["N"], s["CO"], s["H"], s["W"]), output=True),
                Scalar("C", "int32", lambda s: s["C"]), Scalar("H", "int32", lambda s: s["H"]),
                Scalar("W", "int32", lambda s: s["W"]), Scalar("CO", "int32", lambda s: s["CO"])),
        grid=grid, block=lambda s: (256, 1, 1), inputs=_inputs(k, np.dtype(dtype)),
        reference=_reference, default_size=size,
        small_size={"N": 1, "C": 2 * ci, "H": th, "W": 2 * tw, "CO": 2 * co},
        defines={"CONV_NAME": name, "CONV_K": k, "CONV_RX": rx, "CONV_RY": ry, "CONV_CO": co,
                 "CONV_CI": ci, "CONV_MINB": minb, "CONV_T": "_Float16" if fp16 else "float"},
        rtol=1e-3, atol=1e-4, work_fn=_work(k, elem),
        description=f"{k}x{k} direct convolution, {ry}x{rx} pixels x {co} output channels per "
                    f"thread, {ci} input channels per step, {dtype} storage"
                    + (f", launch bounds (256, {minb})" if minb > 1 else ""))
    variant = {"K": k, "RX": rx, "RY": ry, "CO": co, "CI": ci, "dtype": dtype, "min_blocks": minb}
    return CorpusKernel(name, "conv2d", variant, spec, amd_spec=spec)


KERNELS = [
    _conv(3, 2, 2, 8, 4),
    _conv(3, 4, 2, 8, 4),
    _conv(3, 2, 2, 16, 2),
    _conv(3, 2, 2, 8, 4, dtype="float16"),
    _conv(3, 2, 2, 16, 2, minb=2),
    _conv(5, 2, 2, 8, 2, size={"N": 8, "C": 32, "H": 128, "W": 128, "CO": 64}),
    _conv(5, 2, 2, 8, 1, dtype="float16", size={"N": 8, "C": 32, "H": 128, "W": 128, "CO": 64}),
]
