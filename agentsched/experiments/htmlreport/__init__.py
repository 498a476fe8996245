"""`agentsched report`: one self-contained HTML page with the experiment tables, schedule views
from real compiles (LLVM's order vs each agent's, register pressure, stalls), assembly diffs,
timings and search progress. docs/report.md describes the page.

Everything on the page is grouped by kernel (kernels.ref.KernelRef.key: source, entry, build),
never by its display name: two kernels of one file, or two files called main.hip, are two
kernels. A kernel from saved JSON (experiment rows, search summaries) is rebuilt from what the
JSON records (kernels.ref.kernel_from_record: the source as given, the user's build)."""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path

from ...kernels.ref import BuildOptions, KernelRef, RecordError, kernel_from_record, resolve_kernel
from .inputs import InputError, Inputs, read_inputs
from .page import MAX_POINTS, KernelInfo, Variant, build_report, fill_timings, search_variants

__all__ = ["make_report", "InputError", "MAX_POINTS"]


def _row_variant(row: dict, store, label: str, kernel: KernelInfo) -> Variant:
    """The row's schedule: its stored decisions, or (when the store lacks them) those of a
    fresh compile with the same agent and seed."""
    if row["agent"] == "default":
        return Variant(label, None)
    body = store.decisions(row["decisions_hash"]) if row.get("decisions_hash") else None
    if body is not None:
        return Variant(label, body)
    from ...agents import is_deterministic
    from ..experiment import run_row
    try:
        replayable = row["agent"] == "random" or is_deterministic(row["agent"])
    except ValueError:  # an agent that is not available here
        replayable = False
    if not replayable:
        return Variant(label, None, f"{label}: its decisions are not in the store "
                                    f"({store.path.name}); not shown")
    if kernel.ref is None:
        return Variant(label, None, f"{label}: no stored decisions, and the kernel cannot "
                                    f"be compiled here ({kernel.why})")
    try:
        fresh = run_row(kernel.ref, row["target"], row["agent"], seed=row.get("seed", 0),
                        store=store)
    except (ValueError, FileNotFoundError, KeyError) as e:
        return Variant(label, None, f"{label}: no stored decisions and no compile ({e})")
    note = ""
    if row.get("decisions_hash") and fresh["decisions_hash"] != row["decisions_hash"]:
        note = (f"{label}: the row's decisions are not in the store; shown is a fresh "
                f"compile with the same agent and seed, whose schedule differs from the row's "
                f"(other tools or IR)")
    return Variant(label, store.decisions(fresh["decisions_hash"]), note)


def row_variants(rows: list[dict], store, kernels: dict[str, KernelInfo]
                 ) -> dict[tuple, list[Variant]]:
    """The schedules of the rows, per (kernel key, target)."""
    out: dict[tuple, list[Variant]] = {}
    for r in rows:
        group = out.setdefault((r["_kid"], r["target"]), [])
        same = sum(1 for x in rows if (x["_kid"], x["target"], x["agent"]) ==
                   (r["_kid"], r["target"], r["agent"]))
        label = r["agent"] if same == 1 else f"{r['agent']}:seed={r.get('seed', 0)}"
        if all(v.label != label for v in group):
            group.append(_row_variant(r, store, label, kernels[r["_kid"]]))
    return out


class Kernels:
    """The kernels of one report, by key: what the command line named, and what each saved
    record (row, search summary) names, rebuilt once per kernel."""

    def __init__(self):
        self.by_key: dict[str, KernelInfo] = {}
        self._by_record: dict[str, str] = {}

    def add(self, ref: KernelRef) -> str:
        self.by_key.setdefault(ref.key, KernelInfo(ref.key, ref.name, ref, "", ref.record()))
        return ref.key

    def of(self, record: dict) -> str:
        """The key of the kernel `record` names (rebuilding it when new)."""
        given = record.get("kernel_key")
        if given in self.by_key:
            return given
        memo = repr((given, record.get("kernel"), record.get("source"),
                     record.get("build_options"), record.get("ir_file")))
        if memo in self._by_record:
            return self._by_record[memo]
        ref, why = None, ""
        try:
            ref = _rebuild(record)
        except (RecordError, ValueError, FileNotFoundError, OSError) as e:
            why = str(e).splitlines()[0]
        key = given or (ref.key if ref is not None else f"name:{record.get('kernel', '?')}")
        name = str(record.get("kernel") or (ref.name if ref else "?"))
        if record.get("ir_file") and ref is not None:
            key, name = ref.key, f"{name} (IR {Path(record['ir_file']).name})"
        info = self.by_key.get(key)
        if info is None:
            info = self.by_key[key] = KernelInfo(key, name, ref, why, record)
            if ref is not None and given and ref.key != given and not record.get("ir_file"):
                info.notes.append(
                    f"The source is not the one these results were made from (its content "
                    f"or build changed: kernel key {ref.key} here, {given} in the saved "
                    f"JSON); the schedule views are of the source as it is now.")
        self._by_record[memo] = key
        return key

    def finish(self) -> dict[str, KernelInfo]:
        """Display labels made unique (a key's first digits added where names clash) and
        page ids made from them."""
        names: dict[str, list[str]] = {}
        for info in self.by_key.values():
            names.setdefault(info.label, []).append(info.key)
        for info in self.by_key.values():
            if len(names[info.label]) > 1:
                info.label = f"{info.label} [{info.key.removeprefix('name:')[:8]}]"
        used: set[str] = set()
        for info in self.by_key.values():
            slug = re.sub(r"[^A-Za-z0-9_-]+", "_", info.label).strip("_") or "kernel"
            if slug in used:
                slug = f"{slug}_{len(used)}"
            used.add(slug)
            info.slug = slug
        return self.by_key


def _rebuild(record: dict) -> KernelRef:
    if record.get("ir_file"):  # a search run on given IR: that IR is what was scheduled
        ir = Path(record["ir_file"])
        if not ir.exists():
            raise RecordError(f"{ir}: the search's IR file is not here")
        entry = (record.get("build_options") or {}).get("entry") or record.get("symbol")
        return resolve_kernel(ir, BuildOptions(entry=entry))
    return kernel_from_record(record)


def make_report(paths: list[Path], out: Path, *, kernels: Sequence[str | Path | KernelRef] = (),
                build: BuildOptions | None = None, targets: list[str] = ("gfx1100",),
                agents: list[str] = (), seed: int = 0, store=None, schedules: bool = True,
                max_points: int = MAX_POINTS, progress: Callable[[str], None] | None = None,
                command: str = "") -> dict:
    """Read `paths`, run the experiments named by `kernels` (built with `build`, as the
    command line's --entry, -I, -D ... give it) x `targets` x `agents` (rows already in the
    store are reused), and write the page to `out`."""
    inp = read_inputs(paths) if paths else Inputs()
    ks = Kernels()
    if kernels:
        from ..experiment import run_experiment
        for k in kernels:
            kref = resolve_kernel(k, build)
            ks.add(kref)
            for t in targets:
                inp.rows += run_experiment(kref, t, list(agents), seed=seed, store=store,
                                           progress=progress)
    if not (inp.rows or inp.searches or inp.timings):
        raise InputError("nothing to report: give results/search/timing JSON files or "
                         "--kernel")
    for r in inp.rows:
        r["_kid"] = ks.of(r)
    for s in inp.searches:
        s.kid = ks.of(s.data)
    infos = ks.finish()
    fill_timings(inp.rows, store)
    variants = row_variants(inp.rows, store, infos) if schedules else \
        {(r["_kid"], r["target"]): [] for r in inp.rows}
    for key, vs in search_variants(inp.searches).items():
        variants.setdefault(key, []).extend(vs)
    return build_report(inp, Path(out), variants=variants, kernels=infos,
                        schedules=schedules, max_points=max_points, progress=progress,
                        command=command)
