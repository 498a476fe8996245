"""The options of the commands that search and train: one frozen dataclass per command,
built once (by the command line, or from the API's keywords) and passed down as it is."""
from __future__ import annotations

from dataclasses import dataclass, replace
from dataclasses import fields as dataclass_fields
from pathlib import Path
from typing import Any

METHODS = ("beam", "evolve")
# --screen's warm-up: the first timings of a screened search, diverse, before the model is
# calibrated on them (bench/perfmodel/screen_sim.py: 8 is best of 4, 8 and 16 at 20%)
SCREEN_WARMUP = 8


@dataclass(frozen=True)
class SearchOptions:
    """Everything `agentsched search` takes besides the kernel, its build and the target:
    built once by the command line (or the API's keywords) and passed down as it is."""
    objective: str = "vgpr"
    budget: int = 64  # compiles to spend (at most)
    seconds: float | None = None  # stop proposing schedules after this many seconds
    method: str = "beam"  # beam or evolve
    workers: int | None = None  # local processes (None: one per core)
    ray: str | None = None  # a Ray address ("local" starts one) instead of local workers
    seed: int = 0
    width: int = 4  # beam: schedules kept per level
    population: int = 8  # evolve: children per generation
    time_rounds: int = 5  # time: rounds per screening batch
    time_reps: int = 3  # time: launches per round
    finalists: int = 4  # time: schedules re-timed at the end
    confirm_rounds: int = 31  # time: rounds of the confirmation run
    confirm_reps: int = 5
    runtime: str = "auto"  # time: auto, cuda or hip
    # time: the GPUs that time schedules, one worker each (gpu_pool.py): a count, "all" or
    # device numbers "0,1"; None: this process times on its GPU (with `ray`: every GPU of
    # the cluster, one actor each)
    gpus: str | None = None
    init_from: tuple = ()  # earlier search JSONs to start from (their weights)
    init_weights: tuple = ()  # weight vectors to start from
    agent: str | None = None  # beam refines this agent's schedule
    # whole schedules evaluated first, beside LLVM's and the heuristics': `policy:FILE` (the
    # shipped policy ...) or agents' names; the best of them can be the winner
    portfolio: tuple = ()
    base: str = "target"  # the scheduler hooked: the target's own, or generic
    ir_file: Path | None = None  # LLVM IR to schedule instead of compiling the source
    json_out: Path | None = None  # the summary (the report's JSON)
    decisions_out: Path | None = None  # the winner's decisions
    journal: bool = True  # keep every evaluation; a stopped search resumes from it
    fresh: bool = False  # forget what an earlier run of the same search journaled
    db: Path | None = None  # a confirmed winner goes into this tuned-schedule db (docs/db.md)
    screen: float | None = None  # time: GPU-time only the perf model's best fraction per batch
    screen_warmup: int = SCREEN_WARMUP  # screen: time this many diverse modules first, then
    # rank by the model calibrated on the timings so far (perfmodel.calibrate_gp); 0: the
    # global model alone

    COUNTS = ("budget", "width", "population", "time_rounds", "time_reps", "finalists",
              "confirm_rounds", "confirm_reps")

    def check(self) -> None:
        """Refuse a bad option before anything is built (ValueError naming it)."""
        from ..agents.loading import agent_class
        from .evaluator import bounded_workers
        from .objectives import check_objective
        if self.method not in METHODS:
            raise ValueError(f"unknown search method {self.method!r}; choose one of "
                             f"{', '.join(METHODS)}")
        for name in self.COUNTS:
            n = getattr(self, name)
            if not isinstance(n, int) or isinstance(n, bool) or n < 1:
                raise ValueError(f"search {name} must be a whole number >= 1, got {n!r}")
        check_objective(self.objective)
        if self.agent is not None:
            if self.method != "beam" or self.init_weights or self.init_from:
                raise ValueError("an agent's schedule is refined by beam search, without "
                                 "initial weights (evolution evolves linear policies)")
            agent_class(self.agent)  # an unknown agent fails before anything is built
        for spec in self.portfolio:
            if spec.startswith("policy:"):
                from ..core.policy import load_policy
                load_policy(spec[len("policy:"):])  # a bad file fails now (PolicyError)
            else:
                agent_class(spec)
        if self.screen is not None and (self.objective != "time" or not 0 < self.screen <= 1):
            raise ValueError(f"search screen must be a fraction in (0, 1] with objective "
                             f"'time', got {self.screen!r} with {self.objective!r}")
        if self.seconds is not None and not self.seconds > 0:
            raise ValueError(f"search seconds must be > 0, got {self.seconds!r}")
        if self.ray is None:
            bounded_workers(self.workers, self.budget)
        if self.gpus is not None:
            from .gpu_pool import parse_gpus
            if self.objective != "time":
                raise ValueError(f"--gpus {self.gpus}: GPUs time schedules for --objective "
                                 f"time, not {self.objective}")
            parse_gpus(self.gpus)


def with_fields(options: Any, fields: dict) -> Any:
    """`options` (a frozen options dataclass) with some fields replaced by keyword arguments;
    an unknown name is a TypeError that lists the known ones."""
    known = {f.name for f in dataclass_fields(options)}
    unknown = sorted(set(fields) - known)
    if unknown:
        raise TypeError(f"unknown {type(options).__name__} field(s) {', '.join(unknown)} "
                        f"(known: {', '.join(sorted(known))})")
    return replace(options, **fields) if fields else options




@dataclass(frozen=True)
class TrainOptions:
    """Everything `agentsched train` takes besides the corpus and the target."""
    objective: str = "vgpr"
    budget: int = 64  # candidate policies to evaluate (each: every training kernel compiled)
    split: str | None = "train"  # the corpus's split (None: every kernel)
    bound: str | None = None  # only the corpus's compute or memory kernels
    kind: str | None = None  # only cuda or triton kernels
    kernels: tuple = ()  # only these kernels
    model: str = "linear"  # linear or mlp
    features: str | tuple = "all"  # all, old, or names from the catalog
    hidden: int = 8  # mlp: hidden units
    population: int = 8  # candidates per generation
    mu: int | None = None  # parents kept per generation (None: population // 2)
    sigma_range: tuple = (0.05, 3.0)  # mutation step sizes
    crossover: float = 0.3
    seed: int = 0
    penalty: float = 1.0  # weight of slowdowns beyond the tolerance
    tolerance: float | None = None  # slowdown before the penalty counts (None: 1% / 0)
    guard: bool = True  # the policy's register pressure guard
    guard_slack: int = 0
    kernel_guard: bool = False  # a kernel made worse counts as LLVM's schedule
    # fitness of the policy with the per-kernel choice behind it (compile --select): a kernel
    # the policy slows counts as LLVM's schedule, so only its gains count
    with_choice: bool = False
    workers: int | None = None
    ray: str | None = None
    gpus: str | None = None  # time: GPUs timing in parallel (SearchOptions.gpus)
    init_from: tuple = ()  # earlier evolve search JSONs whose weights start the training
    max_seconds: float | None = None  # no new generation after this
    finalists: int = 4  # time: candidates re-timed at the end
    confirm_rounds: int = 15
    confirm_reps: int = 5
    output: Path | None = None  # the policy file
    json_out: Path | None = None  # the full record

    def check(self) -> None:
        for name in ("budget", "population", "hidden"):
            v = getattr(self, name)
            if not isinstance(v, int) or isinstance(v, bool) or v < 1:
                raise ValueError(f"train {name} must be at least 1, got {v!r}")
        if self.gpus is not None:
            from .gpu_pool import parse_gpus
            parse_gpus(self.gpus)
