"""Learned scheduling policies as files: the format, its features, and their evaluation.

A policy file (JSON, ``"format": "agentsched-policy"``, version 1; docs/policy.md defines every
field and feature) holds a scoring model over per-candidate features. At each decision point
with a choice the candidate with the highest score is scheduled; ties go to LLVM's pick, then
to candidate order; an optional guard keeps the policy from raising the region's register
pressure above what its unscheduled order (or LLVM's own pick) needs.

The same file is evaluated in two places, which must agree on every pick:

* in the compiler, with no Python: ``llc-19 -load=... -misched=agent-sched
  -agent-sched-policy=FILE`` (agentsched/native/policy.cpp);
* here, on a ``DecisionPoint``: ``choose(policy, point)``, and ``PolicyFileAgent`` (agent
  name ``policy:FILE``) over the live channel.

The features are the plugin's: it computes them (native/features.cpp) and sends them with
each point (-agent-sched-features), so Python has no copy of their definitions. Both then
compute in IEEE double precision with the same operations in the same order
(``(x - mean) * (1 / scale)``, each layer's sum over its inputs in order, the bias, the
activation), so they pick the same candidates; that is why the sums below are written as
loops over inputs rather than matrix products (BLAS may reorder and fuse them).

For training: ``point_features(point, names)`` gives the inputs, targets.policy's
``linear_policy(weights, ...)`` and ``mlp_policy(layers, ...)`` build a policy from
parameters, ``save_policy`` writes it (atomically) and ``load_policy`` reads and validates one.
"""
from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from .catalog import CANDIDATE_FEATURES, FEATURES
from .files import write_text as atomic_write_text
from .inputs import MAX_POLICY_BYTES, TOO_DEEP, InputError, line_too_deep, read_input
from .protocol import Candidate, DecisionPoint

FORMAT = "agentsched-policy"
VERSION = 1
TIE_BREAK = "llvm_then_order"  # the only tie-break of version 1
TIE_EPS = 1e-9  # scores within this of the best are tied
ACTIVATIONS = ("tanh", "relu", "linear")
GUARDS = ("vgpr_pressure",)
FAMILIES = ("amdgpu", "nvptx")

# Bounds that keep every score finite (no overflow, hence no NaN) in both implementations.
MAX_ABS = 1e9  # weights, biases, means, scales, guard slack
MIN_SCALE = 1e-9
MAX_LAYERS = 8
MAX_WIDTH = 1024

# The feature catalog (core/catalog.py: the plugin's features.def). A policy names the
# features it uses, in its own order.
F_INDEX = {n: i for i, n in enumerate(FEATURES)}
# agentsched.searches.policies's LinearPolicy features (same names, same definitions, except
# that the pressure diffs count the register sets of Target.pressure_sets on every target).
SEARCH_FEATURES = CANDIDATE_FEATURES[:CANDIDATE_FEATURES.index("is_llvm_pick") + 1]

class PolicyError(ValueError):
    """A malformed policy file or policy; the message names the file and the field."""


# ---------------------------------------------------------------- the policy

@dataclass(frozen=True)
class Layer:
    weights: tuple  # out x in: weights[j][i] multiplies input i for output j
    bias: tuple  # out
    activation: str  # one of ACTIVATIONS


@dataclass(frozen=True)
class Guard:
    """'vgpr_pressure': a pick may raise the pressure of the "vgpr" sets (weighted) to at
    most max(region's pressure before this pass + slack, what LLVM's own pick leads to)."""
    slack: int = 0
    type: str = "vgpr_pressure"


@dataclass(frozen=True)
class SchedulingPolicy:
    target: str  # family: 'amdgpu' or 'nvptx'
    features: tuple  # names from FEATURES, the model's inputs in order
    model: str  # 'linear' or 'mlp'
    layers: tuple  # of Layer; a linear model is one layer with one output, activation linear
    mean: tuple  # per feature
    scale: tuple  # per feature
    pressure_sets: dict  # {'vgpr': {set: units}, 'sgpr': {set: units}}
    guard: Guard | None = Guard()
    provenance: dict = field(default_factory=dict)
    tie_break: str = TIE_BREAK

    def __post_init__(self):
        _check(policy_to_dict(self), "policy")  # a policy built in code obeys the format too


# ---------------------------------------------------------------- file format

def policy_to_dict(p: SchedulingPolicy) -> dict:
    if p.model == "linear" and len(p.layers) == 1:
        model = {"type": "linear", "weights": list(p.layers[0].weights[0]),
                 "bias": p.layers[0].bias[0]}
    else:
        model = {"type": "mlp", "layers": [
            {"weights": [list(r) for r in layer.weights], "bias": list(layer.bias),
             "activation": layer.activation} for layer in p.layers]}
    return {"format": FORMAT, "version": VERSION, "target": p.target,
            "features": list(p.features),
            "normalization": {"mean": list(p.mean), "scale": list(p.scale)},
            "pressure_sets": {k: dict(v) for k, v in p.pressure_sets.items()},
            "model": model, "tie_break": p.tie_break,
            "guard": None if p.guard is None else {"type": p.guard.type,
                                                   "slack": p.guard.slack},
            "provenance": dict(p.provenance)}


def policy_from_dict(d, where: str = "policy") -> SchedulingPolicy:
    """A policy from its JSON object, checked field by field (PolicyError names `where` and
    the field)."""
    _check(d, where)
    norm = d.get("normalization") or {}
    n = len(d["features"])
    m = d["model"]
    layers: tuple[Layer, ...]
    if m["type"] == "linear":
        layers = (Layer((tuple(float(w) for w in m["weights"]),), (float(m.get("bias", 0.0)),),
                        "linear"),)
    else:
        layers = tuple(Layer(tuple(tuple(float(w) for w in row) for row in L["weights"]),
                             tuple(float(b) for b in L["bias"]), L["activation"])
                       for L in m["layers"])
    g = d.get("guard")
    return SchedulingPolicy(
        d["target"], tuple(d["features"]), m["type"], layers,
        tuple(float(x) for x in norm.get("mean", [0.0] * n)),
        tuple(float(x) for x in norm.get("scale", [1.0] * n)),
        {k: {s: int(u) for s, u in v.items()} for k, v in d["pressure_sets"].items()},
        None if g is None else Guard(int(g.get("slack", 0)), g["type"]),
        dict(d.get("provenance") or {}), d.get("tie_break", TIE_BREAK))


def check_policy_for(policy: SchedulingPolicy, gpu: str, family: str, sets: dict,
                     where: str) -> None:
    """Refuse a policy made for another backend family than `gpu`'s, or naming pressure sets
    outside `sets` (the target's, group -> set -> units), naming `where` and the field."""
    if policy.target != family:
        raise PolicyError(f"{where}: field 'target' is {policy.target!r}, but {gpu} is an "
                          f"{family} target")
    known = {s for group in sets.values() for s in group}
    for group, named in policy.pressure_sets.items():
        for s in named:
            if s not in known:
                raise PolicyError(f"{where}: field 'pressure_sets.{group}.{s}' names no "
                                  f"register pressure set counted on {gpu} (those are "
                                  f"{', '.join(sorted(known))})")


def load_policy(path: str | Path) -> SchedulingPolicy:
    """A policy file, read by the plugin's rules (core.inputs: a regular file, at most
    MAX_POLICY_BYTES, JSON nested at most MAX_JSON_DEPTH deep) and checked field by field;
    PolicyError names the file and what is wrong, as the plugin does."""
    try:
        data = read_input(path, MAX_POLICY_BYTES)
    except InputError as e:
        if not str(path):  # the plugin's words: nothing names the file
            raise PolicyError(f"cannot read policy file '': {e}") from None
        raise PolicyError(f"{path}: cannot read policy file: {e}") from None
    if line := line_too_deep(data):
        raise PolicyError(f"{path}: line {line}: {TOO_DEEP}")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise PolicyError(f"{path}: not UTF-8 text: {e}") from None
    try:
        d = json.loads(text, parse_constant=_not_json, parse_int=_json_int)
    except ValueError as e:
        raise PolicyError(f"{path}: not JSON: {e}") from None
    return policy_from_dict(d, str(path))


def _not_json(name: str):
    """NaN and Infinity, which Python's json takes and JSON (and the plugin) do not."""
    raise ValueError(f"{name} is not a JSON value")


def _json_int(digits: str) -> int | float:
    """An integer as the plugin reads it: beyond 64 bits it is a double (Python's int()
    would refuse one of more than 4300 digits; as a double it is inf, refused by range)."""
    return int(digits) if len(digits) <= 20 else float(digits)


def save_policy(policy: SchedulingPolicy, path: str | Path) -> None:
    """Write the policy file whole (or not at all)."""
    atomic_write_text(path, json.dumps(policy_to_dict(policy), indent=1) + "\n")


def _err(where: str, field_: str, why: str) -> PolicyError:
    return PolicyError(f"{where}: field '{field_}' {why}")


def _is_num(v) -> bool:
    return type(v) in (int, float) and math.isfinite(v)


def _is_int(v) -> bool:
    """An integer, written 3 or 3.0 (JSON does not tell them apart; neither does the plugin)."""
    return type(v) is int or (type(v) is float and v.is_integer())


def _numbers(v, where, name, length=None, lo=-MAX_ABS, hi=MAX_ABS, per="input") -> None:
    if not isinstance(v, list):
        raise _err(where, name, f"must be an array of numbers, got {_short(v)}")
    if length is not None and len(v) != length:
        raise _err(where, name, f"must have {length} numbers (one per {per}), got {len(v)}")
    for i, x in enumerate(v):
        if not _is_num(x) or not lo <= x <= hi:
            raise _err(where, f"{name}[{i}]", f"must be a finite number from {lo:g} to "
                                              f"{hi:g}, got {_short(x)}")


def _short(v) -> str:
    text = json.dumps(v)
    return text if len(text) <= 60 else text[:57] + "..."


def _check(d, where: str) -> None:
    """Every rule of docs/policy.md (the plugin enforces the same ones)."""
    if not isinstance(d, dict):
        raise PolicyError(f"{where}: expected a JSON object, got {_short(d)}")
    known = {"format", "version", "target", "features", "normalization", "pressure_sets",
             "model", "tie_break", "guard", "provenance"}
    for k in d:
        if k not in known:
            raise _err(where, k, f"is not a policy field (fields: {', '.join(sorted(known))})")
    if d.get("format") != FORMAT:
        raise _err(where, "format", f"must be {FORMAT!r}, got {_short(d.get('format'))}")
    if not _is_int(d.get("version")) or d.get("version") != VERSION:
        raise _err(where, "version", f"must be {VERSION} (this agentsched reads version "
                                     f"{VERSION}), got {_short(d.get('version'))}")
    if d.get("target") not in FAMILIES:
        raise _err(where, "target", f"must be one of {', '.join(FAMILIES)}, got "
                                    f"{_short(d.get('target'))}")
    feats = d.get("features")
    if not isinstance(feats, list) or not feats:
        raise _err(where, "features", "must be a non-empty array of feature names")
    for i, f in enumerate(feats):
        if f not in F_INDEX:
            raise _err(where, f"features[{i}]", f"names no feature: {_short(f)} (known: "
                                                f"{', '.join(FEATURES)})")
        if f in feats[:i]:
            raise _err(where, f"features[{i}]", f"repeats {f!r}")
    n = len(feats)
    norm = d.get("normalization", {})
    if not isinstance(norm, dict) or set(norm) - {"mean", "scale"}:
        raise _err(where, "normalization", "must be an object with 'mean' and/or 'scale'")
    if "mean" in norm:
        _numbers(norm["mean"], where, "normalization.mean", n)
    if "scale" in norm:
        _numbers(norm["scale"], where, "normalization.scale", n, MIN_SCALE)
    ps = d.get("pressure_sets")
    if not isinstance(ps, dict) or set(ps) != {"vgpr", "sgpr"}:
        raise _err(where, "pressure_sets", "must be an object with 'vgpr' and 'sgpr'")
    for group, sets in ps.items():
        if not isinstance(sets, dict):
            raise _err(where, f"pressure_sets.{group}", "must be an object: set -> units")
        for name, units in sets.items():
            if not _is_int(units) or not 1 <= units <= 64:
                raise _err(where, f"pressure_sets.{group}.{name}",
                           f"must be an integer from 1 to 64, got {_short(units)}")
    _check_model(d.get("model"), where, n)
    if d.get("tie_break", TIE_BREAK) != TIE_BREAK:
        raise _err(where, "tie_break", f"must be {TIE_BREAK!r}, got {_short(d['tie_break'])}")
    g = d.get("guard")
    if g is not None:
        if not isinstance(g, dict) or g.get("type") not in GUARDS or set(g) - {"type",
                                                                            "slack"}:
            raise _err(where, "guard", f"must be null or {{\"type\": {GUARDS[0]!r}, "
                                       f"\"slack\": N}}, got {_short(g)}")
        slack = g.get("slack", 0)
        if not _is_int(slack) or not 0 <= slack <= MAX_ABS:
            raise _err(where, "guard.slack", f"must be an integer >= 0, got {_short(slack)}")
    if not isinstance(d.get("provenance", {}), dict):
        raise _err(where, "provenance", "must be an object")


def _check_model(m, where: str, n: int) -> None:
    if not isinstance(m, dict) or m.get("type") not in ("linear", "mlp"):
        raise _err(where, "model", f"must be an object with \"type\": \"linear\" or \"mlp\", "
                                   f"got {_short(m)}")
    if m["type"] == "linear":
        if set(m) - {"type", "weights", "bias"}:
            raise _err(where, "model", "a linear model has 'weights' and 'bias' only")
        _numbers(m.get("weights"), where, "model.weights", n)
        if "bias" in m:
            _numbers([m["bias"]], where, "model.bias")
        return
    layers = m.get("layers")
    if set(m) - {"type", "layers"} or not isinstance(layers, list) or \
            not 1 <= len(layers) <= MAX_LAYERS:
        raise _err(where, "model.layers", f"must be an array of 1 to {MAX_LAYERS} layers")
    inputs = n
    for k, L in enumerate(layers):
        at = f"model.layers[{k}]"
        if not isinstance(L, dict) or set(L) != {"weights", "bias", "activation"}:
            raise _err(where, at, "must be {\"weights\": [[...]], \"bias\": [...], "
                                  "\"activation\": ...}")
        W = L["weights"]
        if not isinstance(W, list) or not 1 <= len(W) <= MAX_WIDTH:
            raise _err(where, f"{at}.weights", f"must be an array of 1 to {MAX_WIDTH} rows "
                                               "(one per output)")
        for j, row in enumerate(W):
            _numbers(row, where, f"{at}.weights[{j}]", inputs)
        _numbers(L["bias"], where, f"{at}.bias", len(W), per="output")
        if L["activation"] not in ACTIVATIONS:
            raise _err(where, f"{at}.activation", f"must be one of {', '.join(ACTIVATIONS)}, "
                                                  f"got {_short(L['activation'])}")
        inputs = len(W)
    if inputs != 1:
        raise _err(where, f"model.layers[{len(layers) - 1}].weights",
                   f"must have 1 row (the score), got {inputs}")


# ---------------------------------------------------------------- features

def _weighted(pressure: dict, sets: dict) -> int:
    return sum(units * pressure.get(name, 0) for name, units in sets.items())


def point_features(point: DecisionPoint, names: Sequence[str] = FEATURES) -> np.ndarray:
    """The plugin's features of each candidate of `point` (rows in candidate order), columns
    `names` (float64): what -agent-sched-features emitted, the values its policies compute.
    A point read without them (a state log made without --features) cannot be scored."""
    if point.features is None:
        raise PolicyError(f"decision point {point.key} carries no features: make the state log "
                          "with `agentsched states --features` (-agent-sched-features); a live "
                          "session asks for them itself")
    x = np.asarray(point.features, dtype=np.float64)
    return x[:, [F_INDEX[n] for n in names]]


def pressure_after(point: DecisionPoint, pressure_sets: dict) -> list[int]:
    """Per candidate: the weighted "vgpr" pressure at the boundary of its zone once it is
    scheduled (LLVM's PressureDiff; negated for the top zone), the guard's quantity."""
    vg = pressure_sets["vgpr"]
    out = []
    for c in point.candidates:
        cur, sign = (point.pressure_top, -1) if c.zone == "top" else (point.pressure_bot, 1)
        out.append(sum(u * max(0, cur.get(s, 0) + sign * c.pressure_diff.get(s, 0))
                       for s, u in vg.items()))
    return out


# ---------------------------------------------------------------- evaluation

def scores(policy: SchedulingPolicy, point: DecisionPoint) -> np.ndarray:
    """The model's score of each candidate (float64, candidate order)."""
    x: np.ndarray = point_features(point, policy.features)
    inv_scale = 1.0 / np.asarray(policy.scale, dtype=np.float64)  # as the plugin: once
    x = (x - np.asarray(policy.mean, dtype=np.float64)) * inv_scale
    for layer in policy.layers:
        W = np.asarray(layer.weights, dtype=np.float64)  # out x in
        acc: np.ndarray = np.zeros((x.shape[0], W.shape[0]), dtype=np.float64)
        for i in range(W.shape[1]):  # inputs in order, as the plugin sums them
            acc = acc + x[:, i:i + 1] * W[:, i]
        acc = acc + np.asarray(layer.bias, dtype=np.float64)
        if layer.activation == "tanh":
            acc = np.array([[math.tanh(v) for v in row] for row in acc.tolist()],
                           dtype=np.float64).reshape(acc.shape)
        elif layer.activation == "relu":
            acc = np.where(acc > 0.0, acc, 0.0)
        x = acc
    return x[:, 0]


@dataclass(frozen=True)
class Choice:
    candidate: Candidate
    guarded: bool  # the guard refused the model's pick (the candidate is the best allowed)
    scores: tuple  # per candidate


def _best(point: DecisionPoint, s: Sequence[float] | np.ndarray, among: Sequence[int]) -> int:
    """The index of the highest score among `among`; ties (within TIE_EPS) go to LLVM's
    pick, then to the first instruction in candidate order (in the zone LLVM picked from
    when it is ready in both), like agentsched.searches.policies.LinearPolicy."""
    top = max(s[i] for i in among)
    best = [i for i in among if s[i] >= top - TIE_EPS]
    if len(best) == 1:
        return best[0]
    cands = point.candidates
    for i in best:
        if cands[i].key == point.llvm:
            return i
    index = {c.key: i for i, c in enumerate(cands)}
    for c in point.unique_candidates():
        if index[c.key] in best:
            return index[c.key]
    return best[0]


def allowed(policy: SchedulingPolicy, point: DecisionPoint) -> list[bool]:
    """The guard, per candidate: LLVM's own pick, or a pick that leaves the "vgpr" pressure
    at its zone's boundary at most max(the region's pre-pass maximum + slack, that
    boundary's pressure now). A policy may raise pressure up to the region's reference;
    beyond it only LLVM's own picks raise it."""
    assert policy.guard is not None
    vg = policy.pressure_sets["vgpr"]
    after = pressure_after(point, policy.pressure_sets)
    ref = _weighted(point.pressure_max, vg) + policy.guard.slack
    now = {"top": _weighted(point.pressure_top, vg), "bot": _weighted(point.pressure_bot, vg)}
    return [c.key == point.llvm or a <= max(ref, now[c.zone])
            for c, a in zip(point.candidates, after)]


def evaluate(policy: SchedulingPolicy, point: DecisionPoint) -> Choice:
    """The policy's pick at `point` (a point with a choice: the plugin consults the policy
    only where two distinct instructions are ready)."""
    s = scores(policy, point)
    everyone = range(len(point.candidates))
    i = _best(point, s, everyone)
    guarded = False
    if policy.guard is not None:
        ok = allowed(policy, point)
        if not ok[i]:
            i = _best(point, s, [k for k in everyone if ok[k]])
            guarded = True
    return Choice(point.candidates[i], guarded, tuple(float(v) for v in s))


def choose(policy: SchedulingPolicy, point: DecisionPoint) -> Candidate:
    return evaluate(policy, point).candidate
