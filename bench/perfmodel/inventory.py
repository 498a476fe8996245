"""The H200 timings already in the repository, as training data for a static performance model.

    python bench/perfmodel/inventory.py            # prints the table, writes inventory.md

Every timed variant of bench/h200/** becomes one Timed record: where it was measured (file,
run), the kernel, what was measured (median µs, 95% CI, speedup over LLVM's default timed in
the same interleaved run, with its CI, rounds × reps, the registers the GPU reported with
ptxas 13.0 there) and a Recipe to compile the same schedule again here, when the repository
holds what it takes:

    default           LLVM's own schedule
    agent NAME SEED   a live agent (heuristic or seeded random), as the bundle was built
    decisions TEXT    replay of saved decisions (winners/, a search's decisions_text)
    policy OBJ        a search policy rolled out live: linear weights over the 22 search
                      features, a PrefixPolicy/HeuristicPolicy as the search wrote it
    policyfile DICT   an in-compiler policy file (train candidates: the run's policy with the
                      candidate's parameters; corpus evaluation: the policy file)

and a `check` to verify the re-creation (decisions_hash: sha256 of the applied decisions;
changed: the plugin's count of changed decisions; ptx_sha256: the PTX's hash; a search's
winning finalist: the same cubin as the replay of the search's saved decisions. The searches'
decisions_key is not reproducible elsewhere: it includes the plugin build and the ptxas).

Not re-creatable: the searches' screening evaluations (their history keeps a cost per
evaluation, not the schedule), Triton's own binaries, and (here) the Triton tutorial kernels,
whose IR came from Triton's JIT on the GPU machine (marked `triton-ir`).
"""
from __future__ import annotations

import ast
import json
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))
H200 = ROOT / "bench" / "h200"
SUITE = ("fused_mlp", "fa_decode", "fa_decode_wpe1", "gemm8x8")


@dataclass
class Recipe:
    kind: str  # default | agent | decisions | policy | policyfile
    agent: str | None = None
    seed: int = 0
    decisions: str | None = None  # decisions text, or a repo-relative path to a .jsonl
    policy: str | None = None  # search policy string ("linear:w,..." or a dataclass repr)
    policyfile: dict | None = None  # an agentsched policy file's content

    def key(self) -> str:
        """A string naming the schedule (two records with the same key are one compile)."""
        if self.kind == "default":
            return "default"
        if self.kind == "agent":
            return f"agent:{self.agent}:{self.seed}"
        if self.kind == "decisions":
            import hashlib
            return "decisions:" + hashlib.sha256((self.decisions or "").encode()).hexdigest()[:16]
        if self.kind == "policy":
            import hashlib
            return "policy:" + hashlib.sha256(self.policy.encode()).hexdigest()[:16]
        import hashlib
        return "policyfile:" + hashlib.sha256(
            json.dumps(self.policyfile, sort_keys=True).encode()).hexdigest()[:16]


@dataclass
class Timed:
    source: str  # repo-relative file
    run: str  # which interleaved run of that file
    kernel: str
    variant: str
    recipe: Recipe | None
    why_not: str = ""  # when recipe is None
    median_us: float | None = None
    ci95: list | None = None
    speedup: float | None = None  # median(default) / median(variant), same run
    speedup_ci: list | None = None
    rounds: int | None = None
    reps: int | None = None
    registers_gpu: int | None = None
    check: dict = field(default_factory=dict)

    @property
    def is_default(self) -> bool:
        return self.recipe is not None and self.recipe.kind == "default"


def _rel(p: Path) -> str:
    return str(p.relative_to(ROOT))


def _load(p: Path):
    if not p.exists() and p.with_name(p.name + ".xz").exists():
        p = p.with_name(p.name + ".xz")  # large runs are committed compressed
    if p.suffix == ".xz":
        import lzma
        return json.loads(lzma.decompress(p.read_bytes()))
    return json.loads(p.read_text())


def _exists(p: Path) -> bool:
    return p.exists() or p.with_name(p.name + ".xz").exists()


def _jsons(d: Path, pattern: str) -> list[Path]:
    """The JSON files matching pattern, each named as the JSON it holds, committed plain or
    as .json.xz (_load reads either)."""
    found = {f for f in d.glob(pattern)} | {f.with_name(f.name[:-3]) for f in
                                            d.glob(pattern + ".xz")}
    return sorted(found)


def _from_variant(src: str, run: str, kernel: str, name: str, v: dict, recipe, settings: dict,
                  why_not: str = "", check: dict | None = None) -> Timed:
    return Timed(src, run, kernel, name, recipe, why_not, v.get("median_us"), v.get("ci95"),
                 v.get("speedup"), v.get("speedup_ci"), settings.get("rounds"),
                 settings.get("reps"), v.get("registers"), check or {})


# ---------------------------------------------------------------- bench/h200.py runs

def _pool_recipe(name: str, v: dict, pool2_weights: dict) -> Recipe | None:
    """bench/h200.py's variant names: heuristics, random{i} (seed i), h_<heuristic>,
    r{i} (seed 100 + i), pool2's l{i} (linear policy i of rng(2026))."""
    agent = v.get("agent") or "default"
    base = name.split("#")[0]
    if base == "default":
        return Recipe("default")
    if base.startswith("h_"):
        return Recipe("agent", agent=base[2:])
    if base.startswith("random") and agent == "random":
        return Recipe("agent", agent="random", seed=int(base[6:]))
    if base.startswith("r") and base[1:].isdigit() and agent == "random":
        return Recipe("agent", agent="random", seed=100 + int(base[1:]))
    if base.startswith("l") and base[1:].isdigit():
        w = pool2_weights.get(int(base[1:]))
        return Recipe("policy", policy="linear:" + ",".join(repr(x) for x in w)) if w else None
    if agent not in ("default", "random"):
        return Recipe("agent", agent=agent)
    return None


def pool2_weights(n: int = 48) -> dict[int, list[float]]:
    """bench/h200.py build2()'s weight vectors, regenerated: the draws do not depend on the
    rollouts, so the same rng gives the same vectors (checked by the decisions' hash)."""
    import numpy as np
    from legacy_linear import FEATURES

    from agentsched.searches.policies import linear_seed
    heur = ["default", "min_pressure", "max_latency", "pref_load", "pref_salu"]
    rng = np.random.default_rng(2026)
    out = {}
    kernels = 4  # build2 drew for each of its 4 kernels in turn
    for _k in range(kernels):
        for i in range(n):
            base = linear_seed(str(rng.choice(heur)))
            w = base + rng.normal(0, 3.0, len(FEATURES)) * (rng.random(len(FEATURES)) < 0.3)
            out.setdefault(_k, {})[i] = [float(x) for x in w]
    return out


def h200_runs() -> list[Timed]:
    out = []
    weights = None
    for fname in ("h200.json", "h200_pool2.json"):
        p = H200 / fname
        if not _exists(p):
            continue
        d = _load(p)
        for ki, (k, runs) in enumerate(d["kernels"].items()):
            w = {}
            if fname == "h200_pool2.json":
                weights = weights or pool2_weights()
                w = weights[list(SUITE).index(k) if k in SUITE else ki]
            for run in ("agents", "screen", "confirm"):
                r = runs.get(run) or {}
                settings = r.get("settings") or {}
                for name, v in (r.get("variants") or {}).items():
                    rec = _pool_recipe(name, v, w)
                    chk = {"decisions_hash": (v.get("static") or {}).get("decisions_hash")}
                    out.append(_from_variant(_rel(p), run, k, name, v, rec, settings,
                                             "" if rec else "unknown variant", chk))
    return out


# ---------------------------------------------------------------- searches

def search_runs() -> list[Timed]:
    out = []
    for p in _jsons(H200 / "search", "*/*.json"):
        d = _load(p)
        out += _search(p, d, d["kernel"])
    for p in _jsons(H200 / "triton", "*.search.json"):
        d = _load(p)
        for t in _search(p, d, "triton:" + p.name.split(".")[0]):
            t.recipe, t.why_not = None, "triton-ir"
            out.append(t)
    return out


def _search(p: Path, d: dict, kernel: str) -> list[Timed]:
    t = d.get("timing") or {}
    conf = t.get("confirmation") or {}
    settings = conf.get("settings") or {}
    fin = {f["name"]: f for f in t.get("finalists") or []}
    run = f"confirm ({p.parent.name})"
    out = []
    for name, v in (conf.get("variants") or {}).items():
        if name.startswith("default"):
            rec, chk = Recipe("default"), {}
        else:
            f = fin.get(name, {})
            rec = Recipe("policy", policy=f["policy"]) if f.get("policy") else None
            # the search's cache key includes the plugin build and ptxas, so it is not
            # reproducible elsewhere; the winner's decisions are (verify, decisions_text)
            chk = {"decisions_key": f.get("decisions_key"), "winner": name == t.get("winner")}
        out.append(_from_variant(_rel(p), run, kernel, name, v, rec, settings,
                                 "" if rec else "no policy", chk))
    ver = d.get("verify")
    if ver and d.get("decisions_text"):
        out.append(Timed(_rel(p), f"verify ({p.parent.name})", kernel, "winner",
                         Recipe("decisions", decisions=d["decisions_text"]), "",
                         ver.get("winner_median_us"), None, ver.get("speedup"),
                         ver.get("speedup_ci"), ver.get("rounds"), ver.get("reps"),
                         ver.get("registers"),
                         {"decisions_sha256": (d.get("best") or {}).get("decisions_sha256")}))
        out.append(Timed(_rel(p), f"verify ({p.parent.name})", kernel, "default",
                         Recipe("default"), "", ver.get("default_median_us"), None, 1.0, None,
                         ver.get("rounds"), ver.get("reps"), ver.get("default_registers")))
    return out


# ---------------------------------------------------------------- policy training

def train_runs() -> list[Timed]:
    out = []
    for sub in ("policy", "policy_guarded"):
        p = H200 / sub / "train.json"
        if not _exists(p):
            continue
        d = _load(p)
        template = d["policy"]
        scr = (d.get("timing") or {}).get("screening") or {}
        for c in d["candidates"]:
            pf = _candidate_file(template, c["params"])
            for k, s in c["speedups"].items():
                fb = (c.get("fallbacks") or {}).get(k)
                untimed = s == 1.0 and (fb or c["changed"].get(k, 0) == 0 or c["index"] == 0)
                rec = Recipe("default") if untimed else Recipe("policyfile", policyfile=pf)
                st = scr.get(k) or {}
                out.append(Timed(_rel(p), f"screen ({sub})", k, f"c{c['index']}", rec, "",
                                 None, None, s if s else None, None, st.get("rounds"),
                                 st.get("reps"), None,
                                 {"changed": c["changed"].get(k), "fallback": fb,
                                  "untimed": untimed}))
        conf = (d.get("timing") or {}).get("confirmation") or {}
        by_index = {c["index"]: c for c in d["candidates"]}
        for f in conf.get("finalists") or []:
            pf = _candidate_file(template, by_index[f["index"]]["params"])
            for k, s in f["speedups"].items():
                out.append(Timed(_rel(p), f"confirm ({sub})", k, f"c{f['index']}",
                                 Recipe("policyfile", policyfile=pf), "", None, None, s, None,
                                 conf.get("rounds"), conf.get("reps"), None,
                                 {"changed": by_index[f["index"]]["changed"].get(k)}))
    return out


def _candidate_file(template: dict, params: list) -> dict:
    d = json.loads(json.dumps(template))
    d["model"]["weights"] = [float(round(x, 6)) for x in params]
    d["provenance"] = {}
    return d


# ---------------------------------------------------------------- corpus evaluations

def corpus_runs() -> list[Timed]:
    out = []
    p = H200 / "corpus" / "corpus_gpu_check.json"
    if _exists(p):
        for r in _load(p)["kernels"]:
            out += _corpus_row(p, "corpus check", r, {})
    p = H200 / "policy" / "corpus_eval.json"
    if _exists(p):
        m = _load(H200 / "policy" / "corpus_eval_manifest.json")
        pol = _load(ROOT / "bench" / "h200" / "policy" / "policy.json")
        sha = {k["kernel"]: k for k in m["kernels"]}
        for r in _load(p)["kernels"]:
            out += _corpus_row(p, "corpus eval (policy run 1)", r, {"sm_90": pol},
                               sha.get(r["kernel"], {}))
    p = H200 / "corpus_perfmodel" / "corpus_gpu_check.json"  # bench/perfmodel/gpu_batch.py
    if _exists(p):
        pols = {f.stem: _load(f) for f in
                sorted((ROOT / "bench" / "perfmodel" / "batch_policies").glob("*.json"))}
        pols["shipped"] = _load(ROOT / "policies" / "sm_90.json")
        pols["predicted"] = _load(ROOT / "bench" / "perfmodel" / "policy_predicted_sm_90.json")
        m = _load(H200 / "corpus_perfmodel" / "manifest.json")  # the carry's: PTX hashes
        sha = {k["kernel"]: k for k in m["kernels"]}
        for r in _load(p)["kernels"]:
            out += _corpus_row(p, "perfmodel batch", r, pols, sha.get(r["kernel"], {}))
    p = H200 / "policy_guarded" / "eval.json"
    if _exists(p):
        # run 2's policy is the one shipped (policies/sm_90.json); policy.json was its copy
        pol = _load(ROOT / "policies" / "sm_90.json")
        d = _load(p)
        for r in d["kernels"]:
            out += _corpus_row(p, "eval (policy run 2, shipped)", r, {"sm_90": pol},
                               rounds=d.get("rounds"), reps=d.get("reps"))
    return out


def _corpus_row(p: Path, run: str, r: dict, policies: dict, manifest: dict | None = None,
                rounds=None, reps=None) -> list[Timed]:
    timing = r.get("timing") or {}
    st = timing.get("settings") or {}
    rounds, reps = st.get("rounds", rounds), st.get("reps", reps)
    k = r["kernel"]
    tri = k.startswith("triton_")
    out = [Timed(_rel(p), run, k, "default", Recipe("default"), "", r.get("median_us"),
                 r.get("ci95_us"), 1.0 if r.get("median_us") else None, None, rounds, reps,
                 r.get("registers"),
                 {"ptx_sha256": (manifest or {}).get("ptx_sha256")})]
    for name, v in (r.get("policies") or {}).items():
        if name not in policies or not v.get("speedup"):
            continue
        if v.get("same_as_default") or v.get("fallback"):
            continue  # LLVM's binary: not timed, 1 exactly
        mp = ((manifest or {}).get("policies") or {}).get(name, {})
        out.append(Timed(_rel(p), run, k, f"policy:{name}", Recipe("policyfile",
                         policyfile=policies[name]), "", v.get("median_us"), None,
                         v.get("speedup"), v.get("speedup_ci"), rounds, reps,
                         v.get("registers"), {"ptx_sha256": mp.get("ptx_sha256"),
                                              "changed": mp.get("changed")}))
    if tri and r.get("triton_median_us"):
        out.append(Timed(_rel(p), run, k, "triton", None, "triton's binary",
                         r.get("triton_median_us")))
    return out


# ---------------------------------------------------------------- the rest

def other_runs() -> list[Timed]:
    out = []
    for p in _jsons(H200 / "triton", "*.json"):
        if p.name.endswith(".search.json"):
            continue
        d = _load(p)
        comp = d.get("compare") or {}
        st = comp.get("settings") or {}
        for name, v in (comp.get("variants") or {}).items():
            out.append(_from_variant(_rel(p), "compare", "triton:" + p.stem, name, v, None,
                                     st, "triton-ir"))
    p = H200 / "own_kernel" / "sgemm_vectorize.json"
    if _exists(p):
        d = _load(p)
        st = d.get("settings") or {}
        for name, v in d["variants"].items():
            # the bundle (.devcarry/sgemm-own) is not in the repository: agent and seed
            # from the name (random{i}: seed i, as bench/h200.py), checked by registers only
            rec = _pool_recipe(name, v, {})
            out.append(_from_variant(_rel(p), "bundle", "own:sgemm_vectorize", name, v, rec,
                                     st, "" if rec else "unknown variant"))
    return out


def timed_variants() -> list[Timed]:
    return h200_runs() + search_runs() + train_runs() + corpus_runs() + other_runs()


# ---------------------------------------------------------------- parsing search policies

def parse_policy(s: str):
    """A search policy from its string: 'linear:w1,w2,...' or the repr of a
    LinearPolicy / HeuristicPolicy / PrefixPolicy (parsed, never evaluated)."""
    from legacy_linear import LegacyLinearPolicy

    from agentsched.searches.policies import HeuristicPolicy, PrefixPolicy
    if s.startswith("linear:"):  # made before the plugin's feature vector: the old features
        return LegacyLinearPolicy(tuple(float(x) for x in s[7:].split(",")))
    classes = {"LinearPolicy": LegacyLinearPolicy, "HeuristicPolicy": HeuristicPolicy,
               "PrefixPolicy": PrefixPolicy}

    def build(node):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id in classes and not node.args:
            return classes[node.func.id](**{kw.arg: build(kw.value) for kw in node.keywords})
        return ast.literal_eval(node)
    return build(ast.parse(s, mode="eval").body)


# ---------------------------------------------------------------- report

def table(rows: list[Timed]) -> str:
    by_src: dict[tuple, Counter] = defaultdict(Counter)
    for t in rows:
        src = t.source
        if "/search/" in src or src.endswith(".search.json"):
            src = str(Path(src).parent / "*.json") if "/search/" in src else \
                "bench/h200/triton/*.search.json"
        elif "/triton/" in src:
            src = "bench/h200/triton/*.json"
        key = (src, t.run.split(" (")[0])
        c = by_src[key]
        c["timed"] += 1
        c["kernels:" + t.kernel] += 0
        if t.recipe is None:
            c["not: " + t.why_not] += 1
        else:
            c[t.recipe.kind] += 1
    lines = ["| file | run | timed | kernels | re-creatable (how) | not re-creatable |",
             "|---|---|---|---|---|---|"]
    for (src, run), c in by_src.items():
        kinds = ", ".join(f"{k} {v}" for k, v in c.items()
                          if k in ("default", "agent", "decisions", "policy", "policyfile"))
        nots = ", ".join(f"{k[5:]} {v}" for k, v in c.items() if k.startswith("not: "))
        nk = sum(1 for k in c if k.startswith("kernels:"))
        lines.append(f"| {src} | {run} | {c['timed']} | {nk} | {kinds} | {nots} |")
    per_kernel: dict[str, Counter] = defaultdict(Counter)
    for t in rows:
        c = per_kernel[t.kernel]
        c["timed"] += 1
        if t.recipe is not None and not t.is_default and not t.check.get("untimed"):
            c["non-default re-creatable"] += 1
            c["schedules"] += 0
    sched: dict[str, set] = defaultdict(set)
    for t in rows:
        if t.recipe is not None and not t.is_default and not t.check.get("untimed"):
            sched[t.kernel].add(t.recipe.key())
    lines += ["", "| kernel | timed records | non-default, re-creatable | distinct schedules |",
              "|---|---|---|---|"]
    for k, c in sorted(per_kernel.items(), key=lambda kv: -kv[1]["non-default re-creatable"]):
        lines.append(f"| {k} | {c['timed']} | {c['non-default re-creatable']} | "
                     f"{len(sched[k])} |")
    return "\n".join(lines) + "\n"


def main() -> int:
    rows = timed_variants()
    text = table(rows)
    head = ("# Inventory of the H200 timings in bench/h200 (`python bench/perfmodel/"
            "inventory.py`)\n\n" + __doc__.split("\n\n", 1)[1].split("\n\nNot re-creatable")[0]
            + "\n\n")
    (Path(__file__).parent / "inventory.md").write_text(head + text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
