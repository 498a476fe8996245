"""`agentsched triton ...`: inspect a Triton kernel, install a tuned binary into Triton's cache;
run a whole program with every Triton kernel compiled by llc-19 and the plugin (env, run,
status, log: agentsched.kernels.triton.hook).

Scheduling commands (states, decide, compile, experiment, search) take a Triton kernel
directly: a cache or dump directory, or its .llir. These commands add what only Triton needs.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import List, Optional

import typer
from rich.console import Console

from ..api import triton as api

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Triton kernels: launch facts, tuned binaries into Triton's cache; "
                  "every kernel of a program through llc-19 (env, run, status, log).")
# Not a terminal (a pipe, a file): no width limit, as the main commands print (cli/main.py).
out = Console(width=None if sys.stdout.isatty() else 1_000_000)

KernelArg = typer.Argument(..., help="Triton cache/dump directory of one kernel, or its .llir")


@app.command()
def show(kernel: Path = KernelArg,
         json_out: bool = typer.Option(False, "--json", help="Print JSON")):
    """Launch facts (threads, shared memory, parameters), target, and the IR llc-19 reads."""
    info = api.show(kernel)
    if json_out:
        print(json.dumps(info, indent=2))
        return
    for key, value in info.items():
        out.print(f"[bold]{key}[/bold]: {value}", highlight=False)


@app.command()
def install(kernel: Path = KernelArg,
            decisions: Optional[Path] = typer.Option(None, "--decisions",
                                                     help="Decision file (replayed strictly)"),
            agent: Optional[str] = typer.Option(None, "--agent", help="Or a live agent"),
            seed: int = typer.Option(0, "--seed")):
    """Compile the kernel with a schedule and make Triton's cache serve that binary."""
    if (decisions is None) == (agent is None):
        raise typer.BadParameter("give --decisions FILE or --agent NAME")
    record = api.install(kernel, decisions=decisions, agent=agent, seed=seed)
    out.print(f"{record['directory']}/{record['binary']}: {record['sha256'][:16]} installed "
              f"({record['changed']} decisions differ from LLVM's, {record['registers']} "
              f"registers); Triton's own kept as {record['binary']}.triton", highlight=False)


@app.command()
def restore(kernel: Path = KernelArg):
    """Put Triton's own binary back into its cache."""
    out.print("restored Triton's binary" if api.restore(kernel) else "nothing was installed")


SpecArg = typer.Argument(..., help="Python file defining SPEC = TritonSpec(...) (needs a GPU)")


@app.command("time")
def time_cmd(spec_file: Path = SpecArg,
             decisions: Optional[List[Path]] = typer.Option(None, "--decisions",
                                                            help="Decision files to time too"),
             agents_: str = typer.Option("min_pressure,max_latency,pref_load,pref_salu",
                                         "--agents"),
             rounds: int = typer.Option(21, "--rounds", min=1),
             reps: int = typer.Option(5, "--reps", min=1),
             json_out: Optional[Path] = typer.Option(None, "--json",
                                                     help="The results (- for stdout)")):
    """Time LLVM 19's default, agents' schedules and Triton's own binary through Triton's
    launcher, each checked against the original Triton kernel (this machine's GPU)."""
    from ..core.files import write_text
    from ..runtime.timing import format_table
    res = api.time(spec_file, agents=[a for a in agents_.split(",") if a],
                   decisions=list(decisions or []), rounds=rounds, reps=reps)
    say = sys.stderr if json_out is not None and str(json_out) == "-" else sys.stdout
    print(format_table(res), file=say)
    for name, v in res["vs_triton"].items():
        print(f"{name:16s} vs Triton's binary {v['speedup']:.4f} "
              f"[{v['ci95'][0]:.4f}, {v['ci95'][1]:.4f}]", file=say)
    if json_out:
        write_text(json_out, json.dumps(res, indent=1, default=str) + "\n")


@app.command()
def search(spec_file: Path = SpecArg,
           budget: int = typer.Option(64, "--budget", min=1),
           method: str = typer.Option("evolve", "--method", help="evolve or beam"),
           workers: Optional[int] = typer.Option(None, "--workers"),
           json_out: Path = typer.Option(Path("triton-search.json"), "--json"),
           decisions_out: Optional[Path] = typer.Option(None, "--decisions-out")):
    """GPU-in-the-loop schedule search for a Triton kernel (objective: time, through Triton's
    launcher); then `agentsched triton install KERNEL --decisions FILE`."""
    from ..core.files import write_text
    res = api.search(spec_file, budget, method=method, workers=workers, json_out=json_out,
                     decisions_out=decisions_out)
    write_text(json_out, json.dumps(res, indent=1, default=str) + "\n")
    tm = res["timing"]
    vt = res["vs_triton"]
    out.print(f"{res['evaluations']} schedules timed; winner {tm['winner'] or 'none'}: "
              f"{tm['speedup']:.4f}x LLVM 19's default; vs Triton's binary: "
              + ", ".join(f"{n} {v['speedup']:.4f}" for n, v in vt.items()), highlight=False)
    out.print(f"decisions: {res['decisions_file']}; install with `agentsched triton install "
              f"{res['triton_kernel']['llir']} --decisions {res['decisions_file']}`",
              highlight=False)


# ---------------------------------------------------------------- the hook

PolicyOpt = typer.Option(None, "--policy", help="Policy file the plugin follows for every kernel")
DbOpt = typer.Option(None, "--db", help="Tuned-schedule database (SQLite) for the plugin")
QuietOpt = typer.Option(False, "--quiet", help="No line on stderr per kernel that falls back")
SelectOpt = typer.Option(False, "--select", help="Per kernel, the policy's schedule only where "
                         "the performance model is sure it is faster, LLVM's elsewhere "
                         "(compiles each kernel twice; docs/triton.md)")
SelectModelOpt = typer.Option(None, "--select-model", help="With --select: this model file "
                              "instead of the shipped policies/perfmodel_sm_90.json")


def _select(select: bool, model: Optional[Path]):
    if model is not None and not select:
        raise typer.BadParameter("--select-model needs --select")
    return model if model is not None else select


@app.command("env")
def env_cmd(policy: Optional[Path] = PolicyOpt, db: Optional[Path] = DbOpt,
            quiet: bool = QuietOpt, select: bool = SelectOpt,
            select_model: Optional[Path] = SelectModelOpt):
    """Print the shell lines that make an unchanged Python program compile every Triton
    kernel with llc-19 and the plugin: eval "$(agentsched triton env --policy P)"."""
    for line in api.hook_env(policy, db, quiet=quiet, select=_select(select, select_model)):
        print(line)


@app.command("run", context_settings={"allow_interspersed_args": False,
                                      "ignore_unknown_options": True})
def run_cmd(program: List[str] = typer.Argument(..., help="The program and its arguments "
                                                "(after --): python train.py ..."),
            policy: Optional[Path] = PolicyOpt, db: Optional[Path] = DbOpt,
            quiet: bool = QuietOpt, select: bool = SelectOpt,
            select_model: Optional[Path] = SelectModelOpt,
            log: Optional[Path] = typer.Option(None, "--log",
                                               help="Keep the per-kernel records (JSON lines)"),
            summary: bool = typer.Option(True, "--summary/--no-summary",
                                         help="Per-kernel summary on stderr at the end")):
    """Run a program with every Triton kernel it compiles (torch.compile's too) built by
    llc-19 with the plugin; then say per kernel what happened. Exits with its status."""
    from ..kernels.triton.hookenv import summary as lines_of
    rc, records = api.hook_run(program, policy=policy, db=db, quiet=quiet, log=log,
                               select=_select(select, select_model))
    if summary:
        lines = lines_of(records) if records else [
            "the program compiled no Triton kernel (and loaded none from Triton's cache)"]
        for line in lines:
            print(f"agentsched: {line}", file=sys.stderr)
    raise typer.Exit(rc)


@app.command()
def status(json_out: bool = typer.Option(False, "--json", help="Print JSON")):
    """Whether a Python program started from this environment runs with the hook, and its
    cache directories."""
    st = api.hook_status()
    if json_out:
        print(json.dumps(st, indent=2))
        return
    if st["active"]:
        how = ", ".join(f"{k} {st[k]}" for k in ("policy", "db") if st[k]) + (
            f", select by {st['select']}" if st.get("select") else "")
        head = f"on for Python programs started from this environment ({how}; digest " \
            f"{st['digest']})"
    elif st["configured"]:
        head = f"off: {st['error']}"
    else:
        head = ("off: neither AGENTSCHED_TRITON_POLICY nor AGENTSCHED_TRITON_DB is set "
                "(`agentsched triton env --policy P` prints the lines)")
    print(f"Triton hook: {head}")
    for key in ("sitecustomize", "triton_cache_dir", "inductor_cache_dir", "cache_manager"):
        if st.get(key):
            print(f"  {key}: {st[key]}")
    if st["digest"]:
        print(f"  kernels of this digest in Triton's cache: {st['kernels_in_cache']} "
              f"({st['fallbacks_in_cache']} fell back to Triton's PTX)")
    if not st["db_supported"]:
        print("  db: not available (this agentsched's llc_command has no db keyword)")


@app.command()
def log(path: Optional[Path] = typer.Argument(None, help="Triton cache directory (default "
                                              "$TRITON_CACHE_DIR or ~/.triton/cache), a "
                                              "kernel's directory, or a `run --log` file"),
        json_out: bool = typer.Option(False, "--json", help="Print the records as JSON")):
    """Per kernel, what the hook did: compiled by llc-19 with the policy/db, or fell back to
    Triton's own PTX and why."""
    records, lines = api.hook_log(path)
    if json_out:
        print(json.dumps(records, indent=1))
        return
    for line in lines if records else ["no kernel compiled by the hook there"]:
        print(line)
