"""The live channel as a pull-based session: llc asks, the caller answers, one point at a time.

llc writes each decision point that offers a choice as one JSON line to a pipe and blocks
until it reads the answer "ID ZONE" from another pipe. Unlike replaying a state log, the
caller always sees the true candidate list, also after it has changed earlier decisions.
The caller drives it (as MLGO's interactive model runner is driven by the compiler's
requests, here the other way round: the caller pulls):

    with LiveSession(ir, "gfx1100") as s:
        for point in s:                      # or: while (point := s.next_point()) ...
            s.answer(pick(point))            # a candidate of point.candidates
    s.result                                 # CompileResult: asm, report, decisions ...

run_live() is that loop with an Agent's pick(), a per-decision time limit and errors that
name the agent. Whatever ends a session early (an exception, close(), a time-out), llc is
killed and reaped, and it dies with this process anyway (PR_SET_PDEATHSIG, core.interrupts).
The state log, when asked for, is published only when llc succeeds (core.files).
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import IO, Any

from ..core import env
from ..core.files import staged_output
from ..core.protocol import Candidate, ChannelDecoder, Decision, DecisionPoint, decision_for
from ..targets import Target, parse_target
from ..tools.programs import ToolFailed, child_options, failure_message
from .ir import ir_entry, ir_kernels
from .llc import llc_command, read_report, remove_orphan_temps
from .result import CompileResult

DEFAULT_AGENT_TIMEOUT_S = 300.0


class AgentError(RuntimeError):
    """The agent raised, answered with a non-candidate or did not answer; llc was stopped."""


class NotACandidate(ValueError):
    """An answer that is not one of the waiting point's candidates (nothing was sent)."""


class LiveSession:
    """One llc-19 run over `ir` for `target` whose scheduling decisions the caller makes.

    Iterate (or call next_point()) to get the next DecisionPoint with a choice, answer() it
    with one of its candidates; when llc is done the iteration ends and `result` holds the
    compile. base, state_log, full_state_log, extra: as for compile_ir. features: every
    point (and state log line) carries its candidates' feature rows (DecisionPoint.features,
    columns agentsched.tools.plugin.feature_names(); -agent-sched-features)."""

    def __init__(self, ir: str | Path, target: str | Target, *, base: str = "target",
                 state_log: str | Path | None = None, full_state_log: bool = False,
                 extra: list[str] | None = None, features: bool = False,
                 phase: str | None = None, db: Path | None = None):
        self.ir = Path(ir)
        self.db = db  # a tuned-schedule database applied first (docs/db.md)
        self.target = parse_target(target)
        self.entry = ir_entry(self.ir)  # the kernel the IR names: the only function asked
        self.base, self.extra, self.full_state_log = base, extra, full_state_log
        self.features = features
        self.phase = phase  # None: core.phase.current_phase() when llc starts
        self.state_log = Path(state_log) if state_log is not None else None
        self.decisions: list[Decision] = []  # the answers so far (replayable)
        self.points = 0  # decision points received
        self.result: CompileResult | None = None  # once llc has finished
        self._stack: ExitStack | None = None
        self._proc: subprocess.Popen | None = None
        self._from_llc: IO[bytes] | None = None
        self._to_llc: IO[bytes] | None = None
        self._decoder = ChannelDecoder()
        self._waiting: DecisionPoint | None = None  # the point llc waits on an answer for
        self._over = False  # llc finished, failed or was stopped: a session runs once

    # -- lifetime

    def __enter__(self) -> LiveSession:
        self.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def start(self) -> None:
        """Start llc (once); `with` does it."""
        if self._stack is not None or self._over:
            return
        stack = self._stack = ExitStack()
        try:
            self._tmp = Path(stack.enter_context(tempfile.TemporaryDirectory(
                prefix="agentsched-")))
            self._log = None
            if self.state_log is not None:
                self._log = stack.enter_context(staged_output(self.state_log))
                remove_orphan_temps(self.state_log)  # left by a raw llc killed with its parent
            self._stderr = stack.enter_context(tempfile.TemporaryFile())
            self._spawn()
        except BaseException:
            self._fail(sys.exc_info())
            raise

    def _spawn(self) -> None:
        to_llc_r, to_llc_w = os.pipe()
        from_llc_r, from_llc_w = os.pipe()
        cmd = llc_command(self.ir, self.target, self._tmp / "out.s",
                          report=self._tmp / "report.json", state_log=self._log,
                          channel=f"{to_llc_r},{from_llc_w}", base=self.base, extra=self.extra,
                          full_state_log=self.full_state_log, function=self.entry,
                          features=self.features, phase=self.phase, db=self.db)
        try:
            self._proc = subprocess.Popen(cmd, pass_fds=(to_llc_r, from_llc_w),
                                          stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                          stderr=self._stderr, **child_options())
        except BaseException:
            for fd in (to_llc_r, to_llc_w, from_llc_r, from_llc_w):
                os.close(fd)
            raise
        os.close(to_llc_r)
        os.close(from_llc_w)
        self._from_llc = os.fdopen(from_llc_r, "rb", buffering=1 << 16)
        self._to_llc = os.fdopen(to_llc_w, "wb", buffering=0)

    def close(self) -> None:
        """End the session: a running llc is killed and reaped, an unfinished state log is
        not published, temp files are removed. Safe to call more than once."""
        if self._stack is not None:
            self._fail((None, None, None))

    def _fail(self, exc_info: tuple) -> None:
        self._over = True
        proc, self._proc = self._proc, None
        for fh in (self._to_llc, self._from_llc):
            if fh is not None:
                try:
                    fh.close()
                except OSError:
                    pass
        self._to_llc = self._from_llc = None
        if proc is not None and proc.poll() is None:
            proc.kill()  # never leave llc blocked on a pipe nobody reads
        if proc is not None:
            proc.wait()
        stack, self._stack = self._stack, None
        if stack is not None:
            # an unfinished session publishes nothing: the staged log is dropped
            exc = exc_info if exc_info[0] is not None else \
                (RuntimeError, RuntimeError("session closed"), None)
            stack.__exit__(*exc)
        self._waiting = None

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # noqa: BLE001 - best effort at interpreter exit
            pass

    # -- the exchange

    def __iter__(self) -> Iterator[DecisionPoint]:
        while (point := self.next_point()) is not None:
            yield point

    def next_point(self) -> DecisionPoint | None:
        """The next decision point, or None when llc has finished (`result` is then set).
        Raises ToolFailed when llc failed."""
        if self._waiting is not None:
            raise RuntimeError(f"the decision point at {where(self._waiting)} waits for an "
                               "answer (answer() it first)")
        if self._over:
            if self.result is not None:
                return None
            raise RuntimeError("the session was closed before llc finished (start a new one)")
        self.start()
        assert self._from_llc is not None
        try:
            line = self._from_llc.readline()
            if line:
                self._waiting = self._decoder.decode(line)
                self.points += 1
                return self._waiting
            self._finish()
        except BaseException:
            self._fail(sys.exc_info())
            raise
        return None

    def answer(self, candidate: Candidate) -> None:
        """Pick `candidate` (one of the waiting point's candidates) for the waiting point.
        Anything else raises NotACandidate and sends nothing: the point still waits."""
        point = self._waiting
        if point is None:
            raise RuntimeError("no decision point waits for an answer (call next_point())")
        key = getattr(candidate, "key", None)
        listed = self._decoder.current(key) if isinstance(key, tuple) else None
        if listed is None or (listed is not candidate and listed != candidate):
            raise NotACandidate(f"not a candidate at {where(point)}: {candidate!r:.200}")
        self.decisions.append(decision_for(point, candidate))
        self._waiting = None
        assert self._to_llc is not None
        try:
            self._to_llc.write(f"{candidate.id} {candidate.zone}\n".encode())
        except BrokenPipeError:
            pass  # llc died: the next read ends, and its exit status says why

    def _finish(self) -> None:
        assert self._proc is not None and self._from_llc is not None
        self._from_llc.close()
        self._from_llc = None
        rc = self._proc.wait()
        if rc != 0:
            self._stderr.seek(0)
            raise ToolFailed(failure_message("llc-19", rc,
                                             self._stderr.read().decode(errors="replace")))
        if self._log is not None and not self._log.exists():
            self._log.write_text("")  # nothing was scheduled: an empty state log
        asm = (self._tmp / "out.s").read_text()
        result = CompileResult(target=self.target, ir=self.ir, asm=asm,
                               report=read_report(self._tmp / "report.json", self.base),
                               decisions=self.decisions, entry=self.entry,
                               validated=self.target.validate(asm), kernels=ir_kernels(self.ir))
        self._proc = None
        if self._to_llc is not None:
            self._to_llc.close()
            self._to_llc = None
        stack, self._stack = self._stack, None
        assert stack is not None
        stack.close()  # publishes the state log
        self.result = result
        self._over = True


def where(point: DecisionPoint) -> str:
    return (f"function {point.function!r} region {point.region} visit {point.visit} "
            f"step {point.step}")


# ---------------------------------------------------------------- an agent in the loop

class _NoAnswer(BaseException):
    """Raised into a pick() that ran out of time: a BaseException, so that agents which
    handle their own errors (`except Exception`) cannot swallow it."""


def agent_timeout(explicit: float | None = None, agent: object = None) -> float | None:
    """Seconds one pick() may take: `explicit` (--agent-timeout), else $AGENTSCHED_AGENT_TIMEOUT,
    else 300 s, raised to the agent's own worst case when it declares one (an LLM agent's
    HTTP timeout times its attempts). 0 means no limit."""
    if explicit is None:
        value_env = os.environ.get(env.AGENT_TIMEOUT)
        try:
            explicit_env = float(value_env) if value_env else None
        except ValueError:
            raise ValueError(f"{env.AGENT_TIMEOUT}={value_env!r}: expected seconds") from None
        value = DEFAULT_AGENT_TIMEOUT_S if explicit_env is None else explicit_env
        if explicit_env is None and value > 0:
            value = max(value, float(getattr(agent, "pick_time_bound", 0) or 0))
    else:
        value = float(explicit)
    if value < 0:
        raise ValueError(f"agent timeout must be >= 0 seconds (0: none), got {value:g}")
    return value or None


class _Deadline:
    """A per-pick alarm (SIGALRM): only the main thread can take signals, so elsewhere there
    is none."""

    def __init__(self, seconds: float | None):
        self.seconds = seconds if threading.current_thread() is threading.main_thread() \
            else None
        self._old: Any = None

    def __enter__(self) -> _Deadline:
        if self.seconds:
            self._old = signal.signal(signal.SIGALRM, self._fire)
        return self

    @staticmethod
    def _fire(signum: int, frame: object) -> None:
        raise _NoAnswer()

    def arm(self) -> None:
        if self.seconds:
            signal.setitimer(signal.ITIMER_REAL, self.seconds)

    def disarm(self) -> None:
        if self.seconds:
            signal.setitimer(signal.ITIMER_REAL, 0)

    def __exit__(self, *exc: Any) -> None:
        if self.seconds:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM,
                          signal.SIG_DFL if self._old is None else self._old)


def run_live(session: LiveSession, agent: Any, timeout: float | None = None) -> CompileResult:
    """Answer every point of `session` with agent.pick(point); return the compile, its
    agent_stats the agent's stats(). timeout: seconds per answer (see agent_timeout); then
    AgentError, and the caller's `with` stops llc."""
    seconds = agent_timeout(timeout, agent)
    name = getattr(agent, "name", agent)
    check_target = getattr(agent, "check_target", None)
    if check_target is not None:  # an agent made for another target says so, up front
        check_target(session.target)
    with _Deadline(seconds) as deadline:
        for point in session:
            try:
                deadline.arm()
                cand = agent.pick(point)
                deadline.disarm()
            except _NoAnswer:
                raise AgentError(f"agent {name!r} gave no answer within {seconds:g} s "
                                 f"at {where(point)} (--agent-timeout or "
                                 f"{env.AGENT_TIMEOUT} sets the limit)") from None
            except Exception as e:
                raise AgentError(f"agent {name!r} failed at {where(point)}: "
                                 f"{type(e).__name__}: {e}") from e
            finally:
                deadline.disarm()
            try:
                session.answer(cand)
            except NotACandidate:
                raise AgentError(f"agent {name!r} picked a non-candidate at {where(point)}: "
                                 f"{cand!r:.200}") from None
    result = session.result
    assert result is not None
    result.agent_stats = agent.stats()
    return result
