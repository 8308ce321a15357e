"""What every benchmark here prints beside its figures: median and spread, an interval for a
median, and how fast this machine runs plain Python right now, so a reader can tell a fast
machine from a fast program.
"""

from __future__ import annotations

import math
import statistics
import time

LOOP_ROUNDS = 5
LOOP_SIZE = 1_000_000


def spread(values: list[float], unit: str, digits: int = 2) -> str:
    ordered = sorted(values)
    return (f"median {statistics.median(ordered):.{digits}f} {unit} "
            f"(min {ordered[0]:.{digits}f}, max {ordered[-1]:.{digits}f}, n={len(ordered)})")


CONFIDENCE = 0.95
"""How surely `median_interval`'s interval holds the true median (where there are 6 values or more)."""


def median_interval(values: list[float]) -> tuple[float, float, float, float]:
    """The median of `values`, the ends of an interval that holds the true median, and how
    surely it does (at least CONFIDENCE from 6 values on; with fewer, the whole range, less
    surely). Free of any assumed distribution: each value falls below the true median with
    chance 1/2, so the k-th smallest and k-th largest miss it with twice a binomial tail, and k
    is the largest that keeps that chance within 1 - CONFIDENCE."""
    ordered, count = sorted(values), len(values)

    def outside(k: int) -> float:
        """The chance that the true median is not between the k-th smallest and largest."""
        return 2 * sum(math.comb(count, below) for below in range(k)) / (1 << count)

    k = 1
    while k < (count + 1) // 2 and outside(k + 1) <= 1 - CONFIDENCE:
        k += 1
    return statistics.median(ordered), ordered[k - 1], ordered[count - k], 1 - outside(k)


def loop_times() -> list[float]:
    """A fixed loop of integer arithmetic, timed LOOP_ROUNDS times (seconds): the machine's
    speed for the reader, not a figure of the program. Every benchmark here prints it."""
    seconds = []
    for _round in range(LOOP_ROUNDS):
        began = time.perf_counter()
        total = 0
        for number in range(LOOP_SIZE):
            total += number * number % 7
        seconds.append(time.perf_counter() - began)
    return seconds


def loop_seconds() -> float:
    """The fixed loop's median time, in seconds."""
    return statistics.median(loop_times())


def pure_python_loop() -> str:
    """The fixed loop's times as a line to print."""
    seconds = loop_times()
    return f"fixed pure-Python loop ({LOOP_SIZE:,} steps): {spread([s * 1000 for s in seconds], 'ms', 1)}"
