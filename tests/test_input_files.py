"""The files the plugin reads (policy files, decision files) follow one set of rules in the
plugin and in Python (docs/protocol.md, "Files the plugin reads"): checked on one shared suite
of policy files, tests/data/policy_files (cases.json: what both readers must do with each),
and on what no suite can hold (/dev/zero, a FIFO with no writer, a directory, an empty name,
a file beyond the size limit), for policies and decision files alike. And the trap of
issue 18: a policy given to NVPTX without -enable-misched changes nothing, and says so."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from agentsched.agents import make_agent
from agentsched.agents.policy_file import PolicyFileAgent
from agentsched.core.inputs import MAX_DECISIONS_BYTES, MAX_POLICY_BYTES
from agentsched.core.policy import PolicyError
from agentsched.core.protocol import ProtocolError, check_decisions
from agentsched.llvm.compile import compile_ir
from agentsched.llvm.frontend import emit_ir
from agentsched.llvm.llc import llc_command
from agentsched.targets import parse_target
from agentsched.tools.plugin import plugin_path
from agentsched.tools.programs import find_tool

from .conftest import DATA, cli, requires_llvm

pytestmark = requires_llvm

SUITE = DATA / "policy_files"
CASES = json.loads((SUITE / "cases.json").read_text())
ROOT = Path(__file__).resolve().parent.parent
T = parse_target("sm_90")  # every case of the suite is read for an sm_90 compile
TIMEOUT_S = 60  # a reader that blocks (on a FIFO) fails the test instead of hanging it


@pytest.fixture(scope="module")
def ir():
    return emit_ir(DATA / "gemm_tile.cu", T)


def plugin_error(ir, option: str, path, tmp_path) -> str | None:
    """What llc-19 with the plugin says of the file (None: it compiled)."""
    cmd = llc_command(ir, T, tmp_path / "out.s", extra=[f"{option}={path}"])
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT_S)
    if p.returncode == 0:
        assert not p.stderr, p.stderr
        return None
    lines = p.stderr.strip().splitlines()
    assert p.returncode == 1 and len(lines) == 1, p.stderr  # one line, no crash, no dump
    assert lines[0].startswith("LLVM ERROR: agent-sched: ")
    return lines[0]


def python_policy_error(path) -> str | None:
    """What the policy agent (load_policy, then the target check) says of the file."""
    try:
        PolicyFileAgent(path).check_target(T)
    except PolicyError as e:
        return str(e)
    return None


def python_error_in_a_child(reader: str, path) -> str:
    """A reader's error, from a child process given TIMEOUT_S to answer (a FIFO must not
    block it); reader: 'policy' or 'decisions'."""
    code = ("import sys\n"
            "from agentsched.core.policy import load_policy, PolicyError\n"
            "from agentsched.core.protocol import check_decisions, ProtocolError\n"
            "try:\n"
            f"    {'load_policy' if reader == 'policy' else 'check_decisions'}(sys.argv[1])\n"
            "except (PolicyError, ProtocolError) as e:\n"
            "    print(e)\n")
    p = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True,
                       text=True, timeout=TIMEOUT_S, cwd=ROOT,
                       env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert p.returncode == 0 and not p.stderr, p.stderr  # no traceback
    assert len(p.stdout.strip().splitlines()) == 1, p.stdout
    return p.stdout.strip()


# ---------------------------------------------------------------- the shared policy suite

@pytest.mark.parametrize("case", CASES, ids=lambda c: c["file"])
def test_both_readers_agree_on_the_policy_suite(case, ir, tmp_path):
    path = SUITE / case["file"]
    in_plugin, in_python = plugin_error(ir, "-agent-sched-policy", path, tmp_path), \
        python_policy_error(path)
    if case["error"] is None:
        assert in_plugin is None and in_python is None, (in_plugin, in_python)
    else:
        assert in_plugin is not None and case["error"] in in_plugin, in_plugin
        assert in_python is not None and case["error"] in in_python, in_python
        assert str(path) in in_plugin and str(path) in in_python  # both name the file


def test_the_suite_is_the_generators():
    """cases.json lists every file of the suite, and each once."""
    files = sorted(p.name for p in SUITE.glob("*.json") if p.name != "cases.json")
    assert sorted(c["file"] for c in CASES) == files


def special_files(tmp_path, max_bytes) -> dict:
    """name -> (path, what both readers' errors say): made at test time."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)  # nobody ever writes to it
    (tmp_path / "dir").mkdir()
    huge = tmp_path / "huge"
    with open(huge, "wb") as fh:
        fh.truncate(max_bytes + 1)  # sparse: the size limit is checked before any read
    return {"/dev/zero": ("/dev/zero", "not a regular file (a character device)"),
            "fifo": (fifo, "not a regular file (a FIFO)"),
            "directory": (tmp_path / "dir", "not a regular file (a directory)"),
            "empty name": ("", "cannot read"),
            "missing": (tmp_path / "none.json", "No such file or directory"),
            "too large": (huge, f"larger than {max_bytes >> 20} MiB")}


@pytest.mark.parametrize("reader, option, max_bytes", [
    ("policy", "-agent-sched-policy", MAX_POLICY_BYTES),
    ("decisions", "-agent-sched-decisions", MAX_DECISIONS_BYTES)])
def test_special_files_are_refused_at_once_by_both(reader, option, max_bytes, ir, tmp_path):
    for name, (path, why) in special_files(tmp_path, max_bytes).items():
        in_plugin = plugin_error(ir, option, path, tmp_path)
        in_python = python_error_in_a_child(reader, path)
        for said in (in_plugin, in_python):
            assert said is not None and why in said and "cannot read" in said, (name, said)
        if name == "empty name":
            assert "'': empty file name" in in_plugin and "'': empty file name" in in_python


# ---------------------------------------------------------------- decision files

def decision(**over) -> str:
    return json.dumps({"function": "gemm", "region": 0, "visit": 0, "step": 0, "pick": 0,
                       **over})


@pytest.mark.parametrize("lines, line, why", [
    ([decision(), decision(step=1, x=[[[[1]]]]), decision(step=2, x="[" * 80 + "]" * 80)],
     None, ""),  # shallow nesting and brackets inside a string are fine
    ([decision(), decision(step=1, x=json.loads("[" * 64 + "]" * 64))], 2,
     "JSON nested more than 64 levels deep"),
    ([decision(), "{oops", decision(step=2, x=json.loads("[" * 100 + "]" * 100))], 2,
     "not JSON"),  # the first bad line is the one named, whatever comes later
    ([decision(), "[" * 100000 + "]" * 100000], 2, "JSON nested more than 64 levels deep"),
    ([decision().replace(', "region"', ',\r"region"')], None, ""),  # lines end at \n only
])
def test_decision_file_lines_are_read_alike(lines, line, why, ir, tmp_path):
    f = tmp_path / "d.jsonl"
    f.write_bytes("\n".join(lines).encode() + b"\n")
    cmd = llc_command(ir, T, tmp_path / "out.s", decisions=f, lenient=True)
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT_S)
    if line is None:
        assert p.returncode == 0, p.stderr
        assert check_decisions(f) == len(lines)
        return
    assert p.returncode == 1 and f"{f}:{line}: " in p.stderr and why in p.stderr, p.stderr
    with pytest.raises(ProtocolError) as e:
        check_decisions(f)
    assert f"{f}:{line}: " in str(e.value) and why in str(e.value)


# ---------------------------------------------------------------- the policy agent's target

def test_the_policy_agent_refuses_another_targets_policy(ir):
    with pytest.raises(PolicyError, match=r"policies/gfx942.json: field 'target' is 'amdgpu'"
                                          r", but sm_90 is an nvptx target"):
        compile_ir(ir, T, agent=make_agent(f"policy:{ROOT / 'policies' / 'gfx942.json'}"))
    with pytest.raises(PolicyError, match=r"field 'target' is 'nvptx'"):
        compile_ir(emit_ir(DATA / "gemm_tile.cu", parse_target("gfx1100")), "gfx1100",
                   agent=make_agent(f"policy:{ROOT / 'policies' / 'sm_90.json'}"))
    # its own target's policy runs
    assert compile_ir(ir, T, agent=make_agent(f"policy:{ROOT / 'policies' / 'sm_90.json'}")
                      ).report["changed"] > 0


def test_cli_policy_agent_errors_are_one_line(tmp_path):
    src, out = str(DATA / "softmax_rows.cu"), str(tmp_path / "k.ptx")
    p = cli("compile", src, "-t", "sm_90", "--agent", "policy:policies/gfx942.json", "-o", out)
    assert p.returncode == 1 and p.stderr.startswith("error: policies/gfx942.json: field "
                                                     "'target' is 'amdgpu'"), p.stderr
    p = cli("compile", src, "-t", "sm_90", "--agent", "policy:", "-o", out)
    assert p.returncode == 1, p.stderr
    assert p.stderr.strip() == "error: cannot read policy file '': empty file name"
    assert not Path(out).exists()


# ---------------------------------------------------------------- NVPTX without -enable-misched

def raw_nvptx(ir, tmp_path, *options):
    """llc-19 for sm_90 exactly as a user types it, -enable-misched only if given."""
    cmd = [find_tool("llc-19"), "-mtriple=nvptx64-nvidia-cuda", "-mcpu=sm_90",
           f"-load={plugin_path()}", "-misched=agent-sched", *options, str(ir),
           "-o", str(tmp_path / "out.ptx")]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT_S)


def test_a_policy_that_reaches_no_scheduler_says_so(ir, tmp_path):
    policy = f"-agent-sched-policy={ROOT / 'policies' / 'sm_90.json'}"
    p = raw_nvptx(ir, tmp_path, policy)
    assert p.returncode == 0
    assert p.stderr == ("agent-sched: warning: -agent-sched-policy changed nothing: no "
                        "function reached the machine scheduler (NVPTX runs it only with "
                        "-enable-misched; optnone functions and declarations are never "
                        "scheduled)\n")
    assert raw_nvptx(ir, tmp_path, policy, "-enable-misched").stderr == ""


def test_lenient_decisions_that_reach_no_scheduler_say_so_strict_ones_fail(ir, tmp_path):
    f = tmp_path / "d.jsonl"
    f.write_text(decision() + "\n")
    p = raw_nvptx(ir, tmp_path, f"-agent-sched-decisions={f}", "-agent-sched-lenient")
    assert p.returncode == 0 and "-agent-sched-decisions changed nothing" in p.stderr
    assert "-enable-misched" in p.stderr
    p = raw_nvptx(ir, tmp_path, f"-agent-sched-decisions={f}")
    assert p.returncode == 1 and "NVPTX needs -enable-misched" in p.stderr
    assert "warning" not in p.stderr
    # a report or a state log alone changes nothing by design: no warning
    assert raw_nvptx(ir, tmp_path, f"-agent-sched-report={tmp_path / 'r.json'}").stderr == ""
