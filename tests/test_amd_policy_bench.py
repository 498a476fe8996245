"""bench/amd_policy.py: the held-out static evaluation of the AMD policies. Its per-kernel
comparison and split summaries must follow the measured figures (made-up rows), and one real
compile pair through the plugin must give LLVM's figures for an LLVM-like policy."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
import amd_policy as bench  # noqa: E402

from agentsched.core.policy import save_policy  # noqa: E402
from agentsched.targets.policy import linear_policy  # noqa: E402


def run(vgpr, occ, spills, cycles, changed=0, reverted=0):
    return {"metrics": {"vgpr": vgpr, "occupancy": occ, "spills": spills,
                        "est_cycles": cycles},
            "changed": changed, "policy_decisions": 10, "guard_interventions": 0,
            "reverted_regions": reverted}


def row(name, split, default, policy):
    return {"kernel": name, "family": "f", "split": split, "seen": split == "train",
            "bound": "compute"} | bench.compare(default, policy)


def test_compare_and_summary_follow_the_figures():
    rows = [
        row("a", "validation", run(100, 4, 0, 200.0), run(90, 5, 0, 180.0, changed=7)),
        row("b", "validation", run(64, 8, 0, None), run(72, 7, 2, None, changed=3,
                                                          reverted=1)),
        row("c", "test", run(64, 8, 0, 50.0), run(64, 8, 0, 50.0)),
        row("d", "test", run(64, 8, 0, 50.0), {"error": "llc-19 failed"}),
    ]
    a, b = rows[0], rows[1]
    assert a["speedup"]["cycles"] == pytest.approx(200 / 180)
    assert a["speedup"]["occupancy"] == 1.25 and a["speedup"]["vgpr"] == pytest.approx(100 / 90)
    assert b["speedup"]["cycles"] is None  # no llvm-mca figure: left out, not counted as 1
    assert b["speedup"]["spills"] == pytest.approx(1 / 3) and b["reverted_regions"] == 1
    assert rows[3]["error"] == "llc-19 failed"
    s = bench.summary(rows)
    assert set(s) == {"validation", "test"}
    v, t = s["validation"], s["test"]
    assert v["cycles"]["n"] == 1 and v["cycles"]["geomean"] == pytest.approx(200 / 180)
    assert v["occupancy"]["worse"] == 1 and v["spills"]["worse"] == 1
    assert v["changed_kernels"] == 2 and v["reverted_regions"] == 1
    assert t["kernels"] == 2 and t["failed"] == 1 and t["cycles"]["geomean"] == 1.0
    md = "\n".join(bench.split_table(s) + bench.kernel_table(rows))
    assert "+11.11%" in md and "72 → 64" not in md and "64 → 72" in md
    assert "1 failed" in md and "failed: llc-19 failed" in md


def test_an_llvm_like_policy_measures_as_llvms_schedule(tmp_path):
    import corpus
    k = next(k for k in corpus.kernels(split="test") if "gfx1100" in corpus.amd_targets(k))
    ir, t = k.ir("gfx1100")
    path = tmp_path / "llvm.json"
    save_policy(linear_policy([1.0], target="gfx1100", features=("is_llvm_pick",)), path)
    d = bench.measure(str(ir), t.name, None)
    p = bench.measure(str(ir), t.name, str(path))
    assert "error" not in d and "error" not in p
    assert p["metrics"] == d["metrics"] and p["changed"] == 0 and p["policy_decisions"] > 0
    r = bench.compare(d, p)
    assert all(v in (1.0, None) for v in r["speedup"].values())


def test_ablation_verdict_compares_with_the_seed_spread():
    rows = [{"features": f, "seed": s, "fitness": fit, "held_out": h}
            for f, s, fit, h in (("all", 0, 1.10, 1.01), ("old", 0, 1.05, 1.00),
                                 ("all", 1, 1.02, 1.02), ("old", 1, 1.03, 1.00))]
    v = bench.ablation_verdict(rows)
    # fitness: all - old = +5 and -1 points; seeds move 'all' by 8 points: within
    assert "training fitness: all − old = +5.00, -1.00 points" in v
    assert "up to 8.00 points, so the difference is within" in v
    # held-out: +1 and +2 points against a spread of 1 point: beyond
    assert "held-out cycles: all − old = +1.00, +2.00 points" in v
    assert v.endswith("is beyond what a different seed gives.")
    one = bench.ablation_verdict(rows[:2])
    assert "unknown (one seed)" in one
