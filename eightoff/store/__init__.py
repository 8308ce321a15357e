"""Per-user files through platformdirs: preferences, statistics and the unfinished game.

`Store` is the way in; see its module for what each call does and when the window makes it.
"""

from eightoff.store.dirs import HomeDirs, StoreDirs, default_dirs
from eightoff.store.instance import InstanceLock
from eightoff.store.preferences import Preferences
from eightoff.store.saved_game import SavedGame
from eightoff.store.schema import LOST, SOLVED, WON, Outcome
from eightoff.store.statistics import FinishedGame, Statistics, Streak
from eightoff.store.store import Overview, Store

__all__ = [
    "LOST",
    "SOLVED",
    "WON",
    "FinishedGame",
    "HomeDirs",
    "InstanceLock",
    "Outcome",
    "Overview",
    "Preferences",
    "SavedGame",
    "Statistics",
    "Store",
    "StoreDirs",
    "Streak",
    "default_dirs",
]
