"""agentsched command line: parse the arguments, call agentsched.api, print the result.

Tables print at full width when standard output is not a terminal, or as --format markdown,
csv or json; an output named "-" is standard output (the messages then go to stderr).
(typer reads the annotations of these functions at run time: Optional/List are kept here
for the typer versions pyproject.toml allows.)
"""
from __future__ import annotations

import csv
import io
import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import List, Optional

import typer
from rich.console import Console
from rich.table import Table

from .. import api
from ..api import SEED_AGENTS, BuildOptions
from ..core import env
from ..core.files import STDOUT, check_output, hold, together
from ..searches.options import SCREEN_WARMUP
from .db import active_db, applies_db, schedule_fields
from .db import app as db_app


def _environment() -> str:
    """The environment variables, those with the same meaning together (the API keys)."""
    by_meaning: dict[str, list[str]] = {}
    for name, meaning in env.VARIABLES.items():
        by_meaning.setdefault(meaning, []).append(name)
    return "Environment: " + "; ".join(f"{', '.join(names)}: {meaning}"
                                       for meaning, names in by_meaning.items())


app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Let agents make LLVM's GPU instruction-scheduling decisions.",
                  epilog=_environment())


@app.callback()
def _options(phase: Optional[str] = typer.Option(
        None, "--phase", help="The machine scheduler every command's agents, searches and "
        "training decide for: pre (before register allocation, default), post (AMDGPU's "
        "post-RA scheduler) or both (docs/postra.md; also $AGENTSCHED_PHASE)")) -> None:
    if phase is not None:
        from ..core.phase import PHASES, set_phase
        if phase not in PHASES:
            raise typer.BadParameter(f"{phase!r}: choose one of {', '.join(PHASES)}",
                                     param_hint="--phase")
        set_phase(phase)  # workers and every compile of this run inherit it


# Not a terminal (a pipe, a file): no width limit, tables are never cut to 80 columns.
out = Console(width=None if sys.stdout.isatty() else 1_000_000)
err = Console(stderr=True)

FORMATS = ("table", "markdown", "csv", "json")
TargetOpt = typer.Option("gfx1100", "--target", "-t", help="gfx1100, gfx90a, gfx942, sm_90 ...")
SeedOpt = typer.Option(0, "--seed", help="Seed for random agents")
FormatOpt = typer.Option("table", "--format", help="table, markdown, csv or json")
AgentsOpt = typer.Option(",".join(SEED_AGENTS), "--agents",
                         help="Comma-separated agents: names, MODULE:CLASS or FILE.py:CLASS")
StoreOpt = typer.Option(None, "--store", help="SQLite results store (default: in the data dir)")


class UsageError(Exception):
    pass


def _split(items: str | None) -> list[str]:
    return [x.strip() for x in (items or "").split(",") if x.strip()]


def _outputs(*paths: Path | None) -> Console:
    """Refuse unusable output paths before any work; the console for messages (stderr when
    an output is standard output). The outputs are published together when the command ends
    (all or nothing: core.files.together)."""
    named = [p for p in paths if p is not None]
    for p in named:
        check_output(p)
    hold(*named)
    to_stdout = [p for p in named if str(p) == STDOUT]
    if len(to_stdout) > 1:
        raise UsageError("only one output can be standard output ('-')")
    return err if to_stdout else out


@contextmanager
def _progress(what: str, lines: bool = True) -> Iterator[Callable[[str], None]]:
    """Where progress messages go: a transient line on a terminal; otherwise (a log, a pipe,
    a GPU machine's captured output) one line each on stderr, when `lines`."""
    if err.is_terminal:
        from rich.progress import Progress
        with Progress(console=err, transient=True) as bar:
            task = bar.add_task(what, total=None)
            yield lambda s: bar.update(task, description=s[:80])
    else:
        yield (lambda s: err.print(f"{what}: {s}", markup=False, highlight=False,
                                   soft_wrap=True)) if lines else (lambda s: None)


def _format(fmt: str) -> str:
    if fmt not in FORMATS:
        raise UsageError(f"--format {fmt!r}: use {', '.join(FORMATS)}")
    return fmt


def print_rows(rows: list[dict], columns: list[str], fmt: str, title: str = "",
               console: Console | None = None, heads: dict[str, str] | None = None) -> None:
    """Rows as a table, markdown, CSV (these columns, by key) or JSON (whole rows); `heads`
    names columns for people (table, markdown)."""
    console = console or out
    if fmt == "json":
        console.print_json(json.dumps(rows)) if console.is_terminal else \
            print(json.dumps(rows, indent=2), file=console.file)
        return
    cells = [["" if r.get(c) is None else str(r.get(c)) for c in columns] for r in rows]
    named = [(heads or {}).get(c, c.replace("_", " ")) for c in columns]
    if fmt == "csv":
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerows([columns, *cells])
        print(buf.getvalue(), end="", file=console.file)
    elif fmt == "markdown":
        lines = [f"| {' | '.join(named)} |", "|" + "---|" * len(columns)]
        lines += [f"| {' | '.join(c)} |" for c in cells]
        print("\n".join(lines), file=console.file)
    else:
        table = Table(title=title or None)
        for c, head in zip(columns, named):
            table.add_column(head, justify="right" if rows and all(
                isinstance(r.get(c), (int, float)) or r.get(c) is None for r in rows)
                else "left")
        for row in cells:
            table.add_row(*row)
        console.print(table)


# How to build the user's source (states, compile, experiment, search, bundle, time).
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
BlockOpt = typer.Option(None, "--block", help="launch block X[,Y,Z]: the block occupancy "
                        "counts; on AMDGPU also the kernel's launch bounds unless its source "
                        "declares some (default: a spec's block)")
DynamicSharedOpt = typer.Option(None, "--dynamic-shared", help="dynamic shared memory per "
                                "block in bytes (extern __shared__, the third <<<...>>> "
                                "argument; HIP's dynamic LDS), counted in occupancy (default: "
                                "a spec's shared_bytes, else 0)")
LangOpt = typer.Option(None, "--lang", help="cuda or hip (default: .hip is HIP, else by target)")


def _bytes(text: str | None, flag: str) -> int | None:
    if text is None:
        return None
    try:
        n = int(text)
    except ValueError:
        n = -1
    if n < 0:
        raise UsageError(f"{flag} {text!r}: give bytes, an integer >= 0 (e.g. 98304)")
    return n


def _build(entry, include, define, std, fast_math, clang_flag, block, lang,
           dynamic_shared=None) -> BuildOptions:
    defines = {}
    for item in define or []:
        k, _, v = item.partition("=")
        if not k:
            raise UsageError(f"--define expects NAME=VALUE, got {item!r}")
        defines[k] = v or "1"
    if block is not None:
        api.launch_threads(block)  # a bad --block is a usage error before anything compiles
    flags = ([f"-std={std}"] if std else []) + (["-ffast-math"] if fast_math else []) + \
        list(clang_flag or [])
    return BuildOptions(entry=entry, include_dirs=tuple(Path(d) for d in include or []),
                        defines=defines, flags=tuple(flags),
                        block=tuple(int(x) for x in block.split(",")) if block else None,
                        lang=lang, dynamic_shared=_bytes(dynamic_shared, "--dynamic-shared"))


LlmUrl = typer.Option(None, "--llm-base-url", help="OpenAI-compatible endpoint "
                      f"(env {env.LLM_BASE_URL}; default DeepSeek)")
LlmModel = typer.Option(None, "--llm-model", help=f"Model name (env {env.LLM_MODEL})")
LlmMode = typer.Option(None, "--llm-mode", help="step (a call per decision) or region "
                       f"(env {env.LLM_MODE})")
AgentTimeoutOpt = typer.Option(None, "--agent-timeout",
                               help="Seconds a live agent may take per decision, 0 = no limit "
                                    f"(env {env.AGENT_TIMEOUT}; default 300)")
FullLogOpt = typer.Option(False, "--full-state-log",
                          help="Every candidate with every feature on every line (much larger; "
                               "the default compact log lists each pass's instructions once)")


def _llm_options(base_url, model, mode) -> dict:
    given = {"base_url": base_url, "model": model, "mode": mode}
    return {k: v for k, v in given.items() if v}


def _agent_timeout(seconds: float | None) -> float | None:
    if seconds is not None and seconds < 0:
        raise UsageError(f"--agent-timeout {seconds:g}: give seconds >= 0 (0: no limit)")
    return seconds


def _nothing_to_schedule(rep: dict) -> None:
    if rep.get("nothing_to_schedule"):
        err.print("note: nothing to schedule: no function reached the machine scheduler "
                  "(an empty, host-only or optnone module)", markup=False, highlight=False)


@app.command()
@applies_db
def states(source: str = typer.Argument(..., help="Source, LLVM IR, spec .py or suite kernel"),
           target: str = TargetOpt,
           output: Path = typer.Option(..., "-o", "--output",
                                       help="State log (JSON lines; - for stdout)"),
           base: str = typer.Option("target", help="target (GCN on AMDGPU) or generic"),
           entry: Optional[str] = EntryOpt, include: Optional[List[str]] = IncludeOpt,
           define: Optional[List[str]] = DefineOpt, std: Optional[str] = StdOpt,
           fast_math: bool = FastMathOpt, clang_flag: Optional[List[str]] = ClangFlagOpt,
           block: Optional[str] = BlockOpt, lang: Optional[str] = LangOpt,
           dynamic_shared: Optional[str] = DynamicSharedOpt,
           full_state_log: bool = FullLogOpt,
           features: bool = typer.Option(False, "--features",
                                         help="Each point carries its candidates' rows of the "
                                              "plugin's feature catalog (what policy:FILE and "
                                              "training read; much larger)")):
    """Write every decision point of LLVM's default schedule (the seed's state log)."""
    say = _outputs(output)
    build = _build(entry, include, define, std, fast_math, clang_flag, block, lang,
                   dynamic_shared)
    result = api.compile(source, target, state_log=output, base=base, measure=False,
                         full_state_log=full_state_log, features=features, build=build)
    rep = result.report
    say.print(f"{rep['decisions']} decision points ({rep['choices']} with a choice) in "
              f"{rep['regions']} regions, {rep['passes']} passes -> {output}")
    _nothing_to_schedule(rep)
    if build.dynamic_shared is not None:
        _note("--dynamic-shared changes no decision point: it counts only in occupancy, "
              "which `states` does not measure")
    if build.block is not None and result.target.family == "nvptx":
        _note("--block changes no decision point on NVPTX (no .maxntid is added, as nvcc adds "
              "none: docs/own-kernel.md); it counts only in occupancy, which `states` does "
              "not measure")


def _note(text: str) -> None:
    err.print(f"note: {text}", markup=False, highlight=False, soft_wrap=True)


def _timed_launch_note(build: BuildOptions) -> None:
    """Timing launches a kernel as its spec says: a launch flag counts in the figures only."""
    given = [f for f, v in (("--block", build.block), ("--dynamic-shared",
                                                        build.dynamic_shared)) if v is not None]
    if given:
        _note(f"{' and '.join(given)} count{'s' if len(given) == 1 else ''} in the figures "
              "(--block also in AMDGPU launch bounds); the GPU runs the kernel with its spec's "
              "block and shared_bytes")


def _launch_note(build: BuildOptions, metrics: dict) -> None:
    """A launch flag that could not count (NVPTX occupancy without a block size, or without
    ptxas) says so."""
    if metrics.get("occupancy") is not None:
        return
    given = [f for f, v in (("--block", build.block), ("--dynamic-shared",
                                                        build.dynamic_shared)) if v is not None]
    if not given:
        return
    why = "NVPTX occupancy needs the block size: give --block X[,Y,Z] too" \
        if metrics.get("vgpr") is not None else \
        "there is no occupancy figure (NVPTX without ptxas: `agentsched sdk status`)"
    _note(f"{' and '.join(given)} not counted: {why}")


@app.command()
def decide(state_log: Path, agent: str = typer.Option(..., "--agent", "-a"), seed: int = SeedOpt,
           output: Path = typer.Option(..., "-o", "--output", help="Decision file (- for stdout)"),
           llm_base_url: Optional[str] = LlmUrl, llm_model: Optional[str] = LlmModel,
           llm_mode: Optional[str] = LlmMode):
    """Let an agent decide every point of a state log, offline (the seed's agents.py)."""
    say = _outputs(output)
    res = api.decide(state_log, agent, seed=seed, output=output,
                     agent_options=_llm_options(llm_base_url, llm_model, llm_mode))
    say.print(f"{len(res.decisions)} decisions by {agent}, {res.changed} differ from LLVM's "
              f"-> {output}")


COMPILE_FIELDS = ("decisions", "choices", "changed", "stale", "regions", "reverted_regions",
                  "vgpr", "sgpr", "occupancy", "block_threads", "dynamic_shared", "spills",
                  "scratch_bytes", "est_cycles", "code_bytes", "vopd_pairs", "delay_alu",
                  "delay_alu_total", "waitcnts", "nops", "validated")


@app.command("compile")
@applies_db
def compile_cmd(source: str = typer.Argument(..., help="Source, LLVM IR, spec .py or suite "
                                                      "kernel"),
                target: str = TargetOpt,
                output: Path = typer.Option(..., "-o", "--output",
                                            help=".s/.ptx, .o, .co/.hsaco or .cubin (- for "
                                                 "the assembly on stdout)"),
                agent: Optional[str] = typer.Option(None, "--agent", "-a",
                                                    help="Agent answering live: a name, "
                                                         "MODULE:CLASS or FILE.py:CLASS"),
                decisions: Optional[Path] = typer.Option(None, "--decisions",
                                                         help="Decision file to replay"),
                lenient: bool = typer.Option(False, "--lenient",
                                             help="Stale decisions fall back to LLVM's pick"),
                seed: int = SeedOpt,
                json_out: Optional[Path] = typer.Option(None, "--json",
                                                        help="Summary as JSON (- for stdout)"),
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
                dynamic_shared: Optional[str] = DynamicSharedOpt,
                full_state_log: bool = FullLogOpt,
                agent_timeout: Optional[float] = AgentTimeoutOpt,
                fallback: bool = typer.Option(
                    False, "--fallback", help="Keep LLVM's schedule when the agent's kernel has "
                                              "lower occupancy, more spills or (occupancy "
                                              "unknown) more registers"),
                select: bool = typer.Option(
                    False, "--select", help="sm_90, AMD gfx90a/gfx94x/gfx11+: LLVM's schedule, "
                                            "the shipped policy or --decisions' (tuned), "
                                            "chosen by the performance model "
                                            "(docs/perfmodel.md)"),
                fmt: str = FormatOpt):
    """Compile with the plugin: LLVM's schedule, a live agent's, or a decision file's."""
    if agent and decisions:
        raise UsageError("give --agent or --decisions, not both")
    if select:
        from .perfmodel import compile_selected
        if agent or fallback:
            raise UsageError("--select chooses among LLVM's, the policy's and --decisions' "
                             "schedules: no --agent or --fallback")
        return compile_selected(_outputs(output, json_out), source, target, output,
                                decisions, json_out, _format(fmt),
                                _build(entry, include, define, std, fast_math, clang_flag,
                                       block, lang, dynamic_shared))
    say = _outputs(output, json_out, save_decisions, state_log)
    if _format(fmt) != "table":
        say = err  # standard output holds the data
    build = _build(entry, include, define, std, fast_math, clang_flag, block, lang,
                   dynamic_shared)
    kref = api.kernel(source, build=build)
    result = api.compile(kref, target, agent=agent, decisions=decisions, lenient=lenient,
                         seed=seed, state_log=state_log, base=base, output=output,
                         full_state_log=full_state_log,
                         agent_timeout=_agent_timeout(agent_timeout),
                         agent_options=_llm_options(llm_base_url, llm_model, llm_mode),
                         fallback=fallback)
    rep = result.report
    metrics = result.metrics.as_dict() if result.metrics else {}
    summary = {**kref.record(), "target": result.target.name, "agent": agent,
               "symbol": result.entry, "phase": rep.get("phase", "pre"),
               "decisions_file": str(decisions) if decisions else None,
               **{k: rep[k] for k in ("decisions", "choices", "changed", "stale", "missing",
                                      "unmatched", "forced", "regions", "passes",
                                      "reverted_regions", "reverted_passes")},
               **metrics, "validated": result.validated,
               "agent_stats": result.agent_stats, "output": str(output)}
    if fallback:
        summary["fallback"] = rep.get("fallback")
    summary.update(schedule_fields(rep, agent=agent, decisions=decisions))
    names = dict(zip(result.kernels, api.kernel_names(result.kernels)))
    if result.kernel_metrics:  # a whole module: every kernel's figures
        summary["kernels"] = [{"symbol": k, "name": names[k], **m.as_dict(),
                               **({"schedule": summary["schedules"][k]["schedule"]}
                                  if k in summary.get("schedules", {}) else {})}
                              for k, m in result.kernel_metrics.items()]
    if save_decisions and result.decisions is not None:
        api.write_decisions(save_decisions, result.decisions)
    if json_out:
        api.write_json(json_out, summary)
    if fmt == "table":
        family = result.target.family
        heads = ROW_HEADS.get(family, ROW_HEADS[""])
        table = Table(show_header=False, box=None)
        for k in COMPILE_FIELDS:
            if k not in NOT_ON.get(family, ()):
                table.add_row(heads.get(k, k), str(summary[k]))
        for k in ("schedule", "schedule_why"):  # tuned / partly tuned / agent / LLVM's: why
            if summary.get(k):
                table.add_row(k.replace("_", " "), str(summary[k]))
        say.print(table)
        if result.kernel_metrics:
            cols = [c for c in ("name", "vgpr", "occupancy", "spills", "scratch_bytes",
                                "shared_bytes", "est_cycles") if c not in NOT_ON.get(family, ())]
            cols += ["schedule"] if "schedules" in summary else []
            print_rows(summary["kernels"], cols, "table",
                       f"{len(result.kernels)} kernels, scheduled together (--entry: one)",
                       console=say, heads=heads)
    else:
        print_rows([summary], list(summary), fmt)
    if result.target.family == "nvptx" and result.validated is None:
        err.print(f"warning: no ptxas for {result.target.name} was found: the PTX was not "
                  "validated (install the sdk extra or a CUDA toolkit)")
    if rep.get("fallback"):
        err.print(f"fallback: LLVM's schedule kept ({rep['fallback']} with the agent's)")
    if metrics.get("est_note"):
        _note(f"est_cycles: {metrics['est_note']}")
    _launch_note(build, metrics)
    say.print(f"-> {output}")
    _nothing_to_schedule(rep)


@app.command("ir")
def ir_cmd(source: str = typer.Argument(..., help="Source, LLVM IR, spec .py, suite kernel or "
                                                 "Triton kernel"),
           target: str = TargetOpt,
           output: Path = typer.Option(..., "-o", "--output", help="The IR (.ll; - for stdout)"),
           entry: Optional[str] = EntryOpt, include: Optional[List[str]] = IncludeOpt,
           define: Optional[List[str]] = DefineOpt, std: Optional[str] = StdOpt,
           fast_math: bool = FastMathOpt, clang_flag: Optional[List[str]] = ClangFlagOpt,
           block: Optional[str] = BlockOpt, lang: Optional[str] = LangOpt,
           dynamic_shared: Optional[str] = DynamicSharedOpt):
    """Write the kernel's device LLVM IR for a target, as every command compiles it (its first
    line names the kernel): what a machine without clang schedules (docs/gpu-machine.md)."""
    from .. import api as A
    from ..core.files import write_bytes
    say = _outputs(output)
    ir = A.emit_ir(source, target, build=_build(entry, include, define, std, fast_math,
                                                clang_flag, block, lang, dynamic_shared))
    write_bytes(output, ir.read_bytes())
    say.print(f"-> {output}")


@app.command("pack")
def pack_cmd(output: Path = typer.Argument(..., help="A new directory (replaced as a whole "
                                                     "when it holds an earlier pack)"),
             kernel: Optional[List[str]] = typer.Option(
                 None, "--kernel", help="make this kernel's IR here (suite name, spec .py, "
                                        "source; every kernel of a module): no clang there"),
             targets: str = typer.Option("sm_90", "--targets", help="for --kernel"),
             entry: Optional[str] = EntryOpt, include: Optional[List[str]] = IncludeOpt,
             define: Optional[List[str]] = DefineOpt, std: Optional[str] = StdOpt,
             fast_math: bool = FastMathOpt, clang_flag: Optional[List[str]] = ClangFlagOpt,
             block: Optional[str] = BlockOpt, lang: Optional[str] = LangOpt,
             dynamic_shared: Optional[str] = DynamicSharedOpt):
    """Pack what a machine without LLVM 19 needs (Debian's llc-19 and the tools agentsched
    runs, their libraries, the built plugin, this package) with a launcher: there,
    `OUTPUT/agentsched COMMAND ...` runs any command (docs/gpu-machine.md)."""
    info = api.pack(output, kernels=list(kernel or []), targets=_split(targets),
                    build=_build(entry, include, define, std, fast_math, clang_flag, block,
                                 lang, dynamic_shared))
    out.print(f"{output}/agentsched: LLVM {info.llvm}, plugin {info.plugin}, "
              f"{len(info.tools)} tools, {len(info.libraries)} libraries, "
              f"{len(info.kernels_ir)} kernels' IR, {info.bytes / 2**20:.1f} MiB")


sdk_app = typer.Typer(help="Vendors' SDKs for users' own CUDA/HIP kernels (docs/own-kernel.md).",
                      no_args_is_help=True)
app.add_typer(sdk_app, name="sdk")


@sdk_app.command("install")
def sdk_install():
    """Fetch the header-only CUDA pieces (cuBLAS, cuRAND headers: wheels downloaded once,
    include/ kept, wheels dropped). The rest comes with pip install 'agentsched[sdk]'."""
    for d in api.sdk_install(progress=lambda s: err.print(f"[dim]{s}[/dim]")):
        out.print(f"{d}")


@sdk_app.command("status")
def sdk_status():
    """What of the CUDA and ROCm SDKs is installed, and how to get the rest."""
    for line in api.sdk_status():
        print(line)
    from ..tools.build import fatbinary_status  # whole programs (docs/build.md)
    print(fatbinary_status())


@app.command("plugin-path")
def plugin_path_cmd(rebuild: bool = typer.Option(False, "--rebuild")):
    """Print the built plugin's path (use it as llc-19 -load=$(agentsched plugin-path))."""
    print(api.plugin_path(rebuild=rebuild))


@app.command()
def agents():
    """List the agents that can be named (also MODULE:CLASS and FILE.py:CLASS work)."""
    for name in api.agent_names():
        print(name)


ROW_COLUMNS = ["agent", "decisions", "changed", "changed_pct", "vgpr", "sgpr", "occupancy",
               "spills", "scratch_bytes", "asm_diff_lines", "est_cycles", "reverted_regions",
               "time_us"]
# What a row's figures are called on each backend; the columns a backend never fills
# (NVPTX: no scalar registers, no llvm-mca model). Neutral words when targets mix.
ROW_HEADS = {"amdgpu": {"vgpr": "VGPRs", "sgpr": "SGPRs", "occupancy": "waves/SIMD"},
             "nvptx": {"vgpr": "registers", "occupancy": "warps/SM"},
             "": {"vgpr": "registers", "occupancy": "occupancy"}}
NOT_ON = {"nvptx": {"sgpr", "est_cycles", "reverted_regions",  # (GCN reverts regions)
                   "vopd_pairs", "delay_alu", "delay_alu_total", "waitcnts", "nops"}}


def _row_columns(rows: list[dict], columns: list[str]) -> tuple[list[str], dict[str, str]]:
    """The columns and their headings for rows of these targets."""
    from ..targets import parse_target
    families = set()
    for t in {r.get("target") for r in rows}:
        try:
            families.add(parse_target(t).family)
        except (ValueError, TypeError):
            families.add("")
    family = families.pop() if len(families) == 1 else ""
    return [c for c in columns if c not in NOT_ON.get(family, ())], ROW_HEADS[family] \
        if family in ROW_HEADS else ROW_HEADS[""]


@app.command()
@applies_db
def experiment(kernel: str = typer.Argument(..., help="Suite kernel name, source file or "
                                             "spec .py"),
               target: str = TargetOpt,
               agents_: str = AgentsOpt,
               seed: int = SeedOpt,
               json_out: Optional[Path] = typer.Option(None, "--json", help="Rows as JSON "
                                                       "(- for stdout)"),
               csv_out: Optional[Path] = typer.Option(None, "--csv", help="Rows as CSV "
                                                      "(- for stdout)"),
               store_path: Optional[Path] = StoreOpt,
               time: bool = typer.Option(False, "--time", help="Time on the local GPU"),
               llm_base_url: Optional[str] = LlmUrl, llm_model: Optional[str] = LlmModel,
               llm_mode: Optional[str] = LlmMode,
               entry: Optional[str] = EntryOpt, include: Optional[List[str]] = IncludeOpt,
               define: Optional[List[str]] = DefineOpt, std: Optional[str] = StdOpt,
               fast_math: bool = FastMathOpt, clang_flag: Optional[List[str]] = ClangFlagOpt,
               block: Optional[str] = BlockOpt, lang: Optional[str] = LangOpt,
               dynamic_shared: Optional[str] = DynamicSharedOpt,
               agent_timeout: Optional[float] = AgentTimeoutOpt,
               fmt: str = FormatOpt):
    """One row per agent: decisions changed, registers, occupancy, spills, cycles, time."""
    say = _outputs(json_out, csv_out)
    if _format(fmt) != "table" and say is err:
        raise UsageError(f"--format {fmt} prints to standard output, and so does an output "
                         "named '-'")
    # the row being made, on a terminal only: an error or interrupt stays one line
    with _progress("experiment", lines=False) as progress:
        rows = api.experiment(kernel, target, _split(agents_), seed=seed, store=store_path,
                              time=time, agent_timeout=_agent_timeout(agent_timeout),
                              json_out=json_out, csv_out=csv_out,
                              agent_options=_llm_options(llm_base_url, llm_model, llm_mode),
                              build=(build := _build(entry, include, define, std,
                                                     fast_math, clang_flag, block, lang,
                                                     dynamic_shared)),
                              progress=progress)
    if rows:
        _launch_note(build, rows[0])
    if time:
        _timed_launch_note(build)
    several = len({r.get("kernel_key") for r in rows}) > 1  # a module's kernels
    columns, heads = _row_columns(rows, ["entry_name", *ROW_COLUMNS] if several
                                  else ROW_COLUMNS)
    if active_db() is not None:  # --db: tuned / partly tuned / the agent's, per row
        columns.append("schedule")
    print_rows(rows, columns, fmt,
               f"{kernel if several else rows[0]['kernel'] if rows else kernel} on {target}",
               console=say, heads={"entry_name": "kernel", **heads})


@app.command()
def show(store_path: Optional[Path] = StoreOpt,
         kernel: Optional[str] = typer.Option(
             None, "--kernel", help="Only this kernel: its name (prefix_sum/main.hip:"
                                    "block_prefix_sum), file (main.hip, main) or key"),
         entry: Optional[str] = typer.Option(
             None, "--entry", "-e", help="Only this entry (as given, its source name or its "
                                         "symbol)"),
         target: Optional[str] = typer.Option(None, "--target", "-t", help="Only this target"),
         agent: Optional[str] = typer.Option(None, "--agent", "-a",
                                             help="Only this agent (name, or NAME:seed=N)"),
         fmt: str = FormatOpt):
    """Browse the results store: the rows experiments, reproduce and report have made.

    Each row names its kernel (directory/file:entry), entry and build."""
    _format(fmt)
    rows = api.show(store_path, kernel=kernel, entry=entry, target=target, agent=agent)
    if not rows and fmt == "table":
        err.print("no rows in the store" +
                  (" match" if kernel or entry or target or agent else ""))
        return
    from ..experiments.rows import row_cells
    if fmt != "json":
        rows = [row_cells(r) for r in rows]
    columns, heads = _row_columns(rows, ROW_COLUMNS)
    print_rows(rows, ["kernel", "entry", "build", "target", *columns], fmt, "results store",
               heads=heads)


@app.command()
@applies_db
def reproduce(out_dir: Path = typer.Option(Path("results"), "--out", help="Output directory"),
              targets: str = typer.Option("gfx1100,gfx90a,gfx942", "--targets"),
              kernels: Optional[str] = typer.Option(None, "--kernels",
                                                    help="Comma-separated (default: all)"),
              agents_: str = AgentsOpt,  # the LLM only when asked: --agents ...,llm
              seed: int = SeedOpt,
              store_path: Optional[Path] = StoreOpt):
    """The seed's experiments end to end: tables, JSON, CSV and plots in --out."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
    plan = api.reproduce_plan(_split(targets), _split(kernels) or None, _split(agents_))
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=err) as bar:
        task = bar.add_task("reproduce", total=len(plan))
        done = [0]

        def progress(label: str) -> None:
            if done[0]:
                bar.advance(task)
            done[0] += 1
            bar.update(task, description=label.ljust(40))

        rows = api.reproduce(out_dir, targets=_split(targets), kernels=_split(kernels) or None,
                             agents=_split(agents_), seed=seed, store=store_path,
                             progress=progress)
        bar.advance(task)
    out.print(f"{len(rows)} rows -> {out_dir}/README.md, results.json, results.csv, *.png")


@app.command()
@applies_db
def report(inputs: Optional[List[Path]] = typer.Argument(
               None, help="results.json (or its directory), search JSONs, timing JSONs"),
           output: Path = typer.Option(..., "-o", "--output", help="The HTML page (- for stdout)"),
           kernel: Optional[str] = typer.Option(None, "--kernel",
                                                help="Run these experiments (comma-separated; "
                                                     "stored rows are reused)"),
           target: str = typer.Option("gfx1100", "--target", "-t", help="Comma-separated"),
           agents_: str = AgentsOpt,
           seed: int = SeedOpt,
           store_path: Optional[Path] = StoreOpt,
           schedules: bool = typer.Option(True, "--schedules/--no-schedules",
                                          help="Compile and show each schedule's regions"),
           max_points: int = typer.Option(20_000, "--max-points", min=0,
                                          help="Skip schedule views of kernels with more "
                                               "decision points per compile (0: no limit)"),
           entry: Optional[str] = EntryOpt, include: Optional[List[str]] = IncludeOpt,
           define: Optional[List[str]] = DefineOpt, std: Optional[str] = StdOpt,
           fast_math: bool = FastMathOpt, clang_flag: Optional[List[str]] = ClangFlagOpt,
           block: Optional[str] = BlockOpt, lang: Optional[str] = LangOpt,
           dynamic_shared: Optional[str] = DynamicSharedOpt):
    """One self-contained HTML page: tables, schedules, pressure, asm diffs, timings, search.

    --kernel's sources are built as `compile` builds them (--entry, -I, -D ...); the kernels
    of saved JSON are rebuilt from what it records (a relative source path is taken from the
    current directory)."""
    say = _outputs(output)
    build = _build(entry, include, define, std, fast_math, clang_flag, block, lang,
                   dynamic_shared)
    if not kernel and build != api.BuildOptions():
        raise UsageError("build options (--entry, -I, -D, --block ...) apply to --kernel; "
                         "saved JSON records its own")
    info = api.report(list(inputs or []), output, kernels=_split(kernel), build=build,
                      targets=_split(target), agents=_split(agents_), seed=seed,
                      store=store_path, schedules=schedules, max_points=max_points,
                      progress=lambda s: err.print(f"[dim]{s}[/dim]"),
                      command="agentsched report " + " ".join(sys.argv[2:]))
    say.print(f"-> {output} ({info['bytes'] / 1e6:.1f} MB, {info['blobs']} lazy sections, "
              f"{info['seconds']} s)")


@app.command()
@applies_db
def bundle(kernel: str = typer.Argument(..., help="Suite kernel name or spec .py"),
           target: str = typer.Option("sm_90", "--target", "-t"),
           agents_: str = AgentsOpt,
           seeds: int = typer.Option(1, "--seeds", min=1, help="Variants per random agent"),
           decisions: Optional[List[Path]] = typer.Option(None, "--decisions",
                                                          help="Decision files to include"),
           output: Path = typer.Option(..., "-o", "--output", help="Bundle directory"),
           entry: Optional[str] = EntryOpt, include: Optional[List[str]] = IncludeOpt,
           define: Optional[List[str]] = DefineOpt, std: Optional[str] = StdOpt,
           fast_math: bool = FastMathOpt, clang_flag: Optional[List[str]] = ClangFlagOpt,
           block: Optional[str] = BlockOpt, lang: Optional[str] = LangOpt,
           dynamic_shared: Optional[str] = DynamicSharedOpt):
    """Compile variants (agents x seeds x decision files) into a bundle to time elsewhere."""
    build = _build(entry, include, define, std, fast_math, clang_flag, block, lang,
                   dynamic_shared)
    _timed_launch_note(build)
    made = api.bundle(kernel, target, output, agents=_split(agents_), seeds=seeds,
                      decisions=list(decisions or []), build=build,
                      progress=lambda s: err.print(f"[dim]{s}[/dim]"))
    out.print(f"{len(made.variants)} variants -> {output}/manifest.json; time it with "
              f"`agentsched time {output}` (or `python -m agentsched.runtime.bundle time "
              f"{output}` where only Python and CuPy are installed)")


@app.command("time")
def time_cmd(bundle_dir: Path, rounds: int = typer.Option(15, "--rounds", min=1),
             reps: int = typer.Option(5, "--reps", min=1),
             store_path: Optional[Path] = StoreOpt):
    """Time a bundle on the local GPU (checked against the reference first); store results."""
    res = api.time(bundle_dir, rounds=rounds, reps=reps, store=store_path)
    out.print(f"{bundle_dir}/results.json ({len(res['variants'])} variants)")


@app.command("merge-timings")
def merge_timings_cmd(bundle_dir: Path, store_path: Optional[Path] = StoreOpt):
    """Merge results.json of a bundle timed on another machine into the store."""
    out.print(f"{api.merge_timings(bundle_dir, store_path)} timings merged")


@app.command()
def search(source: str = typer.Argument(..., help="Suite kernel name, source file or spec .py"),
           target: str = TargetOpt,
           objective: str = typer.Option("vgpr", "--objective", help="; ".join(
               f"{k}: {v}" for k, v in api.OBJECTIVE_HELP.items())),
           budget: int = typer.Option(64, "--budget", min=1, help="Compiles to spend (at most)"),
           seconds: Optional[float] = typer.Option(
               None, "--seconds", help="Time budget: no new schedule is proposed after this "
                                       "many seconds (then the finalists are confirmed)"),
           fresh: bool = typer.Option(False, "--fresh",
                                      help="Forget what an earlier run of the same search "
                                           "found (by default it resumes from its journal)"),
           workers: Optional[int] = typer.Option(None, "--workers"),
           ray: Optional[str] = typer.Option(None, "--ray",
                                             help="Ray address ('local' starts one)"),
           gpus: Optional[str] = typer.Option(None, "--gpus",
                                              help="time: GPUs timing in parallel, one worker "
                                                   "each: N, all or 0,1 (docs/multigpu.md)"),
           method: str = typer.Option("beam", "--method", help="beam or evolve"),
           seed: int = SeedOpt,
           json_out: Path = typer.Option(Path("search.json"), "--json",
                                         help="The summary (- for stdout)"),
           decisions_out: Optional[Path] = typer.Option(None, "--decisions-out"),
           ir_file: Optional[Path] = typer.Option(
               None, "--ir", help="LLVM IR to schedule instead of compiling the source"),
           width: int = typer.Option(4, "--width", min=1, help="beam: schedules kept per level"),
           population: int = typer.Option(8, "--population", min=1,
                                          help="evolve: children per generation"),
           time_rounds: int = typer.Option(5, "--time-rounds", min=1,
                                           help="time: rounds per screening batch"),
           time_reps: int = typer.Option(3, "--time-reps", min=1, help="time: launches per round"),
           finalists: int = typer.Option(4, "--finalists", min=1,
                                         help="time: schedules re-timed at the end"),
           confirm_rounds: int = typer.Option(31, "--confirm-rounds", min=1,
                                              help="time: rounds of the confirmation run"),
           runtime: str = typer.Option("auto", "--runtime", help="time: auto, cuda or hip"),
           screen: Optional[float] = typer.Option(
               None, "--screen", help="time, sm_90: GPU-time only the performance model's "
                                      "best fraction of each batch (e.g. 0.2)"),
           screen_warmup: int = typer.Option(
               SCREEN_WARMUP, "--screen-warmup", min=0,
               help="screen: the first K modules timed are a diverse warm-up (each the "
                    "farthest in the model's SASS features from LLVM's default and from "
                    "everything timed); later ones are ranked by the model calibrated on "
                    "every timing so far, exploring where it is unsure; 0: the global model's "
                    "ranking alone. Timed in all: the --screen fraction of the modules asked"),
           init_from: Optional[List[Path]] = typer.Option(
               None, "--init-from", help="warm start from earlier search JSONs' weights "
                                         "(repeatable; beam refines the first)"),
           agent: Optional[str] = typer.Option(None, "--agent", "-a",
                                               help="beam: refine this agent's schedule (a "
                                                    "name, MODULE:CLASS or FILE.py:CLASS)"),
           portfolio: Optional[List[str]] = typer.Option(
               None, "--portfolio", help="start also from this whole schedule: "
                                         "policy:FILE or an agent (repeatable)"),
           db: Optional[Path] = typer.Option(None, "--db", help="Store a confirmed winner in "
                                             "this tuned-schedule database (docs/db.md)"),
           entry: Optional[str] = EntryOpt, include: Optional[List[str]] = IncludeOpt,
           define: Optional[List[str]] = DefineOpt, std: Optional[str] = StdOpt,
           fast_math: bool = FastMathOpt, clang_flag: Optional[List[str]] = ClangFlagOpt,
           block: Optional[str] = BlockOpt, lang: Optional[str] = LangOpt,
           dynamic_shared: Optional[str] = DynamicSharedOpt):
    """Search whole-kernel schedules with real compiles; write the winner's decisions."""
    say = _outputs(json_out, decisions_out)
    with _progress("search") as progress:
        options = api.SearchOptions(
            objective=objective, budget=budget, seconds=seconds, fresh=fresh, method=method,
            workers=workers, ray=ray, gpus=gpus,
            seed=seed, width=width, population=population, time_rounds=time_rounds,
            time_reps=time_reps, finalists=finalists, confirm_rounds=confirm_rounds,
            runtime=runtime, init_from=tuple(init_from or ()), agent=agent, ir_file=ir_file,
            screen=screen, screen_warmup=screen_warmup,
            portfolio=tuple(portfolio or ()), db=db,
            json_out=json_out, decisions_out=decisions_out)
        res = api.search(source, target, options,
                         build=(build := _build(entry, include, define, std, fast_math,
                                                clang_flag, block, lang, dynamic_shared)),
                         progress=progress)
    for r in getattr(res, "reports", [res]):  # a module: each kernel's search
        _search_lines(say, r, method, objective, build)
    for name, why in getattr(res, "skipped", {}).items():
        say.print(f"{name}: not searched: {why}")
    say.print(f"winning decisions: {res.decisions_file} ; summary: {json_out}")


def _brief(metrics: dict) -> str:
    """The figures a search moves, those measured: 'vgpr 22, occupancy 8, spills 0 ...'."""
    keys = ("vgpr", "sgpr", "occupancy", "spills", "est_cycles")
    return ", ".join(f"{k} {metrics[k]}" for k in keys if metrics.get(k) is not None)


def _search_lines(say: Console, res, method: str, objective: str, build) -> None:
    d, b = res.default, res.best
    _launch_note(build, d.get("metrics") or {})
    if objective == "time":
        _timed_launch_note(build)
    say.print(f"{res.kernel}: {method} over {res.evaluations} compiles: {objective} "
              f"default {_brief(d.get('metrics', d))} -> best {_brief(b.get('metrics', b))}")
    tm = res.timing
    if tm is not None:
        nf = (tm.get("confirmation") or {}).get("noise_floor") or {}
        ci = tm.get("speedup_ci")
        if tm["improved"]:
            say.print(f"confirmed: {tm['winner']} speedup {tm['speedup']:.4f} "
                      f"[{ci[0]:.4f}, {ci[1]:.4f}], A/A bound {100 * nf.get('bound', 0):.2f}%")
        else:
            bf = tm.get("best_finalist_speedup")
            say.print("no schedule beat LLVM's default beyond the A/A noise"
                      + (f" (fastest finalist {bf:.4f})" if bf else "")
                      + "; best = LLVM's default")
    stored = b.get("db")
    if stored:  # search --db
        say.print(f"db {stored['file']}: " + (
            f"stored ({stored['regions']} regions, {stored['decisions']} decisions)"
            if stored["stored"] else f"not stored ({stored['why']})"),
                  markup=False, highlight=False)


@app.command()
def tune(inputs: List[str] = typer.Argument(..., help="The program's kernels: spec .py files, "
                                            "directories of them, suite names or sources"),
         target: str = typer.Option("sm_90", "--target", "-t"),
         seconds: float = typer.Option(900.0, "--seconds", help="The whole budget"),
         objective: str = typer.Option("time", "--objective",
                                       help="time (this machine's GPU) or a static one"),
         db: Optional[Path] = typer.Option(None, "--db", help="The tuned-schedule database "
                                                             "the winners go into"),
         policy: Optional[Path] = typer.Option(None, "--policy", help="The portfolio's policy "
                                                                      "(default: the shipped one)"),
         method: str = typer.Option("evolve", "--method"),
         population: int = typer.Option(16, "--population", min=1),
         workers: Optional[int] = typer.Option(None, "--workers"),
         ray: Optional[str] = typer.Option(None, "--ray", help="Ray address ('local' starts "
                                                               "one)"),
         gpus: Optional[str] = typer.Option(None, "--gpus",
                                              help="time: GPUs timing in parallel, one worker "
                                                   "each: N, all or 0,1 (docs/multigpu.md)"),
         finalists: int = typer.Option(4, "--finalists", min=1),
         min_share: float = typer.Option(0.02, "--min-share",
                                         help="kernels with less of the time are left"),
         fresh: bool = typer.Option(False, "--fresh", help="forget earlier runs' journals"),
         json_out: Path = typer.Option(Path("tune.json"), "--json",
                                       help="The summary (and a .md table beside it)")):
    """Spend a time budget across a program's hot kernels, best first: each kernel's share of
    the GPU time, a search from a portfolio (LLVM's schedule, the heuristics, the shipped
    policy), resumable; the winners into the database; a summary."""
    from ..experiments.tune import TuneOptions
    say = _outputs(json_out)
    o = TuneOptions(seconds=seconds, objective=objective, db=db, policy=policy, method=method,
                    population=population, workers=workers, ray=ray, gpus=gpus,
                    finalists=finalists,
                    min_share=min_share, fresh=fresh, json_out=json_out)
    with _progress("tune") as progress:
        res = api.tune(inputs, target, o, progress=progress)
    for k in res.kernels:
        ci = f" [{k.speedup_ci[0]:.4f}, {k.speedup_ci[1]:.4f}]" if k.speedup_ci else ""
        say.print(f"{k.kernel}: {k.share:.1%} of the time, {k.evaluations} evaluations, "
                  f"{k.speedup:.4f}{ci}{' -> db' if k.stored else ''} {k.note}".rstrip(),
                  markup=False, highlight=False)
    say.print(f"tuned kernels together: {res.program_speedup:.4f}x ; summary: {json_out}")


@app.command()
def train(corpus: Path = typer.Option(..., "--corpus", help="A corpus package directory (e.g. "
                                      "corpus/) or a directory of LLVM IR files"),
          target: str = TargetOpt,
          objective: str = typer.Option("vgpr", "--objective", help=api.TRAIN_OBJECTIVE_HELP),
          budget: int = typer.Option(64, "--budget",
                                     help="Candidate policies to evaluate (each: every "
                                          "training kernel compiled)"),
          output: Path = typer.Option(Path("policy.json"), "-o", "--output",
                                      help="The trained policy file"),
          json_out: Optional[Path] = typer.Option(None, "--json",
                                                  help="The full record: curve, every "
                                                       "candidate's per-kernel results"),
          split: str = typer.Option("train", "--split",
                                    help="The corpus split to train on (train, validation, "
                                         "test; 'all': every kernel)"),
          bound: Optional[str] = typer.Option(None, "--bound",
                                              help="Only the corpus's compute or memory "
                                                   "kernels"),
          kind: Optional[str] = typer.Option(None, "--kind", help="Only cuda or triton kernels"),
          kernel: Optional[List[str]] = typer.Option(None, "--kernel",
                                                     help="Only these kernels (repeatable)"),
          model: str = typer.Option("linear", "--model", help="linear or mlp"),
          features: str = typer.Option("all", "--features",
                                       help="The model's inputs: all (docs/policy.md's "
                                            "catalog), old (the per-candidate features of "
                                            "the searches) or a comma-separated list"),
          hidden: int = typer.Option(8, "--hidden", help="mlp: hidden units"),
          population: int = typer.Option(8, "--population", help="Candidates per generation"),
          penalty: float = typer.Option(1.0, "--penalty",
                                        help="Weight of slowdowns beyond the tolerance"),
          tolerance: Optional[float] = typer.Option(
              None, "--tolerance", help="Slowdown a kernel may show before the penalty "
                                        "counts (default: 0.01 for time, 0 for proxies)"),
          no_guard: bool = typer.Option(False, "--no-guard",
                                        help="No register pressure guard in the policy"),
          guard_slack: int = typer.Option(0, "--guard-slack",
                                          help="Pressure units the guard tolerates"),
          kernel_guard: bool = typer.Option(
              False, "--kernel-guard", help="A kernel whose occupancy, spills (or, occupancy "
                                            "unknown, registers) get worse counts as LLVM's "
                                            "schedule (as compile --fallback ships it)"),
          with_choice: bool = typer.Option(
              False, "--with-choice", help="Fitness of the policy with compile --select behind "
                                           "it: a kernel the policy slows counts as LLVM's "
                                           "schedule, so only gains count (issue 22)"),
          init_from: Optional[List[Path]] = typer.Option(
              None, "--init-from", help="Start also from earlier evolve search JSONs' "
                                        "weights (repeatable; linear model)"),
          workers: Optional[int] = typer.Option(None, "--workers"),
          ray: Optional[str] = typer.Option(None, "--ray",
                                            help="Ray address ('local' starts one)"),
          gpus: Optional[str] = typer.Option(None, "--gpus",
                                              help="time: GPUs timing in parallel, one worker "
                                                   "each: N, all or 0,1 (docs/multigpu.md)"),
          seed: int = SeedOpt):
    """Train one scheduling policy on a corpus; ship it with --agent policy:FILE or
    llc-19 -agent-sched-policy=FILE."""
    import shlex
    import sys

    for name, v in (("--budget", budget), ("--population", population), ("--hidden", hidden)):
        if v < 1:
            raise typer.BadParameter(f"must be at least 1, got {v}", param_hint=name)
    say = _outputs(output, json_out)
    # the command that made the policy, kept in its provenance (arguments only: no secrets)
    command = "agentsched " + " ".join(shlex.quote(a) for a in sys.argv[1:])
    with _progress("train") as progress:
        options = api.TrainOptions(
            objective=objective, budget=budget, split=None if split == "all" else split,
            bound=bound, kind=kind, kernels=tuple(kernel or ()), model=model,
            features=features, hidden=hidden, population=population, seed=seed,
            penalty=penalty, tolerance=tolerance, guard=not no_guard, guard_slack=guard_slack,
            kernel_guard=kernel_guard, with_choice=with_choice, workers=workers, ray=ray,
            gpus=gpus, init_from=tuple(init_from or ()), output=output, json_out=json_out)
        res = api.train(corpus, target, options, provenance={"command": command},
                        progress=progress)
    for name, why in res.skipped.items():
        err.print(f"skipped {name}: {why}")
    sp = res.best.speedups
    better = sum(v > 1 for v in sp.values())
    worse = sum(v < 1 for v in sp.values())
    say.print(f"{len(res.candidates)} policies over {len(res.kernels)} kernels ({res.backend}, "
              f"{res.elapsed_s:.0f} s): best fitness {res.best.fitness:.4f}, {objective} "
              f"geomean speedup {res.policy.provenance['train_geomean']:.4f} "
              f"({better} kernels better, {worse} worse, {len(sp) - better - worse} equal)")
    say.print(f"policy: {output}" + (f" ; record: {json_out}" if json_out else ""))


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


def _interrupt_behind(e: BaseException | None, kind: type) -> BaseException | None:
    """The `kind` exception among e's causes and contexts, if any."""
    seen = set()
    while e is not None and id(e) not in seen:
        if isinstance(e, kind):
            return e
        seen.add(id(e))
        e = e.__cause__ or e.__context__
    return None


def _add_triton_commands() -> None:
    from .triton import app as triton_app  # imports typer only, not Triton
    app.add_typer(triton_app, name="triton")


_add_triton_commands()
app.add_typer(db_app, name="db")
__import__("agentsched.cli.build", fromlist=["register"]).register(app)  # agentsched build


def main() -> None:
    """Entry point: known failures become one clear line and a non-zero exit (2 for a bad
    command line); an interrupt exits 128 + its signal (130 Ctrl-C, 143 SIGTERM) after the
    clean-up (temp files removed, child processes stopped)."""
    from ..core.interrupts import ignore_signals
    try:
        _main()
    finally:
        # The outcome is decided (outputs published or removed, the message printed): a
        # signal now must not kill the interpreter while it shuts down (Python's own SIGINT
        # disposition is back by then: a silent death by SIGINT, exit -2).
        ignore_signals()


def _main() -> None:
    from ..core.interrupts import Interrupted, raise_on_signals
    raise_on_signals()
    from ..agents import UnknownAgentError
    from ..core.protocol import ProtocolError
    from ..llvm.session import AgentError
    from ..targets import UnknownTarget
    from ..tools.programs import ToolFailed, ToolMissing
    try:
        with together() as outputs:  # the outputs named through _outputs: all or nothing
            rc = app(standalone_mode=False)
            if rc not in (None, 0):
                outputs.cancel()
    except typer.Exit as e:
        sys.exit(e.exit_code)
    except typer.Abort:
        _fail("aborted", 1)
    except BaseException as e:
        # an interrupt, also one that a library wrapped (Ray's ray.get: SystemError)
        intr = _interrupt_behind(e, Interrupted)
        if intr is not None:
            kept = getattr(intr, "kept", None)
            _fail(f"{intr}; stopped; {kept}" if kept else
                  f"{intr}; stopped (nothing half-written was kept)",
                  getattr(intr, "exit_code", 1))
        if isinstance(e, _usage_error_types()):
            if type(e).__name__ == "NoArgsIsHelpError":  # bare `agentsched CMD`: its help
                e.show()  # type: ignore[attr-defined]
                sys.exit(0)
            ctx = getattr(e, "ctx", None)
            hint = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
            _fail(" ".join(e.format_message().split()) + hint,  # type: ignore[attr-defined]
                  getattr(e, "exit_code", 2))
        if isinstance(e, (UsageError, ToolMissing, ToolFailed, ProtocolError, UnknownAgentError,
                          UnknownTarget, AgentError, OSError, ValueError, RuntimeError)):
            from ..searches.evaluator import WorkersError
            from ..searches.objectives import ObjectiveError
            usage = (UsageError, UnknownAgentError, UnknownTarget, ObjectiveError, WorkersError)
            _fail(str(e), 2 if isinstance(e, usage) else 1)
        raise
    if rc == 130:  # typer's answer to a KeyboardInterrupt it caught itself
        _fail("interrupted by SIGINT", 130)
    if isinstance(rc, int) and rc:
        sys.exit(rc)


if __name__ == "__main__":
    main()
