"""Every environment variable agentsched reads, in one place: each module reads its variable
through the name defined here, and the CLI's help lists VARIABLES."""
from __future__ import annotations

DATA = "AGENTSCHED_DATA"  # caches, the results store, the built plugin
LLVM_BIN = "AGENTSCHED_LLVM_BIN"  # LLVM 19's bin directory, searched after $PATH
PTXAS = "AGENTSCHED_PTXAS"  # the ptxas to use before any other
SDK_DIR = "AGENTSCHED_SDK_DIR"
PREBUILT_IR = "AGENTSCHED_PREBUILT_IR"  # a pack's kernels' IR, where clang-19 is not  # where `agentsched sdk install` keeps header-only pieces
ROCM_BITCODE = "AGENTSCHED_ROCM_BITCODE"  # ROCm's device-library bitcode directory
HIP_LIB = "AGENTSCHED_HIP_LIB"  # libamdhip64 to load (only that one, when set)
AGENT_TIMEOUT = "AGENTSCHED_AGENT_TIMEOUT"  # seconds a live agent may take per decision
LLM_BASE_URL = "AGENTSCHED_LLM_BASE_URL"
LLM_MODEL = "AGENTSCHED_LLM_MODEL"
LLM_MODE = "AGENTSCHED_LLM_MODE"
LLM_OFFLINE = "AGENTSCHED_LLM_OFFLINE"
TRITON_POLICY = "AGENTSCHED_TRITON_POLICY"  # Triton hook: compile every kernel with this policy
TRITON_DB = "AGENTSCHED_TRITON_DB"  # Triton hook: the tuned-schedule database
TRITON_SELECT = "AGENTSCHED_TRITON_SELECT"  # Triton hook: 1 or a model file: choose per kernel
TRITON_LOG = "AGENTSCHED_TRITON_LOG"  # Triton hook: one JSON line per kernel, appended here
TRITON_QUIET = "AGENTSCHED_TRITON_QUIET"  # Triton hook: 1 = no line on stderr per fallback
TRITON_OFF = "AGENTSCHED_TRITON_OFF"  # Triton hook: why it is off (set by the hook itself)
PHASE = "AGENTSCHED_PHASE"  # the scheduler hooked: pre, post or both (docs/postra.md)
# agentsched-clang/-clang++ (agentsched/tools/build.py, docs/build.md)
BUILD_POLICY = "AGENTSCHED_POLICY"  # policy file (or ARCH=FILE,...) for the device code
BUILD_DB = "AGENTSCHED_DB"  # tuned-schedule database for the device code
BUILD_MISCHED = "AGENTSCHED_MISCHED"  # 1: LLVM's own machine scheduler on NVPTX, no plugin
BUILD_SELECT = "AGENTSCHED_SELECT"  # 1 or a model file: the policy only where the model is sure
BUILD_REPORT_DIR = "AGENTSCHED_REPORT_DIR"  # the plugin's report per compile, here
BUILD_VERBOSE = "AGENTSCHED_VERBOSE"  # 1: print the clang command
BUILD_CLANG = "AGENTSCHED_CLANG"  # the clang to run (default clang-19 / clang++-19)
BUILD_CUDA_PATH = "AGENTSCHED_CUDA_PATH"  # the --cuda-path to give (default: the sdk's)
BUILD_FATBINARY = "AGENTSCHED_FATBINARY"  # NVIDIA's fatbinary
BUILD_PLUGIN = "AGENTSCHED_BUILD_PLUGIN"  # the plugin, found once by `agentsched build`
# The LLM agent's API key, in order of precedence; read from the environment only.
LLM_API_KEYS = ("AGENTSCHED_LLM_API_KEY", "DEEPSEEK_API_KEY", "OPENAI_API_KEY")

VARIABLES: dict[str, str] = {
    PHASE: "the machine scheduler agents decide for: pre (before register allocation, the "
           "default), post (AMDGPU's post-RA scheduler) or both (`agentsched --phase`)",
    DATA: "data directory: caches, results store, plugin (default ~/.cache/agentsched)",
    LLVM_BIN: "LLVM 19's bin directory, searched after $PATH (default /usr/lib/llvm-19/bin)",
    PTXAS: "the ptxas to use (default: $PATH, /usr/local/cuda, the sdk extra's wheel)",
    SDK_DIR: "where `agentsched sdk install` keeps cuBLAS/cuRAND headers",
    PREBUILT_IR: "the IR `agentsched pack --kernel` made, used where clang-19 is not (set by "
                 "the pack's launcher)",
    ROCM_BITCODE: "ROCm device libraries (default Debian's amdgcn/bitcode)",
    HIP_LIB: "libamdhip64 to load for timing on AMD GPUs",
    AGENT_TIMEOUT: "seconds a live agent may take per decision, 0 = no limit (default 300)",
    LLM_BASE_URL: "the LLM agent's OpenAI-compatible endpoint (default DeepSeek)",
    LLM_MODEL: "the LLM agent's model",
    LLM_MODE: "the LLM agent's mode: step or region",
    LLM_OFFLINE: "1: the LLM agent answers from its cache only",
    TRITON_POLICY: "policy file: every Triton kernel of a Python program is compiled by "
                   "llc-19 with it (docs/triton.md; `agentsched triton env`)",
    TRITON_DB: "tuned-schedule database (SQLite) for the same Triton hook",
    TRITON_SELECT: "1 (the shipped performance model) or a model file: the Triton hook takes "
                   "the policy's schedule only for the kernels the model is sure it speeds up, "
                   "LLVM's for the others (docs/triton.md)",
    TRITON_LOG: "file the Triton hook appends one JSON line per kernel to",
    TRITON_QUIET: "1: the Triton hook prints no line for a kernel that falls back",
    TRITON_OFF: "set by the Triton hook when it could not turn on: the reason",
    BUILD_POLICY: "agentsched-clang(++): policy file, or ARCH=FILE,..., for the device code "
                  "(docs/build.md)",
    BUILD_DB: "agentsched-clang(++): tuned-schedule database for the device code",
    BUILD_MISCHED: "agentsched-clang(++): 1 = LLVM's own machine scheduler on NVPTX (no plugin)",
    BUILD_SELECT: "agentsched-clang(++): 1 (the shipped performance model) or a model file: "
                  "the policy only for the CUDA kernels the model is sure it speeds up "
                  "(docs/build.md)",
    BUILD_REPORT_DIR: "agentsched-clang(++): write the plugin's report of every compile here",
    BUILD_VERBOSE: "agentsched-clang(++): 1 = print the clang command it runs",
    BUILD_CLANG: "agentsched-clang(++): the clang to run (default clang-19 / clang++-19)",
    BUILD_CUDA_PATH: "agentsched-clang(++): the --cuda-path to give (default: the sdk's)",
    BUILD_FATBINARY: "NVIDIA's fatbinary for clang's CUDA fat binaries",
    BUILD_PLUGIN: "agentsched-clang(++): the plugin (set by `agentsched build`)",
    **{k: "the LLM agent's API key, the first one set (never written anywhere)"
       for k in LLM_API_KEYS},
}

# What a search's pool or Ray workers must see as the caller does (same tools, same caches).
WORKER_VARIABLES = (DATA, LLVM_BIN, PTXAS, SDK_DIR, ROCM_BITCODE, AGENT_TIMEOUT, "PATH")
