"""Every `theme.NAME` the window reads exists: the palette's colours are served by the theme
module's `__getattr__`, which type checking cannot hold to the palette's fields, so a misspelt
colour would pass it and fail only when that frame is drawn."""

from __future__ import annotations

import ast
from pathlib import Path

import eightoff
from eightoff.ui import theme


def test_every_theme_name_read_is_a_palette_colour_or_a_name_of_the_module() -> None:
    known = set(vars(theme)) | set(theme.Palette._fields)
    unknown = []
    for path in sorted(Path(eightoff.__file__).parent.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if not any(isinstance(node, ast.ImportFrom) and node.module == "eightoff.ui"
                   and any(alias.name == "theme" for alias in node.names) for node in ast.walk(tree)):
            continue
        for node in ast.walk(tree):
            read = isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
            if read and node.value.id == "theme" and node.attr not in known:
                unknown.append(f"{path.name}: theme.{node.attr}")
    assert unknown == []
