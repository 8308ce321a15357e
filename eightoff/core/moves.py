"""A move is (source, destination, count): what a player does in one gesture."""

from __future__ import annotations

from typing import NamedTuple

from eightoff.core.piles import Pile


class Move(NamedTuple):
    source: Pile
    destination: Pile
    count: int = 1  # type: ignore[assignment]  # shadows tuple.count on purpose

    def __repr__(self) -> str:
        return f"Move({self.source!r}, {self.destination!r}, {self.count})"
