"""The agent `policy:FILE`: a policy file (docs/policy.md) evaluated in Python, over the live
channel. The plugin evaluates the same file itself with -agent-sched-policy=FILE (no Python,
no pipe); both pick the same candidates (tests/test_policy.py)."""
from __future__ import annotations

from pathlib import Path

from ..core.policy import (
    PolicyError,
    SchedulingPolicy,
    check_policy_for,
    evaluate,
    load_policy,
)
from .base import Agent

PREFIX = "policy:"


class PolicyFileAgent(Agent):
    name = "policy"
    wants_features = True  # scored on the plugin's own features (the live session asks)

    def __init__(self, policy: SchedulingPolicy | str | Path, seed: int = 0, **_):
        self.policy = policy if isinstance(policy, SchedulingPolicy) else load_policy(policy)
        self.where = "policy" if isinstance(policy, SchedulingPolicy) else str(policy)
        self.decisions = self.guard_interventions = 0

    def check_target(self, target) -> None:
        """What the plugin refuses, refused here too: a policy for another target family,
        or pressure sets the target's policies do not count (Target.pressure_sets)."""
        check_policy_for(self.policy, target.name, target.family, target.pressure_sets,
                         self.where)
        if self.policy.pressure_sets != target.pressure_sets:
            raise PolicyError(f"{self.where}: field 'pressure_sets' differs from the sets the "
                              f"plugin's features count on {target.name}; only the plugin "
                              "evaluates such a policy (compile --policy, llc-19 "
                              "-agent-sched-policy)")

    def pick(self, point):
        choice = evaluate(self.policy, point)
        self.decisions += 1
        self.guard_interventions += choice.guarded
        return choice.candidate

    def stats(self) -> dict:
        return {"policy_decisions": self.decisions,
                "guard_interventions": self.guard_interventions}
