"""The statistics as the front end shows them: the store logs and sums the finished games, and
the window reads them through the session's keeper in these words and types. The window
imports them from here, never from the store (an import-linter contract says so)."""

from eightoff.store.statistics import FinishedGame, Statistics
from eightoff.store.stats_command import OUTCOME_WORDS, describe, duration, plural, title

__all__ = ["OUTCOME_WORDS", "FinishedGame", "Statistics", "describe", "duration", "plural", "title"]
