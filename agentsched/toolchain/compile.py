"""Source -> device LLVM IR (clang-19) -> llc-19 with the plugin -> assembly/object/code object.

Outputs by extension: .s/.ptx assembly, .o object (llvm-mc-19), .co/.hsaco AMDGPU code object
(ld.lld-19), .cubin (ptxas, NVPTX only).
"""
from __future__ import annotations

import functools
import glob
import json
import os
import re
import shutil
import tempfile
import time
from contextlib import nullcontext
from dataclasses import dataclass, field
from pathlib import Path

from ..outputs import staged_output
from ..protocol import Decision, check_decisions, write_decisions
from .plugin import plugin_path
from .tools import (ToolFailed, find_ptxas, find_tool, path_arg, ptxas_release, run,
                    run_tool)



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
        proc = run_tool([find_tool("llc-19"), f"-mtriple={triple}", "-mcpu=help"])
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


class IRTargetMismatch(ValueError):
    """IR generated for another GPU than the target asked for."""


_TARGET_CPU = re.compile(r'"target-cpu"="([^"]*)"')


def check_ir_target(ir: Path, target: Target) -> None:
    """Refuse IR for another GPU: its triple, or its functions' "target-cpu" attribute, which
    overrides llc's -mcpu (gfx942 IR compiled with -t gfx1100 gives gfx942 code, labelled
    gfx1100, with gfx942's register counts). IR without a target-cpu takes the target's."""
    text = _ir_text(ir)
    m = re.search(r'^target triple = "([^"]+)"', text, re.M)
    if m and m.group(1).split("-")[0] != target.triple.split("-")[0]:
        raise IRTargetMismatch(f"{ir}: IR is for {m.group(1)}, not for target {target.name} "
                               f"({target.triple})")
    cpus = sorted(set(_TARGET_CPU.findall(text)) - {target.name})
    if cpus:
        raise IRTargetMismatch(
            f"{ir}: IR was generated for {', '.join(cpus)} (its functions' \"target-cpu\"), "
            f"not for target {target.name}: llc would emit {cpus[0]} code and label it "
            f"{target.name}. Regenerate the IR for {target.name} (or remove the attribute)")


def _ir_text(ir: Path) -> str:
    """LLVM IR as text: a .ll file as it is, bitcode through llvm-dis-19."""
    data = ir.read_bytes()
    if data[:4] in (b"BC\xc0\xde", b"\xde\xc0\x17\x0b"):  # bitcode, raw or in a wrapper
        return run([find_tool("llvm-dis-19"), path_arg(ir), "-o", "-"])
    return data.decode("utf-8", errors="replace")


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
    validated: str | None = None  # the assembler that accepted asm ("ptxas 13.0"), if any
    entry: str | None = None  # the kernel's symbol: the only function hooked and measured


# IR that agentsched prepared from another compiler's output (agentsched.triton) names, in its
# first line, the llc flags that compiler's own code generator used (PTX ISA, fp contraction,
# 32-bit shared pointers ...). They are part of the IR's bytes, so every cache keyed by the
# IR is keyed by them too, and stock and plugin compiles of the IR use the same flags.
LLC_FLAGS_MARK = "; agentsched-llc-flags:"


def recorded_llc_flags(ir: Path) -> list[str]:
    from .frontend import header_line
    line = header_line(ir, LLC_FLAGS_MARK)
    return line.split() if line is not None else []


def llc_command(ir: Path, target: Target, asm_out: Path, *, report: Path | None = None,
                decisions: Path | None = None, state_log: Path | None = None,
                channel: str | None = None, policy: Path | None = None,
                lenient: bool = False, base: str = "target",
                extra: list[str] | None = None, stock: bool = False,
                full_state_log: bool = False, function: str | None = None) -> list[str]:
    cmd = [find_tool("llc-19"), *target.llc_flags, *recorded_llc_flags(ir)]
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
            if full_state_log:
                cmd.append("-agent-sched-state-log-format=full")
        if channel:
            cmd.append(f"-agent-sched-channel={channel}")
        if policy:
            cmd.append(f"-agent-sched-policy={policy}")
        if lenient:
            cmd.append("-agent-sched-lenient")
    return [*cmd, *(extra or []), path_arg(ir), "-o", path_arg(asm_out)]


# The plugin's report when it never ran: a module where no function reaches the machine
# scheduler (empty, host-only, every function optnone) has nothing to schedule.
EMPTY_REPORT = {"decisions": 0, "choices": 0, "changed": 0, "stale": 0, "missing": 0,
                "asked": 0, "regions": 0, "passes": 0, "reverted_regions": 0,
                "reverted_passes": 0, "reverted_changed_passes": 0, "pass_list": []}


def _read_report(report: Path, base: str) -> dict:
    """The plugin's report; `nothing_to_schedule` when no region reached the scheduler (an
    empty, host-only or optnone module)."""
    rep = json.loads(report.read_text()) if report.exists() else {**EMPTY_REPORT, "base": base}
    rep["nothing_to_schedule"] = rep.get("passes", 0) == 0
    return rep


def compile_ir(ir: Path, target: Target, *, agent=None, decisions: list[Decision] | Path | None = None,
               state_log: Path | None = None, lenient: bool = False, base: str = "target",
               extra: list[str] | None = None, agent_timeout: float | None = None,
               full_state_log: bool = False, policy: Path | None = None) -> CompileResult:
    """One llc run over IR with the plugin. With `agent`, it answers live over the channel
    (agent_timeout: seconds allowed per answer, see channel.run_live). Only the kernel the IR
    names (frontend.ir_entry) is hooked; other functions keep LLVM's schedule. The state log
    is published at `state_log` only when llc succeeds (agentsched.outputs). NVPTX output is
    checked by ptxas when one is installed (result.validated). `policy`: a policy file
    (docs/policy.md) that the plugin evaluates itself, no Python in the loop."""
    if sum(x is not None for x in (agent, decisions, policy)) > 1:
        raise ValueError("give an agent, decisions or a policy, not several")
    from .frontend import ir_entry
    entry = ir_entry(ir)
    staged_log = staged_output(state_log) if state_log is not None else nullcontext(None)
    with tempfile.TemporaryDirectory(prefix="agentsched-") as tmpd, staged_log as log:
        tmp = Path(tmpd)
        asm, report = tmp / "out.s", tmp / "report.json"
        dec_path = None
        if isinstance(decisions, (str, Path)):
            dec_path = Path(decisions)
            check_decisions(dec_path)  # clear Python-side error before llc sees it
        elif decisions is not None:
            dec_path = tmp / "decisions.jsonl"
            write_decisions(dec_path, decisions)
        result_decisions, stats = None, {}
        options = dict(report=report, state_log=log, base=base, extra=extra,
                       full_state_log=full_state_log, function=entry)
        if state_log:
            remove_orphan_temps(Path(state_log))  # left by a raw llc killed with its parent
        if agent is not None:
            from ..channel import run_live
            live = run_live(lambda ch: llc_command(ir, target, asm, channel=ch, **options),
                            agent, timeout=agent_timeout)
            result_decisions, stats = live.decisions, live.agent_stats
        else:
            run(llc_command(ir, target, asm, decisions=dec_path, lenient=lenient,
                            policy=policy, **options))
        if log is not None and not log.exists():
            log.write_text("")  # nothing was scheduled: an empty state log
        text = asm.read_text()
        return CompileResult(target=target, ir=ir, asm=text,
                             report=_read_report(report, base),
                             decisions=result_decisions, agent_stats=stats, entry=entry,
                             validated=validate_asm(text, target))


def remove_orphan_temps(path: Path) -> None:
    """Remove the plugin's temp files for `path` (.NAME.agentsched-PID-XXXXXX) whose llc is
    gone: the plugin removes its own on every exit but SIGKILL. An llc of ours that was just
    killed (subprocess.run kills its child on Ctrl-C) gets a moment to die."""
    for tmp in path.parent.glob(f".{glob.escape(path.name)}.agentsched-*-*"):
        pid = tmp.name.rsplit(".agentsched-", 1)[1].split("-", 1)[0]
        if not pid.isdigit():
            continue
        deadline = time.monotonic() + 2
        while _alive(int(pid)) and _is_our_child(int(pid)) and time.monotonic() < deadline:
            time.sleep(0.02)
        if not _alive(int(pid)):
            tmp.unlink(missing_ok=True)


def _proc_stat(pid: int) -> list[str]:
    """Fields of /proc/PID/stat after the command name: state, ppid, ... ([] if gone)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return []


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    stat = _proc_stat(pid)
    return not stat or stat[0] not in ("Z", "X")  # a zombie writes nothing any more


def _is_our_child(pid: int) -> bool:
    stat = _proc_stat(pid)
    return len(stat) > 1 and stat[1] == str(os.getpid())


# ---------------------------------------------------------------- validation

def validate_asm(asm: str, target: Target) -> str | None:
    """Check compiler output with the target's assembler where one is installed: NVPTX PTX
    with ptxas (LLVM can emit PTX that passes -verify-machineinstrs and that ptxas rejects).
    Returns the validator ("ptxas 12.4"), None when none is available; raises ToolFailed with
    ptxas's message when the PTX is invalid."""
    if target.is_amdgpu:
        return None
    run_ = run_ptxas(asm, target.name)
    if run_ is None:
        return None
    if run_.returncode != 0:
        raise ToolFailed(f"ptxas rejected the PTX for {target.name}: "
                         f"{_ptxas_error(run_.log)}")
    return ptxas_name()


@dataclass(frozen=True)
class PtxasRun:
    returncode: int
    log: str  # stdout + stderr of ptxas -v
    cubin: bytes | None  # the whole-program cubin, when it links on its own
    relocatable: bool  # compiled with -c (the PTX calls functions defined elsewhere)


@functools.lru_cache(maxsize=8)
def run_ptxas(ptx: str, arch: str) -> PtxasRun | None:
    """`ptxas -arch=ARCH -O3 -v` on PTX text (memoized: validation, metrics and .cubin output
    of one compile share one run); with -c when the PTX calls external functions. None when
    no ptxas is installed or it does not know ARCH."""
    ptxas = find_ptxas()
    if not ptxas:
        return None
    with tempfile.TemporaryDirectory(prefix="agentsched-ptxas-") as d:
        src, out = Path(d) / "k.ptx", Path(d) / "k.cubin"
        src.write_text(ptx)
        result = None
        for extra in ([], ["-c"]):
            proc = run_tool([ptxas, f"-arch={arch}", "-O3", "-v", *extra, str(src),
                             "-o", str(out)])
            log = proc.stdout + proc.stderr
            if re.search(r"not defined for option 'gpu-name'|Unknown arch|unsupported gpu", log,
                         re.I):
                return None
            result = PtxasRun(proc.returncode, log,
                              out.read_bytes() if proc.returncode == 0 and not extra else None,
                              bool(extra))
            if proc.returncode == 0 or "Unresolved extern function" not in log:
                break
        return result


def ptxas_name() -> str:
    """"ptxas 12.4": the installed ptxas and its CUDA release."""
    m = re.search(r"release (\d+\.\d+)", ptxas_release(find_ptxas()))
    return f"ptxas {m.group(1)}" if m else "ptxas"


def _ptxas_error(log: str) -> str:
    lines = [ln for ln in log.splitlines() if "error" in ln.lower() or "fatal" in ln.lower()]
    return "\n".join(lines[:5]) or log.strip()[-500:]


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
    with tempfile.TemporaryDirectory(prefix="agentsched-") as tmpd, \
            staged_output(out) as final:
        tmp = Path(tmpd)
        asm = tmp / ("out.ptx" if not t.is_amdgpu else "out.s")
        asm.write_text(result.asm)
        if kind == "asm":
            shutil.copyfile(asm, final)
        elif kind == "cubin":
            ptxas = run_ptxas(result.asm, t.name)
            if ptxas is None:
                raise ToolFailed(f"no ptxas for {t.name}: .cubin needs a CUDA toolkit's ptxas "
                                 "(or write .ptx and let the driver load it)")
            if ptxas.cubin is None:
                raise ToolFailed(f"ptxas failed (exit {ptxas.returncode}): "
                                 f"{_ptxas_error(ptxas.log)}")
            final.write_bytes(ptxas.cubin)
        else:
            obj = tmp / "out.o"
            run([find_tool("llvm-mc-19"), f"-triple={t.triple}", f"-mcpu={t.name}",
                 "-filetype=obj", str(asm), "-o", str(obj)])
            if kind == "obj":
                shutil.copyfile(obj, final)
            else:
                run([find_tool("ld.lld-19"), "-shared", str(obj), "-o", str(final)])
    result.outputs[kind] = out
    return out
