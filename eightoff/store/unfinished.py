"""The unfinished game of each game kind in games.db, saved a step at a time: a save writes only
the steps after the last one both the saved and the played history share (`Mark`), so a move
costs the same however long the game. The tables: docs/storage.md; damage: docs/notes.md."""

from __future__ import annotations

import sqlite3
import weakref
from datetime import date

import msgspec

from eightoff.core.game import Game, Step
from eightoff.core.i18n import _
from eightoff.core.limits import clamp_seconds
from eightoff.core.notation import format_move
from eightoff.store.database import bound_unfinished, keep
from eightoff.store.saved_game import SavedGame
from eightoff.store.schema import BadContent, GameRecord, decode

COLUMNS = "rules, id, start, done, move_count, elapsed, hints, helped, daily, par, grade, generation"


class Mark(msgspec.Struct):
    """The game a kind's rows were last written from, its steps as written then, and the
    row's generation then."""

    game: weakref.ref[Game]
    game_id: str
    steps: list[Step]
    generation: int


def history(game: Game) -> list[Step]:
    """The steps as played: the done ones, then the redo tail in the order it replays."""
    return [*game.done, *reversed(game.undone)]


def save(connection: sqlite3.Connection, saved: SavedGame, mark: Mark | None) -> tuple[Mark, bool]:
    """Write `saved.game` as its kind's unfinished game (the caller's transaction); its new
    mark, and whether a row written by another program since `mark` was copied into `kept`."""
    game, key = saved.game, saved.game.rules.name
    game_id = saved.game_id or ""
    steps = history(game)
    found = connection.execute("SELECT id, generation FROM unfinished WHERE rules = ?", (key,)).fetchone()
    newer = found is not None and (mark is None or (found[0], found[1]) != (mark.game_id, mark.generation))
    if newer:
        set_aside(connection, key, "saved by another program after this one read it", remove=False)
    common = 0
    if mark is not None and not newer and mark.game() is game and mark.game_id == game_id and found:
        common = min(len(steps), len(mark.steps))
        while common and steps[common - 1] is not mark.steps[common - 1]:
            common -= 1
        connection.execute("DELETE FROM steps WHERE rules = ? AND n >= ?", (key, common))
    else:
        start = {**game.to_record(), "done": [], "undone": [], "move_count": 0}
        connection.execute("DELETE FROM unfinished WHERE rules = ?", (key,))
        connection.execute(f"INSERT INTO unfinished({COLUMNS}) VALUES (?, ?, ?, 0, 0, 0, 0, 0, NULL, NULL, "
                           "NULL, ?)",
                           (key, game_id, msgspec.json.encode(start), found[1] + 1 if found else 0))
    connection.executemany("INSERT INTO steps(rules, n, moves) VALUES (?, ?, ?)", (
        (key, number, msgspec.json.encode([format_move(move) for move in step.moves]).decode())
        for number, step in enumerate(steps[common:], start=common)))
    connection.execute(
        "UPDATE unfinished SET done = ?, move_count = ?, elapsed = ?, hints = ?, helped = ?, daily = ?, "
        "par = ?, grade = ?, generation = generation + 1 WHERE rules = ?",
        (len(game.done), game.move_count, clamp_seconds(saved.elapsed), saved.hints_used, saved.helped,
         saved.daily.isoformat() if saved.daily else None, saved.par, saved.grade, key))
    generation = connection.execute("SELECT generation FROM unfinished WHERE rules = ?", (key,)).fetchone()[0]
    return Mark(weakref.ref(game), game_id, steps, generation), newer


def load(connection: sqlite3.Connection, key: str) -> tuple[SavedGame, Mark, str | None, list[str]] | None:
    """The kind's unfinished game, its mark, why its history ends early (None: it does not),
    and the words for each value of its row reset to be within bounds (`bound_unfinished`);
    None when there is none. Raises BadContent when the row does not load."""
    row = connection.execute(f"SELECT {COLUMNS} FROM unfinished WHERE rules = ?", (key,)).fetchone()
    if row is None:
        return None
    values = dict(zip(COLUMNS.split(", "), row, strict=True))
    try:
        start = values["start"]
        record = decode(start if isinstance(start, bytes) else str(start).encode(), GameRecord)
        game = Game.from_record(msgspec.to_builtins(record))
    except Exception as error:  # the core's replay, whatever it raises
        raise BadContent(str(error)) from None
    if game.rules.name != key:
        raise BadContent(_("it holds a game of another kind"))
    problem, stray = None, []
    for number, moves in connection.execute("SELECT n, moves FROM steps WHERE rules = ? ORDER BY n", (key,)):
        if type(number) is not int or number < 0:  # no save writes it: read around, and kept apart
            stray = [_("a stray step (kept apart)")]
            continue
        try:
            if number != len(game.done):
                raise ValueError(_("a step is missing"))
            game.replay_step(msgspec.json.decode(moves, type=list[str]))
        except Exception as error:  # a damaged step, or moves that no longer replay
            problem = str(error)
            break
    played = len(game.done)
    resets = bound_unfinished(values, played) + stray
    if problem is None and values["done"] > played:
        problem = _("a step is missing")
    for _undo in range(max(0, played - values["done"])):
        game.undo()
    game.move_count = values["move_count"] if problem is None else played
    day = date.fromisoformat(values["daily"]) if values["daily"] is not None else None
    saved = SavedGame(game, float(values["elapsed"]), bool(values["hints"]), values["id"], day, values["par"],
                      values["grade"], bool(values["helped"]))
    return saved, Mark(weakref.ref(game), values["id"], history(game), values["generation"]), problem, resets


def set_aside(connection: sqlite3.Connection, key: str, reason: str, remove: bool) -> None:
    """Copy a kind's rows into `kept`, and remove them when `remove` (its steps go with it)."""
    keep(connection, "unfinished", reason, "unfinished", "rules = ?", (key,))
    keep(connection, "step", reason, "steps", "rules = ?", (key,))
    if remove:
        connection.execute("DELETE FROM unfinished WHERE rules = ?", (key,))
