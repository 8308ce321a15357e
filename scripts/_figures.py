"""What every benchmark here prints beside its figures: median and spread, and how fast this
machine runs plain Python right now, so a reader can tell a fast machine from a fast program.
"""

from __future__ import annotations

import statistics
import time

LOOP_ROUNDS = 5
LOOP_SIZE = 1_000_000


def spread(values: list[float], unit: str, digits: int = 2) -> str:
    ordered = sorted(values)
    return (f"median {statistics.median(ordered):.{digits}f} {unit} "
            f"(min {ordered[0]:.{digits}f}, max {ordered[-1]:.{digits}f}, n={len(ordered)})")


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
