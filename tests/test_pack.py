"""`agentsched pack`: a machine without LLVM 19 runs agentsched from the pack alone. The
launcher's tools must be the pack's (wrappers around the carried binaries, their libraries
from the pack), and a compile through it must equal one here, byte for byte."""
import os
import subprocess
import sys

import pytest

from .conftest import requires_llvm

pytestmark = requires_llvm


def test_the_pack_runs_commands_with_its_own_llvm_and_plugin(tmp_path):
    from agentsched.tools.pack import TOOLS, pack
    info = pack(tmp_path / "pack", level=0)
    assert set(info.tools) == set(TOOLS) and any("LLVM" in lib for lib in info.libraries)
    env = {**os.environ, "AGENTSCHED_PACK_CACHE": str(tmp_path / "unpacked"),
           "AGENTSCHED_PYTHON": sys.executable}
    env.pop("AGENTSCHED_DATA", None)  # the pack's own data dir (its plugin) is used
    launcher = tmp_path / "pack" / "agentsched"
    probe = ("from agentsched.tools.programs import find_tool; import agentsched;"
             "print(find_tool('llc-19')); print(find_tool('llvm-as-19')); "
             "print(agentsched.__file__)")
    got = subprocess.run([str(launcher), "--help"], env=env, capture_output=True, text=True)
    assert got.returncode == 0, got.stderr  # the first run unpacks
    unpacked = tmp_path / "unpacked"
    assert (unpacked / ".ready").exists()
    paths = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=tmp_path,
        env={**env, "PATH": f"{unpacked}/llvm/bin:{env['PATH']}",
             "PYTHONPATH": str(unpacked / "python")}).stdout.split()
    assert paths[0] == str(unpacked / "llvm/bin/llc-19")
    assert paths[1] == str(unpacked / "llvm/bin/llvm-as-19")
    assert paths[2].startswith(str(unpacked / "python"))
    # the shipped policies and performance model travel beside the package, where it looks
    # for them (--select, --objective predicted, --screen on the GPU machine)
    from agentsched.targets import perfmodel
    shipped = perfmodel.DEFAULT_MODEL.parent
    for f in shipped.glob("*.json"):
        assert (unpacked / "python" / "policies" / f.name).read_bytes() == f.read_bytes()
    ldd = subprocess.run(["sh", "-c", f'LD_LIBRARY_PATH="{unpacked}/llvm/lib" '
                          f'ldd "{unpacked}/llvm/real/llc-19"'], capture_output=True,
                         text=True).stdout
    assert f"{unpacked}/llvm/lib/libLLVM" in ldd
    carried = {p.name: p.stat().st_mtime_ns for p in (unpacked / "data" / "plugin").iterdir()}
    out = tmp_path / "k.ptx"
    r = subprocess.run([str(launcher), "compile", "fused_mlp", "-t", "sm_90", "-o", str(out)],
                       env=env, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    here = subprocess.run([sys.executable, "-m", "agentsched.cli", "compile", "fused_mlp",
                           "-t", "sm_90", "-o", str(tmp_path / "here.ptx")],
                          capture_output=True, text=True)
    assert here.returncode == 0, here.stderr
    assert out.read_bytes() == (tmp_path / "here.ptx").read_bytes()
    # no plugin was built there: the carried one (its checksum verified) was used
    assert {p.name: p.stat().st_mtime_ns
            for p in (unpacked / "data" / "plugin").iterdir()} == carried


def test_pack_refuses_a_directory_that_is_not_a_pack(tmp_path):
    from agentsched.tools.pack import pack
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.txt").write_text("keep me")
    with pytest.raises(ValueError, match="not a pack"):
        pack(tmp_path / "mine", level=0)
    assert (tmp_path / "mine" / "notes.txt").read_text() == "keep me"


def test_a_packed_kernels_ir_serves_where_there_is_no_clang(tmp_path, monkeypatch):
    """`pack --kernel`'s IR is what KernelRef.ir() gives on a machine without clang-19
    ($AGENTSCHED_PREBUILT_IR, set by the launcher), keyed by the kernel's source content and
    build; with clang-19 on PATH the IR is made as usual."""
    import shutil

    from agentsched.kernels.ref import prebuilt_ir, resolve_kernel
    from agentsched.targets import parse_target
    t = parse_target("sm_90")
    k = resolve_kernel("fused_mlp")
    d = tmp_path / "prebuilt"
    d.mkdir()
    (d / f"{k.key}-sm_90.ll").write_bytes(k.ir(t).read_bytes())
    monkeypatch.setenv("AGENTSCHED_PREBUILT_IR", str(d))
    assert prebuilt_ir(k, t) is None  # clang-19 is here: not used
    real = shutil.which
    monkeypatch.setattr(shutil, "which", lambda n: None if n == "clang-19" else real(n))
    assert prebuilt_ir(k, t) == d / f"{k.key}-sm_90.ll" and k.ir(t) == prebuilt_ir(k, t)
    assert prebuilt_ir(resolve_kernel("gemm8x8"), t) is None  # not packed
