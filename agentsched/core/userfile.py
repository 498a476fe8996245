"""Running a user's Python file (a kernel spec, a Triton spec, an agent): one error line that
names the file and line when it does not even load, never a traceback."""
from __future__ import annotations

import traceback
from pathlib import Path
from types import ModuleType


class UserFileError(ValueError):
    """A user's Python file failed to load; the message names the file and line."""


def exec_user_file(path: Path, module: ModuleType, code: bytes | None = None) -> None:
    """Run `path` (or these bytes of it) in `module`'s namespace."""
    try:
        if code is None:
            code = path.read_bytes()
        exec(compile(code, str(path), "exec"), module.__dict__)
    except SyntaxError as e:  # also IndentationError; lineno is the file's
        raise UserFileError(f"{path}:{e.lineno}: syntax error: {e.msg}") from None
    except Exception as e:
        line = next((f.lineno for f in reversed(traceback.extract_tb(e.__traceback__))
                     if f.filename == str(path)), None)
        where = f"{path}:{line}" if line else str(path)
        raise UserFileError(f"{where}: failed while loading: {type(e).__name__}: {e}") from None
