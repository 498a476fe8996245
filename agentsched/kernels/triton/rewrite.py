"""Triton's LLVM IR -> IR that Debian's llc-19 reads and compiles the way Triton meant.

Triton 3.6 links its own, newer LLVM (21/22-era); the textual IR it writes (`asm["llir"]`,
<name>.llir) uses syntax LLVM 19 does not know. Each rule below rewrites one construct and
names the llc-19 error it fixes (or, for a construct LLVM 19 would silently ignore, what is
lost without it); tests/test_triton.py has a test per rule. Rules edit lines in place, so a
line number in the rewritten IR is the line of the same construct in Triton's file (new
lines are only appended at the end). Inline assembly (`asm sideeffect "..."`) is never
touched: a rule matches outside string literals only.

    text = rewrite(open("k.llir").read()).text

What cannot be brought down (an unknown attribute, an intrinsic LLVM 19 lacks) is found by
check(): llc-19 itself parses and compiles the rewritten IR, and a failure becomes one error
naming the file, line and construct.
"""
from __future__ import annotations

import re
import struct
from collections.abc import Callable
from dataclasses import dataclass, field

from .kernel import split_params

# Bumped whenever a rule changes what it writes: it is part of the rewritten file's name and
# content, and so of every cache key computed from that IR.
REWRITE_VERSION = 7


@dataclass(frozen=True)
class Rule:
    name: str
    error: str  # the llc-19 error this rule fixes, as llc-19 printed it (or what is lost)
    apply: Callable[[str], tuple[str, int]]  # IR text -> (new text, number of rewrites)


@dataclass
class Rewritten:
    text: str
    applied: dict = field(default_factory=dict)  # rule name -> rewrites made


class RewriteError(ValueError):
    """IR that LLVM 19 cannot take even after rewriting; the message names line and construct."""


# ---------------------------------------------------------------- helpers

# IR text outside string literals: rules must not edit inline PTX/GCN asm or names in quotes.
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')


def _sub_code(pattern: str, repl, text: str, flags: int = 0) -> tuple[str, int]:
    """re.subn over every stretch of `text` outside "..." literals."""
    rx = re.compile(pattern, flags)
    out, count, pos = [], 0, 0
    for m in _STRING.finditer(text):
        new, n = rx.subn(repl, text[pos:m.start()])
        out += [new, m.group(0)]
        count += n
        pos = m.end()
    new, n = rx.subn(repl, text[pos:])
    out.append(new)
    return "".join(out), count + n


# ---------------------------------------------------------------- rules

def _captures(text: str) -> tuple[str, int]:
    # LLVM 21 replaced `nocapture` with `captures(...)`. captures(none) is exactly nocapture;
    # any other set (address, provenance, read_provenance ...) is weaker and LLVM 19 has no
    # spelling for it, so it is dropped (forgetting a capture fact is always correct).
    text, n1 = _sub_code(r"\bcaptures\(none\)", "nocapture", text)
    text, n2 = _sub_code(r"\s*\bcaptures\([^()]*\)", "", text)
    return text, n1 + n2


def _samesign(text: str) -> tuple[str, int]:
    # `icmp samesign` (LLVM 20) promises both operands have the same sign; dropping a
    # poison-generating flag keeps the meaning.
    return _sub_code(r"\bicmp samesign ", "icmp ", text)


def _float_literals(text: str) -> tuple[str, int]:
    # LLVM 22 prints FP constants by their bits (`f0x3FB8AA3B`) and infinities/NaNs by name
    # (`-inf`, `+qnan`); LLVM 19 knows neither: "error: expected value token". It also rounds a
    # decimal that the type cannot hold exactly (`float 5.700000e-01`), which LLVM 19 rejects:
    # "error: floating point constant invalid for type". LLVM 19 writes
    # a float as the hex of the equal double, half as 0xH, bfloat as 0xR. The type is the last
    # FP type named before the constant on its line.
    count = 0
    special = {"inf": (0x7FF0000000000000, 0x7C00, 0x7F80), "qnan": (0x7FF8000000000000, 0x7E00,
                                                                      0x7FC0)}

    def line(ln: str) -> str:
        strings = [m.span() for m in _STRING.finditer(ln)]

        def lit(m):
            nonlocal count
            if any(a <= m.start() < b for a, b in strings):  # inside "...": asm, names
                return m.group(0)
            before = _STRING.sub('""', ln[:m.start()])
            types = re.findall(r"\b(half|bfloat|float|double)\b", before)
            ty = types[-1] if types else None
            if m.group("dec"):  # LLVM 19 needs a decimal exactly representable in the type
                value = float(m.group("dec"))
                fmt = {"float": ">f", "half": ">e"}.get(ty)
                if fmt is None:
                    return m.group(0)
                rounded = struct.unpack(fmt, struct.pack(fmt, value))[0]
                if rounded == value:
                    return m.group(0)
                out = ("0x" + struct.pack(">d", rounded).hex().upper() if ty == "float" else
                       "0xH" + struct.pack(">e", rounded).hex().upper())
            elif m.group("bits"):
                bits = m.group("bits")
                if len(bits) == 8:  # float: bits -> the same value as a double
                    value = struct.unpack(">f", bytes.fromhex(bits))[0]
                    out = "0x" + struct.pack(">d", value).hex().upper()
                elif len(bits) == 16:
                    out = "0x" + bits.upper()
                elif len(bits) == 4 and ty in ("half", "bfloat"):
                    out = ("0xH" if ty == "half" else "0xR") + bits.upper()
                else:
                    return m.group(0)
            else:
                sign = m.group("sign") == "-"
                d, h, b = special[m.group("name")]
                if ty in ("float", "double"):
                    out = "0x" + f"{d | (sign << 63):016X}"
                elif ty == "half":
                    out = "0xH" + f"{h | (sign << 15):04X}"
                elif ty == "bfloat":
                    out = "0xR" + f"{b | (sign << 15):04X}"
                else:
                    return m.group(0)
            count += 1
            return out
        return re.sub(r"(?<![\w.%@\"])(?:f0x(?P<bits>[0-9A-Fa-f]+)|(?P<sign>[+-])(?P<name>inf|qnan)"
                      r"|(?P<dec>[-+]?\d+\.\d+e[-+]\d+))(?![\w.])", lit, ln)
    out = []
    for ln in text.split("\n"):
        out.append(line(ln) if ("f0x" in ln or "inf" in ln or "nan" in ln or "e-" in ln or
                                "e+" in ln) and not ln.lstrip().startswith(";") else ln)
    return "\n".join(out), count


def _new_attributes(text: str) -> tuple[str, int]:
    # Attributes LLVM 19 has no word for: `nocreateundeforpoison` (LLVM 22: the intrinsic does
    # not create undef/poison), "error: unterminated attribute group". Dropping an attribute
    # only forgets a fact.
    return _sub_code(r"\s*\bnocreateundeforpoison\b", "", text)


# -- NVPTX kernel annotations: LLVM 20+ spells them as attributes, LLVM 19 reads metadata.

# function attribute -> the nvvm.annotations key(s) LLVM 19 reads (x, y, z for 3-vectors)
_NVVM_FN_ATTRS = {
    "nvvm.reqntid": ("reqntidx", "reqntidy", "reqntidz"),
    "nvvm.maxntid": ("maxntidx", "maxntidy", "maxntidz"),
    "nvvm.cluster_dim": ("cluster_dim_x", "cluster_dim_y", "cluster_dim_z"),
    "nvvm.maxnreg": ("maxnreg",),
    "nvvm.minctasm": ("minctasm",),
    "nvvm.maxclusterrank": ("maxclusterrank",),
}


def _function_attr_groups(text: str) -> dict[str, list[str]]:
    """function name -> the attribute group ids (#N) on its definition."""
    out = {}
    for m in re.finditer(r"^define [^@\n]*@([\w.$]+)\(.*?\)([^{\n]*)\{", text, re.M | re.S):
        out[m.group(1)] = re.findall(r"#(\d+)", m.group(2))
    return out


def _append_annotations(text: str, entries: list[tuple[str, str]]) -> str:
    """Append `!nvvm.annotations` entries (function, "!{...} body after the ptr"), merging
    with an existing !nvvm.annotations list. New metadata ids follow the largest one."""
    if not entries:
        return text
    next_id = max([int(x) for x in re.findall(r"^!(\d+) = ", text, re.M)] + [-1]) + 1
    lines, ids = [], []
    for fn, body in entries:
        lines.append(f"!{next_id} = !{{ptr @{fn}, {body}}}")
        ids.append(f"!{next_id}")
        next_id += 1
    m = re.search(r"^!nvvm\.annotations = !\{(.*)\}$", text, re.M)
    if m:  # extend the existing list in place (same line)
        old = m.group(1).strip()
        text = text[:m.start()] + "!nvvm.annotations = !{" + ", ".join(
            ([old] if old else []) + ids) + "}" + text[m.end():]
    else:
        lines.insert(0, "!nvvm.annotations = !{" + ", ".join(ids) + "}")
    return text.rstrip("\n") + "\n" + "\n".join(lines) + "\n"


def _nvvm_fn_attrs(text: str) -> tuple[str, int]:
    # LLVM 21 writes launch bounds as function attributes ("nvvm.reqntid"="128"); LLVM 19
    # ignores unknown string attributes WITHOUT an error and reads !nvvm.annotations instead.
    # Lost silently, `.reqntid 128` is missing from the PTX and ptxas must assume 1024 threads
    # per block, which caps the kernel at 64 registers.
    groups = {}
    for m in re.finditer(r"^attributes #(\d+) = \{(.*)\}$", text, re.M):
        found = dict(re.findall(r'"(nvvm\.[\w]+)"="([^"]*)"', m.group(2)))
        if any(k in _NVVM_FN_ATTRS for k in found):
            groups[m.group(1)] = found
    entries = []
    for fn, ids in _function_attr_groups(text).items():
        for gid in ids:
            for attr, value in groups.get(gid, {}).items():
                keys = _NVVM_FN_ATTRS.get(attr)
                if keys is None:
                    continue
                for key, v in zip(keys, value.split(",")):
                    entries.append((fn, f'!"{key}", i32 {int(v)}'))
    n = len(entries)
    if n:
        pat = r'\s*"(?:' + "|".join(re.escape(a) for a in _NVVM_FN_ATTRS) + r')"="[^"]*"'
        text = re.sub(r"^(attributes #\d+ = \{)(.*)$",
                      lambda m: m.group(1) + re.sub(pat, "", m.group(2)), text, flags=re.M)
        text = _drop_empty_groups(text)
        text = _append_annotations(text, entries)
    return text, n


def _drop_empty_groups(text: str) -> str:
    # A group that held only launch bounds (a kernel calling vprintf or __assertfail is not
    # nounwind: Triton writes `attributes #0 = { "nvvm.reqntid"="128" }`) is empty once they
    # are moved to !nvvm.annotations, and LLVM 19 refuses `attributes #0 = { }` ("attribute
    # group has no attributes"). The group goes, and so does every `#0` naming it; its line
    # stays, commented out, so that line numbers still match Triton's file.
    empty = set(re.findall(r"^attributes #(\d+) = \{\s*\}\s*$", text, re.M))
    if not empty:
        return text
    ref = r"[ \t]*#(?:" + "|".join(sorted(empty)) + r")\b"
    lines = []
    for ln in text.split("\n"):
        m = re.match(r"attributes #(\d+) = \{\s*\}\s*$", ln)
        if m and m.group(1) in empty:
            lines.append(f"; {ln.strip()} (emptied by agentsched)")
        elif not ln.startswith(("attributes #", ";")):
            lines.append(_sub_code(ref, "", ln)[0])
        else:
            lines.append(ln)
    return "\n".join(lines)


def _grid_constant(text: str) -> tuple[str, int]:
    # LLVM 21 marks a __grid_constant__ parameter (a TMA descriptor passed by value) with the
    # parameter attribute "nvvm.grid_constant"; LLVM 19 ignores it silently and copies the
    # byval parameter to local memory, so TMA instructions would get the address of a local
    # copy. LLVM 19 reads !{ptr @f, !"grid_constant", !{i32 <1-based index>, ...}}.
    entries, count = [], 0
    for m in re.finditer(r"^define [^@\n]*@([\w.$]+)\(", text, re.M):
        params = split_params(text[m.end():])
        idx = [i + 1 for i, p in enumerate(params) if '"nvvm.grid_constant"' in p]
        if idx:
            entries.append((m.group(1), idx))
            count += len(idx)
    if not count:
        return text, 0
    text = re.sub(r'\s*"nvvm\.grid_constant"', "", text)
    next_id = max([int(x) for x in re.findall(r"^!(\d+) = ", text, re.M)] + [-1]) + 1
    lists, bodies = [], []
    for fn, idx in entries:
        lists.append(f"!{next_id} = !{{{', '.join(f'i32 {i}' for i in idx)}}}")
        bodies.append((fn, f'!"grid_constant", !{next_id}'))
        next_id += 1
    text = text.rstrip("\n") + "\n" + "\n".join(lists) + "\n"
    return _append_annotations(text, bodies), count


# -- NVVM intrinsics LLVM 20+ renamed: same instruction, LLVM 19's name

def _nvvm_renames(text: str) -> tuple[str, int]:
    # LLVM 21 folded the bar.sync/barrier.sync family into llvm.nvvm.barrier.cta.*; llc-19
    # does not know those names and silently compiles them as calls to undefined external
    # functions (ptxas: "Call to undefined function"). barrier0 is `bar.sync 0` (what
    # Triton's own PTX has), barrier.n `bar.sync %r`, barrier `bar.sync a, b`,
    # barrier.sync / barrier.sync.cnt the non-.aligned `barrier.sync`.
    count = 0

    def call_barrier(m):
        nonlocal count
        count += 1
        kind, args = m.group(1), m.group(2)
        if kind == "sync.aligned.all":
            name = "llvm.nvvm.barrier0" if re.fullmatch(r"i32 0", args.strip()) else \
                "llvm.nvvm.barrier.n"
            return f"@{name}(" + ("" if name.endswith("barrier0") else args) + ")"
        name = {"sync.aligned.count": "llvm.nvvm.barrier", "sync.all": "llvm.nvvm.barrier.sync",
                "sync.count": "llvm.nvvm.barrier.sync.cnt"}[kind]
        return f"@{name}({args})"
    text = re.sub(r"@llvm\.nvvm\.barrier\.cta\.(sync\.aligned\.all|sync\.aligned\.count|"
                  r"sync\.all|sync\.count)\(([^()]*)\)", call_barrier, text)
    text, n = _declare_used(text, ("llvm.nvvm.barrier0", "void", ""),
                            ("llvm.nvvm.barrier.n", "void", "i32"),
                            ("llvm.nvvm.barrier", "void", "i32, i32"),
                            ("llvm.nvvm.barrier.sync", "void", "i32"),
                            ("llvm.nvvm.barrier.sync.cnt", "void", "i32, i32"))
    # Intrinsics that became overloaded on their type (LLVM 21/22): `.f32` where LLVM 19 has
    # `.f` (llvm.nvvm.fabs.f32 is plain llvm.fabs.f32 in LLVM 19).
    n_typed = 0
    for new_name, old_name in _NVVM_TYPED.items():
        text, n = _sub_code(r"@" + re.escape(new_name) + r"\(", f"@{old_name}(", text)
        n_typed += n
    return _dedupe_declares(text), count + n_typed


_NVVM_TYPED = {
    "llvm.nvvm.fabs.f32": "llvm.fabs.f32",
    "llvm.nvvm.fabs.ftz.f32": "llvm.nvvm.fabs.ftz.f",
    "llvm.nvvm.ex2.approx.f32": "llvm.nvvm.ex2.approx.f",
    "llvm.nvvm.ex2.approx.ftz.f32": "llvm.nvvm.ex2.approx.ftz.f",
}


def _declare_used(text: str, *decls: tuple[str, str, str]) -> tuple[str, int]:
    """Append `declare` lines for intrinsics the text calls but does not declare."""
    add = []
    for name, ret, args in decls:
        if re.search(r"@" + re.escape(name) + r"\(", text) and \
                not re.search(r"^declare [^@\n]*@" + re.escape(name) + r"\(", text, re.M):
            add.append(f"declare {ret} @{name}({args}) #{_convergent_group(text)}")
    if add:
        text = text.rstrip("\n") + "\n" + "\n".join(add) + "\n"
    return text, len(add)


def _convergent_group(text: str) -> str:
    """An attribute group holding `convergent` (barriers must stay convergent), added at the
    end if the module has none."""
    m = re.search(r"^attributes #(\d+) = \{ convergent nocallback nounwind \}$", text, re.M)
    if m:
        return m.group(1)
    return "agentsched_convergent"


def _dedupe_declares(text: str) -> str:
    """A renamed declaration may now duplicate another: keep the first, comment out the rest
    (in place, so line numbers stay)."""
    seen = set()

    def one(m):
        name = m.group(1)
        if name in seen:
            return "; " + m.group(0)
        seen.add(name)
        return m.group(0)
    return re.sub(r"^declare [^@\n]*@([\w.$]+)\(.*$", one, text, flags=re.M)


# -- NVVM intrinsics LLVM 19 does not have: the same PTX instruction as inline assembly

def _ptr_constraint(text: str) -> str:
    # Triton sets nvptx-short-ptr: shared-memory pointers are 32-bit ("p3:32" in the data
    # layout), so they travel in .b32 registers.
    return "r" if re.search(r'target datalayout = "[^"]*-p3:32', text) else "l"


def _asm_for(name: str, text: str):
    """(PTX template, constraints, has side effects) for an intrinsic LLVM 19 lacks, or None."""
    base = name[len("llvm.nvvm."):]
    if base in ("wgmma.fence.sync.aligned", "wgmma.commit_group.sync.aligned"):
        return base + ";", "", True
    if base == "elect.sync":
        return "elect.sync $0|$1, $2;", "=r,=b,r", True
    if base in ("div.full", "div.full.ftz"):
        return base + ".f32 $0, $1, $2;", "=f,f,f", False
    m = re.fullmatch(r"fence\.proxy\.async(?:\.(global|shared_cta|shared_cluster))?", base)
    if m:
        space = {None: "", "global": ".global", "shared_cta": ".shared::cta",
                 "shared_cluster": ".shared::cluster"}[m.group(1)]
        return f"fence.proxy.async{space};", "", True
    m = re.fullmatch(r"fence\.proxy\.tensormap_generic\.release\.(cta|cluster|gpu|sys)", base)
    if m:
        return f"fence.proxy.tensormap::generic.release.{m.group(1)};", "", True
    m = re.fullmatch(r"stmatrix\.sync\.aligned\.(m8n8)\.x(\d)(\.trans)?\.(b16)\.p3", base)
    if m:
        n = int(m.group(2))
        regs = ", ".join(f"${i + 1}" for i in range(n))
        return (f"stmatrix.sync.aligned.{m.group(1)}.x{n}{m.group(3) or ''}.shared.{m.group(4)}"
                f" [$0], {{{regs}}};", ",".join([_ptr_constraint(text)] + ["r"] * n), True)
    return None


def _nvvm_as_asm(text: str) -> tuple[str, int]:
    # wgmma.fence / commit_group, elect.sync, stmatrix and div.full gained intrinsics after
    # LLVM 19 (which compiles the unknown names as calls to undefined external functions).
    # The call becomes the very instruction Triton's own PTX has, as inline asm; the call's
    # attribute group (convergent ...) stays on it. The declaration is commented out in place.
    count = 0
    names = set(re.findall(r"^declare [^@\n]*@(llvm\.nvvm\.[\w.]+)\(", text, re.M))
    for name in sorted(names):
        spec = _asm_for(name, text)
        if spec is None:
            continue
        tmpl, cons, side = spec
        effect = "asm sideeffect" if side else "asm"

        text = re.sub(r"^declare [^\n]*@" + re.escape(name) + r"\(.*$",
                      f"; declare @{name}: replaced by inline asm", text, flags=re.M)
        text, n = re.subn(r"@" + re.escape(name) + r"\(", f'{effect} "{tmpl}", "{cons}"(', text)
        count += n
    return text, count


def _line_directives(text: str) -> tuple[str, int]:
    # Triton's IR carries line tables (emissionKind: LineTablesOnly). For NVPTX, LLVM then
    # marks the PTX `.target sm_90a, debug`, and ptxas refuses to optimize it: "ptxas fatal :
    # Optimized debugging not supported" (Triton's make_ptx deletes ", debug" from its PTX by
    # regex). DebugDirectivesOnly is LLVM's own mode for exactly this: the same .loc line
    # directives, no DWARF sections, no debug flag; the code is unchanged. AMDGPU IR is left
    # as it is.
    if re.search(r'^target triple = "amdgcn', text, re.M):
        return text, 0
    return re.subn(r"(!DICompileUnit\([^\n]*emissionKind: )(?:LineTablesOnly|FullDebug)",
                   r"\1DebugDirectivesOnly", text)


# -- AMDGPU

def _buffer_rsrc(text: str) -> tuple[str, int]:
    # LLVM 21 made llvm.amdgcn.make.buffer.rsrc overloaded on its result (.p8.pN) and widened
    # num_records to i64 (for gfx1250's 45-bit extents); LLVM 19 has .pN with an i32 count:
    # llc-19: "Intrinsic has incorrect argument type! ptr @llvm.amdgcn.make.buffer.rsrc.p8.p1".
    # On gfx9/gfx11 the descriptor field is 32 bits, so a constant count is narrowed when it
    # fits (Triton passes 2147483646); anything else cannot be brought down here.
    count = 0

    def call(m):
        nonlocal count
        count += 1
        ptrs, head, num, rest = m.group(1), m.group(2), int(m.group(3)), m.group(4)
        if not -2**31 <= num < 2**32:
            return m.group(0)  # left as is: check() reports it with its line
        return f"@llvm.amdgcn.make.buffer.rsrc.{ptrs}({head}i32 {num}{rest}"
    text = re.sub(r"@llvm\.amdgcn\.make\.buffer\.rsrc\.p8\.(p\d+)\(([^,]+, i16 [^,]+, )i64 "
                  r"(-?\d+)(, i32 [^)]*\))", call, text)
    text, n = re.subn(r"^(declare [^@\n]*@llvm\.amdgcn\.make\.buffer\.rsrc)\.p8\.(p\d+)\(([^,]+, "
                      r"i16), i64, (i32)\)", r"\1.\2(\3, i32, \4)", text, flags=re.M)
    return text, count + n


def _agpr_alloc(text: str) -> tuple[str, int]:
    # LLVM 20 renamed LLVM 19's "amdgpu-no-agpr" to "amdgpu-agpr-alloc"="0" (the kernel uses
    # no AGPRs, so all 512 registers of gfx90a/gfx942 can be VGPRs). LLVM 19 ignores the new
    # spelling silently: Triton's tutorial matmul (256x256 tiles, gfx90a) then gets 128 VGPRs
    # + 128 AGPRs and 160 bytes of spills; with "amdgpu-no-agpr" 202 VGPRs and no spills
    # (Triton's own build: 204).
    return re.subn(r'"amdgpu-agpr-alloc"="0"', '"amdgpu-no-agpr"', text)



def _lifetime_size(text: str) -> tuple[str, int]:
    # LLVM 21 dropped the size operand of llvm.lifetime.start/end (Triton 3.6's rotary-embedding
    # kernels of Llama use them); LLVM 19's take (i64 immarg size, ptr), and -1 is its
    # "size unknown": the whole object, which is what the one-operand form means.
    text, n1 = _sub_code(r"^(declare void @llvm\.lifetime\.(?:start|end)\.p\d+)\((ptr)",
                         r"\1(i64 immarg, \2", text, re.M)
    text, n2 = _sub_code(r"(call void @llvm\.lifetime\.(?:start|end)\.p\d+)\((ptr)",
                         r"\1(i64 -1, \2", text)
    return text, n1 + n2

RULES: tuple[Rule, ...] = (
    Rule("captures", "error: expected ')' at end of argument list   (at `captures(none)` in "
         "`ptr addrspace(1) readnone captures(none) %4`)", _captures),
    Rule("icmp-samesign", "error: expected icmp predicate (e.g. 'eq')   (at `samesign` in "
         "`%28 = icmp samesign ult i32 %27, 32`)", _samesign),
    Rule("float-literals", "error: expected value token   (at `f0x3FB8AA3B` in `fmul float "
         "%0, f0x3FB8AA3B`, and at `-inf`; Triton 3.8's LLVM); error: floating point constant "
         "invalid for type   (at `splat (float 5.700000e-01)`)", _float_literals),
    Rule("new-attributes", "error: unterminated attribute group   (at `nocreateundeforpoison`; "
         "Triton 3.8's LLVM)", _new_attributes),
    Rule("nvvm-launch-bounds", 'no error: "nvvm.reqntid"="128" is ignored, the PTX lacks '
         ".reqntid and ptxas caps the kernel at 64 registers", _nvvm_fn_attrs),
    Rule("nvvm-grid-constant", 'no error: "nvvm.grid_constant" is ignored and the byval TMA '
         "descriptor is copied to local memory", _grid_constant),
    Rule("nvvm-renamed-intrinsics", "no llc error: `llvm.nvvm.barrier.cta.sync.aligned.all` "
         "becomes `.extern .func llvm.nvvm.barrier.cta.sync.aligned.all` and ptxas fails on "
         "the undefined call", _nvvm_renames),
    Rule("nvvm-intrinsics-as-asm", "no llc error: `llvm.nvvm.wgmma.fence.sync.aligned`, "
         "`elect.sync`, `stmatrix...`, `div.full` become calls to undefined external "
         "functions", _nvvm_as_asm),
    Rule("nvptx-line-directives", "ptxas fatal   : Optimized debugging not supported   (llc-19 "
         "writes `.target sm_90a, debug` for IR with line tables)", _line_directives),
    Rule("amdgpu-agpr-alloc", 'no error: "amdgpu-agpr-alloc"="0" is ignored; gfx90a matmul '
         "256x256: 128 VGPR + 128 AGPR and 160 B of spills instead of 202 VGPRs", _agpr_alloc),
    Rule("lifetime-size", "error: immarg operand has non-immediate parameter   (at "
         "`call void @llvm.lifetime.start.p0(ptr nonnull %result)`: LLVM 21's one-operand form)",
         _lifetime_size),
    Rule("amdgpu-buffer-rsrc", "Intrinsic has incorrect argument type! ptr "
         "@llvm.amdgcn.make.buffer.rsrc.p8.p1", _buffer_rsrc),
)


def rewrite(text: str) -> Rewritten:
    """Apply every rule in order; `applied` counts what each changed."""
    applied = {}
    for rule in RULES:
        text, n = rule.apply(text)
        if n:
            applied[rule.name] = n
    if "#agentsched_convergent" in text:
        gid = _free_group_id(text)
        text = text.replace("#agentsched_convergent", f"#{gid}").rstrip("\n") + \
            f"\nattributes #{gid} = {{ convergent nocallback nounwind }}\n"
    return Rewritten(_drop_unused_declares(text), applied)


def _drop_unused_declares(text: str) -> str:
    """Comment out declarations of intrinsics no call uses any more (renamed or turned into
    inline asm): llc-19 would still declare an unknown one as an external function."""
    def one(m):
        uses = len(re.findall(r"@" + re.escape(m.group(1)) + r"\(", text))
        return m.group(0) if uses > 1 else "; " + m.group(0)
    return re.sub(r"^declare [^@\n]*@(llvm\.[\w.$]+)\(.*$", one, text, flags=re.M)


def _free_group_id(text: str) -> int:
    gid = max([int(x) for x in re.findall(r"^attributes #(\d+) = ", text, re.M)] + [-1]) + 1
    return gid
