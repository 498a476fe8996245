"""Source -> device LLVM IR (clang-19) -> llc-19 with the plugin -> assembly/object/code object.

Outputs by extension: .s/.ptx assembly, .o object (llvm-mc-19), .co/.hsaco AMDGPU code object
(ld.lld-19), .cubin (ptxas, NVPTX only).
"""
from __future__ import annotations

import functools
import json
import os
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from ..protocol import Decision, read_decisions, write_decisions
from .plugin import plugin_path
from .tools import ToolFailed, find_ptxas, find_tool, run



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

def emit_ir(source: str | Path, target: Target, defines: dict | None = None,
            include_dirs: list[Path] | None = None, **build) -> Path:
    """Device IR for a source file (or the given IR), naming its kernel; cached by every
    input. See toolchain/frontend.py (build: flags, entry, block, lang)."""
    from .frontend import emit_ir as _emit_ir
    return _emit_ir(source, target, defines, include_dirs, **build)


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
    entry: str | None = None  # the kernel's symbol: the only function hooked and measured


def llc_command(ir: Path, target: Target, asm_out: Path, *, report: Path | None = None,
                decisions: Path | None = None, state_log: Path | None = None,
                channel: str | None = None, lenient: bool = False, base: str = "target",
                extra: list[str] | None = None, stock: bool = False,
                function: str | None = None) -> list[str]:
    cmd = [find_tool("llc-19"), *target.llc_flags]
    if not stock:
        cmd += [f"-load={plugin_path()}", "-misched=agent-sched"]
        if function:
            cmd.append(f"-agent-sched-function={function}")
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
    """One llc run over IR with the plugin. With `agent`, it answers live over the channel.
    Only the kernel the IR names (frontend.ir_entry) is hooked; other functions keep LLVM's
    schedule."""
    if agent is not None and decisions is not None:
        raise ValueError("give an agent or decisions, not both")
    from .frontend import ir_entry
    entry = ir_entry(ir)
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
                                                   state_log=state_log, base=base, extra=extra,
                                                   function=entry),
                            agent)
            result_decisions, stats = live.decisions, live.agent_stats
        else:
            run(llc_command(ir, target, asm, report=report, decisions=dec_path,
                            state_log=state_log, lenient=lenient, base=base, extra=extra,
                            function=entry))
        return CompileResult(target=target, ir=ir, asm=asm.read_text(),
                             report=json.loads(report.read_text()),
                             decisions=result_decisions, agent_stats=stats, entry=entry)


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
