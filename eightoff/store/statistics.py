"""The figures of finished games as the store answers them: plain values, worked out by SQL over
the games table's indexes (`games.summaries`), and the counting rules in docs/storage.md."""

from __future__ import annotations

from typing import Any

import msgspec

from eightoff.store.schema import Outcome

RECENT = 20
"""Recent games listed."""
TRACE = 500
"""Outcomes read per game kind, newest last, for the chart of the win rate over recent games."""
BEST = 10
"""Best times listed per game kind (PySolFC's top ten)."""
TIME_EDGES = (60, 120, 180, 240, 300, 420, 600, 900, 1200, 1800, 2700, 3600)
"""Upper ends (seconds) of the bins of the winning-time histogram; one more holds those over an hour."""
PLAUSIBLE_SECONDS = 86_400.0
PLAUSIBLE_MOVES = 100_000
"""A win of more than a day or more moves than this is a damaged or doctored record: it counts
as a win, but it is not drawn nor listed among the best."""
GRADED_DEALS = 1_000_000
"""Games recorded before grades were are graded by the shipped tables, which list deals below this."""


class Streak(msgspec.Struct, frozen=True):
    kind: Outcome | None
    """"won", "lost", "solved with help", or None before the first game."""
    length: int = 0


class Statistics(msgspec.Struct, frozen=True):
    rules: str
    played: int = 0
    won: int = 0
    current_streak: Streak = Streak(None)
    longest_winning_streak: int = 0
    longest_losing_streak: int = 0
    best_time: float | None = None
    fewest_moves: int | None = None
    average_time: float | None = None
    average_moves: float | None = None
    lost: int = 0
    solved: int = 0
    """Games the solver or step-through finished: neither won nor lost."""

    @property
    def win_percent(self) -> float:
        return 100.0 * self.won / self.played if self.played else 0.0

    def to_json(self) -> dict[str, Any]:
        return {**msgspec.to_builtins(self), "win_percent": round(self.win_percent, 1)}


class Summary(msgspec.Struct, frozen=True):
    """One game kind's figures (or all kinds' together: key ""), as the dialog and `stats` show."""

    statistics: Statistics
    trace: bytes = b""
    """The outcomes of the last TRACE games as played, one letter each (W, L, S), newest last."""
    time_bins: tuple[int, ...] = (0,) * (len(TIME_EDGES) + 1)
    """Plausible wins per bin of TIME_EDGES."""
    best: tuple[tuple[float, int, int | None], ...] = ()
    """The BEST quickest plausible wins as (seconds, moves, deal), quickest first."""
    implausible: int = 0
    by_grade: dict[str, tuple[int, int]] = msgspec.field(default_factory=dict)
    """Games played and won per grade."""
