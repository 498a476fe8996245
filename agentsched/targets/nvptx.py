"""NVPTX (sm_80 ... sm_90a): CUDA, PTX checked and measured by ptxas, NVIDIA's occupancy rules.

llc writes PTX; ptxas (from a CUDA toolkit or NVIDIA's wheel) validates it (LLVM can emit PTX
that passes -verify-machineinstrs and that ptxas rejects), assembles the cubin and reports
registers, spills and shared memory (`ptxas -v`). One ptxas run per PTX text serves all three.
Occupancy follows cuda_occupancy.h with the per-architecture limits of SM_LIMITS.
"""
from __future__ import annotations

import functools
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from ..core import env
from ..tools.programs import ToolFailed, find_ptxas, ptxas_release, run_tool
from .base import Launch, StaticMetrics, Target, first_int, kernel_label


@dataclass(frozen=True)
class SmLimits:
    max_warps: int  # resident warps per SM
    max_blocks: int  # resident blocks per SM
    smem_per_sm: int  # shared memory per SM, bytes (the largest carveout, the default)
    smem_per_block: int  # largest shared memory per block (opt-in), bytes


# NVIDIA's tables: CUDA C++ Programming Guide, "Technical Specifications per Compute
# Capability" (warps, blocks, shared memory per SM and per block), and the rules of
# cuda_occupancy.h (cudaOccMaxActiveBlocksPerMultiprocessor, the CUDA occupancy calculator):
# 65536 registers per SM and per block, allocated per warp in units of 256 registers, in 4
# sub-partitions of the SM; at most 255 registers per thread; shared memory allocated in
# units of 128 bytes, plus 1 KB reserved per block by the driver (compute capability >= 8).
# A new architecture is one entry here (and llc-19 must know its name).
SM_LIMITS = {
    "sm_80": SmLimits(64, 32, 164 * 1024, 163 * 1024),
    "sm_86": SmLimits(48, 16, 100 * 1024, 99 * 1024),
    "sm_87": SmLimits(48, 16, 164 * 1024, 163 * 1024),
    "sm_89": SmLimits(48, 24, 100 * 1024, 99 * 1024),
    "sm_90": SmLimits(64, 32, 228 * 1024, 227 * 1024),
    "sm_90a": SmLimits(64, 32, 228 * 1024, 227 * 1024),
}
REGS_PER_SM = REGS_PER_BLOCK = 65536
REG_ALLOC_UNIT = 256  # registers, per warp
SUB_PARTITIONS = 4
MAX_REGS_PER_THREAD = 255
SMEM_ALLOC_UNIT = 128
SMEM_RESERVED_PER_BLOCK = 1024
MAX_THREADS_PER_BLOCK = 1024
WARP = 32


def _round_up(x: int, unit: int) -> int:
    return -(-x // unit) * unit


def cuda_occupancy(arch: str, regs: int, threads: int, static_smem: int = 0,
                   dynamic_smem: int = 0) -> int | None:
    """Resident warps per SM for a kernel using `regs` registers per thread and `static_smem`
    bytes of shared memory, launched with `threads` per block and `dynamic_smem` bytes: the
    smallest of the register, warp, block and shared-memory limits, as cuda_occupancy.h
    computes them (default carveout, no partitioned caching). None for an arch without a
    table; 0 when one block does not fit."""
    lim = SM_LIMITS.get(arch)
    if lim is None:
        return None
    if threads < 1 or threads > MAX_THREADS_PER_BLOCK or regs > MAX_REGS_PER_THREAD:
        return 0
    warps = -(-threads // WARP)
    # registers: per warp, rounded to the allocation unit, placed per sub-partition
    regs_per_warp = _round_up(regs * WARP, REG_ALLOC_UNIT)
    if regs_per_warp == 0:
        by_regs = lim.max_blocks
    elif (regs_per_warp * _round_up(warps, SUB_PARTITIONS) > REGS_PER_BLOCK
          or regs_per_warp * warps > REGS_PER_BLOCK):
        by_regs = 0
    else:
        by_regs = (REGS_PER_SM // SUB_PARTITIONS // regs_per_warp) * SUB_PARTITIONS // warps
    by_warps = lim.max_warps // warps
    smem = _round_up(static_smem + SMEM_RESERVED_PER_BLOCK + dynamic_smem, SMEM_ALLOC_UNIT)
    by_smem = 0 if smem > lim.smem_per_block + SMEM_RESERVED_PER_BLOCK \
        else lim.smem_per_sm // smem
    return min(by_regs, by_warps, lim.max_blocks, by_smem) * warps


def _entry_ptx(ptx: str, entry: str | None) -> str:
    """The PTX of kernel `entry` (from its .entry line to the next), or all of it."""
    if entry is None:
        return ptx
    start = re.search(rf"^\.(?:visible\s+)?\.entry\s+{re.escape(entry)}\b", ptx, re.M)
    if not start:
        return ptx
    ptx = ptx[start.start():]
    nxt = re.search(r"^\.(?:visible\s+)?\.entry\s", ptx[1:], re.M)
    return ptx[:nxt.start() + 1] if nxt else ptx


def ptx_block_bound(ptx: str, entry: str | None = None) -> tuple[str, int] | None:
    """('reqntid' or 'maxntid', threads): the block size `entry`'s PTX fixes or bounds
    (__launch_bounds__ gives .maxntid), else the first entry's that says; None when none."""
    m = re.search(r"^\s*\.(reqntid|maxntid)\s+(\d+)(?:\s*,\s*(\d+))?(?:\s*,\s*(\d+))?",
                  _entry_ptx(ptx, entry), re.M)
    if not m:
        return None
    n = 1
    for g in m.groups()[1:]:
        n *= int(g or 1)
    return m.group(1), n


def ptx_block_threads(ptx: str, entry: str | None = None) -> int | None:
    """Threads per block the PTX fixes (.reqntid) or bounds (.maxntid, taken as the block
    size): `entry`'s directives, else the first entry's that says."""
    bound = ptx_block_bound(ptx, entry)
    return bound[1] if bound else None


def check_launch_threads(threads: int, bound: tuple[str, int] | None, what: str) -> None:
    """Refuse a launch the kernel cannot run: more threads than its .maxntid, or other than
    its .reqntid (CUDA refuses such a launch)."""
    if bound is None:
        return
    kind, n = bound
    if (kind == "maxntid" and threads > n) or (kind == "reqntid" and threads != n):
        rule = f"at most {n}" if kind == "maxntid" else f"exactly {n}"
        raise ValueError(f"a launch of {threads} threads per block cannot run {what}: its "
                         f"PTX says .{kind} {n} (__launch_bounds__), {rule} threads")


# ---------------------------------------------------------------- ptxas

@dataclass(frozen=True)
class PtxasRun:
    returncode: int
    log: str  # stdout + stderr of ptxas -v
    cubin: bytes | None  # the whole-program cubin, when it links on its own


@functools.lru_cache(maxsize=8)
def run_ptxas(ptx: str, arch: str) -> PtxasRun | None:
    """`ptxas -arch=ARCH -O3 -v` on PTX text (memoized: validation, metrics and .cubin output
    of one compile share one run); with -c when the PTX calls external functions. None when
    no ptxas is installed or it does not know ARCH."""
    ptxas = find_ptxas()
    if not ptxas:
        return None
    with tempfile.TemporaryDirectory(prefix="agentsched-ptxas-") as d:
        src, out = Path(d) / "k.ptx", Path(d) / "k.cubin"
        src.write_text(ptx)
        result = None
        for extra in ([], ["-c"]):
            proc = run_tool([ptxas, f"-arch={arch}", "-O3", "-v", *extra, str(src),
                             "-o", str(out)])
            log = proc.stdout + proc.stderr
            if re.search(r"not defined for option 'gpu-name'|Unknown arch|unsupported gpu", log,
                         re.I):
                return None
            result = PtxasRun(proc.returncode, log,
                              out.read_bytes() if proc.returncode == 0 and not extra else None)
            if proc.returncode == 0 or "Unresolved extern function" not in log:
                break
        return result


def ptxas_name() -> str:
    """"ptxas 12.4": the installed ptxas and its CUDA release."""
    m = re.search(r"release (\d+\.\d+)", ptxas_release(find_ptxas()))
    return f"ptxas {m.group(1)}" if m else "ptxas"


def ptxas_version() -> str:
    """ptxas's release line ('none' without ptxas): NVPTX metrics come from it."""
    ptxas = find_ptxas()
    return ptxas_release(ptxas) if ptxas else "none"


def ptxas_error(log: str) -> str:
    lines = [ln for ln in log.splitlines() if "error" in ln.lower() or "fatal" in ln.lower()]
    return "\n".join(lines[:5]) or log.strip()[-500:]


def ptxas_metrics(ptx: str, target: Target, launch: Launch | None = None,
                  entry: str | None = None) -> StaticMetrics:
    """ptxas -v figures of one kernel: `entry`'s, or the first one's."""
    ptxas = run_ptxas(ptx, target.name)  # the run that validated this PTX, if any
    if ptxas is None:
        return StaticMetrics()
    out = ptxas.log
    if ptxas.returncode != 0:
        raise RuntimeError(f"ptxas failed: {out.strip()[-500:]}")
    # one block per function: "Compiling entry function 'SYM'" / "Function properties for SYM"
    blocks = re.split(r"^ptxas info\s*: Compiling entry function ", out, flags=re.M)[1:]
    if entry is not None:
        blocks = [b for b in blocks if b.startswith(f"'{entry}'")]
        if not blocks:
            raise ValueError(f"kernel {entry!r} is not in the PTX")
    out = blocks[0] if blocks else out
    regs = first_int(r"Used (\d+) registers", out)
    if regs is None:  # no kernel in the module
        return StaticMetrics()
    stores = first_int(r"(\d+) bytes spill stores", out) or 0
    loads = first_int(r"(\d+) bytes spill loads", out) or 0
    smem = first_int(r"(\d+) bytes smem", out) or 0
    bound = ptx_block_bound(ptx, entry)
    threads = launch.threads if launch is not None and launch.threads is not None else \
        (bound[1] if bound else None)
    if launch is not None and launch.threads is not None:
        check_launch_threads(launch.threads, bound, kernel_label(entry))
    dynamic = launch.dynamic_shared if launch is not None else 0
    occupancy = None if threads is None else cuda_occupancy(
        target.name, regs, threads, smem, dynamic)
    return StaticMetrics(vgpr=regs, spills=-(-stores // 4), spill_bytes=stores + loads,
                         scratch_bytes=first_int(r"(\d+) bytes stack frame", out),
                         shared_bytes=smem, occupancy=occupancy, block_threads=threads,
                         dynamic_shared=dynamic if launch is not None else None)


# ---------------------------------------------------------------- the target

class NvptxTarget(Target):
    family = "nvptx"
    triple = "nvptx64-nvidia-cuda"
    prefixes = ("sm", "compute_", "nvptx")
    names = re.compile(r"^\s+(sm_\d+a?)\s", re.M)
    offload_lang = "cuda"
    runtime_kind = "cuda"
    asm_suffix = ".ptx"
    binary_suffix = ".cubin"
    outputs: ClassVar[dict[str, str]] = {".s": "asm", ".ptx": "asm", ".cubin": "cubin"}
    # Every per-thread class is allocated from the same 32-bit registers by ptxas: a 64-bit
    # register takes two, a 128-bit one four; Int1Regs are predicates (their own file), and
    # SpecialRegs_with_Int32Regs duplicates Int32Regs' units (so it is left out).
    pressure_sets: ClassVar[dict[str, dict[str, int]]] = {
        "vgpr": {"Int16Regs": 1, "Int32Regs": 1, "Float32Regs": 1, "Int64Regs": 2,
                 "Float64Regs": 2, "Int128Regs": 4}, "sgpr": {}}

    @property
    def llc_flags(self) -> list[str]:
        # NVPTX runs the machine scheduler only with -enable-misched
        return [*super().llc_flags, "-enable-misched"]

    def module_suffix(self) -> str:
        """A cubin when ptxas is here, else PTX (the driver then JIT-compiles it)."""
        return self.binary_suffix if find_ptxas() else self.asm_suffix

    def write_module(self, asm_file: Path, kind: str, out: Path) -> None:
        ptxas = run_ptxas(asm_file.read_text(), self.name)
        if ptxas is None:
            raise ToolFailed(f"no ptxas for {self.name}: .cubin needs a CUDA toolkit's ptxas "
                             "(or write .ptx and let the driver load it)")
        if ptxas.cubin is None:
            raise ToolFailed(f"ptxas failed (exit {ptxas.returncode}): "
                             f"{ptxas_error(ptxas.log)}")
        out.write_bytes(ptxas.cubin)

    def validate(self, asm: str) -> str | None:
        run = run_ptxas(asm, self.name)
        if run is None:
            return None
        if run.returncode != 0:
            raise ToolFailed(f"ptxas rejected the PTX for {self.name}: {ptxas_error(run.log)}")
        return ptxas_name()

    def metrics(self, asm: str, *, launch: Launch | None = None, entry: str | None = None,
                with_cycles: bool = True) -> StaticMetrics:
        return ptxas_metrics(asm, self, launch, entry)

    def unmeasurable(self, metric: str) -> str | None:
        if metric in ("vopd_pairs", "delay_alu", "delay_alu_total", "waitcnts"):
            return ("VOPD pairs, s_delay_alu and s_waitcnt are AMDGPU's (docs/postra.md); use "
                    "vgpr, occupancy, spills, size or time")
        if metric == "est_cycles":
            return ("llvm-mca-19 has no scheduling model for NVPTX (and no PTX parser); use "
                    "vgpr, occupancy, spills or time")
        if find_ptxas() is None:
            return ("NVPTX registers, spills and occupancy come from ptxas, which is not "
                    "installed (pip install 'agentsched[sdk]', a CUDA toolkit, or "
                    f"{env.PTXAS}=/path/to/ptxas)")
        if metric == "occupancy" and self.name not in SM_LIMITS:
            return f"no CUDA occupancy table for it (have {', '.join(SM_LIMITS)})"
        return None

    def measurement_identity(self, launch: Launch | None = None) -> list[str]:
        parts = [f"ptxas {ptxas_version()}"]
        if launch is not None:
            parts.append(launch.identity())
        return parts
