"""Keeping a helper process in bounds: it cannot grow without limit, and it starts with no
signal blocked.

Memory: `RLIMIT_AS` caps the address space a given number of bytes above what the process
already maps, so an allocation past it raises `MemoryError` (which the worker turns into an
"unknown" answer) instead of the machine swapping. Resident pages can only grow by what the
address space grows by, less what was mapped but not yet touched. (The worker ends with its
window by reading its socket's end-of-file: eightoff/solver/worker.py.)
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from collections.abc import Callable

if sys.platform != "win32":
    import resource


def unblock_signals() -> None:
    """Let every signal in again, as in a process started afresh: a mask of blocked signals
    passes through exec, and the window blocks SIGTERM and SIGINT to wait for them on a
    thread of its own (eightoff/ui/stop_signals.py)."""
    if hasattr(signal, "pthread_sigmask"):  # not on Windows, which has no masks to inherit
        signal.pthread_sigmask(signal.SIG_SETMASK, set())


def cap_memory(extra_bytes: int) -> None:
    """Let the address space grow by at most `extra_bytes` from its size now (no-op where the
    platform has no such limit)."""
    if sys.platform == "win32":
        return
    mapped = _mapped_bytes()
    if not mapped:
        return  # no measure of the present size to cap from
    limit = mapped + extra_bytes
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))


def _mapped_bytes() -> int:
    """The process's current address-space size (VmSize), 0 where /proc is not there."""
    return _status_bytes("VmSize:")


def resident_bytes() -> int:
    """The process's resident size now (VmRSS), 0 where /proc is not there."""
    return _status_bytes("VmRSS:")


def peak_bytes() -> int:
    """The process's largest resident size so far (VmHWM), 0 where /proc is not there."""
    return _status_bytes("VmHWM:")


def resident_gauge() -> Callable[[], int] | None:
    """A reading of the resident size cheap enough for a search to take every few hundred
    boards (a `pread` of /proc/self/statm on a descriptor kept open: about a microsecond,
    where /proc/self/status costs 17); None where /proc is not there. The descriptor lives
    as long as the process, which is what the worker needs."""
    try:
        descriptor = os.open("/proc/self/statm", os.O_RDONLY | os.O_CLOEXEC)
    except (OSError, AttributeError):
        return None
    page = os.sysconf("SC_PAGE_SIZE")

    def resident() -> int:
        return int(os.pread(descriptor, 128, 0).split()[1]) * page

    return resident


def _status_bytes(field: str) -> int:
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith(field):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0
