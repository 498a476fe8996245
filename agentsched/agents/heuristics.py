"""The seed's hand-written agents. Each ranks candidates by one feature; ties go to LLVM's
own pick when it is among the best, else to the first best in candidate order. All but
`random` choose among available candidates when there are any (a pending one would stall)."""
from __future__ import annotations

import random as _random

from ..protocol import Candidate, DecisionPoint
from .base import Agent, register


def _pool(point: DecisionPoint) -> list[Candidate]:
    cands = point.unique_candidates()
    avail = [c for c in cands if c.queue == "available"]
    return avail or cands


def best_by(point: DecisionPoint, score, pool: list[Candidate] | None = None) -> Candidate:
    """The candidate with the highest score(c); LLVM's pick wins ties."""
    pool = _pool(point) if pool is None else pool
    top = max(score(c) for c in pool)
    best = [c for c in pool if score(c) == top]
    llvm_id = point.llvm[0]
    for c in best:
        if c.id == llvm_id:
            return c
    return best[0]


@register("default")
class DefaultAgent(Agent):
    """LLVM's own heuristic (GCNMaxOccupancy on AMDGPU, GenericScheduler elsewhere)."""

    def __init__(self, seed: int = 0, **_):
        pass

    def pick(self, point):
        return point.llvm_candidate


@register("random")
class RandomAgent(Agent):
    """A uniformly random ready instruction, seeded: exercises the pipeline."""

    def __init__(self, seed: int = 0, **_):
        self.rng = _random.Random(seed)

    def pick(self, point):
        return self.rng.choice(point.candidates)


@register("min_pressure")
class MinPressureAgent(Agent):
    """Fewest VGPR writes first (lower register pressure)."""

    def __init__(self, seed: int = 0, **_):
        pass

    def pick(self, point):
        return best_by(point, lambda c: -c.vgpr_defs)


@register("max_latency")
class MaxLatencyAgent(Agent):
    """Highest latency first (start long operations early to hide them)."""

    def __init__(self, seed: int = 0, **_):
        pass

    def pick(self, point):
        return best_by(point, lambda c: c.latency)


@register("pref_load")
class PrefLoadAgent(Agent):
    """Memory loads first (hide memory latency); otherwise LLVM's pick."""

    def __init__(self, seed: int = 0, **_):
        pass

    def pick(self, point):
        return best_by(point, lambda c: c.may_load and not c.may_store)


@register("pref_salu")
class PrefSaluAgent(Agent):
    """Scalar ALU instructions first (spare VGPRs); otherwise LLVM's pick."""

    def __init__(self, seed: int = 0, **_):
        pass

    def pick(self, point):
        return best_by(point, lambda c: c.cls == "salu")
