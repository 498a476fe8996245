"""Static metrics of a compiled kernel: registers, occupancy, spills, scratch, estimated cycles.

AMDGPU figures are LLVM's own (the assembly's kernel-info comments and metadata); NVPTX
registers and spills come from `ptxas -v` when a CUDA toolkit's ptxas is present.
"""
from __future__ import annotations

import re
import subprocess
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path

from .toolchain.compile import Target
from .toolchain.tools import find_ptxas, find_tool

# Bumped whenever a metric's definition changes, so cached rows and evaluations are redone.
METRICS_VERSION = 2


@dataclass
class StaticMetrics:
    vgpr: int | None = None  # AMDGPU: VGPRs (+AGPRs on gfx90a/gfx942); NVPTX: ptxas registers
    sgpr: int | None = None
    occupancy: int | None = None  # AMDGPU: waves per SIMD as LLVM computes it
    spills: int | None = None  # spilled registers (AMDGPU) / spill stores+loads bytes (NVPTX)
    scratch_bytes: int | None = None  # private segment (AMDGPU) / stack frame (NVPTX)
    est_cycles: float | None = None  # llvm-mca cycles per iteration of the hottest loop
    code_bytes: int | None = None

    def as_dict(self) -> dict:
        return asdict(self)


def _first_int(pattern: str, text: str) -> int | None:
    m = re.search(pattern, text, re.M)
    return int(m.group(1)) if m else None


def amdgpu_kernel_asm(asm: str, entry: str | None) -> tuple[str, str, str]:
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
    info = "\n".join(re.match(r"(?:[ \t]*;[^\n]*\n?)*", after[1].lstrip("\n")).group(0)
                     .splitlines()) if len(after) > 1 else ""
    meta = asm[start:] if "amdhsa.kernels:" not in asm else ""
    for item in re.split(r"^  - \.", asm.split("amdhsa.kernels:", 1)[-1], flags=re.M)[1:]:
        if entry is None or re.search(rf"^\s+\.name:\s+{re.escape(entry)}$", item, re.M):
            meta = item
            break
    return asm[start:end], info, meta


def amdgpu_metrics(asm: str, entry: str | None = None) -> StaticMetrics:
    """Figures of one kernel in AMDGPU assembly: `entry`'s, or the first one's."""
    _, info, meta = amdgpu_kernel_asm(asm, entry)
    vgpr = _first_int(r"^; TotalNumVgprs: (\d+)", info) or _first_int(r"^; NumVgprs: (\d+)", info)
    spills = (_first_int(r"\.vgpr_spill_count:\s+(\d+)", meta) or 0) + \
        (_first_int(r"\.sgpr_spill_count:\s+(\d+)", meta) or 0)
    return StaticMetrics(
        vgpr=vgpr, sgpr=_first_int(r"^; NumSgprs: (\d+)", info),
        occupancy=_first_int(r"^; Occupancy: (\d+)", info), spills=spills,
        scratch_bytes=_first_int(r"^; ScratchSize: (\d+)", info),
        code_bytes=_first_int(r"^; codeLenInByte = (\d+)", info))


def ptxas_metrics(ptx: str, target: Target, entry: str | None = None) -> StaticMetrics:
    """ptxas -v figures of one kernel: `entry`'s, or the first one's."""
    ptxas = find_ptxas()
    if not ptxas:
        return StaticMetrics()
    with tempfile.TemporaryDirectory(prefix="agentsched-") as d:
        src = Path(d) / "k.ptx"
        src.write_text(ptx)
        proc = subprocess.run([ptxas, f"-arch={target.name}", "-O3", "-v", str(src), "-o",
                               str(Path(d) / "k.cubin")], capture_output=True, text=True)
    out = proc.stdout + proc.stderr
    if proc.returncode != 0:
        raise RuntimeError(f"ptxas failed: {out.strip()[-500:]}")
    # one block per function: "Compiling entry function 'SYM'" / "Function properties for SYM"
    blocks = re.split(r"^ptxas info\s*: Compiling entry function ", out, flags=re.M)[1:]
    if entry is not None:
        blocks = [b for b in blocks if b.startswith(f"'{entry}'")]
        if not blocks:
            raise ValueError(f"kernel {entry!r} is not in the PTX")
    out = blocks[0] if blocks else out
    stores = _first_int(r"(\d+) bytes spill stores", out) or 0
    loads = _first_int(r"(\d+) bytes spill loads", out) or 0
    return StaticMetrics(vgpr=_first_int(r"Used (\d+) registers", out), spills=stores + loads,
                         scratch_bytes=_first_int(r"(\d+) bytes stack frame", out))


def static_metrics(asm: str, target: Target, with_cycles: bool = True,
                   entry: str | None = None) -> StaticMetrics:
    """Figures of the kernel `entry` (CompileResult.entry; None: the first kernel)."""
    if target.is_amdgpu:
        m = amdgpu_metrics(asm, entry)
        if with_cycles:
            m.est_cycles = mca_cycles(amdgpu_kernel_asm(asm, entry)[0], target)
        return m
    return ptxas_metrics(asm, target, entry)


# ---------------------------------------------------------------- llvm-mca

_IN_LOOP = re.compile(r"in Loop: Header=(\S+) Depth=(\d+)")
_LOOP_HEADER = re.compile(r"Loop Header: Depth=(\d+)")
_BRANCH = re.compile(r"^\s*(s_cbranch\w*|s_branch|s_setpc\w*|s_endpgm|s_cbranch_execz)\b")


def hottest_loop(asm: str) -> list[str]:
    """Instructions of the deepest loop (largest one on ties), labels and branches removed:
    a static stand-in for 'where the kernel spends its time'."""
    loops: dict[str, tuple[int, list[str]]] = {}
    current = label = None
    for line in asm.splitlines():
        s = line.strip()
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


def mca_cycles(asm: str, target: Target, iterations: int | None = None) -> float | None:
    """llvm-mca-19's cycles per iteration of the hottest loop: an estimate from LLVM's
    scheduling model, blind to memory latency and occupancy. By default about 20,000
    simulated instructions (100 iterations of a small loop, at least 3 of a huge one): mca's
    time grows with that product, and the per-iteration figure settles within a few."""
    body = hottest_loop(asm)
    if not body:
        return None
    iterations = iterations or max(3, min(100, 20000 // len(body)))
    proc = subprocess.run(
        [find_tool("llvm-mca-19"), f"-mtriple={target.triple}", f"-mcpu={target.name}",
         f"-iterations={iterations}", "-all-views=false", "-summary-view"],
        input="\n".join(body) + "\n", capture_output=True, text=True)
    total = _first_int(r"^Total Cycles:\s+(\d+)", proc.stdout)
    return round(total / iterations, 2) if total else None


# ---------------------------------------------------------------- occupancy tables

def occupancy_from_vgprs(target: str, vgprs: int) -> int:
    """Waves per SIMD from VGPR use, per LLVM 19's tables (FINDINGS.md); used to check
    LLVM's own figure and the seed's claims."""
    if target.startswith("gfx11") or target.startswith("gfx12"):
        total, granule, max_waves = 1536, 24, 16  # wave32
    elif target in ("gfx90a", "gfx940", "gfx941", "gfx942"):
        total, granule, max_waves = 512, 8, 8  # wave64, VGPRs + AGPRs
    else:
        raise ValueError(f"no VGPR occupancy table for {target}")
    used = max(granule, -(-vgprs // granule) * granule)
    return min(max_waves, total // used)
