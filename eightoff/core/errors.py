"""Why a move is refused, as exceptions whose message a player understands.

All are `ValueError` subclasses so callers that only care that input was bad can catch that.
"""

from __future__ import annotations


class IllegalMove(ValueError):
    """A move the rules do not allow; the message is shown to the player as it is."""


class EmptySource(IllegalMove):
    pass


class WrongDestination(IllegalMove):
    """Cards cannot go to this pile at all (wrong suit or rank, occupied cell, ...)."""


class NotARun(IllegalMove):
    """The cards asked for are not a run that may move together."""


class RunTooLong(IllegalMove):
    pass


class TakebackNotAllowed(IllegalMove):
    pass


class BoardFormatError(ValueError):
    """A board text that cannot be read; the message names the line and the problem."""


class MoveFormatError(ValueError):
    """A move line in fc-solve's wording that cannot be read."""
