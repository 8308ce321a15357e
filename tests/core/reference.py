"""A deliberately simple second reading of the rules, to check the fast move generator against.

Written from the games' rules as a player reads them, not from eightoff/core/position.py: it
tries every (source, destination, count) and asks plain questions of each, and it applies
moves on lists. Slow and obviously right is the point; it never calls `legal_moves`,
`find_move`, `apply` or the `Rules` helper methods.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from eightoff.core.cards import Card, Suit
from eightoff.core.moves import Move
from eightoff.core.piles import Pile, PileKind
from eightoff.core.position import Position
from eightoff.core.rules import Build, EmptyColumn, Rules, RunMoves

RED = (Suit.DIAMONDS, Suit.HEARTS)


def all_piles(position: Position) -> list[Pile]:
    return (
        [Pile(PileKind.COLUMN, i) for i in range(len(position.columns))]
        + [Pile(PileKind.CELL, i) for i in range(len(position.cells))]
        + [Pile(PileKind.RESERVE, i) for i in range(len(position.reserve))]
        + [Pile(PileKind.FOUNDATION, suit) for suit in range(4)]
    )


def pile_cards(position: Position, pile: Pile) -> list[Card]:
    if pile.kind is PileKind.COLUMN:
        return list(position.columns[pile.index])
    if pile.kind in (PileKind.CELL, PileKind.RESERVE):
        card = (position.cells if pile.kind is PileKind.CELL else position.reserve)[pile.index]
        return [] if card is None else [card]
    return [Card(Suit(pile.index), rank) for rank in range(1, position.foundations[pile.index] + 1)]


def may_lie_on(rules: Rules, card: Card, below: Card) -> bool:
    """Column building: one rank lower, and same suit, the other colour or any suit as the
    rules say."""
    if card.rank != below.rank - 1:
        return False
    if rules.build is Build.SAME_SUIT:
        return card.suit == below.suit
    if rules.build is Build.ANY_SUIT:
        return True
    return (card.suit in RED) != (below.suit in RED)


def is_legal(position: Position, rules: Rules, source: Pile, destination: Pile, count: int) -> bool:
    if source == destination:
        return False
    if source.kind is PileKind.FOUNDATION and not rules.foundation_takeback:
        return False
    if destination.kind is PileKind.RESERVE:
        return False  # nothing ever goes into the reserve
    if source.kind is PileKind.RESERVE and destination.kind is PileKind.CELL:
        return False  # reserve cards go only to columns and foundations
    cards = pile_cards(position, source)
    if count < 1 or count > len(cards):
        return False
    if source.kind is not PileKind.COLUMN and count != 1:
        return False
    hidden = position.hidden[source.index] if source.kind is PileKind.COLUMN and position.hidden else 0
    if count > len(cards) - hidden:
        return False  # face-down cards never move
    moving = cards[len(cards) - count :]
    for lower, upper in zip(moving, moving[1:], strict=False):
        if not may_lie_on(rules, upper, lower):
            return False
    first = moving[0]
    if destination.kind is PileKind.CELL:
        return count == 1 and position.cells[destination.index] is None
    if destination.kind is PileKind.FOUNDATION:
        return (
            count == 1
            and destination.index == first.suit
            and position.foundations[first.suit] == first.rank - 1
        )
    target = position.columns[destination.index]
    if target:
        if not may_lie_on(rules, first, target[-1]):
            return False
    elif rules.empty_column is EmptyColumn.NONE:
        return False  # an empty column stays empty
    elif rules.empty_column is EmptyColumn.KINGS and first.rank != 13:
        return False
    free_cells = sum(1 for card in position.cells if card is None)
    empty_columns = sum(1 for column in position.columns if not column)
    if rules.run_moves is RunMoves.UNLIMITED:
        most = 52
    elif rules.run_moves is RunMoves.SINGLE_CARDS:
        most = 1
    elif rules.run_moves is RunMoves.CELLS_ONLY:
        most = free_cells + 1
    else:
        helpers = empty_columns if target else empty_columns - 1
        most = (free_cells + 1) * 2**helpers
    return count <= most


def reference_moves(position: Position, rules: Rules) -> set[Move]:
    """Every legal move, found by trying every source, destination and count."""
    piles = all_piles(position)
    found = set()
    for source in piles:
        for count in range(1, len(pile_cards(position, source)) + 1):
            for destination in piles:
                if is_legal(position, rules, source, destination, count):
                    found.add(Move(source, destination, count))
    return found


def reference_apply(position: Position, move: Move) -> Position:
    columns = [list(column) for column in position.columns]
    cells = list(position.cells)
    reserve = list(position.reserve)
    hidden = list(position.hidden)
    foundations = list(position.foundations)
    source, destination, count = move
    if source.kind is PileKind.COLUMN:
        moving = columns[source.index][-count:]
        del columns[source.index][-count:]
        if hidden:
            # The card that comes to the top turns face up.
            hidden[source.index] = min(hidden[source.index], max(len(columns[source.index]) - 1, 0))
    elif source.kind is PileKind.CELL:
        moving = [cells[source.index]]
        cells[source.index] = None
    elif source.kind is PileKind.RESERVE:
        moving = [reserve[source.index]]
        reserve[source.index] = None
    else:
        moving = [Card(Suit(source.index), foundations[source.index])]
        foundations[source.index] -= 1
    if destination.kind is PileKind.COLUMN:
        columns[destination.index].extend(moving)
    elif destination.kind is PileKind.CELL:
        cells[destination.index] = moving[0]
    else:
        foundations[destination.index] += 1
    return Position(
        tuple(map(tuple, columns)), tuple(cells), tuple(foundations), tuple(reserve), tuple(hidden)
    )


def perft(
    position: Position, rules: Rules, depth: int, moves_of: str = "reference"
) -> Iterator[tuple[int, int]]:
    """(move paths, distinct positions) at depths 1..`depth`, breadth first.

    `moves_of` picks the generator: "reference" (this module) or "core" (legal_moves + apply),
    so the same walk counts both and the tests compare them.
    """
    level: Counter[Position] = Counter({position: 1})
    for _ in range(depth):
        following: Counter[Position] = Counter()
        for node, paths in level.items():
            if moves_of == "reference":
                children = [reference_apply(node, move) for move in reference_moves(node, rules)]
            else:
                children = [node.apply(move) for move in node.legal_moves(rules)]
            for child in children:
                following[child] += paths
        level = following
        yield sum(level.values()), len(level)
