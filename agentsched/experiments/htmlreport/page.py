"""Assemble the HTML report: experiment tables, schedule views from real compiles, assembly
diffs, timings and search progress, in one self-contained file (Plotly's JS inlined).

Large views load lazily: each region pass, instruction table and assembly diff is rendered
here as an HTML fragment, gzip-compressed and embedded as base64; the page inflates it when
its <details> is opened (report.js). The page itself stays small enough to open at once."""
from __future__ import annotations

import base64
import gzip
import shlex
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import jinja2

from ...core.files import write_text
from ...core.protocol import ProtocolError
from ...kernels.ref import KernelRef, build_label
from ...targets import parse_target
from ...tools.programs import ToolFailed
from . import figures as F
from .asmdiff import side_by_side, spills_by_block
from .inputs import Inputs, Search, Timing
from .traces import PassTrace, Trace, compile_trace, moved_ids

HERE = Path(__file__).resolve().parent
MAX_POINTS = 20_000  # decision points per compile above which schedule views are skipped
TABLE_ROWS = 4000  # instruction rows per pass table; larger passes show the largest moves

# Experiment table columns: (row key, header). The seed's figures are added beside them.
COLUMNS = [("agent", "agent"), ("decisions", "decision points"), ("changed", "changed"),
           ("changed_pct", "changed %"), ("vgpr", "registers"), ("sgpr", "SGPRs"),
           ("occupancy", "occupancy"), ("spills", "spills"), ("scratch_bytes", "scratch B"),
           ("asm_diff_lines", "asm diff lines"), ("est_cycles", "est. cycles/iter (mca)"),
           ("reverted_regions", "regions reverted"), ("stale", "stale")]
# What the figures are called on each backend (targets/base.py StaticMetrics), and the
# columns a backend never fills (NVPTX: no scalar registers, no llvm-mca model).
HEADS = {"amdgpu": {"vgpr": "VGPRs", "sgpr": "SGPRs", "occupancy": "waves/SIMD"},
         "nvptx": {"vgpr": "registers", "occupancy": "warps/SM",
                   "scratch_bytes": "stack frame B"}}
ABSENT = {"nvptx": {"sgpr", "est_cycles", "reverted_regions"}}  # (GCN reverts regions)
# The plugin's instruction classes (instrClass) are AMDGPU's words; on NVPTX 'lds' is shared
# memory, 'vmem_load'/'vmem_store' every other load/store (global, local, param), 'valu' the
# rest. The page names them as each backend would.
CLASS_NAMES = {"nvptx": {"valu": "alu", "vmem_load": "global load",
                         "vmem_store": "global store", "lds": "shared"}}


def family_of(target: str) -> str:
    """amdgpu or nvptx ('' for a name llc-19 does not know here)."""
    try:
        return parse_target(target).family
    except ValueError:
        return ""


def metric_head(family: str, key: str) -> str:
    return HEADS.get(family, {}).get(key) or dict(COLUMNS).get(key, key)


def columns_for(family: str) -> list[tuple[str, str]]:
    return [(k, metric_head(family, k)) for k, _ in COLUMNS if k not in ABSENT.get(family, ())]


@dataclass
class KernelInfo:
    """One kernel of the page (htmlreport.Kernels): its key, its label (the display name,
    made unique), what compiles it here (None: `why` not), a record naming it (its build)."""
    key: str
    label: str
    ref: KernelRef | None
    why: str
    record: dict
    notes: list[str] = field(default_factory=list)
    slug: str = ""  # the label as an HTML id

    @property
    def build(self) -> str:
        return build_label(self.record)

    def command(self, target: str, extra: str) -> str:
        """`agentsched report` for this kernel alone (its source and build)."""
        args = self.ref.cli_args() if self.ref is not None else []
        kernel = shlex.join(["--kernel", *args]) if args else f"--kernel {self.label}"
        return f"agentsched report {kernel} --target {target} {extra}"
# After register allocation (docs/postra.md): shown where the rows have them (AMDGPU rows of
# metrics v6 and later)
POSTRA_COLUMNS = [("vopd_pairs", "VOPD pairs"), ("delay_alu_total", "s_delay_alu delay"),
                  ("waitcnts", "s_waitcnt"), ("code_bytes", "code B")]
TIME_COLUMNS = [("time_us", "time µs"), ("time_ci_us", "95% CI µs"), ("speedup", "speedup")]
SEED_COLUMNS = [("seed_decisions", "seed: decision points"), ("seed_vgpr", "seed: VGPRs"),
                ("seed_time", "seed: time vs default")]


@dataclass
class Variant:
    """One schedule of a kernel on a target: LLVM's (decisions None) or replayed decisions."""
    label: str
    decisions: str | None
    note: str = ""


class Blobs:
    """Lazily loaded fragments: gzip + base64, inflated by the page when opened."""

    def __init__(self):
        self.items: list[tuple[str, str]] = []
        self.raw_bytes = 0

    def add(self, html: str) -> str:
        data = html.encode()
        self.raw_bytes += len(data)
        bid = f"blob{len(self.items)}"
        self.items.append((bid, base64.b64encode(gzip.compress(data, 6, mtime=0)).decode()))
        return bid


def _env() -> jinja2.Environment:
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(HERE / "templates"),
                             autoescape=True, trim_blocks=True, lstrip_blocks=True,
                             undefined=jinja2.StrictUndefined)
    env.filters["num"] = _num
    return env


def _num(v) -> str:
    if v is None:
        return ""
    if isinstance(v, float):
        return f"{v:.4g}" if abs(v) < 10 else f"{v:,.1f}"
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_num(x) for x in v) + "]"
    return str(v)


# ---------------------------------------------------------------- rows and their tables

def _seed_cells(kernel: str, target: str, row: dict) -> dict:
    from ..reproduce import SEED
    seed = SEED.get(kernel)
    if not seed or target != "gfx1100":  # the seed measured gfx1100 only
        return {}
    default = row["agent"] == "default"
    out = {"seed_decisions": seed.get("decisions") if default else None,
           "seed_vgpr": seed.get("vgpr") if default else seed.get("vgpr_all_agents"),
           "seed_time": None}
    pct = (seed.get("time_pct") or {}).get(row["agent"])
    if pct is not None:
        out["seed_time"] = f"{pct:+.1f}%"
    elif default and seed.get("time_us"):
        out["seed_time"] = f"{seed['time_us']:,} µs"
    elif not default and seed.get("time_within_pct"):
        out["seed_time"] = f"within ±{seed['time_within_pct']}%"
    return out


def experiment_tables(rows: list[dict], kernels: dict[str, KernelInfo]) -> list[dict]:
    """One table per kernel and target, in the seed's order, with the seed's figures (for
    the seed's own kernels: a suite kernel's rows, whose record names no file)."""
    from ..reproduce import TABLES, _seed_comparison
    order = [k for _, ks in TABLES for k in ks]
    titles = {k: t for t, ks in TABLES for k in ks}

    def suite_name(info: KernelInfo) -> str | None:
        name = info.record.get("kernel")
        source = info.record.get("source")
        return name if name in titles and source in (None, name) else None

    keys = sorted(dict.fromkeys(r["_kid"] for r in rows), key=lambda k: (
        order.index(suite_name(kernels[k])) if suite_name(kernels[k]) else len(order),
        kernels[k].label))
    timed = any(r.get("time_us") is not None for r in rows)
    tables = []
    for key in keys:
        info = kernels[key]
        seed_name = suite_name(info)
        krows = [r for r in rows if r["_kid"] == key]
        for target in dict.fromkeys(r["target"] for r in krows):
            trows = [r for r in krows if r["target"] == target]
            seed = [_seed_cells(seed_name, target, r) if seed_name else {} for r in trows]
            cols = columns_for(family_of(target)) + (TIME_COLUMNS if timed else [])
            cols = cols + [c for c in POSTRA_COLUMNS
                           if any(r.get(c[0]) is not None for r in trows)]
            if any(any(v is not None for v in s.values()) for s in seed):
                cols = cols + SEED_COLUMNS
            if any(r.get("schedule_why") or str(r.get("schedule", "")).startswith(
                    ("tuned", "partly")) for r in trows):  # rows made with --db
                cols = cols + [("schedule", "schedule"), ("schedule_why", "why")]
            tables.append({
                "id": f"t-{info.slug}-{target}", "kernel": info.label, "target": target,
                "title": titles.get(seed_name, "") if seed_name else "",
                "source": info.record.get("source"), "build": info.build,
                "columns": cols, "rows": [{**r, **s} for r, s in zip(trows, seed)],
                "seed_note": _seed_comparison(seed_name, trows)
                if seed_name and target == "gfx1100" else ""})
    return tables


def fill_timings(rows: list[dict], store) -> None:
    """Each row's latest stored timing of its exact schedule: the time when the row has
    none, and the speedup CI and A/A floor the row itself does not keep."""
    for r in rows:
        if store is None or not r.get("decisions_hash"):
            continue
        t = store.timing(r["decisions_hash"], r.get("source_hash", ""), r["target"])
        if not t or t.get("median_us") is None:
            continue
        if r.get("time_us") is None:
            r["time_us"], r["time_ci_us"], r["speedup"] = \
                t["median_us"], t.get("ci95"), t.get("speedup")
        r["_speedup_ci"] = t.get("speedup_ci")
        r["_aa_bound"] = (t.get("noise_floor") or {}).get("bound")


# ---------------------------------------------------------------- schedule views

def _pass_label(p: PassTrace) -> str:
    return f"{p.function} · region {p.region} · visit {p.visit}"


def _instruction_rows(ref: PassTrace, passes: list[tuple[str, PassTrace]], instrs: dict):
    """Rows of the instruction table: instructions in LLVM's order with each agent's
    position; the largest moves first when the pass is too long to list whole."""
    pos = {lab: {i: p for p, i in enumerate(tr.order)} for lab, tr in passes}
    moved = {lab: moved_ids(ref.order, tr.order) for lab, tr in passes}
    flags = {}
    for lab, tr in passes:
        forced, pending = set(tr.forced), set(tr.pending)
        flags[lab] = {i: ("•" if p in forced else "") + ("⏸" if p in pending else "")
                      for p, i in enumerate(tr.order) if p in forced or p in pending}
    ids = list(ref.order) + [i for _, tr in passes for i in tr.order if i not in pos["default"]]
    ids = list(dict.fromkeys(ids))
    rows = []
    for i in ids:
        info = instrs.get(i, ["?", "", "other", 0, []])
        base = pos["default"].get(i)
        cells = []
        for lab, _ in passes[1:]:
            p = pos[lab].get(i)
            d = None if p is None or base is None else p - base
            cells.append({"pos": p, "delta": d, "flag": flags[lab].get(i, ""),
                          "cls": _move_class(d, ref.size) if i in moved[lab] else ""})
        rows.append({"id": i, "pos": base, "opcode": info[0], "text": info[1], "cls": info[2],
                     "latency": info[3], "flag": flags["default"].get(i, ""), "cells": cells,
                     "score": max((abs(c["delta"] or 0) for c in cells if c["cls"]), default=0)})
    shown = rows
    if len(rows) > TABLE_ROWS:
        shown = sorted(rows, key=lambda r: -r["score"])[:TABLE_ROWS]
        shown.sort(key=lambda r: (r["pos"] is None, r["pos"] or 0))
    return shown, len(rows)


def _move_class(d: int | None, size: int) -> str:
    if not d:
        return ""
    frac = abs(d) / max(size, 1)
    level = 3 if frac > 0.25 else 2 if frac > 0.05 else 1
    return f"{'up' if d < 0 else 'down'}{level}"


def _pass_summary(stats: list[dict]) -> str:
    """One line per pass: what each schedule moved, and which passes GCN threw away."""
    parts = [f"{s['label']} moved {s['moved']}" + ("" if s["fate"] == "kept" else f" ({s['fate']})")
             for s in stats[1:]]
    head = "" if stats[0]["fate"] == "kept" else f"LLVM's pass {stats[0]['fate']}; "
    return head + (", ".join(parts) or "LLVM's schedule only")


def _pass_stats(label: str, tr: PassTrace, ref: PassTrace, instrs: dict) -> dict:
    stalls = F.issue_model(tr.order, instrs)
    return {"label": label, "fate": tr.fate, "moved": len(moved_ids(ref.order, tr.order)),
            "forced": len(tr.forced), "pending": len(tr.pending),
            "peak": {s: max((v for v in vals if v is not None), default=None)
                     for s, vals in tr.pressure.items()},
            "stalls": stalls[-1] if stalls else 0,
            "cycles": len(tr.order) + (stalls[-1] if stalls else 0)}


def schedule_section(traces: dict[str, Trace], env, blobs: Blobs, family: str = "amdgpu"
                     ) -> dict:
    """Region-by-region views of one kernel/target: a summary, then one lazy block per pass
    (order and pressure plots, instruction table) and per agent (assembly diff)."""
    frag = env.get_template("fragments.html.j2").module
    labels = list(traces)
    color = F.colors_for(labels)
    default = traces["default"]
    names = CLASS_NAMES.get(family, {})
    instrs: dict = {}
    for tr in traces.values():
        for fn, table in tr.instrs.items():
            for i, v in table.items():
                if i not in instrs.get(fn, {}):  # (opcode, text, class, latency, preds)
                    instrs.setdefault(fn, {})[i] = [v[0], v[1], names.get(v[2], v[2]), *v[3:]]
    keys = list(dict.fromkeys(p.key for tr in traces.values() for p in tr.passes))
    by_key = {lab: {p.key: p for p in tr.passes} for lab, tr in traces.items()}
    passes, heat = [], []
    for key in keys:
        present = [(lab, by_key[lab][key]) for lab in labels if key in by_key[lab]]
        ref = by_key["default"].get(key)
        note = ""
        if ref is None:  # only agents' compiles ran this pass (GCN revisits differ)
            lab0, p0 = present[0]
            ref = PassTrace(**{**p0.__dict__, "order": p0.before, "fate": "absent"})
            note = (f"LLVM's compile has no such pass; positions are compared with the order "
                    f"before {lab0}'s pass")
            present = [("default", ref)] + present
        fn_instrs = instrs.get(key[0], {})
        stats = [_pass_stats(lab, tr, ref, fn_instrs) for lab, tr in present]
        others = [(lab, tr) for lab, tr in present if lab != "default"]
        figs = []
        if others:
            figs.append(F.to_json(F.order_figure(ref, others, fn_instrs)))
        figs.append(F.to_json(F.pressure_figure(present, fn_instrs, color)))
        rows, total = _instruction_rows(ref, present, fn_instrs)
        table_blob = blobs.add(frag.instruction_table(
            labels=[lab for lab, _ in present[1:]], rows=rows, total=total))
        blob = blobs.add(frag.pass_view(ref=ref, stats=stats, figures=figs, note=note,
                                        table_blob=table_blob, rows=total, family=family))
        passes.append({"label": _pass_label(ref), "ref": ref, "stats": stats, "blob": blob,
                       "summary": _pass_summary(stats)})
        heat.append((_pass_label(ref) + f" ({ref.size})",
                     {s["label"]: (s["moved"] / max(ref.size, 1), s["fate"]) for s in stats}))
    asm = []
    spills = {lab: spills_by_block(tr.asm) for lab, tr in traces.items()}
    for lab, tr in traces.items():
        if lab == "default":
            continue
        diff = side_by_side(default.asm, tr.asm)
        asm.append({"label": lab, "changed": diff.changed,
                    "blob": blobs.add(frag.asm_diff(diff=diff, label=lab))})
    overview = None
    if heat and len(labels) > 1:
        overview = F.to_json(F.moved_heatmap(heat, labels[1:], family))
    spill_fig = F.to_json(F.spills_figure(spills, color)) \
        if any(spills.values()) else None
    return {"passes": passes, "asm": asm, "overview": overview, "spills": spill_fig,
            "labels": labels}


# ---------------------------------------------------------------- timings and searches

def timing_view(t: Timing) -> dict:
    res = t.result
    aa = (res.get("noise_floor") or {}).get("bound")
    pts, rows = [], []
    for name, v in res["variants"].items():
        if v.get("median_us") is None:
            rows.append({"name": name, **v})
            continue
        ci = v.get("speedup_ci") or [None, None]
        pts.append({"label": name, "speedup": v.get("speedup") or 1.0, "lo": ci[0],
                    "hi": ci[1], "hover": f"{v['median_us']:.1f} µs, "
                                          f"{v.get('registers', '?')} registers"})
        rows.append({"name": name, **v})
    fig = F.to_json(F.speedup_figure(pts, aa, f"{t.kernel} on {t.target}: {t.label}"))
    best = max(pts, key=lambda p: p["speedup"], default=None)
    summary = f"{len(pts)} variants" + (f", fastest {best['label']} ×{best['speedup']:.4f}"
                                         if best else "")
    return {"label": t.label, "summary": summary, "kernel": t.kernel, "target": t.target,
            "figure": fig, "rows": rows, "aa": res.get("noise_floor"),
            "gpu": (res.get("device") or {}).get("gpu"), "settings": res.get("settings") or {}}


def timing_groups(timings: list[Timing], env, blobs: Blobs) -> list[dict]:
    """Timing runs by kernel: the first drawn at once, the others (screening, confirmation
    runs ...) in lazily loaded blocks."""
    frag = env.get_template("fragments.html.j2").module
    groups: dict[tuple, dict] = {}
    for t in timings:
        view = timing_view(t)
        g = groups.get((t.kernel, t.target))
        if g is None:
            groups[(t.kernel, t.target)] = {"kernel": t.kernel, "target": t.target,
                                            "first": view, "more": []}
        else:
            view["blob"] = blobs.add(frag.timing_block(view))
            g["more"].append(view)
    return list(groups.values())


def rows_timing_view(rows: list[dict]) -> str | None:
    timed = [r for r in rows if r.get("speedup") is not None]
    if not timed:
        return None
    aa = next((r["_aa_bound"] for r in timed if r.get("_aa_bound")), None)
    pts = [{"label": r["agent"], "speedup": r["speedup"],
            "lo": (r.get("_speedup_ci") or [None])[0],
            "hi": (r.get("_speedup_ci") or [None, None])[1],
            "hover": f"{r['time_us']:.1f} µs"} for r in timed]
    return F.to_json(F.speedup_figure(pts, aa, "Time vs LLVM's default"))


def search_views(searches: list[Search], kernels: dict[str, KernelInfo]) -> list[dict]:
    groups: dict[tuple, list[Search]] = {}
    for s in searches:
        groups.setdefault((s.kid, s.target, s.data.get("objective")), []).append(s)
    out = []
    for (kid, target, objective), ss in groups.items():
        kernel = kernels[kid].label if kid in kernels else ss[0].kernel
        fig = F.to_json(F.search_figure([(s.label, s.data) for s in ss],
                                        f"{kernel} on {target}: best {objective} so far",
                                        family_of(target)))
        out.append({"kernel": kernel, "target": target, "objective": objective,
                    "figure": fig, "searches": ss})
    return out


# ---------------------------------------------------------------- the whole page

def search_variants(searches: list[Search]) -> dict[tuple, list[Variant]]:
    """The winning schedule of each search, to be shown beside LLVM's."""
    out: dict[tuple, list[Variant]] = {}
    for s in searches:
        text = s.data.get("decisions_text")
        if text and s.data.get("improved", True):
            out.setdefault((s.kid or s.kernel, s.target), []).append(
                Variant(f"search {s.label.removesuffix('.json')}", text))
    return out


def build_report(inp: Inputs, out: Path, *, variants: dict[tuple, list[Variant]],
                 kernels: dict[str, KernelInfo], schedules: bool = True,
                 max_points: int = MAX_POINTS,
                 progress: Callable[[str], None] | None = None, command: str = "") -> dict:
    """Write the report to `out` (atomically). `variants` maps (kernel key, target) to the
    schedules to compile and show beside LLVM's; `kernels` the page's kernels by key (what
    compiles each). Returns figures about the page."""
    t0 = time.perf_counter()
    env = _env()
    blobs = Blobs()
    sections = []
    for r in inp.rows:
        r["_klabel"] = kernels[r["_kid"]].label
    for (kid, target), vs in variants.items():
        info = kernels[kid]
        family = family_of(target)
        sec = {"kernel": info.label, "target": target, "id": f"s-{info.slug}-{target}",
               "source": info.record.get("source"), "build": info.build,
               "family": family,
               "notes": [*info.notes, *(v.note for v in vs if v.note)], "views": None}
        rows = [r for r in inp.rows if r["_kid"] == kid and r["target"] == target]
        sec["timing"] = rows_timing_view(rows)
        if not schedules:
            if sec["timing"]:  # the rows' timings still get their plot
                sections.append(sec)
            continue
        sections.append(sec)
        default_row = next((r for r in rows if r["agent"] == "default"), None)
        if default_row and max_points and default_row.get("decisions", 0) > max_points:
            sec["notes"].append(
                f"Schedule views skipped: {default_row['decisions']:,} decision points per "
                f"compile is above --max-points {max_points:,}. "
                f"`{info.command(target, '--max-points 0 -o FILE')}` builds them.")
            continue
        if info.ref is None:
            sec["notes"].append(f"Schedule views skipped: the kernel cannot be compiled here "
                                f"({info.why}). `{info.command(target, '-o FILE')}` with "
                                f"its source builds them.")
            continue
        try:
            t = parse_target(target)
            ir = info.ref.ir(t)
        except (ValueError, FileNotFoundError, KeyError, ToolFailed) as e:
            sec["notes"].append(f"Schedule views skipped: the kernel cannot be compiled "
                                f"here ({str(e).splitlines()[0][:300]}).")
            continue
        traces: dict[str, Trace] = {}
        for v in [Variant("default", None)] + [v for v in vs if v.label != "default"]:
            if progress:
                progress(f"{info.label} {target} {v.label}")
            if v.label != "default" and v.decisions is None:
                continue
            try:
                traces[v.label] = compile_trace(ir, t, v.decisions)
            except (ToolFailed, ProtocolError) as e:  # a stale replay: say so, show the rest
                sec["notes"].append(f"{v.label}: its decisions do not replay on this IR "
                                    f"({str(e).splitlines()[0][:300]}); not shown.")
        if "default" in traces:
            sec["views"] = schedule_section(traces, env, blobs, family)
    rows = inp.rows
    families = {family_of(r["target"]) for r in rows}
    reg_title = "VGPRs" if families == {"amdgpu"} else \
        "Registers" if families == {"nvptx"} else "Registers (AMDGPU: VGPRs; NVPTX: ptxas's)"
    overview = [f for f in (F.metric_bars(rows, "vgpr", f"{reg_title} by kernel and agent",
                                          heads={t: metric_head(family_of(t), "vgpr")
                                                 for t in {r["target"] for r in rows}}),
                            F.metric_bars(rows, "est_cycles",
                                          "llvm-mca est. cycles / iteration of the hottest "
                                          "loop (log scale)", log=True),
                            F.metric_bars(rows, "spills", "Spilled registers")
                            if any(r.get("spills") for r in rows) else None) if f]
    html = env.get_template("report.html.j2").render(
        command=command, files=inp.files, tools=sorted({r.get("tools", "") for r in rows} - {""}),
        tables=experiment_tables(rows, kernels), overview=[F.to_json(f) for f in overview],
        families=sorted(families - {""}),
        sections=sections, timings=timing_groups(inp.timings, env, blobs),
        searches=search_views(inp.searches, kernels), blobs=blobs.items,
        plotly_js=_plotly_js(), template=F.template_json(),
        script=(HERE / "static" / "report.js").read_text(),
        style=(HERE / "static" / "report.css").read_text())
    write_text(out, html)
    return {"bytes": len(html.encode()), "blobs": len(blobs.items),
            "blob_raw_bytes": blobs.raw_bytes, "seconds": round(time.perf_counter() - t0, 1)}


def _plotly_js() -> str:
    from plotly.offline import get_plotlyjs
    return get_plotlyjs()
