"""The store joined to the window: the headless app through its real event loop with the store
on a temporary folder, and the real program as a subprocess resuming a saved game."""

from __future__ import annotations

import argparse
import contextlib
import io
import itertools
import json
import os
import selectors
import signal
import sqlite3
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import TextIO

import pygame
import pytest

from eightoff.core.cards import CARDS, KING, Suit
from eightoff.core.game import Game
from eightoff.core.piles import Pile
from eightoff.core.position import Position
from eightoff.core.preferences import Preferences
from eightoff.core.variants import EASY, STANDARD, VARIANTS
from eightoff.locale import install_language
from eightoff.session.keeper import Keeper
from eightoff.session.session import Session
from eightoff.solver.grade import deals_of_grade
from eightoff.store import LOST, SOLVED, WON, FinishedGame, HomeDirs, Statistics, Store, database
from eightoff.ui import theme
from eightoff.ui.app import App
from eightoff.ui.dialogs import Dialog
from eightoff.ui.playback import Playback
from eightoff.ui.stats_dialog import StatisticsDialog
from eightoff.ui.toolbar import MORE
from tests.ui.helpers import FakeClock, click, clock, key, pile_center, post

OPENED: list[Session] = []
"""The sessions this test opened, whose windows count as gone once the next one opens."""
QUICK = Preferences(autoplay=False, animation_speed="off")
"""Saved before each app opens: moves land at once, nothing plays itself."""


def arguments(deal: int | None = None, rules: str | None = None) -> argparse.Namespace:
    return argparse.Namespace(deal=deal, rules=rules, options={}, log_moves=False, print_layout=False)


def store_at(home: Path) -> Store:
    return Store(HomeDirs(home))


def figures(store: Store, key: str) -> Statistics:
    """One game's figures, as the Statistics dialog reads them."""
    found = store.overview().summaries.get(key)
    return found.statistics if found is not None else Statistics(key)


def played(store: Store) -> list[FinishedGame]:
    """The recent games, newest first, as the dialog lists them."""
    return store.overview().recent


def open_app(
    home: Path, args: argparse.Namespace | None = None, game: Game | None = None,
    out: TextIO | None = None,
) -> tuple[App, Session]:
    """What run_app does, with a clock the test moves; with `out`, --log-moves writes to it.
    With `game`, the window opens on that game instead, with the store kept as usual."""
    args = args or arguments()
    for earlier in OPENED:  # gone, as if killed: the next window owns the unfinished game
        assert earlier.books.keeper is not None
        earlier.books.keeper.close()
    OPENED.clear()
    now = FakeClock()
    session = Session.open(Keeper(store_at(home)), now, key=args.rules, deal=args.deal)  # no solver
    if game is not None:
        assert session.books.keeper is not None
        session = Session(game, now, preferences=session.preferences, keeper=session.books.keeper)
    OPENED.append(session)
    app = App(session, out=out or io.StringIO(), log_moves=out is not None)
    pygame.event.clear()
    app.pump()
    return app, session


@pytest.fixture
def home(tmp_path: Path) -> Path:
    store_at(tmp_path).save_preferences(QUICK)
    return tmp_path


def to_cell(app: App, column: int) -> None:
    """Click a column's top card: it goes to the leftmost free cell (or home)."""
    click(app, pile_center(app, Pile.column(column)))


def press_toolbar(app: App, action: str) -> None:
    """The toolbar's button, or its row in More where the bar folded it."""
    toolbar = app.table.toolbar
    shown = {button.action: button for button in toolbar.buttons}
    if action not in shown:
        click(app, shown[MORE].rect.center)
        [label] = [label for folded, label in toolbar.folded if folded == action]
        [row] = [choice for choice in app.top.choices if choice.label == label]
        click(app, row.rect.center)
        return
    click(app, shown[action].rect.center)


def press_button(app: App, label: str) -> None:
    dialog = app.top
    assert isinstance(dialog, Dialog)
    [choice] = [choice for choice in dialog.choices if choice.label == label]
    click(app, choice.rect.center)


def one_move_from_won() -> Game:
    columns = ((CARDS[Suit.SPADES][KING],),) + ((),) * 7
    return Game(STANDARD, Position(columns, (None,) * 8, (KING, KING, KING, KING - 1)))


# ----- the unfinished game ----------------------------------------------------------------------


def test_a_fresh_window_resumes_position_history_count_and_time(home: Path) -> None:
    app, _ = open_app(home, arguments(deal=5))
    to_cell(app, 0)
    clock(app).time += 7
    to_cell(app, 1)
    to_cell(app, 2)
    key(app, pygame.K_z, pygame.KMOD_CTRL)  # undo: the third move becomes the redo tail
    before = app.table.game
    elapsed = app.table.session.clock.seconds(app.now())
    assert before.move_count == 4 and len(before.done) == 2 and len(before.undone) == 1
    # No quit: what was saved after the last change is all there is (as after a SIGKILL).

    again, _ = open_app(home)
    game = again.table.game
    assert game.deal_number == 5
    assert game.position == before.position
    assert [step.moves for step in game.done] == [step.moves for step in before.done]
    assert [step.moves for step in game.undone] == [step.moves for step in before.undone]
    assert game.move_count == 4
    assert again.table.session.clock.seconds(again.now()) == pytest.approx(elapsed) and elapsed >= 7
    key(again, pygame.K_y, pygame.KMOD_CTRL)
    assert game.position == before.undone[-1].after
    key(again, pygame.K_z, pygame.KMOD_CTRL)
    key(again, pygame.K_z, pygame.KMOD_CTRL)
    assert game.position == before.done[0].after


def test_quitting_saves_the_time_played_since_the_last_move(home: Path) -> None:
    app, link = open_app(home, arguments(deal=5))
    to_cell(app, 0)
    for _second in range(60):  # the window looks at its clock every second while it runs
        clock(app).time += 1
        app.pump()
    app.close()
    saved = store_at(home).load_unfinished()
    assert saved is not None and saved.elapsed >= 60


def test_a_window_closed_before_any_move_keeps_its_deal_uncounted(home: Path) -> None:
    app, link = open_app(home, arguments(deal=5))
    app.close()
    store = store_at(home)
    saved = store.load_unfinished()
    assert saved is not None and saved.game.deal_number == 5 and saved.game.move_count == 0
    assert figures(store, "standard").played == 0
    again, _ = open_app(home)
    assert again.table.game.deal_number == 5


# ----- results -------------------------------------------------------------------------------------


def test_winning_logs_a_win_and_forgets_the_unfinished_game(home: Path) -> None:
    app, _ = open_app(home, game=one_move_from_won())
    clock(app).time += 30
    press_button(app, "Finish")  # the window offers to finish: the last King goes home
    app.pump()
    assert app.table.game.is_won
    store = store_at(home)
    numbers = figures(store, "standard")
    assert (numbers.played, numbers.won) == (1, 1)
    assert numbers.fewest_moves == 1
    assert store.load_unfinished() is None
    assert [game.outcome for game in played(store)] == ["won"]


def test_a_game_finished_by_the_solver_is_not_a_win(home: Path) -> None:
    app, _ = open_app(home, game=one_move_from_won())
    app.table.session.hints_used = True  # a hint was shown
    [last] = app.table.game.position.home_moves(app.table.game.rules, safe_only=False)
    app.table.play(last, by_solver=True)  # the step-through solution makes the winning move
    # The outcome is in the log at once, before any frame, animation or celebration.
    [game] = played(store_at(home))
    assert (game.outcome, game.hints_used) == (SOLVED, True)
    while app.top is not app.table:  # the finish offer made when the window opened
        app.pop(app.top)
    app.pump(3)
    assert app.top.title == "Solved with help"


class WinsWhenLogged(io.StringIO):
    """A move log that notes, as each line is written, how many wins the statistics hold."""

    def __init__(self, home: Path) -> None:
        super().__init__()
        self.home = home
        self.wins_seen: list[tuple[str, int]] = []

    def write(self, text: str) -> int:
        for line in text.splitlines():
            self.wins_seen.append((line, figures(store_at(self.home), "standard").won))
        return super().write(text)


def test_the_move_log_shows_the_winning_move_only_once_the_win_is_recorded(home: Path) -> None:
    """A window killed as soon as its log shows the winning move keeps the win (the referee's
    and bench_reliability's 'wins kept' watch the log, then SIGKILL)."""
    log = WinsWhenLogged(home)
    app, _ = open_app(home, game=one_move_from_won(), out=log)
    [last] = app.table.game.position.home_moves(app.table.game.rules, safe_only=False)
    app.table.play(last)
    app.pump()
    winning = [wins for line, wins in log.wins_seen if "to the foundations" in line]
    assert winning == [1]


def test_a_win_is_logged_at_the_winning_move_and_the_game_is_over(home: Path) -> None:
    app, _ = open_app(home, game=one_move_from_won())
    [last] = app.table.game.position.home_moves(app.table.game.rules, safe_only=False)
    app.table.play(last)
    assert [game.outcome for game in played(store_at(home))] == ["won"]  # no frame drawn yet
    assert store_at(home).load_unfinished() is None
    for _ in range(2):
        key(app, pygame.K_z, pygame.KMOD_CTRL)
        assert app.table.game.is_won and app.table.game.move_count == 1
        key(app, pygame.K_y, pygame.KMOD_CTRL)
    store = store_at(home)
    assert (figures(store, "standard").played, figures(store, "standard").won) == (1, 1)
    assert [game.moves for game in played(store)] == [1]
    assert app.table.session.moves() == 1


def test_a_new_game_after_a_started_one_logs_a_loss(home: Path) -> None:
    app, _ = open_app(home, arguments(deal=5))
    to_cell(app, 0)
    key(app, pygame.K_F2)  # new game: asked first, and Enter keeps the game
    key(app, pygame.K_RETURN)
    assert app.table.game.deal_number == 5 and app.table.game.move_count == 1
    assert figures(store_at(home), "standard").played == 0
    key(app, pygame.K_F2)
    press_button(app, "Leave it")
    assert app.table.game.move_count == 0
    store = store_at(home)
    numbers = figures(store, "standard")
    assert (numbers.played, numbers.lost) == (1, 1)
    saved = store.load_unfinished()
    assert saved is not None and saved.game.deal_number == app.table.game.deal_number != 5
    key(app, pygame.K_F2)  # leaving a game with no move made is not a game played
    assert figures(store, "standard").played == 1


def test_restart_of_a_started_game_logs_a_loss(home: Path) -> None:
    app, _ = open_app(home, arguments(deal=5))
    to_cell(app, 0)
    key(app, pygame.K_r, pygame.KMOD_CTRL)
    press_button(app, "Leave it")
    assert app.table.game.deal_number == 5 and app.table.game.move_count == 0
    assert figures(store_at(home), "standard").lost == 1


def test_a_deal_asked_for_replaces_the_unfinished_game_only_once_played(home: Path) -> None:
    app, link = open_app(home, arguments(deal=5))
    to_cell(app, 0)
    app.close()
    # The next start asks for deal 7: quitting before its first move keeps deal 5.
    app, link = open_app(home, arguments(deal=7))
    assert app.table.game.deal_number == 7
    app.close()
    store = store_at(home)
    saved = store.load_unfinished()
    assert saved is not None and saved.game.deal_number == 5
    assert figures(store, "standard").played == 0
    # Once deal 7 is played, deal 5 was left for it: a loss, and deal 7 is the unfinished game.
    app, link = open_app(home, arguments(deal=7))
    to_cell(app, 0)
    saved = store.load_unfinished()
    assert saved is not None and saved.game.deal_number == 7
    [lost] = played(store)
    assert (lost.deal, lost.outcome) == (5, LOST)


# ----- preferences ----------------------------------------------------------------------------------


def test_preferences_apply_at_start_and_are_saved_when_changed(home: Path) -> None:
    store_at(home).save_preferences(Preferences(autoplay=False, animation_speed="off", four_colour=True,
                                                window_size=(900, 640)))
    app, link = open_app(home, arguments(deal=5))
    assert app.preferences.four_colour and app.size == (900, 640)
    press_toolbar(app, "preferences")
    press_button(app, "Four-colour deck: on")
    assert store_at(home).load_preferences().four_colour is False
    app.window.native.size = (1000, 720)
    app.pump()
    app.close()
    assert store_at(home).load_preferences().window_size == (1000, 720)


def test_a_corrupt_preferences_file_gives_defaults_and_a_notice(tmp_path: Path) -> None:
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "preferences.json").write_text("{ not json")
    app, _ = open_app(tmp_path, arguments(deal=5))
    assert app.preferences == Preferences()
    assert "preferences" in app.table.status.notice
    assert list((tmp_path / "config").glob("preferences.json.corrupt-*"))


# ----- the Statistics dialog ------------------------------------------------------------------------


def finish_games(home: Path) -> None:
    store = store_at(home)
    for deal, won in ((11, True), (12, False), (13, True)):
        game = Game.new(deal, STANDARD)
        game.play(game.legal_moves()[0])
        store.record_outcome(game, WON if won else LOST, 100.0 + deal)


def test_statistics_dialog_shows_the_figures_and_recent_games(home: Path) -> None:
    finish_games(home)
    app, _ = open_app(home, arguments(deal=5))
    press_toolbar(app, "statistics")
    dialog = app.top
    assert isinstance(dialog, StatisticsDialog)
    text = "\n".join(dialog.body_lines())
    assert "played 3, won 2, lost 1 (66.7% won)" in text
    assert "longest streaks: 1 won, 1 lost" in text
    assert "best time 1:51" in text
    assert dialog.option_labels() == []  # the figures' page: the charts take the room
    press_button(app, "Recent games")
    dialog = app.top
    assert isinstance(dialog, StatisticsDialog)
    labels = dialog.option_labels()
    assert "deal 13" in labels[0] and "won" in labels[0]
    assert "deal 12" in labels[1] and "lost" in labels[1]


def test_statistics_dialog_in_italian_writes_a_decimal_comma(home: Path) -> None:
    finish_games(home)
    store = store_at(home)
    game = Game.new(14, EASY)
    game.play(game.legal_moves()[0])
    store.record_outcome(game, WON, 100.0)  # another game's line: its percentage has no decimals
    store.save_preferences(Preferences(language="it"))
    app, _ = open_app(home, arguments(deal=5))
    try:
        press_toolbar(app, "statistics")
        text = "\n".join(app.top.body_lines())
        assert "giocate 3, vinte 2, persa 1 (66,7% vinte)" in text
        assert "vinta 1, perse 0 (100,0% vinte)" in text and "66.7" not in text
    finally:
        install_language("en")


def test_reset_asks_first(home: Path) -> None:
    finish_games(home)
    app, _ = open_app(home, arguments(deal=5))
    press_toolbar(app, "statistics")
    press_button(app, "Reset…")
    assert isinstance(app.top, Dialog) and app.top.title == "Reset statistics?"
    assert figures(store_at(home), "standard").played == 3
    press_button(app, "Cancel")
    assert isinstance(app.top, StatisticsDialog)
    assert figures(store_at(home), "standard").played == 3
    press_button(app, "Reset…")
    press_button(app, "Reset")
    assert figures(store_at(home), "standard").played == 0
    assert isinstance(app.top, StatisticsDialog)
    assert "No finished games yet." in app.top.body_lines()


def test_a_reset_the_database_refuses_is_said_and_the_figures_stay(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(database, "COMMAND_WAIT", 0.05)  # another program holds the lock throughout
    finish_games(home)
    app, _ = open_app(home, arguments(deal=5))
    press_toolbar(app, "statistics")
    with contextlib.closing(sqlite3.connect(home / "data" / "games.db", isolation_level=None)) as other:
        other.execute("BEGIN IMMEDIATE")
        press_button(app, "Reset…")
        press_button(app, "Reset")
        other.execute("ROLLBACK")
    assert app.table.status.notice.startswith("Your statistics were not reset: another Eight Off program")
    assert isinstance(app.top, StatisticsDialog) and "No finished games yet." not in app.top.body_lines()
    assert figures(store_at(home), "standard").played == 3
    press_button(app, "Reset…")
    press_button(app, "Reset")
    assert "No finished games yet." in app.top.body_lines()
    assert figures(store_at(home), "standard").played == 0


def recent_games(home: Path) -> tuple[App, StatisticsDialog]:
    """A window over three finished games, with the Statistics dialog on its Recent games page."""
    finish_games(home)
    app, _ = open_app(home, arguments(deal=5))
    press_toolbar(app, "statistics")
    dialog = app.top
    assert isinstance(dialog, StatisticsDialog)
    press_button(app, "Recent games")
    assert app.top is dialog and dialog.games_page
    return app, dialog


def test_a_recent_game_can_be_played_again(home: Path) -> None:
    app, dialog = recent_games(home)
    click(app, dialog.choices[1].rect.center)  # deal 12
    press_button(app, "Play again")
    assert app.top is app.table
    assert app.table.game.deal_number == 12 and app.table.game.move_count == 0


def test_play_again_of_another_games_deal_keeps_this_game_unfinished_as_game_does(home: Path) -> None:
    finish_games(home)  # Eight Off games
    app, _ = open_app(home, arguments(rules="freecell"))
    assert app.preferences.confirm_leave
    to_cell(app, 0)
    started = app.table.game.position
    press_toolbar(app, "statistics")
    press_button(app, "Recent games")
    dialog = app.top
    assert isinstance(dialog, StatisticsDialog)
    click(app, dialog.choices[1].rect.center)  # Eight Off deal 12
    press_button(app, "Play again")
    assert app.top is app.table  # nothing is lost, so nothing is asked
    assert (app.table.game.rules.name, app.table.game.deal_number) == ("standard", 12)
    assert figures(store_at(home), "freecell").played == 0  # kept, not counted lost
    app.session.choose_game("freecell")  # Game… goes back to it, as it left it
    assert app.table.game.position == started and app.table.game.move_count == 1


def test_play_again_of_another_games_deal_leaves_that_games_own_unfinished_one_until_played(
        home: Path) -> None:
    finish_games(home)
    app, _ = open_app(home)
    to_cell(app, 0)  # an unfinished Eight Off game
    app.session.choose_game("freecell")
    press_toolbar(app, "statistics")
    press_button(app, "Recent games")
    click(app, app.top.choices[1].rect.center)  # type: ignore[attr-defined]
    press_button(app, "Play again")
    assert app.table.game.deal_number == 12 and figures(store_at(home), "standard").played == 3
    to_cell(app, 0)  # its first move leaves the unfinished Eight Off game: lost, once
    assert figures(store_at(home), "standard").played == 4


def test_enter_plays_the_picked_row_again(home: Path) -> None:
    """In the list, Enter acts on the picked row, not on whatever button has the focus."""
    app, dialog = recent_games(home)
    click(app, dialog.choices[2].rect.center)  # deal 11
    key(app, pygame.K_RETURN)
    assert app.top is app.table
    assert app.table.game.deal_number == 11


def test_enter_on_a_row_reached_with_the_arrows_plays_it(home: Path) -> None:
    app, dialog = recent_games(home)
    key(app, pygame.K_DOWN)  # from the default button round to the first row
    while dialog.focus != 1:
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert app.top is app.table and app.table.game.deal_number == 12


def unfinished_rows(home: Path) -> list[tuple[object, ...]]:
    """The unfinished games and their steps as games.db holds them."""
    with contextlib.closing(sqlite3.connect(home / "data" / "games.db")) as connection:
        return [*connection.execute("SELECT * FROM unfinished ORDER BY rules"),
                *connection.execute("SELECT * FROM steps ORDER BY rules, n")]


def kept_moves(home: Path) -> int:
    with contextlib.closing(sqlite3.connect(home / "data" / "games.db")) as connection:
        return int(connection.execute("SELECT count(*) FROM moves").fetchone()[0])


# ----- the real program -------------------------------------------------------------------------------


def test_the_program_resumes_a_saved_game_and_a_kill_leaves_it_intact(tmp_path: Path) -> None:
    store = store_at(tmp_path)
    game = Game.new(5, STANDARD)
    for _ in range(3):
        game.play(game.legal_moves()[0])
    game.undo()
    store.save_unfinished(game, 42.0)
    saved_rows = unfinished_rows(tmp_path)
    env = {**os.environ, "EIGHTOFF_HOME": str(tmp_path), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    process = subprocess.Popen([sys.executable, "-m", "eightoff", "--print-layout"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, env=env, cwd=tmp_path)
    try:
        selector = selectors.DefaultSelector()
        assert process.stdout is not None
        selector.register(process.stdout, selectors.EVENT_READ)
        assert selector.select(timeout=120), "the window printed no layout"
        layout = json.loads(process.stdout.readline())["layout"]
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait()
    for pile in [*map(Pile.column, range(8)), *map(Pile.cell, range(8)), *map(Pile.foundation, Suit)]:
        assert [card for card, _ in layout[pile.name]["cards"]] == [str(c) for c in game.position.cards(pile)]
    assert unfinished_rows(tmp_path) == saved_rows
    resumed = store.load_unfinished()
    assert resumed is not None and resumed.game.position == game.position and len(resumed.game.undone) == 1


def test_the_opening_deal_is_of_the_wanted_grades(home: Path) -> None:
    store_at(home).save_preferences(replace(QUICK, winnable_only=True, lowest_grade="expert",
                                            highest_grade="expert", last_rules="freecell"))
    app, _ = open_app(home)
    number = app.table.game.deal_number
    assert app.table.game.rules.name == "freecell"
    assert number is not None and number in deals_of_grade("freecell", "expert")


def test_a_grade_range_chosen_in_preferences_is_saved_and_used_next_time(home: Path) -> None:
    app, link = open_app(home, arguments(deal=5))
    press_toolbar(app, "preferences")
    for label in ("Winnable deals only (random new games): off",
                  "Winnable deals only (random new games): any grade",
                  "Winnable deals only (random new games): Easy"):
        press_button(app, label)  # the row cycles; the dialog stays open
    app.close()
    saved = store_at(home).load_preferences()
    assert (saved.winnable_only, saved.lowest_grade, saved.highest_grade) == (True, "medium", "medium")
    again, _ = open_app(home)  # the unfinished deal 5 is resumed; New deals a Medium one at once
    key(again, pygame.K_F2)
    number = again.table.game.deal_number
    assert number is not None and number in deals_of_grade("standard", "medium")


WINDOW_CASES = [
    (key, dict(zip([option.key for option in variant.options], values, strict=True)))
    for key, variant in VARIANTS.items()
    for values in itertools.product((False, True), repeat=len(variant.options))
]


@pytest.mark.parametrize(("rules", "choices"), WINDOW_CASES,
                         ids=[f"{key}-{'-'.join(k for k, on in c.items() if on) or 'plain'}"
                              for key, c in WINDOW_CASES])
def test_every_game_and_option_resumes_exactly_in_the_window(home: Path, rules: str,
                                                             choices: dict[str, bool]) -> None:
    """Through the window's event loop: a deal with its options, two moves by click, the window
    closed; the next window opens on the same game, with the same options and history."""
    session = Session.open(Keeper(store_at(home)), FakeClock(), key=rules, deal=8, choices=choices)
    app = App(session, out=io.StringIO())
    pygame.event.clear()
    app.pump()
    for _click in range(2):
        movable = next(pile for pile in app.table.layout.piles if app.table.game.click_move(pile) is not None)
        click(app, pile_center(app, movable))
    game = app.table.game
    before = (game.position, [step.moves for step in game.done], game.move_count, app.session.options())
    assert game.move_count == 2
    app.close()
    again, _ = open_app(home, arguments(rules=rules))
    game = again.table.game
    after = (game.position, [step.moves for step in game.done], game.move_count, again.session.options())
    assert after == before
    assert again.session.options() == choices
def watching(home: Path, moves: int) -> tuple[App, Playback, Game]:
    """A finished game of deal 21 made of `moves` moves, watched from Recent games."""
    game = Game.new(21, STANDARD)
    for _ in range(moves):
        game.play(game.legal_moves()[0])
    store_at(home).record_outcome(game, LOST, 50.0)
    app, _ = open_app(home, arguments(deal=5))
    press_toolbar(app, "statistics")
    press_button(app, "Recent games")
    dialog = app.top
    assert isinstance(dialog, StatisticsDialog)
    click(app, dialog.choices[0].rect.center)
    press_button(app, "Watch")
    playback = app.top
    assert isinstance(playback, Playback)
    return app, playback, game


def test_a_finished_game_can_be_watched_move_by_move_without_counting_again(home: Path) -> None:
    app, playback, game = watching(home, 6)
    assert kept_moves(home) == 1
    assert playback.line.replay
    assert app.table.game.deal_number == 21 and app.table.game.move_count == 0
    assert "Replay" in playback.text()
    assert playback.line.total == len(game.done) == 6
    for _ in range(6):
        key(app, pygame.K_RIGHT)
    assert app.table.game.position == game.position
    key(app, pygame.K_RIGHT)  # past the last move: the end
    assert app.top is app.table and app.table.game.deal_number == 5
    assert figures(store_at(home), "standard").played == 1


def test_watch_without_kept_moves_says_so_and_stays_open(home: Path) -> None:
    app, dialog = recent_games(home)
    with contextlib.closing(sqlite3.connect(home / "data" / "games.db")) as connection, connection:
        connection.execute("DELETE FROM moves")
    click(app, dialog.choices[0].rect.center)
    press_button(app, "Watch")
    assert app.top is dialog
    assert "not kept" in app.table.status.notice


def test_the_newest_game_is_picked_when_the_games_open(home: Path) -> None:
    """Just after a game, Statistics, Recent games, then Play again or Watch: the game just
    finished, the newest, is the one picked (they once asked for a pick first, even in a list
    of one game)."""
    app, dialog = recent_games(home)
    assert dialog.selected == 0 and dialog.option_labels()[0].startswith("» ")
    press_button(app, "Watch")
    assert isinstance(app.top, Playback) and app.table.game.deal_number == 13
    key(app, pygame.K_ESCAPE)
    press_toolbar(app, "statistics")
    press_button(app, "Recent games")
    key(app, pygame.K_RETURN)
    assert app.top is app.table and app.table.game.deal_number == 13


def test_during_a_playback_other_commands_are_drawn_disabled_and_say_why(home: Path) -> None:
    app, dialog = recent_games(home)
    click(app, dialog.choices[0].rect.center)
    press_button(app, "Watch")
    assert isinstance(app.top, Playback) and app.table.game.deal_number == 13
    enabled = {button.action for button in app.table.toolbar.buttons if button.enabled}
    assert enabled == {"quit"}
    key(app, pygame.K_SPACE)  # paused, so that it does not end on its own meanwhile
    key(app, pygame.K_F2)
    key(app, pygame.K_g, pygame.KMOD_CTRL)
    assert isinstance(app.top, Playback) and app.table.game.deal_number == 13
    assert "Esc stops it" in app.table.status.banner
    [game_button] = [button for button in app.table.toolbar.buttons if button.action == "game"]
    click(app, game_button.rect.center)
    assert isinstance(app.top, Playback)
    key(app, pygame.K_ESCAPE)
    assert app.top is app.table
    assert {button.action for button in app.table.toolbar.buttons if button.enabled} > {"quit", "game"}


def test_a_game_opened_with_rules_is_the_one_the_next_plain_start_opens(home: Path) -> None:
    app, _ = open_app(home, arguments(rules="freecell"))
    assert app.table.game.rules.name == "freecell"
    to_cell(app, 0)
    played = app.table.game.position
    again, _ = open_app(home)  # no --rules
    assert again.table.game.rules.name == "freecell" and again.table.game.position == played
    untouched, _ = open_app(home, arguments(rules="raglan"))  # no move: still the next one opened
    assert untouched.table.game.rules.name == "raglan"
    assert open_app(home)[0].table.game.rules.name == "raglan"


def test_the_wait_for_the_playback_notice_stays_readable_while_moves_go_on(home: Path) -> None:
    app, playback, _ = watching(home, 20)
    key(app, pygame.K_F2)
    assert "waits for the playback to end" in app.table.status.banner
    for _ in range(5):  # two seconds of playing: the moves go on, the notice stays
        clock(app).time += 0.4
        app.pump()
    assert playback.played >= 2
    assert "waits for the playback to end" in app.table.status.banner
    clock(app).time += 3
    app.pump()
    assert "waits" not in app.table.status.banner and "Replay: move" in app.table.status.banner


def many_games(home: Path, count: int) -> None:
    store = store_at(home)
    for deal in range(100, 100 + count):
        game = Game.new(deal, STANDARD)
        game.play(game.legal_moves()[0])
        store.record_outcome(game, LOST, 60.0)


def test_every_recent_game_kept_is_reachable_by_keys_and_wheel(home: Path) -> None:
    many_games(home, 20)
    app, _ = open_app(home, arguments(deal=5))
    press_toolbar(app, "statistics")
    press_button(app, "Recent games")
    dialog = app.top
    assert isinstance(dialog, StatisticsDialog)
    shown = dialog.option_count
    assert 0 < shown < 20 and "deal 119" in dialog.option_labels()[0]
    assert f"Games 1–{shown} of 20" in dialog.body_lines()[1]
    key(app, pygame.K_END)
    assert "deal 100" in dialog.option_labels()[-1] and "of 20" in dialog.body_lines()[1]
    key(app, pygame.K_RETURN)  # the focus is on the last row: the oldest game is dealt again
    assert app.table.game.deal_number == 100
    press_toolbar(app, "statistics")
    press_button(app, "Recent games")
    dialog = app.top
    assert isinstance(dialog, StatisticsDialog)
    key(app, pygame.K_HOME)  # onto the first row, then down three past the last one shown
    assert dialog.focus == 0 and dialog.first == 0
    for _ in range(shown + 2):
        key(app, pygame.K_DOWN)
    assert dialog.first == 3 and dialog.focus == shown - 1
    post(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0)
    app.pump()
    assert dialog.first == 0
    post(pygame.MOUSEWHEEL, x=0, y=-10, flipped=False, precise_x=0.0, precise_y=-10.0)
    app.pump()
    assert "deal 100" in dialog.option_labels()[-1]


def accent_share(app: App, row: pygame.Rect) -> float:
    """The share of a row's pixels in the accent colour, as the window shows it."""
    app.pump()
    mask = pygame.mask.from_threshold(app.screen.subsurface(row), theme.ACCENT, (2, 2, 2, 255))
    return mask.count() / (row.w * row.h)


def test_the_picked_recent_game_stands_out_from_the_others(home: Path) -> None:
    """Not by a small "»" alone: the picked row is filled in the accent colour, the others not."""
    app, dialog = recent_games(home)
    shares = [accent_share(app, choice.rect) for choice in dialog.choices[:3]]
    assert shares[0] > 0.7 and shares[1] < 0.1 and shares[2] < 0.1, shares  # the newest, picked at first
    click(app, dialog.choices[1].rect.center)  # deal 12
    shares = [accent_share(app, choice.rect) for choice in dialog.choices[:3]]
    assert shares[1] > 0.7 and shares[0] < 0.1 and shares[2] < 0.1, shares
