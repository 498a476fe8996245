"""Training one policy on several kernels (searches/train.py, `agentsched train`): the loop on a
tiny corpus with a static objective, with real llc-19 compiles through the plugin's policy
evaluation. The GPU objective is exercised by bench/h200_train.py on the H200."""
from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

from agentsched.core.policy import SEARCH_FEATURES, load_policy
from agentsched.llvm.compile import compile_ir
from agentsched.llvm.metrics import static_metrics
from agentsched.searches.objectives import ObjectiveError
from agentsched.searches.train import (
    FEATURE_SETS,
    ModelShape,
    TrainError,
    corpus_kernels,
    feature_names,
    fitness_of,
    proxy_speedup,
    train,
)

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus"
TINY = ["fused_mlp", "gemm8x8"]  # in corpus order


@pytest.fixture(scope="module")
def tiny():
    ks, skipped = corpus_kernels(CORPUS, "gfx1100", split="train", names=TINY)
    assert [k.name for k in ks] == TINY and skipped == {}
    return ks


@pytest.fixture(scope="module")
def trained(tiny):
    return train(tiny, "gfx1100", objective="vgpr", budget=10, population=5, workers=1, seed=3)


def test_training_starts_from_llvms_schedule_and_never_ends_worse(trained):
    first = trained.candidates[0]
    assert first.changed == {k: 0 for k in TINY}  # the starting policy is LLVM's schedule
    assert first.speedups == {k: 1.0 for k in TINY} and first.fitness == 1.0
    assert len(trained.candidates) == 10
    assert trained.best.fitness >= 1.0
    assert any(sum(c.changed.values()) > 0 for c in trained.candidates)  # it explored
    assert [c["evaluations"] for c in trained.curve] == sorted(c["evaluations"]
                                                               for c in trained.curve)
    assert trained.curve[-1]["best_fitness"] == trained.best.fitness


def test_the_trained_policy_file_gives_the_recorded_results(trained, tiny, tmp_path):
    """Replay: the policy file the run writes, applied by the plugin, yields the per-kernel
    figures the training recorded for the best candidate."""
    path = tmp_path / "p.json"
    path.write_text(json.dumps(trained.to_dict()["policy"]))
    pol = load_policy(path)
    assert pol.target == "amdgpu" and pol.provenance["trained_on"] == TINY
    assert pol.provenance["objective"] == "vgpr"
    for k in tiny:
        res = compile_ir(k.ir, "gfx1100", policy=path)
        m = static_metrics(res.asm, res.target, with_cycles=False, entry=res.entry).as_dict()
        assert proxy_speedup(trained.default_metrics[k.name], m, "vgpr") == \
            trained.best.speedups[k.name]
        assert int(res.report["changed"]) == trained.best.changed[k.name]


def test_training_is_deterministic_whatever_the_workers(tiny, trained):
    again = train(tiny, "gfx1100", objective="vgpr", budget=10, population=5, workers=2, seed=3)
    assert [c.params for c in again.candidates] == [c.params for c in trained.candidates]
    assert [c.fitness for c in again.candidates] == [c.fitness for c in trained.candidates]
    assert again.backend == "pool[2]"


def test_training_on_a_local_ray_instance(tiny, trained):
    pytest.importorskip("ray")
    res = train(tiny, "gfx1100", objective="vgpr", budget=5, population=5, seed=3,
                ray="local")
    assert res.backend == "ray"
    assert [c.fitness for c in res.candidates] == [c.fitness for c in trained.candidates[:5]]


def test_mlp_model_starts_at_llvms_schedule(tiny):
    res = train(tiny[:1], "gfx1100", objective="vgpr", budget=3, population=3, model="mlp",
                hidden=4, workers=1)
    assert res.candidates[0].changed == {"fused_mlp": 0}
    assert res.policy.model == "mlp" and len(res.candidates[0].params) == \
        ModelShape("mlp", tuple(res.features), 4).size


def test_fitness_and_proxy():
    assert fitness_of([1.0, 1.0], 1.0, 0.0) == 1.0
    assert fitness_of([1.1, 0.0], 1.0, 0.0) == -math.inf  # a failed kernel: never chosen
    # a 3% slowdown beyond a 1% tolerance costs 2% (penalty 1, averaged over 2 kernels: 1%)
    assert fitness_of([1.03, 0.97], 1.0, 0.01) == pytest.approx(
        math.sqrt(1.03 * 0.97) - 0.01)
    assert proxy_speedup({"vgpr": 100}, {"vgpr": 80}, "vgpr") == 1.25
    assert proxy_speedup({"occupancy": 8}, {"occupancy": 4}, "occupancy") == 0.5
    assert proxy_speedup({"spills": 0}, {"spills": 3}, "spills") == 0.25
    assert proxy_speedup({}, {}, "cycles") == 1.0


def test_bad_inputs_are_refused_before_any_compile(tmp_path, tiny):
    with pytest.raises(TrainError, match="no such corpus directory"):
        corpus_kernels(tmp_path / "nope", "gfx1100")
    with pytest.raises(TrainError, match="neither a corpus package"):
        corpus_kernels(tmp_path, "gfx1100")
    with pytest.raises(TrainError, match="no kernel not_a_kernel"):
        corpus_kernels(CORPUS, "gfx1100", names=["not_a_kernel"])
    with pytest.raises(ObjectiveError, match="cycles"):
        train(tiny, "sm_90", objective="cycles", budget=2)
    with pytest.raises(TrainError, match="budget"):
        train(tiny, "gfx1100", budget=0)
    with pytest.raises(TrainError, match="unknown features"):
        train(tiny, "gfx1100", features=("latency", "bogus"))
    with pytest.raises(TrainError, match="named twice"):
        feature_names("latency,is_llvm_pick,latency")


def test_feature_lists_by_name_or_names():
    from agentsched.core.policy import FEATURES
    assert feature_names("all") == FEATURES and feature_names("old") == SEARCH_FEATURES
    assert feature_names(" latency, is_llvm_pick ") == ("latency", "is_llvm_pick")
    assert feature_names(["depth", "is_llvm_pick"]) == ("depth", "is_llvm_pick")
    assert set(FEATURE_SETS) == {"all", "old"}


def test_a_directory_of_ir_files_is_a_corpus(tiny, tmp_path):
    for k in tiny:
        (tmp_path / f"{k.name}.ll").write_bytes(Path(k.ir).read_bytes())
    ks, _ = corpus_kernels(tmp_path, "gfx1100")
    assert sorted(k.name for k in ks) == sorted(TINY)


def test_cli_train_writes_a_policy_and_its_record(tmp_path):
    out, rec = tmp_path / "policy.json", tmp_path / "record.json"
    p = subprocess.run([sys.executable, "-m", "agentsched.cli", "train", "--corpus", str(CORPUS),
                        "-t", "gfx1100", "--kernel", "gemm8x8", "--budget", "3",
                        "--population", "3", "--workers", "1", "--features", "old",
                        "-o", str(out), "--json", str(rec)],
                       capture_output=True, text=True, cwd=tmp_path)
    assert p.returncode == 0, p.stderr
    pol = load_policy(out)
    assert pol.provenance["command"].startswith("agentsched train --corpus")
    assert "--features old" in pol.provenance["command"]
    assert pol.features == SEARCH_FEATURES  # the baseline of the feature ablation
    data = json.loads(rec.read_text())
    assert len(data["candidates"]) == 3 and data["kernels"] == ["gemm8x8"]
    assert data["features"] == list(SEARCH_FEATURES)
    bad = subprocess.run([sys.executable, "-m", "agentsched.cli", "train", "--corpus",
                          str(CORPUS), "--features", "latency,bogus", "-o",
                          str(tmp_path / "y.json")], capture_output=True, text=True)
    assert bad.returncode != 0 and "unknown features bogus" in bad.stderr
    assert not (tmp_path / "y.json").exists()
    bad = subprocess.run([sys.executable, "-m", "agentsched.cli", "train", "--corpus",
                          str(CORPUS), "--budget", "-1", "-o", str(tmp_path / "x.json")],
                         capture_output=True, text=True)
    assert bad.returncode == 2 and "--budget" in bad.stderr
    assert not (tmp_path / "x.json").exists()


def test_kernel_guard_counts_a_worse_kernel_as_llvms(tiny):
    res = train(tiny, "gfx1100", objective="vgpr", budget=10, population=5, workers=1, seed=3,
                kernel_guard=True)
    assert res.policy.provenance["kernel_guard"] is True
    for c in res.candidates:
        for k, why in c.fallbacks.items():
            assert c.speedups[k] == 1.0 and why


def test_a_time_limit_still_runs_one_generation(tiny):
    res = train(tiny[:1], "gfx1100", objective="vgpr", budget=20, population=3, workers=1,
                max_seconds=0.0)
    assert len(res.candidates) == 3 and len(res.curve) == 1
