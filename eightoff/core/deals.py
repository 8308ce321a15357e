"""Numbered deals, the same as PySolFC's: deal N has PySolFC's columns and reserve cards.

PySolFC shuffles games numbered below 32000 with Microsoft's generator (so Eight Off deal N is
FreeCell deal N with the seventh row taken into the cells) and larger numbers with a Mersenne
Twister. pysol-cards provides both generators; its own `shuffle` helper switches at 32001
rather than PySolFC's 32000, so the choice is made here.
"""

from __future__ import annotations

import random

from pysol_cards.cards import createCards, ms_rearrange
from pysol_cards.random import LCRandom31, MTRandom

from eightoff.core.cards import ACE, CARDS, KING, Card, Suit
from eightoff.core.limits import LAST_DEAL, LOWEST_DEAL
from eightoff.core.position import Position
from eightoff.core.rules import Rules
from eightoff.core.variants.eightoff_game import STANDARD

MIN_DEAL = LOWEST_DEAL
MAX_DEAL = LAST_DEAL
FIRST_MT_DEAL = 32000

_PYSOL_SUITS = "CSHD"


def shuffled_deck(number: int) -> list[Card]:
    """The 52 cards in the order PySolFC deals them for game `number`."""
    if not MIN_DEAL <= number <= MAX_DEAL:
        raise ValueError(f"deal number must be between {MIN_DEAL} and {MAX_DEAL}, not {number}")
    cards = createCards(1)
    if number < FIRST_MT_DEAL:
        generator = LCRandom31()
        cards = ms_rearrange(cards)
    else:
        generator = MTRandom()
    generator.setSeed(number)
    generator.shuffle(cards)
    cards.reverse()
    return [CARDS[Suit.parse(_PYSOL_SUITS[card.suit])][card.rank] for card in cards]


def deal(number: int, rules: Rules = STANDARD) -> Position:
    """Deal row by row across the columns as their lengths allow, as PySolFC does; the cards
    left over go to the leftmost cells (PySolFC's cells 0, 2, 4, 6 are our cells 0, 1, 2, 3),
    to the cells the rules name (`Rules.aside_cells`), or to the reserve.

    Where the Aces start home (Raglan, Beleaguered Castle), PySolFC moves them to the bottom of
    its talon before dealing, so the other 48 cards are dealt in the shuffled order without
    them. Where cards go home as they are dealt (Citadel), such a card's column gets none that
    round. Where the rounds end together (Fan), a short column gets its cards in the last
    rounds. Where Kings go to the bottom (Baker's Dozen), PySolFC's shuffle deals the deck
    from its other end, each King swapped with the lowest non-King dealt to its column."""
    cards = shuffled_deck(number)
    foundations = [0, 0, 0, 0]
    if rules.aces_start_home:
        cards = [card for card in cards if card.rank != ACE]
        foundations = [ACE] * 4
    if rules.kings_to_bottom:
        cards = _kings_to_bottom(cards[::-1], rules.columns)
    deck = iter(cards)
    columns: list[list[Card]] = [[] for _ in rules.column_lengths]
    rounds = max(rules.column_lengths)
    for row in range(rounds):
        for column, length in zip(columns, rules.column_lengths, strict=True):
            if (row >= rounds - length) if rules.short_columns_last else (row < length):
                card = next(deck)
                if rules.deal_home and foundations[card.suit] == card.rank - 1:
                    foundations[card.suit] += 1
                else:
                    column.append(card)
    rest = list(deck)
    cells: list[Card | None] = [None] * rules.cells
    for index, card in zip(rules.aside_cells or range(rules.cells), rest, strict=False):
        cells[index] = card
    reserve = tuple(rest) if rules.reserve else ()
    hidden = tuple(len(column) - 1 for column in columns) if rules.face_down else ()
    piles = tuple(tuple(column) for column in columns)
    return Position(piles, tuple(cells), tuple(foundations), reserve, hidden)


def _kings_to_bottom(cards: list[Card], columns: int) -> list[Card]:
    """`cards` dealt round by round across `columns`, each King swapped with the first card
    dealt to its column before it that is not a King."""
    cards = list(cards)
    for index, card in enumerate(cards):
        if card.rank != KING:
            continue
        for lower in range(index % columns, index, columns):
            if cards[lower].rank != KING:
                cards[index], cards[lower] = cards[lower], cards[index]
                break
    return cards


def random_deal_number(rng: random.Random | None = None) -> int:
    """A number for a new random game, so that every game can be replayed and shared."""
    return (rng or random.SystemRandom()).randint(1, 999_999_999)
