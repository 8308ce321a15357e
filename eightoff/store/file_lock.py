"""A short exclusive lock between processes on a lock file, waited for a little while.

Preferences are merged under it, so two windows saving at once never undo each other's choices.
The OS lock (flock on POSIX, msvcrt.locking on Windows, as `instance.py` takes) is dropped when
the process dies, even by SIGKILL, so a crash never leaves a stale lock behind; filelock did
the same at 5.6 MB of the window's memory (issue 20).
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Iterator
from pathlib import Path

from eightoff.store.instance import lock_now

POLL_SECONDS = 0.02


@contextlib.contextmanager
def held(path: Path, seconds: float) -> Iterator[bool]:
    """Run the block holding the lock on `path` (True), waiting up to `seconds` for another
    process to let it go; where no lock can be had in time, or at all (a folder that cannot
    hold one), the block runs anyway (False): a lost merge is better than a lost setting."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)
    except OSError:
        yield False
        return
    try:
        deadline = time.monotonic() + seconds
        while True:
            try:
                lock_now(descriptor)
                locked = True
                break
            except OSError:
                if time.monotonic() >= deadline:
                    locked = False
                    break
                time.sleep(POLL_SECONDS)
        yield locked
    finally:
        os.close(descriptor)  # closing the file drops the lock (both systems)
