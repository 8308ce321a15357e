"""What just happened to the game, for the session's listeners (window, store, solver, logs)."""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum

from eightoff.core.game import GameView, Step


class Change(Enum):
    NEW = "new"
    """A new game replaced the old one (which may have been abandoned unfinished)."""
    RESTART = "restart"
    MOVE = "move"
    UNDO = "undo"
    REDO = "redo"
    WON = "won"
    """The game was won at the move just made, by the player or with the solver's solution
    (see `Session.outcome`); sent right after that move's MOVE, before any animation."""
    LOST = "lost"
    """A started, undecided game is being left for another; sent while it is still the
    session's game, just before the NEW or RESTART that replaces it."""
    REPLAY = "replay"
    """A finished game's replay showed a step (forward or back), or began or ended (no step):
    the table shows `Session.game`, which is the replay's while it runs. Nothing is played."""


Listener = Callable[[Change, GameView, "Step | None"], None]
"""Called after every change with the game as it is now and the step made (None for NEW,
RESTART and WON)."""
