"""Difficulty grades: the shipped tables, the score, and the grade a solve reports."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from eightoff.core.deals import deal
from eightoff.core.variants import FREECELL, STANDARD, VARIANTS
from eightoff.solver.grade import (
    GRADES,
    deals_of_grade,
    format_table,
    grade_of_deal,
    grades_between,
    parse_table,
    quartiles,
    random_graded_deal,
)
from eightoff.solver.limits import Budget
from eightoff.solver.result import SolveResult, grade_of
from eightoff.solver.solve import solve

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


GRADED = [key for key, game in VARIANTS.items() if game.grade_table]
"""The games whose registry entry names a grade table."""


@pytest.mark.parametrize("rules_name", GRADED)
def test_the_grade_of_a_deal_is_the_one_its_table_lists(rules_name: str) -> None:
    for grade in GRADES:
        assert all(grade_of_deal(rules_name, number) == grade for number in deals_of_grade(rules_name, grade))
    listed = {number for grade in GRADES for number in deals_of_grade(rules_name, grade)}
    unlisted = [number for number in range(1, max(listed) + 2) if number not in listed]
    assert unlisted and all(grade_of_deal(rules_name, number) is None for number in unlisted)
    assert all(grade_of_deal(key, 1) is None for key in VARIANTS if key not in GRADED)


def test_grade_ranges_run_either_way_round() -> None:
    assert grades_between("easy", "expert") == GRADES
    assert grades_between("hard", "medium") == ("medium", "hard")
    assert grades_between("expert", "expert") == ("expert",)
    with pytest.raises(ValueError, match="unknown grade"):
        grades_between("easy", "impossible")


@given(
    rules_name=st.sampled_from(list(VARIANTS)),
    ends=st.tuples(st.sampled_from(GRADES), st.sampled_from(GRADES)),
    seed=st.integers(0, 2**32),
)
def test_a_random_graded_deal_is_one_of_those_grades(
    rules_name: str, ends: tuple[str, str], seed: int
) -> None:
    grades = grades_between(*ends)
    number = random_graded_deal(rules_name, grades, random.Random(seed))
    if rules_name not in GRADED:
        assert number is None
    else:
        assert number is not None and grade_of_deal(rules_name, number) in grades


def test_the_rest_of_a_line_has_no_grade_of_its_own() -> None:
    result = solve(deal(1, STANDARD), STANDARD, Budget(nodes=200_000))
    derived = SolveResult(result.status, result.moves[1:], 0.0, 0, 0)  # as the worker's cache keeps it
    assert grade_of(result) is not None and grade_of(derived) is None
