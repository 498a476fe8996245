"""The vendors' SDKs as the tool assembles them: the CUDA path from NVIDIA's wheels, and ROCm
device libraries for GPUs Debian's rocm-device-libs 5.2.3 predates (gfx942, gfx1100), whose
generated oclc_isa_version library must give the code a real one gives."""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from agentsched.llvm.compile import stock_asm
from agentsched.llvm.frontend import emit_ir
from agentsched.targets import parse_target
from agentsched.tools import sdk

from .conftest import requires_llvm

ROCM = (sdk.ROCM_BITCODE / "ocml.bc").exists() and (sdk.HIP_INCLUDE / "hip_runtime.h").exists()
requires_rocm = pytest.mark.skipif(not ROCM, reason="Debian's rocm-device-libs / "
                                   "libamdhip64-dev missing (scripts/install-deps.sh)")

MATH = """#include <hip/hip_runtime.h>
__global__ void maths(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = x[i];
    y[i] = expf(v) + sqrtf(fabsf(v)) + rsqrtf(v * v + 1.0f) + sinf(v) + logf(fabsf(v) + 1.0f)
         + tanhf(v) + powf(fabsf(v), 1.5f) + erff(v);
  }
}
"""


def _dis(path: Path) -> str:
    return subprocess.run(["llvm-dis-19", str(path), "-o", "-"], capture_output=True, text=True,
                          check=True).stdout


def test_isa_version_numbers():
    assert [sdk.isa_version(t) for t in ("gfx90a", "gfx940", "gfx942", "gfx1036", "gfx1100")] == \
        [9010, 9400, 9402, 10306, 11000]


@requires_llvm
@requires_rocm
def test_isa_version_formula_matches_every_debian_library():
    for lib in sdk.ROCM_BITCODE.glob("oclc_isa_version_*.bc"):
        target = "gfx" + lib.stem.rsplit("_", 1)[1]
        value = int(re.search(r"@__oclc_ISA_version = .* constant i32 (\d+)", _dis(lib)).group(1))
        assert sdk.isa_version(target) == value, lib.name


@requires_llvm
@requires_rocm
def test_device_libraries_test_the_isa_version_only_where_new_gpus_agree_with_old_ones():
    """Every ISA-version test in ocml/ockl is one of these; 9402 (gfx942) and 11000 (gfx1100)
    decide each as 9400 (gfx940) and 10306 (gfx1036), whose libraries Debian has."""
    tests = set()
    for lib in ("ocml.bc", "ockl.bc"):
        text = _dis(sdk.ROCM_BITCODE / lib)
        loads = re.findall(r"(%\d+) = load i32, ptr addrspace\(4\) @__oclc_ISA_version", text)
        for reg in loads:
            tests.update(re.findall(rf"icmp (\w+) i32 {reg}, (\d+)", text))
    assert tests
    ops = {"slt": lambda a, b: a < b, "sgt": lambda a, b: a > b, "eq": lambda a, b: a == b,
           "ult": lambda a, b: a < b, "ugt": lambda a, b: a > b, "ne": lambda a, b: a != b,
           "sge": lambda a, b: a >= b, "sle": lambda a, b: a <= b}
    for op, k in tests:
        for new, old in ((9402, 9400), (11000, 10306)):
            assert ops[op](new, int(k)) == ops[op](old, int(k)), (op, k)


@requires_llvm
@requires_rocm
@pytest.mark.parametrize("new,old", [("gfx942", "gfx940"), ("gfx1100", "gfx1036")])
def test_generated_isa_library_links_the_same_maths_as_a_real_one(tmp_path, new, old):
    src = tmp_path / "maths.hip"
    src.write_text(MATH)
    texts = {}
    for t in (new, old):
        text = emit_ir(src, parse_target(t)).read_text()
        assert not re.search(r"^declare [^\n]*@(?!llvm\.)", text, re.M)  # all resolved
        # target names and the features they imply are the only expected difference
        texts[t] = re.sub(r'"target-features"="[^"]*"', "", text).replace(t, "GPU")
    assert texts[new] == texts[old]
    assert (sdk.rocm_device_libs(new)[0] / f"oclc_isa_version_{new[3:]}.bc").exists()


@requires_llvm
@requires_rocm
def test_ocml_maths_become_native_instructions_on_gfx1100(tmp_path):
    src = tmp_path / "maths.hip"
    src.write_text(MATH)
    t = parse_target("gfx1100")
    asm = stock_asm(emit_ir(src, t), t)
    for insn in ("v_exp_f32", "v_log_f32", "v_sqrt_f32", "v_rsq_f32"):
        assert insn in asm, insn
    assert "s_swappc" not in asm  # no calls left


@requires_llvm
@requires_rocm
def test_code_object_and_device_library_abi_agree(tmp_path):
    from agentsched.llvm.frontend import clang_job
    src = tmp_path / "maths.hip"
    src.write_text(MATH)
    t = parse_target("gfx942")
    text = emit_ir(src, t).read_text()
    assert '!"amdhsa_code_object_version", i32 500' in text
    job = clang_job(src, t)
    driver = subprocess.run([*job.argv, "-###", str(src)], capture_output=True, text=True)
    assert "oclc_abi_version_500.bc" in driver.stderr


def test_sdk_status_says_which_ptxas_and_why(tmp_path):
    import os

    from agentsched.tools.programs import find_ptxas, ptxas_release

    from .conftest import cli
    r = cli("sdk", "status")
    assert r.returncode == 0, r.stderr
    first = r.stdout.splitlines()[0]
    used = find_ptxas()
    if used is None:
        assert first.startswith("ptxas: none")
        return
    assert first.startswith(f"ptxas: {used} ({ptxas_release(used)}), from ")
    # AGENTSCHED_PTXAS comes first; naming no file is an error, not a fall-back
    env = dict(os.environ, AGENTSCHED_PTXAS=used)
    first = cli("sdk", "status", env=env).stdout.splitlines()[0]
    assert first.startswith(f"ptxas: {used} (") and "from AGENTSCHED_PTXAS" in first
    env["AGENTSCHED_PTXAS"] = str(tmp_path / "no-ptxas")
    first = cli("sdk", "status", env=env).stdout.splitlines()[0]
    assert first == (f"ptxas: AGENTSCHED_PTXAS={tmp_path / 'no-ptxas'}: no such file (unset "
                     "it to take ptxas from PATH, /usr/local/cuda or the sdk extra)")
    r = cli("compile", "fused_mlp", "-t", "sm_90", "-o", str(tmp_path / "k.ptx"), env=env)
    assert r.returncode == 1 and "AGENTSCHED_PTXAS=" in r.stderr
