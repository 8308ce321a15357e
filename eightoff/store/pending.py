"""Finished games the database has not taken yet (its lock held, a full disk), kept in a
pending file of each window's own beside it (`pending-games-<token>.jsonl`) in the lines
`stats --export` writes, so that a window closed or killed meanwhile loses none: the next start
adds them (docs/storage.md, "Pending games").
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
import uuid
from collections.abc import Iterable
from pathlib import Path

from eightoff.store.files import StoreFiles, atomic_write
from eightoff.store.instance import InstanceLock
from eightoff.userfiles.aside import stamp
from eightoff.userfiles.reading import kind_of

FILE = "pending-games.jsonl"
"""The one pending file of earlier versions, which every window wrote: still added at start."""
OWN = "pending-games-"
"""The start of the name of a window's own pending file (then a token, then `.jsonl`)."""
ELSEWHERE = "eightoff-unsaved-games-"
"""The start of the name of a file of waiting games kept outside the data folder."""
ELSEWHERE_LOCK = "unsaved-games.lock"
"""Held (`flock`, in the data folder) by the one start adding the files left elsewhere for it:
two starts at once both added a file, and the one that found it kept aside by the other said it
was left as it is."""
LOCK_PATIENCE = 0.05
"""Seconds a window waits for its own pending lock: only a start clearing the locks left by
killed windows takes it, for the moment it takes to remove it."""


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


def own_file(folder: Path) -> Path:
    """A pending file no other process writes: two windows whose games wait at once then never
    replace each other's lines, and the one whose games go into the database removes only its
    own file."""
    return folder / f"{OWN}{uuid.uuid4().hex[:16]}.jsonl"


def left_here(folder: Path, own: Path) -> list[Path]:
    """The pending files beside the database other than `own`: an earlier version's, and those
    of other windows, closed, killed or still open."""
    found = []
    with contextlib.suppress(OSError):
        found = sorted(path for path in folder.glob(f"{OWN}*.jsonl") if path != own)
    earlier = folder / FILE
    return [earlier, *found] if os.path.lexists(earlier) else found


def lock_of(path: Path) -> InstanceLock:
    """The lock a window holds while its pending file may still be written (`pending-games-
    <token>.lock`): a start adds only the files of windows no longer running, so a game that
    waits in an open window is written by that window and never said to be left by a close."""
    return InstanceLock(path.with_suffix(".lock"))


def clear_left_locks(folder: Path, own: Path) -> None:
    """Remove the pending locks with no pending file beside them, left by windows killed
    between taking their lock and writing their file: each only once taken here, so the lock of
    a live window whose game waits unwritten (a full disk) is never removed; a window that opened
    one just as it was removed takes a new one (`InstanceLock.take`)."""
    with contextlib.suppress(OSError):
        for path in sorted(folder.glob(f"{Path(FILE).stem}*.lock")):
            if path == lock_of(own).path or os.path.lexists(path.with_suffix(".jsonl")):
                continue
            lock = InstanceLock(path)
            if lock.take() and lock.held and not os.path.lexists(path.with_suffix(".jsonl")):
                let_go(lock)
            lock.release()


def let_go(lock: InstanceLock) -> None:
    """Remove a pending file's lock, then release it: its file is written no more."""
    with contextlib.suppress(OSError):
        os.unlink(lock.path)
    lock.release()


def claim(path: Path) -> Path | None:
    """Take a pending file over before adding its games (its lock held): renamed to a new name
    of its own, so that its window, should it write again (a store used after its close), writes
    a new file, not into the one this process removes once its games are in. None: gone already
    (its window wrote its games and removed it). One that is not a regular file, or cannot be
    renamed, is read where it is (a bad one is then kept aside under its own name)."""
    try:
        if kind_of(os.lstat(path).st_mode) is not None:
            return path
        taken = own_file(path.parent)
        os.rename(path, taken)
    except FileNotFoundError:
        return None
    except OSError:
        return path
    return taken


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
