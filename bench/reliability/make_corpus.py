"""Select the reliability corpus from LLVM 19's own CodeGen tests (run once; the result is
vendored under bench/reliability/corpus/: the selected files, unmodified, in
codegen-tests.tar.xz (amdgpu/*.ll, nvptx/*.ll), with manifest.json and LLVM's LICENSE.TXT).
bench/reliability.py unpacks the tarball into its campaign folder and checks every file
against the manifest's sha256.

    python bench/reliability/make_corpus.py LLVM_SRC [--amdgpu 160] [--nvptx 90] [--seed 19]

LLVM_SRC is the `llvm/` directory of the llvmorg-19.1.7 sources, e.g. from Debian's source
package (`apt-get source --download-only llvm-toolchain-19`, then
`tar -xJf llvm-toolchain-19_19.1.7.orig.tar.xz --wildcards '*/llvm/test/CodeGen/AMDGPU/*'
'*/llvm/test/CodeGen/NVPTX/*' '*/llvm/LICENSE.TXT'`).

A file is kept for a campaign target when stock llc-19 compiles it there with
-verify-machineinstrs (the campaign's own triple and flags), its `target triple` (if any) is
for the same architecture, no function in it names another GPU in "target-cpu", the
agent-sched plugin finds at least one decision with a real choice, and, on NVPTX, ptxas
accepts stock llc-19's PTX (so a ptxas failure in the campaign is the schedule's doing). Files are tried in a seeded random order (any size below 100 KB).
"""
from __future__ import annotations

import argparse
import hashlib
import io
import json
import lzma
import random
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from reliability import CORPUS_TAR, TARGETS, llc_flags, tools  # noqa: E402  (bench/reliability.py)

MAX_BYTES = 100_000
RUN_LINE = re.compile(r"^\s*;\s*RUN:(.*)$", re.M)
TARGET_CPU = re.compile(r'"target-cpu"="([^"]+)"')
TRIPLE = re.compile(r'^target triple = "([^"]+)"', re.M)


def pack(files: dict[str, bytes], dest: Path) -> None:
    """A tar.xz of files (name -> content), the same bytes for the same files: sorted names,
    no times, owners or modes of this machine's (xz -9e)."""
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w", format=tarfile.USTAR_FORMAT) as tar:
        for name in sorted(files):
            info = tarfile.TarInfo(name)
            info.size, info.mode, info.mtime = len(files[name]), 0o644, 0
            tar.addfile(info, io.BytesIO(files[name]))
    dest.write_bytes(lzma.compress(buf.getvalue(), preset=9 | lzma.PRESET_EXTREME))


def run_mcpus(text: str) -> list[str]:
    """-mcpu values of the file's own RUN lines (for the record; not a filter)."""
    return sorted(set(re.findall(r"-mcpu=([\w.+-]+)", " ".join(RUN_LINE.findall(text)))))


def has_positive_llc_run(text: str) -> bool:
    runs = RUN_LINE.findall(text)
    return any("llc" in r and not re.search(r"\bnot\s+(--crash\s+)?llc", r) for r in runs)


def try_target(path: Path, target: str, t: dict, tmp: Path) -> dict | None:
    """Stock compile, plugin compile and (NVPTX) ptxas; the plugin's decision counts if all
    pass, else None."""
    text = path.read_text(errors="replace")
    cpus = set(TARGET_CPU.findall(text))
    if cpus and cpus != {target}:
        return None
    triple = TRIPLE.search(text)
    campaign_arch = llc_flags(target)[0].split("=")[1].split("-")[0]
    if triple and triple.group(1).split("-")[0] != campaign_arch:
        return None  # e.g. 32-bit nvptx IR: agentsched (rightly) refuses it for nvptx64
    out = tmp / "stock.s"
    stock = [t["llc"], *llc_flags(target, enable_misched=False), "-verify-machineinstrs",
             str(path), "-o", str(out)]
    try:
        if subprocess.run(stock, capture_output=True, timeout=30).returncode != 0:
            return None
        if not target.startswith("gfx"):
            if not t["ptxas"]:
                raise SystemExit("ptxas is needed to select NVPTX files (make setup)")
            px = subprocess.run([t["ptxas"], f"-arch={target}", str(out), "-o", str(tmp / "o")],
                                capture_output=True, timeout=60)
            if px.returncode != 0:
                return None
        report = tmp / "report.json"
        report.unlink(missing_ok=True)
        plug = [t["llc"], *llc_flags(target), f"-load={t['plugin']}", "-misched=agent-sched",
                f"-agent-sched-report={report}", "-verify-machineinstrs", str(path),
                "-o", str(tmp / "plugin.s")]
        if subprocess.run(plug, capture_output=True, timeout=30).returncode != 0:
            return None
    except subprocess.TimeoutExpired:
        return None
    if not report.exists():  # no function reached the machine scheduler
        return None
    rep = json.loads(report.read_text())
    if rep.get("choices", 0) < 1:
        return None
    return {"decisions": rep["decisions"], "choices": rep["choices"]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("llvm_src", type=Path, help="the llvm/ directory of the 19.1.7 sources")
    ap.add_argument("--amdgpu", type=int, default=160)
    ap.add_argument("--nvptx", type=int, default=90)
    ap.add_argument("--seed", type=int, default=19)
    ap.add_argument("--out", type=Path, default=HERE / "corpus")
    args = ap.parse_args()
    t = tools()
    rng = random.Random(args.seed)
    manifest, selected = {}, {}
    for arch, want, targets in (("amdgpu", args.amdgpu, [x for x in TARGETS if x.startswith("gfx")]),
                                ("nvptx", args.nvptx, [x for x in TARGETS if x.startswith("sm_")])):
        src_dir = args.llvm_src / "test" / "CodeGen" / arch.upper()
        files = sorted(p for p in src_dir.glob("*.ll") if p.stat().st_size < MAX_BYTES)
        rng.shuffle(files)
        kept = 0
        for path in files:
            if kept >= want:
                break
            text = path.read_text(errors="replace")
            if not has_positive_llc_run(text) or path.name.startswith("-"):
                continue
            per_target = {}
            with tempfile.TemporaryDirectory() as d:
                for target in targets:
                    r = try_target(path, target, t, Path(d))
                    if r:
                        per_target[target] = r
            if not per_target:
                continue
            selected[f"{arch}/{path.name}"] = path.read_bytes()
            manifest[f"{arch}/{path.name}"] = {
                "targets": sorted(per_target), "run_mcpus": run_mcpus(text),
                "bytes": path.stat().st_size,
                "sha256": hashlib.sha256(path.read_bytes()).hexdigest(),
                "choices": {k: v["choices"] for k, v in per_target.items()}}
            kept += 1
            print(f"{arch} {kept}/{want} {path.name} {sorted(per_target)}", flush=True)
    args.out.mkdir(parents=True, exist_ok=True)
    pack(selected, args.out / CORPUS_TAR.name)
    (args.out / "manifest.json").write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")
    shutil.copyfile(args.llvm_src / "LICENSE.TXT", args.out / "LICENSE.TXT")


if __name__ == "__main__":
    main()
