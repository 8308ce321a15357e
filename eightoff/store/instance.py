"""Which window owns the unfinished game when two are open on one player's files, and whose
turn it is to merge the preferences.

The first window takes an OS lock (flock on POSIX, msvcrt.locking on Windows) on
`instance.lock` in the state folder and holds it until it closes; the OS drops it when the
process dies, even by SIGKILL, so a crash never leaves a stale lock behind. A second window
fails to take it without waiting and then leaves the first one's unfinished game alone.

The longer reasons: docs/notes.md, `eightoff.store.instance`."""

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

from eightoff.store.files import aside_path
from eightoff.userfiles.dirs import private_folder
from eightoff.userfiles.reading import kind_of

LOCK_FILE = "instance.lock"
PREFERENCES_LOCK = "preferences.lock"
HELD_ELSEWHERE = (errno.EAGAIN, errno.EWOULDBLOCK, errno.EACCES, getattr(errno, "EDEADLOCK", errno.EDEADLK))
"""What the lock calls answer when another process holds the lock (Windows: EACCES or
EDEADLOCK); any other error means the folder cannot hold a lock at all."""


def lock_now(descriptor: int) -> None:
    """Take the lock on the open file without waiting; OSError if it cannot be taken."""
    if sys.platform == "win32":
        msvcrt.locking(descriptor, msvcrt.LK_NBLCK, 1)
    else:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)


class InstanceLock:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._descriptor: int | None = None

    def take(self) -> bool:
        """True when this window is the first (or the folder cannot hold a lock at all, where
        nothing can be saved either); False when another window holds it. Never waits."""
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
            lock_now(descriptor)
        except OSError as error:
            os.close(descriptor)
            return error.errno not in HELD_ELSEWHERE
        self._descriptor = descriptor
        return True

    def wait(self, patience: float) -> bool:
        """Take the lock, trying for up to `patience` seconds; whether it was taken (False: held
        elsewhere all that time)."""
        deadline = time.monotonic() + patience
        while not self.take():
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
