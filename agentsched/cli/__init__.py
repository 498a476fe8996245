"""The command line: `agentsched` (main.py: every command but Triton's), `agentsched triton`
(triton.py). Each command parses, calls agentsched.api, and prints; nothing else."""
from .main import app, main

__all__ = ["app", "main"]
