"""Per-user files through platformdirs: preferences, statistics and the unfinished game.

`Store` is the way in; see its module for what each call does and when the window makes it.

Each name is imported from its module when first used (`eightoff.core.lazy_names`), not
with the package, for start-up cost: the command line peeks at the language preference
without loading the statistics, msgspec or filelock.
"""

from typing import TYPE_CHECKING

from eightoff.core.lazy_names import names_from_modules

if TYPE_CHECKING:  # the same names, as mypy sees them
    from eightoff.store.instance import InstanceLock
    from eightoff.store.saved_game import SavedGame
    from eightoff.store.schema import LOST, SOLVED, WON, Outcome
    from eightoff.store.statistics import FinishedGame, Statistics, Streak
    from eightoff.store.store import Overview, Store
    from eightoff.userfiles.dirs import HomeDirs, StoreDirs, default_dirs

__getattr__ = names_from_modules(__name__, {
    "eightoff.userfiles.dirs": ("HomeDirs", "StoreDirs", "default_dirs"),
    "instance": ("InstanceLock",),
    "saved_game": ("SavedGame",),
    "schema": ("LOST", "SOLVED", "WON", "Outcome"),
    "statistics": ("FinishedGame", "Statistics", "Streak"),
    "store": ("Overview", "Store"),
})

__all__ = [
    "LOST",
    "SOLVED",
    "WON",
    "FinishedGame",
    "HomeDirs",
    "InstanceLock",
    "Outcome",
    "Overview",
    "SavedGame",
    "Statistics",
    "Store",
    "StoreDirs",
    "Streak",
    "default_dirs",
]
