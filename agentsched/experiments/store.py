"""The results store: one SQLite file, one committed transaction per finished row, so a run
killed at any point (even SIGKILL) keeps every finished row and resumes after it."""
from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

from ..core.hashing import sha256_hex
from ..core.paths import data_dir

SCHEMA = """
CREATE TABLE IF NOT EXISTS rows (
  key TEXT PRIMARY KEY,          -- hash of everything below but the row itself
  kernel TEXT NOT NULL,
  source_hash TEXT NOT NULL,     -- the kernel's IR (so defines and headers count)
  target TEXT NOT NULL,
  agent TEXT NOT NULL,           -- agent name with its options, e.g. random:seed=1
  decisions_hash TEXT NOT NULL,  -- the schedule actually applied
  tool_versions TEXT NOT NULL,
  row TEXT NOT NULL,             -- JSON of the experiment row
  created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS decisions (
  hash TEXT PRIMARY KEY,
  body TEXT NOT NULL             -- the decision file (JSON lines), replayable
);
CREATE TABLE IF NOT EXISTS timings (
  decisions_hash TEXT NOT NULL,
  source_hash TEXT NOT NULL,
  target TEXT NOT NULL,
  gpu TEXT NOT NULL,
  result TEXT NOT NULL,          -- JSON: median, CI, speedup ... (runtime/bundle.py)
  created REAL NOT NULL,
  PRIMARY KEY (decisions_hash, source_hash, target, gpu)
);
"""


def default_store_path() -> Path:
    return data_dir() / "results.sqlite"


def row_key(source_hash: str, target: str, agent: str, tool_versions: str) -> str:
    return sha256_hex("\0".join((source_hash, target, agent, tool_versions)))


class StoreError(ValueError):
    """A results store that cannot be used; the message names the file."""


class Store:
    def __init__(self, path: str | Path | None = None):
        self.path = Path(path) if path else default_store_path()
        if self.path.exists() and not self.path.is_file():
            raise StoreError(f"{self.path}: a results store must be a regular file "
                             "(an SQLite database)")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self.db = sqlite3.connect(self.path, timeout=60)
        except sqlite3.Error as e:
            raise StoreError(f"{self.path}: cannot open the results store: {e}") from None
        try:
            self.db.execute("PRAGMA journal_mode=WAL")  # readers never block the writer
            self.db.execute("PRAGMA synchronous=NORMAL")
            self.db.executescript(SCHEMA)
        except sqlite3.DatabaseError as e:
            self.db.close()
            raise StoreError(f"{self.path}: not a usable results store ({e}); move it away "
                             "or give another --store") from None

    def close(self) -> None:
        self.db.close()

    def get_row(self, key: str) -> dict | None:
        cur = self.db.execute("SELECT row FROM rows WHERE key = ?", (key,))
        hit = cur.fetchone()
        return json.loads(hit[0]) if hit else None

    def put_row(self, key: str, *, kernel: str, source_hash: str, target: str, agent: str,
                decisions_body: str, tool_versions: str, row: dict) -> None:
        dh = sha256_hex(decisions_body)
        with self.db:  # one transaction: the row and its decisions land together or not at all
            self.db.execute("INSERT OR IGNORE INTO decisions VALUES (?, ?)", (dh, decisions_body))
            self.db.execute("INSERT OR REPLACE INTO rows VALUES (?,?,?,?,?,?,?,?,?)",
                            (key, kernel, source_hash, target, agent, dh, tool_versions,
                             json.dumps(row), time.time()))

    def decisions(self, decisions_hash: str) -> str | None:
        hit = self.db.execute("SELECT body FROM decisions WHERE hash = ?",
                              (decisions_hash,)).fetchone()
        return hit[0] if hit else None

    def put_timing(self, *, decisions_hash: str, source_hash: str, target: str, gpu: str,
                   result: dict) -> None:
        with self.db:
            self.db.execute("INSERT OR REPLACE INTO timings VALUES (?,?,?,?,?,?)",
                            (decisions_hash, source_hash, target, gpu, json.dumps(result),
                             time.time()))

    def timing(self, decisions_hash: str, source_hash: str, target: str) -> dict | None:
        hit = self.db.execute(
            "SELECT result FROM timings WHERE decisions_hash=? AND source_hash=? AND target=? "
            "ORDER BY created DESC LIMIT 1", (decisions_hash, source_hash, target)).fetchone()
        return json.loads(hit[0]) if hit else None

    def rows(self, kernel: str | None = None, target: str | None = None,
             agent: str | None = None) -> list[dict]:
        """Stored rows, oldest first; `agent` matches the agent's name or its label
        (random matches random:seed=0 and random:seed=1; random:seed=1 only that one)."""
        q, args = "SELECT row FROM rows WHERE 1=1", []
        if kernel:
            q, args = q + " AND kernel = ?", args + [kernel]
        if target:
            q, args = q + " AND target = ?", args + [target]
        if agent:
            q, args = q + " AND (agent = ? OR substr(agent, 1, ?) = ?)", \
                args + [agent, len(agent) + 1, agent + ":"]
        return [json.loads(r[0]) for r in self.db.execute(q + " ORDER BY created", args)]
