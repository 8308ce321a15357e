"""Finished games and the statistics derived from them.

Counting rules: a game counts once its first move is made. Leaving a started game for a new
one is a loss. A game the solver's demo finished is recorded as a loss (the player did not win
it; like giving up), marked `solver_finished`. A win after hints is a win, marked `hints_used`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Any

from eightoff.core import deals
from eightoff.core.game import Game
from eightoff.core.notation import parse_board
from eightoff.core.variants import PRESETS, preset


@dataclass(frozen=True)
class FinishedGame:
    rules: str
    deal: int | None
    """None for a board that did not come from a numbered deal; `start` then holds it."""
    won: bool
    moves: int
    seconds: float
    finished: datetime
    """When it ended, timezone-aware (UTC as stored)."""
    hints_used: bool = False
    solver_finished: bool = False
    takeback: bool = False
    start: str | None = None

    @property
    def result(self) -> str:
        if self.won:
            return "won"
        return "solver" if self.solver_finished else "lost"

    def replay(self) -> Game:
        """The same deal under the same rules, from the beginning."""
        rules = preset(self.rules, self.takeback)
        if self.deal is not None:
            return Game(rules, deals.deal(self.deal, rules), self.deal)
        assert self.start is not None
        return Game(rules, parse_board(self.start, rules))

    def to_json(self) -> dict[str, Any]:
        document = asdict(self)
        document["finished"] = self.finished.isoformat(timespec="seconds")
        return document

    @classmethod
    def from_json(cls, document: dict[str, Any]) -> FinishedGame:
        """Raises ValueError naming the first field that is not what this program writes."""
        rules = _field(document, "rules", str)
        if rules not in PRESETS:
            raise ValueError(f"unknown rules {rules!r}")
        number = document.get("deal")
        start = document.get("start")
        if isinstance(number, int) and not isinstance(number, bool):
            if not deals.MIN_DEAL <= number <= deals.MAX_DEAL:
                raise ValueError(f"no deal {number}")
        elif number is None and isinstance(start, str):
            parse_board(start, preset(rules))
        else:
            raise ValueError("neither a deal number nor a starting board")
        seconds = _field(document, "seconds", (int, float))
        if not math.isfinite(seconds) or seconds < 0:
            raise ValueError("time is not a duration")
        moves = _field(document, "moves", int)
        if moves < 0:
            raise ValueError("negative moves")
        finished = datetime.fromisoformat(_field(document, "finished", str))
        if finished.tzinfo is None:
            raise ValueError("date without a time zone")
        return cls(
            rules=rules,
            deal=number,
            won=_field(document, "won", bool),
            moves=moves,
            seconds=float(seconds),
            finished=finished,
            hints_used=_field(document, "hints_used", bool),
            solver_finished=_field(document, "solver_finished", bool),
            takeback=_field(document, "takeback", bool),
            start=start if number is None else None,
        )


def _field(document: dict[str, Any], name: str, kind: type | tuple[type, ...]) -> Any:
    value = document.get(name)
    if not isinstance(value, kind) or (kind is not bool and isinstance(value, bool)):
        raise ValueError(f"{name} is missing or malformed")
    return value


@dataclass(frozen=True)
class Streak:
    kind: str | None
    """"won", "lost", or None before the first game."""
    length: int = 0


@dataclass(frozen=True)
class Statistics:
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

    @property
    def lost(self) -> int:
        return self.played - self.won

    @property
    def win_percent(self) -> float:
        return 100.0 * self.won / self.played if self.played else 0.0

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "lost": self.lost, "win_percent": round(self.win_percent, 1)}


def compute(rules: str, games: Iterable[FinishedGame]) -> Statistics:
    """The statistics of `rules` from finished games in the order they ended."""
    results = [game for game in games if game.rules == rules]
    wins = [game for game in results if game.won]
    longest = {True: 0, False: 0}
    current = Streak(None)
    for game in results:
        kind = "won" if game.won else "lost"
        current = Streak(kind, current.length + 1 if current.kind == kind else 1)
        longest[game.won] = max(longest[game.won], current.length)
    return Statistics(
        rules=rules,
        played=len(results),
        won=len(wins),
        current_streak=current,
        longest_winning_streak=longest[True],
        longest_losing_streak=longest[False],
        best_time=min((game.seconds for game in wins), default=None),
        fewest_moves=min((game.moves for game in wins), default=None),
        average_time=_mean([game.seconds for game in wins]),
        average_moves=_mean([game.moves for game in wins]),
    )


def _mean(values: Sequence[float]) -> float | None:
    return sum(values) / len(values) if values else None
