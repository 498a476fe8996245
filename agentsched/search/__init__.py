"""Schedule search: evaluate schedules (cached, in a process pool or on Ray), beam search
over decision prefixes, evolution of linear scoring policies, and a gymnasium environment
(`agentsched/Sched-v0`). docs/search.md describes them."""
from .evaluate import (FEATURES, OBJECTIVES, EvalResult, Evaluator, HeuristicPolicy,
                       LinearPolicy, Policy, PrefixPolicy, Rollout, SearchResult, cost_of,
                       evaluate, rollout)

ENV_ID = "agentsched/Sched-v0"


def _register_env() -> None:
    try:
        import gymnasium
    except ImportError:  # pragma: no cover - gymnasium is a dependency
        return
    if ENV_ID not in gymnasium.registry:
        gymnasium.register(id=ENV_ID, entry_point="agentsched.search.env:SchedEnv")


_register_env()

__all__ = ["FEATURES", "OBJECTIVES", "EvalResult", "Evaluator", "HeuristicPolicy",
           "LinearPolicy", "Policy", "PrefixPolicy", "Rollout", "SearchResult", "cost_of",
           "evaluate", "rollout", "ENV_ID"]
