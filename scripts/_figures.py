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


def pure_python_loop() -> str:
    """A fixed loop of integer arithmetic, timed a few times: the machine's speed for the
    reader, not a figure of the program."""
    seconds = []
    for _round in range(LOOP_ROUNDS):
        began = time.perf_counter()
        total = 0
        for number in range(LOOP_SIZE):
            total += number * number % 7
        seconds.append(time.perf_counter() - began)
    return f"fixed pure-Python loop ({LOOP_SIZE:,} steps): {spread([s * 1000 for s in seconds], 'ms', 1)}"
