"""The one-time move of the files older versions kept into games.db.

Older versions kept the finished games in a JSON-lines log (`games.jsonl`, with a lock file, a
summary and its ids), games waiting for the log in `pending-games/`, the moves of the newest
games in `replays/`, and each kind's unfinished game in `unfinished-game*.json` with its steps
in `*.steps` files. `migrate` reads them all into the database in one transaction, so a crash
midway leaves nothing half-done: the next start, finding the old files still there, does it
again. Only then are the old files moved, untouched, into one folder (`FOLDER`) beside the
database, and the player is told, once. An old file found later (an older version run since)
is read in the same way: games are added once by their id, and an unfinished game only where
its kind has none.
"""

from __future__ import annotations

import contextlib
import io
import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import IO, NamedTuple

import msgspec

from eightoff.core.game import Game
from eightoff.core.i18n import _
from eightoff.core.variants import DEFAULT_KEY
from eightoff.store import saved_game, unfinished
from eightoff.store.database import KEPT_MOVES
from eightoff.store.files import shown
from eightoff.store.schema import BadContent, GameRecord, decode
from eightoff.userfiles.dirs import StoreDirs, private_folder
from eightoff.userfiles.reading import DOCUMENT_LIMIT, READ_FLAGS, BadFile, Unreadable, kind_of, read_regular

FOLDER = "kept-from-before-games-db"
LOG, SUMMARY, IDS, PENDING, REPLAYS = ("games.jsonl", "games-summary.json", "games-summary.ids",
                                       "pending-games", "replays")


class Change(msgspec.Struct, kw_only=True):
    """A line of an old steps file."""

    token: str
    change: str
    moves: list[str] | None = None
    count: int
    elapsed: float
    hints: bool = False


def old_files(dirs: StoreDirs) -> list[Path]:
    """The old files and folders present."""
    data, state = dirs.user_data_path, dirs.user_state_path
    found = [data / name for name in (LOG, LOG + ".lock", SUMMARY, IDS, PENDING, REPLAYS)]
    found.append(dirs.user_config_path / "preferences.lock")
    with contextlib.suppress(OSError):
        found += sorted(path for path in state.iterdir() if path.name.startswith("unfinished-game"))
    return [path for path in found if os.path.lexists(path)]


class Problem(NamedTuple):
    """An old file that could not be read, for the player: which, what it held, why, and what
    the program does instead."""

    path: Path
    what: str
    reason: str
    consequence: str


def migrate(connection: sqlite3.Connection, dirs: StoreDirs) -> tuple[list[Problem], int, int]:
    """Read the old files into the database (in the caller's transaction): the files that could
    not be read (the log, an unfinished game, its steps); the log's lines skipped; its lines of
    a newer version."""
    from eightoff.store import finished  # here, for start-up cost: only a migration needs it

    data = dirs.user_data_path
    skipped = newer = 0
    sources: list[IO[bytes]] = []
    problems = []
    log = open_regular(data / LOG)
    if log is not None:
        sources.append(log)
    elif os.path.lexists(data / LOG):
        problems.append(Problem(data / LOG, _("record of finished games"), why_not(data / LOG),
                                _("its games are not counted")))
    sources.append(io.BytesIO(b"\n".join(_pending(data / PENDING))))
    for source in sources:
        with source:
            lines = finished.Lines(source)
            finished.add_lines(connection, lines)
            skipped, newer = skipped + lines.skipped, newer + lines.newer
    connection.executemany("INSERT OR REPLACE INTO facts VALUES (?, ?)",
                           (("skipped", skipped), ("newer", newer)))
    _replays(connection, data / REPLAYS)
    for path in old_files(dirs):
        if path.name.endswith(".json") and path.parent == dirs.user_state_path:
            problems += _unfinished(connection, path)
    finished.count_new(connection)
    return problems, skipped, newer


LONGEST_LINE = 64 << 10
"""Bytes of a waiting game's line at most (as `finished.LONGEST_LINE`)."""


def why_not(path: Path) -> str:
    """Why `open_regular` gave nothing for a path that is there."""
    try:
        return kind_of(os.lstat(path).st_mode) or _("it cannot be read")
    except OSError as error:
        return error.strerror or str(error)


def open_regular(path: Path) -> IO[bytes] | None:
    """`path` open for reading when it is a regular file (never a link, a pipe or a device)."""
    try:
        descriptor = os.open(path, READ_FLAGS)
    except OSError:
        return None
    try:
        if kind_of(os.fstat(descriptor).st_mode) is None:
            return os.fdopen(descriptor, "rb", buffering=0)
    except OSError:
        pass
    os.close(descriptor)
    return None


def _pending(folder: Path) -> Iterator[bytes]:
    with contextlib.suppress(OSError):
        for path in sorted(folder.iterdir()):
            with contextlib.suppress(BadFile, Unreadable):
                line = read_regular(path, LONGEST_LINE)
                if line is not None:
                    yield line.strip()


def _replays(connection: sqlite3.Connection, folder: Path) -> None:
    with contextlib.suppress(OSError):
        for path in sorted(folder.glob("*.json"), key=lambda each: each.stat().st_mtime_ns)[-KEPT_MOVES:]:
            with contextlib.suppress(BadFile, Unreadable, BadContent):
                raw = read_regular(path, DOCUMENT_LIMIT)
                if raw is not None:
                    decode(raw, GameRecord)
                    connection.execute("INSERT OR IGNORE INTO moves SELECT seq, ? FROM games WHERE id = ?",
                                       (raw, path.stem))


def _unfinished(connection: sqlite3.Connection, path: Path) -> list[Problem]:
    """One kind's old unfinished game with its steps; what of them could not be read (it then
    stays in the folder of old files, as it would have been set aside)."""
    try:
        raw = read_regular(path, DOCUMENT_LIMIT)
        if raw is None:
            return []
        saved, token = saved_game.decode_saved(raw)
        if saved.game.rules.name != (path.stem.removeprefix("unfinished-game-") if "-game-" in path.stem
                                     else DEFAULT_KEY):
            raise BadContent(_("it holds a game of another kind"))
    except (BadFile, Unreadable, BadContent) as error:
        return [Problem(path, saved_game.what(), str(error), _("a new game is dealt"))]
    problems = []
    if token is not None:
        steps = path.with_name(f"{path.name}.{token}.steps")
        clock, problem = _replay_steps(saved.game, steps, token)
        if clock is not None:
            saved = saved_game.SavedGame(saved.game, clock[0], clock[1], saved.game_id)
        if problem is not None:
            resumes = _("the game resumes at move {count}").format(count=saved.game.move_count)
            problems.append(Problem(steps, saved_game.what(), problem, resumes))
    key = saved.game.rules.name
    if connection.execute("SELECT 1 FROM unfinished WHERE rules = ?", (key,)).fetchone() is None:
        unfinished.save(connection, saved, None)
    return problems


def kept_path(dirs: StoreDirs, path: Path) -> Path:
    """Where `move_aside` keeps an old file: under FOLDER, by its folder and name (numbered when
    that is taken, so a file found later never replaces one kept before)."""
    target = dirs.user_data_path / FOLDER / path.parent.name / path.name
    number = 1
    while os.path.lexists(target):
        number += 1
        target = target.with_name(f"{path.name}.{number}")
    return target


def _replay_steps(game: Game, path: Path, token: str) -> tuple[tuple[float, bool] | None, str | None]:
    """The old steps file's changes made on `game`, up to the first bad one: its last clock, and
    why the history ends early (None: it does not)."""
    decoder = msgspec.json.Decoder(Change)
    last = None
    from eightoff.store.finished import Lines  # here, for start-up cost: only a migration needs it

    file = open_regular(path)
    if file is None:
        return None, why_not(path) if os.path.lexists(path) else None
    try:
        with file:
            for line in Lines(file).raw_lines():  # the same bounded reading
                change = decoder.decode(line)
                if change.token != token:
                    continue
                if change.change == "play":
                    game.replay_step(change.moves or [])
                elif change.change in ("undo", "redo") and getattr(game, change.change)() is None:
                    break
                game.move_count = change.count
                last = (change.elapsed, change.hints)
    except Exception as error:  # a damaged line or moves that no longer replay end the history there
        return last, str(error) or type(error).__name__
    return last, None


def move_aside(dirs: StoreDirs) -> str | None:
    """Move the old files into FOLDER; the sentence for the player, or None when none were."""
    found = old_files(dirs)
    if not found:
        return None
    folder = dirs.user_data_path / FOLDER
    moved = 0
    for path in found:
        target = kept_path(dirs, path)
        with contextlib.suppress(OSError):
            private_folder(target.parent)
            os.rename(path, target)
            moved += 1
    if not moved:
        return None
    return _("Your games and unfinished games are now kept in one database; the files they were kept in "
             "before were moved, as they were, into {folder}.").format(folder=shown(folder))
