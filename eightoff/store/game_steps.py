"""The unfinished game saved a step at a time, so each move costs the same however long the game.

The game's file (`unfinished-game.json`) holds its start only, and names a steps file beside it
(`unfinished-game.json.<token>.steps`): one JSON line per change, appended and fsynced (a step
played, undone or redone, or only the clock moved on), each with the move count, the clock and
the hints flag. Rewriting the whole history at every move took a second a move at 300,000 steps,
and a 400,000-step history grew past what the next start would read.

A change the lines cannot say (several undos between two saves, say) starts a new steps file
under a new token holding the whole history, then rewrites the game's file to name it, then
removes the old one: a kill at any moment leaves a game's file and the steps file it names.
Lines of another token, and anything after a damaged or torn line, are ignored.
"""

from __future__ import annotations

import contextlib
import os
import uuid
import weakref
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import msgspec
from msgspec import Struct

from eightoff.core.game import Game, Step
from eightoff.core.limits import clamp_seconds
from eightoff.core.notation import format_move
from eightoff.store.files import fsync_folder
from eightoff.store.schema import Count, Seconds
from eightoff.store.schema import Step as StepLines
from eightoff.userfiles.reading import READ_FLAGS, kind_of

CHUNK = 1 << 20
LONGEST_LINE = 64 << 10
"""Bytes of one line at most (a step of 500 moves of 100 characters is less)."""


Kind = Literal["play", "undo", "redo", "clock"]
Changes = list[tuple[Kind, "Step | None"]]


class Change(Struct, kw_only=True, omit_defaults=True):
    token: str
    change: Kind
    moves: StepLines | None = None
    count: Count
    elapsed: Seconds
    hints: bool = False


@dataclass
class Mark:
    """How far a game's steps file goes: the game object, and its history's ends as written."""

    game: weakref.ref[Game]
    game_id: str
    token: str
    done: int
    top: Step | None
    undone: int
    undone_top: Step | None


def steps_path(game_path: Path, token: str) -> Path:
    return game_path.with_name(f"{game_path.name}.{token}.steps")


def new_token() -> str:
    return uuid.uuid4().hex


def mark(game: Game, game_id: str, token: str) -> Mark:
    return Mark(weakref.ref(game), game_id, token, len(game.done), game.done[-1] if game.done else None,
                len(game.undone), game.undone[-1] if game.undone else None)


def changes_since(previous: Mark, game: Game) -> Changes | None:
    """The changes that take the history written (`previous`) to `game`'s, or None when they
    cannot be told from the two ends (then the whole history is written again)."""
    done, undone = len(game.done), len(game.undone)
    if previous.done and (previous.done > done or game.done[previous.done - 1] is not previous.top):
        if done == previous.done - 1 and undone == previous.undone + 1 and game.undone[-1] is previous.top:
            return [("undo", None)]
        return None
    if done == previous.done and undone == previous.undone:
        return [("clock", None)]
    if done == previous.done + 1 and undone == previous.undone - 1 and game.done[-1] is previous.undone_top:
        return [("redo", None)]
    if undone == 0 and done > previous.done:
        return [("play", step) for step in game.done[previous.done:]]
    return None


def lines_of(changes: Changes, token: str, game: Game, elapsed: float,
             hints_used: bool) -> bytes:
    seconds = clamp_seconds(elapsed)
    return b"".join(msgspec.json.encode(Change(
        token=token, change=change, count=game.move_count, elapsed=seconds, hints=hints_used,
        moves=[format_move(move) for move in step.moves] if step is not None else None)) + b"\n"
        for change, step in changes)


def whole_history(game: Game) -> Changes:
    """Every step as played from the start, then the redo tail played and undone again."""
    redo = list(reversed(game.undone))
    undo: Changes = [("undo", None)] * len(redo)
    return [("play", step) for step in [*game.done, *redo]] + undo


def append(path: Path, data: bytes) -> None:
    """Add lines durably (raises OSError; a part written is cut off again)."""
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
    descriptor = os.open(path, flags, 0o600)
    try:
        size = os.fstat(descriptor).st_size
        try:
            if os.write(descriptor, data) != len(data):
                raise OSError(28, os.strerror(28))
            os.fsync(descriptor)
        except OSError:
            with contextlib.suppress(OSError):
                os.ftruncate(descriptor, size)
            raise
    finally:
        os.close(descriptor)


def replay(game: Game, path: Path, token: str) -> tuple[float, bool] | None:
    """Make the changes of the steps file `path` on `game` (resumed from the game's file), up
    to the first line that is damaged, torn or does not replay; the clock and hints flag of the
    last change made, or None when there was none."""
    decoder = msgspec.json.Decoder(Change)
    last = None
    for line in _lines(path):
        try:
            change = decoder.decode(line)
            if change.token != token:
                continue
            _make(game, change)
        except (ValueError, KeyError, RecursionError):  # a damaged line, or moves that no longer replay
            break
        game.move_count = change.count
        last = (change.elapsed, change.hints)
    return last


def _make(game: Game, change: Change) -> None:
    if change.change == "play":
        if not change.moves:
            raise ValueError("a step without moves")
        game.replay_step(change.moves)
    elif change.change == "undo" and game.undo() is None:
        raise ValueError("nothing to undo")
    elif change.change == "redo" and game.redo() is None:
        raise ValueError("nothing to redo")


def _lines(path: Path) -> list[bytes]:
    """The complete lines of a regular file (a torn last line left out); none when it is
    missing, not a regular file, or unreadable."""
    try:
        descriptor = os.open(path, READ_FLAGS)
    except OSError:
        return []
    try:
        if kind_of(os.fstat(descriptor).st_mode) is not None:
            return []
        lines: list[bytes] = []
        rest = b""
        while chunk := os.read(descriptor, CHUNK):
            pieces = (rest + chunk).split(b"\n")
            rest = pieces.pop()
            if len(rest) > LONGEST_LINE:
                break
            lines.extend(pieces)
        return lines
    except OSError:
        return []
    finally:
        os.close(descriptor)


def remove_all_but(game_path: Path, token: str | None) -> None:
    """Remove the steps files of `game_path` other than `token`'s."""
    for path in game_path.parent.glob(f"{game_path.name}.*.steps"):
        if token is None or path != steps_path(game_path, token):
            with contextlib.suppress(OSError):
                path.unlink()
    fsync_folder(game_path.parent)
