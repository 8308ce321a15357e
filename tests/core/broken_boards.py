"""Ways to break a printed board of any game, each with the words its refusal must hold: what
an adversary tries first (a column short or too many, a card twice or missing, a free cell the
game does not have or one too many, a face-down card where all are face up, foundations that
hold a card a column holds too, a King on a card in Baker's Dozen)."""

from __future__ import annotations

from collections.abc import Callable

from eightoff.core.deals import deal
from eightoff.core.notation import format_board
from eightoff.core.variants import PRESETS

OPEN_GAMES = ("forecell", "relaxed-freecell", "kings-only-bakers", "relaxed-seahaven", "beleaguered-castle",
              "streets-and-alleys", "citadel", "fan", "bakers-dozen")

Breaker = Callable[[str, list[str]], tuple[list[str], str]]
"""(game key, the lines of one of its deals) -> (the broken lines, a word the refusal names)."""


def printed(key: str, number: int = 5) -> list[str]:
    return format_board(deal(number, PRESETS[key])).splitlines()


def _split(lines: list[str]) -> tuple[list[str], list[str]]:
    """The header lines (cells, foundations) and the column lines."""
    header = [line for line in lines if line.startswith(("Freecells:", "Foundations:"))]
    return header, [line for line in lines if line not in header]


def column_short(key: str, lines: list[str]) -> tuple[list[str], str]:
    return lines[:-1], f"expected {PRESETS[key].columns} columns"


def column_extra(key: str, lines: list[str]) -> tuple[list[str], str]:
    return [*lines, ":"], f"more than the {PRESETS[key].columns} columns"


def card_twice(key: str, lines: list[str]) -> tuple[list[str], str]:
    """A card of a later column (not a King, which Baker's Dozen refuses for itself) laid on
    the first column too."""
    header, columns = _split(lines)
    card = next(token for line in columns[1:] for token in line.split() if not token.startswith("K"))
    return [*header, f"{columns[0]} {card}", *columns[1:]], f"{card} appears twice"


def card_missing(key: str, lines: list[str]) -> tuple[list[str], str]:
    header, columns = _split(lines)
    *kept, card = columns[0].split()
    return [*header, " ".join(kept) or ":", *columns[1:]], f"missing cards: {card}"


def cell_too_many(key: str, lines: list[str]) -> tuple[list[str], str]:
    """One empty cell more than the game has (a free cell at all where it has none)."""
    header, columns = _split(lines)
    places = PRESETS[key].cells
    cells = [line for line in header if line.startswith("Freecells:")]
    listed = cells[0].split()[1:] if cells else []
    others = [line for line in header if line not in cells]
    line = "Freecells: " + " ".join([*listed, *["-"] * (places + 1 - len(listed))])
    return [line, *others, *columns], "no free cells" if places == 0 else f"{places + 1} free cells listed"


def face_down(key: str, lines: list[str]) -> tuple[list[str], str]:
    header, columns = _split(lines)
    first, *rest = columns[0].split()
    return [*header, " ".join([f"[{first}]", *rest]), *columns[1:]], "all cards are face up"


def foundations_twice(key: str, lines: list[str]) -> tuple[list[str], str]:
    """The foundations claim the Ace to Queen of the suit of the first column's top card,
    which a column still holds."""
    header, columns = _split(lines)
    top = columns[0].split()[-1]
    suit = top[1]
    homes = " ".join(f"{other}-{'Q' if other == suit else 0}" for other in "HCDS")
    kept = [line for line in header if not line.startswith("Foundations:")]
    return [*kept, f"Foundations: {homes}", *columns], "appears twice"


def king_on_a_card(key: str, lines: list[str]) -> tuple[list[str], str]:
    """The first column with a King has it moved to its top (Baker's Dozen only)."""
    header, columns = _split(lines)
    index = next(index for index, line in enumerate(columns) if line.startswith("K") and " " in line)
    king, *rest = columns[index].split()
    columns = [*columns[:index], " ".join([*rest, king]), *columns[index + 1 :]]
    return [*header, *columns], f"{king} lies on another card"


BREAKERS: dict[str, Breaker] = {
    "a column short": column_short,
    "a column too many": column_extra,
    "a card twice": card_twice,
    "a card missing": card_missing,
    "a free cell too many": cell_too_many,
    "a face-down card": face_down,
    "foundations holding a column's card": foundations_twice,
}


def cases() -> list[tuple[str, str]]:
    """(game, way to break it) for every game and way, and Baker's Dozen's King on a card."""
    return [(key, name) for key in OPEN_GAMES for name in BREAKERS] + [("bakers-dozen", "a King on a card")]


def broken(key: str, name: str, number: int = 5) -> tuple[str, str]:
    """The broken board's text and the words its refusal names."""
    breaker = king_on_a_card if name == "a King on a card" else BREAKERS[name]
    lines, words = breaker(key, printed(key, number))
    return "\n".join(lines) + "\n", words
