"""Finished games and the statistics derived from them (the counting rules: docs/storage.md,
"Counting rules")."""

from __future__ import annotations

import heapq
from bisect import bisect_left
from collections import Counter
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from datetime import datetime
from functools import reduce
from itertools import chain, compress, repeat
from operator import add
from typing import Any

import msgspec
from msgspec import Struct

from eightoff.core import deals
from eightoff.core.game import Game
from eightoff.core.i18n import _
from eightoff.core.notation import parse_board
from eightoff.core.rules import Rules
from eightoff.core.variants import VARIANTS, variant
from eightoff.store.schema import LOST, SOLVED, WON, LogFields, LogLine, Outcome, decode

RECENT = 20
"""Recent games kept per variant in the summary."""
TRACE = 500
"""Outcomes kept per variant, newest last, for the chart of the win rate over recent games."""
BEST = 10
"""Best times kept per variant (PySolFC's top ten)."""
TIME_EDGES = (60, 120, 180, 240, 300, 420, 600, 900, 1200, 1800, 2700, 3600)
"""Upper ends (seconds) of the bins of the winning-time histogram; one more bin holds the
games over an hour, so no plausible time falls off the scale."""
PLAUSIBLE_SECONDS = 86_400.0
PLAUSIBLE_MOVES = 100_000
"""A win of more than a day or more moves than this is a damaged or doctored line: it counts
as a win, but it is not drawn nor listed among the best (`Totals.implausible`)."""
NO_DEAL = -1
"""The deal of a best time won on the player's own board (kept as a number, so that best times
compare as plain tuples in C)."""
GRADED_DEALS = 1_000_000
"""Deals below this have their games counted one by one (`Totals.deal_played`), so that the
win rate by difficulty grade can be worked out with the solver's grade tables, which list
deals far below it. Higher deals have no grade; not keeping them bounds the summary."""


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
    options: str | None = None
    """The rule options that were on, as the log line says them (see `LogFields.options`)."""
    start: str | None = None
    game_id: str | None = None
    outcome: Outcome | None = None
    """"won", "lost" or "solved with help"; None means derived from `won`/`solver_finished`."""
    clock_clamped: bool = False
    """`finished` is not what the wall clock said, which was outside any real date."""
    daily: str | None = None
    """The ISO date of the daily deal the game was, or None."""
    par: int | None = None

    @property
    def kind(self) -> Outcome:
        """The outcome as counted: "won", "lost" or "solved with help"."""
        return self.line().result

    def replay(self) -> Game:
        """The same deal under the same rules, from the beginning. ValueError for a variant
        this program does not have (a log written by a newer one)."""
        rules = self.rules_played()
        if self.deal is not None:
            return Game(rules, deals.deal(self.deal, rules), self.deal)
        assert self.start is not None
        return Game(rules, parse_board(self.start, rules))

    def rules_played(self) -> Rules:
        """The rules with the options the game was played with. ValueError for a variant or an
        option this program does not have (a line written by a newer one)."""
        kind = variant(self.rules)
        on = set(filter(None, (self.options or "").split(","))) if self.options is not None \
            else ({"takeback"} if self.takeback else set())
        return kind.configure_exactly({**{option.key: False for option in kind.options},
                                       **dict.fromkeys(sorted(on), True)})
    def replay_problem(self) -> str | None:
        """Why this program cannot play this game again, for the player (a game it does not
        have, logged by a newer version; a board that does not parse), or None when it can."""
        try:
            self.replay()
        except (ValueError, KeyError) as error:
            if self.rules not in VARIANTS:
                return _("it is a game this version of Eight Off does not have ({game})").format(
                    game=self.rules)
            try:
                self.rules_played()
            except ValueError as unknown:  # a rule option a newer version has
                return str(unknown)
            return _("its starting board cannot be read: {detail}").format(detail=error)
        return None

    def line(self) -> LogLine:
        return LogLine(
            version=1, rules=self.rules, deal=self.deal, start=self.start, won=self.won, moves=self.moves,
            seconds=self.seconds, finished=self.finished, hints_used=self.hints_used,
            solver_finished=self.solver_finished, takeback=self.takeback, options=self.options,
            id=self.game_id, outcome=self.outcome, clock_clamped=self.clock_clamped, daily=self.daily,
            par=self.par,
        )

    @classmethod
    def from_line(cls, line: LogFields) -> FinishedGame:
        return cls(
            rules=line.rules, deal=line.deal, won=line.result == WON, moves=line.moves,
            seconds=line.seconds, finished=line.finished, hints_used=line.hints_used,
            solver_finished=line.solver_finished or line.result == SOLVED, takeback=line.takeback,
            options=line.options,
            start=line.start if line.deal is None else None, game_id=line.id, outcome=line.outcome,
            clock_clamped=line.clock_clamped, daily=line.daily, par=line.par,
        )

    def to_json(self) -> dict[str, Any]:
        document = asdict(self)
        document["finished"] = self.finished.isoformat(timespec="seconds")
        document["outcome"] = self.kind
        for extra in ("daily", "par"):  # only a daily deal's game has them: --json stays as it was
            if document[extra] is None:
                del document[extra]
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


LETTERS: dict[Outcome, bytes] = {WON: b"W", LOST: b"L", SOLVED: b"S"}
"""Each outcome as one byte, so a run of games is a bytes string that C code counts and splits."""
KINDS = {letter: outcome for outcome, letter in LETTERS.items()}
ONLY_WINS_AS_ONES = bytes(letter == LETTERS[WON][0] for letter in range(256))
"""Translates a run of outcome letters into 1 for each win, 0 otherwise (for `compress`)."""
ONLY_WINS = bytes.maketrans(b"LS", b"  ")
ONLY_LOSSES = bytes.maketrans(b"WS", b"  ")


class Totals(Struct, kw_only=True):
    """One variant's running figures: what a summary keeps. Games are added in runs (`add_results`,
    `add_wins`, `add_recent`), a block of the log at a time, so a million games add up in C
    loops; any split of the same games into runs gives the same figures, to the last bit of the
    summed seconds (they are added one by one, in order)."""

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
    trace: bytes = b""
    """The outcomes of the last TRACE games, one letter of LETTERS each, newest last."""
    time_bins: list[int] = msgspec.field(default_factory=lambda: [0] * (len(TIME_EDGES) + 1))
    """Plausible wins per bin of TIME_EDGES."""
    best: list[tuple[float, int, int]] = msgspec.field(default_factory=list)
    """The BEST quickest plausible wins as (seconds, moves, deal), quickest first; the deal is
    NO_DEAL for a game of the player's own board."""
    implausible: int = 0
    """Wins left out of the chart and the best times (see PLAUSIBLE_SECONDS)."""
    deal_played: dict[int, int] = msgspec.field(default_factory=dict)
    deal_won: dict[int, int] = msgspec.field(default_factory=dict)
    """Games played and won per deal number below GRADED_DEALS."""

    def add(self, line: LogLine) -> None:
        """One game."""
        self.add_results(LETTERS[line.result])
        if line.result == WON:
            self.add_wins([line.seconds], [line.moves], [line.deal])
        self.add_deals([line.deal], LETTERS[line.result])
        self.add_recent([line])

    def add_results(self, results: bytes) -> None:
        """Outcomes in the order the games ended, one letter of LETTERS each: counts and streaks."""
        if not results:
            return
        self.played += len(results)
        wins, losses = results.count(b"W"), results.count(b"L")
        self.won += wins
        self.lost += losses
        self.solved += len(results) - wins - losses
        first, last = results[:1], results[-1:]
        head = len(results) - len(results.lstrip(first))
        carried = self.streak_length if self.streak_kind == KINDS[first] else 0
        tail = len(results) - len(results.rstrip(last))
        self.streak_kind = KINDS[last]
        self.streak_length = carried + head if head == len(results) else tail
        longest_won = _longest(results, ONLY_WINS)
        longest_lost = _longest(results, ONLY_LOSSES)
        if first == b"W":
            longest_won = max(longest_won, carried + head)
        elif first == b"L":
            longest_lost = max(longest_lost, carried + head)
        self.longest_won = max(self.longest_won, longest_won)
        self.longest_lost = max(self.longest_lost, longest_lost)
        self.trace = (self.trace + results[-TRACE:])[-TRACE:]

    def add_wins(self, seconds: list[float], moves: list[int], deals: list[int | None] | None = None) -> None:
        """The time, moves and deal (None: the player's own board; all None when not given)
        of won games, in order."""
        if not seconds:
            return
        self.won_seconds = reduce(add, seconds, self.won_seconds)
        self.won_moves += sum(moves)
        quickest, fewest = min(seconds), min(moves)
        if self.best_time is None or quickest < self.best_time:
            self.best_time = quickest
        if self.fewest_moves is None or fewest < self.fewest_moves:
            self.fewest_moves = fewest
        numbers = [NO_DEAL if deal is None else deal for deal in deals] if deals else [NO_DEAL] * len(seconds)
        times, counts = seconds, moves
        if max(seconds) > PLAUSIBLE_SECONDS or max(moves) > PLAUSIBLE_MOVES:  # rare: a damaged log
            kept = [time <= PLAUSIBLE_SECONDS and count <= PLAUSIBLE_MOVES
                    for time, count in zip(seconds, moves, strict=True)]
            times, counts = list(compress(seconds, kept)), list(compress(moves, kept))
            numbers = list(compress(numbers, kept))
        self.implausible += len(seconds) - len(times)
        kept_best = ((time, count, deal) for time, count, deal in self.best)
        self.best = heapq.nsmallest(BEST, chain(kept_best, zip(times, counts, numbers, strict=True)))
        for index, count in Counter(map(bisect_left, repeat(TIME_EDGES), times)).items():
            self.time_bins[index] += count

    def add_deals(self, deals: list[int | None], results: bytes) -> None:
        """The deal of each game of `results` (in the same order), for the win rate by grade:
        games and wins counted per deal in C (no tuple made per game), then kept for the deals
        below GRADED_DEALS."""
        wins = compress(deals, results.translate(ONLY_WINS_AS_ONES))
        for counted, counts in ((self.deal_played, Counter(deals)), (self.deal_won, Counter(wins))):
            for deal, count in counts.items():
                if deal is not None and deal < GRADED_DEALS:
                    counted[deal] = counted.get(deal, 0) + count

    def add_recent(self, lines: list[LogLine]) -> None:
        """The newest games, in order (only the last RECENT are kept)."""
        self.recent = (self.recent + lines)[-RECENT:]

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


def _longest(results: bytes, others_to_spaces: bytes) -> int:
    """The longest run of one letter: the others made spaces, the runs split apart in C."""
    return max(map(len, results.translate(others_to_spaces).split()), default=0)
