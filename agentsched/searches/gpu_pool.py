"""The 'time' objective on every GPU of a host or of a Ray cluster: one timing worker per GPU.

    workers = GpuWorkers("all")                      # local: one process per visible GPU
    workers = GpuWorkers(4, ray_address="ray://...")  # Ray: 4 actors, num_gpus=1 each
    timer = GpuPool(workers, "gemm", TimerRecipe(spec, "sm_90", default_module))
    ratios = timer.measure([m1, m2, ...])   # the GpuTimer interface (gpu_time.py), unchanged
    final = timer.confirm({"f0": m1, ...})   # one GPU decides; every GPU cross-checks

A worker is pinned to one device: a local worker is a process started with
CUDA_VISIBLE_DEVICES and HIP_VISIBLE_DEVICES naming its GPU (set before anything in it touches
a GPU), a Ray actor asks for num_gpus=1 and Ray pins it the same way. Each worker builds its own
gpu_time.GpuTimer of each kernel: its own inputs and reference check of LLVM's default on its
GPU, its own A/A copy of the default in every batch. So a candidate's ratio is always
time(candidate) / time(LLVM's default) measured interleaved on the SAME GPU: ratios from
different GPUs are comparable even when the GPUs' clocks differ by a few percent (which the
cross-GPU check in confirm() measures).

measure() splits a batch's new modules over the live workers (one interleaved batch each, in
parallel). A worker that dies (its process or actor gone: a driver reset, an OOM kill) or
whose batch raises (a sticky CUDA error) is retired; its unfinished batch goes to the other
workers, split into single modules, and a module whose batch failed on MAX_ATTEMPTS workers
costs inf (reason recorded): nothing is lost, nothing is counted twice (a result is taken
only from the batch that completed), and no one module can take every GPU down.

confirm() runs the finalists' fresh confirmation (GpuTimer.confirm) on every live GPU at
once: the lowest-numbered GPU's run is the confirmation (the winner is decided on one GPU),
the others are the cross-GPU check recorded beside it (`cross_gpu`: each GPU's median time of
the same binary of LLVM's default, its A/A, each finalist's speedup, whether every GPU ranks
the same finalist fastest).

Only what a worker needs travels: a TimerRecipe (the spec, the target's name, LLVM's default
module, the timing settings), pickled with cloudpickle (a spec's lambdas) where it is
installed (Ray brings it), else with pickle.
"""
from __future__ import annotations

import math
import os
import pickle
import socket
import subprocess
import sys
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.connection import wait as wait_connections
from typing import Any

from ..core.hashing import sha256_hex
from ..core.interrupts import handlers_kept, pool_worker_init
from ..runtime import RuntimeUnavailable

# What pins a process to one GPU (read by the CUDA driver and the HIP runtime when they start).
GPU_ENV = ("CUDA_VISIBLE_DEVICES", "HIP_VISIBLE_DEVICES")
MAX_ATTEMPTS = 2  # workers a module's batch may fail on before the module costs inf


class GpuPoolError(RuntimeError):
    """No GPU worker could do the work (each one's failure is in the message), or --gpus
    asks for something this machine or cluster does not have."""


# -- what to time: built again in each worker --------------------------------------------------

@dataclass
class TimerRecipe:
    """The arguments of one kernel's gpu_time.GpuTimer, as they travel to a worker. runtime:
    "auto", "cuda", "hip" or a zero-argument callable returning a runtime.Runtime (a
    stand-in for the GPU in tests)."""
    spec: Any  # kernels.spec.KernelSpec
    target: str  # the target's name (parsed again in the worker)
    default_module: bytes
    runtime: Any = "auto"
    size: dict | None = None
    rounds: int = 5
    reps: int = 3
    seed: int = 0
    n_boot: int = 200

    def build(self):
        from ..targets import parse_target
        from .gpu_time import GpuTimer
        rt = self.runtime() if callable(self.runtime) else self.runtime
        return GpuTimer(self.spec, parse_target(self.target), self.default_module, runtime=rt,
                        size=self.size, rounds=self.rounds, reps=self.reps, seed=self.seed,
                        n_boot=self.n_boot)


def dumps(obj: Any) -> bytes:
    """Pickle `obj` for a worker: by value where needed (a spec's lambdas) with cloudpickle."""
    try:
        import cloudpickle
    except ImportError:
        cloudpickle = None
    if cloudpickle is not None:
        return cloudpickle.dumps(obj)
    try:
        return pickle.dumps(obj)
    except Exception as e:
        raise GpuPoolError(f"the kernel's spec cannot be sent to the GPU workers ({e}): "
                           "install cloudpickle (pip install cloudpickle; Ray brings it)"
                           ) from None


# -- the worker (a process per GPU, or a Ray actor) ---------------------------------------------

class TimingWorker:
    """One GPU's timers, one per kernel (key). Every method is called through call(), which
    turns an exception into ("err", type, message): the caller decides what it means."""

    def __init__(self, index: int):
        self.index = index
        self.timers: dict = {}

    def call(self, op: str, *args: Any) -> tuple:
        try:
            return ("ok", getattr(self, "op_" + op)(*args))
        except Exception as e:  # the message travels whole: it is what the caller shows
            return ("err", type(e).__name__, str(e)[:4000])

    def op_info(self) -> dict:
        info: dict = {"worker": self.index, "pid": os.getpid(), "host": socket.gethostname()}
        for v in GPU_ENV:
            if v in os.environ:
                info[v] = os.environ[v]
        return info

    def op_add(self, key: str, blob: bytes) -> dict:
        if key in self.timers:
            self.timers.pop(key).close()
        timer = pickle.loads(blob).build()
        self.timers[key] = timer
        dev = timer.rt.device_info() if hasattr(timer.rt, "device_info") else {}
        return {"identity": timer.identity(), "device": {k: v for k, v in dev.items()
                                                         if isinstance(v, (str, int, float))}}

    def op_measure(self, key: str, modules: list) -> tuple:
        timer = self.timers[key]
        ratios = timer.measure(modules)
        return ratios, asdict(timer.batches[-1])

    def op_confirm(self, key: str, modules: dict, rounds: int, reps: int) -> dict:
        return self.timers[key].confirm(modules, rounds, reps)

    def op_drop(self, key: str) -> None:
        timer = self.timers.pop(key, None)
        if timer is not None:
            timer.close()

    def close(self) -> None:
        for key in list(self.timers):
            self.op_drop(key)


def _local_worker_main(conn, index: int, parent: int) -> None:
    """A local GPU worker process (started pinned to its GPU: the environment it was
    executed with names it): answers (op, args) messages until told to stop or the parent
    goes."""
    pool_worker_init(parent)  # Ctrl-C is the parent's; dies with the parent
    worker = TimingWorker(index)
    try:
        while True:
            try:
                op, args = conn.recv()
            except (EOFError, OSError):
                break
            if op == "close":
                break
            conn.send(worker.call(op, *args))
    finally:
        worker.close()


def worker_entry() -> None:
    """`python -c '...worker_entry()' FD INDEX PARENT`: the worker's own interpreter."""
    fd, index, parent = (int(x) for x in sys.argv[1:4])
    _local_worker_main(Connection(fd), index, parent)


def _child_environment(device: str | None) -> dict:
    """A worker's environment: this one, its GPU named, and this process's import path (a
    script that put the package on sys.path itself has its workers find it too)."""
    env = dict(os.environ)
    if device is not None:
        env.update({v: device for v in GPU_ENV})
    env["PYTHONPATH"] = os.pathsep.join(dict.fromkeys(p for p in sys.path if p))
    return env


@dataclass
class _Task:
    id: int
    op: str
    args: tuple
    pinned: int | None = None  # this worker only (broadcasts): never moved
    attempts: int = 0
    failures: list = field(default_factory=list)  # why it failed, one line per worker


class _LocalHandle:
    """A worker process: a fresh interpreter (nothing of a CUDA context inherited, nothing of
    the caller's __main__ run again), executed with CUDA_VISIBLE_DEVICES/HIP_VISIBLE_DEVICES
    naming its GPU, talking over a socket pair."""

    def __init__(self, index: int, device: str):
        mine, theirs = socket.socketpair()
        code = "from agentsched.searches.gpu_pool import worker_entry; worker_entry()"
        try:
            self.proc = subprocess.Popen(
                [sys.executable, "-c", code, str(theirs.fileno()), str(index), str(os.getpid())],
                env=_child_environment(device), pass_fds=(theirs.fileno(),),
                stdin=subprocess.DEVNULL)
        finally:
            theirs.close()
        self.conn = Connection(mine.detach())
        self.where = f"GPU worker {index} (CUDA_VISIBLE_DEVICES={device})"

    def send(self, op: str, args: tuple) -> None:
        self.conn.send((op, args))

    def waitables(self) -> list:
        return [self.conn]

    def outcome(self, ready: list) -> tuple | None:
        """The answer of the running call if `ready` (of wait()) says it is there; the
        socket closing means the process is gone."""
        if self.conn not in ready:
            return None
        try:
            return self.conn.recv()
        except (EOFError, OSError):
            try:
                return ("dead", f"process exited with code {self.proc.wait(timeout=10)}")
            except subprocess.TimeoutExpired:
                return ("dead", "its connection closed (the process still runs)")

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pass

    def close(self) -> None:
        try:
            self.conn.send(("close", ()))
            self.proc.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            pass
        self.kill()
        self.conn.close()


class _RayHandle:
    def __init__(self, index: int, actor_class: Any):
        self.actor = actor_class.remote(index)
        self.ref = None
        self.where = f"GPU worker {index} (Ray actor)"

    def send(self, op: str, args: tuple) -> None:
        self.ref = self.actor.call.remote(op, *args)

    def outcome(self, ready: list) -> tuple | None:
        import ray
        if self.ref is None or self.ref not in ready:
            return None
        ref, self.ref = self.ref, None
        try:
            return ray.get(ref)
        except ray.exceptions.RayError as e:  # the actor died (its process, its node)
            return ("dead", (str(e).strip().splitlines() or [type(e).__name__])[0])

    def kill(self) -> None:
        import ray
        try:
            ray.kill(self.actor)
        except Exception:  # already gone, or Ray is down
            pass

    def close(self) -> None:
        self.kill()


def parse_gpus(spec: str | int | Sequence[int] | None) -> str | int | tuple:
    """`--gpus`: "all", a count ("4"), or device numbers ("0,1"; one device: "3,").
    Returns "all", an int or a tuple of ints."""
    if spec is None or spec == "all":
        return "all"
    if isinstance(spec, int) and not isinstance(spec, bool):
        n: Any = spec
    elif isinstance(spec, (list, tuple)):
        n = tuple(spec)
    else:
        text = str(spec).strip()
        try:
            n = tuple(int(x) for x in text.split(",") if x.strip()) if "," in text \
                else int(text)
        except ValueError:
            raise ValueError(f"--gpus {spec!r}: give all, a count (4) or device numbers "
                             "(0,1)") from None
    if isinstance(n, int) and n < 1 or isinstance(n, tuple) and (
            not n or any(i < 0 for i in n) or len(set(n)) != len(n)):
        raise ValueError(f"--gpus {spec!r}: give all, a count >= 1 or distinct device "
                         "numbers >= 0")
    return n


def visible_devices(choice: Any, runtime_kind: str = "auto") -> list[str]:
    """The device ids (as CUDA_VISIBLE_DEVICES names them) of a parsed --gpus on this host:
    numbers count within the caller's CUDA_VISIBLE_DEVICES / HIP_VISIBLE_DEVICES if set;
    "all" counts the host's GPUs (in a child process) when neither is."""
    listed = None
    for v in GPU_ENV:
        if os.environ.get(v, "").strip():
            listed = [x.strip() for x in os.environ[v].split(",") if x.strip()]
            break
    if listed is None:
        # counted only for "all"; a device asked for by count or number that is not there
        # fails in its worker, which names it
        n = _device_count(runtime_kind) if choice == "all" else \
            choice if isinstance(choice, int) else max(choice) + 1
        listed = [str(i) for i in range(n)]
    if choice == "all":
        chosen = listed
    elif isinstance(choice, int):
        chosen = listed[:choice]
    else:
        chosen = [listed[i] for i in choice if i < len(listed)]
    wanted = len(listed) if choice == "all" else choice if isinstance(choice, int) \
        else len(choice)
    if not chosen or len(chosen) < wanted:
        raise GpuPoolError(f"--gpus {_show(choice)}: this host has {len(listed)} visible "
                           f"GPU(s) ({','.join(listed) or 'none'})")
    return chosen


def _show(choice: Any) -> str:
    return ",".join(map(str, choice)) if isinstance(choice, tuple) else str(choice)


_COUNT = """
import sys
from agentsched.runtime import get_runtime
rt = get_runtime(sys.argv[1])
if rt.kind == "cuda":
    n = rt.cp.cuda.runtime.getDeviceCount()
else:
    import ctypes
    c = ctypes.c_int()
    rt.lib.hipGetDeviceCount(ctypes.byref(c))
    n = c.value
print(int(n))
"""


def _device_count(kind: str) -> int:
    """GPUs this host shows, counted in a child process: this one does not start CUDA (it
    would hold memory on GPU 0 for nothing)."""
    try:
        p = subprocess.run([sys.executable, "-c", _COUNT, kind], capture_output=True,
                           text=True, timeout=300, env=_child_environment(None))
    except subprocess.TimeoutExpired:
        raise RuntimeUnavailable("cannot count this host's GPUs: no answer in 300 s") from None
    if p.returncode != 0:
        last = (p.stderr.strip().splitlines() or [f"exit {p.returncode}"])[-1]
        raise RuntimeUnavailable(f"cannot count this host's GPUs: {last}")
    return int(p.stdout.split()[-1])


def _ray_up(address: str) -> bool:
    """Join (or start, "local") Ray unless it is up; True when this call started it."""
    import ray
    if ray.is_initialized():
        return False
    with handlers_kept():  # Ctrl-C/SIGTERM still shut Ray down cleanly
        if address == "local":
            ray.init(include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=address, log_to_driver=False)
    return True


# -- the workers and the scheduling of tasks over them -----------------------------------------

@dataclass
class WorkerState:
    index: int
    where: str
    info: dict = field(default_factory=dict)
    alive: bool = True
    error: str | None = None  # why it was retired
    tasks: int = 0  # calls completed


class GpuWorkers:
    """One timing worker per GPU (local processes, or Ray actors with ray_address), and the
    scheduling of tasks over them (run()). Shared by the timers of several kernels (train:
    one GpuPool per kernel over the same workers)."""

    def __init__(self, gpus: str | int | Sequence[int] | None = "all",
                 ray_address: str | None = None, *, runtime_kind: str = "auto",
                 worker_cpus: float = 1.0):
        choice = parse_gpus(gpus)
        self.ray_address = ray_address
        self._ray_started = False
        self._ids = 0
        self.requeued = 0  # tasks moved to another worker after a failure
        self.handles: list = []
        try:
            if ray_address:
                self.handles = self._start_ray(choice, worker_cpus)
                self.backend = f"ray[{len(self.handles)}]"
            else:
                for i, d in enumerate(visible_devices(choice, runtime_kind)):
                    self.handles.append(_LocalHandle(i, d))  # so close() ends those started
                self.backend = f"local[{len(self.handles)}]"
            self.states = [WorkerState(i, h.where) for i, h in enumerate(self.handles)]
            for i, out in self.broadcast("info", ()).items():
                if out[0] == "ok":
                    self.states[i].info = out[1]
            self._need_one()
        except BaseException:
            self.close(kill=True)
            raise

    def _start_ray(self, choice: Any, worker_cpus: float) -> list:
        import ray
        self._ray_started = _ray_up(self.ray_address or "local")
        have = int(ray.cluster_resources().get("GPU", 0))
        if isinstance(choice, tuple):
            raise GpuPoolError(f"--gpus {_show(choice)}: with --ray give a count or all (Ray "
                               "chooses the devices)")
        n = have if choice == "all" else choice
        if n < 1 or n > have:
            raise GpuPoolError(f"GPU timing on Ray (--gpus {_show(choice)}): the Ray cluster "
                               f"has {have} GPU(s)")
        actor = ray.remote(num_gpus=1, num_cpus=worker_cpus, max_restarts=0)(TimingWorker)
        return [_RayHandle(i, actor) for i in range(n)]

    @property
    def live(self) -> list[int]:
        return [s.index for s in self.states if s.alive]

    def _need_one(self) -> None:
        if not self.live:
            raise GpuPoolError("every GPU worker failed: " + "; ".join(
                f"{s.where}: {s.error}" for s in self.states))

    def retire(self, i: int, why: str) -> None:
        s = self.states[i]
        if s.alive:
            s.alive, s.error = False, why
            self.handles[i].kill()

    # -- running tasks
    def broadcast(self, op: str, args: tuple, workers: Sequence[int] | None = None) -> dict:
        """op on every live worker (or those given), in parallel: {worker: outcome}. A
        worker that dies is retired and answers ("dead", why)."""
        tasks = [self._task(op, args, pinned=i) for i in (workers if workers is not None
                                                           else self.live)]
        done = self.run(tasks)
        return {t.pinned: done[t.id] for t in tasks}

    def _task(self, op: str, args: tuple, pinned: int | None = None) -> _Task:
        self._ids += 1
        return _Task(self._ids, op, args, pinned)

    def run(self, tasks: Sequence[_Task],
            split: Callable[[_Task], list[_Task]] | None = None) -> dict:
        """Run tasks on the live workers: {task id: outcome}, outcome ("ok", value, worker),
        ("err", type, message, worker) for a pinned task whose call raised, ("dead", why) for
        a pinned task whose worker died, ("failed", reasons) for a movable task that failed on
        MAX_ATTEMPTS workers. A movable task that fails (its worker died or raised: the worker
        is retired) goes back to the queue, through `split` if given (its pieces then answer
        under their own ids, and the parent's id gets ("split", [ids]))."""
        queue = deque(tasks)
        running: dict[int, _Task] = {}
        done: dict[int, tuple] = {}
        while queue or running:
            self._dispatch(queue, running, done)
            if not running:
                break
            for i, out in self._wait(running):
                t = running.pop(i)
                if out[0] == "ok":
                    assert t.id not in done, "a task answered twice"
                    self.states[i].tasks += 1
                    done[t.id] = ("ok", out[1], i)
                    continue
                why = out[1] if out[0] == "dead" else f"{out[1]}: {out[2]}"
                if t.pinned is not None:
                    if out[0] == "dead":
                        self.retire(i, why)
                        done[t.id] = ("dead", why)
                    else:  # the call itself failed (e.g. a kernel's reference check)
                        done[t.id] = ("err", out[1], out[2], i)
                    continue
                self.retire(i, why)  # a movable task's failure: the GPU is not trusted again
                t.attempts += 1
                t.failures.append(f"{self.states[i].where}: {why}")
                if t.attempts >= MAX_ATTEMPTS:
                    done[t.id] = ("failed", t.failures)
                    continue
                self.requeued += 1
                pieces = split(t) if split else [t]
                if pieces != [t]:
                    done[t.id] = ("split", [p.id for p in pieces])
                for p in reversed(pieces):
                    queue.appendleft(p)
        return done

    def _dispatch(self, queue: deque, running: dict, done: dict) -> None:
        idle = [i for i in self.live if i not in running]
        for t in list(queue):
            if t.pinned is not None:
                if not self.states[t.pinned].alive:
                    queue.remove(t)
                    done[t.id] = ("dead", self.states[t.pinned].error)
                elif t.pinned in idle:
                    queue.remove(t)
                    idle.remove(t.pinned)
                    self._start(t.pinned, t, running)
            elif idle:
                queue.remove(t)
                self._start(idle.pop(0), t, running)
        if queue and not running and not self.live:
            for t in queue:
                done[t.id] = ("failed", t.failures + ["no GPU worker left"])
            queue.clear()

    def _start(self, i: int, t: _Task, running: dict) -> None:
        running[i] = t
        try:
            self.handles[i].send(t.op, t.args)
        except (OSError, BrokenPipeError) as e:  # died while idle: noticed by _wait
            self.handles[i].broken = f"cannot send: {e}"

    def _wait(self, running: dict) -> list[tuple[int, tuple]]:
        """Block until at least one running call has answered: [(worker, outcome)]."""
        got: list[tuple[int, tuple]] = []
        for i in running:
            broken = getattr(self.handles[i], "broken", None)
            if broken:
                got.append((i, ("dead", broken)))
        if got:
            return got
        ready: list
        if self.ray_address:
            import ray
            refs = [self.handles[i].ref for i in running]
            ready, _ = ray.wait(refs, num_returns=1)
        else:
            ready = wait_connections([w for i in running
                                      for w in self.handles[i].waitables()])
        for i in running:
            out = self.handles[i].outcome(list(ready))
            if out is not None:
                got.append((i, out))
        return got

    # -- kernels
    def add(self, key: str, recipe: TimerRecipe) -> dict:
        """Build `key`'s timer on every live worker (each checks LLVM's default against the
        reference on its GPU): {worker: what it reports}. A worker's error in doing so is the
        kernel's (it is raised, as GpuTimer raises it)."""
        outs = self.broadcast("add", (key, dumps(recipe)))
        errors = {i: o for i, o in outs.items() if o[0] == "err"}
        if errors:
            self.broadcast("drop", (key,), [i for i, o in outs.items() if o[0] == "ok"])
            i, (_, kind, message, _) = min(errors.items())
            if kind == "RuntimeUnavailable":
                raise RuntimeUnavailable(f"{self.states[i].where}: {message}")
            if kind == "RuntimeError":
                raise RuntimeError(message)
            raise RuntimeError(f"{self.states[i].where}: {kind}: {message}")
        self._need_one()
        return {i: o[1] for i, o in outs.items() if o[0] == "ok"}

    def drop(self, key: str) -> None:
        if self.handles and self.live:
            self.broadcast("drop", (key,))

    def close(self, kill: bool = False) -> None:
        for h in self.handles:
            try:
                h.kill() if kill else h.close()
            except Exception:  # stopping is best effort; a dead worker is already stopped
                pass
        self.handles = []
        if self._ray_started:
            import ray
            ray.shutdown()
            self._ray_started = False

    def summary(self) -> list[dict]:
        return [{"worker": s.index, "where": s.where, "alive": s.alive, "error": s.error,
                 "calls": s.tasks, **s.info} for s in getattr(self, "states", [])]

    def __enter__(self):
        return self

    def __exit__(self, exc_type, *exc):
        self.close(kill=exc_type is not None)


# -- one kernel's timer over the workers: the GpuTimer interface --------------------------------

@dataclass
class PoolBatch:
    candidates: int  # modules asked for
    timed: int  # distinct new modules given to the workers
    tasks: int  # worker batches it took (more after a failure)
    failed: int  # modules that cost inf because their batch failed everywhere it ran
    wall_s: float


class GpuPool:
    """gpu_time.GpuTimer's interface (suffix, measure, confirm, screening_summary, identity,
    close) over GpuWorkers: each batch spread over the GPUs, each ratio measured against LLVM's
    default on the GPU that timed the candidate. GpuPool.start() makes workers of its own."""

    def __init__(self, workers: GpuWorkers, key: str, recipe: TimerRecipe,
                 own_workers: bool = False):
        from ..targets import parse_target
        self.workers, self.key, self.own_workers = workers, key, own_workers
        self.suffix = parse_target(recipe.target).module_suffix()
        self.rounds, self.reps = recipe.rounds, recipe.reps
        self.batches: list[PoolBatch] = []
        self._ratios: dict[str, float] = {sha256_hex(recipe.default_module): 1.0}
        self.timed_on: dict[str, int] = {}  # module sha -> the worker that timed it
        self.failures: dict[str, list] = {}  # module sha -> why it could not be timed
        self._records: dict[int, list] = {}  # worker -> its batches' BatchRecord dicts
        self.info = workers.add(key, recipe)

    @classmethod
    def start(cls, recipe: TimerRecipe, gpus: Any = "all", ray_address: str | None = None,
              key: str | None = None) -> GpuPool:
        kind = recipe.runtime if isinstance(recipe.runtime, str) else "auto"
        workers = GpuWorkers(gpus, ray_address, runtime_kind=kind)
        try:
            return cls(workers, key or str(getattr(recipe.spec, "name", "kernel")), recipe,
                       own_workers=True)
        except BaseException:
            workers.close(kill=True)
            raise

    def identity(self) -> str:
        """What the ratios depend on besides the modules: the GPUs' kind, the inputs and the
        timing method, not how many GPUs (a journal of a 1-GPU run serves an 8-GPU run)."""
        return "; ".join(sorted({i["identity"] for i in self.info.values()}))

    def measure(self, modules: list[bytes]) -> list[float]:
        """time(candidate) / time(default) for each module, in order (inf: wrong output,
        failed load, or a batch that failed on every worker it was given to)."""
        t0 = time.perf_counter()
        shas = [sha256_hex(m) for m in modules]
        todo: dict[str, bytes] = {}
        for m, sha in zip(modules, shas):
            if sha not in self._ratios and sha not in todo:
                todo[sha] = m
        tasks, failed = 0, 0
        if todo:
            live = self.workers.live
            if not live:
                self.workers._need_one()  # raises: says why each worker was retired
            items = list(todo.items())
            n = min(len(live), len(items))
            size = math.ceil(len(items) / n)
            chunks = [items[i:i + size] for i in range(0, len(items), size)]
            mine: dict[int, list] = {}  # task id -> its (sha, module) items

            def task(chunk: list):
                t = self.workers._task("measure", (self.key, [m for _, m in chunk]))
                mine[t.id] = chunk
                return t

            def split(t: _Task) -> list[_Task]:  # after a failure: one module per batch
                if len(mine[t.id]) == 1:
                    return [t]
                pieces = [task([it]) for it in mine[t.id]]
                for p in pieces:
                    p.attempts, p.failures = t.attempts, list(t.failures)
                return pieces

            done = self.workers.run([task(c) for c in chunks], split)
            for tid, out in done.items():
                if out[0] == "split":
                    continue
                tasks += 1
                chunk = mine[tid]
                if out[0] == "ok":
                    (ratios, record), w = out[1], out[2]
                    self._records.setdefault(w, []).append(record)
                    for (sha, _), r in zip(chunk, ratios):
                        assert sha not in self.timed_on, "a module timed twice"
                        self._ratios[sha], self.timed_on[sha] = float(r), w
                else:
                    for sha, _ in chunk:
                        self._ratios[sha] = math.inf
                        self.failures[sha] = list(out[1])
                        failed += 1
        self.batches.append(PoolBatch(len(modules), len(todo), tasks, failed,
                                      round(time.perf_counter() - t0, 3)))
        return [self._ratios[s] for s in shas]

    def confirm(self, modules: dict[str, bytes], rounds: int = 31, reps: int = 5) -> dict:
        """The finalists' fresh confirmation run (GpuTimer.confirm) on every live GPU at once:
        the lowest-numbered GPU's is returned (TimingResult.to_dict()), with `cross_gpu`: the
        same binaries timed on every GPU."""
        outs = self.workers.broadcast("confirm", (self.key, modules, rounds, reps))
        ok = {i: o[1] for i, o in sorted(outs.items()) if o[0] == "ok"}
        if not ok:
            errs = [o for o in outs.values() if o[0] == "err"]
            if errs:
                raise RuntimeError(errs[0][2])  # the finalists' own error (load ...)
            raise GpuPoolError("the confirmation run failed on every GPU: " + "; ".join(
                f"worker {i}: {o[1]}" for i, o in outs.items()))
        first = min(ok)
        result = dict(ok[first])
        result["confirmed_on"] = {"worker": first, **self.workers.states[first].info,
                                  **self.info.get(first, {}).get("device", {})}
        result["cross_gpu"] = cross_gpu_check(ok, self.workers, self.info)
        return result

    def screening_summary(self) -> dict:
        recs = [r for rs in self._records.values() for r in rs]
        aas = sorted(abs(r["aa"]) for r in recs if r.get("aa") is not None)
        return {"rounds": self.rounds, "reps": self.reps, "batches": len(self.batches),
                "modules_timed": len(self.timed_on),
                "wall_s": round(sum(b.wall_s for b in self.batches), 3),
                "gpu_busy_s": round(sum(r["wall_s"] for r in recs), 3),
                "aa_abs_max": aas[-1] if aas else None,
                "aa_abs_median": aas[len(aas) // 2] if aas else None,
                "backend": self.workers.backend, "requeued": self.workers.requeued,
                "failed_modules": len(self.failures),
                "gpus": [self._worker_summary(s) for s in self.workers.summary()]}

    def _worker_summary(self, s: dict) -> dict:
        recs = self._records.get(s["worker"], [])
        aas = sorted(abs(r["aa"]) for r in recs if r.get("aa") is not None)
        dev = self.info.get(s["worker"], {}).get("device", {})
        return {**s, "gpu": dev.get("gpu") or dev.get("name"), "batches": len(recs),
                # the modules whose ratio this GPU gave (a failed load's inf included)
                "modules_timed": sum(w == s["worker"] for w in self.timed_on.values()),
                "busy_s": round(sum(r["wall_s"] for r in recs), 3),
                "aa_abs_max": aas[-1] if aas else None,
                "aa_abs_median": aas[len(aas) // 2] if aas else None}

    def close(self) -> None:
        # closed while an error or Ctrl-C unwinds the caller: the workers may be mid-batch,
        # so they are ended, not waited for
        failing = sys.exc_info()[0] is not None
        try:
            if self.workers.handles and not failing:
                self.workers.drop(self.key)
        finally:
            if self.own_workers:
                self.workers.close(kill=failing)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def cross_gpu_check(results: dict, workers: GpuWorkers | None = None,
                    info: dict | None = None) -> dict:
    """The same binaries timed on every GPU ({worker: TimingResult.to_dict()}): each GPU's
    median of LLVM's default and its A/A, each finalist's speedup there, and whether every GPU
    finds the same one fastest (the default when none is faster beyond its A/A bound)."""
    gpus = []
    for i, res in sorted(results.items()):
        v = res.get("variants", {})
        nf = res.get("noise_floor") or {}
        sp = {n: x.get("speedup") for n, x in v.items()
              if n not in ("default", "default#2") and x.get("ok") is not False}
        bound = nf.get("bound") or 0.0
        best = max(((s, n) for n, s in sp.items() if s is not None and s - 1.0 > bound),
                   default=(1.0, "default"))[1]
        dev = (info or {}).get(i, {}).get("device", {})
        gpus.append({"worker": i, "gpu": dev.get("gpu") or dev.get("name"),
                     "device": (workers.states[i].info.get("CUDA_VISIBLE_DEVICES")
                                if workers else None),
                     "default_median_us": v.get("default", {}).get("median_us"),
                     "aa_rel_diff": nf.get("rel_diff"), "aa_bound": nf.get("bound"),
                     "speedups": sp, "fastest": best})
    meds = [g["default_median_us"] for g in gpus if g["default_median_us"]]
    names = sorted({n for g in gpus for n in g["speedups"]})
    spread = {}
    for n in names:
        s = [g["speedups"][n] for g in gpus if g["speedups"].get(n) is not None]
        spread[n] = round(max(s) - min(s), 6) if s else None
    return {"gpus": gpus,
            # the same binary on every GPU: how far apart their times of it are
            "default_spread": round(max(meds) / min(meds) - 1.0, 6) if meds else None,
            "speedup_spread": spread,
            "same_fastest": len({g["fastest"] for g in gpus}) == 1}
