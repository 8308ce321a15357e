"""The keys that name piles, in one place: the controller reads them, Help says them."""

from __future__ import annotations

CELL_KEYS = "qwertyui"
"""The cells, or the reserve in a game that has one instead."""
COLUMN_KEYS = "123456789"
FOUNDATION_KEYS = "1234"
"""With Shift: the four foundations (clubs, diamonds, hearts, spades), to take a card back."""
