"""Where things are: the package's own files and the data directory."""
from __future__ import annotations

import os
from pathlib import Path

from . import env

PACKAGE_DIR = Path(__file__).resolve().parent.parent
NATIVE_DIR = PACKAGE_DIR / "native"  # the plugin's C++ sources (*.cpp) and headers (*.h)
KERNELS_DIR = PACKAGE_DIR / "kernels"
KERNEL_SRC_DIR = KERNELS_DIR / "src"
KERNEL_INCLUDE_DIR = KERNELS_DIR / "include"


def data_dir() -> Path:
    """Where agentsched keeps caches and the results store ($AGENTSCHED_DATA to move it)."""
    d = Path(os.environ.get(env.DATA) or Path.home() / ".cache" / "agentsched")
    d.mkdir(parents=True, exist_ok=True)
    return d
