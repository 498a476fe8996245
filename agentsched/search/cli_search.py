"""`agentsched search`: find a better schedule for one kernel by compiling many.

search_command() is the body of the CLI command (the typer wiring lives in agentsched.cli).
"""
from __future__ import annotations

import hashlib
import json
import time
from pathlib import Path
from typing import Callable

from ..protocol import atomic_write_text, write_decisions
from ..toolchain.compile import compile_ir, parse_target
from ..toolchain.plugin import data_dir
from .evaluate import Evaluator, _measure, _summary, canonical_decisions, check_objective

METHODS = ("beam", "evolve")


def search_command(source_or_kernel: str | Path, target: str = "gfx1100",
                   objective: str = "vgpr", budget: int = 64, workers: int | None = None,
                   ray_address: str | None = None, method: str = "beam", seed: int = 0,
                   json_out: str | Path | None = None, decisions_out: str | Path | None = None,
                   *, time_fn: Callable | None = None, base: str = "target",
                   width: int = 4, population: int = 8,
                   progress: Callable[[str], None] | None = None) -> dict:
    """Search schedules of one kernel; write the winner's decisions and a JSON summary.

    Returns (and writes to json_out, atomically) {default, best, evaluations, decisions_file,
    method, objective, throughput_evals_per_s, elapsed_s, history, ...}. The winner's
    decisions are those of a live compile, so `agentsched compile --decisions FILE` replays
    them strictly; the search checks that by replaying them strictly and re-measuring
    (best.replay_metrics, best.replay_matches).
    """
    from ..experiment import resolve_kernel
    if method not in METHODS:
        raise ValueError(f"unknown search method {method!r}; choose one of {', '.join(METHODS)}")
    check_objective(objective)
    t0 = time.perf_counter()
    t = parse_target(target)
    kernel = resolve_kernel(str(source_or_kernel))
    ir = kernel.ir(t)
    ev = Evaluator(ir, t, objective, workers=workers, ray_address=ray_address, base=base,
                   time_fn=time_fn, seed=seed)
    try:
        if method == "beam":
            from .beam import beam_search
            res = beam_search(ev, budget, width=width, progress=progress)
        else:
            from .evolve import evolve_search
            res = evolve_search(ev, budget, population=population, seed=seed,
                                progress=progress)
        backend = ev.backend
    finally:
        ev.close()

    body = canonical_decisions(res.best.decisions)
    digest = hashlib.sha256(body.encode()).hexdigest()[:12]
    if decisions_out is None:
        if json_out is not None:
            decisions_out = Path(json_out).with_suffix(".decisions.jsonl")
        else:
            decisions_out = (data_dir() / "search" /
                             f"{kernel.name}-{t.name}-{method}-{objective}-{digest}.jsonl")
    decisions_out = Path(decisions_out)
    write_decisions(decisions_out, res.best.decisions)

    # Verify: strict replay of the file (exactly what `agentsched compile --decisions` does).
    replay = compile_ir(ir, t, decisions=decisions_out, base=base)
    replay_metrics = _measure(replay.asm, t)

    out = {
        "kernel": kernel.name, "target": t.name, "ir": str(ir),
        "method": method, "objective": objective, "seed": seed, "budget": budget,
        "backend": backend, "workers": ev.workers if backend != "ray" else None,
        "ray_address": ray_address,
        "default": {"metrics": res.default.metrics, "cost": list(res.default.cost),
                    "report": res.default.report},
        "best": {"metrics": res.best.metrics, "cost": list(res.best.cost),
                 "report": res.best.report, "policy": res.best_policy.fingerprint(),
                 "replay_metrics": replay_metrics,
                 "replay_report": _summary(replay.report),
                 "replay_matches": replay_metrics == res.best.metrics,
                 "decisions_sha256": digest},
        "improved": list(res.best.cost) < list(res.default.cost),
        "evaluations": res.evaluations,
        "decisions_file": str(decisions_out),
        "throughput_evals_per_s": round(res.throughput, 3),
        "elapsed_s": round(time.perf_counter() - t0, 3),
        "history": res.history,
        "info": res.info,
    }
    if json_out is not None:
        atomic_write_text(json_out, json.dumps(out, indent=2) + "\n")
    return out
