"""Finished games waiting to go into the log: one small file per game, `pending-games/<id>.json`.

A game's outcome goes here when the log cannot take it at once (another process holds the
log's lock, a suspended `eightoff stats` say), so the window never waits and a kill loses
nothing: each file is written atomically and fsynced before the call returns. Whoever next
holds the log's lock moves the waiting lines into it and then removes their files; a crash in
between leaves a line in both, which the statistics count once (by the game's id).
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from eightoff.store.files import atomic_write, fsync_folder
from eightoff.userfiles.reading import MISSING_ERRORS, BadFile, Unreadable, read_regular

FOLDER = "pending-games"
LIMIT = 64 << 10
"""Bytes of one waiting line: a line of the log is far smaller."""


class Journal:
    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def add(self, game_id: str, line: bytes) -> bool:
        """Keep `line` (one JSON line, without its newline) durably; False when it cannot be
        written (the caller keeps it in memory and tries again)."""
        try:
            atomic_write(self.folder / f"{game_id}.json", line)
        except OSError:
            return False
        fsync_folder(self.folder)
        return True

    def waiting(self) -> list[tuple[Path, bytes]]:
        """The waiting lines and their files, oldest first. Files that are not regular, too
        large or unreadable are left where they are for the player to look at."""
        try:
            names = sorted(os.scandir(self.folder), key=_modified)
        except (*MISSING_ERRORS, OSError):
            return []
        found = []
        for entry in names:
            if not entry.name.endswith(".json") or entry.name.startswith("."):
                continue
            path = Path(entry.path)
            with contextlib.suppress(BadFile, Unreadable):
                data = read_regular(path, LIMIT)
                if data is not None and data.strip() and b"\n" not in data.strip():
                    found.append((path, data.strip()))
        return found

    def remove(self, paths: list[Path]) -> None:
        for path in paths:
            with contextlib.suppress(OSError):
                path.unlink()
        if paths:
            fsync_folder(self.folder)


def _modified(entry: os.DirEntry[str]) -> tuple[float, str]:
    try:
        return entry.stat(follow_symlinks=False).st_mtime, entry.name
    except OSError:
        return 0.0, entry.name
