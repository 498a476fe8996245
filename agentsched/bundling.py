"""The compile side of bundles: variants of one kernel compiled here, timed where the GPU is
(agentsched/runtime/bundle.py reads them with no LLVM)."""
from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path

from .agents import make_agent
from .experiment import KernelRef, decisions_body
from .metrics import launch_of, measurement_identity, static_metrics
from .protocol import atomic_write_text, read_decisions
from .runtime.bundle import add_user_spec, write_manifest
from .store import Store, content_hash
from .toolchain import compile_ir, module_suffix, parse_target, write_output
from .toolchain.tools import llvm_version


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
    suffix = module_suffix(target)
    entries = []
    for v in variants:
        if progress:
            progress(v.name)
        agent = make_agent(v.agent, seed=v.seed) if v.agent and v.agent != "default" else None
        decisions = read_decisions(v.decisions) if v.decisions else None
        res = compile_ir(ir, target, agent=agent, decisions=decisions)
        module = write_output(res, out_dir / f"{v.name}{suffix}")
        applied = res.decisions if res.decisions is not None else decisions
        body = decisions_body(applied)
        dec_file = out_dir / f"{v.name}.decisions.jsonl"
        atomic_write_text(dec_file, body)
        m = static_metrics(res.asm, target, with_cycles=target.is_amdgpu,
                           launch=launch_of(kernel.spec), entry=res.entry).as_dict()
        m.update({k: res.report[k] for k in ("decisions", "choices", "changed", "stale",
                                             "reverted_regions")})
        m["decisions_hash"] = content_hash(body)
        entries.append({"name": v.name, "agent": v.agent or "default", "module": module.name,
                        "entry": res.entry or kernel.spec.entry, "decisions_file": dec_file.name,
                        "metrics": m})
    kernel_obj = add_user_spec(out_dir, spec_file) if spec_file else \
        {"name": kernel.name, "spec": f"suite:{kernel.name}"}
    write_manifest(out_dir, {"kernel": kernel_obj, "size": size, "target": target.name,
                             "variants": entries,
                             "tool_versions": {"llvm": llvm_version(),
                                               "measurement": measurement_identity(target),
                                               "ir_hash": content_hash(ir.read_bytes())}})
    return out_dir


def time_rows(kernel: KernelRef, target_name: str, rows: list[dict], store: Store,
              rounds: int = 15, reps: int = 5) -> list[dict]:
    """Time an experiment's rows on the local GPU: their applied decisions are replayed into a
    bundle, checked against the reference and timed together (interleaved, with an A/A copy
    of the default); time_us, time_ci_us and speedup are filled in and stored."""
    from .runtime.bundle import time_bundle
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
