"""`agentsched tune`: a time budget spent across a program's hot kernels, best first.

The program is what its kernels are given as: spec .py files (CUDA, HIP or Triton kernels
with their inputs and reference), a directory of them, suite kernel names, or sources (every
kernel of a module; a source has no inputs, so only static objectives apply to it). Then:

1. where the time goes: with objective `time`, each kernel's LLVM schedule is timed once on
   this machine's GPU (checked against its reference first); otherwise every kernel weighs
   the same;
2. the budget: kernels by their share of the time, largest first; each gets the time left
   times its share of the shares left (a kernel that ends early leaves its time to the
   others); kernels under `min_share` of the time are left as they are;
3. each kernel's search (searches.run): evolution from a portfolio — LLVM's schedule, the
   heuristics, the shipped policy — with a time limit, a journal (a stopped tune resumes; a
   time-out keeps what was found), finalists rebuilt in parallel and confirmed in a fresh
   interleaved run;
4. the winners that beat LLVM's schedule beyond the noise go into the tuned-schedule
   database (`db`), and a summary (JSON and a markdown table) says, per kernel, its share,
   the evaluations spent, the speedup and its CI, and what the database holds for it.
"""
from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from ..core.files import together, write_text
from ..core.paths import PACKAGE_DIR
from ..kernels.ref import KernelRef, kernels_of, resolve_kernel
from ..searches.options import SearchOptions
from ..searches.run import run_search
from ..targets import Target, parse_target


@dataclass(frozen=True)
class TuneOptions:
    seconds: float = 900.0  # the whole budget, every kernel's search included
    objective: str = "time"
    db: Path | None = None  # the tuned-schedule database the winners go into
    policy: Path | None = None  # the portfolio's policy (default: policies/<target>.json)
    method: str = "evolve"
    population: int = 16
    workers: int | None = None
    gpus: str | None = None  # GPUs timing each search in parallel (SearchOptions.gpus)
    ray: str | None = None  # a Ray address: compiles and GPU timing on the cluster
    finalists: int = 4
    min_share: float = 0.02  # kernels with less of the time are left as they are
    fresh: bool = False  # forget the journals of earlier runs
    json_out: Path | None = None  # the summary (a .md beside it: the table)


@dataclass
class TunedKernel:
    kernel: str
    share: float  # of the program's time (of the kernels tuned), by LLVM's schedule
    default_us: float | None
    seconds: float = 0.0
    evaluations: int = 0
    speedup: float = 1.0
    speedup_ci: list | None = None
    improved: bool = False
    stored: bool = False  # the winner went into the database
    decisions_file: str | None = None
    note: str = ""


@dataclass
class TuneResult:
    target: str
    objective: str
    seconds: float
    kernels: list[TunedKernel] = field(default_factory=list)

    @property
    def program_speedup(self) -> float:
        """Of the kernels tuned, weighted by their share of the time: 1 / sum(share / s)."""
        total = sum(k.share for k in self.kernels) or 1.0
        return total / sum(k.share / max(k.speedup, 1e-9) for k in self.kernels) \
            if self.kernels else 1.0

    def to_dict(self) -> dict:
        return {**asdict(self), "program_speedup": self.program_speedup}


def program_kernels(inputs: Sequence[str | Path], target: Target) -> list[KernelRef]:
    """The kernels of a program given as spec files, directories of them, suite names or
    sources (a module's every kernel)."""
    out: list[KernelRef] = []
    for item in inputs:
        p = Path(item)
        if p.is_dir() and not any(p.glob("*.llir")):
            specs = sorted(p.glob("*.py"))
            if not specs:
                raise ValueError(f"{p}: no spec .py files in it (a program is given as its "
                                 "kernels' specs, suite names or sources)")
            out += [resolve_kernel(s) for s in specs]
        elif p.suffix == ".py" and p.is_file() and "torch" in p.read_text(errors="replace") \
                and "SPEC" not in p.read_text(errors="replace"):
            raise ValueError(f"{p}: a Python program, not a kernel spec: tuning a torch.compile "
                             "program's kernels needs their inputs; run it with `agentsched "
                             "triton run --policy ...` (docs/triton.md) — its kernels are not "
                             "tuned one by one yet")
        else:
            out += kernels_of(str(item), target)
    if not out:
        raise ValueError("no kernels to tune")
    return out


def tune(inputs: Sequence[str | Path], target: str | Target,
         options: TuneOptions | None = None, *, timer_for: Callable | None = None,
         progress: Callable[[str], None] | None = None) -> TuneResult:
    """Tune the program's hot kernels in options.seconds (module doc). timer_for(kernel) ->
    (default µs): how the time is found (default: this machine's GPU)."""
    o = options or TuneOptions()
    t = parse_target(target)
    say = progress or (lambda s: None)
    t0 = time.monotonic()
    kernels = program_kernels(inputs, t)
    policy = o.policy or PACKAGE_DIR.parent / "policies" / f"{t.name}.json"
    weights = _where_time_goes(kernels, t, o, timer_for, say)
    total = sum(w for w, _ in weights.values()) or 1.0
    order = sorted(kernels, key=lambda k: -weights[k.key][0])
    res = TuneResult(t.name, o.objective, o.seconds)
    hot = [k for k in order if weights[k.key][0] / total >= o.min_share]
    for k in order:
        if k not in hot:
            res.kernels.append(TunedKernel(k.name, weights[k.key][0] / total,
                                           weights[k.key][1],
                                           note=f"under {o.min_share:.0%} of the time: left"))
    shares_left = sum(weights[k.key][0] for k in hot)
    for i, k in enumerate(hot):
        share = weights[k.key][0]
        left = o.seconds - (time.monotonic() - t0)
        mine = max(1.0, left * share / shares_left) if left > 0 else 0.0
        shares_left -= share
        tk = TunedKernel(k.name, share / total, weights[k.key][1], seconds=round(mine, 1))
        res.kernels.append(tk)
        if mine <= 1.0:
            tk.note = "no time left"
            continue
        say(f"kernel {i + 1}/{len(hot)} {k.name}: {share / total:.0%} of the time, "
            f"{mine:.0f} s")
        sopts = _search_options(o, mine, policy, k)
        try:
            rep = run_search(k, t, sopts,
                             progress=lambda s, n=k.name: say(f"{n}: {s}"))
        except (ValueError, RuntimeError) as e:  # one kernel's failure costs the others nothing
            tk.note = f"search failed: {e}"
            say(f"{k.name}: {tk.note}")
            continue
        tk.evaluations, tk.improved = rep.evaluations, rep.improved
        tk.decisions_file = rep.decisions_file
        tm = rep.timing or {}
        if o.objective == "time":
            tk.speedup = float(tm.get("speedup") or 1.0)
            tk.speedup_ci = tm.get("speedup_ci")
        if not rep.improved:
            tk.note = "LLVM's schedule kept (nothing beat it beyond noise)"
        elif o.objective != "time":
            tk.note = (f"{o.objective}: cost {rep.default.get('cost')} -> "
                       f"{rep.best.get('cost')}")
        stored = rep.best.get("db") or {}
        tk.stored = bool(stored.get("stored"))
        if o.db and rep.improved and not tk.stored:  # confirmed, yet not stored: why
            tk.note = f"{tk.note}; not stored in the db: {stored.get('why')}".lstrip("; ")
    _write(res, o)
    return res


def _search_options(o: TuneOptions, seconds: float, policy: Path, k: KernelRef
                    ) -> SearchOptions:
    portfolio = (f"policy:{policy}",) if Path(policy).is_file() else ()
    base = SearchOptions(objective=o.objective, budget=1_000_000, seconds=seconds,
                         method=o.method, population=o.population, workers=o.workers,
                         gpus=o.gpus, ray=o.ray, finalists=o.finalists, portfolio=portfolio, fresh=o.fresh)
    if o.db is not None:
        base = replace(base, db=o.db)
    return base


def _where_time_goes(kernels: list[KernelRef], t: Target, o: TuneOptions,
                     timer_for: Callable | None, say: Callable[[str], None]) -> dict:
    """kernel key -> (weight, default µs or None)."""
    if o.objective != "time":
        return {k.key: (1.0, None) for k in kernels}
    out = {}
    for k in kernels:
        us = (timer_for or _default_time)(k, t)
        say(f"{k.name}: LLVM's schedule {us:.1f} µs")
        out[k.key] = (us, us)
    return out


def _default_time(k: KernelRef, t: Target) -> float:
    """LLVM's schedule of `k` timed once on this GPU (its reference checked first): µs."""
    from ..llvm.compile import compile_ir
    from ..runtime import get_runtime
    if k.spec is None:
        raise ValueError(f"{k.name}: timing needs a kernel spec (inputs, launch, reference)")
    import tempfile

    from ..llvm.ir import ir_entry
    rt = get_runtime(t.runtime_kind)
    ir = k.ir(t)
    with tempfile.TemporaryDirectory(prefix="agentsched-tune-") as d:
        mod = Path(d) / f"k{t.module_suffix()}"
        mod.write_bytes(compile_ir(ir, t).module())
        handle = rt.load(mod, ir_entry(ir) or k.spec.entry)
        res = rt.time(k.spec, {"default": handle}, rounds=5, reps=3, warmup=1)
    med = res.variants["default"].median_us if hasattr(res, "variants") else None
    if med is None or not math.isfinite(med):
        raise RuntimeError(f"{k.name}: LLVM's schedule could not be timed")
    return float(med)


def _write(res: TuneResult, o: TuneOptions) -> None:
    if o.json_out is None:
        return
    md = Path(o.json_out).with_suffix(".md")
    rows = ["| kernel | share | default µs | seconds | evaluations | speedup [CI] | db | note |",
            "|---|---|---|---|---|---|---|---|"]
    for k in res.kernels:
        ci = f" [{k.speedup_ci[0]:.4f}, {k.speedup_ci[1]:.4f}]" if k.speedup_ci else ""
        rows.append(f"| {k.kernel} | {k.share:.1%} | "
                    f"{'' if k.default_us is None else f'{k.default_us:.1f}'} | {k.seconds} | "
                    f"{k.evaluations} | {k.speedup:.4f}{ci} | {'yes' if k.stored else ''} | "
                    f"{k.note} |")
    text = (f"# agentsched tune: {res.target}, objective {res.objective}, {res.seconds:.0f} s\n\n"
            + "\n".join(rows) + f"\n\nThe tuned kernels together: {res.program_speedup:.4f}x "
            "(by their shares of LLVM's time).\n")
    with together(o.json_out, md):
        write_text(o.json_out, json.dumps(res.to_dict(), indent=1, default=str) + "\n")
        write_text(md, text)


def tune_summary(res: TuneResult) -> list[dict[str, Any]]:
    return [asdict(k) for k in res.kernels]
