"""What a command compiles: a suite kernel, a user's spec file, a source or IR file, or a
Triton kernel, with the user's build options over the spec's own."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..targets import Launch, Target

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
    # what occupancy counts: the block the kernel runs with (--block, else a spec's at its
    # default size, a Triton kernel's num_warps) and its dynamic shared memory
    # (--dynamic-shared, a spec's shared_bytes, Triton's shared); None: neither is known
    launch: Launch | None = None

    def ir(self, target: Target) -> Path:
        """The kernel's device IR for `target` (cached), naming its kernel on its first line."""
        if self.triton:  # Triton's IR (newer LLVM): rewritten for llc-19
            from .triton.ir import llc_ready_ir
            return llc_ready_ir(self.source, target)
        from ..llvm.frontend import emit_ir
        return emit_ir(self.source, target, self.defines, list(self.include_dirs),
                       flags=self.flags, entry=self.entry, block=self.block, lang=self.lang)

    def build_record(self) -> dict:
        """What results record of how the kernel was built."""
        return {"entry": self.entry, "clang_flags": clang_flags(self), "block": self.block,
                "launch": None if self.launch is None else
                {"threads": self.launch.threads,
                 "dynamic_shared": self.launch.dynamic_shared}}


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
    if not isinstance(arg, (str, Path)):  # a KernelSpec
        return _from_spec(arg, None, b)
    path = Path(arg)
    from .triton.kernel import TritonKernel, is_triton_input
    if is_triton_input(path):  # a Triton cache/dump directory or .llir (docs/triton.md)
        tk = TritonKernel.load(path)
        return KernelRef(tk.name, path, triton=True, launch=_triton_launch(tk, b))
    if path.suffix == ".py":
        from .spec import load_spec_file
        return _from_spec(load_spec_file(path), path, b)
    if not path.suffix:
        from .suite import get_kernel
        return _from_spec(get_kernel(str(arg)), None, b)
    if not path.is_file():
        raise FileNotFoundError(f"{path}: kernel source not found")
    if b.block is not None or b.dynamic_shared is not None:
        launch = Launch(block_threads(b.block), b.dynamic_shared or 0)
    else:  # IR that records its launch (a Triton kernel's, prepared for llc-19)
        from ..llvm.ir import recorded_launch
        launch = recorded_launch(path) if path.suffix == ".ll" else None
    return KernelRef(path.stem, path, dict(b.defines), entry=b.entry,
                     include_dirs=tuple(b.include_dirs), flags=tuple(b.flags), block=b.block,
                     lang=b.lang, launch=launch)


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
    given = block_threads(b.block)
    if given is not None and threads is not None and given != threads:
        raise ValueError(f"{tk.name}: Triton launches it with {threads} threads per block "
                         f"(num_warps {threads // tk.warp_size}); --block {given} cannot "
                         "change that")
    if "shared" in tk.metadata:
        if b.dynamic_shared is not None and b.dynamic_shared != tk.shared:
            raise ValueError(f"{tk.name}: Triton launches it with {tk.shared} bytes of "
                             f"dynamic shared memory ({tk.name}.json); --dynamic-shared "
                             f"{b.dynamic_shared} cannot change that")
        dynamic = tk.shared
    else:
        dynamic = b.dynamic_shared or 0
    return Launch(threads if threads is not None else given, dynamic)


def _from_spec(spec: KernelSpec, spec_file: Path | None, b: BuildOptions) -> KernelRef:
    from ..llvm.metrics import launch_of
    from .spec import KernelSpec, launch_block
    if not isinstance(spec, KernelSpec):
        raise TypeError(f"a kernel is a name, a path, a KernelSpec or a KernelRef, not {spec!r}")
    own = launch_of(spec)
    launch = Launch(block_threads(b.block) if b.block is not None else own.threads,
                    own.dynamic_shared if b.dynamic_shared is None else b.dynamic_shared)
    return KernelRef(spec.name, Path(spec.source), {**spec.defines, **b.defines}, spec,
                     spec_file, entry=b.entry or spec.entry,
                     include_dirs=(*spec.include_dirs, *b.include_dirs),
                     flags=(*spec.flags, *b.flags), block=b.block or launch_block(spec),
                     lang=b.lang or spec.lang, launch=launch)
