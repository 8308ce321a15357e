"""Which window owns the unfinished game when two are open on one player's files, whose turn
it is to merge the preferences, and whether a process is the database's only opener: an OS
lock (flock, or msvcrt.locking on Windows, which has no shared locks) held until the window
closes, which the OS drops when the process dies, even by SIGKILL, so a crash never leaves a
stale lock. Why not filelock: docs/notes.md, `eightoff.store.instance`."""

from __future__ import annotations

import contextlib
import errno
import os
import sys
import time
from pathlib import Path

if sys.platform == "win32":
    import msvcrt
else:
    import fcntl

from eightoff.userfiles.aside import aside_path
from eightoff.userfiles.dirs import private_folder
from eightoff.userfiles.identity import identity
from eightoff.userfiles.reading import kind_of

LOCK_FILE = "instance.lock"
PREFERENCES_LOCK = "preferences.lock"
OPENERS_LOCK = "games.db.lock"
SHARED_LOCKS = sys.platform != "win32"
"""Whether a lock can be held shared here, so that a process can know it is the only holder."""
HELD_ELSEWHERE = (errno.EAGAIN, errno.EWOULDBLOCK, errno.EACCES, getattr(errno, "EDEADLOCK", errno.EDEADLK))
"""The lock calls' answers when another process holds it; any other: the folder holds no lock."""


class InstanceLock:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._descriptor: int | None = None

    @property
    def held(self) -> bool:
        """Whether this process holds the lock (not only "the folder holds none")."""
        return self._descriptor is not None

    def take(self, shared: bool = False) -> bool:
        """True when this window is the first, or one of those that hold it `shared` (or the
        folder cannot hold a lock at all, where nothing can be saved either); False when
        another process holds it. Never waits. A lock file removed between its opening and its
        locking (a start clearing a pending lock no window held: `pending.clear_left_locks`)
        names nothing any more, and a lock on it keeps no one out: it is opened again."""
        for _attempt in range(3):
            taken = self._take_once(shared)
            if taken is not None:
                return taken
        return False

    def _take_once(self, shared: bool) -> bool | None:
        """`take`, once; None when the file locked is no longer the one under the name."""
        if self._descriptor is not None:
            return True
        with contextlib.suppress(OSError):
            private_folder(self.path.parent)
            if kind_of(os.lstat(self.path).st_mode) is not None:
                os.rename(self.path, aside_path(self.path))  # a link or pipe in its place: never follow it
        try:
            descriptor = os.open(self.path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o600)
        except OSError:
            return True
        try:
            if sys.platform == "win32":
                if not shared:  # msvcrt has no shared locks: a shared holder holds none there
                    msvcrt.locking(descriptor, msvcrt.LK_NBLCK, 1)
            else:
                fcntl.flock(descriptor, (fcntl.LOCK_SH if shared else fcntl.LOCK_EX) | fcntl.LOCK_NB)
        except OSError as error:
            os.close(descriptor)
            return error.errno not in HELD_ELSEWHERE
        if SHARED_LOCKS and identity(descriptor) != identity(self.path):  # removed meanwhile
            os.close(descriptor)
            return None
        self._descriptor = descriptor
        return True

    def wait(self, patience: float, shared: bool = False) -> bool:
        """Take the lock, trying for up to `patience` seconds; whether it was taken (the caller
        decides whether to go on without it)."""
        deadline = time.monotonic() + patience
        while not self.take(shared):
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.01)
        return True

    def release(self) -> None:
        """Closing the file drops the lock (both systems)."""
        if self._descriptor is not None:
            with contextlib.suppress(OSError):
                os.close(self._descriptor)
            self._descriptor = None
