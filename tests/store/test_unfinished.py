from __future__ import annotations

import contextlib
import datetime
import sqlite3

import pytest

from eightoff.core.variants import EASY
from eightoff.store import HomeDirs, Store, database

from .conftest import figures, played_game


def test_nothing_saved_means_none(store: Store) -> None:
    assert store.load_unfinished() is None
    assert store.take_notices() == []


def test_round_trip_keeps_history_redo_tail_counter_and_clock(dirs: HomeDirs) -> None:
    game = played_game(number=617, rules=EASY, moves=15)
    assert game.can_redo and game.can_undo
    Store(dirs).save_unfinished(game, 95.25, hints_used=True)
    saved = Store(dirs).load_unfinished("easy")
    assert saved is not None
    assert saved.elapsed == 95.25 and saved.hints_used
    loaded = saved.game
    assert loaded.to_record() == game.to_record()
    assert (loaded.position, loaded.move_count, loaded.deal_number) == (
        game.position,
        game.move_count,
        game.deal_number,
    )
    assert loaded.done == game.done and loaded.undone == game.undone
    loaded.redo()
    game.redo()
    assert loaded.position == game.position


def test_the_latest_save_wins(store: Store) -> None:
    store.save_unfinished(played_game(moves=3), 1.0)
    later = played_game(moves=9)
    store.save_unfinished(later, 2.0)
    saved = store.load_unfinished()
    assert saved is not None and saved.game.to_record() == later.to_record()
    assert store.take_notices() == []


def kept_rows(dirs: HomeDirs) -> dict[str, int]:
    with contextlib.closing(sqlite3.connect(dirs.user_data_path / "games.db")) as connection:
        return dict(connection.execute("SELECT what, count(*) FROM kept GROUP BY what").fetchall())


IGNORE_CHECKS = "PRAGMA ignore_check_constraints = ON"
"""A byte damaged on the disk passes no check: a tamper that says so."""


def tamper(dirs: HomeDirs, *statements: str) -> None:
    """Change games.db behind the program's back, as damage or a hand would."""
    with contextlib.closing(sqlite3.connect(dirs.user_data_path / "games.db")) as connection, connection:
        for statement in statements:
            connection.execute(statement)


@pytest.mark.parametrize("how", ["start not a game", "another kind", "a bad byte in the start"])
def test_a_saved_row_that_does_not_load_is_kept_in_the_database(dirs: HomeDirs, how: str) -> None:
    """Damage inside the database: the row is copied into the kept rows with its steps, never
    lost, and the game kind starts afresh."""
    game = played_game(moves=10)
    Store(dirs).save_unfinished(game, 4.0, daily=datetime.date(2025, 1, 2))
    tamper(dirs, *{
        "start not a game": ["UPDATE unfinished SET start = x'00ff'"],
        "another kind": ["PRAGMA foreign_keys = OFF", "UPDATE unfinished SET rules = 'easy'",
                         "UPDATE steps SET rules = 'easy'"],
        "a bad byte in the start": ["UPDATE unfinished SET start = x'7bff7d'"],
    }[how])
    store = Store(dirs)
    key = "easy" if how == "another kind" else "standard"
    assert store.load_unfinished(key) is None
    [notice] = store.take_notices()
    assert "kept in the database" in notice
    assert kept_rows(dirs) == {"unfinished": 1, "step": len(game.done) + len(game.undone)}
    store.save_unfinished(played_game(2), 1.0)  # a new game of the kind
    assert Store(dirs).load_unfinished() is not None and kept_rows(dirs)["unfinished"] == 1


@pytest.mark.parametrize("how", ["garbage", "a bad byte", "a gap"])
def test_a_step_that_does_not_read_ends_the_resume_there_and_the_rest_is_kept(dirs: HomeDirs,
                                                                             how: str) -> None:
    """The game resumes at the last good step; the whole game, bad step and later ones, is
    copied into the kept rows before the next save writes over them."""
    game = played_game(moves=10)
    Store(dirs).save_unfinished(game, 4.0)
    tamper(dirs, {"garbage": "UPDATE steps SET moves = 'garbage' WHERE n = 3",
                  "a bad byte": "UPDATE steps SET moves = CAST(x'5b22ff225d' AS TEXT) WHERE n = 3",
                  "a gap": "DELETE FROM steps WHERE n = 3"}[how])
    store = Store(dirs)
    saved = store.load_unfinished()
    [notice] = store.take_notices()
    assert saved is not None and len(saved.game.done) == 3 and "resumes at move" in notice
    steps = len(game.done) + len(game.undone) - (how == "a gap")
    assert kept_rows(dirs) == {"unfinished": 1, "step": steps}
    saved.game.play(saved.game.legal_moves()[0])
    store.save_unfinished(saved.game, 5.0)
    again = Store(dirs).load_unfinished()
    assert again is not None and len(again.game.done) == 4 and again.game.position == saved.game.position
    assert kept_rows(dirs)["step"] == steps


def test_a_step_whose_key_names_no_game_is_kept_and_the_game_resumes_before_it(dirs: HomeDirs) -> None:
    """A damaged byte in a step's kind: SQLite's integrity check does not see it, its foreign
    key check does; the step is kept apart with the rest of the game, not left an orphan."""
    game = played_game(moves=10)
    Store(dirs).save_unfinished(game, 4.0)
    tamper(dirs, "UPDATE steps SET rules = CAST(CAST(rules AS BLOB) || x'8e' AS TEXT) WHERE n = 3")
    store = Store(dirs)
    saved = store.load_unfinished()
    assert saved is not None and len(saved.game.done) == 3
    assert kept_rows(dirs) == {"unfinished": 1, "step": len(game.done) + len(game.undone)}
    assert all("constraint" not in notice for notice in store.take_notices())


def test_a_bad_byte_in_the_kind_sets_the_database_aside_with_its_games(dirs: HomeDirs) -> None:
    store = Store(dirs)
    store.record_outcome(played_game(3), "won", 3.0)
    store.save_unfinished(played_game(moves=10), 4.0, daily=datetime.date(2025, 1, 2))
    store.close()
    tamper(dirs, IGNORE_CHECKS, "UPDATE unfinished SET rules = CAST(x'61ff62' AS TEXT)")
    again = Store(dirs)
    assert again.load_unfinished() is None
    [notice] = again.take_notices()
    assert "with the 1 game that could still be read" in notice
    [aside] = dirs.user_data_path.glob("games.db.corrupt-*[0-9]")
    with contextlib.closing(sqlite3.connect(aside)) as connection:
        assert connection.execute("SELECT count(*) FROM unfinished").fetchone()[0] == 1


def past_the_schema(dirs: HomeDirs, statement: str) -> None:
    """`statement` done as a hand does to store in a STRICT table what its types and checks
    refuse: the table's SQL rewritten without STRICT (`writable_schema`), the checks ignored,
    the SQL put back as it was, so the schema reads as this version made it."""
    table = statement.split()[1 if statement.startswith("UPDATE") else 2]
    path = dirs.user_data_path / "games.db"
    with contextlib.closing(sqlite3.connect(path, isolation_level=None)) as connection:
        sql = connection.execute("SELECT sql FROM sqlite_schema WHERE name = ?", (table,)).fetchone()[0]
        for text in (sql.replace(") STRICT, ", ") ").replace(") STRICT", ")"), sql):
            connection.execute("PRAGMA writable_schema = ON")
            connection.execute("UPDATE sqlite_schema SET sql = ? WHERE name = ?", (text, table))
            connection.execute("PRAGMA writable_schema = RESET")
            if text != sql:
                connection.execute(IGNORE_CHECKS)
                connection.execute(statement)
                connection.execute("PRAGMA ignore_check_constraints = OFF")


RESET_VALUES = {
    "a bad byte in the id": ("id = CAST(x'ff41' AS TEXT)", "its id"),
    "a bad byte in the day": ("daily = CAST(x'32ff' AS TEXT)", "ordinary deal"),
    "a clock of text": ("elapsed = 'abc'", "its clock"),
    "a negative clock": ("elapsed = -1", "its clock"),
    "a huge clock": ("elapsed = 1e300", "its clock"),
    "a move count of text": ("move_count = 'abc'", "move count"),
    "the largest move count": ("move_count = 9223372036854775807", "move count"),
    "moves done below zero": ("done = -5", "the moves done"),
    "a stray step before the first": ("INSERT INTO steps VALUES ('standard', -1, '[]')", "stray step"),
    "a stray step between two": ("INSERT INTO steps VALUES ('standard', 6.5, '[]')", "stray step"),
}


@pytest.mark.parametrize("checked", [True, False], ids=["checked at opening", "too large to check"])
@pytest.mark.parametrize("how", RESET_VALUES)
def test_a_value_of_the_unfinished_row_that_does_not_read_is_reset_and_the_game_resumes(
        dirs: HomeDirs, monkeypatch: pytest.MonkeyPatch, how: str, checked: bool) -> None:
    """The game comes back from what reads, the value reset to a safe one (a new id, an
    ordinary deal, the clock from 0, every step that reads done), the row as it was kept in
    the database, and one line names what was reset."""
    if not checked:
        monkeypatch.setattr(database, "CHECKED_SIZE", 0)
    store = Store(dirs)
    store.record_outcome(played_game(3), "won", 3.0)
    game = played_game(moves=10)
    store.save_unfinished(game, 4.0, daily=datetime.date(2025, 1, 2), game_id="first")
    store.close()
    change, words = RESET_VALUES[how]
    past_the_schema(dirs, change if "stray" in how else f"UPDATE unfinished SET {change}")
    again = Store(dirs)
    saved = again.load_unfinished()
    [notice] = again.take_notices()
    told = not checked or "stray" not in how  # a stray step is refused by the salvage, silently
    assert saved is not None and (words in notice and "reset" in notice) == told
    assert "constraint" not in notice and "Traceback" not in notice
    steps = len(game.done) + len(game.undone)
    assert len(saved.game.done) == (steps if how == "moves done below zero" else len(game.done))
    assert saved.game.move_count == (steps if "move count" in how else game.move_count)
    assert saved.elapsed == (0.0 if "clock" in how else 4.0)
    assert (saved.game_id == "first") == (how != "a bad byte in the id")
    assert saved.daily == (None if how == "a bad byte in the day" else datetime.date(2025, 1, 2))
    assert figures(again, "standard").played == 1
    saved.game.play(saved.game.legal_moves()[0])
    again.save_unfinished(saved.game, 6.0)
    again.close()
    resumed = Store(dirs)
    later = resumed.load_unfinished()
    assert later is not None and later.game.position == saved.game.position and later.elapsed == 6.0
    assert resumed.take_notices() == []
    with contextlib.closing(sqlite3.connect(dirs.user_data_path / "games.db")) as connection:
        kept = connection.execute("SELECT what, reason FROM kept").fetchall()
    assert kept and all("constraint" not in reason for _what, reason in kept)
    assert [what for what, _reason in kept].count("unfinished") == (0 if checked and "stray" in how else 1)


def test_a_value_out_of_bounds_is_refused_by_the_schema(dirs: HomeDirs) -> None:
    Store(dirs).save_unfinished(played_game(moves=4), 4.0)
    for statement in ("UPDATE unfinished SET elapsed = 'abc'",
                      "UPDATE unfinished SET move_count = 9223372036854775807",
                      "UPDATE unfinished SET done = -5", "INSERT INTO steps VALUES ('standard', -1, '[]')",
                      "INSERT INTO steps VALUES ('standard', 6.5, '[]')",
                      "UPDATE unfinished SET start = zeroblob(100000)"):
        with pytest.raises(sqlite3.IntegrityError):
            tamper(dirs, statement)
    saved = Store(dirs).load_unfinished()
    assert saved is not None and saved.elapsed == 4.0


def test_a_full_database_keeps_the_last_save_and_tries_again(dirs: HomeDirs) -> None:
    """SQLITE_FULL (the database held to its size): the game plays on, the last good save
    stays, the player is told, and the save goes through once there is room."""
    store = Store(dirs)
    first = played_game(moves=4)
    store.save_unfinished(first, 5.0)
    connection = store.db.connection
    assert connection is not None
    connection.execute("VACUUM")  # no free page left to write into
    pages = connection.execute("PRAGMA page_count").fetchone()[0]
    connection.execute(f"PRAGMA max_page_count = {pages}")
    later = played_game(number=8, moves=400)
    store.save_unfinished(later, 9.0)
    assert store.write_problem is not None
    saved = Store(dirs).load_unfinished()
    assert saved is not None and saved.game.to_record() == first.to_record()
    [notice] = store.take_notices()
    assert "disk is full" in notice
    connection.execute("PRAGMA max_page_count = 1000000")
    store.save_unfinished(later, 10.0)
    assert store.write_problem is None
    saved = Store(dirs).load_unfinished()
    assert saved is not None and saved.game.to_record() == later.to_record()
