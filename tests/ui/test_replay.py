"""Watch, Play again and the deal's facts through the window's real event loop, with the store
on a temporary home; what is recorded is read back as a player reads it, with `eightoff stats
--csv` run as a subprocess.

A replay is not a game: it plays the kept moves in the player's unit (a move with the cards
auto-play sent home with it is one), records nothing, shows no win, and gives the table back
to the game it left exactly as it was.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from eightoff.core.game import Game
from eightoff.core.preferences import Preferences
from eightoff.core.variants import STANDARD
from eightoff.session.keeper import Keeper
from eightoff.session.session import Session
from eightoff.session.words import move_words
from eightoff.solver.daily import shipped_par
from eightoff.solver.limits import Budget
from eightoff.solver.par import PAR_NODES, opening_line
from eightoff.solver.solve import solve
from eightoff.store import WON, HomeDirs, Store
from eightoff.ui.app import App
from eightoff.ui.dialogs import MessageDialog
from eightoff.ui.playback import Playback
from eightoff.ui.stats_dialog import StatisticsDialog
from tests.ui.helpers import FakeClock, clock, key
from tests.ui.helpers import click as click_at
from tests.ui.test_store_link import press_button, press_toolbar, to_cell

THIRTEEN = 2217
"""An Eight Off deal whose par is 13 moves (its daily list says so; a test checks it)."""
QUICK = Preferences(autoplay=False, animation_speed="off")


def stats_csv(home: Path) -> str:
    environment = {**os.environ, "EIGHTOFF_HOME": str(home)}
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        environment.pop(name, None)
    result = subprocess.run([sys.executable, "-m", "eightoff", "stats", "--csv", "-"], env=environment,
                            capture_output=True, text=True, timeout=60)
    assert (result.returncode, result.stderr) == (0, ""), result
    return result.stdout


def won_in_par(number: int) -> Game:
    """Deal `number` won along its par's line, as a player with auto-play plays it."""
    game = Game.new(number, STANDARD)
    game.settle()
    line = opening_line(game.start, STANDARD, solve(game.start, STANDARD, Budget(nodes=PAR_NODES)).moves)
    assert line is not None
    for move in line:
        game.play(move, autoplay=True, finish=True)
    assert game.is_won
    return game


def open_window(home: Path, deal: int) -> App:
    session = Session.open(Keeper(Store(HomeDirs(home))), FakeClock(), deal=deal)
    app = App(session, out=io.StringIO())
    pygame.event.clear()
    app.pump()
    return app


def pick_recent_game(app: App, action: str) -> None:
    """Statistics, Recent games, the newest row, then `action` ("Watch", "Play again")."""
    press_toolbar(app, "statistics")
    press_button(app, "Recent games")
    dialog = app.top
    assert isinstance(dialog, StatisticsDialog)
    click_at(app, dialog.choices[0].rect.center)
    press_button(app, action)


def table_as_is(app: App) -> tuple[object, ...]:
    """All a player can see of the game on the table, and what its save holds."""
    game, session = app.table.game, app.session
    return (game.rules.name, game.deal_number, game.position, game.done, game.undone, game.move_count,
            session.outcome, session.seconds(), session.facts, app.table.view.summary())


@pytest.fixture
def home(tmp_path: Path) -> Path:
    Store(HomeDirs(tmp_path)).save_preferences(QUICK)
    return tmp_path


def test_the_short_win_is_thirteen_moves_of_more_cards() -> None:
    won = won_in_par(THIRTEEN)
    assert won.move_count == shipped_par("standard", THIRTEEN) == 13
    assert sum(len(step.moves) for step in won.done) > 13  # auto-play's cards ride with the moves


def test_watch_of_a_13_move_win_plays_13_moves_and_records_nothing(home: Path) -> None:
    Store(HomeDirs(home)).record_outcome(won_in_par(THIRTEEN), WON, 95.0)
    app = open_window(home, deal=5)
    to_cell(app, 0)
    to_cell(app, 1)
    clock(app).time += 12
    app.pump()
    before, recorded = table_as_is(app), stats_csv(home)
    pick_recent_game(app, "Watch")
    playback = app.top
    assert isinstance(playback, Playback)  # no "Leave this game?": nothing is left
    assert app.table.game.deal_number == THIRTEEN and app.table.game.move_count == 0
    assert "Replay: move 0 of 13" in app.table.status.banner
    shown = []
    while app.top is playback:
        clock(app).time += 1
        app.pump()
        shown.append(playback.played)
        assert not isinstance(app.top, MessageDialog), "a replay shows no win and asks nothing"
    assert max(shown) == 13 and sorted(set(shown)) == list(range(1, 14))
    assert app.top is app.table
    app.pump(2)
    assert app.top is app.table  # no win dialog, no "Solved with help"
    assert table_as_is(app) == before
    assert stats_csv(home) == recorded


def test_escape_in_a_replay_gives_back_the_game_exactly_as_it_was(home: Path) -> None:
    Store(HomeDirs(home)).record_outcome(won_in_par(THIRTEEN), WON, 95.0)
    app = open_window(home, deal=5)
    to_cell(app, 0)
    before, recorded = table_as_is(app), stats_csv(home)
    pick_recent_game(app, "Watch")
    playback = app.top
    assert isinstance(playback, Playback)
    key(app, pygame.K_RIGHT)
    first = app.session.replay.steps[0] if app.session.replay is not None else None
    assert first is not None  # a screen reader hears the replay's move, as the player's own
    assert app.table.announcer.spoken[-1] == move_words(first.before, app.table.game.rules, first.moves[0])
    for _ in range(7):
        key(app, pygame.K_RIGHT)
    assert playback.played == 8 and "Replay paused: move 8 of 13" in app.table.status.banner
    assert app.session.moves() == 8 and "8 moves" in app.table.view.summary()
    key(app, pygame.K_ESCAPE)
    assert app.top is app.table
    assert table_as_is(app) == before
    to_cell(app, 1)  # the game goes on from where it was
    assert app.table.game.move_count == 2
    assert stats_csv(home) == recorded


def test_play_again_of_the_same_game_asks_before_leaving_a_game_in_progress(home: Path) -> None:
    Store(HomeDirs(home)).record_outcome(won_in_par(THIRTEEN), WON, 95.0)
    app = open_window(home, deal=5)
    to_cell(app, 0)
    pick_recent_game(app, "Play again")
    dialog = app.top
    assert isinstance(dialog, MessageDialog) and dialog.title == "Leave this game?"
    press_button(app, "Keep playing")
    assert app.table.game.deal_number == 5 and app.table.game.move_count == 1
    pick_recent_game(app, "Play again")
    press_button(app, "Leave it")
    assert app.table.game.deal_number == THIRTEEN and app.table.game.move_count == 0
    rows = sorted(row.split(",")[2:4] for row in stats_csv(home).splitlines()[1:])
    assert rows == [["2217", "won"], ["5", "lost"]]


def test_a_new_deal_never_carries_the_facts_of_the_deal_before(home: Path) -> None:
    """Deal 2217 has a shipped par; the deal dealt after it has none: its par is unknown, not 13."""
    app = open_window(home, deal=THIRTEEN)
    assert app.session.facts.par == 13 and "par 13" in app.table.view.summary()
    to_cell(app, 0)
    key(app, pygame.K_d, pygame.KMOD_CTRL)  # Deal…, once the player says this game may go
    press_button(app, "Leave it")
    for digit in "99999":
        key(app, getattr(pygame, f"K_{digit}"), unicode=digit)
    key(app, pygame.K_RETURN)
    assert app.table.game.deal_number == 99999
    facts = app.session.facts
    assert (facts.deal, facts.par, facts.grade, facts.daily, facts.best) == (99999, None, None, None, None)
    assert "par" not in app.table.view.summary()
