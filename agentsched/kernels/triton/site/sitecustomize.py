"""agentsched's sitecustomize: with this directory first on PYTHONPATH and
AGENTSCHED_TRITON_POLICY (or AGENTSCHED_TRITON_DB) set, every Triton kernel an unchanged
program (`python train.py`, torch.compile's compile workers included) JIT-compiles is compiled
by llc-19 with the plugin (agentsched/kernels/triton/hook.py; docs/triton.md). Without those
variables it does nothing but run the sitecustomize it shadows (Debian's, a venv's): Triton,
torch and agentsched's tools are not imported here in any case; the hook's class is imported
by Triton itself at its first compile. `agentsched triton env --policy P` prints the lines."""
import os
import sys


def _agentsched_triton_hook():
    # the names of agentsched/core/env.py (TRITON_POLICY, TRITON_DB, TRITON_OFF), spelled out:
    # agentsched may not be importable yet
    if not (os.environ.get("AGENTSCHED_TRITON_POLICY") or
            os.environ.get("AGENTSCHED_TRITON_DB")):
        return
    import importlib.util
    if importlib.util.find_spec("agentsched") is None:  # run by another interpreter
        root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
            os.path.dirname(os.path.abspath(__file__))))))
        sys.path.append(root)
    try:
        from agentsched.kernels.triton.hookenv import setup_environment
    except Exception as e:  # noqa: BLE001 - never break the program
        print(f"agentsched: Triton hook off ({type(e).__name__}: {e}); Triton compiles every "
              "kernel itself", file=sys.stderr)
        os.environ["AGENTSCHED_TRITON_OFF"] = f"{type(e).__name__}: {e}"
        return
    setup_environment()


def _next_sitecustomize():
    """Run the sitecustomize this one shadows, as site.py would have."""
    import importlib.machinery
    import importlib.util
    here = os.path.dirname(os.path.abspath(__file__))
    rest = [p for p in sys.path if os.path.abspath(p or os.curdir) != here]
    spec = importlib.machinery.PathFinder.find_spec("sitecustomize", rest)
    if spec is None or spec.loader is None or \
            os.path.abspath(spec.origin or "") == os.path.abspath(__file__):
        return
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)


_agentsched_triton_hook()
_next_sitecustomize()
