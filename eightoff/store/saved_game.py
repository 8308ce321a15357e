"""The unfinished game as the store hands it to the session: the whole history (redo tail
included) plus the clock and the deal's facts, so the next start resumes exactly where the
player left, undo and all."""

from __future__ import annotations

from datetime import date

import msgspec

from eightoff.core.game import Game


class SavedGame(msgspec.Struct, frozen=True):
    game: Game
    elapsed: float
    """Seconds of play so far; the clock continues from here."""
    hints_used: bool = False
    game_id: str | None = None
    """The id its outcome will be recorded under."""
    daily: date | None = None
    """The day whose daily deal the game is (None: not a daily deal)."""
    par: int | None = None
    """The deal's par, when it was known."""
    grade: str | None = None
    """The deal's grade, when it was known."""
    helped: bool = False
    """The solver played some of it: its finish is "solved with help", not a win."""
