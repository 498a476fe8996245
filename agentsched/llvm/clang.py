"""agentsched-clang / agentsched-clang++ (`python -m agentsched.llvm.clang clang++ ARGS...`):
the wrapper of agentsched/tools/build.py, plus --agentsched-select's per-kernel choice.

With select, a policy (or db) and a CUDA compile, before the real compile each sm_90/sm_90a
device architecture of each CUDA input is compiled twice to a cubin (clang's
--cuda-device-only -c, the caller's flags otherwise, both at once): plain clang-19's (on NVPTX
no machine scheduler runs) and with the policy. targets/selection.py then says per kernel
whether the model is sure the policy's code is faster (choose()'s rule); the real compile
schedules only those kernels with the policy (-agent-sched-function=A,B) and leaves every
other function in plain clang-19's order (-agent-sched-others-unscheduled: -enable-misched
would otherwise give them LLVM's GenericScheduler); when there are none it is plain
clang-19's, byte for byte.
Other architectures (the model predicts sm_90 SASS only) and HIP (the AMD model is not
calibrated) keep LLVM's schedule. With a report directory, <output>.<arch>.select.json
records each kernel's choice.

The choice lives here, not in tools/: it needs ptxas and the model (targets), which tools/
may not import (tests/test_layers.py).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ..core.files import write_text
from ..tools import build
from ..tools.build import Compile, Settings

MODEL_ARCHS = ("sm_90", "sm_90a")
_OBJECTS = {".o", ".obj", ".a", ".so", ".lo"}  # inputs of a compile-and-link: no device code


def _variant_flags(s: Settings, arch: str, policy: Path | None, environ) -> list[str]:
    one = Compile("cuda", [arch], None, [], True, False, False)
    return build.plugin_flags(Settings(policies={"": policy} if policy else {}, db=s.db),
                              one, environ)


def _cubins(clang: str, rest: list[str], sdk: list[str], source: str, arch: str,
            variants: dict[str, list[str]], tmp: Path) -> dict[str, bytes]:
    """One device-only compile per variant, at once: {variant: its cubin}."""
    procs = {}
    for name, flags in variants.items():
        out = tmp / f"{name}.cubin"
        cmd = [clang, *build.device_only_args(rest, source, arch, str(out)), *sdk, *flags]
        procs[name] = (out, subprocess.Popen(cmd, stdout=subprocess.DEVNULL,
                                             stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
                                             text=True))
    errors = []
    for name, (_, proc) in procs.items():
        _, err = proc.communicate()
        if proc.returncode != 0:
            lines = [ln for ln in err.splitlines() if "error" in ln] or err.splitlines()[-1:]
            errors.append(f"{name}: clang exited {proc.returncode}: {' / '.join(lines[:3])}")
    if errors:
        raise RuntimeError("; ".join(errors))
    return {name: out.read_bytes() for name, (out, _) in procs.items()}


def _choose_arch(s: Settings, c: Compile, clang: str, rest: list[str], sdk: list[str],
                 arch: str, environ) -> list[dict]:
    from ..targets.selection import choose_kernels
    policy = s.policies.get(arch) or s.policies.get("")
    if policy is None and s.db is None:
        return []  # nothing applies to this architecture
    sources = [i for i in c.inputs if i != "-" and Path(i).suffix not in _OBJECTS]
    out: list[dict] = []
    for src in sources:
        t0 = time.monotonic()
        with tempfile.TemporaryDirectory(prefix="agentsched-select-") as d:
            try:
                cubins = _cubins(clang, rest, sdk, src, arch,
                                 {"llvm": [], "policy": _variant_flags(s, arch, policy, environ)},
                                 Path(d))
            except Exception as e:  # noqa: BLE001 - the real compile says what is wrong
                out.append({"source": src, "kernel": None, "chosen": "llvm",
                            "reason": f"the pre-pass failed ({e}): LLVM's schedule kept"})
                continue
        choices = choose_kernels(cubins["llvm"], cubins["policy"], None, s.select_model)
        took = round(time.monotonic() - t0, 3)
        out += [{"source": src, **k.as_dict(), "seconds": took} for k in choices]
    return out


def choose(s: Settings, c: Compile, clang: str, rest: list[str], sdk: list[str],
           environ=os.environ) -> dict[str, list[str]]:
    """tools.build's Chooser: per architecture, the kernels that take the policy."""
    records: dict[str, list[dict]] = {}
    if c.lang == "hip":
        for arch in c.archs or ["device"]:
            records[arch] = [{"kernel": None, "chosen": "llvm", "reason": (
                "HIP: the AMD performance model is not calibrated (no AMD timings): "
                "LLVM's schedule kept")}]
    else:
        for arch in c.archs or ["sm_52"]:  # clang-19's default CUDA architecture
            if arch not in MODEL_ARCHS:
                records[arch] = [{"kernel": None, "chosen": "llvm", "reason": (
                    f"{arch}: the performance model predicts sm_90 SASS only: LLVM's "
                    "schedule kept")}]
            else:
                records[arch] = _choose_arch(s, c, clang, rest, sdk, arch, environ)
    chosen = {a: sorted({r["kernel"] for r in rs if r["chosen"] == "policy" and r["kernel"]})
              for a, rs in records.items()}
    _report(s, c, records, chosen)
    return chosen


def _report(s: Settings, c: Compile, records: dict[str, list[dict]],
            chosen: dict[str, list[str]]) -> None:
    verbose = s.verbose
    for arch, rs in records.items():
        if s.report_dir:
            name = build._report_name(c, arch).removesuffix(".json") + ".select.json"
            write_text(s.report_dir / name, json.dumps({
                "arch": arch, "output": c.output, "inputs": c.inputs,
                "policy_kernels": chosen.get(arch, []), "kernels": rs}, indent=1) + "\n")
        if verbose:
            for r in rs:
                print(f"agentsched: select {arch} {r.get('kernel') or ''}: {r['chosen']}: "
                      f"{r['reason']}", file=sys.stderr)


def main(argv: list[str] | None = None, driver: str | None = None) -> int:
    return build.main(argv, driver, chooser=choose)


def clang_main() -> int:
    return main(driver="clang")


def clangxx_main() -> int:
    return main(driver="clang++")


if __name__ == "__main__":
    sys.exit(main())
