"""The daily deal: one deal a day for each game, the same on every machine, always winnable.

A date's deal is a pure function of the date and the game:

- its grade follows the weekday: Monday and Tuesday easy, Wednesday and Thursday medium,
  Friday and Saturday hard, Sunday expert (`grade_of_day`);
- the deals of each grade come from the game's shipped grade table (deals the solver won), in
  a fixed shuffled order (`daily_order`: sorted by a CRC-32 of game, grade and deal, which
  Python's `random` would not promise to keep between versions), of which the first ones
  with a par make the grade's daily list (`POOL_WEEKS` weeks' worth);
- the k-th day of a grade since `EPOCH` takes the list's entry k modulo its length, so a deal
  comes back only after as many days of its grade as the list is long: three years for a full
  list, and at least a year for any list the shipped data holds (its tests check so).

`scripts/daily_pars.py` writes the lists with each deal's par (`daily-<game>.txt`, the file
the game's registry entry names), so the window and `eightoff daily` pick the day's deal and
its par by reading one short line, as quickly as dealing a numbered game.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from functools import cache

from eightoff.core.variants import VARIANTS
from eightoff.solver.grade import GRADES
from eightoff.solver.shipped import shipped_text

EPOCH = date(2024, 1, 1)
"""A Monday: day 0 of the count of days of each grade."""
WEEK_GRADES = ("easy", "easy", "medium", "medium", "hard", "hard", "expert")
"""The grade of each weekday, Monday first."""
POOL_WEEKS = 156
"""How many weeks of daily deals each grade's list holds when the grade table has enough: three
years of them (a list must hold at least a year's, 53 weeks, for no deal to come back within a
year)."""
YEAR_WEEKS = 53


@dataclass(frozen=True)
class DailyDeal:
    day: date
    rules_name: str
    number: int
    grade: str
    par: int


def grade_of_day(day: date) -> str:
    return WEEK_GRADES[day.weekday()]


def days_per_week(grade: str) -> int:
    return WEEK_GRADES.count(grade)


def grade_day_index(day: date) -> int:
    """How many days of `day`'s grade lie between `EPOCH` and `day` (negative before it): the
    days of one grade, counted one after another."""
    weeks, weekday = divmod((day - EPOCH).days, 7)
    grade = WEEK_GRADES[weekday]
    return weeks * days_per_week(grade) + WEEK_GRADES[:weekday].count(grade)


def daily_deal(rules_name: str, day: date) -> DailyDeal | None:
    """The deal of `day` in game `rules_name`; None for a game that ships no daily list."""
    grade = grade_of_day(day)
    pool = daily_pool(rules_name, grade)
    if not pool:
        return None
    number, par = pool[grade_day_index(day) % len(pool)]
    return DailyDeal(day, rules_name, number, grade, par)


def has_daily(rules_name: str) -> bool:
    """Whether the game ships daily lists (every grade's)."""
    return all(daily_pool(rules_name, grade) for grade in GRADES)


def shipped_par(rules_name: str, number: int) -> int | None:
    """The par shipped for a deal of the daily lists (under the game's default rules)."""
    return _pars(rules_name).get(number)


def daily_order(rules_name: str, grade: str, deals: Iterable[int]) -> list[int]:
    """The deals of one grade in the daily's fixed shuffled order."""
    return sorted(deals, key=lambda number: (zlib.crc32(f"{rules_name}/{grade}/{number}".encode()), number))


def pool_size(grade: str) -> int:
    return POOL_WEEKS * days_per_week(grade)


@cache
def daily_pool(rules_name: str, grade: str) -> tuple[tuple[int, int], ...]:
    """(deal, par) of one grade's daily list, in order."""
    return _lists(rules_name).get(grade, ())


@cache
def _pars(rules_name: str) -> dict[int, int]:
    return {number: par for pool in _lists(rules_name).values() for number, par in pool}


@cache
def _lists(rules_name: str) -> dict[str, tuple[tuple[int, int], ...]]:
    return parse_lists(_text(rules_name))


def list_file(rules_name: str) -> str | None:
    game = VARIANTS.get(rules_name)
    return game.daily_table if game is not None else None


def _text(rules_name: str) -> str:

    name = list_file(rules_name)
    if name is None:
        return ""
    try:
        return shipped_text(name)
    except (FileNotFoundError, OSError, UnicodeDecodeError):
        return ""


def parse_lists(text: str) -> dict[str, tuple[tuple[int, int], ...]]:
    """Each grade's line "easy: 1234:20,567:31,...": deal and par, in the daily's order. A line
    that does not read is no list (the game then has no daily of that grade)."""
    lists: dict[str, tuple[tuple[int, int], ...]] = {}
    for line in text.splitlines():
        label, _, rest = line.partition(":")
        if label not in GRADES:
            continue
        try:
            pairs = [item.split(":") for item in rest.replace(" ", "").split(",") if item]
            lists[label] = tuple((int(number), int(par)) for number, par in pairs)
        except ValueError:
            continue
    return lists


def format_lists(header: Sequence[str], lists: dict[str, list[tuple[int, int]]]) -> str:
    lines = [f"# {line}" for line in header]
    lines += [f"{grade}: " + ",".join(f"{number}:{par}" for number, par in lists.get(grade, []))
              for grade in GRADES]
    return "\n".join(lines) + "\n"
