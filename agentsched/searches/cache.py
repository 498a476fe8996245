"""The evaluation cache: a schedule's metrics on disk, under data_dir()/evalcache/, keyed by
the content of everything that determines them (IR, target, base scheduler, the decisions in
a canonical order, LLVM, the plugin build, the metrics' definitions, ptxas and the launch)."""
from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

from ..core.files import write_text
from ..core.hashing import digest
from ..core.paths import data_dir
from ..core.phase import current_phase
from ..core.protocol import Decision, decision_to_dict
from ..llvm.metrics import measurement_identity
from ..targets import Launch, parse_target


def canonical_decisions(decisions: Iterable[Decision]) -> str:
    """Order-independent JSON of a decision list (the plugin keys decisions by point)."""
    rows = sorted((decision_to_dict(d) for d in decisions),
                  key=lambda r: (r["function"], r.get("phase", ""), r["region"], r["visit"],
                                 r["step"]))
    return json.dumps(rows, sort_keys=True, separators=(",", ":"))


def cache_key(ir_bytes: bytes, target: str, base: str, decisions: Iterable[Decision],
              launch: Launch | None = None) -> str:
    """Content key of a compile's metrics: the IR, target, base, decisions and everything
    else that determines them (LLVM, plugin build, metrics version, ptxas, launch)."""
    phase = current_phase()  # pre-RA keys are what they always were
    return digest(ir_bytes, target, base if phase == "pre" else f"{base}+{phase}",
                  canonical_decisions(decisions),
                  measurement_identity(parse_target(target), launch))


def cache_dir() -> Path:
    return data_dir() / "evalcache"


def _cache_path(key: str) -> Path:
    return cache_dir() / key[:2] / f"{key}.json"


def cache_get(key: str) -> dict | None:
    try:
        return json.loads(_cache_path(key).read_text())
    except (OSError, ValueError):
        return None


def cache_put(key: str, entry: dict) -> None:
    write_text(_cache_path(key), json.dumps(entry, sort_keys=True))
