"""The finished games in games.db: recording them, and their figures as SQL over the games
table's indexes. The table is the one truth, ordered as played (`finished`, then `seq`); the
only summary is a streak row per game kind: docs/storage.md, "Transactions".
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable, Iterator
from datetime import date, datetime, timedelta
from itertools import groupby
from typing import Any

import msgspec

from eightoff.core.limits import EARLIEST
from eightoff.store import statistics as figures
from eightoff.store.clock import now_clamped
from eightoff.store.daily_records import DayResult
from eightoff.store.schema import LOST, SOLVED, WON, FinishedGame, Outcome
from eightoff.store.statistics import Statistics, Streak, Summary

KEPT_MOVES = 200
"""Finished games whose moves are kept for Watch: the newest, as played."""
BLOCK = 1_000
"""Games read or written at a time."""
LARGEST_INTEGER = (1 << 63) - 1
COLUMNS = ("id", "rules", "deal", "big_deal", "start", "outcome", "moves", "seconds", "finished", "hints",
           "options", "clamped", "daily", "par", "grade")
INSERT = f"INSERT OR IGNORE INTO games({', '.join(COLUMNS)}) VALUES ({', '.join('?' * len(COLUMNS))})"
SELECT = f"SELECT seq, {', '.join(COLUMNS)} FROM games"
NEWEST = "ORDER BY finished DESC, seq DESC"
LETTERS = {WON.value: b"W", LOST.value: b"L", SOLVED.value: b"S"}
KINDS = {letter[0]: Outcome(value) for value, letter in LETTERS.items()}
Row = tuple[object, ...]
GradeOf = Callable[[str, int], "str | None"]


# ----- one game, row and struct --------------------------------------------------------------


def micros_of(moment: datetime) -> int:
    return (moment - EARLIEST) // timedelta(microseconds=1)


def row_of(game: FinishedGame) -> Row:
    """The game's columns, in COLUMNS' order (a deal past SQLite's integers in `big_deal`)."""
    big = game.deal is not None and game.deal > LARGEST_INTEGER
    return (game.id, game.rules, None if big else game.deal, str(game.deal) if big else None, game.start,
            game.outcome.value, game.moves, game.seconds, micros_of(game.finished), game.hints_used,
            game.options, game.clock_clamped, game.daily.isoformat() if game.daily else None, game.par,
            game.grade)


def game_of(row: Row) -> FinishedGame:
    """The game of a row of SELECT; ValueError (msgspec.ValidationError) when a value is not
    one a game has (a damaged byte reads as U+FFFD, which no field's bounds let through), or
    when it was finished more than a day (a clock's slack) after now, which no CHECK can see
    (unless its clock is flagged clamped: that date is known to be the clock's, and says so)."""
    (_seq, game_id, rules, deal, big_deal, start, outcome, moves, seconds, finished, hints, options, clamped,
     daily, par, grade) = row
    if any(isinstance(value, str) and "\ufffd" in value for value in row):
        raise ValueError("a damaged byte")
    if not clamped and isinstance(finished, int) and \
            finished > micros_of(now_clamped()[0] + timedelta(days=1)):
        raise ValueError("finished in the future")
    return msgspec.convert({
        "id": game_id, "rules": rules, "outcome": outcome, "moves": moves, "seconds": seconds,
        "finished": EARLIEST + timedelta(microseconds=int(str(finished))),
        "deal": int(str(big_deal)) if big_deal is not None else deal, "start": start,
        "hints_used": bool(hints), "options": options, "clock_clamped": bool(clamped),
        "daily": date.fromisoformat(str(daily)) if daily is not None else None, "par": par, "grade": grade,
    }, FinishedGame)


def read_games(rows: Iterable[Row], bad: list[int]) -> Iterator[FinishedGame]:
    """The games of `rows`; the `seq` of each row that does not read goes into `bad`, to set aside."""
    for row in rows:
        try:
            yield game_of(row)
        except (ValueError, TypeError, OverflowError):
            bad.append(int(str(row[0])))


# ----- recording -----------------------------------------------------------------------------


def record(connection: sqlite3.Connection, game: FinishedGame, moves: bytes | None) -> bool:
    """Add the game with its moves (for Watch) and its streaks (the caller's transaction);
    False when its id was recorded already."""
    cursor = connection.execute(INSERT, row_of(game))
    if not cursor.rowcount:
        return False
    seq = cursor.lastrowid
    if moves is not None:
        connection.execute("INSERT INTO moves(seq, record) VALUES (?, ?)", (seq, moves))
    for key in (game.rules, ""):  # a game played before the last one counted: counted again
        connection.execute("DELETE FROM streaks WHERE rules = ? AND (last, last_seq) > (?, ?)",
                           (key, micros_of(game.finished), seq))
    count_streaks(connection, [game.rules, ""])
    trim_moves(connection)
    return True


def trim_moves(connection: sqlite3.Connection) -> None:
    """Keep the moves of the KEPT_MOVES newest games as played, no more."""
    connection.execute(f"DELETE FROM moves WHERE seq NOT IN (SELECT seq FROM games {NEWEST} LIMIT ?)",
                       (KEPT_MOVES,))


def count_streaks(connection: sqlite3.Connection, keys: list[str] | None = None) -> None:
    """Move the streak rows of `keys` (None: all, from the first game) on over the games played
    after the last each counted, a block at a time; a row missing or changed behind the
    program's back (a length past the games ever recorded) is counted from the first game."""
    if keys is None:
        connection.execute("DELETE FROM streaks")
        keys = ["", *(key for (key,) in connection.execute("SELECT DISTINCT rules FROM games"))]
    top = connection.execute("SELECT max(seq) FROM games").fetchone()[0] or 1
    for key in keys:
        counted = connection.execute("SELECT kind, length, longest_won, longest_lost, last, last_seq "
                                     "FROM streaks WHERE rules = ?", (key,)).fetchone()
        if counted is None or not all(isinstance(each, int) and 0 <= each <= top for each in counted[1:4]):
            counted = (None, 0, 0, 0, -1, -1)
        kind = LETTERS[counted[0]][0] if counted[0] in LETTERS else None
        length, last = counted[1], None
        longest = {b"W"[0]: counted[2], b"L"[0]: counted[3], b"S"[0]: 0}
        rows = connection.execute(
            f"SELECT outcome, finished, seq FROM games WHERE {'rules = ? AND' if key else ''} "
            "(finished, seq) > (?, ?) ORDER BY finished, seq", (*((key,) if key else ()), *counted[4:]))
        while block := rows.fetchmany(BLOCK):
            for letter, run in groupby(b"".join(LETTERS.get(str(row[0]), b"S") for row in block)):
                size = sum(1 for _ in run)
                length = length + size if letter == kind else size
                kind = letter
                longest[letter] = max(longest[letter], length)
            last = block[-1]
        if last is None:
            continue
        connection.execute("DELETE FROM streaks WHERE rules = ?", (key,))
        if kind is not None:
            connection.execute(
                "INSERT INTO streaks(rules, kind, length, longest_won, longest_lost, last, last_seq) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (key, KINDS[kind].value, length, longest[b"W"[0]], longest[b"L"[0]], last[1], last[2]))


# ----- figures -------------------------------------------------------------------------------


def summaries(connection: sqlite3.Connection, grade_of: GradeOf | None) -> tuple[dict[str, Summary], Summary]:
    """Each game kind's figures, and all kinds' together: one pass over the index of results
    counts every kind's games by outcome and grade, the rest is read from the wins' own indexes,
    so memory is bounded whatever the number of games."""
    counted: dict[str, dict[tuple[str, str | None], int]] = {}
    for key, outcome, grade, played in connection.execute(
            "SELECT rules, outcome, grade, count(*) FROM games GROUP BY rules, outcome, grade"):
        counted.setdefault(str(key), {})[(str(outcome), grade)] = played
    streaks = {str(row[0]): _streak(row[1:]) for row in connection.execute(
        "SELECT rules, kind, length, longest_won, longest_lost FROM streaks")}
    each = {key: _summary(connection, key, found, streaks.get(key, _streak(None)), grade_of)
            for key, found in counted.items() if "\ufffd" not in key}
    total = sum(summary.statistics.played for summary in each.values())
    current, longest_won, longest_lost = streaks.get("", _streak(None))
    together = Statistics("", total, current_streak=current, longest_winning_streak=longest_won,
                          longest_losing_streak=longest_lost)
    return each, Summary(together, trace=_trace(connection, ""))


def _streak(row: tuple[Any, ...] | None) -> tuple[Streak, int, int]:
    """A streak row as the statistics hold it: the current streak, the longest won and lost."""
    if row is None or row[0] is None:
        return Streak(None), 0, 0
    return Streak(Outcome(row[0]), row[1]), row[2], row[3]


def _summary(connection: sqlite3.Connection, key: str, counted: dict[tuple[str, str | None], int],
             streak: tuple[Streak, int, int], grade_of: GradeOf | None) -> Summary:
    won, lost, solved = (sum(count for (outcome, _grade), count in counted.items() if outcome == kind.value)
                         for kind in (WON, LOST, SOLVED))
    seconds, moves, fewest, fastest, implausible = connection.execute(
        "SELECT total(seconds), total(moves), min(moves), min(seconds), count(*) FILTER (WHERE seconds > ? "
        "OR moves > ?) FROM games WHERE rules = ? AND outcome = 'won'",
        (figures.PLAUSIBLE_SECONDS, figures.PLAUSIBLE_MOVES, key)).fetchone()
    current, longest_won, longest_lost = streak
    statistics = Statistics(key, won + lost + solved, won, current, longest_won, longest_lost, fastest,
                            fewest, seconds / won if won else None, moves / won if won else None, lost,
                            solved)
    edges = figures.TIME_EDGES
    bins = tuple(connection.execute(
        "SELECT count(*) FROM games WHERE rules = ? AND outcome = 'won' AND seconds > ? AND seconds <= ? "
        "AND moves <= ?", (key, low, high, figures.PLAUSIBLE_MOVES)).fetchone()[0]
        for low, high in zip((-1, *edges), (*edges, figures.PLAUSIBLE_SECONDS), strict=True)) if won else \
        (0,) * (len(edges) + 1)
    best = tuple((float(seconds), int(moves), int(str(big)) if big is not None else deal)
                 for seconds, moves, deal, big in connection.execute(
                     "SELECT seconds, moves, deal, big_deal FROM games WHERE rules = ? AND "
                     "outcome = 'won' AND seconds <= ? AND moves <= ? ORDER BY seconds, moves LIMIT ?",
                     (key, figures.PLAUSIBLE_SECONDS, figures.PLAUSIBLE_MOVES, figures.BEST)))
    by_grade = [(grade, count, count if outcome == WON.value else 0)
                for (outcome, grade), count in counted.items()]
    if grade_of is not None:  # games recorded before grades were: the shipped tables' grade
        by_grade += [(grade_of(key, deal), played, int(wins)) for deal, played, wins in connection.execute(
            "SELECT deal, count(*), total(outcome = 'won') FROM games WHERE rules = ? AND "
            "grade IS NULL AND deal IS NOT NULL AND deal < ? GROUP BY deal", (key, figures.GRADED_DEALS))]
    grades: dict[str, tuple[int, int]] = {}
    for grade, played, wins in by_grade:
        if grade is not None:
            before = grades.get(grade, (0, 0))
            grades[grade] = (before[0] + played, before[1] + wins)
    return Summary(statistics, _trace(connection, key), bins, best, implausible, grades)


def _trace(connection: sqlite3.Connection, key: str) -> bytes:
    where = "WHERE rules = ?" if key else ""
    rows = connection.execute(f"SELECT outcome FROM games {where} {NEWEST} LIMIT ?",
                              (key, figures.TRACE) if key else (figures.TRACE,))
    return b"".join(LETTERS.get(str(outcome), b"S") for (outcome,) in rows)[::-1]


def recent(connection: sqlite3.Connection, bad: list[int], rules: str | None = None) -> list[FinishedGame]:
    """The newest games as played, newest first."""
    where = "WHERE rules = ?" if rules is not None else ""
    rows = connection.execute(f"{SELECT} {where} {NEWEST} LIMIT ?",
                              (rules, figures.RECENT) if rules else (figures.RECENT,))
    return list(read_games(rows, bad))


def each_game(connection: sqlite3.Connection, bad: list[int], rules: str | None) -> Iterator[FinishedGame]:
    """Every game as played, oldest first, a block at a time."""
    where = "WHERE rules = ?" if rules is not None else ""
    rows = connection.execute(f"{SELECT} {where} ORDER BY finished, seq", (rules,) if rules else ())
    while block := rows.fetchmany(BLOCK):
        yield from read_games(block, bad)


# ----- deals and days ------------------------------------------------------------------------


class Best(msgspec.Struct, frozen=True):
    """The player's best wins of one deal: the fewest moves and the best time, each of its own game."""

    rules: str
    deal: int
    moves: int
    seconds: float
    wins: int


def best_of(connection: sqlite3.Connection, rules: str, deal: int) -> Best | None:
    """The player's best wins of one deal (None: never won), through the index of wins by deal."""
    column, value = ("deal", deal) if deal <= LARGEST_INTEGER else ("big_deal", str(deal))
    row = connection.execute(f"SELECT min(moves), min(seconds), count(*) FROM games WHERE rules = ? AND "
                             f"{column} = ? AND outcome = 'won'", (rules, value)).fetchone()
    if row is None or not row[2]:
        return None
    return Best(rules, deal, int(row[0]), float(row[1]), int(row[2]))


def bests(connection: sqlite3.Connection, rules: str | None, limit: int | None) -> Iterator[Best]:
    """Each numbered deal won (of one game, or of all), with the player's best on it, by game and
    deal, streamed from the index of wins (`limit`: the first so many; None: all)."""
    where = " AND rules = ?" if rules is not None else ""
    rows = connection.execute(
        "SELECT rules, deal, min(moves), min(seconds), count(*) FROM games WHERE outcome = 'won' AND "
        f"deal IS NOT NULL{where} GROUP BY rules, deal ORDER BY rules, deal LIMIT ?",
        (*((rules,) if rules is not None else ()), -1 if limit is None else limit))
    while block := rows.fetchmany(BLOCK):
        for name, deal, moves, seconds, wins in block:
            yield Best(str(name), int(deal), int(moves), float(seconds), int(wins))


def day_results(connection: sqlite3.Connection, rules: str) -> dict[date, DayResult]:
    """Each day's result of one game's daily deals, through the index of daily games: the best
    of that day's games (a win before a loss, then fewer moves, then less time). A day that
    does not read as a date (a damaged row) is left out."""
    days: dict[date, DayResult] = {}
    for text, won, moves, seconds, par in connection.execute(
            "SELECT daily, outcome = 'won', moves, seconds, par FROM games WHERE rules = ? AND "
            "daily IS NOT NULL ORDER BY daily, outcome = 'won' DESC, moves, seconds", (rules,)):
        try:
            day = date.fromisoformat(text)
        except (TypeError, ValueError):
            continue
        days.setdefault(day, DayResult(day, bool(won), int(moves), float(seconds), par))
    return days
