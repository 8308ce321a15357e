"""Sleeping until the next event, for real.

pygame-ce 2.5's `pygame.event.wait()` polls every millisecond (about 3 % of a core while
idle). SDL's own `SDL_WaitEventTimeout` blocks on the display connection and truly sleeps,
so we call it through ctypes on the very SDL library pygame-ce loaded, with a NULL event: it
then only waits and leaves the event in the queue for `pygame.event.get()`.
"""

from __future__ import annotations

import ctypes
import glob
import math
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame

Waiter = Callable[[float | None], None]


def _sdl_candidates() -> Iterator[str]:
    """The SDL libraries pygame may have loaded: those its wheel bundles, then the system's,
    searched for only if none of those is the one (`find_library` runs ldconfig or a compiler:
    ~20 ms of the window's start)."""
    package = Path(pygame.__file__).resolve().parent
    for folder in (package.parent / "pygame_ce.libs", package / ".libs", package):
        yield from sorted(glob.glob(str(folder / "libSDL2-*.so*")) + glob.glob(str(folder / "SDL2*.dll")))
    import ctypes.util  # here, for start-up cost: it imports subprocess (~2.5 ms)

    system = ctypes.util.find_library("SDL2")
    if system:
        yield system


def sdl_waiter() -> Waiter:
    """A function that sleeps until an event is queued or `timeout` seconds pass (None: no
    limit). Falls back to short sleeps where SDL cannot be reached through ctypes."""
    for path in _sdl_candidates():
        try:
            library = _already_loaded(path)
        except OSError:
            continue
        wait_timeout = getattr(library, "SDL_WaitEventTimeout", None)
        if wait_timeout is None:
            continue
        wait_timeout.argtypes = [ctypes.c_void_p, ctypes.c_int]
        wait_timeout.restype = ctypes.c_int

        def wait(timeout: float | None, call: Callable[[None, int], int] = wait_timeout) -> None:
            # Rounded up: waking a little early would only mean waking twice.
            call(None, -1 if timeout is None else max(0, math.ceil(timeout * 1000)))

        return wait
    return _sleepy_wait


def _already_loaded(path: str) -> ctypes.CDLL:
    """The library only if pygame already loaded it: a second copy of SDL would not know
    pygame's window and would return at once, turning the wait into a busy loop."""
    no_load = getattr(os, "RTLD_NOLOAD", None)
    if no_load is None:  # Windows shares a DLL loaded under the same name anyway
        return ctypes.CDLL(path)
    return ctypes.CDLL(path, mode=no_load | os.RTLD_GLOBAL)


def _sleepy_wait(timeout: float | None) -> None:
    limit = 50 if timeout is None else max(0, min(50, round(timeout * 1000)))
    pygame.time.wait(limit)
