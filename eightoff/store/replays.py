"""The moves of finished games, so one picked from the Statistics dialog can be watched again.

Each finished game's history goes into `replays/<game id>.json` beside the log (the unfinished
game's format: the core's record). The log's lines stay small, so a million of them still read
in a second; only the newest KEPT games keep their moves, the oldest files removed as new ones
come. A missing or damaged file means that game cannot be watched, with a notice; never a crash.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import msgspec

from eightoff.core.game import Game
from eightoff.core.i18n import _
from eightoff.store.files import StoreFiles
from eightoff.store.schema import BadContent, GameRecord, decode
from eightoff.userfiles.reading import DOCUMENT_LIMIT

FOLDER = "replays"
KEPT = 200
"""Finished games whose moves are kept: far more than the dialog lists."""
SAFE_ID = re.compile(r"[0-9A-Za-z-]{1,64}")


def what() -> str:
    return _("moves of a finished game")


class Replays:
    def __init__(self, folder: Path, files: StoreFiles) -> None:
        self.folder = folder
        self.files = files

    def path(self, game_id: str) -> Path | None:
        """Where a game's moves are kept; None for an id that is not a plain file name."""
        return self.folder / f"{game_id}.json" if SAFE_ID.fullmatch(game_id) else None

    def keep(self, game_id: str, game: Game) -> None:
        """Write the finished game's moves (not fsynced: losing them loses no statistics), then
        remove the oldest beyond KEPT."""
        path = self.path(game_id)
        if path is None:
            return
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            return  # the log itself says what is wrong with the folder
        if not self.files.write(path, what(), msgspec.json.encode(game.to_record()), durable=False):
            return
        self.prune()

    def prune(self) -> None:
        try:
            kept = sorted(self.folder.glob("*.json"), key=lambda each: each.stat().st_mtime_ns)
        except OSError:
            return
        for old in kept[:-KEPT]:
            self.files.remove(old, what())

    def load(self, game_id: str | None) -> Game | None:
        """The finished game with its history as it ended; None (with a notice for a damaged
        file) when its moves are not kept."""
        path = self.path(game_id) if game_id is not None else None
        if path is None or not os.path.exists(path):
            return None
        consequence = _("that game cannot be watched again")
        raw = self.files.read(path, what(), DOCUMENT_LIMIT, consequence)
        if raw is None:
            return None
        try:
            decode(raw, GameRecord)  # the bounds; the options it does not name are read below
            return Game.from_record(msgspec.json.decode(raw))
        except BadContent as error:
            reason = str(error)
        except Exception as error:  # the core's replay of moves that are not legal, whatever it raises
            reason = _("its moves do not replay: {detail}").format(detail=error)
        self.files.set_aside(path, what(), reason, consequence)
        return None
