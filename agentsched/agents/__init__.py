from .base import Agent, UnknownAgentError, agent_names, make_agent, register

__all__ = ["Agent", "UnknownAgentError", "agent_names", "make_agent", "register"]
