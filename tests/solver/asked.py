"""The searches the tests ask and wait on: a deal's par, a hint, the last winnable position of
a game. The window asks the same of its worker and reads the answers with the package's own
`par` and `hints`, which these share."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from eightoff.core.game import Game
from eightoff.core.position import Position
from eightoff.core.rules import Rules
from eightoff.solver.hints import Hint, hint_from, position_before
from eightoff.solver.limits import Budget, Status
from eightoff.solver.par import PAR_NODES, par_from
from eightoff.solver.result import SolveResult
from eightoff.solver.solve import solve


def find_par(start: Position, rules: Rules) -> int | None:
    """Search `start` within the par's board budget (the window's worker runs the same search)."""
    return par_from(start, rules, solve(start, rules, Budget(nodes=PAR_NODES)))


def hint(position: Position, rules: Rules, budget: Budget | None = None) -> Hint:
    """The first move of a winning line from `position` (None on a won position)."""
    return hint_from(solve(position, rules, budget), Game(rules, position))


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
    undos = 0
    while (position := position_before(game, undos)) is not None:
        result = solver(position, game.rules, budget)
        if result.status == Status.SOLVED:
            return Rewind(undos, position, result)
        undos += 1
    return None
