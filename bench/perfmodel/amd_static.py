"""The AMD static model's predictions (agentsched.targets.perfmodel_amd) for a few schedules
of the AMD-capable corpus kernels on gfx1100 and gfx942: PREDICTIONS, NOT MEASUREMENTS (there
is no AMD GPU; the model is an uncalibrated formula, docs/perfmodel.md "AMD targets").

Usage (from the repository root, CPU only, a few minutes on 2 cores):

    python bench/perfmodel/amd_static.py [--workers 2] [--out bench/perfmodel/amd_static]

Writes OUT.json (every prediction, its basis and the terms of the formula) and OUT.md. Per
target and kernel (corpus.amd_targets; the kernels issue 22 names as evidence, conv2d and
nbody, are left out as from every model record, bench/perfmodel/train.py's excluded()), the
variants are VARIANTS: the shipped policy (policies/<target>.json) and two of the seed's
heuristics, each predicted against LLVM's default schedule of the same kernel.
"""
from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "bench" / "perfmodel"))

import corpus  # noqa: E402
from agentsched.core.files import write_text  # noqa: E402
from agentsched.core.hashing import sha256_hex  # noqa: E402
from agentsched.llvm.compile import compile_ir  # noqa: E402
from agentsched.searches.evaluate import rollout  # noqa: E402
from agentsched.searches.evaluator import Workers  # noqa: E402
from agentsched.searches.policies import HeuristicPolicy  # noqa: E402
from agentsched.targets import parse_target  # noqa: E402
from agentsched.targets import perfmodel_amd as pa  # noqa: E402
from agentsched.targets.amdgpu import kernel_asm  # noqa: E402

TARGETS = ("gfx1100", "gfx942")
SPLITS = ("train", "validation", "test")
VARIANTS = ("policy", "heuristic:min_pressure", "heuristic:max_latency")  # "llvm": the default


def evidence(kernel: str, family: str) -> str | None:
    """Issue 22's evidence kernels (train.py's excluded(), its Triton clause aside: this
    record fits nothing, and Triton kernels are most of the AMD forms)."""
    from train import excluded
    why = excluded(kernel, family)
    return why if why and why.startswith("issue 22") else None


def variant(ir: str, target: str, how: str) -> dict:
    """One schedule of one kernel: its code's features (a worker task)."""
    t = parse_target(target)
    t0 = time.perf_counter()
    try:
        if how == "llvm":
            asm = compile_ir(Path(ir), t).asm
        elif how == "policy":
            asm = compile_ir(Path(ir), t, policy=ROOT / "policies" / f"{target}.json").asm
        else:
            asm = rollout(ir, t, HeuristicPolicy(how.split(":", 1)[1]),
                          module_suffix=".s").module.decode()
        code = kernel_asm(asm, None)[0]
        return {"features": pa.features(asm, target), "code": sha256_hex(code.encode()),
                "seconds": round(time.perf_counter() - t0, 2)}
    except Exception as e:  # one kernel's failure is recorded, the rest goes on
        return {"error": f"{type(e).__name__}: {str(e)[:300]}"}


def rows_of(target: str) -> tuple[list[dict], list[dict]]:
    rows, left = [], []
    for split in SPLITS:
        for k in corpus.kernels(split=split):
            if target not in corpus.amd_targets(k):
                continue
            why = evidence(k.name, k.family)
            if why:
                left.append({"kernel": k.name, "why": why})
                continue
            ir, own = k.ir(target)
            rows.append({"kernel": k.name, "family": k.family, "split": split,
                         "ir": str(ir), "target": getattr(own, "name", target)})
    return rows, left


def predict(default: dict, var: dict) -> dict:
    if "error" in default or "error" in var:
        return {"error": default.get("error") or var.get("error")}
    if var["code"] == default["code"]:
        p = pa.IDENTICAL
    else:
        p = pa.predict_pair(var["features"], default["features"])
    f, d = var["features"], default["features"]
    notes = [r["note"] for r in f["regions"] if r.get("note")]
    return {**p.as_dict(), "occupancy": [d["occupancy"], f["occupancy"]],
            "vgprs": [d["vgprs"] + d["agprs"], f["vgprs"] + f["agprs"]],
            "loop_spills": [d["l_spills"], f["l_spills"]],
            "mca_note": notes[0] if notes else None}


def run(workers: int) -> dict:
    pool = Workers(workers)
    out: dict = {}
    try:
        for target in TARGETS:
            rows, left = rows_of(target)
            hows = ("llvm", *VARIANTS)
            res = pool.map(variant, [((r["ir"], r["target"], h), {}) for r in rows
                                     for h in hows])
            kernels = []
            for i, r in enumerate(rows):
                got = res[i * len(hows):(i + 1) * len(hows)]
                kernels.append({**{k: r[k] for k in ("kernel", "family", "split")},
                                "predictions": {h: predict(got[0], g)
                                                for h, g in zip(VARIANTS, got[1:])}})
            out[target] = {"kernels": kernels, "left_out": left}
    finally:
        pool.close()
    return out


def _fmt(p: dict) -> str:
    if "error" in p:
        return "error"
    if p["basis"] == "identical":
        return "= LLVM's"
    s = f"{p['speedup']:.3f} [{p['lo']:.2f}, {p['hi']:.2f}]"
    return s + (" **sure**" if p["sure"] else "") + (" (no mca)" if p["t_variant"] is None
                                                      else "")


def summary(kernels: list[dict], how: str) -> dict:
    ps = [k["predictions"][how] for k in kernels]
    ok = [p for p in ps if "error" not in p]
    modelled = [p for p in ok if p["basis"] != "identical" and p["t_variant"] is not None]
    logs = [math.log(p["speedup"]) for p in modelled]
    return {"kernels": len(ps), "errors": len(ps) - len(ok),
            "identical": sum(p["basis"] == "identical" for p in ok),
            "modelled": len(modelled),
            "geomean": round(math.exp(sum(logs) / len(logs)), 4) if logs else None,
            "faster": sum(x > 0 for x in logs), "slower": sum(x < 0 for x in logs),
            "sure": sum(p["sure"] for p in ok),
            "occupancy_changed": sum(p["occupancy"][0] != p["occupancy"][1] for p in ok)}


def markdown(data: dict) -> str:
    out = ["# The AMD static model's predictions (not measurements)", "",
           f"Made by `{data['command']}` ({data['seconds']} s). **Every figure here is a "
           "prediction of agentsched.targets.perfmodel_amd, an analytic formula that was "
           "never calibrated: there is no AMD GPU, no AMD timing exists** "
           "(docs/perfmodel.md, \"AMD targets\"). `calibrated: false` on every record of "
           "[amd_static.json](amd_static.json). Speedup > 1: predicted faster than LLVM's "
           "default schedule of the same kernel; the interval is the model's deliberately "
           "wide one; *sure* only by the spill rule.", ""]
    for target, d in data["targets"].items():
        out += [f"## {target}", "",
                "| variant | kernels | same code as LLVM's | modelled | geomean predicted | "
                "faster / slower | sure | occupancy changed | errors |",
                "|---|---|---|---|---|---|---|---|---|"]
        for how in VARIANTS:
            s = summary(d["kernels"], how)
            g = "—" if s["geomean"] is None else f"{s['geomean']:.4f}"
            out.append(f"| {how} | {s['kernels']} | {s['identical']} | {s['modelled']} | {g} "
                       f"| {s['faster']} / {s['slower']} | {s['sure']} | "
                       f"{s['occupancy_changed']} | {s['errors']} |")
        out += ["", "| kernel | family | split | " + " | ".join(VARIANTS) + " |",
                "|---|---|---|" + "---|" * len(VARIANTS)]
        for k in d["kernels"]:
            out.append(f"| {k['kernel']} | {k['family']} | {k['split']} | " +
                       " | ".join(_fmt(k["predictions"][h]) for h in VARIANTS) + " |")
        if d["left_out"]:
            out += ["", f"Left out (issue 22 evidence): {len(d['left_out'])} kernels "
                    f"({', '.join(sorted({x['kernel'] for x in d['left_out']})[:6])}, ...)."]
        out.append("")
    out += ["(no mca): llvm-mca-19 gave no estimate of some loop (e.g. every instruction left "
            "out), so the formula has no time: speedup 1, not sure.", ""]
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", type=Path, default=ROOT / "bench" / "perfmodel" / "amd_static")
    a = ap.parse_args(argv)
    t0 = time.perf_counter()
    targets = run(a.workers)
    data = {"command": "python bench/perfmodel/amd_static.py" +
            (f" --workers {a.workers}" if a.workers != 2 else ""),
            "seconds": round(time.perf_counter() - t0, 1), "calibrated": False,
            "model": {t: pa.load(t).sha256[:16] for t in TARGETS},
            "constants": {"TRIPS": pa.TRIPS, "SPILL_CYCLES": pa.SPILL_CYCLES,
                          "INTERVAL_FLOOR": pa.INTERVAL_FLOOR},
            "targets": targets}
    write_text(a.out.with_suffix(".json"), json.dumps(data, indent=1) + "\n")
    write_text(a.out.with_suffix(".md"), markdown(data))
    print(f"wrote {a.out.with_suffix('.json')} and {a.out.with_suffix('.md')} "
          f"({data['seconds']} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
