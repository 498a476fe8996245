"""The Triton hook (agentsched/kernels/triton/hook.py): every kernel Triton JIT-compiles goes
through llc-19 with the plugin. Real Triton 3.6 compiles for GPUTarget("cuda", 90, 32) with no
GPU (Triton's own pipeline, its bundled ptxas for the cubin), real llc-19, real plugin; the
fallbacks are real failures (ptxas refusing PTX, llc-19 missing from PATH, IR llc-19 cannot
read, an architecture LLVM 19 lacks); the environment route runs unchanged scripts in fresh
interpreters."""
import difflib
import importlib.util
import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.conftest import cli, requires_llvm

pytestmark = [requires_llvm, pytest.mark.skipif(
    importlib.util.find_spec("triton") is None,
    reason="Triton not installed (pip install agentsched[triton]; make setup installs it)")]

ROOT = Path(__file__).resolve().parent.parent
POLICY = ROOT / "policies" / "sm_90.json"
MARK = "// agentsched: llc-19 with policy sm_90.json"

# A vector add, as Triton's tutorial 01 writes it; the other kernels are the vendored tutorials.
ADD = '''
import triton
import triton.language as tl


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK_SIZE: tl.constexpr):
    offs = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask) + tl.load(y_ptr + offs, mask=mask),
             mask=mask)


@triton.jit
def print_kernel(x_ptr, n, BLOCK: tl.constexpr):
    o = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.device_print("x", tl.load(x_ptr + o, mask=o < n))


@triton.jit
def assert_kernel(x_ptr, n, BLOCK: tl.constexpr):
    o = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.device_assert(tl.load(x_ptr + o, mask=o < n) > 0, "positive")


@triton.jit
def bulk_asm_kernel(x_ptr, y_ptr, BLOCK: tl.constexpr):
    # inline PTX that needs PTX ISA 8.6 (cp.async.bulk into .shared::cta): Triton's PTX says
    # .version 8.7, llc-19's .version 8.4, which ptxas refuses for it
    o = tl.arange(0, BLOCK)
    r = tl.inline_asm_elementwise(
        "cp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes [$1], [$2], 16, [$1];"
        " mov.b32 $0, $1;", "=r,r,l", [tl.load(x_ptr + o), x_ptr + o], dtype=tl.int32,
        is_pure=False, pack=1)
    tl.store(y_ptr + o, r)
'''

# An unchanged program: Triton only, no agentsched. One kernel here, one in a child Python
# process (as torch.compile's compile workers do); prints what it got.
PROGRAM = ADD + '''
import subprocess, sys
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource


def build(fn, signature, constexprs):
    k = triton.compile(ASTSource(fn, signature, constexprs), target=GPUTarget("cuda", 90, 32))
    mark = [ln for ln in k.asm["ptx"].splitlines()[:6] if ln.startswith("// agentsched")]
    version = re.search(r"^\\.version (\\S+)", k.asm["ptx"], re.M).group(1)
    print(json.dumps({"kernel": k.name, "version": version, "mark": mark,
                      "dir": k.metadata_group[k.name + ".json"].split("/")[-2],
                      "record": getattr(k.metadata, "agentsched", None),
                      "inductor": os.environ.get("TORCHINDUCTOR_CACHE_DIR"),
                      "hook_module": "agentsched.kernels.triton.hook" in sys.modules}),
          flush=True)


import json, os, re
if sys.argv[1:] == ["child"]:
    build(print_kernel, {"x_ptr": "*fp32", "n": "i32"}, {"BLOCK": 128})
else:
    print(json.dumps({"hook_module_at_start": "agentsched.kernels.triton.hook" in sys.modules}),
          flush=True)
    build(add_kernel, {"x_ptr": "*fp32", "y_ptr": "*fp32", "out_ptr": "*fp32", "n": "i32"},
          {"BLOCK_SIZE": 1024})
    subprocess.run([sys.executable, __file__, "child"], check=True)
    sys.exit(int(os.environ.get("EXIT", "0")))
'''


def _module(tmp: Path, name: str, text: str):
    """Import `text` as a module from a file (Triton's @jit needs the function's source)."""
    path = tmp / f"{name}.py"
    path.write_text(text)
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _mock(dtype):
    import triton.language as tl
    from triton.runtime.jit import MockTensor
    return MockTensor(getattr(tl, dtype))


def _cases(add) -> dict:
    from agentsched.kernels.triton.examples import attention, layer_norm, matmul, softmax
    f16, f32, i32 = _mock("float16"), _mock("float32"), _mock("int32")
    return {
        "add": (add.add_kernel, (f32, f32, f32, 98432), dict(BLOCK_SIZE=1024)),
        "softmax": (softmax.softmax_kernel, (f32, f32, 1024, 1024, 4096, 1000),
                    dict(BLOCK_SIZE=1024, num_stages=4, num_warps=8)),
        "layer_norm": (layer_norm._layer_norm_fwd_fused,
                       (f16, f16, f16, f16, f32, f32, 4096, 4096, 1e-5),
                       dict(BLOCK_SIZE=4096, num_warps=8)),
        "matmul": (matmul.matmul_kernel, (f16, f16, f16, 4096, 4096, 4096, 4096, 1, 4096, 1,
                                          4096, 1), dict(ACTIVATION="", **matmul.CONFIG)),
        "attention": (attention._attn_fwd, (0.5, f32, 2, 4, f16, f16, f16, f16, 1024),
                      dict(HEAD_DIM=64, FP8_OUTPUT=False, STAGE=3, warp_specialize=False,
                           IS_HOPPER=True, **attention.CONFIG)),
        "print": (add.print_kernel, (f32, 4096), dict(BLOCK=128)),
        "assert": (add.assert_kernel, (f32, 4096), dict(BLOCK=128, debug=True)),
        "bulk_asm": (add.bulk_asm_kernel, (i32, i32), dict(BLOCK=128)),
    }


def _compile(case, arch: int = 90):
    import triton
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource

    from agentsched.kernels.triton.capture import specialize
    fn, args, kw = case
    jit, signature, constexprs, attrs, options = specialize(fn, args, kw, f"sm_{arch}")
    return triton.compile(ASTSource(jit, signature, constexprs, attrs),
                          target=GPUTarget("cuda", arch, 32), options=options.__dict__)


def _body(ptx: str) -> list[str]:
    return [ln for ln in ptx.splitlines() if ln.strip() and not ln.lstrip().startswith("//")]


def _ptxas(ptx: str, tmp: Path, name: str) -> tuple[bytes, int]:
    """Triton's own ptxas with the flags of its cubin stage: (cubin, registers)."""
    from triton.backends.nvidia.compiler import get_ptxas
    src, out = tmp / f"{name}.ptx", tmp / f"{name}.cubin"
    src.write_text(ptx)
    proc = subprocess.run([get_ptxas(90).path, "-lineinfo", "-v", "--gpu-name=sm_90a", str(src),
                           "-o", str(out)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    return out.read_bytes(), int(re.search(r"Used (\d+) registers", proc.stderr).group(1))


@pytest.fixture(scope="module")
def cache(tmp_path_factory):
    d = tmp_path_factory.mktemp("triton-hook-cache")
    old = os.environ.get("TRITON_CACHE_DIR")
    os.environ["TRITON_CACHE_DIR"] = str(d)
    yield d
    if old is None:
        os.environ.pop("TRITON_CACHE_DIR", None)
    else:
        os.environ["TRITON_CACHE_DIR"] = old


@pytest.fixture(scope="module")
def add(tmp_path_factory):
    return _module(tmp_path_factory.mktemp("kernels"), "hook_kernels", ADD)


@pytest.fixture(scope="module")
def hooked(cache, add):
    """The kernels compiled by Triton with the hook installed in this process."""
    from agentsched.kernels.triton import hook
    st = hook.install(policy=POLICY)
    try:
        got = {name: _compile(case) for name, case in _cases(add).items()
               if name != "bulk_asm"}
    finally:
        hook.uninstall()
    return st, got


def _record(k) -> dict:
    return k.metadata.agentsched


# ---------------------------------------------------------------- compiled by llc-19

def test_every_kernel_is_compiled_by_llc19_with_the_policy(hooked, tmp_path):
    st, got = hooked
    assert st["active"] and st["via"] == "install" and re.fullmatch(r"[0-9a-f]{16}",
                                                                    st["digest"])
    for name, k in got.items():
        rec = _record(k)
        assert rec["compiled_by"] == "llc-19", (name, rec)
        assert rec["digest"] == st["digest"] and rec["policy"] == str(POLICY)
        ptx = k.asm["ptx"]
        assert MARK in ptx and re.search(r"^\.version 8\.4$", ptx, re.M), name  # llc-19's ISA
        assert re.search(r"^\.target sm_90a$", ptx, re.M), name
        # the cache entry is the salted one, and the record says where it is
        entry = Path(k.metadata_group[f"{k.name}.json"]).parent
        assert entry.name.endswith(f"-as{st['digest']}") and rec["directory"] == str(entry)
        assert json.loads((entry / f"{k.name}.json").read_text())["agentsched"] == rec
        # the cubin stage ran Triton's own ptxas on this PTX: the same bytes again
        cubin, _ = _ptxas(ptx, tmp_path, name)
        assert k.asm["cubin"][:4] == b"\x7fELF" and k.asm["cubin"] == cubin, name


def test_the_policy_changes_the_ptx_against_llc19_without_it(hooked, tmp_path):
    from agentsched.llvm.llc import llc_command
    from agentsched.targets import parse_target
    t = parse_target("sm_90a")
    _, got = hooked
    figures = {}
    for name, k in got.items():
        rec = _record(k)
        out = tmp_path / f"{name}.stock.ptx"
        subprocess.run(llc_command(Path(rec["ir"]), t, out, stock=True), check=True)
        stock = out.read_text()
        diff = [ln for ln in difflib.unified_diff(_body(stock), _body(k.asm["ptx"]), n=0)
                if ln[:1] in "+-" and ln[:3] not in ("+++", "---")]
        if rec["changed"]:  # a changed decision shows in the PTX ...
            assert diff, f"{name}: {rec['changed']} decisions changed, same PTX"
        else:  # ... and none changed is stock llc-19's PTX, instruction for instruction
            assert not diff, name
        figures[name] = (rec["changed"], rec["decisions"], len(diff),
                         _ptxas(stock, tmp_path, name + "-stock")[1],
                         _ptxas(k.asm["ptx"], tmp_path, name)[1])
    for name in ("matmul", "attention", "softmax", "layer_norm", "add"):
        assert figures[name][0] > 0, (name, figures[name])
    print("kernel: decisions changed / decision points, PTX lines changed, registers "
          "(llc-19 without the policy -> with it)")
    for name, (ch, n, lines, r0, r1) in figures.items():
        print(f"  {name:10s} {ch:4d} / {n:4d}  {lines:4d} lines  {r0} -> {r1} registers")


def test_kernels_calling_vprintf_or_assertfail_compile(hooked):
    # their launch bounds were the only attribute of the kernel's group (the rewrite fix:
    # without it llc-19 refused `attributes #0 = { }` and the kernel fell back)
    _, got = hooked
    assert "call.uni" in got["print"].asm["ptx"] and "vprintf" in got["print"].asm["ptx"]
    assert "__assertfail" in got["assert"].asm["ptx"]
    for name in ("print", "assert"):
        assert _record(got[name])["compiled_by"] == "llc-19"
        assert ".reqntid 128, 1, 1" in got[name].asm["ptx"]


# ---------------------------------------------------------------- fallbacks

def _one_agentsched_line(err: str, name: str) -> str:
    lines = [ln for ln in err.splitlines() if ln.startswith("agentsched:")]
    assert len(lines) == 1 and lines[0].startswith(f"agentsched: {name}: ") and \
        lines[0].endswith("; Triton's own PTX used"), err
    return lines[0]


def test_ptxas_refusing_llc19s_ptx_falls_back_to_tritons(cache, add, capfd):
    from agentsched.kernels.triton import hook
    hook.install(policy=POLICY)
    try:
        capfd.readouterr()
        k = _compile(_cases(add)["bulk_asm"])
    finally:
        hook.uninstall()
    out, err = capfd.readouterr()
    line = _one_agentsched_line(err, "bulk_asm_kernel")
    assert "requires PTX ISA .version 8.6 or later" in line
    assert "please share the reproducer" not in out  # Triton's PTX dump was held back
    rec = _record(k)
    assert (rec["compiled_by"], rec["stage"]) == ("triton", "ptxas")
    assert "// agentsched" not in k.asm["ptx"] and ".version 8.7" in k.asm["ptx"]
    assert k.asm["cubin"][:4] == b"\x7fELF"


def test_ir_llc19_cannot_read_falls_back_and_other_stage_hooks_still_run(cache, add, capfd):
    # Triton 3.6's kernels have no known rewrite gap left; Triton 3.8's LLVM writes
    # attributes LLVM 19 lacks. An inspection hook of the program's own (it stays chained
    # before ours) puts LLVM 21's `dead_on_return` on the unused scratch parameter of the
    # real IR: Triton's LLVM reads it, llc-19 does not, no rule brings it down.
    from triton import knobs

    from agentsched.kernels.triton import hook
    seen = []

    def newer_llvm(backend, stages, options, language, capability):
        llir = stages["llir"]

        def make_llir(src, metadata):
            text = llir(src, metadata)
            seen.append(metadata.get("name"))
            return re.sub(r"^(define ptx_kernel [^\n]*?)(%\d+)\)( local_unnamed_addr)",
                          r"\1dead_on_return \2)\3", text, count=1, flags=re.M)
        stages["llir"] = make_llir

    knobs.runtime.add_stages_inspection_hook = newer_llvm
    try:
        hook.install(policy=POLICY)
        capfd.readouterr()
        case = _cases(add)["add"]
        k = _compile((case[0], case[1], {**case[2], "num_warps": 2}))  # a new cache key
    finally:
        hook.uninstall()
        restored = knobs.runtime.add_stages_inspection_hook
        knobs.runtime.add_stages_inspection_hook = None
    assert restored is newer_llvm  # uninstall() put the program's hook back
    _, err = capfd.readouterr()
    line = _one_agentsched_line(err, "add_kernel")
    assert "RewriteError" in line and "dead_on_return" in line and "add_kernel.llir:" in line
    assert seen and "dead_on_return" in k.asm["llir"]
    rec = _record(k)
    assert (rec["compiled_by"], rec["stage"]) == ("triton", "rewrite")
    assert ".version 8.7" in k.asm["ptx"] and k.asm["cubin"][:4] == b"\x7fELF"


def test_blackwell_is_refused_with_one_line_and_amd_kernels_say_so(cache, add, capfd):
    from agentsched.kernels.triton import hook
    from agentsched.kernels.triton.capture import capture
    hook.install(policy=POLICY)
    try:
        capfd.readouterr()
        k = _compile(_cases(add)["add"], arch=100)
        err = capfd.readouterr().err
        fn, args, kw = _cases(add)["add"]
        amd = capture(fn, *args, target="gfx942", **kw)
    finally:
        hook.uninstall()
    line = _one_agentsched_line(err, "add_kernel")
    assert "sm_100a: LLVM 19 has no Blackwell target" in line
    assert _record(k)["stage"] == "target" and ".target sm_100a" in k.asm["ptx"]
    # an AMD kernel is Triton's own (the hook builds NVIDIA kernels), and its record says so
    assert not [ln for ln in capfd.readouterr().err.splitlines() if ln.startswith("agentsched")]
    rec = amd.metadata["agentsched"]
    assert (rec["compiled_by"], rec["stage"]) == ("triton", "target") and "NVIDIA" in \
        rec["reason"]


def _env(**extra) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AGENTSCHED_TRITON",
                                                                     "TORCHINDUCTOR"))}
    env.pop("TRITON_CACHE_MANAGER", None)
    env["PYTHONPATH"] = str(ROOT)
    env.update(extra)
    return env


def _run(script: Path, env: dict, *args) -> tuple[list[dict], subprocess.CompletedProcess]:
    proc = subprocess.run([sys.executable, str(script), *args], capture_output=True, text=True,
                          env=env)
    rows = [json.loads(ln) for ln in proc.stdout.splitlines() if ln.startswith("{")]
    return rows, proc


def _site_env(tmp_path, **extra) -> dict:
    from agentsched.kernels.triton.hookenv import SITE_DIR
    return _env(**{"PYTHONPATH": os.pathsep.join([str(SITE_DIR), str(ROOT)]),
                   "AGENTSCHED_TRITON_POLICY": str(POLICY),
                   "TRITON_CACHE_DIR": str(tmp_path / "cache"), **extra})


def test_llc19_missing_from_path_falls_back_per_kernel(tmp_path):
    # LLVM 19 half there: llvm-config-19 (the plugin's identity) but no llc-19 on PATH
    import shutil
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "llvm-config-19").symlink_to(shutil.which("llvm-config-19"))
    prog = tmp_path / "prog.py"
    prog.write_text(PROGRAM)
    rows, proc = _run(prog, _site_env(tmp_path, PATH=str(bin_dir),
                                      AGENTSCHED_LLVM_BIN=str(tmp_path / "none")))
    assert proc.returncode == 0, proc.stderr
    lines = [ln for ln in proc.stderr.splitlines() if ln.startswith("agentsched:")]
    assert len(lines) == 2, proc.stderr  # one per kernel (the child's included)
    for ln, name in zip(lines, ("add_kernel", "print_kernel")):
        assert ln == (f"agentsched: {name}: ToolMissing: llc-19 not found: install the Debian "
                      "package llvm-19 (apt-get install llvm-19); Triton's own PTX used")
    for row in rows[1:]:
        assert row["version"] == "8.7" and row["record"]["stage"] == "tools"


def test_no_llvm_at_all_turns_the_hook_off_with_one_line(tmp_path):
    prog = tmp_path / "prog.py"
    prog.write_text(PROGRAM)
    rows, proc = _run(prog, _site_env(tmp_path, PATH=str(tmp_path),
                                      AGENTSCHED_LLVM_BIN=str(tmp_path / "none")))
    assert proc.returncode == 0, proc.stderr
    lines = [ln for ln in proc.stderr.splitlines() if ln.startswith("agentsched:")]
    assert lines == ["agentsched: Triton hook off (HookError: llvm-config-19 not found: install "
                     "the Debian package llvm-19-dev (apt-get install llvm-19-dev)); Triton "
                     "compiles every kernel itself"], proc.stderr  # the child stays quiet
    for row in rows[1:]:  # stock Triton, stock cache key
        assert row["version"] == "8.7" and row["record"] is None and "-as" not in row["dir"]


# ---------------------------------------------------------------- caches

def test_stock_and_hooked_builds_never_share_a_cache_entry(hooked, cache, tmp_path):
    st, _ = hooked
    script = tmp_path / "prog.py"
    script.write_text(PROGRAM)
    hooked_env = {**_site_env(tmp_path), "TRITON_CACHE_DIR": str(cache)}
    first, proc = _run(script, hooked_env)
    assert proc.returncode == 0, proc.stderr
    assert first[1]["mark"] and first[1]["version"] == "8.4"
    # a second process, the hook off, the same cache: Triton's own kernel, its own entry
    stock, proc = _run(script, _env(TRITON_CACHE_DIR=str(cache)))
    assert proc.returncode == 0, proc.stderr
    row = stock[1]
    assert row["kernel"] == "add_kernel" and row["record"] is None
    assert row["version"] == "8.7" and not row["mark"] and "-as" not in row["dir"]
    assert first[1]["dir"] == row["dir"] + f"-as{st['digest']}"
    # the hook on again: its entry, as it was
    again, _ = _run(script, hooked_env)
    assert again[1]["dir"] == first[1]["dir"] and again[1]["record"] == first[1]["record"]
    # a policy file with other bytes is another digest, another entry
    other = tmp_path / "policy.json"
    other.write_bytes(POLICY.read_bytes() + b" ")
    moved, _ = _run(script, {**hooked_env, "AGENTSCHED_TRITON_POLICY": str(other)})
    assert moved[1]["dir"].split("-as")[0] == row["dir"]
    assert moved[1]["dir"] not in (first[1]["dir"], row["dir"])
    entries = sorted(p.name for p in cache.iterdir() if p.name.startswith(row["dir"]))
    assert len(entries) == 3, entries


def test_digest_is_the_content_of_policy_and_db(tmp_path):
    from agentsched.kernels.triton import hookenv
    copy = tmp_path / "same.json"
    copy.write_bytes(POLICY.read_bytes())
    a = hookenv.digest(hookenv.HookConfig.make(POLICY))
    assert hookenv.digest(hookenv.HookConfig.make(copy)) == a  # bytes, not the path
    copy.write_bytes(POLICY.read_bytes() + b"\n")
    assert hookenv.digest(hookenv.HookConfig.make(copy)) != a
    db = tmp_path / "tuned.db"
    db.write_bytes(b"SQLite format 3\0")
    if not hookenv.db_supported():
        with pytest.raises(hookenv.HookError, match="llc_command has no db keyword"):
            hookenv.HookConfig.make(POLICY, db)
        r = cli("triton", "env", "--policy", str(POLICY), "--db", str(db))
        assert r.returncode == 1 and r.stderr.count("\n") == 1 and "no db keyword" in r.stderr
    else:
        with_db = hookenv.digest(hookenv.HookConfig.make(POLICY, db))
        db.write_bytes(b"SQLite format 3\0\1")
        assert with_db != a and hookenv.digest(hookenv.HookConfig.make(POLICY, db)) != with_db
        from agentsched.llvm.llc import llc_command
        from agentsched.targets import parse_target
        cmd = llc_command(tmp_path / "k.ll", parse_target("sm_90a"), tmp_path / "k.ptx",
                          policy=POLICY, db=db)
        assert f"-agent-sched-db={db}" in cmd


def test_torch_compile_cache_is_per_digest(tmp_path):
    from agentsched.kernels.triton import hookenv
    probe = tmp_path / "probe.py"
    probe.write_text(textwrap.dedent('''
        import json, os, subprocess, sys
        got = {"env": os.environ.get("TORCHINDUCTOR_CACHE_DIR"),
               "manager": os.environ.get("TRITON_CACHE_MANAGER")}
        try:
            from torch._inductor.runtime.cache_dir_utils import cache_dir
            got["torch"] = cache_dir()
        except ImportError:
            pass
        if sys.argv[1:] != ["child"]:
            child = subprocess.run([sys.executable, __file__, "child"], capture_output=True,
                                   text=True, check=True).stdout
            got["child"] = json.loads(child)["env"]
        print(json.dumps(got))
    '''))
    other = tmp_path / "other.json"
    other.write_text(POLICY.read_text() + " ")

    def probe_with(**extra):
        proc = subprocess.run([sys.executable, str(probe)], capture_output=True, text=True,
                              env=_site_env(tmp_path, **extra))
        assert proc.returncode == 0, proc.stderr
        return json.loads(proc.stdout)
    a = probe_with()
    d = hookenv.digest(hookenv.HookConfig.make(POLICY))
    assert a["env"] == hookenv.inductor_cache_dir(d) and a["env"].endswith(f"agentsched-{d}")
    assert a["child"] == a["env"]  # inherited, not nested
    assert a["manager"] == hookenv.MANAGER
    if "torch" in a:
        assert a["torch"] == a["env"]
    b = probe_with(AGENTSCHED_TRITON_POLICY=str(other))
    assert b["env"] != a["env"] and Path(b["env"]).parent == Path(a["env"]).parent
    mine = probe_with(TORCHINDUCTOR_CACHE_DIR=str(tmp_path / "mine"))
    assert mine["env"] == str(tmp_path / "mine" / f"agentsched-{d}") == mine["child"]
    stock = subprocess.run([sys.executable, str(probe)], capture_output=True, text=True,
                           env=_env()).stdout
    assert json.loads(stock)["env"] is None  # without the variables nothing is set


# ---------------------------------------------------------------- the environment route

def test_env_route_unchanged_program_and_its_child(tmp_path):
    # `agentsched triton env` -> the lines a user pastes; here applied to a fresh environment
    r = cli("triton", "env", "--policy", str(POLICY))
    assert r.returncode == 0, r.stderr
    from agentsched.kernels.triton.hookenv import SITE_DIR
    lines = r.stdout.splitlines()
    assert lines[0].startswith("# agentsched Triton hook: policy sm_90.json, digest ")
    assert f"export PYTHONPATH={SITE_DIR}${{PYTHONPATH:+:$PYTHONPATH}}" in lines
    assert f"export AGENTSCHED_TRITON_POLICY={POLICY}" in lines
    # the shadowed sitecustomize (Debian's, a venv's) still runs
    nxt = tmp_path / "next"
    nxt.mkdir()
    (nxt / "sitecustomize.py").write_text("import sys; print('next sitecustomize ran', "
                                          "file=sys.stderr)\n")
    prog = tmp_path / "train.py"
    prog.write_text(PROGRAM)
    shell = (f"{r.stdout}\nexport PYTHONPATH=$PYTHONPATH:{nxt}:{ROOT} "
             f"TRITON_CACHE_DIR={tmp_path / 'cache'}\n{sys.executable} {prog}")
    proc = subprocess.run(["sh", "-c", shell], capture_output=True, text=True, env=_env())
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.count("next sitecustomize ran") == 2  # the program and its child
    rows = [json.loads(ln) for ln in proc.stdout.splitlines()]
    assert rows[0]["hook_module_at_start"] is False  # nothing imported before Triton asks
    for row, name in zip(rows[1:], ("add_kernel", "print_kernel")):
        assert row["kernel"] == name and row["hook_module"] and row["version"] == "8.4"
        assert row["mark"][0].startswith(MARK) and row["record"]["compiled_by"] == "llc-19"
    assert rows[1]["record"]["pid"] != rows[2]["record"]["pid"]


def test_triton_run_status_and_log_commands(tmp_path):
    prog = tmp_path / "train.py"
    prog.write_text(PROGRAM)
    cache_dir = tmp_path / "cache"
    env = _env(TRITON_CACHE_DIR=str(cache_dir), EXIT="3")
    log = tmp_path / "kernels.jsonl"
    r = cli("triton", "run", "--policy", str(POLICY), "--log", str(log), "--",
            sys.executable, str(prog), env=env)
    assert r.returncode == 3, r.stderr  # the program's own status
    summary = [ln for ln in r.stderr.splitlines() if ln.startswith("agentsched:")]
    assert summary[0] == ("agentsched: 2 Triton kernels: 2 compiled by llc-19 with the plugin, "
                          "0 by Triton itself (fallback)"), r.stderr
    assert any(re.match(r"agentsched:   llc-19  add_kernel +policy sm_90.json: \d+ of \d+ "
                        "decisions differ", ln) for ln in summary)
    events = [json.loads(ln) for ln in log.read_text().splitlines()]
    assert sorted(e["kernel"] for e in events) == ["add_kernel", "print_kernel"]
    assert {e["event"] for e in events} == {"compiled"}
    # again: both from Triton's cache, salted entries, still listed
    r2 = cli("triton", "run", "--policy", str(POLICY), "--", sys.executable, str(prog),
             env={**env, "EXIT": "0"})
    assert r2.returncode == 0 and "2 of them loaded from Triton's cache" in r2.stderr
    # `triton log` reads the records Triton's cache keeps in each kernel's metadata
    r3 = cli("triton", "log", str(cache_dir), env=env)
    assert r3.returncode == 0 and r3.stdout.startswith("2 Triton kernels: 2 compiled by llc-19")
    # `triton status` in the environment `triton env` describes
    from agentsched.kernels.triton.hookenv import SITE_DIR
    st = cli("triton", "status", "--json", env={**env, "PYTHONPATH": f"{SITE_DIR}:{ROOT}",
                                                "AGENTSCHED_TRITON_POLICY": str(POLICY)})
    got = json.loads(st.stdout)
    assert got["active"] and got["kernels_in_cache"] == 2 and got["fallbacks_in_cache"] == 0
    assert got["triton_cache_dir"] == str(cache_dir)
    assert got["inductor_cache_dir"].endswith(f"agentsched-{got['digest']}")
    off = json.loads(cli("triton", "status", "--json", env=env).stdout)
    assert not off["active"] and not off["configured"]
    # a missing policy: one line, exit 1, the program never started
    r4 = cli("triton", "run", "--policy", str(tmp_path / "nope.json"), "--", sys.executable,
             "-c", "print('ran')", env=env)
    assert r4.returncode == 1 and "ran" not in r4.stdout
    assert r4.stderr.strip() == f"error: policy {tmp_path / 'nope.json'} not found"


def test_install_uninstall_restore_triton_and_the_environment(cache, add):
    from triton import knobs

    from agentsched.kernels.triton import hook
    before = dict(os.environ)
    assert knobs.cache.manager_class is None and knobs.runtime.add_stages_inspection_hook is None
    st = hook.install(policy=POLICY, quiet=True)
    assert st["active"] and st["quiet"] and os.environ["AGENTSCHED_TRITON_QUIET"] == "1"
    assert os.environ["TRITON_CACHE_MANAGER"] == "agentsched.kernels.triton.hook:" \
                                                 "AgentschedCacheManager"
    assert os.environ["AGENTSCHED_TRITON_POLICY"] == str(POLICY)
    hook.uninstall()
    assert dict(os.environ) == before
    assert knobs.cache.manager_class is None and knobs.runtime.add_stages_inspection_hook is None
    assert not hook.status()["active"]
    case = _cases(add)["add"]
    k = _compile((case[0], case[1], {**case[2], "num_warps": 8}))
    assert not hasattr(k.metadata, "agentsched") and "// agentsched" not in k.asm["ptx"]
    with pytest.raises(hook.HookError, match="needs a policy file or a db"):
        hook.install()
    with pytest.raises(hook.HookError, match="not found"):
        hook.install(policy="/nonexistent/policy.json")


def test_digest_names_the_phase(monkeypatch):
    """llc_command hooks the scheduler AGENTSCHED_PHASE names: another phase is another
    cache entry; the default (pre) leaves the digest as it was."""
    from agentsched.core import env
    from agentsched.kernels.triton import hookenv
    monkeypatch.delenv(env.PHASE, raising=False)
    pre = hookenv.digest(hookenv.HookConfig.make(POLICY))
    monkeypatch.setenv(env.PHASE, "pre")
    assert hookenv.digest(hookenv.HookConfig.make(POLICY)) == pre
    monkeypatch.setenv(env.PHASE, "post")
    post = hookenv.digest(hookenv.HookConfig.make(POLICY))
    monkeypatch.setenv(env.PHASE, "both")
    assert len({pre, post, hookenv.digest(hookenv.HookConfig.make(POLICY))}) == 3


# ---------------------------------------------------------------- select: the model's choice

def sure_model(path: Path) -> Path:
    """A model file that is sure every changed kernel is 1.5x faster: constant trees (the
    real model is that sure for about 0.1% of held-out predictions)."""
    import math
    path.write_text(json.dumps({
        "format": "agentsched-perfmodel/1", "features": ["d_registers"],
        **{k: {"bias": math.log(v), "trees": []}
           for k, v in (("mean", 1.5), ("lo", 1.4), ("hi", 1.6))}}))
    return path


def _selected(cases: dict, names, **install):
    from agentsched.kernels.triton import hook
    st = hook.install(policy=POLICY, quiet=True, **install)
    try:
        return st, {n: _compile(cases[n]) for n in names}
    finally:
        hook.uninstall()


def _stock_llc(rec: dict, tmp: Path, name: str) -> str:
    from agentsched.llvm.llc import llc_command
    from agentsched.targets import parse_target
    out = tmp / f"{name}.stock.ptx"
    subprocess.run(llc_command(Path(rec["ir"]), parse_target("sm_90a"), out, stock=True),
                   check=True)
    return out.read_text()


def test_select_keeps_llvms_schedule_where_the_model_is_not_sure(cache, add, tmp_path):
    from agentsched.targets import perfmodel
    st, got = _selected(_cases(add), ("add", "matmul", "softmax"), select=True)
    assert st["select"] == str(perfmodel.DEFAULT_MODEL)
    shipped = perfmodel.load().sha256[:16]
    for name, k in got.items():
        rec = _record(k)
        sel = rec["select"]
        assert rec["compiled_by"] == "llc-19" and rec["schedule"] == sel["chosen"] == "llvm"
        assert sel["model"] == shipped and sel["policy_changed"] > 0, (name, rec)
        p = sel["predicted"]
        assert not p["lo"] > 1 and ("not sure" in sel["reason"] or "slower" in sel["reason"])
        # LLVM's schedule: stock llc-19's PTX instruction for instruction, and the cubin is
        # Triton's ptxas of it
        assert _body(k.asm["ptx"]) == _body(_stock_llc(rec, tmp_path, name)), name
        assert any(ln.startswith("// agentsched: llc-19 with LLVM's default schedule")
                   for ln in k.asm["ptx"].splitlines()[:6]), name
        assert k.asm["cubin"] == _ptxas(k.asm["ptx"], tmp_path, name)[0]
        entry = Path(k.metadata_group[f"{k.name}.json"]).parent
        assert entry.name.endswith(f"-as{st['digest']}")


def test_select_takes_the_policy_only_where_the_model_is_sure(cache, add, tmp_path):
    model = sure_model(tmp_path / "sure.json")
    st, got = _selected(_cases(add), ("add", "assert"), select=model)
    add_rec, same = _record(got["add"]), _record(got["assert"])
    # add: the policy changes its code and the model is sure: the policy's PTX
    assert add_rec["schedule"] == "policy" and add_rec["changed"] > 0
    assert add_rec["select"]["predicted"]["lo"] > 1 and "sure" in add_rec["select"]["reason"]
    assert MARK in got["add"].asm["ptx"]
    assert _body(got["add"].asm["ptx"]) != _body(_stock_llc(add_rec, tmp_path, "add"))
    # assert: the policy's machine code is LLVM's: nothing to choose, LLVM's
    assert same["schedule"] == "llvm" and "machine code is LLVM's" in same["select"]["reason"]
    assert _body(got["assert"].asm["ptx"]) == _body(_stock_llc(same, tmp_path, "assert"))


def test_a_failing_model_keeps_llvms_schedule_and_the_kernel_compiles(cache, add, tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    _, got = _selected(_cases(add), ("add",), select=broken)
    rec = _record(got["add"])
    assert rec["compiled_by"] == "llc-19" and rec["schedule"] == "llvm"
    assert rec["select"]["reason"].startswith("the model failed (PerfModelError")
    assert rec["select"]["predicted"] is None


def test_the_digest_names_select_and_the_models_bytes(tmp_path, monkeypatch):
    from agentsched.core import env
    from agentsched.kernels.triton import hookenv
    from agentsched.targets import perfmodel
    plain = hookenv.digest(hookenv.HookConfig.make(POLICY))
    shipped = hookenv.digest(hookenv.HookConfig.make(POLICY, select=True))
    copy = tmp_path / "copy.json"
    copy.write_bytes(perfmodel.DEFAULT_MODEL.read_bytes())
    assert hookenv.digest(hookenv.HookConfig.make(POLICY, select=copy)) == shipped
    other = hookenv.digest(hookenv.HookConfig.make(POLICY, select=sure_model(tmp_path / "s")))
    assert len({plain, shipped, other}) == 3
    # the environment route reads the same setting
    monkeypatch.setenv(env.TRITON_POLICY, str(POLICY))
    for value, want in (("1", shipped), ("0", plain), (str(copy), shipped)):
        monkeypatch.setenv(env.TRITON_SELECT, value)
        assert hookenv.digest(hookenv.HookConfig.from_env()) == want
    with pytest.raises(hookenv.HookError, match="performance model .* not found"):
        hookenv.HookConfig.make(POLICY, select=tmp_path / "none.json")


def test_triton_env_select_prints_the_setting(tmp_path):
    from agentsched.targets import perfmodel
    r = cli("triton", "env", "--policy", str(POLICY), "--select")
    assert r.returncode == 0, r.stderr
    assert f"export AGENTSCHED_TRITON_SELECT={perfmodel.DEFAULT_MODEL}" in r.stdout
    assert "chosen per kernel by perfmodel_sm_90.json" in r.stdout
    r = cli("triton", "env", "--policy", str(POLICY))
    assert "unset AGENTSCHED_TRITON_SELECT" in r.stdout
    r = cli("triton", "env", "--policy", str(POLICY), "--select-model", str(POLICY))
    assert r.returncode != 0 and "--select-model needs --select" in r.stderr


def test_triton_run_select_reaches_the_program_and_its_child(tmp_path):
    prog = tmp_path / "train.py"
    prog.write_text(PROGRAM)
    model = sure_model(tmp_path / "sure.json")
    log = tmp_path / "kernels.jsonl"
    r = cli("triton", "run", "--policy", str(POLICY), "--select", "--select-model", str(model),
            "--log", str(log), "--", sys.executable, str(prog),
            env=_env(TRITON_CACHE_DIR=str(tmp_path / "cache")))
    assert r.returncode == 0, r.stderr
    events = {e["kernel"]: e for e in map(json.loads, log.read_text().splitlines())}
    assert set(events) == {"add_kernel", "print_kernel"}  # the child's kernel too
    for e in events.values():
        assert e["schedule"] == "policy" and e["select_model"] == str(model)
        assert e["select"]["predicted"]["lo"] > 1
    assert re.search(r"llc-19  add_kernel +policy sm_90.json: policy by the model: the model "
                     "is sure", r.stderr), r.stderr
