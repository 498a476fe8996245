"""A search's journal: every finished evaluation, kept as it finishes, so that a search killed
or stopped at any point resumes where it was (the same command again) and a time-out keeps
what was found.

One SQLite file per data directory (data_dir()/search-journal.sqlite); a search is known by
the content of everything that determines its evaluations (the IR, target, objective, method
and its options, the measurement identity, and for 'time' the GPU), never by a path. The
methods are deterministic, so a resumed search proposes the same policies in the same order;
the evaluator answers those the journal has from it (results, time ratios included) and
evaluates only the rest. Each batch is committed in one transaction: a kill loses at most
the batch in flight.
"""
from __future__ import annotations

import pickle
import sqlite3
import zlib
from pathlib import Path
from typing import Any

from ..core.paths import data_dir

SCHEMA = """
CREATE TABLE IF NOT EXISTS evaluations (
    search TEXT NOT NULL,      -- the search's content key
    policy TEXT NOT NULL,      -- the evaluated policy's fingerprint
    seq INTEGER NOT NULL,      -- order of evaluation within the search
    result BLOB NOT NULL,      -- the Rollout, pickled and compressed
    PRIMARY KEY (search, policy)
);
"""


class Journal:
    """Evaluations of one search (`key`), read at start and appended batch by batch."""

    def __init__(self, key: str, path: Path | None = None, fresh: bool = False):
        self.key = key
        self.path = Path(path) if path is not None else data_dir() / "search-journal.sqlite"
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(self.path, timeout=60)
        self.db.executescript(SCHEMA)
        if fresh:
            with self.db:
                self.db.execute("DELETE FROM evaluations WHERE search = ?", (key,))
        rows = self.db.execute("SELECT policy, result FROM evaluations WHERE search = ? "
                               "ORDER BY seq", (key,)).fetchall()
        self.known: dict[str, Any] = {p: _load(blob) for p, blob in rows}
        self.resumed = len(self.known)  # evaluations found from an earlier run
        self.reused = 0  # of those, answered again in this run

    def get(self, fingerprint: str) -> Any | None:
        found = self.known.get(fingerprint)
        if found is not None:
            self.reused += 1
        return found

    def add(self, items: list[tuple[str, Any]]) -> None:
        """(fingerprint, result) of a finished batch, committed together."""
        new = [(fp, r) for fp, r in items if fp not in self.known]
        if not new:
            return
        seq = len(self.known)
        with self.db:
            self.db.executemany(
                "INSERT OR REPLACE INTO evaluations (search, policy, seq, result) "
                "VALUES (?, ?, ?, ?)",
                [(self.key, fp, seq + i, _dump(r)) for i, (fp, r) in enumerate(new)])
        self.known.update(new)

    def close(self) -> None:
        self.db.close()


def _dump(result: Any) -> bytes:
    return zlib.compress(pickle.dumps(result, protocol=pickle.HIGHEST_PROTOCOL), 6)


def _load(blob: bytes) -> Any:
    return pickle.loads(zlib.decompress(blob))
