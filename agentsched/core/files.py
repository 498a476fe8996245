"""Writing output files without damage: the one helper every output path goes through.

A file named by the user (``-o``, ``--json``, ``--state-log``, a report, a plot) is written
whole to a private scratch path first and published only once complete:

- a regular file or a new path, also behind a symlink: the scratch lives in a private
  directory beside the file (the symlink's target, so the link itself is kept) and is renamed
  over it. Readers see the old or the new content, never half of it; an existing file keeps
  its permission bits.
- anything else (``/dev/null``, ``/dev/stdout``, a FIFO, a character device): it is never
  replaced, the complete content is streamed into it. ``-`` is standard output (STDOUT).
- a directory: an error naming it.

When the writer fails (an exception, or SIGINT/SIGTERM turned into one by agentsched.cli),
nothing is published and the scratch directory with everything in it is removed, so a failed
run leaves no file at the final name. A run killed outright (SIGKILL) cannot clean up: its
scratch directory (.agentsched-HOST-PID-*) is removed by the next write into that directory.
Standard library only: the GPU-side bundle code uses it.
"""
from __future__ import annotations

import os
import shutil
import socket
import stat
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

SCRATCH_PREFIX = ".agentsched-"
STDOUT = "-"  # the output name of standard output (`-o -`)


class OutputError(ValueError):
    """An output path that cannot be written; the message names it."""


def _existing_mode(path: Path) -> int | None:
    """st_mode of what `path` names (symlinks followed), None when nothing is there."""
    try:
        return path.stat().st_mode
    except FileNotFoundError:
        return None
    except OSError as e:
        raise OutputError(f"{path}: cannot write here: {e.strerror}") from None


def check_output(path: str | Path | None) -> None:
    """Fail early (before a long compile) on an output path that staged_output will refuse."""
    if path is None or str(path) == STDOUT:
        return
    mode = _existing_mode(Path(path))
    if mode is not None and stat.S_ISDIR(mode):
        raise OutputError(f"{path}: is a directory, expected a file name")


@contextmanager
def staged_output(path: str | Path) -> Iterator[Path]:
    """A scratch path (same file name as `path`) to write `path`'s whole content to; published
    when the block ends normally, removed with everything beside it when it raises."""
    if str(path) == STDOUT:
        with tempfile.TemporaryDirectory(prefix=_prefix()) as d:
            scratch = Path(d) / "output"
            yield scratch
            if not scratch.exists():
                raise OutputError("standard output: the writer produced nothing")
            sys.stdout.flush()
            with open(scratch, "rb") as src:
                shutil.copyfileobj(src, sys.stdout.buffer, 1 << 20)
            sys.stdout.buffer.flush()
        return
    path = Path(path)
    mode = _existing_mode(path)
    if mode is not None and stat.S_ISDIR(mode):
        raise OutputError(f"{path}: is a directory, expected a file name")
    regular = mode is None or stat.S_ISREG(mode)
    final = Path(os.path.realpath(path)) if regular else path
    scratch_dir = None
    if regular:
        try:
            final.parent.mkdir(parents=True, exist_ok=True)
            _remove_orphans(final.parent)
            scratch_dir = Path(tempfile.mkdtemp(prefix=_prefix(), dir=final.parent))
        except PermissionError:
            if mode is None:
                raise OutputError(f"{path}: cannot create a file in {final.parent} "
                                  "(permission denied)") from None
            regular = False  # an existing file we may write but not replace: stream into it
        except OSError as e:
            raise OutputError(f"{path}: cannot write here: {e.strerror}") from None
    if scratch_dir is None:
        scratch_dir = Path(tempfile.mkdtemp(prefix=_prefix()))
    try:
        scratch = scratch_dir / (final.name or "output")
        yield scratch
        if not scratch.exists():
            raise OutputError(f"{path}: the writer produced nothing")
        if regular:
            if mode is not None:  # a new file got the writer's mode (umask applied)
                os.chmod(scratch, stat.S_IMODE(mode))
            os.replace(scratch, final)
        else:
            try:
                with open(scratch, "rb") as src, open(path, "wb") as dst:
                    shutil.copyfileobj(src, dst, 1 << 20)
            except OSError as e:
                raise OutputError(f"{path}: writing failed: {e.strerror}") from None
    finally:
        shutil.rmtree(scratch_dir, ignore_errors=True)


def _prefix() -> str:
    return f"{SCRATCH_PREFIX}{socket.gethostname()}-{os.getpid()}-"


_swept: set = set()  # directories already cleaned by this process


def _remove_orphans(directory: Path) -> None:
    """Remove scratch directories that a killed run (SIGKILL, power loss) of this host left
    in `directory`: their process is gone. Once per directory and process (caches write
    thousands of files into one directory)."""
    if directory in _swept:
        return
    _swept.add(directory)
    host = f"{SCRATCH_PREFIX}{socket.gethostname()}-"
    try:
        entries = [e for e in os.scandir(directory) if e.name.startswith(host)]
    except OSError:
        return
    for e in entries:
        pid = e.name[len(host):].split("-", 1)[0]
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        try:
            os.kill(int(pid), 0)
        except ProcessLookupError:
            shutil.rmtree(e.path, ignore_errors=True)
        except OSError:  # alive, owned by someone else
            pass


def write_bytes(path: str | Path, data: bytes) -> None:
    """Write `path` whole (see the module doc); parent directories are made as needed."""
    with staged_output(path) as tmp:
        tmp.write_bytes(data)


def write_text(path: str | Path, text: str) -> None:
    """Write `path` whole, as UTF-8 (see the module doc)."""
    with staged_output(path) as tmp:
        tmp.write_text(text, encoding="utf-8")
