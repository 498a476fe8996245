"""agentsched command line: the seed's steps (states -> decide -> compile) and experiments."""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import List, Optional

import typer
from rich.console import Console
from rich.table import Table

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Let agents make LLVM's GPU instruction-scheduling decisions.")
out = Console()
err = Console(stderr=True)

TargetOpt = typer.Option("gfx1100", "--target", "-t", help="gfx1100, gfx90a, gfx942, sm_90 ...")
SeedOpt = typer.Option(0, "--seed", help="Seed for random agents")


class UsageError(Exception):
    pass


def _defines(items: list[str] | None) -> dict:
    out_ = {}
    for item in items or []:
        k, _, v = item.partition("=")
        if not k:
            raise UsageError(f"--define expects NAME=VALUE, got {item!r}")
        out_[k] = v or "1"
    return out_


def _check_outputs(*paths) -> None:
    """Refuse unusable output paths before any work (agentsched.outputs writes them)."""
    from .core.files import check_output
    for p in paths:
        check_output(p)


# How to build the user's source (states, compile, experiment, search, bundle).
EntryOpt = typer.Option(None, "--entry", "-e", help="The kernel, by its source name "
                        "(matrixMul; a template instance as in C++: 'k<128, 8>'); optional "
                        "with one kernel in the file")
IncludeOpt = typer.Option(None, "-I", "--include-dir", help="clang -I directory (repeatable)")
DefineOpt = typer.Option(None, "-D", "--define", help="clang -D NAME[=VALUE] (repeatable)")
StdOpt = typer.Option(None, "-std", "--std", help="C++ standard (clang -std=), e.g. c++17")
FastMathOpt = typer.Option(False, "-ffast-math", "--fast-math", help="clang -ffast-math")
ClangFlagOpt = typer.Option(None, "--clang-flag", help="any other clang flag, e.g. "
                            "--clang-flag=-fno-unroll-loops (repeatable; paths are relative "
                            "to the source's directory)")
BlockOpt = typer.Option(None, "--block", help="launch block X[,Y,Z]: on AMDGPU the kernel's "
                        "launch bounds unless its source declares some (default: a spec's block)")
LangOpt = typer.Option(None, "--lang", help="cuda or hip (default: .hip is HIP, else by target)")


def _build(entry, include, define, std, fast_math, clang_flag, block, lang):
    from .kernels.ref import BuildOptions
    from .llvm.frontend import launch_threads
    if block is not None:
        launch_threads(block)  # a bad --block is a usage error before anything compiles
    flags = ([f"-std={std}"] if std else []) + (["-ffast-math"] if fast_math else []) + \
        list(clang_flag or [])
    return BuildOptions(entry=entry, include_dirs=tuple(Path(d) for d in include or []),
                        defines=_defines(define), flags=tuple(flags),
                        block=tuple(int(x) for x in block.split(",")) if block else None,
                        lang=lang)


def _source_ir(source: str, t, build) -> Path:
    """IR for a source file, LLVM IR, a spec .py or a suite kernel name (its -D macros
    included, so decisions found by `search`/`experiment` on a suite kernel replay here)."""
    from .kernels.ref import resolve_kernel
    return resolve_kernel(source, build).ir(t)


def _llm_options(base_url, model, mode) -> dict:
    opts = {}
    if base_url:
        opts["base_url"] = base_url
    if model:
        opts["model"] = model
    if mode:
        opts["mode"] = mode
    return opts


LlmUrl = typer.Option(None, "--llm-base-url", help="OpenAI-compatible endpoint "
                      "(env AGENTSCHED_LLM_BASE_URL; default DeepSeek)")
LlmModel = typer.Option(None, "--llm-model", help="Model name (env AGENTSCHED_LLM_MODEL)")
LlmMode = typer.Option(None, "--llm-mode", help="step (a call per decision) or region")
AgentTimeoutOpt = typer.Option(None, "--agent-timeout",
                               help="Seconds a live agent may take per decision, 0 = no limit "
                                    "(env AGENTSCHED_AGENT_TIMEOUT; default 300)")


def _set_agent_timeout(seconds: float | None) -> None:
    """--agent-timeout, through the environment so that every compile (and worker) sees it."""
    import os
    from .core import env
    if seconds is None:
        return
    if seconds < 0:
        raise UsageError(f"--agent-timeout {seconds:g}: give seconds >= 0 (0: no limit)")
    os.environ[env.AGENT_TIMEOUT] = repr(float(seconds))
FullLogOpt = typer.Option(False, "--full-state-log",
                          help="Every candidate with every feature on every line (much larger; "
                               "the default compact log lists each pass's instructions once)")


@app.command()
def states(source: str = typer.Argument(..., help="Source, LLVM IR, spec .py or suite kernel"),
           target: str = TargetOpt,
           output: Path = typer.Option(..., "-o", "--output", help="State log (JSON lines)"),
           base: str = typer.Option("target", help="target (GCN on AMDGPU) or generic"),
           entry: Optional[str] = EntryOpt, include: Optional[List[str]] = IncludeOpt,
           define: Optional[List[str]] = DefineOpt, std: Optional[str] = StdOpt,
           fast_math: bool = FastMathOpt, clang_flag: Optional[List[str]] = ClangFlagOpt,
           block: Optional[str] = BlockOpt, lang: Optional[str] = LangOpt,
           full_state_log: bool = FullLogOpt):
    """Write every decision point of LLVM's default schedule (the seed's state log)."""
    from .llvm.compile import compile_ir
    from .targets import parse_target
    _check_outputs(output)
    t = parse_target(target)
    build = _build(entry, include, define, std, fast_math, clang_flag, block, lang)
    result = compile_ir(_source_ir(source, t, build), t, state_log=output, base=base,
                        full_state_log=full_state_log)
    rep = result.report
    out.print(f"{rep['decisions']} decision points ({rep['choices']} with a choice) in "
              f"{rep['regions']} regions, {rep['passes']} passes -> {output}")
    _nothing_to_schedule(rep)


def _nothing_to_schedule(rep: dict) -> None:
    if rep.get("nothing_to_schedule"):
        err.print("note: nothing to schedule: no function reached the machine scheduler "
                  "(an empty, host-only or optnone module)", markup=False, highlight=False)


@app.command()
def decide(state_log: Path, agent: str = typer.Option(..., "--agent", "-a"), seed: int = SeedOpt,
           output: Path = typer.Option(..., "-o", "--output"),
           llm_base_url: Optional[str] = LlmUrl, llm_model: Optional[str] = LlmModel,
           llm_mode: Optional[str] = LlmMode):
    """Let an agent decide every point of a state log, offline (the seed's agents.py)."""
    from .agents import make_agent
    from .core.protocol import decision_for, read_states, write_decisions
    from .llvm.session import AgentError
    _check_outputs(output)
    ag = make_agent(agent, seed=seed, **_llm_options(llm_base_url, llm_model, llm_mode))
    decisions, changed = [], 0
    try:
        for point in read_states(state_log):
            if len({c.id for c in point.candidates}) < 2:
                continue
            try:
                cand = ag.pick(point)
            except Exception as e:
                raise AgentError(f"agent {agent!r} failed at {point.key}: "
                                 f"{type(e).__name__}: {e}") from e
            if cand not in point.candidates:
                raise AgentError(f"agent {agent!r} picked a non-candidate at {point.key}: "
                                 f"{cand!r:.200}")
            changed += cand.key != point.llvm
            decisions.append(decision_for(point, cand))
    finally:
        ag.close()
    write_decisions(output, decisions)
    out.print(f"{len(decisions)} decisions by {agent}, {changed} differ from LLVM's -> {output}")


@app.command("compile")
def compile_cmd(source: str = typer.Argument(..., help="Source, LLVM IR, spec .py or suite "
                                                      "kernel"),
                target: str = TargetOpt,
                output: Path = typer.Option(..., "-o", "--output",
                                            help=".s/.ptx, .o, .co/.hsaco or .cubin"),
                agent: Optional[str] = typer.Option(None, "--agent", "-a",
                                                    help="Agent answering live"),
                decisions: Optional[Path] = typer.Option(None, "--decisions",
                                                         help="Decision file to replay"),
                lenient: bool = typer.Option(False, "--lenient",
                                             help="Stale decisions fall back to LLVM's pick"),
                seed: int = SeedOpt,
                json_out: Optional[Path] = typer.Option(None, "--json", help="Summary as JSON"),
                save_decisions: Optional[Path] = typer.Option(
                    None, "--save-decisions", help="Write the live agent's picks (replayable)"),
                state_log: Optional[Path] = typer.Option(None, "--state-log"),
                base: str = typer.Option("target", help="target (GCN on AMDGPU) or generic"),
                llm_base_url: Optional[str] = LlmUrl, llm_model: Optional[str] = LlmModel,
                llm_mode: Optional[str] = LlmMode,
                entry: Optional[str] = EntryOpt, include: Optional[List[str]] = IncludeOpt,
                define: Optional[List[str]] = DefineOpt, std: Optional[str] = StdOpt,
                fast_math: bool = FastMathOpt, clang_flag: Optional[List[str]] = ClangFlagOpt,
                block: Optional[str] = BlockOpt, lang: Optional[str] = LangOpt,
                full_state_log: bool = FullLogOpt,
                agent_timeout: Optional[float] = AgentTimeoutOpt):
    """Compile with the plugin: LLVM's schedule, a live agent's, or a decision file's."""
    from .agents import make_agent
    from .core.files import write_text
    from .core.protocol import write_decisions
    from .kernels.ref import resolve_kernel
    from .llvm.compile import compile_ir
    from .llvm.metrics import launch_of, static_metrics
    from .targets import parse_target
    if agent and decisions:
        raise UsageError("give --agent or --decisions, not both")
    _check_outputs(output, json_out, save_decisions, state_log)
    _set_agent_timeout(agent_timeout)
    t = parse_target(target)
    kref = resolve_kernel(source, _build(entry, include, define, std, fast_math, clang_flag,
                                         block, lang))
    ir = kref.ir(t)
    launch = launch_of(kref.spec)  # block size: NVPTX occupancy
    ag = make_agent(agent, seed=seed, **_llm_options(llm_base_url, llm_model, llm_mode)) \
        if agent else None
    try:
        result = compile_ir(ir, t, agent=ag, decisions=decisions, lenient=lenient,
                            state_log=state_log, base=base, full_state_log=full_state_log)
    finally:
        if ag:
            ag.close()
    result.write(output)
    m = static_metrics(result.asm, t, launch=launch, entry=result.entry)
    rep = result.report
    summary = {"source": str(source), "target": t.name, "agent": agent,
               **kref.build_record(), "symbol": result.entry,
               "decisions_file": str(decisions) if decisions else None,
               **{k: rep[k] for k in ("decisions", "choices", "changed", "stale", "missing",
                                      "unmatched", "forced", "regions", "passes",
                                      "reverted_regions", "reverted_passes")},
               **m.as_dict(), "validated": result.validated,
               "agent_stats": result.agent_stats, "output": str(output)}
    if save_decisions and result.decisions is not None:
        write_decisions(save_decisions, result.decisions)
    if json_out:
        write_text(json_out, json.dumps(summary, indent=2) + "\n")
    table = Table(show_header=False, box=None)
    for k in ("decisions", "choices", "changed", "stale", "regions", "reverted_regions", "vgpr",
              "sgpr", "occupancy", "spills", "scratch_bytes", "est_cycles", "validated"):
        table.add_row(k, str(summary[k]))
    out.print(table)
    if t.family == "nvptx" and result.validated is None:
        err.print(f"warning: no ptxas for {t.name} was found: the PTX was not validated "
                  "(install the sdk extra or a CUDA toolkit)")
    out.print(f"-> {output}")
    _nothing_to_schedule(rep)


sdk_app = typer.Typer(help="Vendors' SDKs for users' own CUDA/HIP kernels (docs/own-kernel.md).",
                      no_args_is_help=True)
app.add_typer(sdk_app, name="sdk")


@sdk_app.command("install")
def sdk_install():
    """Fetch the header-only CUDA pieces (cuBLAS, cuRAND headers: wheels downloaded once,
    include/ kept, wheels dropped). The rest comes with pip install 'agentsched[sdk]'."""
    from .llvm import sdk
    for d in sdk.install_headers(progress=lambda s: err.print(f"[dim]{s}[/dim]")):
        out.print(f"{d}")


@sdk_app.command("status")
def sdk_status():
    """What of the CUDA and ROCm SDKs is installed, and how to get the rest."""
    from .llvm import sdk
    for line in sdk.cuda_status() + sdk.rocm_status():
        print(line)


@app.command("plugin-path")
def plugin_path_cmd(rebuild: bool = typer.Option(False, "--rebuild")):
    """Print the built plugin's path (use it as llc-19 -load=$(agentsched plugin-path))."""
    from .llvm.plugin import plugin_path
    print(plugin_path(rebuild=rebuild))


@app.command()
def agents():
    """List the available agents."""
    from .agents import agent_names
    for name in agent_names():
        print(name)


def _print_rows(rows: list[dict], title: str) -> None:
    table = Table(title=title)
    cols = ["agent", "decisions", "changed", "changed_pct", "vgpr", "sgpr", "occupancy",
            "spills", "scratch_bytes", "asm_diff_lines", "est_cycles", "reverted_regions",
            "time_us"]
    for c in cols:
        table.add_column(c.replace("_", " "), justify="left" if c == "agent" else "right")
    for r in rows:
        table.add_row(*("" if r.get(c) is None else str(r.get(c)) for c in cols))
    out.print(table)


@app.command()
def experiment(kernel: str = typer.Argument(..., help="Suite kernel name, source file or "
                                             "spec .py"),
               target: str = TargetOpt,
               agents_: str = typer.Option("default,random,min_pressure,max_latency,pref_load,"
                                           "pref_salu", "--agents", help="Comma-separated"),
               seed: int = SeedOpt,
               json_out: Optional[Path] = typer.Option(None, "--json"),
               csv_out: Optional[Path] = typer.Option(None, "--csv"),
               store_path: Optional[Path] = typer.Option(None, "--store",
                                                         help="SQLite results store"),
               time: bool = typer.Option(False, "--time", help="Time on the local GPU"),
               llm_base_url: Optional[str] = LlmUrl, llm_model: Optional[str] = LlmModel,
               llm_mode: Optional[str] = LlmMode,
               entry: Optional[str] = EntryOpt, include: Optional[List[str]] = IncludeOpt,
               define: Optional[List[str]] = DefineOpt, std: Optional[str] = StdOpt,
               fast_math: bool = FastMathOpt, clang_flag: Optional[List[str]] = ClangFlagOpt,
               block: Optional[str] = BlockOpt, lang: Optional[str] = LangOpt,
               agent_timeout: Optional[float] = AgentTimeoutOpt):
    """One row per agent: decisions changed, registers, occupancy, spills, cycles, time."""
    from .experiments.experiment import run_experiment
    from .experiments.rows import write_rows
    from .experiments.store import Store
    from .kernels.ref import resolve_kernel
    names = [a.strip() for a in agents_.split(",") if a.strip()]
    _check_outputs(json_out, csv_out)
    _set_agent_timeout(agent_timeout)
    from .agents import agent_names
    for n in names:
        if n not in agent_names():
            raise UsageError(f"unknown agent {n!r}; known agents: {', '.join(agent_names())}")
    kref = resolve_kernel(kernel, _build(entry, include, define, std, fast_math, clang_flag,
                                         block, lang))
    store = Store(store_path)
    try:
        rows = run_experiment(kref, target, names, seed=seed, store=store,
                              agent_options=_llm_options(llm_base_url, llm_model, llm_mode),
                              progress=lambda s: err.print(f"[dim]{s}[/dim]"))
        if time:
            from .experiments.bundles import time_rows
            rows = time_rows(kref, target, rows, store)
    finally:
        store.close()
    _print_rows(rows, f"{kref.name} on {target}")
    write_rows(rows, json_out, csv_out)


@app.command()
def reproduce(out_dir: Path = typer.Option(Path("results"), "--out", help="Output directory"),
              targets: str = typer.Option("gfx1100,gfx90a,gfx942", "--targets"),
              kernels: Optional[str] = typer.Option(None, "--kernels",
                                                    help="Comma-separated (default: all)"),
              agents_: str = typer.Option(",".join(["default", "random", "min_pressure",
                                                    "max_latency", "pref_load", "pref_salu"]),
                                          "--agents"),
              seed: int = SeedOpt,
              store_path: Optional[Path] = typer.Option(None, "--store")):
    """The seed's experiments end to end: tables, JSON, CSV and plots in --out."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, \
        TimeElapsedColumn
    from .experiments import reproduce as rp
    from .experiments.store import Store
    agent_list = [a for a in agents_.split(",") if a]  # the LLM only when asked: --agents ...,llm
    kernel_list = kernels.split(",") if kernels else None
    target_list = targets.split(",")
    n = len(rp.plan(kernel_list or [k for _, ks in rp.TABLES for k in ks], target_list,
                    agent_list))
    store = Store(store_path)
    try:
        with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                      TimeElapsedColumn(), console=err) as bar:
            task = bar.add_task("reproduce", total=n)

            done = [0]

            def progress(label):
                if done[0]:
                    bar.advance(task)
                done[0] += 1
                bar.update(task, description=label.ljust(40))

            rows = rp.reproduce(out_dir, targets=target_list, kernels=kernel_list,
                                agents=agent_list, seed=seed, store=store, progress=progress)
            bar.advance(task)
    finally:
        store.close()
    out.print(f"{len(rows)} rows -> {out_dir}/README.md, results.json, results.csv, *.png")


@app.command()
def report(inputs: Optional[List[Path]] = typer.Argument(
               None, help="results.json (or its directory), search JSONs, timing JSONs"),
           output: Path = typer.Option(..., "-o", "--output", help="The HTML page"),
           kernel: Optional[str] = typer.Option(None, "--kernel",
                                                help="Run these experiments (comma-separated; "
                                                     "stored rows are reused)"),
           target: str = typer.Option("gfx1100", "--target", "-t", help="Comma-separated"),
           agents_: str = typer.Option("default,random,min_pressure,max_latency,pref_load,"
                                       "pref_salu", "--agents"),
           seed: int = SeedOpt,
           store_path: Optional[Path] = typer.Option(None, "--store"),
           schedules: bool = typer.Option(True, "--schedules/--no-schedules",
                                          help="Compile and show each schedule's regions"),
           max_points: int = typer.Option(20_000, "--max-points",
                                          help="Skip schedule views of kernels with more "
                                               "decision points per compile (0: no limit)")):
    """One self-contained HTML page: tables, schedules, pressure, asm diffs, timings, search."""
    from .experiments.htmlreport import make_report
    from .experiments.store import Store
    store = Store(store_path)
    try:
        info = make_report(list(inputs or []), output,
                           kernels=[k for k in (kernel or "").split(",") if k],
                           targets=[t for t in target.split(",") if t],
                           agents=[a for a in agents_.split(",") if a], seed=seed, store=store,
                           schedules=schedules, max_points=max_points,
                           progress=lambda s: err.print(f"[dim]{s}[/dim]"),
                           command="agentsched report " + " ".join(sys.argv[2:]))
    finally:
        store.close()
    out.print(f"-> {output} ({info['bytes'] / 1e6:.1f} MB, {info['blobs']} lazy sections, "
              f"{info['seconds']} s)")


@app.command()
def bundle(kernel: str = typer.Argument(..., help="Suite kernel name or spec .py"),
           target: str = typer.Option("sm_90", "--target", "-t"),
           agents_: str = typer.Option("default,random,min_pressure,max_latency,pref_load,"
                                       "pref_salu", "--agents"),
           seeds: int = typer.Option(1, "--seeds", help="Variants per random agent"),
           decisions: Optional[List[Path]] = typer.Option(None, "--decisions",
                                                          help="Decision files to include"),
           output: Path = typer.Option(..., "-o", "--output", help="Bundle directory"),
           entry: Optional[str] = EntryOpt, include: Optional[List[str]] = IncludeOpt,
           define: Optional[List[str]] = DefineOpt, std: Optional[str] = StdOpt,
           fast_math: bool = FastMathOpt, clang_flag: Optional[List[str]] = ClangFlagOpt,
           block: Optional[str] = BlockOpt, lang: Optional[str] = LangOpt):
    """Compile variants (agents x seeds x decision files) into a bundle to time elsewhere."""
    from .agents import is_deterministic
    from .experiments.bundles import VariantSpec, build_bundle
    from .kernels.ref import resolve_kernel
    kref = resolve_kernel(kernel, _build(entry, include, define, std, fast_math, clang_flag,
                                         block, lang))
    variants = []
    for a in [a for a in agents_.split(",") if a]:
        n = 1 if is_deterministic(a) else seeds
        variants += [VariantSpec(a if n == 1 else f"{a}{i}", a, seed=i) for i in range(n)]
    for f in decisions or []:
        variants.append(VariantSpec(f.stem.replace(".decisions", ""), None, decisions=f))
    build_bundle(kref, target, variants, output,
                 spec_file=Path(kernel) if kernel.endswith(".py") else None,
                 progress=lambda n: err.print(f"[dim]{kref.name}: {n}[/dim]"))
    out.print(f"{len(variants)} variants -> {output}/manifest.json; time it with "
              f"`agentsched time {output}` (or `python -m agentsched.runtime.bundle time "
              f"{output}` where only Python and CuPy are installed)")


@app.command("time")
def time_cmd(bundle_dir: Path, rounds: int = typer.Option(15, "--rounds"),
             reps: int = typer.Option(5, "--reps"),
             store_path: Optional[Path] = typer.Option(None, "--store")):
    """Time a bundle on the local GPU (checked against the reference first); store results."""
    from .experiments.bundles import merge_timings
    from .runtime.bundle import time_bundle
    res = time_bundle(bundle_dir, rounds=rounds, reps=reps)
    merge_timings(bundle_dir, store_path)
    out.print(f"{bundle_dir}/results.json ({len(res['variants'])} variants)")


@app.command("merge-timings")
def merge_timings_cmd(bundle_dir: Path, store_path: Optional[Path] = typer.Option(None, "--store")):
    """Merge results.json of a bundle timed on another machine into the store."""
    from .experiments.bundles import merge_timings
    out.print(f"{merge_timings(bundle_dir, store_path)} timings merged")


@app.command()
def search(source: str = typer.Argument(..., help="Suite kernel name, source file or spec .py"),
           target: str = TargetOpt,
           objective: str = typer.Option("vgpr", "--objective",
                                         help="vgpr, occupancy, spills, cycles or time "
                                              "(time: measured on this machine's GPU)"),
           budget: int = typer.Option(64, "--budget", help="Compiles to spend"),
           workers: Optional[int] = typer.Option(None, "--workers"),
           ray: Optional[str] = typer.Option(None, "--ray", help="Ray address ('local' starts one)"),
           method: str = typer.Option("beam", "--method", help="beam or evolve"),
           seed: int = SeedOpt,
           json_out: Path = typer.Option(Path("search.json"), "--json"),
           decisions_out: Optional[Path] = typer.Option(None, "--decisions-out"),
           ir_file: Optional[Path] = typer.Option(
               None, "--ir", help="LLVM IR to schedule instead of compiling the source"),
           width: int = typer.Option(4, "--width", help="beam: schedules kept per level"),
           population: int = typer.Option(8, "--population",
                                          help="evolve: children per generation"),
           time_rounds: int = typer.Option(5, "--time-rounds",
                                           help="time: rounds per screening batch"),
           time_reps: int = typer.Option(3, "--time-reps", help="time: launches per round"),
           finalists: int = typer.Option(4, "--finalists",
                                         help="time: schedules re-timed at the end"),
           confirm_rounds: int = typer.Option(31, "--confirm-rounds",
                                              help="time: rounds of the confirmation run"),
           runtime: str = typer.Option("auto", "--runtime", help="time: auto, cuda or hip"),
           init_from: Optional[list[Path]] = typer.Option(
               None, "--init-from", help="warm start from earlier search JSONs' weights "
                                         "(repeatable; beam refines the first)"),
           entry: Optional[str] = EntryOpt, include: Optional[List[str]] = IncludeOpt,
           define: Optional[List[str]] = DefineOpt, std: Optional[str] = StdOpt,
           fast_math: bool = FastMathOpt, clang_flag: Optional[List[str]] = ClangFlagOpt,
           block: Optional[str] = BlockOpt, lang: Optional[str] = LangOpt):
    """Search whole-kernel schedules with real compiles; write the winner's decisions."""
    from rich.progress import Progress
    from .searches.objectives import OBJECTIVES
    from .searches.run import init_weights_from, run_search
    if objective not in OBJECTIVES:
        raise UsageError(f"unknown objective {objective!r}")
    _check_outputs(json_out, decisions_out)
    with Progress(console=err, transient=True) as bar:
        task = bar.add_task("search", total=None)
        report = run_search(source, target, objective=objective, budget=budget,
                            workers=workers, ray_address=ray, method=method, seed=seed,
                            json_out=json_out, decisions_out=decisions_out, width=width,
                            population=population, ir_file=ir_file, time_rounds=time_rounds,
                            time_reps=time_reps, finalists=finalists,
                            confirm_rounds=confirm_rounds, runtime=runtime,
                            init_weights=init_weights_from(init_from or []),
                            build=_build(entry, include, define, std, fast_math, clang_flag,
                                         block, lang),
                            progress=lambda s: bar.update(task, description=s[:60]))
    res = report.to_dict()
    d, b = res["default"], res["best"]
    out.print(f"{method} over {res['evaluations']} compiles: {objective} "
              f"default {d.get('metrics', d)} -> best {b.get('metrics', b)}")
    tm = res.get("timing")
    if tm is not None:
        nf = (tm.get("confirmation") or {}).get("noise_floor") or {}
        ci = tm.get("speedup_ci")
        if tm["improved"]:
            out.print(f"confirmed: {tm['winner']} speedup {tm['speedup']:.4f} "
                      f"[{ci[0]:.4f}, {ci[1]:.4f}], A/A bound {100 * nf.get('bound', 0):.2f}%")
        else:
            bf = tm.get("best_finalist_speedup")
            out.print("no schedule beat LLVM's default beyond the A/A noise"
                      + (f" (fastest finalist {bf:.4f})" if bf else "")
                      + "; best = LLVM's default")
    out.print(f"winning decisions: {res['decisions_file']} ; summary: {json_out}")


def _usage_error_types() -> tuple:
    """What typer raises for bad command lines: typer >= 0.2x bundles its own click types
    (TyperException), older ones raise click's."""
    types: list = []
    try:
        from typer.exceptions import TyperException
        types.append(TyperException)
    except ImportError:
        pass
    try:
        import click
        types.append(click.ClickException)
    except ImportError:
        pass
    return tuple(types)


def _fail(message: str, code: int) -> None:
    err.print(f"error: {message}", style="bold red", markup=False, highlight=False,
              soft_wrap=True)
    sys.exit(code)


def _interrupt_behind(e: BaseException, kind: type):
    """The `kind` exception among e's causes and contexts, if any."""
    seen = set()
    while e is not None and id(e) not in seen:
        if isinstance(e, kind):
            return e
        seen.add(id(e))
        e = e.__cause__ or e.__context__
    return None


def _add_triton_commands() -> None:
    from .triton.cli import app as triton_app  # imports typer only, not Triton
    app.add_typer(triton_app, name="triton")


_add_triton_commands()


def main() -> None:
    """Entry point: known failures become one clear line and a non-zero exit (2 for a bad
    command line); an interrupt exits 128 + its signal (130 Ctrl-C, 143 SIGTERM) after the
    clean-up (temp files removed, child processes stopped)."""
    from .core.interrupts import Interrupted, raise_on_signals
    raise_on_signals()
    from .agents import UnknownAgentError
    from .core.protocol import ProtocolError
    from .llvm.session import AgentError
    from .llvm.tools import ToolFailed, ToolMissing
    from .targets import UnknownTarget
    try:
        rc = app(standalone_mode=False)
    except typer.Exit as e:
        sys.exit(e.exit_code)
    except typer.Abort:
        _fail("aborted", 1)
    except BaseException as e:
        # an interrupt, also one that a library wrapped (Ray's ray.get: SystemError)
        intr = _interrupt_behind(e, Interrupted)
        if intr is not None:
            _fail(f"{intr}; stopped (nothing half-written was kept)", intr.exit_code)
        if isinstance(e, _usage_error_types()):
            if type(e).__name__ == "NoArgsIsHelpError":  # bare `agentsched CMD`: its help
                e.show()
                sys.exit(0)
            ctx = getattr(e, "ctx", None)
            hint = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
            _fail(" ".join(e.format_message().split()) + hint, getattr(e, "exit_code", 2))
        if isinstance(e, (UsageError, ToolMissing, ToolFailed, ProtocolError, UnknownAgentError,
                          UnknownTarget, AgentError, OSError, ValueError, RuntimeError)):
            from .searches.evaluator import WorkersError
            from .searches.objectives import ObjectiveError
            usage = (UsageError, UnknownAgentError, UnknownTarget, ObjectiveError, WorkersError)
            _fail(str(e), 2 if isinstance(e, usage) else 1)
        raise
    if rc == 130:  # typer's answer to a KeyboardInterrupt it caught itself
        _fail("interrupted by SIGINT", 130)
    if isinstance(rc, int) and rc:
        sys.exit(rc)


if __name__ == "__main__":
    main()
