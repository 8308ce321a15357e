"""The statistics a player looks at, worked out once from the store's summaries for every place
that shows them: the Statistics dialog, `eightoff stats` (text, `--json`, `--chart`, `--csv`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

import msgspec

from eightoff.store.statistics import TIME_EDGES, Statistics, Summary

ROLLING = 20
"""Games in each point of the win-rate chart: the share of wins in the last ROLLING games (in
all games so far, before the ROLLING-th)."""
GradeOf = Callable[[str, int], "str | None"]
"""(variant key, deal number) -> its difficulty grade, or None when it has none."""


class BestTime(NamedTuple):
    """One of the quickest wins, and the game it was won in (All games lists them together)."""

    seconds: float
    moves: int
    deal: int | None
    """None: the player's own board."""
    key: str


class GradeShare(msgspec.Struct, frozen=True):
    grade: str
    played: int
    won: int


class Figures(msgspec.Struct, frozen=True):
    """One game's figures (`key`), or all games' together (`key` None)."""

    key: str | None
    statistics: Statistics
    rolling: tuple[float, ...] = ()
    """The share (0-1) of wins in the ROLLING games up to each of the last games (all games up
to it, before the ROLLING-th), oldest first."""
    traced: int = 0
    """How many games `rolling` covers."""
    time_bins: tuple[int, ...] = (0,) * (len(TIME_EDGES) + 1)
    """Plausible wins per bin of `TIME_EDGES` (the last bin: over an hour)."""
    best: tuple[BestTime, ...] = ()
    """The quickest wins, quickest first."""
    by_grade: tuple[GradeShare, ...] = ()
    """Games of graded deals per grade, in the order of the grades given."""
    implausible: int = 0
    """Wins of absurd time or moves: counted, not drawn nor listed."""
    games: tuple[Figures, ...] = ()
    """For all games: each game's figures, in the registry's order."""


def share(won: int, played: int) -> float:
    """The share of wins, 0-1 (0 with nothing played)."""
    return won / played if played else 0.0


def of_game(key: str, summary: Summary, grades: Sequence[str]) -> Figures:
    return Figures(
        key=key,
        statistics=summary.statistics,
        rolling=rolling(summary.trace),
        traced=len(summary.trace),
        time_bins=summary.time_bins,
        best=tuple(BestTime(seconds, moves, deal, key) for seconds, moves, deal in summary.best),
        by_grade=tuple(GradeShare(grade, *summary.by_grade.get(grade, (0, 0))) for grade in grades),
        implausible=summary.implausible,
    )


def of_all(each: Sequence[Figures], grades: Sequence[str], together: Summary) -> Figures:
    """All games together: counts, times and grades added up; the best times of all merged;
    streaks and the win-rate trend from `together`, all games' outcomes in the order played
    (a streak runs on from one game to another)."""
    parts = [figures.statistics for figures in each]
    won = sum(part.won for part in parts)
    fewest = [part.fewest_moves for part in parts if part.fewest_moves is not None]
    timed = [part for part in parts if part.average_time is not None]
    run = together.statistics
    statistics = Statistics(
        rules="",
        played=sum(part.played for part in parts),
        won=won,
        lost=sum(part.lost for part in parts),
        solved=sum(part.solved for part in parts),
        current_streak=run.current_streak,
        longest_winning_streak=run.longest_winning_streak,
        longest_losing_streak=run.longest_losing_streak,
        best_time=min((part.best_time for part in parts if part.best_time is not None), default=None),
        fewest_moves=min(fewest, default=None),
        average_time=sum(part.won * (part.average_time or 0.0) for part in timed) / won if won else None,
        average_moves=sum(part.won * (part.average_moves or 0.0) for part in timed) / won if won else None,
    )
    best = sorted((best for figures in each for best in figures.best), key=lambda best: best[:2])[:10]
    return Figures(
        key=None,
        statistics=statistics,
        rolling=rolling(together.trace),
        traced=len(together.trace),
        time_bins=tuple(map(sum, zip(*(figures.time_bins for figures in each), strict=True)))
        if each else Figures(None, statistics).time_bins,
        best=tuple(best),
        by_grade=tuple(GradeShare(grade, sum(_grade(figures, grade).played for figures in each),
                                  sum(_grade(figures, grade).won for figures in each)) for grade in grades),
        implausible=sum(figures.implausible for figures in each),
        games=tuple(each),
    )


def everything(summaries: dict[str, Summary], order: Iterable[str], grades: Sequence[str],
               together: Summary | None = None) -> dict[str | None, Figures]:
    """Each game's figures (those in `order` first, then any other kind recorded, as a newer
    version may have written), and all games' under None, their streaks and trend from
    `together` (`Overview.together`)."""
    keys = [key for key in order if key in summaries] + [key for key in summaries if key not in order]
    each: dict[str | None, Figures] = {key: of_game(key, summaries[key], grades) for key in keys}
    played = [figures for figures in each.values() if figures.statistics.played]
    run = together if together is not None else Summary(Statistics(""))
    return {**each, None: of_all(played, grades, run)}


def rolling(trace: bytes) -> tuple[float, ...]:
    """The share of wins in the ROLLING games up to each game of `trace`, from the first game:
    before the ROLLING-th the share of all games so far, so that a new player's chart is a line
    from the first games on, not one dot until the twentieth."""
    wins = [letter == ord("W") for letter in trace]
    return tuple(sum(wins[max(0, end - ROLLING + 1):end + 1]) / min(ROLLING, end + 1)
                 for end in range(len(wins)))


def _grade(figures: Figures, grade: str) -> GradeShare:
    return next((share for share in figures.by_grade if share.grade == grade), GradeShare(grade, 0, 0))
