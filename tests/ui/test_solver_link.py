"""The solver in the window: through the real event loop, with the real worker process.

Answers arrive as events posted by the worker's helper thread, so the tests sleep in the app's
own wait (as the loop does) and pump until the state they expect shows up. WAIT is a ceiling
for a stuck worker, not a speed requirement. The window's searches are limited in seconds; here
each second is given as a fixed number of boards instead, so what the window says is the same
on an idle machine and on a busy one (FreeCell 11982's proof once ran out of its 5 seconds
under load and the window said "winnable?").
"""

from __future__ import annotations

import io
import os
import random
import signal
import time
from collections.abc import Callable, Hashable
from pathlib import Path

import pygame
import pytest

from eightoff.core.deals import deal
from eightoff.core.game import Game
from eightoff.core.notation import parse_board
from eightoff.core.outcome import Outcome
from eightoff.core.piles import PileKind
from eightoff.core.position import Position
from eightoff.core.preferences import Preferences
from eightoff.core.rules import Rules
from eightoff.core.variants import EASY, STANDARD, preset
from eightoff.session.advisor import THINKING, Advisor, SolverPort
from eightoff.solver.limits import SOLVED, UNSOLVED, Budget
from eightoff.solver.solve import solve
from eightoff.solver.worker import SolverWorker
from eightoff.ui.app import App
from eightoff.ui.celebration import WinDialog
from eightoff.ui.dialogs import MessageDialog
from eightoff.ui.playback import Playback
from tests.ui.helpers import FakeClock, key
from tests.ui.test_idle import Sleeper

WAIT = 120.0
BOARDS_PER_SECOND = 20_000
"""What a second of the window's search is worth here, in boards: about what the compiled solver
counts in a second of one core (pure Python counts fewer a second, and so only takes longer)."""
BUDGET = Budget(nodes=30 * BOARDS_PER_SECOND)


class BoardBudgetWorker(SolverWorker):
    """The real worker process, each time limit the advisor sets turned into a board budget
    (`boards_per_second` None: no limit at all, the search ends only when its memory is full)."""

    def __init__(self, notify: Callable[[], None], boards_per_second: int | None) -> None:
        super().__init__(notify=notify)
        self.boards_per_second = boards_per_second

    def submit(self, position: Position, rules: Rules, time_limit: float | None, tag: Hashable,
               nodes: int | None = None) -> None:
        if self.boards_per_second is None:
            nodes = None
        elif time_limit is not None:
            boards = round(time_limit * self.boards_per_second)
            nodes = boards if nodes is None else min(nodes, boards)
        super().submit(position, rules, None, tag, nodes)


def open_app(game: Game, deal_source: Callable[[], int] | None = None,
             boards_per_second: int | None = BOARDS_PER_SECOND, **preferences: object) -> tuple[App, Advisor]:
    settings = Preferences(autoplay=False, animation_speed="off", confirm_leave=False)
    for name, value in preferences.items():
        setattr(settings, name, value)

    def worker(wake: Callable[[], None]) -> SolverPort:
        return BoardBudgetWorker(wake, boards_per_second)

    advisor = Advisor(worker, deal_source) if deal_source else Advisor(worker)
    app = App.for_game(game, settings, size=(1280, 800), out=io.StringIO(), now=FakeClock(), advisor=advisor)
    pygame.event.clear()
    app.pump()
    return app, advisor


def pump_until(app: App, done: Callable[[], bool]) -> None:
    """Sleep in the app's wait (an answer's event wakes it) and pump until `done()`."""
    ceiling = time.monotonic() + WAIT
    while not done():
        assert time.monotonic() < ceiling, "the solver's answer never reached the window"
        app.wait(0.5)
        app.pump()


def indicator(app: App) -> str:
    return app.table.status.indicator


def test_indicator_says_winnable_on_deal_1(opened: list[App]) -> None:
    app, _ = open_app(Game.new(1, STANDARD))
    opened.append(app)
    pump_until(app, lambda: indicator(app) != THINKING)
    assert indicator(app) == "winnable"


def test_a_deal_lost_from_the_start_is_said_as_such(opened: list[App]) -> None:
    """Deal 465 cannot be won from its start: not "no longer winnable", which it never was."""
    app, _ = open_app(Game.new(465, STANDARD))
    opened.append(app)
    pump_until(app, lambda: indicator(app) != THINKING)
    assert indicator(app) == "cannot be won"
    key(app, pygame.K_h)
    pump_until(app, lambda: isinstance(app.top, MessageDialog))
    dialog = app.top
    assert isinstance(dialog, MessageDialog) and dialog.title == "This deal cannot be won"
    assert [choice.label for choice in dialog.choices] == ["New game", "Winnable deals only", "Close"]
    assert not any("went wrong" in notice for notice in app.table.status.history)
    dialog.choose(1)
    assert app.preferences.winnable_only
    pump_until(app, lambda: app.table.game.deal_number != 465)


def test_a_deal_lost_from_the_start_stays_cannot_be_won_after_a_move(opened: list[App]) -> None:
    """Fan deal 12 cannot be won as dealt; a move on it does not make it "no longer winnable",
    which says the player spoiled a game that was never winnable, and Hint says at once that
    the deal cannot be won, with no search back for where it went wrong. Auto-play is on: it
    sends two Aces home as the deal is settled, so the deal judged is not the cards as dealt."""
    app, _ = open_app(Game.new(12, preset("fan")), autoplay=True)
    assert app.table.game.position.foundations != app.table.game.start.foundations
    opened.append(app)
    pump_until(app, lambda: indicator(app) != THINKING)
    assert indicator(app) == "cannot be won"
    key(app, pygame.K_i)  # the 4 of spades from fan 18 onto the 5 of spades of fan 12
    key(app, pygame.K_w)
    assert not app.table.game.at_deal
    pump_until(app, lambda: indicator(app) != THINKING)
    assert indicator(app) == "cannot be won"
    key(app, pygame.K_h)
    pump_until(app, lambda: isinstance(app.top, MessageDialog))
    assert isinstance(app.top, MessageDialog) and app.top.title == "This deal cannot be won"
    assert not any("went wrong" in notice for notice in app.table.status.history)


def test_a_lost_freecell_deal_the_command_line_proves_is_proved_in_the_window(opened: list[App]) -> None:
    """FreeCell 11982: the command line proves it lost; the window's indicator and Hint say
    the same (they once said "winnable?" and "no winning line in time")."""
    app, _ = open_app(Game.new(11982, preset("freecell")))
    opened.append(app)
    pump_until(app, lambda: indicator(app) != THINKING)
    assert indicator(app) == "cannot be won"
    key(app, pygame.K_h)
    pump_until(app, lambda: isinstance(app.top, MessageDialog))
    assert isinstance(app.top, MessageDialog) and app.top.title == "This deal cannot be won"


@pytest.mark.parametrize(
    ("game", "number", "said"), [("bakers", 252, "cannot be won"), ("seahaven", 178, "winnable")],
    ids=["bakers-252-lost", "seahaven-178-won"])
def test_a_deal_that_needs_more_than_the_old_worker_s_memory_is_decided_and_hint_agrees(
        opened: list[App], game: str, number: int, said: str) -> None:
    """The command line decides these in a quarter of a second; a worker held to 40 MB ran out
    of room first and the window said "winnable?". Hint says what the indicator says."""
    rules = preset(game)
    app, _ = open_app(Game.new(number, rules))
    opened.append(app)
    pump_until(app, lambda: indicator(app) != THINKING)
    assert indicator(app) == said
    key(app, pygame.K_h, unicode="h")
    if said == "winnable":
        pump_until(app, lambda: app.table.hint is not None)
        assert app.table.hint is not None and app.table.hint[0] in app.table.game.legal_moves()
    else:
        pump_until(app, lambda: isinstance(app.top, MessageDialog))
        assert isinstance(app.top, MessageDialog) and app.top.title == "This deal cannot be won"


def test_hints_are_legal_and_keep_the_game_winnable(opened: list[App]) -> None:
    app, _ = open_app(Game.new(1, STANDARD))
    opened.append(app)
    table = app.table
    assert not table.session.hints_used
    for _ in range(3):
        key(app, pygame.K_h, unicode="h")  # before the verdict is in, too: shown when it comes
        pump_until(app, lambda: table.hint is not None)
        assert table.session.hints_used
        assert table.hint is not None
        move = table.hint[0]
        assert move in table.game.legal_moves()
        after = table.game.position.apply(move)
        assert solve(after, STANDARD, BUDGET).status == SOLVED
        table.play(move)
        assert table.hint is None


def losing_game() -> Game:
    """Random moves that never go home lose Eight Off quickly: play until a proved loss."""
    rng = random.Random(2)
    game = Game.new(1, STANDARD)
    while solve(game.position, STANDARD, BUDGET).status == SOLVED:
        away = [move for move in game.legal_moves() if move.destination.kind is not PileKind.FOUNDATION]
        game.play(rng.choice(away))
    assert solve(game.position, STANDARD, BUDGET).status == UNSOLVED
    return game


def test_a_lost_position_offers_to_undo_back_to_the_last_winnable_one(opened: list[App]) -> None:
    game = losing_game()
    winnable = game.done[-1].before
    app, _ = open_app(game)
    opened.append(app)
    pump_until(app, lambda: indicator(app) != THINKING)
    assert indicator(app) == "no longer winnable"
    steps = len(game.done)
    key(app, pygame.K_h, unicode="h")
    pump_until(app, lambda: isinstance(app.top, MessageDialog))
    assert app.table.hint is None
    labels = [choice.label for choice in app.top.choices]
    assert labels[0] == "Undo 1 move", labels
    key(app, pygame.K_RETURN)
    assert app.top is app.table
    assert app.table.game.position == winnable
    assert len(app.table.game.done) == steps - 1
    pump_until(app, lambda: indicator(app) != THINKING)
    assert indicator(app) == "winnable"


def endless() -> Position:
    """Deal 1 without the Ace of hearts: never won, and far too large to search exhaustively."""
    start = deal(1)
    columns = tuple(tuple(card for card in column if str(card) != "AH") for column in start.columns)
    return Position(columns, start.cells, start.foundations)


def test_the_window_keeps_handling_events_while_the_solver_thinks(opened: list[App]) -> None:
    """The worker searches without a limit and is stopped as well, so no answer can come
    however long the keys below take: the window must never wait for one."""
    app, link = open_app(Game(STANDARD, endless()), boards_per_second=None)
    opened.append(app)
    worker = link.worker
    assert isinstance(worker, SolverWorker) and worker.pending and worker.pid is not None
    pid = worker.pid
    os.kill(pid, signal.SIGSTOP)
    try:
        keys_while_thinking(app, worker)
    finally:
        os.kill(pid, signal.SIGCONT)


def keys_while_thinking(app: App, worker: SolverWorker) -> None:
    table = app.table
    start = table.game.position
    key(app, pygame.K_1, unicode="1")  # column 1's card to a free cell, by keys
    key(app, pygame.K_1, unicode="1")
    assert len(table.game.done) == 1
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert table.game.position == start
    key(app, pygame.K_h, unicode="h")
    assert table.status.notice == "Thinking…"
    app.pump(20)
    # All of it happened while a search was still running in the worker.
    assert worker.pending
    assert indicator(app) == THINKING
    assert table.hint is None


def test_winnable_only_skips_a_deal_proved_unwinnable(opened: list[App]) -> None:
    dealt: list[int] = []
    numbers = iter([465, 1])

    def deal_source() -> int:
        dealt.append(next(numbers))
        return dealt[-1]

    app, link = open_app(Game.new(2, STANDARD), deal_source, winnable_only=True)
    opened.append(app)
    assert link.deal_winnable(STANDARD)  # what New does in a game with no shipped list of deals
    pump_until(app, lambda: app.table.game.deal_number != 2)
    assert dealt == [465, 1]
    assert app.table.game.deal_number == 1


def test_winnable_only_asks_the_solver_where_no_list_is_shipped(opened: list[App]) -> None:
    dealt: list[int] = []

    def deal_source() -> int:
        dealt.append(1)
        return 1

    app, _ = open_app(Game.new(2, EASY), deal_source, winnable_only=True)
    opened.append(app)
    key(app, pygame.K_F2)
    assert "has no list of graded deals" in app.table.status.notice  # said, then dealt anyway
    pump_until(app, lambda: app.table.game.deal_number != 2)
    assert dealt == [1] and app.table.game.deal_number == 1


def test_without_winnable_only_any_deal_is_played(opened: list[App]) -> None:
    app, _ = open_app(Game.new(2, STANDARD), lambda: 465)
    opened.append(app)
    key(app, pygame.K_F2)
    assert app.table.game.deal_number != 2  # at once, without asking the solver


def test_solve_plays_steps_back_and_finishes_as_the_solver(opened: list[App]) -> None:
    app, _ = open_app(Game.new(3, STANDARD))
    opened.append(app)
    table = app.table
    key(app, pygame.K_F9)
    pump_until(app, lambda: isinstance(app.top, Playback))
    playback = app.top
    assert isinstance(playback, Playback)
    assert table.session.hints_used
    key(app, pygame.K_SPACE)  # pause
    assert playback.paused
    key(app, pygame.K_RIGHT)
    after_one = table.game.position
    key(app, pygame.K_RIGHT)
    assert (table.game.move_count, playback.played) == (2, 2)
    key(app, pygame.K_LEFT)  # an undo: it counts, as the player's own do
    assert (table.game.move_count, playback.played) == (3, 1)
    assert table.game.position == after_one
    before = table.game.move_count
    app.now.time += 10  # type: ignore[attr-defined]
    app.pump(3)
    assert table.game.move_count == before, "a paused playback moved"
    key(app, pygame.K_SPACE)  # resume: a move each time the clock passes the pause
    for _ in range(playback.line.total + 5):
        if app.top is not playback:
            break
        app.now.time += 1  # type: ignore[attr-defined]
        app.pump()
    assert table.game.is_won
    assert table.session.outcome is Outcome.SOLVED_WITH_HELP
    app.pump(2)
    assert app.top is not table  # the won game's dialog, which the store reads the flag with


def test_solve_finishes_deal_617_in_exactly_its_par(opened: list[App]) -> None:
    """The solver's 85 card moves are 33 of the player's: Solve plays those 33, auto-play's
    cards with them (even with the player's auto-play off), and the win says 33 moves, par 33."""
    app, _ = open_app(Game.new(617, STANDARD))
    opened.append(app)
    pump_until(app, lambda: app.session.facts.par is not None)  # the verdict on the start gives it
    assert app.session.facts.par == 33
    key(app, pygame.K_F9)
    pump_until(app, lambda: isinstance(app.top, Playback))
    playback = app.top
    assert isinstance(playback, Playback) and playback.line.total == 33
    while app.top is playback:
        app.now.time += 1  # type: ignore[attr-defined]
        app.pump()
    assert app.session.outcome is Outcome.SOLVED_WITH_HELP
    assert app.session.moves() == app.table.game.move_count == 33
    app.pump(2)
    dialog = app.top
    assert isinstance(dialog, WinDialog)
    assert "The solver finished deal 617 in 33 moves" in dialog.lines[0]
    assert "Par is 33." in dialog.body_lines()


def test_escape_stops_the_playback_where_it_is(opened: list[App]) -> None:
    app, _ = open_app(Game.new(3, STANDARD))
    opened.append(app)
    key(app, pygame.K_F9)
    pump_until(app, lambda: isinstance(app.top, Playback))
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_ESCAPE)
    assert app.top is app.table
    assert app.table.game.move_count == 1
    assert app.table.session.outcome is not Outcome.SOLVED_WITH_HELP
    key(app, pygame.K_r, mod=pygame.KMOD_CTRL)
    assert len(app.table.game.done) == 0
    assert not app.table.session.hints_used  # a restart is a fresh game


def test_closing_the_app_stops_the_worker_process() -> None:
    app, link = open_app(Game.new(1, STANDARD))
    pump_until(app, lambda: indicator(app) != THINKING)
    assert link.worker is not None
    pid = link.worker.pid
    assert pid is not None and Path(f"/proc/{pid}").exists()
    app.close()
    assert link.worker is None
    assert not Path(f"/proc/{pid}").exists()  # ended and reaped


def test_a_solver_that_cannot_start_leaves_the_game_playable(monkeypatch: pytest.MonkeyPatch) -> None:

    def refuse(*args: object, **kwargs: object) -> None:
        raise OSError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(SolverWorker, "submit", refuse)
    app, _ = open_app(Game.new(1, STANDARD))
    app.pump(3)
    assert not app.session.advice.available
    assert "solver could not start" in app.table.status.notice.lower()
    assert not app.table.enabled()["hint"] and not app.table.enabled()["solve"]
    key(app, pygame.K_h)  # nothing happens, nothing breaks
    key(app, pygame.K_1)
    key(app, pygame.K_SPACE)
    assert app.table.game.move_count == 1


def test_the_solver_s_win_is_shown_without_waiting_for_input(opened: list[App]) -> None:
    """Solve's last move wins a Beleaguered Castle game: "Solved with help" is on screen before
    the real loop (`App.run`) sleeps for want of input. The playback leaves the top during its
    own update, after the table's, and the offer once waited there for the player to move the
    mouse. Simulated time; the loop ends where it would sleep with no limit."""
    rules = preset("beleaguered-castle")
    board = "Foundations: C-K D-K H-K S-J\nQS KS\n" + ":\n" * 7  # KS aside, then both go home
    app, _ = open_app(Game(rules, parse_board(board, rules), deal_number=None))
    opened.append(app)
    key(app, pygame.K_F9)
    pump_until(app, lambda: isinstance(app.top, Playback))
    sleeper = Sleeper(app, 60.0)
    on_top_at_sleep: list[object] = []

    def wait(timeout: float | None) -> list[pygame.event.Event]:
        if timeout is None:  # what the player sees while the loop sleeps until input
            on_top_at_sleep.append(app.top)
        return sleeper(timeout)

    app.waiter = wait
    app.run()
    assert app.session.outcome is Outcome.SOLVED_WITH_HELP
    [dialog] = on_top_at_sleep
    assert isinstance(dialog, WinDialog) and dialog.title == "Solved with help"
