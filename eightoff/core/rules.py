"""Variants as data: one frozen `Rules` value says everything that differs between games.

Each game is a module in `eightoff.core.variants` that fills in one of these; the move
generator, the checked move finder, the deal and auto-play read the fields and have no
per-variant branches.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from eightoff.core.cards import KING, RED, Card


class Build(Enum):
    """How a card may be placed on a column's top card (always one rank lower)."""

    SAME_SUIT = "same suit"
    ALTERNATE_COLOUR = "alternate colour"
    ANY_SUIT = "any suit"


class EmptyColumn(Enum):
    """What may be put into an empty column."""

    KINGS = "kings"
    ANY = "any"
    NONE = "none"
    """An empty column stays empty for the rest of the game (Baker's Dozen)."""


class RunMoves(Enum):
    """Which empty piles help to move a run of cards as one move."""

    SINGLE_CARDS = "one card at a time"
    CELLS_ONLY = "cells only"
    CELLS_AND_COLUMNS = "cells and columns"
    UNLIMITED = "unlimited"
    """Any run that follows the build rule moves as one, whatever the empty piles."""


_CELLS_ONLY, _SINGLE_CARDS, _UNLIMITED = RunMoves.CELLS_ONLY, RunMoves.SINGLE_CARDS, RunMoves.UNLIMITED
_SAME_SUIT, _ANY_SUIT = Build.SAME_SUIT, Build.ANY_SUIT
"""Reading an Enum member off its class is slow in Python 3.11; run_capacity and
safe_to_autoplay (the solver asks it for each new card and foundations) are on hot paths."""


@dataclass(frozen=True)
class Rules:
    name: str
    cells: int
    column_lengths: tuple[int, ...]
    """How many cards each column is dealt; the rest of the deck goes to the cells."""
    build: Build
    empty_column: EmptyColumn
    run_moves: RunMoves
    foundation_takeback: bool = False
    reserve: int = 0
    """Places that only give cards (to columns and foundations); nothing ever goes into them."""
    aces_start_home: bool = False
    face_down: bool = False
    """Every column's cards but its top one are dealt face down; one turns up when it is on top."""
    aside_cells: tuple[int, ...] = ()
    """The cells that the cards dealt aside go into, in order; empty: the leftmost cells
    (Seahaven Towers deals its two into the middle two of four)."""
    deal_home: bool = False
    """A card that may go to its foundation as it is dealt goes there, and its column gets no
    card that round (Citadel)."""
    kings_to_bottom: bool = False
    """Each column's Kings are moved beneath its other cards at the deal (Baker's Dozen, as
    PySolFC shuffles it); a board with a King above another card is not a position of the game."""
    short_columns_last: bool = False
    """The rounds of the deal end together: a column dealt fewer cards misses the first rounds,
    not the last (Fan's one-card fan gets the last card of the deck)."""

    @property
    def columns(self) -> int:
        return len(self.column_lengths)

    @property
    def longest_column(self) -> int:
        """The most cards a column can ever hold. A card only lands on a column's top card one
        rank higher, or in an empty column, so a column is some of its dealt cards, the top one
        leading a run down to an Ace: the longest dealt column and twelve more."""
        return max(self.column_lengths) + KING - 1

    @property
    def dealt_aside(self) -> int:
        """The cards dealt to the cells or the reserve: what the columns and foundations leave."""
        return 52 - sum(self.column_lengths) - (4 if self.aces_start_home else 0)

    def with_takeback(self, allowed: bool) -> Rules:
        return replace(self, foundation_takeback=allowed)

    def with_face_down(self, face_down: bool) -> Rules:
        return replace(self, face_down=face_down)

    def builds_on(self, card: Card, onto: Card) -> bool:
        """Whether `card` may lie on `onto` in a column."""
        if onto.rank != card.rank + 1:
            return False
        if self.build is _SAME_SUIT:
            return card.suit == onto.suit
        if self.build is _ANY_SUIT:
            return True
        return (card.suit in RED) != (onto.suit in RED)

    def run_capacity(self, free_cells: int, empty_columns: int, to_empty_column: bool) -> int:
        """The longest run that moves as one move, written down once for every variant.

        Single cards: always 1.
        Cells only: free cells + 1 (empty columns that take only Kings never help).
        Cells and columns: (free cells + 1) x 2^(empty columns), where the destination
        column, if empty, does not count as a helper.
        Unlimited: a run of every rank, so any run.
        """
        if self.run_moves is _CELLS_ONLY:
            return free_cells + 1
        if self.run_moves is _SINGLE_CARDS:
            return 1
        if self.run_moves is _UNLIMITED:
            return KING
        helpers = empty_columns - 1 if to_empty_column else empty_columns
        return (free_cells + 1) << max(helpers, 0)

    def most_lifted(self, free_cells: int, empty_columns: int) -> int:
        """The most cards that may come off a column together: the run capacity toward the most
        generous destination, a column with a card (every empty column helps). A move into an
        empty column may carry fewer (`run_capacity`). What a press lifts (`Position.lift`),
        the core's `legal_moves` and the solver's moves all cut runs here."""
        return self.run_capacity(free_cells, empty_columns, False)

    def may_fill_empty_column(self, card: Card) -> bool:
        fill = self.empty_column
        return fill is EmptyColumn.ANY or (fill is EmptyColumn.KINGS and card.rank == KING)

    def safe_to_autoplay(self, card: Card, foundations: tuple[int, ...]) -> bool:
        """Whether sending `card` home can never cost the player anything.

        With same-suit building only the same-suit card one lower can ever lie on a card,
        and it is already home, so every card that can go home is safe. With alternate
        colours a card is safe once both opposite-colour cards one lower are home (and
        twos always are), the usual FreeCell rule. With building in any suit, once every other
        suit's card one lower is home.
        """
        suit, rank = card
        if self.build is _SAME_SUIT or rank <= 2:
            return True
        if self.build is _ANY_SUIT:
            return all(home >= rank - 1 for other, home in enumerate(foundations) if other != suit)
        if suit in RED:
            return min(foundations[0], foundations[3]) >= rank - 1
        return min(foundations[1], foundations[2]) >= rank - 1
