"""mini-nbody (Mark Harris; in ROCm/HIP-Examples, Apache-2.0): all-pairs gravitational forces,
unchanged (tests/data/public/HIP-Examples/mini-nbody). Four CUDA versions of one kernel,
bodyForce: orig (array of structs, every body read from global memory), soa (float4 position
and velocity arrays), block (positions staged in shared memory tiles of 256), unroll (block
with the tile loop unrolled); orig, soa and block have the authors' HIP ports (hip/*.cpp,
1.0f / sqrtf for rsqrtf), which give the AMD forms. Built as the authors' scripts build them
(-I.. -DSHMOO).

    F_i = sum_j d_ij / (|d_ij|^2 + 1e-9)^(3/2),  d_ij = p_j - p_i;   v_i += dt F_i

BLOCK_SIZE is #defined to 256 in every file (not overridable), so n must be a multiple of 256
(the tiled versions read whole tiles and every thread must reach their barriers).
"""
from __future__ import annotations

import numpy as np

from agentsched.kernels.spec import Buffer, Scalar

from ..core import (
    COMPUTE,
    PUBLIC,
    CorpusKernel,
    CorpusSpec,
    Family,
    Sampled,
    Work,
    need_multiple,
    rows_sample,
)

SRC = PUBLIC / "HIP-Examples" / "mini-nbody"
DT = 0.01
SOFTENING = 1e-9
FAMILIES = [
    Family("nbody", "cuda", COMPUTE,
           "https://github.com/ROCm/HIP-Examples @ cdf9d101acd9a3fc89ee750f73c1f1958cbd5cc3 "
           "(mini-nbody)", "Apache-2.0",
           "All-pairs n-body forces: a single accumulation loop of ~20 FP32 operations and an "
           "rsqrtf per pair; array-of-structs, float4 arrays, shared-memory tiles, unrolled "
           "tiles.", efficiency=0.3, amd_targets=("gfx942", "gfx1100")),
]


def forces(pos: np.ndarray, rows) -> np.ndarray:
    """float64 F_i for the bodies `rows` (an index into pos[:, :3])."""
    p = np.asarray(pos, np.float64)[:, :3]
    pi = p[rows]
    out = np.empty_like(pi)
    for a in range(0, len(pi), 256):  # (256 x n) pairs at a time
        d = p[None, :, :] - pi[a:a + 256, None, :]
        inv = (np.einsum("ijk,ijk->ij", d, d) + SOFTENING) ** -1.5
        out[a:a + 256] = np.einsum("ij,ijk->ik", inv, d)
    return out


def _aos_inputs(size, rng):  # nbody-orig: Body {x, y, z, vx, vy, vz}
    return {"p": rng.uniform(-1, 1, (size["n"], 6)).astype(np.float32)}


def _aos_reference(host, size):
    p = np.asarray(host["p"])
    rows = rows_sample(size["n"])
    want = p[rows].astype(np.float64)
    want[:, 3:] += np.float32(DT) * forces(p, rows)
    return {"p": Sampled((rows,), want)}


def _soa_inputs(size, rng):  # float4 pos[n], vel[n] (randomizeBodies fills w too)
    return {"p": rng.uniform(-1, 1, (size["n"], 4)).astype(np.float32),
            "v": rng.uniform(-1, 1, (size["n"], 4)).astype(np.float32)}


def _soa_reference(host, size):
    rows = rows_sample(size["n"])
    want = np.asarray(host["v"])[rows].astype(np.float64)
    want[:, :3] += np.float32(DT) * forces(host["p"], rows)
    return {"v": Sampled((rows,), want)}


def _work(s):
    n = s["n"]
    # per pair: 3 sub, 3 fma + add (distSqr), rsqrt, 2 mul, 3 fma = ~20 flops (rsqrt as 4)
    return Work(20.0 * n * n, 4.0 * (8 * n + 4 * n))


def _nbody(version, n):
    name = f"nbody_{version}"
    aos = version == "orig"

    def grid(s):
        need_multiple(name, s, n=256)
        return (s["n"] // 256, 1, 1)

    params = ((Buffer("p", "float32", lambda s: (s["n"], 6), output=True),) if aos else
              (Buffer("p", "float32", lambda s: (s["n"], 4)),
               Buffer("v", "float32", lambda s: (s["n"], 4), output=True))) + \
        (Scalar("dt", "float32", lambda s: DT), Scalar("n", "int32", lambda s: s["n"]))
    common = dict(
        name=name, entry="bodyForce", params=params, grid=grid, block=lambda s: (256, 1, 1),
        inputs=_aos_inputs if aos else _soa_inputs,
        reference=_aos_reference if aos else _soa_reference,
        default_size={"n": n}, small_size={"n": 1024}, include_dirs=(SRC,),
        defines={"SHMOO": ""},
        # fp32 sums of n terms of very different size (close pairs dominate): ~1e-5 relative
        rtol=1e-3, atol=1e-3, work_fn=_work,
        description=f"mini-nbody {version} (nbody-{version}.cu)")
    spec = CorpusSpec(source=SRC / "cuda" / f"nbody-{version}.cu", **common)
    amd = CorpusSpec(source=SRC / "hip" / f"nbody-{version}.cpp", lang="hip", **common) \
        if version != "unroll" else None
    return CorpusKernel(name, "nbody", {"version": version}, spec, amd_spec=amd)


KERNELS = [_nbody("orig", 16384), _nbody("soa", 16384), _nbody("block", 32768),
           _nbody("unroll", 32768)]
