"""Every bound on a number a player or a file can give, defined once.

The command line, the dialogs, the core and the store all take their bounds from here, so a
number one of them accepts is one every other keeps: a deal typed into the Deal dialog is
saved, resumed, counted and replayed (the store once refused deals the dialog took).
Each `clamp_*` function brings a value that came from outside (a window manager, a wall clock)
inside its bounds instead of refusing it, since refusing would lose what it belongs to. The
core reads no clock itself: eightoff/store/clock.py reads the wall clock and the time zone.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

FIRST_DEAL = 1
"""The first deal a player can ask for; PySolFC numbers its games from 1 (the core also deals 0)."""
LOWEST_DEAL = 0
"""The lowest deal the core deals and the store keeps."""
LAST_DEAL = 10**20
"""PySolFC numbers its games up to 10**20."""

MAX_MOVES = 10_000_000
"""Moves in one game: far beyond any real game, small enough to add up without harm."""
MAX_STEPS = 10_000_000
"""Steps in one saved history (done or undone)."""
MAX_SECONDS = 10_000_000.0
"""About 115 days on one game's clock."""

SMALLEST_WINDOW_SIDE = 200
"""A saved window side below this is raised to it: no window manager may have kept the minimum."""
LARGEST_WINDOW_SIDE = 8192
"""A saved window side above this is lowered to it, and the drawing surface is never larger:
a 32000-pixel square surface alone takes 4 GB."""

EARLIEST = datetime(1970, 1, 1, tzinfo=timezone.utc)
LATEST = datetime(2200, 1, 1, tzinfo=timezone.utc)
"""Dates a finished game may carry; a wall clock outside them is clamped (and the game flagged)."""
LAST_MOMENT = LATEST - timedelta(microseconds=1)

MAX_JOBS = 64
"""Solver processes at most, whatever the cores: each may take a gigabyte."""


def clamp_side(pixels: int) -> int:
    return max(SMALLEST_WINDOW_SIDE, min(LARGEST_WINDOW_SIDE, pixels))


def clamp_window(size: tuple[int, int]) -> tuple[int, int]:
    """A window size that a later start can open at."""
    return clamp_side(size[0]), clamp_side(size[1])


def clamp_seconds(seconds: float) -> float:
    """Seconds of play within 0..MAX_SECONDS (NaN counts as 0)."""
    return min(max(0.0, float(seconds)), MAX_SECONDS) if seconds == seconds else 0.0


def clamp_moment(moment: datetime | None) -> tuple[datetime, bool]:
    """`moment` within EARLIEST..LAST_MOMENT, and whether it had to be moved (None, a clock that
    could not even be read, becomes EARLIEST)."""
    if moment is None:
        return EARLIEST, True
    if moment < EARLIEST:
        return EARLIEST, True
    if moment > LAST_MOMENT:
        return LAST_MOMENT, True
    return moment, False


def worker_count(requested: int, tasks: int, cores: int | None) -> int:
    """Processes to start for `tasks` pieces of work: what was asked (0: one per core), never
    more than the tasks, the cores or MAX_JOBS, and at least 1."""
    available = max(1, cores or 1)
    wanted = requested or available
    return max(1, min(wanted, tasks, available, MAX_JOBS))
