"""The layers of docs/architecture.md (core, solver, store, session, ui, cli; arrows point
down), checked: import-linter's contract in pyproject.toml, and no import of our own modules
tucked inside a function, where it could hide a cycle."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "eightoff"
LAZY_SEAMS = {"__main__.py": None, "session/advisor.py": "start_worker", "ui/router.py": "open_statistics"}
"""Where a function may import: the entry point, which chooses what to load (the window, the
player's own files, the charts, or only the command line); the session's start of the solver's
worker process; and the Statistics dialog, whose modules load when the player first asks.
Anywhere else an import stands at the top of its module (a `TYPE_CHECKING` block is the top)."""


def test_the_layer_contract_holds() -> None:
    lint = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
    if lint is None:
        pytest.skip("import-linter is not installed (it comes with the [test] extra)")
    result = subprocess.run([lint], capture_output=True, text=True, cwd=PACKAGE.parent, timeout=120)
    assert result.returncode == 0, result.stdout[-3000:]
    assert "broken" not in result.stdout.lower().replace("0 broken", "")


def function_local_imports(name: str, source: str) -> list[str]:
    """`name:line function` for each import made inside a function of module `name` (its path
    in the package), but at the seams above."""
    seam = LAZY_SEAMS.get(name, "")
    if seam is None:
        return []
    return [f"{name}:{node.lineno} {function.name}"
            for function in ast.walk(ast.parse(source))
            if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)) and function.name != seam
            for node in ast.walk(function) if isinstance(node, (ast.Import, ast.ImportFrom))]


def test_an_import_in_a_function_is_found_but_at_a_seam() -> None:
    source = ("import os\n\ndef f() -> None:\n    import json\n\n"
              "def open_statistics() -> None:\n    import json\n")
    assert function_local_imports("ui/dialogs.py", source) == ["ui/dialogs.py:4 f",
                                                               "ui/dialogs.py:7 open_statistics"]
    assert function_local_imports("ui/router.py", source) == ["ui/router.py:4 f"]
    assert function_local_imports("__main__.py", source) == []


def test_imports_stand_at_the_top_but_at_the_lazy_seams() -> None:
    found = [line for path in sorted(PACKAGE.rglob("*.py"))
             for line in function_local_imports(path.relative_to(PACKAGE).as_posix(),
                                                path.read_text(encoding="utf-8"))]
    assert found == []


SYS_MODULES_WRITES = ("sys.modules.setdefault", "sys.modules.update", "sys.modules.pop",
                      "sys.modules.__setitem__")


def test_ctypes_only_where_pygame_s_wait_is_mended_and_nothing_writes_into_sys_modules() -> None:
    """`ui/sdlwait.py` calls SDL's own wait, which pygame-ce does not expose; nothing else reaches
    past Python, and no module stands in for another."""
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        name = path.relative_to(PACKAGE).as_posix()
        imported = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
                    for alias in node.names}
        imported |= {(node.module or "").split(".")[0] for node in ast.walk(tree)
                     if isinstance(node, ast.ImportFrom)}
        assert "ctypes" not in imported or name == "ui/sdlwait.py", name
        for node in ast.walk(tree):
            for target in node.targets if isinstance(node, (ast.Assign, ast.Delete)) else []:
                written = isinstance(target, ast.Subscript) and ast.unparse(target.value) == "sys.modules"
                assert not written, name
            if isinstance(node, ast.Call):
                assert ast.unparse(node.func) not in SYS_MODULES_WRITES, f"{name}:{node.lineno}"


def imported_modules(path: Path, known: set[str]) -> set[str]:
    """Every `eightoff` module `path` imports, wherever the import stands (`TYPE_CHECKING`
    blocks included: a circle there still ties the modules together). `from package import
    module` imports the module (a package's parents are left out, as Python runs them first
    for every module)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    module = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts).removesuffix(".__init__")
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
            for alias in node.names:
                found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base)
    return {name for name in found if name.startswith("eightoff")}


def import_graph() -> dict[str, set[str]]:
    modules = {".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts).removesuffix(".__init__"):
               path for path in PACKAGE.rglob("*.py")}
    known = set(modules)
    return {name: imported_modules(path, known) & known - {name} for name, path in modules.items()}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in graph[node]:
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_circle_finder_finds_a_circle() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_import_circle_anywhere_not_even_under_type_checking() -> None:
    assert circles(import_graph()) == []


SESSION = PACKAGE / "session"


def assignments_to_a_session(source: str) -> list[int]:
    """Lines that set an attribute of a session (`session.x = ...`, `self.session.x += ...`)."""
    tree = ast.parse(source)
    found = []
    for node in ast.walk(tree):
        targets = (node.targets if isinstance(node, ast.Assign)
                   else [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else [])
        for target in targets:
            if not isinstance(target, ast.Attribute):
                continue
            owner = target.value
            name = owner.attr if isinstance(owner, ast.Attribute) else getattr(owner, "id", "")
            if name == "session":
                found.append(node.lineno)
    return found


def test_the_finder_of_assignments_finds_them() -> None:
    source = "def f(app, session):\n    app.session.outcome = None\n    session.hints_used |= True\n"
    assert assignments_to_a_session(source) == [2, 3]
    assert assignments_to_a_session("app.session.game.position\nsession = 1\n") == []


def test_nothing_outside_the_session_layer_sets_a_sessions_attributes() -> None:
    """The session is the one owner of the game being played: everything else sends commands."""
    found = [f"{path.relative_to(PACKAGE.parent)}:{line}" for path in sorted(PACKAGE.rglob("*.py"))
             if SESSION not in path.parents
             for line in assignments_to_a_session(path.read_text(encoding="utf-8"))]
    assert found == []
