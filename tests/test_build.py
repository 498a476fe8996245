"""Whole CUDA and HIP programs built with clang-19 and the plugin (agentsched/tools/build.py,
docs/build.md): what the wrapper adds to clang's command line, where clang puts it (-###),
and unchanged public programs built with make: stock equals plain clang-19's device code byte
for byte, the policy changes it, the fat binary holds sm_90 SASS and PTX, the host code is
untouched. CPU only: programs are compiled and linked, never run."""
from __future__ import annotations

import importlib.util
import json
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from agentsched.core import env as envvars
from agentsched.tools import build
from agentsched.tools.plugin import plugin_path

from .conftest import DATA, requires_llvm

ROOT = Path(__file__).resolve().parents[1]
PROGRAMS = DATA / "programs"
POLICY_SM90 = ROOT / "policies" / "sm_90.json"
POLICY_GFX942 = ROOT / "policies" / "gfx942.json"
OWN = [envvars.BUILD_POLICY, envvars.BUILD_DB, envvars.BUILD_MISCHED, envvars.BUILD_REPORT_DIR,
       envvars.BUILD_VERBOSE, envvars.BUILD_PLUGIN, envvars.BUILD_CUDA_PATH,
       envvars.BUILD_SELECT]


def _cuobjdump() -> str | None:
    spec = importlib.util.find_spec("triton")
    if spec and spec.origin:
        cand = Path(spec.origin).parent / "backends" / "nvidia" / "bin" / "cuobjdump"
        if cand.is_file():
            return str(cand)
    return shutil.which("cuobjdump")


def _have_cuda_build() -> bool:
    try:
        build.cuda_build_path()
    except Exception:  # noqa: BLE001 - wheels or fatbinary missing: the reason is in the skip
        return False
    return True


def _have_rocm() -> bool:
    from agentsched.tools import sdk
    return (sdk.ROCM_BITCODE / "ocml.bc").exists() and \
        (sdk.HIP_INCLUDE / "hip_runtime.h").exists() and \
        Path("/usr/lib/llvm-19/bin/clang-offload-bundler").exists()


requires_cuda_build = pytest.mark.skipif(
    not _have_cuda_build() or _cuobjdump() is None,
    reason="NVIDIA's CUDA wheels (`pip install agentsched[sdk]`), a fatbinary (`agentsched "
    "build --install-fatbinary`) and cuobjdump (the triton extra) are needed")
requires_hip = pytest.mark.skipif(
    not _have_rocm(), reason="Debian's libamdhip64-dev, rocm-device-libs and clang-tools-19 "
    "(clang-offload-bundler) are needed (scripts/install-deps.sh)")


def clean_env(**extra: str) -> dict[str, str]:
    """This process's environment without the wrapper's settings, plus `extra`."""
    e = {k: v for k, v in os.environ.items() if k not in OWN}
    e["PYTHONPATH"] = str(ROOT) + (os.pathsep + e["PYTHONPATH"] if e.get("PYTHONPATH") else "")
    return {**e, **extra}


# ---------------------------------------------------------------- the command line

CUDA_C = ["-x", "cuda", "--cuda-gpu-arch=sm_90", "-O3", "-c", "k.cu", "-o", "k.o"]


def test_nothing_to_apply_adds_only_the_sdk():
    e = clean_env(**{envvars.BUILD_CUDA_PATH: "/sdk/cuda"})
    assert build.command("clang++", CUDA_C, e) == ["clang++-19", *CUDA_C, "--cuda-path=/sdk/cuda"]
    mine = [*CUDA_C, "--cuda-path=/my/cuda"]  # the caller's own SDK is kept
    assert build.command("clang++", mine, e) == ["clang++-19", *mine]


@pytest.mark.parametrize("args", [
    ["-O2", "-c", "host.cpp", "-o", "host.o"],  # C++: not a device compile
    ["a.o", "b.o", "-o", "prog", "-lcudart"],  # a link of objects
    ["-x", "cuda", "-E", "k.cu"],  # preprocessing
    ["-x", "cuda", "--cuda-host-only", "-c", "k.cu"],  # the host side only
])
def test_other_commands_pass_through_unchanged(args):
    e = clean_env(**{envvars.BUILD_POLICY: str(POLICY_SM90)})
    assert build.command("clang++", args, e) == ["clang++-19", *args]


def test_policy_goes_to_the_device_jobs():
    e = clean_env(**{envvars.BUILD_POLICY: str(POLICY_SM90),
                     envvars.BUILD_CUDA_PATH: "/sdk/cuda"})
    cmd = build.command("clang++", CUDA_C, e)
    assert cmd[:len(CUDA_C) + 2] == ["clang++-19", *CUDA_C, "--cuda-path=/sdk/cuda"]
    added = cmd[len(CUDA_C) + 2:]
    assert added[0] == f"-fplugin={plugin_path()}"
    pairs = list(zip(added[1::2], added[2::2]))
    assert pairs == [("-Xarch_device", "-mllvm=-enable-misched"),
                     ("-Xarch_device", "-mllvm=-misched=agent-sched"),
                     ("-Xarch_device", f"-mllvm=-agent-sched-policy={POLICY_SM90}")]


def test_misched_alone_is_llvms_scheduler_without_the_plugin():
    e = clean_env(**{envvars.BUILD_MISCHED: "1", envvars.BUILD_CUDA_PATH: "/sdk/cuda"})
    assert build.command("clang++", CUDA_C, e)[-2:] == ["-Xarch_device", "-mllvm=-enable-misched"]
    assert not any("plugin" in a or "agent-sched" in a for a in build.command("clang++", CUDA_C, e))


def test_policies_per_architecture():
    args = ["-x", "cuda", "--cuda-gpu-arch=sm_80", "--cuda-gpu-arch=sm_90", "-c", "k.cu"]
    e = clean_env(**{envvars.BUILD_POLICY: f"sm_90={POLICY_SM90}",
                     envvars.BUILD_CUDA_PATH: "/sdk/cuda"})
    cmd = build.command("clang++", args, e)
    assert "-Xarch_sm_90" in cmd and "-Xarch_sm_80" not in cmd and "-Xarch_device" not in cmd


def test_own_flags_are_removed_and_win(tmp_path):
    e = clean_env(**{envvars.BUILD_CUDA_PATH: "/sdk/cuda"})
    cmd = build.command("clang++", [*CUDA_C, f"--agentsched-policy={POLICY_SM90}",
                                    f"--agentsched-report-dir={tmp_path}"], e)
    assert not any(a.startswith("--agentsched") for a in cmd)
    assert f"-mllvm=-agent-sched-policy={POLICY_SM90}" in cmd
    report = [a for a in cmd if a.startswith("-mllvm=-agent-sched-report=")]
    assert len(report) == 1 and report[0].endswith(".device.json")


@pytest.mark.parametrize("value, message", [
    ("missing.json", "policy file missing.json not found"),
    (f"sm_9x={POLICY_SM90}", "'sm_9x' is not a GPU architecture"),
    (f"{POLICY_SM90},{POLICY_SM90}", "more than one policy"),
])
def test_bad_policy_is_one_clear_error(value, message):
    with pytest.raises(build.BuildError, match=message):
        build.command("clang++", CUDA_C, clean_env(**{envvars.BUILD_POLICY: value}))


def test_bad_policy_from_the_wrapper_exits_1(tmp_path):
    p = subprocess.run([sys.executable, "-m", "agentsched.tools.build", "clang++", *CUDA_C],
                       capture_output=True, text=True, cwd=tmp_path,
                       env=clean_env(**{envvars.BUILD_POLICY: "nope.json"}))
    assert p.returncode == 1
    assert p.stderr.strip() == \
        "agentsched-clang++: error: AGENTSCHED_POLICY: policy file nope.json not found"


def test_database_hook_needs_the_plugins_option(tmp_path):
    db = tmp_path / "tuned.db"
    db.write_bytes(b"")
    e = clean_env(**{envvars.BUILD_DB: str(db), envvars.BUILD_CUDA_PATH: "/sdk/cuda"})
    if build.plugin_has_option(plugin_path(), "agent-sched-db"):  # once the db lands
        assert f"-mllvm=-agent-sched-db={db}" in build.command("clang++", CUDA_C, e)
    else:
        with pytest.raises(build.BuildError, match="no -agent-sched-db option"):
            build.command("clang++", CUDA_C, e)


def test_hip_rdc_is_refused_with_a_policy():
    args = ["-x", "hip", "--offload-arch=gfx942", "-fgpu-rdc", "-c", "k.hip", "-nogpulib"]
    with pytest.raises(build.BuildError, match="-fgpu-rdc"):
        build.command("clang++", args, clean_env(**{envvars.BUILD_POLICY: str(POLICY_GFX942)}))


# ---------------------------------------------------------------- where clang puts it (-###)

def _jobs(cmd: list[str], cwd: Path) -> list[list[str]]:
    """The commands clang would run (-###), each as its argument list."""
    p = subprocess.run([*cmd, "-###"], capture_output=True, text=True, cwd=cwd)
    assert p.returncode == 0, p.stderr
    return [shlex.split(line) for line in p.stderr.splitlines() if line.startswith(' "')]


def _cc1(jobs: list[list[str]], triple_prefix: str) -> list[str]:
    [job] = [j for j in jobs if "-cc1" in j and j[j.index("-triple") + 1].startswith(triple_prefix)]
    return job


@requires_llvm
@requires_cuda_build
def test_cuda_options_reach_the_device_cc1_job_only(tmp_path):
    (tmp_path / "k.cu").write_text("__global__ void k(float *x) { x[threadIdx.x] *= 2.f; }\n")
    e = clean_env(**{envvars.BUILD_POLICY: str(POLICY_SM90)})
    jobs = _jobs(build.command("clang++", CUDA_C, e), tmp_path)
    device, host = _cc1(jobs, "nvptx64"), _cc1(jobs, "x86_64")
    llvm_opts = [device[i + 1] for i, a in enumerate(device) if a == "-mllvm"]
    assert {"-enable-misched", "-misched=agent-sched",
            f"-agent-sched-policy={POLICY_SM90}"} <= set(llvm_opts)
    assert not any("misched" in a or "agent-sched" in a for a in host)
    # the plugin is loaded by both cc1 jobs (clang forwards -fplugin to no single job), and
    # only registers its options in the host job
    assert str(plugin_path()) in device and str(plugin_path()) in host
    assert any(j[0].endswith("/ptxas") for j in jobs) and any("fatbinary" in j[0] for j in jobs)


@requires_llvm
@requires_hip
def test_hip_options_reach_the_device_cc1_job_and_not_lld(tmp_path):
    (tmp_path / "k.hip").write_text("__global__ void k(float *x) { x[threadIdx.x] *= 2.f; }\n")
    args = ["-x", "hip", "--offload-arch=gfx942", "-O3", "-nogpuinc", "-c", "k.hip", "-o", "k.o"]
    e = clean_env(**{envvars.BUILD_POLICY: str(POLICY_GFX942)})
    jobs = _jobs(build.command("clang++", args, e), tmp_path)
    device, host = _cc1(jobs, "amdgcn"), _cc1(jobs, "x86_64")
    assert f"-agent-sched-policy={POLICY_GFX942}" in device
    assert "-enable-misched" not in device  # AMDGPU runs its machine scheduler anyway
    assert not any("agent-sched" in a for a in host)
    [lld] = [j for j in jobs if Path(j[0]).name == "lld"]
    assert lld[0] == str(build.lld_shim_dir() / "lld")  # which drops the plugin's options


# ---------------------------------------------------------------- unchanged programs, built

def _agentsched_build(options: list[str], command: list[str], cwd: Path) -> str:
    p = subprocess.run([sys.executable, "-m", "agentsched.cli", "build", *options, "--",
                        *command], capture_output=True, text=True, cwd=cwd, env=clean_env())
    assert p.returncode == 0, p.stdout[-3000:] + p.stderr[-3000:]
    return p.stderr


def _extract_cuda(exe: Path, out: Path) -> dict[str, bytes]:
    """Every cubin and PTX of an executable's fat binary, by cuobjdump's name for it."""
    out.mkdir()
    for what in ("-xelf", "-xptx"):
        subprocess.run([_cuobjdump(), what, "all", str(exe)], cwd=out, check=True,
                       capture_output=True)
    return {f.name.split(".", 1)[1]: f.read_bytes() for f in sorted(out.iterdir())}


CUDA_MAKEFILE = PROGRAMS / "cuda-samples" / "clang" / "Makefile"
PUBLIC = DATA / "public"


@pytest.fixture(scope="module")
def cuda_samples(tmp_path_factory):
    """cuda-samples' matrixMul and cudaTensorCoreGemm, unchanged, built with make (out of
    tree) three ways: plain clang++-19 given the same CUDA tree at the end of its command line,
    where the wrapper puts it; agentsched-clang++ with nothing to apply; and with
    policies/sm_90.json."""
    base = tmp_path_factory.mktemp("cuda-samples")
    cuda = build.cuda_build_path()
    builds = {}
    for way in ("plain", "stock", "policy"):
        out = base / way
        out.mkdir()
        make = ["make", "-f", str(CUDA_MAKEFILE), f"CUDA_PATH={cuda}"]
        if way == "plain":
            p = subprocess.run([*make, "CXX=clang++-19", f"LDLIBS=--cuda-path={cuda}",
                                "matrixMul"], cwd=out, capture_output=True, text=True)
            assert p.returncode == 0, p.stderr[-3000:]
            log = ""
        else:
            opts = ["--policy", str(POLICY_SM90), "--report-dir", str(base / "reports")] \
                if way == "policy" else []
            log = _agentsched_build(opts, [*make, "-j2", "CXX=agentsched-clang++"], out)
        builds[way] = (out, log)
    return base, builds


@requires_llvm
@requires_cuda_build
def test_cuda_program_stock_is_plain_clang_and_the_policy_changes_it(cuda_samples):
    base, builds = cuda_samples
    code = {way: _extract_cuda(src / "matrixMul", base / f"{way}-matrixMul")
            for way, (src, _) in builds.items()}
    assert sorted(code["plain"]) == ["1.sm_90.cubin", "1.sm_90.ptx"]  # SASS and PTX, sm_90
    assert code["stock"] == code["plain"]  # byte for byte
    assert code["policy"]["1.sm_90.ptx"] != code["plain"]["1.sm_90.ptx"]
    assert code["policy"]["1.sm_90.cubin"] != code["plain"]["1.sm_90.cubin"]
    ptx = code["plain"]["1.sm_90.ptx"].decode()
    assert ptx.count(".visible .entry") == 2  # MatrixMulCUDA<16> and <32>


@requires_llvm
@requires_cuda_build
def test_cuda_program_policy_build_reports_every_kernel(cuda_samples):
    base, builds = cuda_samples
    src, log = builds["policy"]
    reports = {f.name: json.loads(f.read_text()) for f in (base / "reports").glob("*.json")}
    kernels = {n.rsplit("_", 1)[1].split(".")[0]: {p["function"] for p in r["pass_list"]}
               for n, r in reports.items()}
    assert kernels == {"matrixMul": {"_Z13MatrixMulCUDAILi16EEvPfS0_S0_ii",
                                     "_Z13MatrixMulCUDAILi32EEvPfS0_S0_ii"},
                       "cudaTensorCoreGemm": {"_Z12compute_gemmPK6__halfS1_PKfPfff",
                                              "_Z16simple_wmma_gemmP6__halfS0_PfS1_iiiff"}}
    assert all(r["changed"] > 0 and r["stale"] == 0 for r in reports.values())
    assert "2 device compiles scheduled by the plugin (4 kernels" in log
    gemm = _extract_cuda(src / "cudaTensorCoreGemm", base / "policy-gemm")
    assert sorted(gemm) == ["1.sm_90.cubin", "1.sm_90.ptx"]
    stock = _extract_cuda(builds["stock"][0] / "cudaTensorCoreGemm", base / "stock-gemm")
    assert gemm["1.sm_90.ptx"] != stock["1.sm_90.ptx"]


@requires_llvm
@requires_cuda_build
def test_host_code_is_untouched_by_the_policy(tmp_path):
    src = PUBLIC / "cuda-samples" / "Samples" / "0_Introduction" / "matrixMul" / "matrixMul.cu"
    common = PUBLIC / "cuda-samples" / "Common"
    objs = {}
    for way, extra in (("stock", {}), ("policy", {envvars.BUILD_POLICY: str(POLICY_SM90)})):
        args = ["-x", "cuda", "--cuda-gpu-arch=sm_90", "-O3", "-I", str(common), "-c", str(src),
                "-o", str(tmp_path / f"{way}.o")]
        cmd = build.command("clang++", args, clean_env(**extra))
        subprocess.run(cmd, check=True, capture_output=True)
        text = tmp_path / f"{way}.text"
        subprocess.run(["llvm-objcopy-19", "--dump-section", f".text={text}",
                        str(tmp_path / f"{way}.o")], check=True)
        objs[way] = text.read_bytes()
    assert objs["policy"] == objs["stock"]


def _hip_code_object(exe: Path, tmp: Path) -> bytes:
    bundle, co = tmp / f"{exe.name}.bundle", tmp / f"{exe.name}.co"
    subprocess.run(["llvm-objcopy-19", "--dump-section", f".hip_fatbin={bundle}", str(exe)],
                   check=True)
    subprocess.run(["/usr/lib/llvm-19/bin/clang-offload-bundler", "--type=o", f"--input={bundle}",
                    "--unbundle", "--targets=hipv4-amdgcn-amd-amdhsa--gfx942",
                    f"--output={co}"], check=True)
    return co.read_bytes()


@requires_llvm
@requires_hip
def test_hip_program_with_its_own_makefile(tmp_path):
    """rocm-examples' prefix_sum (two kernels) with its own Makefile, unchanged: HIPCXX and
    CXXFLAGS as its README says (clang does not add hipcc's -O3 by itself). The three builds
    run in one directory, plain clang++-19 given the device libraries at the end of its command
    line (LDLIBS), where the wrapper puts them: clang's default CUID, a symbol in the code
    object, hashes the input's path and the command line."""
    from agentsched.tools.sdk import rocm_device_libs
    libs, _ = rocm_device_libs("gfx942")
    shutil.copytree(PUBLIC / "rocm-examples", tmp_path / "rocm-examples")
    src = tmp_path / "rocm-examples" / "Applications" / "prefix_sum"
    flags = "CXXFLAGS=--offload-arch=gfx942 -O3"
    code = {}
    for way in ("plain", "stock", "policy"):
        subprocess.run(["make", "clean"], cwd=src, check=True, capture_output=True)
        if way == "plain":
            p = subprocess.run(["make", "HIPCXX=clang++-19", flags,
                                f"LDLIBS=--rocm-device-lib-path={libs}"],
                               cwd=src, capture_output=True, text=True)
            assert p.returncode == 0, p.stderr[-3000:]
        else:
            opts = ["--policy", str(POLICY_GFX942), "--report-dir", str(tmp_path / "reports")] \
                if way == "policy" else []
            _agentsched_build(opts, ["make", "HIPCXX=agentsched-clang++", flags], src)
        exe = src / "applications_prefix_sum"
        assert exe.is_file()
        code[way] = _hip_code_object(exe, tmp_path)
    assert code["stock"] == code["plain"]
    assert code["policy"] != code["plain"]
    assert code["plain"][:4] == b"\x7fELF"
    [report] = (tmp_path / "reports").glob("*.json")
    rep = json.loads(report.read_text())
    assert {p["function"] for p in rep["pass_list"]} == {"_Z16block_prefix_sumPfii",
                                                         "_Z17device_prefix_sumPfii"}
    assert rep["changed"] > 0 and rep["stale"] == 0


def test_fatbinary_shim_rewrites_only_clangs_image_options(tmp_path):
    """CUDA 13's fatbinary dropped --image=profile=...: the shim gives it --image3 and passes
    everything else on, in order (here to printf, which shows the arguments it got)."""
    shim = tmp_path / "fatbinary"
    shim.write_text(build._SHIM % shutil.which("printf"))
    shim.chmod(0o755)
    p = subprocess.run([str(shim), "%s\\n", "-64", "--create", "o.fatbin",
                        "--image=profile=sm_90,file=k.cubin",
                        "--image=profile=compute_90,file=k.s", "--image=profile=sm_90a,file=a o"],
                       capture_output=True, text=True, check=True)
    assert p.stdout.splitlines() == ["-64", "--create", "o.fatbin",
                                     "--image3=kind=elf,sm=90,file=k.cubin",
                                     "--image3=kind=ptx,sm=90,file=k.s",
                                     "--image3=kind=elf,sm=90a,file=a o"]


def test_lld_shim_drops_only_the_plugins_options(tmp_path):
    shim = tmp_path / "lld"
    shim.write_text(build._LLD_SHIM % shutil.which("printf"))
    shim.chmod(0o755)
    p = subprocess.run([str(shim), "%s\\n", "-plugin-opt=mcpu=gfx942",
                        "-plugin-opt=-agent-sched-policy=/p.json",
                        "-plugin-opt=-misched=agent-sched", "-plugin-opt=-amdgpu-internalize-symbols",
                        "k.o"], capture_output=True, text=True, check=True)
    assert p.stdout.splitlines() == ["-plugin-opt=mcpu=gfx942",
                                     "-plugin-opt=-amdgpu-internalize-symbols", "k.o"]


@requires_llvm
@requires_cuda_build
def test_build_env_prints_what_a_build_runs_with():
    p = subprocess.run([sys.executable, "-m", "agentsched.cli", "build", "--env", "--policy",
                        str(POLICY_SM90)], capture_output=True, text=True, env=clean_env())
    assert p.returncode == 0, p.stderr
    lines = dict(ln.removeprefix("export ").split("=", 1) for ln in p.stdout.splitlines())
    assert lines["AGENTSCHED_POLICY"] == str(POLICY_SM90)
    assert lines["CUDACXX"].endswith("/bin/agentsched-clang++")
    assert lines["PATH"].endswith('":$PATH"')


def test_build_without_a_command_is_a_usage_error():
    p = subprocess.run([sys.executable, "-m", "agentsched.cli", "build"], capture_output=True,
                       text=True, env=clean_env())
    assert p.returncode == 2 and "give the build command after --" in p.stderr


# ---------------------------------------------------------------- select: the model's choice

TWO_KERNELS = r"""
// a tiled GEMM whose schedule the shipped policy changes, and a copy it leaves as it is
extern "C" __global__ void gemm(const float* __restrict__ A, const float* __restrict__ B,
                                float* __restrict__ C, int N) {
  __shared__ float As[16][16], Bs[16][16];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * 16 + ty, col = blockIdx.x * 16 + tx;
  float acc = 0.f;
  for (int t = 0; t < N; t += 16) {
    As[ty][tx] = A[row * N + t + tx];
    Bs[ty][tx] = B[(t + ty) * N + col];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < 16; ++k) acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[row * N + col] = acc;
}

extern "C" __global__ void copy(const float* __restrict__ x, float* __restrict__ y) {
  y[blockIdx.x * blockDim.x + threadIdx.x] = x[blockIdx.x * blockDim.x + threadIdx.x];
}
"""


def _sure_model(path: Path) -> Path:
    """A model sure that every changed kernel is 1.5x faster (constant trees; the shipped
    model is that sure for about 0.1% of held-out predictions)."""
    import math
    path.write_text(json.dumps({
        "format": "agentsched-perfmodel/1", "features": ["d_registers"],
        **{k: {"bias": math.log(v), "trees": []}
           for k, v in (("mean", 1.5), ("lo", 1.4), ("hi", 1.6))}}))
    return path


def _wrapped(args: list[str], cwd: Path, **extra: str) -> subprocess.CompletedProcess:
    """agentsched-clang++ as a build runs it (the launcher's module)."""
    p = subprocess.run([sys.executable, "-m", "agentsched.llvm.clang", "clang++", *args],
                       capture_output=True, text=True, cwd=cwd, env=clean_env(**extra))
    assert p.returncode == 0, p.stderr[-3000:]
    return p


def _kernels(cubin: Path) -> dict[str, bytes]:
    from agentsched.targets import sass
    return {f.name: f.code for f in sass.read_cubin(cubin.read_bytes()).functions}


@requires_llvm
@requires_cuda_build
def test_select_not_sure_is_plain_clang_byte_for_byte(tmp_path):
    (tmp_path / "two.cu").write_text(TWO_KERNELS)
    cuda = build.cuda_build_path()
    args = ["-x", "cuda", "--cuda-gpu-arch=sm_90", "-O3", "-c", "two.cu"]
    subprocess.run(["clang++-19", *args, "-o", "plain.o", f"--cuda-path={cuda}"], cwd=tmp_path,
                   check=True, capture_output=True)
    _wrapped([*args, "-o", "select.o", "--agentsched-select",
              f"--agentsched-report-dir={tmp_path / 'r'}"], tmp_path,
             **{envvars.BUILD_POLICY: str(POLICY_SM90)})
    assert (tmp_path / "select.o").read_bytes() == (tmp_path / "plain.o").read_bytes()
    [rep] = [json.loads(f.read_text()) for f in (tmp_path / "r").iterdir()]  # no plugin report
    choice = {r["kernel"]: r for r in rep["kernels"]}
    assert rep["policy_kernels"] == [] and set(choice) == {"gemm", "copy"}
    assert choice["copy"]["reason"] == "the policy's machine code is LLVM's"
    g = choice["gemm"]
    assert g["chosen"] == "llvm" and not g["predicted"]["lo"] > 1
    assert "not sure" in g["reason"] or "slower" in g["reason"]
    from agentsched.targets import perfmodel
    assert g["model"] == perfmodel.load().sha256[:16]


@requires_llvm
@requires_cuda_build
def test_select_sure_takes_the_policy_for_that_kernel_only(tmp_path):
    (tmp_path / "two.cu").write_text(TWO_KERNELS)
    model = _sure_model(tmp_path / "sure.json")
    dev = ["-x", "cuda", "--cuda-gpu-arch=sm_90", "-O3", "--cuda-device-only", "-c", "two.cu"]
    pol = {envvars.BUILD_POLICY: str(POLICY_SM90)}
    p = _wrapped([*dev, "-o", "select.cubin", f"--agentsched-select={model}",
                  f"--agentsched-report-dir={tmp_path / 'r'}", "--agentsched-verbose"],
                 tmp_path, **pol)
    assert "-agent-sched-function=gemm -Xarch_sm_90 -mllvm=-agent-sched-others-unscheduled" \
        in p.stderr
    _wrapped([*dev, "-o", "policy.cubin"], tmp_path, **pol)
    _wrapped([*dev, "-o", "plain.cubin"], tmp_path)
    sel, policy, plain = (_kernels(tmp_path / f"{n}.cubin")
                          for n in ("select", "policy", "plain"))
    assert sel["gemm"] == policy["gemm"] != plain["gemm"]  # the policy's gemm
    assert sel["copy"] == plain["copy"]  # plain clang-19's copy
    reports = {f.name: json.loads(f.read_text()) for f in (tmp_path / "r").iterdir()}
    [choice] = [r for n, r in reports.items() if n.endswith(".select.json")]
    [plugin] = [r for n, r in reports.items() if not n.endswith(".select.json")]
    assert choice["policy_kernels"] == ["gemm"]
    assert {p["function"] for p in plugin["pass_list"]} == {"gemm"}  # only gemm hooked
    gemm = next(r for r in choice["kernels"] if r["kernel"] == "gemm")
    assert gemm["predicted"]["lo"] > 1 and gemm["reason"].startswith("the model is sure")


def test_select_keeps_llvms_schedule_on_hip_and_archs_the_model_lacks(tmp_path):
    from agentsched.llvm import clang
    s = build.Settings(policies={"": POLICY_SM90}, select=True, report_dir=tmp_path)
    for lang, arch, why in (("hip", "gfx942", "AMD performance model is not calibrated"),
                            ("cuda", "sm_80", "predicts sm_90 SASS only")):
        c = build.Compile(lang, [arch], str(tmp_path / f"{arch}.o"), ["k.cu"], True, True,
                          False)
        assert clang.choose(s, c, "clang++-19", [], [], clean_env()) == {arch: []}
        [r] = json.loads(next(tmp_path.glob(f"*{arch}.o.{arch}.select.json")).read_text())[
            "kernels"]
        assert r["chosen"] == "llvm" and why in r["reason"]


def test_select_needs_the_llvm_layers_wrapper():
    e = clean_env(**{envvars.BUILD_POLICY: str(POLICY_SM90), envvars.BUILD_CUDA_PATH: "/c"})
    with pytest.raises(build.BuildError, match="agentsched.llvm.clang"):
        build.command("clang++", [*CUDA_C, "--agentsched-select"], e)
    # without a policy there is nothing to choose: plain clang-19
    assert build.command("clang++", [*CUDA_C, "--agentsched-select"], clean_env(
        **{envvars.BUILD_CUDA_PATH: "/c"})) == ["clang++-19", *CUDA_C, "--cuda-path=/c"]
    with pytest.raises(build.BuildError, match="performance model /nope.json not found"):
        build.settings(["--agentsched-select=/nope.json"], {})


def test_build_env_select_exports_the_setting(tmp_path):
    p = subprocess.run([sys.executable, "-m", "agentsched.cli", "build", "--env", "--policy",
                        str(POLICY_SM90), "--select"], capture_output=True, text=True,
                       env=clean_env())
    assert p.returncode == 0, p.stderr
    lines = dict(ln.removeprefix("export ").split("=", 1) for ln in p.stdout.splitlines())
    assert lines["AGENTSCHED_SELECT"] == "1"
    assert "-m agentsched.llvm.clang clang++" in Path(lines["CUDACXX"]).read_text()


@requires_llvm
@requires_cuda_build
def test_others_unscheduled_leaves_the_other_kernels_as_plain_clang(tmp_path):
    """-agent-sched-others-unscheduled: under -enable-misched the kernels the plugin's
    -agent-sched-function does not name keep plain clang-19's order, not GenericScheduler's."""
    (tmp_path / "two.cu").write_text(TWO_KERNELS)
    dev = ["-x", "cuda", "--cuda-gpu-arch=sm_90", "-O3", "--cuda-device-only", "-c", "two.cu"]
    _wrapped([*dev, "-o", "plain.cubin"], tmp_path)
    _wrapped([*dev, "-o", "misched.cubin", "--agentsched-misched"], tmp_path)
    only_copy = [f"-fplugin={plugin_path()}", *[x for o in (
        "-enable-misched", "-misched=agent-sched", f"-agent-sched-policy={POLICY_SM90}",
        "-agent-sched-function=copy", "-agent-sched-others-unscheduled")
        for x in ("-Xarch_device", f"-mllvm={o}")]]
    _wrapped([*dev, "-o", "only_copy.cubin", *only_copy], tmp_path)
    plain, misched, only = (_kernels(tmp_path / f"{n}.cubin")
                            for n in ("plain", "misched", "only_copy"))
    assert misched["gemm"] != plain["gemm"]  # the machine scheduler moves gemm's code ...
    assert only["gemm"] == plain["gemm"]  # ... not when gemm is left unscheduled


@requires_llvm
@requires_cuda_build
def test_select_with_a_failing_model_is_plain_clang(tmp_path):
    (tmp_path / "two.cu").write_text(TWO_KERNELS)
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    dev = ["-x", "cuda", "--cuda-gpu-arch=sm_90", "-O3", "--cuda-device-only", "-c", "two.cu"]
    _wrapped([*dev, "-o", "plain.cubin"], tmp_path)
    _wrapped([*dev, "-o", "select.cubin", f"--agentsched-select={broken}",
              f"--agentsched-report-dir={tmp_path / 'r'}"], tmp_path,
             **{envvars.BUILD_POLICY: str(POLICY_SM90)})
    assert (tmp_path / "select.cubin").read_bytes() == (tmp_path / "plain.cubin").read_bytes()
    [rep] = [json.loads(f.read_text()) for f in (tmp_path / "r").iterdir()]
    assert rep["kernels"] and all(r["chosen"] == "llvm" and r["reason"].startswith(
        "the model failed (PerfModelError") for r in rep["kernels"])


def test_select_summary_counts_kernels_not_whole_compiles(tmp_path):
    # a HIP compile or a failed pre-pass is one record without a kernel: it was counted as a
    # kernel ("0 of 1 kernels") for a build that had no per-kernel choice at all
    from agentsched.cli.build import select_summary
    (tmp_path / "a.o.sm_90.select.json").write_text(json.dumps({"kernels": [
        {"kernel": "k1", "chosen": "llvm", "reason": "not sure"},
        {"kernel": "k2", "chosen": "policy", "reason": "the model is sure"}]}))
    (tmp_path / "b.o.gfx942.select.json").write_text(json.dumps({"kernels": [
        {"kernel": None, "chosen": "llvm", "reason": "HIP: the AMD performance model is not "
         "calibrated"}]}))
    lines = select_summary(tmp_path)
    assert lines[0].startswith("select: 1 of 2 kernels took the policy's schedule")
    assert lines[1] == "  k2 (a.o.sm_90): the model is sure"
    assert lines[2] == "select: 1 device compiles got no per-kernel choice, plain clang-19's code:"
    assert lines[3].startswith("  b.o.gfx942: HIP: the AMD performance model")
    (tmp_path / "a.o.sm_90.select.json").unlink()
    assert select_summary(tmp_path)[0].startswith("select: 0 of 0 kernels")
