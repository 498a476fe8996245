"""Schedule search with the real llc-19: cache, beam, evolve, pool, Ray, gym environment."""
import importlib
import json
import math
import os

import numpy as np
import pytest

from agentsched.core.protocol import read_decisions
from agentsched.llvm.compile import compile_ir
from agentsched.llvm.frontend import emit_ir
from agentsched.searches.evaluate import evaluate, rollout
from agentsched.searches.evaluator import Evaluator
from agentsched.searches.objectives import cost_of
from agentsched.searches.policies import HeuristicPolicy, LinearPolicy, linear_seed
from agentsched.searches.run import run_search
from agentsched.targets import parse_target

from .conftest import DATA, llc_children, requires_llvm

ev_mod = importlib.import_module("agentsched.searches.evaluate")

pytestmark = requires_llvm

KERNEL = DATA / "gemm_tile.cu"  # has a loop, so llvm-mca cycles are measured too
TARGET = "gfx1100"


@pytest.fixture(scope="module")
def ir():
    return emit_ir(KERNEL, parse_target(TARGET))


def test_cost_orders_lexicographically_and_time_needs_a_function():
    m = {"vgpr": 40, "spills": 0, "est_cycles": 100.0, "occupancy": 8}
    assert cost_of(m, "vgpr") < cost_of({**m, "vgpr": 41}, "vgpr")
    assert cost_of(m, "vgpr") < cost_of({**m, "est_cycles": 101.0}, "vgpr")
    assert cost_of(m, "occupancy") < cost_of({**m, "occupancy": 7, "vgpr": 10}, "occupancy")
    assert cost_of({**m, "est_cycles": None}, "cycles")[0] == 0.0
    with pytest.raises(ValueError, match="time_fn"):
        cost_of(m, "time")
    with pytest.raises(ValueError, match="unknown objective"):
        cost_of(m, "speed")


def test_evaluate_cache_hit_is_identical_without_compiling(ir, monkeypatch):
    ro = rollout(ir, TARGET, HeuristicPolicy("max_latency"))
    assert ro.report["stale"] == 0 and ro.decisions
    first = evaluate(ir, TARGET, ro.decisions, use_cache=False)
    assert first.metrics == ro.metrics and first.stale == 0
    second = evaluate(ir, TARGET, ro.decisions)
    assert second.cached and second.metrics == first.metrics

    def boom(*a, **k):
        raise AssertionError("compiled despite a cache hit")

    monkeypatch.setattr(ev_mod, "compile_ir", boom)
    third = evaluate(ir, TARGET, list(reversed(ro.decisions)))  # order does not matter
    assert third.cached and third.metrics == first.metrics and third.cost == first.cost


def test_lenient_replay_counts_stale(ir):
    ro = rollout(ir, TARGET, HeuristicPolicy("default"))
    d = ro.decisions[3]
    bogus = type(d)(d.function, d.region, d.visit, d.step, 10**6, "top")
    res = evaluate(ir, TARGET, [bogus], use_cache=False)
    assert res.stale == 1 and res.metrics == ro.metrics


def test_linear_seed_reproduces_llvm_and_heuristics(ir):
    default = rollout(ir, TARGET, HeuristicPolicy("default"))
    assert rollout(ir, TARGET, LinearPolicy(tuple(linear_seed("default")))).key == default.key
    ml = rollout(ir, TARGET, HeuristicPolicy("max_latency"))
    assert rollout(ir, TARGET, LinearPolicy(tuple(linear_seed("max_latency")))).key == ml.key


def _check_search(out, tmp_path, ir):
    assert out["best"]["cost"] <= out["default"]["cost"]
    assert out["evaluations"] >= 2 and out["throughput_evals_per_s"] > 0
    assert out["history"][-1][1] == out["best"]["cost"]
    assert [h[0] for h in out["history"]] == list(range(1, out["evaluations"] + 1))
    # The decisions file replays strictly and reproduces the best metrics.
    decisions = read_decisions(out["decisions_file"])
    t = parse_target(TARGET)
    replay = compile_ir(ir, t, decisions=decisions)  # strict
    assert replay.report["stale"] == 0 and replay.report["missing"] == 0
    m = evaluate(ir, TARGET, decisions, use_cache=False, lenient=False).metrics
    assert m == out["best"]["metrics"] == out["best"]["replay_metrics"]
    assert out["best"]["replay_matches"]
    saved = json.loads((tmp_path / "out.json").read_text())
    assert saved["best"]["metrics"] == out["best"]["metrics"]


@pytest.mark.parametrize("method", ["beam", "evolve"])
def test_search_tiny_budget_improves_or_ties_and_replays(method, tmp_path, ir):
    out = run_search(str(KERNEL), TARGET, objective="vgpr", budget=10, workers=1,
                     method=method, json_out=tmp_path / "out.json", population=4,
                     width=2).to_dict()
    assert out["method"] == method and out["objective"] == "vgpr"
    assert out["evaluations"] <= 10
    _check_search(out, tmp_path, ir)


def test_pool_of_two_workers_gives_the_same_result_as_one(tmp_path, ir):
    outs = [run_search(str(KERNEL), TARGET, objective="cycles", budget=8, workers=w,
                       method="evolve", seed=3, json_out=tmp_path / f"o{w}.json",
                       decisions_out=tmp_path / f"d{w}.jsonl", population=4,
                       journal=False).to_dict()
            for w in (1, 2)]
    assert outs[0]["backend"] == "inline" and outs[1]["backend"] == "pool[2]"
    for k in ("evaluations", "history"):
        assert outs[0][k] == outs[1][k]
    assert outs[0]["best"]["metrics"] == outs[1]["best"]["metrics"]
    assert (tmp_path / "d1.jsonl").read_text() == (tmp_path / "d2.jsonl").read_text()


def test_ray_backend_runs_a_tiny_search(tmp_path, ir):
    ray = pytest.importorskip("ray", reason="ray not installed (pip install 'ray[default]')")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             runtime_env={"env_vars": {"AGENTSCHED_DATA": os.environ["AGENTSCHED_DATA"]}})
    try:
        ev = Evaluator(ir, TARGET, "vgpr", ray_address="auto")
        assert ev.backend == "ray"
        res = ev.rollouts([HeuristicPolicy("default"), HeuristicPolicy("min_pressure")])
        local = [rollout(ir, TARGET, HeuristicPolicy(n)) for n in ("default", "min_pressure")]
        assert [r.metrics for r in res] == [r.metrics for r in local]
        ev.close()  # ray was started by the test: close() leaves it running
        assert ray.is_initialized()
        out = run_search(str(KERNEL), TARGET, objective="vgpr", budget=6,
                         ray="auto", method="beam", json_out=tmp_path / "out.json",
                         width=2).to_dict()
        assert out["backend"] == "ray"
        _check_search(out, tmp_path, ir)
    finally:
        ray.shutdown()


# ---------------------------------------------------------------- the gym environment


def test_env_passes_check_env_and_runs_an_episode():
    import gymnasium as gym
    from gymnasium.utils.env_checker import check_env

    import agentsched.searches.env  # noqa: F401  (registers agentsched/Sched-v0)
    env = gym.make("agentsched/Sched-v0", kernel_source_or_ir=str(DATA / "softmax_rows.cu"),
                   target="gfx1100")
    inner = env.unwrapped
    check_env(inner, skip_render_check=True)
    rng = np.random.default_rng(0)
    obs, info = inner.reset(seed=0)
    assert inner.observation_space.contains(obs)
    assert 0 <= info["llvm_action"] < int(info["action_mask"].sum())
    done, steps, reward = False, 0, 0.0
    while not done:
        a = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, reward, done, trunc, info = inner.step(a)
        steps += 1
        assert steps < 10_000
    assert math.isfinite(reward) and "metrics" in info and inner.invalid_actions == 0
    # A masked action falls back to LLVM's pick and is counted.
    obs, info = inner.reset()
    inner.step(inner.max_candidates - 1)
    assert inner.invalid_actions == 1 or info["action_mask"][-1] == 1
    assert llc_children()  # mid-episode: llc waits for us
    env.close()
    assert llc_children() == []


def test_env_reset_mid_episode_kills_the_old_llc():
    from agentsched.searches.env import SchedEnv
    env = SchedEnv(DATA / "softmax_rows.cu", "gfx1100")
    try:
        env.reset()
        env.step(0)
        env.reset()
        assert len(llc_children()) == 1
    finally:
        env.close()
    assert llc_children() == []


def test_a_longer_search_resumes_from_the_journal_and_finds_what_a_fresh_one_finds(tmp_path):
    """The same search again answers its earlier evaluations from the journal: a longer run
    continues a shorter one, and ends where one long fresh run ends (deterministic)."""
    common = dict(objective="vgpr", method="evolve", seed=5, population=4, workers=1)
    short = run_search(str(KERNEL), TARGET, budget=6, json_out=tmp_path / "a.json", **common)
    longer = run_search(str(KERNEL), TARGET, budget=10, json_out=tmp_path / "b.json", **common)
    fresh = run_search(str(KERNEL), TARGET, budget=10, json_out=tmp_path / "c.json",
                       fresh=True, **common)
    assert short.resumed == 0 and longer.resumed == 6 and fresh.resumed == 0
    assert longer.history == fresh.history and longer.best["metrics"] == fresh.best["metrics"]
    assert (tmp_path / "b.decisions.jsonl").read_text() == \
        (tmp_path / "c.decisions.jsonl").read_text()


def test_a_stopped_search_keeps_its_best_so_far_and_resumes(tmp_path):
    """A signal in the middle of a search (here raised by the time function at its 5th call)
    leaves the best journaled schedule, written whole and marked unconfirmed; the same
    command then resumes without redoing those evaluations."""
    import signal

    from agentsched.core.files import together
    from agentsched.core.interrupts import Interrupted
    calls = []

    def stop_at_fifth(decisions):
        calls.append(1)
        if len(calls) == 5:
            raise Interrupted(signal.SIGTERM)
        return 1.0 - 0.01 * len(calls)

    out = tmp_path / "s.json"
    with pytest.raises(Interrupted) as stop:
        with together(out):  # as the CLI publishes a command's outputs
            run_search(str(KERNEL), TARGET, objective="time", budget=8, method="evolve",
                       population=2, workers=1, time_fn=stop_at_fifth, json_out=out)
    assert "evaluations kept" in stop.value.kept
    d = json.loads(out.read_text())
    assert d["stopped"] == "interrupted by SIGTERM" and d["best"]["replay_matches"] is None
    assert d["evaluations"] >= 1 and (tmp_path / "s.decisions.jsonl").exists()
    again = run_search(str(KERNEL), TARGET, objective="time", budget=8, method="evolve",
                       population=2, workers=1, time_fn=stop_at_fifth, json_out=out)
    assert again.resumed == d["evaluations"] and again.stopped is None
