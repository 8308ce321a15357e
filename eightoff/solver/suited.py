"""A proof on one board changed in place, for same-suit games with cells (Kings-Only Baker's Game).

Most of that game's deals are lost, and a lost deal's proof visits every board the pruning of
`Engine.moves` leaves: the best-first runners make a new board, its key and its score for each
of them. This search keeps one board that it changes and changes back, and a board's key is
what each card lies on: a child's key differs from its board's in one byte, so a child seen
before costs a byte changed and a set look-up. It reaches the same boards as the runners.

The longer reasons: docs/solver.md, "A proof first"."""

from __future__ import annotations

from typing import Final

from eightoff.core.rules import Build
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
its target column, the cards it moves, and the key of the board it makes (empty when cards go
home after it: that key is known only once it is made)."""
Undo = tuple[int, int, int, int, int, list[int]]
"""What takes a board back to its parent: the move (kind, source, target, cards), the card it
put in a cell or took from one, and the cards auto-play sent home after it, each after the
column it left (-1: a cell)."""


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
    )


class SuitedProver:
    """One exhaustive depth-first search over the boards `Engine.moves` and auto-play reach,
    advanced some boards at a time (`advance`). It answers only whether a win exists: a won
    deal's line is the runners' to find (its par and grade come from theirs)."""

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
                self.autoplay(source, home)
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
        """The moves `Engine.moves` makes on this board (auto-play done), but those to a board
        seen already: each such key is the board's with the moved card's byte changed, unless
        the move uncovers a card that goes home (its key is made when it is tried)."""
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
            if free:
                under = column[-2] if size > 1 else BOTTOM
                if size > 1 and foundations[under >> 4] == (under & RANK_MASK) - 1:
                    found.append((COLUMN_TO_CELL, index, 0, 1, b""))
                else:
                    key[top] = IN_CELL
                    child = bytes(key)
                    key[top] = under
                    if child not in seen:
                        found.append((COLUMN_TO_CELL, index, 0, 1, child))
            run = runs[index][-1]
            bottom = top + run - 1  # the run's lowest card: only it may lie on another column
            target = tops[bottom + 1] if run <= capacity else -1
            if target < 0 and to_empty and bottom & RANK_MASK == KING and run < size and run <= to_empty:
                target = columns.index([])
            if target >= 0:
                under = column[-run - 1] if run < size else BOTTOM
                if run < size and foundations[under >> 4] == (under & RANK_MASK) - 1:
                    found.append((COLUMN_TO_COLUMN, index, target, run, b""))
                else:
                    key[bottom] = bottom + 1 if columns[target] else BOTTOM
                    child = bytes(key)
                    key[bottom] = under
                    if child not in seen:
                        found.append((COLUMN_TO_COLUMN, index, target, run, child))
        for card in self.cells:
            target = tops[card + 1]
            if target >= 0:
                key[card] = card + 1
            elif to_empty and card & RANK_MASK == KING:
                target = columns.index([])
                key[card] = BOTTOM
            else:
                continue
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

    def autoplay(self, uncovered: int, home: list[int]) -> None:
        """Send home every card that may go (every one is safe in one suit), after a move that
        left column `uncovered` (-1 for none): only its new top may go at first, then whatever
        each card sent home lets follow. Each card goes into `home` after the column it left
        (-1: a cell)."""
        columns, cells, foundations, key = self.columns, self.cells, self.foundations, self.key
        index = uncovered
        if index < 0 or not columns[index]:
            return
        card = columns[index][-1]
        if foundations[card >> 4] != (card & RANK_MASK) - 1:
            return
        while index >= 0:
            card = self.pop(index)
            foundations[card >> 4] += 1
            key[card] = HOME
            home.append(index)
            home.append(card)
            cell = 0
            while cell < len(cells):
                card = cells[cell]
                if foundations[card >> 4] == (card & RANK_MASK) - 1:
                    del cells[cell]
                    foundations[card >> 4] += 1
                    key[card] = HOME
                    home.append(-1)
                    home.append(card)
                    cell = 0
                else:
                    cell += 1
            index = -1
            for place in range(len(columns)):
                column = columns[place]
                if column:
                    card = column[-1]
                    if foundations[card >> 4] == (card & RANK_MASK) - 1:
                        index = place
                        break

    def undo(self, back: Undo) -> None:
        """Take the board back to its parent: the cards sent home come back last first, then the
        move is made backwards."""
        kind, source, target, count, card, home = back
        foundations, cells, key = self.foundations, self.cells, self.key
        for place in range(len(home) - 1, 0, -2):
            sent = home[place]
            foundations[sent >> 4] -= 1
            if home[place - 1] < 0:
                cells.append(sent)
                key[sent] = IN_CELL
            else:
                self.put(home[place - 1], sent)
        if kind == COLUMN_TO_COLUMN:
            self.lift(target, count, source)
        elif kind == COLUMN_TO_CELL:
            cells.remove(card)
            self.put(source, card)
        else:
            self.pop(target)
            cells.append(card)
            key[card] = IN_CELL
