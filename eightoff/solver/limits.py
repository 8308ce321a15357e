"""What a search may spend and what it answers: `Budget`, `Limits` and `Status`.

A caller gives `solve` a `Budget` (a plain value it may reuse for several solves). `solve`
starts one `Limits` from it, which sets the deadline, and every search of that solve (the
best-first runners, the depth-first prover, the merged game's proof) asks the same
`Limits.exceeded` whether to stop, so a node cap, a memory cap, a deadline and a cancel end
each of them the same way: with `Status.UNKNOWN`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum


class Status(str, Enum):
    """A search's verdict. Also a `str`, so that JSON lines, comparisons and printing read the
    plain word."""

    SOLVED = "solved"
    """A winning line was found (and the core's replay accepted it)."""
    UNSOLVED = "unsolved"
    """Proved: no line wins (every board the sound pruning leaves was tried)."""
    UNKNOWN = "unknown"
    """The limits ended the search before it decided."""

    def __str__(self) -> str:
        return self.value


SOLVED, UNSOLVED, UNKNOWN = Status.SOLVED, Status.UNSOLVED, Status.UNKNOWN
"""The members by their short names, as the session reads them (`solver.SOLVED`)."""


DEFAULT_STATES = 1_500_000
"""Distinct boards kept by one search before the answer is "unknown", so that a search stays
under 1 GB (docs/notes.md, "Tuning figures")."""
CLOCK_EVERY = 128
"""Boards counted between looks at the clock and at the stop flag: asking the worker's socket
is a system call, and 128 boards are a few milliseconds of search, so a cancel still ends a
search at once to the player's eye."""


@dataclass(frozen=True)
class Budget:
    """How much one solve may spend; None means no limit. Tests use `nodes`, which is the same
    on every machine; the window uses `seconds` and `stop`."""

    seconds: float | None = None
    nodes: int | None = None
    """Boards the solve's searches may count, each phase what the earlier ones left. A prover
    beside the best-first runners is not held to it (docs/solver.md, "The phases of `solve`")."""
    stop: Callable[[], bool] | None = None
    """Asked now and then; True ends the search as "unknown" (how the worker cancels)."""
    states: int | None = DEFAULT_STATES
    """Distinct boards one search may keep: the memory cap. Each search drops its boards when
    it ends, so the cap holds for each search of a solve, not for their sum."""


class Limits:
    """A `Budget` being spent: the deadline is fixed when it starts, so every search of one
    solve shares it, and `after` hands the next search what the earlier ones left of the node
    budget."""

    def __init__(self, budget: Budget, deadline: float | None = None, nodes: int | None = None) -> None:
        if deadline is None and budget.seconds is not None:
            deadline = time.perf_counter() + budget.seconds
        self.budget = budget
        self.deadline = deadline
        self.nodes = budget.nodes if nodes is None else nodes
        """The boards this search may count (what the solve's earlier searches left)."""
        self.states = budget.states
        self.stop = budget.stop
        self._next_look = CLOCK_EVERY

    def exceeded(self, nodes: int, states: Callable[[], int]) -> bool:
        """Whether a search that has counted `nodes` boards, and keeps `states()` boards, must
        stop now. The node cap is checked every time; the state cap, the clock and the stop
        flag once `nodes` has grown by `CLOCK_EVERY` since the last look (counting the boards
        kept is a sum over the search's sets). Both depend on `nodes` alone, so a search stops
        at the same board on every machine."""
        if self.nodes is not None and nodes >= self.nodes:
            return True
        if nodes < self._next_look:
            return False
        self._next_look = nodes + CLOCK_EVERY
        return (
            (self.states is not None and states() >= self.states)
            or (self.deadline is not None and time.perf_counter() > self.deadline)
            or (self.stop is not None and self.stop())
        )

    def quiet_until(self) -> int:
        """The boards counted below which `exceeded` answers False and changes nothing, so a
        search need not ask it before: a call per board costs the compiled search a tenth of
        an easy board's work, since this module runs as Python."""
        return self._next_look if self.nodes is None else min(self.nodes, self._next_look)

    def after(self, spent: int, most: int | None = None) -> Limits:
        """The limits of the next search, once `spent` boards were counted by the earlier ones:
        the same deadline and stop flag, the rest of the node budget, and at most `most`
        boards when given (a phase's own cap)."""
        left = None if self.nodes is None else max(0, self.nodes - spent)
        if most is not None:
            left = most if left is None else min(left, most)
        return Limits(self.budget, self.deadline, left)
