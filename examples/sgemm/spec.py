"""KernelSpec for siboehm/SGEMM_CUDA's vectorized SGEMM, used unchanged: the file is the
author's (vendored with its licence under tests/data/public/SGEMM_CUDA); this spec only says
which template instance to compile and how to launch, feed and check it."""
import numpy as np

from agentsched.kernels.spec import Buffer, KernelSpec, Scalar

BM = BN = 128
BK = TM = TN = 8


def inputs(size, rng):
    M, N, K = size["M"], size["N"], size["K"]
    return {"A": rng.uniform(-1, 1, (M, K)).astype(np.float32),
            "B": rng.uniform(-1, 1, (K, N)).astype(np.float32),
            "C": rng.uniform(-1, 1, (M, N)).astype(np.float32)}


def reference(host, size):
    a, b, c = (host[k].astype(np.float64) for k in "ABC")
    return {"C": (0.5 * (a @ b) + 0.25 * c).astype(np.float32)}


def grid(s):
    for dim, tile in (("M", BM), ("N", BN), ("K", BK)):
        if s[dim] % tile:
            raise ValueError(f"sgemm: {dim}={s[dim]} must be a multiple of {tile}")
    return (s["N"] // BN, s["M"] // BM, 1)


SPEC = KernelSpec(
    name="sgemm_vectorize",
    source="../../tests/data/public/SGEMM_CUDA/src/kernels/6_kernel_vectorize.cuh",
    entry=f"sgemmVectorize<{BM}, {BN}, {BK}, {TM}, {TN}>",  # as in the author's runner.cu
    params=(Scalar("M", "int32", lambda s: s["M"]), Scalar("N", "int32", lambda s: s["N"]),
            Scalar("K", "int32", lambda s: s["K"]), Scalar("alpha", "float32", lambda s: 0.5),
            Buffer("A", "float32", lambda s: (s["M"], s["K"])),
            Buffer("B", "float32", lambda s: (s["K"], s["N"])),
            Scalar("beta", "float32", lambda s: 0.25),
            Buffer("C", "float32", lambda s: (s["M"], s["N"]), output=True)),
    grid=grid,
    block=lambda s: ((BM * BN) // (TM * TN), 1, 1),  # 256 threads: also the launch bounds
    inputs=inputs,
    reference=reference,
    default_size={"M": 4096, "N": 4096, "K": 4096},
    small_size={"M": 256, "N": 256, "K": 256},
    rtol=1e-3, atol=1e-3,
    description="siboehm/SGEMM_CUDA kernel 6 (vectorized 2D blocktiling), unchanged",
)
