"""torch.compile's Triton kernels as a training corpus (issue 22, item 4): the kernels
bench/perfmodel/harvest_inductor.py kept on the GPU machine, made ready for llc-19 here.

    python bench/perfmodel/inductor_corpus.py prepare HARVEST.tar.xz [...] [--out build/inductor]
        # one .ll per distinct kernel (agentsched.kernels.triton.llc_ready_ir: Triton's IR
        # brought down to LLVM 19, with Triton's launch), and index.json: kind, model, why not

The directory is what `agentsched train --corpus DIR` and searches.train.corpus_kernels take
(a directory of LLVM IR files; static and predicted objectives only: these kernels have no
spec to launch them here). Kinds by Inductor's naming: `mm` (Triton GEMM templates of
max-autotune, one per configuration and shape), `poi` (pointwise), `red`/`per` (reductions),
`other`. The harvest itself (2.8 MB) is not committed; index.json records its sha256.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
import tarfile
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


def kind_of(name: str) -> str:
    m = re.match(r"triton_(mm|poi|red|per|bmm|tem)", name)
    return m.group(1) if m else "other"


def prepare(harvests: list[Path], out: Path, limit: int | None) -> int:
    from agentsched.kernels.triton.ir import llc_ready_ir
    from agentsched.kernels.triton.rewrite import RewriteError
    from agentsched.targets import parse_target
    t = parse_target("sm_90a")  # Triton compiles capability 9.0 for sm_90a
    out.mkdir(parents=True, exist_ok=True)
    index: dict = {"harvest_sha256": {h.name: hashlib.sha256(h.read_bytes()).hexdigest()
                                      for h in harvests}, "kernels": {}, "failed": {}}
    seen: set[str] = set()
    with tempfile.TemporaryDirectory() as d:
        for i, h in enumerate(harvests):
            with tarfile.open(h) as tar:
                tar.extractall(Path(d, str(i)), filter="data")
        dirs = sorted({p.parent for p in Path(d).glob("*/triton/**/*.llir")})
        for kdir in dirs:
            llir = next(kdir.glob("*.llir"))
            digest = hashlib.sha256(llir.read_bytes()).hexdigest()[:12]
            if digest in seen:
                continue
            seen.add(digest)
            name = f"{llir.stem}-{digest}"
            try:
                ready = llc_ready_ir(kdir, t)
            except (RewriteError, ValueError, OSError) as e:
                index["failed"][name] = str(e).splitlines()[0][:300]
                continue
            (out / f"{name}.ll").write_text(ready.read_text())
            meta = json.loads(next(kdir.glob(f"{llir.stem}.json")).read_text()) \
                if any(kdir.glob(f"{llir.stem}.json")) else {}
            index["kernels"][name] = {"kind": kind_of(llir.stem),
                                      "num_warps": meta.get("num_warps"),
                                      "shared": meta.get("shared")}
            if limit and len(index["kernels"]) >= limit:
                break
    (out / "index.json").write_text(json.dumps(index, indent=1) + "\n")
    kinds = Counter(v["kind"] for v in index["kernels"].values())
    print(f"{out}: {len(index['kernels'])} kernels ({dict(kinds)}), "
          f"{len(index['failed'])} not ready for llc-19")
    for n, why in list(index["failed"].items())[:5]:
        print(f"  {n}: {why}")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("prepare")
    p.add_argument("harvest", type=Path, nargs="+")
    p.add_argument("--out", type=Path, default=ROOT / "build" / "inductor")
    p.add_argument("--limit", type=int, default=None)
    a = ap.parse_args()
    return prepare(a.harvest, a.out, a.limit)


if __name__ == "__main__":
    sys.exit(main())
