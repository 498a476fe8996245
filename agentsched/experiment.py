"""One kernel, one target, several agents: a row of metrics per agent, stored as it finishes."""
from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from .agents import make_agent
from .metrics import launch_of, measurement_identity, static_metrics
from .protocol import Decision, decision_to_dict
from .store import Store, content_hash, row_key
from .toolchain import compile_ir, emit_ir, parse_target

ROW_KEYS = ("agent", "decisions", "changed", "vgpr", "sgpr", "occupancy", "spills",
            "scratch_bytes", "asm_diff_lines", "est_cycles", "reverted_regions", "time_us")
DETERMINISTIC_AGENTS = {"default", "min_pressure", "max_latency", "pref_load", "pref_salu"}


@dataclass
class BuildOptions:
    """How to build the user's source, as the command line gives it (over a spec's own):
    --entry, -I, -D, clang flags (-std=, -ffast-math, --clang-flag), --block, --lang."""
    entry: str | None = None
    include_dirs: tuple = ()
    defines: dict = field(default_factory=dict)
    flags: tuple = ()
    block: tuple | None = None
    lang: str | None = None


@dataclass
class KernelRef:
    """What an experiment compiles: a suite kernel, a user's spec file, or a bare source."""
    name: str
    source: Path
    defines: dict = field(default_factory=dict)
    spec: object | None = None  # KernelSpec when the kernel can be run and checked
    spec_file: Path | None = None  # the user's spec .py, when it came from one
    entry: str | None = None  # the kernel's source name or symbol (None: the only one)
    include_dirs: tuple = ()
    flags: tuple = ()  # clang flags
    block: tuple | None = None  # launch block: AMDGPU launch bounds unless the source has some
    lang: str | None = None

    def ir(self, target) -> Path:
        return emit_ir(self.source, target, self.defines, list(self.include_dirs),
                       flags=self.flags, entry=self.entry, block=self.block, lang=self.lang)

    def build_record(self) -> dict:
        """What results record of how the kernel was built."""
        return {"entry": self.entry, "clang_flags": clang_flags(self), "block": self.block}


def clang_flags(k: KernelRef) -> list[str]:
    """The user's part of the clang command, as they would write it."""
    return [*(f"-I{d}" for d in k.include_dirs),
            *(f"-D{n}" if v in (None, "") else f"-D{n}={v}" for n, v in sorted(k.defines.items())),
            *k.flags]


def resolve_kernel(arg: str, build: BuildOptions | None = None) -> KernelRef:
    """A suite kernel name, a spec .py or a source/IR file, with the command line's build
    options over the spec's (a spec's block gives the launch bounds)."""
    b = build or BuildOptions()
    path = Path(arg)
    from .triton.kernel import TritonKernel, is_triton_input
    if is_triton_input(path):  # a Triton cache/dump directory or .llir (docs/triton.md)
        return KernelRef(TritonKernel.load(path).name, path)
    if path.suffix == ".py" or not path.suffix:
        if path.suffix == ".py":
            from .kernels.spec import load_spec_file
            spec, spec_file = load_spec_file(path), path
        else:
            from .kernels.suite import get_kernel
            spec, spec_file = get_kernel(arg), None
        from .kernels.spec import launch_block
        return KernelRef(spec.name, Path(spec.source), {**spec.defines, **b.defines}, spec,
                         spec_file, entry=b.entry or spec.entry,
                         include_dirs=(*spec.include_dirs, *b.include_dirs),
                         flags=(*spec.flags, *b.flags), block=b.block or launch_block(spec),
                         lang=b.lang or spec.lang)
    if not path.is_file():
        raise FileNotFoundError(f"{path}: kernel source not found")
    return KernelRef(path.stem, path, dict(b.defines), entry=b.entry,
                     include_dirs=tuple(b.include_dirs), flags=tuple(b.flags), block=b.block,
                     lang=b.lang)


def agent_label(name: str, seed: int) -> str:
    return name if name in DETERMINISTIC_AGENTS else f"{name}:seed={seed}"


def asm_diff_lines(a: str, b: str) -> int:
    """Changed instruction lines between two assemblies (comments and blank lines ignored)."""
    def code(text):
        return [ln.split(";")[0].split("//")[0].rstrip() for ln in text.splitlines()
                if ln.split(";")[0].split("//")[0].strip()]
    diff = difflib.unified_diff(code(a), code(b), lineterm="", n=0)
    return sum(1 for ln in diff if ln[:1] in "+-" and not ln.startswith(("+++", "---")))


def decisions_body(decisions: list[Decision] | None) -> str:
    import json
    return "".join(json.dumps(decision_to_dict(d)) + "\n" for d in decisions or [])


def run_row(kernel: KernelRef, target_name: str, agent_name: str, *, seed: int = 0,
            default_asm: str | None = None, store: Store | None = None,
            agent_options: dict | None = None, base: str = "target") -> dict:
    """Compile `kernel` with `agent` live over the channel and measure it (or reuse the row)."""
    target = parse_target(target_name)
    ir = kernel.ir(target)
    source_hash = content_hash(ir.read_bytes())
    label = agent_label(agent_name, seed) + ("" if base == "target" else f":base={base}")
    launch = launch_of(kernel.spec)
    tools = measurement_identity(target, launch)  # LLVM, plugin build, metrics (+ ptxas)
    key = row_key(source_hash, target.name, label, tools)
    if store is not None:
        cached = store.get_row(key)
        if cached is not None:
            return cached
    agent = None if agent_name == "default" else make_agent(agent_name, seed=seed,
                                                             **(agent_options or {}))
    try:
        result = compile_ir(ir, target, agent=agent, base=base)
    finally:
        if agent is not None:
            agent.close()
    m = static_metrics(result.asm, target, launch=launch, entry=result.entry)
    rep = result.report
    body = decisions_body(result.decisions)
    row = {
        "kernel": kernel.name, "target": target.name, "agent": agent_name, "seed": seed,
        "decisions": rep["decisions"], "choices": rep["choices"], "changed": rep["changed"],
        "changed_pct": round(100.0 * rep["changed"] / max(1, rep["choices"]), 1),
        "vgpr": m.vgpr, "sgpr": m.sgpr, "occupancy": m.occupancy, "spills": m.spills,
        "scratch_bytes": m.scratch_bytes, "est_cycles": m.est_cycles,
        "asm_diff_lines": 0 if default_asm is None else asm_diff_lines(default_asm, result.asm),
        "regions": rep["regions"], "passes": rep["passes"],
        "reverted_regions": rep["reverted_regions"], "reverted_passes": rep["reverted_passes"],
        "stale": rep["stale"], "time_us": None, "time_ci_us": None, "speedup": None,
        "decisions_hash": content_hash(body), "source_hash": source_hash,
        "agent_stats": result.agent_stats, "tools": tools,
        **kernel.build_record(), "symbol": result.entry,
    }
    if store is not None:
        store.put_row(key, kernel=kernel.name, source_hash=source_hash, target=target.name,
                      agent=label, decisions_body=body, tool_versions=tools, row=row)
    row["_asm"] = result.asm
    return row


def run_experiment(kernel: KernelRef, target_name: str, agents: list[str], *, seed: int = 0,
                   store: Store | None = None, agent_options: dict | None = None,
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
                      store=store, agent_options=agent_options)
        row.pop("_asm", None)
        if name in agents:
            rows.append(row)
    return rows
