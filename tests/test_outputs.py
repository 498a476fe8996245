"""Outputs: special files are streamed into, never replaced; symlinks are written through;
a failed run publishes nothing (issue 11, items 1 and 2)."""
import os
import stat
import threading

import pytest

from agentsched.core.files import write_text

from .conftest import DATA, cli, requires_llvm

KERNEL = str(DATA / "gemm_tile.cu")


def _scratch_left(d):
    return [p.name for p in d.iterdir() if p.name.startswith(".agentsched-")]


def _read_fifo(path, out):
    with open(path, "rb") as f:
        out.append(f.read())


@requires_llvm
def test_compile_into_a_fifo_streams_and_keeps_the_fifo(tmp_path):
    fifo = tmp_path / "out.s"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=_read_fifo, args=(fifo, got), daemon=True)
    reader.start()
    r = cli("compile", KERNEL, "-t", "gfx1100", "-o", str(fifo))
    if r.returncode != 0 or reader.is_alive():  # an old build renamed over the FIFO:
        with open(fifo, "wb"):                   # unblock the reader before failing
            pass
    reader.join(10)
    assert r.returncode == 0, r.stderr
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert b"amdgcn_target" in got[0]
    assert _scratch_left(tmp_path) == []


def test_atomic_write_keeps_a_character_device(tmp_path):
    dev = tmp_path / "null"
    try:
        os.mknod(dev, stat.S_IFCHR | 0o666, os.makedev(1, 3))  # a /dev/null of our own
    except PermissionError:
        pytest.skip("creating a device node needs CAP_MKNOD")
    write_text(dev, "x" * 100_000)
    assert stat.S_ISCHR(os.lstat(dev).st_mode)


def test_symlink_is_written_through_and_kept(tmp_path):
    real = tmp_path / "real.json"
    real.write_text("old")
    real.chmod(0o640)
    link = tmp_path / "link.json"
    link.symlink_to(real.name)
    write_text(link, "new")
    assert link.is_symlink() and os.readlink(link) == real.name
    assert real.read_text() == "new"
    assert stat.S_IMODE(real.stat().st_mode) == 0o640  # the file keeps its permissions
    dangling = tmp_path / "dangling.json"
    dangling.symlink_to("target.json")
    write_text(dangling, "made")
    assert dangling.is_symlink() and (tmp_path / "target.json").read_text() == "made"
    assert _scratch_left(tmp_path) == []


def test_new_files_get_the_usual_permissions(tmp_path):
    old = os.umask(0o022)
    try:
        write_text(tmp_path / "d.json", "{}")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "d.json").stat().st_mode) == 0o644


@requires_llvm
@pytest.mark.parametrize("option", ["-o", "--json", "--save-decisions", "--state-log"])
def test_a_directory_as_output_is_an_error(tmp_path, option):
    args = ["compile", KERNEL, "-t", "gfx1100", "-o", str(tmp_path / "k.s"),
            "--agent", "min_pressure"]
    (tmp_path / "d.s").mkdir()
    if option == "-o":
        args[args.index("-o") + 1] = str(tmp_path / "d.s")
    else:
        args += [option, str(tmp_path / "d.s")]
    r = cli(*args)
    assert r.returncode == 1 and "is a directory" in r.stderr and "Traceback" not in r.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d.s"]  # no output, no scratch


@requires_llvm
def test_states_into_a_directory_writes_nothing(tmp_path):
    r = cli("states", KERNEL, "-t", "gfx1100", "-o", str(tmp_path))
    assert r.returncode == 1 and "is a directory" in r.stderr
    assert list(tmp_path.iterdir()) == []


@requires_llvm
def test_failed_compile_publishes_no_state_log(tmp_path):
    """A strict replay that fails half-way must not leave a valid-looking state log."""
    from agentsched.agents import make_agent
    from agentsched.llvm.compile import compile_ir
    from agentsched.llvm.frontend import emit_ir
    from agentsched.targets import parse_target
    t = parse_target("gfx1100")
    ir = emit_ir(DATA / "gemm_tile.cu", t)
    first = compile_ir(ir, t, agent=make_agent("random", seed=1))
    d = first.decisions[len(first.decisions) // 2]
    bad = tmp_path / "bad.jsonl"
    bad.write_text("".join(
        f'{{"function": "{x.function}", "region": {x.region}, "visit": {x.visit}, '
        f'"step": {x.step}, "pick": {10**6 if x == d else x.pick}, "zone": "{x.zone}"}}\n'
        for x in first.decisions))
    log = tmp_path / "states.jsonl"
    r = cli("compile", str(ir), "-t", "gfx1100", "--decisions", str(bad), "--state-log",
            str(log), "-o", str(tmp_path / "k.s"), "--json", str(tmp_path / "k.json"))
    assert r.returncode == 1, r.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.jsonl"]


# ---- the outputs of one command: all or nothing (issue 11 follow-up, item 1)

def test_outputs_of_a_batch_wait_and_are_published_together(tmp_path):
    from agentsched.core.files import together
    cache = tmp_path / "cache.json"
    with together(tmp_path / "a.s", tmp_path / "b.json"):
        write_text(tmp_path / "a.s", "asm")
        write_text(cache, "at once")  # not an output of the batch: published at once
        assert not (tmp_path / "a.s").exists() and cache.read_text() == "at once"
        write_text(tmp_path / "b.json", "{}")
    assert (tmp_path / "a.s").read_text() == "asm" and (tmp_path / "b.json").read_text() == "{}"
    assert _scratch_left(tmp_path) == []


def test_a_failure_in_a_batch_publishes_none_of_it(tmp_path):
    from agentsched.core.files import together
    (tmp_path / "a.s").write_text("old")
    with pytest.raises(RuntimeError):
        with together(tmp_path / "a.s", tmp_path / "b.json"):
            write_text(tmp_path / "a.s", "new")
            raise RuntimeError("the run failed after the first output")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.s"]
    assert (tmp_path / "a.s").read_text() == "old"


def test_a_failed_publication_takes_back_what_it_did(tmp_path):
    """The renames go first; the stream into /dev/full fails: the new file is removed, the
    replaced one has its old content (and mode) back."""
    from agentsched.core.files import OutputError, together
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full")
    (tmp_path / "old.s").write_text("old")
    (tmp_path / "old.s").chmod(0o600)
    with pytest.raises(OutputError, match="/dev/full"):
        with together(tmp_path / "old.s", "/dev/full", tmp_path / "new.json"):
            write_text(tmp_path / "old.s", "new")
            write_text("/dev/full", "x" * 100_000)
            write_text(tmp_path / "new.json", "{}")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.s"]
    assert (tmp_path / "old.s").read_text() == "old"
    assert stat.S_IMODE((tmp_path / "old.s").stat().st_mode) == 0o600


@requires_llvm
def test_compile_whose_json_cannot_be_written_publishes_nothing(tmp_path):
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full")
    (tmp_path / "k.s").write_text("old")
    r = cli("compile", KERNEL, "-t", "gfx1100", "-o", str(tmp_path / "k.s"), "--agent",
            "random", "--save-decisions", str(tmp_path / "d.jsonl"), "--json", "/dev/full")
    assert r.returncode == 1 and "/dev/full" in r.stderr and "Traceback" not in r.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["k.s"]
    assert (tmp_path / "k.s").read_text() == "old"


@requires_llvm
def test_experiment_whose_csv_cannot_be_written_publishes_no_json(tmp_path):
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full")
    r = cli("experiment", KERNEL, "-t", "gfx1100", "--agents", "default,min_pressure",
            "--store", str(tmp_path / "store.sqlite"), "--json", str(tmp_path / "rows.json"),
            "--csv", "/dev/full")
    assert r.returncode == 1 and "/dev/full" in r.stderr, r.stderr
    assert not (tmp_path / "rows.json").exists()


@requires_llvm
def test_search_whose_json_cannot_be_written_publishes_no_decisions(tmp_path):
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full")
    r = cli("search", KERNEL, "-t", "gfx1100", "--budget", "3", "--workers", "1",
            "--json", "/dev/full", "--decisions-out", str(tmp_path / "best.jsonl"))
    assert r.returncode == 1 and "/dev/full" in r.stderr, r.stderr
    assert list(tmp_path.iterdir()) == []
