"""Play time that pauses (window hidden), stops for good at the game's outcome, and can be
restored from a saved game. Time comes in as an argument: the session has no clock of its own."""

from __future__ import annotations

import math


class GameClock:
    def __init__(self, elapsed: float = 0.0) -> None:
        self.elapsed = elapsed
        self.since: float | None = None

    @property
    def running(self) -> bool:
        return self.since is not None

    def run(self, now: float, running: bool) -> None:
        if running and self.since is None:
            self.since = now
        elif not running and self.since is not None:
            self.elapsed += now - self.since
            self.since = None

    def seconds(self, now: float) -> float:
        return self.elapsed + (now - self.since if self.since is not None else 0.0)

    def next_tick(self, now: float) -> float | None:
        """When the shown whole seconds next change (None while stopped)."""
        if self.since is None:
            return None
        return now + (math.floor(self.seconds(now)) + 1 - self.seconds(now))


def clock_text(seconds: float) -> str:
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}"
