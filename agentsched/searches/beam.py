"""Beam search over decision prefixes.

A kernel has hundreds of decision points, most of which do not matter; branching on all of
them would spend any budget on the first few. So the beam branches only at *branch points*:
choice points of the largest region(s) (the ones with most choice points; in the loop kernels
of the suite that is the unrolled body of the hottest loop), evenly spaced over the region so
that the whole region is covered, as many as the budget affords (about
budget / (width x alternatives) of them).

At branch point k, each beam entry (a prefix = forced picks at branch points 1..k-1) is
extended with each *alternative* candidate at that point: LLVM's pick, each heuristic's pick
(min_pressure, max_latency, pref_load, pref_salu) and a few random ones. Every prefix is
completed with a fixed completion policy (LLVM's pick by default, or a heuristic) in one
LIVE compile, so every schedule is valid and its decisions replay strictly. The `width` best
by objective (distinct schedules only) survive. The four heuristics' own full schedules are
evaluated too, so the result is never worse than the best of default and heuristics.

Budget = number of compiles (the default compile included).
"""
from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Sequence

from .evaluator import Evaluator
from .policies import HEURISTICS, WATCH_ALL, HeuristicPolicy, Policy, PrefixPolicy
from .tracker import SearchResult, Tracker


def hot_regions(default_decisions, n: int = 3) -> list[tuple]:
    """The n regions (function, region, visit) with most choice points, largest first."""
    sizes = Counter((d.function, d.region, d.visit) for d in default_decisions)
    return [r for r, _ in sorted(sizes.items(), key=lambda kv: (-kv[1], kv[0]))[:n]]


def branch_points(default_decisions, region: tuple, depth: int) -> list[tuple]:
    """Up to `depth` decision keys evenly spaced over `region`'s choice points (in
    scheduling order)."""
    keys = [d.key for d in default_decisions if (d.function, d.region, d.visit) == region]
    if depth >= len(keys):
        return keys
    stride = len(keys) / depth
    return [keys[int(i * stride)] for i in range(depth)]


def beam_search(ev: Evaluator, budget: int = 64, *, width: int = 4, depth: int | None = None,
                regions: int = 3, completion="default", portfolio: Sequence[Policy] = (),
                progress: Callable[[str], None] | None = None) -> SearchResult:
    """Beam search (see the module doc). One pass per hot region, largest first, while the
    budget lasts; `depth` branch points per region (default: what the budget affords).
    completion: a heuristic's name or a Policy (beam then refines that policy's schedule)."""
    t0 = time.perf_counter()
    tr = Tracker()
    budget = max(1, budget)
    default_policy = HeuristicPolicy("default")
    (default,) = ev.rollouts([default_policy], watch=WATCH_ALL)
    tr.add([default_policy], [default])
    hot = hot_regions(default.decisions, regions)
    hot_set = set(hot)
    # Every rollout records the alternatives at every choice point of the hot regions.
    watch = tuple(d.key for d in default.decisions
                  if (d.function, d.region, d.visit) in hot_set)

    # The heuristics' own schedules (and the root prefix when completion is not LLVM's).
    first = [HeuristicPolicy(h) for h in HEURISTICS] + list(portfolio)
    if completion != "default":
        first.append(PrefixPolicy((), completion))
    first = first[:budget - tr.count]
    outs = ev.rollouts(first, watch=watch) if first else []
    tr.add(first, outs)
    if completion != "default" and len(outs) == len(first) == \
            len(HEURISTICS) + len(portfolio) + 1:
        beam = [(first[-1], outs[-1])]
    else:
        beam = [(PrefixPolicy((), "default"), default)]
    alts_per_point = len(HEURISTICS) + ev.n_random  # besides the parent's own pick
    levels, used_points = 0, []
    for region in hot:
        left = budget - tr.count
        if left <= 0 or ev.out_of_time():
            break
        d = depth or max(2, 1 + (left - alts_per_point) // max(1, width * alts_per_point))
        points = branch_points(default.decisions, region, d)
        used_points += points
        for key in points:
            if tr.count >= budget or ev.out_of_time():
                break
            beam = _level(ev, tr, beam, key, width, budget, watch)
            levels += 1
            if progress:
                progress(f"beam level {levels} (region {region[1]}): "
                         f"{ev.status(tr.count, budget)}, best {tr.best.cost}")
    return SearchResult("beam", ev.objective, default, tr.best, tr.best_policy, tr.count,
                        tr.history, ev.throughput, time.perf_counter() - t0,
                        {"width": width, "levels": levels, "regions": [list(r) for r in hot],
                         "completion": completion if isinstance(completion, str)
                         else completion.fingerprint(),
                         "branch_points": [list(k) for k in used_points]})


def _level(ev, tr, beam, key, width, budget, watch):
    """Extend every beam entry at branch point `key`; keep the `width` best schedules."""
    carried, new, fps = [], [], set()
    for pol, ro in beam:
        carried.append((pol, ro))  # the parent's own pick at this point: no compile
        info = ro.seen.get(key)
        if info is None:  # no choice at this point under this prefix
            continue
        alts, chosen = info
        for a in alts:
            if tuple(a) == tuple(chosen):
                continue
            child = pol.extend(key, a)
            if child.fingerprint() not in fps:
                fps.add(child.fingerprint())
                new.append(child)
    new = new[:budget - tr.count]
    results = ev.rollouts(new, watch=watch) if new else []
    tr.add(new, results)
    pool, keys = [], set()
    for i, (pol, ro) in enumerate(carried + list(zip(new, results))):
        if ro.key in keys:
            continue
        keys.add(ro.key)
        pool.append((ro.cost, i, pol, ro))
    pool.sort(key=lambda x: (x[0], x[1]))
    return [(pol, ro) for _, _, pol, ro in pool[:width]]
