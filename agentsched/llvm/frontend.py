"""Source -> device LLVM IR with clang-19, and the kernel the user named in it.

Two kinds of source:
- the user's own CUDA/HIP file as written for nvcc/hipcc: clang-19's CUDA/HIP support with the
  vendors' real headers and device libraries (llvm/sdk.py), a few dozen lines of
  compatibility header on CUDA (kernels/include/agentsched_cuda_compat.h), the user's -I/-D/
  flags, and on AMDGPU the launch block size as hipcc's launch bounds would give it;
- the project's own kernels, written against kernels/include/agentsched_gpu.h (no vendor
  headers: chosen when the source includes that header), which need no SDK at all.

The IR names its kernel on its first line (`; agentsched-entry: SYMBOL`, a comment llc
ignores): compile_ir hooks only that function and metrics read only its figures. A template
instance the file does not instantiate itself (`sgemmVectorize<128, 128, 8, 8, 8>`) is
instantiated by a two-line wrapper fed to clang on stdin: the user's file included, and the
instance's address taken in host code, which makes clang emit the kernel on the device side
exactly as an explicit instantiation would.

The IR cache is keyed by the command (paths replaced by what they stand for), the source, the
clang version, the SDK's identity, and the content of every file clang read (its -MD
dependency list, re-hashed on every lookup). clang runs in the source's directory with
-ffile-prefix-map, and HIP's CUID is the source's digest, so the IR holds no absolute path:
the same source in two checkouts gives the same IR bytes.
"""
from __future__ import annotations

import functools
import json
import math
import os
import re
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..core.files import write_bytes
from ..core.hashing import digest, file_sha256
from ..core.paths import KERNEL_INCLUDE_DIR as INCLUDE_DIR
from ..core.paths import data_dir
from ..targets import Target
from ..tools import sdk
from ..tools.programs import ToolFailed, find_tool, path_arg, run
from .ir import ENTRY_LINE, KERNELS_LINE, check_ir_target

OWN_HEADER = "agentsched_gpu.h"
COMPAT_HEADER = INCLUDE_DIR / "agentsched_cuda_compat.h"
SOURCE_SUFFIXES = {".cu", ".cuh", ".hip", ".cpp", ".cc", ".cxx"}
IR_SUFFIXES = {".ll", ".bc"}
LANGS = ("cuda", "hip")


class EntryError(ValueError):
    """The kernel named is not (or not uniquely) in the module; the message lists those it has."""


@dataclass(frozen=True)
class Kernel:
    symbol: str  # as in the IR: _Z14sgemmVectorizeILi128E... or an extern "C" name
    name: str  # source name: sgemmVectorize<128, 128, 8, 8, 8>
    signature: str  # sgemmVectorize<128, 128, 8, 8, 8>(int, int, int, float, float*, ...)


@functools.cache
def clang_version() -> str:
    return run([find_tool("clang-19"), "--version"]).splitlines()[0]


# ---------------------------------------------------------------- kernels in IR

_AMD_KERNEL = re.compile(r'^define [^\n]*?\bamdgpu_kernel\b[^\n]*?@("(?:[^"\\]|\\.)+"|[\w.$]+)\(',
                         re.M)
_PTX_KERNEL = re.compile(r'^define [^\n]*?\bptx_kernel\b[^\n]*?@("(?:[^"\\]|\\.)+"|[\w.$]+)\(',
                         re.M)
_NVVM_KERNEL = re.compile(r'!\{ptr @("(?:[^"\\]|\\.)+"|[\w.$]+), !"kernel", i32 1\}')


def ir_kernel_symbols(text: str) -> list[str]:
    """Kernels defined in textual IR, in order (AMDGPU amdgpu_kernel; NVPTX kernels are
    nvvm.annotations entries in LLVM 19, the ptx_kernel convention later)."""
    defined = set(re.findall(r'^define [^\n]*?@("(?:[^"\\]|\\.)+"|[\w.$]+)\(', text, re.M))
    found = _AMD_KERNEL.findall(text) + _PTX_KERNEL.findall(text) + \
        [s for s in _NVVM_KERNEL.findall(text) if s in defined]
    return [s.strip('"') for s in dict.fromkeys(found)]


def describe(symbols: list[str]) -> list[Kernel]:
    """Source names and signatures of symbols (llvm-cxxfilt-19; extern "C" names stay)."""
    if not symbols:
        return []
    stdin = "\n".join(symbols) + "\n"
    names = run([find_tool("llvm-cxxfilt-19"), "--no-params"], input=stdin).splitlines()
    full = run([find_tool("llvm-cxxfilt-19")], input=stdin).splitlines()
    return [Kernel(s, n.strip(), re.sub(r"^void ", "", f.strip()))
            for s, n, f in zip(symbols, names, full)]


def _norm(s: str) -> str:
    """Spelling-insensitive form of a C++ name: no spaces around punctuation, no integer
    literal suffixes or casts the demangler adds (5u, (char)97)."""
    s = re.sub(r"\s+", " ", s.strip())
    s = re.sub(r"(?<![\w.])(-?\d+)(?:[uU](?:ll|LL|l|L)?|(?:ll|LL|l|L)[uU]?)\b", r"\1", s)
    s = re.sub(r"\((?:unsigned |signed )?(?:char|short|int|long|long long|unsigned)\)(?=-?\d)",
               "", s)
    return re.sub(r" ?([<>(),*&:\[\]]) ?", r"\1", s)


def _template_split(name: str) -> tuple[str, list[str]] | None:
    """(base, top-level arguments) of a name ending in a template argument list:
    'ns::k<int, f<2>>' -> ('ns::k', ['int', 'f<2>']); None when it ends in none."""
    if not name.endswith(">"):
        return None
    depth, start = 0, None
    for i in range(len(name) - 1, -1, -1):  # the '<' that opens the final '>'
        c = name[i]
        if c == ">":
            depth += 1
        elif c == "<":
            depth -= 1
            if depth == 0:
                start = i
                break
    if start is None or start == 0:
        return None
    args, depth, cur = [], 0, ""
    for c in name[start + 1:-1]:
        if c == "," and depth == 0:
            args.append(cur.strip())
            cur = ""
            continue
        depth += c in "<(["
        depth -= c in ">)]"
        cur += c
    if cur.strip() or args:
        args.append(cur.strip())
    return name[:start], args


def base_name(name: str) -> str:
    """A kernel's name without its template arguments: 'gemm_device<cute::tuple<...>, ...>'
    -> 'gemm_device' (a name that is no template instance stays)."""
    split = _template_split(name)
    return split[0] if split else name


def find_entry(kernels: list[Kernel], entry: str) -> list[Kernel]:
    """The kernels `entry` names, the first of these that matches any: a symbol; a full
    signature (for overloads); a source name, qualified or not (a template instance as
    written in C++); a template's name without its arguments (`gemm_device`: every
    instance); a prefix of an instance's name (`gemm_device<cute::tuple<int`); a prefix of a
    symbol (`_Z11gemm_deviceIN4cute`)."""
    exact = [k for k in kernels if k.symbol == entry]
    if exact:
        return exact
    e = _norm(entry)

    def named(n: str) -> bool:
        return n == e or n.endswith("::" + e)

    for tier in (lambda k: _norm(k.signature) == e,
                 lambda k: named(_norm(k.name)),
                 lambda k: named(_norm(base_name(k.name))),
                 lambda k: "<" in e and (_norm(k.name).startswith(e) or
                                         ("::" + _norm(k.name)).find("::" + e) >= 0),
                 lambda k: entry.startswith("_Z") and len(entry) >= 4 and
                 k.symbol.startswith(entry)):
        found = [k for k in kernels if tier(k)]
        if found:
            return found
    return []


SHORT_NAME = 120  # characters of a kernel's name in a listing
SHORT_SYMBOL = 72


def _collapse(name: str, depth: int = 1) -> str:
    """A name with template arguments nested deeper than `depth` shown as <…>."""
    out, level = [], 0
    for c in name:
        if c == "<":
            level += 1
            if level == depth + 1:
                out.append("<…")
            if level > depth:
                continue
        elif c == ">":
            level -= 1
            if level > depth:
                continue
            if level == depth:
                out.append(">")
                continue
        elif level > depth:
            continue
        out.append(c)
    return "".join(out)


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _fit(base: str, args: list[str], limit: int = SHORT_NAME) -> str:
    """base<args...> in at most `limit` characters: the arguments that fit, then …."""
    full = f"{base}<{', '.join(args)}>"
    if len(full) <= limit:
        return full
    kept: list[str] = []
    for a in args:
        if len(f"{base}<{', '.join([*kept, a])}, …>") > limit:
            break
        kept.append(a)
    return f"{base}<{', '.join([*kept, '…'])}>" if kept else _cut(full, limit)


def short_name(name: str) -> str:
    """A kernel's name for a listing: nested template arguments as <…>, at most SHORT_NAME
    characters (CuTe's instances run to thousands)."""
    if len(name) <= SHORT_NAME:
        return name
    collapsed = _collapse(name)
    split = _template_split(collapsed)
    return _fit(*split) if split else _cut(collapsed, SHORT_NAME)


def _differences(names: list[str]) -> list[str]:
    """Instances of one template, shortened to what tells them apart: a template argument
    that is the same in all of them shown as …, recursively; each at most SHORT_NAME."""
    if all(len(n) <= SHORT_NAME for n in names):
        return names
    maybe = [_template_split(n) for n in names]
    splits = [s for s in maybe if s is not None]
    if len(splits) != len(maybe) or len({len(s[1]) for s in splits}) != 1 or \
            len({s[0] for s in splits}) != 1:
        return [short_name(n) for n in names]
    base = splits[0][0]
    columns = list(zip(*(s[1] for s in splits)))
    shown: list[list[str]] = [[] for _ in names]
    for col in columns:
        if len(set(col)) == 1:
            parts = ["…" if len(col[0]) > 12 else col[0]] * len(names)
        else:
            parts = _differences(list(col))
        for row, part in zip(shown, parts):
            row.append(part)
    # a run of arguments alike in all of them is one …
    return [_fit(base, [a for i, a in enumerate(row)
                        if a != "…" or i == 0 or row[i - 1] != "…"]) for row in shown]


def _symbol(symbol: str) -> str:
    return symbol if len(symbol) <= SHORT_SYMBOL else \
        f"{symbol[:SHORT_SYMBOL - 21]}…{symbol[-20:]}"


def _listing(kernels: list[Kernel]) -> str:
    return "; ".join(short_name(k.name) for k in kernels) if kernels else "none"


def _ambiguous(entry: str, found: list[Kernel], where: str) -> str:
    names = [k.name for k in found]
    if len(set(names)) < len(names):  # overloads: the signatures tell them apart
        shown = [short_name(k.signature) for k in found]
        how = "give the full signature, e.g. --entry 'scale(float*, float)', or the symbol"
    else:
        shown = _differences(names)
        how = ("give more of the name (a unique prefix of it will do), the full name, or the "
               "symbol (a unique prefix of it will do)")
    lines = "; ".join(f"{s} [{_symbol(k.symbol)}]" for s, k in zip(shown, found))
    return (f"{where}: --entry {entry!r} is ambiguous, {len(found)} kernels match: {lines} "
            f"({how})")


def pick_entry(kernels: list[Kernel], entry: str | None, where: str) -> Kernel | None:
    """The named kernel; with no name, the only one (None for a module of several: the whole
    module is scheduled). None when `entry` matches nothing."""
    if entry is None:
        if len(kernels) == 1:
            return kernels[0]
        if not kernels:
            raise EntryError(f"{where} defines no kernel (a __global__ template is compiled "
                             "only for the instance you name: --entry 'name<args>')")
        return None
    found = find_entry(kernels, entry)
    if len(found) > 1:
        raise EntryError(_ambiguous(entry, found, where))
    return found[0] if found else None


def _is_template_instance(entry: str) -> bool:
    return "<" in entry and not entry.startswith("_Z")


def _wrapper(include_name: str, entry: str) -> str:
    """A translation unit that makes clang emit a kernel template's instance: taking its
    address in host code, as a `kernel<<<...>>>` launch does."""
    m = re.fullmatch(r"(.+?>)\s*\((.*)\)\s*", entry)
    decl = f"void (*__agentsched_entry)({m.group(2)})" if m else "void *__agentsched_entry"
    init = f"&{m.group(1)}" if m else f"(void *)&{entry}"
    return f'#include "{include_name}"\nstatic {decl} __attribute__((unused)) = {init};\n'


def _tagged(ir: Path, text: str, kernel: Kernel | None, out_dir: Path, stem: str,
            check: bool = False, module: Sequence[Kernel] = ()) -> Path:
    """The IR with its kernel named on the first line (written once, atomically); with no
    kernel, the module's kernels (several, scheduled as a whole). check: `ir` is the user's
    IR text, parsed and verified before its copy is first made, so that an error names the
    user's file at the user's line (the copy has a line more)."""
    text = re.sub(rf"^(?:{re.escape(ENTRY_LINE)}|{re.escape(KERNELS_LINE)}).*\n", "", text,
                  count=1)
    if kernel is None and len(module) < 2:
        return ir
    head = f"{ENTRY_LINE}{kernel.symbol}" if kernel is not None else \
        KERNELS_LINE + " ".join(k.symbol for k in module)
    body = f"{head}\n{text}"
    out = out_dir / f"{stem}-{digest(body)[:16]}.ll"
    if not out.exists():
        if check:
            run([find_tool("llvm-as-19"), path_arg(ir), "-o", os.devnull])
        write_bytes(out, body.encode())
    return out


def _user_ir_text(source: Path) -> str:
    """The user's .ll or .bc as text; an error naming the file when it is neither."""
    if source.suffix == ".bc":
        try:
            return run([find_tool("llvm-dis-19"), path_arg(source), "-o", "-"])
        except ToolFailed as e:
            raise ToolFailed(f"{source}: not LLVM bitcode: {e}") from None
    try:
        return source.read_bytes().decode("utf-8")
    except UnicodeDecodeError as e:
        raise ValueError(f"{source}: not LLVM IR text (byte {e.start} is not UTF-8)") from None


# ---------------------------------------------------------------- clang

def source_language(source: Path, target: Target, lang: str | None = None,
                    own: bool = False) -> str:
    """'hip' or 'cuda': --lang, else by suffix (.hip is HIP; hipcc compiles .cu as HIP too,
    so other sources follow the target, as do all sources on the project's own header)."""
    if lang is None:
        lang = "hip" if source.suffix == ".hip" and not own else target.offload_lang
    if lang not in LANGS:
        raise ValueError(f"unknown source language {lang!r} (use cuda or hip)")
    if lang != target.offload_lang:
        if lang == "hip":
            raise ValueError(f"{source}: HIP compiles for AMDGPU targets here (Debian's HIP "
                             f"has no NVIDIA backend); give a CUDA source for {target.name}")
        raise ValueError(f"{source}: CUDA compiles for NVIDIA targets; for {target.name} give "
                         "a HIP source (--lang hip if it is one)")
    return lang


def uses_own_header(source: Path) -> bool:
    """The project's own kernels include agentsched_gpu.h and need no vendor SDK."""
    text = source.read_text(errors="replace")
    return re.search(rf'^\s*#\s*include\s*[<"]{re.escape(OWN_HEADER)}[>"]', text, re.M) is not None


def launch_threads(block) -> int:
    """Threads per block of a launch block (X, (X, Y), (X, Y, Z) or 'X,Y,Z')."""
    if isinstance(block, str):
        try:
            block = [int(x) for x in block.split(",")]
        except ValueError:
            raise ValueError(f"block {block!r}: expected X[,Y,Z] integers") from None
    dims = [int(block)] if isinstance(block, int) else [int(x) for x in block]
    n = math.prod(dims)
    if not dims or len(dims) > 3 or min(dims) < 1 or n > 1024:
        raise ValueError(f"block {tuple(dims)}: 1 to 3 positive sizes, at most 1024 threads")
    return n


@dataclass
class ClangJob:
    """One clang run: argv (run in `cwd`), and `key`, the same with paths replaced by what
    they stand for (no absolute path reaches a cache key)."""
    argv: list
    key: list
    cwd: Path
    own_header: bool
    lang: str


def clang_job(source: Path, target: Target, *, defines: dict | None = None,
              include_dirs: list | None = None, flags: list | tuple = (), block=None,
              lang: str | None = None) -> ClangJob:
    source = source.resolve()
    src_dir = source.parent
    own = uses_own_header(source)
    lang = source_language(source, target, lang, own)
    argv: list[str] = [find_tool("clang-19")]
    key: list[str] = ["clang-19"]

    def add(*args: str, key_as: list | None = None) -> None:
        argv.extend(args)
        key.extend(args if key_as is None else key_as)

    if lang == "hip":
        add("-x", "hip", f"--offload-arch={target.name}", "--cuda-device-only")
        if own:
            add("-nogpuinc", "-nogpulib")
        else:
            libs, ident = sdk.rocm_device_libs(target.name)
            add(f"--rocm-device-lib-path={libs}", key_as=[f"--rocm-device-lib-path=<{ident}>"])
            # Left alone, clang-19 emits code object v5 but links Debian's ABI-4 library
            # (oclc_abi_version_400): say 5 so the device libraries read v5's implicit args.
            add("-mcode-object-version=5")
        # hipcc hashes path and options into the CUID (a symbol in the module): use content
        add(f"-cuid={digest(source.read_bytes())[:16]}")
        if block is not None:  # what __launch_bounds__(N) gives; a kernel's own bounds win
            add(f"--gpu-max-threads-per-block={launch_threads(block)}")
    else:
        add("-x", "cuda", f"--cuda-gpu-arch={target.name}", "--cuda-device-only",
            "-Wno-unknown-cuda-version")
        if own:
            add("-nocudainc", "-nocudalib")
        else:
            cuda, ident = sdk.cuda_sdk()
            add(f"--cuda-path={cuda}", key_as=[f"--cuda-path=<{ident}>"])
            add(f"-ffile-prefix-map={cuda}=/usr/local/cuda",
                key_as=["-ffile-prefix-map=<cuda>=/usr/local/cuda"])
            add("-include", str(COMPAT_HEADER), key_as=["-include", COMPAT_HEADER.name])
    if not own:
        # Host code beside kernels is parsed, never emitted here: report its errors only if
        # it were (nvcc's host compiler sees it, not this device-only compile).
        add("-fgpu-defer-diag")
    add("-O3", "-emit-llvm", "-S")
    if own:
        add(f"-I{INCLUDE_DIR}", key_as=[f"-I<{INCLUDE_DIR.name}>"])
    add(f"-ffile-prefix-map={src_dir}=.", key_as=["-ffile-prefix-map=<src>=."])
    for d in include_dirs or []:
        add(f"-I{os.path.relpath(Path(d).resolve(), src_dir)}")
    for k, v in sorted((defines or {}).items()):
        add(f"-D{k}" if v is None or v == "" else f"-D{k}={v}")
    add(*flags)
    return ClangJob(argv, key, src_dir, own, lang)


def _parse_deps(text: str, cwd: Path) -> list[Path]:
    body = text.replace("\\\n", " ").split(":", 1)[1]
    names = re.findall(r"(?:\\ |[^\s])+", body)
    return [(cwd / n.replace("\\ ", " ")).resolve() for n in names]


# Files every checkout shares (system and SDK headers) are recorded by their absolute path;
# the user's own (the source's tree: headers beside it, -I directories) relative to the
# source's directory, so that the same source in another checkout is checked against its
# own headers, never against the first checkout's.
_SHARED_ROOTS = ("/usr/", "/opt/", "/etc/")


def _dep_name(path: Path, cwd: Path) -> str:
    p = str(Path(path).resolve())
    shared = p.startswith((*_SHARED_ROOTS, sys.prefix, str(sdk.headers_dir()),
                           str(data_dir())))
    return p if shared else os.path.relpath(p, Path(cwd).resolve())


def _dep_path(name: str, cwd: Path) -> Path:
    return Path(name) if os.path.isabs(name) else Path(cwd) / name


def _file_sha(path: Path) -> str | None:
    try:
        return file_sha256(path)
    except OSError:
        return None


# what a CUDA source without includes hits when compiled as HIP: nvcc and clang's CUDA mode
# declare these implicitly, HIP only through <hip/hip_runtime.h>
_CUDA_BUILTINS = re.compile(r"undeclared identifier '(threadIdx|blockIdx|blockDim|gridDim|"
                            r"__syncthreads|warpSize)'")


def _clang_hint(err: str, job: ClangJob) -> str:
    m = re.search(r"'([^']+)' file not found", err)
    if not m:
        b = _CUDA_BUILTINS.search(err) if job.lang == "hip" else None
        if b and not job.own_header:
            return (f"\n(compiled as HIP, where {b.group(1)} comes from <hip/hip_runtime.h>, "
                    "which the source does not include: a CUDA source compiles for an NVIDIA "
                    "target such as sm_90; for AMDGPU include that header or hipify it)")
        return ""
    header = m.group(1)
    if job.own_header:
        return (f"\n(sources that include {OWN_HEADER} use no vendor headers; without that "
                f"include, {header} comes from the vendor's SDK)")
    if job.lang == "cuda":
        extras = {d for d, _, _ in sdk.HEADER_WHEELS}
        if header.startswith(("cublas", "curand", "nvblas")):
            return f"\n({header} is in {', '.join(sorted(extras))}: {sdk.HEADERS_HINT})"
        return (f"\n({header} is not among the CUDA headers installed here "
                f"(`agentsched sdk status`); add its directory with -I)")
    for prefix, hint in sdk.ROCM_LIBRARY_HINTS.items():
        if header.startswith(prefix) or header.startswith(prefix.rstrip("/") + "."):
            return f"\n({header}: {hint})"
    if header.startswith(("hip/", "hip_")):
        if not (sdk.HIP_INCLUDE / "hip_runtime.h").exists():
            return f"\n({sdk.ROCM_HINT})"
        return (f"\n({header} is not among the HIP headers installed here, Debian's ROCm "
                f"5.2.3 in {sdk.HIP_INCLUDE} (`agentsched sdk status`); add its directory "
                "with -I)")
    if header.startswith(("cuda", "cublas", "curand", "cooperative_groups", "cub/")):
        return ("\n(a CUDA source: compile it for an NVIDIA target such as sm_90, or hipify it "
                "for AMDGPU)")
    return (f"\n({header} is not among the ROCm headers installed here (`agentsched sdk "
            "status`); add its directory with -I)")


def run_clang(job: ClangJob, source_name: str, stem: str, target: Target,
              wrapper: str | None = None) -> Path:
    """Device IR of `source_name` (or of `wrapper` on stdin), from the cache when neither the
    command nor any file clang read last time has changed."""
    out_dir = data_dir() / "ir"
    out_dir.mkdir(parents=True, exist_ok=True)
    src = job.cwd / source_name
    key1 = digest("\0".join(job.key), source_name, src.read_bytes(), wrapper or "",
                 clang_version(), target.name)
    manifest = out_dir / f"{stem}-{target.name}-{key1[:16]}.deps.json"
    try:
        known = json.loads(manifest.read_text())
        cached = out_dir / known["ir"]
        if cached.exists() and all(_file_sha(_dep_path(p, job.cwd)) == h
                                   for p, h in known["deps"]):
            return cached
    except (OSError, ValueError, KeyError, TypeError):
        pass
    with tempfile.TemporaryDirectory(prefix="agentsched-clang-") as tmpd:
        tmp = Path(tmpd)
        argv = [*job.argv, "-MD", "-MF", str(tmp / "deps.d"),
                "-" if wrapper is not None else source_name, "-o", str(tmp / "out.ll")]
        try:
            run(argv, input=wrapper, cwd=job.cwd)
        except ToolFailed as e:
            where = f"{src} (instantiating {wrapper.splitlines()[1]})" if wrapper else str(src)
            raise ToolFailed(f"{where}: {e}{_clang_hint(str(e), job)}") from None
        deps = _parse_deps((tmp / "deps.d").read_text(), job.cwd)
        hashes = [(_dep_name(p, job.cwd), _file_sha(p)) for p in dict.fromkeys(deps)]
        key2 = digest(key1, *sorted(h or "" for _, h in hashes))
        ir = out_dir / f"{stem}-{target.name}-{key2[:16]}.ll"
        if not ir.exists():
            write_bytes(ir, (tmp / "out.ll").read_bytes())
    write_bytes(manifest, json.dumps({"ir": ir.name, "deps": hashes}).encode())
    return ir


# ---------------------------------------------------------------- emit_ir

def emit_ir(source: str | Path, target: Target, defines: dict | None = None,
            include_dirs: list | None = None, *, flags: list | tuple = (),
            entry: str | None = None, block=None, lang: str | None = None) -> Path:
    """Device IR of `source` for `target`, naming its kernel (`entry`, or the only one).

    source: CUDA/HIP (.cu .cuh .hip .cpp ...) or LLVM IR (.ll/.bc, for this target).
    defines, include_dirs, flags: the user's -D, -I and other clang flags. block: the launch
    block (threads X[,Y,Z]); on AMDGPU it sets the kernels' flat work-group size as hipcc's
    __launch_bounds__ would, unless a kernel declares its own (NVPTX: unused, as nvcc would).
    """
    source = Path(source)
    if not source.is_file():
        raise FileNotFoundError(f"{source}: source file not found")
    out_dir = data_dir() / "ir"
    if source.suffix in IR_SUFFIXES:
        check_ir_target(source, target)
        text = _user_ir_text(source)
        kernels = describe(ir_kernel_symbols(text))
        if not kernels and entry is None:
            return source
        if entry is None and text.startswith(ENTRY_LINE):  # `agentsched ir`'s output: its kernel
            entry = text[len(ENTRY_LINE):text.index("\n")].strip()
        chosen = pick_entry(kernels, entry, str(source))
        if chosen is None and entry is not None:
            raise EntryError(f"{source} does not define kernel {entry!r}; it defines "
                             f"{_listing(kernels)}")
        return _tagged(source, text, chosen, out_dir, f"{source.stem}-{target.name}",
                       check=source.suffix != ".bc", module=kernels)
    if source.suffix not in SOURCE_SUFFIXES:
        raise ValueError(f"{source}: unknown source kind {source.suffix!r} "
                         f"(expected {', '.join(sorted(SOURCE_SUFFIXES | IR_SUFFIXES))})")
    job = clang_job(source, target, defines=defines, include_dirs=include_dirs, flags=flags,
                    block=block, lang=lang)
    stem = source.stem
    ir = run_clang(job, source.name, stem, target)
    kernels = describe(ir_kernel_symbols(ir.read_text()))
    chosen = pick_entry(kernels, entry, str(source)) if (kernels or entry) else None
    if chosen is None and entry is not None:
        if not _is_template_instance(entry):
            raise EntryError(f"{source} does not define kernel {entry!r}; it defines "
                             f"{_listing(kernels)}")
        ir = run_clang(job, source.name, stem, target, wrapper=_wrapper(source.name, entry))
        more = describe(ir_kernel_symbols(ir.read_text()))
        found = find_entry(more, entry)
        if not found:  # spelled differently from the demangler (a typedef): the new one
            before = {k.symbol for k in kernels}
            found = [k for k in more if k.symbol not in before]
        if len(found) != 1:
            raise EntryError(f"{source}: cannot tell which kernel {entry!r} is; the module "
                             f"defines {_listing(more)}")
        chosen = found[0]
    if chosen is None and len(kernels) < 2:
        raise EntryError(f"{source} defines no kernel (a __global__ template is compiled "
                         "only for the instance you name: --entry 'name<args>')")
    return _tagged(ir, ir.read_text(), chosen, out_dir, f"{stem}-{target.name}",
                   module=kernels)
