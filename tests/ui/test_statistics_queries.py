"""Opening Statistics and `stats --json` read the games through indexes: no query they run
reads a table's rows one by one. Where an index is read through (the counts by outcome and
grade: one small entry a game), that is what docs/storage.md says the figures cost; a query
that read the table's rows instead would read every game whole.

The SQL is what SQLite was really asked, traced on a real database in a temporary home, and
each query's plan is SQLite's own (`EXPLAIN QUERY PLAN`)."""

from __future__ import annotations

import contextlib
import io
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from eightoff.__main__ import run_loaded
from eightoff.cli import run
from eightoff.core.game import Game
from eightoff.core.variants import STANDARD
from eightoff.ui.app import App
from eightoff.ui.stats_dialog import StatisticsDialog
from tests.ui.helpers import click, key
from tests.ui.test_dialog_text_sizes import open_window, record_games

BOUNDED = {"streaks"}
"""Tables read whole on purpose: a streak row per game kind (and one for all kinds), so their
rows are bounded by the registry's games, not by the games played."""


@pytest.fixture
def traced(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every statement run from now on by a connection the store opens."""
    statements: list[str] = []
    connect = sqlite3.connect

    def tracing(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        connection: sqlite3.Connection = connect(*args, **kwargs)
        connection.set_trace_callback(statements.append)
        return connection

    monkeypatch.setattr(sqlite3, "connect", tracing)
    return statements


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    record_games(tmp_path)
    monkeypatch.setenv("EIGHTOFF_HOME", str(tmp_path))
    return tmp_path


def whole_table_scans(home: Path, statements: list[str]) -> list[str]:
    """Each query of `statements` whose plan reads a table of the store row by row."""
    with contextlib.closing(sqlite3.connect(home / "data" / "games.db")) as connection:
        named = connection.execute("SELECT name FROM sqlite_schema WHERE type = 'table'")
        tables = {name for (name,) in named if not name.startswith("sqlite_")}
        found = []
        queries = {statement for statement in statements
                   if statement.lstrip().upper().startswith(("SELECT", "WITH"))}
        for query in sorted(queries):
            for _id, _parent, _unused, detail in connection.execute(f"EXPLAIN QUERY PLAN {query}"):
                words = detail.split()
                if words[:1] == ["SCAN"] and words[1] in tables - BOUNDED and "INDEX" not in words:
                    found.append(f"{detail}: {query}")
        return found


def opened_queries(home: Path, statements: list[str], open_pages: Callable[[App], None]) -> list[str]:
    """The queries the window runs while `open_pages` works its Statistics dialog."""
    app = open_window(home, Game.new(5, STANDARD), (1280, 800))
    statements.clear()  # from here on: what Statistics asks
    open_pages(app)
    app.close()
    return list(statements)


def every_page(app: App) -> None:
    """Statistics, then its recent games, its daily deals and their month before."""
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    dialog = app.top
    assert isinstance(dialog, StatisticsDialog)
    recent, daily = dialog.choices[0], dialog.choices[1]
    click(app, recent.rect.center)
    assert dialog.games_page and dialog.recent
    click(app, dialog.choices[-2].rect.center)  # Figures
    click(app, daily.rect.center)
    assert dialog.daily_page
    click(app, dialog.choices[0].rect.center)  # Earlier month


def test_opening_statistics_scans_no_whole_table(home: Path, traced: list[str]) -> None:
    queries = opened_queries(home, traced, every_page)
    assert any("FROM games" in query for query in queries)  # the trace saw the statistics read
    assert whole_table_scans(home, queries) == [], "\n".join(whole_table_scans(home, queries))


def test_stats_json_scans_no_whole_table(home: Path, traced: list[str]) -> None:
    with contextlib.redirect_stdout(io.StringIO()) as printed:
        assert run(["stats", "--json"], None, run_loaded) == 0
    assert '"standard"' in printed.getvalue()
    assert any("FROM games" in query for query in traced)
    assert whole_table_scans(home, traced) == [], "\n".join(whole_table_scans(home, traced))


def test_a_planted_scan_is_found(home: Path) -> None:
    """The check itself: games picked by a column no index holds, the games' moves, kept rows
    by their reason."""
    for query in ("SELECT id FROM games WHERE hints > 0", "SELECT count(*) FROM kept WHERE reason = ''"):
        assert whole_table_scans(home, [query]) != [], query

