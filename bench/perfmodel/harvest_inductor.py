"""Triton kernels as torch.compile generates them, for training against the performance model
at scale (issue 22, item 4): run on the GPU machine (torch, transformers, Triton; no LLVM),
it compiles a few public model architectures with Inductor in max-autotune mode (so Triton's
GEMM templates are generated and autotuned beside the pointwise/reduction kernels) and keeps,
for every kernel Triton compiled, the LLVM IR Triton made (`*.llir`, what agentsched's Triton
hook gives llc-19) and Triton's metadata (`*.json`: name, warps, shared memory, target), plus
Inductor's generated kernel modules (with `benchmark_kernel`, each has the `@triton.jit`
source, `get_args()` and a launcher: what timing a kernel alone would need later).

    python bench/perfmodel/harvest_inductor.py run $OUT [--budget-s 420] [--parallel N]  # GPU machine
    python bench/perfmodel/harvest_inductor.py list FILE.tar.xz              # here

The models are transformers' architectures built from a config (random weights, seed 0, no
download), two layers each (every layer makes the same kernels), bf16 autocast, a forward
pass and a training step (forward, backward): GPT-2, Llama (RMSNorm, rotary, SwiGLU, grouped
KV heads), BERT, T5 (relative position bias) and ViT (a patch-embedding convolution). One
process per model with its own time limit, so one that fails or hangs costs only itself.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tarfile
import time
from pathlib import Path

MODELS = ("gpt2", "llama", "bert", "t5", "vit")
BATCH, SEQ = 8, 512


def build(name: str):
    import torch
    import transformers as tf
    torch.manual_seed(0)
    common = dict(num_hidden_layers=2)
    if name == "gpt2":
        cfg = tf.GPT2Config(n_layer=2, n_embd=768, n_head=12, n_positions=SEQ,
                            resid_pdrop=0.0, embd_pdrop=0.0, attn_pdrop=0.0)
        return tf.GPT2LMHeadModel(cfg), "tokens"
    if name == "llama":
        cfg = tf.LlamaConfig(hidden_size=1024, intermediate_size=2816, num_attention_heads=16,
                             num_key_value_heads=4, vocab_size=32000,
                             max_position_embeddings=SEQ, **common)
        return tf.LlamaForCausalLM(cfg), "tokens"
    if name == "bert":
        cfg = tf.BertConfig(hidden_size=768, num_attention_heads=12, intermediate_size=3072,
                            hidden_dropout_prob=0.0, attention_probs_dropout_prob=0.0,
                            max_position_embeddings=SEQ, **common)
        return tf.BertForMaskedLM(cfg), "tokens"
    if name == "t5":
        cfg = tf.T5Config(d_model=512, d_ff=2048, num_heads=8, num_layers=2,
                          num_decoder_layers=2, dropout_rate=0.0,
                          # transformers 5 no longer defaults these (labels -> decoder inputs)
                          decoder_start_token_id=0, pad_token_id=0)
        return tf.T5ForConditionalGeneration(cfg), "seq2seq"
    if name == "vit":
        cfg = tf.ViTConfig(hidden_size=768, num_attention_heads=12, intermediate_size=3072,
                           image_size=224, patch_size=16, hidden_dropout_prob=0.0,
                           attention_probs_dropout_prob=0.0, **common)
        return tf.ViTForImageClassification(cfg), "image"
    raise SystemExit(f"unknown model {name!r} (one of {', '.join(MODELS)})")


def one(name: str) -> None:
    """In its own process: compile the model's forward and training step, run each once."""
    import torch
    import torch._inductor.config as ic
    ic.max_autotune = True
    ic.max_autotune_gemm_backends = "TRITON,ATEN"
    ic.benchmark_kernel = True
    ic.compile_threads = int(os.environ.get("HARVEST_THREADS", max(1, (os.cpu_count() or 2) - 1)))
    model, kind = build(name)
    model = model.cuda().train()
    if kind == "tokens":
        ids = torch.randint(0, model.config.vocab_size, (BATCH, SEQ), device="cuda")
        kw = {"input_ids": ids, "labels": ids}
    elif kind == "seq2seq":
        ids = torch.randint(0, model.config.vocab_size, (BATCH, SEQ // 2), device="cuda")
        kw = {"input_ids": ids, "labels": ids}
    else:
        kw = {"pixel_values": torch.randn(BATCH, 3, 224, 224, device="cuda"),
              "labels": torch.randint(0, 2, (BATCH,), device="cuda")}
    step = torch.compile(model)
    t0 = time.time()
    with torch.autocast("cuda", dtype=torch.bfloat16):
        with torch.no_grad():
            step(**kw)
        out = step(**kw)
        out.loss.backward()
    torch.cuda.synchronize()
    print(json.dumps({"model": name, "compile_and_run_s": round(time.time() - t0, 1)}),
          flush=True)


def run(out: Path, budget_s: float, models: list[str], parallel: int = 1) -> int:
    out.mkdir(parents=True, exist_ok=True)
    work = Path("/tmp/harvest")
    env = dict(os.environ, TRITON_CACHE_DIR=str(work / "triton"),
               TORCHINDUCTOR_CACHE_DIR=str(work / "inductor"),
               HARVEST_THREADS=str(max(1, -(-(os.cpu_count() or 2) // parallel))))
    t0, log = time.time(), []
    # Compiling is mostly CPU work and each model is small next to the GPU's memory, so
    # models may run side by side (their autotuning timings then disturb each other, which
    # only changes which template configurations win, not what is kept: every one compiled).
    pending = list(models)
    running: dict[str, tuple[subprocess.Popen, float]] = {}
    while pending or running:
        while pending and len(running) < parallel:
            name = pending.pop(0)
            if budget_s - (time.time() - t0) < 30:
                log.append({"model": name, "skipped": "budget spent"})
                continue
            running[name] = (subprocess.Popen(
                [sys.executable, __file__, "one", name], env=env, stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT, text=True), time.time())
        time.sleep(1)
        for name, (p, t) in list(running.items()):
            if p.poll() is None and time.time() - t0 < budget_s:
                continue
            if p.poll() is None:
                p.kill()
            tail = p.communicate()[0][-1500:]
            log.append({"model": name, "rc": p.returncode, "s": round(time.time() - t, 1),
                        "timeout": p.returncode is not None and p.returncode < 0,
                        "tail": tail})
            del running[name]
            print(json.dumps(log[-1])[:400], flush=True)
    kept = 0
    with tarfile.open(out / "inductor_kernels.tar.xz", "w:xz") as tar:
        for f in sorted((work / "triton").rglob("*")):
            if f.suffix in (".llir", ".json") and f.is_file():
                tar.add(f, arcname=f"triton/{f.relative_to(work / 'triton')}")
                kept += f.suffix == ".llir"
        for f in sorted((work / "inductor").rglob("*.py")):
            if f.is_file() and "@triton.jit" in f.read_text(errors="replace"):
                tar.add(f, arcname=f"inductor/{f.relative_to(work / 'inductor')}")
    import torch
    import triton
    (out / "harvest.json").write_text(json.dumps({
        "models": log, "llir_files": kept, "wall_s": round(time.time() - t0, 1),
        "torch": torch.__version__, "triton": triton.__version__,
        "gpu": torch.cuda.get_device_name(0)}, indent=1))
    print(f"{kept} kernels' LLVM IR kept", flush=True)
    return 0


def listing(tar_path: Path) -> int:
    with tarfile.open(tar_path) as tar:
        names = [m.name for m in tar.getmembers() if m.name.endswith(".llir")]
    for n in names:
        print(n)
    print(f"{len(names)} kernels", file=sys.stderr)
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("out", type=Path)
    r.add_argument("--budget-s", type=float, default=420.0)
    r.add_argument("--models", default=",".join(MODELS))
    r.add_argument("--parallel", type=int, default=1, help="models compiled side by side")
    o = sub.add_parser("one")
    o.add_argument("model")
    ls = sub.add_parser("list")
    ls.add_argument("tar", type=Path)
    a = ap.parse_args()
    if a.cmd == "one":
        one(a.model)
        return 0
    if a.cmd == "list":
        return listing(a.tar)
    return run(a.out, a.budget_s, [m for m in a.models.split(",") if m], a.parallel)


if __name__ == "__main__":
    sys.exit(main())
