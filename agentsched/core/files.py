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
run leaves no file at the final name.

The outputs of one command are published all or nothing (`together`): a staged output whose
path was named to the open batch waits, complete, until the batch ends; then all are published
(renames first, streams last). When one fails, or the run fails before the end, the files this
batch created are removed and the ones it replaced get their old content back. Only a stream
into a device or standard output cannot be taken back: it goes last. Other writes (caches)
are published at once. A run killed outright (SIGKILL) cannot clean up: its
scratch directory (.agentsched-HOST-PID-*) is removed by the next write into that directory.
Standard library only: the GPU-side bundle code uses it. `read_text` is the one reader of
inputs that may be stored compressed (bench/'s recorded results are kept as `.xz`).
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
from contextvars import ContextVar
from dataclasses import dataclass, field
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


@dataclass
class _Staged:
    """One complete output waiting for its publication."""
    named: str  # the path as the user named it (messages)
    scratch: Path  # the complete content
    scratch_dir: Path  # removed once published or given up
    final: Path | None  # renamed to (a regular file); None: streamed into `named`
    mode: int | None  # st_mode of what was there, None: nothing


@dataclass
class _Batch:
    """The outputs of one command (together()): the paths that wait, what has been staged."""
    paths: set[str] = field(default_factory=set)
    staged: list[_Staged] = field(default_factory=list)
    cancelled: bool = False

    def holds(self, path: str | Path) -> bool:
        return _key(path) in self.paths

    def cancel(self) -> None:
        """Publish nothing at the end (the command failed without an exception)."""
        self.cancelled = True


_batch: ContextVar[_Batch | None] = ContextVar("agentsched_output_batch", default=None)


def _key(path: str | Path) -> str:
    return STDOUT if str(path) == STDOUT else os.path.realpath(path)


@contextmanager
def together(*paths: str | Path | None, separate: bool = False) -> Iterator[_Batch]:
    """The outputs `paths` (None ignored) of one command are published all or nothing when
    the block ends normally (module doc); inside an open batch, they join it (separate: a
    batch of their own, published when this block ends). hold() names more paths to the
    open batch."""
    outer = _batch.get()
    if outer is not None and not separate:
        hold(*paths)
        yield outer
        return
    batch = _Batch()
    token = _batch.set(batch)
    try:
        hold(*paths)
        yield batch
    except BaseException as e:
        # An exception that says what it leaves (`kept`: a stopped search's best so far,
        # complete for what was done) publishes the batch; any other discards it.
        if getattr(e, "kept", None):
            _publish_all(batch.staged)
        else:
            _discard(batch.staged)
        raise
    finally:
        _batch.reset(token)
    if batch.cancelled:
        _discard(batch.staged)
    else:
        _publish_all(batch.staged)


def hold(*paths: str | Path | None) -> None:
    """Name outputs to the open batch (together()); without one, nothing changes."""
    batch = _batch.get()
    if batch is not None:
        batch.paths.update(_key(p) for p in paths if p is not None)


@contextmanager
def staged_output(path: str | Path) -> Iterator[Path]:
    """A scratch path (same file name as `path`) to write `path`'s whole content to; published
    when the block ends normally (or, for an output of the open batch, when the batch ends),
    removed with everything beside it when it raises."""
    named = str(path)
    if named == STDOUT:
        mode, final, scratch_dir = None, None, Path(tempfile.mkdtemp(prefix=_prefix()))
    else:
        mode, final, scratch_dir = _scratch_for(Path(path))
    try:
        scratch = scratch_dir / (final.name if final is not None and final.name else "output")
        yield scratch
        if not scratch.exists():
            raise OutputError(f"{_shown(named)}: the writer produced nothing")
    except BaseException:
        shutil.rmtree(scratch_dir, ignore_errors=True)
        raise
    staged = _Staged(named, scratch, scratch_dir, final, mode)
    batch = _batch.get()
    if batch is not None and batch.holds(named):
        batch.staged.append(staged)
    else:
        _publish_all([staged])


def _shown(named: str) -> str:
    return "standard output" if named == STDOUT else named


def _scratch_for(path: Path) -> tuple[int | None, Path | None, Path]:
    """(st_mode of what is at `path`, the file to rename over or None to stream into `path`,
    a new private scratch directory)."""
    mode = _existing_mode(path)
    if mode is not None and stat.S_ISDIR(mode):
        raise OutputError(f"{path}: is a directory, expected a file name")
    if not (mode is None or stat.S_ISREG(mode)):
        return mode, None, Path(tempfile.mkdtemp(prefix=_prefix()))
    final = Path(os.path.realpath(path))
    try:
        final.parent.mkdir(parents=True, exist_ok=True)
        _remove_orphans(final.parent)
        return mode, final, Path(tempfile.mkdtemp(prefix=_prefix(), dir=final.parent))
    except PermissionError:
        if mode is None:
            raise OutputError(f"{path}: cannot create a file in {final.parent} "
                              "(permission denied)") from None
        # an existing file we may write but not replace: stream into it
        return mode, None, Path(tempfile.mkdtemp(prefix=_prefix()))
    except OSError as e:
        raise OutputError(f"{path}: cannot write here: {e.strerror}") from None


def _discard(staged: list[_Staged]) -> None:
    for s in staged:
        shutil.rmtree(s.scratch_dir, ignore_errors=True)


def _publish_all(staged: list[_Staged]) -> None:
    """Publish complete outputs: renames first (they can be undone), streams last. On a
    failure, undo what was done (newest first) and raise."""
    undo: list = []
    try:
        for s in sorted(staged, key=lambda s: s.final is None):
            undo.append(_publish(s))
    except BaseException:
        for step in reversed(undo):
            step()
        raise
    finally:
        _discard(staged)


def _publish(s: _Staged):
    """Publish one output; returns how to take it back."""
    old = s.scratch_dir / ".replaced"
    if s.final is not None:
        if s.mode is not None:
            os.chmod(s.scratch, stat.S_IMODE(s.mode))  # a new file got the writer's mode
            _keep_copy(s.final, old)
        os.replace(s.scratch, s.final)
        final = s.final
        if s.mode is None or not old.exists():
            return lambda: _quietly(os.unlink, final)
        return lambda: _quietly(os.replace, old, final)
    if s.named == STDOUT:
        sys.stdout.flush()
        with open(s.scratch, "rb") as src:
            shutil.copyfileobj(src, sys.stdout.buffer, 1 << 20)
        sys.stdout.buffer.flush()
        return lambda: None
    regular = s.mode is not None and stat.S_ISREG(s.mode)
    if regular:
        shutil.copyfile(s.named, old)
    try:
        with open(s.scratch, "rb") as src, open(s.named, "wb") as dst:
            shutil.copyfileobj(src, dst, 1 << 20)
    except OSError as e:
        if regular:
            _quietly(shutil.copyfile, old, s.named)
        raise OutputError(f"{s.named}: writing failed: {e.strerror}") from None
    if regular:
        return lambda: _quietly(shutil.copyfile, old, s.named)
    return lambda: None  # a device or a FIFO: what it received cannot be taken back


def _keep_copy(path: Path, copy: Path) -> None:
    """The replaced file's content, kept to restore it (a hard link where it can be)."""
    try:
        os.link(path, copy)
    except FileNotFoundError:  # removed meanwhile: there is nothing to restore
        pass
    except OSError:
        shutil.copy2(path, copy)


def _quietly(fn, *args) -> None:
    try:
        fn(*args)
    except OSError:
        pass


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


COMPRESSED = (".xz", ".gz")  # suffixes read_text decompresses


def read_text(path: str | Path) -> str:
    """A file's UTF-8 text, decompressed when its name ends in .xz or .gz (a JSON result
    recorded as `h200.json.xz` reads as `h200.json`). OSError and ValueError as for
    Path.read_text; a damaged .xz/.gz raises ValueError naming the file."""
    path = Path(path)
    if path.suffix not in COMPRESSED:
        return path.read_text(encoding="utf-8")
    import gzip
    import lzma
    data = path.read_bytes()
    try:
        data = lzma.decompress(data) if path.suffix == ".xz" else gzip.decompress(data)
    except (lzma.LZMAError, OSError, EOFError) as e:
        raise ValueError(f"{path}: not a valid {path.suffix[1:]} file: {e}") from None
    return data.decode("utf-8")


def uncompressed_name(path: str | Path) -> str:
    """The file name without a .xz/.gz suffix (`h200.json.xz` -> `h200.json`)."""
    name = Path(path).name
    return name[:-3] if name.endswith(COMPRESSED) else name


def publish_files(pairs: list[tuple[Path, Path]]) -> None:
    """Copy each (source, destination) file, all or nothing, in this order, now (a directory
    built in a scratch place, such as a bundle, published over an existing one)."""
    with together(*(dest for _, dest in pairs), separate=True):
        for src, dest in pairs:
            with staged_output(dest) as tmp:
                shutil.copyfile(src, tmp)
