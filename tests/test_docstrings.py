"""Docstrings say why in a few lines: none in the package runs over ten. Longer reasoning and
the figures behind a choice live in docs/ (docs/notes.md gathers them by module)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "eightoff"
MOST_LINES = 10


def long_docstrings(source: str) -> list[tuple[int, int]]:
    """(line, length in lines) of every string standing alone as a statement (a module's,
    class's or function's docstring, or an attribute's under its assignment) over MOST_LINES."""
    return [(node.lineno, length) for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
            and (length := len(node.value.value.strip().splitlines())) > MOST_LINES]


def test_a_long_docstring_is_found_wherever_it_stands() -> None:
    eleven = '"""' + "\n".join(["a line"] * 11) + '"""'
    source = (f"{eleven}\n\nX = 1\n{eleven}\n\nclass C:\n    {eleven}\n\n"
              f"    def f(self) -> None:\n        {eleven}\n")
    assert [line for line, _length in long_docstrings(source)] == [1, 14, 27, 40]
    assert long_docstrings('"""' + "\n".join(["a line"] * 10) + '"""') == []


def test_no_docstring_in_the_package_runs_over_ten_lines() -> None:
    found = [f"{path.relative_to(PACKAGE.parent)}:{line} ({length} lines)"
             for path in sorted(PACKAGE.rglob("*.py"))
             for line, length in long_docstrings(path.read_text(encoding="utf-8"))]
    assert found == []
