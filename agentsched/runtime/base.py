"""The GPU runtime interface: load a module, run a kernel on a spec's inputs, check it against
the reference, time variants interleaved (timing.py holds the method, stats.py the numbers).

A runtime (cuda.py, hip.py) implements the primitives marked 'runtime-specific' below:
allocate, copy, launch, time launches with device events. Nothing here needs LLVM.
"""
from __future__ import annotations

import time as _time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from ..kernels.spec import KernelSpec, Scalar
from . import stats
from .timing import (
    TimingResult,
    VariantTiming,
    choose_baseline,
    fill_statistics,
    interleaved_rounds,
    warm_up,
)


class RuntimeUnavailable(RuntimeError):
    """No usable GPU runtime here: no library, no driver or no device. The message says which."""


class KernelLoadError(RuntimeError):
    """A module file could not be loaded or has no such kernel; the message names both."""


@dataclass
class Prepared:
    """Inputs on the host and the device plus the expected outputs, for checking and timing
    many variants (a search's batches) without recomputing the reference each time."""
    spec: KernelSpec
    size: dict
    seed: int
    host: dict
    dev: dict
    want: dict


@dataclass
class Kernel:
    """A loaded kernel: the handle `Runtime.load` returns."""
    path: Path
    entry: str
    native: Any  # the runtime's function object
    module: Any = None  # kept so the module stays loaded while the kernel is in use


def _dim3(value, what: str) -> tuple:
    dims = tuple(int(x) for x in tuple(value))
    if not 1 <= len(dims) <= 3 or any(d < 1 for d in dims):
        raise ValueError(f"{what} must be 1 to 3 positive ints, got {value!r}")
    return dims + (1,) * (3 - len(dims))


def launch_geometry(spec: KernelSpec, size: dict) -> tuple[tuple, tuple]:
    """(grid, block) of the spec at this size, each padded to 3 dimensions."""
    return (_dim3(spec.grid(size), f"kernel {spec.name}: grid"),
            _dim3(spec.block(size), f"kernel {spec.name}: block"))


def scalar_value(p: Scalar, size: dict) -> np.generic:
    """The by-value argument as a NumPy scalar of the parameter's dtype (its bytes are what the
    kernel receives)."""
    v = p.value(size)
    try:
        return np.dtype(p.dtype).type(v)
    except (OverflowError, ValueError, TypeError) as e:
        raise ValueError(f"scalar {p.name!r}: value {v!r} does not fit {p.dtype}: {e}") from None


class Runtime:
    """Base class. Subclasses implement the primitives marked 'runtime-specific'."""

    kind = "none"

    # -- runtime-specific --------------------------------------------------------------------
    def load(self, module_path: Path, entry: str) -> Kernel:
        raise NotImplementedError

    def kernel_attributes(self, kernel: Kernel) -> dict:
        """Static facts about the compiled kernel: registers, local (spill) bytes, ..."""
        return {}

    def unload(self, kernel: Kernel) -> None:
        """Release a loaded module (a long search loads thousands). Default: leave it to the
        garbage collector (CuPy unloads a module when its object goes)."""

    def device_info(self) -> dict:
        return {}

    def clocks(self) -> dict:
        """Current clocks/temperature if readable (recorded before and after timing)."""
        return {}

    def _alloc(self, spec: KernelSpec, host: dict) -> dict:
        """Device buffers for every Buffer of the spec, holding the host arrays' contents."""
        raise NotImplementedError

    def _upload(self, dev: dict, host: dict, names) -> None:
        raise NotImplementedError

    def _download(self, dev: dict, host: dict, names) -> dict:
        raise NotImplementedError

    def _free(self, dev: dict) -> None:
        pass

    def _launcher(self, kernel: Kernel, spec: KernelSpec, size: dict,
                  dev: dict) -> Callable[[], None]:
        """A no-argument function that enqueues one launch (arguments packed once)."""
        raise NotImplementedError

    def _sync(self) -> None:
        raise NotImplementedError

    def _time_launches(self, launch: Callable[[], None], reps: int) -> float:
        """Milliseconds of device time for `reps` back-to-back launches (device events)."""
        raise NotImplementedError

    # -- generic -------------------------------------------------------------------------------
    def _check_on(self, spec: KernelSpec, kernel: Kernel, size: dict, host: dict,
                  dev: dict, want: dict | None = None) -> tuple[bool, float]:
        # Restore every buffer first: a previous variant may have written outputs or even
        # inputs (in-place kernels), and the reference assumes make_args' initial contents.
        self._upload(dev, host, [b.name for b in spec.buffers()])
        self._launcher(kernel, spec, size, dev)()
        self._sync()
        outs = [b.name for b in spec.buffers() if b.output]
        got = self._download(dev, host, outs)
        return spec.check(host, got, size, want)

    def run_and_check(self, spec: KernelSpec, handle: Kernel, size: dict | None = None,
                      seed: int = 0) -> tuple[bool, float]:
        """Run once on make_args(size, seed) and compare with the reference: (ok, max_rel_err)."""
        size = dict(size if size is not None else spec.default_size)
        host = spec.make_args(size, seed)
        dev = self._alloc(spec, host)
        try:
            return self._check_on(spec, handle, size, host, dev)
        finally:
            self._free(dev)

    def prepare(self, spec: KernelSpec, size: dict | None = None, seed: int = 0) -> Prepared:
        """Inputs (host and device) and the reference outputs, once; pass to time(prepared=)
        for repeated batches and release() when done."""
        size = dict(size if size is not None else spec.default_size)
        host = spec.make_args(size, seed)
        want = spec.reference(host, size)
        return Prepared(spec, size, seed, host, self._alloc(spec, host), want)

    def release(self, prepared: Prepared) -> None:
        self._free(prepared.dev)

    def time(self, spec: KernelSpec, variants: dict, size: dict | None = None,
             rounds: int = 15, reps: int = 5, warmup: int = 3, *, seed: int = 0,
             baseline: str | None = None, check: bool = True, warmup_s: float = 0.2,
             n_boot: int = stats.N_BOOT, prepared: Prepared | None = None) -> TimingResult:
        """Check every variant, then time those that pass, interleaved in rounds.

        variants: name -> Kernel. Include a second copy of the baseline named
        '<baseline>#2' to get the A/A noise floor. A variant whose output is wrong (or whose
        launch fails) is reported with ok=False and never timed. prepared: inputs and
        reference from prepare() (size and seed then come from it; it is not released).
        """
        if not variants:
            raise ValueError("no variants to time")
        t0 = _time.perf_counter()
        if prepared is not None:
            size, seed = prepared.size, prepared.seed
        size = dict(size if size is not None else spec.default_size)
        names = list(variants)
        baseline = choose_baseline(names, baseline)
        result = TimingResult(kernel=spec.name, size=size, runtime=self.kind, baseline=baseline,
                              rounds=rounds, reps=reps, warmup=warmup, seed=seed, variants={})
        result.device = dict(self.device_info())
        result.device["clocks_before"] = self.clocks()
        if prepared is None:
            host = spec.make_args(size, seed)
            want, dev = None, self._alloc(spec, host)
        else:
            host, dev, want = prepared.host, prepared.dev, prepared.want
        try:
            for name, k in variants.items():
                result.variants[name] = self._check_variant(spec, k, size, host, dev, name,
                                                            check, want)
            good = [n for n in names if result.variants[n].ok is not False]
            # Timing runs on the checked inputs, restored (outputs re-zeroed) after the checks.
            self._upload(dev, host, [b.name for b in spec.buffers()])
            launches = {n: self._launcher(variants[n], spec, size, dev) for n in good}
            result.warmup_s = warm_up(launches, warmup, warmup_s, self._sync)
            samples, result.orders = interleaved_rounds(launches, self._time_launches,
                                                        rounds, reps, seed)
        finally:
            if prepared is None:
                self._free(dev)
        result.device["clocks_after"] = self.clocks()
        result.noise_floor = fill_statistics(result.variants, samples, baseline, n_boot, seed)
        result.wall_s = _time.perf_counter() - t0
        return result

    def _check_variant(self, spec, kernel, size, host, dev, name, check,
                       want=None) -> VariantTiming:
        v = VariantTiming(name=name, ok=None)
        try:
            v.attributes = dict(self.kernel_attributes(kernel))
        except Exception as e:  # attributes are informative only
            v.attributes = {"attributes_error": str(e)}
        if not check:
            return v
        try:
            v.ok, v.max_rel_err = self._check_on(spec, kernel, size, host, dev, want)
            if not v.ok:
                v.error = f"wrong output (max rel err {v.max_rel_err:.3g})"
        except Exception as e:
            # A fault inside a kernel may leave the context unusable; later variants will then
            # fail the same way, which the report shows rather than hides.
            v.ok, v.max_rel_err, v.error = False, float("inf"), f"run failed: {e}"
        return v
