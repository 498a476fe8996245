"""Training one scheduling policy on many kernels (a corpus), for kernels it never saw.

A candidate is a policy file (core.policy, docs/policy.md). The plugin evaluates it inside
llc-19 for every training kernel (no Python in the loop, no pipe), and the candidate's fitness
is a multi-kernel objective:

    speedup_k  = how much better than LLVM's default schedule kernel k gets (> 1: better):
                 measured time on the GPU (objective 'time': time(default) / time(policy),
                 each variant checked against the kernel's reference first) or a static proxy
                 (registers, occupancy, spills, llvm-mca cycles: PROXY below)
    fitness    = geomean_k(speedup_k) - penalty * mean_k(max(0, 1 - tolerance - speedup_k))

so a policy that speeds up most kernels but slows one down beyond `tolerance` pays for it; a
policy that fails to compile a kernel, or whose binary is wrong, is never chosen.

The search is an elitist evolution strategy in the policy's parameter space (the weights of a
linear model, or all weights of a small MLP), started from the parameters that reproduce
LLVM's own pick exactly (a weight on `is_llvm_pick` and zeros: fitness 1 by construction), so
training moves away from LLVM's schedule only where that pays on the training kernels. Each
generation's children are Gaussian mutations of the `mu` best candidates so far, with a step
size drawn log-uniformly per child (small deviations and large jumps both tried) and uniform
crossover. Candidates are compiled on local worker processes or on Ray (Workers); GPU timing
runs in this process, one interleaved batch per kernel per generation (gpu_time.GpuTimer).

Budget = number of candidate policies evaluated (each: every training kernel compiled once).
The result holds every candidate's per-kernel speedups, so leave-one-family-out selection and
transfer matrices can be computed from one run (bench/h200_train.py).
"""
from __future__ import annotations

import importlib.util
import json
import math
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np

from ..core.policy import (
    F_INDEX,
    FEATURES,
    SEARCH_FEATURES,
    Guard,
    SchedulingPolicy,
    point_features,
    policy_to_dict,
)
from ..core.protocol import read_states
from ..llvm.compile import compile_ir
from ..llvm.ir import recorded_launch
from ..llvm.metrics import launch_of, static_metrics
from ..targets import Launch, Target, parse_target
from ..targets.policy import linear_policy, mlp_policy
from .evaluator import Workers
from .evolve import children, mutate
from .objectives import OBJECTIVES, ObjectiveError, check_measurable
from .options import TrainOptions, with_fields
from .predicted import code_features, load_model
from .predicted import model_suffix as predicted_suffix

MODELS = ("linear", "mlp")
# Named feature lists (`agentsched train --features`): the whole catalog, or only the
# per-candidate features the per-kernel searches use (the baseline the richer ones are
# measured against, bench/amd_policy.md).
FEATURE_SETS = {"all": FEATURES, "old": SEARCH_FEATURES}
# The static metric each proxy objective compares with LLVM's default, and its direction
# (+1: higher is better).
PROXY = {"vgpr": ("vgpr", -1), "occupancy": ("occupancy", +1), "spills": ("spills", -1),
         "cycles": ("est_cycles", -1),
         # after register allocation (docs/postra.md)
         "vopd": ("vopd_pairs", +1), "delay": ("delay_alu_total", -1),
         "waitcnt": ("waitcnts", -1), "size": ("code_bytes", -1)}
LLVM_WEIGHT = 1.0  # the is_llvm_pick weight of the starting point


class TrainError(ValueError):
    """Bad training input (corpus, kernels, objective); the message names it."""


@dataclass
class TrainKernel:
    """One training kernel: its LLVM IR for the target, and what timing it needs."""
    name: str
    ir: Path
    family: str = ""
    launch: Launch | None = None  # block size (NVPTX occupancy)
    spec: Any = None  # a KernelSpec (inputs, reference) for objective 'time'
    target: str | None = None  # its own target when it differs within the family (sm_90a)


@dataclass
class TrainCandidate:
    """One evaluated policy: its parameters, fitness and per-kernel results."""
    index: int
    generation: int
    params: list
    fitness: float
    speedups: dict  # kernel -> speedup vs LLVM's default (0: failed)
    changed: dict  # kernel -> decisions that differ from LLVM's pick
    seconds: float = 0.0
    fallbacks: dict = field(default_factory=dict)  # kernel -> why LLVM's schedule was kept


@dataclass
class TrainResult:
    policy: SchedulingPolicy  # the best candidate, as a policy file holds it
    target: str
    objective: str
    model: str
    features: list
    kernels: list  # names, in order
    families: dict  # kernel -> family
    default_metrics: dict  # kernel -> LLVM default's static metrics
    best: TrainCandidate
    candidates: list  # every TrainCandidate, in evaluation order
    curve: list  # per generation: evaluations, best fitness so far, generation's best, s
    backend: str
    elapsed_s: float
    skipped: dict = field(default_factory=dict)  # kernel -> why it is not trained on
    timing: dict = field(default_factory=dict)  # objective 'time': screening summaries

    def to_dict(self) -> dict:
        d = asdict(self)
        d["policy"] = policy_to_dict(self.policy)
        return d


# ---------------------------------------------------------------- corpus

def corpus_kernels(path: str | Path, target: str | Target, *, split: str | None = "train",
                   bound: str | None = None, kind: str | None = None,
                   names: Sequence[str] = ()) -> tuple[list[TrainKernel], dict]:
    """Training kernels from a corpus: a Python package (a directory with __init__.py, like
    this repository's corpus/) whose kernels(split=, bound=, kind=) gives objects with name,
    family, ir(target) -> (path, Target) and spec; or a directory of LLVM IR files (*.ll, one
    kernel each, family = file stem; static objectives only). Returns (kernels, skipped:
    name -> why it has no form for the target)."""
    path = Path(path)
    t = parse_target(target)
    if not path.is_dir():
        raise TrainError(f"{path}: no such corpus directory")
    if not (path / "__init__.py").is_file():
        files = sorted(path.glob("*.ll"))
        if not files:
            raise TrainError(f"{path}: neither a corpus package (__init__.py) nor a "
                             "directory of LLVM IR files (*.ll)")
        ks = [TrainKernel(f.stem, f, f.stem) for f in files if not names or f.stem in names]
        return ks, {}
    pkg = _import_corpus(path)
    try:
        listed = pkg.kernels(split=split, bound=bound, kind=kind)
    except (TypeError, ValueError) as e:
        raise TrainError(f"{path}: kernels(split={split!r}, bound={bound!r}, kind={kind!r}) "
                         f"failed: {e}") from None
    out, skipped = [], {}
    for k in listed:
        if names and k.name not in names:
            continue
        amd = getattr(pkg, "amd_targets", None)
        if t.family == "amdgpu" and amd is not None and t.name not in amd(k):
            skipped[k.name] = f"no {t.name} form"
            continue
        ir, own = k.ir(t.name)
        spec = getattr(k, "spec", None)
        launch = None
        if spec is not None and hasattr(spec, "block") and hasattr(spec, "default_size"):
            launch = launch_of(spec)
        else:  # a Triton kernel's IR records the launch Triton fixes
            launch = recorded_launch(ir)
        own_name = getattr(own, "name", None)
        out.append(TrainKernel(k.name, Path(ir), k.family, launch, spec,
                               own_name if own_name and own_name != t.name else None))
    missing = sorted(set(names) - {k.name for k in out} - set(skipped))
    if missing:
        raise TrainError(f"{path}: no kernel {', '.join(missing)} in split {split!r}")
    return out, skipped


def _import_corpus(path: Path):
    name = path.resolve().name
    if name in sys.modules and Path(getattr(sys.modules[name], "__file__", "")).parent == \
            path.resolve():
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path / "__init__.py",
                                                  submodule_search_locations=[str(path)])
    if spec is None or spec.loader is None:
        raise TrainError(f"{path}: cannot import the corpus package")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    try:
        spec.loader.exec_module(mod)
    except Exception as e:
        del sys.modules[name]
        raise TrainError(f"{path}/__init__.py: importing the corpus failed: "
                         f"{type(e).__name__}: {e}") from None
    if not callable(getattr(mod, "kernels", None)):
        raise TrainError(f"{path}/__init__.py: a corpus package defines kernels(split=, "
                         "bound=, kind=)")
    return mod


def feature_names(spec: str | Sequence[str]) -> tuple:
    """A feature list: a name of FEATURE_SETS, a comma-separated list of catalog names, or
    a sequence of them (checked against the catalog; is_llvm_pick is required by train())."""
    if isinstance(spec, str):
        if spec in FEATURE_SETS:
            return tuple(FEATURE_SETS[spec])
        spec = [f.strip() for f in spec.split(",") if f.strip()]
    names = tuple(spec)
    unknown = [f for f in names if f not in F_INDEX]
    if unknown or not names:
        raise TrainError(f"unknown features {', '.join(unknown) or '(none given)'}: give "
                         f"{' or '.join(FEATURE_SETS)} or names from docs/policy.md")
    if len(set(names)) != len(names):
        raise TrainError(f"features named twice in {', '.join(names)}")
    return names


# ---------------------------------------------------------------- parameters <-> policy

@dataclass(frozen=True)
class ModelShape:
    model: str
    features: tuple
    hidden: int = 8

    @property
    def size(self) -> int:
        n = len(self.features)
        return n if self.model == "linear" else self.hidden * (n + 1) + self.hidden + 1

    def start(self, rng: np.random.Generator, llvm_scale: float = 1.0) -> np.ndarray:
        """Parameters whose policy picks exactly LLVM's candidate at every point: only
        is_llvm_pick moves the score (an MLP's hidden layer starts random, but its output
        weights are zero except for the unit that sees is_llvm_pick alone). llvm_scale: the
        feature's normalization scale, so that LLVM's pick leads by LLVM_WEIGHT whatever the
        normalization (and mutations of a few tenths per weight can overrule it)."""
        if "is_llvm_pick" not in self.features:
            raise TrainError("training starts from LLVM's schedule: the features must "
                             "include is_llvm_pick")
        j = self.features.index("is_llvm_pick")
        n = len(self.features)
        if self.model == "linear":
            w = np.zeros(n)
            w[j] = LLVM_WEIGHT * llvm_scale
            return w
        W1 = rng.normal(0.0, 0.3, size=(self.hidden, n))
        W1[0] = 0.0
        W1[0, j] = 0.5 * llvm_scale  # tanh of it increases with is_llvm_pick alone
        b1 = np.zeros(self.hidden)
        w2 = np.zeros(self.hidden)
        w2[0] = LLVM_WEIGHT
        return np.concatenate([W1.ravel(), b1, w2, [0.0]])

    def policy(self, params: np.ndarray, target: str, mean, scale, guard: Guard | None,
               provenance: dict | None = None) -> SchedulingPolicy:
        p = [float(round(x, 6)) for x in params]  # 6 digits: the file is the policy
        if self.model == "linear":
            return linear_policy(p, target=target, features=self.features, mean=mean,
                                 scale=scale, guard=guard, provenance=provenance)
        n, h = len(self.features), self.hidden
        W1 = np.asarray(p[:h * n]).reshape(h, n)
        b1 = p[h * n:h * n + h]
        w2 = p[h * n + h:h * n + 2 * h]
        return mlp_policy([(W1, b1, "tanh"), ([w2], [p[-1]], "linear")], target=target,
                          features=self.features, mean=mean, scale=scale, guard=guard,
                          provenance=provenance)

    def from_search_weights(self, weights: Sequence[float]) -> np.ndarray:
        """A linear search's weight vector (searches.evolve best_weights, over
        SEARCH_FEATURES) as starting parameters of this linear model."""
        if self.model != "linear":
            raise TrainError("search weights start a linear model only")
        if len(weights) != len(SEARCH_FEATURES):
            raise TrainError(f"a search weight vector has {len(SEARCH_FEATURES)} entries, "
                             f"got {len(weights)}")
        w = np.zeros(len(self.features))
        for name, v in zip(SEARCH_FEATURES, weights):
            if name in self.features:
                w[self.features.index(name)] = float(v)
        return w


def feature_normalization(pool: Workers, kernels: Sequence[TrainKernel], target: Target,
                          features: tuple, max_points: int = 20000) -> tuple[list, list]:
    """Mean and standard deviation of each feature over the candidates of LLVM's default
    schedule of the training kernels (the policy file's normalization): every feature then
    counts on a similar scale, whatever its units. At most max_points points per kernel."""
    calls: list[tuple[tuple, dict]] = [
        ((str(k.ir), k.target or target.name, features, max_points), {}) for k in kernels]
    rows = [r for r in pool.map(default_features, calls) if r.size]
    if not rows:
        raise TrainError("LLVM's scheduler makes no decision with a choice in any training "
                         "kernel: nothing to train")
    x = np.concatenate(rows)
    mean = x.mean(axis=0)
    std = x.std(axis=0)
    std[std < 1e-6] = 1.0  # a constant feature: left unscaled
    return [float(round(m, 6)) for m in mean], [float(round(s, 6)) for s in std]


def default_features(ir: str, target: str, features: tuple, max_points: int) -> np.ndarray:
    """The feature rows of every candidate at the first max_points decision points with a
    choice of LLVM's default schedule of one kernel (a worker task)."""
    t = parse_target(target)
    rows: list[np.ndarray] = []
    with tempfile.TemporaryDirectory(prefix="agentsched-train-") as d:
        log = Path(d) / "states.jsonl"
        compile_ir(Path(ir), t, state_log=log, features=True)  # the plugin's features
        for point in read_states(log):
            if len(rows) >= max_points:
                break
            if len(point.candidates) > 1:
                rows.append(point_features(point, features))
    return np.concatenate(rows) if rows else np.zeros((0, len(features)))


# ---------------------------------------------------------------- one compile (a worker)

def compile_with_policy(ir: str, target: str, policy_json: str, launch: Launch | None,
                        with_cycles: bool, module_suffix: str | None,
                        featurize: bool = False) -> dict:
    """Compile one kernel with a policy file in llc (a worker task): its static metrics,
    the plugin's counts and, when asked, the loadable module, or (featurize: objective
    'predicted') instead of the module its machine code's sha and the performance model's
    features of it (searches.predicted.code_features)."""
    t0 = time.perf_counter()
    t = parse_target(target)
    with tempfile.TemporaryDirectory(prefix="agentsched-policy-") as d:
        pfile = Path(d) / "policy.json"
        pfile.write_text(policy_json)
        try:
            res = compile_ir(Path(ir), t, policy=pfile)
            m = static_metrics(res.asm, t, with_cycles=with_cycles, launch=launch,
                               entry=res.entry).as_dict()
            module = res.module(module_suffix) if module_suffix else b""
            out = {"metrics": m, "changed": int(res.report.get("changed", 0)),
                   "module": module}
            if featurize:
                out["code"], out["features"] = code_features(out.pop("module"), t, res.entry)
        except Exception as e:  # one kernel's failure is the candidate's result
            return {"error": f"{type(e).__name__}: {str(e)[:500]}",
                    "seconds": time.perf_counter() - t0}
    return {**out, "seconds": time.perf_counter() - t0}


def proxy_speedup(default: dict, metrics: dict, objective: str) -> float:
    """How much better than LLVM's default a schedule is by a static figure (> 1: better).
    Figures missing for both count as equal."""
    key, sign = PROXY[objective]
    a, b = default.get(key), metrics.get(key)
    if a is None or b is None:
        return 1.0
    if key in ("spills", "vopd_pairs", "delay_alu_total", "waitcnts"):  # counts that may be 0
        a, b = a + 1.0, b + 1.0
    if a <= 0 or b <= 0:
        return 1.0 if a == b else (0.5 if sign > 0 and b < a or sign < 0 and b > a else 2.0)
    return float(b / a) if sign > 0 else float(a / b)


def fitness_of(speedups: Sequence[float], penalty: float, tolerance: float,
               with_choice: bool = False) -> float:
    """geomean(speedups) - penalty * mean(shortfall below 1 - tolerance); -inf if any
    kernel failed (speedup 0 or not finite). with_choice: each kernel's speedup is first
    max(1, speedup) (the per-kernel choice keeps LLVM's schedule where the policy loses)."""
    s = np.asarray(list(speedups), dtype=float)
    if s.size == 0 or not np.all(np.isfinite(s)) or np.any(s <= 0):
        return -math.inf
    if with_choice:
        s = np.maximum(s, 1.0)
    geo = float(np.exp(np.mean(np.log(s))))
    short = np.maximum(0.0, (1.0 - tolerance) - s)
    return geo - penalty * float(np.mean(short))


def geomean(xs: Sequence[float]) -> float:
    xs = [x for x in xs if x > 0 and math.isfinite(x)]
    return float(math.exp(sum(math.log(x) for x in xs) / len(xs))) if xs else float("nan")


# ---------------------------------------------------------------- training

def train(kernels: Sequence[TrainKernel], target: str | Target = "sm_90",
          options: TrainOptions | None = None, *, init: Sequence[Sequence[float]] = (),
          timer_factory: Callable | None = None, provenance: dict | None = None,
          skipped: dict | None = None, progress: Callable[[str], None] | None = None,
          **fields: Any) -> TrainResult:
    """Train one policy on `kernels` (see the module docstring); options: TrainOptions, or
    its fields as keywords. objective 'time' needs a
    timer_factory(kernel, default_module) -> gpu_time.GpuTimer-like object (measure(modules)
    -> time ratios); without one a GpuTimer on this machine's GPU is made from each kernel's
    spec. init: extra starting parameter vectors (e.g. ModelShape.from_search_weights of a
    per-kernel search's winner), evaluated in the first generation. tolerance: the slowdown
    a kernel may show before the penalty counts (default 1% for 'time', 0 for proxies).
    max_seconds: no new generation starts after this. finalists ('time'): the best distinct
    candidates by screening are re-timed per kernel in one longer interleaved run
    (confirm_rounds x confirm_reps, gpu_time.GpuTimer.confirm) and the best by that run wins:
    screening figures are noisy, and the best of many noisy figures flatters its policy.
    kernel_guard: where a candidate's kernel has lower occupancy, more spills or (occupancy
    unknown) more registers than LLVM's (llvm.metrics.worse_than_default), LLVM's schedule
    counts for that kernel, as `agentsched compile --fallback` would ship it."""
    o = with_fields(options or TrainOptions(), fields)
    objective, budget, model, hidden, population = \
        o.objective, o.budget, o.model, o.hidden, o.population
    seed, penalty, tolerance, kernel_guard = o.seed, o.penalty, o.tolerance, o.kernel_guard
    mu, sigma_range, crossover, max_seconds = o.mu, o.sigma_range, o.crossover, o.max_seconds
    finalists, confirm_rounds, confirm_reps = o.finalists, o.confirm_rounds, o.confirm_reps
    workers, ray_address = o.workers, o.ray
    guard = Guard(o.guard_slack) if o.guard else None
    features = o.features
    t0 = time.perf_counter()
    t = parse_target(target)
    if objective not in OBJECTIVES:
        raise ObjectiveError(f"unknown objective {objective!r}; choose one of "
                             f"{', '.join(OBJECTIVES)}")
    check_measurable(objective, t)
    if model not in MODELS:
        raise TrainError(f"unknown model {model!r}; choose one of {', '.join(MODELS)}")
    for name, v in (("budget", budget), ("population", population), ("hidden", hidden)):
        if v < 1:
            raise TrainError(f"{name} must be at least 1, got {v}")
    features = feature_names(features)
    kernels = list(kernels)
    if not kernels:
        raise TrainError("no training kernels")
    names = [k.name for k in kernels]
    if len(set(names)) != len(names):
        raise TrainError("training kernels must have distinct names")
    tolerance = (0.01 if objective == "time" else 0.0) if tolerance is None else tolerance
    family = t.family
    shape = ModelShape(model, tuple(features), hidden)
    rng = np.random.default_rng(seed)
    say = progress or (lambda s: None)

    pool = Workers(workers, ray_address, max_tasks=population * len(kernels))
    timers: dict = {}
    gpu_workers = None  # with gpus or ray: a timing worker per GPU, shared by the kernels
    try:
        mean, scale = feature_normalization(pool, kernels, t, shape.features)
        say(f"train: {len(kernels)} kernels, {objective}, {model} "
            f"({shape.size} parameters), {pool.backend}")
        suffix = t.module_suffix() if objective == "time" else \
            predicted_suffix(t) if objective == "predicted" else None
        model_of = load_model(t) if objective == "predicted" else None  # sm_90's or AMD's
        start = shape.start(np.random.default_rng(seed),
                            scale[shape.features.index("is_llvm_pick")])
        defaults = _compile_all(pool, kernels, t,
                                [_policy_json(start, shape, family, mean, scale, guard)],
                                objective, suffix)[0]
        for k, r in zip(kernels, defaults):
            if "error" in r:
                raise TrainError(f"{k.name}: LLVM's schedule through the policy path failed: "
                                 f"{r['error']}")
            if r["changed"]:
                raise TrainError(f"{k.name}: the starting policy changed {r['changed']} "
                                 "decisions (it must reproduce LLVM's schedule)")
        default_metrics = {k.name: r["metrics"] for k, r in zip(kernels, defaults)}
        if objective == "time":
            if timer_factory is None and (o.gpus is not None or ray_address is not None):
                from .gpu_pool import GpuWorkers
                gpu_workers = GpuWorkers(o.gpus or "all", ray_address)
                say(f"train: timing on {gpu_workers.backend} GPU workers")
            timers.update(_timers(timer_factory, kernels, t, [r["module"] for r in defaults],
                                  gpu_workers))

        candidates: list[TrainCandidate] = []
        seen: set = set()
        curve: list = []
        first = [start] + [np.asarray(w, dtype=float) for w in init]
        if any(len(w) != shape.size for w in first):
            raise TrainError(f"a starting vector has the wrong length (the {model} model has "
                             f"{shape.size} parameters)")
        while len(first) < population:
            first.append(mutate(start, rng, sigma_range))
        batch, gen = first, 0
        while len(candidates) < budget and batch and not (  # one generation at least
                candidates and max_seconds is not None
                and time.perf_counter() - t0 > max_seconds):
            batch = [p for p in batch if _fp(p) not in seen][:budget - len(candidates)]
            for p in batch:
                seen.add(_fp(p))
            g0 = time.perf_counter()
            jsons = [_policy_json(p, shape, family, mean, scale, guard) for p in batch]
            results = _compile_all(pool, kernels, t, jsons, objective, suffix)
            if kernel_guard:
                _fall_back(results, defaults)
            speedups = (_predicted_speedups(results, kernels, defaults, model_of)
                        if model_of is not None else
                        _speedups(results, kernels, default_metrics, objective, timers))
            for p, res, sp in zip(batch, results, speedups):
                candidates.append(TrainCandidate(
                    len(candidates), gen, [float(round(x, 6)) for x in p],
                    fitness_of(list(sp.values()), penalty, tolerance, o.with_choice), sp,
                    {k.name: int(r.get("changed", -1)) for k, r in zip(kernels, res)},
                    round(sum(r.get("seconds", 0.0) for r in res), 3),
                    {k.name: r["fallback"] for k, r in zip(kernels, res) if r.get("fallback")}))
            best = max(candidates, key=lambda c: (c.fitness, -c.index))
            gen_best = max(c.fitness for c in candidates[-len(batch):])
            curve.append({"generation": gen, "evaluations": len(candidates),
                          "best_fitness": best.fitness, "generation_best": gen_best,
                          "seconds": round(time.perf_counter() - t0, 2)})
            say(f"generation {gen}: {len(candidates)} policies, best fitness "
                f"{best.fitness:.4f} (this generation {gen_best:.4f}, "
                f"{time.perf_counter() - g0:.1f} s)")
            gen += 1
            batch = _children(candidates, mu or max(2, population // 2), population, rng,
                              sigma_range, crossover, seen)
        best = max(candidates, key=lambda c: (c.fitness, -c.index))
        confirmed: dict = {}
        if objective == "time" and finalists > 0:
            best, confirmed = _confirm(pool, kernels, t, candidates, finalists, shape, family,
                                       mean, scale, guard, suffix, timers, penalty, tolerance,
                                       confirm_rounds, confirm_reps, say,
                                       defaults if kernel_guard else None, o.with_choice)
    finally:
        for tm in timers.values():  # before the pool: it may shut Ray down
            tm.close()
        if gpu_workers is not None:
            gpu_workers.close(kill=sys.exc_info()[0] is not None)
        pool.close(kill=sys.exc_info()[0] is not None)

    prov = {"trained_on": names, "objective": objective, "model": model, "budget": budget,
            "with_choice": o.with_choice,
            "seed": seed, "fitness": best.fitness, "kernel_guard": kernel_guard,
            "train_geomean": geomean(list(best.speedups.values())), **(provenance or {})}
    policy = shape.policy(np.asarray(best.params), family, mean, scale, guard, prov)
    timing = {"screening": {k: tm.screening_summary() for k, tm in timers.items()
                            if hasattr(tm, "screening_summary")}, "confirmation": confirmed}
    return TrainResult(policy, t.name, objective, model, list(shape.features), names,
                       {k.name: k.family for k in kernels}, default_metrics, best, candidates,
                       curve, pool.backend, round(time.perf_counter() - t0, 2),
                       dict(skipped or {}), timing)


def _policy_json(params, shape: ModelShape, family: str, mean, scale, guard) -> str:
    p = shape.policy(np.asarray(params), family, mean, scale, guard, {"candidate": True})
    d = policy_to_dict(p)
    d["provenance"] = {}  # the compile's input is the model, not when it was made
    return json.dumps(d)


def _compile_all(pool: Workers, kernels: Sequence[TrainKernel], t: Target, jsons: list[str],
                 objective: str, suffix: str | None) -> list[list[dict]]:
    """results[candidate][kernel]."""
    calls: list[tuple[tuple, dict]] = [
        ((str(k.ir), k.target or t.name, pj, k.launch, objective == "cycles", suffix,
          objective == "predicted"), {})
        for pj in jsons for k in kernels]
    flat = pool.map(compile_with_policy, calls)
    n = len(kernels)
    return [flat[i * n:(i + 1) * n] for i in range(len(jsons))]


def _fall_back(results: list[list[dict]], defaults: list[dict]) -> None:
    """The kernel guard: a candidate's kernel that crossed a cliff LLVM's did not is replaced
    by LLVM's (metrics and module), marked with the reason."""
    from ..llvm.metrics import worse_than_default
    for res in results:
        for j, r in enumerate(res):
            why = None if "error" in r else worse_than_default(defaults[j]["metrics"],
                                                               r["metrics"])
            if why:
                res[j] = {**defaults[j], "changed": r["changed"], "fallback": why,
                          "seconds": r["seconds"]}


def _timers(factory: Callable | None, kernels: Sequence[TrainKernel], t: Target,
            modules: list[bytes], gpu_workers: Any = None) -> dict:
    """A timer per kernel (each prepares its inputs and reference and checks LLVM's default
    against it once)."""
    return {k.name: _timer(factory, k, t, m, gpu_workers) for k, m in zip(kernels, modules)}


def _confirm(pool: Workers, kernels: Sequence[TrainKernel], t: Target,
             candidates: list[TrainCandidate], n: int, shape: ModelShape, family: str, mean,
             scale, guard, suffix, timers: dict, penalty: float, tolerance: float, rounds: int,
             reps: int, say: Callable, defaults: list | None = None,
             with_choice: bool = False) -> tuple[TrainCandidate, dict]:
    """Re-time the n best candidates (by screening fitness; the starting policy excluded: it
    is LLVM's schedule) per kernel in one fresh interleaved run each; the best by those runs
    wins, LLVM's schedule (candidate 0) when none beats fitness 1."""
    ranked = [c for c in sorted(candidates, key=lambda c: (-c.fitness, c.index))
              if c.index != 0 and math.isfinite(c.fitness)][:n]
    if not ranked:
        return candidates[0], {}
    jsons = [_policy_json(np.asarray(c.params), shape, family, mean, scale, guard)
             for c in ranked]
    results = _compile_all(pool, kernels, t, jsons, "time", suffix)
    if defaults is not None:
        _fall_back(results, defaults)
    speed: list[dict] = [{} for _ in ranked]
    aa: dict = {}
    for j, k in enumerate(kernels):
        # LLVM's schedule kept (kernel guard): the default's binary, 1 exactly, not re-timed
        mods = {f"f{i}": results[i][j]["module"] for i in range(len(ranked))
                if "error" not in results[i][j] and not results[i][j].get("fallback")}
        res = timers[k.name].confirm(mods, rounds=rounds, reps=reps) if mods else {}
        aa[k.name] = (res.get("noise_floor") or {}).get("rel_diff")
        for i in range(len(ranked)):
            if results[i][j].get("fallback"):
                speed[i][k.name] = 1.0
                continue
            v = (res.get("variants") or {}).get(f"f{i}") or {}
            speed[i][k.name] = float(v["speedup"]) if v.get("ok") is not False and \
                v.get("speedup") else 0.0
    record: dict[str, Any] = {"rounds": rounds, "reps": reps, "aa_rel_diff": aa,
                              "finalists": []}
    best, best_fit = candidates[0], 1.0
    for c, sp in zip(ranked, speed):
        fit = fitness_of(list(sp.values()), penalty, tolerance, with_choice)
        record["finalists"].append({"index": c.index, "screening_fitness": c.fitness,
                                    "confirmed_fitness": fit, "speedups": sp})
        say(f"finalist {c.index}: screening {c.fitness:.4f}, confirmed {fit:.4f}")
        if fit > best_fit:
            best = replace(c, fitness=fit, speedups=sp)
            best_fit = fit
    record["winner"] = best.index
    return best, record


def _timer(factory: Callable | None, k: TrainKernel, t: Target, default_module: bytes,
           gpu_workers: Any = None):
    if factory is not None:
        return factory(k, default_module)
    from ..kernels.spec import KernelSpec
    from .gpu_time import GpuTimer
    if not isinstance(k.spec, KernelSpec):
        raise TrainError(f"{k.name}: objective 'time' needs a KernelSpec (inputs, launch, "
                         "reference) for every training kernel (a Triton kernel of the corpus "
                         "has none: train with --kind cuda, or give a timer_factory)")
    from ..llvm.ir import ir_entry
    spec = replace(k.spec, entry=ir_entry(k.ir) or k.spec.entry)
    if gpu_workers is not None:  # this kernel's timers on every GPU worker (gpu_pool.py)
        from .gpu_pool import GpuPool, TimerRecipe
        return GpuPool(gpu_workers, k.name, TimerRecipe(spec, k.target or t.name,
                                                        default_module))
    return GpuTimer(spec, parse_target(k.target) if k.target else t, default_module)


def _speedups(results: list[list[dict]], kernels: Sequence[TrainKernel], default_metrics: dict,
              objective: str, timers: dict) -> list[dict]:
    out: list[dict] = [{} for _ in results]
    for j, k in enumerate(kernels):
        if objective == "time":
            ok = [i for i, res in enumerate(results) if "error" not in res[j]]
            ratios = timers[k.name].measure([results[i][j]["module"] for i in ok])
            for i, ratio in zip(ok, ratios):
                out[i][k.name] = 1.0 / ratio if ratio and math.isfinite(ratio) else 0.0
        for i, res in enumerate(results):
            r = res[j]
            if "error" in r:
                out[i][k.name] = 0.0
            elif objective != "time":
                out[i][k.name] = proxy_speedup(default_metrics[k.name], r["metrics"], objective)
            r.pop("module", None)  # timed: not kept
    return out


def _predicted_speedups(results: list[list[dict]], kernels: Sequence[TrainKernel],
                        defaults: list[dict], model: Any) -> list[dict]:
    """Objective 'predicted': the model's speedup of each candidate's machine code over LLVM's
    default's, from the features the workers extracted; code equal to the default's is 1."""
    out: list[dict] = [{} for _ in results]
    for j, k in enumerate(kernels):
        base = defaults[j]
        todo = [i for i, res in enumerate(results)
                if "error" not in res[j] and res[j]["code"] != base["code"]]
        preds = model.predict_pairs([results[i][j]["features"] for i in todo],
                                    base["features"])
        for i, res in enumerate(results):
            out[i][k.name] = 0.0 if "error" in res[j] else 1.0
        for i, p in zip(todo, preds):
            out[i][k.name] = float(p.speedup)
            results[i][j]["predicted"] = p.as_dict()
        for res in results:
            res[j].pop("features", None)  # predicted: not kept
    return out


def _fp(p: np.ndarray) -> tuple:
    return tuple(float(round(x, 6)) for x in p)


def _children(candidates: list[TrainCandidate], mu: int, population: int,
              rng: np.random.Generator, sigma_range: tuple, crossover: float,
              seen: set) -> list[np.ndarray]:
    ranked = sorted((c for c in candidates if math.isfinite(c.fitness)),
                    key=lambda c: (-c.fitness, c.index))
    parents = [np.asarray(c.params) for c in ranked[:mu]]
    if not parents:
        return []
    return children(parents, population, rng, sigma_range, crossover,
                    lambda c: _fp(c) not in seen)
