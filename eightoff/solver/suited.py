"""A proof on one board changed in place, for same-suit games with cells (Kings-Only Baker's Game).

Most of that game's deals are lost, and a lost deal's proof visits every board the pruning of
`Engine.moves` leaves: the best-first runners make a new board, its key and its score for each
of them. This search keeps one board that it changes and changes back, and a board's key is
what each card lies on: a child's key differs from its board's in a byte or two, so a child
seen before costs those bytes changed and a set look-up. Cells' cards whose parent is a top are
laid on it at once (`settle`), which leaves fewer boards than the runners reach.

The longer reasons: docs/solver.md, "A proof first"."""

from __future__ import annotations

from typing import Final

from eightoff.core.rules import Build, RunMoves
from eightoff.solver.board import KING, RANK_MASK, Board, Engine

BOTTOM: Final = 0
"""What a column's bottom card lies on, in the key: rank 0, which is no card."""
IN_CELL: Final = 14
"""What a card in a cell lies on: rank 14 of clubs, which is no card."""
HOME: Final = 15
"""What a card on its foundation lies on: rank 15, no card either."""
KEY_SIZE: Final = 64
"""Card codes are below this (`board.CARD_CODES`)."""
COLUMN_TO_COLUMN: Final = 0
COLUMN_TO_CELL: Final = 1
CELL_TO_COLUMN: Final = 2
WON: Final = [KING, KING, KING, KING]
NO_HOME: Final[list[int]] = []
"""The cards sent home after a move that uncovered none going home: shared, never added to."""

Child = tuple[int, int, int, int, bytes]
"""A move still to try from a board: its kind, its source (a column, or the card for a cell's),
its target column, the cards it moves, and the key of the board it makes (empty when cards
follow it, `settle`: that key is known only once it is made)."""
Undo = tuple[int, int, int, int, int, list[int]]
"""What takes a board back to its parent: the move (kind, source, target, cards), the card it
took from a cell or the lowest it put in cells, and what `settle` did after it."""


def applies_to(engine: Engine) -> bool:
    """Whether this search plays `engine`'s game: building in one suit (so a run's cards are
    consecutive codes and only a whole run may go onto another column), no reserve, no
    take-backs, and only Kings, or no card, in an empty column."""
    rules = engine.rules
    return (
        rules.build is Build.SAME_SUIT
        and not rules.reserve
        and not engine.takeback_matters
        and all(card & RANK_MASK == KING for card in engine.fills)
        and (rules.run_moves is not RunMoves.SINGLE_CARDS or not rules.cells)
    )


class SuitedProver:
    """One exhaustive depth-first search over the canonical boards (no cell's card whose parent
    is a top) that `Engine.moves` and `settle` reach, advanced some boards at a time
    (`advance`). It answers only whether a win exists: a won deal's line is the runners' to
    find (its par and grade come from theirs). Why it misses none: docs/solver.md, "A proof
    first"."""

    def __init__(self, engine: Engine, start: Board) -> None:
        start, _ = engine.autoplay(start)
        self.cells_total = engine.cells
        self.onto_capacity = engine.onto_capacity
        self.empty_capacity = engine.empty_capacity
        self.kings_fill = bool(engine.fills)
        """Whether a King may go into an empty column (`applies_to`: else no card may)."""
        self.columns: list[list[int]] = [list(column) for column in start[0]]
        self.runs: list[list[int]] = []
        """For each column, the length of the run at its top as each of its cards lay on it."""
        self.tops = [-1] * KEY_SIZE
        """The column each top card is on, by card code; -1 for every other card."""
        self.key = bytearray(KEY_SIZE)
        """What each card lies on, by card code (another card, `BOTTOM`, `IN_CELL`, `HOME`):
        the board with its columns and cells in no order, so a key for the visited set."""
        for index, column in enumerate(self.columns):
            runs: list[int] = []
            below = BOTTOM
            for card in column:
                self.key[card] = below
                runs.append(runs[-1] + 1 if runs and card + 1 == below else 1)
                below = card
            self.runs.append(runs)
            if column:
                self.tops[column[-1]] = index
        self.empties = sum(1 for column in self.columns if not column)
        self.cells = list(start[1])
        for card in self.cells:
            self.key[card] = IN_CELL
        self.foundations = list(start[2])
        for suit, rank in enumerate(self.foundations):
            for home in range(1, rank + 1):
                self.key[suit * 16 + home] = HOME
        self.settle([])
        self.seen = {bytes(self.key)}
        self.nodes = 1
        """Boards expanded (their moves listed), the start's included: as the runners count."""
        self.won = self.foundations == WON
        self.stack: list[tuple[list[Child], Undo | None]] = [] if self.won else [(self.children(), None)]

    def advance(self, boards: int) -> bool | None:
        """Expand up to `boards` more boards: True when a win was found, False when every board
        has been visited without one (the proof), None otherwise."""
        if self.won:
            return True
        stack, seen, key, cells = self.stack, self.seen, self.key, self.cells
        nodes = self.nodes
        budget = nodes + boards
        while stack:
            if nodes >= budget:
                self.nodes = nodes
                return None
            children, back = stack[-1]
            if not children:
                stack.pop()
                if back is not None:
                    self.undo(back)
                continue
            kind, source, target, count, child = children.pop()
            if child and child in seen:
                continue
            card = -1
            if kind == COLUMN_TO_COLUMN:
                self.lift(source, count, target)
            elif kind == COLUMN_TO_CELL:
                for _ in range(count):
                    card = self.pop(source)
                    cells.append(card)
                    key[card] = IN_CELL
            else:
                card = source
                cells.remove(card)
                self.put(target, card)
            home = NO_HOME
            if not child:
                home = []
                self.settle(home)
                child = bytes(key)
                if child in seen:
                    self.undo((kind, source, target, count, card, home))
                    continue
            seen.add(child)
            nodes += 1
            if home and self.foundations == WON:
                self.nodes = nodes
                self.won = True
                return True
            stack.append((self.children(), (kind, source, target, count, card, home)))
        self.nodes = nodes
        return False

    def children(self) -> list[Child]:
        """The moves `Engine.moves` makes on this canonical board, but that a top card goes to a
        cell only as its column's whole top run, and those to a board seen already: each such
        key is the board's with the moved cards' bytes changed, unless cards follow the move
        (`settle`: its key is made when it is tried)."""
        columns, runs, tops, key, seen, foundations = (
            self.columns, self.runs, self.tops, self.key, self.seen, self.foundations)
        free = self.cells_total - len(self.cells)
        empties = self.empties
        capacity = self.onto_capacity[free][empties]
        to_empty = self.empty_capacity[free][empties] if empties and self.kings_fill else 0
        found: list[Child] = []
        for index in range(len(columns)):
            column = columns[index]
            size = len(column)
            if not size:
                continue
            top = column[-1]
            run = runs[index][-1]
            bottom = top + run - 1  # the run's lowest card: only it may lie on another column
            under = column[-run - 1] if run < size else BOTTOM
            # Whether a card follows the move by itself (`settle`): the uncovered card going
            # home, or a cell's card going onto it. Then the child's key is read once it is made.
            follows = run < size and (
                foundations[under >> 4] == (under & RANK_MASK) - 1 or key[under - 1] == IN_CELL)
            target = tops[bottom + 1]
            if target >= 0:
                if run <= capacity:
                    if follows:
                        found.append((COLUMN_TO_COLUMN, index, target, run, b""))
                    else:
                        key[bottom] = bottom + 1
                        child = bytes(key)
                        key[bottom] = under
                        if child not in seen:
                            found.append((COLUMN_TO_COLUMN, index, target, run, child))
            elif run <= free:  # the whole run into cells (onto the card it may go on, it would go there)
                if follows:
                    found.append((COLUMN_TO_CELL, index, 0, run, b""))
                else:
                    for card in range(top, bottom + 1):
                        key[card] = IN_CELL
                    child = bytes(key)
                    for card in range(top, bottom):
                        key[card] = card + 1
                    key[bottom] = under
                    if child not in seen:
                        found.append((COLUMN_TO_CELL, index, 0, run, child))
            if to_empty and bottom & RANK_MASK == KING and run < size and run <= to_empty:
                target = columns.index([])
                if follows:
                    found.append((COLUMN_TO_COLUMN, index, target, run, b""))
                else:
                    key[bottom] = BOTTOM
                    child = bytes(key)
                    key[bottom] = under
                    if child not in seen:
                        found.append((COLUMN_TO_COLUMN, index, target, run, child))
        if to_empty:
            for card in self.cells:
                if card & RANK_MASK == KING:
                    target = columns.index([])
                    if key[card - 1] == IN_CELL:  # its Queen follows it
                        found.append((CELL_TO_COLUMN, card, target, 1, b""))
                        continue
                    key[card] = BOTTOM
                    child = bytes(key)
                    key[card] = IN_CELL
                    if child not in seen:
                        found.append((CELL_TO_COLUMN, card, target, 1, child))
        return found

    def put(self, index: int, card: int) -> None:
        """Put `card` on top of column `index`."""
        column, runs, tops = self.columns[index], self.runs[index], self.tops
        if column:
            below = column[-1]
            tops[below] = -1
            runs.append(runs[-1] + 1 if card + 1 == below else 1)
            self.key[card] = below
        else:
            runs.append(1)
            self.key[card] = BOTTOM
            self.empties -= 1
        column.append(card)
        tops[card] = index

    def pop(self, index: int) -> int:
        """Take the top card off column `index` (its key byte is the caller's to set)."""
        column, tops = self.columns[index], self.tops
        card = column.pop()
        self.runs[index].pop()
        tops[card] = -1
        if column:
            tops[column[-1]] = index
        else:
            self.empties += 1
        return card

    def lift(self, source: int, count: int, target: int) -> None:
        """Move the top `count` cards of column `source` onto column `target`."""
        if count == 1:
            self.put(target, self.pop(source))
            return
        cards = self.columns[source][-count:]
        for _ in range(count):
            self.pop(source)
        for card in cards:
            self.put(target, card)

    def settle(self, home: list[int]) -> None:
        """Send home every card that may go (every one is safe in one suit), and put every
        cell's card whose parent is a column's top card on it, until neither is left. Each card
        goes into `home` after where it went from or to: the column it left for home, -1 for a
        cell it left for home, or -2 less the column it went onto from a cell."""
        columns, cells, foundations = self.columns, self.cells, self.foundations
        key, tops = self.key, self.tops
        moved = True
        while moved:
            moved = False
            for index in range(len(columns)):
                column = columns[index]
                while column and foundations[column[-1] >> 4] == (column[-1] & RANK_MASK) - 1:
                    card = self.pop(index)
                    foundations[card >> 4] += 1
                    key[card] = HOME
                    home.append(index)
                    home.append(card)
                    moved = True
            cell = 0
            while cell < len(cells):
                card = cells[cell]
                if foundations[card >> 4] == (card & RANK_MASK) - 1:
                    del cells[cell]
                    foundations[card >> 4] += 1
                    key[card] = HOME
                    home.append(-1)
                    home.append(card)
                    moved = True
                elif tops[card + 1] >= 0:
                    del cells[cell]
                    index = tops[card + 1]
                    self.put(index, card)
                    home.append(-2 - index)
                    home.append(card)
                    moved = True
                else:
                    cell += 1

    def undo(self, back: Undo) -> None:
        """Take the board back to its parent: the cards sent home come back last first, then the
        move is made backwards."""
        kind, source, target, count, card, home = back
        foundations, cells, key = self.foundations, self.cells, self.key
        for place in range(len(home) - 1, 0, -2):
            sent, where = home[place], home[place - 1]
            if where < -1:  # it went onto a column from a cell
                self.pop(-2 - where)
                cells.append(sent)
                key[sent] = IN_CELL
                continue
            foundations[sent >> 4] -= 1
            if where < 0:
                cells.append(sent)
                key[sent] = IN_CELL
            else:
                self.put(where, sent)
        if kind == COLUMN_TO_COLUMN:
            self.lift(target, count, source)
        elif kind == COLUMN_TO_CELL:
            for sent in range(card, card - count, -1):  # `card` is the run's lowest
                cells.remove(sent)
                self.put(source, sent)
        else:
            self.pop(target)
            cells.append(card)
            key[card] = IN_CELL
