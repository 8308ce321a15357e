"""Which key names which pile, from the pile counts alone: a new game gets its keys for free.

Columns take the digit row in order, 1 to 9 then 0, so ten columns (Seahaven Towers) all have
one; columns past ten (Baker's Dozen's 13, Fan's 18) go on into the letter rows from Q. Cells,
or the reserve in a game that has one instead, take the letters after those, leaving out F (the
foundation key) and H (Hint), so a game may have any number of piles up to the keys there are.
The foundations are Shift+1 to Shift+4 (to take a card back).
"""

from __future__ import annotations

from eightoff.core.piles import Pile
from eightoff.core.rules import Rules

COLUMN_KEYS = "1234567890"
PLACE_KEYS = "qwertyuiopasdgjklzxcvbnm"
"""The cells' or the reserve's keys in order: the letter rows without F and H."""
PILE_KEYS = COLUMN_KEYS + PLACE_KEYS
"""Every key that names a pile in some game: in a game with fewer piles, one says it names none."""
FOUNDATION_KEYS = "1234"
"""With Shift: the four foundations (clubs, diamonds, hearts, spades)."""


def pile_keys(rules: Rules) -> dict[str, Pile]:
    """Key name (as pygame names it, lower case) -> the pile it picks under `rules`."""
    keys = {name: Pile.column(index) for index, name in enumerate(_column_keys(rules))}
    place = Pile.cell if rules.cells else Pile.reserve
    keys.update({name: place(index) for index, name in enumerate(_place_keys(rules))})
    return keys


def _column_keys(rules: Rules) -> str:
    return PILE_KEYS[: rules.columns]


def _place_keys(rules: Rules) -> str:
    first = max(rules.columns - len(COLUMN_KEYS), 0)
    return PLACE_KEYS[first : first + (rules.cells or rules.reserve)]


def key_words(rules: Rules) -> tuple[str, str]:
    """The column keys and the cell (or reserve) keys as Help names them: ("1-9, 0", "Q W E R")."""
    digits = COLUMN_KEYS[: rules.columns]
    columns = f"1-{digits[-1]}" if "0" not in digits else "1-9, 0"
    letters = _column_keys(rules)[len(COLUMN_KEYS):]
    if letters:
        columns += ", " + " ".join(letters).upper()
    return columns, " ".join(_place_keys(rules)).upper()
