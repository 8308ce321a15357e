"""Finished games the database has not taken yet (its lock held, a full disk), kept in
`pending-games.jsonl` beside it in the lines `stats --export` writes, so that a window closed or
killed meanwhile loses none: the next start adds them (docs/storage.md, "Pending games").
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path

from eightoff.store.files import StoreFiles, atomic_write, stamp
from eightoff.userfiles.reading import DOCUMENT_LIMIT, BadFile, Unreadable, read_regular

FILE = "pending-games.jsonl"


def keep(files: StoreFiles, path: Path, lines: Iterable[bytes]) -> bool:
    """Write the waiting games' lines as the pending file; False when it could not be written
    (no notice: the database's own failure has been told)."""
    if path in files.hands_off:
        return False
    try:
        atomic_write(path, b"".join(line + b"\n" for line in lines))
    except OSError:
        return False
    return True


def take(path: Path) -> bytes | None:
    """The pending file's lines, or None when there is none that reads (a bad one stays put,
    for the next start to try again: its games are worth more than the space)."""
    try:
        return read_regular(path, DOCUMENT_LIMIT)
    except (BadFile, Unreadable):
        return None


def forget(path: Path) -> None:
    """The pending games are in the database: the file has done its work."""
    with contextlib.suppress(OSError):
        os.unlink(path)


def save_elsewhere(lines: list[bytes], folders: Iterable[Path]) -> Path | None:
    """The lines as a new file `eightoff-unsaved-games-<time>.jsonl` in the first of `folders`
    (then the system's temporary folder) that takes it; None when none does."""
    name = f"eightoff-unsaved-games-{stamp()}.jsonl"
    for folder in [*folders, Path(tempfile.gettempdir())]:
        with contextlib.suppress(OSError):  # a full disk: the next folder
            atomic_write(folder / name, b"".join(line + b"\n" for line in lines))
            return folder / name
    return None
