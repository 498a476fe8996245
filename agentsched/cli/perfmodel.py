"""`agentsched compile --select`: the per-kernel choice by the static performance model
(agentsched.searches.predicted.select_schedule, docs/perfmodel.md)."""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Optional

from rich.console import Console
from rich.table import Table

from .. import api
from ..api import BuildOptions


def compile_selected(say: Console, source: str, target: str, output: Path,
                     decisions: Optional[Path], json_out: Optional[Path], fmt: str,
                     build: BuildOptions) -> None:
    """say: the console for messages (main's _outputs(), which also checked the outputs)."""
    if fmt != "table":
        say = Console(stderr=True)
    kref = api.kernel(source, build=build)
    result, sel = api.select(kref, target, decisions=decisions, output=output)
    metrics = result.metrics.as_dict() if result.metrics else {}
    summary = {**kref.record(), "target": result.target.name, "symbol": result.entry,
               "decisions_file": str(decisions) if decisions else None,
               **metrics, "validated": result.validated, "selection": sel,
               "output": str(output)}
    if result.kernel_metrics:  # a whole module: every kernel's figures and choice
        names = dict(zip(result.kernels, api.kernel_names(result.kernels)))
        chosen = {r["kernel"]: r for r in sel.get("kernels") or []}
        summary["kernels"] = [{"symbol": k, "name": names[k], **m.as_dict(),
                               "chosen": chosen.get(k, {}).get("chosen")}
                              for k, m in result.kernel_metrics.items()]
    if json_out:
        api.write_json(json_out, summary)
    if fmt == "json":
        print(json.dumps(summary, indent=2), file=sys.stdout)
    if sel.get("kernels") is not None:
        _kernel_table(say, kref.name, result, sel)
        say.print(f"-> {output}")
        return
    table = Table(title=f"{kref.name} on {result.target.name}: schedule chosen by the "
                        f"performance model ({sel['model']})")
    for col in ("schedule", "predicted speedup", "interval", "sure", "GPU check", "from"):
        table.add_column(col)
    for c in sel["candidates"]:
        p = c["predicted"] or {}
        mark = " <- chosen" if c["name"] == sel["chosen"] else ""
        table.add_row(c["name"] + mark, f"{p.get('speedup', 1.0):.3f}",
                      f"[{p.get('lo', 1.0):.3f}, {p.get('hi', 1.0):.3f}]",
                      "" if c["name"] == "llvm" else ("yes" if p.get("sure") else "no"),
                      "" if c["gpu_speedup"] is None else f"{c['gpu_speedup']:.3f}",
                      c["how"])
    say.print(table)
    say.print(f"chosen: {sel['chosen']}: {sel['reason']}")
    say.print(f"-> {output}")


def _kernel_table(say: Console, name: str, result: api.CompileResult, sel: dict) -> None:
    """A whole module's choice, one row per kernel and candidate schedule."""
    names = dict(zip(result.kernels, api.kernel_names(result.kernels)))
    table = Table(title=f"{name} on {result.target.name}: {len(sel['kernels'])} kernels, "
                        f"schedule chosen per kernel by the performance model ({sel['model']})")
    for col in ("kernel", "schedule", "predicted speedup", "interval", "sure", "chosen"):
        table.add_column(col)
    for r in sel["kernels"]:
        for cand, p in r["predicted"].items():
            table.add_row(names.get(r["kernel"], r["kernel"]), cand, f"{p['speedup']:.3f}",
                          f"[{p['lo']:.3f}, {p['hi']:.3f}]", "yes" if p.get("sure") else "no",
                          "<-" if r["chosen"] == cand else "")
    say.print(table)
    for r in sel["kernels"]:
        say.print(f"{names.get(r['kernel'], r['kernel'])}: {r['chosen']}: {r['reason']}")
    say.print(f"chosen: {sel['chosen']}: {sel['reason']}")
