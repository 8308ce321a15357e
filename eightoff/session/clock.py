"""Play time that pauses (window hidden), stops for good at the game's outcome, and can be
restored from a saved game. Time comes in as an argument: the session has no clock of its own.

The time given is monotonic (the window passes `time.monotonic`), so a wall clock set back or
forward changes nothing. A monotonic clock still runs while the process is stopped (Ctrl+Z,
SIGSTOP, a debugger), and a stopped window cannot play: the window looks at the clock at least
every second while it runs, so a longer gap between two looks (MAX_GAP) is time the process was
stopped, and only MAX_GAP of it counts."""

from __future__ import annotations

import math

MAX_GAP = 5.0
"""Seconds between two looks at a running clock beyond which the process must have been stopped
(the window looks every second; a busy machine may delay it a few)."""


class GameClock:
    def __init__(self, elapsed: float = 0.0) -> None:
        self.elapsed = elapsed
        self.since: float | None = None
        self.seen: float | None = None
        """When the running clock was last looked at."""

    @property
    def running(self) -> bool:
        return self.since is not None

    def run(self, now: float, running: bool) -> None:
        """Look at the clock, and start or stop it."""
        self._skip_stopped(now)
        if running and self.since is None:
            self.since = now
        elif not running and self.since is not None:
            self.elapsed += now - self.since
            self.since = None
        self.seen = now if self.since is not None else None

    def _skip_stopped(self, now: float) -> None:
        """Move the start on past a gap longer than MAX_GAP since the last look."""
        if self.since is not None and self.seen is not None and now - self.seen > MAX_GAP:
            self.since += now - self.seen - MAX_GAP

    def seconds(self, now: float) -> float:
        if self.since is None:
            return self.elapsed
        gap = now - self.seen if self.seen is not None else 0.0
        return self.elapsed + now - self.since - max(0.0, gap - MAX_GAP)

    def next_tick(self, now: float) -> float | None:
        """When the shown whole seconds next change (None while stopped)."""
        if self.since is None:
            return None
        return now + (math.floor(self.seconds(now)) + 1 - self.seconds(now))


def clock_text(seconds: float) -> str:
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}"
