"""Every environment variable agentsched reads, in one place: each module reads its variable
through the name defined here, and the CLI's help lists VARIABLES."""
from __future__ import annotations

DATA = "AGENTSCHED_DATA"  # caches, the results store, the built plugin
LLVM_BIN = "AGENTSCHED_LLVM_BIN"  # LLVM 19's bin directory, searched after $PATH
PTXAS = "AGENTSCHED_PTXAS"  # the ptxas to use before any other
SDK_DIR = "AGENTSCHED_SDK_DIR"  # where `agentsched sdk install` keeps header-only pieces
ROCM_BITCODE = "AGENTSCHED_ROCM_BITCODE"  # ROCm's device-library bitcode directory
HIP_LIB = "AGENTSCHED_HIP_LIB"  # libamdhip64 to load (only that one, when set)
AGENT_TIMEOUT = "AGENTSCHED_AGENT_TIMEOUT"  # seconds a live agent may take per decision
LLM_BASE_URL = "AGENTSCHED_LLM_BASE_URL"
LLM_MODEL = "AGENTSCHED_LLM_MODEL"
LLM_MODE = "AGENTSCHED_LLM_MODE"
LLM_OFFLINE = "AGENTSCHED_LLM_OFFLINE"
# The LLM agent's API key, in order of precedence; read from the environment only.
LLM_API_KEYS = ("AGENTSCHED_LLM_API_KEY", "DEEPSEEK_API_KEY", "OPENAI_API_KEY")

VARIABLES: dict[str, str] = {
    DATA: "data directory: caches, results store, plugin (default ~/.cache/agentsched)",
    LLVM_BIN: "LLVM 19's bin directory, searched after $PATH (default /usr/lib/llvm-19/bin)",
    PTXAS: "the ptxas to use (default: $PATH, /usr/local/cuda, the sdk extra's wheel)",
    SDK_DIR: "where `agentsched sdk install` keeps cuBLAS/cuRAND headers",
    ROCM_BITCODE: "ROCm device libraries (default Debian's amdgcn/bitcode)",
    HIP_LIB: "libamdhip64 to load for timing on AMD GPUs",
    AGENT_TIMEOUT: "seconds a live agent may take per decision, 0 = no limit (default 300)",
    LLM_BASE_URL: "the LLM agent's OpenAI-compatible endpoint (default DeepSeek)",
    LLM_MODEL: "the LLM agent's model",
    LLM_MODE: "the LLM agent's mode: step or region",
    LLM_OFFLINE: "1: the LLM agent answers from its cache only",
    **{k: "the LLM agent's API key, the first one set (never written anywhere)"
       for k in LLM_API_KEYS},
}

# What a search's pool or Ray workers must see as the caller does (same tools, same caches).
WORKER_VARIABLES = (DATA, LLVM_BIN, PTXAS, SDK_DIR, ROCM_BITCODE, AGENT_TIMEOUT, "PATH")
