"""GPU timing workers (searches/gpu_pool.py) without a GPU: real worker processes (and a local
Ray cluster with declared logical GPUs) running the real GpuTimer, whose runtime is the one
part replaced: CpuStandInRuntime, a CPU-side stand-in for the GPU that reads each module's
'time' from its content and computes outputs with the spec's NumPy reference. Scheduling of
batches over workers, a worker dying mid-run (its batches go elsewhere, nothing lost or
counted twice), confirmation on one GPU with the cross-GPU check, and a search with real
compiles timed through the pool."""
import hashlib
import json
import math
import os
from pathlib import Path

import numpy as np
import pytest

from agentsched.runtime import Kernel, KernelLoadError
from agentsched.searches.gpu_pool import (
    GpuPool,
    GpuPoolError,
    GpuWorkers,
    TimerRecipe,
    cross_gpu_check,
    parse_gpus,
    visible_devices,
)

from .conftest import cli, requires_llvm
from .test_runtime import FakeRuntime, _cuda_gpu_present, _saxpy_spec

ROOT = Path(__file__).resolve().parent.parent


class CpuStandInRuntime(FakeRuntime):
    """Stands in for the GPU, on the CPU, through the Runtime interface (the rest of the
    timing path is the real one). A module 'ok 80' runs in 80 µs, 'wrong 50' writes wrong
    output; any other bytes (a real PTX module) run in a time derived from their hash
    (90..110 µs; LLVM's default is DEFAULT_US). Outputs come from the spec's reference, so
    the reference check passes for every kernel. die_after: on the GPU named `die_on`
    (CUDA_VISIBLE_DEVICES), the process exits at the start of its die_after-th timing run, as
    a worker lost to a driver reset would; a module 'die' takes down any worker that loads
    it. gpu_factor: GPU "1"'s clock difference."""
    kind = "cuda"

    def __init__(self, default: bytes = b"ok 100", die_after: int | None = None,
                 die_on: str = "1", gpu_factor: float = 1.0):
        super().__init__({}, noise=0.003, drift=0.02)
        self.default, self.die_after, self.die_on = default, die_after, die_on
        self.device = os.environ.get("CUDA_VISIBLE_DEVICES", "?")
        self.factor = gpu_factor if self.device == "1" else 1.0
        self.runs = 0

    def us_of(self, data: bytes) -> tuple[str, float]:
        parts = data.split()
        if len(parts) == 2 and parts[0] in (b"ok", b"wrong"):
            return parts[0].decode(), float(parts[1])
        if data == self.default:
            return "ok", 100.0
        return "ok", 90.0 + int(hashlib.sha256(data).hexdigest()[:4], 16) % 200 / 10.0

    def load(self, module_path, entry):
        data = Path(module_path).read_bytes()
        if data == b"die":
            os._exit(17)  # a module that takes the GPU worker down with it
        if not data.strip() or data.startswith(b"junk"):
            raise KernelLoadError(f"{module_path}: not a module")
        return Kernel(path=Path(module_path), entry=entry, native=self.us_of(data))

    def device_info(self):
        return {"runtime": "cpu stand-in", "gpu": "CPU stand-in for a GPU",
                "device": self.device}

    def time(self, *a, **kw):
        self.runs += 1
        if self.die_after is not None and self.device == self.die_on and \
                self.runs >= self.die_after:
            os._exit(17)  # the worker process is gone, mid-run
        return super().time(*a, **kw)

    def _launcher(self, kernel, spec, size, dev):
        kind, us = kernel.native
        host = {k: v.copy() for k, v in dev.items()}

        def launch():
            got = spec.reference(host, size)
            for name, v in got.items():
                dev[name][...] = v + (1.0 if kind == "wrong" else 0.0)
        launch.true_us = us * self.factor
        return launch


def _recipe(default=b"ok 100", **kw):
    return TimerRecipe(_saxpy_spec(256), "sm_90", default,
                       runtime=lambda: CpuStandInRuntime(default, **kw), rounds=7, reps=2)


def _pool(n=2, **kw) -> GpuPool:
    return GpuPool.start(_recipe(**kw), gpus=n)


def test_parse_gpus_and_devices(monkeypatch):
    assert parse_gpus("all") == "all" and parse_gpus("4") == 4 and parse_gpus("0,2") == (0, 2)
    assert parse_gpus("3,") == (3,) and parse_gpus(2) == 2
    for bad in ("0", "-1", "x", "1,1", ","):
        with pytest.raises(ValueError, match="--gpus"):
            parse_gpus(bad)
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "4,5,6")
    assert visible_devices("all") == ["4", "5", "6"]
    assert visible_devices(2) == ["4", "5"] and visible_devices((2, 0)) == ["6", "4"]
    with pytest.raises(GpuPoolError, match="3 visible"):
        visible_devices(4)
    with pytest.raises(GpuPoolError, match="3 visible"):
        visible_devices((0, 3))


def test_batches_spread_over_pinned_workers():
    with _pool(2) as pool:
        assert pool.workers.backend == "local[2]"
        # each worker is a process pinned to its own GPU
        devs = {s["CUDA_VISIBLE_DEVICES"] for s in pool.workers.summary()}
        assert devs == {"0", "1"} and {s["HIP_VISIBLE_DEVICES"] for s in
                                       pool.workers.summary()} == {"0", "1"}
        assert len({s["pid"] for s in pool.workers.summary()}) == 2
        mods = [b"ok 100", b"ok 80", b"wrong 50", b"junk", b"ok 80", b"ok 125", b"ok 90",
                b"ok 110"]
        r = pool.measure(mods)
        assert r[0] == 1.0 and r[4] == r[1] and r[2] == r[3] == math.inf
        for i, want in ((1, 0.8), (5, 1.25), (6, 0.9), (7, 1.1)):
            assert abs(r[i] - want) < 0.03, (i, r[i])
        # 6 distinct new modules, 3 per GPU, each timed once
        assert sorted(pool.timed_on.values()) == [0, 0, 0, 1, 1, 1]
        again = pool.measure([b"ok 80", b"ok 70"])  # cached: only the new one is timed
        assert again[0] == r[1] and abs(again[1] - 0.7) < 0.03
        s = pool.screening_summary()
        assert s["modules_timed"] == 7 and s["batches"] == 2 and s["requeued"] == 0
        assert [g["modules_timed"] for g in s["gpus"]] == [3, 4] or \
            [g["modules_timed"] for g in s["gpus"]] == [4, 3]
        assert all(g["aa_abs_max"] is not None and g["aa_abs_max"] < 0.05 for g in s["gpus"])
        # the journal key does not depend on the number of GPUs
        assert pool.identity().startswith("CpuStandInRuntime CPU stand-in for a GPU saxpy")
        assert ";" not in pool.identity()
        json.dumps(s)


def test_a_worker_dying_mid_run_loses_nothing():
    # GPU "1" dies at the start of its second timing run (its first batch completed)
    with _pool(2, die_after=2) as pool:
        first = pool.measure([b"ok 80", b"ok 90"])
        assert sorted(pool.timed_on.values()) == [0, 1]
        mods = [f"ok {us}".encode() for us in range(60, 76)]
        r = pool.measure(mods)
        assert all(abs(x - us / 100) < 0.03 for x, us in zip(r, range(60, 76))), r
        s = pool.screening_summary()
        dead = [g for g in s["gpus"] if not g["alive"]]
        assert len(dead) == 1 and dead[0]["CUDA_VISIBLE_DEVICES"] == "1" and \
            "code 17" in dead[0]["error"]
        # nothing double-counted: each of the 18 modules timed by exactly one completed batch
        assert s["modules_timed"] == 18 == sum(g["modules_timed"] for g in s["gpus"])
        assert s["requeued"] == 1 and s["failed_modules"] == 0
        assert [pool.timed_on[k] for k in pool.timed_on][2:] == [0] * 16
        assert first == pool.measure([b"ok 80", b"ok 90"])  # kept from before the failure
        conf = pool.confirm({"a": b"ok 80"}, rounds=9, reps=2)  # on the GPU left
        assert conf["confirmed_on"]["worker"] == 0 and len(conf["cross_gpu"]["gpus"]) == 1


def test_a_module_that_kills_gpus_costs_inf_not_the_run():
    # 'die' takes down whichever GPU loads it: its batch is split, the others are timed
    # elsewhere, and after MAX_ATTEMPTS (2) GPUs it costs inf instead of the third GPU
    with _pool(3) as pool:
        mods = [b"ok 80", b"ok 90", b"die", b"ok 70", b"ok 60", b"ok 50"]
        r = pool.measure(mods)
        assert r[2] == math.inf and len(pool.failures[hashlib.sha256(b"die").hexdigest()]) == 2
        assert all(abs(x - w) < 0.03 for x, w in zip(r[:2] + r[3:], (.8, .9, .7, .6, .5)))
        s = pool.screening_summary()
        assert sum(g["alive"] for g in s["gpus"]) == 1 and s["failed_modules"] == 1
        assert s["modules_timed"] == 5
    # the last GPU gone: the module costs inf, and the next batch says why every one went
    with GpuPool.start(_recipe(), gpus=1) as pool:
        assert pool.measure([b"die"]) == [math.inf]
        with pytest.raises(GpuPoolError, match="every GPU worker failed.*code 17"):
            pool.measure([b"ok 80"])


def test_confirm_on_one_gpu_and_the_cross_gpu_check():
    # GPU 1 runs 3% slower: ratios (same-GPU default) agree, absolute times do not
    with _pool(2, gpu_factor=1.03) as pool:
        conf = pool.confirm({"fast": b"ok 80", "same": b"ok 100"}, rounds=15, reps=2)
        json.dumps(conf, allow_nan=False)
        assert conf["confirmed_on"]["worker"] == 0
        v = conf["variants"]
        assert set(v) == {"default", "default#2", "fast", "same"}
        assert v["fast"]["speedup_ci"][0] > 1.2
        x = conf["cross_gpu"]
        assert [g["device"] for g in x["gpus"]] == ["0", "1"]
        assert 0.02 < x["default_spread"] < 0.04  # the same binary, 3% apart
        assert x["same_fastest"] and {g["fastest"] for g in x["gpus"]} == {"fast"}
        assert x["speedup_spread"]["fast"] < 0.02


def test_cross_gpu_check_says_when_gpus_disagree():
    def res(us_default, fast):
        return {"variants": {"default": {"median_us": us_default, "speedup": 1.0},
                             "f0": {"speedup": fast}}, "noise_floor": {"bound": 0.01}}
    x = cross_gpu_check({0: res(100.0, 1.05), 1: res(102.0, 1.004)})
    assert not x["same_fastest"] and [g["fastest"] for g in x["gpus"]] == ["f0", "default"]
    assert abs(x["default_spread"] - 0.02) < 1e-9


def test_a_default_that_fails_its_check_is_the_kernels_error():
    with pytest.raises(RuntimeError, match="default schedule fails the reference check"):
        GpuPool.start(_recipe(default=b"wrong 100"), gpus=2)


def test_workers_shared_by_several_kernels():
    with GpuWorkers(2) as workers:
        a = GpuPool(workers, "a", _recipe())
        b = GpuPool(workers, "b", _recipe(default=b"ok 50"))
        assert abs(a.measure([b"ok 50"])[0] - 0.5) < 0.02
        assert abs(b.measure([b"ok 100"])[0] - 2.0) < 0.05
        a.close()
        assert abs(b.measure([b"ok 25"])[0] - 0.5) < 0.02  # b's timers are still there
        b.close()


@pytest.fixture
def local_ray():
    ray = pytest.importorskip("ray", reason="ray not installed (pip install 'ray[default]')")
    path = os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])
    ray.init(num_cpus=2, num_gpus=2, include_dashboard=False, log_to_driver=False,
             runtime_env={"env_vars": {"PYTHONPATH": path}})
    yield ray
    ray.shutdown()


def test_ray_actors_one_per_gpu(local_ray):
    pool = GpuPool.start(_recipe(die_after=2), gpus="all", ray_address="auto")
    try:
        assert pool.workers.backend == "ray[2]"
        devs = sorted(s.get("CUDA_VISIBLE_DEVICES") for s in pool.workers.summary())
        assert devs == ["0", "1"]  # Ray pins each actor to one of the declared GPUs
        pool.measure([b"ok 80", b"ok 90"])
        mods = [f"ok {us}".encode() for us in range(60, 72)]
        r = pool.measure(mods)  # the actor on GPU "1" dies: its batch goes to the other
        assert all(abs(x - us / 100) < 0.03 for x, us in zip(r, range(60, 72))), r
        s = pool.screening_summary()
        assert s["modules_timed"] == 14 and s["requeued"] == 1 and \
            sum(not g["alive"] for g in s["gpus"]) == 1
        conf = pool.confirm({"f": b"ok 80"}, rounds=9, reps=2)
        assert conf["variants"]["f"]["speedup"] > 1.2
    finally:
        pool.close()
    assert local_ray.is_initialized()  # started by the test: left running
    with pytest.raises(GpuPoolError, match="has 2 GPU"):
        GpuWorkers(3, ray_address="auto")
    with pytest.raises(GpuPoolError, match="count or all"):
        GpuWorkers("0,1", ray_address="auto")


@requires_llvm
def test_time_search_through_the_pool(tmp_path):
    """A search with real compiles (llc-19 + plugin, ptxas), every schedule timed by two
    workers on the CPU stand-in: the pool goes where GpuTimer goes."""
    from dataclasses import replace

    from agentsched.kernels.ref import resolve_kernel
    from agentsched.llvm.ir import ir_entry
    from agentsched.searches.run import replay_module, run_search
    from agentsched.targets import parse_target
    t = parse_target("sm_90")
    k = resolve_kernel("gemm8x8")
    ir = k.ir(t)
    default = replay_module(ir, t, "target", ".ptx")
    spec = replace(k.spec, entry=ir_entry(ir) or k.spec.entry,
                   default_size=k.spec.small_size or k.spec.default_size)
    recipe = TimerRecipe(spec, "sm_90", default, rounds=5, reps=2,
                         runtime=lambda: CpuStandInRuntime(default))
    pool = GpuPool.start(recipe, gpus=2)
    try:
        out = run_search("gemm8x8", "sm_90", objective="time", budget=10, workers=2,
                         method="evolve", population=4, json_out=tmp_path / "s.json",
                         timer=pool, finalists=3, journal=False).to_dict()
    finally:
        pool.close()
    tm = out["timing"]
    assert tm["screening"]["backend"] == "local[2]"
    assert tm["screening"]["modules_timed"] == len(pool.timed_on) >= 2
    assert {g["batches"] > 0 for g in tm["screening"]["gpus"]} == {True}
    if tm["confirmation"] is not None:
        x = tm["confirmation"]["cross_gpu"]
        assert len(x["gpus"]) == 2 and x["same_fastest"] in (True, False)
    assert out["best"]["replay_matches"]
    saved = json.loads((tmp_path / "s.json").read_text())
    assert saved["timing"]["screening"]["gpus"][0]["CUDA_VISIBLE_DEVICES"] == "0"
    assert np.isfinite(out["evaluations"])


@requires_llvm
@pytest.mark.skipif(_cuda_gpu_present(), reason="a GPU here: the search would run")
def test_search_gpus_reaches_the_workers_and_says_what_is_missing(tmp_path):
    """--gpus goes from the command line to one worker per GPU; without a GPU runtime the
    first worker's error names it, and nothing is written."""
    r = cli("search", "gemm8x8", "-t", "sm_90", "--objective", "time", "--gpus", "2",
            "--budget", "2", "--json", str(tmp_path / "s.json"))
    assert r.returncode != 0 and "GPU worker 0 (CUDA_VISIBLE_DEVICES=0)" in r.stderr
    assert not (tmp_path / "s.json").exists()
    r = cli("search", "gemm8x8", "-t", "sm_90", "--gpus", "2", "--budget", "2")
    assert r.returncode != 0 and "--objective time, not vgpr" in r.stderr


@requires_llvm
@pytest.mark.skipif(_cuda_gpu_present(), reason="a GPU here: the training would run")
def test_train_gpus_builds_a_timer_per_kernel_on_the_workers():
    """train(gpus=...) times on GPU workers (one set for all kernels): without a GPU runtime
    the first worker's error names it; the workers are gone afterwards."""
    from agentsched.runtime import RuntimeUnavailable
    from agentsched.searches.train import corpus_kernels, train
    ks, _ = corpus_kernels(ROOT / "corpus", "sm_90", split=None, names=["gemm8x8"])
    with pytest.raises(RuntimeUnavailable, match=r"GPU worker 0 \(CUDA_VISIBLE_DEVICES=0\)"):
        train(ks, "sm_90", objective="time", gpus="2", budget=2, population=2, workers=1)
