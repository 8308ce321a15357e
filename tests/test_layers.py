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
where pygame or a display is missing."""


def test_the_layer_contract_holds() -> None:
    lint = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
    if lint is None:
        pytest.skip("import-linter is not installed (it comes with the [test] extra)")
    result = subprocess.run([lint], capture_output=True, text=True, cwd=PACKAGE.parent, timeout=120)
    assert result.returncode == 0, result.stdout[-3000:]
    assert "broken" not in result.stdout.lower().replace("0 broken", "")


def function_local_imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for function in ast.walk(tree):
        if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for node in ast.walk(function):
                if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("eightoff"):
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
