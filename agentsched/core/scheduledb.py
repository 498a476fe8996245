"""The tuned-schedule database: search winners in one SQLite file (docs/db.md).

A kernel row holds what makes its decisions valid (the symbol, triple, CPU, subtarget
features, opt level, LLVM version, region-hash scheme and hooked scheduler: the plugin
applies a row only when all of them are this compile's) and where it came from (objective,
speedup and its CI, date, agentsched and plugin versions, the IR's hash). Each region row
holds one scheduling region's decisions, keyed by the region's hash (computed by the plugin,
native/tuned_db.cpp): `[[visit, step, position, "t"|"b"], ...]`, the pick named by its
position in the region at its first scheduling, so that an edit elsewhere in the kernel,
which renumbers the function's instructions, leaves the decisions valid.

The plugin reads the file (-agent-sched-db, read-only); this module writes it, always whole:
a copy of the old file (SQLite's backup API) is changed in one transaction, checked, and
renamed over it (core.files.staged_output), under a lock beside it, so a reader sees the old
file or the new one and two writers do not lose each other's rows. Every reader checks the
file first (check_db): not SQLite, another schema, damaged or truncated is one error naming
the file.
"""
from __future__ import annotations

import fcntl
import json
import os
import sqlite3
import stat
from collections.abc import Iterator, Sequence
from contextlib import closing, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from .files import staged_output

KIND = "agentsched-tuned-schedules"
SCHEMA = 1  # native/tuned_db.h: DbSchema
HASH_SCHEME = 1  # native/tuned_db.h: HashScheme
SQLITE_HEADER = b"SQLite format 3\0"

# What must match the compile for a kernel row to apply, in the order the plugin checks.
IDENTITY = ("symbol", "llvm", "hash_scheme", "base", "triple", "cpu", "features", "opt_level")
PROVENANCE = ("target", "kernel", "kernel_key", "ir_sha256", "objective", "speedup",
              "speedup_ci", "cost", "decisions_sha256", "plugin", "llc_flags", "agentsched",
              "created")

_SCHEMA_SQL = f"""
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE kernels (
  id INTEGER PRIMARY KEY,
  symbol TEXT NOT NULL, llvm TEXT NOT NULL, hash_scheme INTEGER NOT NULL,
  base TEXT NOT NULL, triple TEXT NOT NULL, cpu TEXT NOT NULL, features TEXT NOT NULL,
  opt_level INTEGER NOT NULL,
  target TEXT, kernel TEXT, kernel_key TEXT, ir_sha256 TEXT, objective TEXT, speedup REAL,
  speedup_ci TEXT, cost TEXT, decisions_sha256 TEXT, plugin TEXT, llc_flags TEXT,
  agentsched TEXT, created TEXT,
  UNIQUE ({", ".join(IDENTITY)}));
CREATE TABLE regions (
  kernel_id INTEGER NOT NULL REFERENCES kernels(id) ON DELETE CASCADE,
  hash TEXT NOT NULL, occurrence INTEGER NOT NULL, size INTEGER NOT NULL,
  decisions TEXT NOT NULL,
  PRIMARY KEY (kernel_id, hash, occurrence));
"""
_COLUMNS = {"kernels": ("id", *IDENTITY, *PROVENANCE),
            "regions": ("kernel_id", "hash", "occurrence", "size", "decisions")}


class ScheduleDBError(ValueError):
    """A tuned-schedule database that cannot be used; the message names the file."""


Pick = tuple[int, int, int, str]  # visit, step, position in the region, "t" | "b"


@dataclass
class RegionEntry:
    hash: str
    occurrence: int
    size: int
    decisions: list[Pick] = field(default_factory=list)


@dataclass
class KernelEntry:
    """One kernel's tuned schedule: its identity (IDENTITY), provenance and regions."""
    symbol: str
    llvm: str
    hash_scheme: int
    base: str
    triple: str
    cpu: str
    features: str
    opt_level: int
    regions: list[RegionEntry] = field(default_factory=list)
    provenance: dict = field(default_factory=dict)  # PROVENANCE fields (None: not known)

    @property
    def identity(self) -> tuple:
        return tuple(getattr(self, k) for k in IDENTITY)

    @property
    def decisions(self) -> int:
        return sum(len(r.decisions) for r in self.regions)


# ---------------------------------------------------------------- checking and reading

def check_db(path: str | Path) -> None:
    """Refuse a file that is not a usable tuned-schedule db (ScheduleDBError naming it)."""
    with _open(path):
        pass


@contextmanager
def _open(path: str | Path, *, deep: bool = False) -> Iterator[sqlite3.Connection]:
    p = Path(path)
    where = f"tuned-schedule db {str(p)!r}"
    try:
        st = os.stat(p)
    except OSError as e:
        raise ScheduleDBError(f"cannot read {where}: {e.strerror}") from None
    if not stat.S_ISREG(st.st_mode):
        raise ScheduleDBError(f"cannot read {where}: not a regular file")
    with open(p, "rb") as fh:
        head = fh.read(len(SQLITE_HEADER))
    if head != SQLITE_HEADER:
        raise ScheduleDBError(f"{where}: not an SQLite database"
                              + (" (an empty file)" if not head else ""))
    try:
        con = sqlite3.connect(f"file:{p.resolve()}?mode=ro", uri=True)
    except sqlite3.Error as e:
        raise ScheduleDBError(f"cannot read {where}: {e}") from None
    try:
        try:
            check = con.execute("PRAGMA integrity_check" if deep else "PRAGMA quick_check"
                                ).fetchone()[0]
        except sqlite3.DatabaseError as e:
            raise ScheduleDBError(f"{where} is damaged or truncated (SQLite: {e})") from None
        if check != "ok":
            raise ScheduleDBError(f"{where} is damaged or truncated (SQLite: "
                                  f"{' '.join(str(check).split())})")
        _check_schema(con, where)
        yield con
    finally:
        con.close()


def _check_schema(con: sqlite3.Connection, where: str) -> None:
    try:
        meta = dict(con.execute("SELECT key, value FROM meta").fetchall())
    except sqlite3.DatabaseError:
        meta = {}
    if meta.get("kind") != KIND:
        raise ScheduleDBError(f"{where}: an SQLite file but not a tuned-schedule db (no meta "
                              f"row kind={KIND!r})")
    if meta.get("schema") != str(SCHEMA):
        raise ScheduleDBError(f"{where}: schema {meta.get('schema')}, this agentsched reads "
                              f"schema {SCHEMA}")
    for table, cols in _COLUMNS.items():
        have = {r[1] for r in con.execute(f"PRAGMA table_info({table})")}
        missing = [c for c in cols if c not in have]
        if missing:
            raise ScheduleDBError(f"{where}: table {table!r} lacks column(s) "
                                  f"{', '.join(missing)} (not schema {SCHEMA})")


def read_db(path: str | Path) -> list[KernelEntry]:
    """Every kernel entry of the db, its regions' decisions checked (ScheduleDBError names
    the file, the kernel and the region)."""
    out = []
    with _open(path) as con:
        where = f"tuned-schedule db {str(path)!r}"
        kcols = _COLUMNS["kernels"]
        rows = con.execute(f"SELECT {', '.join(kcols)} FROM kernels ORDER BY id").fetchall()
        for row in rows:
            d = dict(zip(kcols, row))
            k = KernelEntry(**{c: d[c] for c in IDENTITY},
                            provenance={c: _loads(d[c]) if c in ("speedup_ci", "cost",
                                                                  "llc_flags") else d[c]
                                        for c in PROVENANCE})
            for h, occ, size, text in con.execute(
                    "SELECT hash, occurrence, size, decisions FROM regions WHERE kernel_id=? "
                    "ORDER BY hash, occurrence", (d["id"],)):
                k.regions.append(RegionEntry(h, occ, size,
                                             _picks(text, size, f"{where}: kernel "
                                                                f"{k.symbol!r} region {h}")))
            out.append(k)
    return out


def _loads(text: str | None):
    try:
        return json.loads(text) if text is not None else None
    except ValueError:
        return text


def _picks(text: str, size: int, where: str) -> list[Pick]:
    """A region's decisions, checked as the plugin checks them."""
    try:
        items = json.loads(text)
    except (ValueError, TypeError):
        raise ScheduleDBError(f"{where}: decisions are not JSON") from None
    if not isinstance(items, list):
        raise ScheduleDBError(f"{where}: decisions must be a JSON array")
    out, seen = [], set()
    for d in items:
        ok = isinstance(d, list) and len(d) == 4 and all(
            isinstance(x, int) and not isinstance(x, bool) and 0 <= x < 2**32 - 1
            for x in d[:3]) and d[2] < size and d[3] in ("t", "b")
        if not ok:
            raise ScheduleDBError(f"{where}: each decision must be [visit, step, position < "
                                  f"size {size}, \"t\" or \"b\"], got {d!r}")
        if (d[0], d[1]) in seen:
            raise ScheduleDBError(f"{where}: two decisions for visit {d[0]} step {d[1]}")
        seen.add((d[0], d[1]))
        out.append((d[0], d[1], d[2], d[3]))
    return out


# ---------------------------------------------------------------- writing

def create_db(path: str | Path) -> None:
    """A new, empty db at `path` (replacing nothing: an existing file is an error)."""
    if Path(path).exists():
        raise ScheduleDBError(f"{path}: exists already")
    with _writing(path):
        pass


def write_entries(path: str | Path, entries: Sequence[KernelEntry], *,
                  keep_better: bool = False) -> tuple[int, int, int]:
    """Add `entries` to the db at `path` (made when missing): an entry of the same identity
    is replaced (keep_better: only by one with a higher speedup). (added, replaced, kept)."""
    added = replaced = kept = 0
    with _writing(path) as con:
        for e in entries:
            old = con.execute(f"SELECT id, speedup FROM kernels WHERE "
                              f"{' AND '.join(f'{c}=?' for c in IDENTITY)}",
                              e.identity).fetchone()
            if old is not None:
                if keep_better and (old[1] or 0) >= (e.provenance.get("speedup") or 0):
                    kept += 1
                    continue
                con.execute("DELETE FROM regions WHERE kernel_id=?", (old[0],))
                con.execute("DELETE FROM kernels WHERE id=?", (old[0],))
                replaced += 1
            else:
                added += 1
            _insert(con, e)
    return added, replaced, kept


def remove_entries(path: str | Path, symbol: str) -> int:
    """Remove every entry of `symbol`; how many there were."""
    with _writing(path) as con:
        ids = [r[0] for r in con.execute("SELECT id FROM kernels WHERE symbol=?", (symbol,))]
        for i in ids:
            con.execute("DELETE FROM regions WHERE kernel_id=?", (i,))
            con.execute("DELETE FROM kernels WHERE id=?", (i,))
    return len(ids)


def _insert(con: sqlite3.Connection, e: KernelEntry) -> None:
    prov = {c: e.provenance.get(c) for c in PROVENANCE}
    for c in ("speedup_ci", "cost", "llc_flags"):
        prov[c] = None if prov[c] is None else json.dumps(prov[c])
    cols = (*IDENTITY, *PROVENANCE)
    cur = con.execute(f"INSERT INTO kernels ({', '.join(cols)}) VALUES "
                      f"({', '.join('?' * len(cols))})", (*e.identity, *prov.values()))
    con.executemany("INSERT INTO regions (kernel_id, hash, occurrence, size, decisions) "
                    "VALUES (?, ?, ?, ?, ?)",
                    [(cur.lastrowid, r.hash, r.occurrence, r.size,
                      json.dumps([list(d) for d in r.decisions], separators=(",", ":")))
                     for r in e.regions])


@contextmanager
def _writing(path: str | Path) -> Iterator[sqlite3.Connection]:
    """A connection to a copy of the db (a new one when there is none), published over it
    when the block ends normally, under a lock beside it (module doc)."""
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    with open(p.parent / f".{p.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        exists = p.exists()
        if exists:
            check_db(p)
        with staged_output(p) as tmp:
            with closing(sqlite3.connect(tmp)) as con:
                if exists:
                    with closing(sqlite3.connect(f"file:{p.resolve()}?mode=ro",
                                                 uri=True)) as old:
                        old.backup(con)
                else:
                    con.executescript(_SCHEMA_SQL)
                    con.executemany("INSERT INTO meta VALUES (?, ?)",
                                    [("kind", KIND), ("schema", str(SCHEMA)),
                                     ("hash_scheme", str(HASH_SCHEME))])
                    con.commit()
                con.execute("PRAGMA journal_mode=DELETE")  # one file, readable read-only
                with con:  # one transaction
                    yield con
            check_db(tmp)


def merge_dbs(dst: str | Path, sources: Sequence[str | Path]) -> tuple[int, int, int]:
    """Entries of `sources` into `dst`; of two with one identity the faster stays."""
    entries = [e for s in sources for e in read_db(s)]
    return write_entries(dst, entries, keep_better=True)


# ---------------------------------------------------------------- the db a command applies

_ACTIVE: list[Path | None] = []  # the db `--db FILE` gives every compile of the command


@contextmanager
def using_db(path: str | Path | None) -> Iterator[Path | None]:
    """Every compile_ir in the block (that names no db of its own) applies the db at `path`
    (None: nothing changes); it is checked first (ScheduleDBError)."""
    if path is None:
        yield None
        return
    check_db(path)
    _ACTIVE.append(Path(path))
    try:
        yield Path(path)
    finally:
        _ACTIVE.pop()


@contextmanager
def without_db() -> Iterator[None]:
    """Compiles in the block apply no db (a search's own replays and region listings)."""
    _ACTIVE.append(None)
    try:
        yield
    finally:
        _ACTIVE.pop()


def active_db() -> Path | None:
    """The db of the innermost using_db block, if any."""
    return _ACTIVE[-1] if _ACTIVE else None
