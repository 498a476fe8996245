"""The files the plugin reads (policy files, decision files), read by the plugin's rules
(agentsched/native/input_files.h; docs/protocol.md, "Files the plugin reads"), so that a
file one accepts the other accepts too, and nothing blocks, reads without end or overflows
the stack:

* a regular file only, opened without blocking (a FIFO with no writer, /dev/zero or a
  directory is refused with one line naming the file, never waited on or read);
* at most MAX_POLICY_BYTES / MAX_DECISIONS_BYTES;
* JSON nested at most MAX_JSON_DEPTH arrays and objects deep, checked by one scan before
  json.loads (which recurses) sees the text.

Errors are InputError, whose message is the reason alone ("not a regular file (a FIFO)");
the readers put the file and their own words around it.
"""
from __future__ import annotations

import os
import re
import stat
from pathlib import Path

# The largest policy the format allows (8 layers of 1024 outputs) takes about 235 MB as
# save_policy writes it; a decision file holds a few dozen bytes per decision point.
MAX_POLICY_BYTES = 256 << 20
MAX_DECISIONS_BYTES = 1 << 30
MAX_JSON_DEPTH = 64  # a policy needs 6, a decision line 1
TOO_DEEP = f"JSON nested more than {MAX_JSON_DEPTH} levels deep"


class InputError(ValueError):
    """A file the rules refuse; the message is the reason (no file name)."""


_KINDS = ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO"),
          (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
          (stat.S_ISSOCK, "a socket"))


def open_input(path: str | Path, max_bytes: int) -> int:
    """A descriptor of `path` open for reading, once the rules allow it (the caller closes
    it). An empty name is refused: Path("") would be the current directory."""
    if not str(path):
        raise InputError("empty file name")
    try:
        # O_NONBLOCK: opening a FIFO that has no writer returns at once (then refused)
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as e:
        raise InputError(e.strerror or str(e)) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            kind = next((k for test, k in _KINDS if test(st.st_mode)), "not a plain file")
            raise InputError(f"not a regular file ({kind})")
        if st.st_size > max_bytes:
            raise InputError(_too_large(max_bytes, st.st_size))
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_input(path: str | Path, max_bytes: int) -> bytes:
    """The whole of `path` under the rules (open_input)."""
    fd = open_input(path, max_bytes)
    try:
        with os.fdopen(fd, "rb") as fh:
            data = fh.read(max_bytes + 1)
    except OSError as e:
        raise InputError(e.strerror or str(e)) from None
    if len(data) > max_bytes:  # it grew since it was opened
        raise InputError(_too_large(max_bytes, len(data)))
    return data


def _too_large(max_bytes: int, size: int) -> str:
    return f"larger than {max_bytes >> 20} MiB ({size} bytes)"


# A string (to its closing quote, or to the end of an unterminated one; a backslash escapes
# the next byte) or a bracket: the plugin's scan, at the regex engine's speed.
_JSON_TOKEN = re.compile(rb'"(?:[^"\\]|\\.)*(?:"|\\?\Z)|[\[\]{}]', re.S)
_OPENERS = frozenset(b"[{")


def line_too_deep(text: bytes) -> int:
    """The line (from 1) on which `text`'s JSON first nests deeper than MAX_JSON_DEPTH arrays
    and objects; 0 when it does not."""
    if text.count(b"[") + text.count(b"{") <= MAX_JSON_DEPTH:
        return 0  # too few brackets to nest that deep: the usual case, at once
    depth = 0
    for m in _JSON_TOKEN.finditer(text):
        c = text[m.start()]
        if c in _OPENERS:
            depth += 1
            if depth > MAX_JSON_DEPTH:
                return text.count(b"\n", 0, m.start()) + 1
        elif c != 0x22 and depth:  # a closing bracket (0x22: a string)
            depth -= 1
    return 0
