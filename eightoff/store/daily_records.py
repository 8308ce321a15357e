"""The daily deal's record: each day's result per game (the best of that day's games, read by
`games.day_results`: a win that day is the day won) and the streaks of daily wins. The current
streak counts the days won back from today, or from yesterday while today's daily is still to
play; the longest is the longest run of days won one after another.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, timedelta

import msgspec


class DayResult(msgspec.Struct, frozen=True):
    day: date
    won: bool
    moves: int
    seconds: float
    par: int | None


def streaks(days: Mapping[date, DayResult], today: date) -> tuple[int, int]:
    """(current, longest) streak of daily wins."""
    won = {day for day, result in days.items() if result.won}

    def run(last: date) -> int:
        """Days won one after another, back from `last`."""
        length = 0
        while last - timedelta(days=length) in won:
            length += 1
        return length

    longest = max((run(day) for day in won if day + timedelta(days=1) not in won), default=0)
    return run(today if today in days else today - timedelta(days=1)), longest
