"""The session a player's window opens on, with its keeper on the player's own files and its
advisor on a solver process: the one place the front end's start-up meets the store and the
solver (the window imports neither)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import date

from eightoff.session.advisor import Advisor
from eightoff.session.keeper import Keeper
from eightoff.session.session import Session
from eightoff.store.store import Store


def open_session(now: Callable[[], float], *, key: str | None = None, deal: int | None = None,
                 choices: Mapping[str, bool] | None = None, store: Store | None = None,
                 advisor: Advisor | None = None, daily: bool = False,
                 today: Callable[[], date] = date.today) -> Session:
    """The last game played and its unfinished game, or the game and deal asked for, or
    today's daily deal (`daily`)."""
    keeper = Keeper(store if store is not None else Store())
    return Session.open(keeper, now, advisor=advisor or Advisor(), key=key, deal=deal,
                        choices=dict(choices) if choices is not None else None, daily=daily, today=today)
