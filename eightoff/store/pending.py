"""Finished games the database has not taken yet (its lock held, a full disk), kept in
`pending-games.jsonl` beside it in the lines `stats --export` writes, so that a window closed or
killed meanwhile loses none: the next start adds them (docs/storage.md, "Pending games").
When even that file cannot be written (a full disk) and a stop signal leaves nobody to ask, the
lines go to a file of their own in the home or temporary folder, named after the data folder
they belong to, so that the next start of that data folder finds and adds them too.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path

from eightoff.store.files import StoreFiles, atomic_write
from eightoff.userfiles.aside import stamp

FILE = "pending-games.jsonl"
ELSEWHERE = "eightoff-unsaved-games-"
"""The start of the name of a file of waiting games kept outside the data folder."""


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


def forget(path: Path) -> None:
    """The pending games are in the database: the file has done its work."""
    with contextlib.suppress(OSError):
        os.unlink(path)


def folders_elsewhere() -> list[Path]:
    """Where waiting games go when the data folder takes nothing: the home folder, then the
    system's temporary folder."""
    try:
        return [Path.home(), Path(tempfile.gettempdir())]
    except (RuntimeError, KeyError):  # no home folder known
        return [Path(tempfile.gettempdir())]


def data_tag(data_folder: Path) -> str:
    """A short name for the data folder, ending the names of the files left for it elsewhere:
    another data folder (EIGHTOFF_HOME) never adds them."""
    return hashlib.sha256(os.fsencode(data_folder.absolute())).hexdigest()[:12]


def save_elsewhere(lines: list[bytes], data_folder: Path | None = None) -> Path | None:
    """The lines as a new file `eightoff-unsaved-games-<time>.jsonl` in the first of
    `folders_elsewhere` that takes it; None when none does. With `data_folder`, the name ends
    with its tag, for that folder's next start to add (a file the player asked for is theirs)."""
    name = f"{ELSEWHERE}{stamp()}" + (f"-{data_tag(data_folder)}" if data_folder else "") + ".jsonl"
    for folder in folders_elsewhere():
        with contextlib.suppress(OSError):  # a full disk: the next folder
            atomic_write(folder / name, b"".join(line + b"\n" for line in lines))
            return folder / name
    return None


def left_elsewhere(data_folder: Path) -> list[Path]:
    """The files a stop signal left elsewhere for this data folder, oldest first: regular
    files of this user only (the temporary folder is everyone's)."""
    found = []
    for folder in folders_elsewhere():
        with contextlib.suppress(OSError):
            for path in folder.glob(f"{ELSEWHERE}*-{data_tag(data_folder)}.jsonl"):
                with contextlib.suppress(OSError):
                    status = os.lstat(path)
                    if stat.S_ISREG(status.st_mode) and status.st_uid == getattr(os, "getuid", lambda: 0)():
                        found.append(path)
    return sorted(set(found), key=lambda path: path.name)
