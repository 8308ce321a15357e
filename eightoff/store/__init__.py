"""Per-user files through platformdirs: preferences, statistics and the unfinished game.

`Store` is the way in; see its module for what each call does and when the window makes it.

Each name is imported from its module when first used (`eightoff.core.lazy_names`), not
with the package, for start-up cost: the command line peeks at the language preference
without loading the statistics or msgspec.
"""

from typing import TYPE_CHECKING

from eightoff.core.lazy_names import names_from_modules

if TYPE_CHECKING:  # the same names, as mypy sees them
    from eightoff.store.saved_game import SavedGame
    from eightoff.store.schema import LOST, SOLVED, WON, FinishedGame, Outcome
    from eightoff.store.statistics import Statistics, Streak, Summary
    from eightoff.store.store import Overview, Store
    from eightoff.userfiles.dirs import HomeDirs, StoreDirs, default_dirs

__getattr__ = names_from_modules(__name__, {
    "eightoff.userfiles.dirs": ("HomeDirs", "StoreDirs", "default_dirs"),
    "saved_game": ("SavedGame",),
    "schema": ("LOST", "SOLVED", "WON", "FinishedGame", "Outcome"),
    "statistics": ("Statistics", "Streak", "Summary"),
    "store": ("Overview", "Store"),
})

__all__ = [
    "LOST",
    "SOLVED",
    "WON",
    "FinishedGame",
    "HomeDirs",
    "Outcome",
    "Overview",
    "SavedGame",
    "Statistics",
    "Store",
    "StoreDirs",
    "Streak",
    "Summary",
    "default_dirs",
]
