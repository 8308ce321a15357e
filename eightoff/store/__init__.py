"""Per-user files through platformdirs: preferences, statistics and the unfinished game.

`Store` is the way in; see its module for what each call does.
"""

from eightoff.store.saved_game import SavedGame
from eightoff.store.schema import LOST, SOLVED, WON, FinishedGame, Outcome
from eightoff.store.statistics import Statistics, Streak, Summary
from eightoff.store.store import Overview, Store
from eightoff.userfiles.dirs import HomeDirs, StoreDirs, default_dirs

__all__ = ["LOST", "SOLVED", "WON", "FinishedGame", "HomeDirs", "Outcome", "Overview", "SavedGame",
           "Statistics", "Store", "StoreDirs", "Streak", "Summary", "default_dirs"]
