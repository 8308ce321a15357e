"""Perft: count the move tree of fixed positions, with the fast generator and with the
brute-force reading of the rules in reference.py, and pin the numbers so regressions show."""

from __future__ import annotations

from pathlib import Path

import pytest

from eightoff.core.deals import deal
from eightoff.core.notation import move_lines, parse_move
from eightoff.core.position import Position
from eightoff.core.rules import Rules
from eightoff.core.variants import EASY, FREECELL, STANDARD
from tests.core.reference import perft

DATA = Path(__file__).parent.parent / "data"


def along_solution(number: int, rules: Rules, solution: str, moves: int | None) -> Position:
    """Deal `number` after the first `moves` lines of a stored fc-solve solution, or (None)
    up to the first time a column is empty."""
    position = deal(number, rules)
    lines = move_lines((DATA / solution).read_text().splitlines())
    for index, (_, line) in enumerate(lines):
        if index == moves or (moves is None and position.empty_columns):
            break
        position = position.apply(parse_move(line, position, rules))
    return position


EIGHT_OFF_1 = "eightoff-standard-deal-1.solution"
CASES = {
    # name: (position, rules, [(move paths, distinct positions) at depth 1, 2, 3])
    "deal 1 start": (lambda: deal(1), STANDARD, [(49, 49), (2124, 1173), (80323, 16908)]),
    "deal 1 mid-game": (
        lambda: along_solution(1, STANDARD, EIGHT_OFF_1, 12),
        STANDARD,
        [(29, 29), (652, 425), (11954, 3981)],
    ),
    "deal 1 later, with takeback": (
        lambda: along_solution(1, STANDARD, EIGHT_OFF_1, 30),
        STANDARD.with_takeback(True),
        [(45, 45), (1656, 949), (48525, 11552)],
    ),
    "easy with an empty column": (
        lambda: along_solution(1, EASY, EIGHT_OFF_1, None),
        EASY,
        [(36, 36), (851, 574), (16897, 6314)],
    ),
    "freecell deal 1 start": (lambda: deal(1, FREECELL), FREECELL, [(32, 32), (888, 488), (19812, 4000)]),
    "freecell mid-game": (
        lambda: along_solution(1, FREECELL, "freecell-deal-1.solution", 20),
        FREECELL,
        [(12, 12), (73, 56), (445, 199)],
    ),
}


class TestPerft:
    def test_the_positions_are_what_they_claim(self) -> None:
        easy = CASES["easy with an empty column"][0]()
        assert easy.empty_columns == 1
        later = CASES["deal 1 later, with takeback"][0]()
        assert any(later.foundations)

    @pytest.mark.parametrize("name", list(CASES))
    def test_counts_two_moves_deep(self, name: str) -> None:
        make, rules, expected = CASES[name]
        position = make()
        assert list(perft(position, rules, 2, moves_of="core")) == expected[:2]
        assert list(perft(position, rules, 2, moves_of="reference")) == expected[:2]

    @pytest.mark.slow
    @pytest.mark.parametrize("name", list(CASES))
    def test_counts(self, name: str) -> None:
        make, rules, expected = CASES[name]
        position = make()
        assert list(perft(position, rules, 3, moves_of="core")) == expected
        assert list(perft(position, rules, 3, moves_of="reference")) == expected

    def test_takeback_changes_the_count(self) -> None:
        position = CASES["deal 1 later, with takeback"][0]()
        assert list(perft(position, STANDARD, 2, moves_of="core")) == [(39, 39), (1272, 739)]
