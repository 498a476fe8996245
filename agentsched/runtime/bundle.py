"""Bundles: compiled variants of one kernel, made on one machine and timed on another.

A bundle is a directory:

    manifest.json   what to run (written by the compile side, `write_manifest`)
    *.ptx/*.cubin/*.co/*.hsaco   the compiled variants
    spec.py (+ its kernel source)   when the kernel is a user's spec rather than a suite kernel
    results.json    what the timing side measured (`time_bundle`), written atomically

The timing side imports only the standard library, numpy, CuPy (or libamdhip64), the kernel
spec/suite modules and agentsched.runtime: no LLVM, typer or rich. So, with just the repository
copied to a GPU machine:

    python -m agentsched.runtime.bundle time BUNDLE [--rounds 15 --reps 5]
    python -m agentsched.runtime.bundle check BUNDLE     # correctness only
    python -m agentsched.runtime.bundle show BUNDLE      # validate the manifest, no GPU

docs/timing.md documents the manifest and results fields.

A bundle is trusted code: `time` and `check` import its spec.py. The manifest records the
sha256 of every file it names (`files`), and nothing is imported or loaded from a bundle whose
files do not match (verify_files): a bundle changed after it was made is refused.
"""
from __future__ import annotations

import argparse
import datetime as _dt
import json
import os
import platform
import shlex
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path

from ..core.files import write_text
from ..core.hashing import file_sha256, sha256_hex
from ..kernels.spec import KernelSpec, load_spec_file
from . import KernelLoadError, Runtime, RuntimeUnavailable, get_runtime, runtime_kind_for_target
from .timing import VariantTiming, aa_copy_of, choose_baseline, format_table

FORMAT_VERSION = 2  # 2: the manifest holds the sha256 of every file it names ("files")
MANIFEST = "manifest.json"
RESULTS = "results.json"
SUITE_PREFIX = "suite:"
MODULE_SUFFIXES = {".ptx": "cuda", ".cubin": "cuda", ".fatbin": "cuda",
                   ".co": "hip", ".hsaco": "hip"}


class BundleError(ValueError):
    """A bundle that cannot be used; the message names the file and the field."""


@dataclass
class BundleVariant:
    name: str
    module: Path  # absolute
    module_rel: str  # as written in the manifest
    entry: str
    agent: str | None = None
    decisions_file: str | None = None
    metrics: dict = field(default_factory=dict)  # static metrics from the compile side

    def info(self) -> dict:
        return {"agent": self.agent, "module": self.module_rel, "entry": self.entry,
                "decisions_file": self.decisions_file, "static": dict(self.metrics)}


@dataclass
class Bundle:
    dir: Path
    manifest: dict
    kernel_name: str
    spec_ref: str  # "suite:NAME" or a path relative to the bundle
    size: dict | None
    target: str | None
    variants: list

    def spec(self) -> KernelSpec:
        return resolve_spec(self)

    def variant(self, name: str) -> BundleVariant:
        for v in self.variants:
            if v.name == name:
                return v
        raise BundleError(f"{self.dir / MANIFEST}: no variant named {name!r} "
                          f"(have: {', '.join(v.name for v in self.variants)})")


# -- validation ------------------------------------------------------------------------------------

def _inside(bundle_dir: Path, rel: str) -> Path | None:
    """The path of `rel` in the bundle, or None when it is absolute or leaves the bundle."""
    if not rel or os.path.isabs(rel):
        return None
    p = (bundle_dir / rel).resolve()
    try:
        p.relative_to(bundle_dir.resolve())
    except ValueError:
        return None
    return p


def _check_file(bundle_dir: Path, rel, field_name: str, errors: list, check_files: bool):
    if not isinstance(rel, str) or not rel:
        errors.append(f"{field_name}: must be a non-empty relative path (got {rel!r})")
        return
    p = _inside(bundle_dir, rel)
    if p is None:
        errors.append(f"{field_name}: {rel!r} must be a relative path inside the bundle")
    elif check_files and not p.is_file():
        errors.append(f"{field_name}: file {rel!r} not found in the bundle")


def validate_manifest(manifest, bundle_dir: str | Path, check_files: bool = True) -> None:
    """Raise BundleError listing every problem (field by field) in a manifest dict."""
    bundle_dir = Path(bundle_dir)
    where = bundle_dir / MANIFEST
    if not isinstance(manifest, dict):
        raise BundleError(f"{where}: must hold a JSON object, got {type(manifest).__name__}")
    errors = []
    fv = manifest.get("format_version")
    if fv is None:
        errors.append("format_version: missing")
    elif not isinstance(fv, int) or fv < 1 or fv > FORMAT_VERSION:
        errors.append(f"format_version: {fv!r} not supported (this code reads {FORMAT_VERSION})")
    _validate_kernel(manifest.get("kernel"), bundle_dir, errors, check_files)
    size = manifest.get("size")
    if size is not None and (not isinstance(size, dict)
                             or not all(isinstance(k, str) for k in size)):
        errors.append(f"size: must be an object like {{\"M\": 1024}} or null (got {size!r})")
    target = manifest.get("target")
    if target is not None and not isinstance(target, str):
        errors.append(f"target: must be a string like 'sm_90' or 'gfx1100' (got {target!r})")
    for key in ("tool_versions",):
        if manifest.get(key) is not None and not isinstance(manifest[key], dict):
            errors.append(f"{key}: must be an object")
    _validate_variants(manifest.get("variants"), bundle_dir, errors, check_files)
    files = manifest.get("files")
    if files is None:
        errors.append("files: missing (the sha256 of each file; a bundle made before format 2 "
                      "cannot be verified: make it again with `agentsched bundle`)")
    elif not isinstance(files, dict) or not all(
            isinstance(k, str) and isinstance(v, str) and len(v) == 64 for k, v in files.items()):
        errors.append("files: must be an object {relative path: sha256 hex}")
    else:
        for rel in named_files(manifest):
            if rel not in files:
                errors.append(f"files: no sha256 for {rel!r}")
    if errors:
        raise BundleError(f"{where}: invalid manifest:\n  " + "\n  ".join(errors))


def _validate_kernel(kernel, bundle_dir, errors, check_files):
    if not isinstance(kernel, dict):
        errors.append("kernel: missing or not an object {name, spec}")
        return
    if not isinstance(kernel.get("name"), str) or not kernel["name"]:
        errors.append("kernel.name: missing or empty")
    spec = kernel.get("spec")
    if not isinstance(spec, str) or not spec:
        errors.append("kernel.spec: missing ('suite:NAME' or a spec file such as 'spec.py')")
    elif spec.startswith(SUITE_PREFIX):
        if not spec[len(SUITE_PREFIX):]:
            errors.append("kernel.spec: 'suite:' needs a kernel name, e.g. 'suite:gemm'")
    else:
        _check_file(bundle_dir, spec, "kernel.spec", errors, check_files)


def _validate_variants(variants, bundle_dir, errors, check_files):
    if not isinstance(variants, list) or not variants:
        errors.append("variants: missing or empty (a list of {name, module, entry, ...})")
        return
    seen = set()
    for i, v in enumerate(variants):
        f = f"variants[{i}]"
        if not isinstance(v, dict):
            errors.append(f"{f}: must be an object")
            continue
        name = v.get("name")
        if not isinstance(name, str) or not name:
            errors.append(f"{f}.name: missing or empty")
        elif name in seen:
            errors.append(f"{f}.name: {name!r} appears twice")
        else:
            seen.add(name)
            f = f"variants[{i}] ({name})"
        module = v.get("module")
        _check_file(bundle_dir, module, f"{f}.module", errors, check_files)
        if isinstance(module, str) and Path(module).suffix not in MODULE_SUFFIXES:
            errors.append(f"{f}.module: {module!r} is not one of "
                          f"{', '.join(sorted(MODULE_SUFFIXES))}")
        if not isinstance(v.get("entry"), str) or not v.get("entry"):
            errors.append(f"{f}.entry: missing (the kernel symbol)")
        if v.get("agent") is not None and not isinstance(v["agent"], str):
            errors.append(f"{f}.agent: must be a string")
        if v.get("decisions_file") is not None:
            _check_file(bundle_dir, v["decisions_file"], f"{f}.decisions_file", errors,
                        check_files)
        if v.get("metrics") is not None and not isinstance(v["metrics"], dict):
            errors.append(f"{f}.metrics: must be an object")


# -- reading and writing -------------------------------------------------------------------------

def _atomic_write_json(path: Path, data) -> None:
    """Write JSON so that readers never see half of it (core.files)."""
    write_text(path, json.dumps(data, indent=2, allow_nan=False) + "\n")


def named_files(manifest: dict) -> list:
    """The bundle files a manifest names: spec, kernel source, modules, decision files."""
    out = []
    kernel = manifest.get("kernel") or {}
    if isinstance(kernel, dict):
        spec = kernel.get("spec")
        if isinstance(spec, str) and spec and not spec.startswith(SUITE_PREFIX):
            out.append(spec)
        if isinstance(kernel.get("source"), str):
            out.append(kernel["source"])
    for v in manifest.get("variants") or []:
        if isinstance(v, dict):
            out += [v[k] for k in ("module", "decisions_file") if isinstance(v.get(k), str)]
    return list(dict.fromkeys(out))


def verify_files(bundle_dir: Path, manifest: dict) -> None:
    """Refuse a bundle whose files differ from what its manifest recorded."""
    bad = [rel for rel in named_files(manifest)
           if file_sha256(bundle_dir / rel) != manifest["files"].get(rel)]
    if bad:
        raise BundleError(f"{bundle_dir / MANIFEST}: {', '.join(bad)} changed after the bundle "
                          "was made (sha256 differs from the manifest's); refusing to load or "
                          "run anything from it")


def _now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")


def write_manifest(bundle_dir: str | Path, manifest: dict,
                   check_files: bool = True) -> Path:
    """Validate and write BUNDLE/manifest.json (filling format_version and created)."""
    bundle_dir = Path(bundle_dir)
    bundle_dir.mkdir(parents=True, exist_ok=True)
    m = dict(manifest)
    m.setdefault("format_version", FORMAT_VERSION)
    m.setdefault("created", _now())
    if "files" not in m:  # the sha256 of every file it names, checked before any use
        m["files"] = {rel: file_sha256(bundle_dir / rel) for rel in named_files(m)
                      if _inside(bundle_dir, rel) is not None and (bundle_dir / rel).is_file()}
    validate_manifest(m, bundle_dir, check_files)
    path = bundle_dir / MANIFEST
    _atomic_write_json(path, m)
    return path


def load_bundle(bundle_dir: str | Path, check_files: bool = True) -> Bundle:
    bundle_dir = Path(bundle_dir)
    if not bundle_dir.is_dir():
        raise BundleError(f"{bundle_dir}: bundle directory not found")
    path = bundle_dir / MANIFEST
    if not path.is_file():
        raise BundleError(f"{path}: not found (is {bundle_dir} a bundle directory?)")
    try:
        manifest = json.loads(path.read_text())
    except json.JSONDecodeError as e:
        raise BundleError(f"{path}: invalid JSON at line {e.lineno} column {e.colno}: "
                          f"{e.msg}") from None
    validate_manifest(manifest, bundle_dir, check_files)
    if check_files:
        verify_files(bundle_dir, manifest)
    variants = [BundleVariant(name=v["name"], module=(bundle_dir / v["module"]).resolve(),
                              module_rel=v["module"], entry=v["entry"], agent=v.get("agent"),
                              decisions_file=v.get("decisions_file"),
                              metrics=dict(v.get("metrics") or {}))
                for v in manifest["variants"]]
    k = manifest["kernel"]
    return Bundle(dir=bundle_dir.resolve(), manifest=manifest, kernel_name=k["name"],
                  spec_ref=k["spec"], size=manifest.get("size"), target=manifest.get("target"),
                  variants=variants)


def resolve_spec(bundle: Bundle) -> KernelSpec:
    """The KernelSpec a bundle names: a suite kernel or the spec file copied into it."""
    where = f"{bundle.dir / MANIFEST}: kernel.spec {bundle.spec_ref!r}"
    if bundle.spec_ref.startswith(SUITE_PREFIX):
        name = bundle.spec_ref[len(SUITE_PREFIX):]
        try:
            from ..kernels.suite import get_kernel  # lazy: another module's work
        except ImportError as e:
            raise BundleError(f"{where}: the kernel suite is not importable: {e}") from None
        try:
            spec = get_kernel(name)
        except (KeyError, ValueError) as e:
            raise BundleError(f"{where}: no such suite kernel ({e})") from None
    else:
        path = bundle.dir / bundle.spec_ref
        try:
            code = path.read_bytes()  # exactly the bytes verified against the manifest
            if sha256_hex(code) != bundle.manifest["files"].get(bundle.spec_ref):
                raise BundleError(f"{where}: changed after the bundle was made (sha256 differs "
                                  "from the manifest's); refusing to run it")
            spec = load_spec_file(path, code=code)
        except BundleError:
            raise
        except Exception as e:
            raise BundleError(f"{where}: cannot load the spec file: {e}") from None
    if not isinstance(spec, KernelSpec):
        raise BundleError(f"{where}: did not give a KernelSpec")
    return spec


def add_user_spec(bundle_dir: str | Path, spec_file: str | Path) -> dict:
    """Copy a user's spec file into the bundle as spec.py, with its kernel source beside it
    (at the same relative path when that stays inside the bundle). Returns the manifest's
    `kernel` object {name, spec: "spec.py", source}."""
    bundle_dir = Path(bundle_dir)
    bundle_dir.mkdir(parents=True, exist_ok=True)
    spec_file = Path(spec_file)
    spec = load_spec_file(spec_file)
    shutil.copyfile(spec_file, bundle_dir / "spec.py")
    kernel = {"name": spec.name, "spec": "spec.py"}
    src = Path(spec.source)
    if src.is_file():
        rel = os.path.relpath(src, spec_file.resolve().parent)
        if _inside(bundle_dir, rel) is None or rel.startswith(".."):
            rel = src.name  # spec.py will not find it there, but timing never needs it
        (bundle_dir / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, bundle_dir / rel)
        kernel["source"] = rel
    return kernel


# -- timing ------------------------------------------------------------------------------------

def _versions() -> dict:
    import numpy
    v = {"python": platform.python_version(), "numpy": numpy.__version__}
    try:
        import cupy
        v["cupy"] = cupy.__version__
    except Exception:
        pass
    return v


def _get_runtime_for(bundle: Bundle, runtime):
    want = runtime_kind_for_target(bundle.target)
    if isinstance(runtime, Runtime):
        rt = runtime
    else:
        kind = runtime or "auto"
        rt = get_runtime(want if kind == "auto" and want else kind)
    if want and rt.kind != want:
        raise BundleError(f"{bundle.dir / MANIFEST}: target {bundle.target!r} needs the {want} "
                          f"runtime, but this one is {rt.kind}")
    return rt


def time_bundle(bundle_dir: str | Path, rounds: int = 15, reps: int = 5, warmup: int = 3,
                *, seed: int = 0, runtime="auto", baseline: str | None = None,
                variants: list | None = None, aa: bool = True, check: bool = True,
                warmup_s: float = 0.2, out: str | None = RESULTS,
                command: str | None = None) -> dict:
    """Load, check and time a bundle's variants; write BUNDLE/results.json; return its dict.

    aa=True times a second copy of the baseline ('<baseline>#2', loaded separately from the
    same file) for the A/A noise floor, unless the manifest already has one.
    runtime: 'auto' (by the manifest's target), 'cuda', 'hip' or a Runtime object.
    """
    bundle = load_bundle(bundle_dir)
    spec = bundle.spec()
    size = dict(bundle.size) if bundle.size else dict(spec.default_size)
    chosen = [bundle.variant(n) for n in variants] if variants else list(bundle.variants)
    names = [v.name for v in chosen]
    try:
        base = choose_baseline(names, baseline)
    except ValueError as e:
        raise BundleError(f"{bundle.dir / MANIFEST}: {e}") from None
    rt = _get_runtime_for(bundle, runtime)

    handles, failed = {}, {}
    for v in chosen:
        try:
            handles[v.name] = rt.load(v.module, v.entry)
        except (KernelLoadError, OSError) as e:
            failed[v.name] = VariantTiming(name=v.name, ok=False, error=f"load failed: {e}")
    info = {v.name: v.info() for v in chosen}
    if aa and base in handles and not any(aa_copy_of(n) == base for n in names):
        # A separate load of the same file: same code, its own module, timed like any variant.
        copy = f"{base}#2"
        bv = bundle.variant(base)
        handles[copy] = rt.load(bv.module, bv.entry)
        info[copy] = dict(info[base], aa_copy_of=base)
        names.append(copy)

    res = rt.time(spec, handles, size, rounds, reps, warmup, seed=seed,
                  baseline=base if base in handles else None, check=check,
                  warmup_s=warmup_s) if handles else None
    result = _results_dict(bundle, spec, size, res, failed, info, names, base,
                           dict(rounds=rounds, reps=reps, warmup=warmup, seed=seed,
                                warmup_s=warmup_s, aa=aa, check=check), command)
    if out:
        _atomic_write_json(bundle.dir / out, result)
    return result


def _results_dict(bundle, spec, size, res, failed, info, names, base, settings, command):
    timed = res.to_dict() if res is not None else {}
    per = {}
    for n in names:
        if n in failed:
            d = failed[n].to_dict()
        else:
            d = timed["variants"][n]
        if base not in (res.variants if res else {}):  # no baseline, no speedups
            d["speedup"] = d["speedup_ci"] = None
        per[n] = {**info.get(n, {}), **d}
    if res is not None:
        settings["warmup_s"] = res.warmup_s
    return {
        "format_version": FORMAT_VERSION,
        "created": _now(),
        "bundle": str(bundle.dir),
        "kernel": {"name": bundle.kernel_name, "spec": bundle.spec_ref, "spec_name": spec.name},
        "size": size,
        "target": bundle.target,
        "runtime": res.runtime if res else None,
        "baseline": base,
        "settings": settings,
        "noise_floor": timed.get("noise_floor"),
        "variants": per,
        "device": timed.get("device", {}),
        "orders": timed.get("orders", []),
        "wall_s": timed.get("wall_s"),
        "command": command or shlex.join(getattr(sys, "orig_argv", sys.argv)),
        "host": platform.node(),
        "versions": _versions(),
        "tool_versions": bundle.manifest.get("tool_versions", {}),
    }


def check_bundle(bundle_dir, seed: int = 0, runtime="auto") -> dict:
    """Run each variant once and compare with the reference: {name: (ok, max_rel_err|error)}."""
    bundle = load_bundle(bundle_dir)
    spec = bundle.spec()
    size = dict(bundle.size) if bundle.size else dict(spec.default_size)
    rt = _get_runtime_for(bundle, runtime)
    out = {}
    for v in bundle.variants:
        try:
            out[v.name] = rt.run_and_check(spec, rt.load(v.module, v.entry), size, seed)
        except Exception as e:
            out[v.name] = (False, f"{type(e).__name__}: {e}")
    return out


# -- command line --------------------------------------------------------------------------------

def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m agentsched.runtime.bundle",
                                description="Check and time a bundle of compiled variants.")
    sub = p.add_subparsers(dest="cmd", required=True)
    t = sub.add_parser("time", help="check, then time all variants; write results.json")
    t.add_argument("bundle")
    t.add_argument("--rounds", type=int, default=15)
    t.add_argument("--reps", type=int, default=5, help="launches per variant per round")
    t.add_argument("--warmup", type=int, default=3, help="warm-up launches per variant")
    t.add_argument("--warmup-s", type=float, default=0.2, help="minimum warm-up seconds")
    t.add_argument("--seed", type=int, default=0)
    t.add_argument("--runtime", default="auto", choices=["auto", "cuda", "hip"])
    t.add_argument("--baseline", default=None)
    t.add_argument("--variants", default=None, help="comma-separated subset")
    t.add_argument("--no-aa", action="store_true", help="no A/A copy of the baseline")
    t.add_argument("--no-check", action="store_true", help="time without checking outputs")
    t.add_argument("--out", default=RESULTS, help="results file name inside the bundle")
    c = sub.add_parser("check", help="run each variant once and compare with the reference")
    c.add_argument("bundle")
    c.add_argument("--seed", type=int, default=0)
    c.add_argument("--runtime", default="auto", choices=["auto", "cuda", "hip"])
    s = sub.add_parser("show", help="validate the manifest and list the variants (no GPU)")
    s.add_argument("bundle")
    return p


def main(argv: list | None = None) -> int:
    """Exit codes: 0 all good; 1 some variant wrong or failed; 2 bad bundle or arguments;
    3 no usable GPU runtime."""
    args = _parser().parse_args(argv)
    try:
        if args.cmd == "show":
            b = load_bundle(args.bundle)
            print(f"{b.dir}: kernel {b.kernel_name} ({b.spec_ref}), target {b.target}, "
                  f"size {b.size}")
            for v in b.variants:
                print(f"  {v.name}: {v.module_rel} entry {v.entry} agent {v.agent}")
            return 0
        if args.cmd == "check":
            res = check_bundle(args.bundle, args.seed, args.runtime)
            for n, (ok, err) in res.items():
                print(f"{n}: {'ok' if ok else 'WRONG'} ({err})")
            return 0 if all(ok for ok, _ in res.values()) else 1
        result = time_bundle(args.bundle, args.rounds, args.reps, args.warmup, seed=args.seed,
                             runtime=args.runtime, baseline=args.baseline,
                             variants=args.variants.split(",") if args.variants else None,
                             aa=not args.no_aa, check=not args.no_check,
                             warmup_s=args.warmup_s, out=args.out)
    except BundleError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except RuntimeUnavailable as e:
        print(f"error: {e}", file=sys.stderr)
        return 3
    dev = result["device"]
    print(f"{result['kernel']['name']} size {result['size']} on {dev.get('gpu', '?')} "
          f"(driver {dev.get('driver_version', '?')})")
    print(format_table(result))
    print(f"results: {Path(result['bundle']) / args.out}")
    return 0 if all(v.get("ok") is not False for v in result["variants"].values()) else 1


if __name__ == "__main__":
    sys.exit(main())
