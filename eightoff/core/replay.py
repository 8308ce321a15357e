"""The one checked replay loop: moves (or their text in fc-solve's wording) applied one by one
through `find_move`, the path a player's requests take, so a line that replays here is a line
a player could make. The command line's `replay`, saved games and the solver all use it."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from eightoff.core.moves import Move
from eightoff.core.notation import parse_move
from eightoff.core.position import Position
from eightoff.core.rules import Rules


def replay(position: Position, rules: Rules, moves: Iterable[Move | str]) -> Iterator[tuple[Move, Position]]:
    """Each move checked and made, yielded with the position after it. A text line is read
    against the position it is made in. Raises `IllegalMove` (a refused move, saying why) or
    `MoveFormatError` (an unreadable line). Lazy: the next move is asked for only after the
    previous one is made, so `moves` may be built from the positions yielded so far."""
    for item in moves:
        move = parse_move(item, position, rules) if isinstance(item, str) else item
        checked = position.find_move(rules, move.source, move.destination, move.count)
        position = position.apply(checked)
        yield checked, position
