"""The compile side of bundles: variants of one kernel compiled here, timed where the GPU is
(agentsched/runtime/bundle.py reads them with no LLVM); and timings back into the store."""
from __future__ import annotations

import json
import tempfile
from dataclasses import dataclass
from pathlib import Path

from ..agents import make_agent
from ..core.files import write_text
from ..core.hashing import sha256_hex
from ..core.protocol import decisions_text, read_decisions
from ..kernels.ref import KernelRef
from ..llvm.compile import compile_ir
from ..llvm.metrics import launch_of, measurement_identity, static_metrics
from ..runtime.bundle import add_user_spec, load_bundle, write_manifest
from ..targets import parse_target
from ..tools.programs import llvm_version
from .store import Store


@dataclass
class VariantSpec:
    name: str
    agent: str | None = None  # live agent, or None for LLVM's default
    seed: int = 0
    decisions: Path | None = None  # or a decision file to replay (strict)


def build_bundle(kernel: KernelRef, target_name: str, variants: list[VariantSpec],
                 out_dir: Path, spec_file: Path | None = None, size: dict | None = None,
                 progress=None) -> Path:
    if kernel.spec is None:
        raise ValueError(f"{kernel.name}: a bundle needs a kernel spec (suite name or spec .py) "
                         "to run and check the kernel")
    target = parse_target(target_name)
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    ir = kernel.ir(target)
    suffix = target.module_suffix()
    entries = []
    for v in variants:
        if progress:
            progress(v.name)
        agent = make_agent(v.agent, seed=v.seed) if v.agent and v.agent != "default" else None
        decisions = read_decisions(v.decisions) if v.decisions else None
        try:
            res = compile_ir(ir, target, agent=agent, decisions=decisions)
        finally:
            if agent is not None:
                agent.close()
        module = res.write(out_dir / f"{v.name}{suffix}")
        applied = res.decisions if res.decisions is not None else decisions
        body = decisions_text(applied)
        dec_file = out_dir / f"{v.name}.decisions.jsonl"
        write_text(dec_file, body)
        m = static_metrics(res.asm, target, launch=launch_of(kernel),
                           entry=res.entry).as_dict()
        m.update({k: res.report[k] for k in ("decisions", "choices", "changed", "stale",
                                             "reverted_regions")})
        m["decisions_hash"] = sha256_hex(body)
        entries.append({"name": v.name, "agent": v.agent or "default", "module": module.name,
                        "entry": res.entry or kernel.spec.entry, "decisions_file": dec_file.name,
                        "metrics": m})
    kernel_obj = add_user_spec(out_dir, spec_file) if spec_file else \
        {"name": kernel.spec.name, "spec": f"suite:{kernel.spec.name}"}
    write_manifest(out_dir, {"kernel": kernel_obj, "size": size, "target": target.name,
                             "variants": entries,
                             "tool_versions": {"llvm": llvm_version(),
                                               "measurement": measurement_identity(
                                                   target, launch_of(kernel)),
                                               "ir_hash": sha256_hex(ir.read_bytes())}})
    return out_dir


def time_rows(kernel: KernelRef, target_name: str, rows: list[dict], store: Store,
              rounds: int = 15, reps: int = 5) -> list[dict]:
    """Time an experiment's rows on the local GPU: their applied decisions are replayed into a
    bundle, checked against the reference and timed together (interleaved, with an A/A copy
    of the default); time_us, time_ci_us and speedup are filled in and stored."""
    from ..runtime.bundle import time_bundle
    with tempfile.TemporaryDirectory(prefix="agentsched-time-") as d:
        d = Path(d)
        variants = []
        for r in rows:
            body = store.decisions(r["decisions_hash"]) or ""
            f = d / f"{r['agent']}.in.jsonl"
            f.write_text(body)
            variants.append(VariantSpec(r["agent"], None, decisions=f if body else None))
        build_bundle(kernel, target_name, variants, d / "bundle", spec_file=kernel.spec_file)
        res = time_bundle(d / "bundle", rounds=rounds, reps=reps,
                          baseline="default" if any(r["agent"] == "default" for r in rows)
                          else None)
    gpu = res.get("device", {}).get("gpu", "?")
    for r in rows:
        v = res["variants"][r["agent"]]
        r["time_us"] = v.get("median_us")
        r["time_ci_us"] = v.get("ci95")
        r["speedup"] = v.get("speedup")
        r["time_ok"] = v.get("ok")
        # with the run's A/A floor, which the report draws beside the speedups
        store.put_timing(decisions_hash=r["decisions_hash"], source_hash=r["source_hash"],
                         target=target_name, gpu=gpu,
                         result={**v, "noise_floor": res.get("noise_floor")})
    return rows


def merge_timings(bundle_dir: Path, store_path: Path | None = None) -> int:
    """Merge a bundle's results.json (timed anywhere) into the results store; returns how
    many timings were stored."""
    b = load_bundle(bundle_dir)
    results = json.loads((Path(bundle_dir) / "results.json").read_text())
    man = json.loads((Path(bundle_dir) / "manifest.json").read_text())
    ir_hash = man.get("tool_versions", {}).get("ir_hash", "")
    gpu = results.get("device", {}).get("gpu", "?")  # the runtimes' device_info() key
    by_name = {v["name"]: v for v in man["variants"]}
    store = Store(store_path)
    n = 0
    try:
        for name, r in results["variants"].items():
            src = by_name.get(name)
            if not src or r.get("aa_copy_of"):
                # the A/A copy is the baseline timed twice (its noise floor is in results.json):
                # stored, it would replace the baseline's own row (same schedule, same key)
                continue
            store.put_timing(decisions_hash=src["metrics"].get("decisions_hash", ""),
                             source_hash=ir_hash, target=b.target or "?", gpu=gpu, result=r)
            n += 1
    finally:
        store.close()
    return n
