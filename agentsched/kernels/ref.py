"""What a command compiles: a suite kernel, a user's spec file, a source or IR file, or a
Triton kernel, with the user's build options over the spec's own.

A kernel has a display name and a key. The name is what tables show: a suite or spec kernel
by its name (`fused_mlp`, `rmsnorm`), a Triton kernel by its function, a source by its
directory, file and entry (`prefix_sum/main.hip:block_prefix_sum`; without --entry, the only
kernel of the file: `data/softmax_rows.cu`). The key is what rows, stores and reports are
grouped by: a digest of the source's content (a Triton kernel's IR), the entry as given and
every build input (-D, -I relative to the source's directory, clang flags, block, language,
a spec's launch), and nothing else: no absolute path, no directory name, the same in any
checkout. The exact content compiled (headers included) is the IR's digest, which the store's
row key holds beside it."""
from __future__ import annotations

import json
import os
import re
import shlex
from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from dataclasses import replace as dc_replace
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.hashing import sha256_hex
from ..targets import Launch, Target

FILE_NAME_MAX = 96  # characters of KernelRef.file_name

if TYPE_CHECKING:  # (spec.py needs numpy, the frontend its SDK helpers: loaded when used)
    from .spec import KernelSpec


@dataclass
class BuildOptions:
    """How to build and launch the user's source, as the command line gives it (over a spec's
    own): --entry, -I, -D, clang flags (-std=, -ffast-math, --clang-flag), --block,
    --dynamic-shared, --lang."""
    entry: str | None = None
    include_dirs: tuple = ()
    defines: dict = field(default_factory=dict)
    flags: tuple = ()
    block: tuple | None = None  # threads per block: AMDGPU launch bounds, occupancy
    lang: str | None = None
    dynamic_shared: int | None = None  # bytes of dynamic shared memory per block (occupancy)

    def to_dict(self) -> dict:
        """The options as JSON (paths as given), what from_dict reads back: every field, so
        an option added here is recorded and rebuilt too."""
        out = {}
        for f in fields(self):
            v = getattr(self, f.name)
            if isinstance(v, (tuple, list)):
                v = [str(x) if isinstance(x, Path) else x for x in v] if v else (
                    None if f.name == "block" else [])
            out[f.name] = dict(v) if isinstance(v, dict) else v
        return out

    @classmethod
    def from_dict(cls, d: dict | None) -> BuildOptions:
        d = dict(d or {})
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(d) - known)
        if unknown:
            raise ValueError(f"build options: unknown field {unknown[0]!r}")
        if d.get("include_dirs") is not None:
            d["include_dirs"] = tuple(Path(x) for x in d["include_dirs"])
        if d.get("block"):
            d["block"] = tuple(int(x) for x in d["block"])
        for f in fields(cls):  # lists back to the tuples the fields hold
            if isinstance(d.get(f.name), list):
                d[f.name] = tuple(d[f.name])
        return cls(**{k: v for k, v in d.items() if v is not None})  # None: the default


@dataclass
class KernelRef:
    """What an experiment compiles: a suite kernel, a user's spec file, or a bare source."""
    name: str
    source: Path
    defines: dict = field(default_factory=dict)
    spec: Any = None  # KernelSpec when the kernel can be run and checked
    spec_file: Path | None = None  # the user's spec .py, when it came from one
    entry: str | None = None  # the kernel's source name or symbol (None: the only one)
    include_dirs: tuple = ()
    flags: tuple = ()  # clang flags
    block: tuple | None = None  # launch block: AMDGPU launch bounds unless the source has some
    lang: str | None = None
    triton: bool = False  # a Triton kernel (cache/dump directory, .llir): its IR is rewritten
    given: str | None = None  # what named it, as the user gave it (a suite name, a path);
    #                           None for a KernelSpec object (then it cannot be rebuilt)
    options: BuildOptions = field(default_factory=BuildOptions)  # the user's own options
    # what occupancy counts: the block the kernel runs with (--block, else a spec's at its
    # default size, a Triton kernel's num_warps) and its dynamic shared memory
    # (--dynamic-shared, a spec's shared_bytes, Triton's shared); None: neither is known
    launch: Launch | None = None

    def ir(self, target: Target) -> Path:
        """The kernel's device IR for `target` (cached), naming its kernel on its first line."""
        if self.triton:  # Triton's IR (newer LLVM): rewritten for llc-19
            from .triton.ir import llc_ready_ir
            return llc_ready_ir(self.source, target)
        carried = prebuilt_ir(self, target)
        if carried is not None:
            return carried
        from ..llvm.frontend import emit_ir
        return emit_ir(self.source, target, self.defines, list(self.include_dirs),
                       flags=self.flags, entry=self.entry, block=self.block, lang=self.lang)

    def build_record(self) -> dict:
        """What results record of how the kernel was built (the spec's options and the
        user's together)."""
        return {"entry": self.entry, "clang_flags": clang_flags(self),
                "block": list(self.block) if self.block else None, "lang": self.lang,
                "launch": None if self.launch is None else
                {"threads": self.launch.threads,
                 "dynamic_shared": self.launch.dynamic_shared}}

    def record(self) -> dict:
        """What rows and saved JSON keep of the kernel: its name and key, what rebuilds it
        (`source` as the user gave it, `build_options` the user's own: kernel_from_record)
        and the build record."""
        return {"kernel": self.name, "kernel_key": self.key, "source": self.given,
                "build_options": self.options.to_dict(), **self.build_record()}

    @cached_property
    def key(self) -> str:
        """The kernel's identity (module doc): source content, entry and every build input,
        no path. 24 hex digits."""
        if self.triton:
            from .triton.kernel import TritonKernel
            content = TritonKernel.load(self.source).llir.read_bytes()
        else:
            content = Path(self.source).read_bytes()
        src_dir = Path(self.source).resolve().parent
        ident: dict[str, Any] = {"content": sha256_hex(content), "triton": self.triton}
        for f in fields(self):
            if f.name in ("name", "source", "spec", "spec_file", "given", "options", "triton"):
                continue
            v = getattr(self, f.name)
            if f.name == "include_dirs":  # as clang sees them: relative to the source
                v = [os.path.relpath(Path(d).resolve(), src_dir) for d in v]
            elif f.name == "defines":
                v = sorted((str(k), "" if x is None else str(x)) for k, x in v.items())
            elif f.name == "lang" and v is None and Path(self.source).suffix == ".hip":
                v = "hip"  # what a .hip file is anyway
            elif f.name == "launch" and v is not None:  # counted in occupancy figures
                v = [v.threads, v.dynamic_shared]
            elif isinstance(v, tuple):
                v = list(v)
            ident[f.name] = v
        return sha256_hex(json.dumps(ident, sort_keys=True, default=str))[:24]

    @property
    def file_name(self) -> str:
        """The display name made safe for a file name, short enough to be one: a template
        instance's name (thrust's run to 700 characters) is cut, with a hash of the whole
        name so that two long names stay apart (names become parts of longer file names,
        hence far below NAME_MAX's 255 bytes)."""
        safe = re.sub(r"[^\w.+-]+", "_", self.name).strip("_") or "kernel"
        if len(safe) <= FILE_NAME_MAX:
            return safe
        return f"{safe[:FILE_NAME_MAX - 13]}-{sha256_hex(self.name)[:12]}"

    def cli_args(self) -> list[str]:
        """The command-line arguments that name this kernel again (KERNEL --entry ... -I ...),
        as a list for shlex.join; [] when it cannot be named (a KernelSpec object)."""
        if self.given is None:
            return []
        o, out = self.options, [self.given]
        if o.entry:
            out += ["--entry", o.entry]
        out += [x for d in o.include_dirs for x in ("-I", str(d))]
        out += [x for n, v in sorted(o.defines.items())
                for x in ("-D", n if v in (None, "") else f"{n}={v}")]
        out += [f"--clang-flag={f}" for f in o.flags]
        if o.block:
            out += ["--block", ",".join(str(x) for x in o.block)]
        if o.dynamic_shared is not None:
            out += ["--dynamic-shared", str(o.dynamic_shared)]
        if o.lang:
            out += ["--lang", o.lang]
        return out


def prebuilt_ir(kernel: KernelRef, target: Target) -> Path | None:
    """The IR an `agentsched pack` made for this kernel and target ($AGENTSCHED_PREBUILT_IR,
    set by the pack's launcher), on a machine without clang-19 (a GPU machine): keyed by the
    kernel's key (its source's content, entry and build). None elsewhere: where clang is,
    every IR is made (and cached) as usual."""
    import shutil

    from ..core import env
    where = os.environ.get(env.PREBUILT_IR)
    if not where or shutil.which("clang-19"):
        return None
    f = Path(where) / f"{kernel.key}-{target.name}.ll"
    return f if f.is_file() else None


def display_name(path: Path, entry: str | None) -> str:
    """A source kernel's name: its directory, file and entry (module doc)."""
    parent = Path(path).resolve().parent.name
    base = f"{parent}/{Path(path).name}" if parent else Path(path).name
    return f"{base}:{entry}" if entry else base


def build_label(record: dict) -> str:
    """A row's build as command-line options (-I ... -D ... flags --block X,Y --lang L)."""
    parts = list(record.get("clang_flags") or [])
    if record.get("block"):
        parts += ["--block", ",".join(str(x) for x in record["block"])]
    if record.get("lang"):
        parts += ["--lang", record["lang"]]
    return shlex.join(parts)


class RecordError(ValueError):
    """Saved JSON that does not say how to rebuild its kernel."""


def kernel_from_record(record: dict) -> KernelRef:
    """The kernel a row, search summary or compile summary was made from: its `source` (as
    the user gave it: a relative path is taken from the current directory, as when the JSON
    was made) built with its `build_options`. Older rows without `source` name a suite kernel
    or nothing that can be rebuilt (RecordError says so)."""
    source = record.get("source")
    if source is None:
        name = str(record.get("kernel", "?"))
        if Path(name).suffix or record.get("kernel_key"):
            raise RecordError(f"{name}: the saved JSON does not say where its source is")
        try:
            return resolve_kernel(name)
        except ValueError:
            raise RecordError(f"{name!r} is not a suite kernel and the saved JSON names no "
                              f"source (it was made before sources were recorded)") from None
    try:
        build = BuildOptions.from_dict(record.get("build_options"))
    except (TypeError, ValueError) as e:
        raise RecordError(f"{source}: {e}") from None
    path = Path(source)
    if (path.suffix or len(path.parts) > 1) and not path.exists():  # a path, not a suite name
        raise RecordError(f"{source}: not found from {Path.cwd()} (a relative path in saved "
                          f"JSON is taken from the directory the command runs in, as it was "
                          f"when the JSON was made)")
    return resolve_kernel(source, build)


def clang_flags(k: KernelRef) -> list[str]:
    """The user's part of the clang command, as they would write it."""
    return [*(f"-I{d}" for d in k.include_dirs),
            *(f"-D{n}" if v in (None, "") else f"-D{n}={v}" for n, v in sorted(k.defines.items())),
            *k.flags]


def resolve_kernel(arg: str | Path | KernelSpec | KernelRef,
                   build: BuildOptions | None = None) -> KernelRef:
    """A suite kernel name, a spec .py (or a KernelSpec), a Triton kernel or a source/IR file,
    with the command line's build options over the spec's (a spec's block gives the launch
    bounds)."""
    if isinstance(arg, KernelRef):
        return arg
    b = build or BuildOptions()
    if not isinstance(arg, (str, Path)):  # a KernelSpec: a suite kernel is named again by name
        from .suite import SUITE
        name = str(getattr(arg, "name", ""))
        return _from_spec(arg, None, b, name if SUITE.get(name) is arg else None)
    path = Path(arg)
    from .triton.kernel import TritonKernel, is_triton_input
    if is_triton_input(path):  # a Triton cache/dump directory or .llir (docs/triton.md)
        tk = TritonKernel.load(path)
        return KernelRef(tk.name, path, triton=True, launch=_triton_launch(tk, b),
                         given=str(arg))
    if path.suffix == ".py":
        from .spec import load_spec_file
        return _from_spec(load_spec_file(path), path, b, str(arg))
    if not path.suffix:
        from .suite import get_kernel
        return _from_spec(get_kernel(str(arg)), None, b, str(arg))
    if not path.is_file():
        raise FileNotFoundError(f"{path}: kernel source not found")
    launch: Launch | None
    if b.block is not None or b.dynamic_shared is not None:
        launch = Launch(block_threads(b.block), b.dynamic_shared or 0)
    else:  # IR that records its launch (a Triton kernel's, prepared for llc-19)
        from ..llvm.ir import recorded_launch
        launch = recorded_launch(path) if path.suffix == ".ll" else None
    return KernelRef(display_name(path, b.entry), path, dict(b.defines), entry=b.entry,
                     include_dirs=tuple(b.include_dirs), flags=tuple(b.flags), block=b.block,
                     lang=b.lang, launch=launch, given=str(arg), options=b)


def block_threads(block) -> int | None:
    """Threads per block of a block (X, Y, Z); None for None. ValueError for a bad one."""
    if block is None:
        return None
    from ..llvm.frontend import launch_threads
    return launch_threads(block)


def _triton_launch(tk, b: BuildOptions) -> Launch:
    """A Triton kernel's launch: num_warps x warp size threads, the shared memory Triton's
    launcher requests (all of it dynamic). Triton fixes both: a build option that would
    change them, or clang's, is refused (the metadata's dynamic shared memory can be given
    only where a bare .llir has none)."""
    from .triton.kernel import TritonInputError
    for what, given in (("-I", b.include_dirs), ("-D", b.defines), ("clang flags", b.flags),
                        ("--lang", b.lang)):
        if given:
            raise ValueError(f"{tk.name}: a Triton kernel is compiled by Triton, not clang: "
                             f"{what} does not apply")
    try:
        threads = tk.threads
    except TritonInputError:
        threads = None
    asked = block_threads(b.block)
    if asked is not None and threads is not None and asked != threads:
        raise ValueError(f"{tk.name}: Triton launches it with {threads} threads per block "
                         f"(num_warps {threads // tk.warp_size}); --block {asked} cannot "
                         "change that")
    if "shared" in tk.metadata:
        if b.dynamic_shared is not None and b.dynamic_shared != tk.shared:
            raise ValueError(f"{tk.name}: Triton launches it with {tk.shared} bytes of "
                             f"dynamic shared memory ({tk.name}.json); --dynamic-shared "
                             f"{b.dynamic_shared} cannot change that")
        dynamic = tk.shared
    else:
        dynamic = b.dynamic_shared or 0
    return Launch(threads if threads is not None else asked, dynamic)


def _from_spec(spec: KernelSpec, spec_file: Path | None, b: BuildOptions,
               given: str | None) -> KernelRef:
    from ..llvm.metrics import launch_of
    from .spec import KernelSpec, launch_block
    if not isinstance(spec, KernelSpec):
        raise TypeError(f"a kernel is a name, a path, a KernelSpec or a KernelRef, not {spec!r}")
    own = launch_of(spec)
    assert own is not None  # a spec has a launch
    launch = Launch(block_threads(b.block) if b.block is not None else own.threads,
                    own.dynamic_shared if b.dynamic_shared is None else b.dynamic_shared)
    entry = b.entry or spec.entry
    # another entry than the spec's is another kernel: its name says which
    name = spec.name if b.entry in (None, spec.entry) else f"{spec.name}:{b.entry}"
    return KernelRef(name, Path(spec.source), {**spec.defines, **b.defines}, spec,
                     spec_file, entry=entry,
                     include_dirs=(*spec.include_dirs, *b.include_dirs),
                     flags=(*spec.flags, *b.flags), block=b.block or launch_block(spec),
                     lang=b.lang or spec.lang, launch=launch, given=given, options=b)


def kernel_names(symbols: Sequence[str]) -> list[str]:
    """The source names of kernel symbols (demangled; extern "C" names as they are)."""
    from ..llvm.frontend import describe
    return [k.name for k in describe(list(symbols))]


def kernels_of(source: str | Path | KernelRef, target: str | Target, *,
               build: BuildOptions | None = None) -> list[KernelRef]:
    """The kernels `source` defines, one KernelRef each (its entry named): a module of
    several scheduled as a whole is measured, kept and searched kernel by kernel. A source
    with one kernel, or given with an entry, is itself."""
    from ..llvm.frontend import describe
    from ..llvm.ir import KERNELS_LINE, header_line
    k = resolve_kernel(source, build)
    if k.entry is not None or k.triton or k.spec is not None:
        return [k]
    from ..targets import parse_target
    line = header_line(k.ir(parse_target(target)), KERNELS_LINE)
    if not line:
        return [k]
    found = describe(line.split())
    unique = {c.name for c in found}
    name = {c.symbol: c.name if sum(d.name == c.name for d in found) == 1 else c.symbol
            for c in found} if len(unique) != len(found) else {c.symbol: c.name for c in found}
    origin = k.given if k.given is not None else k.source
    return [resolve_kernel(origin, dc_replace(k.options, entry=name[c.symbol])) for c in found]
