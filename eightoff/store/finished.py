"""The finished games in games.db: adding them, counting them, reading them back, and moving them
in and out as JSON lines (the old log's format, which `eightoff stats --export` writes and
`--import` reads).

Each game's figures (counts, streaks, best times, the chart's trace, the recent games) are kept
as one summary row per game kind in `totals` (and all kinds together under ""), and games per
deal in `deals`; `count_new` adds the games recorded since the last count to them, inside the
transaction that recorded those games. Opening the statistics thus reads a few rows, whatever
the number of games, and a million imported games are added a block at a time in C loops over
bytes (`Totals`). Nothing here holds more than a block of games in memory.
"""

from __future__ import annotations

import hashlib
import sqlite3
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from datetime import datetime
from typing import IO

import msgspec

from eightoff.core.limits import LAST_DEAL
from eightoff.store.schema import WON, LogFields, LogLine, Outcome, Versioned
from eightoff.store.statistics import GRADED_DEALS, LETTERS, RECENT, FinishedGame, Totals

BLOCK = 1_000
CHUNK = 1 << 20
"""Bytes of JSON lines read at a time."""
"""Games read, written or counted at a time."""
LONGEST_LINE = 64 << 10
"""Bytes of one JSON line at most: a game's line is a few hundred; a longer one is skipped."""
COLUMNS = ("id", "rules", "deal", "start", "outcome", "moves", "seconds", "finished", "hints", "solver",
           "takeback", "options", "clamped", "daily", "par")
INSERT = f"INSERT OR IGNORE INTO games({', '.join(COLUMNS)}) VALUES ({', '.join('?' * len(COLUMNS))})"
SELECT = f"SELECT seq, {', '.join(COLUMNS)} FROM games"
LARGEST_INTEGER = (1 << 63) - 1
"""Deals past SQLite's integers (up to LAST_DEAL) are kept as their digits."""
Row = tuple[object, ...]


def row_of(line: LogFields) -> Row:
    """A game's columns (an id made from the line itself when it has none, so importing the same
    line twice adds it once)."""
    game_id = line.id or "line-" + hashlib.sha256(msgspec.json.encode(line)).hexdigest()[:40]
    deal = str(line.deal) if line.deal is not None and line.deal > LARGEST_INTEGER else line.deal
    return (game_id, line.rules, deal, line.start if line.deal is None else None, line.result.value,
            line.moves, line.seconds, line.finished.isoformat(), line.hints_used,
            line.solver_finished or line.result == Outcome.SOLVED_WITH_HELP, line.takeback, line.options,
            line.clock_clamped, line.daily, line.par)


def line_of(row: Row) -> LogLine:
    """The game of a row of SELECT, as a line of the log."""
    (_seq, game_id, rules, deal, start, outcome, moves, seconds, finished, hints, solver, takeback,
     options, clamped, daily, par) = row
    return LogLine(version=1, rules=str(rules), deal=None if deal is None else int(str(deal)),
                   start=None if start is None else str(start), won=outcome == WON, moves=int(str(moves)),
                   seconds=float(str(seconds)), finished=datetime.fromisoformat(str(finished)),
                   hints_used=bool(hints), solver_finished=bool(solver), takeback=bool(takeback),
                   options=None if options is None else str(options), id=str(game_id),
                   outcome=Outcome(outcome), clock_clamped=bool(clamped),
                   daily=None if daily is None else str(daily), par=None if par is None else int(str(par)))


def game_of_line(line: LogLine) -> FinishedGame:
    return FinishedGame.from_line(line)


# ----- counting ---------------------------------------------------------------------------


def count_new(connection: sqlite3.Connection) -> None:
    """Add the games recorded since the last count to the summary rows (in the caller's
    transaction). With no count yet, every game is counted from the start."""
    found = connection.execute("SELECT value FROM facts WHERE name = 'counted'").fetchone()
    counted = int(found[0]) if found is not None else 0
    if found is None:
        connection.execute("DELETE FROM totals")
        connection.execute("DELETE FROM deals")
    totals: dict[str, Totals] = {}
    rows = connection.execute(f"{SELECT} WHERE seq > ? ORDER BY seq", (counted,))
    while block := rows.fetchmany(BLOCK):
        _fold(connection, totals, block)
        counted = int(str(block[-1][0]))
    for key, each in totals.items():
        connection.execute("INSERT OR REPLACE INTO totals VALUES (?, ?)", (key, msgspec.json.encode(each)))
    connection.execute("INSERT OR REPLACE INTO facts VALUES ('counted', ?)", (counted,))


def recount(connection: sqlite3.Connection) -> bool:
    """Count every game again (summary rows that do not decode: damaged by hand or a disk)."""
    connection.execute("DELETE FROM facts WHERE name = 'counted'")
    count_new(connection)
    return True


def _totals(connection: sqlite3.Connection, totals: dict[str, Totals], key: str) -> Totals:
    if key not in totals:
        found = connection.execute("SELECT data FROM totals WHERE rules = ?", (key,)).fetchone()
        totals[key] = decode_totals(found[0]) if found else Totals()
    return totals[key]


def decode_totals(data: object) -> Totals:
    """A summary row; msgspec.DecodeError (a ValueError) when it is not one."""
    if not isinstance(data, bytes):
        raise msgspec.DecodeError("not a summary row")
    return msgspec.json.decode(data, type=Totals)


def _fold(connection: sqlite3.Connection, totals: dict[str, Totals], block: list[Row]) -> None:
    """One block of games, in the order recorded: each kind's figures and all kinds' run. A row
    whose values are not a game's (damage a check of the file's structure does not see) is
    not counted."""
    lines = list(filter(None, map(_line_or_none, block)))
    letters = [LETTERS[line.result] for line in lines]
    _totals(connection, totals, "").add_results(b"".join(letters))
    mine: dict[str, list[int]] = defaultdict(list)
    for index, line in enumerate(lines):
        mine[line.rules].append(index)
    for key, indexes in mine.items():
        each = _totals(connection, totals, key)
        results = b"".join(letters[index] for index in indexes)
        each.add_results(results)
        won = [lines[index] for index in indexes if letters[index] == b"W"]
        each.add_wins([line.seconds for line in won], [line.moves for line in won],
                      [line.deal for line in won])
        each.add_recent([lines[index] for index in indexes[-RECENT:]])
        deals = [lines[index].deal for index in indexes]
        played = Counter(deal for deal in deals if deal is not None and deal < GRADED_DEALS)
        wins = Counter(deal for deal, result in zip(deals, results, strict=True)
                       if result == ord("W") and deal is not None and deal < GRADED_DEALS)
        connection.executemany(
            "INSERT INTO deals VALUES (?, ?, ?, ?) ON CONFLICT DO UPDATE SET played = played + "
            "excluded.played, won = won + excluded.won",
            ((key, deal, count, wins.get(deal, 0)) for deal, count in played.items()))


def _line_or_none(row: Row) -> LogLine | None:
    try:
        return line_of(row)
    except (ValueError, TypeError, OverflowError):
        return None


def read_totals(connection: sqlite3.Connection) -> tuple[dict[str, Totals], Totals]:
    """Each kind's figures in the order first played, with its games per graded deal, and all
    kinds' run."""
    each: dict[str, Totals] = {}
    together = Totals()
    for key, data in connection.execute("SELECT t.rules, t.data FROM totals t LEFT JOIN "
                                        "(SELECT rules, min(seq) AS first FROM games GROUP BY rules) f "
                                        "USING (rules) ORDER BY f.first"):
        totals = decode_totals(data)
        if key == "":
            together = totals
            continue
        for deal, played, won in connection.execute("SELECT deal, played, won FROM deals WHERE rules = ?",
                                                    (key,)):
            totals.deal_played[deal] = played
            if won:
                totals.deal_won[deal] = won
        each[key] = totals
    return each, together


# ----- JSON lines ---------------------------------------------------------------------------


class Lines:
    """Reads games from JSON lines a block at a time: what does not decode, is out of bounds
    or longer than LONGEST_LINE is counted in `skipped`, a line of a newer version in `newer`."""

    def __init__(self, file: IO[bytes]) -> None:
        self.file = file
        self.skipped = 0
        self.newer = 0
        self._decoder = msgspec.json.Decoder(LogLine)

    def blocks(self) -> Iterator[list[Row]]:
        block: list[Row] = []
        for raw in self.raw_lines():
            if not raw.strip():
                continue
            try:
                line = self._decoder.decode(raw)
            except (msgspec.DecodeError, ValueError, RecursionError):
                self.newer += self._newer(raw)
                self.skipped += not self._newer(raw)
                continue
            if line.version > 1:
                self.newer += 1
                continue
            if line.deal is not None and line.deal > LAST_DEAL:
                self.skipped += 1
                continue
            block.append(row_of(line))
            if len(block) == BLOCK:
                yield block
                block = []
        if block:
            yield block

    @staticmethod
    def _newer(raw: bytes) -> bool:
        """Whether a line that does not decode says it is of a newer version."""
        try:
            return msgspec.json.decode(raw, type=Versioned).version > 1
        except (msgspec.DecodeError, ValueError, RecursionError):
            return False

    def raw_lines(self) -> Iterator[bytes]:
        rest = b""
        too_long = False
        while chunk := self.file.read(CHUNK):
            pieces = (rest + chunk).split(b"\n")
            rest = pieces.pop()
            for piece in pieces:
                if too_long:
                    too_long = False
                    self.skipped += 1
                elif len(piece) <= LONGEST_LINE:
                    yield piece
                else:
                    self.skipped += 1
            if len(rest) > LONGEST_LINE:
                rest, too_long = b"", True
        if too_long:
            self.skipped += 1
        elif rest.strip():
            yield rest


def add_lines(connection: sqlite3.Connection, lines: Lines) -> int:
    """Add the games of `lines`, each id once (in the caller's transaction); how many were new."""
    before = connection.total_changes
    for block in lines.blocks():
        connection.executemany(INSERT, block)
    return connection.total_changes - before


def export_lines(connection: sqlite3.Connection, out: IO[bytes], rules: str | None = None) -> int:
    """Every game (of `rules`), oldest first, one JSON line each; how many."""
    encoder = msgspec.json.Encoder()
    count = 0
    for game in each_game(connection, rules):
        out.write(encoder.encode(game.line()) + b"\n")
        count += 1
    return count


def each_game(connection: sqlite3.Connection, rules: str | None = None,
              newest_first: bool = False) -> Iterable[FinishedGame]:
    """The games in the order recorded (or the reverse), a block at a time."""
    order = "DESC" if newest_first else "ASC"
    where = "WHERE rules = ?" if rules is not None else ""
    rows = connection.execute(f"{SELECT} {where} ORDER BY seq {order}", (rules,) if rules else ())
    while block := rows.fetchmany(BLOCK):
        yield from map(FinishedGame.from_line, filter(None, map(_line_or_none, block)))
