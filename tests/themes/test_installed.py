"""The themes this machine has installed (Debian's aisleriot, gnome-cards-data and
kdegames-card-data-kf5 in CI): every Aisleriot theme is drawn, every KDE deck is drawn or its
fault named, each card where it should be. Skipped where none are installed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from eightoff.core.cards import DECK
from eightoff.themes.found import AISLERIOT, Theme, find_themes
from eightoff.themes.kept import GRID, Kept, cell
from eightoff.themes.listing import theme_rows

pytestmark = [pytest.mark.system, pytest.mark.slow]  # the machine's own themes; a minute or more
pytest.importorskip("resvg_py")

SYSTEM = {"XDG_DATA_HOME": "/nonexistent", "XDG_DATA_DIRS": "/usr/local/share:/usr/share"}
INSTALLED = find_themes(SYSTEM, Path("/nonexistent"))
SIZE = (60, 200)
"""A preview's box: the smallest cards drawn, so the whole set stays quick."""


def drawn(theme: Theme, cache: Path) -> tuple[int, Kept]:
    request = {"id": theme.id, "kind": theme.kind, "name": theme.name, "path": str(theme.path),
               "svg": str(theme.svg or ""), "cache": str(cache), "fit": list(SIZE)}
    done = subprocess.run([sys.executable, "-m", "eightoff.ui.themes.draw", json.dumps(request)],
                          capture_output=True, timeout=600, check=False)
    kept = Kept.of(theme, cache)
    assert kept is not None
    return done.returncode, kept


def cards_of(kept: Kept, note: dict[str, object]) -> list[bytes]:
    aspect = float(note["aspect"])  # type: ignore[arg-type]
    width = min(SIZE[0], round(SIZE[1] / aspect))
    size = (width, round(width * aspect))
    grid = pygame.image.load(kept.picture_path(size))
    assert grid.get_size() == (size[0] * GRID[0], size[1] * GRID[1])
    return [pygame.image.tobytes(grid.subsurface((cell(card)[0] * size[0], cell(card)[1] * size[1], *size)),
                                 "RGBA") for card in [*DECK, None]]


@pytest.mark.skipif(not any(theme.kind == AISLERIOT for theme in INSTALLED), reason="no Aisleriot themes")
def test_every_installed_aisleriot_theme_is_drawn_with_53_different_cards(tmp_path: Path) -> None:
    for theme in [theme for theme in INSTALLED if theme.kind == AISLERIOT]:
        code, kept = drawn(theme, tmp_path)
        note = kept.note()
        assert code == 0 and note is not None and "aspect" in note, (theme.id, note)
        assert len(set(cards_of(kept, note))) == 53, theme.id  # every face and the back its own


@pytest.mark.skipif(not any(theme.kind != AISLERIOT for theme in INSTALLED), reason="no KDE decks")
def test_every_installed_kde_deck_is_drawn_or_its_fault_named(tmp_path: Path) -> None:
    drawable = 0
    for theme in [theme for theme in INSTALLED if theme.kind != AISLERIOT]:
        code, kept = drawn(theme, tmp_path)
        note = kept.note()
        assert note is not None, theme.id
        if code == 0:
            assert len(set(cards_of(kept, note))) == 53, theme.id
            drawable += 1
        else:
            assert isinstance(note.get("problem"), str) and note["problem"], theme.id
    assert drawable


def test_the_listing_reads_every_installed_theme_and_changes_none() -> None:
    before = {theme.path: os.stat(theme.path).st_mtime_ns for theme in INSTALLED}
    rows = theme_rows(INSTALLED)
    assert [row["id"] for row in rows] == [theme.id for theme in INSTALLED]
    assert {theme.path: os.stat(theme.path).st_mtime_ns for theme in INSTALLED} == before
    assert all(row["drawable"] for row in rows if str(row["id"]).startswith("aisleriot:"))
