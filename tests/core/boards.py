"""Small hand-made positions for scenario tests, written as card text."""

from __future__ import annotations

from eightoff.core.cards import Card
from eightoff.core.position import Position
from eightoff.core.rules import Rules


def make_position(
    rules: Rules,
    columns: list[str],
    cells: list[str | None] | None = None,
    foundations: tuple[int, int, int, int] = (0, 0, 0, 0),
) -> Position:
    """Columns as "KS QS JS" (bottom first; "" for empty), padded to the rules' column count;
    cells padded with empty ones. Not every card need be present: scenarios only hold what
    they are about."""
    parsed = [tuple(Card.parse(token) for token in text.split()) for text in columns]
    parsed += [()] * (rules.columns - len(parsed))
    held = [None if text is None else Card.parse(text) for text in cells or []]
    held += [None] * (rules.cells - len(held))
    return Position(tuple(parsed), tuple(held), foundations)
