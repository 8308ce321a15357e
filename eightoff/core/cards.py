"""Cards and suits as small immutable values that print and parse in fc-solve's notation."""

from __future__ import annotations

from enum import IntEnum
from typing import Final, NamedTuple

from eightoff.core.i18n import _, shortened

RANK_LETTERS = "A23456789TJQK"
ACE, JACK, QUEEN, KING = 1, 11, 12, 13


class Suit(IntEnum):
    """The four suits; the value is the foundation index, so foundations read C D H S."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        return "\u2663\u2666\u2665\u2660"[self]

    @property
    def is_red(self) -> bool:
        return self in RED

    @classmethod
    def parse(cls, letter: str) -> Suit:
        index = "CDHS".find(letter.upper())
        if len(letter) != 1 or index < 0:
            unknown = _("unknown suit {letter} (expected one of C, D, H, S)")
            raise ValueError(unknown.format(letter=repr(shortened(letter))))
        return cls(index)

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


RED: Final = frozenset((Suit.DIAMONDS, Suit.HEARTS))
"""Read once: an Enum member read off its class is slow in Python 3.11, and the solver asks
whether a suit is red for each new card and foundations it meets."""


class Card(NamedTuple):
    """A playing card. A tuple so that hashing and comparison run in C: the solver hashes a lot."""

    suit: Suit
    rank: int

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read fc-solve's two-letter form ("TH", "AS"); "10H" is accepted too."""
        token = text.strip().upper()
        if token.startswith("10"):
            token = "T" + token[2:]
        if len(token) != 2 or token[0] not in RANK_LETTERS:
            raise ValueError(_("unknown card {text} (expected rank A23456789TJQK and suit CDHS)").format(
                text=repr(shortened(text))))
        return CARDS[Suit.parse(token[1])][RANK_LETTERS.index(token[0]) + 1]

    @property
    def is_red(self) -> bool:
        return self.suit in RED

    def __str__(self) -> str:
        return RANK_LETTERS[self.rank - 1] + "CDHS"[self.suit]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


def _build_table() -> tuple[tuple[Card, ...], ...]:
    # Index 0 of each suit is a placeholder so that CARDS[suit][rank] reads naturally.
    return tuple(tuple(Card(suit, rank) for rank in range(0, KING + 1)) for suit in Suit)


CARDS = _build_table()
"""CARDS[suit][rank]: one shared instance per card (rank 0 is unused)."""

DECK: tuple[Card, ...] = tuple(CARDS[suit][rank] for suit in Suit for rank in range(ACE, KING + 1))
"""The 52 cards in suit-major order."""
