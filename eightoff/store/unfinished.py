"""The unfinished game of each game kind in games.db, saved a step at a time.

Row `unfinished` holds a game's start (the core's record with no history), its clock, hints
flag and how many of its steps are done; table `steps` holds its history as played, the redo
tail after the done steps. A save writes only the steps after the last one both the saved and
the played history share (`Mark`), in one transaction, so a move costs the same however long
the game. A step that no longer replays ends the history there, and the player is told; the
next save writes over what followed it, so no later move is lost again.

A row that does not load at all is set aside under another key (`<kind>.corrupt-<time>`) with
its steps, never deleted, and the game kind starts afresh.
"""

from __future__ import annotations

import sqlite3
import weakref
from dataclasses import dataclass
from datetime import date

import msgspec

from eightoff.core.game import Game, Step
from eightoff.core.i18n import _
from eightoff.core.limits import clamp_seconds
from eightoff.core.notation import format_move
from eightoff.store.files import stamp
from eightoff.store.saved_game import SavedGame
from eightoff.store.schema import BadContent, GameRecord, decode

LONGEST = 64 << 10
"""Bytes of a start or a step read at most (a step of 500 moves of 100 characters is less)."""


@dataclass
class Mark:
    """The game a kind's rows were last written from, and its steps as written then."""

    game: weakref.ref[Game]
    game_id: str
    steps: list[Step]


def history(game: Game) -> list[Step]:
    """The steps as played: the done ones, then the redo tail in the order it replays."""
    return [*game.done, *reversed(game.undone)]


def save(connection: sqlite3.Connection, saved: SavedGame, mark: Mark | None = None) -> Mark:
    """Write `saved.game` as its kind's unfinished game, with its daily deal's day and par (in
    the caller's transaction)."""
    game, key = saved.game, saved.game.rules.name
    game_id = saved.game_id or ""
    steps = history(game)
    common = 0
    if mark is not None and mark.game() is game and mark.game_id == game_id:
        common = min(len(steps), len(mark.steps))
        while common and steps[common - 1] is not mark.steps[common - 1]:
            common -= 1
        connection.execute("DELETE FROM steps WHERE rules = ? AND n >= ?", (key, common))
    else:
        start = {**game.to_record(), "done": [], "undone": [], "move_count": 0}
        connection.execute("DELETE FROM steps WHERE rules = ?", (key,))
        connection.execute("INSERT OR REPLACE INTO unfinished VALUES (?, ?, ?, 0, 0, 0, 0, NULL, NULL)",
                           (key, game_id, msgspec.json.encode(start)))
    connection.executemany("INSERT INTO steps VALUES (?, ?, ?)", (
        (key, number, msgspec.json.encode([format_move(move) for move in step.moves]).decode())
        for number, step in enumerate(steps[common:], start=common)))
    connection.execute("UPDATE unfinished SET done = ?, move_count = ?, elapsed = ?, hints = ?, daily = ?, "
                       "par = ? WHERE rules = ?", (len(game.done), game.move_count,
                                                   clamp_seconds(saved.elapsed), saved.hints_used,
                                                   saved.daily.isoformat() if saved.daily else None,
                                                   saved.par, key))
    return Mark(weakref.ref(game), game_id, steps)


def load(connection: sqlite3.Connection, key: str) -> tuple[SavedGame, Mark, str | None] | None:
    """The kind's unfinished game, its mark, and why its history ends early (None: it does
    not); None when there is none. Raises BadContent when its start does not load."""
    row = connection.execute("SELECT id, CASE WHEN length(start) <= ? THEN start END, done, move_count, "
                             "elapsed, hints, daily, par FROM unfinished WHERE rules = ?",
                             (LONGEST, key)).fetchone()
    if row is None:
        return None
    game_id, start, done, move_count, elapsed, hints, daily, par = row
    if start is None:
        raise BadContent(_("it is larger than {limit} bytes").format(limit=LONGEST))
    try:
        record = decode(start if isinstance(start, bytes) else str(start).encode(), GameRecord)
        game = Game.from_record(msgspec.to_builtins(record))
    except Exception as error:  # the core's replay, whatever it raises
        raise BadContent(str(error)) from None
    if game.rules.name != key:
        raise BadContent(_("it holds a game of another kind"))
    problem = None
    rows = connection.execute("SELECT n, CASE WHEN length(moves) <= ? THEN moves END FROM steps "
                              "WHERE rules = ? ORDER BY n", (LONGEST, key))
    for number, moves in rows:
        try:
            if number != len(game.done) or moves is None:
                raise ValueError(_("a step is missing or too large"))
            game.replay_step(msgspec.json.decode(moves, type=list[str]))
        except Exception as error:  # a damaged step, or moves that no longer replay
            problem = str(error)
            break
    played = len(game.done)
    for _undo in range(max(0, played - int(done))):
        game.undo()
    game.move_count = int(move_count) if problem is None else played
    try:
        day = date.fromisoformat(daily) if isinstance(daily, str) else None
    except ValueError:
        day = None
    saved = SavedGame(game, clamp_seconds(float(elapsed)), bool(hints), str(game_id) or None, day,
                      par if isinstance(par, int) else None)
    return saved, Mark(weakref.ref(game), str(game_id), history(game)), problem


def set_aside(connection: sqlite3.Connection, key: str) -> str:
    """Keep a kind's rows that do not load under another key; that key."""
    aside = f"{key}.corrupt-{stamp()}"
    connection.execute("UPDATE unfinished SET rules = ? WHERE rules = ?", (aside, key))
    connection.execute("UPDATE steps SET rules = ? WHERE rules = ?", (aside, key))
    return aside


def clear(connection: sqlite3.Connection, key: str, game_id: str | None = None) -> None:
    """Forget a kind's unfinished game (only if it is `game_id`'s, when given)."""
    if game_id is not None:
        found = connection.execute("SELECT id FROM unfinished WHERE rules = ?", (key,)).fetchone()
        if found is None or found[0] != game_id:
            return
    connection.execute("DELETE FROM steps WHERE rules = ?", (key,))
    connection.execute("DELETE FROM unfinished WHERE rules = ?", (key,))
