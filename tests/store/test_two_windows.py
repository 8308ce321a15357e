"""Two windows on one player's files: the second knows, and leaves the first one's unfinished
game alone; the lock goes with the first window's process, even when it is killed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import IO

import pytest

from eightoff.store import LOST, WON, HomeDirs, Store
from eightoff.store.exchange import Imported

from .bad_files import started_game
from .conftest import figures, held, played_game, unfinished_rows

FIRST_WINDOW = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from eightoff.core.game import Game
    from eightoff.core.variants import STANDARD
    from eightoff.store import HomeDirs, Store

    store = Store(HomeDirs(Path(sys.argv[1])))
    assert store.acquire_instance()
    game = Game.new(9, STANDARD)
    game.play(game.legal_moves()[0])
    store.save_unfinished(game, 30.0)
    print("open", flush=True)
    sys.stdin.read()
    """
)


def test_the_second_window_leaves_the_first_ones_game_alone(tmp_path: Path) -> None:
    home = tmp_path / "home"
    first = subprocess.Popen([sys.executable, "-c", FIRST_WINDOW, str(home)], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    assert first.stdout is not None and first.stdout.readline() == "open\n"
    saved = unfinished_rows(HomeDirs(home))
    second = Store(HomeDirs(home))
    assert not second.acquire_instance()
    assert second.load_unfinished() is None
    game = started_game(4)
    second.save_unfinished(game, 3.0)
    assert second.record_outcome(game, "lost", 3.0)  # its own games still count
    [notice] = second.take_notices()
    assert "Another Eight Off window is open" in notice
    assert unfinished_rows(HomeDirs(home)) == saved
    os.kill(first.pid, signal.SIGKILL)
    first.wait()
    third = Store(HomeDirs(home))
    assert third.acquire_instance()
    resumed = third.load_unfinished()
    assert resumed is not None and resumed.game.deal_number == 9
    assert figures(third, "standard").played == 1


def test_the_lock_is_released_when_the_window_closes(tmp_path: Path) -> None:
    dirs = HomeDirs(tmp_path / "home")
    first = Store(dirs)
    assert first.acquire_instance()
    assert not Store(dirs).acquire_instance()
    first.close()
    again = Store(dirs)
    assert again.acquire_instance()
    again.close()


def killed(*stores: Store) -> None:
    """What a SIGKILL of each store's process leaves: nothing more written, and its locks let
    go by the OS (held here by the one test process, where they would still count)."""
    for store in stores:
        store._pending_lock.release()


def test_two_windows_whose_games_wait_at_once_both_keep_them_for_the_next_start(tmp_path: Path) -> None:
    """Both windows finish a game while a third process holds the database's write lock, so
    both games wait in the pending files; then both windows are killed. The second window's
    file must not have replaced the first one's: the next start adds both games."""
    dirs = HomeDirs(tmp_path / "home")
    first, second = Store(dirs), Store(dirs)
    with held(dirs):
        assert not first.record_outcome(played_game(1), WON, 10.0)
        assert not second.record_outcome(played_game(2), LOST, 20.0)
    killed(first, second)
    assert sorted(game.seconds for game in Store(dirs).each_game()) == [10.0, 20.0]


def test_a_window_that_writes_its_waiting_game_leaves_the_others_for_the_next_start(tmp_path: Path) -> None:
    """The first window's game goes into the database once the lock is free: that window then
    removes its own pending lines, never the second window's, which is then killed."""
    dirs = HomeDirs(tmp_path / "home")
    first, second = Store(dirs), Store(dirs)
    with held(dirs):
        assert not first.record_outcome(played_game(1), WON, 10.0)
        assert not second.record_outcome(played_game(2), LOST, 20.0)
    assert first.retry_writes()
    first.close()
    killed(second)
    assert sorted(game.seconds for game in Store(dirs).each_game()) == [10.0, 20.0]


def test_a_start_leaves_an_open_windows_waiting_games_to_it(tmp_path: Path) -> None:
    """A window still open writes its waiting games itself: a start neither adds them nor says
    they were left when Eight Off closed, and a game that waits there next is kept with them.
    Once that window is killed, the next start adds both."""
    dirs = HomeDirs(tmp_path / "home")
    first = Store(dirs)
    with held(dirs):
        assert not first.record_outcome(played_game(1), WON, 10.0)
    second = Store(dirs)
    assert list(second.each_game()) == [] and second.take_notices() == []
    with held(dirs):
        assert not first.record_outcome(played_game(2), LOST, 20.0)
    second.close()
    killed(first)
    third = Store(dirs)
    assert sorted(game.seconds for game in third.each_game()) == [10.0, 20.0]
    assert third.take_notices() == [
        "2 finished games that could not be saved when Eight Off last closed are now in your statistics."]
    third.close()
    assert [path.name for path in dirs.user_data_path.glob("pending-games*")] == []


def test_a_start_that_adds_a_closed_windows_file_leaves_what_that_store_waits_for_after(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A start takes a closed window's pending file over before it adds it: should that store
    be used again (a game finished after its close waits too), removing the file added does
    not take the new game with it."""
    dirs = HomeDirs(tmp_path / "home")
    first = Store(dirs)
    with held(dirs):
        assert not first.record_outcome(played_game(1), WON, 10.0)
        first.close()
    second = Store(dirs)
    adding = second.import_games

    def add_as_the_first_store_waits_again(source: IO[bytes]) -> Imported | None:
        with held(dirs):
            assert not first.record_outcome(played_game(2), LOST, 20.0)
        return adding(source)

    monkeypatch.setattr(second, "import_games", add_as_the_first_store_waits_again)
    assert [game.seconds for game in second.each_game()] == [10.0]
    second.close()
    killed(first)
    assert sorted(game.seconds for game in Store(dirs).each_game()) == [10.0, 20.0]
