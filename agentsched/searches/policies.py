"""Policies: deterministic, picklable rules that make every pick of a live compile (so they
travel to pool and Ray workers), and the agent that runs one over a LiveSession."""
from __future__ import annotations

import random as _random
from dataclasses import dataclass

import numpy as np

from ..agents.base import Agent
from ..agents.heuristics import SCORES, best_by
from ..agents.loading import make_agent
from ..core.policy import SEARCH_FEATURES, point_features
from ..core.protocol import Candidate, DecisionPoint

# A linear policy's inputs: the per-candidate features of the plugin's catalog up to
# is_llvm_pick (core.policy.SEARCH_FEATURES), computed by the plugin; a weight per feature.
FEATURES = SEARCH_FEATURES
F_INDEX = {n: i for i, n in enumerate(FEATURES)}


def check_weights(weight_vectors) -> None:
    """Weight vectors for LinearPolicy must have one value per feature."""
    for i, w in enumerate(weight_vectors):
        if len(w) != len(FEATURES):
            raise ValueError(f"initial weights #{i + 1} have {len(w)} values; the features are "
                             f"{len(FEATURES)} ({', '.join(FEATURES)})")

WATCH_ALL = "all"  # watch every point (to discover the choice points of a kernel)
HEURISTICS = tuple(SCORES)  # the seed's heuristics, by the score each ranks candidates by


def heuristic_pick(name: str, point: DecisionPoint) -> Candidate:
    """The pick of LLVM ("default") or of a heuristic agent (agents.heuristics)."""
    if name == "default":
        return point.llvm_candidate
    return best_by(point, SCORES[name])


def alternatives(point: DecisionPoint, n_random: int = 2, seed: int = 0) -> list[tuple]:
    """Candidate keys worth branching on at a point: LLVM's pick, each heuristic's pick,
    then up to n_random others (seeded by the point's key), without repeats."""
    out = [point.llvm]
    for h in HEURISTICS:
        k = heuristic_pick(h, point).key
        if k not in out:
            out.append(k)
    rest = [c.key for c in point.candidates if c.key not in out]
    rng = _random.Random(f"{seed}:{point.key}")
    rng.shuffle(rest)
    return out + rest[:n_random]


class Policy:
    """A deterministic, picklable rule; agent() builds the Agent used for one live compile."""

    wants_features = False  # reads point.features (the plugin's catalog)

    def agent(self, watch: frozenset = frozenset(), n_random: int = 2, seed: int = 0):
        return PolicyAgent(self, watch, n_random, seed)

    def begin(self) -> None:
        """A compile starts (a rule with state across its points resets here)."""

    def end(self) -> None:
        """The compile is over."""

    def choose(self, point: DecisionPoint) -> Candidate:  # pragma: no cover - interface
        raise NotImplementedError

    def fingerprint(self) -> str:
        return repr(self)


@dataclass(frozen=True)
class HeuristicPolicy(Policy):
    name: str = "default"

    def choose(self, point):
        return heuristic_pick(self.name, point)


@dataclass(frozen=True)
class PrefixPolicy(Policy):
    """Forced picks at some points (key -> (id, zone)); a completion rule elsewhere: a
    heuristic's name or another Policy (e.g. an evolved LinearPolicy, to refine it)."""
    prefix: tuple = ()  # sorted ((function, region, visit, step), (id, zone)) pairs
    completion: str | Policy = "default"

    def __post_init__(self):
        object.__setattr__(self, "_map", dict(self.prefix))

    def begin(self) -> None:
        if isinstance(self.completion, Policy):
            self.completion.begin()

    def end(self) -> None:
        if isinstance(self.completion, Policy):
            self.completion.end()

    @property
    def wants_features(self) -> bool:  # type: ignore[override]
        return bool(getattr(self.completion, "wants_features", False))

    def choose(self, point):
        want = self._map.get(point.key)
        if want is not None:
            for c in point.candidates:
                if c.key == want:
                    return c
        if isinstance(self.completion, Policy):
            return self.completion.choose(point)
        return heuristic_pick(self.completion, point)

    def extend(self, key, cand_key) -> PrefixPolicy:
        return PrefixPolicy(tuple(sorted({**self._map, key: tuple(cand_key)}.items())),
                            self.completion)


@dataclass(frozen=True)
class AgentPolicy(Policy):
    """Every pick by an agent as a user names it (agents.loading: a name, MODULE:CLASS,
    FILE.py:CLASS), made afresh for each compile in the process that runs the compile (an
    agent keeps state across the points of one compile; only its name travels to workers)."""
    spec: str
    seed: int = 0

    def begin(self) -> None:
        self.end()
        object.__setattr__(self, "_agent", make_agent(self.spec, seed=self.seed))

    def end(self) -> None:
        agent = self.__dict__.pop("_agent", None)
        if agent is not None:
            agent.close()

    def choose(self, point):
        return self._agent.pick(point)

    def __getstate__(self) -> dict:
        return {"spec": self.spec, "seed": self.seed}

    @property
    def wants_features(self) -> bool:  # type: ignore[override]
        from ..agents.loading import agent_class
        cls = agent_class(self.spec)
        return bool(getattr(getattr(cls, "func", cls), "wants_features", False))


@dataclass(frozen=True)
class LinearPolicy(Policy):
    """Pick argmax_c w . features(c) over FEATURES (the plugin's values); ties go to LLVM's
    pick, then candidate order. The same rule as a linear policy file (policy_file(): the
    plugin evaluates it with no Python, which is how rollouts compile it)."""
    weights: tuple = ()
    wants_features = True
    plugin_evaluates = True  # rollouts compile it as a policy file (no pipe)

    def choose(self, point):
        cands = point.candidates
        x = point_features(point, FEATURES)
        s = np.zeros(len(cands))
        for i, w in enumerate(self.weights):  # inputs in order, as the plugin sums them
            s = s + x[:, i] * float(w)
        top = s.max()
        best = [cands[i] for i in range(len(cands)) if s[i] >= top - 1e-9]
        if len(best) == 1:
            return best[0]
        for c in best:
            if c.key == point.llvm:
                return c
        # as the heuristics break ties: one entry per instruction, LLVM's zone first
        for c in point.unique_candidates():
            if c in best:
                return c
        return best[0]

    def policy_file(self, target) -> dict:
        """The policy file that picks as choose() does (no guard), for `target`'s family."""
        from ..core.policy import policy_to_dict
        from ..targets.policy import linear_policy
        d = policy_to_dict(linear_policy(self.weights, target=target, features=FEATURES,
                                         guard=None))
        d["provenance"] = {}  # the compile's input is the model, not when it was made
        return d

    def fingerprint(self):
        return "linear:" + ",".join(f"{w:.6g}" for w in self.weights)


@dataclass(frozen=True)
class FilePolicy(Policy):
    """A policy file (docs/policy.md): rollouts compile with it (the plugin evaluates it);
    watched live, Python evaluates the same file on the plugin's features."""
    path: str
    wants_features = True
    plugin_evaluates = True

    def policy_file(self, target) -> dict:
        import json
        from pathlib import Path
        return json.loads(Path(self.path).read_text())

    def choose(self, point):
        from ..core.policy import choose, load_policy
        if "_loaded" not in self.__dict__:
            object.__setattr__(self, "_loaded", load_policy(self.path))
        return choose(self.__dict__["_loaded"], point)

    def fingerprint(self) -> str:
        from pathlib import Path

        from ..core.hashing import sha256_hex
        return f"policy-file:{sha256_hex(Path(self.path).read_bytes())[:16]}"

    def __getstate__(self) -> dict:
        return {"path": self.path}


def portfolio_policy(spec: str) -> Policy:
    """What a search starts from beside LLVM's schedule: `policy:FILE` (a policy file, the
    plugin evaluates it) or an agent's name (its schedule)."""
    if spec.startswith("policy:"):
        return FilePolicy(spec[len("policy:"):])
    if spec in HEURISTICS or spec == "default":
        return HeuristicPolicy(spec)
    return AgentPolicy(spec)


def linear_seed(name: str) -> np.ndarray:
    """A weight vector that reproduces (or nearly) a heuristic: 'default' = LLVM's pick."""
    w = np.zeros(len(FEATURES))
    if name == "default":
        w[F_INDEX["is_llvm_pick"]] = 100.0
        return w
    w[F_INDEX["available"]] = 1000.0  # the heuristics choose among available candidates
    w[F_INDEX["is_llvm_pick"]] = 1e-3  # ... and break ties towards LLVM's pick
    if name == "min_pressure":
        w[F_INDEX["vgpr_defs"]] = -10.0
    elif name == "max_latency":
        w[F_INDEX["latency"]] = 10.0
    elif name == "pref_load":
        w[F_INDEX["may_load"]] = 10.0
        w[F_INDEX["may_store"]] = -10.0
    elif name == "pref_salu":
        w[F_INDEX["cls_salu"]] = 10.0
    else:
        raise ValueError(f"no linear seed for {name!r}")
    return w


class PolicyAgent(Agent):
    """Runs a Policy over the live channel; records the alternatives at watched points."""
    name = "policy"

    def __init__(self, policy: Policy, watch=frozenset(), n_random: int = 2, seed: int = 0):
        self.policy, self.watch, self.n_random, self.seed = policy, watch, n_random, seed
        self.wants_features = policy.wants_features
        self.seen: dict = {}  # watched key -> (alternatives, chosen key)
        policy.begin()

    def close(self) -> None:
        self.policy.end()

    def pick(self, point):
        c = self.policy.choose(point)
        if self.watch == WATCH_ALL or point.key in self.watch:
            self.seen[point.key] = (alternatives(point, self.n_random, self.seed), c.key)
        return c
