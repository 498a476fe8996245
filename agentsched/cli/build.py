"""`agentsched build [--policy P] [--db F] [--misched] [--report-dir D] -- make ...`: run an
unchanged build (make, cmake, ninja, a script) with clang-19 compiling its CUDA/HIP device code
under the plugin (agentsched/tools/build.py; docs/build.md)."""
from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path
from typing import List, Optional

import typer

from ..tools import build as wrapper


def summarize(report_dir: Path) -> list[str]:
    """One line per device compile the plugin reported on, and a total."""
    lines, totals = [], {"compiles": 0, "kernels": 0, "decisions": 0, "changed": 0}
    for f in sorted(report_dir.glob("*.json")):
        if f.name.endswith(".select.json"):
            continue
        try:
            rep = json.loads(f.read_text())
        except (OSError, ValueError) as e:
            lines.append(f"  {f.name}: unreadable report ({e})")
            continue
        kernels = sorted({p.get("function") for p in rep.get("pass_list", [])} - {None})
        totals["compiles"] += 1
        totals["kernels"] += len(kernels)
        totals["decisions"] += rep.get("decisions", 0)
        totals["changed"] += rep.get("changed", 0)
        lines.append(f"  {f.name}: {len(kernels)} kernels, {rep.get('decisions', 0)} decisions, "
                     f"{rep.get('changed', 0)} changed from LLVM's, "
                     f"{rep.get('stale', 0)} stale, "
                     f"{rep.get('reverted_regions', 0)} regions reverted")
    lines.insert(0, f"{totals['compiles']} device compiles scheduled by the plugin "
                    f"({totals['kernels']} kernels, {totals['decisions']} decisions, "
                    f"{totals['changed']} changed) -> {report_dir}")
    return lines + select_summary(report_dir)


def select_summary(report_dir: Path) -> list[str]:
    """--select: how many kernels took the policy, and each one that did."""
    rows = []
    for f in sorted(report_dir.glob("*.select.json")):
        try:
            rows += [(f.name, r) for r in json.loads(f.read_text()).get("kernels", [])]
        except (OSError, ValueError):
            continue
    if not rows:
        return []
    # a record without a kernel is a whole device compile that got no per-kernel choice (HIP,
    # an architecture the model lacks, a failed pre-pass): not a kernel to count
    kernels = [(n, r) for n, r in rows if r.get("kernel")]
    whole = [(n, r) for n, r in rows if not r.get("kernel")]
    took = [(n, r) for n, r in kernels if r.get("chosen") == "policy"]
    lines = [f"select: {len(took)} of {len(kernels)} kernels took the policy's schedule (the "
             "model sure), the others plain clang-19's code"] + \
        [f"  {r.get('kernel')} ({n.removesuffix('.select.json')}): {r.get('reason')}"
         for n, r in took]
    if whole:
        lines.append(f"select: {len(whole)} device compiles got no per-kernel choice, "
                     "plain clang-19's code:")
        lines += [f"  {n.removesuffix('.select.json')}: {str(r.get('reason'))[:300]}"
                  for n, r in whole]
    return lines


def build(cmd: Optional[List[str]] = typer.Argument(
              None, help="The build command, after --: make ..., cmake --build ..."),
          policy: Optional[str] = typer.Option(
              None, "--policy", help="Policy file for every GPU architecture, or "
              "ARCH=FILE,... (the others keep LLVM's schedule)"),
          db: Optional[Path] = typer.Option(
              None, "--db", help="Tuned-schedule database (-agent-sched-db, once the plugin "
              "has it)"),
          misched: bool = typer.Option(
              False, "--misched", help="LLVM's own machine scheduler on NVPTX "
              "(-enable-misched), no plugin: the baseline a policy changes"),
          select: bool = typer.Option(
              False, "--select", help="CUDA sm_90: per kernel, the policy only where the "
              "performance model is sure it is faster, LLVM's schedule elsewhere (each device "
              "compile runs twice more; docs/build.md)"),
          select_model: Optional[Path] = typer.Option(
              None, "--select-model", help="With --select: this model file instead of the "
              "shipped policies/perfmodel_sm_90.json"),
          report_dir: Optional[Path] = typer.Option(
              None, "--report-dir", help="Keep the plugin's report of every device compile "
              "here, and summarize them"),
          print_env: bool = typer.Option(
              False, "--env", help="Print the shell lines that set the same up for commands "
              "started from this shell (eval \"$(agentsched build --env ...)\")"),
          install_fatbinary: bool = typer.Option(
              False, "--install-fatbinary", help="Download NVIDIA's fatbinary once (CUDA 13's "
              "nvcc wheel, the binary kept, the wheel dropped)")):
    """Build an unchanged program with clang-19 scheduling its device code: agentsched-clang++
    as CUDACXX/HIPCXX (CMake) and on PATH (make CXX=agentsched-clang++), the policy in the
    environment. Without --policy/--db/--misched the build is plain clang-19's."""
    if install_fatbinary:
        have = wrapper.find_fatbinary()
        print(f"fatbinary: {have} (already here)" if have else
              f"fatbinary: {wrapper.install_fatbinary()}")
        if not cmd and not print_env:
            return
    s = wrapper.Settings(misched=misched, select=select)
    if select_model is not None:
        if not select:
            raise typer.BadParameter("needs --select", param_hint="--select-model")
        if not select_model.is_file():
            raise typer.BadParameter(f"{select_model}: not found", param_hint="--select-model")
        s.select_model = select_model.resolve()
    if policy:
        s.policies = wrapper.parse_policies(policy, "--policy")
    if db:
        if not db.is_file():
            raise typer.BadParameter(f"{db}: not found", param_hint="--db")
        s.db = db.resolve()
    if report_dir:
        s.report_dir = report_dir.resolve()
        s.report_dir.mkdir(parents=True, exist_ok=True)
    variables = wrapper.build_environment(s)
    if print_env:
        for k, v in variables.items():
            if k == "PATH":  # the wrappers' directory first, the shell's PATH as it is then
                v = v.split(os.pathsep, 1)[0]
                print(f'export PATH={shlex.quote(v)}"{os.pathsep}$PATH"')
            else:
                print(f"export {k}={shlex.quote(v)}")
        return
    if not cmd:
        raise typer.BadParameter("give the build command after --, e.g. "
                                 "`agentsched build --policy policies/sm_90.json -- make`")
    rc = subprocess.call(cmd, env={**os.environ, **variables})
    if s.report_dir and (s.policies or s.db):
        for line in summarize(s.report_dir):
            print(line, file=sys.stderr)
    if rc:
        raise typer.Exit(rc)


def register(app: typer.Typer) -> None:
    app.command("build", context_settings={"allow_interspersed_args": False})(build)
