"""SASS, the machine code ptxas emits for Hopper (sm_90/sm_90a), read statically: no GPU.

    fns = sass.disassemble("k.cubin")            # one nvdisasm run; [Function]
    many = sass.disassemble_many(cubins, names)  # one nvdisasm run for all of them
    f = fns[0]; f.registers, f.hot_loop(), f.instructions[0].ctrl.text()
    feats = sass.features(f)                     # flat dict of numbers (documented below)

**Reading.** A cubin is an ELF file: each kernel is a `.text.<name>` section of 16-byte
instructions; registers (EIATTR_REGCOUNT) and the local frame (EIATTR_FRAME_SIZE) are in
`.nv.info`, the block size ptxas was given (.maxntid / .reqntid) in `.nv.info.<name>`, static
shared memory in `.nv.shared.<name>` (on sm_90 that section includes 1 KB of shared memory
reserved for the system, which ptxas -v does not count: it is taken off here). Cubins of
ptxas 12 and 13 (two ELF layouts) both read. The instruction text comes from
NVIDIA's `nvdisasm` (a CUDA toolkit's, the `nvidia-cuda-nvdisasm` wheel's or Triton's wheel's,
`$AGENTSCHED_NVDISASM` first). nvdisasm takes ~0.3 s of CPU per call whatever the size, so the
code of many cubins is disassembled in one call as a raw instruction stream (`-b SM90a -hex`;
same text as the ELF mode except that branch targets are addresses, not labels).

**Control codes** (Volta and later; verified on ptxas 13.0 sm_90 output, see tests/test_sass.py):
each instruction's high 64-bit word carries, from bit 41 (bit 105 of the 128):

    stall  = ctrl & 15          cycles before the warp may issue its next instruction
    yield  = (ctrl >> 4) & 1    0: the scheduler is hinted to switch warps ("Y" in the text)
    wbar   = (ctrl >> 5) & 7    scoreboard set when the result is written (7: none)
    rbar   = (ctrl >> 8) & 7    scoreboard set when the sources are read (7: none)
    wait   = (ctrl >> 11) & 63  scoreboards waited on before issue (bit b: SBb)
    reuse  = (ctrl >> 17) & 15  operand reuse-cache flags (bit 0: operand A ...)

written `[B0_5:R1:W5:Y:S04]` by Control.text() (wait mask, read and write barrier, yield, stall).
Variable-latency instructions (global/local/shared memory, MUFU, S2R, LDC, conversions through
the MIO queue) set a write barrier; their consumers wait on it. `DEPBAR.LE SBb, N` waits until
at most N of SBb's outstanding operations remain (async copies: each `LDGDEPBAR` commits the
`LDGSTS` issued since the previous one as one group on its barrier).

**Structure.** Basic blocks (leaders: the entry, branch targets, the instruction after a
branch or EXIT); loops are backward branches (target at or before the branch; the self-branch
that pads the end of a kernel is not a loop), the body the instructions from the target to the
branch, nesting depth by containment (1: outermost). The hot loop is the deepest, then the
largest.

**Features** (features(): `k_*` over the whole function in program order, `l_*` over the hot
loop's body in steady state: the body is walked LOOP_PASSES times back to back and the
distances and in-flight counts are those of the loads of the second pass, so that loads issued
late in one iteration and consumed in a later one count; all `l_*` are 0 without a loop):

- `n_instr`; counts per unit `n_<unit>` (UNITS: fp32 fp16 fp64 int move uniform tensor sfu conv
  ldg stg lds sts ldsm ldgsts tma ldl stl ldc atom shfl sync branch nop other) and per opcode
  `op_<name>` for OPCODE_FEATURES (ffma fadd fmul imad iadd3 lop3 shf hmma hgmma imma mufu bar
  depbar bra ...);
- `stall_sum` (sum of stall fields), `issue_cycles` (sum of max(stall, 1)), `n_wait` (instructions
  that wait on any scoreboard), `wait_bits` (scoreboards waited on, summed), `n_yield`,
  `n_reuse` (instructions with a reuse flag), `long_stalls` (stall >= 8);
- load-to-use distances, per class (`g` global LDG/LD, `s` shared LDS/LDSM, `l` local LDL,
  `x` MUFU, `a` async-copy groups from LDGDEPBAR to the DEPBAR that retires them):
  `dist_<c>_instr_min/mean` and `dist_<c>_cyc_min/mean` (instructions and stall cycles from the
  producer to the first instruction that waits on its scoreboard), `n_<c>_prod`;
- memory-level parallelism: `mlp_g_max/mean` (global loads issued whose scoreboard was not yet
  waited on, after each instruction; async-copy groups count their loads), `mlp_g_bytes_max`
  (the same in bytes per thread), `mlp_s_max/mean` for shared loads;
- traffic per pass (per loop iteration for `l_*`), bytes per thread: `bytes_ldg`, `bytes_stg`,
  `bytes_lds`, `bytes_sts`, `bytes_ldgsts`, `bytes_ldl`, `bytes_stl`;
- a one-warp cycle model: `lat_cycles` (the pass simulated in order: each instruction issues
  after the previous one's stall and after the scoreboards it waits on are released, each
  scoreboard released LATENCY[class] cycles after its producer issued; loops: the last pass),
  `lat_stall` (`lat_cycles - issue_cycles`: cycles one warp spends waiting on scoreboards), `pipe_cycles` (the busiest pipe per SM sub-partition, PIPE_CYCLES per warp
  instruction) and, with the occupancy, `est_cycles` = max(lat_cycles / warps per scheduler,
  issue_cycles, pipe_cycles): the cycles per pass one scheduler needs per warp;
- `l_sim_cycles`: simulate_scheduler() of the hot loop at the kernel's occupancy: the warps one
  SM sub-partition holds walk the body together (one issue per cycle, each warp's stalls and
  scoreboards, BAR.SYNC across the warps of a block, shared memory queued on the
  sub-partition's bandwidth); cycles per warp per iteration in steady state.
  `l_sim_nomio_cycles`: the same without the bandwidth queue (ptxas cannot know which shared
  loads are broadcasts, and on the suite kernels the queue makes the ranking worse);
- kernel-level: `registers`, `shared_bytes`, `local_bytes` (stack frame: spills),
  `block_threads` (from .maxntid/.reqntid, else the `threads` argument), `occ_warps` (warps per
  SM, NVIDIA's occupancy rules, agentsched.targets.nvptx.cuda_occupancy), `n_loops`,
  `loop_depth`, `l_n_instr` ... .

LATENCY and PIPE_CYCLES are assumptions (public microbenchmarks of Hopper give ~30 cycles for
shared memory, ~250-500 for global memory from L2/HBM); the model ranks schedules, it does not
predict microseconds.
"""
from __future__ import annotations

import bisect
import functools
import importlib.util
import math
import os
import re
import shutil
import statistics
import struct
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

NVDISASM_ENV = "AGENTSCHED_NVDISASM"
WARP_SIZE = 32


class SassError(RuntimeError):
    """A cubin that cannot be read, or nvdisasm missing or failing."""


# ------------------------------------------------------------------ control codes

@dataclass(frozen=True)
class Control:
    """The scheduling information ptxas puts in every instruction (see the module doc)."""
    stall: int
    yield_bit: int  # the raw bit: 0 hints a warp switch ("Y")
    write_barrier: int | None
    read_barrier: int | None
    wait_mask: int
    reuse: int

    @classmethod
    def decode(cls, hi: int) -> Control:
        """From the high 64-bit word of a 128-bit instruction."""
        c = hi >> 41
        wb, rb = (c >> 5) & 7, (c >> 8) & 7
        return cls(stall=c & 15, yield_bit=(c >> 4) & 1,
                   write_barrier=None if wb == 7 else wb, read_barrier=None if rb == 7 else rb,
                   wait_mask=(c >> 11) & 63, reuse=(c >> 17) & 15)

    @property
    def yields(self) -> bool:
        return self.yield_bit == 0

    @property
    def waits(self) -> tuple[int, ...]:
        return _WAITS[self.wait_mask]

    def text(self) -> str:
        """`[B0_5:R1:W5:Y:S04]`: waited barriers, read and write barrier, yield, stall."""
        w = "_".join(str(b) for b in self.waits) or "-"
        r = "-" if self.read_barrier is None else str(self.read_barrier)
        wr = "-" if self.write_barrier is None else str(self.write_barrier)
        return f"[B{w}:R{r}:W{wr}:{'Y' if self.yields else '-'}:S{self.stall:02d}]"


_WAITS = [tuple(b for b in range(6) if m >> b & 1) for m in range(64)]

# ------------------------------------------------------------------ instructions

UNITS = ("fp32", "fp16", "fp64", "int", "move", "uniform", "tensor", "sfu", "conv", "ldg", "stg",
         "lds", "sts", "ldsm", "ldgsts", "tma", "ldl", "stl", "ldc", "atom", "shfl", "sync",
         "branch", "nop", "other")

_UNIT_OF: dict[str, str] = {}
for _unit, _ops in {
    "fp32": "FFMA FADD FMUL FMNMX FSETP FSET FSEL FCHK FSWZADD FFMA32I FADD32I FMUL32I FCMP",
    "fp16": "HFMA2 HADD2 HMUL2 HMNMX2 HSETP2 HSET2 HFMA2.MMA",
    "fp64": "DFMA DADD DMUL DSETP DMNMX",
    "int": "IMAD IMAD32I IADD3 IADD32I IADD LOP3 LOP32I LOP SHF SHL SHR LEA ISETP IMNMX VIMNMX "
           "VIMNMX3 VIADD VIADDMNMX IABS IMUL IMUL32I IDP IDP4A POPC FLO BREV BMSK SGXT PRMT "
           "ISCADD BFE BFI ICMP IMADSP",
    "move": "MOV MOV32I SEL CS2R P2R R2P PLOP3 PSETP S2R R2B B2R",
    "tensor": "HMMA IMMA DMMA BMMA HGMMA IGMMA QGMMA BGMMA",
    "sfu": "MUFU",
    "conv": "F2F F2I I2F I2I F2FP I2FP FRND F2IP I2IP",
    "ldg": "LDG LD",
    "stg": "STG ST",
    "lds": "LDS",
    "sts": "STS",
    "ldsm": "LDSM",
    "ldgsts": "LDGSTS",
    "tma": "UTMALDG UTMASTG UTMAPF UBLKCP UBLKRED UBLKPF UTMACCTL UTMACMDFLUSH",
    "ldl": "LDL",
    "stl": "STL",
    "ldc": "LDC",
    "atom": "ATOM ATOMG ATOMS RED REDG REDUX REDAS",
    "shfl": "SHFL VOTE VOTEU MATCH",
    "sync": "BAR BSSY BSYNC WARPSYNC DEPBAR LDGDEPBAR MEMBAR FENCE ERRBAR CCTL SYNCS ARRIVES "
            "WARPGROUP ELECT NANOSLEEP CGAERRBAR ACQBULK",
    "branch": "BRA BRX JMP JMX CALL RET EXIT BREAK BPT KILL YIELD",
    "nop": "NOP",
}.items():
    for _op in _ops.split():
        _UNIT_OF[_op] = _unit

# opcodes counted on their own (feature op_<lowercase name>)
OPCODE_FEATURES = ("FFMA", "FADD", "FMUL", "IMAD", "IADD3", "LOP3", "SHF", "LEA", "ISETP", "MOV",
                   "HFMA2", "HMMA", "HGMMA", "IMMA", "MUFU", "LDG", "STG", "LDS", "STS", "LDSM",
                   "LDGSTS", "LDL", "STL", "BAR", "DEPBAR", "BRA", "F2FP", "SHFL")


def unit_of(base: str) -> str:
    """The unit class of a base opcode (its name before the first dot), UNITS."""
    u = _UNIT_OF.get(base)
    if u is not None:
        return u
    if base.startswith("U") or base in ("R2UR", "S2UR"):
        return "uniform"
    return "other"


_WIDTH = {"128": 16, "64": 8, "U8": 1, "S8": 1, "U16": 2, "S16": 2, "32": 4}


def access_bytes(opcode: str) -> int:
    """Bytes per thread a memory instruction moves, from its modifiers (default 4):
    .128 16, .64 8, .U8/.S8 1, .U16/.S16 2; LDSM/STSM .M88.4 16, .M88.2 8, .M88 4."""
    mods = opcode.split(".")[1:]
    if opcode.startswith(("LDSM", "STSM")):
        n = next((int(m) for m in mods if m in ("1", "2", "4")), 1)
        return 4 * n
    for m in mods:
        if m in _WIDTH:
            return _WIDTH[m]
    return 4


@dataclass
class Instruction:
    offset: int  # byte offset in its function
    pred: str  # "" or the guard: "@P0", "@!P0", "@!PT" ...
    opcode: str  # with modifiers: "LDG.E.128.CONSTANT"
    operands: list[str]
    ctrl: Control
    target: int | None = None  # a branch's target offset in the function
    base: str = field(init=False)  # the opcode without modifiers: "LDG"
    unit: str = field(init=False)  # unit_of(base)
    never: bool = field(init=False)  # guarded by @!PT: never executes (ptxas's dummies)

    def __post_init__(self):
        self.base = self.opcode.split(".", 1)[0]
        self.unit = unit_of(self.base)
        self.never = self.pred == "@!PT"

    def text(self) -> str:
        ops = ", ".join(self.operands)
        return f"{self.pred + ' ' if self.pred else ''}{self.opcode}{' ' + ops if ops else ''}"


@dataclass
class Block:
    start: int  # instruction index, inclusive
    end: int  # exclusive
    succs: list[int] = field(default_factory=list)  # block indices


@dataclass
class Loop:
    start: int  # index of the loop head (the branch target)
    end: int  # index of the (last) backward branch, inclusive
    depth: int = 1  # 1: outermost

    @property
    def size(self) -> int:
        return self.end - self.start + 1


@dataclass
class Function:
    name: str
    instructions: list[Instruction]
    registers: int | None = None
    shared_bytes: int | None = None  # static, as ptxas -v counts it
    local_bytes: int | None = None  # stack frame (spills, local arrays)
    block_threads: int | None = None  # from .maxntid / .reqntid
    arch: str = "sm_90"
    blocks: list[Block] = field(default_factory=list)
    loops: list[Loop] = field(default_factory=list)

    def __post_init__(self):
        if not self.blocks:
            self.blocks = basic_blocks(self.instructions)
        if not self.loops:
            self.loops = find_loops(self.instructions)

    def hot_loop(self) -> Loop | None:
        """The deepest loop, then the largest (then the first)."""
        if not self.loops:
            return None
        return max(self.loops, key=lambda lp: (lp.depth, lp.size, -lp.start))

    def body(self, loop: Loop) -> list[Instruction]:
        return self.instructions[loop.start:loop.end + 1]


# ------------------------------------------------------------------ nvdisasm text

_INSTR = re.compile(r"^\s*/\*([0-9a-f]+)\*/\s*(.*?)\s*;\s*/\*\s*(0x[0-9a-f]{16})\s*\*/\s*$")
_HI = re.compile(r"^\s*/\*\s*(0x[0-9a-f]{16})\s*\*/\s*$")
_LABEL = re.compile(r"^\s*(\.L_[\w.$]+|[\w.$]+):\s*$")
_SECTION = re.compile(r"^\s*\.section\s+\.text\.([^\s,]+)")
_LABEL_REF = re.compile(r"`\((\.L_[\w.$]+)\)")
_BRANCHES = ("BRA", "BRX", "JMP", "CALL", "BSSY", "BREAK", "WARPSYNC")  # operands with targets


def _split_operands(s: str) -> list[str]:
    out: list[str] = []
    depth, cur = 0, []  # type: ignore[var-annotated]
    for ch in s:
        if ch in "[(":
            depth += 1
        elif ch in "])":
            depth -= 1
        if ch == "," and depth == 0:
            out.append("".join(cur).strip())
            cur = []
        else:
            cur.append(ch)
    if "".join(cur).strip():
        out.append("".join(cur).strip())
    return out


def _parse_instr(offset: int, text: str, hi: int) -> Instruction:
    pred = ""
    if text.startswith("@"):
        pred, _, text = text.partition(" ")
        text = text.strip()
    opcode, _, rest = text.partition(" ")
    return Instruction(offset, pred, opcode, _split_operands(rest.strip()), Control.decode(hi))


def parse_nvdisasm(text: str, base: int = 0) -> dict[str, list[Instruction]]:
    """Functions in nvdisasm `-hex` output: ELF mode (`.section .text.NAME`, branch targets
    as labels) or raw mode (`-b SM90a`: one stream named "", targets as addresses; offsets are
    relative to `base`). Branch targets become offsets in the function."""
    funcs: dict[str, list[Instruction]] = {}
    labels: dict[str, dict[str, int]] = {}
    name = ""
    cur: list[Instruction] = funcs.setdefault(name, [])
    pending: list[str] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        m = _INSTR.match(line)
        if m:
            hm = _HI.match(lines[i + 1]) if i + 1 < len(lines) else None
            if hm is None:
                raise SassError(f"nvdisasm line {i + 1}: an instruction without its second "
                                "word (run nvdisasm with -hex)")
            ins = _parse_instr(int(m.group(1), 16) - base, m.group(2), int(hm.group(1), 16))
            for lab in pending:
                labels.setdefault(name, {})[lab] = ins.offset
            pending = []
            cur.append(ins)
            i += 2
            continue
        s = _SECTION.match(line)
        if s:
            name = s.group(1)
            cur = funcs.setdefault(name, [])
        else:
            lm = _LABEL.match(line)
            if lm:
                pending.append(lm.group(1))
        i += 1
    for fname, instrs in funcs.items():
        labs = labels.get(fname, {})
        for ins in instrs:
            if ins.base in _BRANCHES and ins.operands:
                ins.target = _branch_target(ins.operands[-1], labs, base)
    return {k: v for k, v in funcs.items() if v}


def _branch_target(op: str, labels: dict[str, int], base: int) -> int | None:
    m = _LABEL_REF.search(op)
    if m:
        return labels.get(m.group(1))
    if re.fullmatch(r"0x[0-9a-f]+", op):
        return int(op, 16) - base
    return None


# ------------------------------------------------------------------ control flow

_ENDS_BLOCK = ("BRA", "BRX", "JMP", "JMX", "EXIT", "RET", "KILL", "BREAK")


def basic_blocks(instrs: Sequence[Instruction]) -> list[Block]:
    """Basic blocks: leaders are the first instruction, branch targets and the instruction
    after a branch/EXIT/RET; successors by fall-through (unless unconditional) and target."""
    if not instrs:
        return []
    index = {ins.offset: i for i, ins in enumerate(instrs)}
    leaders = {0}
    for i, ins in enumerate(instrs):
        if ins.base in _ENDS_BLOCK:
            if i + 1 < len(instrs):
                leaders.add(i + 1)
            if ins.target is not None and ins.target in index:
                leaders.add(index[ins.target])
    starts = sorted(leaders)
    blocks = [Block(s, e) for s, e in zip(starts, starts[1:] + [len(instrs)])]
    block_at = {b.start: k for k, b in enumerate(blocks)}
    for k, b in enumerate(blocks):
        last = instrs[b.end - 1]
        uncond = not last.pred or last.pred == "@PT"
        if last.base in _ENDS_BLOCK:
            if last.target is not None and last.target in index:
                b.succs.append(block_at[index[last.target]])
            if not uncond and k + 1 < len(blocks):
                b.succs.append(k + 1)
        elif k + 1 < len(blocks):
            b.succs.append(k + 1)
    return blocks


def find_loops(instrs: Sequence[Instruction]) -> list[Loop]:
    """Loops from backward branches (to the branch itself excepted: ptxas's end-of-kernel
    padding); branches to one head make one loop ending at the last of them; depth by
    containment."""
    index = {ins.offset: i for i, ins in enumerate(instrs)}
    ends: dict[int, int] = {}
    for i, ins in enumerate(instrs):
        if ins.base == "BRA" and ins.target is not None and ins.target < ins.offset \
                and ins.target in index and not ins.never:
            head = index[ins.target]
            ends[head] = max(ends.get(head, i), i)
    loops = [Loop(h, e) for h, e in sorted(ends.items())]
    for lp in loops:
        lp.depth = 1 + sum(1 for o in loops if o is not lp and o.start <= lp.start
                           and lp.end <= o.end and o.size > lp.size)
    return loops


# ------------------------------------------------------------------ the model's assumptions

# cycles from issue until a write scoreboard is released, by producer class (see module doc)
LATENCY = {"g": 450, "l": 200, "s": 30, "x": 20, "c": 20, "t": 120, "other": 20}
READ_LATENCY = 10  # cycles until a read scoreboard (sources read) is released
LOOP_PASSES = 5  # a loop body is walked 5 times: loads of the 2nd, used up to 3 passes later
BAR_CYCLES = 20  # extra cycles charged for BAR.SYNC (other warps are not modelled)
# cycles one warp instruction keeps its pipe busy on one SM sub-partition (Hopper: 32 FP32,
# 16 INT32, 16 FP64 lanes, 4 SFU per sub-partition; shared memory 128 B/cycle per SM)
PIPE_CYCLES = {"fp32": ("fma", 1), "fp16": ("fma", 1), "int": ("alu", 2), "move": ("alu", 1),
               "fp64": ("fp64", 2), "sfu": ("sfu", 8), "conv": ("sfu", 4),
               "tensor": ("tensor", 2)}


def load_class(ins: Instruction) -> str | None:
    """The class of a variable-latency producer: g global, l local, s shared, x MUFU, a async
    copy (LDGSTS), c constant/special (LDC, S2R), t tensor (HGMMA), other (conversions ...);
    None for fixed-latency instructions."""
    u = ins.unit
    if u == "ldg" or (u == "atom" and not ins.base.startswith("ATOMS")):
        return "g"
    if u == "ldl":
        return "l"
    if u in ("lds", "ldsm") or ins.base == "ATOMS":
        return "s"
    if u == "sfu":
        return "x"
    if u == "ldgsts":
        return "a"
    if u == "tensor":
        return "t"
    if ins.base in ("LDC", "S2R", "S2UR", "CS2R") or u == "ldc":
        return "c"
    return "other"


@dataclass
class _Entry:  # one outstanding operation on a scoreboard
    klass: str
    producer: int  # position in the walk (-1: not a load)
    ready: float
    loads: int = 1
    nbytes: int = 0
    recorded: bool = False  # issued in the recorded pass


def _depbar_arg(ins: Instruction) -> tuple[int, int] | None:
    """(scoreboard, N) of `DEPBAR.LE SBb, N`."""
    if ins.base != "DEPBAR" or len(ins.operands) < 2:
        return None
    m = re.fullmatch(r"SB(\d)", ins.operands[0])
    try:
        return (int(m.group(1)), int(ins.operands[1], 0)) if m else None
    except ValueError:
        return None


def _warpgroup_keep(ins: Instruction) -> int | None:
    """N of `WARPGROUP.DEPBAR.LE gsb0, N` (HGMMA groups left outstanding)."""
    if ins.base != "WARPGROUP" or "DEPBAR" not in ins.opcode or len(ins.operands) < 2:
        return None
    try:
        return int(ins.operands[-1], 0)
    except ValueError:
        return 0


def _prepare(ins: Instruction) -> tuple:
    """What the walk needs of one instruction, computed once."""
    c = ins.ctrl
    klass = load_class(ins)
    if ins.unit == "ldgsts":
        kind = "ldgsts"
    elif ins.base == "LDGDEPBAR" and c.write_barrier is not None:
        kind = "commit"
    elif c.write_barrier is not None and klass is not None:
        kind = "load"
    else:
        kind = None
    lat = LATENCY["g"] if kind == "commit" else LATENCY.get(klass or "other", LATENCY["other"])
    nbytes = access_bytes(ins.opcode) if kind == "ldgsts" or klass in ("g", "l", "s") else 0
    return (ins.never, max(c.stall, 1), c.waits, _depbar_arg(ins), _warpgroup_keep(ins),
            BAR_CYCLES if ins.base == "BAR" else 0, kind, klass, lat, nbytes, c.write_barrier,
            c.read_barrier, ins.base.endswith("GMMA") and "gsb0" in ins.operands)


def _walk(instrs: Sequence[Instruction], passes: int, record: int | None = None) -> dict:
    """Walk `instrs` `passes` times in order (a loop body: back to back, as iterations),
    simulating one warp's issue (see LATENCY) and tracking outstanding loads. Returns the
    issue time at the end of each pass and, for pass `record` (0-based; default the last),
    the in-flight counts after each instruction and the load-to-use distances of the loads
    issued in that pass (their consumers may be in later passes)."""
    prep = [_prepare(ins) for ins in instrs]
    rec = passes - 1 if record is None else record
    sb: list[list[_Entry]] = [[] for _ in range(6)]
    gsb: list[_Entry] = []  # committed HGMMA groups
    pending: list[int] = []  # bytes of LDGSTS not yet committed by an LDGDEPBAR
    n_g = b_g = n_s = 0  # in flight: global loads, their bytes, shared loads
    inflight_g: list[int] = []
    inflight_gb: list[int] = []
    inflight_s: list[int] = []
    dists: dict[str, list[tuple[int, float]]] = {}
    stall_at: list[float] = []
    ends: list[float] = []
    t = cum = 0.0
    pos = 0
    for p in range(passes):
        recording = p == rec
        for (never, s1, waits, dep, wg, bar, kind, klass, lat, nbytes, wbar, rbar,
             gmma) in prep:
            stall_at.append(cum)
            if not never:
                released: list[_Entry] = []
                for b in waits:
                    if sb[b]:
                        released += sb[b]
                        sb[b] = []
                if dep is not None:
                    b, keep = dep
                    k = len(sb[b]) - keep
                    if k > 0:
                        released += sb[b][:k]
                        sb[b] = sb[b][k:]
                if wg is not None:
                    k = len(gsb) - wg
                    if k > 0:
                        released += gsb[:k]
                        gsb = gsb[k:]
                issue = t
                for e in released:
                    if e.ready > issue:
                        issue = e.ready
                    if e.klass == "g" or e.klass == "a":
                        n_g -= e.loads
                        b_g -= e.nbytes
                    elif e.klass == "s":
                        n_s -= 1
                    if e.recorded:
                        dists.setdefault(e.klass, []).append(
                            (pos - e.producer, cum - stall_at[e.producer]))
                issue += bar
                if kind == "ldgsts":
                    pending.append(nbytes)
                    n_g += 1
                    b_g += nbytes
                elif kind == "commit":
                    sb[wbar].append(_Entry("a", pos, issue + lat, len(pending), sum(pending),
                                           recording))
                    pending = []
                elif kind == "load":
                    tracked = klass in ("g", "s", "l", "x")
                    sb[wbar].append(_Entry(klass, pos if tracked else -1, issue + lat, 1,
                                           nbytes, recording and tracked))
                    if klass == "g":
                        n_g += 1
                        b_g += nbytes
                    elif klass == "s":
                        n_s += 1
                if gmma:
                    gsb.append(_Entry("t", -1, issue + LATENCY["t"]))
                if rbar is not None:
                    sb[rbar].append(_Entry("r", -1, issue + READ_LATENCY))
                t = issue + s1
            else:
                t += s1
            cum += s1
            if recording:
                inflight_g.append(n_g)
                inflight_gb.append(b_g)
                inflight_s.append(n_s)
            pos += 1
        ends.append(t)
    return {"ends": ends, "inflight_g": inflight_g, "inflight_gb": inflight_gb,
            "inflight_s": inflight_s, "dists": dists}


# ------------------------------------------------------------------ several warps

MIO_BYTES_PER_CYCLE = 32  # shared-memory bandwidth per sub-partition (128 B/cycle per SM)
_MIO_UNITS = ("lds", "ldsm", "sts", "ldgsts", "atom")


def simulate_scheduler(instrs: Sequence[Instruction], warps: int, warps_per_block: int,
                       passes: int = 6, mio: bool = True) -> float:
    """Cycles per warp per pass of `instrs` (a loop body) on one SM sub-partition running
    `warps` warps, `warps_per_block` of them per block: each warp walks the body `passes`
    times in order; one instruction issues per cycle, from the warp that can issue first (its
    previous stall elapsed, its scoreboards released: LATENCY as in the one-warp walk); a
    BAR.SYNC waits for the warps of its block; shared-memory instructions queue on the
    sub-partition's share of the SM's bandwidth (MIO_BYTES_PER_CYCLE per cycle, bytes per
    warp = 32 x bytes per thread), which delays their results. The result is the steady
    state: from the end of the second pass (the last warp's) to the end of the last, per
    pass and warp."""
    prep = [_prepare(ins) for ins in instrs]
    mio_cost = [access_bytes(ins.opcode) * 32 / MIO_BYTES_PER_CYCLE
                if mio and ins.unit in _MIO_UNITS and not ins.never else 0.0 for ins in instrs]
    n = len(prep)
    if n == 0 or warps < 1:
        return 0.0
    wpb = max(1, min(warps_per_block, warps))
    t = [0.0] * warps  # earliest next issue (stall elapsed)
    pc = [0] * warps  # position in the walk: pass * n + index
    # per warp: ready times per scoreboard
    sb: list[list[list[float]]] = [[[] for _ in range(6)] for _ in range(warps)]
    gsb: list[list[float]] = [[] for _ in range(warps)]
    pend = [0] * warps
    at_bar: dict[int, list[int]] = {}  # block -> warps arrived
    blocked = [False] * warps
    ends = [[0.0] * passes for _ in range(warps)]
    port = mio_free = 0.0
    total = passes * n
    done = 0
    while done < warps:
        best, best_t = -1, math.inf
        for w in range(warps):
            if blocked[w] or pc[w] >= total:
                continue
            (never, _s1, waits, dep, wg, _bar, _kind, _klass, _lat, _nb, _wb, _rb,
             _g) = prep[pc[w] % n]
            c = t[w]
            if not never:
                q = sb[w]
                for b in waits:
                    if q[b]:
                        c = max(c, max(q[b]))
                if dep is not None:
                    b, keep = dep
                    k = len(q[b]) - keep
                    if k > 0:
                        c = max(c, max(q[b][:k]))
                if wg is not None:
                    k = len(gsb[w]) - wg
                    if k > 0:
                        c = max(c, max(gsb[w][:k]))
            if c < best_t:
                best, best_t = w, c
        if best < 0:
            break  # everybody at a barrier that cannot complete (should not happen)
        w = best
        i = pc[w] % n
        (never, s1, waits, dep, wg, bar, kind, klass, lat, nbytes, wbar, rbar, gmma) = prep[i]
        issue = max(best_t, port)
        port = issue + 1
        if not never:
            q = sb[w]
            for b in waits:
                q[b] = []
            if dep is not None:
                b, keep = dep
                k = len(q[b]) - keep
                if k > 0:
                    q[b] = q[b][k:]
            if wg is not None:
                k = len(gsb[w]) - wg
                if k > 0:
                    gsb[w] = gsb[w][k:]
            start = issue
            if mio_cost[i]:
                start = max(issue, mio_free)
                mio_free = start + mio_cost[i]
            if kind == "ldgsts":
                pend[w] += 1
            elif kind == "commit":
                q[wbar].append(start + lat)
                pend[w] = 0
            elif kind == "load":
                q[wbar].append(start + (mio_cost[i] if klass == "s" else 0) + lat)
            if gmma:
                gsb[w].append(issue + LATENCY["t"])
            if rbar is not None:
                q[rbar].append(issue + READ_LATENCY)
        t[w] = issue + s1
        pc[w] += 1
        if pc[w] % n == 0:
            ends[w][pc[w] // n - 1] = t[w]
            if pc[w] >= total:
                done += 1
        if bar and not never:  # wait for the block's warps, then all go on
            blk = w // wpb
            group = [x for x in range(blk * wpb, min((blk + 1) * wpb, warps))]
            arrived = at_bar.setdefault(blk, [])
            arrived.append(w)
            blocked[w] = True
            if len(arrived) == len(group):
                go = max(t[x] for x in arrived) + BAR_CYCLES
                for x in arrived:
                    t[x] = go
                    blocked[x] = False
                at_bar[blk] = []
    last = max(e[-1] for e in ends)
    if passes < 3:
        return last / (passes * warps)
    first = max(e[1] for e in ends)
    return (last - first) / ((passes - 2) * warps)


# ------------------------------------------------------------------ features

def _region_features(instrs: Sequence[Instruction], loop: bool) -> dict[str, float]:
    f: dict[str, float] = {"n_instr": len(instrs)}
    for u in UNITS:
        f[f"n_{u}"] = 0
    for op in OPCODE_FEATURES:
        f[f"op_{op.lower()}"] = 0
    byte_keys = {"ldg": "bytes_ldg", "stg": "bytes_stg", "lds": "bytes_lds", "ldsm": "bytes_lds",
                 "sts": "bytes_sts", "ldgsts": "bytes_ldgsts", "ldl": "bytes_ldl",
                 "stl": "bytes_stl"}
    for k in set(byte_keys.values()):
        f[k] = 0
    stall = issue = nwait = wbits = nyield = nreuse = nlong = 0
    for ins in instrs:
        u = ins.unit
        f[f"n_{u}"] += 1
        if ins.base in OPCODE_FEATURES:
            f[f"op_{ins.base.lower()}"] += 1
        if u in byte_keys and not ins.never:
            f[byte_keys[u]] += access_bytes(ins.opcode)
        c = ins.ctrl
        stall += c.stall
        issue += max(c.stall, 1)
        nwait += 1 if c.wait_mask else 0
        wbits += bin(c.wait_mask).count("1")
        nyield += 1 if c.yields else 0
        nreuse += 1 if c.reuse else 0
        nlong += 1 if c.stall >= 8 else 0
    f.update(stall_sum=stall, issue_cycles=issue, n_wait=nwait, wait_bits=wbits, n_yield=nyield,
             n_reuse=nreuse, long_stalls=nlong)
    if not instrs:
        return f
    if loop:
        w = _walk(instrs, passes=LOOP_PASSES, record=1)
        lat = w["ends"][-1] - w["ends"][-2]
    else:
        w = _walk(instrs, passes=1, record=0)
        lat = w["ends"][0]
    f["lat_cycles"] = lat
    f["lat_stall"] = lat - issue
    for cls in ("g", "s", "l", "x", "a"):
        d = w["dists"].get(cls, [])
        f[f"n_{cls}_prod"] = len(d)
        f[f"dist_{cls}_instr_min"] = min((x[0] for x in d), default=0)
        f[f"dist_{cls}_instr_mean"] = statistics.fmean(x[0] for x in d) if d else 0.0
        f[f"dist_{cls}_cyc_min"] = min((x[1] for x in d), default=0)
        f[f"dist_{cls}_cyc_mean"] = statistics.fmean(x[1] for x in d) if d else 0.0
    f["mlp_g_max"] = max(w["inflight_g"], default=0)
    f["mlp_g_mean"] = statistics.fmean(w["inflight_g"]) if w["inflight_g"] else 0.0
    f["mlp_g_bytes_max"] = max(w["inflight_gb"], default=0)
    f["mlp_s_max"] = max(w["inflight_s"], default=0)
    f["mlp_s_mean"] = statistics.fmean(w["inflight_s"]) if w["inflight_s"] else 0.0
    pipes: dict[str, float] = {}
    for ins in instrs:
        pc = PIPE_CYCLES.get(ins.unit)
        if pc and not ins.never:
            pipes[pc[0]] = pipes.get(pc[0], 0) + pc[1]
    mem = 4 * (f["bytes_lds"] + f["bytes_sts"]) * 32 / 128  # 4 sub-partitions share 128 B/cycle
    f["pipe_cycles"] = max([mem, *pipes.values()], default=0)
    return f


def features(fn: Function, threads: int | None = None) -> dict[str, float]:
    """The static features of one function (module doc): `k_*` whole function, `l_*` hot loop,
    plus resources and occupancy. `threads`: the launch's block size when the cubin does not
    say (.maxntid/.reqntid win)."""
    from .nvptx import cuda_occupancy
    out: dict[str, float] = {}
    block = fn.block_threads or threads
    occ = None
    if fn.registers is not None and block:
        occ = cuda_occupancy("sm_90", fn.registers, block, fn.shared_bytes or 0)
    out.update(registers=fn.registers if fn.registers is not None else -1,
               shared_bytes=fn.shared_bytes or 0, local_bytes=fn.local_bytes or 0,
               block_threads=block or 0, occ_warps=occ if occ is not None else -1,
               n_loops=len(fn.loops), loop_depth=max((lp.depth for lp in fn.loops), default=0))
    k = _region_features(fn.instructions, loop=False)
    hot = fn.hot_loop()
    lf: dict[str, float] = _region_features(fn.body(hot), loop=True) if hot else \
        {key: 0.0 for key in k}
    wps = (occ / 4) if occ else 1.0  # warps per scheduler
    if hot and occ:
        wpb = max(1, -(-(block or WARP_SIZE) // WARP_SIZE) // 4)
        lf["sim_cycles"] = simulate_scheduler(fn.body(hot), max(1, occ // 4), wpb)
        lf["sim_nomio_cycles"] = simulate_scheduler(fn.body(hot), max(1, occ // 4), wpb,
                                                    mio=False)
    else:
        lf["sim_cycles"] = lf["sim_nomio_cycles"] = lf.get("lat_cycles", 0)
    k["sim_cycles"] = k["sim_nomio_cycles"] = 0.0
    for name, region in (("k", k), ("l", lf)):
        region["est_cycles"] = max(region.get("lat_cycles", 0) / max(wps, 1.0),
                                   region.get("issue_cycles", 0), region.get("pipe_cycles", 0))
        for key, v in region.items():
            out[f"{name}_{key}"] = v
    return out


# ------------------------------------------------------------------ cubins

@dataclass
class CubinFunction:
    name: str
    code: bytes
    registers: int | None
    shared_bytes: int | None
    local_bytes: int | None
    block_threads: int | None


@dataclass
class Cubin:
    arch: str  # "sm_90"
    functions: list[CubinFunction]


def read_cubin(data: bytes | str | Path) -> Cubin:
    """The kernels of a cubin (an ELF64 file) with their code and resources (module doc)."""
    if not isinstance(data, bytes):
        data = Path(data).read_bytes()
    if data[:4] != b"\x7fELF" or data[4] != 2:
        raise SassError("not an ELF64 cubin")
    e_flags = struct.unpack_from("<I", data, 0x30)[0]
    shoff = struct.unpack_from("<Q", data, 0x28)[0]
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    secs = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize) for i in range(shnum)]

    def cstr(off: int) -> str:
        return data[off:data.index(b"\0", off)].decode()
    stro = secs[shstrndx][4]
    names = [cstr(stro + s[0]) for s in secs]
    byname = {n: s for n, s in zip(names, secs)}
    # symbol index -> name (for .nv.info's per-symbol attributes)
    symnames: dict[int, str] = {}
    if ".symtab" in byname:
        st = byname[".symtab"]
        strtab = secs[st[6]][4]
        for i in range(st[5] // 24):
            st_name = struct.unpack_from("<I", data, st[4] + i * 24)[0]
            symnames[i] = cstr(strtab + st_name)
    regs: dict[str, int] = {}
    frame: dict[str, int] = {}
    for attr, val in _nv_info(_section(data, byname.get(".nv.info"))):
        if attr in (0x2F, 0x11) and len(val) >= 2:
            target = regs if attr == 0x2F else frame
            target[symnames.get(val[0], str(val[0]))] = val[1]
    # the SM: bits 0-7 of e_flags up to CUDA 12 (0x5a055a), bits 8-15 from CUDA 13 (0x6005a04)
    sm = e_flags & 0xFF if (e_flags & 0xFF) >= 20 else (e_flags >> 8) & 0xFF
    # sm_90 and later: the section includes 1 KB of shared memory reserved for the system
    reserved = 1024 if sm >= 90 else 0
    funcs = []
    for n, s in zip(names, secs):
        if not n.startswith(".text."):
            continue
        fname = n[len(".text."):]
        threads = None
        for attr, val in _nv_info(_section(data, byname.get(f".nv.info.{fname}"))):
            if attr in (0x05, 0x10) and len(val) >= 3:  # MAX_THREADS, REQNTID
                threads = val[0] * val[1] * val[2]
        sh = byname.get(f".nv.shared.{fname}")
        shared = max(0, sh[5] - reserved) if sh is not None else 0
        funcs.append(CubinFunction(fname, _section(data, s), regs.get(fname), shared,
                                   frame.get(fname), threads))
    return Cubin(f"sm_{sm}", funcs)


def _section(data: bytes, sec) -> bytes:
    return b"" if sec is None else data[sec[4]:sec[4] + sec[5]]


def _nv_info(b: bytes) -> list[tuple[int, list[int]]]:
    """(attribute, values) of an .nv.info section (EIFMT 1-3: one 16-bit value, 4: a sized
    list of 32-bit values)."""
    out, i = [], 0
    while i + 4 <= len(b):
        fmt, attr = b[i], b[i + 1]
        if fmt == 4:
            size = struct.unpack_from("<H", b, i + 2)[0]
            vals = [struct.unpack_from("<I", b, i + 4 + j)[0] for j in range(0, size - 3, 4)]
            out.append((attr, vals))
            i += 4 + size
        elif fmt in (1, 2, 3):
            out.append((attr, [struct.unpack_from("<H", b, i + 2)[0]]))
            i += 4
        else:
            break
    return out


# ------------------------------------------------------------------ nvdisasm

@functools.cache
def find_nvdisasm() -> str | None:
    """nvdisasm: $AGENTSCHED_NVDISASM, $PATH, /usr/local/cuda, NVIDIA's nvidia-cuda-nvdisasm
    wheel, Triton's wheel (triton/backends/nvidia/bin); None when there is none."""
    cands = [os.environ.get(NVDISASM_ENV), shutil.which("nvdisasm"),
             "/usr/local/cuda/bin/nvdisasm"]
    for mod, sub in (("nvidia.cuda_nvdisasm", "bin"), ("triton", "backends/nvidia/bin")):
        try:
            spec = importlib.util.find_spec(mod)
        except (ImportError, ValueError):
            spec = None
        if spec is not None and spec.submodule_search_locations:
            cands.append(str(Path(list(spec.submodule_search_locations)[0]) / sub / "nvdisasm"))
    for c in cands:
        if c and Path(c).is_file() and os.access(c, os.X_OK):
            return c
    return None


def _nvdisasm_raw(code: bytes, arch: str) -> str:
    from ..tools.programs import failure_message, run_tool
    tool = find_nvdisasm()
    if tool is None:
        raise SassError("nvdisasm not found: install a CUDA toolkit, the nvidia-cuda-nvdisasm "
                        f"wheel or triton, or set {NVDISASM_ENV}")
    sm = arch.removeprefix("sm_").rstrip("a")
    with tempfile.TemporaryDirectory(prefix="agentsched-sass-") as d:
        p = Path(d) / "code.bin"
        p.write_bytes(code)
        # 'a': the accelerated instructions (wgmma ...) decode too; same text otherwise
        proc = run_tool([tool, "-b", f"SM{sm}{'a' if sm == '90' else ''}", "-hex", str(p)])
    if proc.returncode != 0:
        raise SassError(failure_message(tool, proc.returncode, proc.stderr))
    return proc.stdout


def disassemble_many(cubins: Iterable[bytes | str | Path],
                     names: Sequence[str | None] | None = None) -> list[list[Function]]:
    """The functions of each cubin, all disassembled by one nvdisasm run per architecture.
    names: per cubin, the one function wanted (None: all of them); a cubin holds every
    kernel of its source, and nvdisasm's time grows with the code it is given."""
    read = [read_cubin(c) for c in cubins]
    out: list[list[Function]] = [[] for _ in read]
    by_arch: dict[str, list[tuple[int, CubinFunction]]] = {}
    for i, cb in enumerate(read):
        want = names[i] if names is not None else None
        for cf in cb.functions:
            if want is None or cf.name == want:
                by_arch.setdefault(cb.arch, []).append((i, cf))
    for arch, items in by_arch.items():
        blob, bases = bytearray(), []
        for _, cf in items:
            bases.append(len(blob))
            blob += cf.code
            blob += b"\0" * (-len(blob) % 16)
        instrs = parse_nvdisasm(_nvdisasm_raw(bytes(blob), arch)).get("", [])
        offsets = [ins.offset for ins in instrs]
        for (i, cf), start in zip(items, bases):
            lo = bisect.bisect_left(offsets, start)
            hi = bisect.bisect_left(offsets, start + len(cf.code))
            mine = instrs[lo:hi]
            for ins in mine:
                ins.offset -= start
                if ins.target is not None:
                    ins.target -= start
            out[i].append(Function(cf.name, mine, cf.registers, cf.shared_bytes,
                                   cf.local_bytes, cf.block_threads, arch))
    return out


def disassemble(cubin: bytes | str | Path, name: str | None = None) -> list[Function]:
    """The functions of one cubin (only `name` when given), one nvdisasm run."""
    return disassemble_many([cubin], [name])[0]


def kernel_features(cubins: Sequence[bytes | str | Path], names: Sequence[str | None],
                    threads: int | None = None) -> list[dict[str, float]]:
    """features() of the named function of each cubin (None: its first), one nvdisasm run."""
    return [features(fns[0], threads) if fns else {}
            for fns in disassemble_many(cubins, names)]
