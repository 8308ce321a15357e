from __future__ import annotations

import contextlib
import random
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from eightoff.core.game import Game
from eightoff.core.rules import Rules
from eightoff.core.variants import STANDARD
from eightoff.store import WON, FinishedGame, HomeDirs, Statistics, Store


def unfinished_rows(dirs: HomeDirs, key: str = "standard") -> tuple[int, int]:
    """How many unfinished games and steps of that kind games.db holds."""
    with contextlib.closing(sqlite3.connect(dirs.user_data_path / "games.db")) as connection:
        games = connection.execute("SELECT count(*) FROM unfinished WHERE rules = ?", (key,)).fetchone()[0]
        steps = connection.execute("SELECT count(*) FROM steps WHERE rules = ?", (key,)).fetchone()[0]
    return games, steps


@pytest.fixture
def dirs(tmp_path: Path) -> HomeDirs:
    return HomeDirs(tmp_path / "home")


@pytest.fixture
def store(dirs: HomeDirs) -> Store:
    return Store(dirs)


def played_game(number: int = 1, rules: Rules = STANDARD, moves: int = 12, seed: int = 0) -> Game:
    """A game with `moves` random actions made, then two undone (so there is a redo tail)."""
    game = Game.new(number, rules)
    rng = random.Random(seed)
    for _ in range(moves):
        choices = game.legal_moves()
        if not choices:
            break
        game.play(rng.choice(choices), autoplay=True)
    game.undo()
    game.undo()
    return game


def random_change(game: Game, rng: random.Random) -> None:
    """One change a player might make: an undo, a redo, or a move (with auto-play or not)."""
    choice = rng.random()
    if choice < 0.15 and game.can_undo:
        game.undo()
    elif choice < 0.25 and game.can_redo:
        game.redo()
    elif game.legal_moves():
        game.play(rng.choice(game.legal_moves()), autoplay=rng.random() < 0.5)


def figures(store: Store, key: str = "standard") -> Statistics:
    """One game's figures as the Statistics dialog reads them (`Store.overview`)."""
    found = store.overview().summaries.get(key)
    return found.statistics if found is not None else Statistics(key)


def recent(store: Store, limit: int | None = 20, rules: str | None = None) -> list[FinishedGame]:
    """The newest games as played, newest first, as the dialog and `stats` list them."""
    games = store.overview(rules=rules).recent
    return games if limit is None else games[:limit]


def newer_database(home: Path) -> None:
    """games.db as a later version of the program leaves it: a game in it, a schema version
    past ours."""
    store = Store(HomeDirs(home))
    store.record_outcome(played_game(9), WON, 20.0)
    store.close()
    with contextlib.closing(sqlite3.connect(home / "data" / "games.db")) as connection:
        connection.execute("PRAGMA user_version = 99")


HOLD = """
import sqlite3, sys
connection = sqlite3.connect(sys.argv[1], isolation_level=None)
connection.execute("BEGIN IMMEDIATE" if sys.argv[2] == "write" else "BEGIN EXCLUSIVE")
print("held", flush=True)
sys.stdin.read()
"""


@contextlib.contextmanager
def held(dirs: HomeDirs, kind: str = "write") -> Iterator[subprocess.Popen[str]]:
    """Another process holding games.db's write lock (`kind` "exclusive": every lock) from the
    start of the block until its stdin is closed or the block ends."""
    with subprocess.Popen([sys.executable, "-c", HOLD, str(dirs.user_data_path / "games.db"), kind],
                          stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True) as holder:
        try:
            assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
            yield holder
        finally:
            holder.kill()
