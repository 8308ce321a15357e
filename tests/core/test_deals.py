"""Numbered deals: literal layouts, and a cross-check against pysol-cards' own Eight Off deal."""

from __future__ import annotations

import random

import pytest
from pysol_cards.cards import CardRenderer
from pysol_cards.deal_game import Game as PysolGame
from pysol_cards.random_base import RandomBase

from eightoff.core.cards import DECK
from eightoff.core.deals import MAX_DEAL, deal, random_deal_number
from eightoff.core.notation import format_board
from eightoff.core.variants import EASY, FREECELL, STANDARD

EXPECTED = {
    1: """\
Freecells: 6S 9C 2H 6H - - - -
JD KD 2S 4C 3S 6D
2D KC KS 5C TD 8S
9H 9S 9D TS 4S 8D
JC 5S QD QH TH QS
5D AD JS 4H 8H 6C
7H QC AS AC 2C 3D
7C KH AH 4D JH 8C
5H 3H 3C 7S 7D TC
""",
    617: """\
Freecells: JD KS KC 4H - - - -
7D TD TH KD 4C 4S
AD 7S QC 5H QS TS
5C QD 3H 9S 9C 2H
3S AC 9D 3C 9H 5D
5S 6D 6S 8S 7C JC
8C 8H 8D 7H 6H 6C
2D AS 3D 4D 2C JH
AH KH TC JS 2S QH
""",
    31999: """\
Freecells: QS 2D QD 3S - - - -
JD AC AH 9C 5H TC
JH TH 7H 3D 8C 4D
AD AS 7C 5C 4H 9S
QH 8H 5D 4C TD 2C
KH 9D 7S 2S TS KD
6S 2H 6C 8S 3H 9H
6D 8D QC 3C 4S KS
JC 6H JS 7D KC 5S
""",
    # PySolFC shuffles 32000 and up with its Mersenne Twister (pysol-cards' helper switches
    # one later, at 32001, which is why deals.py picks the generator itself).
    32000: """\
Freecells: 7C 8H KC AS - - - -
7S JC 4H 6H AH 6C
4D 3C 6S 7D JD 2H
JS 2C 8S 5H 4S 2D
8D 5S 9S QS JH 5D
6D 9D TS AD TD KS
3H AC 9H QH 3S QC
3D 9C KD TC 7H KH
TH 2S QD 4C 8C 5C
""",
    32001: """\
Freecells: 3S 8C 9H 7C - - - -
4C JC 7S QD 9D 6C
AC 4S 2H TS KD 7D
JD 7H TD QC 9S AD
8H TC 8S 2C 5C 6H
5S JH 9C TH QH 3H
6S 2D AS 8D 5D KS
6D 3D 3C 2S 5H 4D
KH JS 4H AH QS KC
""",
    123456789: """\
Freecells: JH 8S 4H TD - - - -
8H 5S QH AD QD 2S
2H 3S 9S 5H 8C AH
JD 4S KS 2C AS QC
3D TS JC TH 9D 7C
KH 9C 9H 4D 5C 6C
6S JS 8D KC 4C KD
5D AC 7S QS TC 7D
6H 2D 3C 7H 3H 6D
""",
}

MICROSOFT_FREECELL_1 = """\
Freecells: - - - -
JD KD 2S 4C 3S 6D 6S
2D KC KS 5C TD 8S 9C
9H 9S 9D TS 4S 8D 2H
JC 5S QD QH TH QS 6H
5D AD JS 4H 8H 6C
7H QC AS AC 2C 3D
7C KH AH 4D JH 8C
5H 3H 3C 7S 7D TC
"""


def pysol_eight_off(number: int) -> str:
    """pysol-cards' own rendering of PySolFC's Eight Off deal (cells 0, 2, 4, 6 filled)."""
    game = PysolGame("eight_off", number, RandomBase.DEALS_PYSOLFC)
    return str(game.calc_layout_string(CardRenderer(True)))


def as_ours(pysol_text: str) -> str:
    """PySolFC's eight cells hold the reserve in cells 0, 2, 4, 6; ours in the four leftmost."""
    first, *columns = pysol_text.strip().splitlines()
    reserve = [token for token in first.split()[1:] if token != "-"]
    cells = reserve + ["-"] * (8 - len(reserve))
    return "\n".join(["Freecells: " + " ".join(cells), *columns]) + "\n"


class TestLiteralDeals:
    @pytest.mark.parametrize("number", sorted(EXPECTED))
    def test_layout(self, number: int) -> None:
        assert format_board(deal(number)) == EXPECTED[number]

    def test_easy_deals_the_same_cards(self) -> None:
        assert deal(617, EASY) == deal(617, STANDARD)

    def test_freecell_deal_one_is_microsofts(self) -> None:
        assert format_board(deal(1, FREECELL)) == MICROSOFT_FREECELL_1

    def test_a_huge_number_deals(self) -> None:
        position = deal(MAX_DEAL)
        assert sorted(position.all_cards()) == sorted(DECK)

    @pytest.mark.parametrize("number", [-1, MAX_DEAL + 1])
    def test_out_of_range(self, number: int) -> None:
        with pytest.raises(ValueError, match="deal number must be between"):
            deal(number)


class TestAgainstPysolCards:
    @pytest.mark.parametrize("number", [1, 2, 617, 11982, 31999, 32001, 123456789, 10**20])
    def test_same_columns_and_reserve_as_pysolfc(self, number: int) -> None:
        assert format_board(deal(number)) == as_ours(pysol_eight_off(number))

    def test_random_numbers_below_32000_are_freecell_deals_with_the_seventh_row_in_cells(self) -> None:
        rng = random.Random(2024)
        for number in [rng.randint(1, 31999) for _ in range(20)]:
            eight_off, freecell = deal(number), deal(number, FREECELL)
            assert eight_off.columns == tuple(column[:6] for column in freecell.columns)
            assert eight_off.cells[:4] == tuple(column[6] for column in freecell.columns[:4])
            assert eight_off.cells[4:] == (None,) * 4
            assert format_board(eight_off) == as_ours(pysol_eight_off(number))

    def test_32000_is_where_pysolfc_changes_generator(self) -> None:
        # pysol-cards' helper still uses Microsoft's shuffle for 32000; PySolFC does not.
        assert format_board(deal(32000)) != as_ours(pysol_eight_off(32000))


class TestRandomDealNumber:
    def test_seeded_and_in_range(self) -> None:
        numbers = {random_deal_number(random.Random(seed)) for seed in range(50)}
        assert len(numbers) > 40 and all(1 <= number <= MAX_DEAL for number in numbers)
        assert random_deal_number(random.Random(7)) == random_deal_number(random.Random(7))
