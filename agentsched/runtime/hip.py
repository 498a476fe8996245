"""HIP runtime over libamdhip64 through ctypes: no ROCm Python packages needed.

It loads a code object (.co/.hsaco, e.g. `ld.lld -shared device.o -o device.co`) with
hipModuleLoad, the way the seed's `fa_runner device.co ...` does, launches with
hipModuleLaunchKernel(kernelParams=...) and times with hipEvents.

Library search order: $AGENTSCHED_HIP_LIB (only that, when set), $ROCM_PATH/lib, $HIP_PATH/lib,
/opt/rocm/lib, the linker's search path (ctypes.util.find_library), then plain sonames.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import os
import shutil
import subprocess
from collections.abc import Callable
from ctypes import POINTER, byref, c_char_p, c_float, c_int, c_size_t, c_uint, c_void_p
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..core import env
from ..kernels.spec import Buffer, KernelSpec
from .base import (
    Kernel,
    KernelLoadError,
    Runtime,
    RuntimeUnavailable,
    launch_geometry,
    scalar_value,
)

HIP_LIB_ENV = env.HIP_LIB
_SONAMES = ("libamdhip64.so", "libamdhip64.so.7", "libamdhip64.so.6", "libamdhip64.so.5")

# hipFunction_attribute values (the same numbering as CUDA's CUfunction_attribute).
_FUNC_ATTRS = {"max_threads_per_block": 0, "static_shared_bytes": 1, "const_bytes": 2,
               "local_bytes": 3, "registers": 4}

# ctypes storage for by-value arguments; only the size matters (the bytes are copied from the
# NumPy scalar), so float16/bfloat16 travel as 16-bit integers with the right bits.
_CTYPES = {1: ctypes.c_uint8, 2: ctypes.c_uint16, 4: ctypes.c_uint32, 8: ctypes.c_uint64}


class HipError(RuntimeError):
    """A HIP call returned an error; the message names the call and HIP's error string."""


# -- library discovery --------------------------------------------------------------------------

def hip_library_candidates(env: dict | None = None) -> list:
    """Paths/sonames to try for libamdhip64, in order."""
    env = os.environ if env is None else env
    if env.get(HIP_LIB_ENV):
        return [env[HIP_LIB_ENV]]  # an explicit choice: never silently fall back to another
    cands = []
    for root in (env.get("ROCM_PATH"), env.get("HIP_PATH"), "/opt/rocm"):
        if root:
            cands.append(str(Path(root) / "lib" / "libamdhip64.so"))
    found = ctypes.util.find_library("amdhip64")
    if found:
        cands.append(found)
    cands.extend(_SONAMES)
    return list(dict.fromkeys(cands))  # de-duplicated, order kept


def load_hip_library(env: dict | None = None, loader=ctypes.CDLL):
    """(library, path) of the first candidate that loads, else RuntimeUnavailable listing all."""
    env = os.environ if env is None else env
    tried = []
    for cand in hip_library_candidates(env):
        try:
            return loader(cand), cand
        except OSError as e:
            tried.append(f"{cand} ({e})")
    where = (f"${HIP_LIB_ENV}={env[HIP_LIB_ENV]}" if env.get(HIP_LIB_ENV)
             else "the ROCm locations and the linker path")
    raise RuntimeUnavailable(
        f"HIP runtime library libamdhip64 not found in {where}; tried:\n    "
        + "\n    ".join(tried)
        + f"\nInstall ROCm's HIP runtime (needs an AMD GPU) or set {HIP_LIB_ENV}="
          "/path/to/libamdhip64.so.")


# -- kernel arguments -----------------------------------------------------------------------------

@dataclass
class KernelParams:
    """hipModuleLaunchKernel's kernelParams: an array of pointers, one per parameter, each
    pointing at that argument's value. `values` owns the storage: keep this object alive
    until the launch has been enqueued."""
    values: list
    array: ctypes.Array

    def __len__(self) -> int:
        return len(self.values)


def _scalar_storage(value: np.generic):
    ct = _CTYPES.get(value.nbytes)
    if ct is None:
        raise ValueError(f"no by-value argument type of {value.nbytes} bytes")
    return ct.from_buffer_copy(value.tobytes())


def pack_kernel_params(spec: KernelSpec, size: dict, device_ptrs: dict) -> KernelParams:
    """Pack the spec's parameters, in order: buffers as device pointers, scalars by value."""
    values = []
    for p in spec.params:
        if isinstance(p, Buffer):
            if p.name not in device_ptrs:
                raise ValueError(f"kernel {spec.name}: no device pointer for buffer {p.name!r}")
            values.append(c_void_p(int(device_ptrs[p.name])))
        else:
            values.append(_scalar_storage(scalar_value(p, size)))
    array = (c_void_p * len(values))(*[ctypes.addressof(v) for v in values])
    return KernelParams(values=values, array=array)


# -- the runtime ----------------------------------------------------------------------------------

def _declare(lib) -> None:
    """argtypes so that ctypes passes 64-bit pointers and sizes correctly."""
    sig = {
        "hipInit": [c_uint],
        "hipGetDeviceCount": [POINTER(c_int)],
        "hipSetDevice": [c_int],
        "hipDeviceGetName": [c_char_p, c_int, c_int],
        "hipDriverGetVersion": [POINTER(c_int)],
        "hipRuntimeGetVersion": [POINTER(c_int)],
        "hipModuleLoad": [POINTER(c_void_p), c_char_p],
        "hipModuleGetFunction": [POINTER(c_void_p), c_void_p, c_char_p],
        "hipModuleUnload": [c_void_p],
        "hipFuncGetAttribute": [POINTER(c_int), c_int, c_void_p],
        "hipMalloc": [POINTER(c_void_p), c_size_t],
        "hipFree": [c_void_p],
        "hipMemcpyHtoD": [c_void_p, c_void_p, c_size_t],
        "hipMemcpyDtoH": [c_void_p, c_void_p, c_size_t],
        "hipModuleLaunchKernel": [c_void_p, c_uint, c_uint, c_uint, c_uint, c_uint, c_uint,
                                  c_uint, c_void_p, POINTER(c_void_p), POINTER(c_void_p)],
        "hipDeviceSynchronize": [],
        "hipEventCreate": [POINTER(c_void_p)],
        "hipEventRecord": [c_void_p, c_void_p],
        "hipEventSynchronize": [c_void_p],
        "hipEventElapsedTime": [POINTER(c_float), c_void_p, c_void_p],
        "hipEventDestroy": [c_void_p],
    }
    for name, args in sig.items():
        fn = getattr(lib, name)
        fn.argtypes = args
        fn.restype = c_int
    lib.hipGetErrorString.argtypes = [c_int]
    lib.hipGetErrorString.restype = c_char_p


@dataclass
class _DevBuf:
    ptr: int
    nbytes: int


class HipRuntime(Runtime):
    kind = "hip"

    def __init__(self, device: int = 0, lib=None):
        self.lib, self.lib_path = (lib, "<given>") if lib is not None else load_hip_library()
        try:
            _declare(self.lib)
        except AttributeError as e:
            raise RuntimeUnavailable(f"{self.lib_path} lacks a HIP function: {e}") from None
        err = self.lib.hipInit(0)
        if err:
            raise RuntimeUnavailable(f"hipInit failed ({self._errstr(err)}): no AMD GPU or "
                                     f"driver usable (library {self.lib_path})")
        n = c_int(0)
        err = self.lib.hipGetDeviceCount(byref(n))
        if err or n.value < 1:
            raise RuntimeUnavailable(f"HIP reports no GPU ({self._errstr(err) if err else '0'})")
        if not 0 <= device < n.value:
            raise RuntimeUnavailable(f"HIP device {device} requested, {n.value} present")
        self.device = device
        self._call("hipSetDevice", device)

    def _errstr(self, err: int) -> str:
        try:
            return f"{self.lib.hipGetErrorString(err).decode()}, hipError {err}"
        except Exception:
            return f"hipError {err}"

    def _call(self, name: str, *args) -> None:
        err = getattr(self.lib, name)(*args)
        if err:
            raise HipError(f"{name}: {self._errstr(err)}")

    # -- modules --------------------------------------------------------------------------------
    def load(self, module_path: Path, entry: str) -> Kernel:
        path = Path(module_path)
        if not path.is_file():
            raise KernelLoadError(f"{path}: code object not found")
        mod, fn = c_void_p(), c_void_p()
        try:
            self._call("hipModuleLoad", byref(mod), str(path).encode())
            self._call("hipModuleGetFunction", byref(fn), mod, entry.encode())
        except HipError as e:
            raise KernelLoadError(f"{path}: cannot load kernel {entry!r}: {e}") from None
        return Kernel(path=path, entry=entry, native=fn, module=mod)

    def unload(self, kernel: Kernel) -> None:
        if kernel.module is not None:
            self._call("hipModuleUnload", kernel.module)
            kernel.module = None

    def kernel_attributes(self, kernel: Kernel) -> dict:
        out = {}
        for name, attr in _FUNC_ATTRS.items():
            v = c_int(0)
            err = self.lib.hipFuncGetAttribute(byref(v), attr, kernel.native)
            out[name] = None if err else int(v.value)
        out["module_format"] = "code object"
        return out

    def device_info(self) -> dict:
        info = {"runtime": "hip", "device_index": self.device, "library": self.lib_path}
        buf = ctypes.create_string_buffer(256)
        if not self.lib.hipDeviceGetName(buf, 256, self.device):
            info["gpu"] = buf.value.decode(errors="replace")
        for key, fn in (("driver_version", "hipDriverGetVersion"),
                        ("hip_runtime_version", "hipRuntimeGetVersion")):
            v = c_int(0)
            if not getattr(self.lib, fn)(byref(v)):
                info[key] = int(v.value)
        arch = _gpu_arch()
        if arch:
            info["arch"] = arch
        # Clocks: HIP has no portable call for current clocks (rocm-smi/amd-smi do); left out.
        return info

    # -- buffers and launches -------------------------------------------------------------------
    def _alloc(self, spec: KernelSpec, host: dict) -> dict:
        dev = {}
        try:
            for b in spec.buffers():
                nbytes = int(host[b.name].nbytes)
                p = c_void_p()
                self._call("hipMalloc", byref(p), max(nbytes, 1))
                dev[b.name] = _DevBuf(int(p.value), nbytes)
        except Exception:
            self._free(dev)
            raise
        self._upload(dev, host, list(dev))
        return dev

    def _upload(self, dev: dict, host: dict, names) -> None:
        for n in names:
            arr = np.ascontiguousarray(host[n])
            if dev[n].nbytes:
                self._call("hipMemcpyHtoD", c_void_p(dev[n].ptr), arr.ctypes.data, dev[n].nbytes)

    def _download(self, dev: dict, host: dict, names) -> dict:
        out = {}
        for n in names:
            arr = np.empty_like(host[n])
            if dev[n].nbytes:
                self._call("hipMemcpyDtoH", arr.ctypes.data, c_void_p(dev[n].ptr), dev[n].nbytes)
            out[n] = arr
        return out

    def _free(self, dev: dict) -> None:
        for d in dev.values():
            self.lib.hipFree(c_void_p(d.ptr))
        dev.clear()

    def _launcher(self, kernel: Kernel, spec: KernelSpec, size: dict,
                  dev: dict) -> Callable[[], None]:
        grid, block = launch_geometry(spec, size)
        params = pack_kernel_params(spec, size, {n: d.ptr for n, d in dev.items()})
        shmem = int(spec.shared_bytes)
        lib, fn = self.lib, kernel.native

        def launch():
            err = lib.hipModuleLaunchKernel(fn, *grid, *block, shmem, None, params.array, None)
            if err:
                raise HipError(f"hipModuleLaunchKernel({kernel.entry}): {self._errstr(err)}")
        return launch

    def _sync(self) -> None:
        self._call("hipDeviceSynchronize")

    def _time_launches(self, launch: Callable[[], None], reps: int) -> float:
        start, stop = c_void_p(), c_void_p()
        self._call("hipEventCreate", byref(start))
        self._call("hipEventCreate", byref(stop))
        try:
            self._call("hipEventRecord", start, None)
            for _ in range(reps):
                launch()
            self._call("hipEventRecord", stop, None)
            self._call("hipEventSynchronize", stop)
            ms = c_float(0.0)
            self._call("hipEventElapsedTime", byref(ms), start, stop)
            return float(ms.value)
        finally:
            self.lib.hipEventDestroy(start)
            self.lib.hipEventDestroy(stop)


def _gpu_arch() -> str | None:
    """The gfx name (e.g. gfx1100) from ROCm's enumerator tools, when installed."""
    for tool in ("rocm_agent_enumerator", "amdgpu-arch"):
        exe = shutil.which(tool) or (f"/opt/rocm/bin/{tool}"
                                     if os.path.exists(f"/opt/rocm/bin/{tool}") else None)
        if not exe:
            continue
        try:
            out = subprocess.run([exe], capture_output=True, text=True, timeout=10).stdout
        except Exception:
            continue
        archs = [a.strip() for a in out.split() if a.strip().startswith("gfx")
                 and a.strip() != "gfx000"]
        if archs:
            return archs[0]
    return None
