"""bench/h200_policy_report.py turns the H200 runs into RESULTS_policy.md: its verdicts and the
goal's criteria must follow the recorded figures (checked on made-up rows before any GPU run
depends on them)."""
from __future__ import annotations

import math
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
import h200_policy_report as rep  # noqa: E402


def kernel(name, split, bound, speedup=None, ci=None, same=False, ok=True, aa_bound=0.003,
           error=None):
    pol = {"same_as_default": True, "ok": ok, "speedup": 1.0, "speedup_ci": [1.0, 1.0]} \
        if same else {"same_as_default": False, "ok": ok, "speedup": speedup, "speedup_ci": ci}
    if error:
        pol = {"error": error}
    return {"kernel": name, "family": name[:3], "split": split, "bound": bound, "kind": "cuda",
            "ok": True, "median_us": 500.0, "aa_rel_diff": 0.001, "aa_bound": aa_bound,
            "registers": 64, "policies": {"sm_90": pol}}


def test_verdicts_follow_the_ci_and_the_aa_bound():
    rows = rep.evaluation_rows({"kernels": [
        kernel("a", "test", "compute", 1.05, [1.04, 1.06]),
        kernel("b", "test", "compute", 0.98, [0.975, 0.985]),
        kernel("c", "test", "compute", 0.995, [0.99, 1.001]),
        kernel("d", "test", "memory", same=True),
        kernel("e", "validation", "memory", 1.002, [1.001, 1.003], aa_bound=0.004),
        kernel("f", "validation", "compute", 0.97, [0.95, 0.995]),
        kernel("g", "test", "compute", error="ptxas failed"),
        kernel("h", "train", "compute", 1.2, [1.1, 1.3])]})
    v = {r["kernel"]: r["verdict"] for r in rows}
    assert v == {"a": "faster", "b": "slower than -1%", "c": "within noise", "d": "same PTX",
                 "e": "within noise", "f": "slower", "g": "failed", "h": "faster"}
    g = rep.goal(rows)
    assert g["compute_kernels"] == 4  # a, b, c, f: unseen, timed; g failed, h trained on
    assert g["compute_geomean"] == pytest.approx(math.exp(
        (math.log(1.05) + math.log(0.98) + math.log(0.995) + math.log(0.97)) / 4))
    assert not g["geomean_goal_met"]
    assert g["slower_than_1pct_ci"] == ["b"]
    assert sorted(g["slower_than_1pct_point"]) == ["b", "f"]
    assert g["memory_changed"] == [] and g["failed"] == ["g"]


def test_lofo_and_transfer_use_each_candidates_screening_figures():
    record = {
        "kernels": ["x1", "x2", "y1"], "families": {"x1": "X", "x2": "X", "y1": "Y"},
        "best": {"index": 1},
        "candidates": [
            {"index": 0, "fitness": 1.0, "speedups": {"x1": 1.0, "x2": 1.0, "y1": 1.0}},
            {"index": 1, "fitness": 1.05, "speedups": {"x1": 1.1, "x2": 1.1, "y1": 0.95}},
            {"index": 2, "fitness": 1.01, "speedups": {"x1": 0.9, "x2": 0.9, "y1": 1.2}},
            {"index": 3, "fitness": -math.inf, "speedups": {"x1": 0.0, "x2": 2.0, "y1": 2.0}}]}
    lofo = {r["family"]: r for r in rep.lofo_selection(record)}
    assert lofo["X"]["selected"] == 2 and lofo["X"]["held_out_geomean"] == pytest.approx(0.9)
    assert lofo["Y"]["selected"] == 1 and lofo["Y"]["held_out_geomean"] == pytest.approx(0.95)
    assert lofo["Y"]["winner_geomean"] == pytest.approx(0.95)
    fams, rows = rep.transfer_matrix(record)
    assert fams == ["X", "Y"]
    assert rows[0][1] == 1 and rows[0][2] == pytest.approx([1.1, 0.95])
    assert rows[1][1] == 2 and rows[1][2] == pytest.approx([0.9, 1.2])
