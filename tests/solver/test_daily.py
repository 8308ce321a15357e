"""The daily deal: one winnable deal a day per game, its grade by weekday, no deal back within a
year, the same wherever it is asked; and its shipped par, which is the par the solver finds."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import date, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from eightoff.core.deals import deal
from eightoff.core.variants import PRESETS, VARIANTS
from eightoff.solver.daily import (
    WEEK_GRADES,
    YEAR_WEEKS,
    daily_deal,
    daily_order,
    daily_pool,
    days_per_week,
    grade_day_index,
    has_daily,
    parse_lists,
    shipped_par,
)
from eightoff.solver.grade import GRADES, deals_of_grade, grade_of_deal
from eightoff.solver.par import find_par

DAILY_GAMES = [key for key, game in VARIANTS.items() if game.daily_table is not None]
days = st.dates(min_value=date(1900, 1, 1), max_value=date(9000, 12, 31))


def test_every_game_with_a_grade_table_has_its_daily_lists() -> None:
    assert [key for key, game in VARIANTS.items() if game.grade_table is not None] == DAILY_GAMES
    assert all(has_daily(key) for key in DAILY_GAMES)
    assert not any(has_daily(key) for key in VARIANTS if key not in DAILY_GAMES)


@pytest.mark.parametrize("rules_name", DAILY_GAMES)
@given(day=days)
@settings(max_examples=40, deadline=None)
def test_the_grade_follows_the_weekday_and_the_deal_is_a_winnable_one(rules_name: str, day: date) -> None:
    chosen = daily_deal(rules_name, day)
    assert chosen is not None
    expected = {0: "easy", 1: "easy", 2: "medium", 3: "medium", 4: "hard", 5: "hard", 6: "expert"}
    assert chosen.grade == expected[day.weekday()]
    assert grade_of_deal(rules_name, chosen.number) == chosen.grade  # listed as won, of that grade
    assert chosen.day == day and chosen.rules_name == rules_name
    assert chosen.par == shipped_par(rules_name, chosen.number) and chosen.par > 0


@pytest.mark.parametrize("rules_name", DAILY_GAMES)
@given(day=days)
@settings(max_examples=15, deadline=None)
def test_no_deal_comes_back_within_a_year(rules_name: str, day: date) -> None:
    year = [daily_deal(rules_name, day + timedelta(days=offset)) for offset in range(366)]
    numbers = [chosen.number for chosen in year if chosen is not None]
    assert len(numbers) == 366
    assert len(set(numbers)) == 366


@given(day=days)
def test_days_of_one_grade_are_counted_one_after_another(day: date) -> None:
    """The k-th day of a grade and the next day of that grade are k and k+1 apart, whatever
    the dates in between: the list is walked without a gap or a repeat."""
    grade = WEEK_GRADES[day.weekday()]
    later = next(day + timedelta(days=step) for step in range(1, 8)
                 if WEEK_GRADES[(day + timedelta(days=step)).weekday()] == grade)
    assert grade_day_index(later) == grade_day_index(day) + 1


@pytest.mark.parametrize("rules_name", DAILY_GAMES)
@pytest.mark.parametrize("grade", GRADES)
def test_each_list_follows_the_shuffled_order_and_holds_a_year(rules_name: str, grade: str) -> None:
    pool = [number for number, _par in daily_pool(rules_name, grade)]
    assert len(pool) >= YEAR_WEEKS * days_per_week(grade) + 1
    order = daily_order(rules_name, grade, deals_of_grade(rules_name, grade))
    positions = [order.index(number) for number in pool]
    assert positions == sorted(positions)  # the shuffled order, less the deals without a par
    assert len(set(pool)) == len(pool)


def test_the_shuffled_order_is_a_permutation_of_the_grade() -> None:
    deals = deals_of_grade("standard", "hard")
    order = daily_order("standard", "hard", deals)
    assert sorted(order) == list(deals) and order != list(deals)
    assert daily_order("freecell", "hard", deals) != order  # each game its own


def test_a_game_without_lists_has_no_daily_deal() -> None:
    assert daily_deal("easy", date(2026, 11, 26)) is None
    assert shipped_par("easy", 1) is None


def test_damaged_list_lines_are_no_lists() -> None:
    lists = parse_lists("# a comment\neasy: 1:20,2:x\nmedium: 3:30,4:31\nhard 5:5\nexpert:\n")
    assert lists == {"medium": ((3, 30), (4, 31)), "expert": ()}


def test_the_same_deal_in_another_process_and_time_zone() -> None:
    """A pure function of the date and the game: another interpreter, far from here on the
    globe, gives the same deals."""
    sample = [date(2026, 11, 26) + timedelta(days=offset) for offset in range(0, 70, 3)]
    here = [(chosen.number, chosen.par) for day in sample
            if (chosen := daily_deal("freecell", day)) is not None]
    code = ("import sys, datetime; from eightoff.solver.daily import daily_deal; "
            "days=[datetime.date.fromisoformat(d) for d in sys.argv[1:]]; "
            "print([(c.number, c.par) for c in (daily_deal('freecell', d) for d in days)])")
    env = {**os.environ, "TZ": "Pacific/Kiritimati", "PYTHONHASHSEED": "12345"}
    there = subprocess.run([sys.executable, "-c", code, *(day.isoformat() for day in sample)],
                           capture_output=True, text=True, env=env, check=True, timeout=60).stdout
    assert there.strip() == str(here)


@pytest.mark.parametrize("rules_name", DAILY_GAMES)
def test_the_shipped_par_is_the_par_the_solver_finds(rules_name: str) -> None:
    """A sample of each game's lists, searched again: the shipped figure is the search's."""
    rules = PRESETS[rules_name]
    for grade in ("easy", "medium"):
        for number, par in daily_pool(rules_name, grade)[:3]:
            assert find_par(deal(number, rules), rules) == par, (rules_name, number)


@pytest.mark.slow
@pytest.mark.parametrize("rules_name", DAILY_GAMES)
def test_the_shipped_par_of_hard_and_expert_deals_is_the_par_the_solver_finds(rules_name: str) -> None:
    rules = PRESETS[rules_name]
    for grade in ("hard", "expert"):
        for number, par in daily_pool(rules_name, grade)[:4]:
            assert find_par(deal(number, rules), rules) == par, (rules_name, number)
