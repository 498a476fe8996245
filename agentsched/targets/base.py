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
    occupancy: int | None = None  # AMDGPU: waves per SIMD (LLVM's figure); NVPTX: resident
    # warps per SM (nvptx.cuda_occupancy: registers, shared memory, block size)
    spills: int | None = None  # 32-bit registers spilled, on both: AMDGPU LLVM's VGPR + SGPR
    # spill counts; NVPTX ceil(spill store bytes / 4) (each spilled register is stored at least
    # once; a register stored at several places counts more than once)
    spill_bytes: int | None = None  # NVPTX only: spill stores + loads, bytes per thread (ptxas)
    scratch_bytes: int | None = None  # private segment (AMDGPU) / stack frame (NVPTX)
    shared_bytes: int | None = None  # static shared memory: LDS per workgroup (AMDGPU),
    # smem per block (NVPTX); dynamic shared memory is the launch's (Launch)
    est_cycles: float | None = None  # AMDGPU: llvm-mca cycles per iteration of the hottest
    # loop, or of one pass over a loop-free kernel (amdgpu.mca_cycles); NVPTX: none
    code_bytes: int | None = None

    def as_dict(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class Launch:
    """What NVIDIA occupancy needs from a launch: threads per block and dynamic shared
    memory bytes per block."""
    threads: int
    dynamic_shared: int = 0


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
