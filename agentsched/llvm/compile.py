"""IR -> llc-19 with the plugin: LLVM's schedule, a decision file's, or a live agent's.

The source -> IR step is frontend.py; what llc made is a CompileResult (result.py).
"""
from __future__ import annotations

import tempfile
from collections.abc import Sequence
from contextlib import nullcontext
from pathlib import Path
from typing import Any

from ..core.files import staged_output
from ..core.phase import current_phase
from ..core.protocol import Decision, check_decisions, write_decisions
from ..core.scheduledb import active_db, check_db
from ..targets import Target, parse_target
from ..tools.programs import run
from .ir import ir_entry, ir_kernels
from .llc import check_db_phase, llc_command, read_report, remove_orphan_temps
from .result import CompileResult
from .session import LiveSession, run_live


def compile_ir(ir: Path, target: str | Target, *, agent: Any = None,
               decisions: Sequence[Decision] | str | Path | None = None,
               state_log: Path | None = None,
               lenient: bool = False, base: str = "target", extra: list[str] | None = None,
               agent_timeout: float | None = None, full_state_log: bool = False,
               policy: Path | None = None, features: bool = False,
               phase: str | None = None, db: Path | None = None,
               region_hashes: bool = False) -> CompileResult:
    """One llc run over IR with the plugin. With `agent`, it answers live (a LiveSession;
    agent_timeout: seconds allowed per answer, see session.run_live). Only the kernel the IR
    names (ir.ir_entry) is hooked; other functions keep LLVM's schedule. The state log is
    published at `state_log` only when llc succeeds (core.files). NVPTX output is checked by
    ptxas when one is installed (result.validated). `policy`: a policy file (docs/policy.md)
    that the plugin evaluates itself, no Python in the loop. `features`: every decision point
    (state log, live agent) carries its candidates' feature rows (DecisionPoint.features).
    `phase`: the scheduler hooked, 'pre' (before register allocation), 'post' (AMDGPU's
    post-RA scheduler) or 'both'; None: core.phase.current_phase() (docs/postra.md).
    db: a tuned-schedule database applied first (docs/db.md; default: the one of the
    enclosing core.scheduledb.using_db); region_hashes: the report's "tuned" lists every
    region's hash and instruction ids."""
    if sum(x is not None for x in (agent, decisions, policy)) > 1:
        raise ValueError("give an agent, decisions or a policy, not several")
    t = parse_target(target)
    ir = Path(ir)
    db = Path(db) if db is not None else active_db()
    check_db_phase(current_phase(phase), db is not None or region_hashes)
    if db is not None:
        check_db(db)  # one clear error before llc sees the file
    if agent is not None:
        # an agent that reads the plugin's features (agents' wants_features) gets them
        features = features or bool(getattr(agent, "wants_features", False))
        with LiveSession(ir, t, base=base, state_log=state_log, full_state_log=full_state_log,
                         extra=extra, features=features, phase=phase, db=db) as session:
            return run_live(session, agent, agent_timeout)
    entry = ir_entry(ir)
    staged_log = staged_output(state_log) if state_log is not None else nullcontext(None)
    with tempfile.TemporaryDirectory(prefix="agentsched-") as tmpd, staged_log as log:
        tmp = Path(tmpd)
        asm, report = tmp / "out.s", tmp / "report.json"
        dec_path = None
        if isinstance(decisions, (str, Path)):
            dec_path = Path(decisions)
            check_decisions(dec_path)  # clear Python-side error before llc sees it
        elif decisions is not None:
            dec_path = tmp / "decisions.jsonl"
            write_decisions(dec_path, decisions)
        if state_log:
            remove_orphan_temps(Path(state_log))  # left by a raw llc killed with its parent
        run(llc_command(ir, t, asm, report=report, state_log=log, base=base, extra=extra,
                        full_state_log=full_state_log, function=entry, decisions=dec_path,
                        policy=policy, lenient=lenient, features=features, phase=phase,
                        db=db, region_hashes=region_hashes))
        if log is not None and not log.exists():
            log.write_text("")  # nothing was scheduled: an empty state log
        text = asm.read_text()
        return CompileResult(target=t, ir=ir, asm=text, report=read_report(report, base),
                             entry=entry, validated=t.validate(text), kernels=ir_kernels(ir))


def stock_asm(ir: Path, target: str | Target, extra: list[str] | None = None) -> str:
    """Assembly from stock llc-19 (no plugin): the reference for byte-identity."""
    with tempfile.TemporaryDirectory(prefix="agentsched-") as tmpd:
        out = Path(tmpd) / "out.s"
        run(llc_command(ir, parse_target(target), out, stock=True, extra=extra))
        return out.read_text()
