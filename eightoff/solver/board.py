"""The solver's compact board: cards as small ints, columns as `bytes`, cells as a sorted `bytes`.

`core.Position` is built for clarity; the search visits tens of thousands of boards, so it runs
on this flat form instead. Everything a variant changes is read once from the `Rules` value
(build, empty columns, run capacity, number of cells, auto-play safety) into tables here, so the
search has no per-variant branches.

A card is `suit * 16 + rank` (17..61): it fits in a byte, and 0 and 1 stay free as separators
for the visited-set key.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import NamedTuple

from eightoff.core.cards import CARDS, Card
from eightoff.core.position import Position
from eightoff.core.rules import Build, Rules

KING = 13
RANK_MASK = 15

# Internal move kinds. A move is (kind, a, b, count):
COLUMN_TO_COLUMN = 0  # a = source column, b = destination column
COLUMN_TO_CELL = 1  # a = source column
CELL_TO_COLUMN = 2  # a = the card, b = destination column
HOME = 3  # a = the card (from a column top or a cell)
TAKEBACK = 4  # a = the card, b = destination column or -1 for a cell

InternalMove = tuple[int, int, int, int]


def card_code(card: Card) -> int:
    return int(card.suit) * 16 + card.rank


def code_card(code: int) -> Card:
    return CARDS[code >> 4][code & RANK_MASK]


class Board(NamedTuple):
    columns: tuple[bytes, ...]
    cells: bytes
    """The cell cards in ascending order: which cell holds a card never matters to the search."""
    foundations: tuple[int, int, int, int]

    def key(self) -> bytes:
        """The visited-set key: column order and cell order do not matter."""
        return b"\0".join(sorted(self.columns)) + b"\1" + self.cells

    @property
    def is_won(self) -> bool:
        return self.foundations == (KING, KING, KING, KING)


def from_position(position: Position) -> Board:
    columns = tuple(bytes(card_code(card) for card in column) for column in position.columns)
    cells = bytes(sorted(card_code(card) for card in position.cells if card is not None))
    return Board(
        columns,
        cells,
        (position.foundations[0], position.foundations[1], position.foundations[2], position.foundations[3]),
    )


def _add_cell(cells: bytes, card: int) -> bytes:
    return bytes(sorted(cells + bytes((card,))))


def _without(cells: bytes, card: int) -> bytes:
    return cells.replace(bytes((card,)), b"", 1)


class Engine:
    """Move generation and application for one `Rules` value; build with `engine_for(rules)`."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.cells = rules.cells
        codes = [card_code(card) for suit in CARDS for card in suit[1:]]
        self.parents: dict[int, bytes] = {
            card: bytes(onto for onto in codes if rules.builds_on(code_card(card), code_card(onto)))
            for card in codes
        }
        """The cards each card may lie on."""
        self.builds = {(card, onto) for card, ontos in self.parents.items() for onto in ontos}
        self.fills = {card for card in codes if rules.may_fill_empty_column(code_card(card))}
        """The cards that may go into an empty column."""
        columns = rules.columns
        self.capacity = {
            (free, empty, to_empty): rules.run_capacity(free, empty, to_empty)
            for free in range(rules.cells + 1)
            for empty in range(columns + 1)
            for to_empty in (False, True)
        }
        self.takeback_matters = rules.foundation_takeback and rules.build is not Build.SAME_SUIT
        """With same-suit building a card taken back could only ever hold lower cards of its own
        suit, which are home already, so a line with take-backs can always drop them (see
        `solve`'s docstring); the search then skips them, which keeps proofs sound and fast."""
        self._safe: dict[tuple[int, tuple[int, ...]], bool] = {}
        self.autoplay_folds = not self.takeback_matters
        """Safe home moves are folded into every step only where that is provably harmless: the
        core's safety rule assumes cards never come back off the foundations."""

    # ----- reading --------------------------------------------------------------------------

    def run_length(self, column: bytes) -> int:
        builds = self.builds
        length = 1 if column else 0
        while length < len(column) and (column[-length], column[-length - 1]) in builds:
            length += 1
        return length

    def safe_home(self, card: int, foundations: tuple[int, ...]) -> bool:
        key = (card, foundations)
        safe = self._safe.get(key)
        if safe is None:
            safe = self._safe[key] = self.rules.safe_to_autoplay(code_card(card), foundations)
        return safe

    def is_legal(self, board: Board, move: InternalMove) -> bool:
        """Whether `move` may be made on `board` (for edits to a found line; the search itself
        only makes moves that `moves` produced)."""
        kind, a, b, count = move
        columns, cells, foundations = board
        free = self.cells - len(cells)
        if kind == COLUMN_TO_CELL:
            return bool(columns[a]) and free > 0
        if kind == HOME:
            at_top = a in cells or any(column and column[-1] == a for column in columns)
            return at_top and foundations[a >> 4] == (a & RANK_MASK) - 1
        if kind == COLUMN_TO_COLUMN:
            source = columns[a]
            if a == b or not 1 <= count <= self.run_length(source):
                return False
            card = source[-count]
        elif kind == CELL_TO_COLUMN:
            if a not in cells:
                return False
            card = a
        else:
            if not self.rules.foundation_takeback or foundations[a >> 4] != (a & RANK_MASK):
                return False
            if b < 0:
                return free > 0
            card = a
        target = columns[b]
        if not target:
            empty = sum(1 for column in columns if not column)
            return card in self.fills and count <= self.capacity[free, empty, True]
        empty = sum(1 for column in columns if not column)
        return (card, target[-1]) in self.builds and count <= self.capacity[free, empty, False]

    # ----- changing -------------------------------------------------------------------------

    def apply(self, board: Board, move: InternalMove) -> Board:
        kind, a, b, count = move
        columns, cells, foundations = board
        if kind == COLUMN_TO_COLUMN:
            source = columns[a]
            moving = source[-count:]
            new = list(columns)
            new[a] = source[:-count]
            new[b] = columns[b] + moving
            return Board(tuple(new), cells, foundations)
        if kind == COLUMN_TO_CELL:
            source = columns[a]
            new = list(columns)
            new[a] = source[:-1]
            return Board(tuple(new), _add_cell(cells, source[-1]), foundations)
        if kind == CELL_TO_COLUMN:
            new = list(columns)
            new[b] = columns[b] + bytes((a,))
            return Board(tuple(new), _without(cells, a), foundations)
        if kind == HOME:
            suit = a >> 4
            homes = list(foundations)
            homes[suit] += 1
            if a in cells:
                return Board(columns, _without(cells, a), tuple(homes))  # type: ignore[arg-type]
            new = list(columns)
            for index, column in enumerate(columns):
                if column and column[-1] == a:
                    new[index] = column[:-1]
                    break
            return Board(tuple(new), cells, tuple(homes))  # type: ignore[arg-type]
        # TAKEBACK
        suit = a >> 4
        homes = list(foundations)
        homes[suit] -= 1
        if b < 0:
            return Board(columns, _add_cell(cells, a), tuple(homes))  # type: ignore[arg-type]
        new = list(columns)
        new[b] = columns[b] + bytes((a,))
        return Board(tuple(new), cells, tuple(homes))  # type: ignore[arg-type]

    def autoplay(self, board: Board) -> tuple[Board, list[InternalMove]]:
        """Send home every card that safely may, lowest first (as the core's auto-play does)."""
        if not self.autoplay_folds:
            return board, []
        played: list[InternalMove] = []
        while True:
            columns, cells, foundations = board
            ready = [
                card
                for card in [column[-1] for column in columns if column] + list(cells)
                if foundations[card >> 4] == (card & RANK_MASK) - 1 and self.safe_home(card, foundations)
            ]
            if not ready:
                return board, played
            card = min(ready, key=lambda code: code & RANK_MASK)
            move = (HOME, card, 0, 1)
            played.append(move)
            board = self.apply(board, move)

    def moves(self, board: Board) -> Iterator[InternalMove]:
        """Every move worth trying. Left out, soundly: cell to cell (changes nothing), a whole
        column to an empty column (the same board) and a move to any but the first empty column
        (empty columns are interchangeable). Safe home moves were folded in already."""
        columns, cells, foundations = board
        builds, fills = self.builds, self.fills
        free = self.cells - len(cells)
        empty = [index for index, column in enumerate(columns) if not column]
        first_empty = empty[0] if empty else -1
        capacity = self.capacity[free, len(empty), False]
        capacity_to_empty = self.capacity[free, len(empty), True]
        tops = [column[-1] if column else 0 for column in columns]
        for index, column in enumerate(columns):
            if not column:
                continue
            card = column[-1]
            if foundations[card >> 4] == (card & RANK_MASK) - 1:
                yield (HOME, card, 0, 1)  # only unsafe ones are left when auto-play folds
            run = self.run_length(column)
            for target, top in enumerate(tops):
                if target == index:
                    continue
                if top:
                    count = (top & RANK_MASK) - (card & RANK_MASK)
                    if 1 <= count <= run and count <= capacity and (column[-count], top) in builds:
                        yield (COLUMN_TO_COLUMN, index, target, count)
                elif target == first_empty:
                    for count in range(1, min(run, capacity_to_empty, len(column) - 1) + 1):
                        if column[-count] in fills:
                            yield (COLUMN_TO_COLUMN, index, target, count)
            if free:
                yield (COLUMN_TO_CELL, index, 0, 1)
        for card in cells:
            if foundations[card >> 4] == (card & RANK_MASK) - 1:
                yield (HOME, card, 0, 1)
            for target, top in enumerate(tops):
                if top:
                    if (card, top) in builds:
                        yield (CELL_TO_COLUMN, card, target, 1)
                elif target == first_empty and card in fills:
                    yield (CELL_TO_COLUMN, card, target, 1)
        if self.takeback_matters:
            for suit, rank in enumerate(foundations):
                if not rank:
                    continue
                card = suit * 16 + rank
                if free:
                    yield (TAKEBACK, card, -1, 1)
                for target, top in enumerate(tops):
                    if (top and (card, top) in builds) or (target == first_empty and card in fills):
                        yield (TAKEBACK, card, target, 1)


@cache
def engine_for(rules: Rules) -> Engine:
    return Engine(rules)
