"""The player's folders made private and cleared of our own leftovers, once at start.

Private: the folders 0700 and the files in them 0600, whatever the umask and whatever an older
version made, since they hold the player's games. Leftovers: a write is a temporary file renamed
over the real one, and a process killed between the two leaves the temporary file behind; one
of our own naming older than `STALE_SECONDS` belongs to no write still going on (another window
writes its own in milliseconds), so it is removed. Nothing else in the folders is touched.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import time
from pathlib import Path

from eightoff.userfiles.dirs import StoreDirs, private_folder

STALE_SECONDS = 60.0
"""Age of a temporary file of ours past which no write can still be making it."""
OUR_TEMPORARY = re.compile(r"\A\.(?:[\w.-]+\.[\w]{8}\.tmp|faces-[\w]{8}\.part|part-[\w]{8}\.(?:png|json))\Z")
"""The names `tempfile.mkstemp` gives our atomic writes (`.<file>.<8 characters>.tmp`), the
card-picture cache (`.faces-<8 characters>.part`) and the card themes' drawings in the cache's
own folder (`.part-<8 characters>.png` or `.json`; the drawing process clears that folder,
eightoff.themes.kept, so that no start lists it)."""


def folders(dirs: StoreDirs) -> list[Path]:
    return [dirs.user_config_path, dirs.user_data_path, dirs.user_state_path, dirs.user_cache_path]


def tidy(dirs: StoreDirs, now: float | None = None) -> list[Path]:
    """Make each folder private (created if missing) and clear it of stale leftovers; the
    leftovers removed. Never raises: a folder that cannot be changed is left as it is."""
    now = time.time() if now is None else now
    removed = []
    for folder in folders(dirs):
        private_folder(folder)
        removed += tidy_folder(folder, now)
    return removed


def tidy_folder(folder: Path, now: float) -> list[Path]:
    """The leftovers removed from `folder` (its files; a folder in it is left alone), made
    private."""
    mine = _mine(folder)
    if mine is None or not stat.S_ISDIR(mine.st_mode):
        return []
    with contextlib.suppress(OSError):
        if stat.S_IMODE(mine.st_mode) != 0o700:
            os.chmod(folder, 0o700)
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return []
    removed = []
    for entry in entries:
        removed += _tidy_file(Path(entry.path), now)
    return removed


def _mine(path: Path) -> os.stat_result | None:
    """The folder's or file's status when it is this user's own (not a link), else None."""
    try:
        found = os.lstat(path)
    except OSError:
        return None
    owner = os.geteuid() if hasattr(os, "geteuid") else found.st_uid
    return found if found.st_uid == owner and not stat.S_ISLNK(found.st_mode) else None


def _tidy_file(path: Path, now: float) -> list[Path]:
    """[path] when it was a stale leftover and is removed; a file of ours made 0600."""
    found = _mine(path)
    if found is None or not stat.S_ISREG(found.st_mode):
        return []
    if OUR_TEMPORARY.match(path.name) and now - found.st_mtime > STALE_SECONDS:
        with contextlib.suppress(OSError):
            os.unlink(path)
            return [path]
        return []
    if stat.S_IMODE(found.st_mode) & 0o177:
        with contextlib.suppress(OSError):
            os.chmod(path, 0o600)
    return []
