"""Evaluating one schedule: replay a decision list (evaluate) or compile live with a policy
(rollout), measure the kernel, and keep the metrics in the evaluation cache (cache.py).

* ``evaluate(ir, target, decisions)`` replays (lenient: a decision that went stale falls back
  to LLVM's pick and is counted).
* ``rollout(ir, target, policy)`` compiles LIVE with a policy agent: every pick is made on the
  true candidate list, so the decisions it returns are always valid and replay strictly. The
  search methods generate neighbours this way.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..core.protocol import Decision
from ..llvm.compile import compile_ir
from ..llvm.metrics import static_metrics
from ..llvm.result import module_bytes
from ..targets import Launch, Target, parse_target
from .cache import cache_get, cache_key, cache_put
from .objectives import cost_of
from .policies import WATCH_ALL, Policy

# The plugin report's counts kept with each evaluation.
REPORT_KEYS = ("decisions", "choices", "changed", "stale", "missing", "regions", "passes",
               "reverted_regions", "reverted_passes")


def measure(asm: str, target: Target, launch: Launch | None = None,
            entry: str | None = None) -> dict:
    """The kernel's static metrics as a dict (what the cache and the search JSON hold)."""
    return static_metrics(asm, target, launch=launch, entry=entry).as_dict()


def report_summary(report: dict) -> dict:
    return {k: report.get(k) for k in REPORT_KEYS if k in report}


@dataclass
class EvalResult:
    metrics: dict
    cost: tuple
    report: dict
    cached: bool = False
    key: str = ""

    @property
    def stale(self) -> int:
        return int(self.report.get("stale", 0))


def evaluate(ir: str | Path, target: str | Target, decisions: Sequence[Decision], *,
             objective: str = "vgpr", base: str = "target", use_cache: bool = True,
             lenient: bool = True, time_fn: Callable | None = None,
             launch: Launch | None = None) -> EvalResult:
    """Replay `decisions` (lenient by default: stale ones fall back to LLVM's pick and are
    counted in report['stale']) and measure. Cached by content unless use_cache=False."""
    t = parse_target(target)
    ir = Path(ir)
    decisions = list(decisions)
    key = cache_key(ir.read_bytes(), t.name, base, decisions, launch) + \
        ("" if lenient else "-strict")
    entry = cache_get(key) if use_cache else None
    cached = entry is not None
    if entry is None:
        res = compile_ir(ir, t, decisions=decisions, lenient=lenient, base=base)
        entry = {"metrics": measure(res.asm, t, launch, res.entry),
                 "report": report_summary(res.report)}
        cache_put(key, entry)
    tv = None
    if objective == "time" and time_fn is not None:
        tv = time_fn(decisions)  # (none: cost_of says that 'time' needs one)
    return EvalResult(entry["metrics"], cost_of(entry["metrics"], objective, tv),
                      entry["report"], cached, key)


@dataclass
class Rollout:
    decisions: list[Decision]
    metrics: dict
    report: dict
    seen: dict = field(default_factory=dict)  # watched point key -> (alternatives, chosen)
    key: str = ""  # evalcache key of the decisions
    cost: tuple = ()  # filled in by the caller (objective-specific)
    seconds: float = 0.0
    module: bytes = b""  # the loadable module (PTX/cubin/code object), when asked for
    time_ratio: float | None = None  # objective 'time': measured time / LLVM default's
    module_sha: str = ""  # sha256 of the module when one was made: schedules with different
    # decisions often assemble to the same binary (ptxas re-schedules), so this is the
    # identity that matters for timing

    def __iter__(self):  # `decisions, metrics = rollout(...)`
        return iter((self.decisions, self.metrics))


def rollout(ir: str | Path, target: str | Target, policy: Policy, *, base: str = "target",
            watch: Iterable = (), n_random: int = 2, seed: int = 0,
            module_suffix: str | None = None, launch: Launch | None = None) -> Rollout:
    """Compile live with `policy` deciding every point; measure. The metrics are also stored
    in the evalcache under the decisions' key (a later evaluate() of them is a hit).
    module_suffix ('.ptx', '.cubin', '.co'): also return the loadable module's bytes (made
    here, so ptxas / ld.lld run in the worker, in parallel)."""
    t0 = time.perf_counter()
    t = parse_target(target)
    ir = Path(ir)
    seen: dict = {}
    if getattr(policy, "plugin_evaluates", False) and not watch:
        res = _compile_policy_file(ir, t, policy, base)  # the plugin decides: no pipe
    else:
        agent = policy.agent(WATCH_ALL if watch == WATCH_ALL else frozenset(watch), n_random,
                             seed)
        try:
            res = compile_ir(ir, t, agent=agent, base=base)
        finally:
            agent.close()
        seen = agent.seen
    metrics, report = measure(res.asm, t, launch, res.entry), report_summary(res.report)
    key = cache_key(ir.read_bytes(), t.name, base, res.decisions, launch)
    if cache_get(key) is None:
        cache_put(key, {"metrics": metrics, "report": report})
    module = module_bytes(res, module_suffix) if module_suffix else b""
    return Rollout(res.decisions, metrics, report, seen, key,
                   seconds=time.perf_counter() - t0, module=module)


def _compile_policy_file(ir: Path, t: Target, policy: Policy, base: str):
    """One llc run with the policy as a policy file (evaluated by the plugin, as it picks
    live: the same rule); its decisions (every point with a choice) from its state log."""
    import json
    import tempfile

    from ..core.protocol import decision_for, read_states
    with tempfile.TemporaryDirectory(prefix="agentsched-rollout-") as d:
        pf, log = Path(d) / "policy.json", Path(d) / "states.jsonl"
        pf.write_text(json.dumps(policy.policy_file(t)))  # type: ignore[attr-defined]
        res = compile_ir(ir, t, policy=pf, state_log=log, base=base)
        res.decisions = [decision_for(p, p.find(*(p.chosen or p.llvm)))
                         for p in read_states(log) if len({c.id for c in p.candidates}) > 1]
    return res
