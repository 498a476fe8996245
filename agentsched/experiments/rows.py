"""Rows to files: JSON and CSV for experiments, written atomically."""
from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from ..core.files import write_text
from ..kernels.ref import build_label
from .experiment import ROW_KEYS

CSV_KEYS = ("kernel", "target", *ROW_KEYS, "choices", "changed_pct", "regions", "passes",
            "reverted_passes", "stale", "time_ci_us", "speedup", "decisions_hash",
            "entry", "build", "source", "kernel_key", "symbol")


def row_cells(r: dict) -> dict:
    """A row as a table shows it: its entry (as given, else the kernel's source name) and
    its build as command-line options."""
    return {**r, "entry": r.get("entry") or r.get("entry_name"), "build": build_label(r)}


def write_rows(rows: list[dict], json_path: str | Path | None,
               csv_path: str | Path | None) -> None:
    if json_path:
        write_text(json_path, json.dumps(rows, indent=2) + "\n")
    if csv_path:
        buf = io.StringIO()
        w = csv.DictWriter(buf, fieldnames=CSV_KEYS, extrasaction="ignore")
        w.writeheader()
        for r in map(row_cells, rows):
            w.writerow({k: ("" if r.get(k) is None else r.get(k)) for k in CSV_KEYS})
        write_text(csv_path, buf.getvalue())
