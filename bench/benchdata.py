"""Recorded results under bench/ are kept compressed when large (`h200.json.xz`: bench/README.md,
"What is kept and how"). The scripts find, read and write them here, so a script reads a
recorded file under its plain name or compressed, and a results folder fresh from the GPU
machine (plain JSON) just as well.

  find(p)        p itself, else p.xz, else p.gz beside it (the first that exists), else p
  read_text(p)   its text, decompressed (agentsched.core.files.read_text)
  write_text(p)  written whole; compressed with xz when p ends in .xz (deterministic bytes)

`python bench/benchdata.py xz FILE...` compresses files in place the same way (FILE ->
FILE.xz, FILE removed): how a results folder that came back from the GPU is recorded.
"""
from __future__ import annotations

import json
import lzma
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from agentsched.core import files  # noqa: E402

SUFFIXES = files.COMPRESSED


def find(path: str | Path) -> Path:
    path = Path(path)
    if path.exists() or path.suffix in SUFFIXES:
        return path
    for s in SUFFIXES:
        if path.with_name(path.name + s).exists():
            return path.with_name(path.name + s)
    return path


def exists(path: str | Path) -> bool:
    return find(path).exists()


def read_text(path: str | Path) -> str:
    return files.read_text(find(path))


def read_json(path: str | Path):
    return json.loads(read_text(path))


def xz(data: bytes) -> bytes:
    """xz -9e: the same bytes for the same input (no timestamps in the format)."""
    return lzma.compress(data, preset=9 | lzma.PRESET_EXTREME)


def write_text(path: str | Path, text: str) -> None:
    path = Path(path)
    if path.suffix == ".xz":
        files.write_bytes(path, xz(text.encode("utf-8")))
    else:
        files.write_text(path, text)


def compress_in_place(path: Path) -> Path:
    out = path.with_name(path.name + ".xz")
    files.write_bytes(out, xz(path.read_bytes()))
    path.unlink()
    return out


if __name__ == "__main__":
    if len(sys.argv) < 3 or sys.argv[1] != "xz":
        sys.exit(__doc__)
    for f in sys.argv[2:]:
        print(compress_in_place(Path(f)))
