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


def _source_ir(source: str, t, define: list[str] | None) -> Path:
    """IR for a source file, LLVM IR, a spec .py or a suite kernel name (its -D macros
    included, so decisions found by `search`/`experiment` on a suite kernel replay here)."""
    from .experiment import resolve_kernel
    from .toolchain import emit_ir
    k = resolve_kernel(source)
    return emit_ir(k.source, t, {**k.defines, **_defines(define)})


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


@app.command()
def states(source: str = typer.Argument(..., help="Source, LLVM IR, spec .py or suite kernel"),
           target: str = TargetOpt,
           output: Path = typer.Option(..., "-o", "--output", help="State log (JSON lines)"),
           define: Optional[List[str]] = typer.Option(None, "-D", "--define"),
           base: str = typer.Option("target", help="target (GCN on AMDGPU) or generic")):
    """Write every decision point of LLVM's default schedule (the seed's state log)."""
    from .toolchain import compile_ir, parse_target
    t = parse_target(target)
    result = compile_ir(_source_ir(source, t, define), t, state_log=output, base=base)
    rep = result.report
    out.print(f"{rep['decisions']} decision points ({rep['choices']} with a choice) in "
              f"{rep['regions']} regions, {rep['passes']} passes -> {output}")


@app.command()
def decide(state_log: Path, agent: str = typer.Option(..., "--agent", "-a"), seed: int = SeedOpt,
           output: Path = typer.Option(..., "-o", "--output"),
           llm_base_url: Optional[str] = LlmUrl, llm_model: Optional[str] = LlmModel,
           llm_mode: Optional[str] = LlmMode):
    """Let an agent decide every point of a state log, offline (the seed's agents.py)."""
    from .agents import make_agent
    from .protocol import decision_for, read_states, write_decisions
    ag = make_agent(agent, seed=seed, **_llm_options(llm_base_url, llm_model, llm_mode))
    decisions, changed = [], 0
    try:
        for point in read_states(state_log):
            if len({c.id for c in point.candidates}) < 2:
                continue
            cand = ag.pick(point)
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
                define: Optional[List[str]] = typer.Option(None, "-D", "--define"),
                base: str = typer.Option("target", help="target (GCN on AMDGPU) or generic"),
                llm_base_url: Optional[str] = LlmUrl, llm_model: Optional[str] = LlmModel,
                llm_mode: Optional[str] = LlmMode):
    """Compile with the plugin: LLVM's schedule, a live agent's, or a decision file's."""
    from .agents import make_agent
    from .metrics import static_metrics
    from .protocol import atomic_write_text, write_decisions
    from .toolchain import compile_ir, parse_target, write_output
    if agent and decisions:
        raise UsageError("give --agent or --decisions, not both")
    t = parse_target(target)
    ir = _source_ir(source, t, define)
    ag = make_agent(agent, seed=seed, **_llm_options(llm_base_url, llm_model, llm_mode)) \
        if agent else None
    try:
        result = compile_ir(ir, t, agent=ag, decisions=decisions, lenient=lenient,
                            state_log=state_log, base=base)
    finally:
        if ag:
            ag.close()
    write_output(result, output)
    m = static_metrics(result.asm, t)
    rep = result.report
    summary = {"source": str(source), "target": t.name, "agent": agent,
               "decisions_file": str(decisions) if decisions else None,
               **{k: rep[k] for k in ("decisions", "choices", "changed", "stale", "missing",
                                      "regions", "passes", "reverted_regions",
                                      "reverted_passes")},
               **m.as_dict(), "agent_stats": result.agent_stats, "output": str(output)}
    if save_decisions and result.decisions is not None:
        write_decisions(save_decisions, result.decisions)
    if json_out:
        atomic_write_text(json_out, json.dumps(summary, indent=2) + "\n")
    table = Table(show_header=False, box=None)
    for k in ("decisions", "choices", "changed", "stale", "regions", "reverted_regions", "vgpr",
              "sgpr", "occupancy", "spills", "scratch_bytes", "est_cycles"):
        table.add_row(k, str(summary[k]))
    out.print(table)
    out.print(f"-> {output}")


@app.command("plugin-path")
def plugin_path_cmd(rebuild: bool = typer.Option(False, "--rebuild")):
    """Print the built plugin's path (use it as llc-19 -load=$(agentsched plugin-path))."""
    from .toolchain import plugin_path
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
               llm_mode: Optional[str] = LlmMode):
    """One row per agent: decisions changed, registers, occupancy, spills, cycles, time."""
    from .experiment import resolve_kernel, run_experiment
    from .report import write_rows
    from .store import Store
    names = [a.strip() for a in agents_.split(",") if a.strip()]
    from .agents import agent_names
    for n in names:
        if n not in agent_names():
            raise UsageError(f"unknown agent {n!r}; known agents: {', '.join(agent_names())}")
    kref = resolve_kernel(kernel)
    store = Store(store_path)
    try:
        rows = run_experiment(kref, target, names, seed=seed, store=store,
                              agent_options=_llm_options(llm_base_url, llm_model, llm_mode),
                              progress=lambda s: err.print(f"[dim]{s}[/dim]"))
        if time:
            from .bundling import time_rows
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
    import os
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, \
        TimeElapsedColumn
    from . import reproduce as rp
    from .store import Store
    agent_list = [a for a in agents_.split(",") if a]
    if "llm" not in agent_list and (os.environ.get("AGENTSCHED_LLM_API_KEY")
                                    or os.environ.get("DEEPSEEK_API_KEY")):
        agent_list.append("llm")  # the seed's central test, when a model is configured
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
    from .htmlreport import make_report
    from .store import Store
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
           output: Path = typer.Option(..., "-o", "--output", help="Bundle directory")):
    """Compile variants (agents x seeds x decision files) into a bundle to time elsewhere."""
    from .bundling import VariantSpec, build_bundle
    from .experiment import DETERMINISTIC_AGENTS, resolve_kernel
    kref = resolve_kernel(kernel)
    variants = []
    for a in [a for a in agents_.split(",") if a]:
        n = 1 if a in DETERMINISTIC_AGENTS else seeds
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
    from .runtime.bundle import time_bundle
    res = time_bundle(bundle_dir, rounds=rounds, reps=reps)
    merge_timings(bundle_dir, store_path)
    out.print(f"{bundle_dir}/results.json ({len(res['variants'])} variants)")


def merge_timings(bundle_dir: Path, store_path: Optional[Path] = None) -> int:
    """Merge a bundle's results.json (timed anywhere) into the results store."""
    from .runtime.bundle import load_bundle
    from .store import Store
    b = load_bundle(bundle_dir)
    results = json.loads((Path(bundle_dir) / "results.json").read_text())
    man = json.loads((Path(bundle_dir) / "manifest.json").read_text())
    ir_hash = man.get("tool_versions", {}).get("ir_hash", "")
    gpu = results.get("device", {}).get("name", "?")
    by_name = {v["name"]: v for v in man["variants"]}
    store = Store(store_path)
    n = 0
    try:
        for name, r in results["variants"].items():
            src = by_name.get(r.get("aa_copy_of") or name)
            if not src:
                continue
            store.put_timing(decisions_hash=src["metrics"].get("decisions_hash", ""),
                             source_hash=ir_hash, target=b.target or "?", gpu=gpu, result=r)
            n += 1
    finally:
        store.close()
    return n


@app.command("merge-timings")
def merge_timings_cmd(bundle_dir: Path, store_path: Optional[Path] = typer.Option(None, "--store")):
    """Merge results.json of a bundle timed on another machine into the store."""
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
                                         "(repeatable; beam refines the first)")):
    """Search whole-kernel schedules with real compiles; write the winner's decisions."""
    from rich.progress import Progress
    from .search.cli_search import init_weights_from, search_command
    if objective not in ("vgpr", "occupancy", "spills", "cycles", "time"):
        raise UsageError(f"unknown objective {objective!r}")
    with Progress(console=err, transient=True) as bar:
        task = bar.add_task("search", total=None)
        res = search_command(source, target, objective, budget, workers, ray, method, seed,
                             json_out, decisions_out, width=width, population=population,
                             ir_file=ir_file, time_rounds=time_rounds, time_reps=time_reps,
                             finalists=finalists, confirm_rounds=confirm_rounds,
                             runtime=runtime, init_weights=init_weights_from(init_from or []),
                             progress=lambda s: bar.update(task, description=s[:60]))
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


def main() -> None:
    """Entry point: known failures become one clear line and a non-zero exit."""
    from .agents import UnknownAgentError
    from .channel import AgentError
    from .protocol import ProtocolError
    from .toolchain import ToolFailed, ToolMissing, UnknownTarget
    try:
        app(standalone_mode=False)
    except (UsageError, ToolMissing, ToolFailed, ProtocolError, UnknownAgentError,
            UnknownTarget, AgentError, FileNotFoundError, ValueError, RuntimeError) as e:
        err.print(f"error: {e}", style="bold red", markup=False, highlight=False, soft_wrap=True)
        sys.exit(2 if isinstance(e, (UsageError, UnknownAgentError, UnknownTarget)) else 1)
    except typer.Exit as e:
        sys.exit(e.exit_code)
    except SystemExit:
        raise
    except Exception as e:  # click usage errors
        import click
        if isinstance(e, click.ClickException):
            e.show()
            sys.exit(e.exit_code)
        raise


if __name__ == "__main__":
    main()
