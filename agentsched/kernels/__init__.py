"""Kernels: KernelSpec (how to run and check one), the built-in suite, and resolving what a
user names (suite name, spec file, source, IR, Triton kernel) into something to compile."""
