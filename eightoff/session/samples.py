"""A game's first deal, for pictures of its table (the game chooser's): the window does not
deal cards itself, so the session hands it the position."""

from __future__ import annotations

from functools import cache

from eightoff.core.deals import deal
from eightoff.core.position import Position
from eightoff.core.variants import VARIANTS


@cache
def sample_position(key: str) -> Position:
    """Deal 1 of game `key`, as its registry entry's rules lay it out."""
    return deal(1, VARIANTS[key].rules)
