"""`agentsched search`: find a better schedule for one kernel by compiling many.

search_command() is the body of the CLI command (the typer wiring lives in agentsched.cli).
"""
from __future__ import annotations

import hashlib
import json
import time
from dataclasses import replace
from pathlib import Path
from typing import Callable

from ..protocol import atomic_write_text, write_decisions
from ..toolchain.compile import compile_ir, emit_ir, module_bytes, parse_target
from ..toolchain.frontend import ir_entry
from ..toolchain.plugin import data_dir
from ..metrics import launch_of
from .evaluate import (Evaluator, HeuristicPolicy, LinearPolicy, _measure, _summary,
                       bounded_workers, canonical_decisions, check_default_measured,
                       check_measurable, check_objective, check_weights)

METHODS = ("beam", "evolve")


def search_command(source_or_kernel: str | Path, target: str = "gfx1100",
                   objective: str = "vgpr", budget: int = 64, workers: int | None = None,
                   ray_address: str | None = None, method: str = "beam", seed: int = 0,
                   json_out: str | Path | None = None, decisions_out: str | Path | None = None,
                   *, time_fn: Callable | None = None, base: str = "target",
                   width: int = 4, population: int = 8, ir_file: str | Path | None = None,
                   time_rounds: int = 5, time_reps: int = 3, finalists: int = 4,
                   confirm_rounds: int = 31, confirm_reps: int = 5, runtime: str = "auto",
                   timer=None, init_weights=(), build=None,
                   progress: Callable[[str], None] | None = None) -> dict:
    """Search schedules of one kernel; write the winner's decisions and a JSON summary.

    Returns (and writes to json_out, atomically) {default, best, evaluations, decisions_file,
    method, objective, throughput_evals_per_s, elapsed_s, history, ...}. The winner's
    decisions are those of a live compile, so `agentsched compile --decisions FILE` replays
    them strictly; the search checks that by replaying them strictly and re-measuring
    (best.replay_metrics, best.replay_matches).

    objective 'time' (without a time_fn) times every schedule on the local GPU against LLVM's
    default (search.gpu_time.GpuTimer: reference check first, interleaved batches of
    time_rounds x time_reps launches); the `finalists` best distinct schedules are then
    re-timed in one fresh run of confirm_rounds x confirm_reps with an A/A copy of the
    default, and `best` is the fastest of them by that run (LLVM's default when none is
    faster beyond the A/A noise). The JSON's "timing" key holds both runs.
    init_weights: a warm start, weight vectors (e.g. a previous run's info.best_weights):
    evolve seeds its first generation with them; beam refines the first one's schedule.
    timer: a ready GpuTimer-like object (measure/confirm/screening_summary/suffix) to use
    instead of one made here. ir_file: LLVM IR to use instead of compiling the kernel's
    source (the spec still gives inputs and reference). build: experiment.BuildOptions
    (--entry, -I, -D, clang flags, --block, --lang).
    """
    from ..experiment import resolve_kernel
    if method not in METHODS:
        raise ValueError(f"unknown search method {method!r}; choose one of {', '.join(METHODS)}")
    check_objective(objective)
    if ray_address is None:
        bounded_workers(workers, budget)  # a bad --workers fails before anything is built
    t0 = time.perf_counter()
    t = parse_target(target)
    kernel = resolve_kernel(str(source_or_kernel), build)
    # emit_ir checks that given IR exists and is for this target (a source is compiled)
    check_measurable(objective, t)
    ir = emit_ir(Path(ir_file), t, entry=kernel.entry) if ir_file is not None else \
        kernel.ir(t)
    check_weights(init_weights)
    launch = launch_of(kernel.spec)
    llvm = compile_ir(ir, t, base=base)  # LLVM's own schedule must yield the objective
    check_default_measured(objective, t, _measure(llvm.asm, t, launch, llvm.entry), llvm.report,
                           kernel.name)
    own_timer = False
    if objective != "time":
        timer = None
    elif time_fn is None and timer is None:
        timer = _gpu_timer(kernel, ir, t, base, runtime, time_rounds, time_reps, seed)
        own_timer = True  # ours to close; a caller's timer stays open for the caller
    ev, failed = None, True
    try:
        ev = Evaluator(ir, t, objective, workers=workers, ray_address=ray_address, base=base,
                       time_fn=time_fn, timer=timer, keep_top=finalists if timer else 0,
                       seed=seed, max_tasks=budget, launch=launch)
        if method == "beam":
            from .beam import beam_search
            # A warm start for beam: refine the first given policy's schedule point by point.
            completion = LinearPolicy(tuple(float(x) for x in init_weights[0])) \
                if init_weights else "default"
            res = beam_search(ev, budget, width=width, completion=completion,
                              progress=progress)
        else:
            from .evolve import evolve_search
            res = evolve_search(ev, budget, population=population, seed=seed,
                                init=init_weights, progress=progress)
        backend = ev.backend
        timing = None
        if timer is not None:
            timing = _confirm(timer, ev, res, ir, t, base, confirm_rounds, confirm_reps)
        failed = False
    finally:
        if ev is not None:
            ev.close(kill=failed)  # on an error or interrupt, running compiles are stopped
        if own_timer:
            timer.close()

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
    replay_metrics = _measure(replay.asm, t, launch, replay.entry)

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
    if timing is not None:
        out["timing"] = timing
        out["improved"] = timing["improved"]
        conf = (timing.get("confirmation") or {}).get("variants", {})
        out["default"]["time"] = {"speedup": 1.0,
                                  "median_us": conf.get("default", {}).get("median_us")}
        w = conf.get(timing["winner"] or "", {}) if timing["improved"] else conf.get("default", {})
        out["best"]["time"] = {"speedup": timing["speedup"] if timing["improved"] else 1.0,
                               "speedup_ci": timing["speedup_ci"] if timing["improved"] else None,
                               "median_us": w.get("median_us")}
    if json_out is not None:
        atomic_write_text(json_out, json.dumps(out, indent=2) + "\n")
    return out


def _module(ir: Path, t, base: str, suffix: str, decisions=None) -> bytes:
    """The loadable module of LLVM's schedule (decisions None) or a strict replay."""
    return module_bytes(compile_ir(ir, t, decisions=decisions, base=base), suffix)


def _gpu_timer(kernel, ir: Path, t, base: str, runtime: str, rounds: int, reps: int, seed: int):
    from .gpu_time import GpuTimer, module_suffix
    if kernel.spec is None:
        raise ValueError(f"{kernel.name}: objective 'time' needs a kernel spec (inputs, launch "
                         "geometry, reference): give a suite kernel name or a spec .py "
                         "(docs/own-kernel.md)")
    default = _module(ir, t, base, module_suffix(t))
    # the runtime loads the kernel by its symbol (a spec may name it as in the source)
    spec = replace(kernel.spec, entry=ir_entry(ir) or kernel.spec.entry)
    return GpuTimer(spec, t, default, runtime=runtime, rounds=rounds, reps=reps, seed=seed)


def _confirm(timer, ev, res, ir: Path, t, base: str, rounds: int, reps: int) -> dict:
    """Re-time the finalists (distinct binaries) in one fresh run; make res.best the
    confirmed winner, or LLVM's default when no finalist beats it beyond the A/A noise."""
    finalists = [(f"f{i}", pol, ro) for i, (cost, _, pol, ro) in enumerate(ev.top)
                 if ro.time_ratio is not None and ro.time_ratio < 1.0]
    modules = {name: _module(ir, t, base, timer.suffix, decisions=ro.decisions)
               for name, _, ro in finalists}
    confirmation = timer.confirm(modules, rounds, reps) if modules else None
    top, speedup, ci, bound = None, 1.0, None, None
    if confirmation is not None:
        bound = (confirmation.get("noise_floor") or {}).get("bound", 0.0)
        for name, pol, ro in finalists:
            v = confirmation["variants"][name]
            if v.get("ok") is False or v.get("speedup") is None:
                continue
            if top is None or v["speedup"] > speedup:
                top, speedup, ci = (name, pol, ro), v["speedup"], v.get("speedup_ci")
    # The fastest of several finalists is itself a selection: demand a CI above 1 and a gain
    # beyond the A/A bound before calling it an improvement.
    improved = bool(top and ci and ci[0] > 1.0 and speedup - 1.0 > (bound or 0.0))
    if improved:
        res.best_policy, res.best = top[1], top[2]
        if isinstance(top[1], LinearPolicy):
            res.info["best_weights"] = list(top[1].weights)  # what --init-from starts from
        elif isinstance(getattr(top[1], "completion", None), LinearPolicy):
            res.info["best_weights"] = list(top[1].completion.weights)
    else:
        res.best_policy, res.best = HeuristicPolicy("default"), res.default
    return {"screening": timer.screening_summary(),
            "finalists": [{"name": n, "policy": p.fingerprint(), "screen_ratio": ro.time_ratio,
                           "decisions_key": ro.key, "module_sha256": ro.module_sha}
                          for n, p, ro in finalists],
            "confirmation": confirmation,
            "best_finalist": top[0] if top else None,
            "best_finalist_speedup": speedup if top else None,
            "winner": top[0] if improved else None,
            "speedup": speedup if improved else 1.0,
            "speedup_ci": ci if improved else None,
            "aa_bound": bound, "improved": improved}


def init_weights_from(files: list[Path]) -> list:
    """Linear-policy weights of earlier `search --method evolve` JSON files (`--init-from`):
    the best, and with --objective time every finalist of the confirmation run (its winner
    first)."""
    out = []
    for f in files:
        try:
            data = json.loads(Path(f).read_text())
            found = [data["info"].get("best_weights") or []]
            timing = data.get("timing") or {}
            for fin in timing.get("finalists", []):
                if str(fin.get("policy", "")).startswith("linear:"):
                    w = [float(x) for x in fin["policy"][7:].split(",")]
                    # the confirmed winner first: it is what beam refines
                    found.insert(0 if fin.get("name") == timing.get("winner") else len(found), w)
        except FileNotFoundError:
            raise FileNotFoundError(f"{f}: search JSON not found") from None
        except (ValueError, KeyError, TypeError, AttributeError) as e:
            raise ValueError(f"{f}: not an evolve search JSON with info.best_weights "
                             f"({type(e).__name__}: {e})") from None
        found = [w for w in found if w]
        if not found:
            raise ValueError(f"{f}: no linear-policy weights in it (the best schedule was "
                             "LLVM's or a heuristic's)")
        for w in found:
            if w not in out:
                out.append(w)
    return out
