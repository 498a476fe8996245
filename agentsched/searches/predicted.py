"""The static performance model (agentsched.targets.perfmodel) in searches and builds:

* objective 'predicted': PredictedTimer stands where the GPU timer would, so a search on
  NVPTX sm_90 needs no GPU (compile -> ptxas -> SASS -> the model's predicted time ratio);
* screening (`search --objective time --screen F`): ScreenedTimer times on the GPU only the
  model's best fraction F of each batch; the others keep ratio 1 (LLVM's default: not timed,
  so not a winner);
* the per-kernel choice (`compile --select`, api.select): LLVM's schedule, the policy or a
  tuned schedule, by the model; LLVM's schedule where the model is not sure, or a short
  interleaved GPU check of the candidates when a GPU is at hand.

AMD targets (gfx90a, gfx942, gfx11 ...) use agentsched.targets.perfmodel_amd instead: the
same interface over the assembly (modules are `.s` text), an analytic model that is not
calibrated (no AMD timings exist), and no GPU check (no AMD GPU runtime here).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from ..core.hashing import sha256_hex
from ..targets import Target
from ..targets import perfmodel as pm
from ..targets import perfmodel_amd as pa
from ..targets.selection import surely_faster

ELF_MAGIC = b"\x7fELF"
# the model was trained on sm_90 SASS; sm_90a is the same machine code
MODEL_TARGETS = ("sm_90", "sm_90a")


def is_amd(t: Target) -> bool:
    return t.family == "amdgpu"


def check_target(t: Target) -> None:
    if t.name in MODEL_TARGETS or (is_amd(t) and pa.supports(t.name)):
        return
    raise ValueError(f"the performance model predicts sm_90 (NVPTX) and AMD gfx90a/gfx94x/"
                     f"gfx11+ kernels; {t.name} has none (objective 'predicted', --screen, "
                     "--select)")


def model_suffix(t: Target) -> str:
    """The module the model reads: SASS from a cubin, or AMDGPU assembly."""
    return ".s" if is_amd(t) else ".cubin"


def load_model(t: Target, model_path: Path | None = None) -> Any:
    """sm_90: the trained model (model_path, default the shipped one); AMD: the analytic one."""
    if is_amd(t):
        if model_path is not None:
            raise ValueError("the AMD performance model is a formula, not a file: "
                             "no model path on AMD targets")
        return pa.load(t.name)
    return pm.load(model_path)


def to_cubin(module: bytes, t: Target) -> bytes:
    """A cubin from a module: itself, or its PTX assembled by ptxas here."""
    if module[:4] == ELF_MAGIC:
        return module
    from ..targets.nvptx import run_ptxas
    run = run_ptxas(module.decode(), t.name)
    if run is None or run.cubin is None:
        raise RuntimeError("the performance model reads SASS: no ptxas here to assemble the "
                           "PTX (install a CUDA toolkit or the sdk extra)")
    return run.cubin


def code_features(module: bytes, t: Target, entry: str | None = None) -> tuple[str, dict]:
    """A module's machine code sha and the features the model reads of it: what a training
    worker returns for objective 'predicted', so ptxas and nvdisasm (or llvm-mca) run
    where the module was compiled and only a small dict travels back."""
    if is_amd(t):
        return sha256_hex(module), pa.load(t.name).features([module], entry)[0]
    code = to_cubin(module, t)
    return sha256_hex(code), pm.cubin_features([code], entry)[0]


@dataclass
class PredictedTimer:
    """Time ratios (candidate / LLVM's default, < 1 is faster) predicted from SASS: the
    interface of searches.gpu_time.GpuTimer (suffix, measure, identity, close), no GPU."""
    target: Target
    default_module: bytes
    entry: str | None = None
    model_path: Path | None = None
    predictions: dict = field(default_factory=dict)  # machine code sha -> Prediction
    batches: list = field(default_factory=list)

    def __post_init__(self):
        check_target(self.target)
        self.model = load_model(self.target, self.model_path)
        self.suffix = model_suffix(self.target)
        self._default = self._prepare(self.default_module)
        self._default_sha = sha256_hex(self._default)
        self._default_feats = self._features([self._default])[0]
        # module sha -> its machine code's sha, and that code's features: ptxas and nvdisasm
        # run once per distinct module, however often predict() and pair_rows() see it
        self._code_sha: dict[str, str] = {}
        self._feats: dict[str, dict] = {}

    def _code_shas(self, modules: list[bytes]) -> list[str]:
        """Each module's machine code sha; the features of code not seen yet (LLVM's default
        aside) are extracted here, in one batch."""
        out, new = [], {}
        for m in modules:
            ms = sha256_hex(m)
            cs = self._code_sha.get(ms)
            if cs is None:
                code = self._prepare(m)
                cs = self._code_sha[ms] = sha256_hex(code)
                if cs != self._default_sha and cs not in self._feats:
                    new[cs] = code
            out.append(cs)
        for cs, f in zip(new, self._features(list(new.values())) if new else []):
            self._feats[cs] = f
        return out

    def _prepare(self, module: bytes) -> bytes:
        return module if is_amd(self.target) else to_cubin(module, self.target)

    def _features(self, modules: list[bytes]) -> list[dict]:
        if is_amd(self.target):
            return self.model.features(modules, self.entry)
        return pm.cubin_features(modules, self.entry)

    def identity(self) -> str:
        return f"perfmodel {self.model.sha256[:16]} entry {self.entry}"

    def predict(self, modules: list[bytes]) -> list[pm.Prediction]:
        shas = self._code_shas(modules)
        todo = [s for s in dict.fromkeys(shas)
                if s not in self.predictions and s != self._default_sha]
        if todo:
            preds = self.model.predict_pairs([self._feats[s] for s in todo],
                                             self._default_feats)
            self.predictions.update(zip(todo, preds))
        self.batches.append(len(todo))
        return [self._identity() if s == self._default_sha else self.predictions[s]
                for s in shas]

    def is_default(self, modules: list[bytes]) -> list[bool]:
        """Whether each module's machine code is LLVM's default's (its ratio is 1)."""
        return [s == self._default_sha for s in self._code_shas(modules)]

    def pair_rows(self, modules: list[bytes]) -> np.ndarray:
        """sm_90: the model's pair rows of modules against LLVM's default (what
        perfmodel.calibrate fits on)."""
        feats = [self._default_feats if s == self._default_sha else self._feats[s]
                 for s in self._code_shas(modules)]
        return pm.pair_matrix(feats, self._default_feats, self.model.features)

    def _identity(self) -> pm.Prediction:
        return pa.IDENTICAL if is_amd(self.target) else pm.Prediction(1.0, 1.0, 1.0)

    def measure(self, modules: list[bytes]) -> list[float]:
        return [1.0 / p.speedup for p in self.predict(modules)]

    def prediction_of(self, module_sha: str) -> dict:
        """The prediction of a module measured here (LLVM's default and unknown: 1)."""
        p = self.predictions.get(module_sha)
        return (p or self._identity()).as_dict()

    def screening_summary(self) -> dict:
        return {"predicted": sum(self.batches), "batches": len(self.batches),
                "model": self.model.sha256[:16]}

    def close(self) -> None:
        pass


SCREEN_EXPLORE = 1.0  # the upper-confidence weight of the ranking after the warm-up


def farthest_first(cands: np.ndarray, known: np.ndarray, weight: np.ndarray, k: int
                   ) -> list[int]:
    """k indices of cands, each in turn the farthest (L1 over weighted features) from `known`
    and the ones picked before it: a warm-up that spreads the kernel's first timings over
    its schedules instead of sampling where the proposals happen to crowd."""
    z = cands * weight
    zk = np.asarray(known, dtype=np.float64).reshape(-1, cands.shape[1]) * weight
    d = np.abs(z[:, None, :] - zk[None]).sum(2).min(1) if len(zk) else np.full(len(z), np.inf)
    out: list[int] = []
    for _ in range(min(k, len(z))):
        d[out] = -1.0
        j = int(np.argmax(d))
        out.append(j)
        d = np.minimum(d, np.abs(z - z[j]).sum(1))
    return out


@dataclass
class ScreenedTimer:
    """A GPU timer that times only `fraction` of the modules a full search would time (the
    distinct machine codes asked that are not LLVM's default's: what GpuTimer times), the
    model's choice; the budget runs over the whole search (F is the share timed whatever the
    batch size; the first batch times at least one); a module timed once is not timed again,
    nor one whose machine code is LLVM's default's (ratio 1). The rest get ratio 1.0 (LLVM's
    default, untimed). Confirmation is the GPU timer's own.

    warmup > 0 (sm_90): the first `warmup` modules timed are a diverse warm-up, each the
    farthest (in the model's pair rows, standardised over the modules seen) from LLVM's
    default and from everything timed; later batches are ranked by the model calibrated on
    every timing so far (perfmodel.calibrate_gp: an affine map of the global prediction and
    a Gaussian process on its residuals), at the mean plus `explore` times its posterior
    spread (issue 22: the global model's signal is kernel-specific; exploring where nothing
    is timed yet pays, bench/perfmodel/screen_sim.py). warmup 0: the global model's ranking."""
    timer: Any  # searches.gpu_time.GpuTimer
    predictor: PredictedTimer
    fraction: float
    warmup: int = 0
    explore: float = SCREEN_EXPLORE
    asked: int = 0
    distinct: int = 0  # new machine codes asked, not LLVM's default's: a full search times these
    timed: int = 0
    rows: list = field(default_factory=list)  # pair rows of the modules timed
    logs: list = field(default_factory=list)  # their measured log speedups

    def __post_init__(self):
        if not 0 < self.fraction <= 1:
            raise ValueError(f"--screen takes a fraction in (0, 1], got {self.fraction!r}")
        if self.warmup < 0:
            raise ValueError(f"--screen-warmup takes a count >= 0, got {self.warmup!r}")
        self.suffix = self.timer.suffix
        self._seen = [0, 0.0, 0.0]  # count, sum, sum of squares of the pair rows seen
        self._ratio: dict[str, float] = {}  # module sha -> its measured ratio
        self._asked: set[str] = set()  # every module sha asked so far

    def identity(self) -> str:
        w = f" warmup {self.warmup} diverse explore {self.explore}" if self.warmup else ""
        return f"{self.timer.identity()} screened {self.fraction} by " \
               f"{self.predictor.identity()}{w}"

    def _rows(self, modules: list[bytes]) -> np.ndarray:
        return self.predictor.pair_rows(modules)

    def _budget(self, n: int) -> int:
        """How many of n new distinct modules to time: a bench run on the H200 (2026-12-02,
        bench/perfmodel/screen_gpu.md) found a third of an evolutionary search's proposals are
        code seen before or LLVM's own, so a share of everything asked timed 30-50% of what
        the full search timed."""
        return max(0, math.ceil(self.fraction * (self.distinct + n) - 1e-9) - self.timed)

    def _spread(self, rows: np.ndarray) -> np.ndarray:
        """Each feature's standard deviation over every pair row seen so far (these too)."""
        c, s, q = self._seen
        self._seen = [c + len(rows), s + rows.sum(0), q + (rows ** 2).sum(0)]
        c, s, q = self._seen
        return np.sqrt(np.maximum(q / c - (s / c) ** 2, 0.0))

    def _known(self, width: int) -> np.ndarray:
        """LLVM's default (the zero pair row: its ratio is known, 1) and the rows timed."""
        return np.vstack([np.zeros((1, width)), *self.rows])

    def _warm(self, rows: np.ndarray, spread: np.ndarray, k: int) -> list[int]:
        w = np.where(spread > 0, 1.0 / np.where(spread > 0, spread, 1.0), 0.0)
        return farthest_first(rows, self._known(rows.shape[1]), w, k)

    def _score(self, modules: list[bytes], rows: np.ndarray | None,
               spread: np.ndarray | None) -> np.ndarray:
        """Log speedup to rank by: the calibrated upper-confidence score, or the global
        model's mean where nothing calibrates it."""
        if rows is not None and spread is not None and self.logs:
            m, _, hi = pm.calibrate_gp(self.predictor.model, np.array(self.rows), self.logs,
                                       spread).predict_log(rows)
            return m + self.explore * (hi - m)
        return np.log([p.speedup for p in self.predictor.predict(modules)])

    def _choose(self, modules: list[bytes], rows: np.ndarray | None, n: int) -> list[int]:
        """Which of the (distinct, never timed) modules to time: at most n of them."""
        n = min(n, len(modules))
        if not n:
            return []
        spread = self._spread(rows) if rows is not None else None
        warm = min(n, max(0, self.warmup - len(self.logs)))
        order = self._warm(rows, spread, warm) if warm else []  # type: ignore[arg-type]
        if n > len(order):
            score = self._score(modules, rows, spread)
            rest = sorted((i for i in range(len(modules)) if i not in order),
                          key=lambda i: -score[i])
            order += rest[:n - len(order)]
        return order

    def measure(self, modules: list[bytes]) -> list[float]:
        shas = [sha256_hex(m) for m in modules]
        # a module timed before (or twice in this batch) is not timed again: another timing
        # of the same code is only noise, and the budget is better spent on new code
        first: dict[str, int] = {}
        for i, s in enumerate(shas):
            if s not in self._ratio:
                first.setdefault(s, i)
        # LLVM's own machine code (a schedule that changed nothing): its ratio is 1
        if first:
            for s, d in zip(list(first),
                            self.predictor.is_default([modules[i] for i in first.values()])):
                if d:
                    self._ratio[s] = 1.0
                    del first[s]
        idx = list(first.values())
        cands = [modules[i] for i in idx]
        rows = self._rows(cands) if self.warmup and cands else None
        new = len({shas[i] for i in idx} - self._asked)  # code asked before counted then
        picked = self._choose(cands, rows, self._budget(new))
        for j, r in zip(picked, self.timer.measure([cands[j] for j in picked])
                        if picked else []):
            self._ratio[shas[idx[j]]] = r
            if rows is not None and r > 0:
                self.rows.append(rows[j])
                self.logs.append(-math.log(r))
        self.asked += len(modules)
        self.distinct += new
        self._asked.update(shas)
        self.timed += len(picked)
        return [self._ratio.get(s, 1.0) for s in shas]

    def confirm(self, *a: Any, **kw: Any) -> dict:
        return self.timer.confirm(*a, **kw)

    def screening_summary(self) -> dict:
        out = dict(self.timer.screening_summary())
        out["screen"] = {"fraction": self.fraction, "asked": self.asked,
                         "distinct": self.distinct, "timed": self.timed}
        if self.warmup:
            out["screen"]["calibration"] = {"warmup": self.warmup, "pick": "diverse",
                                            "explore": self.explore,
                                            "calibrated_on": len(self.logs)}
        return out

    def close(self) -> None:
        self.timer.close()


# ------------------------------------------------------------------ the per-kernel choice

@dataclass
class Candidate:
    name: str  # "llvm", "policy", "tuned"
    module: bytes
    how: str  # where the schedule comes from
    prediction: pm.Prediction | None = None
    gpu_speedup: float | None = None

    def as_dict(self) -> dict:
        return {"name": self.name, "how": self.how,
                "predicted": self.prediction.as_dict() if self.prediction else None,
                "gpu_speedup": self.gpu_speedup}


@dataclass
class Selection:
    chosen: str
    reason: str
    candidates: list[Candidate]
    gpu_check: dict | None = None
    model: str = ""
    # a module of several kernels: the choice per kernel (kernel, chosen, reason, predicted
    # per candidate); the candidates then carry no module-wide prediction
    kernels: list[dict] | None = None

    def as_dict(self) -> dict:
        c = next(x for x in self.candidates if x.name == self.chosen)
        out = {"chosen": self.chosen, "reason": self.reason, "model": self.model,
               "predicted": c.prediction.as_dict() if c.prediction else None,
               "candidates": [x.as_dict() for x in self.candidates],
               "gpu_check": self.gpu_check}
        if self.kernels is not None:
            out["kernels"] = self.kernels
        return out


def choose(cands: list[Candidate], timer_factory: Any = None, rounds: int = 7,
           reps: int = 3, no_gpu: str = "no GPU is at hand") -> tuple[str, str, dict | None]:
    """(chosen, reason, gpu_check) among predicted candidates (cands[0] is LLVM's); no_gpu:
    why there is no GPU check, when timer_factory gives no timer."""
    others = [c for c in cands[1:] if c.prediction is not None and c.module != cands[0].module]
    if not others:
        return "llvm", "no other schedule differs in machine code from LLVM's", None
    best = max(others, key=lambda c: c.prediction.speedup)  # type: ignore[union-attr]
    p = best.prediction
    assert p is not None
    if surely_faster(p):
        return best.name, (f"the model is sure: {best.name} predicted {p.speedup:.3f}x "
                           f"[{p.lo:.3f}, {p.hi:.3f}]"), None
    unsure = [c for c in others if c.prediction.hi >= 1.0]  # type: ignore[union-attr]
    if not unsure:
        return "llvm", "the model predicts every other schedule slower than LLVM's", None
    timer = timer_factory() if timer_factory is not None else None
    if timer is None:
        return "llvm", (f"not sure: {best.name}'s interval [{p.lo:.3f}, {p.hi:.3f}] "
                        f"straddles 1 and {no_gpu}: LLVM's schedule kept"), None
    try:  # one short interleaved run with an A/A copy, every module reference-checked
        run = timer.confirm({c.name: c.module for c in unsure}, rounds=rounds, reps=reps)
    finally:
        timer.close()
    variants = run.get("variants", {})
    ci = {}
    for c in unsure:
        v = variants.get(c.name) or {}
        c.gpu_speedup = v.get("speedup") if v.get("ok") is not False else None
        ci[c.name] = v.get("speedup_ci")
    bound = ((run.get("noise_floor") or {}).get("bound") or 0.0)
    timed = [c for c in unsure if c.gpu_speedup is not None and
             math.isfinite(c.gpu_speedup)]
    win = max(timed, key=lambda c: c.gpu_speedup or 0.0, default=None)
    check = {"rounds": rounds, "reps": reps, "aa_bound": bound,
             "speedups": {c.name: c.gpu_speedup for c in unsure}}
    # the fastest of several is a selection: its CI above 1 and beyond the A/A bound
    if win is not None and (win.gpu_speedup or 0.0) > 1.0 + bound and \
            (ci.get(win.name) or [0.0])[0] > 1.0:
        return win.name, (f"not sure by the model; a GPU check measured {win.name} "
                          f"{win.gpu_speedup:.3f}x (A/A bound {bound:.2%})"), check
    return "llvm", ("not sure by the model; the GPU check found no schedule faster than "
                    "LLVM's beyond the A/A noise"), check


def select_schedule(kref: Any, t: Target, *, decisions: Any = None, policy: Path | None = None,
                    model_path: Path | None = None, base: str = "target", gpu: str = "auto",
                    gpu_rounds: int = 7, gpu_reps: int = 3) -> tuple[Any, Selection]:
    """The per-kernel choice: compile LLVM's schedule, the policy's (`policy`, default the
    shipped policies/<target>.json when it exists) and a tuned one (`decisions`), predict
    each against LLVM's, and return (the chosen CompileResult, the Selection). gpu: 'auto'
    runs the short GPU check when the model is not sure and a GPU runtime and the kernel's
    spec are here; 'never' does not."""
    from ..llvm.compile import compile_ir
    from ..llvm.ir import ir_entry
    check_target(t)
    ir = kref.ir(t)
    results = {"llvm": (compile_ir(ir, t, base=base), "LLVM's default schedule")}
    pol = policy if policy is not None else _shipped_policy(t)
    if pol is not None:
        shown = f"the shipped policy policies/{Path(pol).name}" if policy is None else \
            f"policy {pol}"
        results["policy"] = (compile_ir(ir, t, policy=Path(pol), base=base), shown)
    if decisions is not None:
        results["tuned"] = (compile_ir(ir, t, decisions=decisions, base=base),
                            f"decisions {decisions}" if isinstance(decisions, (str, Path))
                            else "decisions given")
    entry = results["llvm"][0].entry
    cands = [Candidate(n, r.module(model_suffix(t)), how) for n, (r, how) in results.items()]
    model = load_model(t, model_path)
    kernels = results["llvm"][0].kernels if entry is None else []
    if len(kernels) > 1:  # a whole module: one choice per kernel, not the first's for all
        return _select_module(ir, t, results, cands, model, kernels, base, policy=pol,
                              decisions=decisions)
    preds = model.predict_cubins([c.module for c in cands[1:]], cands[0].module, entry)
    cands[0].prediction = pa.IDENTICAL if is_amd(t) else pm.Prediction(1.0, 1.0, 1.0)
    for c, p in zip(cands[1:], preds):
        c.prediction = p

    def timer() -> Any:
        if gpu == "never" or kref.spec is None or is_amd(t):
            return None
        from dataclasses import replace

        from ..runtime import RuntimeUnavailable
        from .gpu_time import GpuTimer
        try:
            spec = replace(kref.spec, entry=ir_entry(ir) or kref.spec.entry)
            return GpuTimer(spec, t, cands[0].module, rounds=gpu_rounds, reps=gpu_reps)
        except RuntimeUnavailable:
            return None

    no_gpu = ("the GPU check is skipped on AMD targets (no AMD GPU runtime here; the AMD "
              "model is not calibrated)") if is_amd(t) else "no GPU is at hand"
    chosen, reason, check = choose(cands, timer, gpu_rounds, gpu_reps, no_gpu)
    sel = Selection(chosen, reason, cands, check, model.sha256[:16])
    return results[chosen][0], sel


def _kernel_code(module: bytes, t: Target, kernel: str) -> bytes:
    """One kernel's machine code in a module: equal means a schedule changed nothing there."""
    if is_amd(t):
        from ..targets.amdgpu import kernel_asm
        return kernel_asm(module.decode(), kernel)[0].encode()
    from ..targets.selection import _code
    return repr(_code(module).get(kernel)).encode()


def _per_kernel_predictions(model: Any, t: Target, modules: list[bytes], kernels: list[str]
                            ) -> dict[str, list]:
    """{kernel: predictions of modules[1:] against modules[0]}; on sm_90 one nvdisasm run for
    every kernel of every module (its start-up, not the code, is most of a small run)."""
    if is_amd(t):
        return {k: model.predict_cubins(modules[1:], modules[0], k) for k in kernels}
    from ..targets import sass
    fns = [{f.name: f for f in fs} for fs in sass.disassemble_many(modules)]
    out = {}
    for k in kernels:
        missing = [i for i, f in enumerate(fns) if k not in f]
        if missing:
            raise pm.PerfModelError(f"kernel {k!r} not found in cubin {missing[0]}")
        feats = [sass.features(f[k]) for f in fns]
        out[k] = model.predict_pairs(feats[1:], feats[0])
    return out


def _select_module(ir: Path, t: Target, results: dict, cands: list[Candidate], model: Any,
                   kernels: list[str], base: str, *, policy: Path | None,
                   decisions: Any) -> tuple[Any, Selection]:
    """compile --select of a module of several kernels (no entry): each kernel predicted and
    chosen by choose()'s rule on its own (no GPU check: it times one entry); the module is
    the schedule chosen most often, applied to the kernels that chose it only
    (-agent-sched-function), every other kernel LLVM's."""
    from ..llvm.compile import compile_ir
    no_gpu = ("the GPU check is skipped on AMD targets (the AMD model is not calibrated)"
              if is_amd(t) else "a module of several kernels gets no GPU check (give --entry "
              "for one)")
    per: list[dict] = []
    predicted = _per_kernel_predictions(model, t, [c.module for c in cands], kernels)
    for k in kernels:
        preds = predicted[k]
        mine = [Candidate("llvm", _kernel_code(cands[0].module, t, k), cands[0].how,
                          pa.IDENTICAL if is_amd(t) else pm.Prediction(1.0, 1.0, 1.0))]
        for c, p in zip(cands[1:], preds):
            code = _kernel_code(c.module, t, k)
            mine.append(Candidate(c.name, code, c.how, mine[0].prediction
                                  if code == mine[0].module else p))
        chosen, reason, _ = choose(mine, None, no_gpu=no_gpu)
        per.append({"kernel": k, "chosen": chosen, "reason": reason,
                    "predicted": {c.name: c.prediction.as_dict() for c in mine[1:]
                                  if c.prediction is not None}})
    votes = [r["chosen"] for r in per if r["chosen"] != "llvm"]
    if not votes:
        sel = Selection("llvm", f"per kernel: LLVM's schedule for all {len(kernels)} kernels",
                        cands, None, model.sha256[:16])
        sel.kernels = per
        return results["llvm"][0], sel
    name = max(dict.fromkeys(votes), key=votes.count)
    mine_k = [r["kernel"] for r in per if r["chosen"] == name]
    for r in per:
        if r["chosen"] not in ("llvm", name):  # one llc run applies one schedule source
            r["reason"] += f"; but the module takes {name}'s schedule: LLVM's kept here"
            r["chosen"] = "llvm"
    result = results[name][0]
    if len(mine_k) < len(kernels):
        only = [f"-agent-sched-function={','.join(mine_k)}"]
        result = compile_ir(ir, t, policy=Path(policy) if name == "policy" and policy else None,
                            decisions=decisions if name == "tuned" else None, base=base,
                            extra=only)
    sel = Selection(name, f"per kernel: {name} for {len(mine_k)} of {len(kernels)} kernels "
                    "(the model sure of each), LLVM's schedule for the others", cands, None,
                    model.sha256[:16])
    sel.kernels = per
    return result, sel


def _shipped_policy(t: Target) -> Path | None:
    p = pm.DEFAULT_MODEL.parent / f"{t.name.replace('sm_90a', 'sm_90')}.json"
    return p if p.is_file() else None
