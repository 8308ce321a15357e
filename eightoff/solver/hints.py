"""What the window asks of the solver: the next move of a winning line, and how far to undo
to get back to a position that can still be won.

The window gets its answers asynchronously from the worker, so the rules of a hint are pure
functions of a `SolveResult` and a `Game` (`hint_from`, `position_before`), which the window
and the tests' synchronous `hint` / `last_winnable` share. Nothing here searches, so the window
loads no search."""

from __future__ import annotations

from dataclasses import dataclass

from eightoff.core.game import Game, GameView
from eightoff.core.moves import Move
from eightoff.core.position import Position
from eightoff.solver.limits import Status
from eightoff.solver.par import line_from
from eightoff.solver.result import SolveResult


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


def position_before(game: Game | GameView, undos: int) -> Position | None:
    """The position `undos` steps back in the game's history (0: the current one); None past
    its start (the deal as auto-play settled it). The way back tries these one by one, nearest
    first."""
    if undos == 0:
        return game.position
    return game.done[-undos].before if undos <= len(game.done) - game.settled else None
