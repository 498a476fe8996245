"""The results store: one SQLite file, one committed transaction per finished row, so a run
killed at any point (even SIGKILL) keeps every finished row and resumes after it.

A row is keyed by the kernel (kernels.ref.KernelRef.key: source, entry, build), the IR's
digest (what was compiled, headers included), the target, the agent and the tools. Schema 2
added the kernel's key, entry and symbol to the rows; a store made before (schema 1: rows keyed
without the kernel) is migrated when opened: the columns are added and filled from each row's
JSON where it has them, every old row stays readable (`show`, reports), and an old row is
taken over by the first experiment that compiles the same IR for the same target, agent and
tools (adopt_legacy: the IR's digest says it is the same compile), so nothing is recompiled."""
from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

from ..core.hashing import sha256_hex
from ..core.paths import data_dir

SCHEMA = """
CREATE TABLE IF NOT EXISTS rows (
  key TEXT PRIMARY KEY,          -- hash of kernel_key, source_hash, target, agent, tools
  kernel TEXT NOT NULL,          -- the kernel's display name (prefix_sum/main.hip:block_prefix_sum)
  source_hash TEXT NOT NULL,     -- the kernel's IR (so defines and headers count)
  target TEXT NOT NULL,
  agent TEXT NOT NULL,           -- agent name with its options, e.g. random:seed=1
  decisions_hash TEXT NOT NULL,  -- the schedule actually applied
  tool_versions TEXT NOT NULL,
  row TEXT NOT NULL,             -- JSON of the experiment row
  created REAL NOT NULL,
  kernel_key TEXT,               -- KernelRef.key (NULL: a schema-1 row not yet adopted)
  entry TEXT,                    -- the entry as the user gave it, else the kernel's source name
  symbol TEXT                    -- the kernel's symbol in the IR
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


SCHEMA_VERSION = 2
NEW_COLUMNS = (("kernel_key", "TEXT"), ("entry", "TEXT"), ("symbol", "TEXT"))
ROW_COLUMNS = ("key", "kernel", "source_hash", "target", "agent", "decisions_hash",
               "tool_versions", "row", "created", "kernel_key", "entry", "symbol")


def row_key(kernel_key: str, source_hash: str, target: str, agent: str,
            tool_versions: str) -> str:
    return sha256_hex("\0".join((kernel_key, source_hash, target, agent, tool_versions)))


def legacy_row_key(source_hash: str, target: str, agent: str, tool_versions: str) -> str:
    """A schema-1 row's key (no kernel in it)."""
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
            self._migrate()
        except sqlite3.DatabaseError as e:
            self.db.close()
            raise StoreError(f"{self.path}: not a usable results store ({e}); move it away "
                             "or give another --store") from None

    def _migrate(self) -> None:
        """Schema 1 -> 2 (module doc), in one transaction: another process opening the store
        at the same time waits, then finds it done."""
        if self.db.execute("PRAGMA user_version").fetchone()[0] >= SCHEMA_VERSION:
            return
        self.db.isolation_level = None
        try:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                have = {r[1] for r in self.db.execute("PRAGMA table_info(rows)")}
                for name, kind in NEW_COLUMNS:
                    if name not in have:
                        self.db.execute(f"ALTER TABLE rows ADD COLUMN {name} {kind}")
                for key, row in self.db.execute(
                        "SELECT key, row FROM rows WHERE kernel_key IS NULL").fetchall():
                    try:
                        r = json.loads(row)
                    except ValueError:  # not a row this code wrote: left as it is
                        continue
                    self.db.execute("UPDATE rows SET entry = ?, symbol = ? WHERE key = ?",
                                    (r.get("entry"), r.get("symbol"), key))
                self.db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                self.db.execute("COMMIT")
            except BaseException:
                self.db.execute("ROLLBACK")
                raise
        finally:
            self.db.isolation_level = ""

    def close(self) -> None:
        self.db.close()

    def get_row(self, key: str) -> dict | None:
        cur = self.db.execute("SELECT row FROM rows WHERE key = ?", (key,))
        hit = cur.fetchone()
        return json.loads(hit[0]) if hit else None

    def put_row(self, key: str, *, kernel: str, source_hash: str, target: str, agent: str,
                decisions_body: str, tool_versions: str, row: dict) -> None:
        """Store a row (its kernel_key, entry and symbol come from the row itself)."""
        dh = sha256_hex(decisions_body)
        with self.db:  # one transaction: the row and its decisions land together or not at all
            self.db.execute("INSERT OR IGNORE INTO decisions VALUES (?, ?)", (dh, decisions_body))
            self.db.execute(
                f"INSERT OR REPLACE INTO rows ({', '.join(ROW_COLUMNS)}) "
                f"VALUES ({', '.join('?' * len(ROW_COLUMNS))})",
                (key, kernel, source_hash, target, agent, dh, tool_versions, json.dumps(row),
                 time.time(), row.get("kernel_key"), row.get("entry") or row.get("entry_name"),
                 row.get("symbol")))

    def adopt_legacy(self, old_key: str, key: str, identity: dict) -> dict | None:
        """The schema-1 row stored under `old_key` (the same IR, target, agent and tools),
        re-keyed to `key` with the kernel's `identity` (KernelRef.record()) written into it;
        None when there is none."""
        with self.db:
            hit = self.db.execute("SELECT row FROM rows WHERE key = ? AND kernel_key IS NULL",
                                  (old_key,)).fetchone()
            try:
                row = {**json.loads(hit[0]), **identity} if hit is not None else None
            except ValueError:
                row = None
            if row is None:
                return None
            self.db.execute("UPDATE rows SET key = ?, kernel = ?, kernel_key = ?, entry = ?, "
                            "row = ? WHERE key = ?",
                            (key, row["kernel"], row["kernel_key"],
                             row.get("entry") or row.get("entry_name"), json.dumps(row),
                             old_key))
        return row

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
             agent: str | None = None, entry: str | None = None) -> list[dict]:
        """Stored rows, oldest first. `kernel` matches the display name, its file part with
        or without the directory or suffix (prefix_sum/main.hip, main.hip and main all match
        prefix_sum/main.hip:block_prefix_sum) or the start (8+ digits) of the kernel's key;
        `entry` the entry as given or the symbol; `agent` the agent's name or its label
        (random matches random:seed=0 and random:seed=1; random:seed=1 only that one)."""
        q, args = "SELECT row, kernel, kernel_key FROM rows WHERE 1=1", []
        if entry:
            q, args = q + " AND (entry = ? OR symbol = ?)", args + [entry, entry]
        if target:
            q, args = q + " AND target = ?", args + [target]
        if agent:
            q, args = q + " AND (agent = ? OR substr(agent, 1, ?) = ?)", \
                args + [agent, len(agent) + 1, agent + ":"]
        return [json.loads(r[0]) for r in self.db.execute(q + " ORDER BY created", args)
                if not kernel or kernel_matches(r[1], r[2], kernel)]


def kernel_matches(name: str, key: str | None, wanted: str) -> bool:
    """Whether a row of kernel `name` (key `key`) is the kernel `wanted` names (Store.rows)."""
    file_part = name.split(":", 1)[0]
    base = file_part.rsplit("/", 1)[-1]
    return wanted in (name, file_part, base, base.rsplit(".", 1)[0]) or \
        (len(wanted) >= 8 and bool(key) and key.startswith(wanted))
