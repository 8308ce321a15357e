"""How long and how large a theme's drawing may grow, and the words for a drawing that did not end well.

A theme file may be built to make resvg slow (a filter that never finishes) or greedy (a pattern
tile of gigabytes). The drawing process holds itself to an address space that follows the
picture it draws and to DRAW_SECONDS of processor time (`hold_to`, where the platform has such
limits); the window stops it after DRAW_SECONDS of wall-clock time whatever the platform. Either
way the theme is noted as one that cannot be drawn, and the window keeps the built-in design.
Figures behind the numbers: docs/notes.md, "Card theme drawing limits".
"""

from __future__ import annotations

import contextlib
import math
import signal
import sys

from eightoff.core.i18n import _

if sys.platform != "win32":
    import resource

DRAW_SECONDS = 60.0
"""Wall-clock (window) and processor (drawing process) seconds a drawing may take: the installed
themes take under 20 s of processor time even for cards twice the table's largest."""
MEMORY_BASE = 512 << 20
"""Bytes of address space the drawing process may have before it knows its card size: reading
and measuring a theme (the installed themes need under 150 MB for it)."""
MEMORY_PER_PIXEL = 24
"""Bytes more for each pixel of the grid of cards it draws: the grid is held a few times over
(resvg's picture and its PNG; a KDE deck's surface, its pixels and its rows), and the installed
themes peak at 9 (Aisleriot's) to 18 (a KDE deck) bytes a pixel above that base."""


def hold_to(memory: int, seconds: float) -> None:
    """Hold this process to `memory` bytes of address space (an allocation past it fails: a
    `MemoryError` in Python, an abort in resvg) and `seconds` of processor time (then SIGXCPU
    ends it, should the window be gone); each no further than its hard limit, and not at all
    where the platform has no such limit."""
    if sys.platform == "win32":
        return
    for kind, wanted in ((resource.RLIMIT_AS, memory), (resource.RLIMIT_CPU, math.ceil(seconds))):
        _soft, hard = resource.getrlimit(kind)
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(kind, (wanted if hard == resource.RLIM_INFINITY else min(wanted, hard), hard))


def memory_for(pixels: int) -> int:
    """The address space a drawing of a grid of `pixels` pixels may have."""
    return MEMORY_BASE + MEMORY_PER_PIXEL * pixels


def too_much_memory() -> str:
    return _("drawing it needs more memory than a card theme may have")


def too_slow(seconds: float) -> str:
    return _("drawing it takes longer than {seconds} seconds").format(seconds=round(seconds))


def ended(code: int, seconds: float) -> str:
    """Why a drawing that left no note of its own ended with `code`: its processor time
    (`seconds`) or its memory ran out (resvg aborts when an allocation fails), or something
    else stopped it."""
    if sys.platform != "win32" and code == -signal.SIGXCPU:
        return too_slow(seconds)
    if code == -signal.SIGABRT:
        return too_much_memory()
    if code < 0:
        with contextlib.suppress(ValueError):
            return _("its drawing broke off ({signal})").format(signal=signal.Signals(-code).name)
    return _("its drawing stopped ({code})").format(code=code)
