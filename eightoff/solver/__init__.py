"""The solver: real search over core positions for hints, verdicts and step-through solutions."""

from eightoff.solver.search import Budget
from eightoff.solver.solve import SOLVED, UNKNOWN, UNSOLVED, SolveResult, solve

__all__ = ["Budget", "SOLVED", "UNKNOWN", "UNSOLVED", "SolveResult", "solve"]
