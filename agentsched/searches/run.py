"""A whole search for one kernel: compile many schedules, keep the best, verify it by strict
replay (and, for objective 'time', confirm it on the GPU); the body of `agentsched search`
and of agentsched.searches().
"""
from __future__ import annotations

import json
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from ..core.files import read_text, together, write_text
from ..core.hashing import digest, sha256_hex
from ..core.interrupts import Interrupted
from ..core.paths import data_dir
from ..core.phase import current_phase
from ..core.protocol import Decision, decisions_text, write_decisions
from ..kernels.ref import BuildOptions, KernelRef, resolve_kernel
from ..llvm.compile import compile_ir
from ..llvm.frontend import emit_ir
from ..llvm.ir import ir_entry
from ..llvm.metrics import launch_of
from ..targets import Target, parse_target
from .cache import canonical_decisions
from .evaluate import measure, report_summary
from .evaluator import Evaluator
from .journal import Journal
from .objectives import check_default_measured, check_measurable
from .options import SearchOptions, with_fields
from .policies import (
    AgentPolicy,
    HeuristicPolicy,
    LinearPolicy,
    Policy,
    check_weights,
    portfolio_policy,
)
from .tracker import SearchResult


@dataclass
class SearchReport:
    """What a search found; to_dict() is the JSON `agentsched search --json` writes
    (docs/search.md)."""
    kernel: str
    target: str
    ir: str
    method: str
    objective: str
    seed: int
    budget: int
    backend: str
    workers: int | None
    ray_address: str | None
    default: dict  # metrics, cost, report (and time with objective 'time')
    best: dict  # the same, and policy, replay_metrics, replay_report, replay_matches ...
    improved: bool
    evaluations: int
    decisions_file: str  # the winner's decisions (replay with compile --decisions)
    throughput_evals_per_s: float
    elapsed_s: float
    history: list  # [evaluations so far, best cost so far] after each evaluation
    info: dict  # the method's details (best_weights for evolve ...)
    timing: dict | None = None  # objective 'time': screening, finalists, confirmation
    stopped: str | None = None  # the signal that stopped the search early (best unconfirmed)
    resumed: int = 0  # evaluations answered from the journal of an earlier run
    best_decisions: list[Decision] = field(default_factory=list, repr=False)  # not in JSON
    # what names and rebuilds the kernel (KernelRef.record(): kernel_key, source as given,
    # build_options, entry, clang_flags, block, lang; symbol; ir_file when --ir gave the IR)
    kernel_record: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        d = asdict(self)
        del d["best_decisions"]
        if d["timing"] is None:
            del d["timing"]
        d.update(d.pop("kernel_record"))
        d["decisions_text"] = decisions_text(self.best_decisions)  # the winner, replayable
        return d

    def write_json(self, path: str | Path) -> None:
        write_text(path, json.dumps(self.to_dict(), indent=2) + "\n")


def run_search(kernel: Any, target: str | Target = "gfx1100",
               options: SearchOptions | None = None, *, build: BuildOptions | None = None,
               time_fn: Callable | None = None, timer: Any = None,
               progress: Callable[[str], None] | None = None, **fields: Any) -> SearchReport:
    """Search schedules of one kernel (options: SearchOptions, or its fields as keywords);
    write the winner's decisions (and the report as JSON to options.json_out, atomically).

    kernel: a suite name, source, spec .py, KernelSpec or Triton kernel (kernels.ref). The
    winner's decisions are those of a live compile, so `agentsched compile --decisions FILE`
    replays them strictly; the search checks that by replaying them strictly and
    re-measuring (best.replay_metrics, best.replay_matches).

    objective 'time' (without a time_fn) times every schedule on the local GPU against LLVM's
    default (searches.gpu_time.GpuTimer: reference check first, interleaved batches of
    time_rounds x time_reps launches); the `finalists` best distinct schedules are then
    re-timed in one fresh run of confirm_rounds x confirm_reps with an A/A copy of the
    default, and `best` is the fastest of them by that run (LLVM's default when none is
    faster beyond the A/A noise). The report's `timing` holds both runs. gpus (or ray): a
    timing worker per GPU of this host (or of the Ray cluster) instead, each ratio measured
    against LLVM's default on the GPU that timed it, the confirmation on one GPU with a
    cross-GPU check of the same binaries (searches.gpu_pool.GpuPool, docs/multigpu.md).
    init_weights / init_from: a warm start, weight vectors (or the search JSONs holding them):
    evolve seeds its first generation with them; beam refines the first one's schedule.
    agent: beam refines that agent's schedule (a name, MODULE:CLASS or FILE.py:CLASS).
    timer: a ready GpuTimer-like object (measure/confirm/screening_summary/suffix) to use
    instead of one made here. ir_file: LLVM IR to use instead of compiling the kernel's
    source (the spec still gives inputs and reference). build: kernels.ref.BuildOptions
    (--entry, -I, -D, clang flags, --block, --lang).
    """
    o = with_fields(options or SearchOptions(), fields)
    o.check()
    objective, budget, method, workers, ray_address, seed = \
        o.objective, o.budget, o.method, o.workers, o.ray, o.seed
    base, width, population, finalists = o.base, o.width, o.population, o.finalists
    json_out, decisions_out = o.json_out, o.decisions_out
    init_weights = [*init_weights_from(o.init_from), *o.init_weights]
    agent = o.agent
    portfolio = [portfolio_policy(p) for p in o.portfolio]
    t0 = time.perf_counter()
    t = parse_target(target)
    kref = resolve_kernel(kernel, build)
    # emit_ir checks that given IR exists and is for this target (a source is compiled)
    check_measurable(objective, t)
    ir = emit_ir(Path(o.ir_file), t, entry=kref.entry) if o.ir_file is not None \
        else kref.ir(t)
    check_weights(init_weights)
    launch = launch_of(kref)
    llvm = compile_ir(ir, t, base=base)  # LLVM's own schedule must yield the objective
    check_default_measured(objective, t, measure(llvm.asm, t, launch, llvm.entry), llvm.report,
                           kref.name)
    own_timer = False
    if objective == "predicted":  # the model stands where the GPU timer would (no GPU)
        from .predicted import PredictedTimer, model_suffix
        timer = PredictedTimer(t, replay_module(ir, t, base, model_suffix(t)), llvm.entry)
        own_timer = True
    elif objective != "time":
        timer = None
    elif time_fn is None and timer is None:
        timer = _gpu_timer(kref, ir, t, base, o.runtime, o.time_rounds, o.time_reps, seed,
                           o.gpus, ray_address)
        own_timer = True  # ours to close; a caller's timer stays open for the caller
        if o.screen is not None:  # time only the model's best fraction of each batch
            from .predicted import PredictedTimer, ScreenedTimer, is_amd
            # the AMD model is a formula over assembly, with no pair rows to calibrate on
            timer = ScreenedTimer(timer, PredictedTimer(t, timer.default_module, llvm.entry),
                                  o.screen, warmup=0 if is_amd(t) else o.screen_warmup)
    journal = Journal(_journal_key(o, ir, t, launch, init_weights, timer, time_fn),
                      fresh=o.fresh) if o.journal else None
    if journal is not None and journal.resumed and progress:
        progress(f"resuming: {journal.resumed} evaluations of an earlier run of this search")
    deadline = time.monotonic() + o.seconds if o.seconds is not None else None
    ev, failed, stopped = None, True, None
    try:
        ev = Evaluator(ir, t, objective, workers=workers, ray_address=ray_address, base=base,
                       time_fn=time_fn, timer=timer,
                       keep_top=finalists if timer and objective == "time" else 0,
                       seed=seed, max_tasks=budget, launch=launch, journal=journal,
                       deadline=deadline)
        if method == "beam":
            from .beam import beam_search
            # A warm start for beam: refine the first given policy's (or the agent's)
            # schedule point by point.
            completion: Any = "default"
            if init_weights:
                completion = LinearPolicy(tuple(float(x) for x in init_weights[0]))
            elif agent is not None:
                completion = AgentPolicy(agent, seed)
            res = beam_search(ev, budget, width=width, completion=completion,
                              portfolio=portfolio, progress=progress)
        else:
            from .evolve import evolve_search
            res = evolve_search(ev, budget, population=population, seed=seed,
                                init=init_weights, portfolio=portfolio, progress=progress)
        backend = ev.backend
        timing = None
        if timer is not None and objective == "time":
            baselines, notes = _baselines(kref, t, time_fn)
            timing = _confirm(timer, ev, res, ir, t, base, o.confirm_rounds,
                              o.confirm_reps, baselines)
            timing["baselines"] = _baseline_figures(timing, notes)
        failed = False
    except Interrupted as e:
        if journal is None or not journal.known:
            raise
        # What was found is kept: the best journaled schedule, written unconfirmed.
        stopped, backend, timing = e, ev.backend if ev else "none", None
        res = _from_journal(journal, method, objective, ev)
    finally:
        if ev is not None:
            ev.close(kill=failed)  # on an error or interrupt, running compiles are stopped
        if own_timer:
            timer.close()
        if journal is not None:
            journal.close()

    digest = sha256_hex(canonical_decisions(res.best.decisions))[:12]
    if decisions_out is None:
        if json_out is not None and str(json_out) != "-":
            decisions_out = Path(json_out).with_suffix(".decisions.jsonl")
        else:
            decisions_out = (data_dir() / "search" /
                             f"{kref.file_name}-{t.name}-{method}-{objective}-{digest}.jsonl")
    decisions_out = Path(decisions_out)

    # Verify: strict replay of the file (exactly what `agentsched compile --decisions` does);
    # it is published with the summary, all or nothing (core.files.together).
    if stopped is None:
        with tempfile.TemporaryDirectory(prefix="agentsched-search-") as d:
            written = Path(d) / decisions_out.name
            write_decisions(written, res.best.decisions)
            replay = compile_ir(ir, t, decisions=written, base=base)
        replay_metrics: dict | None = measure(replay.asm, t, launch, replay.entry)
        replay_report: dict | None = report_summary(replay.report)
    else:  # stopped: no compile more; the next run of the same command resumes
        replay_metrics = replay_report = None

    report = SearchReport(
        kernel=kref.name, target=t.name, ir=str(ir), method=method, objective=objective,
        seed=seed, budget=budget, backend=backend,
        workers=ev.workers if ev is not None and backend != "ray" else None,
        ray_address=ray_address,
        default={"metrics": res.default.metrics, "cost": list(res.default.cost),
                 "report": res.default.report},
        best={"metrics": res.best.metrics, "cost": list(res.best.cost),
              "report": res.best.report, "policy": res.best_policy.fingerprint(),
              "replay_metrics": replay_metrics,
              "replay_report": replay_report,
              "replay_matches": None if replay_metrics is None
              else replay_metrics == res.best.metrics,
              "decisions_sha256": digest},
        improved=list(res.best.cost) < list(res.default.cost),
        evaluations=res.evaluations, decisions_file=str(decisions_out),
        throughput_evals_per_s=round(res.throughput, 3),
        elapsed_s=round(time.perf_counter() - t0, 3), history=res.history, info=res.info,
        best_decisions=list(res.best.decisions),
        kernel_record={**kref.record(), "symbol": llvm.entry,
                       "ir_file": str(o.ir_file) if o.ir_file is not None else None})
    report.stopped = None if stopped is None else str(stopped)
    report.resumed = journal.reused if journal is not None else 0
    if objective == "predicted" and timer is not None:  # the winner's interval, not only 1/ratio
        report.best["predicted"] = timer.prediction_of(getattr(res.best, "module_sha", ""))
    if timing is not None:
        report.timing = timing
        report.improved = timing["improved"]
        conf = (timing.get("confirmation") or {}).get("variants", {})
        report.default["time"] = {"speedup": 1.0,
                                  "median_us": conf.get("default", {}).get("median_us")}
        w = conf.get(timing["winner"] or "", {}) if timing["improved"] else \
            conf.get("default", {})
        report.best["time"] = {"speedup": timing["speedup"] if timing["improved"] else 1.0,
                               "speedup_ci": timing["speedup_ci"] if timing["improved"]
                               else None,
                               "median_us": w.get("median_us")}
    if o.db is not None:  # the winner, confirmed, into the db (before the JSON that says so)
        report.best["db"] = _store_winner(o, report, ir, t, base, stopped)
    with together(decisions_out, json_out):
        write_decisions(decisions_out, res.best.decisions)
        if json_out is not None:
            report.write_json(json_out)
    if stopped is not None:
        stopped.kept = (f"{res.evaluations} evaluations kept; the best so far (not confirmed) "  # type: ignore[attr-defined]
                        f"-> {json_out or decisions_out}; the same command resumes the search")
        raise stopped
    return report


def _store_winner(o: SearchOptions, report: SearchReport, ir: Path, t: Target, base: str,
                  stopped: Any) -> dict:
    """Store the winner in o.db when it is confirmed: improved, its replay measured the same
    and (objective 'time') confirmed faster on the GPU; what was done, and why not."""
    from ..llvm.tuned import NotStorable, search_provenance, store_decisions
    assert o.db is not None
    if stopped is not None:
        return {"file": str(o.db), "stored": False, "why": "the search was stopped"}
    if not report.improved or not report.best_decisions:
        return {"file": str(o.db), "stored": False, "why": "LLVM's schedule won"}
    if not report.best.get("replay_matches"):
        return {"file": str(o.db), "stored": False, "why": "the strict replay differs"}
    try:
        st = store_decisions(o.db, ir, t, report.best_decisions, base=base,
                             provenance=search_provenance(report.to_dict()))
    except NotStorable as e:  # the search's result stands; only the db goes without it
        return {"file": str(o.db), "stored": False, "why": str(e)}
    return {"file": str(o.db), "stored": st.verified, "kernels": st.kernels,
            "regions": st.regions, "decisions": st.decisions,
            "why": "" if st.verified else "the db entries did not reproduce the replay"}


def _journal_key(o: SearchOptions, ir: Path, t: Target, launch: Any, init_weights: list,
                 timer: Any, time_fn: Any) -> str:
    """A search's identity: everything its evaluations depend on (not the budget or the
    time limit: a longer run continues a shorter one)."""
    from ..llvm.metrics import measurement_identity
    timing = ""
    if o.objective in ("time", "predicted"):
        timing = timer.identity() if hasattr(timer, "identity") else repr(time_fn or timer)
    phase = current_phase()  # a post-RA search is another search (pre-RA keys unchanged)
    base = o.base if phase == "pre" else f"{o.base}+{phase}"
    return digest(ir.read_bytes(), t.name, o.objective, o.method, base,
                  f"seed {o.seed} width {o.width} population {o.population}",
                  json.dumps(init_weights), o.agent or "",
                  " ".join(portfolio_policy(p).fingerprint() for p in o.portfolio),
                  measurement_identity(t, launch), timing)


def _from_journal(journal: Journal, method: str, objective: str, ev: Any) -> SearchResult:
    """A SearchResult of the evaluations a stopped search had journaled."""
    items = list(journal.known.items())
    default = journal.known.get(HeuristicPolicy("default").fingerprint(), items[0][1])
    fp, best = min(items, key=lambda kv: (tuple(kv[1].cost), items.index(kv)))
    history, top = [], None
    for i, (_, r) in enumerate(items, 1):
        top = r.cost if top is None or tuple(r.cost) < tuple(top) else top
        history.append([i, list(top)])
    return SearchResult(method, objective, default, best, Recorded(fp), len(items), history,
                        ev.throughput if ev else 0.0, 0.0, {"stopped": True})


@dataclass(frozen=True)
class Recorded(Policy):
    """A policy known only by its fingerprint (a journaled evaluation)."""
    fp: str

    def fingerprint(self) -> str:
        return self.fp


@dataclass
class ModuleSearch:
    """A search of every kernel of a module (no entry): each kernel searched in turn with an
    equal share of the budget (and of the time limit), one decision file for them all (the
    plugin keys decisions by function, so the winners replay together)."""
    reports: list[SearchReport]
    decisions_file: str
    # kernels with no decision that has a choice (an empty kernel, a copy): {entry: why}
    skipped: dict[str, str] = field(default_factory=dict)

    @classmethod
    def run(cls, kernels: Sequence[KernelRef], target: str | Target, options: SearchOptions,
            **kw: Any) -> ModuleSearch:
        from .objectives import NothingToSearch
        n = len(kernels)
        out = Path(options.json_out) if options.json_out not in (None, "-") else None
        reports, skipped = [], {}
        budget, seconds = options.budget, options.seconds
        for i, k in enumerate(kernels):
            # the budget not spent on a kernel with nothing to search goes to the others
            left = n - i
            share = replace(options, budget=max(1, budget // left),
                            seconds=seconds / left if seconds else None)
            mine = replace(share, json_out=out.with_name(f"{out.stem}.{k.file_name}.json")
                           if out else None, decisions_out=None)
            say = kw.get("progress")
            if say:
                say(f"kernel {i + 1}/{n}: {k.entry}")
            t0 = time.monotonic()
            try:
                reports.append(run_search(k, target, mine, **kw))
            except NothingToSearch as e:
                skipped[str(k.entry)] = str(e)
                if say:
                    say(f"kernel {i + 1}/{n}: {k.entry}: skipped, nothing to search")
                continue
            budget -= share.budget
            if seconds:
                seconds -= time.monotonic() - t0
        if not reports:
            raise NothingToSearch(f"no kernel of the module has a decision with a choice "
                                  f"({len(skipped)} kernels): nothing to search")
        merged: list[Decision] = [d for r in reports for d in r.best_decisions]
        dec = Path(options.decisions_out) if options.decisions_out else \
            (out.with_suffix(".decisions.jsonl") if out else
             data_dir() / "search" / f"module-{sha256_hex(canonical_decisions(merged))[:12]}.jsonl")
        summary = {"kernels": [r.to_dict() for r in reports], "decisions_file": str(dec),
                   "skipped": skipped}
        with together(dec, options.json_out):
            write_decisions(dec, merged)
            if options.json_out is not None:
                write_text(options.json_out, json.dumps(summary, indent=2) + "\n")
        return cls(reports, str(dec), skipped)


def replay_module(ir: Path, t: Target, base: str, suffix: str, decisions: Any = None) -> bytes:
    """The loadable module of LLVM's schedule (decisions None) or a strict replay."""
    return compile_ir(ir, t, decisions=decisions, base=base).module(suffix)


def _gpu_timer(kernel: KernelRef, ir: Path, t: Target, base: str, runtime: str, rounds: int,
               reps: int, seed: int, gpus: str | None = None,
               ray_address: str | None = None) -> Any:
    from .gpu_time import GpuTimer
    if kernel.spec is None:
        raise ValueError(f"{kernel.name}: objective 'time' needs a kernel spec (inputs, launch "
                         "geometry, reference): give a suite kernel name or a spec .py "
                         "(docs/own-kernel.md)")
    default = replay_module(ir, t, base, t.module_suffix())
    # the runtime loads the kernel by its symbol (a spec may name it as in the source)
    spec = replace(kernel.spec, entry=ir_entry(ir) or kernel.spec.entry)
    if gpus is not None or ray_address is not None:  # a worker per GPU (gpu_pool.py)
        from .gpu_pool import GpuPool, TimerRecipe
        return GpuPool.start(TimerRecipe(spec, t.name, default, runtime, rounds=rounds,
                                         reps=reps, seed=seed), gpus or "all", ray_address)
    return GpuTimer(spec, t, default, runtime=runtime, rounds=rounds, reps=reps, seed=seed)


def _baselines(kref: KernelRef, t: Target, time_fn: Any) -> tuple[dict, dict]:
    """What a user would otherwise run, timed beside the finalists: nvcc's build of the same
    CUDA source where nvcc is installed ({name: module}, {name: how it was made or why not})."""
    if time_fn is not None or t.family != "nvptx":
        return {}, {}
    from ..kernels.nvcc import nvcc_module
    module, note = nvcc_module(kref, t)
    return ({"nvcc": module} if module else {}), {"nvcc": note}


def _baseline_figures(timing: dict, notes: dict) -> dict:
    """Each baseline's time against LLVM's default and the winner's, from the confirmation."""
    conf = (timing.get("confirmation") or {}).get("variants", {})
    out = {}
    for name, note in notes.items():
        v = conf.get(name) or {}
        win = conf.get(timing.get("winner") or "default") or conf.get("default") or {}
        out[name] = {"note": note, "ok": v.get("ok"), "median_us": v.get("median_us"),
                     "default_vs_it": v.get("speedup") and 1.0 / v["speedup"],
                     "winner_vs_it": (v["median_us"] / win["median_us"])
                     if v.get("median_us") and win.get("median_us") else None}
    return out


def _confirm(timer: Any, ev: Evaluator, res: Any, ir: Path, t: Target, base: str, rounds: int,
             reps: int, baselines: dict | None = None) -> dict:
    """Re-time the finalists (distinct binaries) in one fresh run; make res.best the
    confirmed winner, or LLVM's default when no finalist beats it beyond the A/A noise."""
    finalists = [(f"f{i}", pol, ro) for i, (cost, _, pol, ro) in enumerate(ev.top)
                 if ro.time_ratio is not None and ro.time_ratio < 1.0]
    # the finalists' modules are made again in parallel, by the search's workers
    made = ev.pool.map(replay_module, [((ir, t, base, timer.suffix), {"decisions": ro.decisions})
                                       for _, _, ro in finalists])
    modules = {name: m for (name, _, _), m in zip(finalists, made)}
    confirmation = timer.confirm({**modules, **(baselines or {})}, rounds, reps) \
        if modules or baselines else None
    top: tuple[str, Any, Any] | None = None  # (name, policy, rollout) of the fastest
    speedup, ci, bound = 1.0, None, None
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
    if top is not None and improved:
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
            "winner": top[0] if top is not None and improved else None,
            "speedup": speedup if improved else 1.0,
            "speedup_ci": ci if improved else None,
            "aa_bound": bound, "improved": improved}


def init_weights_from(files: Sequence[str | Path]) -> list:
    """Linear-policy weights of earlier `search --method evolve` JSON files (`--init-from`):
    the best, and with --objective time every finalist of the confirmation run (its winner
    first). A file may be stored compressed (`.json.xz`, `.json.gz`)."""
    out = []
    for f in files:
        try:
            data = json.loads(read_text(f))
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
