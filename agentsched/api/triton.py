"""The Triton part of the public API: what `agentsched triton ...` does (docs/triton.md).

Scheduling a Triton kernel needs nothing here (agentsched.compile, experiment and search
take a Triton cache or dump directory, or its .llir); these add what only Triton needs:
its launch facts, its cache, and timing through its own launcher (which needs a GPU).
"""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..agents import make_agent
from ..kernels.ref import resolve_kernel
from ..kernels.triton.kernel import TritonKernel
from ..llvm.compile import compile_ir
from ..targets import parse_target


def show(kernel: str | Path) -> dict:
    """Launch facts (threads, shared memory, parameters), target, llc flags, and the IR
    llc-19 reads."""
    from ..kernels.triton.ir import llc_flags, llc_ready_ir
    k = TritonKernel.load(kernel)
    info = k.summary()
    if info.get("target"):
        info["llc_flags"] = llc_flags(k, info["target"])
        info["llc_ready_ir"] = str(llc_ready_ir(kernel, parse_target(info["target"])))
    return info


def install(kernel: str | Path, *, decisions: str | Path | None = None,
            agent: str | None = None, seed: int = 0) -> dict:
    """Compile the kernel with a schedule (a decision file replayed strictly, or a live
    agent) and make Triton's cache serve that binary; returns what was installed."""
    from ..kernels.triton.cache import install as do_install
    if (decisions is None) == (agent is None):
        raise ValueError("give a decision file or an agent")
    k = TritonKernel.load(kernel)
    t = parse_target(k.target)
    ir = resolve_kernel(Path(kernel)).ir(t)
    ag = make_agent(agent, seed=seed) if agent else None
    try:
        result = compile_ir(ir, t, agent=ag,
                            decisions=Path(decisions) if decisions is not None else None)
    finally:
        if ag:
            ag.close()
    m = result.measure()
    record = do_install(k, result.module(t.binary_suffix), result.asm, note={
        "schedule": str(decisions) if decisions else f"agent {agent} seed {seed}",
        "changed": result.report.get("changed"), "stale": result.report.get("stale"),
        "registers": m.vgpr, "ir": str(ir)})
    return {**record, "directory": str(k.directory)}


def restore(kernel: str | Path) -> bool:
    """Put Triton's own binary back into its cache; False when nothing was installed."""
    from ..kernels.triton.cache import restore as do_restore
    return do_restore(TritonKernel.load(kernel))


def time(spec_file: str | Path, *, agents: Sequence[str] = (), decisions: Sequence[Path] = (),
         rounds: int = 21, reps: int = 5) -> dict:
    """Time LLVM 19's default, agents' schedules, decision files' and Triton's own binary
    through Triton's launcher, each checked against the original kernel (this machine's
    GPU); "vs_triton" holds each one's speedup over Triton's binary."""
    from ..kernels.triton.spec import load_triton_spec
    from ..runtime.triton import TritonRuntime
    from ..searches.triton import triton_timer, vs_triton
    spec = load_triton_spec(spec_file)
    rt = TritonRuntime(spec)
    rt.compile_original()
    k = rt.kernel()
    t = parse_target(k.target)
    ir = resolve_kernel(k.directory).ir(t)
    modules = {"triton": rt.triton_binary()}
    for name in agents:
        ag = make_agent(name)
        try:
            modules[name] = compile_ir(ir, t, agent=ag).module(".cubin")
        finally:
            ag.close()
    for f in decisions:
        modules[Path(f).stem] = compile_ir(ir, t, decisions=Path(f)).module(".cubin")
    timer = triton_timer(spec, compile_ir(ir, t).module(".cubin"), t, runtime=rt)
    try:
        res = timer.confirm(modules, rounds=rounds, reps=reps)
    finally:
        timer.close()
    res["vs_triton"] = vs_triton(res)
    return res


def search(spec_file: str | Path, budget: int, *, method: str = "evolve",
           workers: int | None = None, json_out: str | Path | None = None,
           decisions_out: str | Path | None = None) -> dict[str, Any]:
    """GPU-in-the-loop schedule search for a Triton kernel (objective time, through Triton's
    launcher); the search JSON with "final" and "vs_triton" added."""
    from ..kernels.triton.spec import load_triton_spec
    from ..searches.triton import time_search
    return time_search(load_triton_spec(spec_file), budget, method=method, workers=workers,
                       json_out=json_out, decisions_out=decisions_out)


# ---------------------------------------------------------------- the hook: every kernel of a program

def hook_env(policy: str | Path | None = None, db: str | Path | None = None, *,
             quiet: bool = False, select: bool | str | Path = False) -> list[str]:
    """The shell lines that make an unchanged Python program (and every Python process it
    starts) compile each Triton kernel with llc-19 and the plugin (`eval "$(agentsched triton
    env --policy P)"`). Checked first: the files, the db's support, LLVM 19. select: True or
    a model file: the policy's schedule only where the model is sure (docs/triton.md)."""
    from ..kernels.triton.hookenv import shell_lines
    return shell_lines(policy, db, quiet=quiet, select=select)


def hook_run(argv: Sequence[str], *, policy: str | Path | None = None,
             db: str | Path | None = None, quiet: bool = False,
             log: str | Path | None = None, select: bool | str | Path = False
             ) -> tuple[int, list[dict]]:
    """Run `argv` (e.g. ["python", "train.py"]) with the hook on: its environment gets the
    lines of hook_env, and every process compiling a Triton kernel appends a record to a log
    (`log`, or a temp file removed afterwards). Returns the program's exit status (128 + N
    when signal N ended it) and the records. SIGTERM and SIGHUP sent to this process are
    passed on to the program; Ctrl-C reaches it from the terminal (this process waits)."""
    import os
    import signal
    import subprocess
    import tempfile

    from ..core import env as envvars
    from ..kernels.triton.hookenv import environment, read_records
    if not argv:
        raise ValueError("no program to run: agentsched triton run --policy P -- python prog.py")
    if log is None:
        fd, name = tempfile.mkstemp(prefix="agentsched-triton-", suffix=".jsonl")
        os.close(fd)
        logfile, keep = Path(name), False
    else:
        logfile, keep = Path(log), True
        logfile.write_text("")
    try:
        child_env = {k: v for k, v in os.environ.items()
                     if k not in (envvars.TRITON_OFF, envvars.TRITON_SELECT)}
        child_env.update(environment(policy, db, quiet=quiet, log=logfile, select=select))
        try:
            proc = subprocess.Popen(list(argv), env=child_env)
        except OSError as e:
            raise OSError(f"cannot run {argv[0]}: {e.strerror}") from None
        forward = (signal.SIGTERM, signal.SIGHUP)
        before = {s: signal.getsignal(s) for s in (*forward, signal.SIGINT)}
        try:
            for s in forward:
                signal.signal(s, lambda signum, frame: proc.send_signal(signum))
            signal.signal(signal.SIGINT, lambda signum, frame: None)
            rc = proc.wait()
        finally:
            for s, h in before.items():
                signal.signal(s, h if h is not None else signal.SIG_DFL)
        records = read_records(logfile)
    finally:
        if not keep:
            logfile.unlink(missing_ok=True)
    return (128 - rc if rc < 0 else rc), records


def hook_status() -> dict:
    """Whether a Python program started from this environment runs with the hook, its digest,
    the cache directories, and how many kernels of that digest Triton's cache holds."""
    import json as _json

    from ..kernels.triton.hookenv import SALT, environment_status
    st = environment_status()
    st["kernels_in_cache"] = st["fallbacks_in_cache"] = 0
    if st["digest"]:
        for meta in Path(st["triton_cache_dir"]).glob(f"*{SALT}{st['digest']}/*.json"):
            if meta.name.startswith("__grp__"):
                continue
            try:
                rec = _json.loads(meta.read_text()).get("agentsched") or {}
            except (OSError, ValueError):
                continue
            st["kernels_in_cache"] += 1
            st["fallbacks_in_cache"] += rec.get("compiled_by") != "llc-19"
    return st


def hook_log(path: str | Path | None = None) -> tuple[list[dict], list[str]]:
    """The hook's per-kernel records in a Triton cache directory (default: Triton's own,
    $TRITON_CACHE_DIR or ~/.triton/cache; torch.compile's: <its cache dir>/triton), a kernel's
    directory, or a log file of `agentsched triton run --log`; and the summary lines."""
    from ..kernels.triton.hookenv import read_records, summary, triton_cache_dir
    records = read_records(path if path is not None else triton_cache_dir())
    return records, summary(records)
