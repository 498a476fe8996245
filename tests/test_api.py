"""The public API (docs/api.md): its walkthrough runs, LiveSession keeps the channel's
guarantees, users' agents work from the CLI, output survives pipes, targets are tables."""
import dataclasses
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import agentsched
from agentsched.llvm.session import LiveSession, NotACandidate

from .conftest import DATA, cli, llc_children, requires_llvm

ROOT = Path(__file__).resolve().parent.parent
KERNEL = str(DATA / "softmax_rows.cu")


def test_import_is_cheap():
    """`import agentsched` and the compile path load no Ray, OpenAI client, Triton, Plotly."""
    code = ("import sys, agentsched; agentsched.compile; agentsched.LiveSession; "
            "agentsched.Agent; agentsched.KernelSpec; "
            "print(sorted(m for m in ('ray', 'openai', 'triton', 'plotly', 'typer', 'torch') "
            "if m in sys.modules))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0 and r.stdout.strip() == "[]", r.stdout + r.stderr


def test_every_public_name_resolves():
    for name in agentsched.__all__:
        assert getattr(agentsched, name) is not None, name
    with pytest.raises(AttributeError):
        agentsched.no_such_thing  # noqa: B018


@requires_llvm
def test_docs_api_walkthrough_runs(monkeypatch):
    """Every ```python block of docs/api.md, in order, in one namespace (but `no-run` ones)."""
    text = (ROOT / "docs" / "api.md").read_text()
    blocks = re.findall(r"^```python\n(.*?)^```$", text, re.M | re.S)
    assert len(blocks) >= 8
    monkeypatch.chdir(ROOT)
    namespace: dict = {}
    for i, block in enumerate(blocks):
        exec(compile(block, f"docs/api.md block {i + 1}", "exec"), namespace)
    assert llc_children() == []


# ---------------------------------------------------------------- LiveSession

@requires_llvm
def test_live_session_answers_rejects_and_matches_compile(tmp_path):
    ir = agentsched.emit_ir(KERNEL, "gfx1100")
    log = tmp_path / "s.jsonl"
    with LiveSession(ir, "gfx1100", state_log=log) as s:
        point = s.next_point()
        with pytest.raises(RuntimeError, match="waits for an answer"):
            s.next_point()
        wrong = dataclasses.replace(point.candidates[0], id=10**6)
        with pytest.raises(NotACandidate):
            s.answer(wrong)  # nothing was sent: the point still waits
        s.answer(point.llvm_candidate)
        for point in s:
            s.answer(max(point.unique_candidates(), key=lambda c: c.latency))
        assert s.next_point() is None
    assert log.exists() and s.result is not None and len(s.decisions) == s.points
    # the answers are what a compile with the same picks makes
    replay = agentsched.compile(KERNEL, "gfx1100", decisions=s.decisions, measure=False)
    assert replay.asm == s.result.asm


@requires_llvm
def test_live_session_closed_early_kills_llc_and_publishes_no_log(tmp_path):
    ir = agentsched.emit_ir(KERNEL, "gfx1100")
    log = tmp_path / "s.jsonl"
    s = LiveSession(ir, "gfx1100", state_log=log)
    with s:
        s.next_point()
        assert len(llc_children()) == 1  # llc waits for the answer
    assert llc_children() == [] and not log.exists()
    assert not list(tmp_path.iterdir())  # no temp file either
    with pytest.raises(RuntimeError, match="closed before llc finished"):
        s.next_point()  # a session runs once
    assert llc_children() == []
    with pytest.raises(ZeroDivisionError), LiveSession(ir, "gfx1100") as s2:
        s2.next_point()
        1 / 0
    assert llc_children() == []


# ---------------------------------------------------------------- users' agents

AGENT_FILE = '''
from agentsched import Agent


class LastReady(Agent):
    """The last ready candidate (a user's agent, not registered)."""
    deterministic = True

    def pick(self, point):
        ready = [c for c in point.candidates if c.queue == "available"] or point.candidates
        return ready[-1]
'''


@requires_llvm
def test_users_agent_from_a_file_in_compile_decide_experiment_bundle(tmp_path):
    f = tmp_path / "my_agents.py"
    f.write_text(AGENT_FILE)
    spec = f"{f}:LastReady"
    r = cli("compile", KERNEL, "-t", "gfx1100", "--agent", spec, "-o", str(tmp_path / "k.s"),
            "--json", str(tmp_path / "k.json"))
    assert r.returncode == 0, r.stderr
    summary = json.loads((tmp_path / "k.json").read_text())
    assert summary["agent"] == spec and summary["changed"] > 0
    assert cli("states", KERNEL, "-t", "gfx1100", "-o", str(tmp_path / "s.jsonl")).returncode == 0
    r = cli("decide", str(tmp_path / "s.jsonl"), "--agent", spec, "-o", str(tmp_path / "d.jsonl"))
    assert r.returncode == 0 and f"by {spec}" in r.stdout, r.stderr
    r = cli("experiment", KERNEL, "-t", "gfx1100", "--agents", f"default,{spec}",
            "--store", str(tmp_path / "st.sqlite"), "--format", "json")
    assert r.returncode == 0, r.stderr
    rows = json.loads(r.stdout)
    assert [row["agent"] for row in rows] == ["default", spec] and rows[1]["changed"] > 0
    r = cli("bundle", str(ROOT / "examples/rmsnorm/spec.py"), "-t", "gfx1100", "--agents",
            f"default,{spec}", "-o", str(tmp_path / "b"))
    assert r.returncode == 0, r.stderr
    names = [v["agent"] for v in json.loads((tmp_path / "b/manifest.json").read_text())
             ["variants"]]
    assert names == ["default", spec]


@requires_llvm
def test_search_refines_a_users_agent(tmp_path):
    """--agent in search: beam search starts from the agent's own schedule (made by the agent
    in each pool worker) and refines it, so the winner is no worse."""
    f = tmp_path / "my_agents.py"
    f.write_text(AGENT_FILE)
    spec = f"{f}:LastReady"
    agent_only = agentsched.compile(KERNEL, "gfx1100", agent=spec)
    r = cli("search", KERNEL, "-t", "gfx1100", "--agent", spec, "--budget", "8", "--workers",
            "2", "--width", "2", "--json", str(tmp_path / "s.json"))
    assert r.returncode == 0, r.stderr
    res = json.loads((tmp_path / "s.json").read_text())
    assert res["info"]["completion"] == f"AgentPolicy(spec={spec!r}, seed=0)"
    assert res["best"]["metrics"]["vgpr"] <= agent_only.metrics.vgpr and \
        res["best"]["replay_matches"]
    r = cli("search", KERNEL, "-t", "gfx1100", "--agent", spec, "--method", "evolve",
            "--json", str(tmp_path / "e.json"))
    assert r.returncode == 1 and "beam" in r.stderr and not (tmp_path / "e.json").exists()


@requires_llvm
def test_users_agent_from_a_module_and_an_entry_point(tmp_path):
    pkg = tmp_path / "site"
    (pkg / "myagents").mkdir(parents=True)
    (pkg / "myagents" / "__init__.py").write_text(AGENT_FILE)
    dist = pkg / "myagents-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: myagents\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[agentsched.agents]\nlast_ready = "
                                           "myagents:LastReady\n")
    env = {**os.environ, "PYTHONPATH": str(pkg)}
    r = cli("agents", env=env)
    assert r.returncode == 0 and "last_ready" in r.stdout.split(), r.stdout
    for name in ("myagents:LastReady", "last_ready"):
        r = cli("compile", KERNEL, "-t", "gfx1100", "--agent", name, "-o",
                str(tmp_path / f"{name.replace(':', '_')}.s"), "--format", "json", env=env)
        assert r.returncode == 0, r.stderr
        assert json.loads(r.stdout)[0]["changed"] > 0
    assert (tmp_path / "last_ready.s").read_text() == \
        (tmp_path / "myagents_LastReady.s").read_text()
    r = cli("compile", KERNEL, "-t", "gfx1100", "--agent", "myagents:Nope", "-o",
            str(tmp_path / "x.s"), env=env)
    assert r.returncode == 2 and "defines no 'Nope'" in r.stderr


# ---------------------------------------------------------------- output that survives pipes

@requires_llvm
def test_tables_are_never_cut_and_formats_parse(tmp_path):
    store = str(tmp_path / "st.sqlite")
    r = cli("experiment", KERNEL, "-t", "gfx1100", "--agents", "default,min_pressure",
            "--store", store)
    assert r.returncode == 0, r.stderr
    header = next(ln for ln in r.stdout.splitlines() if "agent" in ln)
    assert len(header) > 80 and "reverted regions" in header and "time us" in header
    rows = json.loads(cli("show", "--store", store, "--format", "json").stdout)
    assert {r["agent"] for r in rows} == {"default", "min_pressure"}
    csv_lines = cli("show", "--store", store, "--agent", "min_pressure",
                    "--format", "csv").stdout.splitlines()
    assert csv_lines[0].startswith("kernel,entry,build,target,agent,") and len(csv_lines) == 2
    md = cli("show", "--store", store, "--kernel", "softmax_rows", "--format",
             "markdown").stdout.splitlines()
    assert md[0].startswith("| kernel | entry | build | target | agent | decisions")
    assert "| VGPRs | SGPRs | waves/SIMD |" in md[0] and md[1].startswith("|---|")
    assert len(md) == 4
    assert cli("show", "--store", store, "--target", "sm_90", "--format", "json").stdout \
        .strip() == "[]"


@requires_llvm
def test_outputs_to_stdout(tmp_path):
    r = cli("compile", KERNEL, "-t", "gfx1100", "-o", "-")
    assert r.returncode == 0 and "s_endpgm" in r.stdout, r.stderr
    assert "decisions" in r.stderr and "decisions" not in r.stdout  # the summary: stderr
    r = cli("compile", KERNEL, "-t", "gfx1100", "-o", str(tmp_path / "k.s"), "--json", "-")
    assert r.returncode == 0 and json.loads(r.stdout)["vgpr"] > 0
    r = cli("states", KERNEL, "-t", "gfx1100", "-o", "-")
    assert r.returncode == 0 and json.loads(r.stdout.splitlines()[0])["function"]
    r = cli("experiment", KERNEL, "-t", "gfx1100", "--agents", "default", "--csv", "-",
            "--store", str(tmp_path / "st.sqlite"))
    assert r.returncode == 0 and r.stdout.startswith("kernel,target,agent")
    r = cli("compile", KERNEL, "-t", "gfx1100", "-o", "-", "--json", "-")
    assert r.returncode == 2 and "standard output" in r.stderr


# ---------------------------------------------------------------- targets

@requires_llvm
def test_a_gpu_of_a_known_backend_needs_no_code():
    from agentsched.targets.amdgpu import occupancy_from_vgprs
    r = agentsched.compile(KERNEL, "gfx1200", agent="min_pressure")
    assert r.target.family == "amdgpu" and r.metrics.vgpr
    assert r.metrics.occupancy == occupancy_from_vgprs("gfx1200", r.metrics.vgpr)


@requires_llvm
def test_nvidia_occupancy_for_a_new_architecture_is_one_table_entry(monkeypatch):
    from agentsched.searches.objectives import ObjectiveError, check_measurable
    from agentsched.targets import Launch, nvptx, parse_target
    t = parse_target("sm_75")
    if nvptx.find_ptxas() is None:
        pytest.skip("no ptxas: NVPTX registers come from it")
    with pytest.raises(ObjectiveError, match="no CUDA occupancy table"):
        check_measurable("occupancy", t)
    monkeypatch.setitem(nvptx.SM_LIMITS, "sm_75", nvptx.SmLimits(32, 16, 64 * 1024, 64 * 1024))
    check_measurable("occupancy", t)
    m = agentsched.compile(KERNEL, t, measure=False).measure(Launch(256))
    assert m.occupancy == nvptx.cuda_occupancy("sm_75", m.vgpr, 256, m.shared_bytes) > 0


def test_readme_lists_every_command_once():
    """The README's command table has one line for each command `agentsched --help` and its
    groups (sdk, triton) show, and none that does not exist."""
    import typer

    from agentsched.cli.main import app

    def leaves(cmd, path):  # (typer may bundle its own click: a group is what has commands)
        if getattr(cmd, "commands", None):
            for name, sub in cmd.commands.items():
                yield from leaves(sub, [*path, name])
        else:
            yield " ".join(path)
    commands = sorted(leaves(typer.main.get_command(app), []))
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text()
    groups = {c.split()[0] for c in commands if " " in c}
    # a row is a command, a group's commands (`db show\|check`), or a global option (--phase)
    table = [ln for ln in readme.splitlines() if ln.startswith("| `agentsched ")]
    listed = []
    for ln in table:
        words = ln.split("`")[1].split()[1:]
        if words[0].startswith("-"):
            continue
        if words[0] in groups:
            listed += [f"{words[0]} {sub}" for sub in words[1].replace("\\|", "|").split("|")]
        else:
            listed.append(words[0])
    assert sorted(listed) == commands and len(commands) >= 21
