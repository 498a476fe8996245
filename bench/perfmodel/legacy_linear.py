"""The linear search policies as they were before the plugin's feature vector (issue 18 item
9): 22 features computed in Python (float32, the pressure diffs summed over sets whose names
start with VGPR/VREG/AGPR/AREG/AV_ — on NVPTX none, so NVPTX's "sgpr" diff held every set).
The H200 timings in bench/h200 were made with these policies; re-creating their variants
(inventory.py, dataset.py) needs them as they were. agentsched's own LinearPolicy now reads
the plugin's features (agentsched.searches.policies)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from agentsched.core.catalog import CLASSES
from agentsched.core.protocol import Candidate, DecisionPoint
from agentsched.searches.policies import LinearPolicy

FEATURES = ("latency", "depth", "height", "vgpr_defs", "sgpr_defs", "vgpr_uses", "sgpr_uses",
            "may_load", "may_store", "available", "zone_top", "vgpr_pressure_diff",
            "sgpr_pressure_diff", *(f"cls_{c}" for c in CLASSES), "is_llvm_pick")
VECTOR_PSETS = ("VGPR", "VREG", "AGPR", "AREG", "AV_")


def pressure_sum(d: dict, vector: bool) -> float:
    return float(sum(v for k, v in d.items() if k.upper().startswith(VECTOR_PSETS) == vector))


def candidate_features(point: DecisionPoint, cands: Sequence[Candidate] | None = None
                       ) -> np.ndarray:
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
        row[11] = pressure_sum(c.pressure_diff, True) / 8.0
        row[12] = pressure_sum(c.pressure_diff, False) / 8.0
        if c.cls in CLASSES:
            row[13 + CLASSES.index(c.cls)] = 1.0
        row[-1] = float(c.key == point.llvm)
    return out


@dataclass(frozen=True)
class LegacyLinearPolicy(LinearPolicy):
    """argmax w . legacy_features(c), over the live channel (no plugin features)."""
    wants_features = False
    plugin_evaluates = False

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
        for c in point.unique_candidates():
            if c in best:
                return c
        return best[0]

