"""llc-19's command line with the plugin, the plugin's report, and what a killed llc leaves.

Every plugin option is documented in docs/protocol.md; only the kernel the IR names
(ir.ir_entry) is hooked (-agent-sched-function), other functions keep LLVM's schedule.
"""
from __future__ import annotations

import glob
import json
import os
import time
from pathlib import Path

from ..core.phase import current_phase
from ..targets import Target
from ..tools.plugin import plugin_path
from ..tools.programs import find_tool, path_arg
from .ir import recorded_llc_flags


def check_db_phase(phase: str, with_db: bool) -> None:
    """The tuned-schedule db's rows are keyed by pre-RA region hashes: refused post-RA."""
    if with_db and phase != "pre":
        raise ValueError(f"the tuned-schedule db holds pre-RA schedules only: no --db with "
                         f"--phase {phase} (docs/postra.md)")


def llc_command(ir: Path, target: Target, asm_out: Path, *, report: Path | None = None,
                decisions: Path | None = None, state_log: Path | None = None,
                channel: str | None = None, policy: Path | None = None,
                lenient: bool = False, base: str = "target",
                extra: list[str] | None = None, stock: bool = False,
                full_state_log: bool = False, function: str | None = None,
                features: bool = False, phase: str | None = None, db: Path | None = None,
                region_hashes: bool = False) -> list[str]:
    cmd = [find_tool("llc-19"), *target.llc_flags, *recorded_llc_flags(ir)]
    if not stock:
        cmd += [f"-load={plugin_path()}", "-misched=agent-sched"]
        phase = current_phase(phase)  # the scheduler(s) hooked: docs/postra.md
        if phase != "pre":
            cmd.append(f"-agent-sched-phase={phase}")
            check_db_phase(phase, db is not None or region_hashes)
        if function:
            cmd.append(f"-agent-sched-function={function}")
        if base != "target":
            cmd.append(f"-agent-sched-base={base}")
        if report:
            cmd.append(f"-agent-sched-report={report}")
        if decisions:
            cmd.append(f"-agent-sched-decisions={decisions}")
        if state_log:
            cmd.append(f"-agent-sched-state-log={state_log}")
            if full_state_log:
                cmd.append("-agent-sched-state-log-format=full")
        if channel:
            cmd.append(f"-agent-sched-channel={channel}")
        if policy:
            cmd.append(f"-agent-sched-policy={policy}")
        if lenient:
            cmd.append("-agent-sched-lenient")
        if features:
            cmd.append("-agent-sched-features")
        if db:
            cmd.append(f"-agent-sched-db={db}")
        if region_hashes:
            cmd.append("-agent-sched-region-hashes")
    return [*cmd, *(extra or []), path_arg(ir), "-o", path_arg(asm_out)]


# The plugin's report when it never ran: a module where no function reaches the machine
# scheduler (empty, host-only, every function optnone) has nothing to schedule.
EMPTY_REPORT = {"decisions": 0, "choices": 0, "changed": 0, "stale": 0, "missing": 0,
                "asked": 0, "regions": 0, "passes": 0, "reverted_regions": 0,
                "reverted_passes": 0, "reverted_changed_passes": 0, "pass_list": []}


def read_report(report: Path, base: str) -> dict:
    """The plugin's report; `nothing_to_schedule` when no region reached the scheduler (an
    empty, host-only or optnone module)."""
    rep: dict = (json.loads(report.read_text()) if report.exists()
                 else {**EMPTY_REPORT, "base": base})
    rep["nothing_to_schedule"] = rep.get("passes", 0) == 0
    tuned = rep.get("tuned") or {}
    if tuned.get("db"):  # -agent-sched-db: its regions, in flat numbers (docs/db.md)
        for k in ("applied", "stale", "absent", "refused", "overridden"):
            rep[f"db_{k}"] = tuned[k]
    return rep


def remove_orphan_temps(path: Path) -> None:
    """Remove the plugin's temp files for `path` (.NAME.agentsched-PID-XXXXXX) whose llc is
    gone: the plugin removes its own on every exit but SIGKILL. An llc of ours that was just
    killed (subprocess.run kills its child on Ctrl-C) gets a moment to die."""
    for tmp in path.parent.glob(f".{glob.escape(path.name)}.agentsched-*-*"):
        pid = tmp.name.rsplit(".agentsched-", 1)[1].split("-", 1)[0]
        if not pid.isdigit():
            continue
        deadline = time.monotonic() + 2
        while _alive(int(pid)) and _is_our_child(int(pid)) and time.monotonic() < deadline:
            time.sleep(0.02)
        if not _alive(int(pid)):
            tmp.unlink(missing_ok=True)


def _proc_stat(pid: int) -> list[str]:
    """Fields of /proc/PID/stat after the command name: state, ppid, ... ([] if gone)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return []


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    stat = _proc_stat(pid)
    return not stat or stat[0] not in ("Z", "X")  # a zombie writes nothing any more


def _is_our_child(pid: int) -> bool:
    stat = _proc_stat(pid)
    return len(stat) > 1 and stat[1] == str(os.getpid())
