#!/usr/bin/env python3
"""The reliability campaign (issue 11): black-box runs of the real `agentsched` CLI and of
raw `llc-19 -load=PLUGIN -misched=agent-sched`, every run classified.

    .venv/bin/python bench/reliability.py --quick            # ~5 minutes, a seeded subset
    .venv/bin/python bench/reliability.py --full --jobs 2    # everything (about an hour)
    .venv/bin/python bench/reliability.py --full --budget-min 25 --out DIR   # resumable

Families of cases (docs/reliability.md says what each checks):
  corpus     real LLVM 19 CodeGen test IR (bench/reliability/corpus/codegen-tests.tar.xz,
             unpacked into OUT/inputs/corpus and checked against its manifest) x random agents (live,
             several seeds) x gfx1100/gfx90a/gfx942/sm_90: the live output must replay byte for
             byte from the saved decisions under -verify-machineinstrs, every NVPTX output
             must pass ptxas, and the plugin with no decisions must give stock llc-19's bytes
  kill       SIGINT (to the process group, as Ctrl-C does), SIGTERM and SIGKILL at seeded
             random times in compile, states, experiment, reproduce and search
  concurrent N processes writing one output, state log, decision file or results store
  special    outputs that are /dev/null, /dev/full, a FIFO, symlinks, a directory, a
             read-only directory
  malformed  bad decision files and state logs, IR and sources, spec files, options, agents
             that hang or answer None, a corrupt store, a truncated cached plugin
  llm        the LLM agent against a local fake endpoint (127.0.0.1): opt-in, key redaction,
             cache keyed by endpoint

Every run is one of: ok, clear_error (non-zero exit, one line naming the file/line/field, no
traceback), unclear_error, wrong (exit 0 with a wrong result or a bad input accepted, valid
input refused, replay differs, invalid PTX), traceback, hang, crash (signal, llc stack dump),
damage (partial output at the final name, device node or FIFO or symlink replaced, temp files
left, orphan processes, store rows lost). The goal is 0 traceback/hang/crash/damage.

Results: OUT/results.jsonl (one line per finished case; rerunning with the same --out resumes),
OUT/summary.json and OUT/summary.md (counts per family and category, every non-ok case with the
commands that reproduce it). Inputs the cases need are generated under OUT/inputs.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import re
import shlex
import shutil
import signal
import sqlite3
import stat
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "bench" / "reliability" / "corpus"  # manifest.json, LICENSE.TXT, the tarball
CORPUS_TAR = CORPUS / "codegen-tests.tar.xz"  # the test files: amdgpu/*.ll, nvptx/*.ll
TARGETS = ("gfx1100", "gfx90a", "gfx942", "sm_90")
CATEGORIES = ("ok", "clear_error", "unclear_error", "wrong", "traceback", "hang", "crash",
              "damage")
GOAL_ZERO = ("traceback", "hang", "crash", "damage")
# worst first: a case's category is the worst thing seen in it
SEVERITY = ("damage", "hang", "crash", "traceback", "wrong", "unclear_error", "clear_error", "ok")
FAMILIES = ("corpus", "kill", "concurrent", "special", "malformed", "llm")
TAG = "AGENTSCHED_RELIABILITY_TAG"  # marks every process a case starts (orphan search)
LLM_KEY_VARS = ("AGENTSCHED_LLM_API_KEY", "DEEPSEEK_API_KEY", "OPENAI_API_KEY")


def is_amd(target: str) -> bool:
    return target.startswith("gfx")


def llc_flags(target: str, enable_misched: bool = True) -> list[str]:
    """The flags agentsched itself gives llc-19 for a target (Target.llc_flags in
    agentsched/targets/base.py and nvptx.py)."""
    if is_amd(target):
        return ["-mtriple=amdgcn-amd-amdhsa", f"-mcpu={target}"]
    return ["-mtriple=nvptx64-nvidia-cuda", f"-mcpu={target}",
            *(["-enable-misched"] if enable_misched else [])]


def asm_suffix(target: str) -> str:
    return ".s" if is_amd(target) else ".ptx"


def cli_prefix() -> list[str]:
    exe = Path(sys.executable).parent / "agentsched"
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "agentsched.cli"]


def tools(env: dict | None = None) -> dict:
    """llc-19, ptxas (find_ptxas(): a CUDA toolkit's, else the nvidia-cuda-nvcc-cu12 wheel's)
    and the plugin (`agentsched plugin-path`, built on first use)."""
    from agentsched.tools.programs import find_ptxas
    llc = shutil.which("llc-19") or "/usr/lib/llvm-19/bin/llc"
    plugin = subprocess.run([*cli_prefix(), "plugin-path"], capture_output=True, text=True,
                            env=env, check=True).stdout.strip()
    ptxas = find_ptxas()
    ptxas_version = None
    if ptxas:
        v = subprocess.run([ptxas, "--version"], capture_output=True, text=True).stdout
        ptxas_version = (v.strip().splitlines() or ["?"])[-1]
    return {"llc": llc, "plugin": plugin, "ptxas": ptxas, "ptxas_version": ptxas_version}


# ---------------------------------------------------------------- processes

@dataclass
class Run:
    argv: list[str]
    cwd: str
    env_extra: dict
    rc: int | None = None
    stdout: str = ""
    stderr: str = ""
    wall_s: float = 0.0
    maxrss_mb: float = 0.0
    timed_out: bool = False
    signal_sent: str | None = None  # INT/TERM/KILL, when the campaign interrupted it
    signal_at_s: float | None = None
    signalled_alive: bool = False  # the process was still running when the signal went
    orphans: list[str] = field(default_factory=list)
    tmp_left: list[str] = field(default_factory=list)
    new_outputs: list[str] = field(default_factory=list)  # output paths this run created
    process_storm: int = 0  # most processes seen at once, when over the limit

    def shell(self) -> str:
        env = " ".join(f"{k}={shlex.quote(str(v))}" for k, v in self.env_extra.items())
        return f"cd {shlex.quote(self.cwd)} && {env + ' ' if env else ''}{shlex.join(self.argv)}"


OUTPUT_OPTIONS = ("-o", "--output", "--json", "--csv", "--save-decisions", "--decisions-out")
PLUGIN_OUTPUTS = ("-agent-sched-state-log=", "-agent-sched-report=")


def output_paths(argv: list[str]) -> list[Path]:
    """The files a command names as outputs (CLI options and the plugin's own)."""
    out = [Path(b) for a, b in zip(argv, argv[1:]) if a in OUTPUT_OPTIONS]
    return out + [Path(a.split("=", 1)[1]) for a in argv if a.startswith(PLUGIN_OUTPUTS)]


def proc_table() -> dict[int, tuple[str, str, bytes]]:
    """pid -> (comm, state, environ) of every process readable in /proc."""
    out = {}
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            st = (d / "stat").read_text()
            environ = (d / "environ").read_bytes()
        except OSError:
            continue
        comm = st[st.index("(") + 1:st.rindex(")")]
        state = st[st.rindex(")") + 2:].split()[0]
        out[int(d.name)] = (comm, state, environ)
    return out


def tagged(tag: str) -> list[tuple[int, str, str]]:
    """Live (non-zombie) processes that carry this case's tag in their environment."""
    needle = f"{TAG}={tag}".encode() + b"\0"
    me = os.getpid()
    return [(pid, comm, state) for pid, (comm, state, env) in proc_table().items()
            if pid != me and state != "Z" and needle in env]


def kill_tagged(tag: str) -> None:
    for _ in range(20):
        procs = tagged(tag)
        if not procs:
            return
        for pid, _, _ in procs:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        time.sleep(0.05)


class Ctx:
    """What every case needs: paths, tools, the base environment, the CLI's options."""

    def __init__(self, out: Path, seed: int, full: bool, seeds: int | None = None,
                 keep: bool = False):
        self.out, self.seed, self.full = out, seed, full
        self.seeds, self.keep = seeds, keep  # corpus seeds (None: 1 quick, 3 full); keep dirs
        self.can_mknod = self.readonly_dir_ok = False  # found out by setup_checks()
        self.data = out / "data"  # AGENTSCHED_DATA of every run (plugin, IR cache)
        self.work = out / "work"  # one directory per case
        self.inputs = out / "inputs"
        for d in (self.data, self.work, self.inputs):
            d.mkdir(parents=True, exist_ok=True)
        self.cli = cli_prefix()
        self.env = {k: v for k, v in os.environ.items()
                    if k not in LLM_KEY_VARS and not k.startswith("AGENTSCHED_")}
        self.env.update({"AGENTSCHED_DATA": str(self.data), "COLUMNS": "200", "TERM": "dumb",
                         "NO_COLOR": "1", "PYTHONUNBUFFERED": "1"})
        self.tools = tools(self.env)
        self.help = {c: self._help(c) for c in ("compile", "states", "decide", "experiment",
                                                "reproduce", "search")}
        self.is_root = os.geteuid() == 0
        # Children inherit ignored signals: a campaign started in the background (SIGINT
        # ignored there) would make every Ctrl-C case a no-op. Handled signals reset on exec.
        if threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGINT, signal.default_int_handler)
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
        self._lock = threading.Lock()

    def _help(self, cmd: str) -> str:
        return subprocess.run([*self.cli, cmd, "--help"], capture_output=True, text=True,
                              env=self.env).stdout

    def option(self, cmd: str, *patterns: str) -> str | None:
        """The first option of `agentsched CMD` whose name matches one of the patterns, tried
        in order (None if absent; the LLM's own options are not it): options added by later
        fixes (an agent timeout, a full state-log switch) are found at run time."""
        names = [n for n in re.findall(r"(--[a-z0-9][a-z0-9-]*)", self.help.get(cmd, ""))
                 if "llm" not in n]
        for pattern in patterns:
            for n in names:
                if re.fullmatch(f"--{pattern}", n):
                    return n
        return None

    def case_dir(self, case_id: str) -> Path:
        d = self.work / re.sub(r"[^A-Za-z0-9_.+-]+", "_", case_id)
        if d.exists():
            _force_rmtree(d)
        d.mkdir(parents=True)
        return d

    def agentsched(self, *args) -> list[str]:
        return [*self.cli, *map(str, args)]

    def llc(self, target: str, ir: Path | str, out: Path | str, *plugin_opts: str,
            verify: bool = True) -> list[str]:
        return [self.tools["llc"], *llc_flags(target), f"-load={self.tools['plugin']}",
                "-misched=agent-sched", *plugin_opts,
                *(["-verify-machineinstrs"] if verify else []), str(ir), "-o", str(out)]

    def run(self, argv: list[str], cwd: Path, *, env: dict | None = None, timeout: float = 120,
            kill: tuple[str, str, float] | None = None, max_procs: int = 0,
            grace: float = 1.0) -> Run:
        """Run argv in a new session with a tag in its environment and a private TMPDIR;
        wait4() gives its peak memory. kill=(signal name, 'group'|'pid', seconds).
        max_procs: kill the whole tree when more tagged processes than this exist at once
        (an unbounded pool would otherwise fork without end on a shared machine)."""
        tag = uuid.uuid4().hex
        tmpdir = self.out / "tmp" / tag
        tmpdir.mkdir(parents=True)
        r = Run(argv=[str(a) for a in argv], cwd=str(cwd), env_extra=dict(env or {}))
        full_env = {**self.env, **(env or {}), TAG: tag, "TMPDIR": str(tmpdir)}
        so, se = tmpdir.parent / f"{tag}.out", tmpdir.parent / f"{tag}.err"
        absent = [p for p in output_paths(r.argv) if not os.path.lexists(p)]

        with open(so, "wb") as fo, open(se, "wb") as fe:
            t0 = time.monotonic()
            p = subprocess.Popen(r.argv, cwd=cwd, env=full_env, stdin=subprocess.DEVNULL,
                                 stdout=fo, stderr=fe, start_new_session=True)
            status, ru, last_check = None, None, 0.0
            while True:
                pid, st, rus = os.wait4(p.pid, os.WNOHANG)
                if pid:
                    status, ru = st, rus
                    break
                now = time.monotonic() - t0
                if kill and r.signal_sent is None and now >= kill[2]:
                    r.signal_sent, r.signal_at_s = kill[0], round(now, 3)
                    r.signalled_alive = _alive(p.pid)
                    sig = getattr(signal, "SIG" + kill[0])
                    try:
                        os.killpg(p.pid, sig) if kill[1] == "group" else os.kill(p.pid, sig)
                    except ProcessLookupError:
                        pass
                if now > timeout:
                    r.timed_out = True
                    _killpg(p.pid)
                    kill_tagged(tag)
                if max_procs and now - last_check > 0.02:
                    last_check = now
                    n = len(tagged(tag))
                    if n > max_procs:
                        r.process_storm = n
                        _killpg(p.pid)
                        kill_tagged(tag)
                time.sleep(0.01)
            p.returncode = os.waitstatus_to_exitcode(status)
            r.rc = p.returncode
            r.wall_s = round(time.monotonic() - t0, 3)
            r.maxrss_mb = round(ru.ru_maxrss / 1024, 1)
        # children that outlive their parent: give them `grace` seconds to notice, then they
        # are orphans (and are killed here so that they do not disturb later cases)
        deadline = time.monotonic() + grace
        left = tagged(tag)
        while left and time.monotonic() < deadline:
            time.sleep(0.05)
            left = tagged(tag)
        if left and not r.timed_out and not r.process_storm:
            r.orphans = [f"{pid} {comm} {state}" for pid, comm, state in left]
        kill_tagged(tag)
        r.stdout = so.read_text(errors="replace")
        r.stderr = se.read_text(errors="replace")
        so.unlink()
        se.unlink()
        r.tmp_left = sorted(str(p.relative_to(tmpdir)) for p in tmpdir.rglob("*"))
        r.new_outputs = [str(p) for p in absent if os.path.lexists(p)]
        _force_rmtree(tmpdir)
        return r


def _alive(pid: int) -> bool:
    try:
        st = Path(f"/proc/{pid}/stat").read_text()
        return st[st.rindex(")") + 2] != "Z"
    except OSError:
        return False


def _killpg(pgid: int) -> None:
    try:
        os.killpg(pgid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def _force_rmtree(d: Path) -> None:
    for p in [d, *d.rglob("*")] if d.exists() else []:
        try:
            if p.is_dir() and not p.is_symlink():
                p.chmod(0o755)
        except OSError:
            pass
    shutil.rmtree(d, ignore_errors=True)


# ---------------------------------------------------------------- classification

def has_traceback(r: Run) -> bool:
    return "Traceback (most recent call last)" in r.stderr + r.stdout


def crash_signs(r: Run) -> str | None:
    """A signal the campaign did not send, or an llc crash reported through the CLI."""
    text = r.stderr + r.stdout
    if r.rc is not None and r.rc < 0 and ("SIG" + (r.signal_sent or "")) != \
            signal.Signals(-r.rc).name:
        return f"killed by {signal.Signals(-r.rc).name}"
    for sign in ("Stack dump:", "PLEASE submit a bug report", "Segmentation fault",
                 "Bus error", "Aborted"):
        if sign in text:
            return f"crash text {sign!r}"
    m = re.search(r"exit (-\d+)\)", text)  # agentsched's "llc-19 failed (exit -11)"
    if m:
        return f"a tool died by signal {signal.Signals(-int(m.group(1))).name}"
    return None


NOISE = re.compile(r"^\s*$|━|\d+/\d+ \d+:\d\d:\d\d|^\s*(reproduce|search)\b.*\d+:\d\d")


def message_lines(r: Run) -> list[str]:
    """stderr without progress bars and blank lines."""
    return [ln.rstrip() for ln in r.stderr.splitlines() if not NOISE.search(ln)]


def clear_message(r: Run, names: tuple[str, ...]) -> tuple[bool, str]:
    lines = message_lines(r)
    if not lines:
        return False, "no message"
    last = lines[-1]
    if len(lines) > 3:
        return False, f"{len(lines)} lines of stderr"
    if "(no message)" in last:
        return False, "'(no message)'"
    if names and not any(n.lower() in "\n".join(lines).lower() for n in names):
        return False, f"names none of {list(names)}"
    return True, ""


@dataclass
class Outcome:
    category: str
    detail: str = ""
    repro: list[str] = field(default_factory=list)
    runs: int = 1
    data: dict = field(default_factory=dict)


def judge(r: Run, expect: str, *, names: tuple[str, ...] = (), damage: list[str] = (),
          wrong: list[str] = (), extra_repro: list[str] = ()) -> Outcome:
    """expect: ok | error | either (ok or a clear error) | killed (an interrupted run)."""
    issues: list[tuple[str, str]] = [("damage", d) for d in damage]
    if r.process_storm:
        issues.append(("damage", f"{r.process_storm} processes at once (unbounded workers)"))
    if r.orphans:
        issues.append(("damage", f"orphan processes {r.orphans}"))
    if r.tmp_left and not (r.timed_out or r.process_storm):  # we SIGKILLed those ourselves
        issues.append(("damage", f"temp files left in TMPDIR {r.tmp_left[:5]}"))
    if r.rc != 0 and r.new_outputs and not r.signal_sent and not r.timed_out:
        issues.append(("damage", "a failed run left files at final output names "
                                 f"{[Path(p).name for p in r.new_outputs]}"))
    if r.timed_out:
        issues.append(("hang", f"no exit within the timeout ({r.wall_s:.0f} s)"))
    c = None if r.timed_out or r.process_storm else crash_signs(r)
    if c:
        issues.append(("crash", c))
    if has_traceback(r):
        tail = [ln for ln in r.stderr.splitlines() if ln.strip()][-1:] or ["?"]
        issues.append(("traceback", f"traceback: {tail[0][:200]}"))
    issues += [("wrong", w) for w in wrong]
    if not r.timed_out and not c:
        if expect == "killed":
            if r.signal_sent == "KILL" and r.rc == -9:
                pass
            elif r.rc == 0:
                pass  # the caller checks that the outputs are complete (it finished)
            else:
                ok, why = clear_message(r, ())
                if not ok:
                    issues.append(("unclear_error", f"interrupted: exit {r.rc}, {why}"))
        elif r.rc == 0:
            if expect == "error":
                issues.append(("wrong", "bad input accepted (exit 0)"))
        elif expect == "ok":
            issues.append(("wrong", f"valid input refused (exit {r.rc}): "
                                    f"{(message_lines(r) or ['?'])[-1][:200]}"))
        else:
            ok, why = clear_message(r, names)
            if r.rc == 1 and "Usage:" in r.stderr and expect != "ok":
                pass
            issues.append(("clear_error", "") if ok else
                          ("unclear_error", f"exit {r.rc}, {why}: "
                                            f"{(message_lines(r) or [''])[-1][:200]}"))
    cat = "ok"
    for sev in SEVERITY:
        if any(k == sev for k, _ in issues):
            cat = sev
            break
    detail = "; ".join(d for k, d in issues if d and k != "clear_error")
    if cat == "clear_error":
        detail = (message_lines(r) or [""])[-1][:200]
    return Outcome(cat, detail, [r.shell(), *extra_repro],
                   data={"rc": r.rc, "wall_s": r.wall_s, "maxrss_mb": r.maxrss_mb})


def worst(outcomes: list[Outcome]) -> Outcome:
    """Several runs of one case: the worst one decides, its details and commands first."""
    outcomes = sorted(outcomes, key=lambda o: SEVERITY.index(o.category))
    top = outcomes[0]
    bad = [o for o in outcomes if o.category == top.category]
    return Outcome(top.category, " | ".join(dict.fromkeys(o.detail for o in bad if o.detail)),
                   list(dict.fromkeys(x for o in bad for x in o.repro)), sum(o.runs for o in outcomes),
                   {k: v for o in reversed(outcomes) for k, v in o.data.items()})


# ---------------------------------------------------------------- cases

@dataclass
class Case:
    id: str
    family: str
    what: str
    fn: Callable[[Ctx, Path], Outcome]


def leftovers(d: Path, expected: set[str]) -> list[str]:
    """Names in an output directory other than the expected outputs (temp files ...)."""
    return sorted(p.name for p in d.iterdir() if p.name not in expected) if d.exists() else []


def file_kind(p: Path) -> str:
    try:
        m = os.lstat(p).st_mode
    except FileNotFoundError:
        return "missing"
    for test, name in ((stat.S_ISLNK, "symlink"), (stat.S_ISCHR, "chardev"),
                       (stat.S_ISFIFO, "fifo"), (stat.S_ISDIR, "dir"), (stat.S_ISREG, "file")):
        if test(m):
            return name
    return "other"


def jsonl_ok(p: Path) -> str | None:
    """None if every line of p is a JSON object, else what is wrong (streamed: the campaign
    keeps its own memory small, since a child's ru_maxrss starts from its parent's)."""
    last = b"\n"
    with open(p, "rb") as fh:
        for n, line in enumerate(fh, 1):
            last = line
            if not line.strip():
                continue
            try:
                if not isinstance(json.loads(line), dict):
                    return f"line {n} is not an object"
            except ValueError:
                return f"line {n} is not JSON (torn or truncated)"
    if not last.endswith(b"\n"):
        return "last line unterminated"
    return None


def sha(p: Path) -> str:
    h = hashlib.sha256()
    with open(p, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


# ---- corpus: real LLVM test IR x random agents (live) x targets; replay; ptxas; stock

def corpus_manifest() -> dict:
    return json.loads((CORPUS / "manifest.json").read_text())


_unpacked: Path | None = None  # where this process unpacked the corpus (main: OUT/inputs/corpus)


def unpack_corpus(dest: Path) -> Path:
    """The corpus's files from CORPUS_TAR in dest (amdgpu/, nvptx/), each checked against
    manifest.json's sha256; done once: a dest unpacked from the same tarball is reused."""
    global _unpacked
    manifest, tar_sha = corpus_manifest(), sha(CORPUS_TAR)
    stamp = dest / ".unpacked-from"
    if not (stamp.is_file() and stamp.read_text() == tar_sha):
        import tarfile
        tmp = dest.with_name(f"{dest.name}.tmp{os.getpid()}")
        shutil.rmtree(tmp, ignore_errors=True)
        seen = set()
        with tarfile.open(CORPUS_TAR, "r:xz") as tar:
            for m in tar:
                fh = tar.extractfile(m) if m.isfile() else None
                data = fh.read() if fh else b""
                if m.name not in manifest or \
                        hashlib.sha256(data).hexdigest() != manifest[m.name]["sha256"]:
                    raise SystemExit(f"{CORPUS_TAR}: {m.name} is not the file manifest.json "
                                     "names (sha256)")
                (tmp / m.name).parent.mkdir(parents=True, exist_ok=True)
                (tmp / m.name).write_bytes(data)
                seen.add(m.name)
        if set(manifest) - seen:
            raise SystemExit(f"{CORPUS_TAR}: lacks {sorted(set(manifest) - seen)[:3]} ...")
        (tmp / stamp.name).write_text(tar_sha)
        shutil.rmtree(dest, ignore_errors=True)
        tmp.rename(dest)
    _unpacked = dest
    return dest


def corpus_dir() -> Path:
    """The unpacked corpus (main unpacks it into OUT/inputs/corpus; elsewhere, a temp dir)."""
    if _unpacked is None:
        import tempfile
        return unpack_corpus(Path(tempfile.mkdtemp(prefix="agentsched-corpus-")) / "corpus")
    return _unpacked


def corpus_cases(ctx: Ctx, rng: random.Random) -> list[Case]:
    manifest = corpus_manifest()
    seeds = range(1, 1 + (ctx.seeds or (3 if ctx.full else 1)))
    pairs = [(f, t) for f, m in sorted(manifest.items()) for t in m["targets"]]
    if not ctx.full:  # a seeded subset: every target, both architectures
        by_target = {t: [p for p in pairs if p[1] == t] for t in TARGETS}
        want = {"gfx1100": 8, "gfx90a": 6, "gfx942": 6, "sm_90": 14}
        pairs = sorted(p for t in TARGETS
                       for p in rng.sample(by_target[t], min(want[t], len(by_target[t]))))
    cases = []
    for f, t in pairs:
        for i, s in enumerate(seeds):
            cases.append(Case(f"corpus/{f}/{t}/seed{s}", "corpus",
                              f"random agent seed {s} live on {f} for {t}",
                              lambda ctx, d, f=f, t=t, s=s, first=(i == 0):
                              corpus_case(ctx, d, f, t, s, first)))
    return cases


def corpus_case(ctx: Ctx, d: Path, f: str, target: str, seed: int, check_stock: bool) -> Outcome:
    ir = corpus_dir() / f
    suf = asm_suffix(target)
    live, dec, js = d / f"live{suf}", d / "decisions.jsonl", d / "summary.json"
    outs = []
    # agentsched schedules and measures one kernel (issue 10): a module of several names one
    # with --entry, and the raw replay hooks that function alone too.
    from agentsched.llvm.frontend import ir_kernel_symbols
    kernels = ir_kernel_symbols(ir.read_text(errors="replace"))
    entry = ["--entry", kernels[0]] if len(kernels) > 1 else []
    only = [f"-agent-sched-function={kernels[0]}"] if len(kernels) > 1 else []
    r = ctx.run(ctx.agentsched("compile", ir, "-t", target, *entry, "--agent", "random",
                               "--seed", seed, "--save-decisions", dec, "--json", js,
                               "-o", live), d, timeout=180)
    o = judge(r, "ok")
    outs.append(o)
    if o.category != "ok" or not live.exists() or not dec.exists():
        if o.category == "ok":
            o.category, o.detail = "wrong", "exit 0 but the output or decisions are missing"
        return worst(outs)
    summary = json.loads(js.read_text())
    o.data.update({k: summary.get(k) for k in ("decisions", "choices", "changed")})
    # the saved live decisions replay byte for byte, strictly, under the machine verifier
    replay = d / f"replay{suf}"
    r2 = ctx.run(ctx.llc(target, ir, replay, f"-agent-sched-decisions={dec}",
                         f"-agent-sched-report={d / 'replay.json'}", *only), d, timeout=180)
    wrong = []
    if r2.rc == 0 and replay.read_bytes() != live.read_bytes():
        wrong.append("replay of the saved live decisions differs from the live output")
    outs.append(judge(r2, "ok", wrong=wrong))
    if not is_amd(target):
        outs.append(ptxas_check(ctx, d, live, target, "live random schedule"))
    if check_stock:
        outs.append(stock_check(ctx, d, ir, target))
    return worst(outs)


def ptxas_check(ctx: Ctx, d: Path, ptx: Path, target: str, what: str) -> Outcome:
    if not ctx.tools["ptxas"]:
        return Outcome("ok", "no ptxas: PTX not validated", runs=0)
    r = ctx.run([ctx.tools["ptxas"], f"-arch={target}", ptx, "-o", d / "ptxas.cubin"], d,
                timeout=120)
    if r.rc != 0 and not r.timed_out and not crash_signs(r):
        first = next((ln for ln in r.stderr.splitlines() if "error" in ln.lower()), r.stderr[:200])
        return Outcome("wrong", f"ptxas rejects the {what}: {first.strip()[:200]}", [r.shell()],
                       data={"ptxas_rc": r.rc})
    return judge(r, "ok")


def stock_check(ctx: Ctx, d: Path, ir: Path, target: str) -> Outcome:
    """The plugin with no decisions must reproduce stock llc-19 byte for byte (NVPTX: stock
    with -enable-misched, the scheduler the plugin hooks)."""
    stock, plug = d / "stock.s", d / "plugin-default.s"
    r1 = ctx.run([ctx.tools["llc"], *llc_flags(target), ir, "-o", stock], d, timeout=180)
    r2 = ctx.run(ctx.llc(target, ir, plug, verify=False), d, timeout=180)
    o1, o2 = judge(r1, "ok"), judge(r2, "ok")
    if o1.category == o2.category == "ok" and stock.read_bytes() != plug.read_bytes():
        return Outcome("wrong", "plugin without decisions differs from stock llc-19",
                       [r1.shell(), r2.shell()], runs=2)
    return worst([o1, o2])


# ---- kill points: SIGINT (process group, like Ctrl-C), SIGTERM, SIGKILL at random times

@dataclass
class KillCommand:
    argv: Callable[[Ctx, Path], list]
    outputs: dict  # name -> "bytes" (equal to the reference's) | "json" | "jsonl" | "any"
    resumable: bool = False  # rerun after the kill must complete with the reference's rows
    rows: str | None = None  # JSON file whose rows are compared after the rerun


KILL_COMMANDS = {
    "compile": KillCommand(
        lambda c, d: c.agentsched("compile", "fused_mlp", "-t", "gfx1100", "--agent", "random",
                                  "--seed", 1, "--save-decisions", d / "dec.jsonl",
                                  "--json", d / "out.json", "-o", d / "out.s"),
        {"out.s": "bytes", "dec.jsonl": "bytes", "out.json": "json"}),
    "states": KillCommand(
        lambda c, d: c.agentsched("states", "fa_decode", "-t", "gfx942", "-o", d / "log.jsonl"),
        {"log.jsonl": "bytes"}),
    "experiment": KillCommand(
        lambda c, d: c.agentsched("experiment", "fused_mlp", "-t", "gfx1100", "--agents",
                                  "default,random,min_pressure,max_latency", "--store",
                                  d / "store.sqlite", "--json", d / "rows.json",
                                  "--csv", d / "rows.csv"),
        {"rows.json": "json", "rows.csv": "any", "store.sqlite": "any",
         "store.sqlite-wal": "any", "store.sqlite-shm": "any"}, True, "rows.json"),
    "reproduce": KillCommand(
        lambda c, d: c.agentsched("reproduce", "--kernels", "fused_mlp,gemm8x8", "--targets",
                                  "gfx1100", "--agents", "default,random,min_pressure",
                                  "--store", d / "store.sqlite", "--out", d / "results"),
        {"results": "any", "store.sqlite": "any", "store.sqlite-wal": "any",
         "store.sqlite-shm": "any"}, True, "results/results.json"),
    "search": KillCommand(
        lambda c, d: c.agentsched("search", "fused_mlp", "-t", "gfx1100", "--objective", "vgpr",
                                  "--budget", 12, "--workers", 2, "--json", d / "search.json",
                                  "--decisions-out", d / "search.decisions.jsonl"),
        {"search.json": "json", "search.decisions.jsonl": "jsonl"}),
}
KILL_SIGNALS = (("INT", "group"), ("TERM", "pid"), ("KILL", "pid"))
_refs: dict[str, dict] = {}
_refs_lock = threading.Lock()


def kill_reference(ctx: Ctx, name: str) -> dict:
    """One uninterrupted run of the command (its wall time and outputs), once per campaign."""
    with _refs_lock:
        if name in _refs:
            return _refs[name]
        d = ctx.work / f"kill-reference-{name}"
        meta = d / "reference.json"
        if meta.exists():
            _refs[name] = json.loads(meta.read_text())
            return _refs[name]
        if d.exists():
            _force_rmtree(d)
        d.mkdir(parents=True)
        cmd = KILL_COMMANDS[name]
        ctx.run(cmd.argv(ctx, d), d, timeout=600)  # warms the IR cache
        for p in list(d.iterdir()):
            _force_rmtree(p) if p.is_dir() else p.unlink()
        r = ctx.run(cmd.argv(ctx, d), d, timeout=600)
        if r.rc != 0:
            raise RuntimeError(f"reference run of {name} failed: {r.shell()}\n{r.stderr[-2000:]}")
        ref = {"wall_s": r.wall_s, "dir": str(d),
               "rows": row_keys(d / cmd.rows) if cmd.rows else None}
        meta.write_text(json.dumps(ref))
        _refs[name] = ref
        return ref


def row_keys(p: Path) -> list:
    rows = json.loads(p.read_text())
    rows = rows["rows"] if isinstance(rows, dict) and "rows" in rows else rows
    return sorted(json.dumps({k: r.get(k) for k in ("kernel", "target", "agent", "seed",
                                                     "decisions_hash", "vgpr", "occupancy",
                                                     "est_cycles")}, sort_keys=True)
                  for r in rows)


def output_problems(d: Path, ref_dir: Path, outputs: dict) -> tuple[list[str], list[str]]:
    """(damage, missing): partial outputs under final names, unexpected files; and the
    outputs that are not there."""
    damage, missing = [], []
    for name, kind in outputs.items():
        p, ref = d / name, ref_dir / name
        if not p.exists():
            if ref.exists() and not name.endswith(("-wal", "-shm")):
                missing.append(name)
            continue
        try:
            if kind == "bytes" and sha(p) != sha(ref):
                damage.append(f"{name} exists but differs from the complete output "
                              f"({p.stat().st_size} vs {ref.stat().st_size} bytes)")
            elif kind == "json":
                json.loads(p.read_text())
            elif kind == "jsonl" and jsonl_ok(p):
                damage.append(f"{name}: {jsonl_ok(p)}")
        except ValueError:
            damage.append(f"{name} exists but is not complete JSON")
    extra = leftovers(d, set(outputs))
    if extra:
        damage.append(f"left in the output directory: {extra[:6]}")
    if (d / "results").is_dir():  # reproduce --out
        ref_names = {p.name for p in (ref_dir / "results").iterdir()}
        extra = leftovers(d / "results", ref_names)
        if extra:
            damage.append(f"left in results/: {extra[:6]}")
        for js in ("results.json",):
            if (d / "results" / js).exists():
                try:
                    json.loads((d / "results" / js).read_text())
                except ValueError:
                    damage.append(f"results/{js} is not complete JSON")
    return damage, missing


def store_problems(p: Path) -> list[str]:
    if not p.exists():
        return []
    try:
        db = sqlite3.connect(p)
        ok = db.execute("PRAGMA integrity_check").fetchone()[0]
        db.close()
        return [] if ok == "ok" else [f"store integrity_check: {ok}"]
    except sqlite3.Error as e:
        return [f"store does not open: {e}"]


def data_dir_temps(ctx: Ctx) -> list[str]:
    return sorted(str(p.relative_to(ctx.data)) for p in ctx.data.rglob("*")
                  if re.search(r"\.tmp|^\.[^.].*\.[A-Za-z0-9_]{6,}$", p.name)
                  and p.name != ".lock")


def kill_cases(ctx: Ctx, rng: random.Random) -> list[Case]:
    reps = 3 if ctx.full else 1
    cases = []
    for name in KILL_COMMANDS:
        for sig, how in KILL_SIGNALS:
            for i in range(reps):
                frac = round(rng.uniform(0.3, 1.0), 3)
                cases.append(Case(f"kill/{name}/{sig}-{how}/{i}", "kill",
                                  f"SIG{sig} to the {how} of `{name}` at {frac:.0%} of its time",
                                  lambda ctx, d, n=name, s=sig, h=how, f=frac:
                                  kill_case(ctx, d, n, s, h, f)))
    return cases


def kill_case(ctx: Ctx, d: Path, name: str, sig: str, how: str, frac: float) -> Outcome:
    cmd, ref = KILL_COMMANDS[name], kill_reference(ctx, name)
    ref_dir = Path(ref["dir"])
    temps_before = set(data_dir_temps(ctx))
    at = round(frac * ref["wall_s"], 3)
    for _ in range(3):  # the machine's load changes: a signal after the end is retried earlier
        for p in list(d.iterdir()):
            _force_rmtree(p) if p.is_dir() else p.unlink()
        r = ctx.run(cmd.argv(ctx, d), d, timeout=max(60, 5 * ref["wall_s"]), kill=(sig, how, at))
        if r.signalled_alive:
            break
        at = round(frac * r.wall_s, 3)
    if sig == "KILL":  # a SIGKILLed process cannot remove its temp files; nothing else may stay
        r.tmp_left = []
    damage, missing = output_problems(d, ref_dir, cmd.outputs)
    damage += store_problems(d / "store.sqlite")
    new_temps = sorted(set(data_dir_temps(ctx)) - temps_before)
    if new_temps:
        damage.append(f"temp files left in the data directory: {new_temps[:5]}")
    wrong = []
    if r.rc == 0 and r.signalled_alive and missing:
        wrong.append(f"interrupted run exited 0 with outputs missing: {missing}")
    o = judge(r, "killed", damage=damage, wrong=wrong)
    o.repro.append(f"# SIG{sig} to its {'process group' if how == 'group' else 'pid'} "
                   f"after {at} s (of {ref['wall_s']} s uninterrupted)")
    o.data.update({"signal_at_s": r.signal_at_s, "alive_at_signal": r.signalled_alive})
    outs = [o]
    if cmd.resumable:
        r2 = ctx.run(cmd.argv(ctx, d), d, timeout=600)
        dmg = store_problems(d / "store.sqlite")
        if r2.rc == 0 and row_keys(d / cmd.rows) != ref["rows"]:
            dmg.append("the rerun after the kill does not give the reference's rows")
        outs.append(judge(r2, "ok", damage=dmg))
    return worst(outs)


# ---- concurrent writers: N processes, one output path / state log / store

def parallel(ctx: Ctx, jobs: list[tuple[list, Path]], timeout: float = 300) -> list[Run]:
    with ThreadPoolExecutor(len(jobs)) as pool:
        return list(pool.map(lambda j: ctx.run(j[0], j[1], timeout=timeout), jobs))


def concurrent_cases(ctx: Ctx, rng: random.Random) -> list[Case]:
    n = 4 if ctx.full else 3
    rounds = 3 if ctx.full else 1
    kinds = {
        "compile-same-output": concurrent_compile,
        "states-same-log": concurrent_states,
        "plugin-same-state-log": concurrent_raw_log,
        "save-decisions-same-file": concurrent_save_decisions,
        "experiment-same-store": concurrent_store,
    }
    return [Case(f"concurrent/{k}/{i}", "concurrent", f"{n} processes: {k}",
                 lambda ctx, d, fn=fn: fn(ctx, d, n))
            for k, fn in kinds.items() for i in range(rounds)]


def _concurrent_verdict(runs: list[Run], problems: list[str]) -> Outcome:
    outs = [judge(r, "ok") for r in runs]
    if problems:
        outs.append(Outcome("damage", "; ".join(problems), [runs[0].shell() + " &  # x"
                                                            + str(len(runs))]))
    return worst(outs)


def concurrent_compile(ctx: Ctx, d: Path, n: int) -> Outcome:
    shared = d / "shared"
    shared.mkdir()
    ref = d / "ref"
    ref.mkdir()
    def argv(o):
        return ctx.agentsched("compile", "fused_mlp", "-t", "gfx1100", "-o", o / "out.s",
            "--json", o / "out.json")
    r0 = ctx.run(argv(ref), d)
    runs = parallel(ctx, [(argv(shared), d)] * n)
    problems = []
    if r0.rc == 0 and (shared / "out.s").exists() and \
            (shared / "out.s").read_bytes() != (ref / "out.s").read_bytes():
        problems.append("out.s is not one complete output")
    for bad in ("out.json",):
        try:
            json.loads((shared / bad).read_text())
        except (ValueError, OSError):
            problems.append(f"{bad} is not one complete JSON")
    extra = leftovers(shared, {"out.s", "out.json"})
    if extra:
        problems.append(f"left behind: {extra[:5]}")
    return _concurrent_verdict(runs, problems)


def concurrent_states(ctx: Ctx, d: Path, n: int) -> Outcome:
    shared, ref = d / "shared", d / "ref"
    shared.mkdir()
    ref.mkdir()
    def argv(o):
        return ctx.agentsched("states", "fused_mlp", "-t", "gfx1100", "-o", o / "log.jsonl")
    ctx.run(argv(ref), d)
    runs = parallel(ctx, [(argv(shared), d)] * n)
    problems = []
    p = shared / "log.jsonl"
    if p.exists() and p.read_bytes() != (ref / "log.jsonl").read_bytes():
        problems.append(f"log.jsonl is not one complete log ({jsonl_ok(p) or 'differs'})")
    extra = leftovers(shared, {"log.jsonl"})
    if extra:
        problems.append(f"left behind: {extra[:5]}")
    return _concurrent_verdict(runs, problems)


def concurrent_raw_log(ctx: Ctx, d: Path, n: int) -> Outcome:
    """Two different inputs, one state log path, raw llc: the plugin's own writer."""
    files = big_corpus_files("gfx1100", 2)
    refs = []
    for i, f in enumerate(files):
        ctx.run(ctx.llc("gfx1100", f, d / f"ref{i}.s", f"-agent-sched-state-log={d}/ref{i}.jsonl",
                        verify=False), d)
        refs.append((d / f"ref{i}.jsonl").read_bytes())
    shared = d / "shared"
    shared.mkdir()
    jobs = [(ctx.llc("gfx1100", files[i % 2], shared / f"out{i}.s",
                     f"-agent-sched-state-log={shared}/log.jsonl", verify=False), d)
            for i in range(n)]
    runs = parallel(ctx, jobs)
    problems = []
    p = shared / "log.jsonl"
    if p.exists() and p.read_bytes() not in refs:
        problems.append(f"log.jsonl is not one run's complete log ({jsonl_ok(p) or 'mixed'})")
    extra = leftovers(shared, {"log.jsonl", *(f"out{i}.s" for i in range(n))})
    if extra:
        problems.append(f"left behind: {extra[:5]}")
    return _concurrent_verdict(runs, problems)


def concurrent_save_decisions(ctx: Ctx, d: Path, n: int) -> Outcome:
    shared = d / "shared"
    shared.mkdir()
    refs = []
    for s in range(n):
        ctx.run(ctx.agentsched("compile", "fused_mlp", "-t", "gfx1100", "--agent", "random",
                               "--seed", s, "--save-decisions", d / f"ref{s}.jsonl",
                               "-o", d / f"ref{s}.s"), d)
        refs.append((d / f"ref{s}.jsonl").read_bytes())
    jobs = [(ctx.agentsched("compile", "fused_mlp", "-t", "gfx1100", "--agent", "random",
                            "--seed", s, "--save-decisions", shared / "dec.jsonl",
                            "-o", d / f"own{s}.s"), d) for s in range(n)]
    runs = parallel(ctx, jobs)
    problems = []
    p = shared / "dec.jsonl"
    if p.exists() and p.read_bytes() not in refs:
        problems.append("dec.jsonl is not one run's complete decision file")
    extra = leftovers(shared, {"dec.jsonl"})
    if extra:
        problems.append(f"left behind: {extra[:5]}")
    return _concurrent_verdict(runs, problems)


def concurrent_store(ctx: Ctx, d: Path, n: int) -> Outcome:
    store = d / "store.sqlite"
    jobs = [(ctx.agentsched("experiment", "fused_mlp", "-t", "gfx1100", "--agents",
                            "default,random", "--seed", s, "--store", store,
                            "--json", d / f"rows{s}.json"), d) for s in range(n)]
    runs = parallel(ctx, jobs)
    problems = store_problems(store)
    if not problems and store.exists():
        db = sqlite3.connect(store)
        try:
            labels = [str(a) for (a,) in db.execute("SELECT agent FROM rows")]
        except sqlite3.Error as e:  # a later schema: count rows instead of reading labels
            labels = None
            n_rows = db.execute("SELECT count(*) FROM rows").fetchone()[0]
            if n_rows < n + 1:
                problems.append(f"store rows lost: {n_rows} rows for {n + 1} ({e})")
        db.close()
        if labels is not None:
            missing = ([] if any(lb.startswith("default") for lb in labels) else ["default"]) + \
                [f"random seed {s}" for s in range(n)
                 if not any(lb.startswith("random") and f"seed={s}" in lb for lb in labels)]
            if missing:
                problems.append(f"store rows lost: {missing}")
    return _concurrent_verdict(runs, problems)


def big_corpus_files(target: str, k: int) -> list[Path]:
    """The k corpus files with the most decisions for target (long state logs)."""
    m = corpus_manifest()
    best = sorted((v["choices"].get(target, 0), f) for f, v in m.items())
    return [corpus_dir() / f for _, f in best[-k:]]


# ---- special-file outputs

@dataclass
class Writer:
    argv: Callable[[Ctx, Path, Path], list]  # (ctx, case dir, output path) -> command
    name: str  # output file name (its suffix picks the output kind)
    compare: str  # "bytes": equal to a reference run's output; "json": parses


def _llc_writer(opt: str):
    def argv(ctx, d, out):
        f = big_corpus_files("gfx1100", 1)[0]
        return ctx.llc("gfx1100", f, d / "asm.s", f"{opt}={out}", verify=False)
    return argv


WRITERS = {
    "compile-o": Writer(lambda c, d, o: c.agentsched("compile", "fused_mlp", "-t", "gfx1100",
                                                     "-o", o), "out.s", "bytes"),
    "compile-json": Writer(lambda c, d, o: c.agentsched("compile", "fused_mlp", "-t", "gfx1100",
                                                        "-o", d / "asm.s", "--json", o),
                           "out.json", "json"),
    "compile-save-decisions": Writer(
        lambda c, d, o: c.agentsched("compile", "fused_mlp", "-t", "gfx1100", "--agent",
                                     "min_pressure", "--save-decisions", o, "-o", d / "asm.s"),
        "dec.jsonl", "bytes"),
    "states-o": Writer(lambda c, d, o: c.agentsched("states", "fused_mlp", "-t", "gfx1100",
                                                    "-o", o), "log.jsonl", "bytes"),
    "decide-o": Writer(lambda c, d, o: c.agentsched("decide", c.inputs / "fused_mlp.states.jsonl",
                                                    "--agent", "min_pressure", "-o", o),
                       "dec.jsonl", "bytes"),
    "experiment-json": Writer(
        lambda c, d, o: c.agentsched("experiment", "fused_mlp", "-t", "gfx1100", "--agents",
                                     "default", "--store", d / "store.sqlite", "--json", o),
        "rows.json", "json"),
    "search-json": Writer(
        lambda c, d, o: c.agentsched("search", "fused_mlp", "-t", "gfx1100", "--budget", 4,
                                     "--workers", 1, "--json", o, "--decisions-out",
                                     d / "search.decisions.jsonl"), "search.json", "json"),
    "plugin-state-log": Writer(_llc_writer("-agent-sched-state-log"), "log.jsonl", "bytes"),
    "plugin-report": Writer(_llc_writer("-agent-sched-report"), "report.json", "json"),
}
SPECIALS = ("devnull", "devfull", "fifo", "symlink-file", "symlink-dir", "dir", "readonly-dir")
QUICK_WRITERS = ("compile-o", "compile-json", "states-o", "plugin-state-log")


def special_cases(ctx: Ctx, rng: random.Random) -> list[Case]:
    writers = WRITERS if ctx.full else {k: WRITERS[k] for k in QUICK_WRITERS}
    cases = []
    for w in writers:
        for kind in SPECIALS:
            if kind.startswith("dev") and not ctx.can_mknod:
                continue
            if kind == "readonly-dir" and not ctx.readonly_dir_ok:
                continue
            cases.append(Case(f"special/{w}/{kind}", "special", f"{w} writing to a {kind}",
                              lambda ctx, d, w=w, k=kind: special_case(ctx, d, w, k)))
    return cases


def special_reference(ctx: Ctx, wname: str) -> bytes:
    """The writer's output to a regular file, once per campaign."""
    w = WRITERS[wname]
    with _refs_lock:
        d = ctx.work / f"special-reference-{wname}"
        if not (d / w.name).exists():
            _force_rmtree(d)
            d.mkdir(parents=True)
            _must(ctx.run(w.argv(ctx, d, d / f"partial-{w.name}"), d))
            os.replace(d / f"partial-{w.name}", d / w.name)
        return (d / w.name).read_bytes()


def special_case(ctx: Ctx, d: Path, wname: str, kind: str) -> Outcome:
    w = WRITERS[wname]
    ref = special_reference(ctx, wname)
    sp = d / "sp"
    sp.mkdir()
    target, expect, reader, damage, wrong = sp / w.name, "ok", None, [], []
    if kind in ("devnull", "devfull"):
        # device nodes of our own (same major:minor as /dev/null, /dev/full): a defect that
        # replaces the node damages this directory, not the shared machine's /dev
        target = sp / ("null" if kind == "devnull" else "full")
        os.mknod(target, 0o666 | stat.S_IFCHR, os.makedev(1, 3 if kind == "devnull" else 7))
        expect = "error" if kind == "devfull" else "ok"
        if kind == "devnull" and wname == "compile-o":
            expect = "either"  # the output kind comes from the suffix: an error is fair
    elif kind == "fifo":
        os.mkfifo(target)
        reader = subprocess.Popen(["cat", str(target)], stdout=open(d / "fifo-read", "wb"),
                                  start_new_session=True)
    elif kind == "symlink-file":
        (sp / f"real-{w.name}").write_bytes(b"old content\n")
        target.symlink_to(f"real-{w.name}")
    elif kind == "symlink-dir":
        (sp / "realdir").mkdir()
        (sp / "realdir" / "keep").write_text("keep\n")
        target.symlink_to("realdir")
        expect = "error"
    elif kind == "dir":
        target.mkdir()
        (target / "keep").write_text("keep\n")
        expect = "error"
    elif kind == "readonly-dir":
        ro = sp / "ro"
        ro.mkdir()
        ro.chmod(0o555)
        target, expect = ro / w.name, "error"
        if ctx.is_root:  # root ignores the mode bits, not the immutable flag
            subprocess.run(["chattr", "+i", str(ro)], check=True)
    setup = {"devnull": f"mknod {target} c 1 3", "devfull": f"mknod {target} c 1 7",
             "fifo": f"mkfifo {target} && (cat {target} > fifo-read &)",
             "symlink-file": f"ln -s real-{w.name} {target}",
             "symlink-dir": f"mkdir {sp}/realdir && ln -s realdir {target}",
             "dir": f"mkdir {target}",
             "readonly-dir": f"mkdir {target.parent} && chmod 555 {target.parent}"
                             + (" && chattr +i " + str(target.parent) if ctx.is_root else "")}
    before = os.lstat(target) if kind != "readonly-dir" else None
    try:
        r = ctx.run(w.argv(ctx, sp, target), sp)
    finally:
        if kind == "readonly-dir" and ctx.is_root:
            subprocess.run(["chattr", "-i", str(sp / "ro")], check=True)
    after_kind = file_kind(target)
    if kind in ("devnull", "devfull"):
        st = os.lstat(target)
        if not stat.S_ISCHR(st.st_mode) or st.st_rdev != before.st_rdev:
            damage.append(f"the device node was replaced by a {after_kind}")
    elif kind == "fifo":
        try:
            reader.wait(timeout=5)
        except subprocess.TimeoutExpired:
            reader.kill()
            reader.wait()
        got = (d / "fifo-read").read_bytes()
        if after_kind != "fifo":
            damage.append(f"the FIFO was replaced by a {after_kind}")
        if r.rc == 0 and not _same(got, ref, w.compare):
            wrong.append(f"the FIFO's reader got {len(got)} bytes, not the complete output")
    elif kind == "symlink-file":
        real = sp / f"real-{w.name}"
        if after_kind != "symlink":
            damage.append(f"the symlink was replaced by a {after_kind}")
        elif r.rc == 0 and not _same(real.read_bytes(), ref, w.compare):
            wrong.append("the symlink's target does not hold the complete output")
    elif kind == "symlink-dir":
        if after_kind != "symlink" or sorted(p.name for p in (sp / "realdir").iterdir()) != ["keep"]:
            damage.append(f"symlink to a directory: now a {after_kind}, directory holds "
                          f"{sorted(p.name for p in (sp / 'realdir').iterdir())}")
    elif kind == "dir":
        if after_kind != "dir" or sorted(p.name for p in target.iterdir()) != ["keep"]:
            damage.append(f"directory output: now a {after_kind}")
    elif kind == "readonly-dir":
        if any(target.parent.iterdir()):
            damage.append(f"files appeared in the read-only directory: "
                          f"{[p.name for p in target.parent.iterdir()]}")
    extra = [x for x in leftovers(sp, {target.name, f"real-{w.name}", "realdir", "ro", "asm.s",
                                       "store.sqlite", "store.sqlite-wal", "store.sqlite-shm",
                                       "search.decisions.jsonl"})]
    if extra:
        damage.append(f"left behind: {extra[:5]}")
    o = judge(r, expect, names=(target.name, str(target.parent.name)), damage=damage,
              wrong=wrong)
    o.repro.insert(0, "# setup: " + setup[kind])
    return o


def _same(got: bytes, ref: bytes, compare: str) -> bool:
    if compare == "bytes":
        return got == ref
    try:
        json.loads(got)
        return True
    except ValueError:
        return False


# ---- malformed inputs

TINY_CU = r"""#include "agentsched_gpu.h"
extern "C" __global__ void tiny(const float* __restrict__ a, const float* __restrict__ b,
                                float* __restrict__ c, int n) {
  int i = AS_BID_X * 256 + AS_TID_X;
  float acc = 0.f;
  for (int k = 0; k < n; ++k) acc += a[i * n + k] * b[k] + a[i + k] * 0.5f;
  c[i] = acc * a[i] + b[i];
}
"""
HOST_ONLY_CU = "int host_only(int x) { return x * 3 + 1; }\n"
SPEC_AGENTS = r'''"""A user's spec that also registers agents (the spec file is imported before the agent
is made, so a spec is how a user's own agent reaches the CLI)."""
import time
from agentsched.agents import Agent, register
from agentsched.kernels.spec import Buffer, KernelSpec, Scalar

@register("never_answers")
class NeverAnswers(Agent):
    def __init__(self, seed=0, **_): pass
    def pick(self, point):
        time.sleep(3600)

@register("returns_none")
class ReturnsNone(Agent):
    def __init__(self, seed=0, **_): pass
    def pick(self, point):
        return None

@register("raises")
class Raises(Agent):
    def __init__(self, seed=0, **_): pass
    def pick(self, point):
        raise RuntimeError("agent failure on purpose")

@register("returns_string")
class ReturnsString(Agent):
    def __init__(self, seed=0, **_): pass
    def pick(self, point):
        return "12 top"

SPEC = KernelSpec(name="tiny", source=%r, entry="tiny",
                  params=(Buffer("a", "float32", lambda s: (s["n"] * 512,)),
                          Buffer("b", "float32", lambda s: (512,)),
                          Buffer("c", "float32", lambda s: (512,), output=True),
                          Scalar("n", "int32", lambda s: s["n"])),
                  grid=lambda s: (2, 1, 1), block=lambda s: (256, 1, 1),
                  inputs=lambda s, rng: {}, reference=lambda h, s: {},
                  default_size={"n": 4}, small_size={"n": 4})
'''
SPECS = {
    "spec_raises.py": 'raise RuntimeError("this spec fails on import")\n',
    "spec_syntax.py": "SPEC = KernelSpec(name='x',\n",
    "spec_nospec.py": "NOT_A_SPEC = 1\n",
    "spec_wrongtype.py": "SPEC = 42\n",
    "spec_missing_source.py": SPEC_AGENTS.split("SPEC = ")[0].replace("@register", "#") +
    "SPEC = KernelSpec(name='gone', source='no_such_file.cu', entry='gone', params=(), "
    "grid=lambda s: (1,1,1), block=lambda s: (1,1,1), inputs=lambda s, r: {}, "
    "reference=lambda h, s: {})\n",
}


def prepare_inputs(ctx: Ctx) -> None:
    """Inputs the cases read, made once per --out (valid logs and decisions from real runs,
    IR from clang-19, then mutated copies)."""
    i = ctx.inputs
    done = i / ".prepared"
    if done.exists():
        return
    def run(*a):
        return _must(ctx.run(list(a), i, timeout=600))
    full_log(ctx, i / "fused_mlp.states.jsonl")
    run(*ctx.agentsched("compile", "fused_mlp", "-t", "gfx1100", "--agent", "random", "--seed", 7,
                        "--save-decisions", i / "fused_mlp.live.jsonl", "-o", i / "fused_mlp.live.s"))
    run(*ctx.agentsched("compile", "gemm8x8", "-t", "gfx1100", "--agent", "random", "--seed", 7,
                        "--save-decisions", i / "gemm8x8.live.jsonl", "-o", i / "gemm8x8.live.s"))
    (i / "tiny.cu").write_text(TINY_CU)
    (i / "host_only.cu").write_text(HOST_ONLY_CU)
    inc = ROOT / "agentsched" / "kernels" / "include"
    clang = shutil.which("clang-19") or "/usr/lib/llvm-19/bin/clang"
    def hip(arch, opt):
        return [clang, "-x", "hip", f"--offload-arch={arch}", "--cuda-device-only",
            "-nogpuinc", "-nogpulib", opt, "-emit-llvm", "-S", f"-I{inc}"]
    def cuda(arch):
        return [clang, "-x", "cuda", f"--cuda-gpu-arch={arch}", "--cuda-device-only",
            "-nocudainc", "-nocudalib", "-Wno-unknown-cuda-version", "-O3",
            "-emit-llvm", "-S", f"-I{inc}"]
    run(*hip("gfx942", "-O3"), i / "tiny.cu", "-o", i / "tiny.gfx942.ll")
    run(*hip("gfx1100", "-O3"), i / "tiny.cu", "-o", i / "tiny.gfx1100.ll")
    run(*hip("gfx1100", "-O0"), i / "tiny.cu", "-o", i / "tiny.optnone.ll")
    run(*cuda("sm_80"), i / "tiny.cu", "-o", i / "tiny.sm_80.ll")
    (i / "empty.ll").write_text("")
    (i / "triple_only.ll").write_text('target triple = "amdgcn-amd-amdhsa"\n')
    (i / "declarations_only.ll").write_text(
        'target triple = "amdgcn-amd-amdhsa"\ndeclare float @llvm.sqrt.f32(float)\n')
    small = min((corpus_dir() / f for f, m in corpus_manifest().items()
                 if "gfx1100" in m["targets"]), key=lambda p: p.stat().st_size)
    shutil.copyfile(small, i / "-O0.ll")
    shutil.copyfile(small, i / "my kernel.ll")
    text = (i / "tiny.gfx1100.ll").read_text().splitlines()
    k = next(n for n, ln in enumerate(text) if ln.startswith("define"))
    text[k + 2] = "  %oops = fadd float %undefined_value, 1.0 ; deliberately broken"
    (i / "syntax_error.ll").write_text("\n".join(text) + "\n")
    rng = random.Random(ctx.seed)
    (i / "junk.bc").write_bytes(bytes(rng.randrange(256) for _ in range(4096)))
    (i / "junk.ll").write_bytes(bytes(rng.randrange(256) for _ in range(4096)))
    (i / "syntax_error.cu").write_text(TINY_CU.replace("acc * a[i]", "acc * * a[i"))
    (i / "kernel.txt").write_text(TINY_CU)
    (i / "spec_agents.py").write_text(SPEC_AGENTS % str(i / "tiny.cu"))
    for name, text in SPECS.items():
        (i / name).write_text(text)
    # fused_mlp.cu also holds gemm8x8: the cached IR whose first line names fused_mlp
    ir = [p for p in sorted(ctx.data.glob("ir/fused_mlp-gfx1100-*.ll"))
          if p.read_text().startswith("; agentsched-entry: fused_mlp\n")]
    if not ir:
        raise RuntimeError("no cached IR of fused_mlp for gfx1100 (compiled above)")
    shutil.copyfile(ir[-1], i / "fused_mlp.gfx1100.ll")
    make_decision_files(ctx)
    make_state_logs(ctx)
    done.write_text("ok\n")


def full_log(ctx: Ctx, out: Path) -> None:
    """fused_mlp's state log with every candidate on every line (the mutations need it). A
    compact default format (issue 11, item 16) comes with a switch for the full one: try the
    default, then each option of `states` that looks like that switch."""
    base = ctx.agentsched("states", "fused_mlp", "-t", "gfx1100", "-o", out)
    tries = [[]]
    for opt in filter(None, [ctx.option("states", "full", r".*full.*")]):
        tries.append([opt])
    for opt in filter(None, [ctx.option("states", "format", r".*format.*")]):
        tries.append([opt, "full"])
    for extra in tries:
        r = ctx.run([*base, *extra], ctx.inputs, timeout=600)
        if r.rc == 0 and "candidates" in out.read_text(errors="replace")[:100000]:
            return
    raise RuntimeError(f"no full state log from `agentsched states` ({tries}): "
                       f"{r.shell()}\n{r.stderr[-1000:]}")


def _must(r: Run) -> Run:
    if r.rc != 0:
        raise RuntimeError(f"preparing inputs failed: {r.shell()}\n{r.stderr[-2000:]}")
    return r


def _lines(p: Path) -> list[dict]:
    return [json.loads(ln) for ln in p.read_text().splitlines() if ln.strip()]


def _dump(rows) -> str:
    return "".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in rows)


def decision_mutations(base: list[dict], other: list[dict], rng: random.Random) -> dict:
    """name -> (file content, expectation). Mutations hit one line in the middle."""
    k = len(base) // 2
    later = next((j for j in range(k + 1, len(base)) if base[j]["region"] == base[k]["region"]
                  and base[j]["pick"] != base[k]["pick"]), k)

    def with_line(v):
        rows = list(base)
        rows[k] = v
        return _dump(rows)

    def field(name, value):
        return with_line({**base[k], name: value})

    full = _dump(base)
    m = {
        "bad-json": (with_line('{"function": "x", "region": 0,,}'), "error"),
        "truncated-last-line": (full[:-len(json.dumps(base[-1])) // 2 - 1], "error"),
        "truncated-middle-line": (with_line(json.dumps(base[k])[:25]), "error"),
        "line-is-list": (with_line("[1, 2, 3]"), "error"),
        "line-is-number": (with_line("42"), "error"),
        "line-is-string": (with_line('"pick"'), "error"),
        "line-is-null": (with_line("null"), "error"),
        "pick-string": (field("pick", str(base[k]["pick"])), "error"),
        "pick-float": (field("pick", base[k]["pick"] + 0.5), "error"),
        "pick-bool": (field("pick", True), "error"),
        "pick-null": (field("pick", None), "error"),
        "region-string": (field("region", "0"), "error"),
        "function-number": (field("function", 3), "error"),
        "zone-unknown": (field("zone", "middle"), "error"),
        "missing-pick": (with_line({x: y for x, y in base[k].items() if x != "pick"}), "error"),
        "pick-plus-2^32": (_dump([{**d, "pick": d["pick"] + 2 ** 32} for d in base]), "error"),
        "pick-2^63+5": (field("pick", 2 ** 63 + 5), "error"),
        "pick-2^64+1": (field("pick", 2 ** 64 + 1), "error"),
        "pick-negative": (field("pick", -1), "error"),
        "step-plus-2^32": (field("step", base[k]["step"] + 2 ** 32), "error"),
        "region-plus-2^32": (field("region", base[k]["region"] + 2 ** 32), "error"),
        "visit-negative": (field("visit", -1), "error"),
        "step-negative": (field("step", -1), "error"),
        "unknown-function": (_dump([{**d, "function": "no_such_function"} for d in base]),
                             "error"),
        "another-kernels-decisions": (_dump(other), "error"),
        "non-candidate-id": (field("pick", 999999), "error"),
        "pick-not-ready-yet": (field("pick", base[later]["pick"]), "error"),
        "conflicting-duplicate": (_dump(base[:k + 1] + [{**base[k], "pick": base[later]["pick"]}]
                                        + base[k + 1:]), "either"),
        "binary-junk": (bytes(rng.randrange(256) for _ in range(4096)), "error"),
        "invalid-utf8": (with_line(b'{"function": "\xff\xfe", "region": 0}'.decode("latin-1")),
                         "error"),
        "empty-file": ("", "either"),
        "blank-lines-only": ("\n\n   \n", "either"),
        "utf8-bom": ("\ufeff" + full, "either"),
        "crlf-line-ends": (full.replace("\n", "\r\n"), "either"),
    }
    return m


def make_decision_files(ctx: Ctx) -> None:
    d = ctx.inputs / "decisions"
    d.mkdir(exist_ok=True)
    base = _lines(ctx.inputs / "fused_mlp.live.jsonl")
    other = _lines(ctx.inputs / "gemm8x8.live.jsonl")
    rng = random.Random(ctx.seed)
    meta = {}
    for name, (content, expect) in decision_mutations(base, other, rng).items():
        p = d / f"{name}.jsonl"
        if isinstance(content, str):
            p.write_bytes(content.encode("latin-1" if name == "invalid-utf8" else "utf-8"))
        else:
            p.write_bytes(content)
        meta[name] = expect
    meta["huge-200MB"] = "error"  # made on first use (huge_decisions)
    (d / "meta.json").write_text(json.dumps(meta, indent=1))


def huge_decisions(ctx: Ctx) -> Path:
    """200 MB of well-formed decisions for points that do not exist (steps past the end)."""
    p = ctx.inputs / "decisions" / "huge-200MB.jsonl"
    with _refs_lock:
        if not p.exists():
            fn = _lines(ctx.inputs / "fused_mlp.live.jsonl")[0]["function"]
            with open(p.with_suffix(".partial"), "w") as fh:
                line_no, size = 0, 0
                while size < 200 * 2 ** 20:
                    line = json.dumps({"function": fn, "region": 0, "visit": 0,
                                       "step": 10 ** 6 + line_no, "pick": line_no % 50,
                                       "zone": "top"}) + "\n"
                    fh.write(line)
                    size += len(line)
                    line_no += 1
            os.replace(p.with_suffix(".partial"), p)
    return p


def state_log_mutations(base: list[dict]) -> dict:
    k = next(j for j in range(len(base) // 2, len(base))
             if len({c["id"] for c in base[j]["candidates"]}) >= 2)

    def with_line(v):
        rows = list(base)
        rows[k] = v
        return _dump(rows)

    def field(name, value):
        return with_line({**base[k], name: value})

    def cand(name, value):
        cands = [dict(c) for c in base[k]["candidates"]]
        cands[0][name] = value
        return field("candidates", cands)

    full = _dump(base)
    return {
        "bad-json": (with_line('{"function": "x",,}'), "error"),
        "truncated-last-line": (full[:-len(json.dumps(base[-1])) // 2 - 1], "error"),
        "truncated-middle-line": (with_line(json.dumps(base[k])[:40]), "error"),
        "line-is-list": (with_line("[]"), "error"),
        "line-is-number": (with_line("7"), "error"),
        "line-is-null": (with_line("null"), "error"),
        "missing-candidates": (with_line({x: y for x, y in base[k].items()
                                          if x != "candidates"}), "error"),
        "candidates-string": (field("candidates", "none"), "error"),
        "candidates-empty": (field("candidates", []), "either"),
        "candidate-id-string": (cand("id", "3"), "error"),
        "candidate-missing-zone": (field("candidates", [{x: y for x, y in c.items() if x != "zone"}
                                                        for c in base[k]["candidates"]]), "error"),
        "candidate-latency-null": (cand("latency", None), "error"),
        "llvm-null": (field("llvm", None), "error"),
        "llvm-not-a-candidate": (field("llvm", {"id": 999999, "zone": "top"}), "error"),
        "step-string": (field("step", "3"), "error"),
        "pressure-top-list": (field("pressure_top", [1, 2]), "error"),
        "step-2^64": (field("step", 2 ** 64), "either"),
        "region-negative": (field("region", -3), "either"),
        "binary-junk": (bytes(random.Random(5).randrange(256) for _ in range(4096)), "error"),
        "empty-file": ("", "either"),
    }


def make_state_logs(ctx: Ctx) -> None:
    d = ctx.inputs / "states"
    d.mkdir(exist_ok=True)
    base = _lines(ctx.inputs / "fused_mlp.states.jsonl")
    meta = {}
    for name, (content, expect) in state_log_mutations(base).items():
        (d / f"{name}.jsonl").write_bytes(content if isinstance(content, bytes)
                                          else content.encode())
        meta[name] = expect
    (d / "meta.json").write_text(json.dumps(meta, indent=1))


def huge_state_log(ctx: Ctx) -> Path:
    """A valid state log repeated to 200 MB."""
    p = ctx.inputs / "states" / "huge-200MB.jsonl"
    with _refs_lock:
        if not p.exists():
            block = (ctx.inputs / "fused_mlp.states.jsonl").read_bytes()
            with open(p.with_suffix(".partial"), "wb") as fh:
                for _ in range(200 * 2 ** 20 // len(block) + 1):
                    fh.write(block)
            os.replace(p.with_suffix(".partial"), p)
    return p


def malformed_cases(ctx: Ctx, rng: random.Random) -> list[Case]:
    i = ctx.inputs
    cases: list[Case] = []

    def add(cid, what, fn):
        cases.append(Case(f"malformed/{cid}", "malformed", what, fn))

    dec_meta = json.loads((i / "decisions" / "meta.json").read_text())
    raw_subset = ("bad-json", "pick-plus-2^32", "pick-2^63+5", "region-plus-2^32",
                  "pick-negative", "unknown-function", "non-candidate-id", "binary-junk",
                  "empty-file", "truncated-last-line", "another-kernels-decisions", "huge-200MB")
    def dec_file(ctx, name):
        return huge_decisions(ctx) if name == "huge-200MB" else i / "decisions" / f"{name}.jsonl"

    # a decision that does not fit the compile is named by its point (function, region, step)
    point = ("not a candidate", "no decision point", "matches no")
    for name, expect in dec_meta.items():
        add(f"decisions/{name}", f"compile --decisions with {name}",
            lambda ctx, d, n=name, e=expect: judge_mem(
                ctx.run(ctx.agentsched("compile", "fused_mlp", "-t", "gfx1100", "--decisions",
                                       dec_file(ctx, n), "-o", d / "out.s"), d, timeout=600),
                e, (f"{n}.jsonl", *point), dec_file(ctx, n)))
        if name in raw_subset:
            add(f"decisions-plugin/{name}", f"raw llc -agent-sched-decisions with {name}",
                lambda ctx, d, n=name, e=expect: judge_mem(
                    ctx.run(ctx.llc("gfx1100", i / "fused_mlp.gfx1100.ll", d / "out.s",
                                    f"-agent-sched-decisions={dec_file(ctx, n)}"), d,
                            timeout=600), e, (f"{n}.jsonl", *point), dec_file(ctx, n)))
    st_meta = json.loads((i / "states" / "meta.json").read_text())
    if ctx.full:
        st_meta["huge-200MB"] = "ok"
    for name, expect in st_meta.items():
        for agent in ("default", "random") if ctx.full else ("default",):
            add(f"state-log/{name}/{agent}", f"decide --agent {agent} on a state log: {name}",
                lambda ctx, d, n=name, e=expect, a=agent: judge_mem(
                    ctx.run(ctx.agentsched("decide", huge_state_log(ctx) if n == "huge-200MB"
                                           else i / "states" / f"{n}.jsonl", "--agent", a,
                                           "-o", d / "dec.jsonl"), d, timeout=600),
                    e, (f"{n}.jsonl",), huge_state_log(ctx) if n == "huge-200MB" else None))
    # IR and sources
    src_cases = [
        ("gfx942-ir-as-gfx1100", i / "tiny.gfx942.ll", "gfx1100", "error", ("gfx942",)),
        ("gfx1100-ir-as-gfx90a", i / "tiny.gfx1100.ll", "gfx90a", "error", ("gfx1100",)),
        ("sm_80-ir-as-sm_90", i / "tiny.sm_80.ll", "sm_90", "error", ("sm_80",)),
        ("amdgpu-ir-as-sm_90", i / "tiny.gfx1100.ll", "sm_90", "error", ("tiny.gfx1100.ll",)),
        ("nvptx-ir-as-gfx1100", i / "tiny.sm_80.ll", "gfx1100", "error", ("tiny.sm_80.ll",)),
        ("optnone-ir", i / "tiny.optnone.ll", "gfx1100", "either", ("tiny.optnone.ll",)),
        ("empty-ir-file", i / "empty.ll", "gfx1100", "either", ("empty.ll",)),
        ("triple-only-module", i / "triple_only.ll", "gfx1100", "either", ("triple_only.ll",)),
        ("declarations-only-module", i / "declarations_only.ll", "gfx1100", "either",
         ("declarations_only.ll",)),
        ("host-only-source", i / "host_only.cu", "gfx1100", "either", ("host_only.cu",)),
        ("host-only-source-nvptx", i / "host_only.cu", "sm_90", "either", ("host_only.cu",)),
        ("ir-syntax-error", i / "syntax_error.ll", "gfx1100", "error", ("syntax_error.ll",)),
        ("junk-bitcode", i / "junk.bc", "gfx1100", "error", ("junk.bc",)),
        ("junk-ir-text", i / "junk.ll", "gfx1100", "error", ("junk.ll",)),
        ("source-syntax-error", i / "syntax_error.cu", "gfx1100", "error", ("syntax_error.cu",)),
        ("unknown-suffix", i / "kernel.txt", "gfx1100", "error", ("kernel.txt", ".txt")),
        ("missing-source", i / "no_such_kernel.cu", "gfx1100", "error", ("no_such_kernel",)),
        ("directory-as-source", i / "decisions", "gfx1100", "error", ("decisions",)),
        ("space-in-name", i / "my kernel.ll", "gfx1100", "ok", ()),
    ]
    for cid, src, t, expect, names in src_cases:
        for cmd in ("compile", "states"):
            if cmd == "states" and not ctx.full and expect == "error":
                continue
            add(f"source/{cid}/{cmd}", f"{cmd} {src.name} -t {t}",
                lambda ctx, d, src=src, t=t, e=expect, n=names, c=cmd: judge(
                    ctx.run(ctx.agentsched(c, src, "-t", t, "-o", d / (
                        ("out" + asm_suffix(t)) if c == "compile" else "log.jsonl")), d), e,
                    names=n))
    add("source/option-like-name", "compile ./-O0.ll (a file named like an option)",
        lambda ctx, d: judge(ctx.run(ctx.agentsched("compile", "./-O0.ll", "-t", "gfx1100",
                                                    "-o", d / "out.s"), i), "ok"))
    add("source/option-like-name-after-dashdash", "compile -t gfx1100 -o OUT -- -O0.ll",
        lambda ctx, d: judge(ctx.run(ctx.agentsched("compile", "-t", "gfx1100", "-o",
                                                    d / "out.s", "--", "-O0.ll"), i), "ok"))
    for spec in SPECS:
        add(f"spec/{spec}", f"compile with the spec {spec}",
            lambda ctx, d, s=spec: judge(ctx.run(ctx.agentsched(
                "compile", i / s, "-t", "gfx1100", "-o", d / "out.s"), d), "error",
                names=(s, "no_such_file.cu")))
    # options
    K = ("fused_mlp", "-t", "gfx1100")
    loop_free = corpus_dir() / "amdgpu" / "sext-in-reg.ll"
    opt_cases = [
        ("unknown-agent", ("compile", *K, "--agent", "no_such_agent", "-o", "{d}/o.s"),
         "error", ("no_such_agent",), False),
        ("unknown-target", ("compile", "fused_mlp", "-t", "gfx9999", "-o", "{d}/o.s"),
         "error", ("gfx9999",), False),
        ("empty-target", ("compile", "fused_mlp", "-t", "", "-o", "{d}/o.s"), "error",
         ("target",), False),
        ("unknown-objective", ("search", *K, "--objective", "speed", "--json", "{d}/s.json"),
         "error", ("speed",), False),
        ("unknown-method", ("search", *K, "--method", "annealing", "--json", "{d}/s.json"),
         "error", ("annealing",), False),
        ("workers-negative", ("search", *K, "--workers", "-3", "--budget", "4",
                              "--json", "{d}/s.json"), "error", ("workers",), False),
        ("workers-zero", ("search", *K, "--workers", "0", "--budget", "4",
                          "--json", "{d}/s.json"), "either", ("workers",), False),
        ("budget-negative", ("search", *K, "--budget", "-1", "--json", "{d}/s.json"), "error",
         ("budget",), False),
        ("missing-output", ("compile", *K), "error", ("-o", "output"), True),
        ("unknown-option", ("compile", *K, "-o", "{d}/o.s", "--frobnicate"), "error",
         ("frobnicate",), True),
        ("seed-not-int", ("compile", *K, "--agent", "random", "--seed", "abc", "-o", "{d}/o.s"),
         "error", ("seed", "abc"), True),
        ("agent-and-decisions", ("compile", *K, "--agent", "random", "--decisions",
                                 str(i / "fused_mlp.live.jsonl"), "-o", "{d}/o.s"), "error",
         ("--agent", "--decisions"), True),
        ("output-unknown-suffix", ("compile", *K, "-o", "{d}/o.txt"), "error", (".txt",), False),
        ("cubin-for-amdgpu", ("compile", *K, "-o", "{d}/o.cubin"), "error", (".cubin",), False),
        ("code-object-for-nvptx", ("compile", "fused_mlp", "-t", "sm_90", "-o", "{d}/o.co"),
         "error", (".co",), False),
        ("unknown-command", ("frobnicate",), "error", ("frobnicate",), True),
        ("reproduce-unknown-target", ("reproduce", "--targets", "gfx9999", "--kernels",
                                      "fused_mlp", "--out", "{d}/r", "--store", "{d}/s.sqlite"),
         "error", ("gfx9999",), False),
        ("reproduce-unknown-kernel", ("reproduce", "--targets", "gfx1100", "--kernels",
                                      "no_such_kernel", "--out", "{d}/r", "--store",
                                      "{d}/s.sqlite"), "error", ("no_such_kernel",), False),
        ("experiment-unknown-agent", ("experiment", *K, "--agents", "default,nope",
                                      "--store", "{d}/s.sqlite"), "error", ("nope",), False),
        ("decide-missing-log", ("decide", "{d}/no_such_log.jsonl", "--agent", "random",
                                "-o", "{d}/dec.jsonl"), "error", ("no_such_log",), False),
        # objectives that cannot be measured must be refused before the search (or measured)
        ("objective-occupancy-nvptx", ("search", "fused_mlp", "-t", "sm_90", "--objective",
                                       "occupancy", "--budget", "4", "--workers", "1",
                                       "--json", "{d}/s.json"), "measurable", ("occupancy",), False),
        ("objective-cycles-nvptx", ("search", "fused_mlp", "-t", "sm_90", "--objective",
                                    "cycles", "--budget", "4", "--workers", "1",
                                    "--json", "{d}/s.json"), "measurable", ("cycles",), False),
        ("objective-cycles-loop-free", ("search", str(loop_free),
                                        *_entry_args(loop_free),
                                        "-t", "gfx1100", "--objective", "cycles", "--budget",
                                        "4", "--workers", "1", "--json", "{d}/s.json"),
         "measurable", ("cycles",), False),
    ]
    for cid, args, expect, names, usage in opt_cases:
        add(f"options/{cid}", "agentsched " + " ".join(args),
            lambda ctx, d, a=args, e=expect, n=names, u=usage: options_case(ctx, d, a, e, n, u))
    add("options/workers-1e9", "search --workers 1000000000 (bounded or refused, never a fork storm)",
        lambda ctx, d: judge(ctx.run(ctx.agentsched(*K[:0], "search", *K, "--workers",
                                                    "1000000000", "--budget", "4", "--json",
                                                    d / "s.json"), d, max_procs=48,
                                     timeout=120), "either", names=("workers",)))
    # agents
    for agent in ("never_answers", "returns_none", "raises", "returns_string"):
        add(f"agent/{agent}", f"compile with a user's agent that {agent.replace('_', ' ')}",
            lambda ctx, d, a=agent: agent_case(ctx, d, a))
    # store
    for kind in ("junk", "directory", "truncated", "empty"):
        add(f"store/{kind}", f"experiment with a {kind} results store",
            lambda ctx, d, k=kind: store_case(ctx, d, k))
    add("bundle/tampered-spec", "agentsched time on a bundle whose spec.py was changed after "
        "it was built", bundle_case)
    # the cached plugin
    for kind in ("truncated", "garbage"):
        add(f"plugin-cache/{kind}", f"a {kind} cached plugin .so",
            lambda ctx, d, k=kind: plugin_cache_case(ctx, d, k))
    return cases


def judge_mem(r: Run, expect: str, names: tuple, f: Path | None) -> Outcome:
    wrong = []
    if f is not None and f.stat().st_size > 100 * 2 ** 20 and r.maxrss_mb > 1024:
        import resource
        own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        wrong.append(f"peak memory {r.maxrss_mb:.0f} MB for a {f.stat().st_size >> 20} MB input "
                     f"(ru_maxrss; the campaign's own peak, which it starts from, is {own:.0f} MB)")
    o = judge(r, expect, names=names, wrong=wrong)
    return o


def options_case(ctx: Ctx, d: Path, args: tuple, expect: str, names: tuple,
                 usage: bool) -> Outcome:
    argv = ctx.agentsched(*(a.replace("{d}", str(d)) for a in args))
    r = ctx.run(argv, d, timeout=300)
    wrong = []
    if expect == "measurable":
        expect = "either"
        if r.rc == 0:
            objective = args[args.index("--objective") + 1]
            key = {"cycles": "est_cycles"}.get(objective, objective)
            res = json.loads((d / "s.json").read_text())
            if res["default"]["metrics"].get(key) is None:
                wrong.append(f"search ran with objective {objective!r} but {key} is not "
                             f"measured (None) on this kernel/target")
    o = judge(r, expect, names=names, wrong=wrong)
    if usage and o.category == "clear_error" and r.rc != 2:
        o.category, o.detail = "unclear_error", f"usage error exits {r.rc}, not 2: {o.detail}"
    return o


def agent_case(ctx: Ctx, d: Path, agent: str) -> Outcome:
    extra = []
    opt = ctx.option("compile", "agent-timeout", r".*agent.*timeout.*", "timeout",
                     r".*decision.*timeout.*", r".*timeout.*")
    if agent == "never_answers" and opt:
        extra = [opt, "3"]
    r = ctx.run(ctx.agentsched("compile", ctx.inputs / "spec_agents.py", "-t", "gfx1100",
                               "--agent", agent, *extra, "-o", d / "out.s"), d,
                timeout=60 if agent == "never_answers" else 120)
    if "unknown agent" in r.stderr:  # else every agent case would pass as a clear error
        return Outcome("harness", "the spec's agents were not registered (the CLI no longer "
                                  "imports a spec before it makes the agent)", [r.shell()])
    o = judge(r, "error", names=(agent,))
    if agent == "never_answers" and not opt:
        o.detail = (o.detail + "; " if o.detail else "") + "compile has no timeout option"
    return o


def store_case(ctx: Ctx, d: Path, kind: str) -> Outcome:
    s = d / "store.sqlite"
    if kind == "junk":
        s.write_bytes(b"this is not a database\n" * 200)
    elif kind == "directory":
        s.mkdir()
    elif kind == "truncated":
        good = d / "good.sqlite"
        _must(ctx.run(ctx.agentsched("experiment", "fused_mlp", "-t", "gfx1100", "--agents",
                                     "default,min_pressure", "--store", good), d))
        db = sqlite3.connect(good)
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        db.close()
        s.write_bytes(good.read_bytes()[:6000])
    elif kind == "empty":
        s.write_bytes(b"")
    before = s.read_bytes() if s.is_file() else None
    r = ctx.run(ctx.agentsched("experiment", "fused_mlp", "-t", "gfx1100", "--agents",
                               "default,random", "--store", s, "--json", d / "rows.json"), d)
    damage = []
    if kind in ("junk", "truncated") and s.is_file() and s.read_bytes() != before and r.rc != 0:
        damage.append("the unreadable store was modified")
    return judge(r, "either" if kind == "empty" else "error", names=("store.sqlite",),
                 damage=damage)


def bundle_case(ctx: Ctx, d: Path) -> Outcome:
    """A bundle is code that runs (its spec.py): one whose files no longer match its manifest
    must be refused before any of it runs (there is no GPU here, so an error is expected
    either way; what counts is whether the changed spec.py ran)."""
    b, marker = d / "bundle", d / "tampered-code-ran"
    _must(ctx.run(ctx.agentsched("bundle", ROOT / "examples" / "rmsnorm" / "spec.py", "-t",
                                 "sm_90", "--agents", "default", "-o", b), d, timeout=300))
    with open(b / "spec.py", "a") as fh:
        fh.write(f"\nopen({str(marker)!r}, 'w').write('ran')\n")
    r = ctx.run(ctx.agentsched("time", b), d)
    wrong = ["the changed spec.py was run (the manifest's hashes were not checked first)"] \
        if marker.exists() else []
    return judge(r, "error", names=("spec.py", "manifest", "hash", "gpu", "cuda", "bundle"),
                 wrong=wrong)


def plugin_cache_case(ctx: Ctx, d: Path, kind: str) -> Outcome:
    data = d / "data"
    shutil.copytree(ctx.data / "plugin", data / "plugin")
    shutil.copytree(ctx.data / "ir", data / "ir")
    so = next((data / "plugin").glob("*.so"))
    body = so.read_bytes()
    so.write_bytes(body[:len(body) // 2] if kind == "truncated" else b"\x7fELF garbage" * 100)
    r = ctx.run(ctx.agentsched("compile", "fused_mlp", "-t", "gfx1100", "-o", d / "out.s"), d,
                env={"AGENTSCHED_DATA": str(data)}, timeout=300)
    return judge(r, "either", names=("plugin", so.name))


# ---- the LLM agent against a local fake endpoint (127.0.0.1 only)

class FakeLLM:
    """An OpenAI-compatible chat endpoint on 127.0.0.1: 'llvm' answers LLVM's own pick,
    'echo' fails with an error body that holds the API key at a given offset."""

    LLVM_PICK = re.compile(r"LLVM would pick: #(\d+)")

    def __init__(self, behaviour: str = "llvm", status: int = 400, key_offset: int = 0):
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
        self.behaviour, self.status, self.key_offset = behaviour, status, key_offset
        self.requests = 0
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *a):
                pass

            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
                fake.requests += 1
                if fake.behaviour == "echo":
                    key = self.headers.get("Authorization", "").removeprefix("Bearer ")
                    text = json.dumps({"error": {"message": "x" * fake.key_offset + key +
                                                 " was rejected"}}).encode()
                    self._send(fake.status, text)
                    return
                prompt = "\n".join(str(m.get("content", "")) for m in body.get("messages", []))
                m = fake.LLVM_PICK.search(prompt)
                answer = json.dumps({"id": int(m.group(1)) if m else 0, "reason": "llvm"})
                self._send(200, json.dumps({
                    "id": "fake", "object": "chat.completion", "created": 0,
                    "model": body.get("model", "m"),
                    "choices": [{"index": 0, "finish_reason": "stop",
                                 "message": {"role": "assistant", "content": answer}}],
                    "usage": {"prompt_tokens": 1, "completion_tokens": 1,
                              "total_tokens": 2}}).encode())

            def _send(self, code, data):
                self.send_response(code)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()


def llm_cases(ctx: Ctx, rng: random.Random) -> list[Case]:
    offsets = range(140, 204, 4) if ctx.full else (150, 170, 178, 186)
    cases = [Case("llm/reproduce-opt-in", "llm", "reproduce --agents default with an API key "
                  "in the environment sends no LLM request", llm_opt_in),
             Case("llm/cache-per-endpoint", "llm", "a second endpoint serving the same model "
                  "name gets its own requests", llm_cache_endpoint)]
    for off in offsets:
        cases.append(Case(f"llm/key-in-error-body/{off}", "llm",
                          f"an error body with the API key at offset {off} never prints it",
                          lambda ctx, d, o=off: llm_key_leak(ctx, d, o)))
    return cases


def _llm_data(ctx: Ctx, d: Path) -> Path:
    data = d / "data"
    shutil.copytree(ctx.data / "plugin", data / "plugin")
    shutil.copytree(ctx.data / "ir", data / "ir")
    return data


def _entry_args(ir: Path) -> list[str]:
    """--entry FIRST for a module of several kernels (agentsched needs one named, issue 10)."""
    from agentsched.llvm.frontend import ir_kernel_symbols
    kernels = ir_kernel_symbols(ir.read_text(errors="replace"))
    return ["--entry", kernels[0]] if len(kernels) > 1 else []


def _small_amd_file() -> Path:
    m = corpus_manifest()
    return corpus_dir() / min((v["choices"]["gfx1100"], f) for f, v in m.items()
                        if 3 <= v["choices"].get("gfx1100", 0))[1]


def llm_opt_in(ctx: Ctx, d: Path) -> Outcome:
    with FakeLLM("llvm") as srv:
        r = ctx.run(ctx.agentsched("reproduce", "--kernels", "fused_mlp", "--targets", "gfx1100",
                                   "--agents", "default", "--out", d / "r", "--store",
                                   d / "s.sqlite"), d,
                    env={"AGENTSCHED_LLM_API_KEY": "sk-reliability-opt-in",
                         "AGENTSCHED_LLM_BASE_URL": srv.url,
                         "AGENTSCHED_DATA": str(_llm_data(ctx, d))})
        n = srv.requests
    wrong = [f"--agents default sent {n} LLM requests"] if n else []
    return judge(r, "ok", wrong=wrong)


def llm_cache_endpoint(ctx: Ctx, d: Path) -> Outcome:
    data, f = _llm_data(ctx, d), _small_amd_file()
    env = {"AGENTSCHED_LLM_API_KEY": "sk-reliability-cache", "AGENTSCHED_DATA": str(data)}
    outs, counts = [], []
    for name in ("a", "b"):
        with FakeLLM("llvm") as srv:
            r = ctx.run(ctx.agentsched("compile", f, *_entry_args(f), "-t", "gfx1100",
                                       "--agent", "llm",
                                       "--llm-base-url", srv.url, "--llm-model", "same-model",
                                       "-o", d / f"{name}.s"), d, env=env)
            counts.append(srv.requests)
        outs.append(judge(r, "ok"))
    if counts[0] and not counts[1]:
        outs.append(Outcome("wrong", f"endpoint B got no request: answered from endpoint A's "
                                     f"cache ({counts[0]} requests to A)", outs[-1].repro))
    return worst(outs)


def llm_key_leak(ctx: Ctx, d: Path, offset: int) -> Outcome:
    key = "sk-" + uuid.UUID(int=random.Random(offset).getrandbits(128)).hex + "c0ffee"
    data = _llm_data(ctx, d)
    with FakeLLM("echo", status=400, key_offset=offset) as srv:
        f = _small_amd_file()
        r = ctx.run(ctx.agentsched("compile", f, *_entry_args(f), "-t", "gfx1100", "--agent",
                                   "llm", "--llm-base-url", srv.url, "-o", d / "out.s"), d,
                    env={"AGENTSCHED_LLM_API_KEY": key, "AGENTSCHED_DATA": str(data)})
    texts = [r.stdout, r.stderr] + [p.read_text(errors="replace") for p in d.rglob("*")
                                    if p.is_file() and p.suffix in (".json", ".jsonl", ".log",
                                                                    ".txt", ".s", "")]
    pieces = {key[i:i + 8] for i in range(len(key) - 7)}
    leaks = [p for p in pieces if any(p in t for t in texts)]
    damage = [f"part of the API key printed or written ({len(leaks)} 8-char pieces)"] \
        if leaks else []
    o = judge(r, "either", damage=damage)
    o.repro = [s.replace(key, "$KEY") for s in o.repro]
    return o


# ---------------------------------------------------------------- campaign

FAMILY_CASES = {"malformed": malformed_cases, "special": special_cases,
                "concurrent": concurrent_cases, "kill": kill_cases, "llm": llm_cases,
                "corpus": corpus_cases}


def setup_checks(ctx: Ctx) -> None:
    probe = ctx.out / "tmp" / "mknod-probe"
    try:
        probe.parent.mkdir(parents=True, exist_ok=True)
        probe.unlink(missing_ok=True)
        os.mknod(probe, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
        ctx.can_mknod = True
        probe.unlink()
    except (OSError, AttributeError):
        ctx.can_mknod = False
    # root writes into a mode-0555 directory: make it immutable (chattr +i) instead
    ctx.readonly_dir_ok = not ctx.is_root or shutil.which("chattr") is not None


def all_cases(ctx: Ctx, families: list[str]) -> list[Case]:
    cases = []
    for fam in families:
        rng = random.Random(f"{ctx.seed}:{fam}")
        cases += FAMILY_CASES[fam](ctx, rng)
    return cases


def run_case(ctx: Ctx, case: Case) -> dict:
    d = ctx.case_dir(case.id)
    t0 = time.monotonic()
    try:
        o = case.fn(ctx, d)
    except Exception as e:  # a bug of the campaign itself, never counted as the tool's
        import traceback
        o = Outcome("harness", f"{type(e).__name__}: {e}", [traceback.format_exc()[-1500:]])
    rec = {"id": case.id, "family": case.family, "what": case.what, "category": o.category,
           "detail": o.detail, "repro": o.repro, "runs": o.runs, "data": o.data,
           "case_s": round(time.monotonic() - t0, 2)}
    if o.category == "ok" and not ctx.keep:
        _force_rmtree(d)
    return rec


def load_results(path: Path) -> dict[str, dict]:
    done = {}
    if path.exists():
        for line in path.read_text().splitlines():
            try:
                rec = json.loads(line)
                done[rec["id"]] = rec
            except (ValueError, KeyError):
                continue  # a line torn by a kill of the campaign itself
    return done


def summarize(ctx: Ctx, records: list[dict], planned: int, wall_s: float, mode: str) -> dict:
    fams = sorted({r["family"] for r in records}, key=FAMILIES.index)
    counts = {f: {c: 0 for c in (*CATEGORIES, "harness")} for f in fams}
    for r in records:
        counts[r["family"]][r["category"]] += 1
    total = {c: sum(counts[f][c] for f in fams) for c in (*CATEGORIES, "harness")}
    corpus = [r for r in records if r["family"] == "corpus"]
    return {
        "mode": mode, "seed": ctx.seed, "cases_planned": planned, "cases_run": len(records),
        "processes_run": sum(r["runs"] for r in records), "wall_s": round(wall_s, 1),
        "case_s": round(sum(r["case_s"] for r in records), 1),  # over resumed runs too
        "tools": {**ctx.tools, "git": _git_head(), "python": sys.version.split()[0]},
        "counts": counts, "total": total,
        "goal_zero": {c: total[c] for c in GOAL_ZERO},
        "corpus": {"cases": len(corpus),
                   "pairs": len({tuple(r["id"].split("/")[1:4]) for r in corpus}),
                   "decisions": sum((r["data"].get("decisions") or 0) for r in corpus),
                   "changed": sum((r["data"].get("changed") or 0) for r in corpus)},
        "kill": {"cases": len(kills := [r for r in records if r["family"] == "kill"]),
                 "signal_while_running": sum(bool(r["data"].get("alive_at_signal"))
                                             for r in kills)},
        "not_ok": [{k: r[k] for k in ("id", "category", "what", "detail", "repro")}
                   for r in records if r["category"] not in ("ok", "clear_error")],
    }


def _git_head() -> str:
    """The checkout's commit ("+dirty" with local changes), or "unknown" without git (a
    minimal Debian has none) or outside a checkout."""
    try:
        r = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                           capture_output=True, text=True)
        dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "agentsched"],
                               capture_output=True, text=True).stdout.strip()
    except FileNotFoundError:
        return "unknown"
    return (r.stdout.strip() or "unknown") + ("+dirty" if dirty else "")


def markdown(s: dict) -> str:
    cats = [c for c in (*CATEGORIES, "harness") if c != "harness" or s["total"]["harness"]]
    out = [f"# Reliability campaign ({s['mode']}, seed {s['seed']})\n",
           f"{s['cases_run']} of {s['cases_planned']} cases, {s['processes_run']} processes, "
           f"{s['case_s'] / 60:.1f} min of case time (cases run one at a time except the "
           f"corpus's, with --jobs); agentsched {s['tools']['git']}, "
           f"ptxas {s['tools'].get('ptxas_version')}.\n",
           f"Corpus: {s['corpus']['cases']} live random compiles over {s['corpus']['pairs']} "
           f"(file, target) pairs, {s['corpus']['decisions']} decision points, "
           f"{s['corpus']['changed']} changed from LLVM's pick. Kill points: "
           f"{s['kill']['signal_while_running']} of {s['kill']['cases']} signals reached a "
           f"running command (the others: it had finished after three tries).\n",
           f"Every figure is from this campaign's summary.json (written with this page by "
           f"`python bench/reliability.py --{s['mode']} --seed {s['seed']}`, from its "
           "results.jsonl).\n",
           "| family | " + " | ".join(cats) + " |", "|---|" + "---|" * len(cats)]
    for fam, row in s["counts"].items():
        out.append(f"| {fam} | " + " | ".join(str(row[c]) for c in cats) + " |")
    out.append("| **all** | " + " | ".join(f"**{s['total'][c]}**" for c in cats) + " |\n")
    groups: dict[tuple, list] = {}
    for r in s["not_ok"]:
        shape = re.sub(r"\d+", "N", re.sub(r"/\S*|'[^']*'|\[[^]]*\]", "…", r["detail"]))[:120]
        groups.setdefault((r["category"], r["id"].split("/")[0], shape), []).append(r)
    out.append(f"## Not ok: {len(s['not_ok'])} cases in {len(groups)} groups\n")
    for (cat, where, _), rs in sorted(groups.items(), key=lambda kv: SEVERITY.index(kv[0][0])
                                      if kv[0][0] in SEVERITY else -1):
        out.append(f"### {cat}: {where} ({len(rs)} cases)\n")
        for r in rs[:6]:
            out.append(f"- `{r['id']}`: {r['what']}. {r['detail']}")
            for cmd in r["repro"][:3]:
                out.append(f"  - `{cmd}`")
        if len(rs) > 6:
            out.append(f"- … and {len(rs) - 6} more: " + ", ".join(f"`{r['id']}`"
                                                              for r in rs[6:40]))
        out.append("")
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="agentsched reliability campaign (issue 11)")
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--quick", action="store_true", help="a seeded CI-sized subset (default)")
    mode.add_argument("--full", action="store_true", help="every case")
    ap.add_argument("--out", type=Path, help="results directory (resumes what is there)")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--jobs", type=int, default=1, help="corpus cases run in parallel")
    ap.add_argument("--seeds", type=int, help="random-agent seeds per corpus file and target "
                                              "(default 1 quick, 3 full)")
    ap.add_argument("--budget-min", type=float, help="start no case after this many minutes")
    ap.add_argument("--families", default=",".join(FAMILIES))
    ap.add_argument("--only", help="run only the cases whose id matches this regex (again)")
    ap.add_argument("--keep", action="store_true", help="keep the work directories of ok cases")
    ap.add_argument("--list", action="store_true", help="list the cases and exit")
    args = ap.parse_args(argv)
    mode_name = "full" if args.full else "quick"
    out = (args.out or Path(os.environ.get("TMPDIR", "/tmp")) /
           f"agentsched-reliability-{mode_name}").resolve()
    out.mkdir(parents=True, exist_ok=True)
    families = [f for f in args.families.split(",") if f]
    for f in families:
        if f not in FAMILIES:
            ap.error(f"unknown family {f!r}; choose from {', '.join(FAMILIES)}")
    t0 = time.monotonic()
    ctx = Ctx(out, args.seed, args.full, args.seeds, args.keep)
    unpack_corpus(out / "inputs" / "corpus")
    prepare_inputs(ctx)
    setup_checks(ctx)
    cases = all_cases(ctx, families)
    if args.only:
        cases = [c for c in cases if re.search(args.only, c.id)]
    if args.list:
        for c in cases:
            print(f"{c.id}\t{c.what}")
        return 0
    results_path = out / "results.jsonl"
    done = load_results(results_path)
    todo = [c for c in cases if args.only or c.id not in done]
    # Everything but the corpus first (serially: kill times and concurrency need a quiet
    # machine), then the corpus (--jobs at once). With --budget-min both come in a seeded
    # random order and the first part gets half the budget, so a run cut short is a random
    # sample of every family; rerunning with the same --out completes it.
    rest = [c for c in todo if c.family != "corpus"]
    corpus = [c for c in todo if c.family == "corpus"]
    random.Random(args.seed).shuffle(corpus)
    if args.budget_min:
        random.Random(args.seed).shuffle(rest)
    todo = rest + corpus
    print(f"{len(cases)} cases ({len(cases) - len(todo)} done before) -> {out}", flush=True)
    lock = threading.Lock()
    deadline = [t0 + 30 * args.budget_min if args.budget_min else None]
    n_done = [0]

    def one(case: Case) -> None:
        if deadline[0] and time.monotonic() > deadline[0]:
            return
        rec = run_case(ctx, case)
        with lock:
            with open(results_path, "a") as fh:
                fh.write(json.dumps(rec) + "\n")
            done[case.id] = rec
            n_done[0] += 1
            flag = "" if rec["category"] in ("ok", "clear_error") else f"  <- {rec['detail'][:150]}"
            print(f"[{n_done[0]}/{len(todo)}] {rec['category']:13s} {case.id}{flag}", flush=True)

    for c in rest:
        one(c)
    if args.budget_min:
        deadline[0] = t0 + 60 * args.budget_min
    with ThreadPoolExecutor(max(1, args.jobs)) as pool:
        list(pool.map(one, corpus))
    ids = {c.id for c in cases}
    records = [done[c.id] for c in cases if c.id in done and c.id in ids]
    s = summarize(ctx, records, len(cases), time.monotonic() - t0, mode_name)
    (out / "summary.json").write_text(json.dumps(s, indent=1) + "\n")
    (out / "summary.md").write_text(markdown(s))
    print(f"\n{json.dumps(s['total'])}\n-> {out}/summary.md, summary.json, results.jsonl")
    return 1 if any(s["total"][c] for c in GOAL_ZERO) else 0


if __name__ == "__main__":
    sys.exit(main())
