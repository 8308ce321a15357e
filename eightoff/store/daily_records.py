"""The daily deal's record: each day's result per game, the streaks of daily wins, and the
personal bests of every deal won.

A day's result is the best of that day's daily games of one game (the daily may be played
again, and a win that day is the day won): a win before a loss, then fewer moves, then less
time. The current streak counts the days won back from today, or from yesterday while today's
daily is still to play; the longest is the longest run of days won one after another.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date, timedelta

from eightoff.core.outcome import Outcome


@dataclass(frozen=True)
class DayResult:
    day: date
    won: bool
    moves: int
    seconds: float
    par: int | None


@dataclass(frozen=True)
class Best:
    """The player's best wins of one deal: the fewest moves and the best time, each of its own
    game."""

    rules: str
    deal: int
    moves: int
    seconds: float
    wins: int


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


# ----- the queries, on the database's `games` table -------------------------------------------

WON_OUTCOME = Outcome.WON.value
SOUND_FIGURES = "typeof(moves) = 'integer' AND typeof(seconds) IN ('integer', 'real')"
"""A row's figures of the types the games table declares: a row whose are not (written by hand,
or damaged) is passed over here, not read as a crash."""
SOUND_DEAL = (f"{SOUND_FIGURES} AND (typeof(deal) = 'integer' OR typeof(deal) = 'text' AND deal != '' "
              "AND deal NOT GLOB '*[^0-9]*')")
"""A deal number as the games table keeps it: an integer, or the digits of one past SQLite's."""


def best_of(connection: sqlite3.Connection, rules: str, deal: int) -> Best | None:
    """The player's best wins of one deal (None: never won), through the index on (rules, deal)."""
    row = connection.execute(
        "SELECT MIN(moves), MIN(seconds), COUNT(*) FROM games WHERE rules = ? AND deal = ? AND outcome = ?",
        (rules, _deal_key(deal), WON_OUTCOME)).fetchone()
    if row is None or not row[2]:
        return None
    return Best(rules, deal, int(row[0]), float(row[1]), int(row[2]))


def bests(connection: sqlite3.Connection, rules: str | None = None) -> list[Best]:
    """Every numbered deal won, with the player's best on it (of one game, or of every game),
    by game and deal."""
    query = ("SELECT rules, deal, MIN(moves), MIN(seconds), COUNT(*) FROM games "
             f"WHERE outcome = ? AND {SOUND_DEAL}" + (" AND rules = ?" if rules is not None else "") +
             " GROUP BY rules, deal")
    found = [Best(str(name), int(str(deal)), int(moves), float(seconds), int(wins))
             for name, deal, moves, seconds, wins in connection.execute(
                 query, (WON_OUTCOME,) if rules is None else (WON_OUTCOME, rules))]
    return sorted(found, key=lambda best: (best.rules, best.deal))


def daily_games(connection: sqlite3.Connection, rules: str) -> dict[date, DayResult]:
    """Each day's result of one game's daily deals."""
    rows = connection.execute(
        "SELECT daily, outcome = ?, moves, seconds, par FROM games WHERE rules = ? AND daily IS NOT NULL "
        f"AND {SOUND_FIGURES} AND typeof(par) IN ('integer', 'null')", (WON_OUTCOME, rules))
    return day_results((str(day), bool(won), int(moves), float(seconds), None if par is None else int(par))
                       for day, won, moves, seconds, par in rows)


def _deal_key(deal: int) -> int | str:
    """How the games table keeps a deal number (past SQLite's integers, as its digits)."""
    return deal if deal < 1 << 63 else str(deal)
