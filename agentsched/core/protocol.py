"""The protocol between the LLVM plugin and Python: decision points, candidates, decisions.

One JSON object per line everywhere: the state log (``-agent-sched-state-log``), the live
channel (``-agent-sched-channel``) and the decision file (``-agent-sched-decisions``).
docs/protocol.md documents every field.
"""
from __future__ import annotations

import bisect
import json
import os
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path

from .catalog import CLASSES
from .files import write_text
from .inputs import MAX_DECISIONS_BYTES, TOO_DEEP, InputError, line_too_deep, open_input

ZONES = ("top", "bot")


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
    # the region's maximum pressure in its order before this pass: pset -> units (nonzero)
    pressure_max: dict = field(default_factory=dict)
    # -agent-sched-features: one row per candidate (in `candidates` order), each the plugin's
    # whole feature catalog (agentsched.tools.plugin.feature_names()) as exact doubles;
    # np.asarray(point.features) is the (candidates x features) float64 matrix. None when
    # the line had none.
    features: tuple[tuple[float, ...], ...] | None = None
    # which machine scheduler made the point: "pre" (before register allocation) or "post"
    # (AMDGPU's post-RA scheduler; the line's "phase" field, docs/postra.md)
    phase: str = "pre"

    @property
    def key(self) -> tuple[str, int, int, int]:
        return (phase_key(self.function, self.phase), self.region, self.visit, self.step)

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
    phase: str = "pre"  # "post": a post-RA decision point's (docs/postra.md)

    @property
    def key(self) -> tuple[str, int, int, int]:
        return (phase_key(self.function, self.phase), self.region, self.visit, self.step)


PHASES = ("pre", "post")  # of a point or decision ('both' is a compile's, core.phase)


def phase_key(function: str, phase: str) -> str:
    """The function in a point's key: itself pre-RA, 'FUNCTION\\x1fpost' post-RA (as the
    plugin keys it), so a compile hooking both phases has distinct keys and every pre-RA
    key is what it always was."""
    return function if phase == "pre" else f"{function}\x1f{phase}"


def decision_for(point: DecisionPoint, cand: Candidate) -> Decision:
    return Decision(point.function, point.region, point.visit, point.step, cand.id, cand.zone,
                    point.phase)


# ---------------------------------------------------------------- parsing
# Every line is checked field by field (a malformed line is an error naming FILE:LINE and the
# field), since agents trust what they get.

UINT32_MAX = 2**32 - 1  # ids, regions, visits and steps are 32-bit in the plugin
QUEUES = ("available", "pending")
_HEADER = (("function", str), ("region", int), ("visit", int), ("stage", int), ("block", int),
           ("region_size", int), ("step", int), ("remaining", int))
_STATIC = (("id", int), ("node", int), ("opcode", str), ("text", str), ("class", str),
           ("latency", int), ("depth", int), ("height", int), ("vgpr_defs", int),
           ("sgpr_defs", int), ("vgpr_uses", int), ("sgpr_uses", int), ("may_load", bool),
           ("may_store", bool))
_TYPE_NAMES = {int: "an integer", str: "a string", bool: "true or false", dict: "an object",
               list: "an array"}


def _field(obj, name, typ, where=""):
    """obj[name], checked to be of type typ (bool is not an int here)."""
    if not isinstance(obj, dict):
        raise ValueError(f"{where.rstrip('.') or 'line'} must be a JSON object, got "
                         f"{_short(obj)}")
    if name not in obj:
        raise ValueError(f"missing field '{where}{name}'")
    v = obj[name]
    if type(v) is not typ:
        raise ValueError(f"field '{where}{name}' must be {_TYPE_NAMES[typ]}, got {_short(v)}")
    return v


def _short(v) -> str:
    text = json.dumps(v)
    return text if len(text) <= 60 else text[:57] + "..."


def _check_fields(obj, spec, where=""):
    if type(obj) is dict:  # the fast path of _field, for the many candidates of a full log
        for name, typ in spec:
            if type(obj.get(name)) is not typ:
                _field(obj, name, typ, where)  # raises, naming the field
    else:
        _field(obj, spec[0][0], spec[0][1], where)


def _one_of(obj, name, allowed, where=""):
    v = _field(obj, name, str, where)
    if v not in allowed:
        raise ValueError(f"field '{where}{name}' must be one of {', '.join(allowed)}, got "
                         f"{_short(v)}")
    return v


def _pressure(obj, name, where=""):
    """An optional pressure-set -> units object."""
    if name not in obj:
        return {}
    d = _field(obj, name, dict, where)
    for k, v in d.items():
        if type(v) is not int:
            raise ValueError(f"field '{where}{name}.{k}' must be an integer, got {_short(v)}")
    return d


def _pick(obj, name) -> tuple[int, str]:
    d = _field(obj, name, dict)
    return (_field(d, "id", int, f"{name}."), _one_of(d, "zone", ZONES, f"{name}."))


def _header(d: dict) -> dict:
    _check_fields(d, _HEADER)
    return dict(
        function=d["function"], region=d["region"], visit=d["visit"], stage=d["stage"],
        block=d["block"], region_size=d["region_size"], step=d["step"],
        remaining=d["remaining"], pressure_top=_pressure(d, "pressure_top"),
        pressure_bot=_pressure(d, "pressure_bot"), pressure_max=_pressure(d, "pressure_max"),
        llvm=_pick(d, "llvm"),
        chosen=_pick(d, "chosen") if "chosen" in d else None,
        phase=_one_of(d, "phase", PHASES) if "phase" in d else "pre")


def _static(d, where) -> dict:
    _check_fields(d, _STATIC, where)
    _one_of(d, "class", CLASSES, where)
    return d


def _instructions(d: dict) -> list[RegionInstr] | None:
    if "instructions" not in d:
        return None
    out = []
    for i, ins in enumerate(_field(d, "instructions", list)):
        where = f"instructions[{i}]."
        _check_fields(ins, (("id", int), ("opcode", str), ("text", str), ("class", str),
                            ("latency", int), ("preds", list)), where)
        if any(type(x) is not int for x in ins["preds"]):
            raise ValueError(f"field '{where}preds' must hold integers")
        out.append(RegionInstr(ins["id"], ins["opcode"], ins["text"], ins["class"],
                               ins["latency"], tuple(ins["preds"])))
    return out


def _candidate(d: dict, where: str = "") -> Candidate:
    _static(d, where)
    return Candidate(
        id=d["id"], zone=_one_of(d, "zone", ZONES, where),
        queue=_one_of(d, "queue", QUEUES, where), node=d["node"], opcode=d["opcode"],
        text=d["text"], cls=d["class"], latency=d["latency"], depth=d["depth"],
        height=d["height"], vgpr_defs=d["vgpr_defs"], sgpr_defs=d["sgpr_defs"],
        vgpr_uses=d["vgpr_uses"], sgpr_uses=d["sgpr_uses"], may_load=d["may_load"],
        may_store=d["may_store"], pressure_diff=_pressure(d, "pressure_diff", where))


def _features(d: dict, n: int) -> tuple[tuple[float, ...], ...] | None:
    """The optional "features": n rows (one per candidate) of as many numbers each."""
    if "features" not in d:
        return None
    rows = _field(d, "features", list)
    if len(rows) != n:
        raise ValueError(f"field 'features' must have {n} rows (one per candidate), got "
                         f"{len(rows)}")
    width = len(rows[0]) if rows and type(rows[0]) is list else 0
    out = []
    for i, row in enumerate(rows):
        if type(row) is not list or not row or len(row) != width:
            raise ValueError(f"field 'features[{i}]' must be an array of {width or 'some'} "
                             f"numbers (as every row), got {_short(row)}")
        if not all(type(x) is float or type(x) is int for x in row):
            j = next(j for j, x in enumerate(row) if type(x) not in (float, int))
            raise ValueError(f"field 'features[{i}][{j}]' must be a number, got "
                             f"{_short(row[j])}")
        out.append(tuple(map(float, row)))
    return tuple(out)


def _check_picks(point: DecisionPoint) -> DecisionPoint:
    keys = {c.key for c in point.candidates}
    for name, pick in (("llvm", point.llvm), ("chosen", point.chosen)):
        if pick is not None and pick not in keys:
            raise ValueError(f"field '{name}' names instruction {pick[0]} ({pick[1]}), which "
                             f"is not a candidate")
    return point


def point_from_dict(d: dict) -> DecisionPoint:
    """A full-form decision point (every candidate listed), checked field by field."""
    cands = _field(d, "candidates", list)
    point = DecisionPoint(**_header(d),
                          candidates=[_candidate(c, f"candidates[{i}].")
                                      for i, c in enumerate(cands)],
                          instructions=_instructions(d), features=_features(d, len(cands)))
    return _check_picks(point)


class ChannelDecoder:
    """Decodes compact lines (live channel and compact state log, docs/protocol.md): the
    region's instructions come once per pass, then each point carries only the candidates
    that appeared or changed ("add") and those that left ("del"). The decoder keeps the
    current list, in the full form's order (top zone first, then node number)."""

    _ZONE = {"t": "top", "b": "bot"}
    _QUEUE = {"a": "available", "p": "pending"}

    def __init__(self):
        self._pass = None
        self._static: dict[int, dict] = {}
        self._current: dict[tuple[int, str], Candidate] = {}
        self._order: list[Candidate] = []
        self._pressure_max: dict = {}

    def current(self, key: tuple[int, str]) -> Candidate | None:
        return self._current.get(key)

    def decode(self, line: str | bytes) -> DecisionPoint:
        return self.decode_dict(json.loads(line))

    def decode_dict(self, d: dict) -> DecisionPoint:
        header = _header(d)
        pass_key = (d["function"], d["region"], d["visit"], header["phase"])
        instrs = None
        if "instructions" in d:
            instrs = _instructions(d)
            static = {}
            for i, ins in enumerate(d["instructions"]):
                static[ins["id"]] = _static(ins, f"instructions[{i}].")
            self._pass, self._static, self._current, self._order = pass_key, static, {}, []
            self._pressure_max = header["pressure_max"]  # given with the table only
        elif pass_key != self._pass:
            raise ValueError(f"no instruction table for pass {pass_key} (a compact line "
                             f"needs the first line of its pass)")
        else:
            header["pressure_max"] = self._pressure_max
        for i, item in enumerate(_field(d, "del", list)):
            if not (isinstance(item, list) and len(item) == 2 and type(item[0]) is int
                    and item[1] in self._ZONE):
                raise ValueError(f"field 'del[{i}]' must be [id, \"t\"|\"b\"], got "
                                 f"{_short(item)}")
            key = (item[0], self._ZONE[item[1]])
            if key not in self._current:
                raise ValueError(f"field 'del[{i}]' removes {key}, which is not listed")
            self._remove(self._current.pop(key))
        for i, item in enumerate(_field(d, "add", list)):
            if not (isinstance(item, list) and len(item) == 4 and type(item[0]) is int
                    and item[1] in self._ZONE and item[2] in self._QUEUE
                    and type(item[3]) is str):
                raise ValueError(f"field 'add[{i}]' must be [id, \"t\"|\"b\", \"a\"|\"p\", "
                                 f"\"PSET:INC,...\"], got {_short(item)}")
            id, z, q, pd = item
            if id not in self._static:
                raise ValueError(f"field 'add[{i}]' names instruction {id}, which is not in "
                                 f"the pass's instruction table")
            zone = self._ZONE[z]
            old = self._current.get((id, zone))
            if old is not None:
                self._remove(old)
            cand = self._candidate(id, zone, self._QUEUE[q], _pressure_diff(pd, i))
            self._current[(id, zone)] = cand
            bisect.insort(self._order, cand, key=_order_key)
        point = DecisionPoint(**header, candidates=list(self._order), instructions=instrs,
                              features=_features(d, len(self._order)))
        return _check_picks(point)

    def _remove(self, cand: Candidate) -> None:
        i = bisect.bisect_left(self._order, _order_key(cand), key=_order_key)
        assert self._order[i] is cand
        del self._order[i]

    def _candidate(self, id: int, zone: str, queue: str, pd: dict) -> Candidate:
        st = self._static[id]
        return Candidate(
            id=id, zone=zone, queue=queue, node=st["node"], opcode=st["opcode"],
            text=st["text"], cls=st["class"], latency=st["latency"], depth=st["depth"],
            height=st["height"], vgpr_defs=st["vgpr_defs"], sgpr_defs=st["sgpr_defs"],
            vgpr_uses=st["vgpr_uses"], sgpr_uses=st["sgpr_uses"], may_load=st["may_load"],
            may_store=st["may_store"], pressure_diff=pd)


def _order_key(c: Candidate) -> tuple[bool, int]:
    return (c.zone != "top", c.node)


def _pressure_diff(text: str, i: int = 0) -> dict:
    out = {}
    for item in filter(None, text.split(",")):
        name, _, inc = item.rpartition(":")
        try:
            out[name] = int(inc)
        except ValueError:
            raise ValueError(f"field 'add[{i}]' has a malformed pressure diff {text!r} "
                             f"(expected PSET:INC,...)") from None
        if not name:
            raise ValueError(f"field 'add[{i}]' has a malformed pressure diff {text!r}")
    return out


def read_states(path: str | Path) -> Iterator[DecisionPoint]:
    """Decision points of a state log, in order, from either format (compact: the plugin's
    default; full: -agent-sched-state-log-format=full). Every field is checked; a malformed
    line raises ProtocolError naming FILE:LINE and the field."""
    path = Path(path)
    try:
        fh = open(path, encoding="utf-8")
    except OSError as e:
        raise ProtocolError(f"{path}: cannot read state log: {e.strerror}") from None
    decoder = ChannelDecoder()
    with fh:
        try:
            for n, line in enumerate(fh, 1):
                if not line.strip():
                    continue
                try:
                    d = json.loads(line)
                    if not isinstance(d, dict):
                        raise ValueError(f"expected a JSON object, got {_short(d)}")
                    if "candidates" in d:
                        point = point_from_dict(d)
                    elif "add" in d or "del" in d:
                        point = decoder.decode_dict(d)
                    else:
                        raise ValueError("missing field 'candidates' (or 'add' and 'del' in "
                                         "the compact form)")
                except (ValueError, KeyError, TypeError) as e:
                    raise ProtocolError(f"{path}:{n}: malformed decision point: "
                                        f"{_why(e)}") from None
                yield point
        except UnicodeDecodeError as e:
            raise ProtocolError(f"{path}: not UTF-8 text: {e}") from None


def _why(e: Exception) -> str:
    if isinstance(e, KeyError):
        return f"missing field {e.args[0]!r}"
    return str(e)


def decision_to_dict(d: Decision) -> dict:
    """A decision file's line; "phase" only for post-RA decisions (a pre-RA one is what it
    always was)."""
    out = asdict(d)
    if d.phase == "pre":
        del out["phase"]
    return out


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
        if typ is int and not 0 <= obj[name] <= UINT32_MAX:
            raise ValueError(f"field {name!r} must be an integer from 0 to {UINT32_MAX}, "
                             f"got {obj[name]}")
    zone = obj.get("zone", "top")
    if zone not in ZONES:
        raise ValueError(f"field 'zone' must be 'top' or 'bot', got {zone!r}")
    phase = obj.get("phase", "pre")
    if phase not in PHASES:
        raise ValueError(f"field 'phase' must be 'pre' or 'post', got {phase!r}")
    return Decision(obj["function"], obj["region"], obj["visit"], obj["step"], obj["pick"], zone,
                    phase)


def iter_decisions(path: str | Path) -> Iterator[Decision]:
    """Decisions of a decision file, read line by line (memory does not grow with the file)
    by the plugin's rules (core.inputs: a regular file, at most MAX_DECISIONS_BYTES, lines
    split at '\\n' only, JSON nested at most MAX_JSON_DEPTH deep). Raises ProtocolError
    naming file and line."""
    try:
        fd = open_input(path, MAX_DECISIONS_BYTES)
    except InputError as e:
        if not str(path):  # the plugin's words: nothing names the file
            raise ProtocolError(f"cannot read decision file '': {e}") from None
        raise ProtocolError(f"{path}: cannot read decision file: {e}") from None
    with os.fdopen(fd, "rb") as fh:
        for n, raw in enumerate(fh, 1):
            if not raw.strip():
                continue
            try:
                if line_too_deep(raw):  # before json.loads, which recurses, sees it
                    raise ValueError(TOO_DEEP)
                yield parse_decision(raw.decode("utf-8"))
            except UnicodeDecodeError as e:
                raise ProtocolError(f"{path}:{n}: not UTF-8 text: {e}") from None
            except json.JSONDecodeError as e:  # the plugin's words
                raise ProtocolError(f"{path}:{n}: malformed decision: not JSON: {e}") from None
            except (ValueError, KeyError, TypeError) as e:
                raise ProtocolError(f"{path}:{n}: malformed decision: {_why(e)}") from None


def read_decisions(path: str | Path) -> list[Decision]:
    """Decisions of a decision file. Raises ProtocolError naming file and line."""
    return list(iter_decisions(path))


def check_decisions(path: str | Path) -> int:
    """Validate a decision file without keeping it; returns how many decisions it has."""
    return sum(1 for _ in iter_decisions(path))


def decisions_text(decisions: Iterable[Decision] | None) -> str:
    """A decision file's content: one JSON object per decision, in the given order."""
    return "".join(json.dumps(decision_to_dict(d)) + "\n" for d in decisions or ())


def write_decisions(path: str | Path, decisions: Iterable[Decision]) -> None:
    """Write a decision file whole (agentsched.core.files)."""
    write_text(path, decisions_text(decisions))
