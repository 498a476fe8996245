"""Triton kernels: the IR rewriter (one test per rule, real llc-19), capture with Triton for
sm_90 and AMD targets (no GPU), idle compiles byte-identical to stock llc-19, forced
decisions, the CLI on Triton cache/dump directories, and the cache hand-back.

Tests that need Triton skip cleanly without it (`pip install agentsched[triton]`; `make setup`
installs it)."""
import hashlib
import importlib.util
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from agentsched.kernels.triton import rewrite as rw
from agentsched.kernels.triton.kernel import TritonKernel, is_triton_input
from tests.conftest import cli, requires_llvm

pytestmark = requires_llvm

NV = ["-mtriple=nvptx64-nvidia-cuda", "-mcpu=sm_90a", "-mattr=+ptx84", "-nvptx-short-ptr"]
DL = ('target datalayout = "e-p3:32:32-p4:32:32-p5:32:32-p6:32:32-p7:32:32-i64:64-i128:128-'
      'i256:256-v16:16-v32:32-n16:32:64"\n')


def llc(text: str, tmp_path: Path, flags: list[str], name: str = "k") -> subprocess.CompletedProcess:
    src = tmp_path / f"{name}.ll"
    src.write_text(text)
    return subprocess.run(["llc-19", *flags, str(src), "-o", str(tmp_path / f"{name}.s")],
                           capture_output=True, text=True)


def nv_kernel(body: str, params: str = "ptr addrspace(1) %p", attrs: str = "",
              decls: str = "", tail: str = "") -> str:
    """A small kernel in the shape Triton 3.6 writes for NVPTX."""
    return (DL + f"define ptx_kernel void @k({params}) #0 {{\n{body}\n  ret void\n}}\n{decls}\n"
            f"attributes #0 = {{ nounwind {attrs}}}\n"
            "attributes #1 = { convergent nocallback nounwind }\n" + tail)


# ---------------------------------------------------------------- one test per rule
# Each: the construct as Triton's LLVM writes it; what llc-19 does with it as is; what the
# rewritten IR gives. RULE_TESTS lists them so that a rule without a test fails the suite.

def test_rule_captures(tmp_path):
    ir = nv_kernel("  store i32 1, ptr addrspace(1) %p",
                   "ptr addrspace(1) captures(none) %p, ptr addrspace(1) readnone "
                   "captures(address, provenance) %q")
    bad = llc(ir, tmp_path, NV)
    assert bad.returncode and "expected ')' at end of argument list" in bad.stderr
    out = rw.rewrite(ir)
    assert out.applied["captures"] == 2
    assert "nocapture %p" in out.text and "captures" not in out.text
    assert llc(out.text, tmp_path, NV).returncode == 0


def test_rule_icmp_samesign(tmp_path):
    ir = nv_kernel("  %c = icmp samesign ult i32 %x, 32\n  %z = zext i1 %c to i32\n"
                   "  store i32 %z, ptr addrspace(1) %p", "ptr addrspace(1) %p, i32 %x")
    assert "expected icmp predicate" in llc(ir, tmp_path, NV).stderr
    out = rw.rewrite(ir)
    assert "icmp ult i32 %x, 32" in out.text
    assert llc(out.text, tmp_path, NV).returncode == 0


def test_rule_float_literals(tmp_path):
    ir = nv_kernel("  %a = fmul float %x, f0x3FB8AA3B\n"
                   "  %b = select i1 true, float %a, float -inf\n"
                   "  %c = fadd float %b, 5.700000e-01\n"
                   "  %d = fadd half %h, f0x3C00\n"
                   "  store float %c, ptr addrspace(1) %p\n  store half %d, ptr addrspace(1) %p",
                   "ptr addrspace(1) %p, float %x, half %h")
    assert "expected value token" in llc(ir, tmp_path, NV).stderr
    out = rw.rewrite(ir)
    assert "fmul float %x, 0x3FF7154760000000" in out.text  # 1.44269504 = log2(e)
    assert "float 0xFFF0000000000000" in out.text
    assert "fadd float %b, 0x3FE23D70A0000000" in out.text  # 0.57 rounded to float
    assert "fadd half %h, 0xH3C00" in out.text
    assert llc(out.text, tmp_path, NV).returncode == 0
    # an exact decimal stays as it is
    assert rw.rewrite("  %c = fadd float %b, 5.000000e-01\n").text.endswith("5.000000e-01\n")


def test_rule_new_attributes(tmp_path):
    ir = nv_kernel("  store i32 1, ptr addrspace(1) %p").replace(
        "attributes #1 = { convergent", "attributes #1 = { nocreateundeforpoison convergent")
    assert "unterminated attribute group" in llc(ir, tmp_path, NV).stderr
    out = rw.rewrite(ir)
    assert "nocreateundeforpoison" not in out.text
    assert llc(out.text, tmp_path, NV).returncode == 0


def test_rule_nvvm_launch_bounds(tmp_path):
    ir = nv_kernel("  store i32 1, ptr addrspace(1) %p", attrs='"nvvm.reqntid"="128" '
                   '"nvvm.maxnreg"="168" ')
    before = llc(ir, tmp_path, NV)
    assert before.returncode == 0  # silently ignored ...
    assert ".reqntid" not in (tmp_path / "k.s").read_text()  # ... and lost
    out = rw.rewrite(ir)
    assert out.applied["nvvm-launch-bounds"] == 2
    assert '"nvvm.reqntid"' not in out.text
    assert llc(out.text, tmp_path, NV).returncode == 0
    ptx = (tmp_path / "k.s").read_text()
    assert ".reqntid 128, 1, 1" in ptx and ".maxnreg 168" in ptx


def test_rule_nvvm_launch_bounds_only_attribute(tmp_path):
    # A kernel that calls vprintf (tl.device_print) or __assertfail (tl.device_assert) is not
    # nounwind: its group holds the launch bounds alone, as Triton 3.6 writes it.
    ir = (DL + "@fmt = internal constant [3 x i8] c\"x\\0A\\00\"\n"
          "declare i32 @vprintf(ptr, ptr)\n"
          "define ptx_kernel void @k(ptr addrspace(1) %p) #0 {\n"
          "  %r = call i32 @vprintf(ptr @fmt, ptr null) #1\n"
          "  store i32 %r, ptr addrspace(1) %p\n  ret void\n}\n"
          'attributes #0 = { "nvvm.reqntid"="128" }\n'
          "attributes #1 = { nounwind }\n")
    out = rw.rewrite(ir)
    assert out.applied["nvvm-launch-bounds"] == 1
    lines_in, lines_out = ir.splitlines(), out.text.splitlines()
    assert lines_out[:len(lines_in)][-2] == \
        '; attributes #0 = { } (emptied by agentsched)'  # same line number, commented out
    assert "#0" not in out.text.replace("; attributes #0", "")
    assert "call i32 @vprintf(ptr @fmt, ptr null) #1" in out.text  # other groups stay
    # without the fix llc-19 refuses the emptied group
    emptied = ir.replace('"nvvm.reqntid"="128" ', "")
    assert "attribute group has no attributes" in llc(emptied, tmp_path, NV, "e").stderr
    assert llc(out.text, tmp_path, NV).returncode == 0, llc(out.text, tmp_path, NV).stderr
    assert ".reqntid 128, 1, 1" in (tmp_path / "k.s").read_text()


def test_rule_nvvm_grid_constant(tmp_path):
    ir = nv_kernel("  %g = getelementptr i8, ptr %d, i64 8\n  %v = load i64, ptr %g\n"
                   "  %i = ptrtoint ptr %d to i64\n  %s = add i64 %v, %i\n"
                   "  store i64 %s, ptr addrspace(1) %p",
                   'ptr byval([128 x i8]) align 64 "nvvm.grid_constant" %d, ptr addrspace(1) %p')
    assert llc(ir, tmp_path, NV).returncode == 0
    assert "cvta.param" not in (tmp_path / "k.s").read_text()  # copied to local memory
    out = rw.rewrite(ir)
    assert '!"grid_constant", !' in out.text and '"nvvm.grid_constant"' not in out.text
    assert llc(out.text, tmp_path, NV).returncode == 0
    ptx = (tmp_path / "k.s").read_text()
    assert "cvta.param" in ptx and "local" not in ptx  # the parameter itself is addressed


def test_rule_nvvm_renamed_intrinsics(tmp_path):
    ir = nv_kernel("  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)\n"
                   "  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 %n)\n"
                   "  %a = call float @llvm.nvvm.fabs.f32(float %x)\n"
                   "  %e = call float @llvm.nvvm.ex2.approx.ftz.f32(float %a)\n"
                   "  store float %e, ptr addrspace(1) %p", "ptr addrspace(1) %p, i32 %n, float %x",
                   decls="declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32) #1\n"
                         "declare float @llvm.nvvm.fabs.f32(float)\n"
                         "declare float @llvm.nvvm.ex2.approx.ftz.f32(float)\n")
    assert llc(ir, tmp_path, NV).returncode == 0
    raw = (tmp_path / "k.s").read_text()
    assert ".extern .func llvm.nvvm.barrier.cta.sync.aligned.all" in raw  # undefined call
    out = rw.rewrite(ir)
    assert llc(out.text, tmp_path, NV).returncode == 0
    ptx = (tmp_path / "k.s").read_text()
    assert "llvm.nvvm" not in ptx and "bar.sync \t0;" in ptx and "ex2.approx.ftz.f32" in ptx
    assert re.search(r"bar\.sync \t%r\d+;", ptx) and "abs.f32" in ptx


def test_rule_nvvm_intrinsics_as_asm(tmp_path):
    ir = nv_kernel("  call void @llvm.nvvm.wgmma.fence.sync.aligned() #1\n"
                   "  call void @llvm.nvvm.wgmma.commit_group.sync.aligned() #1\n"
                   "  call void @llvm.nvvm.fence.proxy.async.shared_cta()\n"
                   "  %e = call { i32, i1 } @llvm.nvvm.elect.sync(i32 -1) #1\n"
                   "  %b = extractvalue { i32, i1 } %e, 1\n"
                   "  %d = call float @llvm.nvvm.div.full(float %x, float %y)\n"
                   "  call void @llvm.nvvm.stmatrix.sync.aligned.m8n8.x4.b16.p3(ptr addrspace(3) "
                   "%s, i32 1, i32 2, i32 3, i32 4)\n"
                   "  %f = select i1 %b, float %d, float 0.0\n"
                   "  store float %f, ptr addrspace(1) %p",
                   "ptr addrspace(1) %p, ptr addrspace(3) %s, float %x, float %y",
                   decls="declare void @llvm.nvvm.wgmma.fence.sync.aligned() #1\n"
                         "declare void @llvm.nvvm.wgmma.commit_group.sync.aligned() #1\n"
                         "declare void @llvm.nvvm.fence.proxy.async.shared_cta()\n"
                         "declare { i32, i1 } @llvm.nvvm.elect.sync(i32) #1\n"
                         "declare float @llvm.nvvm.div.full(float, float)\n"
                         "declare void @llvm.nvvm.stmatrix.sync.aligned.m8n8.x4.b16.p3("
                         "ptr addrspace(3), i32, i32, i32, i32)\n")
    assert llc(ir, tmp_path, NV).returncode == 0
    assert ".extern .func llvm.nvvm.wgmma.fence.sync.aligned" in (tmp_path / "k.s").read_text()
    out = rw.rewrite(ir)
    assert out.applied["nvvm-intrinsics-as-asm"] == 6
    assert llc(out.text, tmp_path, NV).returncode == 0
    ptx = (tmp_path / "k.s").read_text()
    assert "llvm.nvvm" not in ptx
    for ins in ("wgmma.fence.sync.aligned;", "wgmma.commit_group.sync.aligned;",
                "fence.proxy.async.shared::cta;", "div.full.f32", "elect.sync %r",
                "stmatrix.sync.aligned.m8n8.x4.shared.b16 [%r"):
        assert ins in ptx, ins


def test_rule_nvptx_line_directives(tmp_path):
    ir = nv_kernel("  store i32 1, ptr addrspace(1) %p, !dbg !7").replace(
        "#0 {", "#0 !dbg !4 {") + (
        "!llvm.dbg.cu = !{!0}\n!llvm.module.flags = !{!2}\n"
        '!0 = distinct !DICompileUnit(language: DW_LANG_C, file: !1, producer: "triton", '
        "isOptimized: true, runtimeVersion: 0, emissionKind: LineTablesOnly)\n"
        '!1 = !DIFile(filename: "k.py", directory: "/tmp")\n'
        '!2 = !{i32 2, !"Debug Info Version", i32 3}\n'
        '!4 = distinct !DISubprogram(name: "k", linkageName: "k", scope: !1, file: !1, line: 6, '
        "type: !5, scopeLine: 6, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)\n"
        "!5 = !DISubroutineType(cc: DW_CC_normal, types: !6)\n!6 = !{}\n"
        "!7 = !DILocation(line: 7, column: 24, scope: !4)\n")
    assert llc(ir, tmp_path, NV).returncode == 0
    assert ".target sm_90a, debug" in (tmp_path / "k.s").read_text()  # ptxas won't optimize it
    out = rw.rewrite(ir)
    assert llc(out.text, tmp_path, NV).returncode == 0
    ptx = (tmp_path / "k.s").read_text()
    assert re.search(r"^\.target sm_90a$", ptx, re.M) and ".loc\t1 7 24" in ptx
    from agentsched.tools.programs import find_ptxas
    if find_ptxas():
        p = subprocess.run([find_ptxas(), "-arch=sm_90a", "-O3", str(tmp_path / "k.s"), "-o",
                            str(tmp_path / "k.cubin")], capture_output=True, text=True)
        assert p.returncode == 0, p.stderr


AMD = ["-mtriple=amdgcn-amd-amdhsa", "-mcpu=gfx90a"]


def test_rule_amdgpu_agpr_alloc(tmp_path):
    # an MFMA kernel of 8 waves (at most 256 registers a lane): LLVM 19 keeps the accumulator
    # in AGPRs unless told the kernel needs none
    ir = ('target triple = "amdgcn-amd-amdhsa"\n'
          "define amdgpu_kernel void @k(ptr addrspace(1) %p, <4 x half> %a, <4 x half> %b) #0 {\n"
          "  %c = load <16 x float>, ptr addrspace(1) %p\n"
          "  %d = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %a, <4 x half> "
          "%b, <16 x float> %c, i32 0, i32 0, i32 0)\n"
          "  store <16 x float> %d, ptr addrspace(1) %p\n  ret void\n}\n"
          "declare <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half>, <4 x half>, "
          "<16 x float>, i32 immarg, i32 immarg, i32 immarg)\n"
          'attributes #0 = { "amdgpu-agpr-alloc"="0" "amdgpu-flat-work-group-size"="1,512" }\n')
    assert llc(ir, tmp_path, AMD).returncode == 0
    before = (tmp_path / "k.s").read_text()
    out = rw.rewrite(ir)
    assert '"amdgpu-no-agpr"' in out.text
    assert llc(out.text, tmp_path, AMD).returncode == 0
    after = (tmp_path / "k.s").read_text()

    def agprs(s):
        return int(re.search(r"; NumAgprs: (\d+)", s).group(1))
    assert agprs(before) == 16 and agprs(after) == 0 and "v_accvgpr" not in after


def test_rule_amdgpu_buffer_rsrc(tmp_path):
    ir = ('target triple = "amdgcn-amd-amdhsa"\n'
          "define amdgpu_kernel void @k(ptr addrspace(1) inreg %p) {\n"
          "  %r = tail call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) "
          "%p, i16 0, i64 2147483646, i32 159744)\n"
          "  call void @llvm.amdgcn.raw.ptr.buffer.store.f32(float 1.0, ptr addrspace(8) %r, "
          "i32 0, i32 0, i32 0)\n  ret void\n}\n"
          "declare ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) readnone,"
          " i16, i64, i32)\n"
          "declare void @llvm.amdgcn.raw.ptr.buffer.store.f32(float, ptr addrspace(8), i32, i32, "
          "i32 immarg)\n")
    bad = llc(ir, tmp_path, AMD)
    assert bad.returncode and "Intrinsic has incorrect argument type" in bad.stderr
    out = rw.rewrite(ir)
    assert "@llvm.amdgcn.make.buffer.rsrc.p1(ptr addrspace(1) %p, i16 0, i32 2147483646" in \
        out.text
    assert llc(out.text, tmp_path, AMD).returncode == 0
    assert "buffer_store_dword" in (tmp_path / "k.s").read_text()


def test_rule_lifetime_size(tmp_path):
    ir = nv_kernel("  %a = alloca [7 x i32], align 4\n"
                   "  call void @llvm.lifetime.start.p0(ptr nonnull %a)\n"
                   "  store i32 1, ptr %a\n  %v = load i32, ptr %a\n"
                   "  store i32 %v, ptr addrspace(1) %p\n"
                   "  call void @llvm.lifetime.end.p0(ptr nonnull %a)",
                   decls="declare void @llvm.lifetime.start.p0(ptr nocapture)\n"
                         "declare void @llvm.lifetime.end.p0(ptr nocapture)\n")
    assert llc(ir, tmp_path, NV).returncode
    out = rw.rewrite(ir)
    assert out.applied["lifetime-size"] == 4
    assert "call void @llvm.lifetime.start.p0(i64 -1, ptr nonnull %a)" in out.text
    assert "declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture)" in out.text
    assert llc(out.text, tmp_path, NV).returncode == 0


RULE_TESTS = {
    "captures": test_rule_captures, "icmp-samesign": test_rule_icmp_samesign,
    "float-literals": test_rule_float_literals, "new-attributes": test_rule_new_attributes,
    "nvvm-launch-bounds": test_rule_nvvm_launch_bounds,
    "nvvm-grid-constant": test_rule_nvvm_grid_constant,
    "nvvm-renamed-intrinsics": test_rule_nvvm_renamed_intrinsics,
    "nvvm-intrinsics-as-asm": test_rule_nvvm_intrinsics_as_asm,
    "nvptx-line-directives": test_rule_nvptx_line_directives,
    "amdgpu-agpr-alloc": test_rule_amdgpu_agpr_alloc,
    "amdgpu-buffer-rsrc": test_rule_amdgpu_buffer_rsrc,
    "lifetime-size": test_rule_lifetime_size,
}


def test_every_rule_has_a_test():
    assert {r.name for r in rw.RULES} == set(RULE_TESTS)
    for r in rw.RULES:
        assert r.error.strip(), f"rule {r.name} must name the error it fixes"


def test_inline_asm_is_left_alone():
    asm = ('  %x = tail call i32 asm sideeffect "captures(none) icmp samesign f0x3F800000 -inf;",'
           ' "=r"()\n')
    assert rw.rewrite(asm).text == asm
    # ... while the operands of the same call are rewritten
    call = '  %y = tail call float asm "mov.b32 $0, $1; // f0x3F800000", "=f,f"(float f0x3F800000)\n'
    assert rw.rewrite(call).text == call.replace("(float f0x3F800000)", "(float 0x3FF0000000000000)")


# ---------------------------------------------------------------- errors with line and construct

def _triton_dir(tmp_path: Path, llir: str, meta: dict) -> Path:
    d = tmp_path / "HASH"
    d.mkdir()
    (d / "k.llir").write_text(llir)
    (d / "k.json").write_text(json.dumps(meta))
    return d


NV_META = {"name": "k", "target": {"backend": "cuda", "arch": 90, "warp_size": 32},
           "num_warps": 4, "shared": 0, "enable_fp_fusion": True}


def test_unknown_syntax_names_line_and_construct(tmp_path):
    llir = nv_kernel("  %a = ptrtoaddr ptr addrspace(1) %p to i64\n"
                     "  store i64 %a, ptr addrspace(1) %p")
    d = _triton_dir(tmp_path, llir, NV_META)
    r = cli("states", str(d), "-t", "sm_90a", "-o", str(tmp_path / "s.jsonl"))
    assert r.returncode == 1
    line = llir.splitlines().index("  %a = ptrtoaddr ptr addrspace(1) %p to i64") + 1
    assert f"k.llir:{line}: LLVM 19 cannot read `ptrtoaddr`" in r.stderr
    assert not list((Path(os.environ["AGENTSCHED_DATA"]) / "triton").glob("k-*.ll"))


def test_unknown_intrinsic_is_named(tmp_path):
    llir = nv_kernel("  call void @llvm.nvvm.fence.proxy.tensormap_generic.acquire.cta(ptr %q, "
                     "i32 128)\n  store i32 1, ptr addrspace(1) %p",
                     "ptr addrspace(1) %p, ptr %q",
                     decls="declare void @llvm.nvvm.fence.proxy.tensormap_generic.acquire.cta("
                           "ptr, i32)\n")
    d = _triton_dir(tmp_path, llir, NV_META)
    r = cli("states", str(d), "-t", "sm_90a", "-o", str(tmp_path / "s.jsonl"))
    assert r.returncode == 1
    assert "intrinsic llvm.nvvm.fence.proxy.tensormap_generic.acquire.cta unknown to LLVM 19" \
        in r.stderr
    assert re.search(r"k\.llir:\d+: intrinsic", r.stderr)


def test_wrong_target_is_refused(tmp_path):
    d = _triton_dir(tmp_path, nv_kernel("  store i32 1, ptr addrspace(1) %p"), NV_META)
    r = cli("states", str(d), "-t", "sm_90", "-o", str(tmp_path / "s.jsonl"))
    assert r.returncode == 1 and "use" not in r.stdout
    assert "Triton compiled k for sm_90a" in r.stderr and "-t sm_90a" in r.stderr


def test_kernel_facts_without_triton(tmp_path):
    llir = nv_kernel("  store i32 1, ptr addrspace(1) %p",
                     "ptr addrspace(1) %p, i32 %n, ptr addrspace(1) readnone captures(none) %g, "
                     "ptr addrspace(1) readnone captures(none) %s", attrs='"nvvm.reqntid"="256" ')
    d = tmp_path / "dump"
    d.mkdir()
    (d / "k.llir").write_text(llir)  # a TRITON_KERNEL_DUMP directory: no .json
    (d / "k.ptx").write_text(".version 8.7\n.target sm_90a\n")
    assert is_triton_input(d) and is_triton_input(d / "k.llir")
    k = TritonKernel.load(d)
    assert (k.name, k.target, k.threads, k.num_warps) == ("k", "sm_90a", 256, 8)
    assert k.params == ["ptr addrspace(1)", "i32", "ptr addrspace(1)", "ptr addrspace(1)"]
    root = tmp_path / "root"
    (root / "a").mkdir(parents=True)
    (root / "b").mkdir()
    for sub in ("a", "b"):
        (root / sub / "k.llir").write_text(llir)
    with pytest.raises(ValueError, match="2 kernels; give one kernel's directory"):
        TritonKernel.load(root)


# ---------------------------------------------------------------- with Triton

needs_triton = pytest.mark.skipif(importlib.util.find_spec("triton") is None,
                                  reason="Triton not installed (pip install agentsched[triton]; "
                                         "make setup installs it)")


@pytest.fixture(scope="module")
def triton_cache(tmp_path_factory):
    d = tmp_path_factory.mktemp("triton-cache")
    old = os.environ.get("TRITON_CACHE_DIR")
    os.environ["TRITON_CACHE_DIR"] = str(d)
    yield d
    if old is None:
        os.environ.pop("TRITON_CACHE_DIR", None)
    else:
        os.environ["TRITON_CACHE_DIR"] = old


def _mock(dtype):
    import triton.language as tl
    from triton.runtime.jit import MockTensor
    return MockTensor(getattr(tl, dtype))


def _examples(target: str) -> dict:
    """The vendored tutorial kernels with launch arguments as their programs pass them."""
    from agentsched.kernels.triton.examples import attention, layer_norm, matmul, softmax
    f16, f32 = _mock("float16"), _mock("float32")
    amd = target.startswith("gfx")
    out = {
        "softmax": (softmax.softmax_kernel, (f32, f32, 1024, 1024, 4096, 1000),
                    dict(BLOCK_SIZE=1024, num_stages=2 if amd else 4, num_warps=8)),
        "layer_norm": (layer_norm._layer_norm_fwd_fused,
                       (f16, f16, f16, f16, f32, f32, 4096, 4096, 1e-5),
                       dict(BLOCK_SIZE=4096, num_warps=8)),
        "matmul": (matmul.matmul_kernel, (f16, f16, f16, 1024, 1024, 1024, 1024, 1, 1024, 1,
                                          1024, 1),
                   dict(ACTIVATION="leaky_relu", **(dict(BLOCK_SIZE_M=64, BLOCK_SIZE_N=64,
                                                         BLOCK_SIZE_K=32, GROUP_SIZE_M=8,
                                                         num_stages=2, num_warps=4) if amd
                                                    else matmul.CONFIG))),
        "attention": (attention._attn_fwd, (0.5, f32, 2, 4, f16, f16, f16, f16, 1024),
                      dict(HEAD_DIM=64, FP8_OUTPUT=False, STAGE=3, warp_specialize=False,
                           IS_HOPPER=not amd, **attention.CONFIG)),
    }
    if amd:
        out["attention"][2].update(num_stages=1)
    return out


@pytest.fixture(scope="module")
def captured(triton_cache):
    from agentsched.kernels.triton.capture import capture
    got = {}
    for target in ("sm_90", "gfx942"):
        for name, (fn, args, kw) in _examples(target).items():
            got[(target, name)] = capture(fn, *args, target=target, **kw)
    return got


@needs_triton
def test_capture_metadata(captured):
    k = captured[("sm_90", "matmul")]
    assert (k.target, k.num_warps, k.threads, k.shared) == ("sm_90a", 8, 256, 147456)
    assert k.signature["a_ptr"] == "*fp16" and k.signature["BLOCK_SIZE_M"] == "constexpr"
    # the non-constexpr arguments (ints equal to 1, the unit strides, specialize to
    # constexprs as Triton does) + the global and profile scratch pointers Triton appends
    runtime_args = [n for n, ty in k.signature.items() if ty != "constexpr"]
    assert k.signature["stride_ak"] == "constexpr" and len(runtime_args) == 9
    assert len(k.params) == 9 + 2 and k.binary and k.binary.suffix == ".cubin"
    assert k.launch_params[0] == "a_ptr: ptr addrspace(1)" and \
        k.launch_params[-2:] == ["global_scratch: ptr addrspace(1)",
                                 "profile_scratch: ptr addrspace(1)"]
    a = captured[("gfx942", "softmax")]
    assert (a.target, a.warp_size, a.threads) == ("gfx942", 64, 512)
    assert a.binary.suffix == ".hsaco"


@needs_triton
@pytest.mark.parametrize("target", ["sm_90", "gfx942"])
def test_idle_compile_is_stock_llc_and_decisions_are_followed(captured, target, tmp_path):
    from agentsched.agents import make_agent
    from agentsched.api import emit_ir
    from agentsched.llvm.compile import compile_ir, stock_asm
    from agentsched.targets import parse_target
    for (tgt, name), k in captured.items():
        if tgt != target:
            continue
        t = parse_target(k.target)
        ir = emit_ir(k.directory, t)
        assert ir.read_text().startswith("; agentsched-llc-flags: -O3")
        idle = compile_ir(ir, t)
        assert idle.asm == stock_asm(ir, t), f"{name}: plugin idle differs from llc-19"
        assert idle.report["changed"] == 0
        agent = make_agent("min_pressure" if name != "softmax" else "max_latency")
        try:
            live = compile_ir(ir, t, agent=agent)
        finally:
            agent.close()
        assert live.report["stale"] == 0
        replay = compile_ir(ir, t, decisions=live.decisions)  # strict
        assert replay.asm == live.asm and replay.report["changed"] == live.report["changed"]
        if name in ("matmul", "attention"):
            assert live.report["changed"] > 0, name


@needs_triton
def test_gfx90a_and_gfx1100_compile(triton_cache):
    from agentsched.api import emit_ir
    from agentsched.kernels.triton.capture import capture
    from agentsched.llvm.compile import compile_ir, stock_asm
    from agentsched.targets import parse_target
    for target in ("gfx90a", "gfx1100"):
        fn, args, kw = _examples(target)["matmul"]
        k = capture(fn, *args, target=target, **kw)
        t = parse_target(k.target)
        ir = emit_ir(k.directory, t)
        assert compile_ir(ir, t).asm == stock_asm(ir, t)


@needs_triton
def test_cli_on_a_triton_cache_directory(captured, tmp_path):
    k = captured[("sm_90", "softmax")]
    d = str(k.directory)
    st, dec = tmp_path / "s.jsonl", tmp_path / "d.jsonl"
    r = cli("states", d, "-t", "sm_90a", "-o", str(st))
    assert r.returncode == 0, r.stderr
    assert cli("decide", str(st), "--agent", "max_latency", "-o", str(dec)).returncode == 0
    r = cli("compile", str(k.llir), "-t", "sm_90a", "--decisions", str(dec), "--lenient", "-o",
            str(tmp_path / "k.ptx"), "--json", str(tmp_path / "c.json"))
    assert r.returncode == 0, r.stderr
    assert json.loads((tmp_path / "c.json").read_text())["decisions"] > 0
    r = cli("experiment", d, "-t", "sm_90a", "--agents", "default,min_pressure", "--json",
            str(tmp_path / "e.json"))
    assert r.returncode == 0, r.stderr
    rows = json.loads((tmp_path / "e.json").read_text())
    assert [x["agent"] for x in rows] == ["default", "min_pressure"]
    a = captured[("gfx942", "layer_norm")]
    r = cli("search", str(a.directory), "-t", "gfx942", "--objective", "occupancy", "--budget",
            "4", "--workers", "1", "--json", str(tmp_path / "search.json"))
    assert r.returncode == 0, r.stderr
    assert json.loads((tmp_path / "search.json").read_text())["best"]["replay_matches"]


@needs_triton
def test_dump_directory_input(tmp_path):
    """TRITON_KERNEL_DUMP writes the stages without the metadata JSON."""
    dump = tmp_path / "dump"
    code = ("import triton, triton.language as tl\n"
            "from triton.runtime.jit import MockTensor\n"
            "from agentsched.kernels.triton.capture import capture\n"
            "@triton.jit\n"
            "def scale(x, y, n, B: tl.constexpr):\n"
            "    o = tl.program_id(0) * B + tl.arange(0, B)\n"
            "    tl.store(y + o, tl.load(x + o, mask=o < n) * 2, mask=o < n)\n"
            "capture(scale, MockTensor(tl.float32), MockTensor(tl.float32), 4096, B=512, "
            "target='sm_90', num_warps=4)\n")
    (tmp_path / "k.py").write_text(code)
    env = dict(os.environ, TRITON_KERNEL_DUMP="1", TRITON_DUMP_DIR=str(dump),
               TRITON_CACHE_DIR=str(tmp_path / "cache"))
    r = subprocess.run([sys.executable, str(tmp_path / "k.py")], env=env, capture_output=True,
                       text=True)
    assert r.returncode == 0, r.stderr
    (d,) = [p for p in dump.iterdir() if p.is_dir()]
    assert not list(d.glob("*.json"))
    k = TritonKernel.load(d)
    assert (k.name, k.target, k.threads) == ("scale", "sm_90a", 128)
    r = cli("states", str(d), "-t", "sm_90a", "-o", str(tmp_path / "s.jsonl"))
    assert r.returncode == 0, r.stderr


@needs_triton
def test_cache_install_is_what_triton_loads(captured):
    """The tuned binary written into Triton's cache is what Triton's compile returns for the
    same kernel and specialization (the JIT's lookup), and restore() undoes it."""
    from triton.compiler import ASTSource

    from agentsched.agents import make_agent
    from agentsched.api import emit_ir
    from agentsched.kernels.triton import cache
    from agentsched.kernels.triton.capture import gpu_target, specialize
    from agentsched.llvm.compile import compile_ir
    from agentsched.llvm.result import module_bytes
    from agentsched.targets import parse_target
    from agentsched.tools.programs import find_ptxas
    if not find_ptxas():
        pytest.skip("no ptxas: make setup installs NVIDIA's from PyPI (sdk extra)")
    fn, args, kw = _examples("sm_90")["softmax"]
    k = captured[("sm_90", "softmax")]
    t = parse_target(k.target)
    agent = make_agent("max_latency")
    try:
        res = compile_ir(emit_ir(k.directory, t), t, agent=agent)
    finally:
        agent.close()
    tuned = module_bytes(res, ".cubin")
    original = k.binary.read_bytes()
    assert tuned != original
    record = cache.install(k, tuned, res.asm, note={"schedule": "max_latency"})
    assert cache.installed(k)["sha256"] == record["sha256"]

    def loaded() -> bytes:
        jit, sig, const, attrs, opts = specialize(fn, args, kw, "sm_90")
        import triton
        ck = triton.compile(ASTSource(jit, sig, const, attrs), target=gpu_target("sm_90"),
                            options=opts.__dict__)
        return ck.asm["cubin"]
    assert hashlib.sha256(loaded()).hexdigest() == record["sha256"]
    assert cache.restore(k) and cache.installed(k) is None
    assert loaded() == original
    r = cli("triton", "install", str(k.directory), "--agent", "max_latency")
    assert r.returncode == 0 and "installed" in r.stdout
    assert loaded() == tuned
    assert cli("triton", "restore", str(k.directory)).returncode == 0
    assert loaded() == original


@needs_triton
def test_triton_spec_file_and_gpu_commands_without_gpu(tmp_path):
    from agentsched.kernels.triton.spec import TritonSpec, load_triton_spec
    spec = load_triton_spec("agentsched/kernels/triton/examples/softmax_spec.py")
    assert isinstance(spec, TritonSpec) and spec.kwargs["num_warps"] == 8
    bad = tmp_path / "bad.py"
    bad.write_text("SPEC = 1\n")
    with pytest.raises(ValueError, match="must define SPEC = TritonSpec"):
        load_triton_spec(bad)
    # no GPU runtime here: one clear error, no traceback
    r = cli("triton", "time", "agentsched/kernels/triton/examples/softmax_spec.py")
    assert r.returncode == 1 and r.stderr.startswith("error:") and "Traceback" not in r.stderr


@needs_triton
def test_bare_llir_without_metadata(captured, tmp_path):
    k = captured[("sm_90", "layer_norm")]
    bare = tmp_path / "k.llir"
    bare.write_text(k.llir.read_text())  # asm["llir"] saved alone: no .json, no .ptx
    r = cli("states", str(bare), "-t", "sm_90a", "-o", str(tmp_path / "s.jsonl"))
    assert r.returncode == 0, r.stderr
    r = cli("states", str(bare), "-t", "gfx942", "-o", str(tmp_path / "s.jsonl"))
    assert r.returncode == 1 and "NVPTX IR, not for target gfx942" in r.stderr


# ---------------------------------------------------------------- issue 18: launch, mca, torch

@needs_triton
def test_triton_kernels_figures_count_their_launch(captured, tmp_path):
    """A Triton kernel's launch is Triton's: num_warps x warp size threads and the shared
    memory its launcher requests, all of it dynamic (`extern .shared global_smem[]`), so
    ptxas and LLVM see none of it; occupancy counts it (NVPTX and AMDGPU)."""
    from agentsched.api import kernel
    from agentsched.llvm.ir import recorded_launch
    from agentsched.targets import Launch, parse_target
    from agentsched.targets.nvptx import cuda_occupancy
    k = captured[("sm_90", "matmul")]
    ref = kernel(str(k.directory))
    assert ref.launch == Launch(256, 147456)
    assert recorded_launch(ref.ir(parse_target("sm_90a"))) == Launch(256, 147456)
    r = cli("compile", str(k.directory), "-t", "sm_90a", "-o", str(tmp_path / "k.ptx"),
            "--json", str(tmp_path / "k.json"))
    assert r.returncode == 0, r.stderr
    m = json.loads((tmp_path / "k.json").read_text())
    if m["vgpr"] is not None:  # ptxas
        assert m["shared_bytes"] == 0 and m["dynamic_shared"] == 147456
        assert m["occupancy"] == cuda_occupancy("sm_90a", m["vgpr"], 256, 0, 147456) == 8
    # Triton fixes the launch and the build: flags that would change them are refused
    for args, says in ((["--block", "128"], "Triton launches it with 256 threads"),
                       (["--dynamic-shared", "1024"], "147456 bytes of dynamic shared"),
                       (["-D", "X=1"], "-D does not apply")):
        r = cli("compile", str(k.directory), "-t", "sm_90a", *args, "-o",
                str(tmp_path / "x.ptx"))
        assert r.returncode == 1 and says in r.stderr, r.stderr
    a = captured[("gfx942", "matmul")]
    assert kernel(str(a.directory)).launch == Launch(a.threads, a.shared) and a.shared > 0


@needs_triton
def test_triton_amd_kernels_get_an_mca_estimate_despite_buffer_instructions(captured):
    """Triton's gfx942 code loads and stores through MUBUF buffer instructions, on which
    llvm-mca-19 aborts: they are estimated as their global_* stand-ins, and counted."""
    from agentsched.api import emit_ir
    from agentsched.llvm.compile import compile_ir
    from agentsched.searches.objectives import check_default_measured
    from agentsched.targets import parse_target
    t = parse_target("gfx942")
    for name in ("softmax", "layer_norm", "matmul", "attention"):
        res = compile_ir(emit_ir(captured[("gfx942", name)].directory, t), t)
        m = res.measure()
        assert m.est_cycles and m.est_cycles > 0, (name, m.est_note)
        assert m.est_stand_ins > 0 and m.est_not_modelled == 0 and m.est_instructions > 10
        assert "buffer_load_dword" in m.est_note and "stand-ins" in m.est_note
        check_default_measured("cycles", t, m.as_dict(), res.report, name)  # no refusal


@needs_triton
def test_triton_show_is_not_wrapped_off_a_terminal(captured):
    k = captured[("sm_90", "matmul")]
    r = cli("triton", "show", str(k.directory))
    assert r.returncode == 0, r.stderr
    line = next(x for x in r.stdout.splitlines() if x.startswith("params:"))
    assert len(line) > 200 and line.endswith("'profile_scratch: ptr addrspace(1)']")


def test_a_triton_spec_that_imports_a_missing_torch_says_so(tmp_path):
    import importlib.util
    if importlib.util.find_spec("torch") is not None:
        pytest.skip("torch is installed here")
    spec = tmp_path / "liger_spec.py"
    spec.write_text("import torch\nfrom agentsched.kernels.triton.spec import TritonSpec\n")
    r = cli("triton", "time", str(spec))
    assert r.returncode == 1
    assert f"{spec}:1: imports torch, which is not installed here" in r.stderr
    assert "pip install torch" in r.stderr and "agentsched[triton-torch]" in r.stderr
