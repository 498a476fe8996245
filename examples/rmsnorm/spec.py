"""KernelSpec for rmsnorm.cu: everything agentsched needs to compile, run, check and time it."""
import numpy as np

from agentsched.kernels.spec import Buffer, KernelSpec, Scalar


def inputs(size, rng):
    return {"x": rng.standard_normal((size["rows"], size["cols"]), dtype=np.float32),
            "w": rng.standard_normal(size["cols"], dtype=np.float32)}


def reference(host, size):
    x = host["x"].astype(np.float64)
    rms = np.sqrt((x * x).mean(axis=1, keepdims=True) + 1e-6)
    return {"y": (x / rms * host["w"]).astype(np.float32)}


SPEC = KernelSpec(
    name="rmsnorm",
    source="rmsnorm.cu",  # relative to this file
    entry="rmsnorm",
    params=(Buffer("x", "float32", lambda s: (s["rows"], s["cols"])),
            Buffer("w", "float32", lambda s: (s["cols"],)),
            Buffer("y", "float32", lambda s: (s["rows"], s["cols"]), output=True),
            Scalar("cols", "int32", lambda s: s["cols"]),
            Scalar("eps", "float32", lambda s: 1e-6)),
    grid=lambda s: (s["rows"], 1, 1),
    block=lambda s: (256, 1, 1),
    inputs=inputs,
    reference=reference,
    default_size={"rows": 16384, "cols": 4096},
    small_size={"rows": 8, "cols": 512},
    rtol=1e-3, atol=1e-4,
    description="RMSNorm, one row per block",
)
