"""Evaluating batches of schedules for one kernel: in this process, in a local pool of worker
processes, or on Ray. Results come back in submission order, so a search is deterministic
whatever the backend and the number of workers."""
from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from ..core import env as env_names
from ..core.hashing import sha256_hex
from ..core.interrupts import exits_when_stopped, handlers_kept, pool_worker_init
from ..core.paths import data_dir
from ..core.protocol import Decision
from ..targets import Launch, Target, parse_target
from ..tools.plugin import plugin_path
from .evaluate import EvalResult, Rollout, evaluate, rollout
from .journal import Journal
from .objectives import ObjectiveError, check_objective, cost_of
from .policies import WATCH_ALL, Policy


def _run_task(task: tuple) -> Any:
    fn, env, args, kwargs = task
    for k, v in env.items():  # pool/Ray workers share the caller's cache and plugin
        os.environ.setdefault(k, v)
    with exits_when_stopped():
        return fn(*args, **kwargs)


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


class Workers:
    """Where evaluations run: in this process, in a local pool of worker processes, or on
    Ray (ray_address "local" starts a local instance; an address joins a cluster; an already
    initialised Ray is reused). map() returns results in submission order, so what is built on
    it is deterministic whatever the backend. Counts tasks and the wall time spent on them."""

    def __init__(self, workers: int | None = None, ray_address: str | None = None,
                 max_tasks: int | None = None):
        # max_tasks: tasks the caller will ask for at most in one map (bounds the pool)
        self.ray_address = ray_address
        self.workers = 1 if ray_address else bounded_workers(workers, max_tasks)
        self.tasks, self.busy_s = 0, 0.0
        self._pool: ProcessPoolExecutor | None = None
        self._ray_started = False
        plugin_path()  # build the plugin once here, not in every worker's first task
        # the workers see the caller's tools and caches (the data dir made explicit)
        self._env = {k: os.environ[k] for k in env_names.WORKER_VARIABLES if k in os.environ}
        self._env[env_names.DATA] = str(data_dir())
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

    def map(self, fn: Callable, calls: Sequence[tuple[tuple, dict]]) -> list:
        """fn(*args, **kwargs) for each (args, kwargs), results in order. fn must be a
        module-level function (pickled by reference for the workers)."""
        tasks = [(fn, self._env, args, kwargs) for args, kwargs in calls]
        if not tasks:
            return []
        t0 = time.perf_counter()
        if self.backend == "ray":
            import ray
            remote = _ray_task()
            out = ray.get([remote.remote(t) for t in tasks])
        elif self._pool is not None:
            out = list(self._pool.map(_run_task, tasks))
        else:
            out = [_run_task(t) for t in tasks]
        self.busy_s += time.perf_counter() - t0
        self.tasks += len(tasks)
        return out

    def close(self, kill: bool = False) -> None:
        """Stop the workers (kill: also the running tasks, when the caller failed)."""
        if self._pool is not None:
            _stop_pool(self._pool, kill)
            self._pool = None
        if self._ray_started:
            import ray
            ray.shutdown()
            self._ray_started = False


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
                 max_tasks: int | None = None, launch: Launch | None = None,
                 journal: Journal | None = None, deadline: float | None = None):
        self.ir = Path(ir)
        self.target = parse_target(target)
        self.objective = check_objective(objective)
        if objective == "time" and time_fn is None and timer is None:
            raise ObjectiveError("objective 'time' needs a timer (searches.gpu_time.GpuTimer) "
                                 "or a time_fn(decisions) -> float")
        # timer: measures whole batches of modules against LLVM's default (timer.suffix,
        # timer.measure(list of module bytes) -> time ratios); time_fn: one schedule at a time.
        self.timer = timer if objective in ("time", "predicted") else None
        # The keep_top best distinct schedules seen (cost, order, policy, rollout): finalists
        # for a confirmation run when costs are noisy measurements.
        self.keep_top, self.top = keep_top, []
        self.time_fn, self.base, self.n_random, self.seed = time_fn, base, n_random, seed
        self.launch = launch  # block size etc. for NVPTX occupancy (metrics.Launch)
        self.ray_address = ray_address
        self.pool = Workers(workers, ray_address, max_tasks)
        self.workers, self.backend = self.pool.workers, self.pool.backend
        # journal: finished evaluations kept (and answered again when a search resumes);
        # deadline: time.monotonic() after which the methods propose nothing new
        self.journal, self.deadline = journal, deadline
        self.answered = 0  # evaluations answered, from the journal or evaluated now

    def out_of_time(self) -> bool:
        return self.deadline is not None and time.monotonic() >= self.deadline

    def seconds_left(self) -> float | None:
        return None if self.deadline is None else max(0.0, self.deadline - time.monotonic())

    def status(self, count: int, budget: int) -> str:
        """'N/B evaluations (J from the journal), T s left' for progress lines."""
        out = f"{count}/{budget} evaluations"
        if self.journal is not None and self.journal.reused:
            out += f" ({self.journal.reused} from the journal)"
        left = self.seconds_left()
        return out + (f", {left:.0f} s left" if left is not None else "")

    # -- plumbing
    def _map(self, fn: Callable, calls: list[tuple[tuple, dict]]) -> list:
        return self.pool.map(fn, calls)

    @property
    def evaluations(self) -> int:
        return self.pool.tasks

    @property
    def busy_s(self) -> float:
        return self.pool.busy_s

    def _cost(self, metrics: dict, decisions) -> tuple:
        tv = self.time_fn(decisions) if self.objective == "time" else None
        return cost_of(metrics, self.objective, tv)

    # -- API
    def rollouts(self, policies: Sequence[Policy], watch: Iterable = ()) -> list[Rollout]:
        """One live compile per policy (results in order). Policies the journal has are
        answered from it; the others are compiled (and, objective 'time', timed together
        in one interleaved batch) and journaled as one batch."""
        watch = watch if watch == WATCH_ALL else tuple(watch)
        known = [self.journal.get(p.fingerprint()) if self.journal else None
                 for p in policies]
        todo = [p for p, k in zip(policies, known) if k is None]
        fresh = iter(self._rollouts(todo, watch) if todo else [])
        outs = [k if k is not None else next(fresh) for k in known]
        if self.journal is not None and todo:
            self.journal.add([(p.fingerprint(), r) for p, r, k in zip(policies, outs, known)
                              if k is None])
        self.answered += len(outs)
        self._keep(policies, outs)
        return outs

    def _rollouts(self, policies: Sequence[Policy], watch: Any) -> list[Rollout]:
        suffix = self.timer.suffix if self.timer is not None else None
        calls = [((str(self.ir), self.target.name, p),
                  {"base": self.base, "launch": self.launch, "watch": watch,
                   "n_random": self.n_random,
                   "seed": self.seed, "module_suffix": suffix}) for p in policies]
        outs = self._map(rollout, calls)
        if self.timer is not None:
            # One interleaved batch against LLVM's default: ratios, not absolute times, so
            # batches measured minutes apart (clock drift) stay comparable.
            ratios = self.timer.measure([r.module for r in outs])
            for r, ratio in zip(outs, ratios):
                r.module_sha = sha256_hex(r.module)
                r.time_ratio, r.module = ratio, b""  # modules are re-made on replay
                r.cost = cost_of(r.metrics, self.objective, ratio)
        else:
            for r in outs:
                r.cost = self._cost(r.metrics, r.decisions)
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
                self.top.append((r.cost, self.answered, p, r))
        self.top.sort(key=lambda t: (t[0], t[1]))
        del self.top[self.keep_top:]

    def evaluate_many(self, decision_lists: Sequence[Sequence[Decision]]) -> list[EvalResult]:
        if self.timer is not None:
            raise ObjectiveError("a batch timer measures rollouts; evaluate_many() needs a "
                                 "time_fn for objective 'time'")
        calls = [((str(self.ir), self.target.name, list(d)),
                  {"objective": "vgpr" if self.objective in ("time", "predicted")
                   else self.objective,
                   "base": self.base, "launch": self.launch}) for d in decision_lists]
        outs = self._map(evaluate, calls)
        for r, d in zip(outs, decision_lists):
            r.cost = self._cost(r.metrics, d)
        return outs

    @property
    def throughput(self) -> float:
        return self.evaluations / self.busy_s if self.busy_s > 0 else 0.0

    def close(self, kill: bool = False) -> None:
        """Stop the workers (kill: also the running tasks, when the caller failed)."""
        self.pool.close(kill)

    def __enter__(self):
        return self

    def __exit__(self, exc_type, *exc):
        self.close(kill=exc_type is not None)


