"""Triton kernels in agentsched: schedule the LLVM IR Triton generates, time it with Triton's
own launch, and hand the tuned binary back to the unchanged Triton program.

    kernel.py   a Triton kernel on disk: a cache / dump directory or an .llir file, its
                launch metadata (num_warps, shared memory, parameters) and Triton's own binary
    rewrite.py  Triton's LLVM IR (newer LLVM) -> IR that llc-19 reads, one tested rule each
    ir.py       that IR with Triton's own llc flags, checked by llc-19 (what emit_ir returns)
    capture.py  @triton.jit function + arguments -> a kernel compiled for a target, no GPU
    cache.py    write a tuned binary into Triton's cache under the key Triton computes
    spec.py     TritonSpec: a kernel with its launch arguments (for timing on a GPU)
    hook.py     every kernel a program JIT-compiles (torch.compile's too) built by llc-19 with
                the plugin and a policy / db: install(), uninstall(), status()
    hookenv.py  the hook's configuration, digest, environment and records, without Triton;
                site/sitecustomize.py reads AGENTSCHED_TRITON_POLICY / _DB at interpreter start

The rest sits in the layers above (docs/api.md): runtime/triton.py (Triton's launcher with a
swapped cubin), searches/triton.py (the time search), api/triton.py and cli/triton.py
(`agentsched triton ...`). Only capture, hook, the runtime and cache import Triton
(`pip install agentsched[triton]`); kernel and rewrite read files, so the CLI schedules Triton
dumps on machines without Triton. docs/triton.md walks through the loop.
"""
