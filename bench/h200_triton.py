"""Triton tutorial kernels on the H200: Triton's own binary vs LLVM 19 vs agents vs a search.

For each kernel (agentsched/kernels/triton/examples: matmul, fused softmax, layer norm forward, flash
attention forward; Triton's tutorials, MIT licence) this script

  1. compiles the kernel the way the program's first launch does (Triton's JIT on this GPU;
     the cache entry is the one the program reads), takes Triton's LLVM IR from it and makes
     it ready for llc-19 (agentsched.kernels.triton.rewrite);
  2. compiles variants with llc-19 + the plugin, ptxas -> cubin: LLVM 19's default schedule,
     llc-19 without the machine scheduler (Triton's own pipeline does not run it on NVPTX),
     the heuristics min_pressure, max_latency, pref_load, pref_salu and random seeds;
  3. launches every variant through Triton's own launcher with only the cubin swapped
     (agentsched.runtime.triton), checks it against the original Triton kernel's output, and
     times all of them interleaved (runtime/timing.py + stats.py: medians, bootstrap CIs, A/A
     copy of the default), Triton's own binary included;
  4. runs a GPU-in-the-loop evolutionary search (`run_search(..., timer=...)`, the
     finalists re-timed in a fresh run);
  5. writes the winner (or, without one, LLVM 19's default) into Triton's cache and runs the
     unchanged program function in a fresh process: its output must equal the original's and
     the binary it ran must be the installed one; then restores Triton's binary.

  python bench/h200_triton.py carry          # here: .devcarry/ (llc-19 + libraries + plugin)
  python bench/h200_triton.py run OUT        # there (H200): OUT/<kernel>.json as it goes
  python bench/h200_triton.py run OUT --dry-run   # anywhere: steps 1-2 and 5's cache part,
                                                  # no GPU (MockTensor arguments, sm_90)
  python bench/h200_triton.py report OUT     # here: bench/h200/RESULTS_triton.md

The recorded run is bench/h200/triton/ (OUT compressed: `python bench/benchdata.py xz
OUT/*.json OUT/*.jsonl`); `report` reads either form.

`run` is resume-safe: results accumulate in --state (default /tmp/agentsched-triton-run on the
GPU machine) after every step and are mirrored into OUT; run again, a kernel whose JSON has
"done": true is skipped and a half-done one continues after its last finished step. One
kernel's failure is recorded in its JSON and does not stop the others. With the device `run`
tool (carry .devcarry): `python bench/h200_triton.py run $OUT/triton`, timeout 600 s; if it
stops early, the same command again continues on the still-warm machine.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
import benchdata  # noqa: E402

KERNELS = ["softmax", "layer_norm", "matmul", "attention"]
HEURISTICS = ["min_pressure", "max_latency", "pref_load", "pref_salu"]
RANDOM_SEEDS = [0, 1, 2]


def log(*a):
    print(time.strftime("%H:%M:%S"), *a, flush=True)


# ---------------------------------------------------------------- the kernels and launches

class Args:
    """Builds launch arguments: torch tensors on the GPU, or Triton MockTensors (dry run)."""

    def __init__(self, seed: int, mock: bool):
        self.mock, self.seed = mock, seed
        if not mock:
            import torch
            self.torch = torch
            self.gen = torch.Generator(device="cuda").manual_seed(seed)

    def tensor(self, shape, dtype: str, fill: str = "randn", scale: float = 1.0):
        if self.mock:
            import triton.language as tl
            from triton.runtime.jit import MockTensor
            return MockTensor({"fp16": tl.float16, "fp32": tl.float32}[dtype], list(shape))
        torch = self.torch
        dt = {"fp16": torch.float16, "fp32": torch.float32}[dtype]
        if fill == "empty":
            return torch.zeros(shape, dtype=dt, device="cuda")
        return (torch.randn(shape, generator=self.gen, device="cuda") * scale).to(dt)

    def descriptor(self, base, shape, strides, block):
        from triton.tools.tensor_descriptor import TensorDescriptor
        return TensorDescriptor(base, shape, strides, block)


def kernel_setup(name: str, seed: int = 0, mock: bool = False) -> dict:
    """fn, args, grid, kwargs of one bench kernel, as its program function launches it (the
    sizes are chosen so one launch takes 0.1-2 ms on an H200)."""
    from agentsched.kernels.triton.examples import attention, layer_norm, matmul, softmax
    a = Args(seed, mock)
    if name == "matmul":
        M = N = K = 4096
        A, B, C = a.tensor((M, K), "fp16"), a.tensor((K, N), "fp16"), a.tensor((M, N), "fp16",
                                                                                 "empty")
        cfg = dict(matmul.CONFIG)
        grid = (math.ceil(M / cfg["BLOCK_SIZE_M"]) * math.ceil(N / cfg["BLOCK_SIZE_N"]),)
        return dict(fn=matmul.matmul_kernel, args=(A, B, C, M, N, K, K, 1, N, 1, N, 1),
                    kwargs=dict(ACTIVATION="", **cfg), grid=grid, rtol=1e-2, atol=1e-2,
                    program=lambda: matmul.matmul(A, B), program_inputs=(A, B))
    if name == "softmax":
        n_rows, n_cols = 65536, 2048
        x, y = a.tensor((n_rows, n_cols), "fp32"), a.tensor((n_rows, n_cols), "fp32", "empty")
        # the tutorial's choices for an H200 (232 KB of shared memory -> 4 stages)
        kw = dict(BLOCK_SIZE=2048, num_stages=4, num_warps=8)
        return dict(fn=softmax.softmax_kernel, args=(y, x, n_cols, n_cols, n_rows, n_cols),
                    kwargs=kw, grid=None, rtol=1e-5, atol=1e-6,
                    program=lambda: softmax.softmax(x), program_inputs=(x,))
    if name == "layer_norm":
        M, N = 16384, 8192
        x, y = a.tensor((M, N), "fp16"), a.tensor((M, N), "fp16", "empty")
        w, b = a.tensor((N,), "fp16"), a.tensor((N,), "fp16")
        mean, rstd = a.tensor((M,), "fp32", "empty"), a.tensor((M,), "fp32", "empty")
        kw = dict(BLOCK_SIZE=8192, num_warps=8, num_ctas=1)  # the tutorial's heuristics
        return dict(fn=layer_norm._layer_norm_fwd_fused,
                    args=(x, y, w, b, mean, rstd, N, N, 1e-5), kwargs=kw, grid=(M,),
                    rtol=1e-2, atol=1e-2,
                    program=lambda: layer_norm.layer_norm(x, (N,), w, b, 1e-5)[0],
                    program_inputs=(x, w, b))
    if name == "attention":
        Z, H, N_CTX, D = 4, 32, 4096, 64
        q, k, v = (a.tensor((Z, H, N_CTX, D), "fp16", scale=0.5) for _ in range(3))
        o, M = a.tensor((Z, H, N_CTX, D), "fp16", "empty"), a.tensor((Z, H, N_CTX), "fp32",
                                                                     "empty")
        cfg = dict(attention.CONFIG)
        y = Z * H * N_CTX
        descs = [a.descriptor(t, [y, D], [D, 1], [cfg["BLOCK_N"] if i in (1, 2) else
                                                   cfg["BLOCK_M"], D])
                 for i, t in enumerate((q, k, v, o))]
        kw = dict(HEAD_DIM=D, FP8_OUTPUT=False, STAGE=1, warp_specialize=False,
                  IS_HOPPER=True, **cfg)
        return dict(fn=attention._attn_fwd, args=(0.5, M, Z, H, *descs, N_CTX), kwargs=kw,
                    grid=(N_CTX // cfg["BLOCK_M"], Z * H, 1), rtol=1e-2, atol=1e-2,
                    program=lambda: attention.attention_forward(q, k, v, False, 0.5)[0],
                    program_inputs=(q, k, v))
    raise KeyError(name)


def softmax_grid(compiled, n_rows: int) -> tuple:
    """The tutorial's persistent grid: SMs x occupancy of Triton's own binary."""
    import triton
    props = triton.runtime.driver.active.utils.get_device_properties(0)
    compiled._init_handles()
    occ = props["max_num_regs"] // (compiled.n_regs * props["warpSize"] *
                                    compiled.metadata.num_warps)
    occ = min(occ, props["max_shared_mem"] // max(1, compiled.metadata.shared))
    return (min(props["multiprocessor_count"] * occ, n_rows), 1, 1)


# ---------------------------------------------------------------- compiling variants

def compile_variants(ir: Path, target) -> dict:
    """name -> (module bytes, static metrics, report); LLVM 19's default first."""
    from agentsched.agents import make_agent
    from agentsched.llvm.compile import compile_ir
    from agentsched.llvm.llc import llc_command
    from agentsched.llvm.metrics import static_metrics
    from agentsched.llvm.result import module_bytes
    from agentsched.tools.programs import run
    out = {}

    def add(name, result):
        m = static_metrics(result.asm, target)
        out[name] = (module_bytes(result, ".cubin"), m.as_dict(),
                     {k: result.report.get(k) for k in ("decisions", "changed", "stale")})
    add("llvm19_default", compile_ir(ir, target))
    for name, seed in [(h, 0) for h in HEURISTICS] + [("random", s) for s in RANDOM_SEEDS]:
        agent = make_agent(name, seed=seed)
        try:
            add(name if name != "random" else f"random{seed}", compile_ir(ir, target, agent=agent))
        finally:
            agent.close()
    # llc-19 without the machine scheduler: Triton's own NVPTX pipeline does not run it
    import tempfile

    from agentsched.llvm.result import CompileResult
    from agentsched.targets.nvptx import ptxas_metrics
    with tempfile.TemporaryDirectory() as d:
        cmd = [c for c in llc_command(ir, target, Path(d) / "k.ptx", stock=True)
               if c != "-enable-misched"]
        run(cmd)
        asm = (Path(d) / "k.ptx").read_text()
    res = CompileResult(target=target, ir=ir, asm=asm, report={})
    out["llvm19_no_misched"] = (module_bytes(res, ".cubin"),
                                ptxas_metrics(asm, target).as_dict(), {})
    return out


# ---------------------------------------------------------------- one kernel on the GPU

def run_kernel(name: str, out_dir: Path, budget: int, workers: int) -> dict:
    from agentsched.core.files import write_text
    from agentsched.kernels.ref import resolve_kernel
    from agentsched.kernels.triton.spec import TritonSpec
    from agentsched.runtime.triton import TritonRuntime
    from agentsched.targets import parse_target
    res_path = out_dir / f"{name}.json"
    data = json.loads(res_path.read_text()) if res_path.exists() else {"kernel": name}

    def save():
        write_text(res_path, json.dumps(data, indent=1, default=str) + "\n")

    setup = kernel_setup(name)
    spec = TritonSpec(name=name, fn=setup["fn"], args=lambda seed: setup["args"],
                      grid=setup["grid"], kwargs=setup["kwargs"], rtol=setup["rtol"],
                      atol=setup["atol"])
    rt = TritonRuntime(spec)
    compiled, _ = rt.compile_original()
    if spec.grid is None:  # softmax: the tutorial's grid from Triton's binary's occupancy
        spec.grid = softmax_grid(compiled, setup["args"][4])
    kernel = rt.kernel()
    target = parse_target(kernel.target)
    ir = resolve_kernel(kernel.directory).ir(target)
    data.update(triton=kernel.summary(), target=target.name, ir=str(ir), grid=spec.grid)
    log(f"{name}: Triton {kernel.metadata.get('triton_version')} {kernel.directory.name[:12]} "
        f"{kernel.threads} threads, {kernel.shared} B shared, grid {spec.grid}")

    from agentsched.searches.triton import triton_timer, vs_triton
    if "compare" not in data:
        t0 = time.time()
        variants = compile_variants(ir, target)
        log(f"{name}: {len(variants)} variants compiled in {time.time() - t0:.0f} s")
        timer = triton_timer(spec, variants["llvm19_default"][0], target, runtime=rt)
        try:
            modules = {"triton": rt.triton_binary(),
                       **{n: v[0] for n, v in variants.items() if n != "llvm19_default"}}
            res = timer.confirm(modules, rounds=21, reps=5)
        finally:
            timer.close()
        data["compare"] = res
        data["static"] = {n: {"metrics": v[1], "report": v[2]} for n, v in variants.items()}
        data["vs_triton"] = vs_triton(res)
        save()
        log(f"{name}: compared; " + ", ".join(
            f"{n} {v.get('speedup') or float('nan'):.3f}" for n, v in res["variants"].items()))

    if "search" not in data and budget > 0:
        from agentsched.searches.triton import time_search
        s = time_search(spec, budget, workers=workers, json_out=out_dir / f"{name}.search.json",
                        decisions_out=out_dir / f"{name}.decisions.jsonl", runtime=rt)
        s["decisions_text"] = Path(s["decisions_file"]).read_text()
        data["search"] = s
        save()
        tm = s["timing"]
        log(f"{name}: search {s['evaluations']} evaluations, {s['elapsed_s']:.0f} s, winner "
            f"{tm['winner']} speedup {tm['speedup']:.4f} {tm['speedup_ci']}; vs Triton "
            + ", ".join(f"{n} {v['speedup']:.4f}" for n, v in s["vs_triton"].items()))

    if "program" not in data:
        data["program"] = program_check(name, kernel, ir, target, out_dir, data)
        save()
        log(f"{name}: program check {data['program'].get('ok')}")
    data["done"] = True
    save()
    return data


# ---------------------------------------------------------------- back into the program

def program_check(name: str, kernel, ir: Path, target, out_dir: Path, data: dict) -> dict:
    """Install the search's winner (else LLVM 19's default) into Triton's cache, run the
    unchanged program function in a fresh process, compare with the original's output."""
    from agentsched.kernels.triton import cache
    from agentsched.llvm.compile import compile_ir
    from agentsched.llvm.result import module_bytes
    dec = out_dir / f"{name}.decisions.jsonl"
    winner = (data.get("search") or {}).get("timing", {}).get("winner")
    result = compile_ir(ir, target, decisions=dec if winner and dec.exists() else None)
    binary = module_bytes(result, ".cubin")
    ref = Path("/tmp") / f"agentsched-{name}.program-ref.pt"  # large: kept out of OUT
    env = dict(os.environ)
    cmd = [sys.executable, __file__, "program", name, str(ref)]
    p1 = subprocess.run(cmd + ["--save"], capture_output=True, text=True, env=env, timeout=300)
    if p1.returncode:
        return {"ok": False, "error": "original run failed: " + p1.stderr[-800:]}
    record = cache.install(kernel, binary, result.asm, note={
        "schedule": "search winner" if winner else "llvm19_default"})
    try:
        p2 = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=300)
    finally:
        cache.restore(kernel)
    try:
        got = json.loads(p2.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        return {"ok": False, "error": "tuned run failed: " + p2.stderr[-800:]}
    got["installed_sha256"] = record["sha256"]
    got["schedule"] = record["schedule"]
    got["ok"] = bool(got.get("equal") and got.get("cubin_sha256") == record["sha256"])
    return got


def program(name: str, ref: Path, save: bool) -> None:
    """In a fresh process: call the kernel's program function (the tutorial's wrapper) on
    seed-0 inputs; --save keeps its output as the reference, else compare with it and report
    which binary Triton ran (sha256 of the cubin in its in-memory JIT cache)."""
    import hashlib

    import torch
    import triton
    setup = kernel_setup(name)
    out = setup["program"]()
    torch.cuda.synchronize()
    if save:
        torch.save(out.cpu(), ref)
        return
    want = torch.load(ref)
    equal = bool(torch.equal(out.cpu(), want))
    close = bool(torch.allclose(out.cpu().double(), want.double(), rtol=setup["rtol"],
                                atol=setup["atol"], equal_nan=True))
    fn = setup["fn"]
    device = triton.runtime.driver.active.get_current_device()
    ran = [k.asm["cubin"] for k in fn.device_caches[device][0].values()]
    print(json.dumps({"equal": equal or close, "bitwise_equal": equal,
                      "cubin_sha256": hashlib.sha256(ran[-1]).hexdigest() if ran else None,
                      "kernels_in_jit_cache": len(ran)}))


# ---------------------------------------------------------------- dry run (no GPU)

def dry_run(out_dir: Path, kernels: list[str]) -> None:
    """Everything that needs no GPU: capture each kernel for sm_90 with MockTensors, prepare
    its IR, compile every variant (llc-19 + plugin + ptxas), install/restore a binary in
    Triton's cache and check that Triton's compile() then returns it."""
    import hashlib

    import triton
    from triton.compiler import ASTSource

    from agentsched.core.files import write_text
    from agentsched.kernels.ref import resolve_kernel
    from agentsched.kernels.triton import cache
    from agentsched.kernels.triton.capture import capture, gpu_target, specialize
    from agentsched.targets import parse_target
    for name in kernels:
        t0 = time.time()
        s = kernel_setup(name, mock=True)
        k = capture(s["fn"], *s["args"], target="sm_90", **s["kwargs"])
        target = parse_target(k.target)
        ir = resolve_kernel(k.directory).ir(target)
        variants = compile_variants(ir, target)
        default = variants["llvm19_default"][0]
        cache.install(k, default)
        jit, sig, const, attrs, opts = specialize(s["fn"], s["args"], s["kwargs"], "sm_90")
        again = triton.compile(ASTSource(jit, sig, const, attrs), target=gpu_target("sm_90"),
                               options=opts.__dict__)
        served = hashlib.sha256(again.asm["cubin"]).hexdigest() == \
            hashlib.sha256(default).hexdigest()
        cache.restore(k)
        row = {"kernel": name, "triton": k.summary(), "ir": str(ir), "cache_serves_install":
               served, "variants": {n: v[1] for n, v in variants.items()},
               "seconds": round(time.time() - t0, 1)}
        write_text(out_dir / f"{name}.dry.json", json.dumps(row, indent=1) + "\n")
        regs = {n: v[1].get("vgpr") for n, v in variants.items()}
        log(f"{name}: {k.threads} threads, {k.shared} B shared, {len(k.params)} params; "
            f"registers {regs}; cache serves the installed binary: {served}")


# ---------------------------------------------------------------- report

def report(out_dir: Path) -> None:
    rows = [benchdata.read_json(out_dir / f"{k}.json") for k in KERNELS
            if benchdata.exists(out_dir / f"{k}.json")]
    src = out_dir.resolve()
    src_name = str(src.relative_to(ROOT)) if src.is_relative_to(ROOT) else str(out_dir)
    xz = ".xz" if any(benchdata.find(out_dir / f"{k}.json").suffix == ".xz"
                      for k in KERNELS) else ""
    lines = ["# H200: Triton tutorial kernels (`bench/h200_triton.py`)\n\n",
             "Triton 3.6 compiles each kernel on the H200 (its own LLVM and ptxas: the "
             "**triton** row); agentsched takes Triton's LLVM IR, rewrites it for LLVM 19 and "
             "compiles variants with llc-19 + the plugin and the same ptxas. Every variant is "
             "launched by Triton's own launcher with only the cubin swapped, checked against "
             "the original Triton kernel's output, then timed interleaved (21 rounds x 5 "
             "launches, A/A copy of the default). Speedup = median(base) / median(variant) "
             "with a paired bootstrap 95% CI; > 1 is faster.\n\n",
             f"Where the figures come from: each kernel's section is `{src_name}/KERNEL.json"
             f"{xz}` (`compare` for the table, `vs_triton`, `static` for registers, `search` "
             "and `program`), written by `python bench/h200_triton.py run OUT` on the H200; "
             f"the search's own record is `KERNEL.search.json{xz}` and the winning decisions "
             f"`KERNEL.decisions.jsonl{xz}`. This page: `python bench/h200_triton.py report "
             f"{src_name}`.\n"]
    for r in rows:
        c = r.get("compare")
        if not c:
            lines.append(f"\n## {r['kernel']}: not timed ({r.get('error', 'no result')})\n")
            continue
        vt = r.get("vs_triton", {})
        st = r.get("static", {})
        nf = c.get("noise_floor") or {}
        lines.append(f"\n## {r['kernel']}\n\n{r['triton'].get('threads')} threads, "
                     f"{r['triton'].get('shared')} B shared, grid {r.get('grid')}; A/A "
                     f"{100 * (nf.get('rel_diff') or 0):+.2f}% (bound "
                     f"±{100 * (nf.get('bound') or 0):.2f}%)\n\n"
                     "| variant | ok | registers | median µs | vs LLVM 19 default | 95% CI | "
                     "vs Triton's binary | 95% CI |\n|---|---|---|---|---|---|---|---|\n")
        for n, v in c["variants"].items():
            regs = v.get("registers") or (st.get(n, {}).get("metrics") or {}).get("vgpr")
            t = vt.get(n, {})
            lines.append(f"| {n} | {'yes' if v.get('ok') else 'NO'} | {regs} | "
                         f"{_f(v.get('median_us'), 2)} | {_f(v.get('speedup'))} | "
                         f"{_ci(v.get('speedup_ci'))} | {_f(t.get('speedup'))} | "
                         f"{_ci(t.get('ci95'))} |\n")
        s = r.get("search")
        if s:
            tm = s["timing"]
            fin = (s.get("vs_triton") or {}).get("winner", {})
            lines.append(f"\nSearch (evolve, {s['evaluations']} compiles, {s['elapsed_s']:.0f} "
                         f"s): winner {tm['winner'] or 'none (LLVM default kept)'}, confirmed "
                         f"speedup over LLVM 19's default {tm['speedup']:.4f} "
                         f"{_ci(tm.get('speedup_ci'))}, A/A bound "
                         f"{100 * (tm.get('aa_bound') or 0):.2f}%"
                         + (f"; vs Triton's binary {fin['speedup']:.4f} {_ci(fin['ci95'])}"
                            if fin else "") + ".\n")
        p = r.get("program") or {}
        lines.append(f"\nUnchanged program with the {p.get('schedule', '?')} binary in "
                     f"Triton's cache: {'ran it, output equal' if p.get('ok') else p}\n")
    out = ROOT / "bench" / "h200" / "RESULTS_triton.md"
    out.write_text("".join(lines))
    print(out)


def _f(x, digits: int = 4) -> str:
    return "-" if x is None else f"{x:.{digits}f}"


def _ci(ci) -> str:
    return "" if not ci else f"[{ci[0]:.4f}, {ci[1]:.4f}]"


# ---------------------------------------------------------------- main

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("carry")
    r = sub.add_parser("run")
    r.add_argument("out", type=Path)
    r.add_argument("--kernels", nargs="*", default=KERNELS)
    r.add_argument("--budget", type=int, default=64, help="search compiles per kernel")
    r.add_argument("--dry-run", action="store_true", help="no GPU: capture, compile, cache")
    r.add_argument("--state", default="/tmp/agentsched-triton-run",
                   help="where results accumulate on the GPU machine (resume); mirrored to OUT")
    p = sub.add_parser("program")
    p.add_argument("name")
    p.add_argument("ref", type=Path)
    p.add_argument("--save", action="store_true")
    rp = sub.add_parser("report")
    rp.add_argument("out", type=Path)
    a = ap.parse_args()
    if a.cmd == "carry":
        import h200_search
        h200_search.carry()
        return
    if a.cmd == "program":
        program(a.name, a.ref, a.save)
        return
    if a.cmd == "report":
        report(a.out)
        return
    a.out.mkdir(parents=True, exist_ok=True)
    # a fresh Triton cache, outside OUT (what comes back from the GPU host stays small)
    os.environ.setdefault("TRITON_CACHE_DIR", "/tmp/agentsched-triton-cache")
    if a.dry_run:
        os.environ.setdefault("AGENTSCHED_DATA", str(a.out.resolve() / "data"))
        dry_run(a.out, a.kernels)
        return
    import h200_search
    os.environ.update(h200_search._unpack())  # llc-19 + plugin carried in .devcarry
    import triton
    from triton import knobs
    # our cubins come from the assembler Triton's own binary came from
    os.environ["AGENTSCHED_PTXAS"] = knobs.nvidia.ptxas.path
    log(f"Triton {triton.__version__}, ptxas {knobs.nvidia.ptxas.path}, "
        f"TRITON_CACHE_DIR {os.environ['TRITON_CACHE_DIR']}")
    workers = max(1, (os.cpu_count() or 2) - 2)
    # Results accumulate in a state folder on the GPU machine and are mirrored into OUT after
    # every step: a run stopped by a time limit resumes where it was when run again on the same
    # (still warm) machine, even though OUT is a fresh folder each time.
    state = Path(a.state)
    state.mkdir(parents=True, exist_ok=True)
    for name in a.kernels:
        path = state / f"{name}.json"
        if path.exists() and json.loads(path.read_text()).get("done"):
            log(f"{name}: done before, skipped")
        else:
            try:
                run_kernel(name, state, a.budget, workers)
            except Exception as e:  # one kernel's failure must not cost the others their run
                traceback.print_exc()
                data = json.loads(path.read_text()) if path.exists() else {"kernel": name}
                data["error"] = f"{type(e).__name__}: {e}"
                path.write_text(json.dumps(data, indent=1, default=str) + "\n")
                log(f"{name}: FAILED {data['error'][:300]}")
        mirror(state, a.out)


def mirror(state: Path, out: Path) -> None:
    """Copy the results (JSON, decision files) from the state folder into OUT."""
    import shutil
    for f in state.iterdir():
        if f.suffix in (".json", ".jsonl"):
            shutil.copy(f, out / f.name)

if __name__ == "__main__":
    main()
