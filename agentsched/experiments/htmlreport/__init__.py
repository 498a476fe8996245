"""`agentsched report`: one self-contained HTML page with the experiment tables, schedule views
from real compiles (LLVM's order vs each agent's, register pressure, stalls), assembly diffs,
timings and search progress. docs/report.md describes the page."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from .inputs import InputError, Inputs, read_inputs
from .page import MAX_POINTS, Variant, build_report, fill_timings, search_variants

__all__ = ["make_report", "InputError", "MAX_POINTS"]


def _row_variant(row: dict, store, label: str, source: str) -> Variant:
    """The row's schedule: its stored decisions, or (when the store lacks them) those of a
    fresh compile with the same agent and seed."""
    if row["agent"] == "default":
        return Variant(label, None)
    body = store.decisions(row["decisions_hash"]) if row.get("decisions_hash") else None
    if body is not None:
        return Variant(label, body)
    from ...agents import is_deterministic
    from ...kernels.ref import resolve_kernel
    from ..experiment import run_row
    try:
        replayable = row["agent"] == "random" or is_deterministic(row["agent"])
    except ValueError:  # an agent that is not available here
        replayable = False
    if not replayable:
        return Variant(label, None, f"{label}: its decisions are not in the store "
                                    f"({store.path.name}); not shown")
    try:
        fresh = run_row(resolve_kernel(source), row["target"], row["agent"],
                        seed=row.get("seed", 0), store=store)
    except (ValueError, FileNotFoundError, KeyError) as e:
        return Variant(label, None, f"{label}: no stored decisions and no compile ({e})")
    note = ""
    if row.get("decisions_hash") and fresh["decisions_hash"] != row["decisions_hash"]:
        note = (f"{label}: the row's decisions are not in the store; shown is a fresh "
                f"compile with the same agent and seed, whose schedule differs from the row's "
                f"(other tools or IR)")
    return Variant(label, store.decisions(fresh["decisions_hash"]), note)


def row_variants(rows: list[dict], store, sources: dict[str, str]) -> dict[tuple, list[Variant]]:
    out: dict[tuple, list[Variant]] = {}
    for r in rows:
        group = out.setdefault((r["kernel"], r["target"]), [])
        same = sum(1 for x in rows if (x["kernel"], x["target"], x["agent"]) ==
                   (r["kernel"], r["target"], r["agent"]))
        label = r["agent"] if same == 1 else f"{r['agent']}:seed={r.get('seed', 0)}"
        if all(v.label != label for v in group):
            group.append(_row_variant(r, store, label, sources.get(r["kernel"], r["kernel"])))
    return out


def make_report(paths: list[Path], out: Path, *, kernels: list[str] = (),
                targets: list[str] = ("gfx1100",), agents: list[str] = (), seed: int = 0,
                store=None, schedules: bool = True, max_points: int = MAX_POINTS,
                progress: Callable[[str], None] | None = None, command: str = "") -> dict:
    """Read `paths`, run the experiments named by `kernels` x `targets` x `agents` (rows
    already in the store are reused), and write the page to `out`."""
    inp = read_inputs(paths) if paths else Inputs()
    sources: dict[str, str] = {}  # kernel name -> what names it (a suite name, a file)
    if kernels:
        from ...kernels.ref import resolve_kernel
        from ..experiment import run_experiment
        for k in kernels:
            kref = resolve_kernel(k)
            sources[kref.name] = k
            for t in targets:
                inp.rows += run_experiment(kref, t, list(agents), seed=seed, store=store,
                                           progress=progress)
    if not (inp.rows or inp.searches or inp.timings):
        raise InputError("nothing to report: give results/search/timing JSON files or "
                         "--kernel")
    fill_timings(inp.rows, store)
    variants = row_variants(inp.rows, store, sources) if schedules else \
        {(r["kernel"], r["target"]): [] for r in inp.rows}
    for key, vs in search_variants(inp.searches).items():
        variants.setdefault(key, []).extend(vs)
    return build_report(inp, Path(out), variants=variants, sources=sources,
                        schedules=schedules, max_points=max_points, progress=progress,
                        command=command)
