"""Static metrics of a compiled kernel: registers, occupancy, spills, scratch, estimated cycles.

AMDGPU figures are LLVM's own (the assembly's kernel-info comments and metadata); NVPTX
registers, spills and shared memory come from `ptxas -v` when ptxas is present, and NVPTX
occupancy from those and the block size by the CUDA occupancy rules (cuda_occupancy below).
docs/search.md defines every field.
"""
from __future__ import annotations

import re
from dataclasses import asdict, dataclass

from .toolchain.compile import Target, run_ptxas
from .toolchain.tools import find_ptxas, find_tool, ptxas_release, run_tool

# Bumped whenever a metric's definition changes, so cached rows and evaluations are redone.
METRICS_VERSION = 3


@dataclass
class StaticMetrics:
    vgpr: int | None = None  # AMDGPU: VGPRs (+AGPRs on gfx90a/gfx942); NVPTX: ptxas registers
    sgpr: int | None = None  # AMDGPU only
    occupancy: int | None = None  # AMDGPU: waves per SIMD (LLVM's figure); NVPTX: resident
    # warps per SM (cuda_occupancy: registers, shared memory, block size)
    spills: int | None = None  # 32-bit registers spilled, on both: AMDGPU LLVM's VGPR + SGPR
    # spill counts; NVPTX ceil(spill store bytes / 4) (each spilled register is stored at least
    # once; a register stored at several places counts more than once)
    spill_bytes: int | None = None  # NVPTX only: spill stores + loads, bytes per thread (ptxas)
    scratch_bytes: int | None = None  # private segment (AMDGPU) / stack frame (NVPTX)
    shared_bytes: int | None = None  # static shared memory: LDS per workgroup (AMDGPU),
    # smem per block (NVPTX); dynamic shared memory is the launch's (Launch)
    est_cycles: float | None = None  # AMDGPU: llvm-mca cycles per iteration of the hottest
    # loop, or of one pass over a loop-free kernel (mca_cycles); NVPTX: none (no mca model)
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
    vspill = _first_int(r"\.vgpr_spill_count:\s+(\d+)", meta)
    sspill = _first_int(r"\.sgpr_spill_count:\s+(\d+)", meta)
    spills = None if vspill is None and sspill is None else (vspill or 0) + (sspill or 0)
    return StaticMetrics(
        vgpr=vgpr, sgpr=_first_int(r"^; NumSgprs: (\d+)", info),
        occupancy=_first_int(r"^; Occupancy: (\d+)", info), spills=spills,
        scratch_bytes=_first_int(r"^; ScratchSize: (\d+)", info),
        shared_bytes=_first_int(r"^; LDSByteSize: (\d+)", info),
        code_bytes=_first_int(r"^; codeLenInByte = (\d+)", info))


def ptxas_metrics(ptx: str, target: Target, launch: "Launch | None" = None,
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
    regs = _first_int(r"Used (\d+) registers", out)
    if regs is None:  # no kernel in the module
        return StaticMetrics()
    stores = _first_int(r"(\d+) bytes spill stores", out) or 0
    loads = _first_int(r"(\d+) bytes spill loads", out) or 0
    smem = _first_int(r"(\d+) bytes smem", out) or 0
    return StaticMetrics(vgpr=regs, spills=-(-stores // 4), spill_bytes=stores + loads,
                         scratch_bytes=_first_int(r"(\d+) bytes stack frame", out),
                         shared_bytes=smem,
                         occupancy=nvptx_occupancy(ptx, target, regs, smem, launch, entry))


def static_metrics(asm: str, target: Target, with_cycles: bool = True,
                   launch: "Launch | None" = None, entry: str | None = None) -> StaticMetrics:
    """Figures of the kernel `entry` (CompileResult.entry; None: the first kernel). launch:
    the block size and dynamic shared memory the kernel runs with (NVPTX occupancy needs
    them; without, the PTX's .reqntid/.maxntid is used, else none)."""
    if target.is_amdgpu:
        m = amdgpu_metrics(asm, entry)
        if with_cycles:
            m.est_cycles = mca_cycles(amdgpu_kernel_asm(asm, entry)[0], target)
        return m
    return ptxas_metrics(asm, target, launch, entry)


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


# ---------------------------------------------------------------- NVIDIA occupancy

@dataclass(frozen=True)
class Launch:
    """What NVIDIA occupancy needs from a launch: threads per block and dynamic shared
    memory bytes per block."""
    threads: int
    dynamic_shared: int = 0


def launch_of(spec) -> Launch | None:
    """The launch of a KernelSpec at its default size (None without a spec)."""
    if spec is None:
        return None
    try:
        dims = [int(n) for n in spec.block(dict(spec.default_size))]
    except Exception as e:
        raise ValueError(f"kernel spec {spec.name!r}: block(default_size) failed: "
                         f"{type(e).__name__}: {e}") from None
    threads = 1
    for n in dims:
        threads *= n
    return Launch(threads, int(getattr(spec, "shared_bytes", 0) or 0))


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


def ptx_block_threads(ptx: str, entry: str | None = None) -> int | None:
    """Threads per block the PTX fixes (.reqntid) or bounds (.maxntid, taken as the block
    size): `entry`'s directives, else the first entry's that says."""
    if entry is not None:
        start = re.search(rf"^\.(?:visible\s+)?\.entry\s+{re.escape(entry)}\b", ptx, re.M)
        if start:
            ptx = ptx[start.start():]
            nxt = re.search(r"^\.(?:visible\s+)?\.entry\s", ptx[1:], re.M)
            ptx = ptx[:nxt.start() + 1] if nxt else ptx
    m = re.search(r"^\s*\.(reqntid|maxntid)\s+(\d+)(?:\s*,\s*(\d+))?(?:\s*,\s*(\d+))?",
                  ptx, re.M)
    if not m:
        return None
    n = 1
    for g in m.groups()[1:]:
        n *= int(g or 1)
    return n


def nvptx_occupancy(ptx: str, target: Target, regs: int, static_smem: int,
                    launch: Launch | None, entry: str | None = None) -> int | None:
    threads = launch.threads if launch else ptx_block_threads(ptx, entry)
    if threads is None:
        return None
    return cuda_occupancy(target.name, regs, threads, static_smem,
                          launch.dynamic_shared if launch else 0)


# ---------------------------------------------------------------- identity

def measurement_identity(target: Target, launch: Launch | None = None) -> str:
    """Everything besides the IR and the decisions that determines a compile's metrics: LLVM,
    the plugin build, this module's definitions, on NVPTX ptxas and the launch. Part of every
    cache key of measured rows (store, evaluation cache)."""
    from .toolchain.plugin import plugin_digest
    from .toolchain.tools import llvm_version
    parts = [f"llvm {llvm_version()}", f"plugin {plugin_digest()}", f"metrics v{METRICS_VERSION}"]
    if not target.is_amdgpu:
        parts.append(f"ptxas {ptxas_version()}")
        if launch is not None:
            parts.append(f"launch {launch.threads}t+{launch.dynamic_shared}B")
    return "; ".join(parts)


def ptxas_version() -> str:
    """ptxas's release line ('none' without ptxas): NVPTX metrics come from it."""
    ptxas = find_ptxas()
    return ptxas_release(ptxas) if ptxas else "none"
