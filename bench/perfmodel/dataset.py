"""Re-create the timed H200 variants here and describe their SASS: a training set for a static
performance model (issue 22).

    python bench/perfmodel/dataset.py build [--sources h200,search,train,corpus,own]
                                            [--kernels K,..] [--max-per-kernel N] [--workers 2]
    python bench/perfmodel/dataset.py report     # bench/perfmodel/RESULTS.md

`build` takes inventory.timed_variants(), compiles every distinct schedule (kernel, recipe)
once with agentsched's API (compile_ir: LLVM's default, a live agent with its seed, replayed
decisions, a search policy rolled out, an in-compiler policy file), assembles it with this
machine's ptxas, checks the re-creation against what the timing run recorded (the decisions'
hash, the plugin's changed count, the PTX's hash, or the search's decisions key), and extracts
the SASS features (agentsched.targets.sass, one nvdisasm run per batch of cubins). It is
resumable: each compile is kept under $AGENTSCHED_DATA/perfmodel/ (the cubin by its hash, a
small JSON per schedule), so a second run only does what is missing.

Outputs (small, in this folder; xz-compressed CSV: `xzcat variants.csv.xz`, pandas reads them):
  variants.csv.xz   one row per timed record: kernel, family, source, run, variant, schedule,
                    cubin (binary_id: the cubin's sha256, 16 hex, or with the kernel's name
                    when the cubin holds several kernels), verified, median_us, speedup (over LLVM's default
                    of the same run) and its CI, rounds, reps, registers on the GPU machine
                    (ptxas there) and here
  features.csv.xz   one row per distinct cubin: FEATURES (agentsched.targets.sass)
"""
from __future__ import annotations

import argparse
import concurrent.futures as cf
import csv
import hashlib
import io
import json
import lzma
import math
import os
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

import inventory  # noqa: E402

from agentsched.targets.perfmodel import BASE_FEATURES  # noqa: E402

SOURCES = {  # short name -> inventory function
    "h200": inventory.h200_runs, "search": inventory.search_runs, "train": inventory.train_runs,
    "corpus": inventory.corpus_runs, "own": inventory.other_runs}

# the features written to features.csv.xz (the module computes more): the model's list
FEATURES = list(BASE_FEATURES)

SRC_SHORT = [("h200_pool2.json", "pool2"), ("h200.json", "h200"), ("search/", "search"),
             ("triton/", "triton"), ("policy_guarded/train", "train2"),
             ("policy/train", "train1"), ("corpus_perfmodel", "batch"), ("corpus_gpu_check", "corpus"),
             ("policy/corpus_eval", "eval1"), ("policy_guarded/eval", "eval2"),
             ("own_kernel", "own")]


def short_source(src: str) -> str:
    return next((s for k, s in SRC_SHORT if k in src), src)


def cache() -> Path:
    from agentsched.core.paths import data_dir
    d = data_dir() / "perfmodel"
    (d / "cubin").mkdir(parents=True, exist_ok=True)
    (d / "sched").mkdir(parents=True, exist_ok=True)
    (d / "feat").mkdir(parents=True, exist_ok=True)
    return d


# ---------------------------------------------------------------- kernels

def uses_suite(t: inventory.Timed) -> bool:
    """bench/h200.py and the searches compiled the suite's kernels; training and the corpus
    evaluations the corpus's (their IR may differ: sizes, defines)."""
    return short_source(t.source) in ("h200", "pool2", "search")


def kernel_ir(kernel: str, suite: bool):
    from agentsched.targets import parse_target
    if kernel.startswith("own:"):
        from agentsched.kernels.ref import resolve_kernel
        k = resolve_kernel(str(ROOT / "examples" / "sgemm" / "spec.py"))
        t = parse_target("sm_90")
        return k.ir(t), t, k
    if suite:
        from agentsched.kernels.ref import resolve_kernel
        k = resolve_kernel(kernel)
        t = parse_target("sm_90")
        return k.ir(t), t, k
    import corpus
    k = corpus.get(kernel)
    ir, t = k.ir("sm_90")
    return ir, t, k


def family_of(kernel: str) -> str:
    import corpus
    try:
        return corpus.get(kernel).family
    except Exception:
        return {"fa_decode_wpe1": "suite_fa_decode"}.get(kernel, kernel.split(":")[0])


# ---------------------------------------------------------------- one compile (a worker)

def compile_one(kernel: str, suite: bool, recipe: dict, check: dict) -> dict:
    """Compile one schedule, write its cubin into the cache; what was checked."""
    from agentsched.core.hashing import sha256_hex
    from agentsched.core.protocol import decisions_text
    from agentsched.llvm.compile import compile_ir
    t0 = time.perf_counter()
    r = inventory.Recipe(**recipe)
    ir, t, _ = kernel_ir(kernel, suite)
    out: dict = {"kernel": kernel, "suite": suite, "key": r.key()}
    verified = None
    with tempfile.TemporaryDirectory(prefix="perfmodel-") as d:
        if r.kind == "default":
            res = compile_ir(ir, t)
            verified = _check_decisions(res, check, sha256_hex, decisions_text)
        elif r.kind == "agent":
            from agentsched.agents import make_agent
            a = make_agent(r.agent, seed=r.seed)
            try:
                res = compile_ir(ir, t, agent=a)
            finally:
                a.close()
            verified = _check_decisions(res, check, sha256_hex, decisions_text)
        elif r.kind == "decisions":
            p = Path(d) / "d.jsonl"
            p.write_text(r.decisions)
            res = compile_ir(ir, t, decisions=p)
            verified = res.report.get("stale", 0) == 0
        elif r.kind == "policy":
            from agentsched.searches.policies import WATCH_ALL  # noqa: F401
            pol = inventory.parse_policy(r.policy)
            agent = pol.agent(frozenset(), 2, 0)
            try:
                res = compile_ir(ir, t, agent=agent)
            finally:
                agent.close()
            verified = _check_decisions(res, check, sha256_hex, decisions_text)
        elif r.kind == "policyfile":
            p = Path(d) / "policy.json"
            p.write_text(json.dumps(r.policyfile))
            res = compile_ir(ir, t, policy=p)
            if check.get("ptx_sha256"):
                verified = sha256_hex(res.asm.encode()) == check["ptx_sha256"]
            elif check.get("changed") is not None:
                verified = int(res.report.get("changed", -1)) == int(check["changed"])
        else:
            raise ValueError(r.kind)
        cubin = res.module(".cubin")
    sha = hashlib.sha256(cubin).hexdigest()[:16]
    p = cache() / "cubin" / f"{sha}.cubin"
    if not p.exists():
        p.write_bytes(cubin)
    px = cache() / "ptx" / f"{sha}.ptx.xz"
    if not px.exists():
        px.parent.mkdir(exist_ok=True)
        px.write_bytes(lzma.compress(res.asm.encode()))
    out.update(cubin=sha, entry=res.entry, verified=verified, changed=res.report.get("changed"),
               seconds=round(time.perf_counter() - t0, 2))
    return out


def _check_decisions(res, check, sha256_hex, decisions_text):
    want = check.get("decisions_hash")
    if not want:
        return None
    return sha256_hex(decisions_text(res.decisions or [])) == want


_IDS: dict[tuple, str] = {}


def binary_id(sha: str, entry: str | None) -> str:
    """The id of a kernel's code: its cubin's hash, or, when the cubin holds other kernels
    too (a source with several), a hash of the cubin's hash and the kernel's name (the same
    cubin then stands for different kernels)."""
    k = (sha, entry)
    if k not in _IDS:
        from agentsched.targets import sass
        fns = sass.read_cubin(cache() / "cubin" / f"{sha}.cubin").functions
        _IDS[k] = sha if entry is None or len(fns) == 1 else \
            hashlib.sha256(f"{sha}|{entry}".encode()).hexdigest()[:16]
    return _IDS[k]


def entry_function(sha: str, entry: str | None):
    """The kernel's CubinFunction (the only one when the entry is not known)."""
    from agentsched.targets import sass
    fns = sass.read_cubin(cache() / "cubin" / f"{sha}.cubin").functions
    named = [f for f in fns if f.name == entry]
    return named[0] if named else (fns[0] if len(fns) == 1 else None)


def binaries() -> dict[str, tuple[str, str | None]]:
    """binary_id -> (cubin hash, the kernel's function name) of every compiled schedule."""
    out: dict[str, tuple] = {}
    for p in (cache() / "sched").glob("*.json"):
        s = json.loads(p.read_text())
        if "cubin" in s:
            fn = entry_function(s["cubin"], s.get("entry"))
            out.setdefault(binary_id(s["cubin"], s.get("entry")),
                           (s["cubin"], fn.name if fn else s.get("entry")))
    return out


def sched_path(kernel: str, suite: bool, key: str) -> Path:
    h = hashlib.sha256(f"{kernel}|{suite}|{key}".encode()).hexdigest()[:20]
    return cache() / "sched" / f"{h}.json"


# ---------------------------------------------------------------- build

def select(sources: list[str], kernels: set | None, max_per_kernel: int | None
           ) -> list[inventory.Timed]:
    rows = []
    for s in sources:
        rows += SOURCES[s]()
    rows = [t for t in rows if t.recipe is not None and (t.speedup or t.median_us)
            and (kernels is None or t.kernel in kernels)]
    if max_per_kernel:
        seen: dict[str, set] = defaultdict(set)
        keep = []
        for t in rows:
            s = seen[t.kernel]
            k = (uses_suite(t), t.recipe.key())
            if k in s or len(s) < max_per_kernel:
                s.add(k)
                keep.append(t)
        rows = keep
    return rows


def build(sources: list[str], kernels: set | None, max_per_kernel: int | None, workers: int,
          budget_s: float | None, merge: bool = False) -> int:
    t_start = time.time()
    rows = select(sources, kernels, max_per_kernel)
    jobs: dict[tuple, tuple] = {}
    for t in rows:
        suite = uses_suite(t)
        k = (t.kernel, suite, t.recipe.key())
        if k not in jobs and not sched_path(*k).exists():
            jobs[k] = (t.kernel, suite, t.recipe.__dict__, t.check)
    print(f"{len(rows)} timed records, {len(jobs)} schedules to compile", flush=True)
    done = failed = 0
    with cf.ProcessPoolExecutor(workers) as pool:
        futs = {}
        it = iter(jobs.items())
        for _ in range(workers * 2):
            nxt = next(it, None)
            if nxt:
                futs[pool.submit(compile_one, *nxt[1])] = nxt[0]
        while futs:
            fin, _ = cf.wait(futs, return_when=cf.FIRST_COMPLETED)
            for f in fin:
                k = futs.pop(f)
                try:
                    res = f.result()
                except Exception as e:  # recorded, not retried
                    res = {"kernel": k[0], "suite": k[1], "key": k[2],
                           "error": f"{type(e).__name__}: {str(e)[:300]}"}
                    failed += 1
                sched_path(*k).write_text(json.dumps(res))
                done += 1
                if done % 25 == 0:
                    print(f"{done}/{len(jobs)} compiled ({failed} failed), "
                          f"{time.time() - t_start:.0f} s", flush=True)
                if budget_s is None or time.time() - t_start < budget_s:
                    nxt = next(it, None)
                    if nxt:
                        futs[pool.submit(compile_one, *nxt[1])] = nxt[0]
    featurize()
    write_tables(rows, merge)
    print(f"done: {done} compiled ({failed} failed) in {time.time() - t_start:.0f} s")
    return 0


def featurize(batch: int = 48) -> int:
    """SASS features of the kernel (the IR's entry) of every compiled schedule that has none
    yet (by binary_id), one nvdisasm run per batch."""
    from agentsched.targets import sass
    c = cache()
    todo: dict[str, tuple] = {}
    for p in (c / "sched").glob("*.json"):
        s = json.loads(p.read_text())
        if "cubin" in s:
            kid = binary_id(s["cubin"], s.get("entry"))
            if kid not in todo and not (c / "feat" / f"{kid}.json").exists():
                fn = entry_function(s["cubin"], s.get("entry"))
                todo[kid] = (s["cubin"], fn.name if fn else s.get("entry"))
    items = sorted(todo.items())
    t0 = time.perf_counter()
    for i in range(0, len(items), batch):
        part = items[i:i + batch]
        fns = sass.disassemble_many([c / "cubin" / f"{sha}.cubin" for _, (sha, _e) in part],
                                    [e for _, (_s, e) in part])
        for (kid, _), fs in zip(part, fns):
            f = sass.features(fs[0]) if fs else {}
            (c / "feat" / f"{kid}.json").write_text(json.dumps(f))
    if items:
        dt = time.perf_counter() - t0
        print(f"features of {len(items)} kernels in {dt:.1f} s ({dt / len(items):.3f} s each)")
    return len(items)


def _fmt(x) -> str:
    if x is None or (isinstance(x, float) and not math.isfinite(x)):
        return ""
    if isinstance(x, float):
        return f"{x:.6g}"
    return str(x)


def write_tables(rows: list[inventory.Timed], merge: bool = False) -> None:
    """variants.csv.xz and features.csv.xz from the compiled schedules of rows. merge: also
    keep the rows of the tables already written that these rows do not make again (another
    machine's cache compiled them: this one compiled only a new source)."""
    c = cache()
    old_rows, old_feats = load_tables() if merge and (HERE / "variants.csv.xz").exists() \
        else ([], {})
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    header = ["kernel", "family", "source", "run", "variant", "schedule", "cubin", "verified",
              "median_us", "speedup", "speedup_lo", "speedup_hi", "rounds", "reps",
              "regs_gpu", "regs_here", "regs_ptxas124"]
    w.writerow(header)
    made: set[tuple] = set()  # (kernel, family, source, run, variant, schedule) written
    # a search's winning finalist is checked by its binary: the same cubin as the replay of
    # the search's saved decisions (the verify record of the same file)
    replay: dict[str, str] = {}
    for t in rows:
        if t.run.startswith("verify") and t.variant == "winner":
            p = sched_path(t.kernel, uses_suite(t), t.recipe.key())
            if p.exists():
                replay[t.source] = json.loads(p.read_text()).get("cubin")
    shas = set()
    fam: dict[str, str] = {}
    regs_here: dict[str, int | None] = {}
    for t in rows:
        p = sched_path(t.kernel, uses_suite(t), t.recipe.key())
        if not p.exists():
            continue
        s = json.loads(p.read_text())
        if "cubin" not in s:
            continue
        mod = s["cubin"]
        sha = binary_id(mod, s.get("entry"))
        shas.add(sha)
        fn = entry_function(mod, s.get("entry"))
        if sha not in regs_here:
            regs_here[sha] = fn.registers if fn else None
        if t.kernel not in fam:
            fam[t.kernel] = family_of(t.kernel)
        ci = t.speedup_ci or [None, None]
        verified = s.get("verified")
        if "decisions_key" in t.check:
            verified = (mod == replay.get(t.source)) if t.check.get("winner") else None
        px = c / "ptx" / f"{mod}.ptx.xz"
        # the corpus runs recorded the PTX's hash; the cached PTX is the first of the PTXs
        # that gave this cubin, so it is the evidence only where the compile recorded none
        if verified is None and t.check.get("ptx_sha256") and px.exists():
            verified = hashlib.sha256(lzma.decompress(px.read_bytes())).hexdigest() == \
                t.check["ptx_sha256"]
        ro = c / "ptx" / f"{mod}.regs.json"
        r124 = (json.loads(ro.read_text()).get("functions") or {}).get(fn.name) \
            if ro.exists() and fn else None
        row = [t.kernel, fam[t.kernel], short_source(t.source), t.run.split(" (")[0],
               t.variant, t.recipe.key(), sha, _fmt(verified),
               _fmt(t.median_us), _fmt(t.speedup), _fmt(ci[0]), _fmt(ci[1]),
               _fmt(t.rounds), _fmt(t.reps), _fmt(t.registers_gpu), _fmt(regs_here[sha]),
               _fmt(r124)]
        w.writerow(row)
        made.add(tuple(row[:6]))
    for r in old_rows:
        if tuple(r[k] for k in header[:6]) not in made:
            w.writerow([r.get(k, "") for k in header])
            shas.add(r["cubin"])
    (HERE / "variants.csv.xz").write_bytes(lzma.compress(out.getvalue().encode()))
    fo = io.StringIO()
    fw = csv.writer(fo, lineterminator="\n")
    fw.writerow(["cubin", *FEATURES])
    for sha in sorted(shas):
        fp = c / "feat" / f"{sha}.json"
        if fp.exists():
            f = json.loads(fp.read_text())
            fw.writerow([sha, *[_fmt(f.get(k)) for k in FEATURES]])
        elif sha in old_feats:
            fw.writerow([sha, *[old_feats[sha].get(k, "") for k in FEATURES]])
    (HERE / "features.csv.xz").write_bytes(lzma.compress(fo.getvalue().encode()))
    print(f"variants.csv.xz: {len(rows)} records considered, "
          f"{out.getvalue().count(chr(10)) - 1} written; features.csv.xz: {len(shas)} cubins")


# ---------------------------------------------------------------- another ptxas

WHEEL_PTXAS_NOTE = "NVIDIA's nvidia-cuda-nvcc-cu12 wheel (ptxas 12.4)"


def other_ptxas_registers(ptxas: str | None = None) -> int:
    """Registers of each cached PTX's entry under another ptxas (default: the 12.4 of NVIDIA's
    wheel), kept beside the cubin: how much the assembler version changes the allocation."""
    import re
    import subprocess

    from agentsched.tools.programs import _wheel_ptxas
    ptxas = ptxas or _wheel_ptxas()
    if not ptxas or not Path(ptxas).exists():
        print("no second ptxas")
        return 0
    c = cache()
    n = 0
    for px in sorted((c / "ptx").glob("*.ptx.xz")):
        sha = px.name.split(".")[0]
        out = c / "ptx" / f"{sha}.regs.json"
        if out.exists():
            continue
        text = lzma.decompress(px.read_bytes()).decode()
        m = re.search(r"^\.target\s+(sm_\w+)", text, re.M)
        with tempfile.TemporaryDirectory() as d:
            src = Path(d) / "k.ptx"
            src.write_text(text)
            proc = subprocess.run([ptxas, "-arch", m.group(1) if m else "sm_90", "-O3", "-v",
                                   str(src), "-o", str(Path(d) / "k.cubin")],
                                  capture_output=True, text=True)
        regs: dict[str, int] = {}
        cur = None
        for line in proc.stderr.splitlines():
            f = re.search(r"Compiling entry function '([^']+)'", line)
            if f:
                cur = f.group(1)
            u = re.search(r"Used (\d+) registers", line)
            if u and cur:
                regs[cur] = int(u.group(1))
        out.write_text(json.dumps({"functions": regs, "ptxas": ptxas, "rc": proc.returncode}))
        n += 1
    return n


# ---------------------------------------------------------------- report

def load_tables():
    rows = list(csv.DictReader(io.StringIO(
        lzma.decompress((HERE / "variants.csv.xz").read_bytes()).decode())))
    text = lzma.decompress((HERE / "features.csv.xz").read_bytes()).decode()
    feats = {r["cubin"]: r for r in csv.DictReader(io.StringIO(text))}
    return rows, feats


def ranks(v):
    """Ranks 1..n, ties sharing their mean rank."""
    import numpy as np
    v = np.asarray(v, dtype=float)
    order = np.argsort(v, kind="mergesort")
    r = np.empty(len(v))
    sv = v[order]
    i = 0
    while i < len(v):
        j = i
        while j + 1 < len(v) and sv[j + 1] == sv[i]:
            j += 1
        r[order[i:j + 1]] = (i + j) / 2 + 1
        i = j + 1
    return r


def spearman(x, y) -> float | None:
    """Spearman's rank correlation (Pearson of the ranks); None when either is constant."""
    import numpy as np
    if len(set(x)) < 2 or len(set(y)) < 2:
        return None
    return float(np.corrcoef(ranks(x), ranks(y))[0, 1])


def report(min_points: int = 12) -> int:
    rows, feats = load_tables()
    lines = ["# A static performance model from SASS: the data (`python bench/perfmodel/"
             "dataset.py report`)\n"]
    # register match: one comparison per (kernel, cubin, GPU record)
    def match(col):
        pairs = [(int(r["regs_gpu"]), int(r[col])) for r in rows
                 if r["regs_gpu"] and r.get(col)]
        same = sum(a == b for a, b in pairs)
        return same, len(pairs)
    s13, n13 = match("regs_here")
    s12, n12 = match("regs_ptxas124")
    both = {r["cubin"]: (int(r["regs_here"]), int(r["regs_ptxas124"])) for r in rows
            if r["regs_here"] and r.get("regs_ptxas124")}
    s_all = sum(a == b for a, b in both.values())
    diff = sorted(b - a for a, b in both.values() if a != b)
    ver = [r["verified"] for r in rows]
    lines.append(f"{len(rows)} timed records, {len(feats)} distinct cubins. Registers the H200 "
                 f"reported (ptxas 13.0 there) equal the cubin's here (ptxas 13.0, the same "
                 f"build: /usr/local/cuda) for {s13} of {n13} records with both "
                 f"({100 * s13 / max(n13, 1):.1f}%); under the wheel's ptxas 12.4 for {s12} of "
                 f"{n12} ({100 * s12 / max(n12, 1):.1f}%). Re-creation checked against the "
                 f"timing run's record: {ver.count('True')} True, {ver.count('False')} False, "
                 f"{ver.count('')} not checkable (defaults; train candidates without a count).\n")
    if both:
        lines.append(f"ptxas 12.4 against 13.0 on the same PTX (every binary whose PTX is kept: "
                     f"the corpus and training compiles): the same registers for {s_all} of "
                     f"{len(both)} kernels ({100 * s_all / len(both):.1f}%); where they differ, "
                     f"12.4 minus 13.0 ranges {diff[0]:+d} .. {diff[-1]:+d} (median "
                     f"{diff[len(diff) // 2]:+d}).\n" if diff else
                     f"ptxas 12.4 against 13.0 on the same PTX: the same registers for all "
                     f"{len(both)} kernels.\n")
    # per kernel: distinct timed variants (non-default, speedup known), correlations
    by_k: dict[str, list] = defaultdict(list)
    for r in rows:
        if r["speedup"] and r["cubin"] in feats and r["source"] not in ("corpus",) \
                and r["verified"] != "False":  # not the code that was timed
            by_k[r["kernel"]].append(r)
    lines.append("## Variants per kernel\n\n| kernel | family | records | distinct cubins | "
                 "speedup min | max |\n|---|---|---|---|---|---|")
    for k, rs in sorted(by_k.items(), key=lambda kv: -len(kv[1])):
        sp = [float(r["speedup"]) for r in rs]
        lines.append(f"| {k} | {rs[0]['family']} | {len(rs)} | "
                     f"{len({r['cubin'] for r in rs})} | {min(sp):.3f} | {max(sp):.3f} |")
    # correlations: per kernel, one point per distinct cubin (speedups averaged over runs)
    names = list(FEATURES)
    table: dict[str, dict[str, float | None]] = {}
    points: dict[str, tuple] = {}
    for k, rs in by_k.items():
        pts: dict[str, list[float]] = defaultdict(list)
        for r in rs:
            pts[r["cubin"]].append(float(r["speedup"]))
        if len(pts) < min_points:
            continue
        cub = sorted(pts)
        y = [sum(pts[c]) / len(pts[c]) for c in cub]
        X = [[float(feats[c][f]) if feats[c][f] != "" else 0.0 for f in names] for c in cub]
        points[k] = (X, y)
        table[k] = {f: spearman([row[j] for row in X], y) for j, f in enumerate(names)}
    if table:
        ks = sorted(table)
        lines.append(f"\n## Spearman of each feature with the measured speedup, per kernel\n\n"
                     f"One point per distinct cubin (its speedups over LLVM's default averaged "
                     f"over the runs that timed it); kernels with at least {min_points} "
                     f"distinct cubins. Blank: the feature does not vary. Speedup > 1 is "
                     f"faster, so a cost-like feature should correlate negatively.\n")
        lines.append("| feature | " + " | ".join(ks) + " | mean abs |")
        lines.append("|---|" + "---|" * (len(ks) + 1))
        order = sorted(names, key=lambda f: -_mean_abs([table[k][f] for k in ks]))
        for f in order:
            vals = [table[k][f] for k in ks]
            if all(v is None for v in vals):
                continue
            lines.append(f"| {f} | " + " | ".join("" if v is None else f"{v:+.2f}" for v in vals)
                         + f" | {_mean_abs(vals):.2f} |")
        lines += model_lines(points, names, {k: rs[0]['family'] for k, rs in by_k.items()})
    lines += by_source_lines(by_k, feats, min_points)
    lines += repeatability_lines(by_k)
    lines += notes_lines()
    (HERE / "RESULTS.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines[:60]))
    return 0


def _z(a):
    import numpy as np
    a = np.asarray(a, dtype=float)
    sd = a.std(axis=0)
    return np.where(sd > 0, (a - a.mean(axis=0)) / np.where(sd > 0, sd, 1), 0.0)


def _ridge(X, y, lam: float):
    import numpy as np
    return np.linalg.solve(X.T @ X + lam * np.eye(X.shape[1]), X.T @ y)


def model_lines(points: dict, names: list, families: dict, lam: float = 10.0) -> list[str]:
    """A first model: ridge regression of the within-kernel z-score of log(speedup) on the
    within-kernel z-scores of all features, pooled over kernels. Held out: the kernel (with
    any kernel of the same IR: fa_decode_wpe1 is fa_decode on NVPTX), its whole family, or
    one fold of five of its own cubins."""
    import numpy as np
    Z = {k: (_z(X), _z(np.log(np.asarray(y)))) for k, (X, y) in points.items()}
    same_ir = {"fa_decode_wpe1": "fa_decode"}

    def held_out(k, keep):
        others = [Z[o] for o in Z if keep(o)]
        if not others:
            return None
        w = _ridge(np.vstack([o[0] for o in others]), np.concatenate([o[1] for o in others]),
                   lam)
        return spearman(list(Z[k][0] @ w), list(Z[k][1]))
    out = ["", f"## A first model: pooled ridge (lambda {lam}) on within-kernel z-scores", "",
           "Within each kernel every feature and log(speedup) are z-scored; one linear model "
           "is fitted on the pooled points of the training kernels; the table gives the "
           "Spearman of its prediction with the measured speedup on held-out cubins.", "",
           "| kernel | family | cubins | kernel held out | family held out | "
           "5-fold within kernel | best single feature (abs rho) |", "|---|---|---|---|---|---|---|"]
    rng = np.random.default_rng(0)
    fmt = lambda v: "" if v is None else f"{v:+.2f}"  # noqa: E731
    for k in sorted(Z):
        X, y = Z[k]
        g = same_ir.get(k, k)
        lo = held_out(k, lambda o: same_ir.get(o, o) != g)
        lf = held_out(k, lambda o: families.get(o) != families.get(k))
        folds = rng.permutation(len(y)) % 5
        pred = np.zeros(len(y))
        for f in range(5):
            tr, te = folds != f, folds == f
            pred[te] = X[te] @ _ridge(X[tr], y[tr], lam)
        cv = spearman(list(pred), list(y))
        best = max(((abs(spearman(list(X[:, j]), list(y)) or 0), names[j])
                    for j in range(X.shape[1])), default=(0, ""))
        out.append(f"| {k} | {families.get(k, '')} | {len(y)} | {fmt(lo)} | {fmt(lf)} | "
                   f"{fmt(cv)} | {best[1]} ({best[0]:.2f}) |")
    return out


KEY_FEATURES = ["k_stall_sum", "l_stall_sum", "l_lat_cycles", "l_sim_nomio_cycles",
                "l_sim_cycles", "registers", "occ_warps", "local_bytes", "l_dist_g_cyc_mean",
                "l_mlp_g_mean", "l_dist_s_instr_mean"]


def by_source_lines(by_k: dict, feats: dict, min_points: int) -> list[str]:
    """The same Spearman, split by where the timings come from: the suite runs (heuristics,
    random and linear-policy pools, searches: wide spreads, long runs) and the policy
    training's screening (candidates near LLVM's schedule, 5 rounds x 3 launches)."""
    out = ["", "## By source: suite runs (h200, pool2, search) vs policy training (train1/2)",
           "", "Spearman of a few features with the speedup; n = distinct binaries, spread = "
           "max/min speedup.", "",
           "| kernel | source | n | spread | " + " | ".join(KEY_FEATURES) + " |",
           "|---|---|---|---|" + "---|" * len(KEY_FEATURES)]
    groups = {"suite": ("h200", "pool2", "search"), "train": ("train1", "train2")}
    for k in sorted(by_k):
        for g, srcs in groups.items():
            pts: dict[str, list[float]] = defaultdict(list)
            for r in by_k[k]:
                if r["source"] in srcs:
                    pts[r["cubin"]].append(float(r["speedup"]))
            if len(pts) < min_points:
                continue
            cub = sorted(pts)
            y = [sum(pts[c]) / len(pts[c]) for c in cub]
            vals = []
            for f in KEY_FEATURES:
                rho = spearman([float(feats[c][f] or 0) for c in cub], y)
                vals.append("" if rho is None else f"{rho:+.2f}")
            out.append(f"| {k} | {g} | {len(cub)} | {max(y) / min(y):.3f} | "
                       + " | ".join(vals) + " |")
    return out


def notes_lines() -> list[str]:
    out = []
    sw = HERE / "sweep.json"
    if sw.exists():
        rows = json.loads(sw.read_text())
        ks = [k for k in rows[0] if k not in ("lat_g", "mio")]
        out += ["", "## The simulation's assumed global latency (`sweep.py`)", "",
                "Spearman of -l_sim_cycles (recomputed with LATENCY g = l = the value) with "
                "the speedup: positive is right.", "",
                "| global latency | shared-bandwidth queue | " + " | ".join(ks) + " |",
                "|---|---|" + "---|" * len(ks)]
        for r in rows:
            out.append(f"| {r['lat_g']} | {'yes' if r['mio'] else 'no'} | " + " | ".join(
                "" if r[k] is None else f"{r[k]:+.2f}" for k in ks) + " |")
    co = HERE / "cost.json"
    if co.exists():
        c = json.loads(co.read_text())
        out += ["", "## Cost here (`cost.py`: nvdisasm + features, 2 shared cores)", "",
                f"{c['instructions_per_kernel']} instructions per kernel on average.", "",
                "| kernels per nvdisasm run | wall s / kernel | CPU s / kernel | "
                "of which features |", "|---|---|---|---|"]
        for r in c["rows"]:
            out.append(f"| {r['batch']} | {r['wall_s_per_kernel']} | {r['cpu_s_per_kernel']} "
                       f"| {r.get('features_cpu_s_per_kernel', '')} |")
    out += ["", "## Caveats", "",
            "- The Triton kernels of the corpus are not re-created exactly: the IR captured "
            "here differs from the GPU machine's (PTX hash), so their rows are excluded above.",
            "- Corpus evaluation (policy run 1): for 8 kernels of multi-kernel sources the "
            "module's PTX hash differs while the entry's changed count and registers match "
            "(marked False, excluded).",
            "- The hot loop is the deepest, then the largest: where the schedule changes an "
            "enclosing loop only (sgemm_smem_32, a warptile kernel), the l_* features do not "
            "vary; trip counts are not known statically.",
            "- Training candidates were timed in screening batches (5 rounds x 3 launches): "
            "their speedups near 1 are noisy (see the repeatability table)."]
    return out


def repeatability_lines(by_k: dict) -> list[str]:
    """How well the measurements rank themselves: cubins timed in two independent runs
    (different source or run), the Spearman between the two runs' speedups: the ceiling for
    any model's within-kernel Spearman on this data."""
    out = ["", "## Repeatability: the same cubin timed in two independent runs", "",
           "| kernel | cubins timed twice | Spearman run 1 vs run 2 | median abs diff |",
           "|---|---|---|---|"]
    for k in sorted(by_k):
        m: dict[str, dict] = defaultdict(dict)
        for r in by_k[k]:
            m[r["cubin"]].setdefault((r["source"], r["run"]), float(r["speedup"]))
        pairs = [sorted(v.items())[:2] for v in m.values() if len(v) >= 2]
        if len(pairs) < 5:
            continue
        a = [p[0][1] for p in pairs]
        b = [p[1][1] for p in pairs]
        d = sorted(abs(x - y) for x, y in zip(a, b))
        rho = spearman(a, b)
        out.append(f"| {k} | {len(pairs)} | {'' if rho is None else f'{rho:+.2f}'} | "
                   f"{d[len(d) // 2]:.4f} |")
    return out


def _mean_abs(vals) -> float:
    v = [abs(x) for x in vals if x is not None]
    return sum(v) / len(v) if v else 0.0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build")
    b.add_argument("--sources", default="h200,search,train,corpus,own")
    b.add_argument("--kernels", default=None)
    b.add_argument("--max-per-kernel", type=int, default=None,
                   help="at most N distinct schedules per kernel (in inventory order)")
    b.add_argument("--workers", type=int, default=2)
    b.add_argument("--budget-s", type=float, default=None,
                   help="stop submitting compiles after this many seconds")
    b.add_argument("--merge", action="store_true",
                   help="keep the tables' rows this run does not make again (a new source "
                        "added on a machine whose cache lacks the others)")
    sub.add_parser("report")
    sub.add_parser("tables")
    sub.add_parser("ptxas124", help="registers under the wheel's ptxas 12.4 (cached PTX)")
    a = ap.parse_args(argv)
    if a.cmd == "build":
        return build(a.sources.split(","), set(a.kernels.split(",")) if a.kernels else None,
                     a.max_per_kernel, a.workers, a.budget_s, a.merge)
    if a.cmd == "ptxas124":
        print(other_ptxas_registers(), "PTX assembled")
        write_tables(select(list(SOURCES), None, None))
        return 0
    if a.cmd == "tables":
        featurize()
        write_tables(select(list(SOURCES), None, None))
        return 0
    return report()


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    sys.exit(main())
