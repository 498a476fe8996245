"""Running a user's Python file (a kernel spec, a Triton spec, an agent): one error line that
names the file and line when it does not even load, never a traceback."""
from __future__ import annotations

import traceback
from pathlib import Path
from types import ModuleType


class UserFileError(ValueError):
    """A user's Python file failed to load; the message names the file and line."""


# Modules a user's file may import that agentsched's extras (or their absence) explain.
MODULE_HINTS = {
    "torch": ("Triton kernels written for PyTorch programs import it (Liger-Kernel's, most "
              "of them): pip install torch (the CPU wheel is enough to capture and compile; "
              "timing needs a CUDA or ROCm build), or pip install 'agentsched[triton-torch]'"),
    "triton": "pip install 'agentsched[triton]' (make setup installs it)",
    "cupy": "pip install 'agentsched[cuda]' (timing on an NVIDIA GPU)",
}


def missing_module_message(e: ModuleNotFoundError) -> str | None:
    """'imports torch, which is not installed here: <how to get it>' for a module a user's
    code needs and agentsched can say how to get; None for others."""
    top = (e.name or "").split(".")[0]
    hint = MODULE_HINTS.get(top)
    return f"imports {top}, which is not installed here: {hint}" if hint else None


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
        missing = missing_module_message(e) if isinstance(e, ModuleNotFoundError) else None
        if missing:
            raise UserFileError(f"{where}: {missing}") from None
        raise UserFileError(f"{where}: failed while loading: {type(e).__name__}: {e}") from None
