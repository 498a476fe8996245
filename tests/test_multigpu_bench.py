"""bench/multigpu.py's figures from its legs' records: evaluations/s, scaling efficiency
against the 1-GPU leg, skipped legs, the winners' re-timing (the legs themselves need GPUs)."""
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
import multigpu  # noqa: E402


def _search(n, wall, evaluations=64, speedup=1.05):
    gpus = [{"modules_timed": evaluations // max(1, n)} for _ in range(max(1, n))]
    return {"leg": "search", "gpus": n, "exit": 0, "wall_s": wall, "result": {
        "evaluations": evaluations, "elapsed_s": wall - 1, "improved": True,
        "best": {"decisions_sha256": "abc123"},
        "timing": {"speedup": speedup, "speedup_ci": [1.04, 1.06],
                   "screening": {"wall_s": wall / 2, "modules_timed": evaluations,
                                 "aa_abs_max": 0.004, "gpus": gpus},
                   "confirmation": {"cross_gpu": {"default_spread": 0.01,
                                                  "same_fastest": True}}}}}


def test_rows_and_efficiency():
    rec = {"legs": [_search(0, 90.0), _search(1, 100.0), _search(2, 60.0),
                    {"leg": "search", "gpus": 8, "skipped": "2 GPU(s) here"},
                    {"leg": "tune", "gpus": 1, "exit": 0, "wall_s": 200.0, "result": {
                        "program_speedup": 1.02, "kernels": [
                            {"kernel": "gemm8x8", "evaluations": 100, "speedup": 1.03,
                             "speedup_ci": [1.01, 1.05]}]}},
                    {"leg": "verify", "exit": 0, "wall_s": 30.0, "result": {
                        "variants": {"default": {"speedup": 1.0}, "g1": {
                            "speedup": 1.05, "speedup_ci": [1.04, 1.06]}},
                        "noise_floor": {"bound": 0.003}}}]}
    rows = multigpu.rows(rec)
    assert [r["gpus"] for r in rows[:3]] == [0, 1, 2]
    assert abs(rows[1]["evals_per_s"] - 0.64) < 1e-9 and rows[2]["per_gpu_modules"] == [32, 32]
    md = multigpu.markdown([rec])
    line2 = next(x for x in md.splitlines() if x.startswith("| 2 |"))
    assert "| 1.067 | 0.83 |" in line2  # 64/60 evaluations/s, / (2 x 0.64)
    assert "| 0 (in-process) |" in md and "skipped: 2 GPU(s) here" in md
    assert "gemm8x8: 100, 1.0300 [1.0100, 1.0500]" in md
    assert "| g1 | 1.0500 [1.0400, 1.0600] |" in md
