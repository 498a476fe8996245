"""Evaluating schedules: objectives, a content-addressed compile cache, policy rollouts and a
batch evaluator (local process pool or Ray).

Two ways to turn a schedule into metrics:

* ``evaluate(ir, target, decisions)`` replays a decision list (lenient: a decision that went
  stale falls back to LLVM's pick and is counted) and measures the assembly. Results are
  cached on disk under ``data_dir()/evalcache/`` keyed by the content of everything that
  determines the assembly.
* ``rollout(ir, target, policy)`` compiles LIVE with a *policy agent*: every pick is made on
  the true candidate list, so the decisions it returns are always valid and replay strictly.
  The search methods generate neighbours this way.

A schedule's *cost* is a tuple compared lexicographically; smaller is better (see
``OBJECTIVES``).
"""
from __future__ import annotations

import hashlib
import json
import os
import random as _random
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Sequence

import numpy as np

from ..agents.base import Agent
from ..agents.heuristics import best_by
from ..interrupts import handlers_kept, pool_worker_init
from ..metrics import SM_LIMITS, Launch, measurement_identity, static_metrics
from ..protocol import (CLASSES, Candidate, Decision, DecisionPoint, atomic_write_text,
                        decision_to_dict)
from ..toolchain.compile import Target, compile_ir, module_bytes, parse_target
from ..toolchain.plugin import data_dir, plugin_path
from ..toolchain.tools import find_ptxas

# ---------------------------------------------------------------- objectives

OBJECTIVES = ("vgpr", "occupancy", "spills", "cycles", "time")
OBJECTIVE_HELP = {
    "vgpr": "fewest VGPRs, then fewest spills, then fewest llvm-mca cycles",
    "occupancy": "highest occupancy, then fewest spills, then fewest cycles, then VGPRs",
    "spills": "fewest spilled registers, then fewest VGPRs, then fewest cycles",
    "cycles": "fewest llvm-mca cycles (hottest loop, or the whole body of a loop-free "
              "kernel; AMDGPU only), then spills, then VGPRs",
    "time": "measured run time from a caller-supplied time_fn(decisions) -> float",
}
REPORT_KEYS = ("decisions", "choices", "changed", "stale", "missing", "regions", "passes",
               "reverted_regions", "reverted_passes")


class ObjectiveError(ValueError):
    pass


def check_objective(objective: str) -> str:
    if objective not in OBJECTIVES:
        raise ObjectiveError(f"unknown objective {objective!r}; choose one of "
                             f"{', '.join(OBJECTIVES)}")
    return objective


OBJECTIVE_METRIC = {"vgpr": "vgpr", "occupancy": "occupancy", "spills": "spills",
                    "cycles": "est_cycles"}  # the figure each static objective ranks by first


def check_measurable(objective: str, target: Target) -> None:
    """Refuse, before any compile, an objective this target cannot measure (a search would
    otherwise rank every schedule by a missing figure, i.e. by the next one, silently)."""
    check_objective(objective)
    if objective == "time" or target.is_amdgpu:
        return
    t = target.name
    if objective == "cycles":
        raise ObjectiveError(f"objective 'cycles' cannot be measured on {t}: llvm-mca-19 has no "
                             "scheduling model for NVPTX (and no PTX parser); use vgpr, "
                             "occupancy, spills or time")
    if find_ptxas() is None:
        raise ObjectiveError(f"objective {objective!r} cannot be measured on {t}: NVPTX "
                             "registers, spills and occupancy come from ptxas, which is not "
                             "installed (pip install 'agentsched[sdk]', a CUDA toolkit, or "
                             "AGENTSCHED_PTXAS=/path/to/ptxas)")
    if objective == "occupancy" and t not in SM_LIMITS:
        raise ObjectiveError(f"objective 'occupancy' cannot be measured on {t}: no CUDA "
                             f"occupancy table for it (have {', '.join(SM_LIMITS)})")


def check_default_measured(objective: str, target: Target, metrics: dict, report: dict,
                           name: str) -> None:
    """Refuse a search whose objective LLVM's own schedule of this kernel does not yield."""
    if report.get("nothing_to_schedule") or not report.get("choices"):
        raise ObjectiveError(f"{name} on {target.name}: nothing to search, LLVM's scheduler "
                             "has no decision with a choice in this kernel")
    key = OBJECTIVE_METRIC.get(objective)
    if key is None or metrics.get(key) is not None:
        return
    why = {"occupancy": "NVPTX occupancy needs the block size: give a kernel spec "
                        "(docs/own-kernel.md) or __launch_bounds__ in the kernel",
           "est_cycles": "llvm-mca-19 found no instructions to estimate"}.get(
        key, f"no {key} in the compiled kernel")
    raise ObjectiveError(f"objective {objective!r} cannot be measured for {name} on "
                         f"{target.name}: {why}")


def _num(v) -> float:
    """Missing figures (no loop for llvm-mca, no ptxas on NVPTX) count as 0: constant
    across schedules, so they never decide a comparison."""
    return 0.0 if v is None else float(v)


def cost_of(metrics: dict, objective: str, time_value: float | None = None) -> tuple:
    """The cost tuple to MINIMIZE for `objective` (compared lexicographically)."""
    check_objective(objective)
    vgpr, spills = _num(metrics.get("vgpr")), _num(metrics.get("spills"))
    cyc, occ = _num(metrics.get("est_cycles")), _num(metrics.get("occupancy"))
    if objective == "vgpr":
        return (vgpr, spills, cyc)
    if objective == "occupancy":
        return (-occ, spills, cyc, vgpr)
    if objective == "spills":
        return (spills, vgpr, cyc)
    if objective == "cycles":
        return (cyc, spills, vgpr)
    if time_value is None:
        raise ObjectiveError("objective 'time' needs a time_fn(decisions) -> float "
                             "(e.g. a runtime benchmark); none was given")
    return (float(time_value), spills, vgpr)


def scalar_cost(cost: Sequence[float]) -> float:
    """One number for a cost tuple (RL rewards): the primary term dominates."""
    return float(sum(c * (1e-3 ** i) for i, c in enumerate(cost)))


def missing_time_fn(decisions):  # pragma: no cover - trivial
    raise ObjectiveError("objective 'time' needs a time_fn(decisions) -> float; none was given")


# ---------------------------------------------------------------- the cache

def canonical_decisions(decisions: Iterable[Decision]) -> str:
    """Order-independent JSON of a decision list (the plugin keys decisions by point)."""
    rows = sorted((decision_to_dict(d) for d in decisions),
                  key=lambda r: (r["function"], r["region"], r["visit"], r["step"]))
    return json.dumps(rows, sort_keys=True, separators=(",", ":"))


def cache_key(ir_bytes: bytes, target: str, base: str, decisions: Iterable[Decision],
              launch: Launch | None = None) -> str:
    """Content key of a compile's metrics: the IR, target, base, decisions and everything
    else that determines them (LLVM, plugin build, metrics version, ptxas, launch)."""
    h = hashlib.sha256()
    for part in (ir_bytes, target.encode(), base.encode(),
                 canonical_decisions(decisions).encode(),
                 measurement_identity(parse_target(target), launch).encode()):
        h.update(part)
        h.update(b"\0")
    return h.hexdigest()


def cache_dir() -> Path:
    return data_dir() / "evalcache"


def _cache_path(key: str) -> Path:
    return cache_dir() / key[:2] / f"{key}.json"


def cache_get(key: str) -> dict | None:
    try:
        return json.loads(_cache_path(key).read_text())
    except (OSError, ValueError):
        return None


def cache_put(key: str, entry: dict) -> None:
    atomic_write_text(_cache_path(key), json.dumps(entry, sort_keys=True))


# ---------------------------------------------------------------- evaluate (replay)

@dataclass
class EvalResult:
    metrics: dict
    cost: tuple
    report: dict
    cached: bool = False
    key: str = ""

    @property
    def stale(self) -> int:
        return int(self.report.get("stale", 0))


def _measure(asm: str, target: Target, launch: Launch | None = None,
             entry: str | None = None) -> dict:
    return static_metrics(asm, target, launch=launch, entry=entry).as_dict()


def _summary(report: dict) -> dict:
    return {k: report.get(k) for k in REPORT_KEYS if k in report}


def evaluate(ir: str | Path, target: str | Target, decisions: Sequence[Decision], *,
             objective: str = "vgpr", base: str = "target", use_cache: bool = True,
             lenient: bool = True, time_fn: Callable | None = None,
             launch: Launch | None = None) -> EvalResult:
    """Replay `decisions` (lenient by default: stale ones fall back to LLVM's pick and are
    counted in report['stale']) and measure. Cached by content unless use_cache=False."""
    t = parse_target(target) if isinstance(target, str) else target
    ir = Path(ir)
    decisions = list(decisions)
    key = cache_key(ir.read_bytes(), t.name, base, decisions, launch) + \
        ("" if lenient else "-strict")
    entry = cache_get(key) if use_cache else None
    cached = entry is not None
    if entry is None:
        res = compile_ir(ir, t, decisions=decisions, lenient=lenient, base=base)
        entry = {"metrics": _measure(res.asm, t, launch, res.entry),
                 "report": _summary(res.report)}
        cache_put(key, entry)
    tv = None
    if objective == "time":
        tv = (time_fn or missing_time_fn)(decisions)
    return EvalResult(entry["metrics"], cost_of(entry["metrics"], objective, tv),
                      entry["report"], cached, key)


# ---------------------------------------------------------------- candidate features

FEATURES = ("latency", "depth", "height", "vgpr_defs", "sgpr_defs", "vgpr_uses", "sgpr_uses",
            "may_load", "may_store", "available", "zone_top", "vgpr_pressure_diff",
            "sgpr_pressure_diff", *(f"cls_{c}" for c in CLASSES), "is_llvm_pick")
F_INDEX = {n: i for i, n in enumerate(FEATURES)}


def check_weights(weight_vectors) -> None:
    """Weight vectors for LinearPolicy must have one value per feature."""
    for i, w in enumerate(weight_vectors):
        if len(w) != len(FEATURES):
            raise ValueError(f"initial weights #{i + 1} have {len(w)} values; the features are "
                             f"{len(FEATURES)} ({', '.join(FEATURES)})")


def _pset_sum(d: dict, vector: bool) -> float:
    tot = 0.0
    for k, v in d.items():
        is_v = k.upper().startswith(("VGPR", "VREG", "AGPR", "AREG", "AV_"))
        if is_v == vector:
            tot += v
    return tot


def candidate_features(point: DecisionPoint, cands: Sequence[Candidate] | None = None
                       ) -> np.ndarray:
    """Features of each candidate (rows follow `cands`, default point.candidates), roughly
    scaled to [-1, 1]: latency/depth/height relative to the region's critical path."""
    cands = point.candidates if cands is None else cands
    scale = max([1] + [c.depth + c.height + c.latency for c in cands])
    out = np.zeros((len(cands), len(FEATURES)), dtype=np.float32)
    for i, c in enumerate(cands):
        row = out[i]
        row[0] = c.latency / scale
        row[1] = c.depth / scale
        row[2] = c.height / scale
        row[3] = c.vgpr_defs / 8.0
        row[4] = c.sgpr_defs / 8.0
        row[5] = c.vgpr_uses / 8.0
        row[6] = c.sgpr_uses / 8.0
        row[7] = float(c.may_load)
        row[8] = float(c.may_store)
        row[9] = float(c.queue == "available")
        row[10] = float(c.zone == "top")
        row[11] = _pset_sum(c.pressure_diff, True) / 8.0
        row[12] = _pset_sum(c.pressure_diff, False) / 8.0
        if c.cls in CLASSES:
            row[13 + CLASSES.index(c.cls)] = 1.0
        row[-1] = float(c.key == point.llvm)
    return out


# ---------------------------------------------------------------- policies (picklable)

WATCH_ALL = "all"  # watch every point (to discover the choice points of a kernel)
HEURISTICS = ("min_pressure", "max_latency", "pref_load", "pref_salu")


def heuristic_pick(name: str, point: DecisionPoint) -> Candidate:
    if name == "default":
        return point.llvm_candidate
    score = {"min_pressure": lambda c: -c.vgpr_defs, "max_latency": lambda c: c.latency,
             "pref_load": lambda c: c.may_load and not c.may_store,
             "pref_salu": lambda c: c.cls == "salu"}[name]
    return best_by(point, score)


def alternatives(point: DecisionPoint, n_random: int = 2, seed: int = 0) -> list[tuple]:
    """Candidate keys worth branching on at a point: LLVM's pick, each heuristic's pick,
    then up to n_random others (seeded by the point's key), without repeats."""
    out = [point.llvm]
    for h in HEURISTICS:
        k = heuristic_pick(h, point).key
        if k not in out:
            out.append(k)
    rest = [c.key for c in point.candidates if c.key not in out]
    rng = _random.Random(f"{seed}:{point.key}")
    rng.shuffle(rest)
    return out + rest[:n_random]


class Policy:
    """A deterministic, picklable rule; agent() builds the Agent used for one live compile."""

    def agent(self, watch: frozenset = frozenset(), n_random: int = 2, seed: int = 0):
        return PolicyAgent(self, watch, n_random, seed)

    def choose(self, point: DecisionPoint) -> Candidate:  # pragma: no cover - interface
        raise NotImplementedError

    def fingerprint(self) -> str:
        return repr(self)


@dataclass(frozen=True)
class HeuristicPolicy(Policy):
    name: str = "default"

    def choose(self, point):
        return heuristic_pick(self.name, point)


@dataclass(frozen=True)
class PrefixPolicy(Policy):
    """Forced picks at some points (key -> (id, zone)); a completion rule elsewhere: a
    heuristic's name or another Policy (e.g. an evolved LinearPolicy, to refine it)."""
    prefix: tuple = ()  # sorted ((function, region, visit, step), (id, zone)) pairs
    completion: "str | Policy" = "default"

    def __post_init__(self):
        object.__setattr__(self, "_map", dict(self.prefix))

    def choose(self, point):
        want = self._map.get(point.key)
        if want is not None:
            for c in point.candidates:
                if c.key == want:
                    return c
        if isinstance(self.completion, Policy):
            return self.completion.choose(point)
        return heuristic_pick(self.completion, point)

    def extend(self, key, cand_key) -> "PrefixPolicy":
        return PrefixPolicy(tuple(sorted({**self._map, key: tuple(cand_key)}.items())),
                            self.completion)


@dataclass(frozen=True)
class LinearPolicy(Policy):
    """Pick argmax_c w . features(c); ties go to LLVM's pick, then candidate order."""
    weights: tuple = ()

    def choose(self, point):
        cands = point.candidates
        s = candidate_features(point, cands).astype(np.float64) @ np.asarray(self.weights)
        top = s.max()
        best = [cands[i] for i in range(len(cands)) if s[i] >= top - 1e-9]
        if len(best) == 1:
            return best[0]
        for c in best:
            if c.key == point.llvm:
                return c
        # as the heuristics break ties: one entry per instruction, LLVM's zone first
        for c in point.unique_candidates():
            if c in best:
                return c
        return best[0]

    def fingerprint(self):
        return "linear:" + ",".join(f"{w:.6g}" for w in self.weights)


def linear_seed(name: str) -> np.ndarray:
    """A weight vector that reproduces (or nearly) a heuristic: 'default' = LLVM's pick."""
    w = np.zeros(len(FEATURES))
    if name == "default":
        w[F_INDEX["is_llvm_pick"]] = 100.0
        return w
    w[F_INDEX["available"]] = 1000.0  # the heuristics choose among available candidates
    w[F_INDEX["is_llvm_pick"]] = 1e-3  # ... and break ties towards LLVM's pick
    if name == "min_pressure":
        w[F_INDEX["vgpr_defs"]] = -10.0
    elif name == "max_latency":
        w[F_INDEX["latency"]] = 10.0
    elif name == "pref_load":
        w[F_INDEX["may_load"]] = 10.0
        w[F_INDEX["may_store"]] = -10.0
    elif name == "pref_salu":
        w[F_INDEX["cls_salu"]] = 10.0
    else:
        raise ValueError(f"no linear seed for {name!r}")
    return w


class PolicyAgent(Agent):
    """Runs a Policy over the live channel; records the alternatives at watched points."""
    name = "policy"

    def __init__(self, policy: Policy, watch=frozenset(), n_random: int = 2, seed: int = 0):
        self.policy, self.watch, self.n_random, self.seed = policy, watch, n_random, seed
        self.seen: dict = {}  # watched key -> (alternatives, chosen key)

    def pick(self, point):
        c = self.policy.choose(point)
        if self.watch == WATCH_ALL or point.key in self.watch:
            self.seen[point.key] = (alternatives(point, self.n_random, self.seed), c.key)
        return c


# ---------------------------------------------------------------- rollout (live)

@dataclass
class Rollout:
    decisions: list[Decision]
    metrics: dict
    report: dict
    seen: dict = field(default_factory=dict)  # watched point key -> (alternatives, chosen)
    key: str = ""  # evalcache key of the decisions
    cost: tuple = ()  # filled in by the caller (objective-specific)
    seconds: float = 0.0
    module: bytes = b""  # the loadable module (PTX/cubin/code object), when asked for
    time_ratio: float | None = None  # objective 'time': measured time / LLVM default's
    module_sha: str = ""  # sha256 of the module when one was made: schedules with different
    # decisions often assemble to the same binary (ptxas re-schedules), so this is the
    # identity that matters for timing

    def __iter__(self):  # `decisions, metrics = rollout(...)`
        return iter((self.decisions, self.metrics))


def rollout(ir: str | Path, target: str | Target, policy: Policy, *, base: str = "target",
            watch: Iterable = (), n_random: int = 2, seed: int = 0,
            module_suffix: str | None = None, launch: Launch | None = None) -> Rollout:
    """Compile live with `policy` deciding every point; measure. The metrics are also stored
    in the evalcache under the decisions' key (a later evaluate() of them is a hit).
    module_suffix ('.ptx', '.cubin', '.co'): also return the loadable module's bytes (made
    here, so ptxas / ld.lld run in the worker, in parallel)."""
    t0 = time.perf_counter()
    t = parse_target(target) if isinstance(target, str) else target
    ir = Path(ir)
    agent = policy.agent(WATCH_ALL if watch == WATCH_ALL else frozenset(watch), n_random, seed)
    res = compile_ir(ir, t, agent=agent, base=base)
    metrics, report = _measure(res.asm, t, launch, res.entry), _summary(res.report)
    key = cache_key(ir.read_bytes(), t.name, base, res.decisions, launch)
    if cache_get(key) is None:
        cache_put(key, {"metrics": metrics, "report": report})
    module = module_bytes(res, module_suffix) if module_suffix else b""
    return Rollout(res.decisions, metrics, report, agent.seen, key,
                   seconds=time.perf_counter() - t0, module=module)


# ---------------------------------------------------------------- batch evaluation

def _run_task(task: tuple):
    kind, env, args, kwargs = task
    for k, v in env.items():  # pool/Ray workers share the caller's cache and plugin
        os.environ.setdefault(k, v)
    if kind == "rollout":
        return rollout(*args, **kwargs)
    return evaluate(*args, **kwargs)


_ray_remote = None


def _ray_task():
    global _ray_remote
    if _ray_remote is None:
        import ray
        _ray_remote = ray.remote(num_cpus=1)(_run_task)
    return _ray_remote


WORKER_MEMORY = 512 << 20  # bytes one pool worker may need: Python + numpy + an llc


class WorkersError(ValueError):
    """--workers asks for something this machine cannot give."""


def _cpus() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def _available_memory() -> int | None:
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return None


def bounded_workers(requested: int | None, work: int | None = None) -> int:
    """Local worker processes to start: the request (default: one per CPU), bounded by the
    CPUs this process may use, by available memory (WORKER_MEMORY each) and by the work
    (`work` evaluations at most). The pool forks every worker up front, so a request beyond
    4x the CPUs is an error, not a fork storm."""
    cpus = _cpus()
    if requested is not None:
        if requested < 1:
            raise WorkersError(f"--workers {requested}: give at least 1")
        if requested > 4 * cpus:
            raise WorkersError(f"--workers {requested}: this machine lets agentsched use "
                               f"{cpus} CPUs; ask for at most {4 * cpus} (each worker runs "
                               "one compile at a time)")
    n = min(requested or cpus, cpus)
    mem = _available_memory()
    if mem is not None:
        n = min(n, max(1, mem // WORKER_MEMORY))
    if work is not None:
        n = min(n, max(1, work))
    return max(1, n)


def _stop_pool(pool: ProcessPoolExecutor, kill: bool) -> None:
    """Shut a pool down. kill: the caller is failing or interrupted, so running tasks are
    stopped too (SIGTERM unwinds them in the worker: temp files removed, llc killed)."""
    procs = list((getattr(pool, "_processes", None) or {}).values())
    if kill:
        for p in procs:
            if p.is_alive():
                p.terminate()
    pool.shutdown(wait=not kill, cancel_futures=True)
    for p in procs:
        p.join(timeout=10)
        if p.is_alive():
            p.kill()
            p.join()


class Evaluator:
    """Evaluates batches of policies (rollouts) or decision lists for one kernel and target.

    workers: local processes (1 = in this process); ray_address: use Ray instead ("local"
    starts a local instance; an address joins a cluster; an already initialised Ray is
    reused). Results come back in submission order, so searches are deterministic whatever
    the number of workers. Counts evaluations and the wall time spent waiting for them.
    """

    def __init__(self, ir: str | Path, target: str | Target, objective: str = "vgpr", *,
                 workers: int | None = None, ray_address: str | None = None,
                 base: str = "target", time_fn: Callable | None = None,
                 timer=None, keep_top: int = 0, n_random: int = 2, seed: int = 0,
                 max_tasks: int | None = None, launch: Launch | None = None):
        self.ir = Path(ir)
        self.target = parse_target(target) if isinstance(target, str) else target
        self.objective = check_objective(objective)
        if objective == "time" and time_fn is None and timer is None:
            raise ObjectiveError("objective 'time' needs a timer (search.gpu_time.GpuTimer) "
                                 "or a time_fn(decisions) -> float")
        # timer: measures whole batches of modules against LLVM's default (timer.suffix,
        # timer.measure(list of module bytes) -> time ratios); time_fn: one schedule at a time.
        self.timer = timer if objective == "time" else None
        # The keep_top best distinct schedules seen (cost, order, policy, rollout): finalists
        # for a confirmation run when costs are noisy measurements.
        self.keep_top, self.top = keep_top, []
        self.time_fn, self.base, self.n_random, self.seed = time_fn, base, n_random, seed
        self.launch = launch  # block size etc. for NVPTX occupancy (metrics.Launch)
        self.ray_address = ray_address
        # max_tasks: evaluations the caller will ask for at most (a search's budget)
        self.workers = 1 if ray_address else bounded_workers(workers, max_tasks)
        self.evaluations, self.busy_s = 0, 0.0
        self._pool = None
        self._ray_started = False
        plugin_path()  # build the plugin once here, not in every worker's first evaluation
        self._env = {"AGENTSCHED_DATA": str(data_dir())}
        for k in ("AGENTSCHED_LLVM_BIN", "PATH"):
            if k in os.environ:
                self._env[k] = os.environ[k]
        if ray_address:
            import ray
            if not ray.is_initialized():
                with handlers_kept():  # Ctrl-C/SIGTERM still shut Ray down cleanly
                    if ray_address == "local":
                        ray.init(include_dashboard=False, log_to_driver=False)
                    else:
                        ray.init(address=ray_address, log_to_driver=False)
                self._ray_started = True
            self.backend = "ray"
        elif self.workers > 1:
            self._pool = ProcessPoolExecutor(self.workers, initializer=pool_worker_init,
                                             initargs=(os.getpid(),))
            self.backend = f"pool[{self.workers}]"
        else:
            self.backend = "inline"

    # -- plumbing
    def _map(self, tasks: list[tuple]) -> list:
        if not tasks:
            return []
        t0 = time.perf_counter()
        if self.backend == "ray":
            import ray
            fn = _ray_task()
            out = ray.get([fn.remote(t) for t in tasks])
        elif self._pool is not None:
            out = list(self._pool.map(_run_task, tasks))
        else:
            out = [_run_task(t) for t in tasks]
        self.busy_s += time.perf_counter() - t0
        self.evaluations += len(tasks)
        return out

    def _cost(self, metrics: dict, decisions) -> tuple:
        tv = self.time_fn(decisions) if self.objective == "time" else None
        return cost_of(metrics, self.objective, tv)

    # -- API
    def rollouts(self, policies: Sequence[Policy], watch: Iterable = ()) -> list[Rollout]:
        watch = watch if watch == WATCH_ALL else tuple(watch)
        suffix = self.timer.suffix if self.timer is not None else None
        tasks = [("rollout", self._env, (str(self.ir), self.target.name, p),
                  {"base": self.base, "launch": self.launch, "watch": watch,
                   "n_random": self.n_random,
                   "seed": self.seed, "module_suffix": suffix}) for p in policies]
        outs = self._map(tasks)
        if self.timer is not None:
            # One interleaved batch against LLVM's default: ratios, not absolute times, so
            # batches measured minutes apart (clock drift) stay comparable.
            ratios = self.timer.measure([r.module for r in outs])
            for r, ratio in zip(outs, ratios):
                r.module_sha = hashlib.sha256(r.module).hexdigest()
                r.time_ratio, r.module = ratio, b""  # modules are re-made on replay
                r.cost = cost_of(r.metrics, "time", ratio)
        else:
            for r in outs:
                r.cost = self._cost(r.metrics, r.decisions)
        self._keep(policies, outs)
        return outs

    def _keep(self, policies, outs) -> None:
        if not self.keep_top:
            return
        # distinct binaries when modules were made, else distinct schedules
        keys = {t[3].module_sha or t[3].key for t in self.top}
        for p, r in zip(policies, outs):
            k = r.module_sha or r.key
            if k not in keys:
                keys.add(k)
                self.top.append((r.cost, self.evaluations, p, r))
        self.top.sort(key=lambda t: (t[0], t[1]))
        del self.top[self.keep_top:]

    def evaluate_many(self, decision_lists: Sequence[Sequence[Decision]]) -> list[EvalResult]:
        if self.timer is not None:
            raise ObjectiveError("a batch timer measures rollouts; evaluate_many() needs a "
                                 "time_fn for objective 'time'")
        tasks = [("evaluate", self._env, (str(self.ir), self.target.name, list(d)),
                  {"objective": "vgpr" if self.objective == "time" else self.objective,
                   "base": self.base, "launch": self.launch}) for d in decision_lists]
        outs = self._map(tasks)
        for r, d in zip(outs, decision_lists):
            r.cost = self._cost(r.metrics, d)
        return outs

    @property
    def throughput(self) -> float:
        return self.evaluations / self.busy_s if self.busy_s > 0 else 0.0

    def close(self, kill: bool = False) -> None:
        """Stop the workers (kill: also the running tasks, when the caller failed)."""
        if self._pool is not None:
            _stop_pool(self._pool, kill)
            self._pool = None
        if self._ray_started:
            import ray
            ray.shutdown()
            self._ray_started = False

    def __enter__(self):
        return self

    def __exit__(self, exc_type, *exc):
        self.close(kill=exc_type is not None)


# ---------------------------------------------------------------- search bookkeeping

@dataclass
class SearchResult:
    method: str
    objective: str
    default: Rollout
    best: Rollout
    best_policy: Policy
    evaluations: int
    history: list  # [evaluations so far, best cost so far] after each evaluation
    throughput: float  # evaluations per second of evaluation wall time
    elapsed_s: float
    info: dict = field(default_factory=dict)


class Tracker:
    """Best-so-far over evaluations, in submission order (ties keep the earlier one)."""

    def __init__(self):
        self.best: Rollout | None = None
        self.best_policy: Policy | None = None
        self.count = 0
        self.history: list = []

    def add(self, policies: Sequence[Policy], results: Sequence[Rollout]) -> None:
        for p, r in zip(policies, results):
            self.count += 1
            if self.best is None or r.cost < self.best.cost:
                self.best, self.best_policy = r, p
            self.history.append([self.count, list(self.best.cost)])
