"""Check the whole corpus without a GPU: `python -m corpus.check`.

For every kernel:
  spec    its inputs and reference run on the CPU at the small size; every output buffer has a
          reference of the right shape, finite, which the spec's own check accepts; the grid
          and block are defined at both sizes; the roofline class at the default size matches
          the family's; the sizing estimate is within 0.1-3 ms (a warning otherwise).
  sm_90   compiled through agentsched (clang-19 / Triton capture, llc-19 + plugin) with LLVM's
          default schedule and with random schedules; ptxas's registers, spills and the
          occupancy at the spec's block (agentsched.llvm.metrics).
  AMD     the family's AMD forms (HIP sources, Triton for gfx*) on gfx942 and gfx1100: VGPRs,
          SGPRs, waves per SIMD, spills and llvm-mca cycles, for the same schedules.

Any failure is one line naming the kernel and what broke, and the exit status is 1. The
Markdown table (--markdown FILE) is what corpus/README.md records.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
import traceback
from concurrent.futures import ProcessPoolExecutor, as_completed
from multiprocessing import get_context

import numpy as np

NVIDIA = "sm_90"
AMD_TARGETS = ("gfx942", "gfx1100")
EST_RANGE_US = (100.0, 3000.0)


# -- the spec on the CPU -------------------------------------------------------------------------

def check_spec(k) -> tuple[list[str], list[str]]:
    """(errors, warnings) of one kernel's spec, on the CPU at its small size."""
    import corpus
    from corpus.core import Sampled
    errors, warnings = [], []
    s = k.spec
    fam = corpus.families()[k.family]
    for label, size in (("default", s.default_size), ("small", s.small_size)):
        try:
            grid, block = tuple(s.grid(dict(size))), (tuple(s.block(dict(size)))
                                                      if k.kind == "cuda" else None)
            if not grid or any(int(g) < 1 for g in grid):
                errors.append(f"grid at the {label} size is {grid}")
            if block is not None and not 1 <= int(np.prod(block)) <= 1024:
                errors.append(f"block at the {label} size is {block}")
        except Exception as e:
            errors.append(f"grid/block at the {label} size: {type(e).__name__}: {e}")
    size = dict(s.small_size)
    try:
        host = s.make_args(size, seed=0)
        want = s.reference(host, size)
    except Exception as e:
        return errors + [f"inputs/reference at the small size: {type(e).__name__}: {e}"], warnings
    outputs = {b.name: b for b in s.buffers() if b.output}
    for name in outputs:
        if name not in want:
            errors.append(f"output {name!r} has no reference")
    got = {}
    for name, exp in want.items():
        if name not in outputs:
            errors.append(f"reference names {name!r}, which is not an output buffer")
            continue
        shape = tuple(outputs[name].shape(size))
        vals = exp.values if isinstance(exp, Sampled) else exp
        try:
            expected_shape = np.empty(shape, dtype=np.int8)[exp.index].shape \
                if isinstance(exp, Sampled) else shape
        except IndexError as e:
            errors.append(f"output {name!r}: sample index {exp.index} outside {shape}: {e}")
            continue
        if np.shape(vals) != expected_shape:
            errors.append(f"output {name!r}: reference shape {np.shape(vals)}, buffer "
                          f"{'sample ' if isinstance(exp, Sampled) else ''}{expected_shape}")
            continue
        if not np.all(np.isfinite(np.asarray(vals, dtype=np.float64))):
            errors.append(f"output {name!r}: reference is not finite")
            continue
        got[name] = _as_output(k, name, host[name], exp)
    if not errors:
        ok, err = s.check(host, got, size, want)
        if not ok:
            errors.append(f"the reference fails its own check (max rel err {err:.3g}): the "
                          "output dtype cannot hold it within rtol/atol")
    w = k.work()
    if w.bound != fam.bound:
        errors.append(f"roofline class {w.bound} ({w.intensity:.3g} FLOP/byte) differs from "
                      f"family {fam.name}'s {fam.bound}")
    est = w.estimate_us(k.efficiency or fam.efficiency)
    if not EST_RANGE_US[0] <= est <= EST_RANGE_US[1]:
        warnings.append(f"estimated {est:.0f} µs at the default size, outside "
                        f"{EST_RANGE_US[0]:.0f}-{EST_RANGE_US[1]:.0f} µs")
    return errors, warnings


def _as_output(k, name, buf, exp) -> np.ndarray:
    """The reference written into an output buffer of the kernel's dtype, as a kernel would."""
    from corpus.core import Sampled, bf16_bits
    out = np.array(buf, copy=True)
    vals = exp.values if isinstance(exp, Sampled) else exp
    bf16 = name in getattr(k.spec, "bf16", ())
    vals = bf16_bits(np.asarray(vals, np.float32)) if bf16 else np.asarray(vals).astype(out.dtype)
    if isinstance(exp, Sampled):
        out[exp.index] = vals
    else:
        out[...] = vals
    return out


# -- compiles ------------------------------------------------------------------------------------

def compile_kernel(name: str, target: str, seeds: tuple) -> dict:
    """LLVM's default and random schedules of one kernel on one target: static metrics."""
    import corpus
    from agentsched.agents import make_agent
    from agentsched.kernels.spec import KernelSpec
    from agentsched.llvm.compile import compile_ir
    from agentsched.llvm.metrics import launch_of, static_metrics
    k = corpus.get(name)
    t0 = time.time()
    ir, t = k.ir(target)
    spec = k.spec if not (t.family == "amdgpu") else (k.amd_spec or k.spec)
    launch = launch_of(spec) if isinstance(spec, KernelSpec) else None
    row = {"kernel": name, "target": t.name, "schedules": {}}
    for label, seed in [("default", None)] + [(f"random{s}", s) for s in seeds]:
        agent = make_agent("random", seed=seed) if seed is not None else None
        try:
            res = compile_ir(ir, t, agent=agent)
        finally:
            if agent is not None:
                agent.close()
        m = static_metrics(res.asm, t, with_cycles=(t.family == "amdgpu"), launch=launch, entry=res.entry)
        if m.vgpr is None:
            raise RuntimeError(f"no register count for {res.entry or 'the kernel'} on {t.name} "
                               "(ptxas missing or the kernel is not in the output)")
        row["schedules"][label] = {**m.as_dict(), "decisions": res.report.get("decisions"),
                                   "changed": res.report.get("changed")}
    row["seconds"] = round(time.time() - t0, 1)
    return row


def _compile_job(name, target, seeds):
    try:
        return compile_kernel(name, target, seeds)
    except Exception as e:
        return {"kernel": name, "target": target, "error": f"{type(e).__name__}: {e}",
                "trace": traceback.format_exc(limit=3)}


# -- report --------------------------------------------------------------------------------------

def _cell(row: dict | None, amd: bool) -> str:
    if row is None:
        return ""
    if "error" in row:
        return "FAILED"
    s = row["schedules"]
    d = s["default"]
    regs = "/".join(str(s[k]["vgpr"]) for k in s)
    spills = "/".join(str(s[k]["spills"] or 0) for k in s)
    occ = "/".join(str(s[k]["occupancy"]) for k in s)
    if amd:
        return f"{regs} v, {occ} w" + (f", {spills} sp" if spills.strip("/0") else "")
    return f"{regs} r, {spills} sp, {occ} warps, {d['decisions']} dec"


def markdown(rows: list[dict], targets: list[str]) -> str:
    amd = [t for t in targets if t != NVIDIA]
    head = ("| kernel | family | split | class | sm_90: registers, spills, warps/SM (default/"
            "random0/random1), decisions |" + "".join(f" {t}: VGPRs, waves (default/random0/"
                                                       f"random1) |" for t in amd))
    lines = [head, "|" + "---|" * (5 + len(amd))]
    for r in rows:
        cells = [r["kernel"], r["family"], r["split"], r["bound"],
                 _cell(r["targets"].get(NVIDIA), False)]
        cells += [_cell(r["targets"].get(t), True) for t in amd]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m corpus.check", description=__doc__.split("\n")[0])
    ap.add_argument("--targets", default=",".join((NVIDIA,) + AMD_TARGETS),
                    help="comma-separated: sm_90 and/or AMD targets (default: %(default)s)")
    ap.add_argument("--family", action="append", default=[], help="only these families")
    ap.add_argument("--kernel", action="append", default=[], help="only these kernels")
    ap.add_argument("--seeds", type=int, nargs="*", default=[0, 1],
                    help="random schedules compiled beside LLVM's default (default: 0 1)")
    ap.add_argument("--jobs", type=int, default=2, help="compile processes (default: 2)")
    ap.add_argument("--no-compile", action="store_true", help="the CPU spec checks only")
    ap.add_argument("--json", help="write every figure here")
    ap.add_argument("--markdown", help="write the table here")
    a = ap.parse_args(argv)

    import corpus
    targets = [t for t in a.targets.split(",") if t]
    ks = [k for k in corpus.kernels()
          if (not a.family or k.family in a.family) and (not a.kernel or k.name in a.kernel)]
    unknown = set(a.kernel) - {k.name for k in corpus.kernels()} | \
        set(a.family) - set(corpus.families())
    if unknown:
        print(f"error: unknown kernels/families: {', '.join(sorted(unknown))}", file=sys.stderr)
        return 2
    fams = corpus.families()
    rows = {k.name: {"kernel": k.name, "family": k.family, "split": corpus.family_split(k.family),
                     "bound": fams[k.family].bound, "targets": {}} for k in ks}
    failures = 0
    t0 = time.time()
    for k in ks:
        errors, warnings = check_spec(k)
        rows[k.name].update(spec_errors=errors, spec_warnings=warnings)
        for e in errors:
            print(f"FAIL {k.name}: spec: {e}", flush=True)
        for w in warnings:
            print(f"warn {k.name}: {w}", flush=True)
        failures += bool(errors)
    print(f"specs: {len(ks)} checked on the CPU, {failures} broken ({time.time() - t0:.0f} s)",
          flush=True)

    if not a.no_compile:
        jobs = [(k.name, t) for k in ks for t in targets
                if t == NVIDIA or t in corpus.amd_targets(k)]
        with ProcessPoolExecutor(max_workers=max(1, a.jobs),
                                 mp_context=get_context("spawn")) as pool:
            futs = [pool.submit(_compile_job, n, t, tuple(a.seeds)) for n, t in jobs]
            for f in as_completed(futs):
                r = f.result()
                rows[r["kernel"]]["targets"][r["target"] if "error" in r else
                                             _target_key(r["target"])] = r
                if "error" in r:
                    failures += 1
                    print(f"FAIL {r['kernel']} on {r['target']}: {r['error']}", flush=True)
                else:
                    print(f"ok   {r['kernel']:48s} {r['target']:8s} "
                          f"{_cell(r, r['target'].startswith('gfx'))} ({r['seconds']} s)",
                          flush=True)
    table = markdown(list(rows.values()), targets)
    if a.markdown:
        with open(a.markdown, "w") as fh:
            fh.write(table)
    if a.json:
        with open(a.json, "w") as fh:
            json.dump({"targets": targets, "seeds": a.seeds, "rows": list(rows.values())}, fh,
                      indent=1, default=str)
    broken = sorted({r["kernel"] for r in rows.values()
                     if r["spec_errors"] or any("error" in x for x in r["targets"].values())})
    print(f"{len(ks)} kernels, {len(broken)} broken{': ' + ', '.join(broken) if broken else ''}"
          f" ({time.time() - t0:.0f} s)")
    return 1 if broken else 0


def _target_key(target: str) -> str:
    """Triton compiles Hopper kernels for sm_90a: one column for both."""
    return NVIDIA if target.startswith("sm_90") else target


if __name__ == "__main__":
    sys.exit(main())
