from __future__ import annotations

import contextlib
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from eightoff.core.variants import EASY
from eightoff.store import HomeDirs, Store
from eightoff.store.legacy import FOLDER

from .bad_files import old_saved_game
from .conftest import played_game


def unfinished_path(dirs: HomeDirs) -> Path:
    return dirs.user_state_path / "unfinished-game.json"


def test_nothing_saved_means_none(store: Store) -> None:
    assert store.load_unfinished() is None
    assert store.notices == []


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


def test_the_latest_save_wins_and_clear_removes_it(store: Store) -> None:
    store.save_unfinished(played_game(moves=3), 1.0)
    later = played_game(moves=9)
    store.save_unfinished(later, 2.0)
    saved = store.load_unfinished()
    assert saved is not None and saved.game.to_record() == later.to_record()
    store.clear_unfinished()
    assert store.load_unfinished() is None
    store.clear_unfinished()  # clearing twice is harmless
    assert store.notices == []


def saved_document(dirs: HomeDirs) -> dict[str, Any]:
    """A saved game as the versions before the database kept it, whole in its file (the
    migration reads it once)."""
    unfinished_path(dirs).parent.mkdir(parents=True, exist_ok=True)
    document: dict[str, Any] = json.loads(old_saved_game(played_game(moves=10), 30.0, False, "abc1"))
    return document


def kept_file(dirs: HomeDirs, name: str = "unfinished-game.json") -> list[Path]:
    """The old files of that name the migration kept aside."""
    folder = dirs.user_data_path / FOLDER / "state"
    return sorted(folder.glob(name + "*"))


def spoil(document: dict[str, Any], how: str) -> bytes:
    game = document["game"]
    if how == "illegal move":
        game["done"][0] = ["Move 5 cards from stack 0 to stack 1"]
    elif how == "other deal":
        game["deal"] = 2
    elif how == "nonsense move":
        game["done"][0] = ["Fly the queen to the moon"]
    elif how == "elapsed text":
        document["elapsed"] = "ten"
    elif how == "elapsed negative":
        document["elapsed"] = -3
    elif how == "hints not boolean":
        document["hints_used"] = "no"
    elif how == "no game":
        del document["game"]
    elif how == "game version":
        game["version"] = 99
    elif how == "done not a list":
        game["done"] = 7
    elif how == "move count missing":
        del game["move_count"]
    elif how == "file version":
        document["version"] = 2
    return json.dumps(document).encode()


@pytest.mark.parametrize(
    "how",
    [
        "illegal move",
        "other deal",
        "nonsense move",
        "elapsed text",
        "elapsed negative",
        "hints not boolean",
        "no game",
        "game version",
        "done not a list",
        "move count missing",
        "file version",
    ],
)
def test_a_saved_game_that_does_not_load_is_set_aside(dirs: HomeDirs, how: str) -> None:
    content = spoil(saved_document(dirs), how)
    path = unfinished_path(dirs)
    path.write_bytes(content)
    store = Store(dirs)
    assert store.load_unfinished() is None
    [kept] = kept_file(dirs)
    assert kept.read_bytes() == content and not path.exists()
    [notice] = [notice for notice in store.notices if "unfinished game" in notice and "could not" in notice]
    assert str(kept) in notice


@pytest.mark.parametrize("content", [b"", b"{", b"null", b"\x00\x01"])
def test_empty_or_corrupt_saved_game_is_set_aside(dirs: HomeDirs, content: bytes) -> None:
    path = unfinished_path(dirs)
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    store = Store(dirs)
    assert store.load_unfinished() is None
    assert len(kept_file(dirs)) == 1 and len(store.notices) == 2  # the file's, and the migration's


def test_two_bad_files_in_one_second_are_both_kept(dirs: HomeDirs) -> None:
    path = unfinished_path(dirs)
    path.parent.mkdir(parents=True)
    for content in (b"first", b"second"):
        path.write_bytes(content)
        Store(dirs).load_unfinished()
    assert sorted(kept.read_bytes() for kept in kept_file(dirs)) == [b"first", b"second"]


@pytest.mark.parametrize("how", ["start not a game", "start too large", "another kind", "step garbage"])
def test_a_saved_row_that_does_not_load_is_kept_in_the_database(dirs: HomeDirs, how: str) -> None:
    """Damage inside the database: the row is kept under another key with its steps, never
    deleted; a damaged step ends the history there, with a notice, and the next save writes
    over what followed it, so no later move is lost at the next start."""
    game = played_game(moves=10)
    Store(dirs).save_unfinished(game, 4.0)
    with contextlib.closing(sqlite3.connect(dirs.user_data_path / "games.db")) as connection, connection:
        if how == "start not a game":
            connection.execute("UPDATE unfinished SET start = x'00ff'")
        elif how == "start too large":
            connection.execute("UPDATE unfinished SET start = zeroblob(100000)")
        elif how == "another kind":
            connection.execute("UPDATE unfinished SET rules = 'easy'; ")
            connection.execute("UPDATE steps SET rules = 'easy'")
        else:
            connection.execute("UPDATE steps SET moves = 'garbage' WHERE n = 3")
    store = Store(dirs)
    key = "easy" if how == "another kind" else "standard"
    saved = store.load_unfinished(key)
    [notice] = store.notices
    if how == "step garbage":
        assert saved is not None and len(saved.game.done) == 3 and "resumes at move" in notice
        saved.game.play(saved.game.legal_moves()[0])
        store.save_unfinished(saved.game, 5.0)
        again = Store(dirs).load_unfinished()
        assert again is not None and len(again.game.done) == 4 and again.game.position == saved.game.position
        return
    assert saved is None and "kept in the database" in notice
    with contextlib.closing(sqlite3.connect(dirs.user_data_path / "games.db")) as connection:
        [(aside,)] = connection.execute("SELECT rules FROM unfinished").fetchall()
        assert aside.startswith(key + ".corrupt-")
        assert connection.execute("SELECT count(*) FROM steps WHERE rules = ?", (aside,)).fetchone()[0] > 0
    store.save_unfinished(played_game(2), 1.0)  # a new game of the kind leaves the kept one alone
    with contextlib.closing(sqlite3.connect(dirs.user_data_path / "games.db")) as connection:
        assert connection.execute("SELECT count(*) FROM unfinished").fetchone()[0] == 2


def test_a_full_database_keeps_the_last_save_and_tries_again(dirs: HomeDirs) -> None:
    """SQLITE_FULL (the database held to its size): the game plays on, the last good save
    stays, the player is told, and the save goes through once there is room."""
    store = Store(dirs)
    first = played_game(moves=4)
    store.save_unfinished(first, 5.0)
    connection = store.db.connection
    assert connection is not None
    pages = connection.execute("PRAGMA page_count").fetchone()[0]
    connection.execute(f"PRAGMA max_page_count = {pages}")
    later = played_game(number=8, moves=400)
    store.save_unfinished(later, 9.0)
    assert store.write_problem is not None
    saved = Store(dirs).load_unfinished()
    assert saved is not None and saved.game.to_record() == first.to_record()
    [notice] = store.notices
    assert "disk is full" in notice
    connection.execute("PRAGMA max_page_count = 1000000")
    store.save_unfinished(later, 10.0)
    assert store.write_problem is None
    saved = Store(dirs).load_unfinished()
    assert saved is not None and saved.game.to_record() == later.to_record()
