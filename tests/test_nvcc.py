"""nvcc's build of the same CUDA source, the baseline timed beside the schedules (where nvcc
is installed): the same kernel symbol as agentsched's IR names, a template instance as the
user names it, and a clear reason when there is none."""
import shutil

import pytest

from agentsched.kernels.nvcc import nvcc_module
from agentsched.kernels.ref import BuildOptions, resolve_kernel
from agentsched.llvm.ir import ir_entry
from agentsched.targets import parse_target

from .conftest import DATA, requires_llvm

needs_nvcc = pytest.mark.skipif(shutil.which("nvcc") is None, reason="no nvcc here")


@requires_llvm
@needs_nvcc
def test_nvcc_builds_the_kernel_agentsched_names(tmp_path):
    t = parse_target("sm_90")
    src = DATA / "public/SGEMM_CUDA/src/kernels/6_kernel_vectorize.cuh"
    k = resolve_kernel(src, BuildOptions(entry="sgemmVectorize<128, 128, 8, 8, 8>"))
    cubin, note = nvcc_module(k, t)
    assert cubin is not None, note
    assert ir_entry(k.ir(t)).encode() in cubin and note.startswith("nvcc -cubin -O3")


def test_no_baseline_is_said_why():
    t = parse_target("sm_90")
    assert nvcc_module(resolve_kernel("fused_mlp"), t)[1].startswith(
        "no nvcc baseline: written on agentsched's own header") or shutil.which("nvcc") is None
    src = DATA / "public/rocm-examples/Applications/histogram/main.hip"
    m, note = nvcc_module(resolve_kernel(src), t)
    assert m is None and "not a CUDA source" in note
