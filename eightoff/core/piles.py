"""Piles named by value (`Pile.column(0)`, `Pile.cell(3)`, `Pile.foundation(Suit.HEARTS)`).

Never by pixel position: the UI maps its rectangles to these names and back.
"""

from __future__ import annotations

from enum import Enum
from functools import cache
from typing import NamedTuple

from eightoff.core.cards import Suit


class PileKind(Enum):
    COLUMN = "column"
    CELL = "cell"
    FOUNDATION = "foundation"
    RESERVE = "reserve"


class Pile(NamedTuple):
    kind: PileKind
    index: int  # type: ignore[assignment]  # shadows tuple.index on purpose: the natural name

    @staticmethod
    @cache
    def column(index: int) -> Pile:
        return Pile(PileKind.COLUMN, index)

    @staticmethod
    @cache
    def cell(index: int) -> Pile:
        return Pile(PileKind.CELL, index)

    @staticmethod
    @cache
    def reserve(index: int) -> Pile:
        return Pile(PileKind.RESERVE, index)

    @staticmethod
    @cache
    def foundation(suit: Suit | int) -> Pile:
        return Pile(PileKind.FOUNDATION, int(suit))

    @property
    def name(self) -> str:
        """A short stable name, as used in `--print-layout` ("column0", "cell3", "reserve5",
        "foundation2")."""
        return f"{self.kind.value}{self.index}"

    def __str__(self) -> str:
        if self.kind is PileKind.FOUNDATION:
            return f"the {Suit(self.index).name.lower()} foundation"
        if self.kind is PileKind.RESERVE:
            return f"reserve place {self.index + 1}"
        return f"{self.kind.value} {self.index + 1}"

    def __repr__(self) -> str:
        if self.kind is PileKind.FOUNDATION:
            return f"Pile.foundation({Suit(self.index)!r})"
        return f"Pile.{self.kind.value}({self.index})"
