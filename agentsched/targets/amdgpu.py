"""AMDGPU (GCN/RDNA: gfx90a, gfx942, gfx1100 ...): HIP, code objects, LLVM's own figures.

The figures are LLVM's: the assembly's kernel-info comments (`; NumVgprs`, `; Occupancy` ...)
and metadata (`.vgpr_spill_count`), plus llvm-mca-19's cycle estimate of the hottest loop.
A module is a code object: llvm-mc-19 assembles, ld.lld-19 links (as hipcc does).
"""
from __future__ import annotations

import fnmatch
import re
from pathlib import Path
from typing import ClassVar

from ..tools.programs import find_tool, run, run_tool
from .base import Launch, StaticMetrics, Target, first_int

# VGPR occupancy rules of LLVM 19 (the tables llc-19's `; Occupancy:` follows): GPU names (shell patterns) -> (VGPRs per
# SIMD, allocation granule, most waves per SIMD). A new GPU with known rules is one entry here.
VGPR_RULES: dict[tuple[str, ...], tuple[int, int, int]] = {
    ("gfx11*", "gfx12*"): (1536, 24, 16),  # wave32
    ("gfx90a", "gfx940", "gfx941", "gfx942"): (512, 8, 8),  # wave64, VGPRs + AGPRs
}


def occupancy_from_vgprs(target: str, vgprs: int) -> int:
    """Waves per SIMD from VGPR use, per LLVM 19's tables (VGPR_RULES); used to check
    LLVM's own figure and the seed's claims."""
    for names, rule in VGPR_RULES.items():
        if any(fnmatch.fnmatchcase(target, n) for n in names):
            total, granule, max_waves = rule
            used = max(granule, -(-vgprs // granule) * granule)
            return min(max_waves, total // used)
    raise ValueError(f"no VGPR occupancy table for {target}")


def kernel_asm(asm: str, entry: str | None) -> tuple[str, str, str]:
    """(code, kernel-info comments, metadata) of one kernel in AMDGPU assembly: `entry`'s,
    or the first kernel's when None."""
    if entry is None:
        start = 0
    else:
        m = re.search(rf"^{re.escape(entry)}:", asm, re.M)
        if not m:
            raise ValueError(f"kernel {entry!r} is not in the assembly")
        start = m.start()
    end = asm.find("; -- End function", start)
    end = len(asm) if end < 0 else end
    after = (asm[end:] if end < len(asm) else asm[start:]).split("; Kernel info:", 1)
    info = ""
    if len(after) > 1:  # the comment lines that follow "; Kernel info:"
        comments = re.match(r"(?:[ \t]*;[^\n]*\n?)*", after[1].lstrip("\n"))
        info = "\n".join(comments.group(0).splitlines()) if comments else ""
    meta = asm[start:] if "amdhsa.kernels:" not in asm else ""
    for item in re.split(r"^  - \.", asm.split("amdhsa.kernels:", 1)[-1], flags=re.M)[1:]:
        if entry is None or re.search(rf"^\s+\.name:\s+{re.escape(entry)}$", item, re.M):
            meta = item
            break
    return asm[start:end], info, meta


def kernel_metrics(asm: str, entry: str | None = None) -> StaticMetrics:
    """Figures of one kernel in AMDGPU assembly: `entry`'s, or the first one's."""
    _, info, meta = kernel_asm(asm, entry)
    vgpr = first_int(r"^; TotalNumVgprs: (\d+)", info) or first_int(r"^; NumVgprs: (\d+)", info)
    vspill = first_int(r"\.vgpr_spill_count:\s+(\d+)", meta)
    sspill = first_int(r"\.sgpr_spill_count:\s+(\d+)", meta)
    spills = None if vspill is None and sspill is None else (vspill or 0) + (sspill or 0)
    return StaticMetrics(
        vgpr=vgpr, sgpr=first_int(r"^; NumSgprs: (\d+)", info),
        occupancy=first_int(r"^; Occupancy: (\d+)", info), spills=spills,
        scratch_bytes=first_int(r"^; ScratchSize: (\d+)", info),
        shared_bytes=first_int(r"^; LDSByteSize: (\d+)", info),
        code_bytes=first_int(r"^; codeLenInByte = (\d+)", info))


# ---------------------------------------------------------------- llvm-mca

_IN_LOOP = re.compile(r"in Loop: Header=(\S+) Depth=(\d+)")
_LOOP_HEADER = re.compile(r"Loop Header: Depth=(\d+)")
_BRANCH = re.compile(r"^\s*(s_cbranch\w*|s_branch|s_setpc\w*|s_endpgm|s_cbranch_execz)\b")
# Labels inside a block (debug line info: Triton's kernels have .Ltmp labels between
# instructions): not block boundaries, so they neither end nor start a loop's block.
_INNER_LABEL = re.compile(r"^\.Ltmp\d+:")


def hottest_loop(asm: str) -> list[str]:
    """Instructions of the deepest loop (largest one on ties), labels and branches removed:
    a static stand-in for 'where the kernel spends its time'."""
    loops: dict[str, tuple[int, list[str]]] = {}
    current: tuple[str, int] | None = None
    label = ""
    for line in asm.splitlines():
        s = line.strip()
        if _INNER_LABEL.match(s):
            continue
        is_label = s.startswith((".LBB", "; %bb.")) or bool(re.match(r"^\S+:", line))
        if is_label:
            label = s.split(":")[0].removeprefix(".L").removeprefix("; %")
            m = _IN_LOOP.search(line)
            current = (m.group(1), int(m.group(2))) if m else None
        # A loop's blocks say "in Loop: Header=BB0_2 Depth=1"; its header block (.LBB0_2)
        # says "=>This Inner Loop Header: Depth=1", on the label's line or the next comment.
        h = _LOOP_HEADER.search(line) if is_label or s.startswith(";") else None
        if h:
            current = (label, int(h.group(1)))
        if current:
            loops.setdefault(current[0], (current[1], []))
        if is_label or current is None or not s or s.startswith((";", ".", "//")) or \
                _BRANCH.match(s):
            continue
        loops[current[0]][1].append(s.split(";")[0].rstrip())
    if not loops:
        return []
    _, body = max(loops.values(), key=lambda v: (v[0], len(v[1])))
    return body


def kernel_body(asm: str) -> list[str]:
    """Instructions of the first function in AMDGPU assembly in layout order, labels,
    directives, comments and branches removed: the straight-line path through a loop-free
    kernel, each block once (for a kernel with if/else, both sides: an upper bound)."""
    body, inside = [], False
    for line in asm.splitlines():
        s = line.strip()
        if not inside:
            inside = bool(re.match(r"^[A-Za-z_$][\w$.]*:", line)) and not s.startswith(".")
            continue
        if s.startswith(".Lfunc_end"):
            break
        if not s or s.startswith((";", ".", "//")) or s.endswith(":") or _BRANCH.match(s):
            continue
        body.append(s.split(";")[0].rstrip())
    return body


def mca_cycles(asm: str, target: Target, iterations: int | None = None) -> float | None:
    """llvm-mca-19's cycles per iteration of the hottest loop: an estimate from LLVM's
    scheduling model, blind to memory latency and occupancy. By default about 20,000
    simulated instructions (100 iterations of a small loop, at least 3 of a huge one): mca's
    time grows with that product, and the per-iteration figure settles within a few.
    A kernel without loops is estimated over its whole body (kernel_body), one pass: the
    cycles of one run of the straight-line path."""
    body = hottest_loop(asm)
    if not body:
        body = kernel_body(asm)
        iterations = 1
    if not body:
        return None
    iterations = iterations or max(3, min(100, 20000 // len(body)))
    proc = run_tool(
        [find_tool("llvm-mca-19"), f"-mtriple={target.triple}", f"-mcpu={target.name}",
         f"-iterations={iterations}", "-all-views=false", "-summary-view"],
        input="\n".join(body) + "\n")
    total = first_int(r"^Total Cycles:\s+(\d+)", proc.stdout)
    return round(total / iterations, 2) if total else None


# ---------------------------------------------------------------- the target

class AmdgpuTarget(Target):
    family = "amdgpu"
    triple = "amdgcn-amd-amdhsa"
    prefixes = ("gfx", "amdgcn")
    names = re.compile(r"^\s+(gfx\d+[0-9a-z]*)\s", re.M)
    offload_lang = "hip"
    runtime_kind = "hip"
    asm_suffix = ".s"
    binary_suffix = ".co"
    outputs: ClassVar[dict[str, str]] = {".s": "asm", ".o": "obj", ".co": "co",
                                         ".hsaco": "co"}
    # VGPR_32 and AGPR_32 count 32-bit units (gfx90a/gfx942 allocate both from one file, so
    # they add up); SReg_32 rarely limits occupancy (gfx10+: never), so it is not guarded.
    pressure_sets: ClassVar[dict[str, dict[str, int]]] = {
        "vgpr": {"VGPR_32": 1, "AGPR_32": 1}, "sgpr": {"SReg_32": 1}}

    def write_module(self, asm_file: Path, kind: str, out: Path) -> None:
        obj = asm_file.with_suffix(".o") if kind == "co" else out
        run([find_tool("llvm-mc-19"), f"-triple={self.triple}", f"-mcpu={self.name}",
             "-filetype=obj", str(asm_file), "-o", str(obj)])
        if kind == "co":
            run([find_tool("ld.lld-19"), "-shared", str(obj), "-o", str(out)])

    def metrics(self, asm: str, *, launch: Launch | None = None, entry: str | None = None,
                with_cycles: bool = True) -> StaticMetrics:
        m = kernel_metrics(asm, entry)
        if with_cycles:
            m.est_cycles = mca_cycles(kernel_asm(asm, entry)[0], self)
        return m
