"""Solving a range of numbered deals, in parallel processes, one record per deal.

Each deal is solved in a worker of a process pool (pure Python search holds the GIL, so
threads would not help); records come back in deal order. A record is plain data, ready for
one JSON line: the deal, the verdict, the solution in fc-solve's `-m` wording, the solver's
own seconds and the grade.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from eightoff.core.deals import deal
from eightoff.core.limits import worker_count
from eightoff.core.notation import format_move
from eightoff.core.rules import Rules
from eightoff.solver.grade import GRADES
from eightoff.solver.limits import Budget, Status
from eightoff.solver.par import player_moves
from eightoff.solver.result import SolveResult, grade_of
from eightoff.solver.solve import solve

CHUNK = 8
"""Deals handed to a worker at a time: few enough that the progress bar moves smoothly."""
IN_FLIGHT = 4
"""Chunks per worker handed out ahead of the record being waited for."""
SIGNIFICANT = 4
"""Significant digits of a deal's time in the summary's histogram."""


@dataclass(frozen=True)
class Job:
    rules: Rules
    seconds: float | None
    states: int | None


def record(number: int, result: SolveResult, players: int | None) -> dict[str, Any]:
    """The JSON-ready line for one solved (or not) deal. `moves` counts every card of the
    solution, `player_moves` (`players`) the moves a player makes to follow it. `seconds` is
    the deal's own time: the processor time its solving took, which parallel jobs on a busy
    machine do not inflate; `wall_seconds` is the clock time, waits for a core included."""
    return {
        "deal": number,
        "status": result.status,
        "moves": len(result.moves),
        "player_moves": players,
        "seconds": round(result.cpu_seconds, 6),
        "wall_seconds": round(result.seconds, 6),
        "solution": [format_move(move) for move in result.moves],
        "grade": grade_of(result),
        "nodes": result.nodes,
        "difficulty": round(result.difficulty, 4),
    }


def solve_deal(job: Job, number: int) -> dict[str, Any]:
    start = deal(number, job.rules)
    result = solve(start, job.rules, Budget(seconds=job.seconds, states=job.states))
    return record(number, result, player_moves(start, job.rules, result))


def _solve_in_worker(arguments: tuple[Job, int]) -> dict[str, Any]:
    return solve_deal(*arguments)


def solve_deals(numbers: Sequence[int], job: Job, jobs: int) -> Iterator[dict[str, Any]]:
    """The records of `numbers` in order; `jobs` processes (0: one per core, 1: in this one),
    never more than the deals, the cores or `limits.MAX_JOBS` (`--jobs 10000` on two deals once
    started hundreds). At most IN_FLIGHT deals per process are handed out ahead of the record
    being waited for, so a range of any length takes the same memory."""
    workers = worker_count(jobs, deal_count(numbers), os.cpu_count())
    if workers == 1:
        for number in numbers:
            yield solve_deal(job, number)
        return
    room = threading.BoundedSemaphore(workers * CHUNK * IN_FLIGHT)
    done = threading.Event()

    def tasks() -> Iterator[tuple[Job, int]]:
        for number in numbers:
            while not room.acquire(timeout=0.1):
                if done.is_set():
                    return
            yield job, number

    context = multiprocessing.get_context("spawn")
    with context.Pool(workers) as pool:
        try:
            for entry in pool.imap(_solve_in_worker, tasks(), chunksize=CHUNK):
                room.release()
                yield entry
        finally:
            done.set()


def deal_count(numbers: Sequence[int]) -> int:
    """How many deals: `len` refuses a range of more than sys.maxsize (deals go to 10**20)."""
    if isinstance(numbers, range):
        return max(0, (numbers.stop - numbers.start + numbers.step - 1) // numbers.step)
    return len(numbers)


class Summary:
    """Counts, median and p99 own time, median moves and the grade distribution of a range of
    deals, added up as records come: it keeps histograms, not records, so a range of any
    length takes the same memory. Times are kept to SIGNIFICANT significant digits."""

    def __init__(self) -> None:
        self.deals = 0
        self.statuses: Counter[str] = Counter()
        self.seconds: Counter[float] = Counter()
        self.lengths: Counter[int] = Counter()
        self.grades: Counter[str] = Counter()
        self.longest = 0.0

    def add(self, entry: dict[str, Any]) -> None:
        self.deals += 1
        self.statuses[entry["status"]] += 1
        self.seconds[float(f"{entry['seconds']:.{SIGNIFICANT}g}")] += 1
        self.longest = max(self.longest, entry["seconds"])
        if entry["status"] == Status.SOLVED:
            self.lengths[entry["moves"]] += 1
        if entry["grade"]:
            self.grades[entry["grade"]] += 1

    def figures(self) -> dict[str, Any]:
        return {
            "deals": self.deals,
            **{status.value: self.statuses[status] for status in Status},
            "median_seconds": round(median(self.seconds), 6),
            "p99_seconds": round(percentile(self.seconds, 0.99), 6),
            "max_seconds": round(self.longest, 6),
            "median_moves": median(self.lengths),
            "grades": {grade: self.grades[grade] for grade in GRADES},
        }


def percentile(histogram: Counter[Any], fraction: float) -> Any:
    """The value below which `fraction` of the counted values lie (0 when none were)."""
    total = sum(histogram.values())
    if not total:
        return 0
    wanted = min(total - 1, int(fraction * total))
    seen = 0
    for value in sorted(histogram):
        seen += histogram[value]
        if seen > wanted:
            return value
    return 0  # not reached: the counts add up to total


def median(histogram: Counter[Any]) -> Any:
    """The median as `statistics.median` gives it: the mean of the two middle values when
    their count is even."""
    total = sum(histogram.values())
    if not total:
        return 0
    low, high = percentile(histogram, (total - 1) // 2 / total), percentile(histogram, total // 2 / total)
    return low if low == high else (low + high) / 2
