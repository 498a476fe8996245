"""Users' own CUDA and HIP kernels, unchanged: real public kernels (tests/data/public, their
licences and sources in its README) compiled with clang-19 and the vendors' real headers and
device libraries, by the name their authors gave them, with their flags and launch bounds.

No mocks: clang-19, llc-19 with the plugin, ptxas from NVIDIA's wheel. Skips name what is
missing (`make setup` installs all of it).
"""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from agentsched.llvm.compile import compile_ir, stock_asm
from agentsched.llvm.frontend import EntryError, describe, emit_ir, ir_kernel_symbols
from agentsched.llvm.ir import ir_entry
from agentsched.llvm.metrics import static_metrics
from agentsched.targets import parse_target
from agentsched.targets.amdgpu import kernel_asm as amdgpu_kernel_asm
from agentsched.tools import sdk
from agentsched.tools.programs import find_ptxas

from .conftest import cli, requires_llvm

PUBLIC = Path(__file__).parent / "data" / "public"
OWN = Path(__file__).parent / "data" / "own"


def _have_cuda() -> bool:
    try:
        sdk.cuda_sdk()
        return True
    except sdk.SdkMissing:
        return False


def _have_rocm() -> bool:
    return (sdk.HIP_INCLUDE / "hip_runtime.h").exists() and (sdk.ROCM_BITCODE / "ocml.bc").exists()


requires_cuda = pytest.mark.skipif(not _have_cuda(), reason="NVIDIA's CUDA wheels missing: "
                                   "pip install 'agentsched[sdk]' (make setup)")
requires_rocm = pytest.mark.skipif(not _have_rocm(), reason="Debian's libamdhip64-dev / "
                                   "rocm-device-libs missing (scripts/install-deps.sh)")
requires_headers = pytest.mark.skipif(
    not all((sdk.headers_dir() / f"{d}-{v}" / "include").is_dir() for d, v, _ in sdk.HEADER_WHEELS),
    reason="cuBLAS/cuRAND headers missing: agentsched sdk install (make setup)")

SAMPLES = PUBLIC / "cuda-samples"
NBODY = PUBLIC / "HIP-Examples" / "mini-nbody"
ROCM_EX = PUBLIC / "rocm-examples"

# (file, entry as a user writes it, demangled name expected, build options)
CUDA_CASES = [
    ("SGEMM_CUDA/src/kernels/6_kernel_vectorize.cuh", "sgemmVectorize<128, 128, 8, 8, 8>",
     "sgemmVectorize<128, 128, 8, 8, 8>", {}),
    ("SGEMM_CUDA/src/kernels/10_kernel_warptiling.cuh",
     "sgemmWarptiling<128,128,16,64,64,4,8,4,128>",
     "sgemmWarptiling<128, 128, 16, 64, 64, 4, 8, 4, 128>", {}),
    ("llm.c/dev/cuda/layernorm_forward.cu", "layernorm_forward_kernel3",
     "layernorm_forward_kernel3", {}),
    ("llm.c/dev/cuda/softmax_forward.cu", "softmax_forward_online_kernel8",
     "softmax_forward_online_kernel8", {}),
    ("llm.c/dev/cuda/gelu_forward.cu", "gelu_forward_kernel2", "gelu_forward_kernel2", {}),
    ("llm.c/dev/cuda/permute.cu", "permute_kernel", "permute_kernel", {}),  # nvcc's <time.h>
    ("llm.c/dev/cuda/matmul_forward.cu", "matmul_forward_kernel4", "matmul_forward_kernel4",
     {}),  # host OpenMP (omp.h) and cuBLASLt beside the kernels
    ("cuda-samples/Samples/0_Introduction/matrixMul/matrixMul.cu", "MatrixMulCUDA<32>",
     "MatrixMulCUDA<32>", {"include_dirs": [SAMPLES / "Common"]}),
    ("cuda-samples/Samples/2_Concepts_and_Techniques/reduction/reduction_kernel.cu",
     "reduce6<int, 256, true>", "reduce6<int, 256u, true>", {}),
    ("cuda-samples/Samples/2_Concepts_and_Techniques/reduction/reduction_kernel.cu",
     "cg_reduce<float>", "cg_reduce<float>", {}),
    ("cuda-samples/Samples/0_Introduction/fp16ScalarProduct/fp16ScalarProduct.cu",
     "scalarProductKernel_intrinsics", "scalarProductKernel_intrinsics",
     {"include_dirs": [SAMPLES / "Common"]}),
    ("HIP-Examples/mini-nbody/cuda/nbody-block.cu", None, "bodyForce",
     {"include_dirs": [NBODY], "defines": {"SHMOO": ""}}),
]

HIP_CASES = [
    ("rocm-examples/HIP-Basic/matrix_multiplication/main.hip", "matrix_multiplication_kernel<16>",
     "matrix_multiplication_kernel<16u>", {"include_dirs": [ROCM_EX / "Common"]}),
    ("rocm-examples/Applications/prefix_sum/main.hip", "device_prefix_sum", "device_prefix_sum",
     {"include_dirs": [ROCM_EX / "Common"]}),
    ("HIP-Examples/mini-nbody/hip/nbody-block.cpp", None, "bodyForce",
     {"include_dirs": [NBODY], "defines": {"SHMOO": ""}, "lang": "hip"}),
]


def _compile(path, target, entry, build):
    t = parse_target(target)
    ir = emit_ir(PUBLIC / path, t, entry=entry, **build)
    return t, ir, compile_ir(ir, t)


def _name_of(symbol: str) -> str:
    return describe([symbol])[0].name


@requires_llvm
@requires_cuda
@requires_headers
@pytest.mark.parametrize("path,entry,name,build", CUDA_CASES,
                         ids=[f"{Path(c[0]).name}:{c[1]}" for c in CUDA_CASES])
def test_public_cuda_kernel_compiles_unchanged_for_sm90(path, entry, name, build):
    t, ir, res = _compile(path, "sm_90", entry, build)
    assert res.entry and _name_of(res.entry) == name
    assert res.report["decisions"] > 0
    # every decision point belongs to the named kernel
    assert re.search(rf"^\.visible \.entry {re.escape(res.entry)}\(", res.asm, re.M)
    if find_ptxas():
        m = static_metrics(res.asm, t, entry=res.entry)
        assert m.vgpr and m.vgpr > 0


@requires_llvm
@requires_rocm
@pytest.mark.parametrize("target", ["gfx1100", "gfx942"])
@pytest.mark.parametrize("path,entry,name,build", HIP_CASES,
                         ids=[f"{Path(c[0]).parent.name}:{c[1]}" for c in HIP_CASES])
def test_public_hip_kernel_compiles_unchanged(path, entry, name, build, target):
    t, ir, res = _compile(path, target, entry, build)
    assert _name_of(res.entry) == name
    text = ir.read_text()
    # HIP's runtime and maths come from the device libraries: nothing left unresolved
    assert not re.search(r"^declare [^\n]*@(?!llvm\.)", text, re.M)
    m = static_metrics(res.asm, t, entry=res.entry)
    assert m.vgpr > 0 and m.occupancy > 0


# ---------------------------------------------------------------- naming the kernel

@requires_llvm
@requires_cuda
@requires_headers
def test_template_instance_is_instantiated_when_the_file_does_not():
    src = PUBLIC / "SGEMM_CUDA/src/kernels/6_kernel_vectorize.cuh"
    t = parse_target("sm_90")
    with pytest.raises(EntryError, match="defines no kernel"):
        emit_ir(src, t)  # templates only
    a = emit_ir(src, t, entry="sgemmVectorize<128, 128, 8, 8, 8>")
    b = emit_ir(src, t, entry="sgemmVectorize<128,128,8,8,8>")
    c = emit_ir(src, t, entry="sgemmVectorize<64, 64, 8, 8, 8>")
    assert a == b and ir_entry(a) == "_Z14sgemmVectorizeILi128ELi128ELi8ELi8ELi8EEviiifPfS0_fS0_"
    assert ir_entry(c) != ir_entry(a)
    assert ir_kernel_symbols(a.read_text()) == [ir_entry(a)]


@requires_llvm
@requires_cuda
def test_instance_the_file_already_has_needs_no_wrapper():
    src = PUBLIC / "cuda-samples/Samples/2_Concepts_and_Techniques/reduction/reduction_kernel.cu"
    ir = emit_ir(src, parse_target("sm_90"), entry="reduce6<int, 256, true>")
    text = ir.read_text()
    assert "source_filename = \"reduction_kernel.cu\"" in text  # the file's own IR
    assert len(ir_kernel_symbols(text)) > 20  # the sample instantiates every variant itself


@requires_llvm
@requires_cuda
@requires_headers
def test_multi_kernel_file_entry_selects_metrics_and_hooks_only_that_kernel(tmp_path):
    src = PUBLIC / "llm.c/dev/cuda/softmax_forward.cu"
    t = parse_target("sm_90")
    figures = {}
    for entry in ("softmax_forward_kernel1", "softmax_forward_online_kernel8"):
        ir = emit_ir(src, t, entry=entry)
        log = tmp_path / f"{entry}.jsonl"
        res = compile_ir(ir, t, state_log=log)
        functions = {json.loads(line)["function"] for line in log.read_text().splitlines()}
        assert functions == {res.entry}
        figures[entry] = (res.report["decisions"], static_metrics(res.asm, t, entry=res.entry))
    assert figures["softmax_forward_kernel1"][0] != figures["softmax_forward_online_kernel8"][0]
    if find_ptxas():
        assert figures["softmax_forward_kernel1"][1] != figures["softmax_forward_online_kernel8"][1]


@requires_llvm
@requires_rocm
@pytest.mark.parametrize("base", ["target", "generic"])
def test_other_kernels_keep_llvms_schedule_under_an_agent(base):
    from agentsched.agents import make_agent
    src = PUBLIC / "rocm-examples/Applications/prefix_sum/main.hip"
    t = parse_target("gfx1100")
    ir = emit_ir(src, t, entry="block_prefix_sum", include_dirs=[ROCM_EX / "Common"])
    agent = make_agent("min_pressure")
    try:
        res = compile_ir(ir, t, agent=agent, base=base)
    finally:
        agent.close()
    stock = stock_asm(ir, t)
    other = "_Z17device_prefix_sumPfii"
    assert amdgpu_kernel_asm(res.asm, other)[0] == amdgpu_kernel_asm(stock, other)[0]
    assert amdgpu_kernel_asm(res.asm, res.entry)[0] != amdgpu_kernel_asm(stock, res.entry)[0]


@requires_llvm
@requires_cuda
def test_no_entry_is_the_whole_module_and_a_wrong_one_lists_the_kernels(tmp_path):
    """Without --entry a file of several kernels is compiled and scheduled as a whole: every
    kernel measured, by its source name; --entry naming none lists them."""
    src = PUBLIC / "llm.c/dev/cuda/layernorm_forward.cu"
    r = cli("compile", str(src), "-t", "sm_90", "-o", str(tmp_path / "k.ptx"),
            "--json", str(tmp_path / "k.json"))
    assert r.returncode == 0, r.stderr
    ks = json.loads((tmp_path / "k.json").read_text())["kernels"]
    assert len(ks) == 8 and "layernorm_forward_kernel1" in [k["name"] for k in ks]
    assert all(k["vgpr"] for k in ks) and "8 kernels" in r.stdout
    # the whole module's PTX is what the eight one-kernel compiles give for each kernel
    ptx = (tmp_path / "k.ptx").read_text()
    assert all(f".entry {k['symbol']}" in ptx for k in ks)
    r = cli("compile", str(src), "-t", "sm_90", "--entry", "layernorm_kernel9",
            "-o", str(tmp_path / "w.ptx"))
    assert r.returncode != 0
    assert "does not define kernel 'layernorm_kernel9'" in r.stderr
    assert "layernorm_forward_kernel3" in r.stderr
    assert not (tmp_path / "w.ptx").exists()
    if _have_rocm():
        r = cli("compile", str(PUBLIC / "llm.c/dev/cuda/gelu_forward.cu"), "-t", "gfx942",
                "-o", str(tmp_path / "k.s"))
        assert r.returncode != 0 and "a CUDA source: compile it for an NVIDIA target" in r.stderr


@requires_llvm
@requires_cuda
def test_overloads_need_the_signature(tmp_path):
    src = tmp_path / "over.cu"
    src.write_text("#include <cuda_runtime.h>\n"
                   "__global__ void scale(float *x, float a) { x[threadIdx.x] *= a; }\n"
                   "__global__ void scale(double *x, double a) { x[threadIdx.x] *= a; }\n"
                   "namespace ns { __global__ void shift(int *x) { x[threadIdx.x] += 1; } }\n")
    t = parse_target("sm_90")
    with pytest.raises(EntryError, match="ambiguous.*scale\\(float\\*, float\\)"):
        emit_ir(src, t, entry="scale")
    assert ir_entry(emit_ir(src, t, entry="scale(double*, double)")) == "_Z5scalePdd"
    assert ir_entry(emit_ir(src, t, entry="shift")) == "_ZN2ns5shiftEPi"
    assert ir_entry(emit_ir(src, t, entry="_Z5scalePff")) == "_Z5scalePff"


# ---------------------------------------------------------------- flags, launch bounds

@requires_llvm
@requires_rocm
def test_flags_pass_through_and_are_recorded(tmp_path):
    src = NBODY / "hip/nbody-block.cpp"
    base = ["-t", "gfx942", "--lang", "hip", "-I", str(NBODY)]
    r = cli("compile", str(src), *base, "-o", str(tmp_path / "a.s"))
    assert r.returncode != 0 and "rate" in r.stderr  # the authors build it with -DSHMOO
    r = cli("compile", str(src), *base, "-D", "SHMOO", "-std=c++17", "-ffast-math",
            "--clang-flag=-fno-unroll-loops", "-o", str(tmp_path / "b.s"),
            "--json", str(tmp_path / "b.json"))
    assert r.returncode == 0, r.stderr
    summary = json.loads((tmp_path / "b.json").read_text())
    assert summary["clang_flags"] == [f"-I{NBODY}", "-DSHMOO=1", "-std=c++17", "-ffast-math",
                                      "-fno-unroll-loops"]
    t = parse_target("gfx942")
    plain = emit_ir(src, t, include_dirs=[NBODY], defines={"SHMOO": ""}, lang="hip")
    fast = emit_ir(src, t, include_dirs=[NBODY], defines={"SHMOO": ""}, lang="hip",
                   flags=["-ffast-math"])
    assert "fmul fast" not in plain.read_text() and "fmul fast" in fast.read_text()


@requires_llvm
@requires_rocm
def test_spec_block_sets_amdgpu_launch_bounds_unless_the_source_has_its_own(tmp_path):
    spec = tmp_path / "spec.py"
    src = OWN / "regtile.hip"
    spec.write_text(
        "from agentsched.kernels.spec import KernelSpec\n"
        f"SPEC = KernelSpec(name='regtile', source={str(src)!r}, entry='regtile_gemm<12>',\n"
        "    params=(), grid=lambda s: (1, 1, 1), block=lambda s: (16, 16, 1),\n"
        "    inputs=lambda s, rng: {}, reference=lambda i, s: {})\n")
    from agentsched.kernels.ref import BuildOptions, resolve_kernel
    t = parse_target("gfx942")

    def measure(kref):
        ir = kref.ir(t)
        res = compile_ir(ir, t)
        return static_metrics(res.asm, t, with_cycles=False, entry=res.entry)

    with_spec = measure(resolve_kernel(str(spec)))
    bare = measure(resolve_kernel(str(src), BuildOptions(entry="regtile_gemm<12>")))
    # hipcc's default of 1024 threads caps gfx942 at 128 VGPRs: the tile spills
    assert bare.vgpr <= 128 and bare.spills > 0
    assert with_spec.vgpr > 128 and with_spec.spills == 0 and with_spec.occupancy < bare.occupancy
    own = measure(resolve_kernel(str(src), BuildOptions(entry="regtile_gemm_lb1024",
                                                        block=(16, 16, 1))))
    assert own.vgpr == bare.vgpr and own.spills == bare.spills


# ---------------------------------------------------------------- caches

def _kernel_with_header(d: Path, factor: str) -> Path:
    d.mkdir(parents=True, exist_ok=True)
    (d / "scale.h").write_text(f"#define FACTOR {factor}\n")
    src = d / "scale.cu"
    src.write_text('#include <cuda_runtime.h>\n#include "scale.h"\n'
                   "__global__ void scale(float *x) { x[threadIdx.x] *= FACTOR; }\n")
    return src


@requires_llvm
@requires_cuda
def test_editing_a_header_beside_the_kernel_changes_the_ir(tmp_path):
    t = parse_target("sm_90")
    src = _kernel_with_header(tmp_path / "k", "2.0f")
    first = emit_ir(src, t)
    assert emit_ir(src, t) == first  # cached
    (tmp_path / "k" / "scale.h").write_text("#define FACTOR 3.0f\n")
    second = emit_ir(src, t)
    assert second != first and "3.000000e+00" in second.read_text()


@requires_llvm
@requires_cuda
@requires_rocm
@pytest.mark.parametrize("target,entry", [("sm_90", "layernorm_forward_kernel3"),
                                          ("gfx942", "device_prefix_sum")])
def test_same_source_in_two_directories_gives_the_same_ir_bytes(tmp_path, target, entry):
    repo = "llm.c" if target == "sm_90" else "rocm-examples"
    rel = {"llm.c": "dev/cuda/layernorm_forward.cu",
           "rocm-examples": "Applications/prefix_sum/main.hip"}[repo]
    irs = []
    for where in ("one", "elsewhere/deeper"):
        root = tmp_path / where / repo
        shutil.copytree(PUBLIC / repo, root)
        irs.append(emit_ir(root / rel, parse_target(target), entry=entry,
                           include_dirs=[root / "Common"] if repo == "rocm-examples" else None))
    assert irs[0] == irs[1]  # same cache file: the key has no path
    text = irs[0].read_text()
    assert str(tmp_path) not in text and "/home/" not in text


# ---------------------------------------------------------------- no SDK

@requires_llvm
def test_own_header_kernels_need_no_sdk(monkeypatch):
    monkeypatch.setattr(sdk, "_wheel_root", lambda module: None)
    monkeypatch.setattr(sdk, "ROCM_BITCODE", Path("/nonexistent"))
    sdk.cuda_sdk.cache_clear()
    sdk.rocm_device_libs.cache_clear()
    try:
        from agentsched.kernels.suite import get_kernel
        spec = get_kernel("fused_mlp")
        for target in ("sm_90", "gfx1100"):
            ir = emit_ir(spec.source, parse_target(target), spec.defines)
            assert ir_entry(ir) == "fused_mlp"
        with pytest.raises(sdk.SdkMissing, match=r"pip install 'agentsched\[sdk\]'"):
            emit_ir(PUBLIC / "llm.c/dev/cuda/gelu_forward.cu", parse_target("sm_90"))
        with pytest.raises(sdk.SdkMissing, match="rocm-device-libs"):
            emit_ir(PUBLIC / "rocm-examples/Applications/prefix_sum/main.hip",
                    parse_target("gfx1100"))
    finally:
        sdk.cuda_sdk.cache_clear()
        sdk.rocm_device_libs.cache_clear()


@requires_llvm
@requires_cuda
def test_missing_sdk_header_says_how_to_get_it(tmp_path, monkeypatch):
    monkeypatch.setenv("AGENTSCHED_SDK_DIR", str(tmp_path / "no-headers"))
    sdk.cuda_sdk.cache_clear()
    try:
        r = cli("compile", str(PUBLIC / "SGEMM_CUDA/src/kernels/6_kernel_vectorize.cuh"),
                "-t", "sm_90", "--entry", "sgemmVectorize<128, 128, 8, 8, 8>",
                "-o", str(tmp_path / "k.ptx"))
    finally:
        sdk.cuda_sdk.cache_clear()
    assert r.returncode != 0
    assert "cublas_v2.h" in r.stderr and "agentsched sdk install" in r.stderr


# ---------------------------------------------------------------- naming and keys

def test_a_kernel_is_named_by_directory_file_and_entry_and_keyed_by_content_and_build(tmp_path):
    """Two kernels of one file, and two files called main.hip, are different kernels with
    different names; the same file copied elsewhere (its include directory beside it) has the
    same key (no path in it) and the same name when its directory is called the same."""
    from agentsched.kernels.ref import BuildOptions, resolve_kernel
    prefix = ROCM_EX / "Applications/prefix_sum/main.hip"
    common = BuildOptions(include_dirs=(ROCM_EX / "Common",))

    def ref(path, entry=None, **kw):
        return resolve_kernel(path, BuildOptions(**{**common.__dict__, "entry": entry, **kw}))
    a, b = ref(prefix, "block_prefix_sum"), ref(prefix, "device_prefix_sum")
    mm = ref(ROCM_EX / "HIP-Basic/matrix_multiplication/main.hip")
    assert a.name == "prefix_sum/main.hip:block_prefix_sum"
    assert b.name == "prefix_sum/main.hip:device_prefix_sum"
    assert mm.name == "matrix_multiplication/main.hip"
    assert len({a.key, b.key, mm.key}) == 3
    # every build input changes the key; the same inputs give the same key
    assert ref(prefix, "block_prefix_sum").key == a.key
    for other in (ref(prefix, "block_prefix_sum", defines={"N": "4"}),
                  ref(prefix, "block_prefix_sum", flags=("-ffast-math",)),
                  ref(prefix, "block_prefix_sum", block=(128,)),
                  ref(prefix, "block_prefix_sum", lang="cuda"),
                  ref(prefix, "block_prefix_sum", include_dirs=(ROCM_EX,))):
        assert other.key != a.key
    assert ref(prefix, "block_prefix_sum", lang="hip").key == a.key  # what .hip is anyway
    # a copy of the tree elsewhere: same key (relative -I, content), same name
    root = tmp_path / "deep" / "er" / "rocm-examples"
    shutil.copytree(ROCM_EX, root)
    moved = resolve_kernel(root / "Applications/prefix_sum/main.hip",
                           BuildOptions(entry="block_prefix_sum",
                                        include_dirs=(root / "Common",)))
    assert moved.key == a.key and moved.name == a.name
    # the same name, another content: another key
    (root / "Applications/prefix_sum/main.hip").write_text(
        prefix.read_text() + "\n// edited\n")
    edited = resolve_kernel(root / "Applications/prefix_sum/main.hip",
                            BuildOptions(entry="block_prefix_sum",
                                         include_dirs=(root / "Common",)))
    assert edited.name == a.name and edited.key != a.key
    # what rows record rebuilds the kernel
    rec = a.record()
    assert rec["kernel"] == a.name and rec["kernel_key"] == a.key
    assert rec["source"] == str(prefix) and rec["build_options"]["entry"] == "block_prefix_sum"
    from agentsched.kernels.ref import kernel_from_record
    assert kernel_from_record(json.loads(json.dumps(rec))).key == a.key
    assert a.file_name == "prefix_sum_main.hip_block_prefix_sum"


def test_a_record_that_cannot_be_rebuilt_says_why(tmp_path, monkeypatch):
    from agentsched.kernels.ref import RecordError, kernel_from_record, resolve_kernel
    assert kernel_from_record({"kernel": "fused_mlp"}).name == "fused_mlp"  # an older row
    with pytest.raises(RecordError, match="'main' is not a suite kernel.*names no source"):
        kernel_from_record({"kernel": "main"})
    src = tmp_path / "k.cu"
    src.write_text("__global__ void k(float *x) { x[0] = 1; }\n")
    monkeypatch.chdir(tmp_path)
    rec = resolve_kernel("k.cu").record()
    assert rec["source"] == "k.cu" and rec["kernel"] == f"{tmp_path.name}/k.cu"
    monkeypatch.chdir(tmp_path.parent)  # a relative source is taken from the current directory
    with pytest.raises(RecordError, match="k.cu: not found from .*directory the command runs"):
        kernel_from_record(rec)
    with pytest.raises(RecordError, match="unknown field 'bogus'"):
        kernel_from_record({**rec, "source": str(src), "build_options": {"bogus": 1}})


# ---------------------------------------------------------------- naming template instances

TEMPLATES = """#include <cuda_runtime.h>
template <int N> struct Tile { template <int M> struct Deep {}; };
template <typename A, typename B, typename C, int K>
__global__ void gemm_like(float *x) { x[threadIdx.x] *= K; }
template <int K> __global__ void only_one(float *x) { x[threadIdx.x] += K; }
typedef Tile<1>::Deep<2> D;
template __global__ void gemm_like<Tile<128>, Tile<64>::Deep<8>, D, 1>(float *);
template __global__ void gemm_like<Tile<128>, Tile<64>::Deep<8>, D, 2>(float *);
template __global__ void gemm_like<Tile<128>, Tile<32>::Deep<8>, D, 2>(float *);
template __global__ void only_one<7>(float *);
"""


@requires_llvm
@requires_cuda
def test_a_template_is_named_by_its_name_or_a_unique_prefix(tmp_path):
    src = tmp_path / "t.cu"
    src.write_text(TEMPLATES)
    t = parse_target("sm_90")
    # the only instance of a template, by the template's name alone (CuTe's gemm_device)
    assert ir_entry(emit_ir(src, t, entry="only_one")) == "_Z8only_oneILi7EEvPf"
    # a unique prefix of an instance's name, or of its symbol
    one = ir_entry(emit_ir(src, t, entry="gemm_like<Tile<128>, Tile<32>"))
    assert _name_of(one).endswith("Tile<1>::Deep<2>, 2>")
    assert ir_entry(emit_ir(src, t, entry=one[:44])) == one
    with pytest.raises(EntryError) as e:
        emit_ir(src, t, entry="gemm_like")
    msg = str(e.value)
    # each instance once, shortened to what tells them apart, with its symbol
    assert "is ambiguous, 3 kernels match" in msg and "a unique prefix of it will do" in msg
    assert msg.count("[_Z9gemm_likeI") == 3
    assert "gemm_like<…, Tile<64>::Deep<8>, …, 1>" not in msg  # short names stay whole
    assert "gemm_like<Tile<128>, Tile<64>::Deep<8>, Tile<1>::Deep<2>, 1>" in msg
    with pytest.raises(EntryError, match="ambiguous, 2 kernels match"):
        emit_ir(src, t, entry="gemm_like<Tile<128>, Tile<64>")


def test_long_instance_names_are_shortened_to_their_differences():
    from agentsched.llvm.frontend import Kernel, _ambiguous, short_name
    deep = ", ".join(f"cute::tuple<cute::C<{i}>, cute::tuple<int, cute::C<{i}>>>"
                     for i in range(12))
    names = [f"gemm_device<{deep}, cutlass::half_t, cute::TiledMMA<cute::MMA_Atom<{atom}>>>"
             for atom in ("SM80_16x8x16_F16F16F16F16_TN", "SM80_16x8x8_F32TF32TF32F32_TN")]
    ks = [Kernel(f"_ZL11gemm_deviceIN4cute5tupleIJ{'x' * 900}{i}", n, n + "(float*)")
          for i, n in enumerate(names)]
    msg = _ambiguous("gemm_device", ks, "sgemm_sm80.cu")
    for atom in ("SM80_16x8x16_F16F16F16F16_TN", "SM80_16x8x8_F32TF32TF32F32_TN"):
        assert f"gemm_device<…, cute::TiledMMA<cute::MMA_Atom<{atom}>>> [" in msg
    assert len(msg) < 700  # not the 2,000-character names and symbols
    assert short_name(names[0]).startswith("gemm_device<cute::tuple<…>, cute::tuple<…>")
    assert len(short_name(names[0])) <= 120 and short_name(names[0]).endswith(", …>")


# ---------------------------------------------------------------- the launch

def _hand_occupancy_sm90(regs: int, threads: int, smem: int) -> int:
    """The CUDA occupancy calculator's rule for compute capability 9.0, written out: 64
    warps, 32 blocks, 65,536 registers in 4 sub-partitions allocated per warp in units of
    256, 228 KB of shared memory per SM with 1 KB reserved per block in units of 128 B."""
    warps = -(-threads // 32)
    per_warp = -(-regs * 32 // 256) * 256
    by_regs = (16384 // per_warp) * 4 // warps
    per_block = -(-(smem + 1024) // 128) * 128
    return min(64 // warps, 32, by_regs, (228 * 1024) // per_block) * warps


DYNAMIC = """#include <cuda_runtime.h>
extern "C" __global__ void dyn(float *x) {
  extern __shared__ float s[];
  s[threadIdx.x] = x[threadIdx.x]; __syncthreads(); x[threadIdx.x] = s[255 - threadIdx.x];
}
extern "C" __global__ void stat(float *x) {
  __shared__ float s[12288];  // 48 KB, static
  s[threadIdx.x] = x[threadIdx.x]; __syncthreads(); x[threadIdx.x] = s[255 - threadIdx.x];
}
"""


def _compiled(tmp_path, src, target, *args):
    out = tmp_path / f"k{len(list(tmp_path.iterdir()))}.json"
    r = cli("compile", str(src), "-t", target, *args, "-o", str(out.with_suffix(".s")),
            "--json", str(out))
    assert r.returncode == 0, r.stderr
    return json.loads(out.read_text()), r.stderr


@requires_llvm
@requires_cuda
@pytest.mark.skipif(find_ptxas() is None, reason="no ptxas (NVPTX occupancy)")
def test_extern_shared_memory_counts_in_nvptx_occupancy(tmp_path):
    src = tmp_path / "dyn.cu"
    src.write_text(DYNAMIC)
    plain, _ = _compiled(tmp_path, src, "sm_90", "--entry", "dyn", "--block", "256")
    regs = plain["vgpr"]
    assert plain["occupancy"] == _hand_occupancy_sm90(regs, 256, 0) == 64
    assert plain["block_threads"] == 256 and plain["launch"] == {"threads": 256,
                                                                 "dynamic_shared": 0}
    for dynamic, warps in ((49152, 32), (98304, 16), (200_000, 8)):
        got, _ = _compiled(tmp_path, src, "sm_90", "--entry", "dyn", "--block", "256",
                           "--dynamic-shared", str(dynamic))
        assert got["dynamic_shared"] == dynamic and got["shared_bytes"] == 0
        assert got["occupancy"] == _hand_occupancy_sm90(regs, 256, dynamic) == warps
    # 48 KB dynamic is 48 KB static: ptxas counts the static, the launch the dynamic
    static, _ = _compiled(tmp_path, src, "sm_90", "--entry", "stat", "--block", "256")
    assert static["shared_bytes"] == 49152 and static["occupancy"] == 32
    # without a block size NVPTX has no occupancy, and the launch flag says it did not count
    bare, err = _compiled(tmp_path, src, "sm_90", "--entry", "dyn", "--dynamic-shared", "4096")
    assert bare["occupancy"] is None
    assert "note: --dynamic-shared not counted: NVPTX occupancy needs the block size" in err


@requires_llvm
@requires_cuda
@requires_headers
@pytest.mark.skipif(find_ptxas() is None, reason="no ptxas (NVPTX occupancy)")
def test_a_public_kernels_dynamic_shared_memory_and_block(tmp_path):
    """llm.c's attention_forward_kernel2 as its host code launches it: 32 threads per block
    and 28,672 bytes of dynamic shared memory (Q, K, V tiles and S: 3 Bc d + Bc Br floats,
    Bc = Br = 32, d = 64)."""
    src = PUBLIC / "llm.c/dev/cuda/attention_forward.cu"
    args = ("--entry", "attention_forward_kernel2", "--block", "32")
    plain, _ = _compiled(tmp_path, src, "sm_90", *args)
    launched, _ = _compiled(tmp_path, src, "sm_90", *args, "--dynamic-shared", "28672")
    regs = launched["vgpr"]
    assert plain["occupancy"] == _hand_occupancy_sm90(regs, 32, 0) == 32  # 32 blocks of 1 warp
    assert launched["occupancy"] == _hand_occupancy_sm90(regs, 32, 28672) == 7
    # a block beyond the kernel's __launch_bounds__ cannot run: refused
    src = tmp_path / "lb.cu"
    src.write_text("#include <cuda_runtime.h>\n__global__ void __launch_bounds__(128) "
                   "k(float *x) { x[threadIdx.x] += 1; }\n")
    r = cli("compile", str(src), "-t", "sm_90", "--block", "256", "-o", str(tmp_path / "l.ptx"))
    assert r.returncode == 1 and ".maxntid 128" in r.stderr and "256 threads" in r.stderr
    assert not (tmp_path / "l.ptx").exists()


HIP_DYNAMIC = """#include <hip/hip_runtime.h>
extern "C" __global__ void dyn(unsigned char *x) {
  extern __shared__ unsigned char s[];
  s[threadIdx.x] = x[threadIdx.x]; __syncthreads(); x[threadIdx.x] = s[127 - threadIdx.x];
}
extern "C" __global__ void stat(unsigned char *x) {
  __shared__ unsigned char s[32768];
  s[threadIdx.x] = x[threadIdx.x]; __syncthreads(); x[threadIdx.x] = s[127 - threadIdx.x];
}
"""


@requires_llvm
@requires_rocm
def test_compile_json_records_what_rebuilds_the_kernel(tmp_path):
    src = ROCM_EX / "Applications/prefix_sum/main.hip"
    r = cli("compile", str(src), "--entry", "device_prefix_sum", "-I", str(ROCM_EX / "Common"),
            "-D", "UNUSED=2", "--block", "256", "-t", "gfx942", "-o", str(tmp_path / "k.s"),
            "--json", str(tmp_path / "k.json"))
    assert r.returncode == 0, r.stderr
    from agentsched.kernels.ref import kernel_from_record
    summary = json.loads((tmp_path / "k.json").read_text())
    assert summary["kernel"] == "prefix_sum/main.hip:device_prefix_sum"
    assert summary["source"] == str(src) and summary["lang"] is None
    assert summary["build_options"] == {
        "entry": "device_prefix_sum", "include_dirs": [str(ROCM_EX / "Common")],
        "defines": {"UNUSED": "2"}, "flags": [], "block": [256], "lang": None,
        "dynamic_shared": None}
    again = kernel_from_record(summary)
    assert again.key == summary["kernel_key"]
    assert ir_entry(again.ir(parse_target("gfx942"))) == summary["symbol"]


@pytest.mark.parametrize("target,plain,launched", [("gfx942", 8, 1), ("gfx1100", 16, 4)])
def test_dynamic_lds_counts_in_amdgpu_occupancy(tmp_path, target, plain, launched):
    """rocm-examples' histogram as its host code launches it: 128 threads, bin_size x
    block_size = 32,768 bytes of dynamic LDS. LLVM's `; Occupancy` cannot see dynamic LDS
    (8 waves per SIMD on gfx942); counted, 64 KB of LDS per CU hold 2 work-groups of 2 waves,
    4 waves over 4 SIMDs: 1 (gfx1100: 128 KB per WGP, 4 work-groups of 4 waves: 4)."""
    src = ROCM_EX / "Applications/histogram/main.hip"
    base = ("-I", str(ROCM_EX / "Common"), "--block", "128")
    bare, _ = _compiled(tmp_path, src, target, *base)
    got, _ = _compiled(tmp_path, src, target, *base, "--dynamic-shared", "32768")
    assert bare["shared_bytes"] == got["shared_bytes"] == 0  # no static LDS
    assert (bare["occupancy"], got["occupancy"]) == (plain, launched)
    assert got["block_threads"] == 128 and got["dynamic_shared"] == 32768
    # the same bytes as static LDS: LLVM's own figure agrees
    twin = tmp_path / "twin.hip"
    twin.write_text(HIP_DYNAMIC)
    static, _ = _compiled(tmp_path, twin, target, "--entry", "stat", "--block", "128")
    dyn, _ = _compiled(tmp_path, twin, target, "--entry", "dyn", "--block", "128",
                       "--dynamic-shared", "32768")
    assert static["shared_bytes"] == 32768
    assert static["occupancy"] == dyn["occupancy"] == launched
    # more than a work-group may have: it cannot run
    over, _ = _compiled(tmp_path, twin, target, "--entry", "dyn", "--block", "128",
                        "--dynamic-shared", "70000")
    assert over["occupancy"] == 0


@requires_llvm
@requires_rocm
def test_missing_hip_library_header_says_how_to_get_it(tmp_path):
    t = parse_target("gfx942")
    for header, says in (("hipcub/hipcub.hpp", "hipCUB is not packaged in Debian 12"),
                         ("rocprim/rocprim.hpp", "apt-get install librocprim-dev"),
                         ("hip/hip_nonexistent.h", "not among the HIP headers installed here"),
                         ("mylib/thing.h", "not among the ROCm headers installed here")):
        src = tmp_path / "k.hip"
        src.write_text(f"#include <hip/hip_runtime.h>\n#include <{header}>\n"
                       "__global__ void k(float *x) { x[threadIdx.x] = 1; }\n")
        with pytest.raises(Exception) as e:
            emit_ir(src, t)
        assert f"'{header}' file not found" in str(e.value) and says in str(e.value), header


@requires_llvm
@requires_rocm
def test_cuda_source_without_includes_on_amd_says_why(tmp_path):
    # nvcc declares threadIdx and __syncthreads implicitly; HIP only through its header, so a
    # CUDA file with no include fails on AMDGPU with clang's bare "undeclared identifier"
    src = tmp_path / "k.cu"
    src.write_text("__global__ void k(float *x) { x[threadIdx.x] = 1; __syncthreads(); }\n")
    r = cli("compile", str(src), "-t", "gfx942", "-o", str(tmp_path / "k.s"))
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert "undeclared identifier 'threadIdx'" in r.stderr
    assert "<hip/hip_runtime.h>, which the source does not include" in r.stderr
    assert str(src) in r.stderr.splitlines()[0]
    src.write_text("#include <hip/hip_runtime.h>\n" + src.read_text())  # then it compiles
    assert cli("compile", str(src), "-t", "gfx942", "-o", str(tmp_path / "k.s")).returncode == 0
