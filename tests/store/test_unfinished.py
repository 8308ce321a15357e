from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from eightoff.core.variants import EASY
from eightoff.store import HomeDirs, Store, saved_game
from eightoff.store import files as store_files

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
    """A saved game with its whole history in the file (as every save wrote it before steps
    files, and as the store still reads it)."""
    unfinished_path(dirs).parent.mkdir(parents=True, exist_ok=True)
    document: dict[str, Any] = json.loads(saved_game.encode(played_game(moves=10), 30.0, False, "abc1"))
    return document


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
    [kept] = path.parent.glob("unfinished-game.json.corrupt-*")
    assert kept.read_bytes() == content and not path.exists()
    [notice] = store.notices
    assert "unfinished game" in notice and str(kept) in notice


@pytest.mark.parametrize("content", [b"", b"{", b"null", b"\x00\x01"])
def test_empty_or_corrupt_saved_game_is_set_aside(dirs: HomeDirs, content: bytes) -> None:
    path = unfinished_path(dirs)
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    store = Store(dirs)
    assert store.load_unfinished() is None
    assert len(list(path.parent.glob("*.corrupt-*"))) == 1 and len(store.notices) == 1


def test_two_bad_files_in_one_second_are_both_kept(dirs: HomeDirs) -> None:
    path = unfinished_path(dirs)
    path.parent.mkdir(parents=True)
    for content in (b"first", b"second"):
        path.write_bytes(content)
        Store(dirs).load_unfinished()
    kept = sorted(kept.read_bytes() for kept in path.parent.glob("*.corrupt-*"))
    assert kept == [b"first", b"second"]


def test_a_failed_write_leaves_the_old_file_and_no_temporary(
    dirs: HomeDirs, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store(dirs)
    first = played_game(moves=4)
    store.save_unfinished(first, 5.0)

    def full_disk(source: object, destination: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(store_files.os, "replace", full_disk)
    store.save_unfinished(played_game(moves=8), 9.0)
    monkeypatch.undo()
    names = sorted(os.listdir(dirs.user_state_path))
    assert names[0] == "unfinished-game.json" and len(names) == 2 and names[1].endswith(".steps")
    saved = store.load_unfinished()
    assert saved is not None and saved.game.to_record() == first.to_record()
    [notice] = store.notices
    assert "No space left on device" in notice
