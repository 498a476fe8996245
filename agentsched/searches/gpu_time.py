"""The 'time' objective: measured kernel time on the local GPU, in the search loop.

A GpuTimer holds one kernel's inputs, reference outputs and LLVM's default module on the GPU
and measures batches of candidate modules against that default:

    timer = GpuTimer(spec, target, default_module)
    ratios = timer.measure([m1, m2, ...])   # time(candidate) / time(default), inf if wrong
    final = timer.confirm({"best": m1, "second": m2})   # fresh, longer, with A/A

Every candidate is checked against the spec's reference before it is timed; a wrong or
failing one costs inf. A batch is one interleaved run (default, an A/A copy of the default and
every distinct candidate, shuffled each round), so its ratios are immune to slow drift between
batches. A module byte-identical to LLVM's default is the default: its ratio is exactly 1, so
noise cannot make LLVM's own schedule a "winner". Ratios are cached by module content.

Screening ratios are noisy (few rounds); a search's winner is therefore re-timed by confirm()
in a longer fresh run together with the other finalists before anything is claimed.
"""
from __future__ import annotations

import math
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from ..core.hashing import sha256_hex
from ..kernels.spec import KernelSpec
from ..runtime import KernelLoadError, Runtime, get_runtime
from ..targets import Target

# The next step when LLVM's own build of a kernel is wrong or faults (a race, an out-of-bounds
# access that another compiler's build happens not to hit): the kernel, not the schedule.
SANITIZER_HINT = ("Check that build with compute-sanitizer: `agentsched bundle KERNEL -t "
                  "TARGET --agents default -o B` then `compute-sanitizer --tool memcheck "
                  "python -m agentsched.runtime.bundle check B` (and --tool racecheck)")


@dataclass
class BatchRecord:
    candidates: int  # modules asked for
    timed: int  # distinct new modules timed
    aa: float | None  # A/A relative difference of this batch
    wall_s: float


@dataclass
class GpuTimer:
    spec: KernelSpec
    target: Target
    default_module: bytes
    runtime: object = "auto"  # "auto", "cuda", "hip" or a Runtime instance
    size: dict | None = None
    rounds: int = 5
    reps: int = 3
    seed: int = 0
    n_boot: int = 200
    batches: list = field(default_factory=list)
    _ratios: dict = field(default_factory=dict)  # module sha -> ratio

    def __post_init__(self):
        if isinstance(self.runtime, Runtime):
            self.rt = self.runtime
        else:
            kind = self.target.runtime_kind if self.runtime == "auto" else self.runtime
            self.rt = get_runtime(kind)  # RuntimeUnavailable says why, if no GPU
        self.suffix = self.target.module_suffix()
        self._dir = tempfile.TemporaryDirectory(prefix="agentsched-gputime-")
        self._n = 0
        self.prepared = None
        try:
            self.prepared = self.rt.prepare(self.spec, self.size, self.seed)
            self._ratios[sha256_hex(self.default_module)] = 1.0  # LLVM's own schedule, exactly
            self._default = self._load(self.default_module)
            self._default_copy = self._load(self.default_module)  # loaded twice: A/A is real
            try:
                ok, err = self.rt.run_and_check(self.spec, self._default, self.prepared.size,
                                                self.seed)
            except Exception as e:  # a fault (illegal address, misaligned access ...)
                first = (str(e).strip().splitlines() or [type(e).__name__])[0]
                raise RuntimeError(
                    f"{self.spec.name}: LLVM's default build faults on the GPU ({first}); "
                    f"nothing can be timed against it. {SANITIZER_HINT}") from None
            if not ok:
                raise RuntimeError(f"{self.spec.name}: LLVM's default schedule fails the "
                                   f"reference check (max rel err {err:.3g}); nothing can be "
                                   f"timed against it. {SANITIZER_HINT}")
        except BaseException:
            self.close()
            raise

    def identity(self) -> str:
        """What the ratios this timer measures depend on besides the modules: the GPU, the
        kernel's inputs and the timing method (part of a search journal's key)."""
        info = self.rt.device_info() if hasattr(self.rt, "device_info") else {}
        # the runtimes name the GPU model "gpu" (CUDA and HIP device_info)
        gpu = info.get("gpu", info.get("name", "?"))
        return (f"{type(self.rt).__name__} {gpu} {self.spec.name} "
                f"size {self.size} seed {self.seed} {self.rounds}x{self.reps}")

    def _load(self, module: bytes):
        self._n += 1
        path = Path(self._dir.name) / f"m{self._n}{self.suffix}"
        path.write_bytes(module)
        try:
            return self.rt.load(path, self.spec.entry)
        finally:
            path.unlink()  # loaded (or not): the file is no longer needed

    def _unload(self, kernels) -> None:
        for k in kernels:
            try:
                self.rt.unload(k)
            except Exception:  # releasing is best effort; a failure must not lose results
                pass

    def measure(self, modules: list[bytes]) -> list[float]:
        """time(candidate) / time(default) for each module, in order (inf: wrong output or
        failed load/launch)."""
        variants = {"default": self._default, "default#2": self._default_copy}
        names: dict[str, str] = {}  # sha -> variant name, new modules only
        shas = [sha256_hex(m) for m in modules]
        for m, sha in zip(modules, shas):
            if sha in self._ratios or sha in names:  # the default's ratio is there: 1.0
                continue
            try:
                k = self._load(m)
            except KernelLoadError:
                self._ratios[sha] = math.inf
                continue
            names[sha] = f"c{len(names)}"
            variants[names[sha]] = k
        aa, wall = None, 0.0
        if names:
            # 0.2 s of warm-up: the GPU idles while workers compile, and an idle H200 drops
            # to ~345 MHz; without it the first rounds of a batch would run at low clocks.
            try:
                res = self.rt.time(self.spec, variants, rounds=self.rounds, reps=self.reps,
                                   warmup=1, warmup_s=0.2, seed=self.seed + len(self.batches),
                                   baseline="default", n_boot=self.n_boot,
                                   prepared=self.prepared)
            finally:
                self._unload(variants[n] for n in names.values())
            for sha, name in names.items():
                v = res.variants[name]
                self._ratios[sha] = (1.0 / v.speedup) if v.ok is not False and v.speedup \
                    else math.inf
            aa = res.noise_floor.rel_diff.value if res.noise_floor else None
            wall = res.wall_s
        self.batches.append(BatchRecord(len(modules), len(names), aa, round(wall, 3)))
        return [self._ratios[sha] for sha in shas]

    def confirm(self, modules: dict[str, bytes], rounds: int = 31, reps: int = 5) -> dict:
        """A fresh, longer interleaved run of the named modules with the default and its A/A
        copy (reloaded, not the screening handles): TimingResult.to_dict()."""
        variants = {"default": self._load(self.default_module),
                    "default#2": self._load(self.default_module)}
        for name, m in modules.items():
            try:
                variants[name] = self._load(m)
            except KernelLoadError as e:
                raise RuntimeError(f"finalist {name}: {e}") from None
        try:
            res = self.rt.time(self.spec, variants, rounds=rounds, reps=reps,
                               seed=self.seed + 10_000, baseline="default",
                               prepared=self.prepared)
        finally:
            self._unload(variants.values())
        return res.to_dict()

    def screening_summary(self) -> dict:
        aas = [b.aa for b in self.batches if b.aa is not None]
        return {"rounds": self.rounds, "reps": self.reps, "batches": len(self.batches),
                "modules_timed": sum(b.timed for b in self.batches),
                "wall_s": round(sum(b.wall_s for b in self.batches), 3),
                "aa_abs_max": max((abs(a) for a in aas), default=None),
                "aa_abs_median": sorted(abs(a) for a in aas)[len(aas) // 2] if aas else None}

    def close(self) -> None:
        if getattr(self, "prepared", None) is not None:
            self.rt.release(self.prepared)
            self.prepared = None
        self._unload([k for k in (getattr(self, "_default", None),
                                  getattr(self, "_default_copy", None)) if k is not None])
        self._default = self._default_copy = None
        self._dir.cleanup()
