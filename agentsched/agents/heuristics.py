"""The seed's hand-written agents. Each ranks candidates by one feature; ties go to LLVM's
own pick when it is among the best, else to the first best in candidate order. All but
`random` choose among available candidates when there are any (a pending one would stall)."""
from __future__ import annotations

import random as _random
from collections.abc import Callable

from ..core.protocol import Candidate, DecisionPoint
from .base import Agent, register

# The seed's agents, in the order of its tables: LLVM's own pick, random, four heuristics.
SEED_AGENTS = ("default", "random", "min_pressure", "max_latency", "pref_load", "pref_salu")


def _pool(point: DecisionPoint) -> list[Candidate]:
    cands = point.unique_candidates()
    avail = [c for c in cands if c.queue == "available"]
    return avail or cands


def best_by(point: DecisionPoint, score: Callable[[Candidate], object],
            pool: list[Candidate] | None = None) -> Candidate:
    """The candidate with the highest score(c); LLVM's pick wins ties."""
    pool = _pool(point) if pool is None else pool
    top = max(score(c) for c in pool)
    best = [c for c in pool if score(c) == top]
    llvm_id = point.llvm[0]
    for c in best:
        if c.id == llvm_id:
            return c
    return best[0]


# The heuristics' scores: each ranks the available candidates by one feature (highest first).
SCORES: dict[str, Callable[[Candidate], object]] = {
    "min_pressure": lambda c: -c.vgpr_defs,  # fewest VGPR writes first (lower pressure)
    "max_latency": lambda c: c.latency,  # long operations early, to hide them
    "pref_load": lambda c: c.may_load and not c.may_store,  # loads first (hide memory latency)
    "pref_salu": lambda c: c.cls == "salu",  # scalar ALU first (spare VGPRs)
}


@register("default")
class DefaultAgent(Agent):
    """LLVM's own heuristic (GCNMaxOccupancy on AMDGPU, GenericScheduler elsewhere)."""
    deterministic = True

    def __init__(self, seed: int = 0, **_: object):
        pass

    def pick(self, point: DecisionPoint) -> Candidate:
        return point.llvm_candidate


@register("random")
class RandomAgent(Agent):
    """A uniformly random ready instruction, seeded: exercises the pipeline."""

    def __init__(self, seed: int = 0, **_: object):
        self.rng = _random.Random(seed)

    def pick(self, point: DecisionPoint) -> Candidate:
        return self.rng.choice(point.candidates)


class ScoreAgent(Agent):
    """The best candidate by SCORES[self.name]; LLVM's pick wins ties."""
    deterministic = True

    def __init__(self, seed: int = 0, **_: object):
        self.score = SCORES[self.name]

    def pick(self, point: DecisionPoint) -> Candidate:
        return best_by(point, self.score)


@register("min_pressure")
class MinPressureAgent(ScoreAgent):
    """Fewest VGPR writes first (lower register pressure)."""


@register("max_latency")
class MaxLatencyAgent(ScoreAgent):
    """Highest latency first (start long operations early to hide them)."""


@register("pref_load")
class PrefLoadAgent(ScoreAgent):
    """Memory loads first (hide memory latency); otherwise LLVM's pick."""


@register("pref_salu")
class PrefSaluAgent(ScoreAgent):
    """Scalar ALU instructions first (spare VGPRs); otherwise LLVM's pick."""
