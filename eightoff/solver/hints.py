"""What the window asks of the solver: the next move of a winning line, and how far to undo
to get back to a position that can still be won.

The window gets its answers asynchronously from the worker, so the rules of a hint are pure
functions of a `SolveResult` and a `Game` (`hint_from`, `position_before`), which the window
and the synchronous `hint` / `last_winnable` here share, and which the tests test."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from eightoff.core.game import Game, GameView
from eightoff.core.moves import Move
from eightoff.core.position import Position
from eightoff.core.rules import Rules
from eightoff.solver.limits import Budget, Status
from eightoff.solver.par import line_from
from eightoff.solver.solve import SolveResult, solve


@dataclass(frozen=True)
class Hint:
    status: Status
    """SOLVED: `move` starts a winning line; UNSOLVED: the position is lost; UNKNOWN: no verdict
    within the budget."""
    move: Move | None
    result: SolveResult


def hint_from(result: SolveResult, game: Game | GameView) -> Hint:
    """The hint a verdict on `game`'s position gives: the first move of its player's line from
    the position as it stands (SOLVED: Solve's first move, once the deal has settled); no move
    when the position is lost (UNSOLVED: offer the way back, see `position_before`), undecided
    (UNKNOWN) or its line cannot be followed. The window calls this on the answers its worker
    sends, and `hint` on a search of its own, so both show the same thing."""
    line = line_from(game, result.moves, settle=False) if result.status == Status.SOLVED else None
    return Hint(result.status, line[0] if line else None, result)


def hint(position: Position, rules: Rules, budget: Budget | None = None) -> Hint:
    """The first move of a winning line from `position` (None on a won position)."""
    return hint_from(solve(position, rules, budget), Game(rules, position))


def position_before(game: Game | GameView, undos: int) -> Position | None:
    """The position `undos` steps back in the game's history (0: the current one); None past
    its start (the deal as auto-play settled it). The way back tries these one by one, nearest
    first."""
    if undos == 0:
        return game.position
    return game.done[-undos].before if undos <= len(game.done) - game.settled else None


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
