"""CUDA runtime through CuPy: load PTX or cubin, run, check, time with CUDA events.

Modules are loaded with the driver's cuModuleLoad (PTX is JIT-compiled by the driver, a cubin
is used as is). We use cupy.cuda.function.Module rather than RawModule(path=...) because
RawModule memoizes by path: a search that rewrites the same file would get the old kernel.
"""
from __future__ import annotations

import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

from ..kernels.spec import Buffer, KernelSpec
from .base import (
    Kernel,
    KernelLoadError,
    Runtime,
    RuntimeUnavailable,
    launch_geometry,
    scalar_value,
)

# CUfunction_attribute values (stable in the CUDA driver API since CUDA 4-ish).
_FUNC_ATTRS = {
    "max_threads_per_block": 0,
    "static_shared_bytes": 1,
    "const_bytes": 2,
    "local_bytes": 3,  # per-thread local memory: register spills and local arrays
    "registers": 4,
    "ptx_version": 5,
    "binary_version": 6,
}
_MAX_DYNAMIC_SHARED = 8  # CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES
_DEFAULT_DYNAMIC_SHARED = 48 * 1024  # above this a kernel must opt in


def _import_cupy():
    try:
        import cupy
    except ImportError as e:
        raise RuntimeUnavailable(
            "CuPy is not installed (pip install cupy-cuda12x or cupy-cuda13x, matching the "
            f"driver's CUDA version): {e}") from None
    except Exception as e:  # a broken install (missing libcudart, ...) raises other errors
        raise RuntimeUnavailable(f"CuPy failed to import: {type(e).__name__}: {e}") from None
    return cupy


class CudaRuntime(Runtime):
    kind = "cuda"

    def __init__(self, device: int = 0):
        cp = _import_cupy()
        try:
            count = cp.cuda.runtime.getDeviceCount()
        except Exception as e:
            raise RuntimeUnavailable(
                f"CuPy is installed but no CUDA driver/device is usable: {e}") from None
        if count < 1:
            raise RuntimeUnavailable("the CUDA driver reports no GPU")
        if not 0 <= device < count:
            raise RuntimeUnavailable(f"CUDA device {device} requested, {count} present")
        # `from ... import` works whether these are submodules or attributes (driver is an
        # attribute re-exported from cupy_backends in CuPy 14).
        from cupy.cuda import driver, function  # noqa: F401
        self.cp = cp
        self.device = device
        cp.cuda.Device(device).use()

    # -- modules -------------------------------------------------------------------------------
    def load(self, module_path: Path, entry: str) -> Kernel:
        path = Path(module_path)
        if not path.is_file():
            raise KernelLoadError(f"{path}: module file not found")
        try:
            try:
                mod = self.cp.cuda.function.Module()
                mod.load_file(str(path))
            except (AttributeError, TypeError):
                # Should CuPy's low-level Module API change, use the public (memoized) one.
                mod = self.cp.RawModule(path=str(path))
            fn = mod.get_function(entry)
        except Exception as e:
            raise KernelLoadError(f"{path}: cannot load kernel {entry!r}: {e}") from None
        return Kernel(path=path, entry=entry, native=fn, module=mod)

    @staticmethod
    def _fn_ptr(native) -> int:
        # cupy.cuda.function.Function has .ptr; a RawKernel (fallback) has .kernel.ptr
        return int(native.ptr) if hasattr(native, "ptr") else int(native.kernel.ptr)

    def _attr(self, kernel: Kernel, attr: int) -> int:
        return int(self.cp.cuda.driver.funcGetAttribute(attr, self._fn_ptr(kernel.native)))

    def kernel_attributes(self, kernel: Kernel) -> dict:
        out = {}
        for name, attr in _FUNC_ATTRS.items():
            try:
                out[name] = self._attr(kernel, attr)
            except Exception:
                out[name] = None
        out["module_format"] = "ptx (driver JIT)" if kernel.path.suffix == ".ptx" else "cubin"
        return out

    # -- device facts -------------------------------------------------------------------------
    def device_info(self) -> dict:
        rt = self.cp.cuda.runtime
        info = {"runtime": "cuda", "device_index": self.device,
                "cupy_version": self.cp.__version__}
        try:
            p = rt.getDeviceProperties(self.device)
            name = p.get("name", b"")
            info["gpu"] = name.decode() if isinstance(name, bytes) else str(name)
            info["compute_capability"] = f"{p.get('major')}.{p.get('minor')}"
            info["sm_count"] = p.get("multiProcessorCount")
            info["memory_bytes"] = p.get("totalGlobalMem")
            info["l2_bytes"] = p.get("l2CacheSize")
            for k, dst in (("clockRate", "max_sm_clock_khz"),
                           ("memoryClockRate", "max_mem_clock_khz")):
                if p.get(k):  # gone from the CUDA 13 device properties; NVML has them
                    info[dst] = p[k]
        except Exception as e:
            info["properties_error"] = str(e)
        for key, fn in (("driver_api_version", rt.driverGetVersion),
                        ("cuda_runtime_version", rt.runtimeGetVersion)):
            try:
                v = int(fn())  # e.g. 13000 -> "13.0"
                info[key] = f"{v // 1000}.{(v % 1000) // 10}"
            except Exception:
                pass
        info.update(_nvml_static(self._pci_bus_id()))
        return info

    def _pci_bus_id(self):
        try:
            return self.cp.cuda.runtime.deviceGetPCIBusId(self.device)
        except Exception:
            return None

    def clocks(self) -> dict:
        return _nvml_clocks(self._pci_bus_id())

    # -- buffers and launches -------------------------------------------------------------------
    def _alloc(self, spec: KernelSpec, host: dict) -> dict:
        return {b.name: self.cp.asarray(host[b.name]) for b in spec.buffers()}

    def _upload(self, dev: dict, host: dict, names) -> None:
        for n in names:
            dev[n].set(host[n])

    def _download(self, dev: dict, host: dict, names) -> dict:
        return {n: self.cp.asnumpy(dev[n]) for n in names}

    def _free(self, dev: dict) -> None:
        dev.clear()
        self.cp.get_default_memory_pool().free_all_blocks()

    def _launcher(self, kernel: Kernel, spec: KernelSpec, size: dict,
                  dev: dict) -> Callable[[], None]:
        grid, block = launch_geometry(spec, size)
        args = tuple(dev[p.name] if isinstance(p, Buffer) else scalar_value(p, size)
                     for p in spec.params)
        shmem = int(spec.shared_bytes)
        if shmem > _DEFAULT_DYNAMIC_SHARED:
            self.cp.cuda.driver.funcSetAttribute(self._fn_ptr(kernel.native), _MAX_DYNAMIC_SHARED,
                                                shmem)
        fn = kernel.native

        def launch():
            fn(grid, block, args, shared_mem=shmem)
        return launch

    def _sync(self) -> None:
        self.cp.cuda.runtime.deviceSynchronize()  # also surfaces asynchronous kernel faults

    def _time_launches(self, launch: Callable[[], None], reps: int) -> float:
        cp = self.cp
        start, stop = cp.cuda.Event(), cp.cuda.Event()
        start.record()
        for _ in range(reps):
            launch()
        stop.record()
        stop.synchronize()
        return float(cp.cuda.get_elapsed_time(start, stop))


# -- NVML (optional: clocks, driver version) --------------------------------------------------

def _nvml_handle(pci_bus_id):
    import pynvml  # nvidia-ml-py; optional
    pynvml.nvmlInit()
    if pci_bus_id:
        try:
            return pynvml, pynvml.nvmlDeviceGetHandleByPciBusId(pci_bus_id)
        except Exception:
            pass
    if pynvml.nvmlDeviceGetCount() == 1:  # unambiguous without the bus id
        return pynvml, pynvml.nvmlDeviceGetHandleByIndex(0)
    raise RuntimeError("cannot match the CUDA device to an NVML device")


def _s(x):
    return x.decode() if isinstance(x, bytes) else x


def _nvml_static(pci_bus_id) -> dict:
    try:
        nv, h = _nvml_handle(pci_bus_id)
        return {"driver_version": _s(nv.nvmlSystemGetDriverVersion()),
                "max_sm_clock_mhz": nv.nvmlDeviceGetMaxClockInfo(h, nv.NVML_CLOCK_SM),
                "max_mem_clock_mhz": nv.nvmlDeviceGetMaxClockInfo(h, nv.NVML_CLOCK_MEM),
                "power_limit_w": nv.nvmlDeviceGetEnforcedPowerLimit(h) / 1000.0}
    except Exception:
        return _nvidia_smi(["driver_version", "clocks.max.sm", "clocks.max.mem"],
                           ["driver_version", "max_sm_clock_mhz", "max_mem_clock_mhz"],
                           pci_bus_id)


def _nvml_clocks(pci_bus_id) -> dict:
    try:
        nv, h = _nvml_handle(pci_bus_id)
        return {"sm_clock_mhz": nv.nvmlDeviceGetClockInfo(h, nv.NVML_CLOCK_SM),
                "mem_clock_mhz": nv.nvmlDeviceGetClockInfo(h, nv.NVML_CLOCK_MEM),
                "temperature_c": nv.nvmlDeviceGetTemperature(h, nv.NVML_TEMPERATURE_GPU),
                "power_w": nv.nvmlDeviceGetPowerUsage(h) / 1000.0}
    except Exception:
        return _nvidia_smi(["clocks.sm", "clocks.mem", "temperature.gpu", "power.draw"],
                           ["sm_clock_mhz", "mem_clock_mhz", "temperature_c", "power_w"],
                           pci_bus_id)


def _nvidia_smi(fields: list, keys: list, pci_bus_id=None) -> dict:
    exe = shutil.which("nvidia-smi")
    if not exe:
        return {}
    try:
        out = subprocess.run([exe, f"--query-gpu={','.join(fields)}",
                              "--format=csv,noheader,nounits", "-i", pci_bus_id or "0"],
                             capture_output=True, text=True, timeout=10).stdout
    except Exception:
        return {}
    vals = [v.strip() for v in out.strip().splitlines()[0].split(",")] if out.strip() else []
    res = {}
    for k, v in zip(keys, vals):
        try:
            res[k] = float(v) if k != "driver_version" else v
        except ValueError:
            res[k] = v
    return res
