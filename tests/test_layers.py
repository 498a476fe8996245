"""The package's layers (docs/api.md, "Layers"): no import cycle between modules and no import
of a layer above. Every `import` and `from ... import` in the package counts, also those inside
functions and under TYPE_CHECKING: a lazy import is still a dependency."""
import ast
from pathlib import Path

import agentsched

PACKAGE = Path(agentsched.__file__).resolve().parent
ROOT = PACKAGE.parent

# Each folder of the package is one layer (subfolders belong to their folder's); the
# package's own __init__.py re-exports the API's names.
LAYER_OF_FOLDER = {
    "core": "core",
    "tools": "tools",
    "targets": "targets",
    "llvm": "llvm",
    "agents": "agents",
    "kernels": "kernels",
    "runtime": "runtime",
    "searches": "searches",
    "experiments": "experiments",
    "api": "api",
    "cli": "cli",
}
ROOT_MODULES = {"agentsched/__init__.py": "api"}

# What each layer's modules may import besides their own layer's.
ALLOWED = {
    "core": set(),
    "tools": {"core"},
    "targets": {"core", "tools"},
    "llvm": {"core", "tools", "targets"},
    "agents": {"core"},
    "kernels": {"core", "tools", "targets", "llvm"},
    "runtime": {"core", "targets", "kernels"},  # runs on a GPU machine without LLVM
    "searches": {"core", "tools", "targets", "llvm", "agents", "kernels", "runtime"},
    "experiments": {"core", "tools", "targets", "llvm", "agents", "kernels", "runtime",
                    "searches"},
    "api": {"core", "tools", "targets", "llvm", "agents", "kernels", "runtime", "searches",
            "experiments"},
    "cli": {"core", "tools", "targets", "llvm", "agents", "kernels", "runtime", "searches",
            "experiments", "api"},
}


def modules() -> dict[str, Path]:
    out = {}
    for f in PACKAGE.rglob("*.py"):
        parts = list(f.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = f
    return out


def layer_of(path: Path) -> str:
    rel = path.relative_to(ROOT).as_posix()
    if rel in ROOT_MODULES:
        return ROOT_MODULES[rel]
    parts = rel.split("/")
    assert len(parts) > 2 and parts[1] in LAYER_OF_FOLDER, \
        f"{rel}: not in a layer's folder (LAYER_OF_FOLDER; docs/api.md lists the layers)"
    return LAYER_OF_FOLDER[parts[1]]


def imports(name: str, path: Path, known: dict) -> list[tuple[str, int]]:
    """(agentsched module, line) for every import in the module."""
    base = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                target = ".".join(base[:len(base) - node.level + 1] +
                                  ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if not target.startswith("agentsched"):
                continue
            # `from pkg import submodule` depends on the submodule
            for a in node.names:
                sub = f"{target}.{a.name}"
                found.append((sub if sub in known else target, node.lineno))
        elif isinstance(node, ast.Import):
            found += [(a.name, node.lineno) for a in node.names
                      if a.name.startswith("agentsched")]
    return found


def graph() -> tuple[dict, dict]:
    known = modules()
    edges = {}
    for name, path in known.items():
        edges[name] = [(t, line) for t, line in imports(name, path, known) if t != name]
    return known, edges


def test_every_import_names_a_module_of_the_package():
    known, edges = graph()
    missing = [f"{m}:{line} imports {t}" for m, es in edges.items() for t, line in es
               if t not in known]
    assert missing == []


def test_no_module_imports_a_layer_above_its_own():
    known, edges = graph()
    bad = []
    for m, es in edges.items():
        mine = layer_of(known[m])
        for t, line in es:
            theirs = layer_of(known[t])
            if theirs != mine and theirs not in ALLOWED[mine]:
                bad.append(f"{known[m].relative_to(ROOT)}:{line} ({mine}) imports {t} "
                           f"({theirs})")
    assert bad == []


def test_no_import_cycle():
    known, edges = graph()
    state: dict[str, int] = {}  # 1 on the stack, 2 done
    stack: list[str] = []
    cycles = []

    def visit(m: str) -> None:
        state[m] = 1
        stack.append(m)
        for t, _ in edges[m]:
            if state.get(t) == 1:
                cycles.append(" -> ".join(stack[stack.index(t):] + [t]))
            elif t not in state:
                visit(t)
        stack.pop()
        state[m] = 2

    for m in sorted(known):
        if m not in state:
            visit(m)
    assert cycles == []


def test_the_checks_see_an_upward_import_and_a_cycle(tmp_path):
    """The checker itself: a core module importing the CLI is flagged, and so is a cycle."""
    fake = {"agentsched.core.a": PACKAGE / "core" / "a.py",
            "agentsched.cli": PACKAGE / "cli" / "__init__.py"}
    src = tmp_path / "a.py"
    src.write_text("from ..cli import main\n")
    assert imports("agentsched.core.a", src, fake) == [("agentsched.cli", 1)]
    assert layer_of(fake["agentsched.cli"]) not in ALLOWED[layer_of(fake["agentsched.core.a"])]


def test_every_folder_of_the_package_is_a_layer():
    """A new folder must be given a layer (and a module may not sit beside the layers)."""
    folders = {p.name for p in PACKAGE.iterdir()
               if p.is_dir() and any(p.rglob("*.py")) and p.name != "__pycache__"}
    assert folders == set(LAYER_OF_FOLDER)
    loose = {p.name for p in PACKAGE.glob("*.py")} - {"__init__.py"}
    assert loose == set()
