"""The layers of ../shared/DESIGN.md, checked: import-linter's contract in pyproject.toml, and no
import of our own modules tucked inside a function, where it could hide a cycle."""

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
    one reason a function may import our own modules (issue 20)."""
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


def test_a_local_import_counts_as_explained_only_with_its_comment() -> None:
    lines = ["def f():", "    x = 1", "    from eightoff.core import cards", "",
             "    # here, for start-up cost", "    import json", "", "    from eightoff.core import game"]
    assert not said_to_be_for_start_up(lines, 3)
    assert said_to_be_for_start_up(lines, 8)
