"""The protocol between the LLVM plugin and Python: decision points, candidates, decisions.

One JSON object per line everywhere: the state log (``-agent-sched-state-log``), the live
channel (``-agent-sched-channel``) and the decision file (``-agent-sched-decisions``).
docs/protocol.md documents every field.
"""
from __future__ import annotations

import bisect
import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Iterable, Iterator

ZONES = ("top", "bot")
CLASSES = ("valu", "salu", "vmem_load", "vmem_store", "smem", "lds", "branch", "other")


class ProtocolError(ValueError):
    """A malformed state log or decision file; the message names the file and line."""


@dataclass(frozen=True)
class Candidate:
    id: int  # stable instruction id within the function (survives GCN's repeated stages)
    zone: str  # "top" (schedule top-down) or "bot" (bottom-up)
    queue: str  # "available" or "pending" (ready by dependences, stalled by latency/hazard)
    node: int  # SUnit number in this pass of the region (changes between passes)
    opcode: str
    text: str
    cls: str  # one of CLASSES
    latency: int
    depth: int  # longest latency path from the region's top
    height: int  # longest latency path to the region's bottom
    vgpr_defs: int  # 32-bit vector registers written (per-thread registers on NVPTX)
    sgpr_defs: int
    vgpr_uses: int
    sgpr_uses: int
    may_load: bool = False
    may_store: bool = False
    pressure_diff: dict = field(default_factory=dict)  # LLVM PressureDiff: pset -> units (bottom-up)

    @property
    def key(self) -> tuple[int, str]:
        return (self.id, self.zone)


@dataclass(frozen=True)
class RegionInstr:
    """One instruction of a region, given once per pass (at step 0)."""
    id: int
    opcode: str
    text: str
    cls: str
    latency: int
    preds: tuple  # ids of data/order predecessors inside the region


@dataclass
class DecisionPoint:
    function: str
    region: int  # region ordinal in the function, in order of first visit
    visit: int  # how many times this region was scheduled before (GCN stages revisit regions)
    stage: int  # stage ordinal inferred from region visit order (0 = first schedule)
    block: int  # machine basic block number
    region_size: int  # instructions (SUnits) in the region
    step: int  # picks already made in this pass
    remaining: int  # instructions still unscheduled, including this pick
    pressure_top: dict  # current pressure at the top boundary: pset -> units (nonzero only)
    pressure_bot: dict
    candidates: list[Candidate]
    llvm: tuple[int, str]  # LLVM's own pick: (id, zone)
    chosen: tuple[int, str] | None = None  # the applied pick (state log only)
    instructions: list[RegionInstr] | None = None  # whole region, step 0 only

    @property
    def key(self) -> tuple[str, int, int, int]:
        return (self.function, self.region, self.visit, self.step)

    @property
    def llvm_candidate(self) -> Candidate:
        return self.find(*self.llvm)

    def find(self, id: int, zone: str) -> Candidate:
        for c in self.candidates:
            if c.id == id and c.zone == zone:
                return c
        raise KeyError((id, zone))

    def unique_candidates(self) -> list[Candidate]:
        """Candidates with one entry per instruction (a node ready in both zones listed once,
        preferring the zone LLVM picked from, else top)."""
        seen: dict[int, Candidate] = {}
        for c in self.candidates:
            prev = seen.get(c.id)
            if prev is None or (c.zone == self.llvm[1] and prev.zone != self.llvm[1]):
                seen[c.id] = c
        return list(seen.values())


@dataclass(frozen=True)
class Decision:
    function: str
    region: int
    visit: int
    step: int
    pick: int  # instruction id
    zone: str

    @property
    def key(self) -> tuple[str, int, int, int]:
        return (self.function, self.region, self.visit, self.step)


def decision_for(point: DecisionPoint, cand: Candidate) -> Decision:
    return Decision(point.function, point.region, point.visit, point.step, cand.id, cand.zone)


# ---------------------------------------------------------------- parsing

def _candidate(d: dict) -> Candidate:
    return Candidate(
        id=d["id"], zone=d["zone"], queue=d["queue"], node=d["node"], opcode=d["opcode"],
        text=d["text"], cls=d["class"], latency=d["latency"], depth=d["depth"],
        height=d["height"], vgpr_defs=d["vgpr_defs"], sgpr_defs=d["sgpr_defs"],
        vgpr_uses=d["vgpr_uses"], sgpr_uses=d["sgpr_uses"],
        may_load=d.get("may_load", False), may_store=d.get("may_store", False),
        pressure_diff=d.get("pressure_diff", {}),
    )


def point_from_dict(d: dict) -> DecisionPoint:
    instrs = d.get("instructions")
    return DecisionPoint(
        function=d["function"], region=d["region"], visit=d["visit"], stage=d["stage"],
        block=d["block"], region_size=d["region_size"], step=d["step"],
        remaining=d["remaining"], pressure_top=d.get("pressure_top", {}),
        pressure_bot=d.get("pressure_bot", {}),
        candidates=[_candidate(c) for c in d["candidates"]],
        llvm=(d["llvm"]["id"], d["llvm"]["zone"]),
        chosen=(d["chosen"]["id"], d["chosen"]["zone"]) if "chosen" in d else None,
        instructions=None if instrs is None else [
            RegionInstr(i["id"], i["opcode"], i["text"], i["class"], i["latency"],
                        tuple(i["preds"])) for i in instrs],
    )


def parse_point(line: str | bytes) -> DecisionPoint:
    return point_from_dict(json.loads(line))


class ChannelDecoder:
    """Decodes the live channel's compact lines (docs/protocol.md): the region's instructions
    come once per pass, then each point carries only the candidates that appeared or changed
    ("add") and those that left ("del"). The decoder keeps the current list, in the state log's
    order (top zone first, then node number)."""

    _ZONE = {"t": "top", "b": "bot"}
    _QUEUE = {"a": "available", "p": "pending"}

    def __init__(self):
        self._pass = None
        self._static: dict[int, dict] = {}
        self._current: dict[tuple[int, str], Candidate] = {}
        self._order: list[Candidate] = []

    def current(self, key: tuple[int, str]) -> Candidate | None:
        return self._current.get(key)

    def decode(self, line: str | bytes) -> DecisionPoint:
        d = json.loads(line)
        pass_key = (d["function"], d["region"], d["visit"])
        instrs = None
        if "instructions" in d:
            self._pass, self._current, self._order = pass_key, {}, []
            self._static = {i["id"]: i for i in d["instructions"]}
            instrs = [RegionInstr(i["id"], i["opcode"], i["text"], i["class"], i["latency"],
                                  tuple(i["preds"])) for i in d["instructions"]]
        elif pass_key != self._pass:
            raise ProtocolError(f"live channel: no instruction table for pass {pass_key}")
        for id, z in d["del"]:
            self._remove(self._current.pop((id, self._ZONE[z])))
        for id, z, q, pd in d["add"]:
            zone = self._ZONE[z]
            old = self._current.get((id, zone))
            if old is not None:
                self._remove(old)
            cand = self._candidate(id, zone, self._QUEUE[q], pd)
            self._current[(id, zone)] = cand
            bisect.insort(self._order, cand, key=_order_key)
        return DecisionPoint(
            function=d["function"], region=d["region"], visit=d["visit"], stage=d["stage"],
            block=d["block"], region_size=d["region_size"], step=d["step"],
            remaining=d["remaining"], pressure_top=d.get("pressure_top", {}),
            pressure_bot=d.get("pressure_bot", {}), candidates=list(self._order),
            llvm=(d["llvm"]["id"], d["llvm"]["zone"]), instructions=instrs)

    def _remove(self, cand: Candidate) -> None:
        i = bisect.bisect_left(self._order, _order_key(cand), key=_order_key)
        assert self._order[i] is cand
        del self._order[i]

    def _candidate(self, id: int, zone: str, queue: str, pd: str) -> Candidate:
        st = self._static[id]
        return Candidate(
            id=id, zone=zone, queue=queue, node=st["node"], opcode=st["opcode"],
            text=st["text"], cls=st["class"], latency=st["latency"], depth=st["depth"],
            height=st["height"], vgpr_defs=st["vgpr_defs"], sgpr_defs=st["sgpr_defs"],
            vgpr_uses=st["vgpr_uses"], sgpr_uses=st["sgpr_uses"], may_load=st["may_load"],
            may_store=st["may_store"], pressure_diff=_pressure_diff(pd))


def _order_key(c: Candidate) -> tuple[bool, int]:
    return (c.zone != "top", c.node)


def _pressure_diff(text: str) -> dict:
    out = {}
    for item in filter(None, text.split(",")):
        name, _, inc = item.rpartition(":")
        out[name] = int(inc)
    return out


def read_states(path: str | Path) -> Iterator[DecisionPoint]:
    """Decision points of a state log, in order. Raises ProtocolError naming file and line."""
    path = Path(path)
    try:
        fh = open(path, encoding="utf-8")
    except OSError as e:
        raise ProtocolError(f"{path}: cannot read state log: {e.strerror}") from None
    with fh:
        for n, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                yield parse_point(line)
            except (ValueError, KeyError, TypeError) as e:
                raise ProtocolError(f"{path}:{n}: malformed decision point: {_why(e)}") from None


def _why(e: Exception) -> str:
    if isinstance(e, KeyError):
        return f"missing field {e.args[0]!r}"
    return str(e)


def decision_to_dict(d: Decision) -> dict:
    return asdict(d)


def parse_decision(line: str, where: str = "decision") -> Decision:
    obj = json.loads(line)
    if not isinstance(obj, dict):
        raise ValueError("expected a JSON object")
    for name, typ in (("function", str), ("region", int), ("visit", int), ("step", int),
                      ("pick", int)):
        if name not in obj:
            raise KeyError(name)
        if not isinstance(obj[name], typ) or isinstance(obj[name], bool):
            raise ValueError(f"field {name!r} must be {typ.__name__}, got {obj[name]!r}")
    zone = obj.get("zone", "top")
    if zone not in ZONES:
        raise ValueError(f"field 'zone' must be 'top' or 'bot', got {zone!r}")
    return Decision(obj["function"], obj["region"], obj["visit"], obj["step"], obj["pick"], zone)


def read_decisions(path: str | Path) -> list[Decision]:
    """Decisions of a decision file. Raises ProtocolError naming file and line."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise ProtocolError(f"{path}: cannot read decision file: {e.strerror}") from None
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            out.append(parse_decision(line))
        except (ValueError, KeyError, TypeError) as e:
            raise ProtocolError(f"{path}:{n}: malformed decision: {_why(e)}") from None
    return out


def atomic_write_text(path: str | Path, text: str) -> None:
    """Write a file so that readers see the old or the new content, never a torn one
    (special files such as /dev/null or a FIFO are streamed into, never replaced)."""
    from .outputs import write_text
    write_text(path, text)


def write_decisions(path: str | Path, decisions: Iterable[Decision]) -> None:
    atomic_write_text(path, "".join(json.dumps(decision_to_dict(d)) + "\n" for d in decisions))
