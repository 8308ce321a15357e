"""A store whose folders cannot be created: the parent of its home is a regular file, which
blocks writes even for root (where chmod would not)."""

from __future__ import annotations

from pathlib import Path

from eightoff.core.preferences import Preferences
from eightoff.store import LOST, WON, HomeDirs, Store

from .conftest import figures, played_game


def blocked_store(tmp_path: Path) -> Store:
    blocker = tmp_path / "blocker"
    blocker.write_text("a file where a folder should be")
    return Store(HomeDirs(blocker / "home"))


def test_everything_still_works_and_cannot_save_is_said_once(tmp_path: Path) -> None:
    store = blocked_store(tmp_path)
    assert store.load_preferences() == Preferences()
    assert store.load_unfinished() is None
    [notice] = store.take_notices()  # said as the database is found unopenable, not at the first move
    game = played_game(moves=6)
    store.save_unfinished(game, 10.0)
    store.save_preferences(Preferences(four_colour=True))
    store.record_outcome(game, LOST, 10.0)
    assert not store.reset_statistics()
    [not_reset] = store.take_notices()  # a reset the player asked for is never dropped unsaid
    assert notice.startswith("Cannot save") and str(tmp_path / "blocker") in notice
    assert "keep playing" in notice
    assert not_reset.startswith("Your statistics were not reset: the folder or the database is read-only.")
    store.save_unfinished(game, 11.0)
    assert store.take_notices() == []
    assert figures(store, "standard").played == 0


def test_each_kind_of_write_reports_when_it_is_the_first_to_fail(tmp_path: Path) -> None:
    game = played_game(moves=6)
    writes = [
        lambda store: store.save_unfinished(game, 1.0),
        lambda store: store.save_preferences(Preferences()),
        lambda store: store.record_outcome(game, WON, 1.0),
    ]
    for number, write in enumerate(writes):
        folder = tmp_path / str(number)
        folder.mkdir()
        store = blocked_store(folder)
        write(store)
        assert len(store.take_notices()) == 1
