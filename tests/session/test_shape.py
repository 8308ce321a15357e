"""The session stays small: it owns the game being played and its life, and composes small
owners (its books, counsel, daily desk, replays) rather than growing a method for each of their
questions. Counted on the source, as a reader meets it."""

from __future__ import annotations

import ast
from pathlib import Path

import eightoff.session

SESSION = Path(eightoff.session.__file__).parent
MOST_METHODS = 30
MOST_LINES = 400


def class_sizes(source: str) -> dict[str, tuple[int, int]]:
    """Each class's (methods, lines), nested classes counted on their own."""
    sizes = {}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ClassDef):
            methods = sum(isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef) for item in node.body)
            sizes[node.name] = (methods, (node.end_lineno or node.lineno) - node.lineno + 1)
    return sizes


def test_the_counter_counts_methods_and_lines() -> None:
    source = "class A:\n    def f(self):\n        pass\n\n    async def g(self):\n        pass\n"
    assert class_sizes(source) == {"A": (2, 6)}


def test_no_session_class_is_over_thirty_methods_or_four_hundred_lines() -> None:
    too_big = {f"{path.name}:{name}": size for path in sorted(SESSION.glob("*.py"))
               for name, size in class_sizes(path.read_text(encoding="utf-8")).items()
               if size[0] > MOST_METHODS or size[1] > MOST_LINES}
    assert too_big == {}
