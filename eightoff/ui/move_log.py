"""`--log-moves`: every move the window makes, in fc-solve's wording, with a line for each undo,
redo, deal and outcome, on the window's output.

The log listens to the session like any effect; it prints a whole step of the loop at once
(`flush`, after every listener has heard it): whoever reads the winning move there (and then
kills the window) finds the win already in the statistics, which the store records on the WON
that follows it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TextIO

from eightoff.core.notation import format_move
from eightoff.session.changes import Change

if TYPE_CHECKING:
    from eightoff.core.game import GameView, Step
    from eightoff.session.session import Session


class MoveLog:
    def __init__(self, session: Session, out: TextIO) -> None:
        self.session = session
        self.out = out
        self.unlogged: list[str] = []
        """Lines not printed yet."""
        session.listeners.append(self.changed)

    def changed(self, change: Change, game: GameView, step: Step | None) -> None:
        if change is Change.MOVE and step is not None:
            lines = [format_move(move) for move in step.moves]
        elif change in (Change.UNDO, Change.REDO):
            lines = [f"# {change.value}"]
        elif change in (Change.NEW, Change.RESTART):
            lines = [f"# {change.value}: deal {game.deal_number} ({game.rules.name} rules)"]
        elif change in (Change.WON, Change.LOST):
            outcome = self.session.outcome
            lines = [f"# {outcome.value if outcome else change.value}"]
        else:
            return
        self.unlogged += lines

    def flush(self) -> None:
        if self.unlogged:
            lines, self.unlogged = self.unlogged, []
            print("\n".join(lines), file=self.out, flush=True)
