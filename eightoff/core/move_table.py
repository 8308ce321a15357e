"""Every possible `Move` made once and looked up by index, so the move generator appends
shared objects instead of building thousands of tuples a second (the solver calls it a lot).

Also the lookup of which cards a card may lie on, for each of the three ways columns build.
"""

from __future__ import annotations

from functools import cache

from eightoff.core.cards import CARDS, KING, Card, Suit
from eightoff.core.moves import Move
from eightoff.core.piles import Pile

LONGEST_RUN = KING
"""A run descends one rank per card, so no run is longer than the thirteen ranks."""


class MovesFrom:
    """The moves out of one pile, indexed by what the generator knows when it needs them."""

    __slots__ = ("to_cells", "home", "to_column")

    def __init__(self, source: Pile, columns: int, cells: int, to_cells: bool = True) -> None:
        self.to_cells: tuple[tuple[Move, ...], ...] = _to_cells(source, cells, to_cells)
        """[mask of free cells] -> the moves to each of them (none for a reserve card)."""
        self.home: tuple[Move, ...] = tuple(Move(source, Pile.foundation(suit), 1) for suit in Suit)
        """[suit] -> the move to that suit's foundation."""
        self.to_column: tuple[tuple[Move, ...], ...] = tuple(
            tuple(Move(source, Pile.column(target), count) for count in range(LONGEST_RUN + 1))
            for target in range(columns)
        )
        """[target column][count] -> the move (count 0 is an unused placeholder)."""


def _to_cells(source: Pile, cells: int, to_cells: bool) -> tuple[tuple[Move, ...], ...]:
    """[mask] -> the moves from `source` to the cells whose bits are set, lowest cell first.
    Each mask's moves are its lowest cell's move before those of the mask without that bit,
    built already: one step a mask (the window builds these tables before its first frame)."""
    moves = [Move(source, Pile.cell(cell), 1) for cell in range(cells)]
    table: list[tuple[Move, ...]] = [()]
    for free in range(1, 1 << cells if to_cells else 1):
        lowest = free & -free
        move = moves[lowest.bit_length() - 1]
        rest = table[free ^ lowest]
        table.append(rest if move.destination == source else (move, *rest))
    table += [()] * ((1 << cells) - len(table))
    return tuple(table)


class MoveTable:
    """The moves out of every column, cell, reserve place and foundation of a layout with this
    many piles."""

    __slots__ = ("column", "cell", "reserve", "foundation")

    def __init__(self, columns: int, cells: int, reserve: int) -> None:
        self.column = tuple(MovesFrom(Pile.column(i), columns, cells) for i in range(columns))
        self.cell = tuple(MovesFrom(Pile.cell(i), columns, cells) for i in range(cells))
        self.reserve = tuple(
            MovesFrom(Pile.reserve(i), columns, cells, to_cells=False) for i in range(reserve)
        )
        """Reserve cards never go to a cell, so their tables have no such moves."""
        self.foundation = tuple(MovesFrom(Pile.foundation(suit), columns, cells) for suit in Suit)


@cache
def move_table(columns: int, cells: int, reserve: int = 0) -> MoveTable:
    """Built on first use (no work at import time) and shared by every position of that shape."""
    return MoveTable(columns, cells, reserve)


def _may_lie_on(same_suit: bool, any_suit: bool, card: Card) -> tuple[Card, ...]:
    if card.rank == KING:
        return ()
    above = [CARDS[suit][card.rank + 1] for suit in Suit]
    if same_suit:
        return (above[card.suit],)
    if any_suit:
        return tuple(above)
    return tuple(onto for onto in above if onto.is_red != card.is_red)


@cache
def places(same_suit: bool, any_suit: bool = False) -> tuple[tuple[tuple[Card, ...], ...], ...]:
    """[suit][rank] -> the cards that card may lie on in a column: the same suit one rank up
    when `same_suit`, every card one rank up when `any_suit`, else both cards of the other
    colour one rank up. (Keyed by bools, not by `Build`, because hashing an Enum member runs
    Python code and this is on the hot path.)"""
    return tuple(tuple(_may_lie_on(same_suit, any_suit, card) for card in CARDS[suit]) for suit in Suit)
