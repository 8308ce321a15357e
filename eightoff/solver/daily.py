"""The daily deal: one deal a day for each game, the same on every machine and in every version.

A date's deal is read from the game's pinned list (`daily-<game>.txt`, the file its registry
entry names): one line a date, "2026-11-26 medium 617 41", date, grade, deal and par. The
list is data. It is written once per game and then only extended at the end, so a date keeps
its deal and grade whatever later changes to the grade tables or the solver, and a result
shared between two versions names the same deal; a par may only go down, when the solver
finds a shorter line. A date outside the list has no daily deal.

The longer reasons: docs/notes.md, `eightoff.solver.daily`."""

from __future__ import annotations

import re
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import date, timedelta
from functools import cache

from eightoff.core.variants import VARIANTS
from eightoff.solver.grade import GRADES
from eightoff.solver.shipped import shipped_text

EPOCH = date(2024, 1, 1)
"""A Monday: the first date of every game's list."""
WEEK_GRADES = ("easy", "easy", "medium", "medium", "hard", "hard", "expert")
"""The grade of each weekday, Monday first."""
POOL_WEEKS = 156
"""How many weeks of daily deals a new game's cycle of each grade holds when the grade table
has enough: three years of them (a cycle must hold at least a year's, 53 weeks, for no deal
to come back within a year)."""
YEAR_WEEKS = 53
PAR_FIELDS = re.compile(r"^\S+ \S+ (\d+) (\d+)$", re.MULTILINE)
"""A list line's deal and par, read for a numbered deal's par without reading its date."""


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


def daily_deal(rules_name: str, day: date) -> DailyDeal | None:
    """The deal of `day` in game `rules_name`; None for a game that ships no list, or a date
    outside its list. Only the date's own line is read: a date never takes a neighbour's."""
    lines = _lines(rules_name)
    if not lines:
        return None
    first = _read(rules_name, lines[0])
    if first is None:
        return None
    index = (day - first.day).days
    chosen = _read(rules_name, lines[index]) if 0 <= index < len(lines) else None
    return chosen if chosen is not None and chosen.day == day else None


def has_daily(rules_name: str) -> bool:
    """Whether the game ships a daily list."""
    return bool(_lines(rules_name))


def list_span(rules_name: str) -> tuple[date, date] | None:
    """The first and last dates of the game's list (None: it ships none that reads)."""
    lines = _lines(rules_name)
    first, last = (_read(rules_name, lines[0]), _read(rules_name, lines[-1])) if lines else (None, None)
    return (first.day, last.day) if first is not None and last is not None else None


def shipped_par(rules_name: str, number: int) -> int | None:
    """The par shipped for a deal of the daily list (under the game's default rules), from the
    last line that names it. The text is searched for the number, not read into a table of
    every deal: each deal's start asks, the first before the first frame, where the table cost
    ten times the search (docs/notes.md, Tuning figures)."""
    text = _text(rules_name)
    key, par = f" {number} ", None
    at = text.find(key)
    while at >= 0:
        end = text.find("\n", at)
        line = PAR_FIELDS.fullmatch(text, text.rfind("\n", 0, at) + 1, end if end >= 0 else len(text))
        if line is not None and int(line[1]) == number:
            par = int(line[2])
        at = text.find(key, at + 1)
    return par


def daily_order(rules_name: str, grade: str, deals: Iterable[int]) -> list[int]:
    """The deals of one grade in the daily's fixed shuffled order."""
    return sorted(deals, key=lambda number: (zlib.crc32(f"{rules_name}/{grade}/{number}".encode()), number))


def pool_size(grade: str) -> int:
    return POOL_WEEKS * days_per_week(grade)


@cache
def _lines(rules_name: str) -> tuple[str, ...]:
    return tuple(line for line in _text(rules_name).splitlines() if line.strip() and not line.startswith("#"))


def _read(rules_name: str, line: str) -> DailyDeal | None:
    try:
        day_text, grade, number, par = line.split()
        chosen = DailyDeal(date.fromisoformat(day_text), rules_name, int(number), grade, int(par))
    except ValueError:
        return None
    return chosen if grade in GRADES else None


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


def parse_pinned(rules_name: str, text: str) -> tuple[DailyDeal, ...]:
    """Every line "2026-11-26 medium 617 41" of a list, "#" lines aside, up to the first that
    does not read or does not follow the day before."""
    pinned: list[DailyDeal] = []
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        chosen = _read(rules_name, line)
        if chosen is None or (pinned and chosen.day != pinned[-1].day + timedelta(days=1)):
            break
        pinned.append(chosen)
    return tuple(pinned)


def format_pinned(header: Sequence[str], pinned: Sequence[DailyDeal]) -> str:
    lines = [f"# {line}" for line in header]
    lines += [f"{chosen.day.isoformat()} {chosen.grade} {chosen.number} {chosen.par}" for chosen in pinned]
    return "\n".join(lines) + "\n"


def cycles_of(pinned: Sequence[DailyDeal]) -> dict[str, list[tuple[int, int]]]:
    """Each grade's cycle as a list walks it: its (deal, par) in date order up to the first
    that comes back. A grade whose first deal has not come back yet has no known cycle."""
    cycles: dict[str, list[tuple[int, int]]] = {}
    closed: set[str] = set()
    for chosen in pinned:
        cycle = cycles.setdefault(chosen.grade, [])
        if chosen.grade in closed or (cycle and cycle[0][0] == chosen.number):
            closed.add(chosen.grade)
            continue
        cycle.append((chosen.number, chosen.par))
    return {grade: cycle for grade, cycle in cycles.items() if grade in closed}


def extend(rules_name: str, pinned: Sequence[DailyDeal], until: date,
           cycles: dict[str, list[tuple[int, int]]] | None = None) -> list[DailyDeal]:
    """The list `pinned` with a line for each later date up to `until`: its own lines as they
    are, then the k-th day of each grade taking entry k of the grade's cycle, modulo its
    length (`cycles`, for a list that has none yet, from `EPOCH`). ValueError when a grade
    has no cycle to walk on."""
    walked = cycles if cycles is not None else cycles_of(pinned)
    extended = list(pinned)
    counts = {grade: sum(chosen.grade == grade for chosen in pinned) for grade in GRADES}
    day = pinned[-1].day + timedelta(days=1) if pinned else EPOCH
    while day <= until:
        grade = grade_of_day(day)
        cycle = walked.get(grade)
        if not cycle:
            raise ValueError(f"{rules_name}'s daily list has no whole cycle of {grade} deals to walk on")
        number, par = cycle[counts[grade] % len(cycle)]
        extended.append(DailyDeal(day, rules_name, number, grade, par))
        counts[grade] += 1
        day += timedelta(days=1)
    return extended


def lower_pars(pinned: Sequence[DailyDeal], found: dict[int, int]) -> list[DailyDeal]:
    """The list with each deal's par lowered to the one `found` where that is shorter: a par
    never goes up, and nothing else of a line changes."""
    return [replace(chosen, par=min(chosen.par, found.get(chosen.number, chosen.par))) for chosen in pinned]
