#!/usr/bin/env bash
# Install what agentsched needs from Debian 12: LLVM 19 (llc, clang, lld, headers), g++ for
# the plugin, python3-venv, and for users' own HIP kernels ROCm 5.2.3's HIP headers and device
# libraries (no hipcc: clang-19 compiles HIP itself; hipcc would pull in clang-15), and clang's
# omp.h, which host code beside CUDA kernels includes (nvcc's host compiler has its own), and
# clang-tools-19 for whole HIP programs (clang-offload-bundler). Does
# nothing when everything is already there.
set -euo pipefail
need=()
for pair in llc-19:llvm-19 llvm-mca-19:llvm-19 llvm-config-19:llvm-19-dev clang-19:clang-19 \
            ld.lld-19:lld-19 g++:g++; do
  tool=${pair%%:*}; pkg=${pair##*:}
  command -v "$tool" >/dev/null 2>&1 || need+=("$pkg")
done
[ -f /usr/lib/llvm-19/include/llvm/CodeGen/MachineScheduler.h ] || need+=(llvm-19-dev)
[ -f /usr/include/hip/hip_runtime.h ] || need+=(libamdhip64-dev)
[ -f /usr/lib/x86_64-linux-gnu/amdgcn/bitcode/ocml.bc ] || need+=(rocm-device-libs)
[ -f /usr/lib/llvm-19/lib/clang/19/include/omp.h ] || need+=(libomp-19-dev)
# clang-offload-bundler: clang-19 packs a HIP program's code objects with it (docs/build.md)
[ -x /usr/lib/llvm-19/bin/clang-offload-bundler ] || need+=(clang-tools-19)
python3 -c 'import venv, ensurepip' >/dev/null 2>&1 || need+=(python3-venv)
[ ${#need[@]} -eq 0 ] && exit 0
pkgs=$(printf '%s\n' "${need[@]}" | sort -u | tr '\n' ' ')
echo "installing Debian packages: $pkgs"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO=sudo
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq --no-install-recommends $pkgs >/dev/null
