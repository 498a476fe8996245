"""A Triton kernel on disk, and its launch metadata, read without importing Triton.

Triton writes every stage of a compiled kernel into one directory: its cache
(~/.triton/cache/<hash>/ or $TRITON_CACHE_DIR: <name>.ttir .ttgir .llir .ptx .cubin / .amdgcn
.hsaco and <name>.json, the metadata its launcher uses) and, with TRITON_KERNEL_DUMP=1, a dump
directory (~/.triton/dump/<hash>/, the same stages without the .json). load() takes either
directory, an .llir file, or a .json beside one.

Launch facts come from <name>.json when it is there (num_warps, shared memory, scratch sizes,
target, options); without it they come from the IR (the kernel's parameter list, the thread
count in nvvm.reqntid / amdgpu-flat-work-group-size) and the PTX (.target).
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

# What each LLVM backend's stages are called in Triton's cache: binary and assembly.
STAGE_SUFFIXES = {"amdgpu": (".hsaco", ".amdgcn"), "nvptx": (".cubin", ".ptx")}


class TritonInputError(ValueError):
    pass


def is_triton_input(path: str | Path) -> bool:
    """A Triton cache/dump directory, an .llir file, a Triton .json with its .llir, or LLVM IR
    that Triton's MLIR translation produced (`source_filename = "LLVMDialectModule"`)."""
    p = Path(path)
    if p.is_dir():
        return any(p.glob("*.llir")) or any(p.glob("*/*.llir"))
    if p.suffix == ".llir":
        return True
    if p.suffix == ".json" and p.with_suffix(".llir").is_file():
        return True
    if p.suffix == ".ll" and p.is_file():
        with p.open(errors="replace") as fh:
            head = fh.read(2000)
        # IR that agentsched already prepared for llc-19 starts with its llc flags
        return 'source_filename = "LLVMDialectModule"' in head and \
            not head.startswith("; agentsched-llc-flags:")
    return False


@dataclass
class TritonKernel:
    name: str
    llir: Path  # Triton's LLVM IR (its own LLVM's syntax)
    metadata: dict = field(default_factory=dict)  # <name>.json, {} for a dump directory
    signature: dict | None = None  # Python parameter -> Triton type, when known

    @classmethod
    def load(cls, path: str | Path) -> TritonKernel:
        p = Path(path)
        if not p.exists():
            raise FileNotFoundError(f"{p}: not found")
        if p.is_dir():
            llirs = sorted(p.glob("*.llir"))
            if not llirs:
                nested = sorted(p.glob("*/*.llir"))
                if nested:
                    listing = "\n".join(f"  {x.parent}  ({x.stem})" for x in nested[:20])
                    raise TritonInputError(
                        f"{p}: a Triton cache or dump root with {len(nested)} kernels; give "
                        f"one kernel's directory:\n{listing}")
                raise TritonInputError(f"{p}: no .llir file (not a Triton cache or dump "
                                       "directory of one kernel)")
            if len(llirs) > 1:
                raise TritonInputError(f"{p}: {len(llirs)} .llir files "
                                       f"({', '.join(x.name for x in llirs)}); give one")
            p = llirs[0]
        elif p.suffix == ".json":
            p = p.with_suffix(".llir")
        if not p.is_file():
            raise TritonInputError(f"{p}: Triton's LLVM IR file not found")
        meta_path = p.with_suffix(".json")
        meta = {}
        if meta_path.is_file():
            try:
                meta = json.loads(meta_path.read_text())
            except ValueError as e:
                raise TritonInputError(f"{meta_path}: not Triton metadata JSON: {e}") from None
        kernel = cls(name=meta.get("name") or _define_name(p), llir=p, metadata=meta)
        kernel.signature = kernel._signature_from_source()
        return kernel

    # -- where things are
    @property
    def directory(self) -> Path:
        return self.llir.parent

    def stage(self, suffix: str) -> Path | None:
        f = self.llir.with_suffix(suffix)
        return f if f.is_file() else None

    @property
    def binary_suffix(self) -> str:
        return STAGE_SUFFIXES[self.family][0]

    @property
    def asm_suffix(self) -> str:
        return STAGE_SUFFIXES[self.family][1]

    @property
    def binary(self) -> Path | None:
        """Triton's own binary (cubin / hsaco): what its LLVM and flags made."""
        return self.stage(self.binary_suffix)

    # -- target
    @property
    def family(self) -> str:
        """The LLVM backend: "amdgpu" (Triton's hip backend) or "nvptx" (cuda)."""
        backend = (self.metadata.get("target") or {}).get("backend")
        if backend:
            return "amdgpu" if backend == "hip" else "nvptx"
        return "amdgpu" if "amdgcn" in self._triple() else "nvptx"

    @property
    def target(self) -> str:
        """agentsched's target name for this kernel: Triton's own processor (sm_90a for
        capability 9.0: Triton compiles Hopper kernels for the arch-specific sm_90a; gfx942 ...)."""
        tgt = self.metadata.get("target") or {}
        if tgt.get("backend") == "cuda":
            cap = int(tgt["arch"])
            return f"sm_{cap}{'a' if cap >= 90 else ''}"  # Triton's sm_arch_from_capability
        if tgt.get("backend") == "hip":
            return str(tgt["arch"])
        head = self.llir.read_text(errors="replace")
        m = re.search(r'"target-cpu"="([^"]+)"', head)
        if m:
            return m.group(1)
        ptx = self.stage(".ptx")
        if ptx:
            m = re.search(r"^\.target\s+(sm_\w+)", ptx.read_text(errors="replace"), re.M)
            if m:
                return m.group(1)
        raise TritonInputError(f"{self.llir}: cannot tell the GPU it was compiled for (no "
                               f"{self.name}.json, no .ptx beside it)")

    def _triple(self) -> str:
        m = re.search(r'^target triple = "([^"]+)"', self.llir.read_text(errors="replace"), re.M)
        return m.group(1) if m else "nvptx64-nvidia-cuda"

    # -- launch facts
    @property
    def warp_size(self) -> int:
        return int(self.metadata.get("warp_size") or (self.metadata.get("target") or {})
                   .get("warp_size") or (32 if self.family != "amdgpu" or
                                         not self.target.startswith("gfx9") else 64))

    @property
    def num_warps(self) -> int:
        if "num_warps" in self.metadata:
            return int(self.metadata["num_warps"])
        return self.threads // self.warp_size

    @property
    def threads(self) -> int:
        """Threads per block: num_warps x warp size (what Triton's launcher uses)."""
        if "num_warps" in self.metadata:
            return int(self.metadata["num_warps"]) * self.warp_size
        text = self.llir.read_text(errors="replace")
        m = re.search(r'"nvvm\.reqntid"="(\d+)', text) or \
            re.search(r'"amdgpu-flat-work-group-size"="1,(\d+)"', text)
        if not m:
            raise TritonInputError(f"{self.llir}: no {self.name}.json and no thread count in "
                                   "the IR")
        return int(m.group(1))

    @property
    def num_ctas(self) -> int:
        return int(self.metadata.get("num_ctas") or 1)

    @property
    def shared(self) -> int:
        """Dynamic shared memory (bytes) the launch requests."""
        return int(self.metadata.get("shared") or 0)

    @property
    def enable_fp_fusion(self) -> bool:
        return bool(self.metadata.get("enable_fp_fusion", True))  # Triton's default

    @property
    def params(self) -> list[str]:
        """The kernel's real parameter types, in order, from the IR's definition: the Triton
        signature's non-constexpr arguments, then the scratch pointers Triton's launcher
        appends (global scratch, profile scratch on NVIDIA in Triton 3.6)."""
        text = self.llir.read_text(errors="replace")
        m = re.search(r"^define [^@]*@" + re.escape(self.name) + r"\(", text, re.M)
        if not m:
            raise TritonInputError(f"{self.llir}: no definition of @{self.name}")
        return [_param_type(p) for p in split_params(text[m.end():])]

    @property
    def launch_params(self) -> list[str]:
        """'name: type' for each parameter: the signature's runtime arguments (constexprs are
        compiled in), then what Triton's launcher appends (global / profile scratch)."""
        types = self.params
        names = [n for n, t in (self.signature or {}).items() if t != "constexpr"]
        extra = ["global_scratch", "profile_scratch"]
        if len(names) + len(extra) != len(types):  # unknown signature: positions only
            names, extra = [], []
        names = names + extra
        return [f"{names[i]}: {t}" if i < len(names) else t for i, t in enumerate(types)]

    def _signature_from_source(self) -> dict | None:
        """Python parameter names and Triton types from the TTIR that Triton keeps beside the
        stages (<name>.source / .ttir): `tt.func public @k(%x_ptr: !tt.ptr<f32> ...`."""
        for suffix in (".source", ".ttir"):
            f = self.stage(suffix)
            if f is None:
                continue
            m = re.search(r"tt\.func public @" + re.escape(self.name) + r"\((.*?)\)\s*"
                          r"(?:attributes|\{)", f.read_text(errors="replace"), re.S)
            if m:
                return {a: t.strip() for a, t in
                        re.findall(r"%([\w.$]+): ([^{},]+?)(?: \{[^}]*\})? loc\(", m.group(1))}
        return None

    def summary(self) -> dict:
        try:
            target = self.target
        except TritonInputError:
            target = None
        out = {"name": self.name, "target": target, "llir": str(self.llir),
               "threads": self.threads, "shared": self.shared, "params": self.launch_params}
        for k in ("num_warps", "num_ctas", "num_stages", "global_scratch_size",
                  "profile_scratch_size", "triton_version", "hash"):
            if k in self.metadata:
                out[k] = self.metadata[k]
        if self.signature:
            out["signature"] = self.signature
        return out


_PARAM_ATTRS = re.compile(r'\s+(?:readnone|readonly|writeonly|nocapture|noundef|noalias|nonnull|'
                          r'inreg|captures\([^)]*\)|dereferenceable\(\d+\)|"[^"]*"|%\S+)(?=\s|$)')


def _param_type(param: str) -> str:
    """`ptr addrspace(1) inreg readonly captures(none) %0` -> `ptr addrspace(1)` (byval and
    align stay: they are part of how the argument is passed)."""
    out = param.strip()
    while True:
        new = _PARAM_ATTRS.sub("", out)
        if new == out:
            return out
        out = new


def _define_name(llir: Path) -> str:
    m = re.search(r"^define [^@]*@([\w.$]+)\(", llir.read_text(errors="replace"), re.M)
    if not m:
        raise TritonInputError(f"{llir}: no function definition in it")
    return m.group(1)


def split_params(s: str) -> list[str]:
    """The parameters of a list that starts after its "(", split at top-level commas (types
    and attributes hold commas and parentheses of their own)."""
    out, depth, cur = [], 0, ""
    for ch in s:
        if ch in "([{<":
            depth += 1
        elif ch in ")]}>":
            depth -= 1
            if depth < 0:
                break
        if ch == "," and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur)
    return out
