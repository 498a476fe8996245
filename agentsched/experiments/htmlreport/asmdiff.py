"""Assembly, default vs agent: a side-by-side diff of the instruction lines (comments shown
but not compared, as asm_diff_lines counts them) and where the spill code is."""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

MAX_ROWS = 3000  # diff rows per variant on the page; the rest is summarised
CONTEXT = 3

_LABEL = re.compile(r"^(\.LBB\d+_\d+|[A-Za-z_$][\w.$]*):|^; %(bb\.\d+):")
_SPILL = re.compile(r"(Spill|Reload)\b")


@dataclass
class Line:
    no: int  # 1-based line number in the file
    code: str  # what is compared
    text: str  # what is shown (with its comment)
    spill: bool


def code_lines(asm: str) -> list[Line]:
    out = []
    for no, text in enumerate(asm.splitlines(), 1):
        code = text.split(";")[0].split("//")[0].rstrip()  # as asm_diff_lines compares
        if code.strip():
            comment = text[len(code):]
            out.append(Line(no, code, text.rstrip(), bool(_SPILL.search(comment))))
    return out


@dataclass
class DiffRow:
    kind: str  # equal, replace, delete, insert, skip
    left: Line | None = None
    right: Line | None = None
    skipped: int = 0  # identical lines folded away (kind "skip")


@dataclass
class AsmDiff:
    rows: list[DiffRow]
    changed: int  # changed instruction lines, as asm_diff_lines counts them
    truncated: int  # diff rows left off the page


def side_by_side(a: str, b: str, max_rows: int = MAX_ROWS) -> AsmDiff:
    la, lb = code_lines(a), code_lines(b)
    sm = difflib.SequenceMatcher(None, [x.code for x in la], [x.code for x in lb])
    rows: list[DiffRow] = []
    changed = 0
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if tag == "equal":
            n = i2 - i1
            head = CONTEXT if rows else 0
            tail = CONTEXT if i2 < len(la) else 0
            if n <= head + tail + 1:
                rows += [DiffRow("equal", la[i1 + k], lb[j1 + k]) for k in range(n)]
            else:
                rows += [DiffRow("equal", la[i1 + k], lb[j1 + k]) for k in range(head)]
                rows.append(DiffRow("skip", skipped=n - head - tail))
                rows += [DiffRow("equal", la[i2 - tail + k], lb[j2 - tail + k])
                         for k in range(tail)]
            continue
        changed += (i2 - i1) + (j2 - j1)
        for k in range(max(i2 - i1, j2 - j1)):
            left = la[i1 + k] if i1 + k < i2 else None
            right = lb[j1 + k] if j1 + k < j2 else None
            rows.append(DiffRow(tag if left and right else "delete" if left else "insert",
                                left, right))
    truncated = max(0, len(rows) - max_rows)
    return AsmDiff(rows[:max_rows], changed, truncated)


def spills_by_block(asm: str) -> dict[str, int]:
    """Spill and reload instructions (LLVM marks them '; N-byte Folded Spill/Reload') per
    basic block label; empty when there are none."""
    counts: dict[str, int] = {}
    block = "entry"
    for text in asm.splitlines():
        m = _LABEL.match(text)
        if m:
            block = m.group(1) or m.group(2)
            continue
        code, _, comment = text.partition(";")
        if code.strip() and _SPILL.search(comment):
            counts[block] = counts.get(block, 0) + 1
    return counts
