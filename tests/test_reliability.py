"""The reliability campaign (bench/reliability.py) stays alive: its classifier on made-up
runs, and a tiny real subset through the CLI (a few cases, well under a minute). The campaign
itself (--quick, --full) is a benchmark, not part of `make test`."""
import importlib.util
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

from .conftest import requires_llvm

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "bench" / "reliability.py"


def _campaign():
    spec = importlib.util.spec_from_file_location("reliability_campaign", SCRIPT)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod  # dataclasses look their module up there
    spec.loader.exec_module(mod)
    return mod


rel = _campaign()


def run(stderr="", rc=0, **kw):
    return rel.Run(argv=["agentsched", "compile"], cwd="/", env_extra={}, rc=rc, stderr=stderr,
                   **kw)


def test_classifier_categories():
    j = rel.judge
    assert j(run(), "ok").category == "ok"
    assert j(run(), "error").category == "wrong"  # bad input accepted
    assert j(run("error: d.jsonl:3: malformed decision: field 'pick'\n", 1), "error",
             names=("d.jsonl",)).category == "clear_error"
    assert j(run("error: something failed\n", 1), "error",
             names=("d.jsonl",)).category == "unclear_error"
    tb = "Traceback (most recent call last):\n  File \"x\", line 1\nKeyError: 'id'\n"
    assert j(run(tb, 1), "error").category == "traceback"
    assert j(run("", -11), "ok").category == "crash"
    assert j(run("error: llc-19 failed (exit -7): (no message)\n", 1), "error").category == "crash"
    assert j(run("Stack dump:\n0. Program arguments: llc-19\n", 1), "error").category == "crash"
    assert j(run(timed_out=True, rc=-9), "ok").category == "hang"
    assert j(run(orphans=["123 llc-19 S"]), "ok").category == "damage"
    assert j(run(tmp_left=["agentsched-x/out.s"]), "ok").category == "damage"
    # a failed run must not leave a file at a final output name it created
    assert j(run("error: x.ll: bad\n", 1, new_outputs=["/w/out.s"]), "error",
             names=("x.ll",)).category == "damage"
    assert rel.output_paths(["agentsched", "compile", "k", "-o", "a.s", "--json", "b.json",
                             "-agent-sched-state-log=c.jsonl"]) == \
        [Path("a.s"), Path("b.json"), Path("c.jsonl")]
    # the worst finding decides
    assert j(run(tb, 1, orphans=["1 llc-19 S"]), "error").category == "damage"


def test_classifier_interrupts():
    j = rel.judge
    assert j(run("", -9, signal_sent="KILL"), "killed").category == "ok"
    assert j(run("error: interrupted\n", 130, signal_sent="INT"), "killed").category == "ok"
    assert j(run("", -15, signal_sent="TERM"), "killed").category == "unclear_error"
    assert j(run("", -11, signal_sent="TERM"), "killed").category == "crash"


def test_jsonl_check(tmp_path):
    p = tmp_path / "x.jsonl"
    p.write_text('{"a": 1}\n{"b": 2}\n')
    assert rel.jsonl_ok(p) is None
    p.write_text('{"a": 1}\n{"b": 2\n')
    assert "line 2" in rel.jsonl_ok(p)
    p.write_text('{"a": 1}\n[1]\n')
    assert "not an object" in rel.jsonl_ok(p)


def test_orphans_are_found_through_the_tag(tmp_path):
    """A grandchild that outlives its parent is an orphan, found by the environment tag."""
    ctx = rel.Ctx.__new__(rel.Ctx)
    ctx.out, ctx.env = tmp_path, dict(os.environ)
    r = ctx.run(["sh", "-c", "sleep 30 & echo started"], tmp_path, grace=0.3)
    assert r.rc == 0 and len(r.orphans) == 1 and "sleep" in r.orphans[0]
    r = ctx.run(["sleep", "30"], tmp_path, kill=("TERM", "pid", 0.2))
    assert r.rc == -signal.SIGTERM and r.signalled_alive and not r.orphans


def test_corpus_is_vendored_with_its_licence(tmp_path):
    """The test files travel in one tarball beside their manifest and licence; unpacked, each
    is the file the manifest names (sha256), and nothing else is in it."""
    corpus = ROOT / "bench" / "reliability" / "corpus"
    manifest = json.loads((corpus / "manifest.json").read_text())
    assert len(manifest) >= 200
    assert (corpus / "LICENSE.TXT").read_text().count("LLVM Exceptions") >= 1
    d = rel.unpack_corpus(tmp_path / "corpus")
    assert sorted(str(p.relative_to(d)) for p in d.rglob("*.ll")) == sorted(manifest)
    assert rel.unpack_corpus(d) == d  # unpacked once: reused
    for f, m in manifest.items():
        assert (d / f).stat().st_size == m["bytes"] and m["targets"]
        assert set(m["targets"]) <= set(rel.TARGETS)
    assert {t for m in manifest.values() for t in m["targets"]} == set(rel.TARGETS)


@requires_llvm
def test_tiny_campaign(tmp_path):
    """A few real cases end to end: live random compiles replayed under the verifier (AMDGPU
    and NVPTX), a malformed decision file, a SIGKILL during compile. These pass on code that
    has none of the defects of issue 11's probe; a failure names the case and its command."""
    only = ("^corpus/amdgpu/(sext-in-reg|zero_extend)\\.ll/gfx1100/|^corpus/nvptx/rsqrt\\.ll/"
            "|^malformed/decisions/bad-json$|^malformed/options/unknown-agent$"
            "|^malformed/decisions-plugin/(another-kernels-decisions|unknown-function)$"
            "|^malformed/source/(ir-syntax-error|junk-bitcode|junk-ir-text)/compile$"
            "|^malformed/spec/spec_(syntax|raises)\\.py$")
    out = tmp_path / "campaign"
    proc = subprocess.run([sys.executable, str(SCRIPT), "--full", "--seeds", "1", "--out", str(out),
                           "--families", "corpus,malformed", "--only", only],
                          capture_output=True, text=True, timeout=600)
    assert (out / "summary.json").exists(), proc.stdout + proc.stderr
    s = json.loads((out / "summary.json").read_text())
    assert s["cases_run"] >= 4, proc.stdout
    bad = [f"{r['id']}: {r['category']}: {r['detail']} ({r['repro'][:1]})"
           for r in s["not_ok"]]
    assert not bad, "\n".join(bad)
    assert s["corpus"]["decisions"] > 0
