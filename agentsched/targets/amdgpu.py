"""AMDGPU (GCN/RDNA: gfx90a, gfx942, gfx1100 ...): HIP, code objects, LLVM's own figures.

The figures are LLVM's: the assembly's kernel-info comments (`; NumVgprs`, `; Occupancy` ...)
and metadata (`.vgpr_spill_count`), plus llvm-mca-19's cycle estimate of the hottest loop.
A module is a code object: llvm-mc-19 assembles, ld.lld-19 links (as hipcc does).
"""
from __future__ import annotations

import fnmatch
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from ..core.files import write_text
from ..core.hashing import digest
from ..core.paths import data_dir
from ..tools.programs import failure_message, find_tool, llvm_version, run, run_tool
from .base import Launch, StaticMetrics, Target, first_int, kernel_label

# VGPR occupancy rules of LLVM 19 (the tables llc-19's `; Occupancy:` follows): GPU names (shell patterns) -> (VGPRs per
# SIMD, allocation granule, most waves per SIMD). A new GPU with known rules is one entry here.
VGPR_RULES: dict[tuple[str, ...], tuple[int, int, int]] = {
    # gfx11 parts without FeatureGFX11FullVGPRs (first match wins: before gfx11*)
    ("gfx1102", "gfx1103", "gfx1150"): (1024, 16, 16),  # wave32
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


# LDS occupancy rules of LLVM 19 (AMDGPUSubtarget::getOccupancyWithLocalMemSize and
# AMDGPU::IsaInfo::getMaxWorkGroupsPerCU): GPU names -> (LDS bytes per CU, or per WGP in
# gfx10+'s default WGP mode; SIMDs sharing it; most waves per SIMD; wave size; barriers, i.e.
# most multi-wave work-groups, per CU/WGP). tests/test_measures.py checks them against LLVM's
# own `; Occupancy` of kernels with static LDS, for every size and work-group size tried.
LDS_RULES: dict[tuple[str, ...], tuple[int, int, int, int, int]] = {
    ("gfx11*",): (131072, 4, 16, 32, 32),
    ("gfx90a", "gfx940", "gfx941", "gfx942"): (65536, 4, 8, 64, 16),
}
MAX_LDS_PER_WORKGROUP = 65536  # what a work-group may allocate on these GPUs


def _rule(table: dict, target: str):
    for names, rule in table.items():
        if any(fnmatch.fnmatchcase(target, n) for n in names):
            return rule
    return None


def lds_occupancy(target: str, lds_bytes: int, workgroup_size: int) -> int | None:
    """Waves per SIMD that `lds_bytes` of LDS per work-group of up to `workgroup_size` threads
    allow, as LLVM 19 computes it for static LDS (None: no table for `target`; 0: the
    work-group does not fit)."""
    rule = _rule(LDS_RULES, target)
    if rule is None:
        return None
    if lds_bytes > MAX_LDS_PER_WORKGROUP:
        return 0
    lds, simds, max_waves, wave, barriers = rule
    waves_per_group = -(-workgroup_size // wave)
    groups_per_cu = max_waves * simds if waves_per_group == 1 else \
        min(max_waves * simds // waves_per_group, barriers)
    if groups_per_cu == 0:
        return 0
    groups = lds // (lds_bytes or 1)
    if groups == 0:
        return 1  # LLVM's answer for more LDS than the CU has
    groups = min(groups_per_cu, groups)
    return min(max_waves, -(-(groups * waves_per_group) // simds))


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


def apply_launch(m: StaticMetrics, launch: Launch, target: str, entry: str | None) -> None:
    """The launch in a kernel's figures: its block must fit the kernel's flat work-group size
    bound (m.block_threads), and its dynamic LDS, which LLVM cannot see (an `extern
    __shared__` array has no size in the module), counts in occupancy beside the static LDS
    LLVM's `; Occupancy` already counts."""
    what = kernel_label(entry)
    if launch.threads is not None and m.block_threads is not None and \
            launch.threads > m.block_threads:
        raise ValueError(f"a launch of {launch.threads} threads per block cannot run {what}: "
                         f"its flat work-group size is at most {m.block_threads} "
                         "(__launch_bounds__)")
    m.dynamic_shared = launch.dynamic_shared
    if not launch.dynamic_shared or m.occupancy is None:
        return
    lds = (m.shared_bytes or 0) + launch.dynamic_shared
    by_lds = lds_occupancy(target, lds, m.block_threads or 1024)
    if by_lds is None:
        raise ValueError(f"dynamic LDS on {target}: no LDS occupancy table for it (have "
                         f"{', '.join(n for names in LDS_RULES for n in names)})")
    m.occupancy = min(m.occupancy, by_lds)


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


@dataclass
class McaEstimate:
    """llvm-mca-19's estimate of a kernel (mca_estimate), and what it left out."""
    cycles: float | None
    instructions: int  # in the part estimated (the hottest loop, or the whole body)
    not_modelled: int = 0  # left out: llvm-mca-19 cannot take them, and no stand-in can
    stand_ins: int = 0  # estimated as a stand-in (STAND_INS)
    note: str | None = None  # what was left out or stood in, or why there is no estimate
    rthroughput: float | None = None  # llvm-mca-19's block reciprocal throughput (issue bound)


# llvm-mca-19 aborts on every MUBUF load and store ("LLVM ERROR: out of memory", or a heap
# corruption: `echo 'buffer_load_dwordx4 v[2:5], v2, s[16:19], 0 offen' | llvm-mca-19
# -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942`), which Triton emits on AMD GPUs for every
# tensor access; buffer atomics and scalar buffer loads are fine. Its stand-in is the global
# (FLAT) access with the same data registers, the 32-bit offset VGPR and the resource's
# base SGPR pair (`global_load_dwordx4 v[2:5], v2, s[16:17]`): the same vector-memory unit
# and latency in LLVM's model of these GPUs, and the same register dependences but the
# resource's upper half and soffset. A stand-in is itself checked with llvm-mca-19; one it
# cannot take either leaves the instruction out.
_MUBUF = re.compile(r"^buffer_(load|store)_(\w+)\s+(v\d+|v\[\d+:\d+\]),\s*"
                    r"(off|v\d+|v\[(\d+):\d+\]),\s*s\[(\d+):\d+\],")
STAND_INS = {"buffer_load_*": "global_load_* (saddr form)",
             "buffer_store_*": "global_store_* (saddr form)"}


def _stand_in(line: str, free_vgpr: str) -> str | None:
    m = _MUBUF.match(line)
    if not m or m.group(2).startswith(("format", "lds")) or " lds" in line:
        return None
    op, kind, data, vaddr, pair_lo, base = m.groups()
    off = free_vgpr if vaddr == "off" else (f"v{pair_lo}" if pair_lo else vaddr)
    sbase = f"s[{base}:{int(base) + 1}]"
    if op == "load":
        return f"global_load_{kind} {data}, {off}, {sbase}"
    return f"global_store_{kind} {off}, {data}, {sbase}"


def _free_vgpr(lines: list[str]) -> str:
    """A VGPR the code does not name (for a stand-in's offset where the original has none)."""
    text = "\n".join(lines)
    used = {int(n) for n in re.findall(r"\bv(\d+)\b", text)}
    for a, b in re.findall(r"\bv\[(\d+):(\d+)\]", text):
        used.update(range(int(a), int(b) + 1))
    return f"v{next(n for n in range(255, -1, -1) if n not in used)}" \
        if len(used) < 256 else "v0"


def _mnemonic(line: str) -> str:
    return line.split(None, 1)[0] if line.strip() else ""


def _mca(lines: list[str], target: Target, iterations: int
         ) -> tuple[int | None, str | None, float | None]:
    """(total cycles, None, block reciprocal throughput), or (None, why llvm-mca-19 gave
    none, None)."""
    proc = run_tool(
        [find_tool("llvm-mca-19"), f"-mtriple={target.triple}", f"-mcpu={target.name}",
         f"-iterations={iterations}", "-all-views=false", "-summary-view"],
        input="\n".join(lines) + "\n")
    total = first_int(r"^Total Cycles:\s+(\d+)", proc.stdout)
    if proc.returncode == 0 and total is not None:
        m = re.search(r"^Block RThroughput:\s+([\d.]+)", proc.stdout, re.M)
        return total, None, float(m.group(1)) if m else None
    return None, failure_message("llvm-mca-19", proc.returncode, proc.stderr), None


def _probe_file(target: Target) -> Path:
    return data_dir() / "mca" / f"{digest(llvm_version(), target.name)[:16]}-{target.name}.json"


def _probes(target: Target) -> dict:
    """Per LLVM version and GPU: opcode -> None (llvm-mca-19 takes it) or why it does not."""
    try:
        return json.loads(_probe_file(target).read_text())
    except (OSError, ValueError):
        return {}


def _failing(lines: list[str], target: Target) -> dict[int, str]:
    """Indexes of the lines llvm-mca-19 fails on, each tried alone at most once: halves of
    a failing set are tried in turn (a few bad lines among many cost a few runs)."""
    _, why, _ = _mca(lines, target, 1)
    if why is None:
        return {}
    if len(lines) == 1:
        return {0: why}
    half = len(lines) // 2
    bad = _failing(lines[:half], target)
    bad.update({i + half: w for i, w in _failing(lines[half:], target).items()})
    return bad


def unmodelled(lines: list[str], target: Target) -> dict[str, str]:
    """The opcodes among `lines` that llvm-mca-19 cannot take on `target`, with why: each
    opcode tried once (its first line) per LLVM version and GPU, the answers kept on disk."""
    known = _probes(target)
    first: dict[str, str] = {}
    for line in lines:
        first.setdefault(_mnemonic(line), line)
    new = [m for m in first if m and m not in known]
    if new:
        bad = _failing([first[m] for m in new], target)
        known = {**_probes(target), **{m: bad.get(i) for i, m in enumerate(new)}}
        write_text(_probe_file(target), json.dumps(known, indent=0, sort_keys=True))
    return {m: known[m] for m in first if known.get(m)}


def _reason(why: str) -> str:
    return re.sub(r"^llvm-mca-19 ", "", why.splitlines()[0])


def mca_estimate(asm: str, target: Target, iterations: int | None = None,
                 body: list[str] | None = None) -> McaEstimate:
    """llvm-mca-19's cycles per iteration of the hottest loop: an estimate from LLVM's
    scheduling model, blind to memory latency and occupancy. By default about 20,000
    simulated instructions (100 iterations of a small loop, at least 3 of a huge one): mca's
    time grows with that product, and the per-iteration figure settles within a few.
    A kernel without loops is estimated over its whole body (kernel_body), one pass: the
    cycles of one run of the straight-line path. Instructions llvm-mca-19 cannot take
    (unmodelled) are estimated as their stand-in (STAND_INS) or left out, and counted.
    body: these instruction lines instead (one loop's, perfmodel_amd's), estimated alike."""
    body = body if body is not None else hottest_loop(asm)
    if not body and asm:
        body = kernel_body(asm)
        iterations = 1
    if not body:
        return McaEstimate(None, 0, note="no instructions to estimate (an empty kernel)")
    iterations = iterations or max(3, min(100, 20000 // len(body)))
    known = _probes(target)
    bad = {m: w for m in dict.fromkeys(map(_mnemonic, body)) if (w := known.get(m))}
    why = None
    for find in (lambda ls: unmodelled(ls, target),  # opcodes not tried before
                 lambda ls: _failing_lines(ls, target),  # some operand forms only
                 None):
        lines, stand_ins, left_out = _replace(body, bad, target)
        if not lines:
            return McaEstimate(None, len(body), len(left_out), 0,
                               _note(len(body), bad, 0, left_out, empty=True))
        total, why, rthru = _mca(lines, target, iterations)
        if total is not None:
            return McaEstimate(round(total / iterations, 2), len(body), len(left_out),
                               stand_ins, _note(len(body), bad, stand_ins, left_out), rthru)
        found = find(lines) if find else {}
        if found:
            bad = {**bad, **found}
    return McaEstimate(None, len(body), note=f"llvm-mca-19 gave no estimate: {_reason(why or '')}")


def _failing_lines(lines: list[str], target: Target) -> dict[str, str]:
    distinct = list(dict.fromkeys(lines))
    return {distinct[i]: w for i, w in _failing(distinct, target).items()}


def _replace(body: list[str], bad: dict[str, str], target: Target
             ) -> tuple[list[str], int, list[str]]:
    """(the body with every line llvm-mca-19 cannot take (`bad`: opcodes or whole lines)
    stood in for or left out, stand-ins, lines left out)."""
    if not bad:
        return body, 0, []
    free = _free_vgpr(body)
    subs = {x: _stand_in(x, free) for x in body if _mnemonic(x) in bad or x in bad}
    tried = [s for s in dict.fromkeys(subs.values()) if s]
    cannot = unmodelled(tried, target) if tried else {}
    out, stand, left = [], 0, []
    for x in body:
        sub = subs.get(x, x)
        if x not in subs:
            out.append(x)
        elif sub and _mnemonic(sub) not in cannot and sub not in bad:
            out.append(sub)
            stand += 1
        else:
            left.append(x)
    return out, stand, left


def _note(total: int, bad: dict[str, str], stand_ins: int, left_out: list[str],
          empty: bool = False) -> str | None:
    if not bad:
        return None
    names = sorted(bad)
    reasons = list(dict.fromkeys(_reason(w) for w in bad.values()))
    parts = [f"llvm-mca-19 cannot model {', '.join(names[:6])}{', ...' if len(names) > 6 else ''}"
             f" ({'; '.join(reasons[:3])}{'; ...' if len(reasons) > 3 else ''})"]
    if stand_ins:
        parts.append(f"{stand_ins} of {total} instructions estimated as global_load/"
                     "global_store stand-ins")
    if left_out:
        parts.append(f"{len(left_out)} of {total} instructions left out")
    if empty:
        parts.append("nothing left to estimate")
    return "; ".join(parts)


def mca_cycles(asm: str, target: Target, iterations: int | None = None) -> float | None:
    """mca_estimate's cycles alone."""
    return mca_estimate(asm, target, iterations).cycles


# ---------------------------------------------------------------- after register allocation

# s_delay_alu's fields (AMDGPU's SIDefines.h DelayALU encoding): instid0 / instid1 name the
# instruction depended on, instskip where the second one is. Its weight here is how long
# the wait can be, in the encoding's own units: VALU_DEP_n (the n-th VALU back, 1..4) 5 - n,
# TRANS32_DEP_n (1..3) 4 - n, SALU_CYCLE_n n cycles, FMA_ACCUM_CYCLE_1 1; instskip none.
# An ordinal measure (the hardware's stall also depends on what issued in between), equal
# to the number of delayed dependences when every one is the shortest kind.
_DELAY_FIELD = re.compile(r"instid[01]\((VALU_DEP|TRANS32_DEP|SALU_CYCLE|FMA_ACCUM_CYCLE)_(\d)\)")


def delay_weight(line: str) -> int:
    """The encoded delay of one s_delay_alu line (see _DELAY_FIELD)."""
    total = 0
    for kind, n in _DELAY_FIELD.findall(line):
        k = int(n)
        total += {"VALU_DEP": 5 - k, "TRANS32_DEP": 4 - k}.get(kind, k)
    return total


def has_vopd(target: str) -> bool:
    """VOPD dual issue (v_dual_*): gfx11 and later (RDNA3+), not gfx9's CDNA."""
    m = re.match(r"gfx(\d+)", target)
    return m is not None and int(m.group(1)[:-2] or 0) >= 11


def postra_counts(code: str, target: str) -> dict[str, int | None]:
    """What the order after register allocation shows in a kernel's code (kernel_asm's):
    VOPD pairs (gfx11+), s_delay_alu count and encoded delay (gfx11+: the instruction does
    not exist before), s_waitcnt* count, s_nop count. Instructions only (comments, labels,
    directives are not)."""
    gfx11 = has_vopd(target)
    vopd = delay = delay_total = waits = nops = 0
    for line in code.splitlines():
        s = line.strip()
        if not s or s.startswith((";", ".")) or s.endswith(":"):
            continue
        op = s.split(None, 1)[0]
        if op.startswith("v_dual_"):
            vopd += 1
        elif op == "s_delay_alu":
            delay += 1
            delay_total += delay_weight(s)
        elif op.startswith("s_waitcnt"):
            waits += 1
        elif op == "s_nop":
            nops += 1
    return {"vopd_pairs": vopd if gfx11 else None, "delay_alu": delay if gfx11 else None,
            "delay_alu_total": delay_total if gfx11 else None, "waitcnts": waits,
            "nops": nops}


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
        code, _, meta = kernel_asm(asm, entry)
        m.block_threads = first_int(r"\.max_flat_workgroup_size:\s+(\d+)", meta)
        for k, v in postra_counts(code, self.name).items():
            setattr(m, k, v)
        if launch is not None:
            apply_launch(m, launch, self.name, entry)
        if with_cycles:
            est = mca_estimate(code, self)
            m.est_cycles, m.est_instructions = est.cycles, est.instructions
            m.est_not_modelled, m.est_stand_ins, m.est_note = \
                est.not_modelled, est.stand_ins, est.note
        return m

    def unmeasurable(self, metric: str) -> str | None:
        if metric in ("vopd_pairs", "delay_alu", "delay_alu_total") and not has_vopd(self.name):
            return ("VOPD dual issue and s_delay_alu exist on gfx11 and later only; use "
                    "waitcnt, size or cycles")
        return None

    def measurement_identity(self, launch: Launch | None = None) -> list[str]:
        # the block is in the IR (launch bounds); dynamic LDS only in the figures
        return [f"dynamic LDS {launch.dynamic_shared}B"] \
            if launch is not None and launch.dynamic_shared else []
