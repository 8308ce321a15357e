"""Lines of moves played on the table a move at a time: the solver's line on the game (Solve),
and a finished game's kept moves on a game of their own (Watch).

Both count in the player's unit: a move the player made, with the cards auto-play sent home
with it, is one. A solution's moves are real moves of the game, counted as the player's are.
A replay is not a game: it plays on its own copy of the deal, records nothing and never
decides an outcome, and when it ends the table shows the game it left exactly as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from eightoff.core.game import Game, GameView, Step
from eightoff.core.moves import Move
from eightoff.core.notation import format_move
from eightoff.session.facts import DealFacts, deal_facts


class Played(Protocol):
    """The session as a solution's line plays on it (named by shape: the session imports this)."""

    def play(self, move: Move, by_solver: bool = False) -> Step: ...

    def undo(self) -> Step | None: ...


class Solution:
    """The solver's line (the player's line, see `eightoff.solver.par`) played on the game."""

    replay = False

    def __init__(self, session: Played, moves: tuple[Move, ...]) -> None:
        self.session = session
        self.moves = moves
        self.played = 0

    @property
    def total(self) -> int:
        return len(self.moves)

    def forward(self) -> None:
        if self.played < self.total:
            self.session.play(self.moves[self.played], by_solver=True)
            self.played += 1

    def back(self) -> None:
        """Undo one of the moves this line made (never the player's own)."""
        if self.played > 0:
            self.played -= 1
            self.session.undo()

    def stop(self) -> None:
        """The moves made stay: they are the game's."""


class Replay:
    """A finished game's kept steps, one per move the player made, played again from its deal
    on a game of its own; `tell` hears each step shown, and None once the replay has ended."""

    replay = True

    def __init__(self, kept: Game, tell: Callable[[Step | None], None]) -> None:
        self.tell = tell
        self.game = kept.restarted()
        if kept.settled:
            self.game.settle()  # the deal's own auto-play, which no move counts
        self.steps = kept.done[1:] if kept.settled else list(kept.done)
        self.view = GameView(self.game)
        self.facts: DealFacts = deal_facts(kept)
        self.played = 0
        self.ended = False

    @property
    def total(self) -> int:
        """The kept count: the moves of the game as it ended."""
        return len(self.steps)

    def forward(self) -> None:
        if self.played < self.total and not self.ended:
            lines = [format_move(move) for move in self.steps[self.played].moves]
            self.played += 1
            self.tell(self.game.replay_step(lines))

    def back(self) -> None:
        if self.played > 0 and not self.ended:
            self.played -= 1
            self.tell(self.game.undo())

    def stop(self) -> None:
        """The end: the game the replay left is on the table again (told once)."""
        if not self.ended:
            self.ended = True
            self.tell(None)
