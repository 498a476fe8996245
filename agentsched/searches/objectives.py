"""Objectives: what a search minimizes. A schedule's cost is a tuple compared lexicographically
(smaller is better), from its static metrics or, for 'time', a measured time ratio; an
objective the target cannot measure is refused before anything is compiled."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..targets import Target

OBJECTIVES = ("vgpr", "occupancy", "spills", "cycles", "time", "predicted",
              # what the order after register allocation shows (docs/postra.md; AMDGPU)
              "vopd", "delay", "waitcnt", "size")
OBJECTIVE_HELP = {
    "vgpr": "fewest VGPRs, then fewest spills, then fewest llvm-mca cycles",
    "occupancy": "highest occupancy, then fewest spills, then fewest cycles, then VGPRs",
    "spills": "fewest spilled registers, then fewest VGPRs, then fewest cycles",
    "cycles": "fewest llvm-mca cycles (hottest loop, or the whole body of a loop-free "
              "kernel; AMDGPU only), then spills, then VGPRs",
    "time": "measured run time on this machine's GPU, as a ratio to LLVM's default (from "
            "Python: any time_fn(decisions) -> float)",
    "vopd": "most VOPD dual-issue pairs (v_dual_*, gfx11+), then least s_delay_alu delay, "
            "then fewest cycles",
    "delay": "least encoded s_delay_alu delay (gfx11+), then fewest s_waitcnt, then fewest "
             "cycles",
    "waitcnt": "fewest s_waitcnt instructions, then least s_delay_alu delay, then cycles",
    "size": "smallest code (bytes), then fewest cycles",
}


# Training (searches/train.py) compares one figure per kernel, not the cost tuple above.
TRAIN_OBJECTIVE_HELP = (
    "time: speedup measured on this machine's GPU; vgpr, occupancy, spills, cycles (and "
    "after register allocation vopd, delay, waitcnt, size: docs/postra.md): that "
    "one static figure against LLVM's default, the others not looked at (--kernel-guard "
    "keeps occupancy and spills from getting worse)")


class ObjectiveError(ValueError):
    pass


def check_objective(objective: str) -> str:
    if objective not in OBJECTIVES:
        raise ObjectiveError(f"unknown objective {objective!r}; choose one of "
                             f"{', '.join(OBJECTIVES)}")
    return objective


OBJECTIVE_METRIC = {"vgpr": "vgpr", "occupancy": "occupancy", "spills": "spills",
                    "cycles": "est_cycles", "vopd": "vopd_pairs", "delay": "delay_alu_total",
                    "waitcnt": "waitcnts", "size": "code_bytes"}  # the figure each static objective ranks by first


def check_measurable(objective: str, target: Target) -> None:
    """Refuse, before any compile, an objective this target cannot measure (a search would
    otherwise rank every schedule by a missing figure, i.e. by the next one, silently)."""
    check_objective(objective)
    if objective == "predicted":
        from .predicted import check_target
        try:
            check_target(target)
        except ValueError as e:
            raise ObjectiveError(f"objective 'predicted' cannot be measured on "
                                 f"{target.name}: {e} (docs/perfmodel.md)") from None
    metric = OBJECTIVE_METRIC.get(objective)
    why = target.unmeasurable(metric) if metric else None
    if why:
        raise ObjectiveError(f"objective {objective!r} cannot be measured on {target.name}: "
                             f"{why}")


class NothingToSearch(ObjectiveError):
    """A kernel whose LLVM schedule has no decision with a choice: a module search skips it."""


def check_default_measured(objective: str, target: Target, metrics: dict, report: dict,
                           name: str) -> None:
    """Refuse a search whose objective LLVM's own schedule of this kernel does not yield."""
    if report.get("nothing_to_schedule") or not report.get("choices"):
        raise NothingToSearch(f"{name} on {target.name}: nothing to search, LLVM's scheduler "
                             "has no decision with a choice in this kernel")
    key = OBJECTIVE_METRIC.get(objective)
    if key is None or metrics.get(key) is not None:
        return
    why = {"occupancy": "NVPTX occupancy needs the block size: give --block X[,Y,Z], a "
                        "kernel spec (docs/own-kernel.md) or __launch_bounds__ in the kernel",
           "est_cycles": metrics.get("est_note") or "llvm-mca-19 gave no estimate"}.get(
        key, f"no {key} in the compiled kernel")
    raise ObjectiveError(f"objective {objective!r} cannot be measured for {name} on "
                         f"{target.name}: {why}")


def _num(v: Any) -> float:
    """Missing figures (no loop for llvm-mca, no ptxas on NVPTX) count as 0: constant
    across schedules, so they never decide a comparison."""
    return 0.0 if v is None else float(v)


def cost_of(metrics: dict, objective: str, time_value: float | None = None) -> tuple:
    """The cost tuple to MINIMIZE for `objective` (compared lexicographically)."""
    check_objective(objective)
    vgpr, spills = _num(metrics.get("vgpr")), _num(metrics.get("spills"))
    cyc, occ = _num(metrics.get("est_cycles")), _num(metrics.get("occupancy"))
    if objective == "vgpr":
        return (vgpr, spills, cyc)
    if objective == "occupancy":
        return (-occ, spills, cyc, vgpr)
    if objective == "spills":
        return (spills, vgpr, cyc)
    if objective == "cycles":
        return (cyc, spills, vgpr)
    delay, waits = _num(metrics.get("delay_alu_total")), _num(metrics.get("waitcnts"))
    if objective == "vopd":
        return (-_num(metrics.get("vopd_pairs")), delay, cyc)
    if objective == "delay":
        return (delay, waits, cyc)
    if objective == "waitcnt":
        return (waits, delay, cyc)
    if objective == "size":
        return (_num(metrics.get("code_bytes")), cyc)
    if time_value is None and objective == "predicted":
        raise ObjectiveError("objective 'predicted' needs the model's predicted time ratio "
                             "(searches.predicted.PredictedTimer); none was given")
    if time_value is None:
        raise ObjectiveError("objective 'time' needs a time_fn(decisions) -> float "
                             "(e.g. a runtime benchmark); none was given")
    return (float(time_value), spills, vgpr)


def scalar_cost(cost: Sequence[float]) -> float:
    """One number for a cost tuple (RL rewards): the primary term dominates."""
    return float(sum(c * (1e-3 ** i) for i, c in enumerate(cost)))
