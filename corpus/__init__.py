"""The training corpus of issue 14: kernels with specs (launch, inputs, NumPy reference) in
families, and the split of those families into train / validation / test (split.json).

    import corpus
    for k in corpus.kernels(split="train"):        # CorpusKernel
        ir, target = k.ir("sm_90")                 # LLVM IR for llc-19 (Triton: captured)
        k.spec                                     # CorpusSpec (CUDA) or TritonCase (Triton)
        k.work().bound                             # "compute" / "memory" (H200 roofline)
    corpus.families()["sgemm_blocktile"].origin

corpus/README.md lists every family, its source and licence, variants, sizes and the split;
`python -m corpus.check` compiles every kernel and checks every spec on the CPU.
"""
from __future__ import annotations

import importlib
import json
from functools import cache

from .core import COMPUTE, CORPUS_DIR, MEMORY, CorpusKernel, CorpusSpec, Family, Sampled, Work

__all__ = ["COMPUTE", "MEMORY", "CorpusKernel", "CorpusSpec", "Family", "Sampled", "Work",
           "families", "kernels", "get", "split", "SPLITS", "amd_targets"]

# The family modules (corpus/family/*.py), each defining FAMILIES and KERNELS.
FAMILY_MODULES = ("suite", "sgemm_cuda", "cuda_samples", "llmc", "conv2d", "nbody",
                  "triton_tutorials")
SPLITS = ("train", "validation", "test")
SPLIT_FILE = CORPUS_DIR / "split.json"


@cache
def _load() -> tuple[dict, dict]:
    fams, kers = {}, {}
    for m in FAMILY_MODULES:
        mod = importlib.import_module(f"{__name__}.family.{m}")
        for f in mod.FAMILIES:
            if f.name in fams:
                raise ValueError(f"corpus/family/{m}.py: family {f.name!r} defined twice")
            fams[f.name] = f
        for k in mod.KERNELS:
            if k.name in kers:
                raise ValueError(f"corpus/family/{m}.py: kernel {k.name!r} defined twice")
            if k.family not in fams:
                raise ValueError(f"corpus/family/{m}.py: kernel {k.name!r} names unknown "
                                 f"family {k.family!r}")
            kers[k.name] = k
    return fams, kers


def families() -> dict[str, Family]:
    return dict(_load()[0])


@cache
def split() -> dict:
    """split.json: family lists per split and the leave-one-family-out folds."""
    return json.loads(SPLIT_FILE.read_text())


def family_split(family: str) -> str:
    for s in SPLITS:
        if family in split()[s]:
            return s
    raise KeyError(f"family {family!r} is in no split of {SPLIT_FILE}")


def kernels(split: str | None = None, family: str | None = None, kind: str | None = None,
            bound: str | None = None) -> list[CorpusKernel]:
    """Corpus kernels, in definition order, filtered by split, family, kind ("cuda"/"triton")
    and bound (the family's class: "compute"/"memory")."""
    fams, kers = _load()
    if split is not None and split not in SPLITS:
        raise ValueError(f"unknown split {split!r}; splits: {', '.join(SPLITS)}")
    out = []
    for k in kers.values():
        if split is not None and family_split(k.family) != split:
            continue
        if family is not None and k.family != family:
            continue
        if kind is not None and k.kind != kind:
            continue
        if bound is not None and fams[k.family].bound != bound:
            continue
        out.append(k)
    return out


def amd_targets(k: CorpusKernel) -> tuple:
    """The AMD targets `k` has a form for: its family's, or fewer where a target fails."""
    if not k.has_amd_form:
        return ()
    fam = _load()[0][k.family].amd_targets
    return tuple(t for t in fam if k.amd_only is None or t in k.amd_only)


def get(name: str) -> CorpusKernel:
    kers = _load()[1]
    try:
        return kers[name]
    except KeyError:
        raise KeyError(f"no corpus kernel {name!r} ({len(kers)} kernels; see corpus/index.json)"
                       ) from None
