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
LAZY_ON_PURPOSE = {"__main__.py"}
"""The entry point imports the window only when it is asked for, so the command line runs
where pygame or a display is missing. Elsewhere a function imports our own modules only for
start-up cost, and says so in a comment (`said_to_be_for_start_up`)."""


def test_the_layer_contract_holds() -> None:
    lint = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
    if lint is None:
        pytest.skip("import-linter is not installed (it comes with the [test] extra)")
    result = subprocess.run([lint], capture_output=True, text=True, cwd=PACKAGE.parent, timeout=120)
    assert result.returncode == 0, result.stdout[-3000:]
    assert "broken" not in result.stdout.lower().replace("0 broken", "")


def said_to_be_for_start_up(lines: list[str], number: int) -> bool:
    """Whether the import on line `number` (1-based), or the run of imports, comments and
    blank lines just above it, carries a comment that it is there for start-up cost: the
    one reason a function may import our own modules (the window's first frame and the
    command line's start wait for every import made at the top)."""
    index = number - 1
    while index >= 0:
        text = lines[index].strip()
        if "#" in text and "start-up" in text.split("#", 1)[1]:
            return True
        if index < number - 1 and text and not text.startswith(("#", "import ", "from ")):
            return False
        index -= 1
    return False


def function_local_imports(path: Path) -> list[str]:
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    found = []
    for function in ast.walk(ast.parse(source)):
        if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for node in ast.walk(function):
                if (isinstance(node, ast.ImportFrom) and (node.module or "").startswith("eightoff")
                        and not said_to_be_for_start_up(lines, node.lineno)):
                    found.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno} {node.module}")
    return found


def test_no_function_local_imports_of_our_own_modules() -> None:
    found = [
        line
        for path in sorted(PACKAGE.rglob("*.py"))
        if path.name not in LAZY_ON_PURPOSE
        for line in function_local_imports(path)
    ]
    assert found == []


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
def test_a_local_import_counts_as_explained_only_with_its_comment() -> None:
    lines = ["def f():", "    x = 1", "    from eightoff.core import cards", "",
             "    # here, for start-up cost", "    import json", "", "    from eightoff.core import game"]
    assert not said_to_be_for_start_up(lines, 3)
    assert said_to_be_for_start_up(lines, 8)
