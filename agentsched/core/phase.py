"""Which machine scheduler the plugin hooks: the phase (docs/postra.md).

'pre' is LLVM's pre-RA machine scheduler (GCN's on AMDGPU, the default), 'post' the one
llc-19 runs after register allocation (AMDGPU's GCNPostScheduleDAGMILive with
PostGenericScheduler; llc-19 runs none for NVPTX), 'both' the two in one compile. A compile
takes it from its own argument, else from AGENTSCHED_PHASE (which `agentsched --phase`
sets, so every command, worker process and search of that run sees it), else 'pre'.
"""
from __future__ import annotations

import os

from . import env

PHASES = ("pre", "post", "both")


def check_phase(phase: str) -> str:
    if phase not in PHASES:
        raise ValueError(f"unknown phase {phase!r}: choose one of {', '.join(PHASES)} "
                         "(docs/postra.md)")
    return phase


def current_phase(phase: str | None = None) -> str:
    """`phase` when given, else $AGENTSCHED_PHASE, else 'pre'; checked."""
    if phase is not None:
        return check_phase(phase)
    given = os.environ.get(env.PHASE, "").strip()
    if not given:
        return "pre"
    try:
        return check_phase(given)
    except ValueError as e:
        raise ValueError(f"${env.PHASE}: {e}") from None


def set_phase(phase: str) -> None:
    """Make `phase` the default of this process and of the processes it starts."""
    os.environ[env.PHASE] = check_phase(phase)
