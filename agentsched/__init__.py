"""agentsched: agents make LLVM's GPU instruction-scheduling decisions; measure the effect."""
__version__ = "0.1.0"
