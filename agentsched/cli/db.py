"""`agentsched db ...` (show, check, add, merge) and `--db FILE`, the option every command that
compiles takes (docs/db.md): `@applies_db` gives a command the option, and every compile the
command makes then applies the tuned-schedule database first.
"""
from __future__ import annotations

import functools
import inspect
import json
import sys
from pathlib import Path
from typing import Any, Callable, List, Optional

import typer
from rich.console import Console

from ..core import scheduledb as sdb
from ..core.scheduledb import active_db

__all__ = ["active_db", "app", "applies_db", "schedule_fields"]

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="The tuned-schedule database (SQLite): show, check, add, merge "
                       "(docs/db.md).")
out = Console(width=None if sys.stdout.isatty() else 1_000_000)

DB_HELP = ("Tuned-schedule database (SQLite, docs/db.md) applied first: each region with a "
           "valid entry takes its decisions, the others what the command would use")


def applies_db(fn: Callable) -> Callable:
    """The command with one more option, `--db FILE`: its compiles apply that db first
    (core.scheduledb.using_db). typer reads the signature this gives the wrapper."""
    sig = inspect.signature(fn, eval_str=True)
    db = inspect.Parameter("db", inspect.Parameter.KEYWORD_ONLY, annotation=Optional[Path],
                           default=typer.Option(None, "--db", help=DB_HELP))
    params = [*sig.parameters.values(), db]

    @functools.wraps(fn)
    def command(*args: Any, db: Path | None = None, **kw: Any) -> Any:
        with sdb.using_db(db):
            return fn(*args, **kw)

    command.__signature__ = sig.replace(parameters=params)  # type: ignore[attr-defined]
    command.__annotations__ = {p.name: p.annotation for p in params}
    return command


def schedule_fields(report: dict, *, agent: str | None = None,
                    decisions: Path | None = None) -> dict:
    """What the compile summary says of the schedule: `schedule` (tuned, partly tuned (n of
    m regions), the agent's, the decisions', LLVM's), `schedule_why` (stale regions, a
    refused entry ...), and with a db `schedules` per kernel symbol."""
    from ..llvm.tuned import schedule_summary, schedules
    source = ("policy " + agent[len("policy:"):] if agent and agent.startswith("policy:")
              else f"agent {agent}" if agent else f"decisions {decisions}" if decisions
              else None)
    one = schedule_summary(report, source=source)
    fields = {"schedule": one["schedule"], "schedule_why": one["why"]}
    per = schedules(report, source=source)
    if per:
        fields["schedules"] = per
    return fields


DbArg = typer.Argument(..., help="The tuned-schedule database (SQLite)")


@app.command()
def show(db: Path = DbArg,
         kernel: Optional[str] = typer.Option(None, "--kernel",
                                              help="Only entries of this symbol or kernel name"),
         json_out: bool = typer.Option(False, "--json", help="Print JSON")):
    """Every kernel entry: what it is valid for, where it came from, its regions."""
    rows = []
    for e in sdb.read_db(db):
        p = e.provenance
        if kernel and kernel not in (e.symbol, p.get("kernel")):
            continue
        ci = p.get("speedup_ci")
        rows.append({"kernel": p.get("kernel") or e.symbol, "symbol": e.symbol,
                     "target": p.get("target") or e.cpu, "cpu": e.cpu, "llvm": e.llvm,
                     "base": e.base, "regions": len(e.regions), "decisions": e.decisions,
                     "objective": p.get("objective"), "speedup": p.get("speedup"),
                     "speedup_ci": ci, "created": p.get("created"),
                     "agentsched": p.get("agentsched"), "plugin": p.get("plugin")})
    if json_out:
        print(json.dumps(rows, indent=2))
        return
    from rich.table import Table
    cols = ["kernel", "target", "llvm", "base", "regions", "decisions", "objective",
            "speedup", "created"]
    table = Table(title=f"{db}: {len(rows)} entries")
    for c in cols:
        table.add_column(c)
    for r in rows:
        table.add_row(*("" if r[c] is None else str(r[c]) for c in cols))
    out.print(table)


@app.command()
def check(db: Path = DbArg,
          kernels: Optional[List[str]] = typer.Argument(
              None, help="Kernels to check against (suite names, sources, spec .py, IR): "
                         "compiled with the db, each region applied, stale or absent"),
          target: str = typer.Option("sm_90", "--target", "-t"),
          json_out: bool = typer.Option(False, "--json", help="Print JSON")):
    """Check the file (SQLite, schema, every region's decisions) and its entries against this
    compiler (LLVM version, hash scheme); with kernels, against their current IR: which
    regions still apply, which are stale or gone. Exit status 1 when anything is stale or
    refused."""
    from .. import api
    from ..llvm.tuned import check_ir, entries_mismatch
    from ..targets import parse_target
    n, regions, mismatch = entries_mismatch(db)
    res: dict = {"entries": n, "regions": regions, "version_mismatch": mismatch, "kernels": []}
    for k in kernels or []:
        for ref in api.kernels_of(k, target):
            for symbol, s in check_ir(db, ref.ir(parse_target(target)), target).items():
                res["kernels"].append({"kernel": ref.name, "symbol": symbol, **s})
    if json_out:
        print(json.dumps(res, indent=2))
    else:
        out.print(f"{db}: {res['entries']} entries, {res['regions']} regions, schema "
                  f"{sdb.SCHEMA}: readable", markup=False, highlight=False)
        for line in res["version_mismatch"]:
            out.print(f"version mismatch: {line}", markup=False, highlight=False)
        for k in res["kernels"]:
            out.print(f"{k['kernel']} ({k['symbol']}): {k['schedule']}"
                      + (f" ({k['why']})" if k["why"] else ""), markup=False, highlight=False)
    if res["version_mismatch"] or any(k["stale"] or k["refused"] for k in res["kernels"]):
        raise typer.Exit(1)


@app.command()
def add(db: Path = DbArg,
        searches: List[Path] = typer.Argument(..., help="search JSONs (agentsched search "
                                                       "--json): their winners")):
    """Store searches' winners (their decisions, replayed and checked byte for byte)."""
    from ..llvm.tuned import store_search
    for s in searches:
        st = store_search(db, s)
        out.print(f"{s}: " + (f"{st.kernels} kernel(s), {st.regions} regions, {st.decisions} "
                              f"decisions -> {db}" if st.verified else
                              "not stored: the db entries did not reproduce the replay"),
                  markup=False, highlight=False)


@app.command()
def merge(db: Path = DbArg,
          sources: List[Path] = typer.Argument(..., help="Other tuned-schedule databases")):
    """Merge other databases into DB (made when missing); of two entries for one kernel and
    compiler the one with the higher speedup stays."""
    added, replaced, kept = sdb.merge_dbs(db, sources)
    out.print(f"{db}: {added} added, {replaced} replaced, {kept} kept", markup=False,
              highlight=False)
