"""The per-kernel choice made by the model alone (no GPU check), as a build with `--select`
makes it, judged on an H200 run of bench/corpus_gpu_check.py: is it safe enough to be the
default of builds (issue 22, item 3)?

For every kernel of the run's carry (its PTX: LLVM's default and each policy's), ptxas here
assembles both, the shipped model predicts the policy's speedup over LLVM's default with its
interval, and the choice is the policy's schedule only when the model is sure (interval above
1: searches.predicted.choose's rule), else LLVM's. The measured speedup of the run (all
rounds, reference-checked) judges it. The choice never looks at the timings, so all rounds
can judge it (unlike choice_eval.py's GPU check, which must be judged on other rounds).

    python bench/perfmodel/choice_model.py RUN.json.xz --carry .devcarry/X [--policy NAME ...]
        [-o bench/perfmodel/CHOICE_MODEL.md]
"""
from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from choice_eval import geomean, load  # noqa: E402

from agentsched.targets import parse_target  # noqa: E402
from agentsched.targets import perfmodel as pm  # noqa: E402
from agentsched.targets.nvptx import run_ptxas  # noqa: E402

SIGN_BEYOND = 0.02


def cubin(ptx: Path, target: str) -> bytes:
    r = run_ptxas(ptx.read_text(), target)
    if r is None or r.cubin is None:
        raise SystemExit(f"{ptx}: ptxas failed ({'no ptxas' if r is None else r.log[-300:]})")
    return r.cubin


def rows_of(run: dict, carry: Path, policies: list[str], model: pm.PerfModel) -> list[dict]:
    manifest = json.loads((carry / "manifest.json").read_text())
    entries = {e["kernel"]: e for e in manifest["kernels"]}
    out = []
    for k in run["kernels"]:
        e = entries.get(k["kernel"])
        if not k.get("ok") or e is None:
            continue
        t = parse_target(e["target"]).name
        default = cubin(carry / "ptx" / f"{k['kernel']}.ptx", t)
        for name in policies:
            pol = (k.get("policies") or {}).get(name) or {}
            f = carry / "ptx" / f"{k['kernel']}.{name}.ptx"
            if not pol.get("ok", False) or not f.is_file():
                continue
            row = {"kernel": k["kernel"], "family": k["family"], "bound": k.get("bound"),
                   "policy": name, "measured": 1.0 if pol.get("same_as_default") else
                   pol.get("speedup"), "ci": pol.get("speedup_ci")}
            mine = cubin(f, t)
            if mine == default:
                row.update(predicted=1.0, lo=1.0, hi=1.0, chosen="llvm (same code)")
            else:
                p = model.predict_cubins([mine], default, e.get("symbol"))[0]
                row.update(predicted=p.speedup, lo=p.lo, hi=p.hi,
                           chosen="policy" if p.lo > 1.0 else "llvm")
            row["judged"] = row["measured"] if row["chosen"] == "policy" else 1.0
            out.append(row)
    return out


def summary(rows: list[dict], name: str) -> list[str]:
    rs = [r for r in rows if r["policy"] == name and r["measured"]]
    sure = [r for r in rs if r["chosen"] == "policy"]
    below = [r for r in rs if r["lo"] > 1.0 or r["hi"] < 1.0]
    right = [r for r in below if (r["measured"] > 1.0) == (r["lo"] > 1.0)]
    far = [r for r in rs if abs(r["measured"] - 1.0) > SIGN_BEYOND and r["predicted"] != 1.0]
    sign = [r for r in far if (r["measured"] > 1.0) == (r["predicted"] > 1.0)]
    inside = [r for r in rs if r["lo"] <= r["measured"] <= r["hi"]]
    out = [f"`{name}`: {len(rs)} kernels; the model is sure for {len(below)} "
           f"(right for {len(right)}), takes the policy for {len(sure)}; measured inside the "
           f"interval for {len(inside)} ({len(inside) / max(len(rs), 1):.0%}); sign right "
           f"for {len(sign)} of {len(far)} beyond {SIGN_BEYOND:.0%}"]
    for bound in ("compute", "memory"):
        b = [r for r in rs if r["bound"] == bound]
        if b:
            alone, chosen = [r["measured"] for r in b], [r["judged"] for r in b]
            out.append(f"  - {bound}-bound ({len(b)}): policy alone geomean "
                       f"{geomean(alone):.4f} (min {min(alone):.4f}); model-only choice "
                       f"geomean {geomean(chosen):.4f} (min {min(chosen):.4f})")
    return out


def report(rows: list[dict], policies: list[str], cmd: str) -> str:
    out = ["# The model-only choice (what a build with `--select` does), on held-out kernels",
           "", f"`{cmd}` (bench/perfmodel/choice_model.py says how).", ""]
    for name in policies:
        out += [f"- {line.strip()}" if not line.startswith("  ") else line
                for line in summary(rows, name)]
    out += ["", "| kernel | family | bound | policy | measured | predicted | interval | chosen |",
            "|---|---|---|---|---|---|---|---|"]
    for r in sorted(rows, key=lambda r: (r["bound"] or "", r["family"], r["kernel"],
                                         r["policy"])):
        m = r["measured"]
        out.append(f"| {r['kernel']} | {r['family']} | {r['bound']} | {r['policy']} | "
                   f"{m:.4f} | {r['predicted']:.3f} | {r['lo']:.3f} .. {r['hi']:.3f} | "
                   f"{r['chosen']} |" if m is not None and math.isfinite(m) else "")
    return "\n".join(line for line in out if line is not None) + "\n"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("run", type=Path)
    ap.add_argument("--carry", type=Path, required=True)
    ap.add_argument("--policy", action="append", default=None)
    ap.add_argument("-o", "--out", type=Path, default=None)
    a = ap.parse_args()
    run = load(a.run)
    policies = a.policy or sorted({n for k in run["kernels"] for n in k.get("policies") or {}})
    rows = rows_of(run, a.carry, policies, pm.load())
    cmd = (f"python bench/perfmodel/choice_model.py {a.run} --carry {a.carry} " +
           " ".join(f"--policy {p}" for p in policies))
    text = report(rows, policies, cmd)
    if a.out:
        a.out.write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
