"""Source -> device LLVM IR (clang-19) -> llc-19 with the plugin -> assembly/object/code object.

Outputs by extension: .s/.ptx assembly, .o object (llvm-mc-19), .co/.hsaco AMDGPU code object
(ld.lld-19), .cubin (ptxas, NVPTX only).
"""
from __future__ import annotations

import functools
import hashlib
import json
import os
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from ..protocol import Decision, read_decisions, write_decisions
from .plugin import data_dir, plugin_path
from .tools import ToolFailed, find_ptxas, find_tool, run

INCLUDE_DIR = Path(__file__).resolve().parent.parent / "kernels" / "include"
SOURCE_SUFFIXES = {".cu", ".hip", ".cpp", ".cc"}
IR_SUFFIXES = {".ll", ".bc"}


class UnknownTarget(ValueError):
    pass


@dataclass(frozen=True)
class Target:
    name: str  # gfx1100, gfx90a, sm_90 ...

    @property
    def is_amdgpu(self) -> bool:
        return self.name.startswith("gfx")

    @property
    def triple(self) -> str:
        return "amdgcn-amd-amdhsa" if self.is_amdgpu else "nvptx64-nvidia-cuda"

    @property
    def llc_flags(self) -> list[str]:
        flags = [f"-mtriple={self.triple}", f"-mcpu={self.name}"]
        if not self.is_amdgpu:
            flags.append("-enable-misched")  # NVPTX runs the machine scheduler only then
        return flags


@functools.cache
def known_targets() -> tuple[str, ...]:
    """GPU names llc-19 knows (asked from llc itself, so it follows the installed LLVM)."""
    names: set[str] = set()
    for triple, pat in (("amdgcn-amd-amdhsa", r"^\s+(gfx\d+[0-9a-z]*)\s"),
                        ("nvptx64-nvidia-cuda", r"^\s+(sm_\d+a?)\s")):
        proc = subprocess.run([find_tool("llc-19"), f"-mtriple={triple}", "-mcpu=help"],
                              stdin=subprocess.DEVNULL, capture_output=True, text=True)
        names.update(re.findall(pat, proc.stdout + proc.stderr, re.M))
    # generic family names (gfx11, gfx9 ...) are not concrete GPUs
    return tuple(sorted(n for n in names if not re.fullmatch(r"gfx\d{1,2}", n)))


def parse_target(name: str) -> Target:
    if name not in known_targets():
        near = [t for t in known_targets() if t[:4] == name[:4]][:12]
        raise UnknownTarget(f"unknown target {name!r}: llc-19 knows "
                            f"{', '.join(near or known_targets()[:12])} ...")
    return Target(name)


# ---------------------------------------------------------------- LLVM IR

def _hash(*parts: bytes | str) -> str:
    h = hashlib.sha256()
    for p in parts:
        h.update(p.encode() if isinstance(p, str) else p)
        h.update(b"\0")
    return h.hexdigest()


def emit_ir(source: str | Path, target: Target, defines: dict | None = None,
            include_dirs: list[Path] | None = None) -> Path:
    """Device IR for a source file, cached by content (source, header, flags, clang)."""
    source = Path(source)
    from ..triton.kernel import is_triton_input
    if is_triton_input(source):  # Triton's IR (newer LLVM): rewritten for llc-19, cached
        from ..triton.ir import llc_ready_ir
        return llc_ready_ir(source, target)
    if not source.is_file():
        raise FileNotFoundError(f"{source}: source file not found")
    if source.suffix in IR_SUFFIXES:
        check_ir_target(source, target)
        return source
    if source.suffix not in SOURCE_SUFFIXES:
        raise ValueError(f"{source}: unknown source kind {source.suffix!r} "
                         f"(expected {', '.join(sorted(SOURCE_SUFFIXES | IR_SUFFIXES))})")
    includes = [INCLUDE_DIR, *(include_dirs or [])]
    cmd = [find_tool("clang-19"), *_clang_lang_flags(target), "-O3", "-emit-llvm", "-S",
           *(f"-I{d}" for d in includes),
           *(f"-D{k}={v}" for k, v in sorted((defines or {}).items()))]
    headers = b"".join(p.read_bytes() for d in includes for p in sorted(Path(d).glob("*.h")))
    key = _hash(source.read_bytes(), headers, " ".join(cmd[1:]), target.name,
                _clang_version())
    out = data_dir() / "ir" / f"{source.stem}-{target.name}-{key[:16]}.ll"
    if out.exists():
        return out
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(f".tmp{os.getpid()}")
    try:
        run([*cmd, str(source), "-o", str(tmp)])
        os.replace(tmp, out)
    finally:
        tmp.unlink(missing_ok=True)
    return out


@functools.cache
def _clang_version() -> str:
    return run([find_tool("clang-19"), "--version"]).splitlines()[0]


def _clang_lang_flags(target: Target) -> list[str]:
    if target.is_amdgpu:
        return ["-x", "hip", f"--offload-arch={target.name}", "--cuda-device-only",
                "-nogpuinc", "-nogpulib"]
    # clang-19 warns that the CUDA it finds is newer than it knows; harmless here.
    return ["-x", "cuda", f"--cuda-gpu-arch={target.name}", "--cuda-device-only",
            "-nocudainc", "-nocudalib", "-Wno-unknown-cuda-version"]


def check_ir_target(ir: Path, target: Target) -> None:
    if ir.suffix != ".ll":
        return
    head = ir.read_text(errors="replace")[:4000]
    m = re.search(r'^target triple = "([^"]+)"', head, re.M)
    if m and m.group(1).split("-")[0] != target.triple.split("-")[0]:
        raise ValueError(f"{ir}: IR is for {m.group(1)}, not for target {target.name} "
                         f"({target.triple})")


# ---------------------------------------------------------------- llc with the plugin

@dataclass
class CompileResult:
    target: Target
    ir: Path
    asm: str  # assembly text (.s on AMDGPU, PTX on NVPTX)
    report: dict  # the plugin's summary (decisions, changed, stale, regions, reverts ...)
    decisions: list[Decision] | None = None  # picks made by a live agent (replayable)
    agent_stats: dict = field(default_factory=dict)
    outputs: dict = field(default_factory=dict)  # kind -> path written


# IR that agentsched prepared from another compiler's output (agentsched.triton) names, in its
# first line, the llc flags that compiler's own code generator used (PTX ISA, fp contraction,
# 32-bit shared pointers ...). They are part of the IR's bytes, so every cache keyed by the
# IR is keyed by them too, and stock and plugin compiles of the IR use the same flags.
LLC_FLAGS_MARK = "; agentsched-llc-flags:"


def recorded_llc_flags(ir: Path) -> list[str]:
    with open(ir, "rb") as fh:
        first = fh.readline().decode(errors="replace")
    return first[len(LLC_FLAGS_MARK):].split() if first.startswith(LLC_FLAGS_MARK) else []


def llc_command(ir: Path, target: Target, asm_out: Path, *, report: Path | None = None,
                decisions: Path | None = None, state_log: Path | None = None,
                channel: str | None = None, lenient: bool = False, base: str = "target",
                extra: list[str] | None = None, stock: bool = False) -> list[str]:
    cmd = [find_tool("llc-19"), *target.llc_flags, *recorded_llc_flags(ir)]
    if not stock:
        cmd += [f"-load={plugin_path()}", "-misched=agent-sched"]
        if base != "target":
            cmd.append(f"-agent-sched-base={base}")
        if report:
            cmd.append(f"-agent-sched-report={report}")
        if decisions:
            cmd.append(f"-agent-sched-decisions={decisions}")
        if state_log:
            cmd.append(f"-agent-sched-state-log={state_log}")
        if channel:
            cmd.append(f"-agent-sched-channel={channel}")
        if lenient:
            cmd.append("-agent-sched-lenient")
    return [*cmd, *(extra or []), str(ir), "-o", str(asm_out)]


def compile_ir(ir: Path, target: Target, *, agent=None, decisions: list[Decision] | Path | None = None,
               state_log: Path | None = None, lenient: bool = False, base: str = "target",
               extra: list[str] | None = None) -> CompileResult:
    """One llc run over IR with the plugin. With `agent`, it answers live over the channel."""
    if agent is not None and decisions is not None:
        raise ValueError("give an agent or decisions, not both")
    with tempfile.TemporaryDirectory(prefix="agentsched-") as tmpd:
        tmp = Path(tmpd)
        asm, report = tmp / "out.s", tmp / "report.json"
        dec_path = None
        if isinstance(decisions, (str, Path)):
            dec_path = Path(decisions)
            read_decisions(dec_path)  # clear Python-side error before llc sees it
        elif decisions is not None:
            dec_path = tmp / "decisions.jsonl"
            write_decisions(dec_path, decisions)
        result_decisions, stats = None, {}
        if agent is not None:
            from ..channel import run_live
            live = run_live(lambda ch: llc_command(ir, target, asm, report=report, channel=ch,
                                                   state_log=state_log, base=base, extra=extra),
                            agent)
            result_decisions, stats = live.decisions, live.agent_stats
        else:
            run(llc_command(ir, target, asm, report=report, decisions=dec_path,
                            state_log=state_log, lenient=lenient, base=base, extra=extra))
        return CompileResult(target=target, ir=ir, asm=asm.read_text(),
                             report=json.loads(report.read_text()),
                             decisions=result_decisions, agent_stats=stats)


def stock_asm(ir: Path, target: Target, extra: list[str] | None = None) -> str:
    """Assembly from stock llc-19 (no plugin): the reference for byte-identity."""
    with tempfile.TemporaryDirectory(prefix="agentsched-") as tmpd:
        out = Path(tmpd) / "out.s"
        run(llc_command(ir, target, out, stock=True, extra=extra))
        return out.read_text()


# ---------------------------------------------------------------- outputs

OUTPUT_KINDS = {".s": "asm", ".ptx": "asm", ".o": "obj", ".co": "co", ".hsaco": "co",
                ".cubin": "cubin"}


def module_suffix(target: Target) -> str:
    """What a GPU loads: a code object on AMDGPU, a cubin when ptxas is here, else PTX (the
    driver then JIT-compiles it)."""
    if target.is_amdgpu:
        return ".co"
    return ".cubin" if find_ptxas() else ".ptx"


def module_bytes(result: CompileResult, suffix: str) -> bytes:
    """The loadable module of a compile (see write_output) as bytes, through a temp file."""
    with tempfile.TemporaryDirectory(prefix="agentsched-mod-") as d:
        return write_output(result, Path(d) / f"module{suffix}").read_bytes()


def write_output(result: CompileResult, out: Path) -> Path:
    """Write the compile's assembly, object, code object or cubin, chosen by out's suffix."""
    out = Path(out)
    kind = OUTPUT_KINDS.get(out.suffix)
    if kind is None:
        raise ValueError(f"{out}: unknown output kind {out.suffix!r} "
                         f"(use {', '.join(OUTPUT_KINDS)})")
    t = result.target
    if kind in ("obj", "co") and not t.is_amdgpu:
        raise ValueError(f"{out}: {out.suffix} output is for AMDGPU targets; use .ptx or .cubin")
    if kind == "cubin" and t.is_amdgpu:
        raise ValueError(f"{out}: .cubin output is for NVPTX targets; use .s, .o or .co")
    out.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="agentsched-") as tmpd:
        tmp = Path(tmpd)
        asm = tmp / ("out.ptx" if not t.is_amdgpu else "out.s")
        asm.write_text(result.asm)
        final = tmp / f"final{out.suffix}"
        if kind == "asm":
            shutil.copy(asm, final)
        elif kind == "cubin":
            ptxas = find_ptxas()
            if not ptxas:
                raise ToolFailed("ptxas not found: .cubin needs a CUDA toolkit's ptxas "
                                 "(or write .ptx and let the driver load it)")
            run([ptxas, f"-arch={t.name}", "-O3", str(asm), "-o", str(final)])
        else:
            obj = tmp / "out.o"
            run([find_tool("llvm-mc-19"), f"-triple={t.triple}", f"-mcpu={t.name}",
                 "-filetype=obj", str(asm), "-o", str(obj)])
            if kind == "obj":
                shutil.copy(obj, final)
            else:
                run([find_tool("ld.lld-19"), "-shared", str(obj), "-o", str(final)])
        staged = out.parent / f".{out.name}.tmp{os.getpid()}"
        shutil.copyfile(final, staged)
        os.replace(staged, out)  # readers never see half a file
    result.outputs[kind] = out
    return out
