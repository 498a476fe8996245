"""The live channel: llc asks, a Python agent answers, one decision point at a time.

llc writes each decision point that offers a choice as one JSON line to a pipe and blocks
until it reads the answer "ID ZONE" from another pipe. Unlike replaying a state log, the
agent always sees the true candidate list, also after it has changed earlier decisions.
"""
from __future__ import annotations

import os
import subprocess
import tempfile
from dataclasses import dataclass, field
from typing import Callable

from .protocol import ChannelDecoder, Decision, decision_for
from .toolchain.tools import ToolFailed, _error_lines


class AgentError(RuntimeError):
    """The agent raised or answered with a non-candidate; llc was stopped."""


@dataclass
class LiveResult:
    decisions: list[Decision]
    agent_stats: dict = field(default_factory=dict)
    points: int = 0


def run_live(make_cmd: Callable[[str], list[str]], agent) -> LiveResult:
    """Run llc (make_cmd(channel_option) gives its command line) with `agent` answering."""
    to_llc_r, to_llc_w = os.pipe()
    from_llc_r, from_llc_w = os.pipe()
    cmd = make_cmd(f"{to_llc_r},{from_llc_w}")
    with tempfile.TemporaryFile() as stderr:
        proc = subprocess.Popen(cmd, pass_fds=(to_llc_r, from_llc_w), stdin=subprocess.DEVNULL,
                                stdout=subprocess.DEVNULL, stderr=stderr)
        os.close(to_llc_r)
        os.close(from_llc_w)
        decisions: list[Decision] = []
        decoder = ChannelDecoder()
        try:
            with os.fdopen(from_llc_r, "rb", buffering=1 << 16) as points, \
                    os.fdopen(to_llc_w, "wb", buffering=0) as answers:
                for line in points:
                    point = decoder.decode(line)
                    try:
                        cand = agent.pick(point)
                    except Exception as e:
                        raise AgentError(f"agent {getattr(agent, 'name', agent)!r} failed at "
                                         f"{_where(point)}: {type(e).__name__}: {e}") from e
                    listed = decoder.current(getattr(cand, "key", None))
                    if listed is not cand and listed != cand:
                        raise AgentError(f"agent {getattr(agent, 'name', agent)!r} picked a "
                                         f"non-candidate at {_where(point)}: {cand!r:.200}")
                    decisions.append(decision_for(point, cand))
                    answers.write(f"{cand.id} {cand.zone}\n".encode())
        except BaseException:
            proc.kill()  # never leave llc blocked on a pipe nobody reads
            proc.wait()
            raise
        rc = proc.wait()
        if rc != 0:
            stderr.seek(0)
            raise ToolFailed(f"llc-19 failed (exit {rc}): "
                             f"{_error_lines(stderr.read().decode(errors='replace'))}")
    return LiveResult(decisions=decisions, agent_stats=agent.stats(), points=len(decisions))


def _where(point) -> str:
    return (f"function {point.function!r} region {point.region} visit {point.visit} "
            f"step {point.step}")
