"""Candidate features: what learned and evolved policies see of each candidate, roughly
scaled to [-1, 1] (latency, depth, height relative to the region's critical path; register
defs/uses; load/store; queue and zone; pressure diffs; instruction class; LLVM's pick)."""
from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..core.protocol import CLASSES, Candidate, DecisionPoint

FEATURES = ("latency", "depth", "height", "vgpr_defs", "sgpr_defs", "vgpr_uses", "sgpr_uses",
            "may_load", "may_store", "available", "zone_top", "vgpr_pressure_diff",
            "sgpr_pressure_diff", *(f"cls_{c}" for c in CLASSES), "is_llvm_pick")
F_INDEX = {n: i for i, n in enumerate(FEATURES)}


def check_weights(weight_vectors) -> None:
    """Weight vectors for LinearPolicy must have one value per feature."""
    for i, w in enumerate(weight_vectors):
        if len(w) != len(FEATURES):
            raise ValueError(f"initial weights #{i + 1} have {len(w)} values; the features are "
                             f"{len(FEATURES)} ({', '.join(FEATURES)})")


VECTOR_PSETS = ("VGPR", "VREG", "AGPR", "AREG", "AV_")  # pressure-set names of vector registers


def pressure_sum(d: dict, vector: bool) -> float:
    """Units of a pressure-set -> units map, over vector (or else scalar) register sets."""
    return float(sum(v for k, v in d.items() if k.upper().startswith(VECTOR_PSETS) == vector))


def candidate_features(point: DecisionPoint, cands: Sequence[Candidate] | None = None
                       ) -> np.ndarray:
    """Features of each candidate (rows follow `cands`, default point.candidates), roughly
    scaled to [-1, 1]: latency/depth/height relative to the region's critical path."""
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
