"""After a downgrade: the games a later version added are not known here. The window opens on
Eight Off through its real event loop, says so in one line, and keeps the unknown game's
unfinished game (with its steps) and finished games in the database exactly as they were, to be
found again after an upgrade; every other figure of the player's stays as it was."""

from __future__ import annotations

import contextlib
import sqlite3
from dataclasses import replace
from datetime import date
from pathlib import Path

import pygame

from eightoff.core.game import Game
from eightoff.core.outcome import Outcome
from eightoff.core.variants import PRESETS
from eightoff.ui.stats_dialog import StatisticsDialog
from tests.ui.helpers import key
from tests.ui.test_store_link import (
    QUICK,
    arguments,
    figures,
    open_app,
    press_button,
    press_toolbar,
    store_at,
    to_cell,
)

__all__ = ["QUICK"]

UNKNOWN = "klondike"
"""The key a later version gave the game (here, Fan's rows renamed to it)."""


def played(number: int, name: str, moves: int = 2) -> Game:
    game = Game.new(number, PRESETS[name])
    for _move in range(moves):
        game.play(game.legal_moves()[0])
    return game


def kind_tables(connection: sqlite3.Connection) -> list[str]:
    """The tables with a row per game kind (a `rules` column)."""
    tables = [name for (name,) in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    return [name for name in tables
            if "rules" in [column[1] for column in connection.execute(f"PRAGMA table_info({name})")]]


def rows(database: Path) -> dict[str, list[tuple[object, ...]]]:
    """The unknown kind's rows of each such table."""
    with contextlib.closing(sqlite3.connect(database)) as connection:
        return {table: sorted(connection.execute(f"SELECT * FROM {table} WHERE rules = ?", (UNKNOWN,)))
                for table in kind_tables(connection)}


def test_a_game_this_version_does_not_know_is_kept_aside_and_eight_off_opens(tmp_path: Path) -> None:
    store = store_at(tmp_path)
    store.save_preferences(QUICK)
    for number, game, outcome in [(1, "standard", Outcome.WON), (2, "standard", Outcome.LOST),
                                  (3, "fan", Outcome.LOST), (4, "citadel", Outcome.WON)]:
        assert store.record_outcome(played(number, game), outcome, 60.0)
    assert store.record_outcome(played(6, "fan"), Outcome.LOST, 60.0, daily=date.today(), par=40)
    store.save_unfinished(played(5, "fan", moves=3), 30.0)
    store.save_unfinished(played(7, "standard", moves=1), 5.0)
    known = {game: figures(store, game) for game in ("standard", "citadel")}
    store.close()
    database = tmp_path / "data" / "games.db"
    with contextlib.closing(sqlite3.connect(database)) as connection, connection:
        for table in kind_tables(connection):
            connection.execute(f"UPDATE {table} SET rules = ? WHERE rules = 'fan'", (UNKNOWN,))
    later = store_at(tmp_path)
    later.save_preferences(replace(QUICK, last_rules=UNKNOWN))
    later.close()
    kept = rows(database)
    assert kept["unfinished"] and kept["steps"] and kept["games"]

    app, _session = open_app(tmp_path, arguments())
    assert app.table.game.rules.name == "standard"
    assert (app.table.game.deal_number, app.table.game.move_count) == (7, 1), "Eight Off's own game resumes"
    notice = app.table.status.notice
    assert UNKNOWN in notice and "Eight Off opens instead" in notice and "\n" not in notice
    press_toolbar(app, "statistics")
    press_button(app, "Daily")  # the calendar of daily deals, beside the unknown game's daily
    dialog = app.top
    assert isinstance(dialog, StatisticsDialog) and dialog.daily_page
    key(app, pygame.K_ESCAPE)
    assert app.top is app.table
    to_cell(app, 0)
    app, _session = open_app(tmp_path, arguments(rules="citadel"))  # the first window gone, a new one
    assert app.table.game.rules.name == "citadel"
    assert rows(database) == kept, "the unknown game's rows were touched"
    again = store_at(tmp_path)
    assert {game: figures(again, game) for game in known} == known
    assert figures(again, UNKNOWN).played == 2
