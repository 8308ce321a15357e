"""The statistics as the front end shows them: the store logs and sums the finished games and
words their figures (the same words `eightoff stats` prints), and the window reads them through
the session's keeper in these words and types. The window imports them from here, never from
the store (an import-linter contract says so)."""

from eightoff.store.figure_words import (
    OUTCOME_WORDS,
    count_line,
    describe,
    duration,
    game_rows,
    implausible_line,
    moves_words,
    outcome_word,
    streak_lines,
    title,
    which_deal,
)
from eightoff.store.figures import ROLLING, Figures, GradeShare, everything
from eightoff.store.statistics import TIME_EDGES, FinishedGame, Statistics

__all__ = [
    "OUTCOME_WORDS",
    "ROLLING",
    "TIME_EDGES",
    "Figures",
    "FinishedGame",
    "GradeShare",
    "Statistics",
    "count_line",
    "describe",
    "duration",
    "everything",
    "game_rows",
    "implausible_line",
    "moves_words",
    "outcome_word",
    "streak_lines",
    "title",
    "which_deal",
]
