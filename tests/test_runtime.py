"""Tests of agentsched.runtime: statistics, the timing method (on a simulated runtime), bundles,
HIP argument packing and library discovery, runtime selection. GPU tests are marked `gpu` and
skipped where no CUDA GPU is usable."""
from __future__ import annotations

import ctypes
import json
import sys
import types
from pathlib import Path

import numpy as np
import pytest

from agentsched.kernels.spec import Buffer, KernelSpec, Scalar
from agentsched.runtime import (
    Kernel,
    KernelLoadError,
    Runtime,
    RuntimeUnavailable,
    get_runtime,
    launch_geometry,
    runtime_kind_for_target,
    scalar_value,
    stats,
)
from agentsched.runtime import bundle as bundle_mod
from agentsched.runtime import hip as hip_mod
from agentsched.runtime.timing import aa_copy_of, choose_baseline, find_aa_copy, interleaved_rounds

# -- a small kernel spec used throughout ------------------------------------------------------

N = 1000


def _saxpy_spec(n: int = N) -> KernelSpec:
    return KernelSpec(
        name="saxpy",
        source=Path("saxpy.cu"),
        entry="saxpy",
        params=(Buffer("x", "float32", lambda s: (s["N"],)),
                Buffer("y", "float32", lambda s: (s["N"],)),
                Buffer("out", "float32", lambda s: (s["N"],), output=True),
                Scalar("a", "float32", lambda s: 2.5),
                Scalar("n", "int32", lambda s: s["N"])),
        grid=lambda s: ((s["N"] + 255) // 256,),
        block=lambda s: (256,),
        inputs=lambda s, rng: {"x": rng.standard_normal(s["N"]),
                               "y": rng.standard_normal(s["N"])},
        reference=lambda h, s: {"out": 2.5 * h["x"].astype(np.float64) + h["y"]},
        default_size={"N": n},
        small_size={"N": 64},
    )


SPEC_FILE_TEXT = '''
from pathlib import Path
import numpy as np
from agentsched.kernels.spec import Buffer, KernelSpec, Scalar

SPEC = KernelSpec(
    name="saxpy", source=Path("saxpy.cu"), entry="saxpy",
    params=(Buffer("x", "float32", lambda s: (s["N"],)),
            Buffer("y", "float32", lambda s: (s["N"],)),
            Buffer("out", "float32", lambda s: (s["N"],), output=True),
            Scalar("a", "float32", lambda s: 2.5),
            Scalar("n", "int32", lambda s: s["N"])),
    grid=lambda s: ((s["N"] + 255) // 256,), block=lambda s: (256,),
    inputs=lambda s, rng: {"x": rng.standard_normal(s["N"]), "y": rng.standard_normal(s["N"])},
    reference=lambda h, s: {"out": 2.5 * h["x"].astype(np.float64) + h["y"]},
    default_size={"N": 1000})
'''


# -- a simulated runtime: kernels are NumPy functions, times come from a noise model ---------

def _good(dev, a, n):
    dev["out"][:] = a * dev["x"] + dev["y"]


def _wrong(dev, a, n):
    dev["out"][:] = a * dev["x"] - dev["y"]


def _crash(dev, a, n):
    raise RuntimeError("illegal memory access (simulated)")


class FakeRuntime(Runtime):
    """Runs 'modules' named <entry>.<kernel>.fake; true times per kernel name, 1% noise, and a
    per-round drift shared by all variants (what interleaving + pairing should cancel)."""
    kind = "cuda"

    KERNELS = {"good": _good, "wrong": _wrong, "crash": _crash}

    def __init__(self, times_us: dict, noise: float = 0.01, drift: float = 0.05, seed: int = 0):
        self.times_us = times_us
        self.noise = noise
        self.drift = drift
        self.rng = np.random.default_rng(seed)
        self.launches = {}
        self._round_factor = 1.0
        self._calls = 0

    def load(self, module_path, entry):
        path = Path(module_path)
        if not path.is_file():
            raise KernelLoadError(f"{path}: module file not found")
        kind = path.read_text().strip()
        if kind not in self.KERNELS:
            raise KernelLoadError(f"{path}: not a module")
        return Kernel(path=path, entry=entry, native=kind)

    def kernel_attributes(self, kernel):
        return {"registers": 32, "local_bytes": 0}

    def device_info(self):
        return {"runtime": "fake", "gpu": "Simulated GPU"}

    def _alloc(self, spec, host):
        return {k: v.copy() for k, v in host.items()}

    def _upload(self, dev, host, names):
        for n in names:
            dev[n][...] = host[n]

    def _download(self, dev, host, names):
        return {n: dev[n].copy() for n in names}

    def _launcher(self, kernel, spec, size, dev):
        fn = self.KERNELS[kernel.native]
        args = [scalar_value(p, size) for p in spec.params if isinstance(p, Scalar)]
        path = str(kernel.path)

        def launch():
            fn(dev, *args)
            self.launches[path] = self.launches.get(path, 0) + 1
        launch.true_us = self.times_us.get(kernel.path.stem, 100.0)
        return launch

    def _sync(self):
        pass

    def _time_launches(self, launch, reps):
        for _ in range(reps):
            launch()
        # a slow sinusoidal drift over the calls, the same for every variant at one moment
        self._calls += 1
        drift = 1.0 + self.drift * np.sin(self._calls / 7.0)
        noise = 1.0 + self.noise * self.rng.standard_normal()
        return reps * launch.true_us * drift * noise / 1000.0


def _write_module(d: Path, name: str, kind: str) -> str:
    (d / f"{name}.ptx").write_text(kind + "\n")
    return f"{name}.ptx"


# -- stats ----------------------------------------------------------------------------------

def test_median_ci_covers_true_median_most_of_the_time():
    # lognormal (skewed like GPU timings); true median = exp(mu)
    mu, sigma, n, trials = np.log(100.0), 0.05, 21, 200
    rng = np.random.default_rng(123)
    covered = 0
    for t in range(trials):
        x = rng.lognormal(mu, sigma, n)
        est = stats.median_ci(x, n_boot=1000, seed=t)
        assert est.lo <= est.value <= est.hi
        covered += est.contains(np.exp(mu))
    assert covered / trials >= 0.85  # nominal 95%; the percentile bootstrap runs a bit low


def test_median_ci_is_seeded_and_degenerate_cases():
    x = np.random.default_rng(0).normal(10, 1, 15)
    assert stats.median_ci(x, seed=3) == stats.median_ci(x, seed=3)
    one = stats.median_ci([5.0])
    assert (one.value, one.lo, one.hi) == (5.0, 5.0, 5.0)
    with pytest.raises(ValueError, match="no samples"):
        stats.median_ci([])
    with pytest.raises(ValueError, match="finite"):
        stats.median_ci([1.0, float("nan")])


def _rounds(rng, base_us, n, noise=0.01, drift=None):
    drift = np.ones(n) if drift is None else drift
    return base_us * drift * (1 + noise * rng.standard_normal(n))


def test_speedup_ci_excludes_one_for_clear_difference():
    rng = np.random.default_rng(1)
    drift = 1 + 0.05 * np.sin(np.arange(15) / 2.0)  # shared by both (interleaved rounds)
    base = _rounds(rng, 100.0, 15, drift=drift)
    fast = _rounds(rng, 100.0 / 1.1, 15, drift=drift)  # 10% faster
    sp = stats.speedup(base, fast)
    assert sp.lo > 1.0
    assert sp.contains(1.1) or abs(sp.value - 1.1) < 0.02


def test_speedup_ci_includes_one_for_aa():
    hits, trials = 0, 100
    for seed in range(trials):
        rng = np.random.default_rng(seed)
        drift = 1 + 0.05 * np.sin(np.arange(15) / 2.0 + seed)
        a, b = _rounds(rng, 100.0, 15, drift=drift), _rounds(rng, 100.0, 15, drift=drift)
        hits += stats.speedup(a, b, n_boot=500, seed=seed).contains(1.0)
    assert hits / trials >= 0.85


def test_pairing_narrows_the_ci_under_shared_drift():
    rng = np.random.default_rng(2)
    drift = 1 + 0.1 * np.sin(np.arange(21) / 3.0)
    a, b = _rounds(rng, 100.0, 21, drift=drift), _rounds(rng, 95.0, 21, drift=drift)
    paired = stats.speedup(a, b, paired=True)
    unpaired = stats.speedup(a, b, paired=False)
    assert paired.hi - paired.lo < unpaired.hi - unpaired.lo


def test_noise_floor_fields():
    rng = np.random.default_rng(4)
    a, b = _rounds(rng, 100.0, 15), _rounds(rng, 100.0, 15)
    nf = stats.noise_floor(a, b, "default", "default#2")
    d = nf.to_dict()
    assert d["a"] == "default" and d["b"] == "default#2"
    assert d["ci95"][0] <= d["rel_diff"] <= d["ci95"][1]
    assert d["bound"] == max(abs(d["ci95"][0]), abs(d["ci95"][1]))
    assert nf.bound < 0.02
    assert abs(nf.rel_diff.value - (np.median(b) / np.median(a) - 1)) < 1e-12


def test_summarize():
    s = stats.summarize([1.0, 2.0, 3.0, 4.0, 100.0])
    assert s.median.value == 3.0 and s.n == 5 and s.max == 100.0
    assert set(s.to_dict()) >= {"median", "ci95", "mean", "std", "cv"}


# -- timing helpers -----------------------------------------------------------------------------

def test_interleaved_rounds_shuffles_each_round_deterministically():
    calls = []

    def mk(name):
        return lambda: calls.append(name)

    launches = {n: mk(n) for n in ("a", "b", "c")}

    def time_launches(fn, reps):
        for _ in range(reps):
            fn()
        return 1.0 * reps

    per, orders = interleaved_rounds(launches, time_launches, rounds=8, reps=3, seed=5)
    assert all(sorted(o) == ["a", "b", "c"] for o in orders)
    assert len({tuple(o) for o in orders}) > 1  # not one fixed order
    assert all(np.allclose(v, 1000.0) for v in per.values())  # 1 ms per launch -> 1000 µs
    assert len(calls) == 8 * 3 * 3
    _, orders2 = interleaved_rounds(launches, time_launches, rounds=8, reps=3, seed=5)
    assert orders == orders2
    with pytest.raises(ValueError):
        interleaved_rounds(launches, time_launches, rounds=0, reps=3)


def test_baseline_and_aa_names():
    assert aa_copy_of("default#2") == "default" and aa_copy_of("default") is None
    assert choose_baseline(["x", "default", "default#2"]) == "default"
    assert choose_baseline(["x#2", "y"]) == "y"
    assert choose_baseline(["x", "y"], "y") == "y"
    with pytest.raises(ValueError, match="not among"):
        choose_baseline(["x"], "z")
    assert find_aa_copy(["default", "a", "default#2"], "default") == "default#2"
    assert find_aa_copy(["default", "a"], "default") is None


def test_geometry_scalars_and_target_kinds():
    spec = _saxpy_spec()
    assert launch_geometry(spec, {"N": 1000}) == ((4, 1, 1), (256, 1, 1))
    v = scalar_value(Scalar("n", "int32", lambda s: 7), {})
    assert v.dtype == np.int32 and v == 7
    with pytest.raises(ValueError, match="does not fit int32"):
        scalar_value(Scalar("n", "int32", lambda s: 2 ** 40), {})
    assert runtime_kind_for_target("sm_90") == "cuda"
    assert runtime_kind_for_target("gfx1100") == "hip"
    assert runtime_kind_for_target(None) is None


# -- the generic Runtime.time on the simulated runtime -------------------------------------------

def test_runtime_time_checks_then_times(tmp_path):
    rt = FakeRuntime({"default": 100.0, "fast": 90.0})
    spec = _saxpy_spec()
    mods = {"default": "good", "default#2": "good", "fast": "good", "wrong": "wrong",
            "crash": "crash"}
    ks = {}
    for name, kind in mods.items():
        p = tmp_path / f"{name.split('#')[0]}.ptx"
        p.write_text(kind)
        ks[name] = rt.load(p, "saxpy")
    res = rt.time(spec, ks, rounds=15, reps=4, warmup=2, warmup_s=0.0)
    v = res.variants
    assert res.baseline == "default"
    assert v["default"].ok and v["fast"].ok and v["default"].max_rel_err < 1e-6
    assert v["wrong"].ok is False and not v["wrong"].timed and "wrong output" in v["wrong"].error
    assert v["crash"].ok is False and "run failed" in v["crash"].error
    assert v["fast"].speedup_ci[0] > 1.0 and abs(v["fast"].speedup - 100 / 90) < 0.03
    assert v["default"].speedup == 1.0
    assert res.noise_floor is not None and res.noise_floor.rel_diff.contains(0.0)
    assert len(res.orders) == 15 and all(len(o) == 3 for o in res.orders)
    assert v["fast"].attributes["registers"] == 32
    d = res.to_dict()
    json.dumps(d, allow_nan=False)  # results must be strict JSON
    assert d["variants"]["fast"]["registers"] == 32
    assert d["variants"]["wrong"]["median_us"] is None
    assert "A/A noise floor" in res.table()


def test_run_and_check_restores_outputs(tmp_path):
    rt = FakeRuntime({})
    p = tmp_path / "g.ptx"
    p.write_text("good")
    assert rt.run_and_check(_saxpy_spec(), rt.load(p, "saxpy"), {"N": 64}, seed=3)[0]
    p2 = tmp_path / "w.ptx"
    p2.write_text("wrong")
    ok, err = rt.run_and_check(_saxpy_spec(), rt.load(p2, "saxpy"), {"N": 64})
    assert not ok and err > 0.01


# -- bundles ------------------------------------------------------------------------------------

def _make_bundle(d: Path, target="sm_90") -> dict:
    d.mkdir(parents=True, exist_ok=True)
    (d / "spec.py").write_text(SPEC_FILE_TEXT)
    manifest = {
        "kernel": {"name": "saxpy", "spec": "spec.py"},
        "size": {"N": 2000},
        "target": target,
        "variants": [
            {"name": "default", "agent": "default", "module": _write_module(d, "default", "good"),
             "entry": "saxpy", "metrics": {"registers": 10}},
            {"name": "fast", "agent": "random", "module": _write_module(d, "fast", "good"),
             "entry": "saxpy", "decisions_file": "fast.decisions.jsonl"},
            {"name": "bad", "agent": "random", "module": _write_module(d, "bad", "wrong"),
             "entry": "saxpy"},
        ],
        "tool_versions": {"llc": "19.1.7"},
    }
    (d / "fast.decisions.jsonl").write_text("{}\n")
    bundle_mod.write_manifest(d, manifest)
    return manifest


def test_manifest_round_trip(tmp_path):
    m = _make_bundle(tmp_path / "b")
    b = bundle_mod.load_bundle(tmp_path / "b")
    assert b.manifest["format_version"] == bundle_mod.FORMAT_VERSION and b.manifest["created"]
    assert b.kernel_name == "saxpy" and b.size == {"N": 2000} and b.target == "sm_90"
    assert [v.name for v in b.variants] == ["default", "fast", "bad"]
    assert b.variant("fast").decisions_file == "fast.decisions.jsonl"
    assert b.variant("default").metrics == {"registers": 10}
    assert b.variant("default").module == (tmp_path / "b" / "default.ptx").resolve()
    assert b.manifest["variants"] == m["variants"]
    assert b.spec().name == "saxpy"
    with pytest.raises(bundle_mod.BundleError, match="no variant named 'nope'"):
        b.variant("nope")


def _expect_error(tmp_path, manifest, *fragments):
    d = tmp_path / "bad"
    d.mkdir(exist_ok=True)
    (d / "manifest.json").write_text(json.dumps(manifest))
    with pytest.raises(bundle_mod.BundleError) as ei:
        bundle_mod.load_bundle(d)
    msg = str(ei.value)
    assert "manifest.json" in msg
    for f in fragments:
        assert f in msg, msg
    return msg


def test_manifest_errors_name_file_and_field(tmp_path):
    with pytest.raises(bundle_mod.BundleError, match="bundle directory not found"):
        bundle_mod.load_bundle(tmp_path / "missing")
    (tmp_path / "empty").mkdir()
    with pytest.raises(bundle_mod.BundleError, match="manifest.json: not found"):
        bundle_mod.load_bundle(tmp_path / "empty")
    d = tmp_path / "bad"
    d.mkdir()
    (d / "manifest.json").write_text('{"format_version": 1,\n "kernel": }')
    with pytest.raises(bundle_mod.BundleError, match="invalid JSON at line 2"):
        bundle_mod.load_bundle(d)

    _write_module(d, "m", "good")
    ok_variant = {"name": "default", "module": "m.ptx", "entry": "saxpy"}
    base = {"format_version": 1, "kernel": {"name": "k", "spec": "suite:k"},
            "variants": [ok_variant]}
    _expect_error(tmp_path, {**base, "format_version": 99}, "format_version: 99 not supported")
    _expect_error(tmp_path, {k: v for k, v in base.items() if k != "kernel"}, "kernel: missing")
    _expect_error(tmp_path, {**base, "kernel": {"name": "k", "spec": "nospec.py"}},
                  "kernel.spec: file 'nospec.py' not found")
    _expect_error(tmp_path, {**base, "variants": []}, "variants: missing or empty")
    _expect_error(tmp_path, {**base, "variants": [ok_variant, ok_variant]},
                  "variants[1].name: 'default' appears twice")
    _expect_error(tmp_path, {**base, "variants": [{**ok_variant, "module": "gone.ptx"}]},
                  "variants[0] (default).module: file 'gone.ptx' not found")
    _expect_error(tmp_path, {**base, "variants": [{**ok_variant, "module": "../m.ptx"}]},
                  "must be a relative path inside the bundle")
    _expect_error(tmp_path, {**base, "variants": [{**ok_variant, "module": "/etc/passwd"}]},
                  "must be a relative path inside the bundle")
    (d / "m.txt").write_text("x")
    _expect_error(tmp_path, {**base, "variants": [{**ok_variant, "module": "m.txt"}]},
                  "is not one of")
    _expect_error(tmp_path, {**base, "variants": [{"name": "v", "module": "m.ptx"}]},
                  "variants[0] (v).entry: missing")
    msg = _expect_error(tmp_path, {**base, "size": [1], "target": 90}, "size:", "target:")
    assert msg.count("\n") >= 2  # every problem listed, one per line
    # write_manifest validates too, before writing anything
    with pytest.raises(bundle_mod.BundleError, match="variants"):
        bundle_mod.write_manifest(tmp_path / "w", {"kernel": {"name": "k", "spec": "suite:k"}})
    assert not (tmp_path / "w" / "manifest.json").exists()


def test_suite_spec_is_resolved_lazily(tmp_path, monkeypatch):
    d = tmp_path / "b"
    d.mkdir()
    _write_module(d, "m", "good")
    bundle_mod.write_manifest(d, {"kernel": {"name": "saxpy", "spec": "suite:saxpy"},
                                  "variants": [{"name": "default", "module": "m.ptx",
                                                "entry": "saxpy"}]})
    fake = types.ModuleType("agentsched.kernels.suite")

    def get_kernel(name):
        if name != "saxpy":
            raise KeyError(name)
        return _saxpy_spec()
    fake.get_kernel = get_kernel
    monkeypatch.setitem(sys.modules, "agentsched.kernels.suite", fake)
    assert bundle_mod.load_bundle(d).spec().name == "saxpy"
    m = json.loads((d / "manifest.json").read_text())
    m["kernel"]["spec"] = "suite:nope"
    (d / "manifest.json").write_text(json.dumps(m))
    with pytest.raises(bundle_mod.BundleError, match="kernel.spec 'suite:nope': no such suite"):
        bundle_mod.load_bundle(d).spec()


def test_add_user_spec_copies_spec_and_source(tmp_path):
    src_dir = tmp_path / "user"
    src_dir.mkdir()
    (src_dir / "my_spec.py").write_text(SPEC_FILE_TEXT)
    (src_dir / "saxpy.cu").write_text("// kernel source\n")
    kernel = bundle_mod.add_user_spec(tmp_path / "b", src_dir / "my_spec.py")
    assert kernel == {"name": "saxpy", "spec": "spec.py", "source": "saxpy.cu"}
    assert (tmp_path / "b" / "spec.py").read_text() == SPEC_FILE_TEXT
    assert (tmp_path / "b" / "saxpy.cu").is_file()


def test_time_bundle_writes_results_atomically(tmp_path):
    d = tmp_path / "b"
    _make_bundle(d)
    rt = FakeRuntime({"default": 100.0, "fast": 80.0})
    res = bundle_mod.time_bundle(d, rounds=9, reps=3, warmup=1, runtime=rt, warmup_s=0.0,
                                 command="agentsched time b")
    on_disk = json.loads((d / "results.json").read_text())
    assert on_disk == json.loads(json.dumps(res))
    assert [p.name for p in d.iterdir() if p.name.endswith(".tmp")] == []
    v = on_disk["variants"]
    assert list(v) == ["default", "fast", "bad", "default#2"]
    assert v["default#2"]["aa_copy_of"] == "default"
    assert v["fast"]["ok"] and v["fast"]["speedup_ci"][0] > 1.0
    assert v["fast"]["agent"] == "random" and v["fast"]["decisions_file"]
    assert v["default"]["static"] == {"registers": 10} and v["default"]["registers"] == 32
    assert v["bad"]["ok"] is False and v["bad"]["median_us"] is None
    assert on_disk["noise_floor"]["b"] == "default#2"
    assert on_disk["command"] == "agentsched time b"
    assert on_disk["size"] == {"N": 2000} and on_disk["settings"]["rounds"] == 9
    assert on_disk["tool_versions"] == {"llc": "19.1.7"}
    # the A/A copy is a second load of the same file
    assert rt.launches[str((d / "default.ptx").resolve())] > 2 * 9 * 3


def test_time_bundle_load_failure_and_target_mismatch(tmp_path):
    d = tmp_path / "b"
    m = _make_bundle(d)
    (d / "fast.ptx").write_text("garbage")  # load fails -> reported, not timed
    bundle_mod.write_manifest(d, m)  # (made so: a file changed after the manifest is refused)
    res = bundle_mod.time_bundle(d, rounds=3, reps=1, runtime=FakeRuntime({}), warmup_s=0.0,
                                 out=None)
    assert res["variants"]["fast"]["ok"] is False
    assert "load failed" in res["variants"]["fast"]["error"]
    assert not (d / "results.json").exists()  # out=None writes nothing
    d2 = tmp_path / "amd"
    _make_bundle(d2, target="gfx1100")
    with pytest.raises(bundle_mod.BundleError, match="needs the hip runtime"):
        bundle_mod.time_bundle(d2, runtime=FakeRuntime({}))
    with pytest.raises(bundle_mod.BundleError, match="baseline 'zz'"):
        bundle_mod.time_bundle(d, baseline="zz", runtime=FakeRuntime({}))


def test_bundle_cli_show_and_errors(tmp_path, capsys):
    d = tmp_path / "b"
    _make_bundle(d)
    assert bundle_mod.main(["show", str(d)]) == 0
    assert "default: default.ptx" in capsys.readouterr().out
    assert bundle_mod.main(["show", str(tmp_path / "nope")]) == 2
    assert "bundle directory not found" in capsys.readouterr().err


# -- HIP ----------------------------------------------------------------------------------------

def _read(ptr: int, ctype):
    return ctype.from_address(ptr).value


def test_hip_pack_kernel_params():
    spec = KernelSpec(
        name="k", source=Path("k.hip"), entry="k",
        params=(Buffer("x", "float32", lambda s: (4,)),
                Scalar("alpha", "float32", lambda s: 1.5),
                Scalar("n", "int32", lambda s: -7),
                Scalar("big", "int64", lambda s: 2 ** 40),
                Scalar("h", "float16", lambda s: 0.5),
                Buffer("out", "float32", lambda s: (4,), output=True)),
        grid=lambda s: (1,), block=lambda s: (64,),
        inputs=lambda s, rng: {}, reference=lambda h, s: {})
    params = hip_mod.pack_kernel_params(spec, {}, {"x": 0x1000, "out": 0xdead0000})
    arr = params.array
    assert len(params) == 6 and len(arr) == 6
    assert _read(arr[0], ctypes.c_void_p) == 0x1000
    assert _read(arr[1], ctypes.c_float) == 1.5
    assert _read(arr[2], ctypes.c_int32) == -7
    assert _read(arr[3], ctypes.c_int64) == 2 ** 40
    assert _read(arr[4], ctypes.c_uint16) == int(np.float16(0.5).view(np.uint16))
    assert _read(arr[5], ctypes.c_void_p) == 0xdead0000
    with pytest.raises(ValueError, match="no device pointer for buffer 'out'"):
        hip_mod.pack_kernel_params(spec, {}, {"x": 1})


def test_hip_library_candidates_and_missing_library_message(tmp_path):
    env = {"ROCM_PATH": "/my/rocm"}
    cands = hip_mod.hip_library_candidates(env)
    assert cands[0] == "/my/rocm/lib/libamdhip64.so" and "/opt/rocm/lib/libamdhip64.so" in cands
    assert "libamdhip64.so" in cands
    missing = str(tmp_path / "libamdhip64.so")
    assert hip_mod.hip_library_candidates({hip_mod.HIP_LIB_ENV: missing}) == [missing]

    def no_lib(name):
        raise OSError(f"{name}: cannot open shared object file")
    with pytest.raises(RuntimeUnavailable) as ei:
        hip_mod.load_hip_library({hip_mod.HIP_LIB_ENV: missing}, loader=no_lib)
    msg = str(ei.value)
    assert hip_mod.HIP_LIB_ENV in msg and missing in msg and "libamdhip64" in msg
    with pytest.raises(RuntimeUnavailable, match="tried:") as ei:
        hip_mod.load_hip_library(env, loader=no_lib)
    assert "/opt/rocm/lib/libamdhip64.so" in str(ei.value)


def test_hip_runtime_with_missing_library_env(monkeypatch, tmp_path):
    monkeypatch.setenv(hip_mod.HIP_LIB_ENV, str(tmp_path / "nope.so"))
    with pytest.raises(RuntimeUnavailable, match="nope.so"):
        get_runtime("hip")


# -- runtime selection ----------------------------------------------------------------------------

def _cuda_gpu_present() -> bool:
    try:
        import cupy
        return cupy.cuda.runtime.getDeviceCount() > 0
    except Exception:
        return False


def test_cuda_without_cupy_is_unavailable(monkeypatch):
    monkeypatch.setitem(sys.modules, "cupy", None)  # import cupy -> ImportError
    with pytest.raises(RuntimeUnavailable, match="CuPy is not installed"):
        get_runtime("cuda")


def test_get_runtime_bad_kind():
    with pytest.raises(ValueError, match="unknown runtime"):
        get_runtime("opencl")


@pytest.mark.skipif(_cuda_gpu_present(), reason="a CUDA GPU is present here")
def test_get_runtime_without_gpu_raises(monkeypatch, tmp_path):
    monkeypatch.setenv(hip_mod.HIP_LIB_ENV, str(tmp_path / "nope.so"))
    with pytest.raises(RuntimeUnavailable) as ei:
        get_runtime("auto")
    msg = str(ei.value)
    assert "cuda:" in msg and "hip:" in msg


# -- real GPU (CUDA) ------------------------------------------------------------------------------

# nvcc 13.0 -ptx -arch=sm_90 -O3 of:
#   extern "C" __global__ void saxpy(const float* x, const float* y, float* out, float a, int n)
#   { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) out[i] = a * x[i] + y[i]; }
# (.version lowered to 8.0 so older drivers JIT it too)
SAXPY_PTX = """
.version 8.0
.target sm_90
.address_size 64

.visible .entry saxpy(
	.param .u64 saxpy_param_0,
	.param .u64 saxpy_param_1,
	.param .u64 saxpy_param_2,
	.param .f32 saxpy_param_3,
	.param .u32 saxpy_param_4
)
{
	.reg .pred 	%p<2>;
	.reg .f32 	%f<5>;
	.reg .b32 	%r<6>;
	.reg .b64 	%rd<11>;

	ld.param.u64 	%rd1, [saxpy_param_0];
	ld.param.u64 	%rd2, [saxpy_param_1];
	ld.param.u64 	%rd3, [saxpy_param_2];
	ld.param.f32 	%f1, [saxpy_param_3];
	ld.param.u32 	%r2, [saxpy_param_4];
	mov.u32 	%r3, %ctaid.x;
	mov.u32 	%r4, %ntid.x;
	mov.u32 	%r5, %tid.x;
	mad.lo.s32 	%r1, %r3, %r4, %r5;
	setp.ge.s32 	%p1, %r1, %r2;
	@%p1 bra 	$L__BB0_2;

	cvta.to.global.u64 	%rd4, %rd1;
	mul.wide.s32 	%rd5, %r1, 4;
	add.s64 	%rd6, %rd4, %rd5;
	ld.global.nc.f32 	%f2, [%rd6];
	cvta.to.global.u64 	%rd7, %rd2;
	add.s64 	%rd8, %rd7, %rd5;
	ld.global.nc.f32 	%f3, [%rd8];
	fma.rn.f32 	%f4, %f2, %f1, %f3;
	cvta.to.global.u64 	%rd9, %rd3;
	add.s64 	%rd10, %rd9, %rd5;
	st.global.f32 	[%rd10], %f4;

$L__BB0_2:
	ret;
}
"""
WRONG_PTX = SAXPY_PTX.replace("fma.rn.f32 	%f4, %f2, %f1, %f3;", "sub.f32 	%f4, %f2, %f3;")

gpu = pytest.mark.skipif(not _cuda_gpu_present(), reason="no CUDA GPU (CuPy + driver) here")


@pytest.mark.gpu
@gpu
def test_cuda_saxpy_check_and_time(tmp_path):
    (tmp_path / "saxpy.ptx").write_text(SAXPY_PTX)
    (tmp_path / "wrong.ptx").write_text(WRONG_PTX)
    rt = get_runtime("cuda")
    spec = _saxpy_spec(1 << 22)
    k = rt.load(tmp_path / "saxpy.ptx", "saxpy")
    k2 = rt.load(tmp_path / "saxpy.ptx", "saxpy")
    bad = rt.load(tmp_path / "wrong.ptx", "saxpy")
    ok, err = rt.run_and_check(spec, k, seed=1)
    assert ok and err < 1e-5
    assert not rt.run_and_check(spec, bad)[0]
    with pytest.raises(KernelLoadError, match="nosuch"):
        rt.load(tmp_path / "saxpy.ptx", "nosuch")
    res = rt.time(spec, {"default": k, "default#2": k2, "wrong": bad}, rounds=7, reps=5)
    d = res.to_dict()
    json.dumps(d, allow_nan=False)
    assert d["variants"]["default"]["ok"] and d["variants"]["wrong"]["ok"] is False
    assert d["variants"]["default"]["median_us"] > 0
    assert d["variants"]["default"]["registers"] > 0
    assert d["noise_floor"] is not None
    assert d["device"].get("gpu")
    print(res.table())


@pytest.mark.gpu
@gpu
def test_cuda_bundle_cli(tmp_path, capsys):
    d = tmp_path / "b"
    d.mkdir()
    (d / "spec.py").write_text(SPEC_FILE_TEXT)
    (d / "default.ptx").write_text(SAXPY_PTX)
    (d / "wrong.ptx").write_text(WRONG_PTX)
    bundle_mod.write_manifest(d, {
        "kernel": {"name": "saxpy", "spec": "spec.py"}, "size": {"N": 1 << 20},
        "target": "sm_90",
        "variants": [{"name": "default", "module": "default.ptx", "entry": "saxpy"},
                     {"name": "wrong", "module": "wrong.ptx", "entry": "saxpy"}]})
    assert bundle_mod.main(["check", str(d)]) == 1  # "wrong" is wrong
    assert bundle_mod.main(["time", str(d), "--rounds", "5", "--variants", "default"]) == 0
    r = json.loads((d / "results.json").read_text())
    assert set(r["variants"]) == {"default", "default#2"}
    assert r["noise_floor"] and r["device"]["gpu"]
