"""Agents: what picks a candidate at each decision point (base.Agent), the built-in ones
(heuristics.py, llm.py), and loading.py, which turns a name into an agent."""
from .base import Agent, UnknownAgentError, register
from .loading import agent_class, agent_names, is_deterministic, make_agent

__all__ = ["Agent", "UnknownAgentError", "agent_class", "agent_names", "is_deterministic",
           "make_agent", "register"]
