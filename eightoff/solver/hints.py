"""What the window asks of the solver: the next move of a winning line, and how far to undo
to get back to a position that can still be won."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from eightoff.core.game import Game
from eightoff.core.moves import Move
from eightoff.core.position import Position
from eightoff.core.rules import Rules
from eightoff.solver.search import Budget
from eightoff.solver.solve import SOLVED, SolveResult, solve


@dataclass(frozen=True)
class Hint:
    status: str
    """SOLVED: `move` starts a winning line; UNSOLVED: the position is lost; UNKNOWN: no verdict
    within the budget."""
    move: Move | None
    result: SolveResult


def hint(position: Position, rules: Rules, budget: Budget | None = None) -> Hint:
    """The first move of a winning line from `position` (None on a won position)."""
    result = solve(position, rules, budget)
    move = result.moves[0] if result.moves else None
    return Hint(result.status, move, result)


@dataclass(frozen=True)
class Rewind:
    """How to get back to a winnable position: undo `undos` steps of the game's history."""

    undos: int
    position: Position
    result: SolveResult
    """The solution from `position`."""


def last_winnable(
    game: Game,
    budget: Budget | None = None,
    solver: Callable[[Position, Rules, Budget | None], SolveResult] = solve,
) -> Rewind | None:
    """The most recent position of the game (the current one, or one reached by undoing) from
    which a win is proved possible; None when none is, e.g. an unwinnable deal.

    Positions whose search runs out of budget are passed over, so a long proof of a lost middle
    position does not hold up finding a winnable earlier one; `budget` applies to each search.
    """
    positions = [game.position] + [step.before for step in reversed(game.done)]
    for undos, position in enumerate(positions):
        result = solver(position, game.rules, budget)
        if result.status == SOLVED:
            return Rewind(undos, position, result)
    return None
