"""Policy files for a target: which register pressure sets its policies count
(Target.pressure_sets, the backend's own knowledge), and the builders that make a policy for
a GPU or a backend family. The file format and its evaluation are core.policy's."""
from __future__ import annotations

import datetime as _dt
from collections.abc import Sequence

import numpy as np

from ..core.policy import (
    FEATURES,
    SEARCH_FEATURES,
    Guard,
    Layer,
    PolicyError,
    SchedulingPolicy,
    check_policy_for,
)
from . import BACKENDS, Target, backend_of


def policy_backend(target: str | Target) -> type[Target]:
    """The backend whose policies run on `target`: a GPU name (gfx1100, sm_90), a Target, or
    a policy file's family ("amdgpu", "nvptx")."""
    if isinstance(target, Target):
        return type(target)
    for backend in BACKENDS:
        if target == backend.family:
            return backend
    found = backend_of(target)
    if found is None:
        raise PolicyError(f"no policy target family for {target!r} (a GPU such as gfx1100 or "
                          f"sm_90, or one of {', '.join(b.family for b in BACKENDS)})")
    return found


def pressure_sets(target: str | Target | type[Target]) -> dict[str, dict[str, int]]:
    """The pressure sets a policy for `target` counts (a fresh copy)."""
    backend = target if isinstance(target, type) else policy_backend(target)
    return {group: dict(sets) for group, sets in backend.pressure_sets.items()}


def check_policy_target(policy: SchedulingPolicy, target: Target, where: str) -> None:
    """Refuse a policy made for another backend, or naming pressure sets the target's policies
    do not count (as the plugin refuses them), naming `where` and the field."""
    check_policy_for(policy, target.name, target.family, target.pressure_sets, where)


def _provenance(provenance: dict | None) -> dict:
    from importlib.metadata import PackageNotFoundError, version
    try:
        agentsched_version = version("agentsched")
    except PackageNotFoundError:  # running from a source tree that was never installed
        agentsched_version = "unknown"
    out = {"agentsched_version": agentsched_version,
           "date": _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")}
    out.update(provenance or {})
    return out


def linear_policy(weights: Sequence[float], *, target: str | Target,
                  features: Sequence[str] = SEARCH_FEATURES, bias: float = 0.0,
                  mean: Sequence[float] | None = None, scale: Sequence[float] | None = None,
                  guard: Guard | None = Guard(), provenance: dict | None = None
                  ) -> SchedulingPolicy:
    """score(c) = sum_i weights[i] * z_i(c) + bias, z = (features - mean) / scale.
    With the default features a weight vector of agentsched.searches.policies.LinearPolicy is
    a valid `weights`."""
    backend = policy_backend(target)
    features = tuple(features)
    layer = Layer((tuple(float(w) for w in weights),), (float(bias),), "linear")
    return SchedulingPolicy(backend.family, features, "linear", (layer,),
                            *_norm(features, mean, scale), pressure_sets(backend), guard,
                            _provenance(provenance))


def mlp_policy(layers: Sequence, *, target: str | Target, features: Sequence[str] = FEATURES,
               mean: Sequence[float] | None = None, scale: Sequence[float] | None = None,
               guard: Guard | None = Guard(), provenance: dict | None = None
               ) -> SchedulingPolicy:
    """layers: (weights [out][in], bias [out], activation) per layer, the last with one
    output (its activation is usually 'linear')."""
    backend = policy_backend(target)
    features = tuple(features)
    built = tuple(Layer(tuple(tuple(float(w) for w in row) for row in np.asarray(W).tolist()),
                        tuple(float(b) for b in np.asarray(B).reshape(-1).tolist()), act)
                  for W, B, act in layers)
    return SchedulingPolicy(backend.family, features, "mlp", built,
                            *_norm(features, mean, scale), pressure_sets(backend), guard,
                            _provenance(provenance))


def _norm(features, mean, scale) -> tuple[tuple, tuple]:
    n = len(features)
    mean = tuple(float(m) for m in mean) if mean is not None else (0.0,) * n
    scale = tuple(float(s) for s in scale) if scale is not None else (1.0,) * n
    return mean, scale


