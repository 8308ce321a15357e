"""The daily deal: one winnable deal a day per game, pinned to its date in every version (a
golden sample of dates), its grade by weekday, no deal back within a year, the same wherever it
is asked; a list only grows at its end, a par only goes down, and the shipped par is the par the
solver finds."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import date, timedelta
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from eightoff.core.deals import deal
from eightoff.core.variants import PRESETS, VARIANTS
from eightoff.solver import daily
from eightoff.solver.daily import (
    EPOCH,
    YEAR_WEEKS,
    DailyDeal,
    cycles_of,
    daily_deal,
    days_per_week,
    extend,
    format_pinned,
    grade_of_day,
    has_daily,
    lower_pars,
    parse_pinned,
    shipped_par,
)
from tests.solver.asked import find_par

DATA = Path(daily.__file__).parent / "data"

DAILY_GAMES = [key for key, game in VARIANTS.items() if game.daily_table is not None]
LISTED_UNTIL = date(2031, 12, 31)
"""Every shipped list runs at least this far."""
listed_days = st.dates(min_value=EPOCH, max_value=LISTED_UNTIL)

GOLDEN: dict[str, list[tuple[str, str, int, int]]] = {
    "standard": [
        ("2024-01-01", "easy", 4476, 25),
        ("2024-02-29", "medium", 558, 25),
        ("2024-07-14", "expert", 7363, 66),
        ("2025-01-05", "expert", 4398, 35),
        ("2025-06-18", "medium", 2963, 26),
        ("2025-12-31", "medium", 5935, 30),
        ("2026-03-27", "hard", 7825, 32),
        ("2026-11-26", "medium", 1157, 21),
        ("2026-11-29", "expert", 9924, 39),
        ("2026-12-27", "expert", 3260, 32),
        ("2026-12-28", "easy", 4476, 25),
        ("2029-05-05", "hard", 886, 36),
    ],
    "freecell": [
        ("2024-01-01", "easy", 8101, 41),
        ("2024-02-29", "medium", 2185, 53),
        ("2024-07-14", "expert", 12877, 46),
        ("2025-01-05", "expert", 25951, 60),
        ("2025-06-18", "medium", 189, 58),
        ("2025-12-31", "medium", 5665, 66),
        ("2026-03-27", "hard", 4377, 59),
        ("2026-11-26", "medium", 22532, 58),
        ("2026-11-29", "expert", 18533, 59),
        ("2026-12-27", "expert", 24162, 66),
        ("2026-12-28", "easy", 8101, 41),
        ("2029-05-05", "hard", 22519, 58),
    ],
    "bakers": [
        ("2024-01-01", "easy", 209, 25),
        ("2024-02-29", "medium", 813, 28),
        ("2024-07-14", "expert", 595, 38),
        ("2025-01-05", "expert", 498, 57),
        ("2025-06-18", "medium", 939, 27),
        ("2025-12-31", "medium", 617, 41),
        ("2026-03-27", "hard", 312, 32),
        ("2026-11-26", "medium", 720, 35),
        ("2026-11-29", "expert", 268, 61),
        ("2026-12-27", "expert", 887, 35),
        ("2026-12-28", "easy", 802, 35),
        ("2029-05-05", "hard", 960, 38),
    ],
    "seahaven": [
        ("2024-01-01", "easy", 837, 16),
        ("2024-02-29", "medium", 306, 33),
        ("2024-07-14", "expert", 490, 50),
        ("2025-01-05", "expert", 184, 49),
        ("2025-06-18", "medium", 79, 32),
        ("2025-12-31", "medium", 849, 33),
        ("2026-03-27", "hard", 209, 26),
        ("2026-11-26", "medium", 656, 44),
        ("2026-11-29", "expert", 735, 43),
        ("2026-12-27", "expert", 960, 36),
        ("2026-12-28", "easy", 563, 23),
        ("2029-05-05", "hard", 955, 28),
    ],
    "raglan": [
        ("2024-01-01", "easy", 222, 46),
        ("2024-02-29", "medium", 898, 42),
        ("2024-07-14", "expert", 726, 69),
        ("2025-01-05", "expert", 262, 58),
        ("2025-06-18", "medium", 992, 48),
        ("2025-12-31", "medium", 616, 59),
        ("2026-03-27", "hard", 292, 58),
        ("2026-11-26", "medium", 854, 51),
        ("2026-11-29", "expert", 275, 51),
        ("2026-12-27", "expert", 596, 70),
        ("2026-12-28", "easy", 483, 24),
        ("2029-05-05", "hard", 799, 60),
    ],
    "relaxed-seahaven": [
        ("2024-01-01", "easy", 349, 21),
        ("2024-02-29", "medium", 448, 23),
        ("2024-07-14", "expert", 144, 33),
        ("2025-01-05", "expert", 193, 32),
        ("2025-06-18", "medium", 31, 25),
        ("2025-12-31", "medium", 123, 31),
        ("2026-03-27", "hard", 665, 34),
        ("2026-11-26", "medium", 797, 27),
        ("2026-11-29", "expert", 553, 34),
        ("2026-12-27", "expert", 894, 31),
        ("2026-12-28", "easy", 486, 21),
        ("2029-05-05", "hard", 952, 30),
    ],
    "relaxed-freecell": [
        ("2024-01-01", "easy", 989, 46),
        ("2024-02-29", "medium", 65, 46),
        ("2024-07-14", "expert", 861, 56),
        ("2025-01-05", "expert", 141, 52),
        ("2025-06-18", "medium", 933, 41),
        ("2025-12-31", "medium", 43, 34),
        ("2026-03-27", "hard", 307, 50),
        ("2026-11-26", "medium", 245, 49),
        ("2026-11-29", "expert", 699, 49),
        ("2026-12-27", "expert", 972, 45),
        ("2026-12-28", "easy", 712, 46),
        ("2029-05-05", "hard", 170, 54),
    ],
    "citadel": [
        ("2024-01-01", "easy", 603, 38),
        ("2024-02-29", "medium", 997, 45),
        ("2024-07-14", "expert", 329, 52),
        ("2025-01-05", "expert", 240, 47),
        ("2025-06-18", "medium", 847, 47),
        ("2025-12-31", "medium", 223, 40),
        ("2026-03-27", "hard", 793, 43),
        ("2026-11-26", "medium", 879, 28),
        ("2026-11-29", "expert", 353, 46),
        ("2026-12-27", "expert", 606, 59),
        ("2026-12-28", "easy", 714, 40),
        ("2029-05-05", "hard", 24, 49),
    ],
    "forecell": [
        ("2024-01-01", "easy", 838, 54),
        ("2024-02-29", "medium", 297, 48),
        ("2024-07-14", "expert", 221, 71),
        ("2025-01-05", "expert", 818, 77),
        ("2025-06-18", "medium", 984, 65),
        ("2025-12-31", "medium", 176, 67),
        ("2026-03-27", "hard", 884, 61),
        ("2026-11-26", "medium", 796, 46),
        ("2026-11-29", "expert", 153, 75),
        ("2026-12-27", "expert", 42, 61),
        ("2026-12-28", "easy", 325, 64),
        ("2029-05-05", "hard", 574, 54),
    ],
    "beleaguered-castle": [
        ("2024-01-01", "easy", 22, 55),
        ("2024-02-29", "medium", 42, 50),
        ("2024-07-14", "expert", 91, 53),
        ("2025-01-05", "expert", 135, 68),
        ("2025-06-18", "medium", 683, 59),
        ("2025-12-31", "medium", 277, 55),
        ("2026-03-27", "hard", 75, 58),
        ("2026-11-26", "medium", 6, 62),
        ("2026-11-29", "expert", 311, 64),
        ("2026-12-27", "expert", 440, 51),
        ("2026-12-28", "easy", 573, 45),
        ("2029-05-05", "hard", 96, 52),
    ],
    "kings-only-bakers": [
        ("2024-01-01", "easy", 259, 36),
        ("2024-02-29", "medium", 970, 41),
        ("2024-07-14", "expert", 864, 41),
        ("2025-01-05", "expert", 914, 35),
        ("2025-06-18", "medium", 825, 35),
        ("2025-12-31", "medium", 584, 25),
        ("2026-03-27", "hard", 318, 37),
        ("2026-11-26", "medium", 796, 34),
        ("2026-11-29", "expert", 135, 40),
        ("2026-12-27", "expert", 1403, 41),
        ("2026-12-28", "easy", 1597, 24),
        ("2029-05-05", "hard", 1303, 36),
    ],
    "bakers-dozen": [
        ("2024-01-01", "easy", 483, 23),
        ("2024-02-29", "medium", 25, 38),
        ("2024-07-14", "expert", 385, 45),
        ("2025-01-05", "expert", 243, 44),
        ("2025-06-18", "medium", 727, 30),
        ("2025-12-31", "medium", 438, 48),
        ("2026-03-27", "hard", 283, 33),
        ("2026-11-26", "medium", 177, 46),
        ("2026-11-29", "expert", 691, 44),
        ("2026-12-27", "expert", 462, 62),
        ("2026-12-28", "easy", 579, 44),
        ("2029-05-05", "hard", 672, 54),
    ],
    "streets-and-alleys": [
        ("2024-01-01", "easy", 904, 56),
        ("2024-02-29", "medium", 1013, 57),
        ("2024-07-14", "expert", 1133, 67),
        ("2025-01-05", "expert", 468, 93),
        ("2025-06-18", "medium", 746, 71),
        ("2025-12-31", "medium", 241, 55),
        ("2026-03-27", "hard", 434, 68),
        ("2026-11-26", "medium", 874, 66),
        ("2026-11-29", "expert", 752, 80),
        ("2026-12-27", "expert", 289, 73),
        ("2026-12-28", "easy", 13, 66),
        ("2029-05-05", "hard", 1184, 58),
    ],
    "fan": [
        ("2024-01-01", "easy", 65, 8),
        ("2024-02-29", "medium", 1127, 26),
        ("2024-07-14", "expert", 847, 14),
        ("2025-01-05", "expert", 337, 26),
        ("2025-06-18", "medium", 213, 21),
        ("2025-12-31", "medium", 950, 11),
        ("2026-03-27", "hard", 1162, 19),
        ("2026-11-26", "medium", 681, 17),
        ("2026-11-29", "expert", 1003, 16),
        ("2026-12-27", "expert", 116, 18),
        ("2026-12-28", "easy", 582, 7),
        ("2029-05-05", "hard", 257, 19),
    ],
}
"""(date, grade, deal, par) that players have been dealt: a date keeps its deal and grade for
ever, and its par may only go down. From the lists as they stood before they were pinned; the
dates after 2026-12-27 are the ones on which those lists began again from their first deal."""


@cache
def pinned_list(rules_name: str) -> tuple[DailyDeal, ...]:
    """The game's list as the file holds it, each line read in full."""
    return parse_pinned(rules_name, list_text(rules_name))


def list_text(rules_name: str) -> str:
    name = VARIANTS[rules_name].daily_table
    assert name is not None
    return (DATA / name).read_text()


def entry(rules_name: str, day: str) -> DailyDeal:
    chosen = daily_deal(rules_name, date.fromisoformat(day))
    assert chosen is not None, (rules_name, day)
    return chosen


@pytest.mark.parametrize("rules_name", DAILY_GAMES)
def test_a_dozen_dates_keep_their_deal_and_grade(rules_name: str) -> None:
    for day, grade, number, par in GOLDEN[rules_name]:
        chosen = entry(rules_name, day)
        assert (chosen.day.isoformat(), chosen.grade, chosen.number) == (day, grade, number)
        assert 0 < chosen.par <= par


def test_every_game_with_a_daily_list_has_its_golden_dates() -> None:
    assert sorted(GOLDEN) == sorted(DAILY_GAMES)


def test_every_game_with_a_grade_table_has_its_daily_list() -> None:
    assert [key for key, game in VARIANTS.items() if game.grade_table is not None] == DAILY_GAMES
    assert all(has_daily(key) for key in DAILY_GAMES)
    assert not any(has_daily(key) for key in VARIANTS if key not in DAILY_GAMES)


@pytest.mark.parametrize("rules_name", DAILY_GAMES)
def test_each_list_reads_whole_one_line_a_date_from_the_epoch(rules_name: str) -> None:
    """No damaged line, no gap, each date's grade by its weekday, a deal's par the same on
    every date it comes back on, and a list that reaches the years ahead."""
    pinned = pinned_list(rules_name)
    lines = [line for line in list_text(rules_name).splitlines() if not line.startswith("#")]
    assert len(pinned) == len(lines)
    assert pinned[0].day == EPOCH and pinned[-1].day >= LISTED_UNTIL
    assert all(chosen.grade == grade_of_day(chosen.day) for chosen in pinned)
    for chosen in pinned:
        assert shipped_par(rules_name, chosen.number) == chosen.par > 0


@pytest.mark.parametrize("rules_name", DAILY_GAMES)
@given(day=listed_days)
@settings(max_examples=40, deadline=None)
def test_a_date_reads_its_own_line(rules_name: str, day: date) -> None:
    chosen = daily_deal(rules_name, day)
    assert chosen is not None and chosen.day == day and chosen.rules_name == rules_name
    assert chosen == pinned_list(rules_name)[(day - EPOCH).days]
    assert chosen.grade == {0: "easy", 1: "easy", 2: "medium", 3: "medium", 4: "hard", 5: "hard",
                            6: "expert"}[day.weekday()]


@pytest.mark.parametrize("rules_name", DAILY_GAMES)
@given(day=st.dates(min_value=EPOCH, max_value=LISTED_UNTIL - timedelta(days=365)))
@settings(max_examples=15, deadline=None)
def test_no_deal_comes_back_within_a_year(rules_name: str, day: date) -> None:
    year = [daily_deal(rules_name, day + timedelta(days=offset)) for offset in range(366)]
    numbers = [chosen.number for chosen in year if chosen is not None]
    assert len(numbers) == 366
    assert len(set(numbers)) == 366


@pytest.mark.parametrize("rules_name", DAILY_GAMES)
def test_each_grades_cycle_holds_a_year(rules_name: str) -> None:
    for grade, cycle in cycles_of(pinned_list(rules_name)).items():
        assert len(cycle) >= YEAR_WEEKS * days_per_week(grade) + 1
        assert len({number for number, _par in cycle}) == len(cycle)


def test_dates_outside_the_list_have_no_daily_deal() -> None:
    last = pinned_list("standard")[-1].day
    assert daily_deal("standard", EPOCH - timedelta(days=1)) is None
    assert daily_deal("standard", last + timedelta(days=1)) is None
    assert daily_deal("standard", date(9999, 12, 31)) is None
    assert daily_deal("standard", date(1, 1, 1)) is None


def test_a_game_without_a_list_has_no_daily_deal() -> None:
    assert daily_deal("easy", date(2026, 11, 26)) is None
    assert shipped_par("easy", 1) is None and not has_daily("easy")


@pytest.mark.parametrize("rules_name", DAILY_GAMES)
def test_extending_a_list_keeps_its_lines_and_walks_on_along_its_cycles(rules_name: str) -> None:
    """The first years (each grade round its cycle once), extended, give the shipped list:
    what was written stays, and the later dates go on where each grade's cycle stood."""
    pinned = pinned_list(rules_name)
    early = pinned[:1100]
    extended = extend(rules_name, early, pinned[-1].day)
    assert extended == list(pinned)
    header = ["a header"]
    assert format_pinned(header, extended).startswith(format_pinned(header, early))


def test_a_new_list_starts_at_the_epoch_from_its_cycles() -> None:
    cycles = {"easy": [(1, 20), (2, 21), (3, 22)], "medium": [(4, 30), (5, 31)], "hard": [(6, 40), (7, 41)],
              "expert": [(8, 50)]}
    made = extend("standard", [], EPOCH + timedelta(days=13), cycles)
    assert [(chosen.day - EPOCH).days for chosen in made] == list(range(14))
    assert [chosen.number for chosen in made] == [1, 2, 4, 5, 6, 7, 8, 3, 1, 4, 5, 6, 7, 8]
    assert cycles_of(made) == cycles


def test_a_grade_without_a_whole_cycle_cannot_be_extended() -> None:
    """A list whose expert deals have not come round to the first yet cannot say which deal
    comes next: it is refused, not guessed."""
    with pytest.raises(ValueError, match="expert"):
        no_expert = {"easy": [(1, 2)], "medium": [(3, 4)], "hard": [(5, 6)]}
        extend("standard", [], EPOCH + timedelta(days=7), no_expert)
    early = pinned_list("standard")[:300]
    with pytest.raises(ValueError, match="whole cycle"):
        extend("standard", early, early[-1].day + timedelta(days=1))


@given(found=st.dictionaries(st.sampled_from([4476, 3028, 1903, 2842, 99]), st.integers(1, 80)))
def test_a_par_only_goes_down_and_nothing_else_of_a_line_changes(found: dict[int, int]) -> None:
    pinned = pinned_list("standard")[:10]
    lowered = lower_pars(pinned, found)
    for old, new in zip(pinned, lowered, strict=True):
        assert (new.day, new.grade, new.number) == (old.day, old.grade, old.number)
        assert new.par == min(old.par, found.get(old.number, old.par))


def test_a_damaged_list_gives_no_deal_for_the_damaged_date_only(monkeypatch: pytest.MonkeyPatch) -> None:
    text = ("# a list\n2024-01-01 easy 10 20\n2024-01-02 easy ten 21\n2024-01-04 medium 12 22\n"
            "2024-01-04 medium 13 23\n2024-01-05 hard 14 24\n")
    monkeypatch.setattr(daily, "shipped_text", lambda _name: text)
    daily._lines.cache_clear()
    monkeypatch.setattr(daily, "_lines", daily._lines.__wrapped__)
    found = {day: daily_deal("standard", date(2024, 1, day)) for day in range(1, 7)}
    assert [day for day, chosen in found.items() if chosen is not None] == [1, 4, 5]
    assert found[4] is not None and found[4].number == 13
    assert [chosen.number for chosen in parse_pinned("standard", text)] == [10]


def test_a_deals_shipped_par_is_its_last_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    """A par is only ever lowered, so the last line naming the deal holds it; a number seen as
    another line's par, in a comment or in a damaged line is no par."""
    text = ("# deal 12 7\n2024-01-01 easy 12 30\n2024-01-02 easy 5 12\n2024-01-03 easy 120 9\n"
            "2024-01-04 easy 12 x\n2024-01-05 easy 12 28\n2024-01-06 easy  12 2\n")
    monkeypatch.setattr(daily, "shipped_text", lambda _name: text)
    pars = [shipped_par("standard", number) for number in (12, 5, 120, 7, 30, 9)]
    assert pars == [28, 12, 9, None, None, None]


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
        for number, par in cycles_of(pinned_list(rules_name))[grade][:3]:
            assert find_par(deal(number, rules), rules) == par, (rules_name, number)


@pytest.mark.slow
@pytest.mark.parametrize("rules_name", DAILY_GAMES)
def test_the_shipped_par_of_hard_and_expert_deals_is_the_par_the_solver_finds(rules_name: str) -> None:
    rules = PRESETS[rules_name]
    for grade in ("hard", "expert"):
        for number, par in cycles_of(pinned_list(rules_name))[grade][:4]:
            assert find_par(deal(number, rules), rules) == par, (rules_name, number)
