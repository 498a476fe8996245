"""The Triton hook's configuration, cache-key digest, environment and records, without Triton.

hook.py makes every Triton kernel a process JIT-compiles go through llc-19 with the plugin;
this module is what needs no Triton (and no torch): the sitecustomize that agentsched ships
(site/sitecustomize.py) calls setup_environment() at every interpreter start where
AGENTSCHED_TRITON_POLICY or AGENTSCHED_TRITON_DB is set, `agentsched triton env|run|status|log`
call the rest. docs/triton.md, "Every Triton kernel of a program", says how it fits together.
"""
from __future__ import annotations

import getpass
import hashlib
import json
import os
import re
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from ...core import env
from ...core.phase import current_phase

# Triton imports this class at its first compile in every process whose environment names
# it (triton/knobs.py:349 cache.manager_class, runtime/cache.py:246-248 get_cache_manager).
MANAGER = "agentsched.kernels.triton.hook:AgentschedCacheManager"
SITE_DIR = Path(__file__).resolve().parent / "site"  # the PYTHONPATH entry of the env route
PACKAGE_ROOT = Path(__file__).resolve().parents[3]  # the directory holding agentsched/
HOOK_VERSION = 1  # bumped when the hook writes different PTX for the same inputs
# The modules whose code decides the PTX the hook writes: their bytes are in the digest.
_CODE = ("kernels/triton/hook.py", "kernels/triton/hookenv.py", "kernels/triton/ir.py",
         "kernels/triton/rewrite.py", "llvm/llc.py")
# ... and, with select, the code that chooses between LLVM's schedule and the policy's
_SELECT_CODE = ("targets/selection.py", "targets/perfmodel.py", "targets/sass.py")
SALT = "-as"  # Triton's cache directory <base32 key> becomes <base32 key>-as<digest>
INDUCTOR = "TORCHINDUCTOR_CACHE_DIR"
TRITON_MANAGER = "TRITON_CACHE_MANAGER"


class HookError(ValueError):
    """The hook cannot be turned on (a missing file, a db this agentsched cannot pass to the
    plugin, LLVM 19 missing); the message says which."""


@dataclass(frozen=True)
class HookConfig:
    policy: str | None = None  # absolute path of a policy file
    db: str | None = None  # absolute path of a tuned-schedule database (SQLite)
    # absolute path of the performance model that chooses per kernel between LLVM's schedule
    # and the policy's (None: no choice, the policy's always)
    select: str | None = None

    @classmethod
    def make(cls, policy=None, db=None, select: bool | str | Path | None = None) -> HookConfig:
        """From the caller's paths: absolute, existing, and a db only when llc_command can
        pass one to the plugin. select: True (the shipped model) or a model file."""
        if not policy and not db:
            raise HookError("the Triton hook needs a policy file or a db (or both)")
        cfg = cls(str(Path(policy).expanduser().resolve()) if policy else None,
                  str(Path(db).expanduser().resolve()) if db else None,
                  select_model(select))
        cfg.check()
        return cfg

    @classmethod
    def from_env(cls, environ=None) -> HookConfig | None:
        environ = os.environ if environ is None else environ
        policy, db = environ.get(env.TRITON_POLICY) or None, environ.get(env.TRITON_DB) or None
        if not policy and not db:
            return None
        return cls(policy, db, select_model(environ.get(env.TRITON_SELECT)))

    def check(self) -> None:
        for kind, path in (("policy", self.policy), ("db", self.db),
                           ("performance model", self.select)):
            if path and not Path(path).is_file():
                raise HookError(f"{kind} {path} not found")
        if self.db and not db_supported():
            raise HookError(f"db {self.db}: this agentsched's llc_command has no db keyword "
                            "(the plugin's -agent-sched-db is not there yet); give a policy")

    def environ(self) -> dict[str, str]:
        return {k: v for k, v in ((env.TRITON_POLICY, self.policy), (env.TRITON_DB, self.db),
                                  (env.TRITON_SELECT, self.select)) if v}

    def describe(self) -> str:
        text = " + ".join(f"{k} {Path(v).name}" for k, v in (("policy", self.policy),
                                                             ("db", self.db)) if v)
        return text + (f", chosen per kernel by {Path(self.select).name}" if self.select
                       else "")


_OFF = ("", "0", "no", "false", "off")
_ON = ("1", "yes", "true", "on")


def select_model(value: bool | str | Path | None) -> str | None:
    """The select setting (install(select=...), AGENTSCHED_TRITON_SELECT): off, on (the
    shipped model, policies/perfmodel_sm_90.json) or a model file; an absolute path or None."""
    if value is None or value is False or str(value).strip().lower() in _OFF:
        return None
    if value is True or str(value).strip().lower() in _ON:
        return str(PACKAGE_ROOT / "policies" / "perfmodel_sm_90.json")  # perfmodel.DEFAULT_MODEL
    return str(Path(value).expanduser().resolve())


def db_supported() -> bool:
    """Whether agentsched.llvm.llc.llc_command takes db= (the plugin's -agent-sched-db)."""
    import inspect

    from ...llvm.llc import llc_command
    return "db" in inspect.signature(llc_command).parameters


def _sha(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def tool_identity() -> str:
    """What decides the hook's PTX besides the policy and the db: the plugin build (its
    source, flags and the LLVM version it is built for), the rewriter, the hook's code."""
    from ...tools.plugin import plugin_digest
    from ...tools.programs import ToolFailed, ToolMissing
    pkg = Path(__file__).resolve().parents[2]
    try:
        plugin = plugin_digest()
    except (ToolMissing, ToolFailed) as e:
        raise HookError(str(e).splitlines()[0]) from None
    # (rewrite.py's bytes stand for its REWRITE_VERSION: importing it costs every interpreter)
    return "|".join([f"hook {HOOK_VERSION}", f"plugin {plugin}",
                     *(f"{f} {_sha(pkg / f)}" for f in _CODE)])


def prepare_tools() -> None:
    """llc-19 there and the plugin built now (once: g++, about a minute), not inside the
    program's first compile; a HookError saying what is missing otherwise."""
    from ...tools.plugin import plugin_path
    from ...tools.programs import ToolFailed, ToolMissing, find_tool
    try:
        find_tool("llc-19")
        plugin_path()
    except (ToolMissing, ToolFailed) as e:
        raise HookError(str(e).splitlines()[0]) from None


def digest(cfg: HookConfig) -> str:
    """The cache-key salt: the policy file's bytes, the db's (with its -wal, if any), with
    select the model file's bytes, the phase hooked, the tools. 16 hex digits."""
    cfg.check()
    h = hashlib.sha256(tool_identity().encode())
    if cfg.policy:
        h.update(b"\0policy\0" + _sha(Path(cfg.policy)).encode())
    if cfg.db:
        h.update(b"\0db\0" + _sha(Path(cfg.db)).encode())
        wal = Path(cfg.db + "-wal")
        if wal.is_file():
            h.update(b"\0wal\0" + _sha(wal).encode())
    if cfg.select:  # the model's bytes and code: another model is another choice
        pkg = Path(__file__).resolve().parents[2]
        h.update(b"\0select\0" + _sha(Path(cfg.select)).encode())
        for f in _SELECT_CODE:
            h.update(f"\0{f}\0{_sha(pkg / f)}".encode())
    phase = current_phase()  # llc_command reads AGENTSCHED_PHASE too (docs/postra.md)
    if phase != "pre":  # (the pre-RA default leaves earlier digests as they were)
        h.update(b"\0phase\0" + phase.encode())
    return h.hexdigest()[:16]


# ---------------------------------------------------------------- caches

def inductor_cache_dir(d: str, current: str | None = None) -> str:
    """torch.compile's cache directory for digest `d`: agentsched-<d> inside the one it
    would use (TORCHINDUCTOR_CACHE_DIR, else Inductor's default /tmp/torchinductor_<user>,
    torch/_inductor/runtime/cache_dir_utils.py), so its FX-graph, autotune and bundled-kernel
    caches never hand a stock kernel to a hooked run or the reverse. A directory that is
    already one of ours (a child process inherits it) is replaced, not nested."""
    if current:
        base = Path(current)
        if base.name.startswith("agentsched-"):
            base = base.parent
    else:
        try:
            user = getpass.getuser()
        except (KeyError, OSError):
            user = f"uid_{os.getuid()}"
        base = Path(tempfile.gettempdir()) / ("torchinductor_" + re.sub(r'[\\/:*?"<>|]', "_",
                                                                         user))
    return str(Path(os.path.abspath(base)) / f"agentsched-{d}")


def triton_cache_dir(environ=None) -> str:
    """Triton's kernel cache directory as Triton computes it (knobs.py:343-353)."""
    environ = os.environ if environ is None else environ
    if environ.get("TRITON_CACHE_DIR"):
        return environ["TRITON_CACHE_DIR"]
    home = environ.get("TRITON_HOME") or os.path.expanduser("~/")
    return os.path.join(home, ".triton", "cache")


# ---------------------------------------------------------------- the environment route

def say(msg: str) -> None:
    print(f"agentsched: {msg}", file=sys.stderr, flush=True)


def setup_environment(environ=None) -> str | None:
    """For sitecustomize, at interpreter start: with a policy or db in the environment, name
    the hook's class as Triton's cache manager (Triton imports it at its first compile, in
    this process and in every child that inherits the environment: Inductor's compile
    workers) and give torch.compile its cache directory for this digest (read before the
    first torch.compile, hence now). Any problem: one line, the hook stays off, the program
    runs with Triton's own kernels; children inherit the reason (AGENTSCHED_TRITON_OFF) and
    say nothing more. The digest, or None."""
    environ = os.environ if environ is None else environ
    cfg = HookConfig.from_env(environ)
    if cfg is None or environ.get(env.TRITON_OFF):
        return None
    try:
        foreign = environ.get(TRITON_MANAGER)
        if foreign and foreign != MANAGER:
            raise HookError(f"{TRITON_MANAGER}={foreign} is set: the hook needs Triton's "
                            "cache manager to be its own (it salts the cache key)")
        d = digest(cfg)
    except Exception as e:  # noqa: BLE001 - never break the program: stock Triton
        reason = one_line(e)
        environ[env.TRITON_OFF] = reason
        if environ.get(env.TRITON_QUIET) != "1":
            say(f"Triton hook off ({reason}); Triton compiles every kernel itself")
        return None
    environ[TRITON_MANAGER] = MANAGER
    environ[INDUCTOR] = inductor_cache_dir(d, environ.get(INDUCTOR))
    return d


def environment(policy=None, db=None, *, quiet: bool = False,
                log: str | Path | None = None, select: bool | str | Path | None = None
                ) -> dict[str, str]:
    """What to add to a program's environment so that its unchanged `python prog.py` runs
    with the hook: the site directory first on PYTHONPATH and the configuration. Checked
    (files there, db supported, LLVM 19 there) before anything runs."""
    cfg = HookConfig.make(policy, db, select)
    digest(cfg)
    prepare_tools()
    out = {"PYTHONPATH": os.pathsep.join([str(SITE_DIR), *[
        p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep)
        if p and os.path.abspath(p) != str(SITE_DIR)]]), **cfg.environ()}
    if quiet:
        out[env.TRITON_QUIET] = "1"
    if log:
        out[env.TRITON_LOG] = str(Path(log).resolve())
    return out


def shell_lines(policy=None, db=None, *, quiet: bool = False,
                select: bool | str | Path | None = None) -> list[str]:
    """`export` lines for a POSIX shell (`eval "$(agentsched triton env --policy P)"`)."""
    import shlex
    cfg = HookConfig.make(policy, db, select)
    d = digest(cfg)
    prepare_tools()
    lines = [f"# agentsched Triton hook: {cfg.describe()}, digest {d}; torch.compile's cache "
             f"{inductor_cache_dir(d, os.environ.get(INDUCTOR))}",
             f"export PYTHONPATH={shlex.quote(str(SITE_DIR))}${{PYTHONPATH:+:$PYTHONPATH}}"]
    lines += [f"export {k}={shlex.quote(v)}" for k, v in cfg.environ().items()]
    lines += [f"unset {k}" for k in (env.TRITON_POLICY, env.TRITON_DB, env.TRITON_SELECT)
              if k not in cfg.environ()]
    if quiet:
        lines.append(f"export {env.TRITON_QUIET}=1")
    return lines


def environment_status(environ=None) -> dict:
    """Would a Python program started from this environment run with the hook, and where
    would its kernels go (no Triton imported)."""
    environ = os.environ if environ is None else environ
    cfg = HookConfig.from_env(environ)
    paths = [p for p in environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    first_site = next((str(Path(p, "sitecustomize.py")) for p in paths
                       if Path(p, "sitecustomize.py").is_file()), None)
    ours = first_site is not None and Path(first_site).resolve().parent == SITE_DIR
    out = {"configured": bool(cfg), "policy": cfg.policy if cfg else None,
           "db": cfg.db if cfg else None, "select": cfg.select if cfg else None, "sitecustomize": first_site,
           "sitecustomize_is_ours": ours, "site_dir": str(SITE_DIR), "digest": None,
           "error": environ.get(env.TRITON_OFF), "triton_cache_dir": triton_cache_dir(environ),
           "inductor_cache_dir": None, "cache_manager": environ.get(TRITON_MANAGER),
           "db_supported": db_supported()}
    if cfg and not out["error"]:
        try:
            out["digest"] = digest(cfg)
        except Exception as e:  # noqa: BLE001 - report it
            out["error"] = one_line(e)
        else:
            out["inductor_cache_dir"] = inductor_cache_dir(out["digest"], environ.get(INDUCTOR))
    if cfg and not ours and not out["error"]:
        out["error"] = (f"{SITE_DIR} is not the first sitecustomize on PYTHONPATH: a program "
                        "started now runs without the hook (`agentsched triton env` prints "
                        "the lines to set)")
    out["active"] = bool(cfg and ours and out["digest"] and not out["error"])
    return out


# ---------------------------------------------------------------- records

def one_line(e: BaseException) -> str:
    """An exception as one line: its type and its informative lines, temp paths dropped."""
    lines = [ln.strip() for ln in str(e).strip().splitlines() if ln.strip()]
    if type(e).__name__ == "PTXASError":  # Triton's message: keep ptxas's own error lines
        lines = [ln for ln in lines if "error" in ln.lower() and "codegen error" not in ln
                 and not ln.startswith("Repro command")] or lines
    text = re.sub(r"/\S*/agentsched-hook-\w+/", "", " / ".join(lines) or repr(e))
    text = re.sub(r"\s+", " ", re.sub(r"/tmp/tmp\w+\.ptx", "<ptx>", text))
    return f"{type(e).__name__}: {text[:400]}"


def append_log(record: dict, environ=None) -> None:
    """One JSON line in $AGENTSCHED_TRITON_LOG (O_APPEND: lines of processes that compile at
    the same time do not mix)."""
    environ = os.environ if environ is None else environ
    path = environ.get(env.TRITON_LOG)
    if not path:
        return
    line = (json.dumps(record, sort_keys=True, default=str) + "\n").encode()
    try:
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            os.write(fd, line)
        finally:
            os.close(fd)
    except OSError as e:
        say(f"Triton hook: cannot append to {env.TRITON_LOG}={path}: {e.strerror}")


def read_records(path: str | Path) -> list[dict]:
    """The hook's per-kernel records: from a log file (AGENTSCHED_TRITON_LOG, `triton run
    --log`), or from a Triton cache directory (its root, or Inductor's cache directory: every
    <name>.json metadata below it that has an "agentsched" entry), or one kernel's directory."""
    p = Path(path)
    if not p.exists():
        raise FileNotFoundError(f"{p}: not found")
    out = []
    if p.is_file():
        for n, line in enumerate(p.read_text(errors="replace").splitlines(), 1):
            if line.strip():
                try:
                    out.append(json.loads(line))
                except ValueError:
                    raise ValueError(f"{p}:{n}: not a line of the Triton hook's log") from None
        return out
    for meta in sorted(p.rglob("*.json")):
        if meta.name.startswith("__grp__"):
            continue
        try:
            data = json.loads(meta.read_text())
        except (OSError, ValueError):
            continue
        rec = data.get("agentsched") if isinstance(data, dict) else None
        if isinstance(rec, dict):
            out.append({**rec, "event": "cache", "directory": str(meta.parent)})
    return out


def summary(records: list[dict]) -> list[str]:
    """Lines for people: one per kernel (the last record of each kernel directory wins), the
    ones compiled by llc-19 first, then those that fell back with their reason."""
    last: dict = {}
    for r in records:
        last[r.get("directory") or f"{r.get('kernel')}#{len(last)}"] = r
    rows = list(last.values())
    llc = [r for r in rows if r.get("compiled_by") == "llc-19"]
    fell = [r for r in rows if r.get("compiled_by") != "llc-19"]
    hits = sum(1 for r in rows if r.get("event") == "cached")
    lines = [f"{len(rows)} Triton kernel{'s' * (len(rows) != 1)}: {len(llc)} compiled by "
             f"llc-19 with the plugin, {len(fell)} by Triton itself (fallback)"
             + (f"; {hits} of them loaded from Triton's cache" if hits else "")]
    width = max([len(str(r.get("kernel"))) for r in rows] + [6])
    for r in llc:
        how = " + ".join(f"{k} {Path(r[k]).name}" for k in ("policy", "db") if r.get(k))
        sel = r.get("select") if isinstance(r.get("select"), dict) else None
        what = (f"{sel.get('chosen')} by the model: {sel.get('reason')}" if sel else
                f"{r.get('changed', '?')} of {r.get('decisions', '?')} decisions differ from "
                "LLVM's")
        lines.append(f"  llc-19  {str(r.get('kernel')):{width}}  {how}: {what}"
                     + ("  (cached)" if r.get("event") == "cached" else ""))
    for r in fell:
        lines.append(f"  triton  {str(r.get('kernel')):{width}}  {r.get('reason', '?')}")
    return lines
