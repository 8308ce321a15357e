"""Cards, suits and piles: values that print, parse and repr as valid Python."""

from __future__ import annotations

import pytest

from eightoff.core.cards import CARDS, DECK, Card, Suit
from eightoff.core.piles import Pile, PileKind


class TestSuit:
    def test_values_are_foundation_indexes_in_cdhs_order(self) -> None:
        assert [suit.letter for suit in Suit] == ["C", "D", "H", "S"]
        assert [int(suit) for suit in Suit] == [0, 1, 2, 3]

    def test_colours(self) -> None:
        assert [suit.is_red for suit in Suit] == [False, True, True, False]

    def test_parse_and_errors(self) -> None:
        assert Suit.parse("h") is Suit.HEARTS
        for bad in ("X", "", "HS"):
            with pytest.raises(ValueError, match="unknown suit"):
                Suit.parse(bad)


class TestCard:
    def test_every_card_round_trips_through_text_and_repr(self) -> None:
        for card in DECK:
            assert Card.parse(str(card)) is card
            assert eval(repr(card)) == card

    def test_deck_holds_52_different_cards(self) -> None:
        assert len(set(DECK)) == 52
        assert {card.rank for card in DECK} == set(range(1, 14))

    def test_table_is_indexed_by_suit_then_rank(self) -> None:
        assert CARDS[Suit.HEARTS][10] == Card(Suit.HEARTS, 10)
        assert str(CARDS[Suit.SPADES][1]) == "AS"
        assert str(CARDS[Suit.CLUBS][13]) == "KC"

    def test_parse_accepts_ten_written_as_10_and_lower_case(self) -> None:
        assert Card.parse("10H") == Card.parse("TH") == Card.parse(" th ")

    @pytest.mark.parametrize("text", ["1H", "XX", "AHH", "", "T", "KX", "11S"])
    def test_parse_refuses_what_is_not_a_card(self, text: str) -> None:
        with pytest.raises(ValueError, match="unknown"):
            Card.parse(text)

    def test_colour(self) -> None:
        assert Card.parse("QD").is_red and not Card.parse("QS").is_red


class TestPile:
    def test_names_and_display(self) -> None:
        assert Pile.column(0).name == "column0"
        assert Pile.cell(3).name == "cell3"
        assert Pile.foundation(Suit.HEARTS).name == "foundation2"
        assert str(Pile.cell(3)) == "cell 4"
        assert str(Pile.foundation(Suit.SPADES)) == "the spades foundation"

    def test_repr_is_valid_python(self) -> None:
        for pile in (Pile.column(5), Pile.cell(0), Pile.foundation(Suit.DIAMONDS)):
            assert eval(repr(pile)) == pile

    def test_piles_are_values(self) -> None:
        assert Pile.cell(2) == Pile(PileKind.CELL, 2)
        assert Pile.column(2) != Pile.cell(2)
        assert Pile.foundation(1) == Pile.foundation(Suit.DIAMONDS)
