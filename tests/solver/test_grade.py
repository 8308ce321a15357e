"""Difficulty grades: the shipped tables, the score, and the grade a solve reports."""

from __future__ import annotations

import pytest

from eightoff.core.deals import deal
from eightoff.core.variants import FREECELL, STANDARD
from eightoff.solver import GRADES, Budget, deals_of_grade, grade_of, solve
from eightoff.solver.grade import format_table, parse_table, quartiles

CALIBRATED = {"freecell": 32000, "standard": 10000}


@pytest.mark.parametrize(("rules_name", "last"), CALIBRATED.items())
def test_each_winnable_deal_has_one_grade_and_grades_are_quarters(rules_name: str, last: int) -> None:
    tables = {grade: deals_of_grade(rules_name, grade) for grade in GRADES}
    numbers = [number for deals in tables.values() for number in deals]
    assert len(numbers) == len(set(numbers)) and all(1 <= number <= last for number in numbers)
    assert len(numbers) >= last * 0.99  # nearly every deal is winnable
    for deals in tables.values():
        assert list(deals) == sorted(deals)
        assert abs(len(deals) - len(numbers) / 4) < len(numbers) / 20


def test_unwinnable_deals_have_no_grade() -> None:
    assert all(11982 not in deals_of_grade("freecell", grade) for grade in GRADES)
    assert all(465 not in deals_of_grade("standard", grade) for grade in GRADES)
    assert grade_of(solve(deal(465), STANDARD)) is None


@pytest.mark.parametrize(("rules", "number"), [(FREECELL, 1), (FREECELL, 617), (STANDARD, 1), (STANDARD, 2)])
def test_a_solve_reports_the_grade_its_table_lists(rules: object, number: int) -> None:
    result = solve(deal(number, rules), rules, Budget(nodes=200_000))  # type: ignore[arg-type]
    grade = grade_of(result)
    assert grade in GRADES and number in deals_of_grade(result.rules_name, grade)


def test_tables_round_trip_and_unknown_grades_are_refused() -> None:
    text = format_table((1.0, 2.0, 3.0), {"easy": [1, 2, 3, 7], "hard": [5]}, "test")
    expected = {"easy": (1, 2, 3, 7), "medium": (), "hard": (5,), "expert": ()}
    assert parse_table(text) == ((1.0, 2.0, 3.0), expected)
    assert quartiles([4.0, 1.0, 3.0, 2.0]) == (2.0, 3.0, 4.0)
    with pytest.raises(ValueError, match="unknown grade"):
        deals_of_grade("freecell", "impossible")
    assert deals_of_grade("no such game", "easy") == ()
