"""The one sha256 helper: every content hash and cache key is spelled through it."""
from __future__ import annotations

import hashlib
from pathlib import Path


def sha256_hex(data: bytes | str) -> str:
    """sha256 of bytes, or of text as UTF-8."""
    return hashlib.sha256(data.encode() if isinstance(data, str) else data).hexdigest()


def digest(*parts: bytes | str) -> str:
    """sha256 of several parts, each ended by a NUL byte (so that ("ab", "c") and ("a", "bc")
    differ): the key of everything that determines a cached result."""
    h = hashlib.sha256()
    for p in parts:
        h.update(p.encode() if isinstance(p, str) else p)
        h.update(b"\0")
    return h.hexdigest()


def file_sha256(path: str | Path) -> str:
    """sha256 of a file's content, read in blocks (memory does not grow with the file)."""
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()
