"""The kernel suite: every kernel compiles with the real clang-19/llc-19 (gfx1100 and sm_90),
its arguments have the spec's shapes, and its NumPy reference is sane.

No mocks: the compile tests run clang-19 and llc-19 and skip when they are missing.
"""
from __future__ import annotations

import re
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pytest

from agentsched.core.paths import KERNEL_INCLUDE_DIR as INCLUDE_DIR
from agentsched.kernels.spec import Buffer, KernelSpec, Scalar
from agentsched.kernels.suite import SEED_SUITE, SUITE, get_kernel

CLANG = shutil.which("clang-19")
LLC = shutil.which("llc-19")
PTXAS = shutil.which("ptxas")
needs_llvm = pytest.mark.skipif(
    CLANG is None or LLC is None,
    reason="clang-19/llc-19 not on PATH (apt-get install clang-19 llvm-19)")

SLOW = {"fa_decode_d256"}  # 4x256 unrolled accumulators: ~10 s of clang + llc
TARGETS = ("gfx1100", "sm_90")


def _clang_cmd(spec: KernelSpec, target: str, out: Path) -> list[str]:
    if target.startswith("gfx"):
        lang = ["-x", "hip", f"--offload-arch={target}", "--cuda-device-only",
                "-nogpuinc", "-nogpulib"]
    else:
        lang = ["-x", "cuda", f"--cuda-gpu-arch={target}", "--cuda-device-only",
                "-nocudainc", "-nocudalib", "-Wno-unknown-cuda-version"]
    defines = [f"-D{k}={v}" for k, v in sorted(spec.defines.items())]
    return [CLANG, *lang, "-O3", "-emit-llvm", "-S", f"-I{INCLUDE_DIR}", *defines,
            str(spec.source), "-o", str(out)]


def _llc_cmd(target: str, ll: Path, out: Path) -> list[str]:
    if target.startswith("gfx"):
        return [LLC, "-mtriple=amdgcn-amd-amdhsa", f"-mcpu={target}", str(ll), "-o", str(out)]
    return [LLC, "-mtriple=nvptx64-nvidia-cuda", f"-mcpu={target}", "-enable-misched",
            str(ll), "-o", str(out)]


def _compile(spec: KernelSpec, target: str, workdir: Path) -> dict:
    """clang-19 -> IR -> llc-19 -> asm/PTX; returns the texts (or the failing stderr)."""
    ll = workdir / f"{spec.name}-{target}.ll"
    asm = workdir / f"{spec.name}-{target}.{'s' if target.startswith('gfx') else 'ptx'}"
    for cmd in (_clang_cmd(spec, target, ll), _llc_cmd(target, ll, asm)):
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:
            return {"error": f"{' '.join(cmd)}\n{r.stderr}"}
    return {"ir": ll.read_text(), "asm": asm.read_text(), "asm_path": asm}


@pytest.fixture(scope="module")
def compiled(tmp_path_factory):
    """Every fast (kernel, target) pair, compiled in parallel once for the module."""
    if CLANG is None or LLC is None:
        pytest.skip("clang-19/llc-19 not on PATH")
    workdir = tmp_path_factory.mktemp("kernels")
    jobs = [(n, t) for n in SUITE if n not in SLOW for t in TARGETS]
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = pool.map(lambda j: _compile(SUITE[j[0]], j[1], workdir), jobs)
        return dict(zip(jobs, results))


def _check_output(spec: KernelSpec, target: str, res: dict) -> None:
    assert "error" not in res, res.get("error")
    ir, asm = res["ir"], res["asm"]
    # One kernel, named as the spec says, and no calls left to resolve (no libm, no printf).
    assert re.search(rf"define [^\n]*@{re.escape(spec.entry)}\(", ir), "entry not in the IR"
    assert not re.search(r"^declare [^\n]*@(?!llvm\.)", ir, re.M), "unresolved external call"
    if target.startswith("gfx"):
        assert re.search(rf"^{re.escape(spec.entry)}:", asm, re.M)
        vgprs = int(re.search(r"; NumVgprs: (\d+)", asm).group(1))
        assert 0 < vgprs <= 256
        assert "s_swappc" not in asm  # no calls
        scratch = int(re.search(r"; ScratchSize: (\d+)", asm).group(1))
        if spec.name in ("fused_mlp", "gemm8x8", "fa_decode"):
            assert scratch == 0, f"{spec.name} spills on {target}"
    else:
        assert re.search(rf"\.entry {re.escape(spec.entry)}\(", asm)
        assert not re.search(r"^\s*call", asm, re.M)


@needs_llvm
@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("name", [n for n in SUITE if n not in SLOW])
def test_compiles(compiled, name, target):
    _check_output(SUITE[name], target, compiled[(name, target)])


@needs_llvm
@pytest.mark.slow
@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("name", sorted(SLOW))
def test_compiles_slow(tmp_path, name, target):
    _check_output(SUITE[name], target, _compile(SUITE[name], target, tmp_path))


@needs_llvm
@pytest.mark.skipif(PTXAS is None, reason="ptxas not on PATH")
@pytest.mark.parametrize("name", ["fused_mlp", "fa_decode"])
def test_ptxas_assembles_without_spills(compiled, tmp_path, name):
    ptx = compiled[(name, "sm_90")]["asm_path"]
    r = subprocess.run([PTXAS, "-arch=sm_90", "-O3", "-v", str(ptx), "-o",
                        str(tmp_path / "k.cubin")], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert "0 bytes spill stores" in r.stderr, r.stderr


def test_suite_contents():
    assert set(SEED_SUITE) <= set(SUITE)
    assert SEED_SUITE == ("fused_mlp", "fa_decode", "fa_decode_wpe1", "gemm8x8")
    for name, spec in SUITE.items():
        assert spec.name == name and spec.entry == name
        assert Path(spec.source).is_file(), spec.source
        assert spec.description
        assert any(isinstance(p, Buffer) and p.output for p in spec.params)
        names = [p.name for p in spec.params]
        assert len(names) == len(set(names))
        assert spec.flops(spec.default_size) > 0


def test_get_kernel():
    assert get_kernel("fused_mlp") is SUITE["fused_mlp"]
    with pytest.raises(ValueError) as e:
        get_kernel("no_such_kernel")
    msg = str(e.value)
    assert "no_such_kernel" in msg
    for name in SUITE:
        assert name in msg


@pytest.mark.parametrize("name", list(SUITE))
def test_make_args_and_geometry(name):
    spec = SUITE[name]
    for size in (spec.small_size, spec.default_size):
        grid, block = spec.grid(size), spec.block(size)
        assert len(grid) == 3 and len(block) == 3
        assert all(isinstance(x, int) and x >= 1 for x in (*grid, *block))
        for p in spec.params:
            if isinstance(p, Scalar):
                np.dtype(p.dtype).type(p.value(size))  # representable
    size = spec.small_size
    host = spec.make_args(size, seed=3)
    for b in spec.buffers():
        assert host[b.name].shape == tuple(b.shape(size))
        assert host[b.name].dtype == np.dtype(b.dtype)
        assert host[b.name].flags["C_CONTIGUOUS"]
        if b.output:
            assert not host[b.name].any()
    again = spec.make_args(size, seed=3)
    assert all(np.array_equal(host[k], again[k]) for k in host)  # deterministic


@pytest.mark.parametrize("name", list(SUITE))
def test_reference_small(name):
    spec = SUITE[name]
    size = spec.small_size
    host = spec.make_args(size)
    want = spec.reference(host, size)
    outputs = {b.name: b for b in spec.buffers() if b.output}
    assert set(want) == set(outputs)
    for k, arr in want.items():
        assert arr.shape == tuple(outputs[k].shape(size))
        assert np.all(np.isfinite(arr))
        assert np.abs(arr).max() > 0
    # The reference passes its own check; a perturbed result fails it.
    ok, err = spec.check(host, want, size)
    assert ok and err < 1e-6
    bad = {k: v + 10 * (spec.atol + spec.rtol * np.abs(v)) for k, v in want.items()}
    assert not spec.check(host, bad, size)[0]


def test_bad_sizes_are_refused():
    with pytest.raises(ValueError):
        SUITE["gemm8x8"].grid({"M": 64, "N": 128, "K": 64})
    with pytest.raises(ValueError):
        SUITE["fa_decode"].grid({"B": 1, "H": 6, "G": 64, "S": 32})
    with pytest.raises(ValueError):
        SUITE["fa_decode"].grid({"B": 1, "H": 4, "G": 32, "S": 32})


# NumPy emulations of the kernels' algorithms (block/thread/tile structure, same math as the
# device code up to exp2/rcp approximations): they must agree with the references.

def _emulate_gemm(spec: KernelSpec, inp: dict, size: dict) -> np.ndarray:
    tm = int(spec.defines.get("AS_GEMM_TM", 4))
    bk = int(spec.defines.get("AS_GEMM_BK", 16))
    tile = 16 * tm
    a, b, bias = inp["A"], inp["B"], inp["bias"]
    M, N, K = size["M"], size["N"], size["K"]
    c = np.zeros((M, N), np.float32)
    for by in range(M // tile):
        for bx in range(N // tile):
            acc = np.zeros((tile, tile), np.float32)
            for k0 in range(0, K, bk):  # shared slabs
                As = a[by * tile:(by + 1) * tile, k0:k0 + bk].T  # [k][m]
                Bs = b[k0:k0 + bk, bx * tile:(bx + 1) * tile]
                for k in range(bk):
                    acc += np.outer(As[k], Bs[k])
            x = acc + bias[bx * tile:(bx + 1) * tile]
            c[by * tile:(by + 1) * tile, bx * tile:(bx + 1) * tile] = (
                x * (1.0 / (1.0 + np.exp2(-x * np.float32(1.4426950408889634)))))
    return c


def _emulate_fa(spec: KernelSpec, inp: dict, size: dict) -> np.ndarray:
    from agentsched.kernels.suite import FA_BN
    B, H, G, S = size["B"], size["H"], size["G"], size["S"]
    d = inp["Q"].shape[-1]
    q = inp["Q"].reshape(B * H, G, d)
    k = inp["K"].reshape(B * H, S, d)
    v = inp["V"].reshape(B * H, S, d)
    qk_scale = np.float32(1.0 / np.sqrt(d)) * np.float32(1.4426950408889634)
    out = np.empty_like(q)
    for p0 in range(0, B * H, 4):  # blockIdx.x: 4 heads; all query rows at once
        a = np.zeros((4, G, d), np.float32)
        m = np.full((4, G), -1e30, np.float32)
        l = np.zeros((4, G), np.float32)
        for kb in range(0, S, FA_BN):
            ks = k[p0:p0 + 4, kb:kb + FA_BN]  # shared K tile [4, BN, d]
            vs = v[p0:p0 + 4, kb:kb + FA_BN]
            s = np.einsum("hgd,hjd->hgj", q[p0:p0 + 4], ks) * qk_scale
            mx = np.maximum(m, s.max(-1))
            alpha = np.exp2(m - mx)
            s = np.exp2(s - mx[..., None])
            l = l * alpha + s.sum(-1)
            a = a * alpha[..., None] + np.einsum("hgj,hjd->hgd", s, vs)
            m = mx
        out[p0:p0 + 4] = a / l[..., None]
    return out.reshape(B, H, G, d)


@pytest.mark.parametrize("name", list(SUITE))
def test_emulation_matches_reference(name):
    spec = SUITE[name]
    size = dict(spec.small_size)
    host = spec.make_args(size, seed=7)
    if "M" in size:
        got = {"C": _emulate_gemm(spec, host, size)}
    else:
        got = {"O": _emulate_fa(spec, host, size)}
    ok, err = spec.check(host, got, size)
    assert ok, f"max relative error {err}"
