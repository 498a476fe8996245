"""Rows to files: JSON and CSV for experiments, written atomically."""
from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from .experiment import ROW_KEYS
from .protocol import atomic_write_text

CSV_KEYS = ("kernel", "target", *ROW_KEYS, "choices", "changed_pct", "regions", "passes",
            "reverted_passes", "stale", "time_ci_us", "speedup", "decisions_hash")


def public_row(row: dict) -> dict:
    return {k: v for k, v in row.items() if not k.startswith("_")}


def write_rows(rows: list[dict], json_path: Path | None, csv_path: Path | None) -> None:
    if json_path:
        atomic_write_text(json_path, json.dumps([public_row(r) for r in rows], indent=2) + "\n")
    if csv_path:
        buf = io.StringIO()
        w = csv.DictWriter(buf, fieldnames=CSV_KEYS, extrasaction="ignore")
        w.writeheader()
        for r in rows:
            w.writerow({k: ("" if r.get(k) is None else r.get(k)) for k in CSV_KEYS})
        atomic_write_text(csv_path, buf.getvalue())
