"""The 'time' objective: GpuTimer's batching, checking and confirmation on the simulated
runtime of test_runtime, and the search's time path end to end with real compiles (the timer
replaced by a deterministic one: the GPU is the only part not here). A real-GPU search test
runs where CuPy and a CUDA GPU are present."""
import hashlib
import json
import math
from pathlib import Path

import pytest

from agentsched.runtime import Kernel, KernelLoadError
from agentsched.searches.evaluator import Evaluator
from agentsched.searches.gpu_time import GpuTimer
from agentsched.searches.objectives import ObjectiveError
from agentsched.searches.run import run_search
from agentsched.targets import parse_target

from .conftest import cli, requires_llvm
from .test_runtime import FakeRuntime, _cuda_gpu_present, _saxpy_spec


class ContentRuntime(FakeRuntime):
    """Modules are text 'KIND TIME_US' (e.g. 'good 80'): the time comes from the content, as
    a real module's does, whatever file it was written to."""

    def load(self, module_path, entry):
        parts = Path(module_path).read_text().split()
        if len(parts) != 2 or parts[0] not in self.KERNELS:
            raise KernelLoadError(f"{module_path}: not a module")
        return Kernel(path=Path(module_path), entry=entry, native=(parts[0], float(parts[1])))

    def _launcher(self, kernel, spec, size, dev):
        kind, us = kernel.native
        k = Kernel(kernel.path, kernel.entry, kind)
        launch = super()._launcher(k, spec, size, dev)
        launch.true_us = us
        return launch


def _timer(**kw):
    return GpuTimer(_saxpy_spec(), parse_target("sm_90"), b"good 100",
                    runtime=ContentRuntime({}, noise=0.005, drift=0.03), **kw)


def test_timer_ratios_checks_and_dedup():
    t = _timer(rounds=9, reps=3)
    mods = [b"good 100", b"good 80", b"wrong 50", b"junk", b"good 80", b"good 125"]
    r = t.measure(mods)
    assert r[0] == 1.0  # byte-identical to LLVM's default: exactly 1, never timed
    assert abs(r[1] - 0.8) < 0.02 and r[4] == r[1]  # duplicates share one measurement
    assert r[2] == math.inf  # wrong output: never timed, never a winner
    assert r[3] == math.inf  # failed load
    assert abs(r[5] - 1.25) < 0.03
    assert t.batches[-1].timed == 3  # good 80, wrong 50, good 125
    again = t.measure([b"good 80"])  # cached by content: no new batch timing
    assert again == [r[1]] and t.batches[-1].timed == 0
    s = t.screening_summary()
    assert s["batches"] == 2 and s["modules_timed"] == 3 and s["aa_abs_max"] < 0.05
    t.close()


def test_timer_confirm_is_a_fresh_run_with_aa():
    t = _timer()
    res = t.confirm({"fast": b"good 80", "same": b"good 100"}, rounds=15, reps=3)
    json.dumps(res, allow_nan=False)
    v = res["variants"]
    assert set(v) == {"default", "default#2", "fast", "same"}
    assert v["fast"]["speedup_ci"][0] > 1.2 and v["same"]["speedup_ci"][0] < 1.0 < \
        v["same"]["speedup_ci"][1]
    assert res["noise_floor"]["bound"] < 0.05
    t.close()


def test_timer_refuses_a_default_that_fails_its_check():
    with pytest.raises(RuntimeError, match="default schedule fails"):
        GpuTimer(_saxpy_spec(), parse_target("sm_90"), b"wrong 100",
                 runtime=ContentRuntime({}))


class HashTimer:
    """Deterministic stand-in for the GPU: a module's 'time' is a function of its bytes."""
    suffix = ".ptx"

    def __init__(self, default: bytes):
        self.default, self.measured, self.confirmed = default, 0, None

    def ratio(self, m: bytes) -> float:
        if m == self.default:
            return 1.0
        return 0.9 + int(hashlib.sha256(m).hexdigest()[:4], 16) % 200 / 1000.0

    def measure(self, modules):
        self.measured += len(modules)
        return [self.ratio(m) for m in modules]

    def confirm(self, modules, rounds, reps):
        self.confirmed = dict(modules)
        v = {"default": {"ok": True, "speedup": 1.0, "speedup_ci": [1.0, 1.0]}}
        for n, m in modules.items():
            s = 1.0 / self.ratio(m)
            v[n] = {"ok": True, "speedup": s, "speedup_ci": [s - 0.001, s + 0.001]}
        return {"variants": v, "noise_floor": {"bound": 0.002}}

    def screening_summary(self):
        return {"modules": self.measured}

    def close(self):
        pass


def _stand_in_search(kernel: str, timer_class, tmp_path, budget: int, **kw):
    """A time search on sm_90 with real compiles and `timer_class` in place of the GPU."""
    from agentsched.kernels.ref import resolve_kernel
    from agentsched.searches.run import replay_module
    t = parse_target("sm_90")
    timer = timer_class(replay_module(resolve_kernel(kernel).ir(t), t, "target", ".ptx"))
    out = run_search(kernel, "sm_90", objective="time", budget=budget, workers=2,
                     method="evolve", population=4, json_out=tmp_path / "s.json", timer=timer,
                     **kw).to_dict()
    return timer, out


@requires_llvm
def test_time_search_confirms_finalists_and_replays(tmp_path):
    timer, out = _stand_in_search("gemm8x8", HashTimer, tmp_path, 10, finalists=3)
    tm = out["timing"]
    assert timer.measured == out["evaluations"] == 10
    # finalists = the best distinct schedules by screening, re-made by strict replay
    assert 1 <= len(tm["finalists"]) <= 3 and set(timer.confirmed) == \
        {f["name"] for f in tm["finalists"]}
    ratios = [f["screen_ratio"] for f in tm["finalists"]]
    assert ratios == sorted(ratios) and all(r < 1.0 for r in ratios)
    best = min(timer.ratio(m) for m in timer.confirmed.values())
    assert tm["improved"] and abs(tm["speedup"] - 1 / best) < 1e-9
    assert out["best"]["time"]["speedup"] == tm["speedup"]
    assert out["default"]["time"]["speedup"] == 1
    assert out["best"]["replay_matches"]
    shas = [f["module_sha256"] for f in tm["finalists"]]
    assert len(set(shas)) == len(shas)  # finalists are distinct binaries, not just decisions
    saved = json.loads((tmp_path / "s.json").read_text())
    assert saved["timing"]["winner"] == tm["winner"] and saved["improved"]
    w = next(f for f in tm["finalists"] if f["name"] == tm["winner"])
    assert w["policy"] == "linear:" + ",".join(f"{x:.6g}" for x in out["info"]["best_weights"])


class SlowerTimer(HashTimer):
    """Screening finds 'faster' schedules, the confirmation run says they are all slower."""

    def confirm(self, modules, rounds, reps):
        res = super().confirm(modules, rounds, reps)
        for n in modules:
            res["variants"][n].update(speedup=0.99, speedup_ci=[0.985, 0.995])
        return res


@requires_llvm
def test_time_search_that_finds_nothing_keeps_llvm(tmp_path):
    _, out = _stand_in_search("fused_mlp", SlowerTimer, tmp_path, 8)
    tm = out["timing"]
    assert tm["best_finalist"] is not None and tm["best_finalist_speedup"] == 0.99
    assert tm["winner"] is None and tm["speedup"] == 1.0 and not out["improved"]
    assert out["best"]["time"]["speedup"] == 1.0 and out["best"]["cost"] == out["default"]["cost"]
    assert out["best"]["report"]["changed"] == 0  # LLVM's own schedule


@requires_llvm
def test_time_needs_a_spec_and_a_timer(tmp_path):
    from .conftest import DATA
    with pytest.raises(ValueError, match="needs a kernel spec"):
        run_search(DATA / "gemm_tile.cu", "sm_90", objective="time", budget=2,
                   json_out=tmp_path / "s.json")
    with pytest.raises(ObjectiveError, match="timer"):
        Evaluator(DATA / "gemm_tile.cu", "sm_90", "time")
    ev = Evaluator(DATA / "gemm_tile.cu", "sm_90", "time", timer=HashTimer(b""), workers=1)
    with pytest.raises(ObjectiveError, match="evaluate_many"):
        ev.evaluate_many([[]])
    assert ev.rollouts  # the rollout path is the one the timer serves
    ev.close()


@pytest.mark.gpu
@pytest.mark.skipif(not _cuda_gpu_present(), reason="no CUDA GPU (CuPy + driver) here")
@requires_llvm
def test_time_search_on_a_real_gpu(tmp_path):
    out = run_search("fused_mlp", "sm_90", objective="time", budget=6, workers=2,
                     method="evolve", population=5, json_out=tmp_path / "s.json",
                     confirm_rounds=7).to_dict()
    tm = out["timing"]
    assert tm["screening"]["modules_timed"] >= 1
    if tm["confirmation"] is not None:
        assert tm["confirmation"]["noise_floor"] is not None
    assert out["best"]["replay_matches"]


WINNERS = Path(__file__).resolve().parent.parent / "bench" / "h200" / "winners"


@requires_llvm
def test_saved_h200_winner_replays_strictly_by_suite_name(tmp_path):
    """`agentsched compile SUITE_KERNEL --decisions` replays a search winner (the kernel's -D
    macros come from the suite); the committed gemm8x8 winner needs 128 registers."""
    from agentsched.core.files import read_text
    from agentsched.tools.programs import find_ptxas
    dec = tmp_path / "gemm8x8-timesearch.decisions.jsonl"  # recorded as .jsonl.xz
    dec.write_text(read_text(WINNERS / "gemm8x8-timesearch.decisions.jsonl.xz"))
    p = cli("compile", "gemm8x8", "-t", "sm_90", "--decisions", str(dec),
            "-o", str(tmp_path / "g.ptx"), "--json", str(tmp_path / "g.json"))
    assert p.returncode == 0, p.stderr
    s = json.loads((tmp_path / "g.json").read_text())
    assert s["stale"] == 0 and s["changed"] > 0
    if find_ptxas():
        assert s["vgpr"] == 128


@requires_llvm
def test_cli_time_objective_and_init_from_errors(tmp_path):
    if not _cuda_gpu_present():
        p = cli("search", "fused_mlp", "-t", "sm_90", "--objective", "time", "--budget", "2",
                 "--json", str(tmp_path / "s.json"))
        assert p.returncode == 1 and "error:" in p.stderr
        assert "CuPy" in p.stderr or "GPU" in p.stderr
        assert not (tmp_path / "s.json").exists()
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    p = cli("search", "fused_mlp", "-t", "sm_90", "--method", "evolve", "--budget", "2",
             "--init-from", str(bad), "--json", str(tmp_path / "s.json"))
    assert p.returncode == 1 and str(bad) in p.stderr and "best_weights" in p.stderr


@requires_llvm
def test_evolve_warm_start_reproduces_a_previous_winner(tmp_path):
    """Weights from an earlier search's JSON (here the H200 gemm8x8 finalists) give that
    search's schedule again in the first generation: no more registers than it needs."""
    from agentsched.searches.run import init_weights_from
    from agentsched.tools.programs import find_ptxas
    src = WINNERS.parent / "search" / "evolve2_warm" / "gemm8x8.json.xz"  # read compressed
    init = init_weights_from([src])
    from agentsched.searches.policies import FEATURES
    assert len(init) >= 2 and all(len(w) == len(FEATURES) for w in init)
    out = run_search("gemm8x8", "sm_90", objective="vgpr", budget=len(init) + 1, workers=2,
                     method="evolve", population=len(init) + 1,
                     json_out=tmp_path / "s.json", init_weights=init).to_dict()
    assert out["evaluations"] == len(init) + 1
    if find_ptxas():
        # the earlier winner's own decisions, assembled by this machine's ptxas: its register
        # count depends on the ptxas version (128 with CUDA 13's, 126 with the sdk's 12.4)
        import json as _json

        import agentsched
        dec = tmp_path / "winner.decisions.jsonl"
        from agentsched.core.files import read_text
        dec.write_text(_json.loads(read_text(src))["decisions_text"])
        winner = agentsched.compile("gemm8x8", "sm_90", decisions=dec)
        assert out["best"]["metrics"]["vgpr"] <= winner.metrics.vgpr
    with pytest.raises(ValueError, match="features"):
        run_search("gemm8x8", "sm_90", objective="vgpr", budget=2, method="evolve",
                   json_out=tmp_path / "t.json", init_weights=[[1.0, 2.0]])


@requires_llvm
def test_beam_refines_a_given_policy(tmp_path):
    """beam with a warm start completes every prefix with the given linear policy, so its
    root schedule is that policy's (128 registers for the H200 gemm8x8 winner's weights)
    and every branch stays a valid, strictly replayable schedule."""
    from agentsched.searches.run import init_weights_from
    from agentsched.tools.programs import find_ptxas
    init = init_weights_from([WINNERS.parent / "search" / "evolve2_warm" / "gemm8x8.json.xz"])
    out = run_search("gemm8x8", "sm_90", objective="vgpr", budget=12, workers=2,
                     method="beam", json_out=tmp_path / "b.json",
                     init_weights=init).to_dict()
    assert out["info"]["completion"].startswith("linear:")
    assert out["best"]["replay_matches"] and out["evaluations"] <= 12
    if find_ptxas():
        assert out["best"]["metrics"]["vgpr"] <= 128
