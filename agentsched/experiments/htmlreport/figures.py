"""The report's plots, built with Plotly in Python; the page only hands their JSON to
Plotly.newPlot."""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import plotly.graph_objects as go
import plotly.io as pio
from plotly.colors import qualitative
from plotly.io.json import to_json_plotly
from plotly.subplots import make_subplots

from .traces import PassTrace, moved_ids

TEMPLATE = "plotly_white"  # one copy in the page, not one per figure (see to_json)
DEFAULT_COLOR = "#222222"
PALETTE = qualitative.D3
CLASS_COLORS = {"valu": "#1f77b4", "salu": "#ff7f0e", "vmem_load": "#2ca02c",
                "vmem_store": "#d62728", "smem": "#9467bd", "lds": "#8c564b",
                "branch": "#e377c2", "other": "#7f7f7f",
                # NVPTX's names for the same classes (page.CLASS_NAMES)
                "alu": "#1f77b4", "global load": "#2ca02c", "global store": "#d62728",
                "shared": "#8c564b"}
SCATTER_LIMIT = 2500  # instructions per region above which the order plot is a 2-D histogram
LINE_POINTS = 1500  # points per pressure line above which it is max-pooled


def _ints(values) -> np.ndarray:
    """Numeric data as NumPy arrays: Plotly validates them at once and stores them as
    compact binary (base64) in the figure JSON, where lists cost a call per element."""
    return np.asarray(list(values), dtype=np.int32)


def _floats(values) -> np.ndarray:
    return np.asarray([np.nan if v is None else v for v in values], dtype=np.float64)


def colors_for(labels: list[str]) -> dict[str, str]:
    """One colour per variant label, LLVM's default always dark grey."""
    out, i = {}, 0
    for label in labels:
        if label == "default":
            out[label] = DEFAULT_COLOR
        elif label not in out:
            out[label] = PALETTE[i % len(PALETTE)]
            i += 1
    return out


def _layout(fig: go.Figure, height: int, **kw) -> go.Figure:
    kw.setdefault("margin", dict(l=60, r=20, t=40, b=40))
    fig.update_layout(height=height, font=dict(size=11), **kw)
    return fig


def _script_safe(text: str) -> str:
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


@dataclass
class FigureJSON:
    json: str  # safe inside a <script> element
    height: int  # px: the page reserves it, so figures are drawn only when scrolled to


def to_json(fig: go.Figure) -> FigureJSON:
    """The figure for the page, without its template: the page holds the template once
    (template_json) and report.js puts it back, 7 kB less per figure."""
    d = fig.to_dict()
    d["layout"].pop("template", None)
    return FigureJSON(_script_safe(to_json_plotly(d)), int(fig.layout.height or 450))


def template_json() -> str:
    return _script_safe(to_json_plotly(pio.templates[TEMPLATE].to_plotly_json()))


# ---------------------------------------------------------------- experiment overview

def metric_bars(rows: list[dict], metric: str, title: str, log: bool = False,
                heads: dict[str, str] | None = None) -> go.Figure | None:
    """One bar per kernel and agent, a panel per target (titled with heads[target], what the
    metric is called there). Kernels are told apart by their page label (`_klabel`: one per
    kernel key), never by a name two kernels may share."""
    targets = list(dict.fromkeys(r["target"] for r in rows if r.get(metric) is not None))
    if not targets:
        return None
    agents = list(dict.fromkeys(r["agent"] for r in rows))
    color = colors_for(agents)
    heads = heads or {}
    fig = make_subplots(rows=1, cols=len(targets),
                        subplot_titles=[f"{t}: {heads[t]}" if t in heads else t
                                        for t in targets], horizontal_spacing=0.06)

    def kernel(r: dict) -> str:
        return r.get("_klabel") or r["kernel"]
    for col, target in enumerate(targets, 1):
        trows = [r for r in rows if r["target"] == target]
        kernels = list(dict.fromkeys(kernel(r) for r in trows))
        for agent in agents:
            vals = {kernel(r): r.get(metric) for r in trows if r["agent"] == agent}
            fig.add_trace(go.Bar(name=agent, x=kernels, y=[vals.get(k) for k in kernels],
                                 marker_color=color[agent], legendgroup=agent,
                                 showlegend=col == 1), row=1, col=col)
    fig.update_xaxes(tickangle=-30)
    if log:  # kernels differ by orders of magnitude
        fig.update_yaxes(type="log")
    return _layout(fig, 380, title=title, barmode="group", margin=dict(l=60, r=20, t=80, b=40))


# ---------------------------------------------------------------- schedules

def _positions(order: list[int]) -> dict[int, int]:
    return {i: p for p, i in enumerate(order)}


def order_figure(ref: PassTrace, others: list[tuple[str, PassTrace]], instrs: dict) -> go.Figure:
    """Where each instruction went: LLVM's position (x) against each agent's (y). Points off
    the diagonal's line of unmoved instructions are the moves (drawn larger); large regions
    are binned into a 2-D histogram."""
    n = len(others)
    cols = min(n, 4)
    nrows = math.ceil(n / cols)
    fig = make_subplots(rows=nrows, cols=cols, subplot_titles=[lab for lab, _ in others],
                        horizontal_spacing=0.05, vertical_spacing=0.12)
    ref_pos = _positions(ref.order)
    size = max(ref.size, 1)
    big = ref.size > SCATTER_LIMIT
    shown_classes: set[str] = set()
    for k, (label, tr) in enumerate(others):
        r, c = k // cols + 1, k % cols + 1
        pos = _positions(tr.order)
        common = [i for i in ref.order if i in pos]
        moved = moved_ids(ref.order, tr.order)
        fig.layout.annotations[k].text = f"{label}: {len(moved)} of {len(common)} moved"
        if big:
            fig.add_trace(go.Histogram2d(
                x=_ints(ref_pos[i] for i in common), y=_ints(pos[i] for i in common),
                nbinsx=100,
                nbinsy=100, colorscale="Viridis", showscale=False,
                hovertemplate="LLVM %{x} → agent %{y}: %{z} instructions<extra></extra>"),
                row=r, col=c)
        else:
            by_cls: dict[str, list[int]] = {}
            for i in common:
                by_cls.setdefault(instrs.get(i, [None, None, "other"])[2], []).append(i)
            for cls, ids in sorted(by_cls.items()):
                # moved instructions big and named, the (many) unmoved small and anonymous:
                # two traces with constant markers store no per-point sizes
                for part in ([i for i in ids if i in moved], [i for i in ids if i not in moved]):
                    if not part:
                        continue
                    is_moved = part[0] in moved
                    fig.add_trace(go.Scatter(
                        x=_ints(ref_pos[i] for i in part), y=_ints(pos[i] for i in part),
                        mode="markers", name=cls, legendgroup=cls,
                        showlegend=cls not in shown_classes,
                        marker=dict(size=7 if is_moved else 4, opacity=1 if is_moved else 0.5,
                                    color=CLASS_COLORS.get(cls, "#7f7f7f")),
                        text=np.array([f"#{i} {instrs.get(i, ['?'])[0]}" for i in part])
                        if is_moved else None,
                        hovertemplate=("%{text}<br>LLVM %{x} → %{y}" if is_moved else
                                       "LLVM %{x} → %{y}, not moved") + "<extra></extra>"),
                        row=r, col=c)
                    shown_classes.add(cls)
        fig.add_trace(go.Scatter(x=[0, size - 1], y=[0, size - 1], mode="lines",
                                 line=dict(color="#bbb", width=1, dash="dot"),
                                 hoverinfo="skip", showlegend=False), row=r, col=c)
    fig.update_yaxes(autorange="reversed")  # position 0 (the region's top) at the top
    fig.update_yaxes(title_text="agent position", col=1)
    fig.update_xaxes(title_text="LLVM position", row=nrows)
    return _layout(fig, 300 * nrows + 60, legend=dict(orientation="h", y=-0.15))


def _pooled(values: list, points: int = LINE_POINTS) -> dict:
    """A line over positions 0..n-1 as Plotly's x0/dx/y (no x array), max-pooled to at most
    `points` points (peaks survive). y is float32: whole register units, NaN for gaps."""
    n = len(values)
    step = max(1, math.ceil(n / points))
    ys = []
    for s in range(0, n, step):
        chunk = [v for v in values[s:s + step] if v is not None]
        ys.append(max(chunk) if chunk else None)
    return {"x0": 0, "dx": step, "y": _floats(ys).astype(np.float32)}


def issue_model(order: list[int], instrs: dict) -> list[int]:
    """Cumulative stall cycles along `order` in an in-order issue model with LLVM's
    latencies: an instruction issues one cycle after the previous one, or when its
    predecessors' results are ready. A model of the schedule, not of the hardware."""
    ready_at: dict[int, int] = {}
    t, stalls, out = -1, 0, []
    for i in order:
        _, _, _, _, preds = instrs.get(i, [None, None, None, 1, []])
        start = max([t + 1] + [ready_at[p] for p in preds if p in ready_at])
        stalls += start - t - 1
        t = start
        ready_at[i] = t + max(1, instrs.get(i, [0, 0, 0, 1])[3])
        out.append(stalls)
    return out


def pressure_figure(passes: list[tuple[str, PassTrace]], instrs: dict,
                    color: dict[str, str]) -> go.Figure:
    """Register pressure (LLVM's pressure sets) along each schedule of one pass, and the
    stall cycles of the in-order latency model."""
    def peak(pset: str) -> int:
        return max((v or 0) for _, tr in passes for v in tr.pressure.get(pset, [0]))
    psets = sorted({s for _, tr in passes for s in tr.pressure}, key=lambda s: -peak(s))
    titles = [f"{s} (register units live)" for s in psets] + \
        ["stall cycles so far (in-order model, LLVM latencies)"]
    fig = make_subplots(rows=len(titles), cols=1, shared_xaxes=True, subplot_titles=titles,
                        vertical_spacing=0.08)
    for label, tr in passes:
        for row, s in enumerate(psets, 1):
            fig.add_trace(go.Scatter(
                **_pooled(tr.pressure.get(s, [])), mode="lines", name=label,
                legendgroup=label, showlegend=row == 1,
                line=dict(color=color.get(label), width=2.5 if label == "default" else 1.5),
                connectgaps=True,
                hovertemplate=f"{label}<br>position %{{x}}: %{{y}} {s}<extra></extra>"),
                row=row, col=1)
        fig.add_trace(go.Scatter(
            **_pooled(issue_model(tr.order, instrs)), mode="lines", name=label,
            legendgroup=label, showlegend=not psets,
            line=dict(color=color.get(label), width=2.5 if label == "default" else 1.5),
            hovertemplate=f"{label}<br>position %{{x}}: %{{y}} stall cycles<extra></extra>"),
            row=len(titles), col=1)
    fig.update_xaxes(title_text="position in the region (top to bottom)", row=len(titles))
    return _layout(fig, 190 * len(titles) + 80, legend=dict(orientation="h", y=1.08))


def heat_cell(moved: float, fate: str, family: str = "amdgpu") -> tuple[str, str]:
    """A heatmap cell's text and hover: the share of the pass's instructions moved, and what
    became of the pass when its order was not kept (GCN reverted it, ...)."""
    text = f"{100 * moved:.0f}% moved" + ("" if fate == "kept" else f", {fate}")
    who = "GCN" if family == "amdgpu" else "the scheduler"
    hover = f"{100 * moved:.1f}% of the pass's instructions moved; " + (
        f"{who} {fate} the pass" if fate in ("kept", "reverted") else f"the pass: {fate}")
    return text, hover


def moved_heatmap(heat: list[tuple[str, dict]], labels: list[str], family: str = "amdgpu"
                  ) -> go.Figure:
    """Share of each pass's instructions that each schedule moved (the colour and the
    number), with GCN's verdict on AMDGPU where it did not keep the pass."""
    z = [[h[lab][0] if lab in h else None for lab in labels] for _, h in heat]
    cells = [[heat_cell(*h[lab], family) if lab in h else ("", "") for lab in labels]
             for _, h in heat]
    fig = go.Figure(go.Heatmap(z=z, x=labels, y=[n for n, _ in heat],
                               text=[[c[0] for c in row] for row in cells],
                               customdata=[[c[1] for c in row] for row in cells],
                               texttemplate="%{text}", colorscale="Blues", zmin=0, zmax=1,
                               colorbar=dict(title="moved"),
                               hovertemplate="%{y}<br>%{x}: %{customdata}<extra></extra>"))
    fig.update_yaxes(autorange="reversed")
    title = "Instructions moved per pass (reverted: GCN restored the pass's previous order)" \
        if family == "amdgpu" else "Instructions moved per pass"
    return _layout(fig, 120 + 26 * len(heat), title=title,
                   margin=dict(l=260, r=20, t=40, b=40))


# ---------------------------------------------------------------- spills

def spills_figure(per_variant: dict[str, dict[str, int]], color: dict[str, str]) -> go.Figure:
    blocks = list(dict.fromkeys(b for counts in per_variant.values() for b in counts))
    fig = go.Figure()
    for label, counts in per_variant.items():
        fig.add_trace(go.Bar(name=label, x=blocks, y=[counts.get(b, 0) for b in blocks],
                             marker_color=color.get(label)))
    fig.update_xaxes(title_text="basic block (assembly label)")
    fig.update_yaxes(title_text="spill + reload instructions")
    return _layout(fig, 320, barmode="group", title="Where the spills are")


# ---------------------------------------------------------------- timings and search

def speedup_figure(points: list[dict], aa_bound: float | None, title: str) -> go.Figure:
    """Speedups vs LLVM's default with 95% CIs; the grey band is the A/A noise floor."""
    fig = go.Figure()
    if aa_bound:
        fig.add_hrect(y0=1 - aa_bound, y1=1 + aa_bound, fillcolor="#999", opacity=0.25,
                      line_width=0, annotation_text=f"A/A floor ±{100 * aa_bound:.2f}%",
                      annotation_position="top left")
    fig.add_hline(y=1.0, line=dict(color="#666", width=1, dash="dot"))
    colors = []
    for p in points:
        lo, hi = p.get("lo"), p.get("hi")
        beyond = lo is not None and hi is not None and (lo > 1 or hi < 1) and \
            abs(p["speedup"] - 1) > (aa_bound or 0)
        colors.append("#888" if not beyond else "#2ca02c" if p["speedup"] > 1 else "#d62728")
    fig.add_trace(go.Scatter(
        x=[p["label"] for p in points], y=[p["speedup"] for p in points], mode="markers",
        marker=dict(size=9, color=colors),
        error_y=dict(type="data", symmetric=False,
                     array=[(p["hi"] - p["speedup"]) if p.get("hi") is not None else 0
                            for p in points],
                     arrayminus=[(p["speedup"] - p["lo"]) if p.get("lo") is not None else 0
                                 for p in points]),
        text=[p.get("hover", "") for p in points],
        hovertemplate="%{x}: %{y:.4f}<br>%{text}<extra></extra>", showlegend=False))
    fig.update_yaxes(title_text="speedup vs LLVM's default (95% CI)")
    return _layout(fig, 340, title=title)


def search_figure(searches: list[tuple[str, dict]], title: str, family: str = "amdgpu"
                  ) -> go.Figure:
    """Best cost so far against evaluations, one line per search (its primary cost term)."""
    fig = go.Figure()
    objective = searches[0][1].get("objective", "")
    for i, (label, data) in enumerate(searches):
        hist = data.get("history") or []
        xs = [h[0] for h in hist]
        ys = [h[1][0] if isinstance(h[1], list) else h[1] for h in hist]
        t = data.get("timing") or {}
        if t.get("speedup_ci"):
            label += f" (confirmed ×{t['speedup']:.4f})"
        fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines", line_shape="hv", name=label,
                                 line=dict(color=PALETTE[i % len(PALETTE)])))
    ytitle = {"time": "best time / LLVM default (screening)",
              "vgpr": "best VGPRs" if family == "amdgpu" else "best registers",
              "occupancy": "best −occupancy", "spills": "best spills",
              "cycles": "best est. cycles"}.get(objective, "best cost")
    if objective == "time":  # LLVM's default costs exactly 1
        fig.add_hline(y=1.0, line=dict(color="#666", dash="dot"))
    fig.update_xaxes(title_text="evaluations (compiles)")
    fig.update_yaxes(title_text=ytitle)
    return _layout(fig, 340, title=title, legend=dict(orientation="h", y=-0.3))
