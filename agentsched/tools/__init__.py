"""The programs agentsched runs, found and run (programs.py: LLVM 19's tools, ptxas), the
scheduler plugin built from agentsched/native (plugin.py), and the vendors' SDK pieces for
users' own CUDA/HIP kernels (sdk.py). Above core, below everything else."""
