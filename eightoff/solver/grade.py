"""Difficulty grades (easy, medium, hard, expert), from what a player feels in a solved deal.

The score of a solution adds three things a player feels, each in units about as hard as the
others'; a deal's grade is the quartile of its score among the game's solved deals.

The longer reasons: docs/notes.md, `eightoff.solver.grade`."""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from functools import cache

from eightoff.core.moves import Move
from eightoff.core.position import Position
from eightoff.core.variants import VARIANTS
from eightoff.solver.shipped import shipped_text

GRADES = ("easy", "medium", "hard", "expert")
LENGTH_UNIT = 25
TIGHT_WEIGHT = 4.0


def difficulty(start: Position, steps: Sequence[tuple[Move, Position]], nodes: int) -> float:
    """The score of a solved deal (see the module docstring); 0 for an empty line. `steps` is
    the solution as the core's checked replay yields it, each move with the position after it,
    so the positions are not made a second time."""
    if not steps:
        return 0.0
    before = [start, *(position for _, position in steps[:-1])]
    tight = sum(1 for position in before if None not in position.cells and all(position.columns))
    return math.log2(1 + nodes) + len(steps) / LENGTH_UNIT + TIGHT_WEIGHT * tight / len(steps)


def grade_for(rules_name: str, score: float) -> str | None:
    """The grade of `score` among the calibrated deals of that game; None for a game not
    calibrated. Easy Eight Off once took Eight Off's thresholds, so its win dialog said
    "graded Hard" of a deal whose record, graded by its own (absent) table, had no grade."""
    thresholds = _thresholds(rules_name)
    if thresholds is None:
        return None
    return GRADES[sum(1 for threshold in thresholds if score > threshold)]


def deals_of_grade(rules_name: str, grade: str) -> Sequence[int]:
    """The winnable deal numbers of one grade, in order (empty for a game not calibrated)."""
    _index(grade)
    return _table(rules_name)[1].get(grade, ())


def grade_of_deal(rules_name: str, number: int) -> str | None:
    """The shipped grade of deal `number`; None when the table does not list it (a game not
    calibrated, a deal past the calibrated range, or one the benchmark found no win for).

    Read off the table's text without parsing its numbers: the window asks this of its
    opening deal before the first frame, and FreeCell's table lists 32,000 deals; only a deal
    of a chosen grade needs the whole table parsed (`_table`).
    """
    return next((grade for grade, runs in _lines(rules_name).items() if _listed(runs, number)), None)


def _listed(runs: str, number: int) -> bool:
    """Whether `runs` (",1-3,5,7-8,": ascending, a comma at each end) holds `number`, found
    by bisecting the text itself: a few items parsed instead of thousands."""
    low, high = 0, len(runs) - 1  # the commas that bound the part still searched
    while high - low > 1:
        start = runs.rfind(",", low, (low + high) // 2 + 1)
        end = runs.index(",", start + 1)
        first, _, last = runs[start + 1:end].partition("-")
        if number < int(first):
            high = start
        elif number > int(last or first):
            low = end
        else:
            return True
    return False


@cache
def deal_grades(rules_name: str) -> dict[int, str]:
    """Every graded deal of one game with its grade: one dictionary look-up a deal, so the
    statistics by grade of tens of thousands of deals played take milliseconds."""
    return {number: grade for grade, deals in _table(rules_name)[1].items() for number in deals}


def grades_between(low: str, high: str) -> tuple[str, ...]:
    """The grades from `low` to `high`, both included, whichever way round they are given
    (a saved range may have been written either way)."""
    first, last = sorted(_index(grade) for grade in (low, high))
    return GRADES[first:last + 1]


def random_graded_deal(
    rules_name: str, grades: Iterable[str], rng: random.Random | None = None
) -> int | None:
    """A deal picked uniformly from the shipped deals of `grades` (each deal as likely as any
    other, whatever its grade's share); None when the game ships no such deals."""
    deals = [number for grade in grades for number in deals_of_grade(rules_name, grade)]
    return (rng or random.SystemRandom()).choice(deals) if deals else None


def _index(grade: str) -> int:
    if grade not in GRADES:
        raise ValueError(f"unknown grade {grade!r} (expected one of {', '.join(GRADES)})")
    return GRADES.index(grade)


def _thresholds(rules_name: str) -> tuple[float, ...] | None:
    return _table(rules_name)[0]


BUDGET_OPTION = "--max-nodes"
"""How `scripts/bench_solver.py` names a board budget in the first line of a table it writes."""


@cache
def table_budget(rules_name: str) -> int | None:
    """The boards each deal was searched within when the game's shipped grade table was made
    (its first line names `--max-nodes N`); None for a table made within a time, or none.
    Past it nothing shipped was decided, so the search may change course there."""
    first = _text(rules_name).partition("\n")[0].split()
    if BUDGET_OPTION not in first[:-1]:
        return None
    return int(first[first.index(BUDGET_OPTION) + 1])


def table_file(rules_name: str) -> str | None:
    """The grade table's file name (in `data/`) that the game's registry entry gives, if any."""
    game = VARIANTS.get(rules_name)
    return game.grade_table if game is not None else None


@cache
def _table(rules_name: str) -> tuple[tuple[float, ...] | None, dict[str, tuple[int, ...]]]:
    """The shipped calibration of one game: its thresholds and its deals by grade."""
    return parse_table(_text(rules_name))


@cache
def _lines(rules_name: str) -> dict[str, str]:
    """Each grade's line of runs, as ",1-3,5,7-8," (commas at both ends, no spaces)."""
    lines = {}
    for line in _text(rules_name).splitlines():
        label, _, rest = line.partition(":")
        if label in GRADES:
            lines[label] = "," + rest.replace(" ", "") + ","
    return lines


def _text(rules_name: str) -> str:
    """The shipped table of one game ("" when it has none)."""

    name = table_file(rules_name)
    if name is None:
        return ""
    try:
        return shipped_text(name)
    except (FileNotFoundError, OSError):
        return ""


def parse_table(text: str) -> tuple[tuple[float, ...] | None, dict[str, tuple[int, ...]]]:
    thresholds = None
    deals: dict[str, tuple[int, ...]] = {}
    for line in text.splitlines():
        label, _, rest = line.partition(":")
        if label == "# thresholds":
            thresholds = tuple(float(value) for value in rest.split())
        elif label in GRADES:
            deals[label] = tuple(_expand(rest))
    return thresholds, deals


def format_table(thresholds: Sequence[float], deals: dict[str, list[int]], header: str) -> str:
    """The data file: a comment, the thresholds and one line of ranges per grade."""
    lines = [f"# {header}", "# thresholds: " + " ".join(f"{value:.4f}" for value in thresholds)]
    lines += [f"{grade}: {_compress(sorted(deals.get(grade, [])))}" for grade in GRADES]
    return "\n".join(lines) + "\n"


def quartiles(scores: Sequence[float]) -> tuple[float, float, float]:
    ordered = sorted(scores)
    at = [ordered[min(len(ordered) - 1, len(ordered) * share // 4)] for share in (1, 2, 3)]
    return at[0], at[1], at[2]


def _compress(numbers: Iterable[int]) -> str:
    """1 2 3 5 7 8 -> '1-3,5,7-8'."""
    runs: list[list[int]] = []
    for number in numbers:
        if runs and number == runs[-1][1] + 1:
            runs[-1][1] = number
        else:
            runs.append([number, number])
    return ",".join(str(first) if first == last else f"{first}-{last}" for first, last in runs)


def _expand(text: str) -> Iterable[int]:
    for part in text.split(","):
        first, _, last = part.strip().partition("-")
        if first:
            yield from range(int(first), int(last or first) + 1)
