"""The themes this machine has installed (Debian's aisleriot, gnome-cards-data and
kdegames-card-data-kf5 in CI) are listed without being changed. That each is drawn with 53
different cards, or its fault named, is checked where the window draws and plays it
(tests/ui/test_themes.py), so that a run draws each theme once: drawing them all takes
minutes. Skipped where none are installed."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from eightoff.themes.found import find_themes
from eightoff.themes.listing import theme_rows

pytestmark = [pytest.mark.system, pytest.mark.slow]  # every installed theme's file read
pytest.importorskip("resvg_py")

SYSTEM = {"XDG_DATA_HOME": "/nonexistent", "XDG_DATA_DIRS": "/usr/local/share:/usr/share"}
INSTALLED = find_themes(SYSTEM, Path("/nonexistent"))


def test_the_listing_reads_every_installed_theme_and_changes_none() -> None:
    before = {theme.path: os.stat(theme.path).st_mtime_ns for theme in INSTALLED}
    rows = theme_rows(INSTALLED)
    assert [row["id"] for row in rows] == [theme.id for theme in INSTALLED]
    assert {theme.path: os.stat(theme.path).st_mtime_ns for theme in INSTALLED} == before
    assert all(row["drawable"] for row in rows if str(row["id"]).startswith("aisleriot:"))
