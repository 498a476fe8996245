"""Every Triton kernel a process JIT-compiles (torch.compile / Inductor included), compiled by
llc-19 with the agentsched plugin and a policy file or a tuned-schedule database, through
Triton 3.6's own mechanisms:

    from agentsched.kernels.triton import hook
    hook.install(policy="policies/sm_90.json")    # before the first kernel is compiled
    ...                                            # the program, unchanged
    hook.status(); hook.uninstall()

or, for an unchanged program and every Python process it starts, the environment
(`agentsched triton env --policy P` prints it; site/sitecustomize.py reads it):

    PYTHONPATH=<agentsched>/kernels/triton/site AGENTSCHED_TRITON_POLICY=/abs/policy.json \
        python train.py

Two of Triton's knobs, nothing else (line numbers of Triton 3.6.0):

* knobs.runtime.add_stages_inspection_hook (knobs.py:480), which CUDABackend.add_stages calls
  as hook(backend, stages, options, language, capability) once the stock stages are in the
  dict (backends/nvidia/compiler.py:537-548): the "ptx" stage becomes make_ptx below.
  Triton's LLVM IR (the "llir" stage's text) -> agentsched's rewrite for LLVM 19 and Triton's
  own codegen flags (ir.llc_ready_ir) -> llc-19 -load=<plugin> -misched=agent-sched
  -agent-sched-policy=P [-agent-sched-db=D] (llvm.llc.llc_command) -> PTX, assembled at once by
  Triton's own "cubin" stage (its ptxas and flags), so that PTX ptxas rejects still falls
  back. Any failure (rewrite, llc-19, ptxas, an architecture LLVM 19 lacks) -> one line on
  stderr and Triton's own make_ptx: the kernel always compiles. What happened is recorded in
  the kernel's metadata JSON (<name>.json, key "agentsched") and, with AGENTSCHED_TRITON_LOG,
  as one JSON line in that file.
* knobs.cache.manager_class / TRITON_CACHE_MANAGER (knobs.py:349; runtime/cache.py:246-248):
  the stage hook is not part of Triton's cache key (runtime/cache.py:307-309, compiler.py:246),
  so AgentschedCacheManager, a FileCacheManager, salts the key's directory with the digest of
  the policy, the db, the plugin build and this code (<key>-as<digest>): hooked and stock
  builds never share a cache entry, and a changed policy is a new entry. Triton imports the
  class named by the variable at every compile (compiler.py:248, before add_stages at :288)
  in every process that inherits it, and the class installs the stage hook there: Inductor's
  compile workers are covered.

With select (install(select=True | model file), AGENTSCHED_TRITON_SELECT) make_ptx also
compiles LLVM's default schedule (the second llc-19 beside the first), assembles both with
Triton's cubin stage and keeps the policy's only where the sm_90 model is sure it is faster
(targets/selection.py); the record's "select" says which and why, the digest names the model.

torch.compile keeps kernels in caches of its own (FX graph, autotuning, bundled kernels): each
digest gets its own TORCHINDUCTOR_CACHE_DIR (hookenv.inductor_cache_dir).
"""
from __future__ import annotations

import builtins
import contextlib
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from triton import knobs
from triton.runtime.cache import FileCacheManager

from ...core import env
from . import hookenv
from .hookenv import HookConfig, HookError, append_log, one_line, say

LLC_TIMEOUT_S = 600
MARK = "// agentsched:"  # the PTX line the hook adds after LLVM's header

_lock = threading.RLock()
_state: dict = {
    "config": None,  # HookConfig the process runs with (install() or the environment)
    "digest": None,  # its digest; None: the hook is off in this process
    "error": None,  # why it is off, when it tried
    "via": None,  # "install" or "environment"
    "quiet": False,
    "prev_stage_hook": None,  # the inspection hook that was there before ours (chained)
    "saved_env": None,  # install(): the variables it set, as they were
    "prev_manager": None,  # install(): knobs.cache.manager_class's own value, if it had one
}


# ---------------------------------------------------------------- activation

def _activate(cfg: HookConfig | None, via: str) -> str | None:
    """Make `cfg` this process's configuration: the digest (None when off)."""
    with _lock:
        if cfg is None:
            _state.update(config=None, digest=None, error=None, via=None)
            return None
        if _state["config"] == cfg:
            if _state["digest"]:
                _ensure_stage_hook()
            return _state["digest"]
        try:
            d = hookenv.digest(cfg)
        except Exception as e:  # noqa: BLE001 - never break the program: stock Triton
            reason = one_line(e)
            _state.update(config=cfg, digest=None, error=reason, via=via)
            if not _quiet():
                say(f"Triton hook off ({reason}); Triton compiles every kernel itself")
            return None
        _state.update(config=cfg, digest=d, error=None, via=via)
        _ensure_stage_hook()
        return d


def _quiet() -> bool:
    return _state["quiet"] or os.environ.get(env.TRITON_QUIET) == "1"


def _ensure_stage_hook() -> None:
    cur = knobs.runtime.add_stages_inspection_hook
    if cur is not _stages_hook:
        _state["prev_stage_hook"] = cur
        knobs.runtime.add_stages_inspection_hook = _stages_hook


# ---------------------------------------------------------------- the cache key

class AgentschedCacheManager(FileCacheManager):
    """Triton's FileCacheManager with the kernel cache's key salted by the hook's digest (the
    override and dump directories stay keyed by the source alone, as Triton documents them).
    With no configuration (neither install() nor the environment) it is FileCacheManager."""

    def __init__(self, key, override=False, dump=False):
        with _lock:
            if _state["via"] == "install":
                d = _state["digest"]
            else:
                cfg = HookConfig.from_env()
                d = None if cfg is None or os.environ.get(env.TRITON_OFF) else \
                    _activate(cfg, "environment")
        self.agentsched_digest = d if not override and not dump else None
        if self.agentsched_digest:
            key = f"{key}{hookenv.SALT}{d}"
        super().__init__(key, override=override, dump=dump)

    def get_group(self, filename):
        group = super().get_group(filename)
        if group and self.agentsched_digest and filename.endswith(".json") and \
                os.environ.get(env.TRITON_LOG):
            try:  # a cache hit: the record its compile left
                meta = json.loads(Path(group[filename]).read_text())
                rec = meta.get("agentsched")
            except (KeyError, OSError, ValueError):
                rec = None
            if isinstance(rec, dict):
                append_log({**rec, "event": "cached", "pid": os.getpid(),
                            "directory": self.cache_dir})
        return group


# ---------------------------------------------------------------- the stage hook

def _stages_hook(backend, stages, options, language, capability) -> None:
    """Called by CUDABackend.add_stages (backends/nvidia/compiler.py:547-548) with five
    arguments, although the PipelineStagesHook protocol (knobs.py:455-457) lists four."""
    prev = _state["prev_stage_hook"]
    if prev is not None:
        prev(backend, stages, options, language, capability)
    d, cfg = _state["digest"], _state["config"]
    if d is None or cfg is None:
        return
    if getattr(backend.target, "backend", None) != "cuda" or "ptx" not in stages or \
            "cubin" not in stages:
        _record_only(stages, d, cfg, f"{getattr(backend.target, 'backend', '?')} backend: "
                     "the hook compiles NVIDIA kernels only")
        return
    triton_ptx, triton_cubin = stages["ptx"], stages["cubin"]
    arch = int(backend.target.arch)
    done: dict = {}  # our PTX and the cubin Triton's ptxas made of it in the ptx stage

    def make_ptx(src, metadata):
        name = kernel_name(src)
        base = {"kernel": name, "digest": d, "policy": cfg.policy, "db": cfg.db,
                "pid": os.getpid(), "directory": _directory(metadata, d)}
        if cfg.select:
            base["select_model"] = cfg.select
        t0 = time.monotonic()
        try:
            variants = agentsched_ptxs(src, metadata, arch, cfg, d)
            metadata["name"] = name  # what Triton's make_ptx sets (compiler.py:444-446)
            # Triton's own cubin stage (its ptxas, its flags) run here, so that PTX ptxas
            # refuses still falls back to Triton's PTX. Its make_cubin prints the whole PTX
            # before raising (compiler.py:520-529): held back.
            with _quiet_triton():
                cubins = {k: triton_cubin(ptx, metadata) for k, (ptx, _) in variants.items()}
        except Exception as e:  # noqa: BLE001 - any failure: Triton's own PTX
            reason = one_line(e)
            rec = {**base, "compiled_by": "triton", "stage": _stage_of(e), "reason": reason}
            metadata["agentsched"] = rec
            append_log({**rec, "event": "compiled"})
            if not _quiet():
                say(f"{name}: {reason}; Triton's own PTX used")
            return triton_ptx(src, metadata)
        chosen, extra = "policy", {}
        if cfg.select:
            chosen, extra = _select(name, cubins, variants, cfg)
        ptx, facts = variants[chosen]
        if knobs.nvidia.dump_nvptx:
            print("// -----// NVPTX Dump //----- //")
            print(ptx)
        rec = {**base, "compiled_by": "llc-19", **facts, **extra,
               "seconds": round(time.monotonic() - t0, 3)}
        metadata["agentsched"] = rec
        append_log({**rec, "event": "compiled"})
        done.update(ptx=ptx, cubin=cubins[chosen])
        return ptx

    def make_cubin(src, metadata):
        if done.get("ptx") is not None and src == done["ptx"]:
            return done["cubin"]  # assembled in make_ptx
        return triton_cubin(src, metadata)  # Triton's PTX, or an override's

    stages["ptx"] = make_ptx
    stages["cubin"] = make_cubin


def _record_only(stages: dict, d: str, cfg: HookConfig, reason: str) -> None:
    """A kernel the hook does not compile (another backend) still says so in its metadata."""
    if not stages:
        return
    last = list(stages)[-1]
    inner = stages[last]

    def stage(src, metadata):
        metadata["agentsched"] = {"kernel": metadata.get("name"), "digest": d,
                                  "policy": cfg.policy, "db": cfg.db, "pid": os.getpid(),
                                  "compiled_by": "triton", "stage": "target", "reason": reason}
        return inner(src, metadata)
    stages[last] = stage


def _directory(metadata: dict, d: str) -> str | None:
    """The cache directory Triton writes this kernel into (compiler.py:246-248)."""
    try:
        from triton.runtime.cache import _base32
        return os.path.join(knobs.cache.dir, _base32(metadata["hash"]) + hookenv.SALT + d)
    except Exception:  # noqa: BLE001 - informative only
        return None


def _stage_of(e: BaseException) -> str:
    name = type(e).__name__
    if name == "PTXASError":
        return "ptxas"
    if name == "RewriteError":
        return "rewrite"
    if name in ("ToolMissing", "UnknownTarget"):
        return "tools"
    if isinstance(e, _UnsupportedArch):
        return "target"
    return "llc"


class _UnsupportedArch(RuntimeError):
    pass


_tls = threading.local()


def _triton_print(*args, **kwargs):
    """print() as seen by triton/backends/nvidia/compiler.py: held back per thread while the
    hook's PTX is assembled, passed on otherwise (NVPTX_ENABLE_DUMP, TRITON_DUMP_PTXAS_LOG)."""
    held = getattr(_tls, "held", None)
    if held is not None:
        held.append((args, kwargs))
    else:
        builtins.print(*args, **kwargs)


@contextlib.contextmanager
def _quiet_triton():
    import triton.backends.nvidia.compiler as nv
    nv.print = _triton_print  # a module global shadowing the builtin, per thread: unlike
    _tls.held = []            # redirect_stdout, which swaps sys.stdout for every thread
    try:
        yield
        held = _tls.held
        _tls.held = None
        for args, kwargs in held:  # success: what Triton printed, printed
            builtins.print(*args, **kwargs)
    finally:
        _tls.held = None


def kernel_name(llir: str) -> str:
    m = re.search(r"^define\s+[^@\n]*\bptx_kernel\b[^@\n]*@([\w.$]+)\(", llir, re.M) or \
        re.search(r"^define\s+[^@\n]*@([\w.$]+)\(", llir, re.M)
    return m.group(1) if m else "?"


def _select(name: str, cubins: dict, variants: dict, cfg: HookConfig) -> tuple[str, dict]:
    """LLVM's schedule or the policy's for this kernel, by the model alone (no GPU check in
    a JIT compile; targets.selection never raises: a failing model is LLVM's schedule)."""
    from ...targets.selection import choose_kernels
    t0 = time.monotonic()
    [c] = choose_kernels(cubins["llvm"], cubins["policy"], [name], cfg.select)
    sel = {**c.as_dict(), "seconds": round(time.monotonic() - t0, 3),
           "policy_changed": variants["policy"][1].get("changed")}
    del sel["kernel"]
    if not _quiet() and c.chosen == "policy":
        say(f"{name}: {c.reason}; the policy's schedule taken")
    return c.chosen, {"schedule": c.chosen, "select": sel}


def agentsched_ptx(llir: str, metadata: dict, arch: int, cfg: HookConfig,
                   d: str) -> tuple[str, dict]:
    """Triton's LLVM IR -> (PTX from llc-19 with the plugin, facts for the record)."""
    return agentsched_ptxs(llir, metadata, arch, cfg, d)["policy"]


def agentsched_ptxs(llir: str, metadata: dict, arch: int, cfg: HookConfig,
                    d: str) -> dict[str, tuple[str, dict]]:
    """Triton's LLVM IR -> {"policy": (PTX from llc-19 with the plugin and the policy/db,
    facts for the record)}, and with select "llvm": the same with LLVM's default schedule
    (the plugin without policy or db; both llc-19 runs at once)."""
    from ...llvm.llc import llc_command, read_report
    from ...targets import parse_target
    from .ir import llc_ready_ir
    if arch >= 100:
        raise _UnsupportedArch(f"sm_{arch}a: LLVM 19 has no Blackwell target (it stops at "
                               "sm_90a)")
    target = parse_target(f"sm_{arch}{'a' if arch >= 90 else ''}")  # sm_arch_from_capability
    name = kernel_name(llir)
    with tempfile.TemporaryDirectory(prefix="agentsched-hook-") as tmpdir:
        tmp = Path(tmpdir)
        # A Triton kernel directory as llc_ready_ir reads it: the IR and the metadata so far
        # (target, num_warps, enable_fp_fusion ...), as Triton will write it (default=vars).
        (tmp / f"{name}.llir").write_text(llir)
        (tmp / f"{name}.json").write_text(json.dumps({**metadata, "name": name},
                                                     default=vars))
        ir = llc_ready_ir(tmp, target)  # rewritten, checked by stock llc-19, cached
        kw = {"db": Path(cfg.db)} if cfg.db else {}
        policy = Path(cfg.policy) if cfg.policy else None
        jobs = {"policy": lambda a, r: llc_command(ir, target, a, report=r, policy=policy, **kw)}
        if cfg.select:
            jobs["llvm"] = lambda a, r: llc_command(ir, target, a, report=r)
        asms = _run_llc(tmp, jobs)
        out = {}
        for k, asm in asms.items():
            rep = read_report(tmp / f"{k}.json", "target")
            out[k] = _finish_ptx(asm, rep, arch, name, _note(k, cfg, d, rep))
            out[k][1]["ir"] = str(ir)
    return out


def _run_llc(tmp: Path, jobs: dict) -> dict[str, str]:
    """The llc-19 commands at once: {name: the PTX written}."""
    from ...tools.programs import failure_message
    procs = {}
    for k, make in jobs.items():
        cmd = make(tmp / f"{k}.ptx", tmp / f"{k}.json")
        procs[k] = (cmd, subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                          stdin=subprocess.DEVNULL, text=True))
    failed = None
    for k, (cmd, proc) in procs.items():
        try:
            _, err = proc.communicate(timeout=LLC_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()
            failed = failed or RuntimeError(f"llc-19 ran past {LLC_TIMEOUT_S} s")
            continue
        if proc.returncode != 0:
            failed = failed or RuntimeError(failure_message(cmd[0], proc.returncode, err))
    if failed is not None:
        raise failed
    return {k: (tmp / f"{k}.ptx").read_text() for k in jobs}


def _note(kind: str, cfg: HookConfig, d: str, rep: dict) -> str:
    if kind == "llvm":  # only ever used when the model chose it
        return (f"llc-19 with LLVM's default schedule (digest {d}): the performance model "
                f"was not sure that {cfg.describe()} speeds this kernel up")
    return (f"llc-19 with {cfg.describe()} (digest {d}): {rep.get('changed', '?')} of "
            f"{rep.get('decisions', '?')} decisions differ from LLVM's")


def _finish_ptx(ptx: str, rep: dict, arch: int, name: str, note: str) -> tuple[str, dict]:
    names = re.findall(r"\.visible \.entry ([a-zA-Z_][a-zA-Z0-9_]*)", ptx)
    if names != [name]:
        raise RuntimeError(f"llc-19's PTX defines {names}, not [{name}]")
    # Triton's post-processing (compiler.py:447-455) but the .version: llc-19 writes the ISA
    # it was asked for (+ptx84, ir.NVPTX_PTX_FEATURE), which every ptxas since CUDA 12.4 takes.
    ptx = re.sub(r"\.target sm_\d+", f".target sm_{arch}", ptx)
    ptx = re.sub(r",\s*debug|debug,\s*", "", ptx)
    facts = {k: rep[k] for k in ("decisions", "changed", "stale", "regions", "reverted_regions")
             if k in rep}
    facts.update({k: v for k, v in rep.items() if k.startswith("db") and
                  isinstance(v, (int, float, str))})
    header = "// Generated by LLVM NVPTX Back-End\n//\n"
    ptx = ptx.replace(header, f"{header}{MARK} {note}\n", 1) if header in ptx else \
        f"{MARK} {note}\n{ptx}"
    return ptx, facts


# ---------------------------------------------------------------- public entry points

def install(policy: str | Path | None = None, db: str | Path | None = None, *,
            quiet: bool = False, select: bool | str | Path = False) -> dict:
    """From now on every Triton kernel this process and its children compile goes through
    llc-19 with the plugin and `policy` (a policy file) and/or `db` (a tuned-schedule
    database, passed as llc_command(db=...)). Call it before the first kernel is compiled:
    kernels already in a JITFunction's memory stay as they are. Children (Inductor's compile
    workers) inherit it through the environment: TRITON_CACHE_MANAGER, the configuration,
    and a TORCHINDUCTOR_CACHE_DIR of this digest (set it before the first torch.compile).
    quiet: no line on stderr for a kernel that falls back (its record still says why).
    select: True (the shipped performance model) or a model file: each kernel is compiled
    with LLVM's default schedule too, both are assembled, and the policy's is used only when
    the model is sure it is faster (its interval above 1), LLVM's otherwise (the record's
    "select" says which and why).
    Raises HookError when the hook cannot be on (a missing file, a db this agentsched cannot
    pass, LLVM 19 missing, another cache manager in place). Returns status()."""
    cfg = HookConfig.make(policy, db, select)
    with _lock:
        if _state["via"] == "install":
            uninstall()
        cur = knobs.cache.manager_class
        if cur is not None and cur is not AgentschedCacheManager and cur is not FileCacheManager:
            raise HookError(f"Triton's cache manager is {cur.__module__}.{cur.__qualname__}: "
                            "the hook needs its own (it salts the cache key); unset it first")
        d = hookenv.digest(cfg)  # HookError when LLVM 19 or the files are missing
        hookenv.prepare_tools()  # the plugin built now, not in the first kernel's compile
        _state.update(config=cfg, digest=d, error=None, via="install", quiet=quiet)
        _ensure_stage_hook()
        _state["prev_manager"] = vars(knobs.cache).get("manager_class")  # set in Python
        knobs.cache.manager_class = AgentschedCacheManager
        keys = ("PYTHONPATH", env.TRITON_POLICY, env.TRITON_DB, env.TRITON_SELECT,
                env.TRITON_QUIET, env.TRITON_OFF, hookenv.TRITON_MANAGER, hookenv.INDUCTOR)
        _state["saved_env"] = {k: os.environ.get(k) for k in keys}
        for k in (env.TRITON_POLICY, env.TRITON_DB, env.TRITON_SELECT, env.TRITON_OFF):
            os.environ.pop(k, None)
        os.environ.update(cfg.environ())
        if quiet:
            os.environ[env.TRITON_QUIET] = "1"
        os.environ[hookenv.TRITON_MANAGER] = hookenv.MANAGER
        os.environ[hookenv.INDUCTOR] = hookenv.inductor_cache_dir(
            d, os.environ.get(hookenv.INDUCTOR))
        _children_find_agentsched()
    return status()


def _children_find_agentsched() -> None:
    """A child must import this module where Triton names it: the directory holding
    agentsched goes on PYTHONPATH unless a plain interpreter finds it anyway."""
    import site
    root = str(hookenv.PACKAGE_ROOT)
    plain = {os.path.abspath(p) for p in [*site.getsitepackages(), site.getusersitepackages()]}
    paths = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    if root in plain or root in map(os.path.abspath, paths):
        return
    os.environ["PYTHONPATH"] = os.pathsep.join([*paths, root])


def uninstall() -> None:
    """Undo install() (or switch the environment route off in this process): Triton's own
    stages and cache manager, the environment as it was. Kernels compiled meanwhile stay in
    their JITFunctions' memory and in Triton's cache (under the salted key)."""
    with _lock:
        if knobs.runtime.add_stages_inspection_hook is _stages_hook:
            knobs.runtime.add_stages_inspection_hook = _state["prev_stage_hook"]
        if _state["via"] == "install":
            if _state["prev_manager"] is not None:
                knobs.cache.manager_class = _state["prev_manager"]
            else:
                del knobs.cache.manager_class  # back to reading TRITON_CACHE_MANAGER
            for k, v in (_state["saved_env"] or {}).items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v
        elif _state["via"] == "environment":
            os.environ[env.TRITON_OFF] = "uninstall() in this process"
        _state.update(config=None, digest=None, error=None, via=None, quiet=False,
                      prev_stage_hook=None, saved_env=None, prev_manager=None)


def status() -> dict:
    """Whether the hook is on in this process, with what, and where the kernels go."""
    cls = knobs.cache.manager_class or FileCacheManager
    cfg = _state["config"]
    return {
        "active": bool(_state["digest"]) and
        knobs.runtime.add_stages_inspection_hook is _stages_hook and
        cls is AgentschedCacheManager,
        "via": _state["via"], "digest": _state["digest"], "error": _state["error"],
        "policy": cfg.policy if cfg else None, "db": cfg.db if cfg else None,
        "select": cfg.select if cfg else None, "quiet": _quiet(),
        "cache_manager": f"{cls.__module__}:{cls.__qualname__}",
        "triton_cache_dir": knobs.cache.dir,
        "inductor_cache_dir": os.environ.get(hookenv.INDUCTOR),
        "log": os.environ.get(env.TRITON_LOG), "db_supported": hookenv.db_supported(),
        "pid": os.getpid(), "python": sys.executable,
    }
