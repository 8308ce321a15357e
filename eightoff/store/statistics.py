"""Finished games and the statistics derived from them.

Counting rules: a game counts once its first move is made. Leaving a started game for a new
one is a loss. A game the solver or step-through finished is "solved with help": counted apart
from wins and losses (it is played, but is neither), and it ends a streak of either. A win
after hints is a win, marked `hints_used`. Each game has an id, and a game recorded twice
(undo and redo of the winning move, a resumed copy) counts once: the first outcome stands.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Any

import msgspec
from msgspec import Struct

from eightoff.core import deals
from eightoff.core.game import Game
from eightoff.core.notation import parse_board
from eightoff.core.variants import preset
from eightoff.store.schema import LOST, SOLVED, WON, LogLine, Outcome, decode

RECENT = 20
"""Recent games kept per variant in the summary."""


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
    game_id: str | None = None
    outcome: Outcome | None = None
    """"won", "lost" or "solved with help"; None means derived from `won`/`solver_finished`."""

    @property
    def result(self) -> str:
        """"won", "lost" or "solver" (the older name of "solved with help")."""
        if self.won:
            return "won"
        return "solver" if self.solver_finished else "lost"

    @property
    def kind(self) -> Outcome:
        """The outcome as counted: "won", "lost" or "solved with help"."""
        return self.line().result

    def replay(self) -> Game:
        """The same deal under the same rules, from the beginning. ValueError for a variant
        this program does not have (a log written by a newer one)."""
        rules = preset(self.rules, self.takeback)
        if self.deal is not None:
            return Game(rules, deals.deal(self.deal, rules), self.deal)
        assert self.start is not None
        return Game(rules, parse_board(self.start, rules))

    def line(self) -> LogLine:
        return LogLine(
            version=1, rules=self.rules, deal=self.deal, start=self.start, won=self.won, moves=self.moves,
            seconds=self.seconds, finished=self.finished, hints_used=self.hints_used,
            solver_finished=self.solver_finished, takeback=self.takeback, id=self.game_id,
            outcome=self.outcome,
        )

    @classmethod
    def from_line(cls, line: LogLine) -> FinishedGame:
        return cls(
            rules=line.rules, deal=line.deal, won=line.result == WON, moves=line.moves,
            seconds=line.seconds, finished=line.finished, hints_used=line.hints_used,
            solver_finished=line.solver_finished or line.result == SOLVED, takeback=line.takeback,
            start=line.start if line.deal is None else None, game_id=line.id, outcome=line.outcome,
        )

    def to_json(self) -> dict[str, Any]:
        document = asdict(self)
        document["finished"] = self.finished.isoformat(timespec="seconds")
        document["outcome"] = self.kind
        return document

    @classmethod
    def from_json(cls, document: dict[str, Any]) -> FinishedGame:
        """Raises ValueError (BadContent) naming what is not what this program writes."""
        return cls.from_line(decode(msgspec.json.encode(document), LogLine))


@dataclass(frozen=True)
class Streak:
    kind: str | None
    """"won", "lost", "solved with help", or None before the first game."""
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
    lost: int = 0
    solved: int = 0
    """Games the solver or step-through finished: neither won nor lost."""

    @property
    def win_percent(self) -> float:
        return 100.0 * self.won / self.played if self.played else 0.0

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "win_percent": round(self.win_percent, 1)}


class Totals(Struct, kw_only=True):
    """One variant's running figures: what a summary keeps, so adding a game is O(1)."""

    played: int = 0
    won: int = 0
    lost: int = 0
    solved: int = 0
    streak_kind: Outcome | None = None
    streak_length: int = 0
    longest_won: int = 0
    longest_lost: int = 0
    best_time: float | None = None
    fewest_moves: int | None = None
    won_seconds: float = 0.0
    won_moves: int = 0
    recent: list[LogLine] = msgspec.field(default_factory=list)
    """The newest games last, at most RECENT."""

    def add(self, line: LogLine) -> None:
        result = line.result
        self.played += 1
        if result == WON:
            self.won += 1
            self.won_seconds += line.seconds
            self.won_moves += line.moves
            if self.best_time is None or line.seconds < self.best_time:
                self.best_time = line.seconds
            if self.fewest_moves is None or line.moves < self.fewest_moves:
                self.fewest_moves = line.moves
        elif result == LOST:
            self.lost += 1
        else:
            self.solved += 1
        if self.streak_kind == result:
            self.streak_length += 1
        else:
            self.streak_kind, self.streak_length = result, 1
        if result == WON and self.streak_length > self.longest_won:
            self.longest_won = self.streak_length
        elif result == LOST and self.streak_length > self.longest_lost:
            self.longest_lost = self.streak_length
        self.recent.append(line)
        if len(self.recent) > RECENT:
            del self.recent[0]

    def statistics(self, rules: str) -> Statistics:
        return Statistics(
            rules=rules,
            played=self.played,
            won=self.won,
            current_streak=Streak(self.streak_kind, self.streak_length),
            longest_winning_streak=self.longest_won,
            longest_losing_streak=self.longest_lost,
            best_time=self.best_time,
            fewest_moves=self.fewest_moves,
            average_time=self.won_seconds / self.won if self.won else None,
            average_moves=self.won_moves / self.won if self.won else None,
            lost=self.lost,
            solved=self.solved,
        )


def compute(rules: str, games: Iterable[FinishedGame]) -> Statistics:
    """The statistics of `rules` from finished games in the order they ended."""
    totals = Totals()
    for game in games:
        if game.rules == rules:
            totals.add(game.line())
    return totals.statistics(rules)
