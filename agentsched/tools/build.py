"""clang-19 as a CUDA or HIP program's compiler, with the plugin scheduling its device code.

`agentsched-clang` / `agentsched-clang++` (console scripts: agentsched.llvm.clang, which adds
--agentsched-select's per-kernel choice; also `python -m agentsched.tools.build clang++
ARGS...` without it) run clang-19 / clang++-19 with the caller's exact
arguments and add only:

- where the SDK is, when the caller names none: `--cuda-path` (the sdk extra's CUDA 12.4
  headers, libdevice and ptxas, plus a fatbinary and cudart; cuda_build_path below) or
  `--rocm-device-lib-path` (Debian's ROCm device libraries, sdk.rocm_device_libs);
- with a policy, a database or AGENTSCHED_MISCHED, what makes the device compile of each GPU
  architecture schedule with them: `-fplugin=agent_sched.so` and, through
  `-Xarch_<arch>`/`-Xarch_device`, `-mllvm=-misched=agent-sched -mllvm=-agent-sched-policy=F`
  (and `-mllvm=-enable-misched` on NVPTX, which otherwise runs no machine scheduler).

Found by experiment on clang 19.1.7 (docs/build.md): `-Xarch_device -mllvm=X` and
`-Xarch_sm_90 -mllvm=X` reach only the device cc1 jobs (the host job never sees them), but
clang refuses `-fplugin` and `-Xclang` through `-Xarch_*` ("not all driver options can be
forwarded"), and cc1's `-mllvm` has no `-load`. So the plugin is loaded by every cc1 job of
the compile (`-fplugin` is cc1's `-load`); it only registers its options and its scheduler,
which the host job is never told to use: its output is unchanged (tests/test_build.py checks
the host object byte for byte).

Nothing to apply (no policy, no database, no AGENTSCHED_MISCHED): nothing is added but the
SDK's location, and the output is plain clang-19's. A compile that is not CUDA or HIP (a C++
file, a link of objects, `-E`, `--cuda-host-only`) is passed through unchanged.
"""
from __future__ import annotations

import functools
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core import env
from ..core.hashing import sha256_hex

DRIVERS = {"clang": "clang-19", "clang++": "clang++-19"}
# The wrapper's own flags (removed before clang sees them), each the same as its variable.
OWN_FLAGS = {"--agentsched-policy": env.BUILD_POLICY, "--agentsched-db": env.BUILD_DB,
             "--agentsched-report-dir": env.BUILD_REPORT_DIR}
OWN_SWITCHES = {"--agentsched-misched": env.BUILD_MISCHED,
                "--agentsched-verbose": env.BUILD_VERBOSE,
                "--agentsched-select": env.BUILD_SELECT}
OWN_FLAGS["--agentsched-select"] = env.BUILD_SELECT  # =MODEL: another model file
CUDA_SUFFIXES = {".cu"}
HIP_SUFFIXES = {".hip"}


class BuildError(RuntimeError):
    """A wrapper setting that cannot work (a missing policy file, a plugin without the
    database option); the message names it."""


@dataclass
class Settings:
    """What the device code is scheduled with: a policy for every architecture (key "") or
    per architecture, a tuned-schedule database, LLVM's own machine scheduler on NVPTX."""
    policies: dict[str, Path] = field(default_factory=dict)
    db: Path | None = None
    misched: bool = False
    report_dir: Path | None = None
    verbose: bool = False
    # per CUDA kernel, the policy only where the performance model is sure it is faster
    # (llvm/clang.py); select_model: the model file (None: the shipped one)
    select: bool = False
    select_model: Path | None = None

    @property
    def applies(self) -> bool:
        return bool(self.policies or self.db or self.misched)


def _flag(v: str | None) -> bool:
    return (v or "").strip().lower() not in ("", "0", "no", "false", "off")


def parse_policies(value: str, where: str) -> dict[str, Path]:
    """`FILE` (every device architecture) or `ARCH=FILE,ARCH=FILE` (those listed; the others
    keep LLVM's schedule). Paths are made absolute: make and CMake compile in other
    directories."""
    out: dict[str, Path] = {}
    for item in (s.strip() for s in value.split(",")):
        if not item:
            continue
        arch, sep, path = item.partition("=")
        if not sep:
            arch, path = "", item
        elif not re.fullmatch(r"(sm_\d+a?|gfx[0-9a-f]+)", arch):
            raise BuildError(f"{where}: {arch!r} is not a GPU architecture (sm_90, gfx942 ...) "
                             f"in {item!r}")
        p = Path(path).expanduser().resolve()
        if not p.is_file():
            raise BuildError(f"{where}: policy file {path} not found")
        if arch in out or ("" in out and arch) or (out and not arch):
            raise BuildError(f"{where}: more than one policy for "
                             f"{arch or 'every architecture'}")
        out[arch] = p
    return out


def settings(args: list[str], environ=os.environ) -> tuple[Settings, list[str]]:
    """The wrapper's settings from its own flags (which win) and the environment, and the
    arguments that are clang's."""
    values = {name: environ.get(name) for name in [*OWN_FLAGS.values(), *OWN_SWITCHES.values()]}
    rest: list[str] = []
    for a in args:
        name, _, value = a.partition("=")
        if a in OWN_SWITCHES:
            values[OWN_SWITCHES[a]] = "1"
        elif name in OWN_FLAGS:
            values[OWN_FLAGS[name]] = value
        else:
            rest.append(a)
    s = Settings(misched=_flag(values[env.BUILD_MISCHED]),
                 verbose=_flag(values[env.BUILD_VERBOSE]))
    if values[env.BUILD_POLICY]:
        s.policies = parse_policies(values[env.BUILD_POLICY], env.BUILD_POLICY)
    if values[env.BUILD_DB]:
        s.db = Path(values[env.BUILD_DB]).expanduser().resolve()
        if not s.db.is_file():
            raise BuildError(f"{env.BUILD_DB}: database {values[env.BUILD_DB]} not found")
    if values[env.BUILD_REPORT_DIR]:
        s.report_dir = Path(values[env.BUILD_REPORT_DIR]).expanduser().resolve()
    sel = (values[env.BUILD_SELECT] or "").strip()
    if sel.lower() not in ("", "0", "no", "false", "off"):
        s.select = True
        if sel.lower() not in ("1", "yes", "true", "on"):
            s.select_model = Path(sel).expanduser().resolve()
            if not s.select_model.is_file():
                raise BuildError(f"{env.BUILD_SELECT}: performance model {sel} not found")
    return s, rest


# ---------------------------------------------------------------- reading clang's command line

@dataclass
class Compile:
    """What a clang command line does, as far as the wrapper needs to know."""
    lang: str | None  # "cuda", "hip" or None (no device compile)
    archs: list[str]  # offload architectures named (--cuda-gpu-arch, --offload-arch)
    output: str | None  # -o
    inputs: list[str]
    has_cuda_path: bool
    has_rocm_path: bool
    links: bool  # no -c/-S/-E: clang also links
    rdc: bool = False  # -fgpu-rdc: relocatable device code


_VALUE_FLAGS = {"-o", "-x", "-I", "-D", "-U", "-include", "-isystem", "-iquote", "-idirafter",
                "-MF", "-MT", "-MQ", "-L", "-l", "-Xlinker", "-Xclang", "-mllvm", "-arch",
                "-target", "--cuda-gpu-arch", "--offload-arch", "-Xarch_device", "-Xarch_host",
                "-Xcuda-ptxas", "-Xcuda-fatbinary", "-Xassembler", "-Xpreprocessor",
                "-imacros", "-isysroot", "--sysroot", "-T", "-u", "-z", "-gpu-max-threads-per-block"}


def read_command(args: list[str]) -> Compile:
    lang: str | None = None
    explicit: str | None = None  # the last -x
    archs: list[str] = []
    inputs: list[str] = []
    output = None
    host_only, compile_only, preprocess = False, False, False
    cuda_path = rocm_path = rdc = False
    i = 0
    while i < len(args):
        a = args[i]
        nxt = args[i + 1] if i + 1 < len(args) else None
        if a in _VALUE_FLAGS or (a.startswith("-Xarch_") and a != "-Xarch_"):
            if a == "-o":
                output = nxt
            elif a == "-x":
                explicit = nxt
            elif a in ("--cuda-gpu-arch", "--offload-arch") and nxt:
                archs.append(nxt)
            i += 2
            continue
        if a.startswith("-x") and len(a) > 2:
            explicit = a[2:]
        elif a.startswith("-o") and len(a) > 2:
            output = a[2:]
        elif a.startswith(("--cuda-gpu-arch=", "--offload-arch=")):
            archs.extend(v for v in a.split("=", 1)[1].split(",") if v)
        elif a.startswith("--cuda-path="):
            cuda_path = True
        elif a.startswith(("--rocm-path=", "--rocm-device-lib-path=")) or a == "-nogpulib":
            rocm_path = True
        elif a in ("-fgpu-rdc", "-fno-gpu-rdc"):
            rdc = a == "-fgpu-rdc"
        elif a == "--cuda-host-only":
            host_only = True
        elif a in ("-c", "-S"):
            compile_only = True
        elif a in ("-E", "-M", "-MM", "-fsyntax-only"):
            preprocess = True
        elif not a.startswith("-") or a == "-":
            inputs.append(a)
            suffix = Path(a).suffix
            kind = explicit if explicit not in (None, "none") else (
                "cuda" if suffix in CUDA_SUFFIXES else "hip" if suffix in HIP_SUFFIXES else None)
            if kind in ("cuda", "hip"):
                lang = lang or kind
        i += 1
    if host_only or preprocess:
        lang = None
    return Compile(lang, archs, output, inputs, cuda_path, rocm_path,
                   links=not compile_only and not preprocess, rdc=rdc)


_DROPPED_WITH_VALUE = {"-o", "-MF", "-MT", "-MQ", "--cuda-gpu-arch", "--offload-arch"}
_DROPPED = {"-c", "-S", "-M", "-MM", "-MD", "-MMD", "-MP", "-MG", "--cuda-device-only",
            "--offload-device-only"}


def device_only_args(args: list[str], source: str, arch: str, output: str) -> list[str]:
    """The caller's clang arguments compiling only `source`'s device code for `arch` into a
    cubin at `output` (clang's --cuda-device-only -c): the same flags otherwise, no
    dependency files, the other inputs left out."""
    out: list[str] = []
    i = 0
    while i < len(args):
        a = args[i]
        if a in _DROPPED_WITH_VALUE:
            i += 2
            continue
        if a in _VALUE_FLAGS or (a.startswith("-Xarch_") and a != "-Xarch_"):
            out += args[i:i + 2]
            i += 2
            continue
        i += 1
        if a in _DROPPED or a.startswith(("--cuda-gpu-arch=", "--offload-arch=", "-MF",
                                          "-MT", "-MQ")) or \
                (a.startswith("-o") and len(a) > 2) or \
                ((not a.startswith("-") or a == "-") and a != source):
            continue
        out.append(a)
    return [*out, "--cuda-device-only", "-c", f"--cuda-gpu-arch={arch}", "-o", output]


# ---------------------------------------------------------------- the SDK's location

LAYOUT_VERSION = 2  # of cuda_build_path's tree: a new one when what it holds changes


def find_fatbinary() -> str | None:
    """NVIDIA's fatbinary, which clang runs to put SASS and PTX into one fat binary:
    $AGENTSCHED_FATBINARY, PATH, /usr/local/cuda/bin, the copy `agentsched build
    --install-fatbinary` keeps. NVIDIA ships none in the CUDA 12 wheels (only ptxas)."""
    from .sdk import headers_dir
    for cand in (os.environ.get(env.BUILD_FATBINARY), shutil.which("fatbinary"),
                 "/usr/local/cuda/bin/fatbinary",
                 str(headers_dir() / FATBINARY_DIST / "bin" / "fatbinary")):
        if cand and os.access(cand, os.X_OK) and Path(cand).is_file():
            return str(Path(cand).resolve())
    return None


def fatbinary_status() -> str:
    """One line for `agentsched sdk status`: the fatbinary CUDA programs are built with."""
    found = find_fatbinary()
    if found is None:
        return ("fatbinary: none (whole CUDA programs need it: `agentsched build "
                f"--install-fatbinary`, a CUDA toolkit's on PATH, or {env.BUILD_FATBINARY})")
    kind = "CUDA 12's options" if _takes_image(found) else "CUDA 13's: through the shim"
    return f"fatbinary: {found} ({kind}; docs/build.md)"


# CUDA 13's nvcc wheel, the first on PyPI with a fatbinary; clang-19 speaks CUDA 12's
# fatbinary options, which the shim below translates.
FATBINARY_DIST = "nvidia-cuda-nvcc-13.0.88"
FATBINARY_WHEEL = ("nvidia-cuda-nvcc", "13.0.88", "nvidia/cu13/bin/fatbinary")

# clang-19 names each image as CUDA 12's fatbinary took them (--image=profile=sm_90,file=F,
# profile=compute_90 for PTX); CUDA 13's fatbinary dropped --image for
# --image3=kind=elf|ptx,sm=90,file=F. Everything else is passed on unchanged.
_SHIM = """#!/bin/sh
# agentsched: clang-19's fatbinary options for CUDA 13's fatbinary (agentsched/tools/build.py)
for a in "$@"; do
  shift
  case "$a" in
    --image=profile=sm_*) set -- "$@" "--image3=kind=elf,sm=${a#--image=profile=sm_}" ;;
    --image=profile=compute_*) set -- "$@" "--image3=kind=ptx,sm=${a#--image=profile=compute_}" ;;
    *) set -- "$@" "$a" ;;
  esac
done
exec '%s' "$@"
"""


# CMake before 3.29 finds the CUDA toolkit of a clang CUDA compiler by looking for bin/nvcc in
# CUDAToolkit_ROOT (and asks it `nvcc -v`; without an answer it takes nvcc's ../ as the root).
# There is no nvcc in NVIDIA's CUDA 12 wheels: this one only marks the tree and says so.
_NVCC_MARK = """#!/bin/sh
echo "agentsched: $0 is not nvcc: it marks this CUDA tree for CMake; clang-19 compiles CUDA \
here (docs/build.md)" >&2
exit 1
"""


def _takes_image(fatbinary: str) -> bool:
    """Whether this fatbinary takes clang-19's --image=profile=... (CUDA 12's do, 13's not)."""
    out = subprocess.run([fatbinary, "--help"], capture_output=True, text=True).stdout
    return re.search(r"^--image\s", out, re.M) is not None or "(-image)" in out


@functools.cache
def cuda_build_path() -> Path:
    """A --cuda-path for whole builds: the sdk extra's tree (headers, libdevice, ptxas) plus
    bin/fatbinary, lib64/libcudart.so (the runtime wheel's libcudart.so.12, which programs
    link) and bin/nvcc, a marker for CMake that is not nvcc (_NVCC_MARK), assembled once from symlinks under data_dir(), named by what it holds."""
    from ..core.paths import data_dir
    from .sdk import SdkMissing, _wheel_root, cuda_sdk
    cuda, ident = cuda_sdk()
    fatbin = find_fatbinary()
    if fatbin is None:
        raise SdkMissing("NVIDIA's fatbinary not found (clang makes CUDA fat binaries with it; "
                         "the CUDA 12 wheels ship none): `agentsched build --install-fatbinary`, "
                         f"or put a CUDA toolkit's on PATH, or set {env.BUILD_FATBINARY}")
    shim = not _takes_image(fatbin)
    runtime = _wheel_root("nvidia.cuda_runtime")
    cudart = sorted((runtime / "lib").glob("libcudart.so.*")) if runtime else []
    layout = f"{ident}; {fatbin}; shim {shim}; {LAYOUT_VERSION}"
    out = data_dir() / f"cuda-build-{sha256_hex(layout)[:12]}"
    if out.is_dir():
        return out
    stage = Path(tempfile.mkdtemp(prefix=".cuda-build-", dir=data_dir()))
    try:
        for name in ("include", "nvvm"):
            (stage / name).symlink_to((cuda / name).resolve())
        (stage / "bin").mkdir()
        if (cuda / "bin" / "ptxas").exists():
            (stage / "bin" / "ptxas").symlink_to((cuda / "bin" / "ptxas").resolve())
        if shim:
            (stage / "bin" / "fatbinary").write_text(_SHIM % fatbin)
            (stage / "bin" / "fatbinary").chmod(0o755)
        else:
            (stage / "bin" / "fatbinary").symlink_to(fatbin)
        (stage / "bin" / "nvcc").write_text(_NVCC_MARK)
        (stage / "bin" / "nvcc").chmod(0o755)
        (stage / "lib64").mkdir()
        for lib in cudart:
            (stage / "lib64" / lib.name).symlink_to(lib.resolve())
        if cudart:
            (stage / "lib64" / "libcudart.so").symlink_to(cudart[-1].resolve())
        os.replace(stage, out)
    except OSError:
        shutil.rmtree(stage, ignore_errors=True)
        if not out.is_dir():
            raise
    return out


def install_fatbinary(progress=print) -> Path:
    """Download CUDA 13's nvcc wheel once with pip and keep only bin/fatbinary and the
    licence (beside the header-only pieces of `agentsched sdk install`)."""
    from .sdk import headers_dir, install_wheel_files
    dest = headers_dir() / FATBINARY_DIST
    if (dest / "bin" / "fatbinary").is_file():
        return dest / "bin" / "fatbinary"
    dist, version, member = FATBINARY_WHEEL
    install_wheel_files(dist, version, dest, lambda n: "bin/fatbinary" if n == member else None,
                        "fatbinary", progress, executables=("bin/fatbinary",))
    return dest / "bin" / "fatbinary"


def sdk_flags(c: Compile, environ=os.environ) -> list[str]:
    """Where the SDK is, when the command names none: clang-19 finds neither the wheels'
    CUDA nor Debian's ROCm device libraries for gfx942/gfx1100 by itself."""
    if c.lang == "cuda" and not c.has_cuda_path:
        return [f"--cuda-path={environ.get(env.BUILD_CUDA_PATH) or cuda_build_path()}"]
    if c.lang == "hip" and not c.has_rocm_path:
        from .sdk import rocm_device_libs
        libs = None
        for arch in c.archs or ["gfx906"]:  # clang-19's default HIP arch
            libs, _ = rocm_device_libs(arch)
        return [f"--rocm-device-lib-path={libs}"]
    return []


# ---------------------------------------------------------------- the plugin's flags

def plugin_file(environ=os.environ) -> Path:
    """The plugin (built on first use): $AGENTSCHED_BUILD_PLUGIN when `agentsched build`
    already found it, so every compile of a build does not hash the plugin's sources."""
    given = environ.get(env.BUILD_PLUGIN)
    if given:
        return Path(given)
    from .plugin import plugin_path
    return plugin_path()


@functools.cache
def plugin_has_option(so: Path, option: str) -> bool:
    return option.encode() in so.read_bytes()


def _report_name(c: Compile, arch: str) -> str:
    """One report per compile and architecture, named by the output (or first input) with
    its directories: two objects called main.o in different directories are not mixed."""
    base = c.output or (c.inputs[0] if c.inputs else "a.out")
    rel = os.path.relpath(Path(base).resolve(), Path.cwd().anchor).replace(os.sep, "_")
    return f"{rel}.{arch or 'device'}.json"


# HIP: clang-19 forwards every -mllvm option of the device toolchain to the device link as
# lld's -plugin-opt=-..., and lld, which cannot load the plugin, rejects the plugin's
# ("Unknown command line argument"). In a non-RDC build lld only links the object the device
# cc1 already compiled (no LTO: the options would mean nothing there), so a shim lld, first
# on clang's program path (-B DIR; DIR holds only it), drops the plugin's options and runs
# LLVM 19's lld. With -fgpu-rdc lld itself compiles the device code: refused (BuildError).
_LLD_SHIM = """#!/bin/sh
# agentsched: the plugin's options are for the device cc1 job, not this link (build.py)
for a in "$@"; do
  shift
  case "$a" in
    -plugin-opt=-agent-sched-*|-plugin-opt=-misched=agent-sched) ;;
    *) set -- "$@" "$a" ;;
  esac
done
exec '%s' "$@"
"""


def lld_shim_dir() -> Path:
    from ..core.files import write_text
    from ..core.paths import data_dir
    from .programs import LLVM_BIN
    lld = os.path.realpath(LLVM_BIN / "lld")
    d = data_dir() / f"hip-lld-{sha256_hex(lld)[:12]}"
    f = d / "lld"
    if not f.is_file():
        d.mkdir(parents=True, exist_ok=True)
        write_text(f, _LLD_SHIM % lld)
        f.chmod(0o755)
    return d


def plugin_flags(s: Settings, c: Compile, environ=os.environ,
                 functions: dict[str, list[str]] | None = None) -> list[str]:
    """What makes each device cc1 job schedule with the settings (empty: nothing to apply).
    functions: with select, per architecture the kernels that take the policy (the plugin's
    -agent-sched-function=A,B); the other kernels and architectures keep LLVM's schedule."""
    if not s.applies or c.lang is None:
        return []
    nvptx = c.lang == "cuda"
    out: list[str] = []
    uses_plugin = bool(s.policies or s.db)
    if uses_plugin:
        so = plugin_file(environ)
        if s.db and not plugin_has_option(so, "agent-sched-db"):
            raise BuildError(f"{env.BUILD_DB}: this plugin ({so.name}) has no "
                             "-agent-sched-db option yet (the tuned-schedule database)")
        out.append(f"-fplugin={so}")
        if c.lang == "hip":
            if c.rdc:
                raise BuildError("-fgpu-rdc: the device code is compiled in the device link "
                                 "(lld's LTO), which cannot load the plugin; build without "
                                 "-fgpu-rdc to schedule it")
            out.append(f"-B{lld_shim_dir()}")
    # the device jobs to configure: per architecture when policies are per architecture
    if functions is not None:
        jobs = {a: s.policies.get(a) or s.policies.get("") for a in functions}
    elif "" in s.policies or not s.policies:
        jobs = {"": s.policies.get("")}
    else:
        # an architecture this compile does not build gets nothing (clang would warn that
        # its -Xarch_ flags went unused)
        jobs = {a: p for a, p in s.policies.items() if not c.archs or a in c.archs}
    if s.report_dir and len(jobs) == 1 and "" in jobs and len(c.archs) > 1:
        jobs = {a: jobs[""] for a in c.archs}  # one report per architecture
    for arch, policy in jobs.items():
        xarch = f"-Xarch_{arch}" if arch else "-Xarch_device"
        opts: list[str] = []
        if nvptx:
            opts.append("-enable-misched")
        if policy or s.db:
            opts.append("-misched=agent-sched")
            if policy:
                opts.append(f"-agent-sched-policy={policy}")
            if s.db:
                opts.append(f"-agent-sched-db={s.db}")
            if s.report_dir:
                opts.append(f"-agent-sched-report={s.report_dir / _report_name(c, arch)}")
            if functions is not None:  # the others as plain clang-19 leaves them
                opts += [f"-agent-sched-function={','.join(functions[arch])}",
                         "-agent-sched-others-unscheduled"]
        for o in opts:
            out += [xarch, f"-mllvm={o}"]
    return out


# select's pre-pass: (settings, the compile, clang, its arguments, the SDK's flags, the
# environment) -> per architecture the kernels that take the policy (llvm/clang.py: it needs
# ptxas and the performance model, which this layer may not import)
Chooser = Callable[[Settings, Compile, str, list, list, Any], dict]


def command(driver: str, args: list[str], environ=os.environ,
            chooser: Chooser | None = None) -> list[str]:
    """The clang command the wrapper runs for `driver` ("clang" or "clang++") and `args`."""
    s, rest = settings(args, environ)
    c = read_command(rest)
    clang = environ.get(env.BUILD_CLANG) or DRIVERS[driver]
    if c.lang is None:
        return [clang, *rest]
    if s.report_dir and (s.policies or s.db):
        s.report_dir.mkdir(parents=True, exist_ok=True)
    sdk = sdk_flags(c, environ)
    if s.select and (s.policies or s.db):
        if chooser is None:
            raise BuildError(f"{env.BUILD_SELECT}: the per-kernel choice runs in "
                             "agentsched.llvm.clang's wrapper (`python -m agentsched.llvm.clang "
                             "clang++ ...`; `agentsched build` uses it)")
        functions = {a: ks for a, ks in chooser(s, c, clang, rest, sdk, environ).items() if ks}
        if not functions:  # no kernel the model is sure of: plain clang-19's output
            return [clang, *rest, *sdk]
        return [clang, *rest, *sdk, *plugin_flags(s, c, environ, functions)]
    return [clang, *rest, *sdk, *plugin_flags(s, c, environ)]


# ---------------------------------------------------------------- whole builds

def launchers() -> Path:
    """The bin/ directory of agentsched-clang and agentsched-clang++ launchers (this Python,
    this package), written once under data_dir() beside a lib/ that is LLVM 19's: ROCm's
    hip-lang CMake package looks for clang's headers and compiler-rt relative to the HIP
    compiler (../lib/clang/19/...), as it would beside clang++-19 itself."""
    from ..core.files import write_text
    from ..core.paths import data_dir
    from .programs import find_tool
    root = Path(__file__).resolve().parents[2]
    llvm = Path(os.path.realpath(find_tool("clang++-19"))).parent.parent
    top = data_dir() / f"toolchain-{sha256_hex(f'{sys.executable}; {root}; {llvm}')[:12]}"
    d = top / "bin"
    for driver in DRIVERS:
        f = d / f"agentsched-{driver}"
        text = (f"#!/bin/sh\nPYTHONPATH='{root}'${{PYTHONPATH:+:$PYTHONPATH}} "
                f"exec '{sys.executable}' -m agentsched.llvm.clang {driver} \"$@\"\n")
        if not f.is_file() or f.read_text() != text:
            d.mkdir(parents=True, exist_ok=True)
            write_text(f, text)
            f.chmod(0o755)
    if not (top / "lib").exists():
        try:
            (top / "lib").symlink_to(llvm / "lib")
        except FileExistsError:  # made meanwhile
            pass
    return d


def build_environment(s: Settings, langs=("cuda", "hip")) -> dict[str, str]:
    """The variables a build command runs with: the settings (as the wrappers read them), the
    plugin and the CUDA path found once, the wrappers on PATH and as CUDACXX/HIPCXX (what
    CMake's CUDA and HIP languages take), CUDA_PATH (what Makefiles link cudart from) and CUDAToolkit_ROOT (CMake's, which
    else finds a CUDA toolkit of its own, e.g. one clang-19 cannot use)."""
    out: dict[str, str] = {}
    if s.policies:
        out[env.BUILD_POLICY] = ",".join(f"{a}={p}" if a else str(p)
                                         for a, p in s.policies.items())
    if s.db:
        out[env.BUILD_DB] = str(s.db)
    if s.misched:
        out[env.BUILD_MISCHED] = "1"
    if s.report_dir:
        out[env.BUILD_REPORT_DIR] = str(s.report_dir)
    if s.select:
        out[env.BUILD_SELECT] = str(s.select_model or 1)
    if s.policies or s.db:
        out[env.BUILD_PLUGIN] = str(plugin_file())
    if "cuda" in langs:
        cuda = str(cuda_build_path())
        out[env.BUILD_CUDA_PATH] = cuda
        out["CUDA_PATH"] = cuda
        out["CUDAToolkit_ROOT"] = cuda  # CMake's CUDA language and FindCUDAToolkit
    bin_dir = launchers()
    out["PATH"] = f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"
    out["CUDACXX"] = str(bin_dir / "agentsched-clang++")
    out["HIPCXX"] = str(bin_dir / "agentsched-clang++")
    return out


def main(argv: list[str] | None = None, driver: str | None = None,
         chooser: Chooser | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if driver is None:
        if not argv or argv[0] not in DRIVERS:
            print("usage: python -m agentsched.tools.build clang|clang++ CLANG-ARGS...",
                  file=sys.stderr)
            return 2
        driver, argv = argv[0], argv[1:]
    try:
        cmd = command(driver, argv, chooser=chooser)
    except Exception as e:  # noqa: BLE001 - one line naming what is wrong, as clang would
        print(f"agentsched-{driver}: error: {e}", file=sys.stderr)
        return 1
    if _flag(os.environ.get(env.BUILD_VERBOSE)) or "--agentsched-verbose" in argv:
        print("agentsched: " + " ".join(cmd), file=sys.stderr)
    try:
        os.execvp(cmd[0], cmd)  # clang's exit status and signals, as if it were called
    except OSError as e:
        print(f"agentsched-{driver}: error: cannot run {cmd[0]}: {e}", file=sys.stderr)
        return 127


if __name__ == "__main__":
    sys.exit(main())
