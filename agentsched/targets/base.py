"""What every target shares: the Target interface, and the figures measured on any of them.

A backend (AMDGPU, NVPTX) is one subclass of Target in one module of this package: its
triple and llc flags, the language clang compiles for it, the files it can write and how,
how its assembly is checked and measured, and the GPU runtime that runs its modules.
targets/__init__.py lists the backends; adding a GPU of a known backend is a table entry in
its module (occupancy rules), adding a backend is one module.
"""
from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import ClassVar


class UnknownTarget(ValueError):
    pass


@dataclass
class StaticMetrics:
    """Static figures of one compiled kernel; docs/search.md defines every field."""
    vgpr: int | None = None  # AMDGPU: VGPRs (+AGPRs on gfx90a/gfx942); NVPTX: ptxas registers
    sgpr: int | None = None  # AMDGPU only
    occupancy: int | None = None  # AMDGPU: waves per SIMD (LLVM's figure, with the launch's
    # dynamic LDS counted: amdgpu.lds_occupancy); NVPTX: resident warps per SM
    # (nvptx.cuda_occupancy: registers, shared memory, block size)
    spills: int | None = None  # 32-bit registers spilled, on both: AMDGPU LLVM's VGPR + SGPR
    # spill counts; NVPTX ceil(spill store bytes / 4) (each spilled register is stored at least
    # once; a register stored at several places counts more than once)
    spill_bytes: int | None = None  # NVPTX only: spill stores + loads, bytes per thread (ptxas)
    scratch_bytes: int | None = None  # private segment (AMDGPU) / stack frame (NVPTX)
    shared_bytes: int | None = None  # static shared memory: LDS per workgroup (AMDGPU),
    # smem per block (NVPTX); dynamic shared memory is the launch's (below)
    dynamic_shared: int | None = None  # the launch's dynamic shared memory (extern __shared__)
    # per block, counted in occupancy (None: none given)
    block_threads: int | None = None  # threads per block the occupancy assumes: NVPTX the
    # launch's, else .reqntid/.maxntid; AMDGPU the kernel's flat work-group size bound
    est_cycles: float | None = None  # AMDGPU: llvm-mca cycles per iteration of the hottest
    # loop, or of one pass over a loop-free kernel (amdgpu.mca_cycles); NVPTX: none
    est_instructions: int | None = None  # AMDGPU: instructions of the part llvm-mca estimated
    est_not_modelled: int | None = None  # of those, left out: llvm-mca-19 cannot model them
    est_stand_ins: int | None = None  # of those, estimated as a stand-in (amdgpu.STAND_INS)
    est_note: str | None = None  # what llvm-mca did not do, or why there is no estimate
    code_bytes: int | None = None
    # After register allocation (AMDGPU; docs/postra.md): what the post-RA order gives the
    # passes after it, counted in the kernel's code. None where the target has no such thing.
    vopd_pairs: int | None = None  # v_dual_* instructions (two VALU ops issued as one; gfx11+)
    delay_alu: int | None = None  # s_delay_alu instructions (gfx11+)
    delay_alu_total: int | None = None  # their encoded delay, summed (amdgpu.delay_weight)
    waitcnts: int | None = None  # s_waitcnt* instructions (memory counter waits)
    nops: int | None = None  # s_nop instructions (hazard wait states the recognizer added)

    def as_dict(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class Launch:
    """How a kernel is launched, as far as its figures depend on it: threads per block (None:
    not given; NVPTX then takes the PTX's .reqntid/.maxntid) and dynamic shared memory bytes
    per block (`extern __shared__`, the third <<<...>>> argument; HIP's dynamic LDS)."""
    threads: int | None = None
    dynamic_shared: int = 0

    def __post_init__(self):
        if self.threads is not None and not 1 <= self.threads <= 1024:
            raise ValueError(f"launch of {self.threads} threads per block: 1 to 1024")
        if self.dynamic_shared < 0:
            raise ValueError(f"dynamic shared memory {self.dynamic_shared}: bytes >= 0")

    def identity(self) -> str:
        """The launch in a cache key."""
        return f"launch {self.threads if self.threads is not None else '?'}t" \
               f"+{self.dynamic_shared}B"


def kernel_label(entry: str | None) -> str:
    """'kernel SYMBOL' for a message, a long (template instance) symbol cut short."""
    if entry is None:
        return "the kernel"
    return f"kernel {entry if len(entry) <= 64 else entry[:48] + '…' + entry[-12:]}"


def first_int(pattern: str, text: str) -> int | None:
    """The first integer `pattern`'s group 1 matches in `text` (multi-line), if any."""
    m = re.search(pattern, text, re.M)
    return int(m.group(1)) if m else None


@dataclass(frozen=True)
class Target:
    """One GPU llc-19 compiles for (`name`: gfx1100, sm_90 ...). The class attributes and
    methods below are what a backend defines."""
    name: str

    family: ClassVar[str]  # "amdgpu", "nvptx"
    triple: ClassVar[str]  # llc's -mtriple
    prefixes: ClassVar[tuple[str, ...]]  # how its GPU and triple names start
    names: ClassVar[re.Pattern]  # its GPU names in `llc -mcpu=help`
    offload_lang: ClassVar[str]  # the language clang compiles device code in for it
    runtime_kind: ClassVar[str]  # the GPU runtime that loads its modules (agentsched.runtime)
    asm_suffix: ClassVar[str]  # the assembly llc writes: ".s", ".ptx"
    binary_suffix: ClassVar[str]  # its assembled module: ".co" (code object), ".cubin"
    # every file `compile -o` writes for it: suffix -> kind (asm, obj, co, cubin)
    outputs: ClassVar[dict[str, str]]
    # LLVM 19's register pressure sets a policy file counts (docs/policy.md): "vgpr", the
    # registers that limit occupancy, and "sgpr", the scalar ones, each set with the 32-bit
    # registers one pressure unit stands for
    pressure_sets: ClassVar[dict[str, dict[str, int]]]

    @property
    def llc_flags(self) -> list[str]:
        return [f"-mtriple={self.triple}", f"-mcpu={self.name}"]

    def module_suffix(self) -> str:
        """The suffix of what this target's GPU runtime loads."""
        return self.binary_suffix

    def write_module(self, asm_file: Path, kind: str, out: Path) -> None:
        """Make `out`, a file of `kind` other than "asm", from the assembly in asm_file."""
        raise NotImplementedError

    def validate(self, asm: str) -> str | None:
        """Check llc's output with the target's own assembler where one is installed: the
        validator's name ("ptxas 12.4"), None when there is none; raises ToolFailed with the
        assembler's message when it rejects the code."""
        return None

    def metrics(self, asm: str, *, launch: Launch | None = None, entry: str | None = None,
                with_cycles: bool = True) -> StaticMetrics:
        """The figures of kernel `entry` (None: the first kernel) in llc's output."""
        raise NotImplementedError

    def unmeasurable(self, metric: str) -> str | None:
        """Why StaticMetrics field `metric` cannot be measured on this target here (None:
        it can), before anything is compiled."""
        return None

    def measurement_identity(self, launch: Launch | None = None) -> list[str]:
        """What, besides LLVM and the plugin, determines this target's metrics (a tool's
        version, the launch): part of every cache key of measured results."""
        return []
