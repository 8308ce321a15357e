"""`eightoff deal --grade` and `--random`, run as real subprocesses."""

from __future__ import annotations

import re

import pytest

from eightoff.solver.grade import GRADES, grade_of_deal
from tests.cli.test_deal_replay import assert_usage_error, eightoff


@pytest.mark.parametrize(("rules", "grade", "grades"), [
    ("standard", "hard", {"hard"}),
    ("freecell", "easy-medium", {"easy", "medium"}),
    ("raglan", "EXPERT", {"expert"}),
    ("standard", "expert-medium", {"medium", "hard", "expert"}),
])
def test_a_graded_deal_is_of_those_grades_and_names_itself_on_stderr(rules: str, grade: str,
                                                                      grades: set[str]) -> None:
    result = eightoff("deal", "--grade", grade, "--rules", rules)
    assert result.returncode == 0, result.stderr
    told = re.fullmatch(r"deal (\d+), graded (\w+)\n", result.stderr)
    assert told is not None, result.stderr
    number = int(told[1])
    shipped = grade_of_deal(rules, number)
    assert shipped in grades and told[2] == str(shipped).capitalize()
    assert result.stdout == eightoff("deal", str(number), "--rules", rules).stdout  # the same board


def test_random_and_grade_together_give_a_deal_of_that_grade() -> None:
    result = eightoff("deal", "--random", "--grade", "medium")
    told = re.fullmatch(r"deal (\d+), graded Medium\n", result.stderr)
    assert result.returncode == 0 and told is not None, result.stderr
    assert grade_of_deal("standard", int(told[1])) == "medium"


def test_a_random_deal_names_itself() -> None:
    result = eightoff("deal", "--random", "--rules", "easy")
    assert result.returncode == 0 and result.stdout.startswith("Freecells:")
    assert re.fullmatch(r"deal \d+\n", result.stderr), result.stderr


@pytest.mark.parametrize(("arguments", "words"), [
    (("--grade", "impossible"), ("'impossible' is not a grade", "easy-hard")),
    (("--grade", "easy-hard-expert"), ("is not a grade",)),
    (("--grade", ""), ("is not a grade",)),
    (("--grade", "hard", "--rules", "easy"), ("has no list of graded deals",)),
    (("7", "--grade", "hard"), ("not both",)),
    ((), ("deal takes N, --random or --grade",)),
])
def test_a_bad_grade_is_one_line_and_exit_2(arguments: tuple[str, ...], words: tuple[str, ...]) -> None:
    assert_usage_error(eightoff("deal", *arguments), *words)


def test_the_grades_the_help_names_are_the_solvers() -> None:
    assert ", ".join(GRADES) in " ".join(eightoff("deal", "--help").stdout.split())
