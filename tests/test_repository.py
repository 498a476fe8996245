"""The repository stays light (issue 18): at most 3 MB of tracked files under bench/ (large
results are kept compressed, bench/README.md "What is kept"), and no two tracked files with
the same bytes (a copy is dropped and the one kept is named), licence texts and empty files
aside. Tracked means what `git ls-files` lists; without git (a minimal Debian chroot has none)
or outside a git checkout the tests skip, saying so."""
from __future__ import annotations

import hashlib
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BENCH_LIMIT = 3_000_000  # bytes
# the same licence text beside each piece of vendored code is expected, not a copy to drop
LICENCE = re.compile(r"^(LICEN[CS]E|COPYING|NOTICE)([._-].*)?$", re.I)


def tracked(*paths: str) -> list[Path]:
    if shutil.which("git") is None:
        pytest.skip("no git here (a minimal Debian chroot has none): the tracked files "
                    "cannot be listed")
    p = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z", "--", *paths],
                       capture_output=True)
    if p.returncode != 0:
        pytest.skip(f"not a git checkout ({p.stderr.decode(errors='replace').strip()[:200]})")
    files = [ROOT / f for f in p.stdout.decode().split("\0") if f]
    # a tracked file deleted in the work tree is not there to weigh
    return [f for f in files if f.is_file() and not f.is_symlink()]


def test_bench_tracks_at_most_3_mb():
    files = tracked("bench")
    assert files, "git ls-files bench listed nothing"
    sizes = {f: f.stat().st_size for f in files}
    total = sum(sizes.values())
    largest = sorted(sizes, key=sizes.get, reverse=True)[:5]
    assert total <= BENCH_LIMIT, (
        f"tracked files under bench/ hold {total:,} bytes, more than {BENCH_LIMIT:,}: "
        "compress large results (python bench/benchdata.py xz FILE; bench/README.md, "
        "'What is kept'); largest: " +
        ", ".join(f"{f.relative_to(ROOT)} ({sizes[f]:,})" for f in largest))


def test_no_two_tracked_files_are_byte_identical():
    by_hash: dict[tuple[int, str], list[str]] = {}
    for f in tracked():
        size = f.stat().st_size
        if size == 0 or LICENCE.match(f.name):
            continue
        digest = hashlib.sha256(f.read_bytes()).hexdigest()
        by_hash.setdefault((size, digest), []).append(str(f.relative_to(ROOT)))
    copies = [names for names in by_hash.values() if len(names) > 1]
    assert not copies, ("byte-identical tracked files (keep one, name it where the others "
                        f"were used): {copies}")


def test_licence_names_are_recognised():
    assert all(LICENCE.match(n) for n in ("LICENSE", "LICENSE.TXT", "License.md", "COPYING",
                                           "LICENCE-MIT", "NOTICE"))
    assert not any(LICENCE.match(n) for n in ("licensed.json", "policy.json", "README.md"))
