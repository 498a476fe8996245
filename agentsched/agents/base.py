"""The agent interface: given a decision point, pick one of its candidates."""
from __future__ import annotations

from typing import Callable

from ..protocol import Candidate, DecisionPoint


class Agent:
    """Base class. Subclasses implement pick(); they may keep state across calls.

    Within one compile, decision points arrive in scheduling order, so an agent can track
    what it has scheduled in the current region (point.step == 0 starts a new pass).
    """

    name = "agent"

    def pick(self, point: DecisionPoint) -> Candidate:  # pragma: no cover - interface
        raise NotImplementedError

    def stats(self) -> dict:
        """Per-run counters worth reporting (calls, fallbacks, tokens...)."""
        return {}

    def close(self) -> None:
        """Release resources at the end of a run."""


class UnknownAgentError(ValueError):
    pass


_REGISTRY: dict[str, Callable[..., Agent]] = {}


def register(name: str):
    """Class decorator: make an agent available by name to the CLI and experiments."""
    def wrap(cls):
        cls.name = name
        _REGISTRY[name] = cls
        return cls
    return wrap


def agent_names() -> list[str]:
    _load_builtin()
    return sorted(_REGISTRY)


def make_agent(name: str, seed: int = 0, **options) -> Agent:
    """Build a registered agent; options the agent does not take are ignored."""
    _load_builtin()
    if name.startswith("policy:"):  # a policy file (docs/policy.md)
        from .policy_file import PolicyFileAgent
        return PolicyFileAgent(name[len("policy:"):], seed=seed)
    if name not in _REGISTRY:
        raise UnknownAgentError(
            f"unknown agent {name!r}; known agents: {', '.join(sorted(_REGISTRY))}")
    return _REGISTRY[name](seed=seed, **options)


def _load_builtin() -> None:
    from . import heuristics  # noqa: F401  (registers on import)
    try:
        from . import llm  # noqa: F401
    except ImportError:  # pragma: no cover - the llm agent is optional until installed
        pass
