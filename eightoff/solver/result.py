"""What a search answers, apart from the search: the window reads the worker's answers (a hint,
the player's line, the par, the grade) without loading the search itself."""

from __future__ import annotations

from dataclasses import dataclass

from eightoff.core.moves import Move
from eightoff.solver.grade import grade_for
from eightoff.solver.limits import Status


@dataclass(frozen=True)
class SolveResult:
    status: Status
    moves: tuple[Move, ...]
    """Core moves that win when applied one by one (auto-play moves included); empty otherwise."""
    seconds: float
    """The solver's own time (wall clock)."""
    nodes: int
    """Boards expanded."""
    states: int
    """Distinct boards seen."""
    difficulty: float = 0.0
    """The score `grade.difficulty` gives a solved position (0 otherwise)."""
    rules_name: str = ""
    """The game it was solved under, which the grade's thresholds depend on. Empty in a result
    the worker derived from a longer line (no search of its own, so no grade)."""
    cpu_seconds: float = 0.0
    """The processor time the solve took: what a benchmark on a shared machine can compare."""


def grade_of(result: SolveResult) -> str | None:
    """ "easy", "medium", "hard" or "expert" for a solved deal; None when it is not solved, or
    when the result is the rest of a line found from an earlier position (no search scored it)."""
    if result.status != Status.SOLVED or not result.moves or not result.rules_name:
        return None
    return grade_for(result.rules_name, result.difficulty)
