"""Each class of bad file, in each file the store reads, with real files on a real disk: the
store raises nothing, keeps the bad file aside or leaves it untouched, writes nothing through a
link, says so in a notice, and loses no good data (a game recorded afterwards is counted).
An empty database is no games yet."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from eightoff.core.limits import LARGEST_WINDOW_SIDE, SMALLEST_WINDOW_SIDE
from eightoff.core.preferences import Preferences
from eightoff.store import WON, HomeDirs, Store

from .bad_files import (
    CLAMPED,
    CONTENTS,
    KINDS,
    TARGETS,
    Target,
    damage,
    huge,
    kept,
    outside_untouched,
    snapshot,
    started_game,
)
from .conftest import figures, recent, unfinished_rows

CLASSES = [*CONTENTS, *KINDS]


def exercise(store: Store) -> None:
    """Everything the window and `eightoff stats` do with the files, in their order."""
    store.acquire_instance()
    store.load_preferences()
    store.load_unfinished()
    store.overview()
    game = started_game(3)
    store.save_unfinished(game, 5.0)
    store.save_preferences(Preferences(four_colour=True))
    assert store.record_outcome(game, WON, 7.0)
    store.overview()
    store.close()


def held(home: Path, target: Target, damage_name: str) -> list[str]:
    """What went wrong, if anything, when the store met this bad file (empty: it held)."""
    damage(home, target, damage_name)
    before = snapshot(target.path(home))
    store = Store(HomeDirs(home))
    clamped = (target.name, damage_name) in CLAMPED
    problems = []
    if clamped:
        size = store.load_preferences().window_size
        if not all(SMALLEST_WINDOW_SIDE <= side <= LARGEST_WINDOW_SIDE for side in size):
            problems.append(f"the window size {size} was not brought within the limits")
    exercise(store)
    empty = before == ("file", b"") and target.name == "games database"
    still_good = target.name == "games database" and before == ("file", target.good)  # used, so changed
    if not clamped and not empty and not still_good and not kept(home, target, before):
        problems.append("the bad file was neither kept aside nor left as it was")
    if not outside_untouched(home):
        problems.append("a file outside our folders was written through a link")
    if not store.take_notices() and before != ("file", target.good) and not empty and not clamped:
        problems.append("no notice")
    again = Store(HomeDirs(home))
    if figures(again, "standard").won < 1:
        problems.append("the game recorded afterwards was lost")
    return problems


@pytest.mark.parametrize("damage_name", CLASSES)
@pytest.mark.parametrize("target", TARGETS, ids=lambda target: target.name)
def test_a_bad_file_never_stops_or_loses(tmp_path: Path, target: Target, damage_name: str) -> None:
    if damage_name == "device" and os.geteuid() != 0:
        pytest.skip("making a device node needs root")
    assert held(tmp_path / "home", target, damage_name) == []


@pytest.mark.parametrize("target", TARGETS, ids=lambda target: target.name)
def test_a_huge_file_is_not_read_whole(tmp_path: Path, target: Target) -> None:
    home = tmp_path / "home"
    damage(home, target, "empty")
    target.path(home).write_bytes(huge(target.good))
    store = Store(HomeDirs(home))
    exercise(store)
    assert store.take_notices()


def test_the_same_game_recorded_twice_counts_once(tmp_path: Path) -> None:
    home = tmp_path / "home"
    store = Store(HomeDirs(home))
    game = started_game()
    assert store.record_outcome(game, WON, 10.0)
    assert not store.record_outcome(game, WON, 11.0)  # undo and redo of the winning move
    saved_id = store.game_id(game)
    other = Store(HomeDirs(home))  # a second copy that resumed the same game records it again
    assert other.record_outcome(started_game(), "lost", 12.0, game_id=saved_id)
    assert figures(Store(HomeDirs(home)), "standard").played == 1
    assert len(recent(Store(HomeDirs(home)))) == 1


def test_a_resumed_game_keeps_its_id_and_a_recorded_one_is_forgotten(tmp_path: Path) -> None:
    home = tmp_path / "home"
    store = Store(HomeDirs(home))
    game = started_game()
    store.save_unfinished(game, 3.0)
    resumed_store = Store(HomeDirs(home))
    resumed = resumed_store.load_unfinished()
    assert resumed is not None and resumed.game_id == store.game_id(game)
    resumed_store.record_outcome(resumed.game, WON, 4.0)
    assert unfinished_rows(HomeDirs(home)) == (0, 0)  # a crash now cannot resume a counted game
    store.record_outcome(game, WON, 4.0)  # the first copy, which never heard of it, records it too
    assert figures(Store(HomeDirs(home)), "standard").played == 1
