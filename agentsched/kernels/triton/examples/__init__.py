"""Triton tutorial kernels vendored with their MIT licence (LICENSE.triton): the kernels of
bench/h200_triton.py and of the Triton tests. Each module holds the @triton.jit kernel
unchanged and the program-level function that launches it."""
