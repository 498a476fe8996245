"""From what a user names to an agent: the one place that reads an agent's name.

    min_pressure              a registered agent (built in, or @register-ed by code imported)
    mymodule:MyAgent          a class in an importable module
    path/to/my_agent.py:MyAgent   a class in a Python file
    name                      an entry point of the `agentsched.agents` group of an installed
                              package (pyproject: [project.entry-points."agentsched.agents"]
                              name = "package.module:Class")

Another kind of name (a prefix such as `policy:FILE`) would be added in agent_class().
"""
from __future__ import annotations

import functools
import importlib
import importlib.metadata
import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..core.userfile import exec_user_file
from .base import REGISTRY, Agent, UnknownAgentError

POLICY_PREFIX = "policy:"  # policy:FILE, a policy file evaluated in Python (docs/policy.md)

ENTRY_POINT_GROUP = "agentsched.agents"


def _load_builtin() -> None:
    from . import heuristics, llm  # noqa: F401  (they register on import)


def _entry_points() -> dict[str, importlib.metadata.EntryPoint]:
    return {ep.name: ep for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP)}


def agent_names() -> list[str]:
    """Every agent that can be named without a path: registered ones and entry points."""
    _load_builtin()
    return sorted(set(REGISTRY) | set(_entry_points()))


def _from_module(spec: str) -> Callable[..., Agent]:
    """MODULE:CLASS or FILE.py:CLASS."""
    where, _, attr = spec.rpartition(":")
    if where.endswith(".py") or "/" in where:
        path = Path(where)
        if not path.is_file():
            raise UnknownAgentError(f"agent {spec!r}: {path} not found")
        name = f"agentsched_user_agent_{path.stem}"
        mod_spec = importlib.util.spec_from_file_location(name, path)
        if mod_spec is None or mod_spec.loader is None:
            raise UnknownAgentError(f"agent {spec!r}: {path} is not a Python file")
        module = importlib.util.module_from_spec(mod_spec)
        sys.modules[name] = module  # (dataclasses and pickling look modules up by name)
        exec_user_file(path, module)
    else:
        try:
            module = importlib.import_module(where)
        except ImportError as e:
            raise UnknownAgentError(f"agent {spec!r}: cannot import {where!r}: {e}") from None
    cls = getattr(module, attr, None)
    if cls is None:
        raise UnknownAgentError(f"agent {spec!r}: {where} defines no {attr!r}")
    return cls


def agent_class(spec: str) -> Callable[..., Agent]:
    """The class (or factory) an agent name stands for; UnknownAgentError naming the known
    agents when it stands for none."""
    _load_builtin()
    if spec in REGISTRY:
        return REGISTRY[spec]
    if spec.startswith(POLICY_PREFIX):  # a policy file (docs/policy.md)
        from .policy_file import PolicyFileAgent
        return functools.partial(PolicyFileAgent, spec[len(POLICY_PREFIX):])
    if ":" in spec:
        return _from_module(spec)
    eps = _entry_points()
    if spec in eps:
        return eps[spec].load()
    raise UnknownAgentError(f"unknown agent {spec!r}; known agents: "
                            f"{', '.join(agent_names())} (or MODULE:CLASS, FILE.py:CLASS)")


def make_agent(spec: str, seed: int = 0, **options: Any) -> Agent:
    """Build the agent `spec` names (see the module doc): its class called with seed= and
    the options, each only if the class takes it (or takes **kwargs)."""
    cls = agent_class(spec)
    agent = cls(**_accepted(cls, {"seed": seed, **options}))
    if not callable(getattr(agent, "pick", None)):
        raise UnknownAgentError(f"agent {spec!r}: {cls!r} has no pick(point) method")
    if getattr(agent, "name", Agent.name) == Agent.name:
        agent.name = spec  # a class not registered under a name is called what it was named
    return agent


def _accepted(cls: Callable[..., Agent], options: dict) -> dict:
    """The options a constructor takes (all of them when it takes **kwargs)."""
    import inspect
    try:
        params = inspect.signature(cls).parameters
    except (TypeError, ValueError):
        return options
    if any(p.kind is p.VAR_KEYWORD for p in params.values()):
        return options
    return {k: v for k, v in options.items() if k in params}


def is_deterministic(spec: str) -> bool:
    """Whether the agent `spec` names makes the same decisions whatever the seed."""
    return bool(getattr(agent_class(spec), "deterministic", False))
