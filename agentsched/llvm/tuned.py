"""Tuned schedules: a compile's decisions turned into db entries (per region, by hash), and what
a compile with a db did to each kernel (docs/db.md).

The plugin computes the region hashes (native/tuned_db.cpp); a compile with
`region_hashes=True` lists every region's hash and instruction ids in its report's
`tuned`, which is how decisions keyed by (function, region, visit, step, instruction id)
become the db's (hash, occurrence: [visit, step, position in the region, zone]).
"""
from __future__ import annotations

import datetime
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..core.hashing import sha256_hex
from ..core.protocol import Decision, decisions_text
from ..core.scheduledb import KernelEntry, RegionEntry, without_db, write_entries
from ..targets import Target, parse_target
from ..tools.plugin import plugin_digest
from .compile import compile_ir
from .ir import recorded_llc_flags


class NotStorable(ValueError):
    """Decisions that cannot be stored by region (a pick outside its region's instructions)."""


def entries_for(ir: Path, target: str | Target, decisions: Sequence[Decision], *,
                base: str = "target", provenance: dict | None = None
                ) -> tuple[list[KernelEntry], str]:
    """The db entries (one per scheduled function) that make the plugin repeat `decisions`
    (a strict replay's), and that replay's assembly."""
    t = parse_target(target)
    with tempfile.TemporaryDirectory(prefix="agentsched-tuned-") as d:
        from ..core.protocol import write_decisions
        dec = Path(d) / "decisions.jsonl"
        write_decisions(dec, decisions)
        with without_db():
            res = compile_ir(ir, t, decisions=dec, base=base, region_hashes=True)
    by_region: dict[tuple[str, int], list[Decision]] = {}
    for x in decisions:
        by_region.setdefault((x.function, x.region), []).append(x)
    prov = {"target": t.name, "ir_sha256": sha256_hex(Path(ir).read_bytes()),
            "decisions_sha256": sha256_hex(decisions_text(list(decisions))),
            "plugin": plugin_digest(), "llc_flags": [*t.llc_flags, *recorded_llc_flags(ir)],
            "agentsched": _version(),
            "created": datetime.datetime.now(datetime.timezone.utc).isoformat(
                timespec="seconds"), **(provenance or {})}
    out = []
    for fn in res.report["tuned"]["functions"]:
        ident = fn["identity"]
        k = KernelEntry(symbol=fn["function"], llvm=ident["llvm"],
                        hash_scheme=ident["hash_scheme"], base=ident["base"],
                        triple=ident["triple"], cpu=ident["cpu"], features=ident["features"],
                        opt_level=ident["opt_level"], provenance=dict(prov))
        for r in fn["regions"]:
            local = {i: n for n, i in enumerate(r["ids"])}
            picks = []
            for x in by_region.get((fn["function"], r["region"]), []):
                if x.pick not in local:
                    raise NotStorable(f"{fn['function']} region {r['region']}: the pick "
                                      f"{x.pick} is not one of the region's instructions")
                picks.append((x.visit, x.step, local[x.pick], "t" if x.zone == "top" else "b"))
            k.regions.append(RegionEntry(r["hash"], r["occurrence"], r["size"], sorted(picks)))
        out.append(k)
    return out, res.asm


@dataclass
class Stored:
    kernels: int
    regions: int
    decisions: int
    verified: bool  # the db alone reproduced the replay's assembly byte for byte


def store_decisions(db: str | Path, ir: Path, target: str | Target,
                    decisions: Sequence[Decision], *, base: str = "target",
                    provenance: dict | None = None) -> Stored:
    """Store a schedule in the db, once a compile with the new entries alone (no decision
    file) is checked to give the same bytes as the strict replay; nothing is written when it
    does not (Stored.verified False)."""
    t = parse_target(target)
    entries, want = entries_for(ir, t, decisions, base=base, provenance=provenance)
    with tempfile.TemporaryDirectory(prefix="agentsched-tuned-") as d:
        trial = Path(d) / "trial.db"
        write_entries(trial, entries)
        got = compile_ir(ir, t, base=base, db=trial)
    stored = Stored(len(entries), sum(len(e.regions) for e in entries),
                    sum(e.decisions for e in entries), got.asm == want)
    if stored.verified:
        write_entries(db, entries)
    return stored


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version
    try:
        return version("agentsched")
    except PackageNotFoundError:
        return "unknown"


# ---------------------------------------------------------------- what a compile applied

def schedules(report: dict, *, source: str | None = None) -> dict[str, dict]:
    """Per scheduled function: how it was scheduled and why. `source`: what decided the
    regions the db did not ('policy', 'agent NAME', 'decisions'; None: LLVM's picks).

    schedule: 'tuned' (every region from the db), 'partly tuned (n of m regions)',
    then the source's name, or "LLVM's"; why: stale regions, a refused entry (another
    CPU, LLVM ...), regions without an entry."""
    tuned = report.get("tuned")
    rest = source or "LLVM's"
    if not tuned or not tuned.get("db"):
        return {}
    out = {}
    for fn in tuned["functions"]:
        m = len(fn["regions"])
        n = fn["applied"]
        why = []
        if fn.get("refused"):
            why.append(f"entry refused: {fn['refused']}")
        elif not fn["entry"]:
            why.append("no entry in the db")
        if fn["stale"]:
            why.append(f"{fn['stale']} stale region{'s' if fn['stale'] != 1 else ''}")
        absent = fn["absent"] if fn["entry"] else 0
        if absent:
            why.append(f"{absent} region{'s' if absent != 1 else ''} not in the db "
                       "(changed since it was tuned?)")
        if m and n == m:
            kind = "tuned"
        elif n:
            kind = f"partly tuned ({n} of {m} regions; the rest {rest})"
        else:
            kind = rest
        out[fn["function"]] = {"schedule": kind, "why": "; ".join(why), "regions": m,
                               "applied": n, "stale": fn["stale"], "absent": fn["absent"],
                               "unused_entries": fn["unused_entries"]}
    return out


def schedule_summary(report: dict, *, source: str | None = None) -> dict:
    """One kernel's (or a module's) schedule, in one line: {'schedule', 'why'}."""
    per = schedules(report, source=source)
    if not per:
        return {"schedule": source or "LLVM's", "why": ""}
    if len(per) == 1:
        (s,) = per.values()
        return {"schedule": s["schedule"], "why": s["why"]}
    kinds = {s["schedule"] for s in per.values()}
    if len(kinds) == 1:
        return {"schedule": kinds.pop(),
                "why": "; ".join(f"{f}: {s['why']}" for f, s in per.items() if s["why"])}
    return {"schedule": "mixed",
            "why": "; ".join(f"{f}: {s['schedule']}" + (f" ({s['why']})" if s["why"] else "")
                             for f, s in per.items())}


# ---------------------------------------------------------------- searches and checks

def search_provenance(report: dict) -> dict:
    """Where a search's winner came from (a SearchReport.to_dict()): the db's provenance."""
    best = report.get("best") or {}
    tm = best.get("time") or {}
    return {"kernel": report.get("kernel"), "kernel_key": report.get("kernel_key"),
            "objective": report.get("objective"),
            "speedup": tm.get("speedup") if report.get("objective") == "time" else None,
            "speedup_ci": tm.get("speedup_ci"),
            "cost": {"default": (report.get("default") or {}).get("cost"),
                     "best": best.get("cost")}}


def store_search(db: str | Path, search_json: str | Path) -> Stored:
    """Store the winner a search JSON (agentsched search --json) records."""
    import json

    from ..core.protocol import parse_decision
    where = str(search_json)
    try:
        rep = json.loads(Path(search_json).read_text())
        ir, target, text = Path(rep["ir"]), rep["target"], rep["decisions_text"]
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise ValueError(f"{where}: not a search JSON (agentsched search --json): "
                         f"{type(e).__name__}: {e}") from None
    if not ir.is_file():
        raise ValueError(f"{where}: its IR {ir} is gone (rerun the search, or give the IR "
                         "back at that path)")
    decisions = [parse_decision(line, f"{where}: decisions_text line {i}")
                 for i, line in enumerate(text.splitlines(), 1) if line.strip()]
    return store_decisions(db, ir, target, decisions, base=rep.get("base", "target"),
                           provenance=search_provenance(rep))


def entries_mismatch(db: str | Path) -> tuple[int, int, list[str]]:
    """(entries, regions, why some entries cannot apply with this compiler: LLVM version,
    hash scheme)."""
    from ..core.scheduledb import HASH_SCHEME, read_db
    from ..tools.programs import llvm_version
    here = llvm_version()
    entries = read_db(db)
    why = []
    for e in entries:
        name = e.provenance.get("kernel") or e.symbol
        if e.llvm != here:
            why.append(f"{name} ({e.cpu}): made with LLVM {e.llvm}, this is LLVM {here}")
        elif e.hash_scheme != HASH_SCHEME:
            why.append(f"{name} ({e.cpu}): region hash scheme {e.hash_scheme}, this plugin's "
                       f"is {HASH_SCHEME}")
    return len(entries), sum(len(e.regions) for e in entries), why


def check_ir(db: str | Path, ir: Path, target: str | Target, base: str = "target"
             ) -> dict[str, dict]:
    """Per scheduled function of the IR: what the db does to it now (schedules())."""
    res = compile_ir(ir, parse_target(target), db=Path(db), base=base)
    per = schedules(res.report)
    for fn in res.report["tuned"]["functions"]:
        per[fn["function"]]["refused"] = fn.get("refused")
    return per
