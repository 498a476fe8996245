"""A Triton kernel's IR made ready for llc-19: rewritten, checked, and with the llc flags that
Triton's own code generator used recorded in its first line.

    ir = llc_ready_ir(Path("~/.triton/cache/<hash>/"), parse_target("sm_90a"))

The result lives in data_dir()/triton/, named by the content of Triton's IR, the flags and
the rewriter's version, and is written once (atomically) after llc-19 compiled it without
error; every agentsched command then treats it as plain LLVM IR.
"""
from __future__ import annotations

import re
import tempfile
from pathlib import Path

from ...core.files import write_text
from ...core.hashing import sha256_hex
from ...core.paths import data_dir
from ...llvm.ir import LLC_FLAGS_MARK, launch_line
from ...targets import Launch, Target
from ...tools.programs import find_tool, run_tool
from .kernel import TritonInputError, TritonKernel
from .rewrite import REWRITE_VERSION, RewriteError, rewrite

# Triton's NVPTX code generator asks its LLVM for PTX ISA min(8.6, what its ptxas takes).
# LLVM 19 knows up to 8.5; 8.3, 8.4 and 8.5 gave byte-identical code (but the .version line)
# on all 33 sm_90 kernels of Triton's tutorials that we compiled, 8.0 fails (tensormap.replace
# needs 8.3), and 8.4 is what every ptxas here takes (CUDA 12.4's in the sdk extra, Triton's
# bundled 12.8, CUDA 13).
NVPTX_PTX_FEATURE = "+ptx84"


def llc_flags(kernel: TritonKernel, target_name: str) -> list[str]:
    """The flags of Triton's own codegen (triton/backends/*/compiler.py, python/src/llvm.cc
    createTargetMachine) that llc-19 has: -O3 (CodeGenOptLevel::Aggressive), no-NaNs FP math,
    trap on unreachable, fp contraction when enable_fp_fusion; NVPTX: 32-bit shared pointers
    (nvidia.set_short_ptr) and the PTX ISA above; gfx11: -real-true16 as Triton passes."""
    flags = ["-O3", "-enable-no-nans-fp-math", "-trap-unreachable"]
    if kernel.enable_fp_fusion:
        flags.append("-fp-contract=fast")
    if kernel.family == "amdgpu":
        if target_name.startswith("gfx11"):
            flags.append("-mattr=-real-true16")
    else:
        flags += [f"-mattr={NVPTX_PTX_FEATURE}", "-nvptx-short-ptr"]
    return flags


def _launch(kernel: TritonKernel) -> str:
    """The header line of the launch Triton fixes (threads, dynamic shared memory), when its
    metadata says both (a bare .llir does not: nothing is recorded)."""
    if "shared" not in kernel.metadata:
        return ""
    try:
        return launch_line(Launch(kernel.threads, kernel.shared)) + "\n"
    except TritonInputError:
        return ""


def llc_ready_ir(source: str | Path, target: Target) -> Path:
    """The IR of the Triton kernel at `source` (cache/dump directory, .llir, .json or Triton
    .ll), ready for llc-19 for `target`, which must be the GPU Triton compiled it for."""
    kernel = TritonKernel.load(source)
    try:
        compiled_for = kernel.target
    except TritonInputError:  # a bare .llir: no metadata, no PTX beside it; trust -t
        compiled_for = target.name
    if kernel.family != target.family:
        raise RewriteError(f"{source}: {kernel.name} is {kernel.family.upper()} IR, not for "
                           f"target {target.name}")
    if compiled_for != target.name:
        hint = " (Triton compiles capability 9.0 for the arch-specific sm_90a)" \
            if compiled_for.endswith("a") else ""
        raise RewriteError(f"{source}: Triton compiled {kernel.name} for {compiled_for}"
                           f"{hint}; schedule it with -t {compiled_for}, not {target.name}")
    original = kernel.llir.read_text(errors="replace")
    flags = llc_flags(kernel, target.name)
    launch = _launch(kernel)
    key = sha256_hex("\0".join([original, " ".join(flags), str(REWRITE_VERSION),
                                target.name, launch]))[:16]
    out = data_dir() / "triton" / f"{kernel.name}-{target.name}-{key}.ll"
    if out.exists():
        return out
    done = rewrite(original)
    rules = ", ".join(f"{k} x{v}" for k, v in done.applied.items()) or "none"
    text = (f"{LLC_FLAGS_MARK} {' '.join(flags)}\n{launch}{done.text.rstrip()}\n"
            f"; agentsched: Triton kernel {kernel.name} for {target.name}, "
            f"rewritten for LLVM 19 by agentsched.kernels.triton.rewrite v{REWRITE_VERSION} "
            f"(rules: {rules})\n")
    check(text, target, flags, kernel.llir)  # (no path in the text: it keys caches)
    write_text(out, text)
    return out


def check(text: str, target: Target, flags: list[str], origin: Path) -> None:
    """Compile the prepared IR once with stock llc-19; a failure becomes a RewriteError naming
    the line of Triton's file and the construct LLVM 19 could not take. Line N of the
    prepared text is line N - H of Triton's file, H its agentsched header lines (the llc
    flags, the launch)."""
    with tempfile.TemporaryDirectory(prefix="agentsched-triton-") as d:
        ir, out = Path(d) / "k.ll", Path(d) / "k.s"
        ir.write_text(text)
        proc = run_tool([find_tool("llc-19"), *target.llc_flags, *flags, str(ir), "-o",
                         str(out)])
        asm = out.read_text() if proc.returncode == 0 else ""
    lines = text.splitlines()
    head = next((i for i, ln in enumerate(lines) if not ln.startswith("; agentsched-")), 0)
    if proc.returncode != 0:
        err = proc.stderr
        m = re.search(r":(\d+):(\d+): error: (.*)", err)
        if m:
            line, col, msg = int(m.group(1)), int(m.group(2)), m.group(3).strip()
            src = lines[line - 1] if 0 < line <= len(lines) else ""
            token = re.match(r"[\w.\"$@%()=-]+", src[col - 1:])
            raise RewriteError(
                f"{origin}:{line - head}: LLVM 19 cannot read "
                f"`{token.group(0) if token else src.strip()[:40]}` ({msg}) and no rewrite "
                f"rule brings it down:\n    {src.strip()[:200]}")
        # verifier / backend errors name a function or intrinsic, not a line
        name = re.search(r"@([\w.$]+)", err)
        where = _line_of(lines, name.group(1)) if name else None
        detail = [ln for ln in err.strip().splitlines() if ln.strip() and
                  not ln.startswith(("Stack dump", " #", "PLEASE", "0.", "1.", "2.", "3."))]
        raise RewriteError(f"{origin}{f':{where - head}' if where else ''}: llc-19 rejects the "
                           f"rewritten IR: {' / '.join(detail[:3])[:400]}")
    unknown = sorted({re.sub(r"_param_\d+$", "", n) for n in
                      re.findall(r"\b(llvm\.(?:nvvm|amdgcn)\.[\w.]+)", asm)})
    if unknown:
        first = unknown[0]
        where = _line_of(lines, first)
        raise RewriteError(f"{origin}{f':{where - head}' if where else ''}: intrinsic "
                           f"{', '.join(unknown)} unknown to LLVM 19 (llc-19 would call it as "
                           "an undefined external function) and no rewrite rule replaces it")


def _line_of(lines: list[str], name: str) -> int | None:
    for i, ln in enumerate(lines, 1):
        if "@" + name + "(" in ln and not ln.startswith(";"):
            return i
    return None
