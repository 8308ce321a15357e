"""Finished games moved in and out of games.db as JSON lines: `stats --export` writes this
version's `FinishedGame`, and `--import` reads those or an older version's games.jsonl.
"""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Iterator
from datetime import datetime
from typing import IO

import msgspec

from eightoff.core.i18n import N_, _
from eightoff.store.games import BLOCK, INSERT, count_streaks, each_game, row_of
from eightoff.store.schema import FUTURE_SKEW, FinishedGame, OldLine, Versioned

NOT_LINES = {
    b"SQLite format 3\x00": N_("it is an SQLite database (such as games.db), not games as lines of text"),
    b"\x1f\x8b": N_("it is compressed with gzip: uncompress it first"),
    b"PK\x03\x04": N_("it is a zip archive: take the file out of it first"),
}
"""The first bytes of files mistaken for a games log, and what to say of each."""
CHUNK = 1 << 20
"""Bytes of a line too long read at a time, to skip it."""
LONGEST_LINE = 64 << 10
"""Bytes of one JSON line at most: a game's line is a few hundred; a longer one is skipped."""


class Imported(msgspec.Struct):
    """What an import took and what it left, by reason."""

    added: int = 0
    unreadable: int = 0
    newer: int = 0
    future: int = 0
    twice: int = 0

    @property
    def games_found(self) -> int:
        """Lines that read as games, taken or not: none in a file with lines means it is no
        games log at all (another kind of file)."""
        return self.added + self.newer + self.future + self.twice


def kind_of_start(start: bytes) -> str | None:
    """Why a file beginning with `start` is not a games log, or None when it may be one."""
    for magic, words in NOT_LINES.items():
        if start.startswith(magic):
            return _(words)
    return None


def add_lines(connection: sqlite3.Connection, file: IO[bytes], now: datetime) -> Imported:
    """Add the games of JSON lines (this version's export, or an older version's games log),
    each id once, a block at a time (the caller's transaction), and count the streaks again in
    the order played. A line that does not decode, is out of bounds, is dated in the future or
    is longer than LONGEST_LINE is counted, not added."""
    counts, block = Imported(), list[FinishedGame]()
    decoder = msgspec.json.Decoder(FinishedGame | OldLine)
    for raw in _raw_lines(file, counts):
        try:
            found = decoder.decode(raw)
            game = found if isinstance(found, FinishedGame) else found.game(
                "line-" + hashlib.sha256(raw.strip()).hexdigest()[:40])
        except (msgspec.DecodeError, ValueError, RecursionError):
            if _newer(raw):
                counts.newer += 1
            else:
                counts.unreadable += 1
            continue
        if game.finished > now + FUTURE_SKEW:
            counts.future += 1
            continue
        block.append(game)
        if len(block) == BLOCK:
            _add(connection, block, counts)
            block = []
    _add(connection, block, counts)
    if counts.added:
        count_streaks(connection)
    return counts


def _add(connection: sqlite3.Connection, block: list[FinishedGame], counts: Imported) -> None:
    before = connection.total_changes
    connection.executemany(INSERT, map(row_of, block))
    added = connection.total_changes - before
    counts.added += added
    counts.twice += len(block) - added


def _newer(raw: bytes) -> bool:
    """Whether a line that does not decode says it is of a newer version."""
    try:
        return msgspec.json.decode(raw, type=Versioned).version > 2
    except (msgspec.DecodeError, ValueError, RecursionError):
        return False


def _raw_lines(file: IO[bytes], counts: Imported) -> Iterator[bytes]:
    """The lines that are not blank, each at most LONGEST_LINE bytes (a longer one is counted)."""
    while line := file.readline(LONGEST_LINE + 1):
        if len(line) > LONGEST_LINE and not line.endswith(b"\n"):
            counts.unreadable += 1
            while line and not line.endswith(b"\n"):  # the rest of it
                line = file.readline(CHUNK)
        elif line.strip():
            yield line


def export_lines(connection: sqlite3.Connection, bad: list[int], out: IO[bytes], rules: str | None) -> int:
    """Every game (of `rules`) as played, one JSON line each; how many."""
    encoder = msgspec.json.Encoder()
    count = 0
    for game in each_game(connection, bad, rules):
        out.write(encoder.encode(game) + b"\n")
        count += 1
    return count
