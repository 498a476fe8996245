import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"
TEST_KERNELS = [DATA / "gemm_tile.cu", DATA / "softmax_rows.cu", DATA / "attn_tile.cu"]
AMD_TARGETS = ["gfx1100", "gfx90a", "gfx942"]

requires_llvm = pytest.mark.skipif(shutil.which("llc-19") is None,
                                   reason="llc-19 missing: run `make test` (installs llvm-19)")


@pytest.fixture(scope="session", autouse=True)
def _data_dir(tmp_path_factory):
    """Tests share one cache (plugin, IR) but never the user's store."""
    if "AGENTSCHED_DATA" not in os.environ:
        os.environ["AGENTSCHED_DATA"] = str(tmp_path_factory.mktemp("agentsched-data"))
    yield


def llc_children() -> list[str]:
    """This process's child llc processes ('pid comm state'), zombies included, read from
    /proc (no dependency on procps, which minimal Debian images lack)."""
    me, out = os.getpid(), []
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            stat = (d / "stat").read_text()
        except OSError:  # the process ended meanwhile
            continue
        comm = stat[stat.index("(") + 1:stat.rindex(")")]
        state, ppid = stat[stat.rindex(")") + 2:].split()[:2]
        if int(ppid) == me and "llc" in comm:
            out.append(f"{d.name} {comm} {state}")
    return out


def cli(*args, env=None):
    """`agentsched ARGS...` in a subprocess (exit code and stderr as a user sees them)."""
    return subprocess.run([sys.executable, "-m", "agentsched.cli", *args], capture_output=True,
                          text=True, env=env)
