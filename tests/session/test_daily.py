"""The daily deal and the par through the session: opened by date, kept its day's daily through a
restart, its par shown from the start; elsewhere the par comes from the advisor's searches."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from datetime import date
from pathlib import Path

import pytest

from eightoff.core.deals import deal
from eightoff.core.game import Game
from eightoff.core.outcome import Outcome
from eightoff.core.position import Position
from eightoff.core.preferences import Preferences
from eightoff.core.rules import Rules
from eightoff.core.variants import PRESETS
from eightoff.session.advisor import Advisor
from eightoff.session.clock import clock_text
from eightoff.session.daily import result_line
from eightoff.session.daily_words import par_result, share_line
from eightoff.session.facts import best_line
from eightoff.session.session import Session, state_of
from eightoff.session.start import open_session
from eightoff.solver.daily import daily_deal
from eightoff.solver.limits import UNKNOWN, Budget
from eightoff.solver.par import PAR_NODES, opening_line, par_from
from eightoff.solver.result import SolveResult
from eightoff.solver.solve import solve
from eightoff.store import HomeDirs, Store
from tests.solver.asked import find_par

THURSDAY = date(2026, 11, 26)


class Clock:
    def __init__(self) -> None:
        self.time = 500.0

    def __call__(self) -> float:
        return self.time


class Today:
    """The player's calendar, which the test turns over at midnight."""

    def __init__(self, day: date) -> None:
        self.day = day

    def __call__(self) -> date:
        return self.day


@pytest.fixture
def home(tmp_path: Path) -> Path:
    Store(HomeDirs(tmp_path)).save_preferences(Preferences(autoplay=True))
    return tmp_path


def open_daily_at(home: Path, today: Callable[[], date], **asked: object) -> Session:
    return open_session(Clock(), store=Store(HomeDirs(home)), advisor=Advisor(), daily=True, today=today,
                        **asked)  # type: ignore[arg-type]


def test_the_window_opens_on_todays_daily_of_the_game_asked_for(home: Path) -> None:
    session = open_daily_at(home, Today(THURSDAY), key="freecell")
    chosen = daily_deal("freecell", THURSDAY)
    assert chosen is not None and chosen.grade == "medium"
    assert session.game.deal_number == chosen.number == 22532  # the deal players were dealt that day
    assert session.game.rules == PRESETS["freecell"]
    assert session.facts.daily == THURSDAY and session.facts.par == chosen.par
    assert state_of(session)["daily"] == "2026-11-26" and state_of(session)["par"] == chosen.par
    assert session.daily.is_today(session.facts)
    session.close()


def test_the_daily_is_played_under_the_games_own_rules_whatever_the_preferences(home: Path) -> None:
    store = Store(HomeDirs(home))
    store.save_preferences(Preferences(autoplay=True).with_option("standard", "takeback", True))
    session = open_daily_at(home, Today(THURSDAY), key="standard")
    assert session.game.rules == PRESETS["standard"] and not session.game.rules.foundation_takeback
    session.close()


def test_a_game_without_a_daily_opens_the_default_games(home: Path) -> None:
    session = open_daily_at(home, Today(THURSDAY), key="easy")
    assert session.game.rules.name == "standard" and session.facts.daily == THURSDAY
    session.close()


def test_daily_leaves_the_game_for_todays_and_restart_keeps_it_the_daily(home: Path) -> None:
    today = Today(THURSDAY)
    session = open_session(Clock(), store=Store(HomeDirs(home)), key="standard", deal=5, today=today)
    assert session.facts.daily is None and session.daily.offers(session.game.rules.name)
    session.play(session.game.legal_moves()[0])
    session.open_daily()
    chosen = daily_deal("standard", THURSDAY)
    assert chosen is not None and session.game.deal_number == chosen.number
    assert session.facts.daily == THURSDAY and session.facts.par == chosen.par
    session.play(session.game.legal_moves()[0])
    session.restart()
    assert session.facts.daily == THURSDAY and session.facts.par == chosen.par
    assert session.game.move_count == 0
    session.open_daily()  # already today's: nothing changes
    assert session.game.deal_number == chosen.number and session.facts.daily == THURSDAY
    session.new_game(7)
    assert session.facts.daily is None
    session.close()


def test_after_midnight_the_game_stays_yesterdays_daily_and_daily_opens_the_new_one(home: Path) -> None:
    today = Today(THURSDAY)
    session = open_daily_at(home, today, key="standard")
    today.day = date(2026, 11, 27)
    assert session.facts.daily == THURSDAY and not session.daily.is_today(session.facts)
    session.open_daily()
    friday = daily_deal("standard", today.day)
    assert friday is not None and friday.grade == "hard"
    assert session.game.deal_number == friday.number and session.facts.daily == today.day
    session.close()


def test_the_won_daily_gives_its_result_line(home: Path) -> None:
    session = open_daily_at(home, Today(THURSDAY), key="standard")
    assert result_line(session) is None  # not over yet
    win_as_a_player(session)
    assert session.moves() == session.facts.par  # the par's line, played as a player plays it
    expected = share_line("Eight Off", THURSDAY, True, session.moves(), session.facts.par, session.seconds())
    assert result_line(session) == expected
    assert expected.startswith("Eight Off daily 2026-11-26 · won in ")
    session.close()


class Port:
    """The worker's side as the advisor sees it, answering what the test says."""

    def __init__(self) -> None:
        self.asked: list[tuple[Position, Rules, float | None, int | None]] = []
        self.tag: Hashable = None
        self.answer: SolveResult | None = None

    def submit(self, position: Position, rules: Rules, time_limit: float | None, tag: Hashable,
               nodes: int | None = None) -> None:
        self.asked.append((position, rules, time_limit, nodes))
        self.tag = tag

    def poll(self) -> tuple[Hashable, SolveResult] | None:
        answer, self.answer = self.answer, None
        return None if answer is None else (self.tag, answer)

    def cancel(self) -> None:
        pass

    def close(self) -> None:
        pass


def test_a_deal_without_a_shipped_par_gets_it_from_the_verdict_on_its_start() -> None:
    rules = PRESETS["standard"]
    port = Port()
    session = Session(Game.new(5, rules), Clock(), preferences=Preferences(autoplay=False),
                      advisor=Advisor(lambda wake: port))
    assert session.facts.par is None and session.advice.wants_par
    session.advice.start(lambda: None)
    start, verdict = port.asked[0][0], solve(deal(5, rules), rules)  # the verdict's own search
    assert start == deal(5, rules)
    port.answer = verdict
    session.advice.poll()
    assert session.facts.par == par_from(start, rules, verdict) == find_par(start, rules)
    assert not session.advice.wants_par and len(port.asked) == 1  # settled: nothing more asked


def test_a_verdict_cut_short_by_time_is_followed_by_the_pars_own_search() -> None:
    rules = PRESETS["freecell"]
    port = Port()
    session = Session(Game.new(11982, rules), Clock(), advisor=Advisor(lambda wake: port))
    session.advice.start(lambda: None)
    port.answer = SolveResult(UNKNOWN, (), 5.0, 900, 900, rules_name="freecell")  # the clock ran out
    session.advice.poll()
    assert session.advice.wants_par
    position, asked_rules, seconds, nodes = port.asked[-1]
    assert (position, asked_rules, seconds, nodes) == (session.game.start, rules, None, PAR_NODES)
    port.answer = SolveResult(UNKNOWN, (), 9.0, 700, 700, rules_name="freecell")  # out of memory
    session.advice.poll()
    assert not session.advice.wants_par and session.facts.par is None  # asked once, not over and over
    assert len(port.asked) == 2


def test_with_auto_play_the_par_is_searched_from_the_deal_not_from_its_settled_position() -> None:
    """Deal 5 deals the Ace of diamonds into a cell: auto-play sends it home before the first
    frame, so the verdict is about the position after it; the par is the deal's own."""
    rules = PRESETS["standard"]
    port = Port()
    session = Session(Game.new(5, rules), Clock(), advisor=Advisor(lambda wake: port))
    session.advice.start(lambda: None)
    settled = session.game.position
    assert port.asked[0][0] == settled != session.game.start
    port.answer = solve(settled, rules)
    session.advice.poll()
    assert session.advice.wants_par
    assert port.asked[-1] == (session.game.start, rules, None, PAR_NODES)
    port.answer = solve(session.game.start, rules, Budget(nodes=PAR_NODES))
    session.advice.poll()
    assert session.facts.par == find_par(session.game.start, rules)


def win_as_a_player(session: Session) -> None:
    """The par's line, played as a player with auto-play plays it."""
    start, rules = session.game.start, session.game.rules
    line = opening_line(start, rules, solve(start, rules, Budget(nodes=PAR_NODES)).moves)
    assert line is not None
    for move in line:
        session.play(move)
    assert session.outcome is Outcome.WON


def test_a_daily_left_unfinished_resumes_after_midnight_and_counts_for_its_own_day(home: Path) -> None:
    today = Today(THURSDAY)
    session = open_daily_at(home, today, key="standard")
    thursday = daily_deal("standard", THURSDAY)
    assert thursday is not None
    session.play(session.game.legal_moves()[0])
    session.close()
    today.day = date(2026, 11, 27)  # after midnight, the window opens on the game it left
    again = open_session(Clock(), store=Store(HomeDirs(home)), today=today)
    assert again.game.deal_number == thursday.number and again.facts.daily == THURSDAY
    assert again.facts.par == thursday.par and again.game.move_count == 1
    again.undo()  # back to the deal as dealt, then the par's line
    win_as_a_player(again)
    assert again.books.keeper is not None
    days = again.books.keeper.daily_results("standard")
    again.close()
    assert list(days) == [THURSDAY] and days[THURSDAY].won and days[THURSDAY].par == thursday.par


def test_personal_bests_are_the_fewest_moves_and_the_best_time_of_the_deals_wins(home: Path) -> None:
    clock = Clock()
    session = open_session(clock, store=Store(HomeDirs(home)), key="standard", deal=5)
    assert session.facts.best is None and best_line(session.facts) == ""
    session.play(session.game.legal_moves()[0])
    clock.time += 300
    session.restart()  # a loss: no best from it
    assert session.facts.best is None
    win_as_a_player(session)
    first_moves, first_seconds = session.moves(), session.seconds()
    session.restart()
    assert session.facts.best is not None
    assert (session.facts.best.moves, session.facts.best.seconds) == (first_moves, first_seconds)
    assert best_line(session.facts) == f"Your best: {first_moves} moves, {clock_text(first_seconds)}"
    session.play(session.game.legal_moves()[0])
    session.undo()  # two more moves than the first win
    clock.time += 1
    win_as_a_player(session)
    session.new_game(5)
    best = session.facts.best
    assert best is not None and best.moves == first_moves and best.wins == 2
    session.close()


def test_yesterdays_daily_left_for_todays_is_lost_under_its_own_day(home: Path) -> None:
    today = Today(THURSDAY)
    session = open_daily_at(home, today, key="standard")
    session.play(session.game.legal_moves()[0])
    session.close()
    today.day = date(2026, 11, 27)
    friday = open_daily_at(home, today, key="standard")  # eightoff --daily the next day
    assert friday.facts.daily == today.day
    friday.play(friday.game.legal_moves()[0])  # Thursday's game is left now
    assert friday.books.keeper is not None
    days = friday.books.keeper.daily_results("standard")
    friday.close()
    assert list(days) == [THURSDAY] and not days[THURSDAY].won


def test_a_daily_won_as_the_window_died_counts_for_its_day(home: Path) -> None:
    chosen = daily_deal("standard", THURSDAY)
    assert chosen is not None
    game = Game.new(chosen.number, PRESETS["standard"])
    line = solve(game.start, game.rules).moves
    for move in line:
        game.play(move)
    store = Store(HomeDirs(home))
    store.acquire_instance()
    store.save_unfinished(game, 100.0, daily=THURSDAY, par=chosen.par)  # the win not yet recorded
    store.close()
    again = Store(HomeDirs(home))
    again.acquire_instance()
    assert again.load_unfinished("standard") is None  # recovered: counted as the win it was
    days = again.daily_results("standard")
    again.close()
    assert days[THURSDAY].won and days[THURSDAY].par == chosen.par


@pytest.mark.parametrize(("moves", "helped", "words"), [
    (33, False, "Par is 33: you matched it."),
    (32, False, "Par is 33: you beat it by 1 move."),
    (30, False, "Par is 33: you beat it by 3 moves."),
    (34, False, "Par is 33: 1 move over."),
    (40, False, "Par is 33: 7 moves over."),
    (60, True, "Par is 33."),
])
def test_the_par_line_compares_without_repeating_the_moves(moves: int, helped: bool, words: str) -> None:
    assert par_result(moves, 33, helped) == words
    assert str(moves) not in words or moves == 33
