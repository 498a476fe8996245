"""The agent interface: given a decision point, pick one of its candidates; and the registry
of agents by name. Implementations live beside it (heuristics.py, llm.py) and register
themselves; loading.py turns what a user names (a registered name, module:Class,
file.py:Class, an entry point) into an agent."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.protocol import Candidate, DecisionPoint


class Agent:
    """Base class. Subclasses implement pick(); they may keep state across calls.

    Within one compile, decision points arrive in scheduling order, so an agent can track
    what it has scheduled in the current region (point.step == 0 starts a new pass).
    """

    name = "agent"
    # The same decisions whatever the seed: results are then labelled by the name alone
    # (an agent with a seed is labelled NAME:seed=N, and bundles make one variant per seed).
    deterministic = False
    # Reads point.features (the plugin's feature catalog, docs/protocol.md): the live session
    # then asks the plugin for them (they cost time and bytes, so only when wanted).
    wants_features = False

    def pick(self, point: DecisionPoint) -> Candidate:  # pragma: no cover - interface
        raise NotImplementedError

    def check_target(self, target: Any) -> None:
        """Called before the first decision point of a live compile, with its target (an
        agentsched.targets.Target: .name, .family); an agent made for another target raises
        ValueError naming what does not fit."""

    def stats(self) -> dict:
        """Per-run counters worth reporting (calls, fallbacks, tokens...)."""
        return {}

    def close(self) -> None:
        """Release resources at the end of a run."""


class UnknownAgentError(ValueError):
    pass


REGISTRY: dict[str, Callable[..., Agent]] = {}  # name -> class (or factory) taking seed=


def register(name: str) -> Callable[[type[Agent]], type[Agent]]:
    """Class decorator: make an agent available by name to the CLI, experiments and search."""
    def wrap(cls: type[Agent]) -> type[Agent]:
        cls.name = name
        REGISTRY[name] = cls
        return cls
    return wrap
