"""The live channel: llc asks, a Python agent answers, one decision point at a time.

llc writes each decision point that offers a choice as one JSON line to a pipe and blocks
until it reads the answer "ID ZONE" from another pipe. Unlike replaying a state log, the
agent always sees the true candidate list, also after it has changed earlier decisions.
"""
from __future__ import annotations

import os
import signal
import subprocess
import tempfile
import threading
from dataclasses import dataclass, field
from typing import Callable

from .protocol import ChannelDecoder, Decision, decision_for
from .toolchain.tools import ToolFailed, child_options, failure_message

DEFAULT_AGENT_TIMEOUT_S = 300.0
AGENT_TIMEOUT_ENV = "AGENTSCHED_AGENT_TIMEOUT"


class AgentError(RuntimeError):
    """The agent raised, answered with a non-candidate or did not answer; llc was stopped."""


class _NoAnswer(BaseException):
    """Raised into a pick() that ran out of time: a BaseException, so that agents which
    handle their own errors (`except Exception`) cannot swallow it."""


@dataclass
class LiveResult:
    decisions: list[Decision]
    agent_stats: dict = field(default_factory=dict)
    points: int = 0


def agent_timeout(explicit: float | None = None, agent=None) -> float | None:
    """Seconds one pick() may take: `explicit` (--agent-timeout), else $AGENTSCHED_AGENT_TIMEOUT,
    else 300 s, raised to the agent's own worst case when it declares one (an LLM agent's
    HTTP timeout times its attempts). 0 means no limit."""
    if explicit is None:
        env = os.environ.get(AGENT_TIMEOUT_ENV)
        try:
            explicit_env = float(env) if env else None
        except ValueError:
            raise ValueError(f"{AGENT_TIMEOUT_ENV}={env!r}: expected seconds") from None
        value = DEFAULT_AGENT_TIMEOUT_S if explicit_env is None else explicit_env
        if explicit_env is None and value > 0:
            value = max(value, float(getattr(agent, "pick_time_bound", 0) or 0))
    else:
        value = float(explicit)
    if value < 0:
        raise ValueError(f"agent timeout must be >= 0 seconds (0: none), got {value:g}")
    return value or None


class _Deadline:
    """A per-pick alarm (SIGALRM): only the main thread can take signals, so elsewhere (the
    gymnasium environment's llc thread, whose agent waits for the learner) there is none."""

    def __init__(self, seconds: float | None):
        self.seconds = seconds if threading.current_thread() is threading.main_thread() \
            else None
        self._old = None

    def __enter__(self):
        if self.seconds:
            self._old = signal.signal(signal.SIGALRM, self._fire)
        return self

    @staticmethod
    def _fire(signum, frame):
        raise _NoAnswer()

    def arm(self) -> None:
        if self.seconds:
            signal.setitimer(signal.ITIMER_REAL, self.seconds)

    def disarm(self) -> None:
        if self.seconds:
            signal.setitimer(signal.ITIMER_REAL, 0)

    def __exit__(self, *exc):
        if self.seconds:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM,
                          signal.SIG_DFL if self._old is None else self._old)


def run_live(make_cmd: Callable[[str], list[str]], agent,
             timeout: float | None = None) -> LiveResult:
    """Run llc (make_cmd(channel_option) gives its command line) with `agent` answering.
    timeout: seconds per answer (see agent_timeout); then AgentError, and llc is stopped."""
    seconds = agent_timeout(timeout, agent)
    name = getattr(agent, "name", agent)
    to_llc_r, to_llc_w = os.pipe()
    from_llc_r, from_llc_w = os.pipe()
    cmd = make_cmd(f"{to_llc_r},{from_llc_w}")
    with tempfile.TemporaryFile() as stderr:
        try:
            proc = subprocess.Popen(cmd, pass_fds=(to_llc_r, from_llc_w),
                                    stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                    stderr=stderr, **child_options())
        except BaseException:
            for fd in (to_llc_r, to_llc_w, from_llc_r, from_llc_w):
                os.close(fd)
            raise
        os.close(to_llc_r)
        os.close(from_llc_w)
        decisions: list[Decision] = []
        decoder = ChannelDecoder()
        try:
            with os.fdopen(from_llc_r, "rb", buffering=1 << 16) as points, \
                    os.fdopen(to_llc_w, "wb", buffering=0) as answers, \
                    _Deadline(seconds) as deadline:
                for line in points:
                    point = decoder.decode(line)
                    try:
                        deadline.arm()
                        cand = agent.pick(point)
                        deadline.disarm()
                    except _NoAnswer:
                        raise AgentError(f"agent {name!r} gave no answer within {seconds:g} s "
                                         f"at {_where(point)} (--agent-timeout or "
                                         f"{AGENT_TIMEOUT_ENV} sets the limit)") from None
                    except Exception as e:
                        raise AgentError(f"agent {name!r} failed at {_where(point)}: "
                                         f"{type(e).__name__}: {e}") from e
                    finally:
                        deadline.disarm()
                    key = getattr(cand, "key", None)
                    listed = decoder.current(key) if isinstance(key, tuple) else None
                    if listed is None or (listed is not cand and listed != cand):
                        raise AgentError(f"agent {name!r} picked a "
                                         f"non-candidate at {_where(point)}: {cand!r:.200}")
                    decisions.append(decision_for(point, cand))
                    try:
                        answers.write(f"{cand.id} {cand.zone}\n".encode())
                    except BrokenPipeError:
                        break  # llc died: its exit status says why (below)
        except BaseException:
            proc.kill()  # never leave llc blocked on a pipe nobody reads
            proc.wait()
            raise
        rc = proc.wait()
        if rc != 0:
            stderr.seek(0)
            raise ToolFailed(failure_message("llc-19", rc,
                                             stderr.read().decode(errors="replace")))
    return LiveResult(decisions=decisions, agent_stats=agent.stats(), points=len(decisions))


def _where(point) -> str:
    return (f"function {point.function!r} region {point.region} visit {point.visit} "
            f"step {point.step}")
