"""Variants as data: presets, run capacity, building, the auto-play safety rule."""

from __future__ import annotations

import pytest

from eightoff.core.cards import Card
from eightoff.core.rules import Build, EmptyColumn, Rules, RunMoves
from eightoff.core.variants import EASY, FREECELL, PRESETS, STANDARD, VARIANTS, preset


class TestPresets:
    def test_eight_off_standard(self) -> None:
        assert (STANDARD.cells, STANDARD.column_lengths, STANDARD.dealt_aside) == (8, (6,) * 8, 4)
        assert STANDARD.build is Build.SAME_SUIT
        assert STANDARD.empty_column is EmptyColumn.KINGS
        assert STANDARD.run_moves is RunMoves.CELLS_ONLY
        assert not STANDARD.foundation_takeback

    def test_easy_differs_only_in_empty_columns_and_runs(self) -> None:
        assert EASY.empty_column is EmptyColumn.ANY
        assert EASY.run_moves is RunMoves.CELLS_AND_COLUMNS
        assert (EASY.cells, EASY.column_lengths, EASY.build) == (8, (6,) * 8, Build.SAME_SUIT)

    def test_freecell(self) -> None:
        assert FREECELL.cells == 4
        assert FREECELL.column_lengths == (7, 7, 7, 7, 6, 6, 6, 6)
        assert FREECELL.dealt_aside == 0
        assert FREECELL.build is Build.ALTERNATE_COLOUR
        assert FREECELL.empty_column is EmptyColumn.ANY

    def test_preset_by_name_with_takeback(self) -> None:
        assert set(PRESETS) == set(VARIANTS)
        assert preset("easy") == EASY
        with_takeback = preset("standard", {"takeback": True})
        assert with_takeback.foundation_takeback and with_takeback.with_takeback(False) == STANDARD

    def test_unknown_preset_names_the_known_ones(self) -> None:
        with pytest.raises(ValueError, match="unknown rules 'spider'.*standard"):
            preset("spider")


class TestRunCapacity:
    @pytest.mark.parametrize("free, empty, to_empty", [(0, 0, False), (3, 2, False), (8, 1, True)])
    def test_standard_is_free_cells_plus_one(self, free: int, empty: int, to_empty: bool) -> None:
        assert STANDARD.run_capacity(free, empty, to_empty) == free + 1

    @pytest.mark.parametrize(
        "rules, free, empty, to_empty, expected",
        [
            (EASY, 2, 0, False, 3),
            (EASY, 2, 1, False, 6),
            (EASY, 2, 1, True, 3),
            (EASY, 0, 2, False, 4),
            (EASY, 0, 2, True, 2),
            (FREECELL, 4, 0, False, 5),
            (FREECELL, 4, 1, False, 10),
            (FREECELL, 3, 3, False, 32),
            (FREECELL, 3, 3, True, 16),
        ],
    )
    def test_cells_and_columns_double_per_helping_empty_column(
        self, rules: Rules, free: int, empty: int, to_empty: bool, expected: int
    ) -> None:
        assert rules.run_capacity(free, empty, to_empty) == expected


class TestBuilding:
    @pytest.mark.parametrize(
        "card, onto, same_suit, alternate",
        [
            ("9H", "TH", True, False),
            ("9D", "TH", False, False),
            ("9S", "TH", False, True),
            ("8H", "TH", False, False),
            ("JH", "TH", False, False),
            ("QC", "KD", False, True),
        ],
    )
    def test_one_lower_of_the_same_suit_or_other_colour(
        self, card: str, onto: str, same_suit: bool, alternate: bool
    ) -> None:
        assert STANDARD.builds_on(Card.parse(card), Card.parse(onto)) is same_suit
        assert FREECELL.builds_on(Card.parse(card), Card.parse(onto)) is alternate

    def test_what_may_fill_an_empty_column(self) -> None:
        assert STANDARD.may_fill_empty_column(Card.parse("KD"))
        assert not STANDARD.may_fill_empty_column(Card.parse("QD"))
        assert EASY.may_fill_empty_column(Card.parse("2C"))


class TestSafeAutoplay:
    def test_eight_off_always_safe(self) -> None:
        assert STANDARD.safe_to_autoplay(Card.parse("9H"), (0, 0, 8, 0))

    def test_freecell_twos_are_always_safe(self) -> None:
        assert FREECELL.safe_to_autoplay(Card.parse("2H"), (0, 0, 1, 0))

    def test_freecell_waits_for_both_opposite_colours_one_lower(self) -> None:
        three_of_hearts = Card.parse("3H")
        assert FREECELL.safe_to_autoplay(three_of_hearts, (2, 0, 2, 2))
        assert not FREECELL.safe_to_autoplay(three_of_hearts, (2, 0, 2, 1))
        assert not FREECELL.safe_to_autoplay(three_of_hearts, (1, 5, 2, 5))
        # Red foundations do not matter for a red card.
        assert FREECELL.safe_to_autoplay(three_of_hearts, (2, 0, 2, 2))
        assert FREECELL.safe_to_autoplay(Card.parse("5S"), (0, 4, 4, 4))
