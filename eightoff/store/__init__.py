"""Per-user files through platformdirs: preferences, statistics and the unfinished game.

`Store` is the way in; see its module for what each call does and when the window makes it.
"""

from eightoff.store.dirs import HomeDirs, StoreDirs, default_dirs
from eightoff.store.preferences import Preferences
from eightoff.store.saved_game import SavedGame
from eightoff.store.statistics import FinishedGame, Statistics, Streak
from eightoff.store.store import Store

__all__ = [
    "FinishedGame",
    "HomeDirs",
    "Preferences",
    "SavedGame",
    "Statistics",
    "Store",
    "StoreDirs",
    "Streak",
    "default_dirs",
]
