"""The finished games in games.db: recording them and their figures as SQL over the games
table's indexes (JSON lines in and out: `exchange`).

The games table is the one truth. Games are ordered by when they were played (`finished`, then
`seq` for the same moment), not by when they were recorded, so an imported game takes its own
place. The only summary is one streak row per game kind (and "" for all kinds together),
updated in the transaction that records the outcome, and counted again from the games when a
game comes in before the last one counted (an import, a clock set back).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from itertools import groupby

import msgspec

from eightoff.core.limits import EARLIEST
from eightoff.store.schema import (
    LOST,
    SOLVED,
    WON,
    FinishedGame,
    Outcome,
)
from eightoff.store.statistics import (
    BEST,
    GRADED_DEALS,
    PLAUSIBLE_MOVES,
    PLAUSIBLE_SECONDS,
    RECENT,
    TIME_EDGES,
    TRACE,
    Statistics,
    Streak,
    Summary,
)

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
    one a game has (a damaged byte reads as U+FFFD, which no field's bounds let through)."""
    (_seq, game_id, rules, deal, big_deal, start, outcome, moves, seconds, finished, hints, options, clamped,
     daily, par, grade) = row
    if any(isinstance(value, str) and "\ufffd" in value for value in row):
        raise ValueError("a damaged byte")
    return msgspec.convert({
        "id": game_id, "rules": rules, "outcome": outcome, "moves": moves, "seconds": seconds,
        "finished": EARLIEST + timedelta(microseconds=int(str(finished))),
        "deal": int(str(big_deal)) if big_deal is not None else deal, "start": start,
        "hints_used": bool(hints), "options": options, "clock_clamped": bool(clamped),
        "daily": date.fromisoformat(str(daily)) if daily is not None else None, "par": par, "grade": grade,
    }, FinishedGame)


def deal_key(deal: int) -> tuple[str, int | str]:
    """The column and value a deal number is kept as."""
    return ("deal", deal) if deal <= LARGEST_INTEGER else ("big_deal", str(deal))


@dataclass
class Read:
    """Games read from rows, with the rows that did not read (their `seq`, to set aside)."""

    bad: list[int]

    def games(self, rows: Iterable[Row]) -> Iterator[FinishedGame]:
        for row in rows:
            try:
                yield game_of(row)
            except (ValueError, TypeError, OverflowError):
                self.bad.append(int(str(row[0])))


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
    for key in (game.rules, ""):
        step_streak(connection, key, game.outcome, micros_of(game.finished), int(seq or 0))
    trim_moves(connection)
    return True


def trim_moves(connection: sqlite3.Connection) -> None:
    """Keep the moves of the KEPT_MOVES newest games as played, no more."""
    connection.execute(f"DELETE FROM moves WHERE seq NOT IN (SELECT seq FROM games {NEWEST} LIMIT ?)",
                       (KEPT_MOVES,))


def step_streak(connection: sqlite3.Connection, key: str, outcome: Outcome, finished: int, seq: int) -> None:
    """One more game at the end of `key`'s run (all kinds: ""); a game before the last one
    counted makes the run counted again."""
    row = connection.execute("SELECT kind, length, longest_won, longest_lost, last, last_seq FROM streaks "
                             "WHERE rules = ?", (key,)).fetchone()
    if row is None or (finished, seq) < (row[4], row[5]):  # none yet (or lost), or a game before the last
        count_streaks(connection, [key])
        return
    kind, length, longest_won, longest_lost = row[:4]
    length = length + 1 if kind == outcome.value else 1
    longest_won = max(longest_won, length) if outcome == WON else longest_won
    longest_lost = max(longest_lost, length) if outcome == LOST else longest_lost
    connection.execute("INSERT OR REPLACE INTO streaks(rules, kind, length, longest_won, longest_lost, last, "
                       "last_seq) VALUES (?, ?, ?, ?, ?, ?, ?)",
                       (key, outcome.value, length, longest_won, longest_lost, finished, seq))


def count_streaks(connection: sqlite3.Connection, keys: list[str] | None = None) -> None:
    """Count the streak rows of `keys` (None: every kind and "") again from the games, in the
    order played, a block at a time (runs of one letter found by `groupby` in C)."""
    if keys is None:
        connection.execute("DELETE FROM streaks")
        keys = ["", *(key for (key,) in connection.execute("SELECT DISTINCT rules FROM games"))]
    for key in keys:
        where = "WHERE rules = ?" if key else ""
        rows = connection.execute(f"SELECT outcome, finished, seq FROM games {where} ORDER BY finished, seq",
                                  (key,) if key else ())
        kind, length, longest = None, 0, {b"W"[0]: 0, b"L"[0]: 0, b"S"[0]: 0}
        last = None
        while block := rows.fetchmany(BLOCK):
            for letter, run in groupby(b"".join(LETTERS.get(str(row[0]), b"S") for row in block)):
                size = sum(1 for _ in run)
                length = length + size if letter == kind else size
                kind = letter
                longest[letter] = max(longest[letter], length)
            last = block[-1]
        connection.execute("DELETE FROM streaks WHERE rules = ?", (key,))
        if last is not None and kind is not None:
            connection.execute(
                "INSERT INTO streaks(rules, kind, length, longest_won, longest_lost, last, last_seq) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (key, KINDS[kind].value, length, longest[b"W"[0]], longest[b"L"[0]], last[1], last[2]))


# ----- figures -------------------------------------------------------------------------------


def summaries(connection: sqlite3.Connection, grade_of: GradeOf | None) -> tuple[dict[str, Summary], Summary]:
    """Each game kind's figures, and all kinds' together (counts, streaks and trace), from
    the indexes: a handful of queries, memory bounded whatever the number of games."""
    counts: dict[str, dict[str, tuple[int, float | None, int | None, float, int]]] = {}
    for key, outcome, played, fastest, fewest, seconds, moves in connection.execute(
            "SELECT rules, outcome, count(*), min(seconds), min(moves), total(seconds), total(moves) "
            "FROM games GROUP BY rules, outcome"):
        counts.setdefault(str(key), {})[str(outcome)] = (played, fastest, fewest, seconds, int(moves))
    streaks = {str(row[0]): row[1:] for row in connection.execute(
        "SELECT rules, kind, length, longest_won, longest_lost FROM streaks")}
    each = {key: _summary(connection, key, outcomes, streaks.get(key), grade_of)
            for key, outcomes in counts.items() if "\ufffd" not in key}
    total = sum(summary.statistics.played for summary in each.values())
    streak = streaks.get("")
    together = Summary(Statistics("", total, current_streak=Streak(
        Outcome(streak[0]) if streak and streak[0] else None, streak[1] if streak else 0),
        longest_winning_streak=streak[2] if streak else 0, longest_losing_streak=streak[3] if streak else 0),
        trace=_trace(connection, ""))
    return each, together


def _summary(connection: sqlite3.Connection, key: str,
             outcomes: dict[str, tuple[int, float | None, int | None, float, int]],
             streak: tuple[object, ...] | None, grade_of: GradeOf | None) -> Summary:
    won = outcomes.get(WON.value, (0, None, None, 0.0, 0))
    played = sum(each[0] for each in outcomes.values())
    statistics = Statistics(
        key, played, won[0],
        Streak(Outcome(str(streak[0])) if streak and streak[0] else None,
               int(str(streak[1])) if streak else 0),
        int(str(streak[2])) if streak else 0, int(str(streak[3])) if streak else 0,
        won[1], won[2], won[3] / won[0] if won[0] else None, won[4] / won[0] if won[0] else None,
        outcomes.get(LOST.value, (0,))[0], outcomes.get(SOLVED.value, (0,))[0])
    bins = [0] * (len(TIME_EDGES) + 1)
    implausible = 0
    edges = " ".join(f"WHEN seconds <= {edge} THEN {index}" for index, edge in enumerate(TIME_EDGES))
    for index, count in connection.execute(
            f"SELECT CASE WHEN seconds > ? OR moves > ? THEN -1 {edges} ELSE {len(TIME_EDGES)} END, count(*) "
            "FROM games WHERE rules = ? AND outcome = 'won' GROUP BY 1",
            (PLAUSIBLE_SECONDS, PLAUSIBLE_MOVES, key)):
        if index < 0:
            implausible = count
        else:
            bins[index] = count
    best = tuple((float(seconds), int(moves), int(str(big)) if big is not None else deal)
                 for seconds, moves, deal, big in connection.execute(
                     "SELECT seconds, moves, deal, big_deal FROM games WHERE rules = ? AND "
                     "outcome = 'won' AND seconds <= ? AND moves <= ? ORDER BY seconds, moves LIMIT ?",
                     (key, PLAUSIBLE_SECONDS, PLAUSIBLE_MOVES, BEST)))
    return Summary(statistics, _trace(connection, key), tuple(bins), best, implausible,
                   by_grade(connection, key, grade_of))


def _trace(connection: sqlite3.Connection, key: str) -> bytes:
    where = "WHERE rules = ?" if key else ""
    rows = connection.execute(f"SELECT outcome FROM games {where} {NEWEST} LIMIT ?",
                              (key, TRACE) if key else (TRACE,))
    return b"".join(LETTERS.get(str(outcome), b"S") for (outcome,) in rows)[::-1]


def by_grade(connection: sqlite3.Connection, key: str,
             grade_of: GradeOf | None) -> dict[str, tuple[int, int]]:
    """Games played and won per grade: the grade recorded with each game, and for games recorded
    without one, the shipped tables' grade of their deal (`grade_of`), a deal at a time."""
    found: dict[str, tuple[int, int]] = {}

    def add(grade: str | None, played: int, won: int) -> None:
        if grade is not None:
            before = found.get(grade, (0, 0))
            found[grade] = (before[0] + played, before[1] + won)

    for grade, played, won in connection.execute(
            "SELECT grade, count(*), total(outcome = 'won') FROM games WHERE rules = ? AND grade IS NOT NULL "
            "GROUP BY grade", (key,)):
        add(str(grade), played, int(won))
    if grade_of is not None:
        for deal, played, won in connection.execute(
                "SELECT deal, count(*), total(outcome = 'won') FROM games WHERE rules = ? AND "
                "grade IS NULL AND deal IS NOT NULL AND deal < ? GROUP BY deal", (key, GRADED_DEALS)):
            add(grade_of(key, deal), played, int(won))
    return found


def recent(connection: sqlite3.Connection, read: Read, rules: str | None = None,
           limit: int = RECENT) -> list[FinishedGame]:
    """The newest games as played, newest first."""
    where = "WHERE rules = ?" if rules is not None else ""
    rows = connection.execute(f"{SELECT} {where} {NEWEST} LIMIT ?", (rules, limit) if rules else (limit,))
    return list(read.games(rows))


def each_game(connection: sqlite3.Connection, read: Read, rules: str | None = None) -> Iterator[FinishedGame]:
    """Every game as played, oldest first, a block at a time."""
    where = "WHERE rules = ?" if rules is not None else ""
    rows = connection.execute(f"{SELECT} {where} ORDER BY finished, seq", (rules,) if rules else ())
    while block := rows.fetchmany(BLOCK):
        yield from read.games(block)


# ----- deals and days ------------------------------------------------------------------------


@dataclass(frozen=True)
class Best:
    """The player's best wins of one deal: the fewest moves and the best time, each of its own game."""

    rules: str
    deal: int
    moves: int
    seconds: float
    wins: int


def best_of(connection: sqlite3.Connection, rules: str, deal: int) -> Best | None:
    """The player's best wins of one deal (None: never won), through the index of wins by deal."""
    column, value = deal_key(deal)
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


def daily_rows(connection: sqlite3.Connection, rules: str) -> list[tuple[str, bool, int, float, int | None]]:
    """One game's daily games (day, won, moves, seconds, par), through the index of daily games."""
    return [(str(day), bool(won), int(moves), float(seconds), par) for day, won, moves, seconds, par in
            connection.execute("SELECT daily, outcome = 'won', moves, seconds, par FROM games "
                               "WHERE rules = ? AND daily IS NOT NULL", (rules,))]
