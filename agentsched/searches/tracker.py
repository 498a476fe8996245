"""What a search method returns, and the best-so-far it keeps while it runs."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .evaluate import Rollout
from .policies import Policy


@dataclass
class SearchResult:
    method: str
    objective: str
    default: Rollout
    best: Rollout
    best_policy: Policy
    evaluations: int
    history: list  # [evaluations so far, best cost so far] after each evaluation
    throughput: float  # evaluations per second of evaluation wall time
    elapsed_s: float
    info: dict = field(default_factory=dict)


class Tracker:
    """Best-so-far over evaluations, in submission order (ties keep the earlier one)."""

    def __init__(self):
        self.best: Rollout | None = None
        self.best_policy: Policy | None = None
        self.count = 0
        self.history: list = []

    def add(self, policies: Sequence[Policy], results: Sequence[Rollout]) -> None:
        for p, r in zip(policies, results):
            self.count += 1
            if self.best is None or r.cost < self.best.cost:
                self.best, self.best_policy = r, p
            self.history.append([self.count, list(self.best.cost)])
