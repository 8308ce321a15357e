"""The daily deal's record: a day's result is the best of its games, and the streaks of daily
wins count days won one after another, up to today or yesterday."""

from __future__ import annotations

import contextlib
import sqlite3
from datetime import date, timedelta

from hypothesis import given
from hypothesis import strategies as st

from eightoff.store import LOST, WON, Store
from eightoff.store.daily_records import DayResult, streaks
from tests.store.conftest import played_game

THURSDAY = date(2026, 11, 26)


def won(day: date) -> DayResult:
    return DayResult(day, True, 40, 100.0, 38)


def lost(day: date) -> DayResult:
    return DayResult(day, False, 40, 100.0, 38)


def test_a_day_is_won_if_any_of_its_games_is_and_keeps_its_best_win(store: Store) -> None:
    """Daily games recorded as the session records them: a day's result is its best game (a
    win before a loss, then fewer moves, then less time); a day that does not read as a date
    (a row changed behind the program's back) is left out."""
    wednesday = THURSDAY - timedelta(days=1)
    for number, (day, outcome, moves, seconds) in enumerate([
            (THURSDAY, LOST, 12, 50.0), (THURSDAY, WON, 45, 300.0), (THURSDAY, WON, 41, 400.0),
            (THURSDAY, WON, 41, 500.0), (wednesday, LOST, 20, 60.0),
            (wednesday - timedelta(days=1), WON, 9, 9.0)]):
        game = played_game(number + 1)
        game.move_count = moves
        assert store.record_outcome(game, outcome, seconds, daily=day, par=38)
    with contextlib.closing(sqlite3.connect(store.database_path)) as connection, connection:
        connection.execute("UPDATE games SET daily = '2026-02-30' WHERE moves = 9")
    days = store.daily_results("standard")
    assert set(days) == {THURSDAY, wednesday}
    assert days[THURSDAY] == DayResult(THURSDAY, True, 41, 400.0, 38)
    assert not days[wednesday].won
    assert store.daily_results("freecell") == {}


def test_the_current_streak_waits_for_todays_daily_and_a_loss_ends_it() -> None:
    days = {THURSDAY - timedelta(days=offset): won(THURSDAY - timedelta(days=offset)) for offset in (1, 2, 3)}
    days[THURSDAY - timedelta(days=5)] = won(THURSDAY - timedelta(days=5))
    assert streaks(days, THURSDAY) == (3, 3)  # today not played yet: yesterday's streak stands
    days[THURSDAY] = won(THURSDAY)
    assert streaks(days, THURSDAY) == (4, 4)
    days[THURSDAY] = lost(THURSDAY)
    assert streaks(days, THURSDAY) == (0, 3)
    assert streaks({}, THURSDAY) == (0, 0)
    assert streaks(days, THURSDAY + timedelta(days=2)) == (0, 3)  # a day missed ends it


@given(st.lists(st.booleans(), max_size=60))
def test_streaks_match_the_runs_of_days_won(outcomes: list[bool]) -> None:
    """Day i of a row of days ending today is won or lost as drawn: the longest streak is the
    longest run of wins, and the current one the run at the end."""
    start = THURSDAY - timedelta(days=len(outcomes) - 1)
    days = {start + timedelta(days=index): (won if result else lost)(start + timedelta(days=index))
            for index, result in enumerate(outcomes)}
    runs = "".join("w" if result else "l" for result in outcomes).split("l")
    current, longest = streaks(days, THURSDAY)
    assert longest == max((len(run) for run in runs), default=0)
    assert current == (len(runs[-1]) if outcomes else 0)
