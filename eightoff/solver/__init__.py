"""The solver: real search over core positions for hints, verdicts and step-through solutions.

`solve` answers with a winning line, a proof that none exists, or "unknown" when the budget
runs out; `hint` and `last_winnable` are the window's questions; `worker.SolverWorker` runs
them off the window's process.
"""

from eightoff.solver.hints import Hint, Rewind, hint, last_winnable
from eightoff.solver.search import Budget
from eightoff.solver.solve import SOLVED, UNKNOWN, UNSOLVED, SolverBug, SolveResult, solve

__all__ = [
    "SOLVED",
    "UNKNOWN",
    "UNSOLVED",
    "Budget",
    "Hint",
    "Rewind",
    "SolveResult",
    "SolverBug",
    "hint",
    "last_winnable",
    "solve",
]
