"""Sleeping until the next event, for real.

pygame-ce's `pygame.event.wait()` polls every millisecond (about 3 % of a core while idle),
as reported upstream: https://github.com/pygame-community/pygame-ce/issues/1541 ("pygame.event.wait
always polls", open). SDL's own `SDL_WaitEventTimeout` blocks on the display connection and
truly sleeps, so we call it through ctypes on the very SDL library pygame-ce loaded, with a
NULL event: it then only waits and leaves the event in the queue for `pygame.event.get()`.
Where that library cannot be reached, pygame's own wait does the job, polling.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import math
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame

Waiter = Callable[[float | None], list[pygame.event.Event]]
"""Sleeps until an event is queued or `timeout` seconds pass (None: no limit), and gives the
events it took off the queue (SDL's wait takes none), to be handled before those still queued."""


def _sdl_candidates() -> Iterator[str]:
    """The SDL libraries pygame may have loaded: those its wheel bundles, then the system's,
    searched for only if none of those is the one (`find_library` runs ldconfig or a compiler)."""
    package = Path(pygame.__file__).resolve().parent
    for folder in (package.parent / "pygame_ce.libs", package / ".libs", package):
        try:
            names = os.listdir(folder)
        except OSError:
            continue
        # By name, not glob: a pattern would be compiled with re before the first frame.
        yield from sorted(str(folder / name) for name in names
                          if (name.startswith("libSDL2-") and ".so" in name)
                          or (name.startswith("SDL2") and name.endswith(".dll")))
    system = ctypes.util.find_library("SDL2")
    if system:
        yield system


def sdl_waiter() -> Waiter:
    """SDL's own wait on the SDL pygame loaded, or pygame's polling wait where there is none."""
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

        def wait(timeout: float | None,
                 call: Callable[[None, int], int] = wait_timeout) -> list[pygame.event.Event]:
            # Rounded up: waking a little early would only mean waking twice.
            call(None, -1 if timeout is None else max(0, math.ceil(timeout * 1000)))
            return []

        return wait
    return pygame_wait


def _already_loaded(path: str) -> ctypes.CDLL:
    """The library only if pygame already loaded it: a second copy of SDL would not know
    pygame's window and would return at once, turning the wait into a busy loop."""
    no_load = getattr(os, "RTLD_NOLOAD", None)
    if no_load is None:  # Windows shares a DLL loaded under the same name anyway
        return ctypes.CDLL(path)
    return ctypes.CDLL(path, mode=no_load | os.RTLD_GLOBAL)


def pygame_wait(timeout: float | None) -> list[pygame.event.Event]:
    """pygame's own wait, which takes the event it wakes for off the queue. Its timeout in whole
    milliseconds, and 0 means none: a wait shorter than a millisecond only looks."""
    if timeout is None:
        return [pygame.event.wait()]
    milliseconds = math.ceil(timeout * 1000)
    event = pygame.event.wait(milliseconds) if milliseconds > 0 else pygame.event.poll()
    return [] if event.type == pygame.NOEVENT else [event]
