"""The schedules behind the report's views, from real compiles: for each pass of each region,
the order the pass produced, the register pressure along it and what LLVM's model says about
each pick (stalled, forced), read from the plugin's state log with read_states().

A trace is cached per IR, target, decision file, LLVM, plugin build and TRACE_VERSION: the
state log of a large kernel is big and slow to read, the figures drawn from it are small."""
from __future__ import annotations

import gzip
import json
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path

from ...core.files import write_bytes
from ...core.hashing import sha256_hex
from ...core.paths import data_dir
from ...core.protocol import DecisionPoint, parse_decision, read_states
from ...llvm.compile import compile_ir
from ...targets import Target
from ...tools.plugin import plugin_path
from ...tools.programs import llvm_version

TRACE_VERSION = 1  # bump when what a trace holds changes


@dataclass
class PassTrace:
    """One scheduling pass over one region; per-position lists follow `order`."""
    function: str
    region: int
    visit: int
    stage: int
    block: int
    size: int
    fate: str  # kept / reverted / modified / unknown (the plugin's report)
    before: list[int]  # instruction ids in the region's order when the pass started
    order: list[int]  # instruction ids in the order the pass produced, top to bottom
    zone: str = ""  # per position: "t" picked top-down, "b" bottom-up
    forced: list[int] = field(default_factory=list)  # positions picked unlike LLVM would
    pending: list[int] = field(default_factory=list)  # positions picked while stalled in
    #                                                   LLVM's model (the pending queue)
    ready: list[int] = field(default_factory=list)  # per position: ready instructions then
    pressure: dict = field(default_factory=dict)  # pset -> units at boundary 0..size (None:
    #                                               not observed: where top and bottom met)

    @property
    def key(self) -> tuple[str, int, int]:
        return (self.function, self.region, self.visit)


@dataclass
class Trace:
    asm: str
    report: dict  # the plugin's report (counts, pass_list)
    passes: list[PassTrace]
    instrs: dict  # function -> {id: [opcode, text, class, latency, preds]}


class _PassBuilder:
    def __init__(self, p: DecisionPoint):
        self.head = p
        self.before = [i.id for i in p.instructions or []]
        self.top: list[tuple] = []  # (id, forced, pending, ready, pressure) in pick order
        self.bot: list[tuple] = []

    def add(self, p: DecisionPoint) -> None:
        pick = p.chosen or p.llvm
        queue = next((c.queue for c in p.candidates if (c.id, c.zone) == pick), "available")
        ready = len({c.id for c in p.candidates})
        pressure = p.pressure_top if pick[1] == "top" else p.pressure_bot
        (self.top if pick[1] == "top" else self.bot).append(
            (pick[0], pick != p.llvm, queue == "pending", ready, pressure))

    def build(self, fate: str) -> PassTrace:
        h = self.head
        picks = self.top + self.bot[::-1]
        size = len(picks)
        boundary: list[dict | None] = [None] * (size + 1)
        for k, t in enumerate(self.top):  # the top zone's pressure sits above position k
            boundary[k] = t[4]
        for j, b in enumerate(self.bot):  # the bottom zone's below position size-1-j
            boundary[size - j] = b[4]
        psets = sorted({s for b in boundary if b for s in b})
        return PassTrace(
            function=h.function, region=h.region, visit=h.visit, stage=h.stage, block=h.block,
            size=size, fate=fate, before=self.before, order=[t[0] for t in picks],
            zone="t" * len(self.top) + "b" * len(self.bot),
            forced=[i for i, t in enumerate(picks) if t[1]],
            pending=[i for i, t in enumerate(picks) if t[2]],
            ready=[t[3] for t in picks],
            pressure={s: [None if b is None else b.get(s, 0) for b in boundary] for s in psets})


def trace_from_log(state_log: Path, report: dict, asm: str) -> Trace:
    """Passes, orders and pressure of one compile from its state log and report."""
    fates = {(p["function"], p["region"], p["visit"]): p.get("fate", "unknown")
             for p in report.get("pass_list", [])}
    passes: list[PassTrace] = []
    instrs: dict[str, dict[int, list]] = {}
    cur: _PassBuilder | None = None
    for p in read_states(state_log):
        if p.instructions is not None:  # step 0: a new pass
            if cur is not None:
                passes.append(cur.build(fates.get(cur.head.key[:3], "unknown")))
            cur = _PassBuilder(p)
            table = instrs.setdefault(p.function, {})
            for i in p.instructions:
                table.setdefault(i.id, [i.opcode, i.text, i.cls, i.latency, list(i.preds)])
        if cur is None:
            continue
        cur.add(p)
    if cur is not None:
        passes.append(cur.build(fates.get(cur.head.key[:3], "unknown")))
    return Trace(asm=asm, report=report, passes=passes, instrs=instrs)


# ---------------------------------------------------------------- compile + cache

def _cache_path(ir: Path, target: Target, decisions: str | None) -> Path:
    key = sha256_hex("\0".join((
        sha256_hex(ir.read_bytes()), target.name, decisions or "", llvm_version(),
        plugin_path().name, str(TRACE_VERSION))))
    return data_dir() / "report-traces" / f"{key[:32]}.json.gz"


def _load(path: Path) -> Trace | None:
    try:
        d = json.loads(gzip.decompress(path.read_bytes()))
    except (OSError, ValueError):
        return None
    instrs = {f: {int(k): v for k, v in t.items()} for f, t in d["instrs"].items()}
    return Trace(asm=d["asm"], report=d["report"],
                 passes=[PassTrace(**p) for p in d["passes"]], instrs=instrs)


def _save(path: Path, trace: Trace) -> None:
    write_bytes(path, gzip.compress(json.dumps(asdict(trace), separators=(",", ":")).encode(), 6))


def compile_trace(ir: Path, target: Target, decisions: str | None = None) -> Trace:
    """Compile `ir` with LLVM's schedule (decisions None) or by strictly replaying a decision
    file's body, and read the schedule back from the state log. Raises what compile_ir
    raises (a decision that does not apply is an error, not a silent fallback)."""
    path = _cache_path(ir, target, decisions)
    cached = _load(path) if path.exists() else None
    if cached is not None:
        return cached
    picks = None
    if decisions is not None:
        picks = [parse_decision(ln) for ln in decisions.splitlines() if ln.strip()]
    with tempfile.TemporaryDirectory(prefix="agentsched-report-") as d:
        log = Path(d) / "states.jsonl"
        res = compile_ir(ir, target, decisions=picks, state_log=log)
        trace = trace_from_log(log, res.report, res.asm)
    _save(path, trace)
    return trace


def moved_ids(ref: list[int], order: list[int]) -> set[int]:
    """The fewest instructions whose moving turns `ref` into `order` (those outside a longest
    common subsequence, found as a longest increasing run of ref positions): a region where
    one instruction was hoisted has one move, not a shift of everything below it."""
    ref_pos = {i: p for p, i in enumerate(ref)}
    seq = [i for i in order if i in ref_pos]
    tails: list[int] = []  # tails[k]: index in seq of the smallest tail of a run of length k+1
    prev = [-1] * len(seq)
    for k, i in enumerate(seq):
        p = ref_pos[i]
        lo, hi = 0, len(tails)
        while lo < hi:
            mid = (lo + hi) // 2
            if ref_pos[seq[tails[mid]]] < p:
                lo = mid + 1
            else:
                hi = mid
        prev[k] = tails[lo - 1] if lo else -1
        if lo == len(tails):
            tails.append(k)
        else:
            tails[lo] = k
    keep, k = set(), tails[-1] if tails else -1
    while k >= 0:
        keep.add(seq[k])
        k = prev[k]
    return set(seq) - keep
