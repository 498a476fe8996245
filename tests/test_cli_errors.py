"""Clear errors instead of tracebacks (issue 11, item 14): usage errors exit 2 with one line;
corrupt stores, bad agents, crashing tools and odd modules are named in one line."""
import os
import signal
import subprocess
from pathlib import Path

import pytest

from agentsched.agents import Agent
from agentsched.llvm.compile import compile_ir
from agentsched.llvm.frontend import emit_ir
from agentsched.llvm.session import AgentError
from agentsched.targets import parse_target
from agentsched.tools.programs import ToolFailed, run

from .conftest import DATA, cli, llc_children, requires_llvm

KERNEL = str(DATA / "gemm_tile.cu")


def one_line(stderr: str) -> str:
    lines = stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in stderr, stderr
    return lines[0]


@pytest.mark.parametrize("args", [
    ["compile"],                                    # missing argument
    ["compile", KERNEL],                            # missing -o
    ["states", KERNEL, "--bogus", "-o", "x"],       # unknown option
    ["search", KERNEL, "--workers", "abc"],         # not an integer
    ["search", KERNEL, "--objective", "speed"],     # unknown objective
    ["compile", KERNEL, "-o", "k.s", "-t", "gfx9999"],  # unknown target
    ["experiment", KERNEL, "--agents", "nobody"],   # unknown agent
    ["nosuchcommand"],
])
def test_usage_errors_exit_2_with_one_line(args, tmp_path):
    r = subprocess.run([*cli_cmd(), *args], capture_output=True, text=True, cwd=tmp_path)
    assert r.returncode == 2, r.stderr
    assert one_line(r.stderr).startswith("error: ")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("args, option", [
    (["search", KERNEL, "--budget", "-1"], "--budget"),
    (["search", KERNEL, "--budget", "0"], "--budget"),
    (["search", KERNEL, "--width", "0"], "--width"),
    (["search", KERNEL, "--method", "evolve", "--population", "-3"], "--population"),
    (["search", KERNEL, "--objective", "time", "--finalists", "0"], "--finalists"),
    (["search", KERNEL, "--objective", "time", "--time-reps", "0"], "--time-reps"),
    (["bundle", KERNEL, "--seeds", "0", "-o", "b"], "--seeds"),
    (["time", "bundle", "--rounds", "0"], "--rounds"),
    (["report", "-o", "r.html", "--max-points", "-1"], "--max-points"),
    (["compile", KERNEL, "-o", "k.s", "--dynamic-shared", "96K"], "--dynamic-shared"),
    (["search", KERNEL, "--dynamic-shared", "-1"], "--dynamic-shared"),
])
def test_nonsense_counts_are_usage_errors_naming_the_option(args, option, tmp_path):
    r = subprocess.run([*cli_cmd(), *args], capture_output=True, text=True, cwd=tmp_path)
    assert r.returncode == 2, r.stderr
    assert option in one_line(r.stderr)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("count", ["budget", "width", "population", "finalists"])
def test_the_search_api_refuses_nonsense_counts(count):
    from agentsched.searches.run import run_search
    with pytest.raises(ValueError, match=count):
        run_search(KERNEL, "gfx1100", **{count: 0})


def cli_cmd():
    import sys
    return [sys.executable, "-m", "agentsched.cli"]


def test_help_still_works():
    r = cli("compile", "--help")
    assert r.returncode == 0 and "--output" in r.stdout


@requires_llvm
def test_corrupt_store_is_one_clear_error(tmp_path):
    store = tmp_path / "store.sqlite"
    store.write_bytes(b"this is not an SQLite database, just text " * 100)
    r = cli("experiment", KERNEL, "--agents", "default", "--store", str(store))
    assert r.returncode == 1
    line = one_line(r.stderr)
    assert str(store) in line and "not a usable results store" in line


@requires_llvm
def test_an_agent_returning_none_is_an_agent_error():
    t = parse_target("gfx1100")
    ir = emit_ir(DATA / "gemm_tile.cu", t)

    class Nothing(Agent):
        def pick(self, point):
            return None

    with pytest.raises(AgentError, match="non-candidate"):
        compile_ir(ir, t, agent=Nothing())
    assert llc_children() == []


def test_a_tool_killed_by_a_signal_is_named():
    with pytest.raises(ToolFailed, match=r"^sh was killed by SIGSEGV$"):
        run(["sh", "-c", "kill -SEGV $$"])
    with pytest.raises(ToolFailed, match=r"^sh failed \(exit 3\): bad thing$"):
        run(["sh", "-c", "echo bad thing >&2; exit 3"])


@requires_llvm
def test_llc_killed_during_a_live_compile_is_named():
    t = parse_target("gfx1100")
    ir = emit_ir(DATA / "gemm_tile.cu", t)

    class Killer(Agent):
        def pick(self, point):
            for line in llc_children():
                os.kill(int(line.split()[0]), signal.SIGSEGV)
            import time
            time.sleep(0.2)
            return point.llvm_candidate

    with pytest.raises(ToolFailed, match="llc-19 was killed by SIGSEGV"):
        compile_ir(ir, t, agent=Killer())
    assert llc_children() == []


OPTNONE = """target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %p) #0 {
  %v = load float, ptr addrspace(1) %p
  %w = fadd float %v, 1.0
  store float %w, ptr addrspace(1) %p
  ret void
}
attributes #0 = { noinline optnone }
"""


@requires_llvm
@pytest.mark.parametrize("module", ["empty", "optnone"])
def test_a_module_with_nothing_to_schedule_gives_a_zero_report(tmp_path, module):
    src = tmp_path / "m.ll"
    src.write_text('target triple = "amdgcn-amd-amdhsa"\n' if module == "empty" else OPTNONE)
    r = cli("states", str(src), "-t", "gfx1100", "-o", str(tmp_path / "s.jsonl"))
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("0 decision points") and "nothing to schedule" in r.stderr
    assert (tmp_path / "s.jsonl").read_text() == ""
    r = cli("compile", str(src), "-t", "gfx1100", "-o", str(tmp_path / "k.s"), "--json",
            str(tmp_path / "k.json"))
    assert r.returncode == 0, r.stderr
    assert "nothing to schedule" in r.stderr and (tmp_path / "k.s").exists()


@requires_llvm
def test_a_source_with_no_kernel_is_one_clear_error(tmp_path):
    src = tmp_path / "m.cu"
    src.write_text("int host_only(int x) { return x + 1; }\n")
    r = cli("states", str(src), "-t", "gfx1100", "-o", str(tmp_path / "s.jsonl"))
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1 and "defines no kernel" in r.stderr
    assert not (tmp_path / "s.jsonl").exists()


@requires_llvm
def test_a_source_named_like_an_option_is_a_file(tmp_path):
    (tmp_path / "-O0.ll").write_text(OPTNONE)
    r = subprocess.run([*cli_cmd(), "compile", "-t", "gfx1100", "-o", "k.s", "--", "-O0.ll"],
                       capture_output=True, text=True, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "amdgcn" in Path(tmp_path / "k.s").read_text()


@requires_llvm
def test_decide_with_an_agent_returning_none_is_one_clear_error(tmp_path):
    import sys
    r = cli("states", KERNEL, "-t", "gfx1100", "-o", str(tmp_path / "s.jsonl"))
    assert r.returncode == 0, r.stderr
    code = ("import sys; from agentsched.agents import Agent, register\n"
            "@register('nothing')\nclass Nothing(Agent):\n"
            "    def __init__(self, seed=0, **o): pass\n"
            "    def pick(self, point): return None\n"
            "from agentsched.cli import main; sys.argv = ['agentsched'] + sys.argv[1:]; main()")
    r = subprocess.run([sys.executable, "-c", code, "decide", str(tmp_path / "s.jsonl"),
                        "--agent", "nothing", "-o", str(tmp_path / "d.jsonl")],
                       capture_output=True, text=True)
    assert r.returncode == 1 and "non-candidate" in one_line(r.stderr)
    assert not (tmp_path / "d.jsonl").exists()


@requires_llvm
def test_a_store_that_is_not_a_regular_file_is_refused(tmp_path):
    r = cli("experiment", KERNEL, "--agents", "default", "--store", "/dev/null")
    assert r.returncode == 1 and "regular file" in one_line(r.stderr)
    assert Path("/dev/null").is_char_device()


@pytest.mark.parametrize("body, where, what", [
    ("SPEC = KernelSpec(name='x',\n", "spec.py:1:", "syntax error"),
    ("x = 1\n\n  y = 2\n", "spec.py:3:", "syntax error"),  # an IndentationError
    ("import os\nraise RuntimeError('fails on import')\n", "spec.py:2:", "RuntimeError"),
    ("import no_such_module_here\n", "spec.py:1:", "ModuleNotFoundError"),
])
def test_a_spec_file_that_does_not_load_is_one_line_naming_file_and_line(tmp_path, body,
                                                                          where, what):
    (tmp_path / "spec.py").write_text(body)
    r = cli("compile", str(tmp_path / "spec.py"), "-t", "gfx1100", "-o", str(tmp_path / "k.s"))
    assert r.returncode == 1
    line = one_line(r.stderr)
    assert where in line and what in line
    assert sorted(p.name for p in tmp_path.iterdir()) == ["spec.py"]


def test_an_agent_file_that_does_not_load_is_one_line(tmp_path):
    (tmp_path / "mine.py").write_text("class Mine:\n    def pick(self, point)\n")
    r = cli("decide", str(DATA / "nonexistent.jsonl"), "--agent", f"{tmp_path}/mine.py:Mine",
            "-o", str(tmp_path / "d.jsonl"))
    assert r.returncode != 0
    line = one_line(r.stderr)
    assert "mine.py:2:" in line and "syntax error" in line


BROKEN_IR = """\
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %p) {
  %v = load float, ptr addrspace(1) %p
  %w = fadd float %v, %undefined_value
  store float %w, ptr addrspace(1) %p
  ret void
}
"""


@requires_llvm
def test_an_ir_syntax_error_names_the_users_file_and_line(tmp_path):
    (tmp_path / "broken.ll").write_text(BROKEN_IR)
    for _ in range(2):  # the second time too (no cached copy of a broken file)
        r = cli("compile", str(tmp_path / "broken.ll"), "-t", "gfx1100", "-o",
                str(tmp_path / "k.s"))
        assert r.returncode == 1
        line = one_line(r.stderr)
        assert f"{tmp_path / 'broken.ll'}:5:" in line and "undefined_value" in line
        assert "data/ir" not in line and "agentsched-data" not in line


@requires_llvm
@pytest.mark.parametrize("name", ["junk.bc", "junk.ll"])
def test_junk_ir_names_the_file(tmp_path, name):
    (tmp_path / name).write_bytes(bytes(range(200, 256)) * 40)
    r = cli("compile", str(tmp_path / name), "-t", "gfx1100", "-o", str(tmp_path / "k.s"))
    assert r.returncode == 1
    assert str(tmp_path / name) in one_line(r.stderr)
    assert sorted(p.name for p in tmp_path.iterdir()) == [name]


@requires_llvm
def test_a_launch_flag_that_changes_nothing_says_why(tmp_path):
    """states measures nothing: --dynamic-shared (and --block on NVPTX, where it is not
    applied to the code) cannot count there, and a note says so."""
    r = subprocess.run([*cli_cmd(), "states", KERNEL, "-t", "sm_90", "--block", "128",
                        "--dynamic-shared", "4096", "-o", str(tmp_path / "s.jsonl")],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert "note: --dynamic-shared changes no decision point" in r.stderr
    assert "note: --block changes no decision point on NVPTX" in r.stderr
    r = subprocess.run([*cli_cmd(), "states", KERNEL, "-t", "gfx942", "--block", "128",
                        "-o", str(tmp_path / "a.jsonl")], capture_output=True, text=True)
    assert r.returncode == 0 and "note:" not in r.stderr, r.stderr  # launch bounds there
