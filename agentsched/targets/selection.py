"""The per-kernel choice of program builds: LLVM's schedule or the policy's, by the static sm_90
performance model alone (agentsched.targets.perfmodel).

The Triton hook (kernels/triton/hook.py, `select`) and the clang wrappers (tools/build.py,
`--agentsched-select`) compile each kernel with and without the policy, assemble both, and ask
this module per kernel. There is no GPU check here, unlike `compile --select`
(searches/predicted.py): a JIT compile or a build step has no time for one. The rule is
choose()'s: the policy only when the model is sure it is faster (the interval's low end above
1); not sure, predicted slower, the same machine code, or any failure of the model (no
nvdisasm, a bad model file, a kernel missing from the cubin): LLVM's schedule, with the reason.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

from . import perfmodel as pm
from . import sass


def surely_faster(p: pm.Prediction) -> bool:
    """The choice's rule (choose() too): another schedule only when its whole interval lies
    above 1. The model is that sure for about 0.1% of held-out predictions (docs/perfmodel.md)."""
    return p.lo > 1.0


@dataclass
class KernelChoice:
    kernel: str
    chosen: str  # "llvm" or "policy"
    reason: str
    prediction: pm.Prediction | None = None  # of the policy's code against LLVM's
    model: str = ""  # the model file's sha256, 16 hex digits

    def as_dict(self) -> dict:
        return {"kernel": self.kernel, "chosen": self.chosen, "reason": self.reason,
                "predicted": self.prediction.as_dict() if self.prediction else None,
                "model": self.model}


def model_path(given: str | Path | None) -> Path:
    """The model file the choice reads: `given`, or the shipped one."""
    return Path(given).expanduser().resolve() if given else pm.DEFAULT_MODEL


@functools.lru_cache(maxsize=4)
def _load(path: str, mtime_ns: int, size: int) -> pm.PerfModel:
    return pm.load(path)


def load_model(given: str | Path | None = None) -> pm.PerfModel:
    """The model, loaded once per file version in a process (a build asks per compile, a JIT
    per kernel; the shipped file is 0.8 MB of JSON)."""
    p = model_path(given)
    st = p.stat() if p.is_file() else None
    if st is None:
        raise pm.PerfModelError(f"{p}: no performance model file there")
    return _load(str(p), st.st_mtime_ns, st.st_size)


def _code(cubin: bytes) -> dict[str, tuple]:
    """Each kernel's machine code and resources: equal means the policy changed nothing."""
    return {f.name: (f.code, f.registers, f.shared_bytes, f.local_bytes)
            for f in sass.read_cubin(cubin).functions}


def _one_line(e: BaseException) -> str:
    text = " / ".join(ln.strip() for ln in str(e).splitlines() if ln.strip()) or repr(e)
    return f"{type(e).__name__}: {text[:300]}"


def choose_kernels(llvm_cubin: bytes, policy_cubin: bytes, kernels: list[str] | None = None,
                   given_model: str | Path | None = None) -> list[KernelChoice]:
    """Per kernel (`kernels`, default every kernel of LLVM's cubin): LLVM's schedule or the
    policy's. Never raises: a failure is LLVM's schedule with the failure as the reason."""
    try:
        before, after = _code(llvm_cubin), _code(policy_cubin)
    except Exception as e:  # noqa: BLE001 - the build goes on with LLVM's schedule
        why = f"the cubins cannot be read ({_one_line(e)}): LLVM's schedule kept"
        return [KernelChoice(k, "llvm", why) for k in kernels or []]
    names = kernels if kernels is not None else list(before)
    try:
        model = load_model(given_model)
    except Exception as e:  # noqa: BLE001 - the build goes on with LLVM's schedule
        why = f"the model failed ({_one_line(e)}): LLVM's schedule kept"
        return [KernelChoice(k, "llvm", why) for k in names]
    sha = model.sha256[:16]
    return [_choose_one(model, sha, k, llvm_cubin, policy_cubin, before.get(k), after.get(k))
            for k in names]


def _choose_one(model: pm.PerfModel, sha: str, kernel: str, llvm_cubin: bytes,
                policy_cubin: bytes, before: tuple | None, after: tuple | None) -> KernelChoice:
    if before is None or after is None:
        return KernelChoice(kernel, "llvm", "the kernel is not in both cubins: LLVM's "
                            "schedule kept", None, sha)
    if before == after:
        return KernelChoice(kernel, "llvm", "the policy's machine code is LLVM's",
                            pm.Prediction(1.0, 1.0, 1.0), sha)
    try:
        [p] = model.predict_cubins([policy_cubin], llvm_cubin, kernel)
    except Exception as e:  # noqa: BLE001 - any failure of the model: LLVM's schedule
        return KernelChoice(kernel, "llvm", f"the model failed ({_one_line(e)}): LLVM's "
                            "schedule kept", None, sha)
    span = f"{p.speedup:.3f}x [{p.lo:.3f}, {p.hi:.3f}]"
    if surely_faster(p):
        return KernelChoice(kernel, "policy", f"the model is sure: policy predicted {span}",
                            p, sha)
    if p.hi < 1.0:
        return KernelChoice(kernel, "llvm", f"the model predicts the policy slower: {span}",
                            p, sha)
    return KernelChoice(kernel, "llvm", f"not sure: the policy predicted {span}, the "
                        "interval straddles 1: LLVM's schedule kept", p, sha)
