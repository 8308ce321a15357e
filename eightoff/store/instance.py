"""Which window owns the unfinished game when two are open on one player's files.

The first window takes an OS lock (filelock: flock on POSIX, LockFileEx on Windows) on
`instance.lock` in the state folder and holds it until it closes; the OS drops it when the
process dies, even by SIGKILL, so a crash never leaves a stale lock behind. A second window
fails to take it without waiting and then leaves the first one's unfinished game alone.
"""

from __future__ import annotations

import contextlib
import os

from filelock import FileLock, Timeout

from eightoff.store.dirs import StoreDirs
from eightoff.store.files import aside_path
from eightoff.store.reading import kind_of

LOCK_FILE = "instance.lock"


class InstanceLock:
    def __init__(self, dirs: StoreDirs) -> None:
        self.path = dirs.user_state_path / LOCK_FILE
        self._lock: FileLock | None = None

    @classmethod
    def acquire(cls, dirs: StoreDirs) -> InstanceLock | None:
        """The lock when this is the only window on `dirs`, else None (another holds it)."""
        lock = cls(dirs)
        return lock if lock.take() else None

    def take(self) -> bool:
        """True when this window is the first (or the folder cannot hold a lock at all, where
        nothing can be saved either); False when another window holds it. Never waits."""
        if self._lock is not None:
            return True
        with contextlib.suppress(OSError):
            self.path.parent.mkdir(parents=True, exist_ok=True)
            if kind_of(os.lstat(self.path).st_mode) is not None:
                os.rename(self.path, aside_path(self.path))  # a link or pipe in its place: never follow it
        lock = FileLock(self.path, timeout=0, thread_local=False)
        try:
            lock.acquire(blocking=False)
        except Timeout:
            return False
        except OSError:
            return True
        self._lock = lock
        return True

    @property
    def held(self) -> bool:
        return self._lock is not None

    def release(self) -> None:
        if self._lock is not None:
            with contextlib.suppress(OSError):
                self._lock.release()
            self._lock = None
