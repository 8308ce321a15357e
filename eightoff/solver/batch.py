"""Solving a range of numbered deals, in parallel processes, one record per deal.

Each deal is solved in a worker of a process pool (pure Python search holds the GIL, so
threads would not help); records come back in deal order. A record is plain data, ready for
one JSON line: the deal, the verdict, the solution in fc-solve's `-m` wording, the solver's
own seconds and the grade.
"""

from __future__ import annotations

import multiprocessing
import os
import statistics
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from eightoff.core.deals import deal
from eightoff.core.notation import format_move
from eightoff.core.rules import Rules
from eightoff.solver.grade import GRADES
from eightoff.solver.search import Budget
from eightoff.solver.solve import SOLVED, UNKNOWN, UNSOLVED, SolveResult, grade_of, solve

CHUNK = 8
"""Deals handed to a worker at a time: few enough that the progress bar moves smoothly."""


@dataclass(frozen=True)
class Job:
    rules: Rules
    seconds: float | None
    states: int | None


def record(number: int, result: SolveResult) -> dict[str, Any]:
    """The JSON-ready line for one solved (or not) deal. `seconds` is the deal's own time: the
    processor time its solving took, which parallel jobs on a busy machine do not inflate;
    `wall_seconds` is the clock time, waits for a core included."""
    return {
        "deal": number,
        "status": result.status,
        "moves": len(result.moves),
        "seconds": round(result.cpu_seconds, 6),
        "wall_seconds": round(result.seconds, 6),
        "solution": [format_move(move) for move in result.moves],
        "grade": grade_of(result),
        "nodes": result.nodes,
        "difficulty": round(result.difficulty, 4),
    }


def solve_deal(job: Job, number: int) -> dict[str, Any]:
    result = solve(deal(number, job.rules), job.rules, Budget(seconds=job.seconds, states=job.states))
    return record(number, result)


def _solve_in_worker(arguments: tuple[Job, int]) -> dict[str, Any]:
    return solve_deal(*arguments)


def solve_deals(numbers: Sequence[int], job: Job, jobs: int) -> Iterator[dict[str, Any]]:
    """The records of `numbers` in order; `jobs` processes (0: one per core, 1: in this one)."""
    workers = jobs or os.cpu_count() or 1
    if workers == 1 or len(numbers) == 1:
        for number in numbers:
            yield solve_deal(job, number)
        return
    context = multiprocessing.get_context("spawn")
    with context.Pool(workers) as pool:
        yield from pool.imap(_solve_in_worker, ((job, number) for number in numbers), chunksize=CHUNK)


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else 0.0


def summary(records: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """Counts, median and p99 own time, median moves and the grade distribution."""
    records = list(records)
    seconds = [entry["seconds"] for entry in records]
    lengths = [entry["moves"] for entry in records if entry["status"] == SOLVED]
    grades = [entry["grade"] for entry in records if entry["grade"]]
    statuses = [entry["status"] for entry in records]
    return {
        "deals": len(records),
        **{status: statuses.count(status) for status in (SOLVED, UNSOLVED, UNKNOWN)},
        "median_seconds": round(statistics.median(seconds), 6) if seconds else 0.0,
        "p99_seconds": round(percentile(seconds, 0.99), 6),
        "max_seconds": round(max(seconds), 6) if seconds else 0.0,
        "median_moves": statistics.median(lengths) if lengths else 0,
        "grades": {grade: grades.count(grade) for grade in GRADES},
    }
