"""The daily deal's record: each day's result per game and the streaks of daily wins.

A day's result is the best of that day's daily games of one game (the daily may be played
again, and a win that day is the day won): a win before a loss, then fewer moves, then less
time. The current streak counts the days won back from today, or from yesterday while today's
daily is still to play; the longest is the longest run of days won one after another.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date, timedelta


@dataclass(frozen=True)
class DayResult:
    day: date
    won: bool
    moves: int
    seconds: float
    par: int | None


def day_results(rows: Iterable[tuple[str, bool, int, float, int | None]]) -> dict[date, DayResult]:
    """Each day's result from the daily games (ISO day, won, moves, seconds, par); a day that
    does not read as a date (a damaged row) is left out."""
    days: dict[date, DayResult] = {}
    for text, won, moves, seconds, par in rows:
        try:
            day = date.fromisoformat(text)
        except (TypeError, ValueError):
            continue
        result = DayResult(day, bool(won), moves, seconds, par)
        known = days.get(day)
        if known is None or _rank(result) > _rank(known):
            days[day] = result
    return days


def _rank(result: DayResult) -> tuple[bool, int, float]:
    return result.won, -result.moves, -result.seconds


def streaks(days: Mapping[date, DayResult], today: date) -> tuple[int, int]:
    """(current, longest) streak of daily wins."""
    won = sorted(day for day, result in days.items() if result.won)
    longest = run = 0
    previous: date | None = None
    for day in won:
        run = run + 1 if previous is not None and day - previous == timedelta(days=1) else 1
        longest = max(longest, run)
        previous = day
    current = 0
    day = today if today in days else today - timedelta(days=1)
    while day in days and days[day].won:
        current += 1
        day -= timedelta(days=1)
    return current, longest
