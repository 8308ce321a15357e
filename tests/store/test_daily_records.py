"""The daily deal's record: a day's result is the best of its games, and the streaks of daily
wins count days won one after another, up to today or yesterday."""

from __future__ import annotations

from datetime import date, timedelta

from hypothesis import given
from hypothesis import strategies as st

from eightoff.store.daily_records import DayResult, day_results, streaks

THURSDAY = date(2026, 11, 26)


def won(day: date) -> DayResult:
    return DayResult(day, True, 40, 100.0, 38)


def lost(day: date) -> DayResult:
    return DayResult(day, False, 40, 100.0, 38)


def test_a_day_is_won_if_any_of_its_games_is_and_keeps_its_best_win() -> None:
    rows = [("2026-11-26", False, 12, 50.0, 38), ("2026-11-26", True, 45, 300.0, 38),
            ("2026-11-26", True, 41, 400.0, 38), ("2026-11-25", False, 20, 60.0, 30),
            ("not a date", True, 1, 1.0, 1), ("2026-02-30", True, 1, 1.0, 1)]
    days = day_results(rows)
    assert set(days) == {THURSDAY, date(2026, 11, 25)}
    assert days[THURSDAY] == DayResult(THURSDAY, True, 41, 400.0, 38)
    assert not days[date(2026, 11, 25)].won


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
