"""Every corpus kernel once on the H200 with LLVM 19's default schedule: checked against its
reference, then timed (median over interleaved rounds, with an A/A copy for the noise floor).

The GPU machine has no LLVM 19, so the PTX is made here and carried:

  python bench/corpus_gpu_check.py carry          # here: .devcarry/corpus/ (PTX + manifest)
  python bench/corpus_gpu_check.py run OUT        # there: OUT/corpus_gpu_check.json
  python bench/corpus_gpu_check.py run OUT --dry-run   # anywhere, no GPU: the same run at
                                                  # the small sizes, _dry_check for the GPU
  python bench/corpus_gpu_check.py report OUT     # here: bench/h200/RESULTS_corpus.md
                                                  # (recorded: bench/h200/corpus/, its
                                                  # corpus_gpu_check.json as .json.xz)

carry compiles each kernel with llc-19 + the plugin and no agent (LLVM's own schedule: stock
llc's output) through the corpus (corpus.CorpusKernel.ir: clang-19 for CUDA, Triton's capture
for Triton) and records what the GPU side checks before trusting a file: the PTX's sha256,
the kernel's symbol, its size, and for Triton kernels the digest of the LLVM IR Triton made
here, debug information aside (the GPU host's Triton must make the same kernel, or the swapped
binary would not match the launcher's arguments: such a kernel is reported and not timed).

run, on the GPU machine (CuPy, Triton, torch; no LLVM): ptxas -O3 assembles every PTX
(CUDA kernels with the machine's ptxas, Triton kernels with Triton's, as bench/h200_triton.py
does) while other processes warm Triton's cache for the Triton kernels; then a worker process
takes the kernels in order. For each: inputs and the NumPy reference at the default size
(prepared by threads ahead of the GPU, shared between kernels with the same inputs), then
agentsched's runtime checks LLVM's default against the reference and times it interleaved
with a second, separately loaded copy (A/A). A Triton kernel runs through Triton's own
launcher: Triton's own binary is first checked against the NumPy reference (the spec's
check), then LLVM's default against Triton's output, and both are timed. One kernel's failure
is recorded and the others go on; a worker that dies or hangs (--kernel-timeout) is replaced
and the kernel it was running recorded as failed. New kernels stop starting when --budget-s
is spent (default 165 s from the start, for a 3-minute device allowance); the kernels left
are listed as not run. Results accumulate in --state after every kernel: the same command
again, on the same machine, continues where it stopped.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import threading
import time
import traceback
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
import benchdata  # noqa: E402

CARRY = ROOT / ".devcarry" / "corpus"  # .devcarry/ is ignored by git; name it in the carry
MANIFEST = "manifest.json"
RESULT = "corpus_gpu_check.json"
DEFAULT_STATE = Path("/tmp/agentsched-corpus-gpu")  # on the GPU machine, outside OUT
RANGE_US = (100.0, 3000.0)  # outside: the size should change (noise / wasted GPU time)


def log(*a):
    print(time.strftime("%H:%M:%S"), *a, flush=True)


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def llir_digest(text: str) -> str:
    """sha256 of Triton's LLVM IR without its debug information, which names the directories
    of the Python sources (another checkout, another site-packages on the GPU machine)."""
    import re
    keep = [re.sub(r", !dbg !\d+", "", ln) for ln in text.splitlines()
            if not re.match(r"!\d+ = (distinct )?!DI", ln) and not ln.lstrip().startswith("#dbg_")]
    return _sha("\n".join(keep).encode())


def _atomic_json(path: Path, data) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(json.dumps(data, indent=1, default=str) + "\n")
    os.replace(tmp, path)


# ================================================================ here: carry

def _compile_default(name: str, policies: dict | None = None) -> dict:
    """LLVM 19's default schedule of one kernel for the H200: PTX and what identifies it;
    policies (name -> policy file): the same kernel scheduled by each, where its PTX differs
    from the default's ("ptx_<name>"), else marked the same (nothing to time)."""
    import corpus
    from agentsched.kernels.spec import KernelSpec
    from agentsched.llvm.compile import compile_ir
    from agentsched.llvm.metrics import launch_of, static_metrics
    k = corpus.get(name)
    try:
        ir, t = k.ir("sm_90")
        res = compile_ir(ir, t)
        launch = launch_of(k.spec) if isinstance(k.spec, KernelSpec) else None
        m = static_metrics(res.asm, t, launch=launch, entry=res.entry)
        entry = {"kernel": name, "family": k.family, "kind": k.kind, "target": t.name,
                 "symbol": res.entry, "size": dict(k.spec.default_size),
                 "ptx": res.asm, "ptx_sha256": _sha(res.asm.encode()),
                 "static_here": m.as_dict(), "decisions": res.report.get("decisions")}
        entry["policies"] = {}
        for pname, pfile in (policies or {}).items():
            pres = compile_ir(ir, t, policy=ROOT / pfile)
            pm = static_metrics(pres.asm, t, launch=launch, entry=pres.entry)
            same = pres.asm == res.asm
            entry["policies"][pname] = {
                "same_as_default": same, "changed": pres.report.get("changed"),
                "static_here": pm.as_dict(),
                **({} if same else {"ptx_sha256": _sha(pres.asm.encode())})}
            if not same:
                entry[f"ptx_{pname}"] = pres.asm
        if k.kind == "triton":
            kernel = k.spec.capture("sm_90")
            entry["triton_llir_digest"] = llir_digest(kernel.llir.read_text())
            entry["triton_num_warps"] = kernel.num_warps
            entry["symbol"] = kernel.name
        return entry
    except Exception as e:
        return {"kernel": name, "error": f"{type(e).__name__}: {e}"}


def carry(names: list[str] | None, jobs: int, policies: dict | None = None) -> int:
    from multiprocessing import get_context

    import corpus
    from agentsched.targets.nvptx import ptxas_version
    from agentsched.tools.programs import llvm_version
    ks = [k.name for k in corpus.kernels() if not names or k.name in names]
    if CARRY.exists():
        shutil.rmtree(CARRY)
    (CARRY / "ptx").mkdir(parents=True)
    t0 = time.time()
    entries, failed = [], []
    with ProcessPoolExecutor(max_workers=jobs, mp_context=get_context("spawn")) as pool:
        for e in pool.map(_compile_default, ks, [policies] * len(ks)):
            if "error" in e:
                failed.append(e)
                log(f"{e['kernel']}: FAILED {e['error']}")
                continue
            (CARRY / "ptx" / f"{e['kernel']}.ptx").write_text(e.pop("ptx"))
            for pname in e.get("policies", {}):
                if f"ptx_{pname}" in e:
                    (CARRY / "ptx" / f"{e['kernel']}.{pname}.ptx").write_text(
                        e.pop(f"ptx_{pname}"))
            entries.append(e)
            log(f"{e['kernel']}: {e['static_here']['vgpr']} registers ({e['target']})")
    try:  # provenance only: a machine without git (minimal Debian) records none
        rev = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"],
                             capture_output=True, text=True).stdout.strip() or None
    except FileNotFoundError:
        rev = None
    _atomic_json(CARRY / MANIFEST, {"made": time.strftime("%Y-%m-%d %H:%M:%S"),
                                    "git_head": rev, "llvm": llvm_version(),
                                    "policies": {n: {"file": str(f), "sha256": _sha(
                                        (ROOT / f).read_bytes())}
                                                 for n, f in (policies or {}).items()},
                                    "ptxas_here": ptxas_version(), "kernels": entries,
                                    "failed": failed})
    size = sum(p.stat().st_size for p in CARRY.rglob("*") if p.is_file())
    log(f"{CARRY}: {len(entries)} kernels, {len(failed)} failed, {size / 2**20:.1f} MiB, "
        f"{time.time() - t0:.0f} s")
    return 1 if failed else 0


def load_manifest() -> dict:
    path = CARRY / MANIFEST
    if not path.is_file():
        raise SystemExit(f"{path}: not found: run `python bench/corpus_gpu_check.py carry` "
                         "here and carry .devcarry")
    man = json.loads(path.read_text())
    for e in man["kernels"]:
        ptx = CARRY / "ptx" / f"{e['kernel']}.ptx"
        if not ptx.is_file() or _sha(ptx.read_bytes()) != e["ptx_sha256"]:
            raise SystemExit(f"{ptx}: missing or changed since the carry")
        for pname, pe in e.get("policies", {}).items():
            pptx = CARRY / "ptx" / f"{e['kernel']}.{pname}.ptx"
            if not pe["same_as_default"] and (not pptx.is_file() or
                                              _sha(pptx.read_bytes()) != pe["ptx_sha256"]):
                raise SystemExit(f"{pptx}: missing or changed since the carry")
    return man


# ================================================================ there: assembling, warming

def _ptxas_for(kind: str) -> str:
    if kind == "triton":
        from triton import knobs
        return knobs.nvidia.ptxas.path  # the assembler of Triton's own binary
    from agentsched.tools.programs import find_ptxas
    p = find_ptxas()
    if not p:
        raise RuntimeError("no ptxas on this machine (PATH, /usr/local/cuda, AGENTSCHED_PTXAS)")
    return p


def assemble(entries: list[dict], out_dir: Path, workers: int) -> dict:
    """ptxas -O3 -v of every distinct PTX (kernels of one module share it; a policy's PTX
    that differs from the default's is one more) into out_dir/<sha>.cubin: kernel ->
    {cubin, ptxas, ptxas_registers, policies: {name: {cubin, ptxas_registers} | {error} |
    {same_as_default}}} or {error}."""
    import re
    groups: dict = {}  # (sha, target, kind) -> [(entry, variant, ptx file)]
    for e in entries:
        groups.setdefault((e["ptx_sha256"], e["target"], e["kind"]), []).append(
            (e, None, CARRY / "ptx" / f"{e['kernel']}.ptx"))
        for pname, pe in e.get("policies", {}).items():
            if not pe["same_as_default"]:
                groups.setdefault((pe["ptx_sha256"], e["target"], e["kind"]), []).append(
                    (e, pname, CARRY / "ptx" / f"{e['kernel']}.{pname}.ptx"))

    def one(key):
        sha, target, kind = key
        ptx_file = groups[key][0][2]
        try:
            ptxas = _ptxas_for(kind)
            cubin = out_dir / f"{sha[:16]}-{target}-{kind}.cubin"
            p = subprocess.run([ptxas, f"-arch={target}", "-O3", "-v", str(ptx_file),
                                "-o", str(cubin)], capture_output=True, text=True, timeout=600)
            if p.returncode:
                return key, {"error": f"ptxas failed: {(p.stderr or p.stdout).strip()[-400:]}"}
            ver = subprocess.run([ptxas, "--version"], capture_output=True, text=True).stdout
            rel = re.search(r"release [^\n,]*", ver)
            return key, {"cubin": str(cubin), "ptxas": rel.group(0) if rel else ptxas,
                         "log": p.stdout + p.stderr}
        except Exception as ex:
            return key, {"error": f"{type(ex).__name__}: {ex}"}

    def registers(res: dict, symbol: str) -> int | None:
        blocks = [b for b in re.split(r"^ptxas info\s*: Compiling entry function ",
                                      res["log"], flags=re.M)[1:]
                  if b.startswith(f"'{symbol}'")]
        regs = re.search(r"Used (\d+) registers", blocks[0] if blocks else "")
        return int(regs.group(1)) if regs else None

    out: dict = {}
    later = []  # policy variants: filled in once every kernel's default is there
    with ThreadPoolExecutor(max_workers=workers) as pool:
        for key, res in pool.map(one, list(groups)):
            for e, pname, _ in groups[key]:
                if pname is not None:
                    later.append((e, pname, res))
                elif "error" in res:
                    out[e["kernel"]] = {"error": res["error"]}
                else:
                    out[e["kernel"]] = {"cubin": res["cubin"], "ptxas": res["ptxas"],
                                        "ptxas_registers": registers(res, e["symbol"]),
                                        "policies": {}}
    for e in entries:
        for pname, pe in e.get("policies", {}).items():
            if pe["same_as_default"] and "policies" in out.get(e["kernel"], {}):
                out[e["kernel"]]["policies"][pname] = {"same_as_default": True}
    for e, pname, res in later:
        if "policies" not in out.get(e["kernel"], {}):
            continue  # the default failed: the kernel is not timed
        out[e["kernel"]]["policies"][pname] = {"error": res["error"]} if "error" in res else \
            {"cubin": res["cubin"], "ptxas_registers": registers(res, e["symbol"])}
    return out


def _warm_triton(name: str) -> str:
    """Compile a Triton kernel into this machine's Triton cache (capture: the key a launch on
    an H200 computes), so the worker's JIT finds it there instead of compiling."""
    import corpus
    try:
        corpus.get(name).spec.capture("sm_90")
        return "ok"
    except Exception as e:
        return f"{type(e).__name__}: {e}"


# ================================================================ there: the worker

class Inputs:
    """Host inputs and references, prepared by threads ahead of the GPU; kernels whose specs
    share the input (and reference) function and size share the arrays, which are dropped
    after their last user. size_of(kernel) -> the size to run it at."""

    def __init__(self, kernels: list, threads: int, size_of):
        self.pool = ThreadPoolExecutor(max_workers=threads)
        self.size_of = size_of
        self.futures: dict = {}
        self.users: dict = {}
        self.lock = threading.Lock()
        for k in kernels:
            for key in self._keys(k):
                self.users[key] = self.users.get(key, 0) + 1

    def _keys(self, k):
        s = k.spec
        size = tuple(sorted(self.size_of(k).items()))
        return (("in", s.inputs, size), ("ref", s.inputs, s.reference, size))

    def prefetch(self, k) -> None:
        kin, kref = self._keys(k)
        with self.lock:
            if kin not in self.futures:
                self.futures[kin] = self.pool.submit(self._inputs, k)
            if kref not in self.futures:
                fin = self.futures[kin]
                self.futures[kref] = self.pool.submit(
                    lambda: k.spec.reference(self._host(k, fin.result()), self.size_of(k)))

    def _inputs(self, k):
        import numpy as np
        return k.spec.inputs(self.size_of(k), np.random.default_rng(0))

    def _host(self, k, given: dict) -> dict:
        """make_args with the shared inputs: outputs zeroed per kernel."""
        import numpy as np
        size = self.size_of(k)
        host = {}
        for b in k.spec.buffers():
            shape = tuple(b.shape(size))
            dtype = np.float32 if b.dtype == "bfloat16" else np.dtype(b.dtype)
            if b.name in given:
                host[b.name] = np.ascontiguousarray(given[b.name], dtype=dtype)
                if host[b.name].shape != shape:
                    raise ValueError(f"{k.name}: input {b.name!r} has shape "
                                     f"{host[b.name].shape}, spec says {shape}")
            else:
                host[b.name] = np.zeros(shape, dtype=dtype)
        return host

    def get(self, k) -> tuple[dict, dict]:
        self.prefetch(k)
        kin, kref = self._keys(k)
        try:
            given = self.futures[kin].result()
            want = self.futures[kref].result()
            return self._host(k, given), want
        finally:
            with self.lock:
                for key in (kin, kref):
                    self.users[key] -= 1
                    if self.users[key] == 0:
                        del self.futures[key]


def _time_cuda(rt, k, entry, cubin: str, host: dict, want: dict, size: dict, rounds: int,
               reps: int, policies: dict | None = None) -> dict:
    from agentsched.runtime import Prepared
    spec = k.spec
    prepared = Prepared(spec, size, 0, host, rt._alloc(spec, host), want)
    try:
        variants = {"llvm19_default": rt.load(Path(cubin), entry["symbol"]),
                    "llvm19_default#2": rt.load(Path(cubin), entry["symbol"])}
        for pname, pcubin in (policies or {}).items():
            variants[f"policy:{pname}"] = rt.load(Path(pcubin), entry["symbol"])
        res = rt.time(spec, variants, rounds=rounds, reps=reps, warmup=2, warmup_s=0.1,
                      baseline="llvm19_default", prepared=prepared)
        for v in variants.values():
            rt.unload(v)
    finally:
        rt.release(prepared)
    return res.to_dict()


def _time_triton(k, entry, cubin: str, host: dict, want: dict, size: dict, rounds: int,
                 reps: int, policies: dict | None = None) -> dict:
    import torch

    from agentsched.runtime.triton import TritonRuntime
    from agentsched.searches.triton import vs_triton
    case = k.spec
    tensors = case.torch_tensors(host)
    spec = case.timing_spec(tensors, size)
    rt = TritonRuntime(spec)
    prepared = rt.prepare(spec)  # compiles (or finds in the cache) and runs Triton's kernel
    out = {}
    got = {b.name: tensors[b.name].float().cpu().numpy() for b in case.tensors if b.output}
    ok, err = case.check(host, got, size, want)
    out["triton_vs_reference"] = {"ok": ok, "max_rel_err": err}
    llir = rt.compiled.asm.get("llir", "")
    out["llir_matches_carry"] = llir_digest(llir) == entry["triton_llir_digest"]
    if not out["llir_matches_carry"]:
        out["error"] = ("Triton here made different LLVM IR than at the carry (another Triton "
                        "version or specialization): LLVM's binary not launched")
        rt.release(prepared)
        return out
    try:
        tb = Path(cubin).with_name(f"{k.name}.triton.cubin")
        tb.write_bytes(rt.triton_binary())
        variants = {"llvm19_default": rt.load(Path(cubin), rt.compiled.name),
                    "llvm19_default#2": rt.load(Path(cubin), rt.compiled.name),
                    "triton": rt.load(tb, rt.compiled.name)}
        for pname, pcubin in (policies or {}).items():
            variants[f"policy:{pname}"] = rt.load(Path(pcubin), rt.compiled.name)
        res = rt.time(spec, variants, rounds=rounds, reps=reps, warmup=2, warmup_s=0.1,
                      baseline="llvm19_default", prepared=prepared)
        out.update(res.to_dict())
        out["vs_triton"] = vs_triton(out)
        for v in variants.values():
            rt.unload(v)
    finally:
        rt.release(prepared)
        del tensors
        torch.cuda.empty_cache()
    return out


def _dry_check(k, host: dict, want: dict, size: dict) -> dict:
    """What a dry run does instead of the GPU: the reference, written into the output buffers
    as a kernel would, must pass the spec's check (and a Triton kernel's launch arguments must
    build)."""
    from corpus.check import _as_output
    got = {n: _as_output(k, n, host[n], exp) for n, exp in want.items()}
    ok, err = k.spec.check(host, got, size, want)
    if k.kind == "triton":
        k.spec.jit_function()
        k.spec.mock_args(size)
    return {"variants": {"llvm19_default": {"ok": ok, "max_rel_err": err}}, "dry_run": True}


def worker(state: Path, names: list[str], rounds: int, reps: int, threads: int,
           dry: bool = False) -> int:
    """Time `names` in order, one result file each; the parent watches state/current. dry:
    the small sizes and no GPU (_dry_check instead of the timing)."""
    import corpus
    man = {e["kernel"]: e for e in load_manifest()["kernels"]}
    asm = json.loads((state / "assembled.json").read_text())
    ks = [corpus.get(n) for n in names]
    rt = None
    if not dry and any(k.kind == "cuda" for k in ks):
        from agentsched.runtime.cuda import CudaRuntime
        rt = CudaRuntime()

    def size_of(k):
        return dict(k.spec.small_size if dry else k.spec.default_size)

    inputs = Inputs(ks, threads, size_of)
    for k in ks[:threads]:
        inputs.prefetch(k)
    for i, k in enumerate(ks):
        for ahead in ks[i + 1:i + 1 + threads]:
            inputs.prefetch(ahead)
        (state / "current").write_text(json.dumps({"kernel": k.name, "since": time.time()}))
        entry, t0, size = man[k.name], time.time(), size_of(k)
        w = k.work(size)
        row = {"kernel": k.name, "family": k.family, "kind": k.kind,
               "split": corpus.family_split(k.family), "bound": k.work().bound, "size": size,
               "work": {"flops": w.flops, "bytes": w.bytes, "unit": w.unit},
               "roofline_us": w.roofline_us, "ptxas": asm.get(k.name, {})}
        try:
            if entry["size"] != dict(k.spec.default_size):
                raise RuntimeError(f"the spec's size {k.spec.default_size} is not the carried "
                                   f"PTX's {entry['size']}: carry again")
            if "error" in asm.get(k.name, {"error": "not assembled"}):
                raise RuntimeError(asm.get(k.name, {}).get("error", "not assembled"))
            host, want = inputs.get(k)
            row["prepare_s"] = round(time.time() - t0, 2)
            cubin = asm[k.name]["cubin"]
            policies = {n: p["cubin"] for n, p in asm[k.name].get("policies", {}).items()
                        if "cubin" in p}
            if dry:
                timing = _dry_check(k, host, want, size)
            elif k.kind == "cuda":
                timing = _time_cuda(rt, k, entry, cubin, host, want, size, rounds, reps,
                                    policies)
            else:
                timing = _time_triton(k, entry, cubin, host, want, size, rounds, reps,
                                      policies)
            del host, want
            row.update(_summary(timing, w, asm[k.name].get("policies", {})))
            row["timing"] = timing
        except Exception as e:
            row["error"] = f"{type(e).__name__}: {e}"
            row["trace"] = traceback.format_exc(limit=4)
            if not dry and _context_broken():  # a fault poisons the CUDA context
                _atomic_json(state / "results" / f"{k.name}.json", row)
                log(f"{k.name}: FAILED ({row['error'][:200]}); CUDA context lost, new worker")
                return 3
        row["seconds"] = round(time.time() - t0, 2)
        _atomic_json(state / "results" / f"{k.name}.json", row)
        log(_line(row))
    (state / "current").unlink(missing_ok=True)
    return 0


def _context_broken() -> bool:
    try:
        import cupy
        cupy.cuda.runtime.deviceSynchronize()
        return False
    except Exception:
        return True


def _summary(t: dict, w, policies: dict | None = None) -> dict:
    v = (t.get("variants") or {}).get("llvm19_default") or {}
    out = {"ok": v.get("ok"), "max_rel_err": v.get("max_rel_err"),
           "median_us": v.get("median_us"), "ci95_us": v.get("ci95"), "cv": v.get("cv"),
           "registers": v.get("registers"), "local_bytes": v.get("local_bytes"),
           "aa_rel_diff": (t.get("noise_floor") or {}).get("rel_diff"),
           "aa_bound": (t.get("noise_floor") or {}).get("bound")}
    if t.get("error"):
        out["error"] = t["error"]
    elif v.get("error"):
        out["error"] = v["error"]
    tri = (t.get("variants") or {}).get("triton")
    if tri:
        out["triton_median_us"] = tri.get("median_us")
        out["triton_ok"] = tri.get("ok")
    if "triton_vs_reference" in t:
        out["triton_vs_reference"] = t["triton_vs_reference"]
    out["policies"] = {}
    for pname, pa in (policies or {}).items():
        if pa.get("same_as_default"):  # the same PTX: the same binary, nothing to time
            out["policies"][pname] = {"same_as_default": True, "ok": out["ok"],
                                      "speedup": 1.0, "speedup_ci": [1.0, 1.0],
                                      "registers": out["registers"]}
        elif "error" in pa:
            out["policies"][pname] = {"error": pa["error"]}
        else:
            pv = (t.get("variants") or {}).get(f"policy:{pname}") or {}
            out["policies"][pname] = {"same_as_default": False, "ok": pv.get("ok"),
                                      "max_rel_err": pv.get("max_rel_err"),
                                      "speedup": pv.get("speedup"),
                                      "speedup_ci": pv.get("speedup_ci"),
                                      "median_us": pv.get("median_us"),
                                      "registers": pv.get("registers"),
                                      **({"error": pv["error"]} if pv.get("error") else {})}
    us = out["median_us"]
    if us:
        out["tflops"] = w.flops / us / 1e6
        out["gbytes_s"] = w.bytes / us / 1e3
        out["in_range"] = RANGE_US[0] <= us <= RANGE_US[1]
    return out


def _line(r: dict) -> str:
    if r.get("error") and not r.get("median_us"):
        return f"{r['kernel']}: FAILED {r['error'][:240]}"
    if (r.get("timing") or {}).get("dry_run"):
        return f"{r['kernel']}: dry run, reference passes its check: {r.get('ok')}"
    s = (f"{r['kernel']}: ok={r.get('ok')} {r.get('median_us') or 0:.1f} µs "
         f"(A/A {100 * (r.get('aa_rel_diff') or 0):+.2f}%), {r.get('registers')} registers, "
         f"{r.get('tflops') or 0:.1f} TFLOP/s, {r.get('gbytes_s') or 0:.0f} GB/s")
    if r.get("triton_median_us"):
        s += f", Triton's binary {r['triton_median_us']:.1f} µs"
    for pname, p in (r.get("policies") or {}).items():
        if p.get("same_as_default"):
            s += f", {pname}: same PTX"
        elif p.get("speedup"):
            ci = p.get("speedup_ci") or [0, 0]
            s += f", {pname}: x{p['speedup']:.4f} [{ci[0]:.4f}, {ci[1]:.4f}] ok={p.get('ok')}"
        else:
            s += f", {pname}: {str(p.get('error'))[:80]}"
    return s + ("" if r.get("in_range", True) else "  [outside 0.1-3 ms]")


# ================================================================ there: the parent

def run(out: Path, state: Path, rounds: int, reps: int, budget_s: float,
        kernel_timeout: float, names: list[str] | None, dry: bool = False) -> int:
    """The parent: assemble, warm Triton's cache, run workers until every kernel has a result
    or the budget is spent, write OUT/corpus_gpu_check.json (.dry.json for a dry run)."""
    t_start = time.time()
    man = load_manifest()
    out.mkdir(parents=True, exist_ok=True)
    (state / "results").mkdir(parents=True, exist_ok=True)
    (state / "cubin").mkdir(exist_ok=True)
    os.environ.setdefault("TRITON_CACHE_DIR", str(state / "triton-cache"))
    entries = [e for e in man["kernels"] if not names or e["kernel"] in names]
    # CUDA first: Triton's cache warms meanwhile
    entries.sort(key=lambda e: e["kind"] == "triton")
    cpus = os.cpu_count() or 4
    warm = ProcessPoolExecutor(max_workers=max(1, cpus // 4))
    warming = {e["kernel"]: warm.submit(_warm_triton, e["kernel"])
               for e in entries if e["kind"] == "triton"}
    asm_path = state / "assembled.json"
    assembled = json.loads(asm_path.read_text()) if asm_path.exists() else {}
    todo = [e for e in entries if e["kernel"] not in assembled]
    assembled.update(assemble(todo, state / "cubin", max(1, cpus // 2)))
    _atomic_json(asm_path, assembled)
    log(f"{len(entries)} kernels, {len(todo)} assembled in {time.time() - t_start:.0f} s "
        f"({sum('error' in r for r in assembled.values())} failed)")

    def done() -> set:
        return {p.stem for p in (state / "results").glob("*.json")}

    def record(kernel: str, error: str) -> None:
        if kernel not in done():
            _atomic_json(state / "results" / f"{kernel}.json", {"kernel": kernel, "error": error})

    restarts = 0
    cur = state / "current"
    while True:
        left = [e["kernel"] for e in entries if e["kernel"] not in done()]
        if not left or time.time() - t_start > budget_s or restarts > 5:
            break
        cur.unlink(missing_ok=True)
        threads = max(2, min(8, cpus // 2))
        cmd = [sys.executable, __file__, "worker", str(state), "--carry", str(CARRY),
               "--rounds", str(rounds), "--reps", str(reps), "--threads", str(threads),
               *(["--dry"] if dry else []), *left]
        # the preparing threads share the cores: BLAS gets its share each, not all of them
        blas = str(max(1, cpus // threads))
        proc = subprocess.Popen(cmd, env={**os.environ, "OPENBLAS_NUM_THREADS": blas,
                                          "OMP_NUM_THREADS": blas, "MKL_NUM_THREADS": blas})
        reason = None
        while proc.poll() is None:
            time.sleep(0.2)
            try:
                c = json.loads(cur.read_text())
            except (OSError, ValueError):
                c = None
            if c and time.time() - c["since"] > kernel_timeout:
                reason = f"timeout: no result within {kernel_timeout:.0f} s"
            elif time.time() - t_start > budget_s + 10:  # the budget, and a last kernel
                reason = "not finished: the time budget was spent"
            if reason:
                proc.kill()
                proc.wait()
                if c:
                    record(c["kernel"], reason)
                break
        if proc.returncode != 0 and reason is None:  # died: a fault, out of memory ...
            restarts += 1
            try:
                record(json.loads(cur.read_text())["kernel"], f"worker exited {proc.returncode}")
            except (OSError, ValueError):
                pass
    warm.shutdown(wait=False, cancel_futures=True)
    rows = []
    for e in entries:
        p = state / "results" / f"{e['kernel']}.json"
        rows.append(json.loads(p.read_text()) if p.exists() else
                    {"kernel": e["kernel"], "error": "not run: the time budget was spent"})
    device = {"dry_run": True}
    if not dry:
        from agentsched.runtime.cuda import CudaRuntime
        try:
            device = CudaRuntime().device_info()
        except Exception as ex:
            device = {"error": str(ex)}
    result = {"command": " ".join(sys.argv), "wall_s": round(time.time() - t_start, 1),
              "rounds": rounds, "reps": reps, "device": device, "carry": {
                  k: man[k] for k in ("made", "git_head", "llvm", "ptxas_here")},
              "triton_warmup": {n: (f.result() if f.done() else "not finished")
                                for n, f in warming.items()},
              "failed_at_carry": man.get("failed", []), "kernels": rows}
    path = out / (RESULT.replace(".json", ".dry.json") if dry else RESULT)
    _atomic_json(path, result)
    bad = [r["kernel"] for r in rows if r.get("error") or r.get("ok") is False]
    log(f"{path}: {len(rows)} kernels, {len(bad)} not ok"
        f"{': ' + ', '.join(bad[:20]) if bad else ''}, {result['wall_s']} s")
    return 1 if dry and bad else 0


# ================================================================ here: report

def report(out: Path) -> int:
    src = benchdata.find(out / RESULT)
    data = benchdata.read_json(src)
    src = src.resolve()
    src_name = str(src.relative_to(ROOT)) if src.is_relative_to(ROOT) else str(src)
    dev = data.get("device", {})
    lines = ["# H200: the corpus with LLVM 19's default schedule (`bench/corpus_gpu_check.py`)\n\n",
             f"{dev.get('gpu', '?')}, {len(data['kernels'])} kernels, {data['rounds']} rounds x "
             f"{data['reps']} launches interleaved with a separately loaded A/A copy; every "
             f"kernel checked against its NumPy reference first (Triton: Triton's own binary "
             f"against the reference, LLVM's against Triton's output). Wall time "
             f"{data['wall_s']} s. Carry: {data['carry']}.\n\n",
             f"Every figure is from `{src_name}` (made by `python bench/corpus_gpu_check.py "
             f"carry` here and `... run OUT` on the H200; this page: `python "
             f"bench/corpus_gpu_check.py report {Path(src_name).parent}`).\n\n",
             "| kernel | family | split | class | ok | median µs | A/A | registers | TFLOP/s | "
             "GB/s | Triton's binary µs | note |\n" + "|---" * 12 + "|\n"]
    for r in data["kernels"]:
        aa = r.get("aa_rel_diff")
        lines.append(
            f"| {r['kernel']} | {r.get('family', '')} | {r.get('split', '')} | "
            f"{r.get('bound', '')} | {r.get('ok')} | {_f(r.get('median_us'), 1)} | "
            f"{'' if aa is None else f'{100 * aa:+.2f}%'} | {r.get('registers') or ''} | "
            f"{_f(r.get('tflops'), 2)} | {_f(r.get('gbytes_s'), 0)} | "
            f"{_f(r.get('triton_median_us'), 1)} | "
            f"{_note(r)} |\n")
    path = ROOT / "bench" / "h200" / "RESULTS_corpus.md"
    path.write_text("".join(lines))
    print(path)
    return 0


def _note(r: dict) -> str:
    if r.get("error"):
        return r["error"][:120]
    return "" if r.get("in_range", True) else "outside 0.1-3 ms"


def _f(x, digits):
    return "" if x is None else f"{x:.{digits}f}"


# ================================================================ main

def main() -> int:
    global CARRY
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("carry")
    c.add_argument("kernels", nargs="*")
    c.add_argument("--jobs", type=int, default=2)
    c.add_argument("--policy", action="append", default=[], metavar="NAME=FILE",
                   help="also schedule every kernel with this policy file and time it beside "
                        "the default (repeatable)")
    r = sub.add_parser("run")
    r.add_argument("out", type=Path)
    r.add_argument("--kernels", nargs="+", default=[], help="only these (default: all)")
    r.add_argument("--dry-run", action="store_true")
    r.add_argument("--state", type=Path, default=None,
                   help=f"results accumulate here (resume); default {DEFAULT_STATE}, for a dry "
                        "run OUT/dry-state")
    r.add_argument("--rounds", type=int, default=7)
    r.add_argument("--reps", type=int, default=3)
    r.add_argument("--budget-s", type=float, default=165.0)
    r.add_argument("--kernel-timeout", type=float, default=60.0)
    w = sub.add_parser("worker")
    w.add_argument("state", type=Path)
    w.add_argument("kernels", nargs="+")
    w.add_argument("--rounds", type=int, default=7)
    w.add_argument("--reps", type=int, default=3)
    w.add_argument("--threads", type=int, default=4)
    w.add_argument("--dry", action="store_true")
    p = sub.add_parser("report")
    p.add_argument("out", type=Path)
    for sp in (c, r, w):
        sp.add_argument("--carry", type=Path, default=CARRY,
                        help="the carried directory (default: %(default)s)")
    a = ap.parse_args()
    CARRY = getattr(a, "carry", CARRY).resolve()
    if a.cmd == "carry":
        policies = {}
        for item in a.policy:
            name, sep, f = item.partition("=")
            if not sep or not name.isidentifier() or not Path(f).is_file():
                ap.error(f"--policy {item}: give NAME=FILE with an existing policy file")
            f = Path(f).resolve()
            policies[name] = str(f.relative_to(ROOT) if f.is_relative_to(ROOT) else f)
        return carry(a.kernels or None, a.jobs, policies)
    if a.cmd == "report":
        return report(a.out)
    if a.cmd == "worker":
        return worker(a.state, a.kernels, a.rounds, a.reps, a.threads, a.dry)
    state = a.state or (a.out / "dry-state" if a.dry_run else DEFAULT_STATE)
    return run(a.out, state, a.rounds, a.reps, a.budget_s, a.kernel_timeout,
               a.kernels or None, a.dry_run)


if __name__ == "__main__":
    sys.exit(main())
