"""No class of the window or the session grows past 30 methods or 400 lines: a class that
nears that size mixes concerns, and is two classes (docs/architecture.md, "The window")."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "eightoff"
MOST_METHODS = 30
MOST_LINES = 400


def class_sizes(folder: Path) -> dict[str, tuple[int, int]]:
    """Every class defined in `folder`'s modules, nested ones too: (methods, lines) by name."""
    sizes = {}
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                methods = sum(isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef) for item in node.body)
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                sizes[f"{path.relative_to(folder)}:{node.name}"] = (methods, lines)
    return sizes


@pytest.mark.parametrize("layer", ["ui", "session"])
def test_no_class_is_over_30_methods_or_400_lines(layer: str) -> None:
    sizes = class_sizes(PACKAGE / layer)
    assert sizes  # the walk found the layer's classes
    too_big = {name: size for name, size in sizes.items() if size[0] > MOST_METHODS or size[1] > MOST_LINES}
    assert too_big == {}


def test_the_count_sees_methods_properties_and_nested_classes(tmp_path: Path) -> None:
    """The counter itself: a planted class of 31 methods (properties and static methods are
    methods too) nested in another is found."""
    body = "".join(f"        def m{index}(self) -> None: ...\n" for index in range(29))
    (tmp_path / "planted.py").write_text(
        "class Outer:\n    class Inner:\n        @property\n        def p(self) -> int: return 1\n"
        "        @staticmethod\n        def s() -> None: ...\n" + body, encoding="utf-8")
    sizes = class_sizes(tmp_path)
    assert sizes["planted.py:Inner"] == (31, 34)
    assert sizes["planted.py:Outer"] == (0, 35)
