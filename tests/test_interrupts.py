"""Interrupts, child processes and worker counts (issue 11, items 3, 4 and 15): a stopped run
exits non-zero with one line and leaves no process and no file behind."""
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from agentsched.agents import Agent
from agentsched.llvm.compile import compile_ir
from agentsched.llvm.frontend import emit_ir
from agentsched.llvm.session import AgentError
from agentsched.targets import parse_target

from .conftest import DATA, cli, llc_children, requires_llvm

pytestmark = requires_llvm
TOOLS = ("llc", "clang", "ptxas", "lld", "llvm-m")


def _procs() -> dict:
    """pid -> (ppid, comm, state) of every process, from /proc."""
    out = {}
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                stat = (d / "stat").read_text()
            except OSError:
                continue
            comm = stat[stat.index("(") + 1:stat.rindex(")")]
            state, ppid = stat[stat.rindex(")") + 2:].split()[:2]
            out[int(d.name)] = (int(ppid), comm, state)
    return out


def descendants(pid: int) -> dict:
    """pid -> comm of every live process below `pid`."""
    procs, out, todo = _procs(), {}, [pid]
    while todo:
        p = todo.pop()
        for c, (pp, comm, state) in procs.items():
            if pp == p and state != "Z":
                out[c] = comm
                todo.append(c)
    return out


def alive(pids) -> list:
    procs = _procs()
    return [p for p in pids if p in procs and procs[p][2] != "Z"]


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def scheduling(d: dict) -> bool:
    """An llc with the plugin is running (not the `llc -mcpu=help` of the target check)."""
    return any("llc" in c and "agent-sched" in _cmdline(p) for p, c in d.items())


def _start(args, cwd, want=scheduling, timeout=120, own_tmp=True):
    """Start `agentsched ARGS` in `cwd` (with own_tmp, its temp files in cwd/../tmp, to be
    checked) and wait until its process tree satisfies `want`."""
    env = dict(os.environ)
    if own_tmp:
        tmp = Path(cwd).parent / "tmp"
        tmp.mkdir(exist_ok=True)
        env["TMPDIR"] = str(tmp)
    proc = subprocess.Popen([sys.executable, "-m", "agentsched.cli", *args], cwd=cwd,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    deadline = time.time() + timeout
    while time.time() < deadline:
        d = descendants(proc.pid)
        if want(d):
            return proc, d
        if proc.poll() is not None:
            pytest.fail(f"finished before it could be interrupted: {proc.communicate()}")
        time.sleep(0.05)
    proc.kill()
    pytest.fail("no llc appeared")


def test_sigterm_to_experiment_after_its_first_rows_is_one_line(tmp_path):
    """The rows made so far stay in the store (a rerun resumes); stderr holds the one line
    of the interrupt, no progress lines of the rows before it."""
    work = tmp_path / "work"
    work.mkdir()
    seen: set = set()

    def third_llc(d):
        seen.update(p for p, c in d.items() if "llc" in c and "agent-sched" in _cmdline(p))
        return len(seen) >= 3

    proc, kids = _start(["experiment", "fa_decode_d256", "-t", "gfx1100", "--agents",
                         "default,random,min_pressure,max_latency,pref_load",
                         "--store", "st.sqlite", "--json", "rows.json", "--csv", "rows.csv"],
                        work, want=third_llc)
    proc.send_signal(signal.SIGTERM)
    _, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 143, stderr
    lines = stderr.strip().splitlines()
    assert len(lines) == 1 and "SIGTERM" in lines[0], stderr
    assert not (work / "rows.json").exists() and not (work / "rows.csv").exists()


def test_a_signal_once_the_command_is_done_changes_nothing():
    """A signal that arrives while the interpreter shuts down (outputs published, exit status
    decided) neither kills it silently (exit -2) nor prints a traceback."""
    code = ("import atexit, os, signal, sys\n"
            "from agentsched import cli\n"
            "atexit.register(lambda: os.kill(os.getpid(), signal.SIGINT))\n"
            "sys.argv = ['agentsched', 'agents']\n"
            "cli.main()\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0 and r.stderr == "", r.stderr
    assert "min_pressure" in r.stdout


@pytest.mark.parametrize("sig,code", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
@pytest.mark.parametrize("command", ["states", "compile-agent"])
def test_interrupt_exits_nonzero_and_leaves_nothing(tmp_path, sig, code, command):
    if command == "states":
        args = ["states", "fa_decode_d256", "-t", "gfx1100", "-o", "s.jsonl"]
    else:
        args = ["compile", "fa_decode_d256", "-t", "gfx1100", "--agent", "random",
                "-o", "k.s", "--save-decisions", "d.jsonl", "--state-log", "s.jsonl"]
    work = tmp_path / "work"
    work.mkdir()
    proc, kids = _start(args, work)
    time.sleep(0.3)
    kids = {**kids, **descendants(proc.pid)}
    proc.send_signal(sig)
    _, stderr = proc.communicate(timeout=60)
    assert proc.returncode == code, stderr
    lines = stderr.strip().splitlines()
    assert len(lines) == 1 and signal.Signals(sig).name in lines[0], stderr
    time.sleep(0.2)
    assert alive(kids) == []  # llc died with the command
    assert list(work.iterdir()) == []  # no output, no scratch files
    assert list((tmp_path / "tmp").iterdir()) == []  # no temp files either


def test_sigterm_stops_every_search_worker_and_their_llc(tmp_path):
    args = ["search", str(DATA / "attn_tile.cu"), "-t", "gfx90a", "--method", "evolve",
            "--budget", "400", "--population", "8", "--workers", "2",
            "--json", "s.json"]

    def two_workers_compiling(d):  # both pool workers started and an llc under one of them
        return sum("python" in c for c in d.values()) >= 2 and scheduling(d)
    work = tmp_path / "work"
    work.mkdir()
    proc, kids = _start(args, work, two_workers_compiling)
    kids = {**kids, **descendants(proc.pid)}
    proc.send_signal(signal.SIGTERM)
    _, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 143, stderr
    assert "Traceback" not in stderr and len(stderr.strip().splitlines()) == 1, stderr
    deadline = time.time() + 15
    while alive(kids) and time.time() < deadline:
        time.sleep(0.1)
    assert alive(kids) == [], {p: kids[p] for p in alive(kids)}
    assert list(work.iterdir()) == [] and list((tmp_path / "tmp").iterdir()) == []


def test_sigkill_of_search_ends_its_busy_workers(tmp_path):
    """A worker told to stop by its parent's death while it runs a task unwinds the task and
    ends; the pool's loop (which would catch the unwinding and wait for the next task, with
    SIGTERM ignored) must not keep it alive."""
    args = ["search", str(DATA / "attn_tile.cu"), "-t", "gfx90a", "--method", "evolve",
            "--budget", "400", "--population", "8", "--workers", "2", "--json", "s.json"]

    def both_workers_compiling(d):
        workers = [p for p, c in d.items() if "python" in c or "agentsched" in c]
        return len(workers) >= 2 and all(scheduling(descendants(w)) for w in workers)
    work = tmp_path / "work"
    work.mkdir()
    proc, kids = _start(args, work, both_workers_compiling)
    kids = {**kids, **descendants(proc.pid)}
    proc.kill()
    proc.wait()
    deadline = time.time() + 15
    while alive(kids) and time.time() < deadline:
        time.sleep(0.1)
    assert alive(kids) == [], {p: kids[p] for p in alive(kids)}


def test_sigterm_shuts_a_local_ray_down(tmp_path):
    pytest.importorskip("ray", reason="ray not installed (pip install 'ray[default]')")
    args = ["search", str(DATA / "attn_tile.cu"), "-t", "gfx90a", "--method", "evolve",
            "--budget", "400", "--ray", "local", "--json", "s.json"]
    work = tmp_path / "work"
    work.mkdir()
    proc, kids = _start(args, work, lambda d: any(c.startswith("ray::") for c in d.values())
                        and scheduling(d), timeout=240, own_tmp=False)  # Ray's socket
    # paths must stay short: its temp files stay in the system's temp directory
    kids = {**kids, **descendants(proc.pid)}
    proc.send_signal(signal.SIGTERM)
    _, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 143, stderr
    assert "Traceback" not in stderr and stderr.strip().splitlines()[-1].startswith(
        "error: interrupted by SIGTERM"), stderr
    deadline = time.time() + 30
    while alive(kids) and time.time() < deadline:
        time.sleep(0.2)
    assert alive(kids) == [], {p: kids[p] for p in alive(kids)}
    # nothing, or (when evaluations had finished) the best so far: both files, never one
    left = sorted(p.name for p in work.iterdir())
    assert left in ([], ["s.decisions.jsonl", "s.json"]), left
    if left:
        assert json.loads((work / "s.json").read_text())["evaluations"] > 0


def test_sigkill_of_the_command_still_kills_llc(tmp_path):
    """PR_SET_PDEATHSIG: even a SIGKILL of agentsched (no clean-up possible) stops llc."""
    work = tmp_path / "work"
    work.mkdir()
    proc, kids = _start(["states", "fa_decode_d256", "-t", "gfx1100", "-o", "s.jsonl"], work)
    proc.kill()
    proc.wait()
    deadline = time.time() + 10
    while alive(kids) and time.time() < deadline:
        time.sleep(0.05)
    assert alive(kids) == []
    # its scratch directory is left, and the next write into the directory removes it
    assert [p.name[:12] for p in work.iterdir()] == [".agentsched-"]
    r = cli("states", str(DATA / "softmax_rows.cu"), "-t", "gfx1100", "-o",
            str(work / "t.jsonl"))
    assert r.returncode == 0, r.stderr
    assert [p.name for p in work.iterdir()] == ["t.jsonl"]


def test_absurd_worker_counts_are_usage_errors(tmp_path):
    for n in ("1000000000", "0", "-3"):
        r = cli("search", str(DATA / "gemm_tile.cu"), "--workers", n, "--budget", "4",
                "--json", str(tmp_path / "s.json"))
        assert r.returncode == 2 and "--workers" in r.stderr, r.stderr
        assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert list(tmp_path.iterdir()) == []


def test_workers_are_bounded_by_work_and_machine():
    from agentsched.searches.evaluator import bounded_workers
    cpus = len(os.sched_getaffinity(0))
    assert bounded_workers(None) <= cpus
    assert bounded_workers(4 * cpus, work=1) == 1
    assert bounded_workers(None, work=3) <= 3
    assert bounded_workers(1) == 1


class Silent(Agent):
    """Never answers (as a dead model endpoint without timeouts would)."""
    name = "silent"

    def pick(self, point):
        time.sleep(3600)


def test_an_agent_that_never_answers_times_out_and_llc_is_stopped():
    t = parse_target("gfx1100")
    ir = emit_ir(DATA / "gemm_tile.cu", t)
    start = time.monotonic()
    with pytest.raises(AgentError, match=r"no answer within 0.5 s .*--agent-timeout"):
        compile_ir(ir, t, agent=Silent(), agent_timeout=0.5)
    assert time.monotonic() - start < 30
    assert llc_children() == []


def test_agent_timeout_from_the_environment(monkeypatch):
    from agentsched.llvm.session import agent_timeout
    monkeypatch.setenv("AGENTSCHED_AGENT_TIMEOUT", "0.25")
    assert agent_timeout() == 0.25
    t = parse_target("gfx1100")
    ir = emit_ir(DATA / "gemm_tile.cu", t)
    with pytest.raises(AgentError, match="no answer within 0.25 s"):
        compile_ir(ir, t, agent=Silent())
    monkeypatch.setenv("AGENTSCHED_AGENT_TIMEOUT", "0")
    assert agent_timeout() is None
    monkeypatch.delenv("AGENTSCHED_AGENT_TIMEOUT")
    assert agent_timeout() == 300


def test_agent_timeout_option_on_the_command_line(tmp_path):
    spec = tmp_path / "silent_agent.py"
    spec.write_text("import time\nfrom agentsched.agents import Agent, register\n"
                    "@register('silent')\nclass Silent(Agent):\n"
                    "    def __init__(self, seed=0, **options):\n        pass\n"
                    "    def pick(self, point):\n        time.sleep(3600)\n")
    r = subprocess.run([sys.executable, "-c",
                        "import sys; sys.path.insert(0, sys.argv[1]); import silent_agent; "
                        "from agentsched.cli import main; sys.argv = sys.argv[1:]; "
                        "sys.argv[0] = 'agentsched'; main()",
                        str(tmp_path), "compile", str(DATA / "gemm_tile.cu"), "--agent",
                        "silent", "--agent-timeout", "1", "-o", str(tmp_path / "k.s")],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 1 and "no answer within 1 s" in r.stderr, r.stderr
    assert not (tmp_path / "k.s").exists()
