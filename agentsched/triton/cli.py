"""`agentsched triton ...`: inspect a Triton kernel, install a tuned binary into Triton's cache.

Scheduling commands (states, decide, compile, experiment, search) take a Triton kernel
directly: a cache or dump directory, or its .llir. These commands add what only Triton needs.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Triton kernels: launch facts, tuned binaries into Triton's cache.")
out = Console()

KernelArg = typer.Argument(..., help="Triton cache/dump directory of one kernel, or its .llir")


@app.command()
def show(kernel: Path = KernelArg,
         json_out: bool = typer.Option(False, "--json", help="Print JSON")):
    """Launch facts (threads, shared memory, parameters), target, and the IR llc-19 reads."""
    from ..targets import parse_target
    from .ir import llc_flags, llc_ready_ir
    from .kernel import TritonKernel
    k = TritonKernel.load(kernel)
    info = k.summary()
    if info.get("target"):
        info["llc_flags"] = llc_flags(k, info["target"])
        info["llc_ready_ir"] = str(llc_ready_ir(kernel, parse_target(info["target"])))
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
    from ..agents import make_agent
    from ..llvm.compile import compile_ir
    from ..llvm.frontend import emit_ir
    from ..targets import parse_target
    from .cache import install as do_install
    from .kernel import TritonKernel
    if (decisions is None) == (agent is None):
        raise typer.BadParameter("give --decisions FILE or --agent NAME")
    k = TritonKernel.load(kernel)
    t = parse_target(k.target)
    ir = emit_ir(kernel, t)
    ag = make_agent(agent, seed=seed) if agent else None
    try:
        result = compile_ir(ir, t, agent=ag, decisions=decisions)
    finally:
        if ag:
            ag.close()
    binary = result.module(t.binary_suffix)
    m = result.measure()
    record = do_install(k, binary, result.asm, note={
        "schedule": str(decisions) if decisions else f"agent {agent} seed {seed}",
        "changed": result.report.get("changed"), "stale": result.report.get("stale"),
        "registers": m.vgpr, "ir": str(ir)})
    out.print(f"{k.directory}/{record['binary']}: {record['sha256'][:16]} installed "
              f"({result.report.get('changed')} decisions differ from LLVM's, {m.vgpr} "
              f"registers); Triton's own kept as {record['binary']}.triton", highlight=False)


@app.command()
def restore(kernel: Path = KernelArg):
    """Put Triton's own binary back into its cache."""
    from .cache import restore as do_restore
    from .kernel import TritonKernel
    k = TritonKernel.load(kernel)
    out.print("restored Triton's binary" if do_restore(k) else "nothing was installed")


SpecArg = typer.Argument(..., help="Python file defining SPEC = TritonSpec(...) (needs a GPU)")


@app.command("time")
def time_cmd(spec_file: Path = SpecArg,
             decisions: Optional[list[Path]] = typer.Option(None, "--decisions",
                                                            help="Decision files to time too"),
             agents_: str = typer.Option("min_pressure,max_latency,pref_load,pref_salu",
                                         "--agents"),
             rounds: int = typer.Option(21, "--rounds"), reps: int = typer.Option(5, "--reps"),
             json_out: Optional[Path] = typer.Option(None, "--json")):
    """Time LLVM 19's default, agents' schedules and Triton's own binary through Triton's
    launcher, each checked against the original Triton kernel (this machine's GPU)."""
    from ..agents import make_agent
    from ..core.files import write_text
    from ..llvm.compile import compile_ir
    from ..llvm.frontend import emit_ir
    from ..runtime.timing import format_table
    from ..targets import parse_target
    from .launch import TritonRuntime, triton_timer, vs_triton
    from .spec import load_triton_spec
    spec = load_triton_spec(spec_file)
    rt = TritonRuntime(spec)
    rt.compile_original()
    k = rt.kernel()
    t = parse_target(k.target)
    ir = emit_ir(k.directory, t)
    modules = {"triton": rt.triton_binary()}
    for name in [a for a in agents_.split(",") if a]:
        ag = make_agent(name)
        try:
            modules[name] = compile_ir(ir, t, agent=ag).module(".cubin")
        finally:
            ag.close()
    for f in decisions or []:
        modules[f.stem] = compile_ir(ir, t, decisions=f).module(".cubin")
    timer = triton_timer(spec, compile_ir(ir, t).module(".cubin"), t, runtime=rt)
    try:
        res = timer.confirm(modules, rounds=rounds, reps=reps)
    finally:
        timer.close()
    res["vs_triton"] = vs_triton(res)
    print(format_table(res))
    for name, v in res["vs_triton"].items():
        print(f"{name:16s} vs Triton's binary {v['speedup']:.4f} "
              f"[{v['ci95'][0]:.4f}, {v['ci95'][1]:.4f}]")
    if json_out:
        write_text(json_out, json.dumps(res, indent=1, default=str) + "\n")


@app.command()
def search(spec_file: Path = SpecArg,
           budget: int = typer.Option(64, "--budget"),
           method: str = typer.Option("evolve", "--method", help="evolve or beam"),
           workers: Optional[int] = typer.Option(None, "--workers"),
           json_out: Path = typer.Option(Path("triton-search.json"), "--json"),
           decisions_out: Optional[Path] = typer.Option(None, "--decisions-out")):
    """GPU-in-the-loop schedule search for a Triton kernel (objective: time, through Triton's
    launcher); then `agentsched triton install KERNEL --decisions FILE`."""
    from ..core.files import write_text
    from .launch import time_search
    from .spec import load_triton_spec
    res = time_search(load_triton_spec(spec_file), budget, method=method, workers=workers,
                      json_out=json_out, decisions_out=decisions_out)
    write_text(json_out, json.dumps(res, indent=1, default=str) + "\n")
    tm = res["timing"]
    vt = res["vs_triton"]
    out.print(f"{res['evaluations']} schedules timed; winner {tm['winner'] or 'none'}: "
              f"{tm['speedup']:.4f}x LLVM 19's default; vs Triton's binary: "
              + ", ".join(f"{n} {v['speedup']:.4f}" for n, v in vt.items()), highlight=False)
    out.print(f"decisions: {res['decisions_file']}; install with `agentsched triton install "
              f"{res['triton_kernel']['llir']} --decisions {res['decisions_file']}`",
              highlight=False)
