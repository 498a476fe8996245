"""GPU-in-the-loop search of a Triton kernel's schedules, timed through Triton's own launch
(runtime/triton.py), against LLVM 19's default and Triton's own binary."""
from __future__ import annotations

from pathlib import Path

from ..kernels.ref import resolve_kernel
from ..kernels.triton.spec import TritonSpec
from ..llvm.compile import compile_ir
from ..runtime.triton import TritonRuntime
from ..targets import parse_target


def triton_timer(spec: TritonSpec, default_module: bytes, target, *, rounds: int = 5,
                 reps: int = 3, seed: int = 0, runtime: TritonRuntime | None = None):
    """searches.gpu_time.GpuTimer over Triton's launch: `run_search(..., timer=this)`."""
    from .gpu_time import GpuTimer
    return GpuTimer(spec, target, default_module, runtime=runtime or TritonRuntime(spec),
                    rounds=rounds, reps=reps, seed=seed)


def vs_triton(result: dict) -> dict:
    """Each variant's speedup over Triton's own binary (variant "triton"), from the same
    interleaved rounds: a paired bootstrap over rounds, as stats.speedup gives the default's."""
    import numpy as np

    from ..runtime import stats
    variants = result["variants"]
    base = (variants.get("triton") or {}).get("rounds_us")
    if not base:
        return {}
    out = {}
    for name, v in variants.items():
        if v.get("rounds_us"):
            sp = stats.speedup(np.array(base), np.array(v["rounds_us"]))
            out[name] = {"speedup": sp.value, "ci95": list(sp.ci)}
    return out


def time_search(spec: TritonSpec, budget: int, *, method: str = "evolve",
                workers: int | None = None, json_out=None, decisions_out=None,
                population: int = 16, finalists: int = 4, confirm_rounds: int = 21,
                runtime: TritonRuntime | None = None, progress=None) -> dict:
    """`agentsched search --objective time` for a Triton kernel: every schedule launched by
    Triton's launcher and checked against the original kernel; the confirmed winner is then
    timed once more against LLVM 19's default and Triton's own binary in one fresh run
    ("final": the run, "vs_triton": speedups over Triton's binary)."""
    from .run import replay_module, run_search
    rt = runtime or TritonRuntime(spec)
    if rt.compiled is None:
        rt.compile_original()
    kernel = rt.kernel()
    target = parse_target(kernel.target)
    ir = resolve_kernel(kernel.directory).ir(target)
    timer = triton_timer(spec, compile_ir(ir, target).module(".cubin"), target, runtime=rt)
    try:
        report = run_search(kernel.directory, target, objective="time", budget=budget,
                            workers=workers, method=method, json_out=json_out,
                            decisions_out=decisions_out, population=population, ir_file=ir,
                            timer=timer, finalists=finalists, confirm_rounds=confirm_rounds,
                            progress=progress)
        res = report.to_dict()
        modules = {"triton": rt.triton_binary()}
        if report.timing and report.timing["winner"]:
            modules["winner"] = replay_module(ir, target, "target", ".cubin",
                                              decisions=Path(report.decisions_file))
        final = timer.confirm(modules, rounds=confirm_rounds, reps=5)
    finally:
        timer.close()
    res["final"] = final
    res["vs_triton"] = vs_triton(final)
    res["triton_kernel"] = kernel.summary()
    return res
