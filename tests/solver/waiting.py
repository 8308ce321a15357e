"""Waiting for the solver's worker process through a long search: for as long as it works.

A ceiling in seconds of the clock failed these tests on a busy machine (a search that fills
the worker's memory took over two minutes while eight other test runs shared two cores); the
worker's own CPU time is the same however busy the machine is, so the ceiling is counted in
that, and a worker that stops working without answering is caught as well.
"""

from __future__ import annotations

import os
import time
from collections.abc import Hashable
from pathlib import Path

from eightoff.solver.result import SolveResult
from eightoff.solver.worker import SolverWorker

CPU_CEILING = 600.0
"""Seconds of CPU one answer may take before the worker counts as stuck in its search."""
STALLED = 300.0
"""Seconds of the clock a searching worker may go without any CPU before it counts as hung."""


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def answer(worker: SolverWorker) -> tuple[Hashable, SolveResult]:
    """The answer to the worker's latest request, waited for while it works on it."""
    spent, since = -1.0, time.monotonic()
    while True:
        ready = worker.wait(1.0)
        if ready is not None:
            return ready
        assert worker.pending, "the worker has no request to answer"
        pid = worker.pid  # None once it is gone: its end is read as the answer on the next wait
        now = spent if pid is None else cpu_seconds(pid)
        assert now < CPU_CEILING, f"no answer after {now:.0f} s of the worker's CPU"
        if now > spent:
            spent, since = now, time.monotonic()
        assert time.monotonic() - since < STALLED, f"the worker has not worked for {STALLED:.0f} s"
