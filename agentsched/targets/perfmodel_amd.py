"""A static model of AMDGPU performance (issue 22, AMD part): a variant's predicted speedup
over LLVM's default schedule of the same kernel, with an interval, from the two assemblies
alone: the interface of agentsched.targets.perfmodel (predict_pairs, Prediction with
speedup, lo, hi, sure), for gfx90a/gfx942 (CDNA, wave64) and gfx11/gfx12 (RDNA, wave32).

    model = perfmodel_amd.load("gfx1100")
    [p] = model.predict_asm([variant_asm], default_asm, entry="fused_mlp")
    p.speedup, p.lo, p.hi, p.sure, p.as_dict()["calibrated"]   # always False

**Not trained, not validated**: there is no AMD GPU, so there are no AMD timings. The model
is an analytic formula (docs/perfmodel.md, "AMD targets"):

    t(kernel) = sum over loops l of  w_l * max(R_l, C_l / W)  +  spill term
    speedup   = t(LLVM's default) / t(variant)

W: waves per SIMD (LLVM's `; Occupancy`, which counts VGPRs/AGPRs, SGPRs, LDS and
waves-per-eu; else occupancy() from the registers); R_l: llvm-mca-19's block reciprocal
throughput of loop l's own instructions (the issue bound of one wave's iteration on the
SIMD's units, which the W waves share); C_l: llvm-mca-19's cycles per iteration (one wave,
in order, with the scheduling model's latencies: the latency bound, which W waves hide by
interleaving); w_l = TRIPS ** (depth - 1) (trip counts are not in the code: each nested loop
is assumed to run TRIPS times per iteration of its parent); spill term: SPILL_CYCLES / W per
scratch access (spill or reload) in a loop, weighted alike (llvm-mca models the access as a
cache hit). A kernel without loops: its whole body, one pass.

The interval is deliberately wide (INTERVAL_FLOOR, docs/perfmodel.md): it always reaches
across 1, so the formula alone is never `sure`. Sure only by SPILL_RULE: new spill code in a
loop (the default has none there) is sure slower; spill code in the default's loops that
the variant removes, with no lower occupancy, is sure faster.
"""
from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..core.hashing import sha256_hex
from .amdgpu import VGPR_RULES, _rule, has_vopd, kernel_asm, mca_estimate, occupancy_from_vgprs
from .base import first_int
from .perfmodel import Prediction

VERSION = "agentsched-perfmodel-amd/1"
TRIPS = 8  # assumed iterations of a nested loop per iteration of its parent
SPILL_CYCLES = 200.0  # a scratch access's latency beyond what llvm-mca models (an L2 trip)
# The interval is s * exp(+-(|log s| + log INTERVAL_FLOOR)): it reaches from s to 1 and
# INTERVAL_FLOOR beyond, on both sides (docs/perfmodel.md, "AMD targets", says why)
INTERVAL_FLOOR = 1.10
SPILL_RULE = ("sure slower: spill code in a loop where LLVM's default has none; sure "
              "faster: the default's loop spill code gone, occupancy not lower")

# Units an instruction's mnemonic names (first match wins; the order matters: v_dual_ and
# the matrix ops before the other v_*, memory before the other s_*). One list: the
# features, the docs and the tests read it.
UNITS: tuple[tuple[str, str], ...] = (
    ("waitcnt", r"s_waitcnt"), ("nop", r"s_nop$"), ("delay_alu", r"s_delay_alu$"),
    ("branch", r"s_(c?branch|setpc|swappc|endpgm)"), ("barrier", r"s_barrier"),
    ("smem", r"s_(load|buffer_load|store|buffer_store|dcache|memtime|memrealtime)"),
    ("salu", r"s_"),
    ("scratch", r"scratch_"),
    ("vmem_load", r"(global|buffer|flat)_load"), ("vmem_store", r"(global|buffer|flat)_store"),
    ("vmem_atomic", r"(global|buffer|flat)_atomic"),
    ("lds", r"ds_"),
    ("matrix", r"v_(mfma|smfmac|wmma|swmmac)"), ("vopd", r"v_dual_"),
    ("trans", r"v_(exp|log|rcp|rsq|sqrt|sin|cos)_"),
    ("valu", r"v_"),
)
_UNIT_RE = [(u, re.compile(p)) for u, p in UNITS]
UNIT_NAMES = tuple(dict.fromkeys(u for u, _ in UNITS)) + ("other",)
_SPILL_COMMENT = re.compile(r"Folded (Spill|Reload)|[0-9]+-byte (Folded )?(Spill|Reload)")
_BRANCH = re.compile(r"^s_(cbranch\w*|branch)\s+(\S+)")


def unit_of(mnemonic: str) -> str:
    for u, r in _UNIT_RE:
        if r.match(mnemonic):
            return u
    return "other"


# ------------------------------------------------------------------ occupancy

# SGPR occupancy of gfx9 (GCNSubtarget::getOccupancyWithNumSGPRs in LLVM 19): SGPRs in use
# (`; NumSgprs`, VCC and the other extras included) -> waves per SIMD; gfx10+ has enough
# SGPRs for every wave.
_GFX9_SGPR_STEPS = ((80, 10), (88, 9), (100, 8))


def occupancy(target: str, vgprs: int, agprs: int = 0, sgprs: int = 0) -> int:
    """Waves per SIMD that the registers allow (LLVM 19's rules): VGPRs (gfx90a/gfx942 allocate
    AGPRs from the same file after the VGPRs rounded up to 4) and, on gfx9, SGPRs."""
    unified = agprs and not re.match(r"gfx1\d", target)
    waves = occupancy_from_vgprs(target, (-(-vgprs // 4) * 4 + agprs) if unified else vgprs)
    if re.match(r"gfx9", target):
        by_sgpr = next((w for lim, w in _GFX9_SGPR_STEPS if sgprs <= lim), 7)
        waves = min(waves, by_sgpr)
    return waves


def supports(target: str) -> bool:
    """A GPU whose occupancy rules this model has (the VGPR table of targets.amdgpu)."""
    return _rule(VGPR_RULES, target) is not None


# ------------------------------------------------------------------ loops

@dataclass
class Loop:
    """A loop found from a backward branch: lines [start, end] of the code, its depth (1:
    outermost) and its own instructions (those of nested loops excluded)."""
    start: int
    end: int
    depth: int = 1
    body: list[str] = field(default_factory=list)  # instruction text, comments removed
    spills: int = 0  # of body: scratch accesses and instructions commented as spill code


def _instruction(line: str) -> str | None:
    s = line.strip()
    if not s or s.startswith((";", ".", "//")) or s.endswith(":") or \
            re.match(r"^[\w.$]+:", s):
        return None
    return s


def _is_spill(ins: str) -> bool:
    """A scratch access, or an instruction LLVM comments as spill code."""
    return unit_of(ins.split(None, 1)[0]) == "scratch" or bool(_SPILL_COMMENT.search(ins))


def find_loops(code: str) -> list[Loop]:
    """The loops of one kernel's code: a branch to a label earlier in the code closes a loop
    from that label to the branch (several branches back to one label: one loop, to the
    last). LLVM's loop comments are not needed (hand-written assembly has none)."""
    lines = code.splitlines()
    labels: dict[str, int] = {}
    spans: dict[int, int] = {}
    for i, line in enumerate(lines):
        s = line.strip()
        m = re.match(r"^([\w.$]+):", s)
        if m:
            labels[m.group(1)] = i
            continue
        b = _BRANCH.match(s)
        if b and b.group(2) in labels:
            start = labels[b.group(2)]
            spans[start] = max(spans.get(start, i), i)
    loops = [Loop(a, b) for a, b in sorted(spans.items())]
    for lp in loops:
        lp.depth = sum(1 for o in loops if o.start <= lp.start and lp.end <= o.end)
    for i, line in enumerate(lines):
        ins = _instruction(line)
        if ins is None or _BRANCH.match(ins):
            continue
        inside = [lp for lp in loops if lp.start <= i <= lp.end]
        if not inside:
            continue
        own = min(inside, key=lambda lp: lp.end - lp.start)
        text = ins.split(";")[0].rstrip()
        own.body.append(text)
        if _is_spill(ins):
            own.spills += 1
    return [lp for lp in loops if lp.body]


def mix(lines: Sequence[str]) -> dict[str, int]:
    """Instructions by unit (UNITS) of instruction lines."""
    out = dict.fromkeys(UNIT_NAMES, 0)
    for s in lines:
        out[unit_of(s.split(None, 1)[0])] += 1
    return out


# ------------------------------------------------------------------ features

def features(asm: str, target: str, entry: str | None = None,
             with_mca: bool = True) -> dict:
    """What the model reads of one kernel (`entry`, or the first) in AMDGPU assembly: LLVM's
    kernel-info figures and metadata, occupancy, the instruction mix of the whole kernel
    (`k_<unit>`) and of its loops weighted by w_l (`l_<unit>`), and per loop llvm-mca-19's
    cycles and reciprocal throughput (`loops`)."""
    from . import parse_target
    code, info, meta = kernel_asm(asm, entry)
    vgprs = first_int(r"^; NumVgprs: (\d+)", info) or first_int(r"\.vgpr_count:\s+(\d+)", meta) or 0
    agprs = first_int(r"^; NumAgprs: (\d+)", info) or first_int(r"\.agpr_count:\s+(\d+)", meta) or 0
    sgprs = first_int(r"^; NumSgprs: (\d+)", info) or first_int(r"\.sgpr_count:\s+(\d+)", meta) or 0
    occ_regs = occupancy(target, vgprs, agprs, sgprs)
    occ_llvm = first_int(r"^; Occupancy: (\d+)", info)
    wave = first_int(r"\.wavefront_size:\s+(\d+)", meta) or (32 if re.match(r"gfx1\d", target)
                                                             else 64)
    instructions = [s for s in map(_instruction, code.splitlines()) if s]
    body = [s.split(";")[0].rstrip() for s in instructions]
    spills_all = sum(map(_is_spill, instructions))
    f: dict = {
        "target": target, "wave_size": wave, "vgprs": vgprs, "agprs": agprs, "sgprs": sgprs,
        "occupancy_regs": occ_regs, "occupancy_llvm": occ_llvm,
        "occupancy": occ_llvm if occ_llvm else occ_regs,
        "lds_bytes": first_int(r"^; LDSByteSize: (\d+)", info) or
        first_int(r"\.group_segment_fixed_size:\s+(\d+)", meta) or 0,
        "scratch_bytes": first_int(r"^; ScratchSize: (\d+)", info) or
        first_int(r"\.private_segment_fixed_size:\s+(\d+)", meta) or 0,
        "vgpr_spills": first_int(r"\.vgpr_spill_count:\s+(\d+)", meta) or 0,
        "sgpr_spills": first_int(r"\.sgpr_spill_count:\s+(\d+)", meta) or 0,
        "spill_instr": spills_all, "n_instr": len(body),
        **{f"k_{u}": n for u, n in mix(body).items()},
    }
    if not has_vopd(target):  # s_delay_alu and VOPD exist on gfx11+ only
        f.pop("k_vopd")
        f.pop("k_delay_alu")
    loops = find_loops(code)
    f["n_loops"], f["loop_depth"] = len(loops), max((lp.depth for lp in loops), default=0)
    regions = [(TRIPS ** (lp.depth - 1), lp.body, lp.spills) for lp in loops] or \
        [(1, body, spills_all)]  # no loop: the whole body, once
    weighted = dict.fromkeys(UNIT_NAMES, 0.0)
    for w, lines, _ in regions:
        for u, n in mix(lines).items():
            weighted[u] += w * n
    f.update({f"l_{u}": v for u, v in weighted.items() if f"k_{u}" in f})
    f["l_spills"] = sum(w * s for w, _, s in regions)
    f["regions"] = []
    t = parse_target(target) if with_mca else None
    for w, lines, sp in regions:
        r: dict = {"weight": w, "instructions": len(lines), "spills": sp}
        if t is not None:
            est = mca_estimate("", t, body=lines)
            r.update(cycles=est.cycles, rthroughput=est.rthroughput, note=est.note)
        f["regions"].append(r)
    return f


# ------------------------------------------------------------------ the prediction

@dataclass(frozen=True)
class AmdPrediction(Prediction):
    """A Prediction with what it rests on: never calibrated (no AMD timings)."""
    basis: str = ""  # 'identical', 'formula', or the SPILL_RULE half that made it sure
    t_variant: float | None = None
    t_default: float | None = None

    def as_dict(self) -> dict:
        return {**super().as_dict(), "calibrated": False, "basis": self.basis,
                "t_variant": None if self.t_variant is None else round(self.t_variant, 2),
                "t_default": None if self.t_default is None else round(self.t_default, 2)}


IDENTICAL = AmdPrediction(1.0, 1.0, 1.0, "identical")


def modelled_time(f: dict) -> float | None:
    """The formula's time of a kernel's features (relative units: cycles of one SIMD per
    wave, loops weighted); None where llvm-mca-19 gave no estimate of some region."""
    w = max(1, int(f.get("occupancy") or 1))
    total = 0.0
    for r in f["regions"]:
        c, rt = r.get("cycles"), r.get("rthroughput")
        if c is None:
            return None
        total += r["weight"] * (max(rt or 0.0, c / w) + r["spills"] * SPILL_CYCLES / w)
    return total


def _interval(s: float) -> tuple[float, float]:
    h = abs(math.log(s)) + math.log(INTERVAL_FLOOR)
    return s * math.exp(-h), s * math.exp(h)


def predict_pair(variant: dict, default: dict) -> AmdPrediction:
    tv, td = modelled_time(variant), modelled_time(default)
    s = td / tv if tv and td else 1.0
    lo, hi = _interval(s)
    basis = "formula" if tv and td else "formula (no llvm-mca estimate: time not modelled)"
    if variant["l_spills"] > 0 and default["l_spills"] == 0:
        s, hi, basis = min(s, 0.999), min(hi, 0.999), "sure slower: new spill code in a loop"
        lo = min(lo, s)
    elif default["l_spills"] > 0 and variant["l_spills"] == 0 and \
            variant["occupancy"] >= default["occupancy"]:
        s, lo, basis = max(s, 1.001), max(lo, 1.001), "sure faster: the loops' spill code gone"
        hi = max(hi, s)
    return AmdPrediction(s, lo, hi, basis, tv, td)


@dataclass
class AmdPerfModel:
    """The analytic model for one AMD GPU (no file: its constants are its identity)."""
    target: str
    sha256: str = ""

    def __post_init__(self):
        if not supports(self.target):
            raise ValueError(f"the AMD performance model has no occupancy rules for "
                             f"{self.target}")
        self.sha256 = sha256_hex(f"{VERSION} {self.target} {TRIPS} {SPILL_CYCLES} "
                                 f"{INTERVAL_FLOOR}".encode())

    def features(self, modules: Sequence[bytes | str], entry: str | None = None) -> list[dict]:
        return [features(m.decode() if isinstance(m, bytes) else m, self.target, entry)
                for m in modules]

    def predict_pairs(self, variants: Sequence[dict], default: dict) -> list[AmdPrediction]:
        return [predict_pair(v, default) for v in variants]

    def predict_asm(self, variants: Sequence[bytes | str], default: bytes | str,
                    entry: str | None = None) -> list[AmdPrediction]:
        """Predictions for variants' assembly against LLVM's default's; a kernel whose code
        is the default's is the default: exactly 1."""
        def code(m: bytes | str) -> str:
            return kernel_asm(m.decode() if isinstance(m, bytes) else m, entry)[0]
        dcode = code(default)
        same = [code(v) == dcode for v in variants]
        todo = [v for v, eq in zip(variants, same) if not eq]
        d = self.features([default], entry)[0]
        preds = iter(self.predict_pairs(self.features(todo, entry), d))
        return [IDENTICAL if eq else next(preds) for eq in same]

    def predict_cubins(self, variants: Sequence[bytes | str], default: bytes | str,
                       entry: str | None = None) -> list[AmdPrediction]:
        """perfmodel.PerfModel's name, for callers that treat both models alike."""
        return self.predict_asm(variants, default, entry)


def load(target: str) -> AmdPerfModel:
    return AmdPerfModel(target)
