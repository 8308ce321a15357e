"""A deal's facts: the game, the deal, its grade and par, the day whose daily deal it is, and
the player's best on it before this game.

They are one value, made by one function (`deal_facts`) when a game starts, so that nothing
of the previous deal can stay behind in a field someone forgot to set. The value travels
with the game (saved with it, resumed with it) and goes into its record with the outcome:
what the win dialog shows is what the statistics read back. The solver may teach the session
a grade or par the shipped tables do not hold while the game is played (`learned`); once the
game has its outcome the facts are final.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import TYPE_CHECKING

import msgspec

from eightoff.core.game import Game
from eightoff.core.variants import PRESETS
from eightoff.session.daily_words import best_words
from eightoff.solver.daily import shipped_par
from eightoff.solver.grade import grade_of_deal

if TYPE_CHECKING:
    from eightoff.store.games import Best

BestOf = Callable[[str, int], "Best | None"]
"""The player's best wins of a game's deal (the keeper's `best`)."""


class DealFacts(msgspec.Struct, frozen=True):
    game: str
    """The game's key in the registry."""
    deal: int | None
    """The deal's number (None: a board from elsewhere)."""
    grade: str | None = None
    """"easy" ... "expert" once known (said only when the game is over)."""
    par: int | None = None
    """The solver's line in player's moves, once known."""
    daily: date | None = None
    """The day whose daily deal this game is (None: not a daily deal)."""
    best: Best | None = None
    """The player's best wins of this deal before this game (fewest moves, best time)."""

    def learned(self, grade: str | None = None, par: int | None = None) -> DealFacts:
        """These facts with a grade or par the solver found (a known one is kept)."""
        known = self.par if self.par is not None else par
        return msgspec.structs.replace(self, grade=self.grade or grade, par=known)


def deal_facts(game: Game, best_of: BestOf | None = None, *, daily: date | None = None,
               par: int | None = None, grade: str | None = None) -> DealFacts:
    """The facts of `game`'s deal as it starts: the shipped grade and par where the game's
    tables list the deal, else the `grade` and `par` known of this very deal (a saved game's,
    the daily list's, a restart's), and the player's best from `best_of`."""
    number = game.deal_number
    key = game.rules.name
    shipped_grade = None if number is None else grade_of_deal(key, number)
    own_rules = game.rules == PRESETS.get(key)  # the shipped pars are the game's own rules'
    shipped = shipped_par(key, number) if number is not None and own_rules else None
    best = best_of(key, number) if best_of is not None and number is not None else None
    return DealFacts(key, number, shipped_grade or grade, par if par is not None else shipped,
                     daily, best)


def best_line(facts: DealFacts) -> str:
    """"Your best: 91 moves, 3:10" at the start of a deal the player has won before ("" for
    one never won)."""
    return "" if facts.best is None else best_words(facts.best.moves, facts.best.seconds)
