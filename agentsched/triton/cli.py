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
    from ..toolchain import parse_target
    from .ir import llc_flags, llc_ready_ir
    from .kernel import TritonKernel
    k = TritonKernel.load(kernel)
    info = k.summary()
    info["llc_flags"] = llc_flags(k)
    info["llc_ready_ir"] = str(llc_ready_ir(kernel, parse_target(k.target)))
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
    from ..metrics import static_metrics
    from ..toolchain import compile_ir, emit_ir, module_bytes, parse_target
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
    binary = module_bytes(result, ".co" if t.is_amdgpu else ".cubin")
    m = static_metrics(result.asm, t)
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
