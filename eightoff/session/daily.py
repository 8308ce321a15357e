"""The session's daily deal: which deal is today's for a game, whether the game on the table is
it, and the result line a finished daily deal gives (Copy result)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Protocol

from eightoff.core.i18n import _
from eightoff.core.outcome import Outcome
from eightoff.core.variants import VARIANTS
from eightoff.session.daily_words import share_line
from eightoff.session.facts import DealFacts
from eightoff.solver.daily import DailyDeal, daily_deal, list_span


class Finished(Protocol):
    """A session as far as its daily result goes (named by shape: the session imports this)."""

    facts: DealFacts
    outcome: Outcome | None

    def moves(self) -> int: ...

    def seconds(self) -> float: ...


class DailyDesk:
    def __init__(self, today: Callable[[], date] = date.today) -> None:
        self.today = today
        """The player's local date (the daily deal's day); tests give their own."""

    def offers(self, key: str) -> bool:
        """Whether game `key` has a daily deal to open today (its list has today)."""
        return self.deal_of_today(key) is not None

    def deal_of_today(self, key: str) -> DailyDeal | None:
        """Today's daily deal of game `key` (None: the game has none)."""
        return daily_deal(key, self.today())

    def is_today(self, facts: DealFacts) -> bool:
        """Whether the deal of `facts` is today's daily deal."""
        return facts.daily is not None and facts.daily == self.today()

    def missing(self, key: str) -> str:
        """Why game `key` has no daily deal today, in the player's words."""
        return missing_words(key, self.today())


def missing_words(key: str, day: date) -> str:
    """Why game `key` has no daily deal on `day`: it ships no list, or the list does not reach
    that day (named with the days it has)."""
    game, span = _(VARIANTS[key].title), list_span(key)
    if span is None:
        return _("{game} has no daily deal").format(game=game)
    told = _("{game} has no daily deal on {date}: this version lists those of {first} to {last}")
    return told.format(game=game, date=day.isoformat(), first=span[0].isoformat(), last=span[1].isoformat())


def result_line(session: Finished) -> str | None:
    """The daily deal's result as Copy result puts it on the clipboard, once the game is over
    ("Eight Off daily 2026-11-26 · won in 87 moves (par 84) · 4:12"); None for a game that is
    not a daily deal, or not over."""
    facts = session.facts
    if facts.daily is None or session.outcome is None:
        return None
    return share_line(_(VARIANTS[facts.game].title), facts.daily, session.outcome is Outcome.WON,
                      session.moves(), facts.par, session.seconds())
