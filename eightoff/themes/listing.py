"""What `eightoff themes` lists: each installed theme, and whether it can be drawn."""

from __future__ import annotations

import importlib.util

from eightoff.core.i18n import _
from eightoff.themes.found import Theme, find_themes
from eightoff.themes.sheet import problem


def renderer_missing() -> str:
    """Why no theme can be drawn on this installation ("" when resvg-py is there)."""
    if importlib.util.find_spec("resvg_py") is None:
        return _("resvg-py, which draws themes, is not installed")
    return ""


def theme_rows(themes: list[Theme] | None = None) -> list[dict[str, object]]:
    """One row per theme: id (the `card_face` value), name, path, drawable and, where it is
    not, the reason. Every theme is read and checked, none is drawn."""
    missing = renderer_missing()
    rows: list[dict[str, object]] = []
    for theme in find_themes() if themes is None else themes:
        why = problem(theme) or missing
        row: dict[str, object] = {"id": theme.id, "name": theme.name, "path": str(theme.path),
                                  "drawable": not why}
        if why:
            row["reason"] = why
        rows.append(row)
    return rows
