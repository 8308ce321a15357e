"""How a game ended: one type for the session that decides it, the store that logs it and every
place that shows it (the window, the dialog, `eightoff stats`)."""

from __future__ import annotations

from enum import Enum

from eightoff.core.i18n import N_


class Outcome(str, Enum):
    """A `str` enum: the store's files hold its values, and msgspec reads them back as members."""

    WON = "won"
    SOLVED_WITH_HELP = "solved with help"
    """The solver's step-through solution was used: counted apart from wins."""
    LOST = "lost"
    """Left unfinished for another game."""

    @property
    def label(self) -> str:
        """Marked with `N_`: translate where shown."""
        return {
            Outcome.WON: N_("Won"),
            Outcome.SOLVED_WITH_HELP: N_("Solved with help"),
            Outcome.LOST: N_("Lost"),
        }[self]
