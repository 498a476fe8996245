"""Interrupts and child processes: a run that is stopped leaves no process and no temp file.

- In the CLI, SIGINT, SIGTERM and SIGHUP raise `Interrupted` in the main thread, so every
  `finally` and `with` on the way out runs: temp directories are removed, llc is killed,
  pools and Ray are shut down. The CLI then exits 128 + the signal number (130, 143, 129)
  with one line.
- Every tool we start (llc, clang, ptxas, lld, llvm-mc, llvm-mca) and every pool worker asks
  the kernel to signal it when its parent dies (Linux PR_SET_PDEATHSIG), so not even a
  SIGKILL of agentsched leaves one running. The signal follows the *thread* that started the
  child: tools are started from the thread that waits for them.
"""
from __future__ import annotations

import ctypes
import os
import signal
import threading
from contextlib import contextmanager
from typing import Any

PR_SET_PDEATHSIG = 1  # <linux/prctl.h>
CLI_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


class Interrupted(BaseException):
    """The run was stopped by a signal. A BaseException, like KeyboardInterrupt: code that
    handles errors (`except Exception`) does not swallow it."""

    def __init__(self, signum: int):
        self.signum = signum
        self.signame = signal.Signals(signum).name
        super().__init__(f"interrupted by {self.signame}")

    @property
    def exit_code(self) -> int:
        return 128 + self.signum


def _raise_interrupted(signum, frame):
    # One shot: a second signal during the clean-up kills the process outright (its children
    # still die with it, by PR_SET_PDEATHSIG).
    for s in CLI_SIGNALS:
        signal.signal(s, signal.SIG_DFL)
    raise Interrupted(signum)


def raise_on_signals(signals=CLI_SIGNALS) -> None:
    """Turn `signals` into Interrupted in the main thread (a no-op elsewhere)."""
    if threading.current_thread() is not threading.main_thread():
        return
    for s in signals:
        signal.signal(s, _raise_interrupted)


def ignore_signals(signals=CLI_SIGNALS) -> None:
    """Ignore `signals` from now on (the main thread only: a no-op elsewhere)."""
    if threading.current_thread() is threading.main_thread():
        for s in signals:
            signal.signal(s, signal.SIG_IGN)


@contextmanager
def handlers_kept(signals=CLI_SIGNALS):
    """Put our signal handlers back after a library installs its own at the C level (Ray's
    crash reporter takes SIGTERM in ray.init, and would exit 1 without our clean-up)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = {s: signal.getsignal(s) for s in signals}
    try:
        yield
    finally:
        for s, handler in before.items():
            if handler is not None:
                signal.signal(s, handler)


_prctl: Any
try:
    _prctl = ctypes.CDLL(None, use_errno=True).prctl  # resolved here, not in a forked child
except (OSError, AttributeError):  # not Linux: no parent-death signal
    _prctl = None


def die_with_parent(parent: int, sig: int = signal.SIGKILL) -> None:
    """Ask the kernel to send `sig` to this process when the thread of process `parent` that
    started it exits (called in the child; `parent` is the pid the parent had)."""
    if _prctl is None:
        return
    _prctl(PR_SET_PDEATHSIG, int(sig), 0, 0, 0)
    if os.getppid() != parent:  # the parent died before the request was in place
        os.kill(os.getpid(), sig)


def child_preexec(parent: int) -> None:
    """preexec_fn of tools (functools.partial(child_preexec, os.getpid())): default signal
    dispositions (SIG_IGN would survive exec, e.g. from a pool worker that ignores SIGINT)
    and death with the parent."""
    for s in CLI_SIGNALS:
        signal.signal(s, signal.SIG_DFL)
    die_with_parent(parent, signal.SIGKILL)


WORKER_UNWIND_S = 3.0  # a stopped pool worker's time to unwind its task before it is ended


class WorkerStopped(SystemExit):
    """A pool worker was told to stop (SIGTERM, also the parent's death)."""


def _exit_worker(signum, frame):
    # Further SIGTERMs (the pool terminating its workers once one has exited, the parent's
    # death) must not cut the clean-up short; the main process SIGKILLs a worker that takes
    # too long.
    signal.signal(signum, signal.SIG_IGN)
    # The pool catches the unwinding in a few places of its own (sending a result back): the
    # worker then waits for work forever. Whatever happens, it ends soon.
    watchdog = threading.Timer(WORKER_UNWIND_S, os._exit, (128 + signum,))
    watchdog.daemon = True
    watchdog.start()
    raise WorkerStopped(128 + signum)  # quietly ends an idle worker; unwinds a running task


@contextmanager
def exits_when_stopped():
    """Around a pool task: once the task has unwound from WorkerStopped (temp files removed,
    llc killed), end the worker. The pool would catch the exception as the task's result and
    wait for the next task with SIGTERM ignored: forever, when the main process is dead."""
    try:
        yield
    except WorkerStopped as e:
        os._exit(e.code if isinstance(e.code, int) else 1)


def pool_worker_init(parent: int) -> None:
    """Initializer of search pool workers (initargs=(os.getpid(),)): the main process decides
    about Ctrl-C (it stops the workers with SIGTERM); SIGTERM unwinds the task (temp files
    removed, llc killed); the worker dies with the main process."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _exit_worker)
    die_with_parent(parent, signal.SIGTERM)
