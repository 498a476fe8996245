"""agentsched: agents make LLVM's GPU instruction-scheduling decisions; measure the effect.

The public API (docs/api.md); each name is imported when first used, so `import agentsched`
loads nothing heavy:

    compile, experiment, search, train, time, bundle, decide, report, reproduce, show, kernel,
    emit_ir, merge_timings      functions (agentsched/api.py)
    LiveSession                 a live compile the caller drives, point by point
    Agent, register             write an agent; make it available by name
    KernelSpec, Buffer, Scalar  a kernel that runs and is checked on a GPU
    CompileResult, SearchReport, BuildOptions, KernelRef, Decision, DecisionPoint,
    Candidate, parse_target, Target
"""
from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.1.0"

_API = {
    **{name: "agentsched.api" for name in (
        "compile", "experiment", "search", "train", "time", "bundle", "decide", "report", "reproduce",
        "show", "kernel", "emit_ir", "merge_timings", "agent_names", "Decided", "select")},
    "LiveSession": "agentsched.llvm.session",
    "CompileResult": "agentsched.llvm.result",
    "SearchReport": "agentsched.searches.run",
    "Agent": "agentsched.agents.base",
    "register": "agentsched.agents.base",
    "KernelSpec": "agentsched.kernels.spec",
    "Buffer": "agentsched.kernels.spec",
    "Scalar": "agentsched.kernels.spec",
    "BuildOptions": "agentsched.kernels.ref",
    "KernelRef": "agentsched.kernels.ref",
    "Decision": "agentsched.core.protocol",
    "DecisionPoint": "agentsched.core.protocol",
    "Candidate": "agentsched.core.protocol",
    "parse_target": "agentsched.targets",
    "Target": "agentsched.targets",
}

__all__ = sorted(_API)


def __getattr__(name: str) -> Any:
    module = _API.get(name)
    if module is None:
        raise AttributeError(f"module 'agentsched' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # looked up once
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_API])
