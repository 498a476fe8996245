"""One kernel, one target, several agents: a row of metrics per agent, stored as it finishes."""
from __future__ import annotations

import difflib
import functools
from collections.abc import Callable

from ..agents import is_deterministic, make_agent
from ..core.hashing import file_sha256, sha256_hex
from ..core.phase import current_phase
from ..core.protocol import decisions_text
from ..core.scheduledb import active_db
from ..kernels.ref import KernelRef
from ..llvm.compile import compile_ir
from ..llvm.ir import ir_entry
from ..llvm.metrics import launch_of, measurement_identity, static_metrics
from ..llvm.tuned import schedule_summary
from ..targets import parse_target
from .store import Store, legacy_row_key, row_key

ROW_KEYS = ("agent", "decisions", "changed", "vgpr", "sgpr", "occupancy", "spills",
            "scratch_bytes", "asm_diff_lines", "est_cycles", "reverted_regions", "time_us")


def agent_label(name: str, seed: int) -> str:
    """How rows name an agent: with its seed unless its decisions do not depend on one."""
    return name if is_deterministic(name) else f"{name}:seed={seed}"


def asm_diff_lines(a: str, b: str) -> int:
    """Changed instruction lines between two assemblies (comments and blank lines ignored)."""
    def code(text):
        return [ln.split(";")[0].split("//")[0].rstrip() for ln in text.splitlines()
                if ln.split(";")[0].split("//")[0].strip()]
    diff = difflib.unified_diff(code(a), code(b), lineterm="", n=0)
    return sum(1 for ln in diff if ln[:1] in "+-" and not ln.startswith(("+++", "---")))


@functools.lru_cache(maxsize=256)
def entry_name(symbol: str | None) -> str | None:
    """The kernel's name as its source writes it (the symbol demangled)."""
    if not symbol:
        return None
    from ..llvm.frontend import describe
    return describe([symbol])[0].name


def run_row(kernel: KernelRef, target_name: str, agent_name: str, *, seed: int = 0,
            default_asm: str | None = None, store: Store | None = None,
            agent_options: dict | None = None, base: str = "target",
            agent_timeout: float | None = None) -> dict:
    """Compile `kernel` with `agent` live (a LiveSession) and measure it, or reuse the row
    the store has for the same kernel, IR, target, agent and tools (or a schema-1 row of the
    same IR, target, agent and tools: Store.adopt_legacy)."""
    target = parse_target(target_name)
    ir = kernel.ir(target)
    source_hash = sha256_hex(ir.read_bytes())
    label = agent_label(agent_name, seed) + ("" if base == "target" else f":base={base}")
    phase = current_phase()  # the row's agent decided for this scheduler (docs/postra.md)
    label += "" if phase == "pre" else f":phase={phase}"
    db = active_db()  # --db: the db's regions first; its content keys the row
    if db is not None:
        label += f":db={file_sha256(db)[:12]}"
    launch = launch_of(kernel)
    tools = measurement_identity(target, launch)  # LLVM, plugin build, metrics (+ ptxas)
    identity = kernel.record()  # name, key, source as given, build
    key = row_key(identity["kernel_key"], source_hash, target.name, label, tools)
    if store is not None:
        cached = store.get_row(key)
        if cached is None:
            cached = store.adopt_legacy(legacy_row_key(source_hash, target.name, label, tools),
                                        key, {**identity,
                                              "entry_name": entry_name(ir_entry(ir))})
        if cached is not None:
            # the same kernel: the name and source are those the caller gave this time
            return {**cached, **identity}
    agent = None if agent_name == "default" else make_agent(agent_name, seed=seed,
                                                             **(agent_options or {}))
    try:
        result = compile_ir(ir, target, agent=agent, base=base, agent_timeout=agent_timeout)
    finally:
        if agent is not None:
            agent.close()
    m = static_metrics(result.asm, target, launch=launch, entry=result.entry)
    rep = result.report
    body = decisions_text(result.decisions)
    row = {
        **identity, "target": target.name, "agent": agent_name, "seed": seed,
        "decisions": rep["decisions"], "choices": rep["choices"], "changed": rep["changed"],
        "changed_pct": round(100.0 * rep["changed"] / max(1, rep["choices"]), 1),
        "vgpr": m.vgpr, "sgpr": m.sgpr, "occupancy": m.occupancy, "spills": m.spills,
        "scratch_bytes": m.scratch_bytes, "est_cycles": m.est_cycles,
        # after register allocation (docs/postra.md)
        "code_bytes": m.code_bytes, "vopd_pairs": m.vopd_pairs,
        "delay_alu_total": m.delay_alu_total, "waitcnts": m.waitcnts,
        "asm_diff_lines": 0 if default_asm is None else asm_diff_lines(default_asm, result.asm),
        "regions": rep["regions"], "passes": rep["passes"],
        "reverted_regions": rep["reverted_regions"], "reverted_passes": rep["reverted_passes"],
        "stale": rep["stale"], "time_us": None, "time_ci_us": None, "speedup": None,
        "decisions_hash": sha256_hex(body), "source_hash": source_hash,
        "agent_stats": result.agent_stats, "tools": tools,
        "symbol": result.entry, "entry_name": entry_name(result.entry),
        **_schedule(rep, agent_name),
    }
    if store is not None:
        store.put_row(key, kernel=kernel.name, source_hash=source_hash, target=target.name,
                      agent=label, decisions_body=body, tool_versions=tools, row=row)
    return row


def _schedule(report: dict, agent_name: str) -> dict:
    """The row's schedule: tuned / partly tuned (n of m regions) / the agent's / LLVM's."""
    source = None if agent_name == "default" else (
        "policy" if agent_name.startswith("policy:") else f"agent {agent_name}")
    s = schedule_summary(report, source=source)
    return {"schedule": s["schedule"], "schedule_why": s["why"]}


def run_experiment(kernel: KernelRef, target_name: str, agents: list[str], *, seed: int = 0,
                   store: Store | None = None, agent_options: dict | None = None,
                   agent_timeout: float | None = None,
                   progress: Callable[[str], None] | None = None) -> list[dict]:
    """Rows for each agent; the default row comes first (the others diff against it)."""
    names = ["default"] + [a for a in agents if a != "default"]
    target = parse_target(target_name)
    default = compile_ir(kernel.ir(target), target)  # cheap, and its asm is not stored
    rows = []
    for name in names:
        if progress:
            progress(f"{kernel.name} {target_name} {name}")
        row = run_row(kernel, target_name, name, seed=seed, default_asm=default.asm,
                      store=store, agent_options=agent_options, agent_timeout=agent_timeout)
        if name in agents:
            rows.append(row)
    return rows
