"""Evolutionary search over linear scoring policies.

A genome is a weight vector over the candidate features of ``features.FEATURES`` (latency,
depth, height, register defs/uses, load/store, available, zone, pressure diffs, class
one-hots, is_llvm_pick). The policy picks argmax w . features(candidate) at every decision
point of a LIVE compile, so every schedule is valid, and one genome applies to every region,
stage and kernel (it generalizes, unlike a per-point preference map).

The population is seeded with genomes that reproduce LLVM (large weight on is_llvm_pick) and
each heuristic. Each generation is a (mu + lambda) step: the `mu` best distinct schedules so
far are parents; children are Gaussian mutations (noise scaled to the parent's norm, with a
per-child step size drawn log-uniformly so both small deviations from LLVM and large jumps
are tried) and, with probability `crossover`, uniform crossovers of two parents. numpy RNG
seeded by `seed`; results do not depend on the number of workers (batches come back in
order).

Budget = number of compiles (the default compile included).
"""
from __future__ import annotations

import time
from collections.abc import Callable, Sequence

import numpy as np

from .evaluator import Evaluator
from .policies import (
    FEATURES,
    HEURISTICS,
    HeuristicPolicy,
    LinearPolicy,
    Policy,
    check_weights,
    linear_seed,
)
from .tracker import SearchResult, Tracker


def _policy(w: np.ndarray) -> LinearPolicy:
    return LinearPolicy(tuple(float(round(x, 6)) for x in w))


def evolve_search(ev: Evaluator, budget: int = 64, *, population: int = 8, mu: int | None = None,
                  crossover: float = 0.3, sigma_range: tuple = (0.02, 1.0), seed: int = 0,
                  init: Sequence[Sequence[float]] = (), portfolio: Sequence[Policy] = (),
                  progress: Callable[[str], None] | None = None) -> SearchResult:
    """init: extra starting genomes (e.g. a previous search's best_weights), evaluated in
    the first generation next to LLVM's and the heuristics' genomes: a warm start."""
    t0 = time.perf_counter()
    rng = np.random.default_rng(seed)
    tr = Tracker()
    budget = max(1, budget)
    mu = mu or max(2, population // 2)
    default_policy = HeuristicPolicy("default")
    (default,) = ev.rollouts([default_policy])
    tr.add([default_policy], [default])

    seeds = [linear_seed(n) for n in ("default", *HEURISTICS)]
    # The LLVM genome's schedule is the default one: no compile needed for it.
    evaluated: list[tuple] = [(default.cost, 0, seeds[0], default)]  # (cost, order, genome, rollout)
    fps: set = {_policy(seeds[0]).fingerprint()}
    check_weights(init)
    if portfolio:  # whole schedules to start from (the shipped policy's ...): not genomes
        pols = list(portfolio)[:max(0, budget - tr.count)]
        tr.add(pols, ev.rollouts(pols))
    first = [np.asarray(w, dtype=float) for w in init] + seeds[1:]
    while len(first) < population - 1:  # fill with perturbations of the LLVM seed
        first.append(mutate(seeds[0], rng, sigma_range))
    gen = 0
    batch = first
    while tr.count < budget and batch and not ev.out_of_time():
        pols, genomes = [], []
        for g in batch:
            p = _policy(g)
            if p.fingerprint() in fps:
                continue
            fps.add(p.fingerprint())
            pols.append(p)
            genomes.append(np.asarray(p.weights))
        pols, genomes = pols[:budget - tr.count], genomes[:budget - tr.count]
        results = ev.rollouts(pols)
        tr.add(pols, results)
        for g, r in zip(genomes, results):
            evaluated.append((r.cost, len(evaluated), g, r))
        gen += 1
        if progress:
            progress(f"evolve generation {gen}: {ev.status(tr.count, budget)}, best "
                     f"{tr.best.cost}")
        parents = _select(evaluated, mu)
        batch = children(parents, population, rng, sigma_range, crossover,
                         lambda c: _policy(c).fingerprint() not in fps)
    return SearchResult("evolve", ev.objective, default, tr.best, tr.best_policy, tr.count,
                        tr.history, ev.throughput, time.perf_counter() - t0,
                        {"population": population, "mu": mu, "generations": gen,
                         "features": list(FEATURES),
                         "best_weights": list(getattr(tr.best_policy, "weights", []))})


def children(parents: Sequence[np.ndarray], population: int, rng: np.random.Generator,
             sigma_range: tuple, crossover: float, is_new: Callable[[np.ndarray], bool]
             ) -> list[np.ndarray]:
    """Up to `population` new genomes from `parents`: a Gaussian mutation of one parent, or
    with probability `crossover` a uniform crossover of two, mutated a little. is_new drops
    duplicates (extra draws make up for them)."""
    out: list[np.ndarray] = []
    for _ in range(population * 4):
        if len(out) >= population:
            break
        a = parents[int(rng.integers(len(parents)))]
        if len(parents) > 1 and rng.random() < crossover:
            b = parents[int(rng.integers(len(parents)))]
            mask = rng.random(a.shape) < 0.5
            child = np.where(mask, a, b)
            child = mutate(child, rng, (sigma_range[0], sigma_range[0] * 5))
        else:
            child = mutate(a, rng, sigma_range)
        if is_new(child):
            out.append(child)
    return out


def mutate(w: np.ndarray, rng: np.random.Generator, sigma_range: tuple) -> np.ndarray:
    lo, hi = np.log(sigma_range[0]), np.log(sigma_range[1])
    sigma = float(np.exp(rng.uniform(lo, hi)))
    scale = max(1.0, float(np.linalg.norm(w))) / np.sqrt(len(w))
    return w + rng.normal(0.0, sigma * scale, size=w.shape)


def _select(evaluated: list[tuple], mu: int) -> list[np.ndarray]:
    """The mu best genomes with distinct schedules (earliest first on equal cost)."""
    out, keys = [], set()
    for cost, order, g, r in sorted(evaluated, key=lambda x: (x[0], x[1])):
        if r.key in keys:
            continue
        keys.add(r.key)
        out.append(g)
        if len(out) >= mu:
            break
    return out
