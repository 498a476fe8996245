"""The public Python API (docs/api.md): everything the command line does goes through these
functions, and a notebook uses the same ones.

    import agentsched
    r = agentsched.compile("fused_mlp", "gfx1100", agent="min_pressure")
    r.metrics.vgpr, r.report["changed"], r.decisions, r.asm, r.module()
    rows = agentsched.experiment("fused_mlp", "gfx1100", ["default", "min_pressure"])
    best = agentsched.search("fused_mlp", "gfx1100", objective="vgpr", budget=32)

A kernel is named as on the command line (a suite name, a CUDA/HIP source, LLVM IR, a spec
.py, a Triton cache directory), or given as a KernelSpec or a KernelRef from kernel(); an
agent by name (min_pressure, module:Class, file.py:Class, an entry point) or as an Agent.
"""
from __future__ import annotations

import json
import re
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias

from ..agents import Agent, agent_class, agent_names, is_deterministic, make_agent
from ..agents.heuristics import SEED_AGENTS
from ..core.protocol import Decision, decision_for, read_states, write_decisions
from ..kernels.ref import BuildOptions, KernelRef, kernel_names, kernels_of, resolve_kernel
from ..llvm.compile import compile_ir
from ..llvm.metrics import launch_of
from ..llvm.result import CompileResult
from ..llvm.session import AgentError
from ..searches.objectives import OBJECTIVE_HELP, OBJECTIVES, TRAIN_OBJECTIVE_HELP
from ..searches.options import SearchOptions, TrainOptions
from ..targets import Target, parse_target
from ..tools.plugin import plugin_path

if TYPE_CHECKING:  # imported where they are used: `import agentsched` stays light
    from ..experiments.store import Store
    from ..kernels.spec import KernelSpec
    from ..runtime.bundle import Bundle
    from ..searches.run import ModuleSearch, SearchReport

__all__ = ["OBJECTIVES", "OBJECTIVE_HELP", "TRAIN_OBJECTIVE_HELP", "SEED_AGENTS", "BuildOptions", "CompileResult",
           "Decided", "SearchOptions", "TrainOptions", "tune", "select", "agent_names", "kernel_names", "kernels_of", "bundle", "compile", "decide", "emit_ir", "experiment",
           "kernel", "launch_threads", "merge_timings", "plugin_path", "report", "reproduce",
           "search", "show", "time", "train", "write_decisions"]

Kernel: TypeAlias = "str | Path | KernelSpec | KernelRef"  # names a kernel (module doc)
AgentLike = str | Agent | None


def kernel(source: Kernel, *, entry: str | None = None, include_dirs: Sequence[str | Path] = (),
           defines: dict | None = None, flags: Sequence[str] = (),
           block: Sequence[int] | None = None, lang: str | None = None,
           dynamic_shared: int | None = None, build: BuildOptions | None = None) -> KernelRef:
    """The kernel `source` names, built with the user's options over a spec's own: entry
    (the kernel's source name, a template instance as in C++, or a template's name or a
    prefix when that names one instance), -I directories, -D macros, other clang flags, the
    launch block (occupancy; AMDGPU launch bounds), "cuda" or "hip", the launch's dynamic
    shared memory in bytes (occupancy) (or all of them as one BuildOptions). Every function
    below takes the KernelRef this returns; its `launch` is what occupancy counts."""
    if build is None:
        build = BuildOptions(entry=entry, include_dirs=tuple(Path(d) for d in include_dirs),
                             defines=dict(defines or {}), flags=tuple(flags),
                             block=tuple(block) if block else None, lang=lang,
                             dynamic_shared=dynamic_shared)
    return resolve_kernel(source, build)


def launch_threads(block: Any) -> int:
    """Threads per block of a launch block (X, (X, Y), (X, Y, Z) or "X,Y,Z"); ValueError
    for a bad one."""
    from ..llvm.frontend import launch_threads as threads
    return threads(block)


def _kernel(source: Kernel, entry: str | None, build: BuildOptions | None) -> KernelRef:
    if entry is not None:
        build = replace(build or BuildOptions(), entry=entry)
    return resolve_kernel(source, build)


def emit_ir(source: Kernel, target: str | Target, *, entry: str | None = None,
            build: BuildOptions | None = None) -> Path:
    """The kernel's device LLVM IR for `target` (cached), naming its kernel on its first line:
    what LiveSession and compile_ir take."""
    return _kernel(source, entry, build).ir(parse_target(target))


@contextmanager
def _agent(agent: AgentLike, seed: int, options: dict | None) -> Iterator[Any]:
    """An agent named by `agent` (made here and closed after), or the caller's own object."""
    if agent is None or not isinstance(agent, str):
        yield agent
        return
    made = make_agent(agent, seed=seed, **(options or {}))
    try:
        yield made
    finally:
        made.close()


def compile(source: Kernel, target: str | Target, *, entry: str | None = None,
            agent: AgentLike = None, decisions: Sequence[Decision] | str | Path | None = None,
            seed: int = 0, agent_options: dict | None = None,
            agent_timeout: float | None = None, lenient: bool = False, base: str = "target",
            state_log: str | Path | None = None, full_state_log: bool = False,
            output: str | Path | None = None, measure: bool = True,
            build: BuildOptions | None = None, fallback: bool = False,
            features: bool = False, db: str | Path | None = None) -> CompileResult:
    """Compile a kernel with the plugin: LLVM's schedule, a live agent's (`agent`: a name or
    an Agent; agent_timeout seconds per decision, default 300) or a decision file's / list's
    (`decisions`; lenient: stale ones fall back to LLVM's pick). Writes `output` (.s/.ptx,
    .o, .co/.hsaco, .cubin by suffix; "-" is the assembly on standard output) and the state
    log when asked; returns the CompileResult with .metrics (measure=False skips them).
    features: the state log's points carry the plugin's feature rows (-agent-sched-features).
    fallback: keep LLVM's schedule when the agent's (or the decisions') kernel has lower
    occupancy, more spills or, occupancy unknown, more registers than LLVM's
    (llvm.metrics.worse_than_default; report["fallback"] says why). db: a tuned-schedule
    database applied first (docs/db.md; report["tuned"] says what each region took)."""
    if agent is not None and decisions is not None:
        raise ValueError("give an agent or decisions, not both")
    from ..core.files import together
    from ..core.scheduledb import using_db
    t = parse_target(target)
    k = _kernel(source, entry, build)
    ir = k.ir(t)
    with together(output, state_log), using_db(db):  # both or neither
        with _agent(agent, seed, agent_options) as live:
            result = compile_ir(ir, t, agent=live, decisions=decisions, lenient=lenient,
                                state_log=Path(state_log) if state_log is not None else None,
                                base=base, full_state_log=full_state_log,
                                agent_timeout=agent_timeout, features=features)
        if fallback and (agent is not None or decisions is not None):
            result = _fallback(result, ir, t, base, launch_of(k))
        if output is not None:
            result.write(output)
    if measure and result.metrics is None:
        result.measure(launch_of(k))
    return result


def select(source: Kernel, target: str | Target = "sm_90", *,
           decisions: Sequence[Decision] | str | Path | None = None,
           policy: str | Path | None = None, model: str | Path | None = None,
           gpu: str = "auto", output: str | Path | None = None,
           build: BuildOptions | None = None) -> tuple[CompileResult, dict]:
    """Per kernel, LLVM's schedule, the policy's (default policies/<target>.json) or a tuned
    one (`decisions`), chosen by the static performance model (docs/perfmodel.md): another
    than LLVM's only when the model is sure (its interval above 1), else, with gpu='auto'
    and a GPU here, a short interleaved GPU check with the reference check; else LLVM's.
    Returns the chosen CompileResult (written to `output`) and the selection as a dict."""
    from ..searches.predicted import select_schedule
    t = parse_target(target)
    k = _kernel(source, None, build)
    result, sel = select_schedule(k, t, decisions=decisions,
                                  policy=Path(policy) if policy is not None else None,
                                  model_path=Path(model) if model is not None else None,
                                  gpu=gpu)
    if output is not None:
        result.write(output)
    if result.metrics is None:
        result.measure(launch_of(k))
    return result, sel.as_dict()


def _fallback(result: CompileResult, ir: Path, t: Target, base: str, launch: Any
              ) -> CompileResult:
    from ..llvm.metrics import worse_than_default
    default = compile_ir(ir, t, base=base)
    why = worse_than_default(default.measure(launch).as_dict(), result.measure(launch).as_dict())
    if why is None:
        result.report["fallback"] = None
        return result
    default.report["fallback"] = why
    default.report["fallback_changed"] = result.report.get("changed")
    return default


@dataclass
class Decided:
    """Offline decisions over a state log (decide())."""
    decisions: list[Decision]
    changed: int  # decisions that differ from LLVM's pick


def decide(state_log: str | Path, agent: AgentLike, *, seed: int = 0,
           agent_options: dict | None = None, output: str | Path | None = None) -> Decided:
    """Let an agent decide every point of a state log that has a choice, offline (the seed's
    method: after the first changed decision the real candidates differ, so a replay may find
    decisions stale; compile(agent=...) decides live instead). Writes `output` when given."""
    decisions, changed = [], 0
    with _agent(agent, seed, agent_options) as ag:
        name = getattr(ag, "name", agent)
        for point in read_states(state_log):
            if len({c.id for c in point.candidates}) < 2:
                continue
            try:
                cand = ag.pick(point)
            except Exception as e:
                raise AgentError(f"agent {name!r} failed at {point.key}: "
                                 f"{type(e).__name__}: {e}") from e
            if cand not in point.candidates:
                raise AgentError(f"agent {name!r} picked a non-candidate at {point.key}: "
                                 f"{cand!r:.200}")
            changed += cand.key != point.llvm
            decisions.append(decision_for(point, cand))
    if output is not None:
        write_decisions(output, decisions)
    return Decided(decisions, changed)


@contextmanager
def _store(store: str | Path | Store | None) -> Iterator[Store]:
    """The results store: the caller's open one, or one opened (and closed) here (None: the
    data directory's)."""
    from ..experiments.store import Store
    if isinstance(store, Store):
        yield store
        return
    opened = Store(store)
    try:
        yield opened
    finally:
        opened.close()


def check_agents(names: Sequence[str]) -> None:
    """Refuse an agent name that names no agent before anything is compiled."""
    for name in names:
        agent_class(name)


def experiment(kernel: Kernel, target: str | Target, agents: Sequence[str] = SEED_AGENTS, *,
               entry: str | None = None, seed: int = 0, store: str | Path | Store | None = None,
               time: bool = False, agent_options: dict | None = None,
               agent_timeout: float | None = None, build: BuildOptions | None = None,
               json_out: str | Path | None = None, csv_out: str | Path | None = None,
               progress: Callable[[str], None] | None = None) -> list[dict]:
    """One row of metrics per agent (decisions changed, registers, occupancy, spills, cycles
    ...) and kernel (a module of several without an entry: every kernel's rows), each stored in the results store as it finishes and reused from it when the kernel
    (source, entry, build: KernelRef.key), its IR, target, agent and tools are the same. Each
    row names the kernel (kernel, kernel_key, entry, symbol) and records what rebuilds it
    (source as given, build_options). time=True also times every row's schedule on this
    machine's GPU (the kernel needs a spec). json_out, csv_out: the rows as files."""
    from ..experiments.bundles import time_rows
    from ..experiments.experiment import run_experiment
    from ..experiments.rows import write_rows
    check_agents(agents)
    t = parse_target(target)
    k = _kernel(kernel, entry, build)
    rows = []
    with _store(store) as s:
        for one in kernels_of(k, t):  # a module of several kernels: rows for each
            got = run_experiment(one, t.name, list(agents), seed=seed, store=s,
                                 agent_options=agent_options, agent_timeout=agent_timeout,
                                 progress=progress)
            rows += time_rows(one, t.name, got, s) if time else got
    from ..core.files import together
    with together(json_out, csv_out):  # both or neither
        write_rows(rows, json_out, csv_out)
    return rows


def search(kernel: Kernel, target: str | Target, options: SearchOptions | None = None, *,
           entry: str | None = None, build: BuildOptions | None = None,
           time_fn: Callable | None = None, timer: Any = None,
           progress: Callable[[str], None] | None = None,
           **fields: Any) -> SearchReport | ModuleSearch:
    """Search whole-kernel schedules with real compiles (docs/search.md). `options` is a
    SearchOptions (or give its fields as keywords: objective, budget, seconds, method,
    workers, ray, seed, json_out, decisions_out, width, population, time_rounds, time_reps,
    finalists, confirm_rounds, runtime, gpus, init_from, init_weights, agent, base, ir_file,
    fresh):
    `method` beam or evolve, `budget` compiles (`seconds`: a time budget), `workers` local
    processes or `ray` ("local" or an address); objective vgpr, occupancy, spills, cycles or
    time (measured on this machine's GPU, finalists confirmed in a fresh run; `gpus` "all",
    N or "0,1": a timing worker per GPU, docs/multigpu.md). Returns a
    SearchReport (its decisions_file replays the winner strictly); for a module of several
    kernels given without an entry, a ModuleSearch: each kernel searched in turn with its
    share of the budget, one decision file for them all."""
    from ..searches.options import with_fields
    from ..searches.run import ModuleSearch, run_search  # noqa: F811
    if entry is not None:
        build = replace(build or BuildOptions(), entry=entry)
    o = with_fields(options or SearchOptions(), fields)
    ks = kernels_of(resolve_kernel(kernel, build), target) if o.ir_file is None else []
    if len(ks) > 1:
        return ModuleSearch.run(ks, target, o, time_fn=time_fn, timer=timer, progress=progress)
    return run_search(kernel, target, o, build=build, time_fn=time_fn, timer=timer,
                      progress=progress)


def train(corpus: str | Path | list, target: str | Target = "sm_90",
          options: TrainOptions | None = None, *, timer_factory: Callable | None = None,
          provenance: dict | None = None, progress: Callable[[str], None] | None = None,
          **fields: Any) -> Any:
    """Train one scheduling policy on many kernels (docs/policy.md, "Training"): `corpus` a
    corpus package directory (e.g. the repository's corpus/; options.split, bound, kind and
    kernels choose its kernels) or a directory of LLVM IR files, or a list of
    searches.train.TrainKernel. `options` is a TrainOptions (or give its fields as keywords).
    features: the model's inputs, "all" (the catalog of docs/policy.md), "old" (the
    per-candidate features of the per-kernel searches) or names. The objective is the geomean
    over the kernels of the speedup against LLVM's default: measured on this machine's GPU
    ('time') or a static proxy (vgpr, occupancy, spills, cycles). Writes the policy file to
    options.output and the full record (every candidate's per-kernel results, the training
    curve) to options.json_out; returns a searches.train.TrainResult. kernel_guard: a kernel
    whose occupancy, spills (or registers) get worse than LLVM's counts as LLVM's schedule,
    as `compile --fallback` ships it."""
    from ..core.files import check_output, together, write_text
    from ..core.policy import policy_to_dict
    from ..searches.options import with_fields
    from ..searches.run import init_weights_from
    from ..searches.train import ModelShape, TrainKernel, corpus_kernels, feature_names
    from ..searches.train import train as run_train
    o = with_fields(options or TrainOptions(), fields)
    o.check()
    t = parse_target(target)
    names = feature_names(o.features)  # bad names fail now, before any compile
    for out in (o.output, o.json_out):
        check_output(out)  # a bad path fails now, not after the training
    skipped: dict = {}
    if isinstance(corpus, (str, Path)):
        ks, skipped = corpus_kernels(corpus, t, split=o.split, bound=o.bound, kind=o.kind,
                                     names=o.kernels)
        where = {"corpus": Path(corpus).name, "split": o.split, "bound": o.bound,
                 "kind": o.kind}
    else:
        ks = list(corpus)
        if not all(isinstance(k, TrainKernel) for k in ks):
            raise TypeError("corpus: a directory, or a list of searches.train.TrainKernel")
        where = {}
    init = []
    if o.init_from:
        shape = ModelShape(o.model, names, o.hidden)
        init = [shape.from_search_weights(w).tolist() for w in init_weights_from(o.init_from)]
    res = run_train(ks, t, replace(o, features=names), init=init,
                    timer_factory=timer_factory, provenance={**where, **(provenance or {})},
                    skipped=skipped, progress=progress)
    with together(o.output, o.json_out):  # the policy and its record: both or neither
        if o.json_out is not None:
            write_text(o.json_out, json.dumps(res.to_dict(), indent=1, default=str) + "\n")
        if o.output is not None:
            write_text(o.output, json.dumps(policy_to_dict(res.policy), indent=1) + "\n")
    return res


def pack(output: str | Path, *, kernels: Sequence[Kernel] = (), targets: Sequence[str] = (),
         build: BuildOptions | None = None, level: int = 6) -> Any:
    """`agentsched pack`: what a machine without LLVM 19 needs (tools/pack.py), with the IR
    of `kernels` (every kernel of a module too) for `targets` made here, so that those
    kernels need no clang there (docs/gpu-machine.md)."""
    from ..tools.pack import pack as make_pack
    ir: dict[str, Path] = {}
    for t in targets or (("sm_90",) if kernels else ()):
        tt = parse_target(t)
        for source in kernels:
            k = resolve_kernel(source, build)
            for one in [k, *kernels_of(k, tt)]:
                if not one.triton:
                    ir[f"{one.key}-{tt.name}.ll"] = one.ir(tt)
    return make_pack(output, level=level, ir=ir)


def tune(inputs: Sequence[str | Path], target: str | Target, options: Any = None, *,
         progress: Callable[[str], None] | None = None, **fields: Any) -> Any:
    """Spend a time budget across a program's hot kernels, best first (experiments/tune.py):
    `inputs` spec files, directories of them, suite names or sources; options a TuneOptions
    (or its fields: seconds, objective, db, policy, method, population, workers, gpus, ray,
    finalists, min_share, fresh, json_out). Returns a TuneResult."""
    from ..experiments.tune import TuneOptions
    from ..experiments.tune import tune as run_tune
    from ..searches.options import with_fields
    o = with_fields(options or TuneOptions(), fields)
    return run_tune(inputs, target, o, progress=progress)


def bundle(kernel: Kernel, target: str | Target, output: str | Path, *,
           agents: Sequence[str] = SEED_AGENTS, seeds: int = 1,
           decisions: Sequence[str | Path] = (), entry: str | None = None,
           build: BuildOptions | None = None, size: dict | None = None,
           progress: Callable[[str], None] | None = None) -> Bundle:
    """Compile variants (agents x seeds, and decision files replayed) of a kernel with a spec
    into a bundle directory to time where the GPU is (time(); or `python -m
    agentsched.runtime.bundle time DIR` with only Python and CuPy there)."""
    from ..core.files import publish_files
    from ..experiments.bundles import VariantSpec, build_bundle
    from ..runtime.bundle import MANIFEST, load_bundle
    check_agents(agents)
    k = _kernel(kernel, entry, build)
    variants = []
    for a in agents:
        n = 1 if is_deterministic(a) else seeds
        # a file-safe name: the class of MODULE:CLASS or FILE.py:CLASS
        name = re.sub(r"[^\w.-]", "_", a.rpartition(":")[2])
        variants += [VariantSpec(name if n == 1 else f"{name}{i}", a, seed=i)
                     for i in range(n)]
    for f in decisions:
        variants.append(VariantSpec(Path(f).stem.replace(".decisions", ""), None,
                                    decisions=Path(f)))
    with tempfile.TemporaryDirectory(prefix="agentsched-bundle-") as d:
        # built aside, then published all or nothing (the manifest last)
        made = build_bundle(k, parse_target(target).name, variants, Path(d),
                            spec_file=k.spec_file, size=size,
                            progress=(lambda v: progress(f"{k.name}: {v}")) if progress
                            else None)
        files = sorted((p for p in made.rglob("*") if p.is_file()),
                       key=lambda p: (p.name == MANIFEST, str(p)))
        publish_files([(p, Path(output) / p.relative_to(made)) for p in files])
    return load_bundle(output)


def time(bundle_or_kernel: Kernel, target: str | Target | None = None, *,
         agents: Sequence[str] = ("default",), seeds: int = 1,
         decisions: Sequence[str | Path] = (), rounds: int = 15, reps: int = 5,
         store: str | Path | Store | None = None, runtime: str = "auto",
         entry: str | None = None, build: BuildOptions | None = None) -> dict:
    """Time on this machine's GPU, every variant checked against the reference first, in
    interleaved rounds with an A/A copy of the baseline (docs/timing.md): a bundle directory,
    or a kernel's variants (agents x seeds, decision files) bundled here first. The timings
    go into the results store; returns the results (results.json's content)."""
    from ..experiments.bundles import merge_timings
    from ..runtime.bundle import time_bundle
    path = Path(bundle_or_kernel) if isinstance(bundle_or_kernel, (str, Path)) else None
    if path is not None and (path / "manifest.json").is_file():
        res = time_bundle(path, rounds=rounds, reps=reps, runtime=runtime)
        merge_timings(path, _store_path(store))
        return res
    if target is None:
        raise ValueError("timing a kernel needs a target (or give a bundle directory)")
    with tempfile.TemporaryDirectory(prefix="agentsched-time-") as d:
        made = bundle(bundle_or_kernel, target, Path(d) / "bundle", agents=agents,
                      seeds=seeds, decisions=decisions, entry=entry, build=build)
        res = time_bundle(made.dir, rounds=rounds, reps=reps, runtime=runtime)
        merge_timings(made.dir, _store_path(store))
    return res


def _store_path(store: str | Path | Store | None) -> Path | None:
    if store is not None and not isinstance(store, (str, Path)):
        return store.path
    return Path(store) if store is not None else None


def merge_timings(bundle_dir: str | Path, store: str | Path | Store | None = None) -> int:
    """Merge a bundle's results.json (timed anywhere) into the results store; returns how
    many timings were stored."""
    from ..experiments.bundles import merge_timings as merge
    return merge(Path(bundle_dir), _store_path(store))


def show(store: str | Path | Store | None = None, *, kernel: str | None = None,
         entry: str | None = None, target: str | None = None,
         agent: str | None = None) -> list[dict]:
    """The rows in the results store, oldest first; filters: kernel (its display name such
    as prefix_sum/main.hip:block_prefix_sum, its file with or without the directory or
    suffix, or the start of its key), entry (as given, the kernel's source name or its symbol), target,
    agent (its name, or its label such as random:seed=1)."""
    with _store(store) as s:
        return s.rows(kernel=kernel, entry=entry, target=target, agent=agent)


def reproduce(out_dir: str | Path = "results", *, targets: Sequence[str] | None = None,
              kernels: Sequence[str] | None = None, agents: Sequence[str] = SEED_AGENTS,
              seed: int = 0, store: str | Path | Store | None = None,
              progress: Callable[[str], None] | None = None) -> list[dict]:
    """The seed's experiments end to end: tables, JSON, CSV and plots in out_dir."""
    from ..experiments import reproduce as rp
    check_agents(agents)
    with _store(store) as s:
        return rp.reproduce(Path(out_dir), targets=list(targets or rp.TARGETS),
                            kernels=list(kernels) if kernels else None, agents=list(agents),
                            seed=seed, store=s, progress=progress)


def reproduce_plan(targets: Sequence[str] | None = None, kernels: Sequence[str] | None = None,
                   agents: Sequence[str] = SEED_AGENTS) -> list[tuple]:
    """The (kernel, target, agent) rows reproduce() will make, in order."""
    from ..experiments import reproduce as rp
    return rp.plan(list(kernels or [k for _, ks in rp.TABLES for k in ks]),
                   list(targets or rp.TARGETS), list(agents))


def report(inputs: Sequence[str | Path] = (), output: str | Path = "report.html", *,
           kernels: Sequence[Kernel] = (), targets: Sequence[str] = ("gfx1100",),
           agents: Sequence[str] = SEED_AGENTS, seed: int = 0, entry: str | None = None,
           build: BuildOptions | None = None,
           store: str | Path | Store | None = None, schedules: bool = True,
           max_points: int | None = None, progress: Callable[[str], None] | None = None,
           command: str = "") -> dict:
    """One self-contained HTML page (docs/report.md) from results/search/timing JSON files
    (their kernels rebuilt from what they record) and the experiments `kernels` x `targets`
    x `agents` (stored rows are reused); `kernels` are built with `build` (and `entry`), as
    compile() builds them."""
    from ..experiments.htmlreport import MAX_POINTS, make_report
    check_agents(agents)
    if entry is not None:
        build = replace(build or BuildOptions(), entry=entry)
    with _store(store) as s:
        return make_report([Path(p) for p in inputs], Path(output),
                           kernels=list(kernels),  # type: ignore[arg-type]
                           build=build,
                           targets=list(targets), agents=list(agents), seed=seed, store=s,
                           schedules=schedules,
                           max_points=MAX_POINTS if max_points is None else max_points,
                           progress=progress, command=command)


def sdk_install(progress: Callable[[str], None] = print) -> list[Path]:
    """Fetch the header-only CUDA pieces (cuBLAS, cuRAND headers) once."""
    from ..tools import sdk
    return sdk.install_headers(progress=progress)


def sdk_status() -> list[str]:
    """One line per piece of the CUDA and ROCm SDKs: installed, or how to get it."""
    from ..tools import sdk
    return sdk.ptxas_status() + sdk.cuda_status() + sdk.rocm_status()


def write_json(path: str | Path, data: Any) -> None:
    """JSON written whole ("-": standard output), as every command writes it."""
    from ..core.files import write_text
    write_text(path, json.dumps(data, indent=2) + "\n")
