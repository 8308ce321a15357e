"""Two windows on one player's files: the second knows, and leaves the first one's unfinished
game alone; the lock goes with the first window's process, even when it is killed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

from eightoff.store import HomeDirs, Store

from .bad_files import started_game
from .conftest import figures, unfinished_rows

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
