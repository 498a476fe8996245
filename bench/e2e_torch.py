"""End to end, torch.compile: a GPT-2-size transformer whose Triton kernels are built by
Triton itself, by llc-19 with LLVM's own schedule, and by llc-19 with the shipped policy.

Each variant runs in a fresh process started through `agentsched triton run` (the hook of
docs/triton.md: every kernel Inductor JIT-compiles goes through llc-19 and the plugin; with
no hook, Triton's own binaries), with its own Triton and Inductor caches:

  triton   Triton's own binaries (no hook)
  llvm     llc-19 + the plugin, every pick LLVM's (bench/e2e/llvm_pick.json: a policy that
           always takes LLVM's pick, i.e. LLVM 19's machine scheduler as it is)
  policy   llc-19 + policies/sm_90.json
  tuned    llc-19 + a tuned-schedule database (--db), when given

In each process: transformers' GPT2LMHeadModel (124M parameters: 12 layers, 768 wide,
random weights, seed 0, no dropout), bf16 autocast, batch 8 x 1024 tokens; torch.compile (mode default or
max-autotune); the compiled model's logits checked against the eager model's (relative
error); then the forward pass (no grad) and a training step (forward, backward, AdamW) timed
with CUDA events, 5 warm-ups then 30 timed iterations each (median, IQR), and 5 iterations
under torch.profiler for the time of every CUDA kernel (the per-kernel breakdown).

First every variant's caches are filled, all variants at once (`one --warm-only`: compiling
is CPU work); then the timed processes run one at a time, in rounds (triton, llvm, policy,
[tuned], triton again: the A/A pair), the order rotated every round, so drift shows as the
A/A spread and not as a speedup; a timed process finds its kernels in its variant's caches.

  python bench/e2e_torch.py run OUT [--mode default] [--rounds 2] [--pack DIR] [--db F]
  python bench/e2e_torch.py one --variant V --mode M --out F.json     (one process; `run` does this)
  python bench/e2e_torch.py report OUT [-o bench/e2e/RESULTS_torch.md]
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LLVM_PICK = ROOT / "bench" / "e2e" / "llvm_pick.json"
POLICY = ROOT / "policies" / "sm_90.json"
BATCH, SEQ = 8, 1024
WARMUP, ITERS, PROFILED = 5, 30, 5


def log(*a):
    print(*a, flush=True)


# ---------------------------------------------------------------- one process

def model_and_data(device: str = "cuda"):
    import torch
    from transformers import GPT2Config, GPT2LMHeadModel
    torch.manual_seed(0)
    # no dropout: the compiled model computes the eager one's function (checked below), and
    # the kernels timed are the model's own, not random-number generation
    cfg = GPT2Config(n_layer=12, n_embd=768, n_head=12, n_positions=SEQ, vocab_size=50257,
                     resid_pdrop=0.0, embd_pdrop=0.0, attn_pdrop=0.0)
    model = GPT2LMHeadModel(cfg).to(device)
    g = torch.Generator(device="cpu").manual_seed(1)
    ids = torch.randint(0, cfg.vocab_size, (BATCH, SEQ), generator=g).to(device)
    return model, ids


def timed(fn, iters: int) -> list[float]:
    """Milliseconds of each of `iters` calls, by CUDA events."""
    import torch
    out = []
    for _ in range(iters):
        a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        a.record()
        fn()
        b.record()
        b.synchronize()
        out.append(a.elapsed_time(b))
    return out


def kernel_times(fn, iters: int) -> dict:
    """CUDA time per kernel name, microseconds per iteration (torch.profiler)."""
    from torch.profiler import ProfilerActivity, profile
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        for _ in range(iters):
            fn()
    out: dict = {}
    for e in prof.key_averages():
        t = getattr(e, "device_time_total", None) or getattr(e, "cuda_time_total", 0)
        if t and e.key:
            out[e.key] = out.get(e.key, 0.0) + t / iters
    return out


def one(variant: str, mode: str, out: Path, warm_only: bool = False) -> None:
    import torch
    t0 = time.time()
    model, ids = model_and_data()
    with torch.no_grad(), torch.autocast("cuda", dtype=torch.bfloat16):
        ref = model(ids).logits.float()
    compiled = torch.compile(model, mode=None if mode == "default" else mode)
    with torch.no_grad(), torch.autocast("cuda", dtype=torch.bfloat16):
        got = compiled(ids).logits.float()
    rel = float((got - ref).norm() / ref.norm())
    compile_fwd_s = time.time() - t0

    def forward():
        with torch.no_grad(), torch.autocast("cuda", dtype=torch.bfloat16):
            compiled(ids)

    opt = torch.optim.AdamW(model.parameters(), lr=1e-4)

    def step():
        with torch.autocast("cuda", dtype=torch.bfloat16):
            loss = compiled(ids, labels=ids).loss
        loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)

    t1 = time.time()
    for _ in range(WARMUP):
        step()  # compiles the backward graph too
    torch.cuda.synchronize()
    compile_train_s = time.time() - t1
    if warm_only:  # the caches are filled: the timed run compiles nothing
        out.write_text(json.dumps({"variant": variant, "mode": mode, "warm": True,
                                   "rel_err_logits": rel,
                                   "compile_forward_s": round(compile_fwd_s, 1),
                                   "compile_train_s": round(compile_train_s, 1)}))
        log(f"{variant} {mode}: caches warm ({compile_fwd_s:.0f} + {compile_train_s:.0f} s)")
        return
    for _ in range(WARMUP):
        forward()
    res = {"variant": variant, "mode": mode, "rel_err_logits": rel,
           "compile_forward_s": round(compile_fwd_s, 1),
           "compile_train_s": round(compile_train_s, 1),
           "forward_ms": timed(forward, ITERS), "train_step_ms": timed(step, ITERS),
           "forward_kernels_us": kernel_times(forward, PROFILED),
           "train_kernels_us": kernel_times(step, PROFILED),
           "device": torch.cuda.get_device_name(), "torch": torch.__version__,
           "policy": os.environ.get("AGENTSCHED_TRITON_POLICY"),
           "db": os.environ.get("AGENTSCHED_TRITON_DB")}
    import triton
    res["triton"] = triton.__version__
    out.write_text(json.dumps(res, indent=1))
    log(f"{variant} {mode}: forward {statistics.median(res['forward_ms']):.3f} ms, train step "
        f"{statistics.median(res['train_step_ms']):.3f} ms, logits rel err {rel:.2e}")


# ---------------------------------------------------------------- the driver

def run(out: Path, mode: str, rounds: int, pack: Path | None, db: Path | None,
        variants: list[str]) -> None:
    """First every variant's caches filled, all variants at once (compiling is CPU work);
    then the timed processes one at a time, in rounds, the order rotated each round."""
    out.mkdir(parents=True, exist_ok=True)
    agentsched = [str(pack / "agentsched")] if pack else [sys.executable, "-m", "agentsched.cli"]
    policy_of = {"llvm": LLVM_PICK, "policy": POLICY}

    def command(v: str, name: str, warm: bool) -> tuple[list[str], dict]:
        env = {**os.environ, "TRITON_CACHE_DIR": f"/tmp/e2e-cache/{mode}-{v}",
               "TORCHINDUCTOR_CACHE_DIR": f"/tmp/e2e-inductor/{mode}-{v}"}
        prog = [sys.executable, __file__, "one", "--variant", v, "--mode", mode,
                "--out", str(out / f"{name}.json"), *(["--warm-only"] if warm else [])]
        if v == "triton":
            return prog, env
        hook = ["--db", str(db)] if v == "tuned" else ["--policy", str(policy_of[v])]
        return [*agentsched, "triton", "run", *hook, "--quiet",
                "--log", str(out / f"{name}.kernels.jsonl"), "--", *prog], env

    t0 = time.time()
    warming = []
    for v in variants:
        if not (out / f"{mode}-{v}-warm.json").exists():
            cmd, env = command(v, f"{mode}-{v}-warm", True)
            warming.append(subprocess.Popen(cmd, env=env, cwd=ROOT))
    for p in warming:
        p.wait()
    log(f"caches warm: {time.time() - t0:.0f} s")
    runs = [(v, "") for v in variants] + [(variants[0], "-aa")]  # the first twice: A/A
    for r in range(rounds):
        k = r % len(runs)
        for v, tag in runs[k:] + runs[:k]:
            name = f"{mode}-{v}-r{r}{tag}"
            if (out / f"{name}.json").exists():
                continue  # resumable: a finished process is not run again
            cmd, env = command(v, name, False)
            t1 = time.time()
            p = subprocess.run(cmd, env=env, cwd=ROOT)
            log(f"  {name}: exit {p.returncode}, {time.time() - t1:.0f} s")


# ---------------------------------------------------------------- report (here)

def report(out: Path, md: Path) -> None:
    runs = [json.loads(p.read_text()) | {"file": p.stem} for p in sorted(out.glob("*.json"))]
    runs = [r for r in runs if not r.get("warm")]
    lines = ["# torch.compile end to end: GPT-2 (124M) on the H200",
             "", f"`python bench/e2e_torch.py report {out}` (raw JSON: {out}).", ""]
    for mode in sorted({r["mode"] for r in runs}):
        rs = [r for r in runs if r["mode"] == mode]
        lines += [f"## mode {mode}", "",
                  "| variant | run | forward ms (median, IQR) | train step ms | logits rel err |"
                  " compile s (fwd, train) |", "|---|---|---|---|---|---|"]
        for r in rs:
            f, t = r["forward_ms"], r["train_step_ms"]
            lines.append(f"| {r['variant']} | {r['file']} | {statistics.median(f):.3f} "
                         f"({_iqr(f)}) | {statistics.median(t):.3f} ({_iqr(t)}) | "
                         f"{r['rel_err_logits']:.1e} | {r['compile_forward_s']}, "
                         f"{r['compile_train_s']} |")
        base = [r for r in rs if r["variant"] == "triton"]
        if base:
            lines += ["", "Speedup over Triton's own binaries (median of the runs' medians; "
                      "the A/A line is Triton against itself):", "",
                      "| variant | forward | train step |", "|---|---|---|"]
            bf = statistics.median(statistics.median(r["forward_ms"]) for r in base)
            bt = statistics.median(statistics.median(r["train_step_ms"]) for r in base)
            meds = {r["file"]: (statistics.median(r["forward_ms"]),
                                statistics.median(r["train_step_ms"])) for r in base}
            if len(meds) > 1:
                (a, b), (c, d) = list(meds.values())[:2]
                lines.append(f"| A/A (triton vs triton) | {a / c:.4f} | {b / d:.4f} |")
            for v in sorted({r["variant"] for r in rs} - {"triton"}):
                vs = [r for r in rs if r["variant"] == v]
                vf = statistics.median(statistics.median(r["forward_ms"]) for r in vs)
                vt = statistics.median(statistics.median(r["train_step_ms"]) for r in vs)
                lines.append(f"| {v} | {bf / vf:.4f} | {bt / vt:.4f} |")
            lines += ["", *_kernels(rs, "train_kernels_us")]
    md.parent.mkdir(parents=True, exist_ok=True)
    md.write_text("\n".join(lines) + "\n")
    print(md)


def _iqr(xs) -> str:
    q = statistics.quantiles(xs, n=4)
    return f"{q[0]:.3f}-{q[2]:.3f}"


def _kernels(rs: list, key: str, top: int = 20) -> list[str]:
    """The training step's kernels by Triton's time, each variant's time and speedup."""
    by_v: dict = {}
    for r in rs:
        for k, us in r[key].items():
            by_v.setdefault(r["variant"], {}).setdefault(k, []).append(us)
    med = {v: {k: statistics.median(x) for k, x in d.items()} for v, d in by_v.items()}
    base = med.get("triton", {})
    total = sum(base.values()) or 1.0
    names = sorted(base, key=lambda k: -base[k])[:top]
    vs = [v for v in med if v != "triton"]
    out = [f"Training step, the {top} kernels with most of Triton's time (µs per step; "
           f"speedup over Triton's binary):", "",
           "| kernel | share | triton µs | " + " | ".join(vs) + " |",
           "|---|---|---|" + "---|" * len(vs)]
    for k in names:
        cells = [f"{med[v].get(k, float('nan')):.1f} ({base[k] / med[v][k]:.3f})"
                 if med[v].get(k) else "-" for v in vs]
        out.append(f"| `{k[:60]}` | {100 * base[k] / total:.1f}% | {base[k]:.1f} | "
                   + " | ".join(cells) + " |")
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="bench/e2e_torch.py")
    sub = p.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("out", type=Path)
    r.add_argument("--mode", default="default", choices=["default", "max-autotune"])
    r.add_argument("--rounds", type=int, default=2)
    r.add_argument("--pack", type=Path, default=None, help="an `agentsched pack` directory")
    r.add_argument("--db", type=Path, default=None, help="a tuned-schedule database")
    r.add_argument("--variants", default="triton,llvm,policy")
    o = sub.add_parser("one")
    o.add_argument("--variant", required=True)
    o.add_argument("--mode", default="default")
    o.add_argument("--out", type=Path, required=True)
    o.add_argument("--warm-only", action="store_true", help="compile (fill the caches), no timing")
    rep = sub.add_parser("report")
    rep.add_argument("out", type=Path)
    rep.add_argument("-o", type=Path, default=ROOT / "bench" / "e2e" / "RESULTS_torch.md")
    a = p.parse_args(argv)
    if a.cmd == "run":
        variants = a.variants.split(",") + (["tuned"] if a.db else [])
        run(a.out, a.mode, a.rounds, a.pack, a.db, variants)
    elif a.cmd == "one":
        one(a.variant, a.mode, a.out, a.warm_only)
    else:
        report(a.out, a.o)
    return 0


if __name__ == "__main__":
    sys.exit(main())
