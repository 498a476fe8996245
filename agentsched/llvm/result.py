"""What one llc-19 run made, and the files made from it (assembly, object, code object, cubin).

Outputs by extension (the target's `outputs`): .s/.ptx assembly, .o object (llvm-mc-19),
.co/.hsaco AMDGPU code object (ld.lld-19), .cubin (ptxas, NVPTX only).
"""
from __future__ import annotations

import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from ..core.files import STDOUT, staged_output
from ..core.protocol import Decision
from ..targets import BACKENDS, Launch, StaticMetrics, Target
from .metrics import static_metrics


@dataclass
class CompileResult:
    target: Target
    ir: Path
    asm: str  # assembly text (.s on AMDGPU, PTX on NVPTX)
    report: dict  # the plugin's summary (decisions, changed, stale, regions, reverts ...)
    decisions: list[Decision] | None = None  # picks made live (replayable)
    agent_stats: dict = field(default_factory=dict)
    outputs: dict = field(default_factory=dict)  # kind -> path written
    validated: str | None = None  # the assembler that accepted asm ("ptxas 13.0"), if any
    entry: str | None = None  # the kernel's symbol: the only function hooked and measured
    metrics: StaticMetrics | None = None  # filled in by measure() (agentsched.compile does)
    # a module of several kernels, scheduled as a whole (no entry): their symbols, and each
    # one's figures (measure(): .metrics is then the first kernel's)
    kernels: list[str] = field(default_factory=list)
    kernel_metrics: dict[str, StaticMetrics] = field(default_factory=dict)

    def measure(self, launch: Launch | None = None, with_cycles: bool = True) -> StaticMetrics:
        """The kernel's static figures (registers, occupancy, spills ...); kept in .metrics,
        and for a whole module each kernel's in .kernel_metrics. launch: block size and
        dynamic shared memory (NVPTX occupancy needs them)."""
        if self.entry is None and len(self.kernels) > 1:
            self.kernel_metrics = {
                k: static_metrics(self.asm, self.target, with_cycles=with_cycles,
                                  launch=launch, entry=k) for k in self.kernels}
            self.metrics = self.kernel_metrics[self.kernels[0]]
            return self.metrics
        self.metrics = static_metrics(self.asm, self.target, with_cycles=with_cycles,
                                      launch=launch, entry=self.entry)
        return self.metrics

    def write(self, out: str | Path) -> Path:
        """Write the assembly, object, code object or cubin, chosen by out's suffix."""
        return write_output(self, Path(out))

    def module(self, suffix: str | None = None) -> bytes:
        """What the GPU runtime loads (default: the target's module_suffix()) as bytes."""
        return module_bytes(self, suffix or self.target.module_suffix())


def module_bytes(result: CompileResult, suffix: str) -> bytes:
    """The loadable module of a compile (see write_output) as bytes, through a temp file."""
    with tempfile.TemporaryDirectory(prefix="agentsched-mod-") as d:
        return write_output(result, Path(d) / f"module{suffix}").read_bytes()


def output_kind(target: Target, out: Path) -> str:
    """asm, obj, co or cubin: what `out`'s suffix asks for; ValueError when the target has
    no such output."""
    kind = target.outputs.get(out.suffix)
    if kind is not None:
        return kind
    others = [b.family.upper() for b in BACKENDS if out.suffix in b.outputs]
    if others:
        raise ValueError(f"{out}: {out.suffix} output is for {' and '.join(others)} targets; "
                         f"use {', '.join(target.outputs)}")
    every = dict.fromkeys(s for b in BACKENDS for s in b.outputs)
    raise ValueError(f"{out}: unknown output kind {out.suffix!r} (use {', '.join(every)})")


def write_output(result: CompileResult, out: Path, kind: str | None = None) -> Path:
    """Write the compile's assembly, object, code object or cubin, chosen by out's suffix
    (or `kind`); "-" is the assembly on standard output."""
    t = result.target
    kind = kind or ("asm" if str(out) == STDOUT else output_kind(t, Path(out)))
    with tempfile.TemporaryDirectory(prefix="agentsched-") as tmpd, \
            staged_output(out) as final:
        asm = Path(tmpd) / f"out{t.asm_suffix}"
        asm.write_text(result.asm)
        if kind == "asm":
            shutil.copyfile(asm, final)
        else:
            t.write_module(asm, kind, final)
    result.outputs[kind] = out
    return Path(out)
