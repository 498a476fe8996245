"""LLVM IR files as agentsched passes them around: the comment lines it writes at their top
(which kernel the IR is about, which llc flags another compiler's IR needs) and the GPU they
were generated for.

The header lines are part of the IR's bytes, so every cache keyed by the IR is keyed by them
too, and llc ignores them (comments).
"""
from __future__ import annotations

import re
from pathlib import Path

from ..targets import Launch, Target
from ..tools.programs import find_tool, path_arg, run

# The kernel the IR is about (its symbol): compile_ir hooks only that function and the metrics
# read only its figures.
ENTRY_LINE = "; agentsched-entry: "
# A module of several kernels scheduled as a whole (no --entry): its kernels' symbols, in
# order. Every function is hooked; metrics are measured for each of these kernels.
KERNELS_LINE = "; agentsched-kernels: "
# IR that agentsched prepared from another compiler's output (agentsched.triton) names the llc
# flags that compiler's own code generator used (PTX ISA, fp contraction, 32-bit shared
# pointers ...): stock and plugin compiles of the IR use the same flags.
LLC_FLAGS_MARK = "; agentsched-llc-flags:"
# IR of a kernel whose launch its compiler fixed (Triton: num_warps, the shared memory its
# launcher requests) says so: "; agentsched-launch: 256 threads, 147456 bytes dynamic shared"
LAUNCH_MARK = "; agentsched-launch:"


def header_line(ir: str | Path, mark: str) -> str | None:
    """What follows `mark` on one of the comment lines that open an IR file, if any."""
    try:
        with open(ir, "rb") as fh:
            for raw in fh:
                line = raw.decode(errors="replace")
                if not line.startswith(";"):
                    return None
                if line.startswith(mark):
                    return line[len(mark):].strip()
    except OSError:
        pass
    return None


def ir_entry(ir: str | Path) -> str | None:
    """The kernel an IR file names in its opening comment lines, if any."""
    return header_line(ir, ENTRY_LINE)


def launch_line(launch: Launch) -> str:
    return f"{LAUNCH_MARK} {launch.threads} threads, {launch.dynamic_shared} bytes dynamic shared"


def recorded_launch(ir: str | Path) -> Launch | None:
    """The launch an IR file's opening comment lines record (launch_line), if any."""
    line = header_line(ir, LAUNCH_MARK)
    m = re.fullmatch(r"(\d+) threads, (\d+) bytes dynamic shared", line or "")
    return Launch(int(m.group(1)), int(m.group(2))) if m else None


def ir_kernels(ir: str | Path) -> list[str]:
    """The kernels an IR file's opening lines name: its one kernel (ENTRY_LINE) or the whole
    module's (KERNELS_LINE); [] when it names none."""
    entry = ir_entry(ir)
    if entry is not None:
        return [entry]
    line = header_line(ir, KERNELS_LINE)
    return line.split() if line else []


def recorded_llc_flags(ir: Path) -> list[str]:
    line = header_line(ir, LLC_FLAGS_MARK)
    return line.split() if line is not None else []


def ir_text(ir: Path) -> str:
    """LLVM IR as text: a .ll file as it is, bitcode through llvm-dis-19."""
    data = ir.read_bytes()
    if data[:4] in (b"BC\xc0\xde", b"\xde\xc0\x17\x0b"):  # bitcode, raw or in a wrapper
        return run([find_tool("llvm-dis-19"), path_arg(ir), "-o", "-"])
    return data.decode("utf-8", errors="replace")


class IRTargetMismatch(ValueError):
    """IR generated for another GPU than the target asked for."""


_TARGET_CPU = re.compile(r'"target-cpu"="([^"]*)"')


def check_ir_target(ir: Path, target: Target) -> None:
    """Refuse IR for another GPU: its triple, or its functions' "target-cpu" attribute, which
    overrides llc's -mcpu (gfx942 IR compiled with -t gfx1100 gives gfx942 code, labelled
    gfx1100, with gfx942's register counts). IR without a target-cpu takes the target's."""
    text = ir_text(ir)
    m = re.search(r'^target triple = "([^"]+)"', text, re.M)
    if m and m.group(1).split("-")[0] != target.triple.split("-")[0]:
        raise IRTargetMismatch(f"{ir}: IR is for {m.group(1)}, not for target {target.name} "
                               f"({target.triple})")
    cpus = sorted(set(_TARGET_CPU.findall(text)) - {target.name})
    if cpus:
        raise IRTargetMismatch(
            f"{ir}: IR was generated for {', '.join(cpus)} (its functions' \"target-cpu\"), "
            f"not for target {target.name}: llc would emit {cpus[0]} code and label it "
            f"{target.name}. Regenerate the IR for {target.name} (or remove the attribute)")
