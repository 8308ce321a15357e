"""What `eightoff themes` lists: each installed theme, and whether it can be drawn."""

from __future__ import annotations

from pathlib import Path

from eightoff.themes.found import Theme, find_themes, renderer_missing
from eightoff.themes.kept import Kept
from eightoff.themes.sheet import problem
from eightoff.userfiles.dirs import default_dirs


def theme_rows(themes: list[Theme] | None = None, cache: Path | None = None) -> list[dict[str, object]]:
    """One row per theme: id (the `card_face` value), name, path, drawable and, where it is
    not, the reason. Every theme is read and checked, none is drawn; a fault that only its
    drawing shows (a KDE deck's back not a card's shape, an element that draws nothing) is
    listed once the window has tried to draw the theme as it is now (its note in `cache`)."""
    missing = renderer_missing()
    cache = default_dirs().user_cache_path if cache is None else cache
    rows: list[dict[str, object]] = []
    for theme in find_themes() if themes is None else themes:
        why = problem(theme) or missing or _noted(theme, cache)
        row: dict[str, object] = {"id": theme.id, "name": theme.name, "path": str(theme.path),
                                  "drawable": not why}
        if why:
            row["reason"] = why
        rows.append(row)
    return rows


def _noted(theme: Theme, cache: Path) -> str:
    """Why the drawing of `theme`, as its file is now, found it cannot be drawn ("" if none did)."""
    kept = Kept.of(theme, cache)
    note = kept.note() if kept is not None else None
    return str(note["problem"]) if note is not None and "problem" in note else ""
