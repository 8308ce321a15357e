"""`Session`: the one owner of the game being played.

It holds the variant, deal, history and move counter (the core's `Game`), the clock, whether
hints or the solver's solution were used, and the outcome. Every change goes through its
methods, which tell the listeners (window, store, solver, move log) what happened. The outcome
is a fact at the moment of the move that decides it: `Change.WON` goes out synchronously after
that move, before any animation, so a window closed or killed right after keeps the win.

The deal's difficulty grade is held here too: the shipped table's for a numbered deal it lists,
else the one a solver search of the starting position reports (`learn_grade`); None until known.
"""

from __future__ import annotations

from collections.abc import Callable

from eightoff.core.game import Game, Step
from eightoff.core.moves import Move
from eightoff.core.piles import Pile
from eightoff.core.position import Position
from eightoff.core.rules import Rules
from eightoff.core.variants import Variant, variant_of
from eightoff.session.changes import Change, Listener
from eightoff.session.clock import GameClock
from eightoff.session.commands import BY_NAME
from eightoff.session.outcome import Outcome
from eightoff.solver import SolveResult, grade_of
from eightoff.solver.grade import grade_of_deal


class Session:
    def __init__(
        self,
        game: Game,
        now: Callable[[], float],
        *,
        autoplay: bool = True,
        elapsed: float = 0.0,
        hints_used: bool = False,
    ) -> None:
        self._game = game
        self.now = now
        self.autoplay = autoplay
        self.clock = GameClock(elapsed)
        self.hints_used = hints_used
        self.solution_used = False
        """The solver's step-through solution made a move in this game."""
        self.outcome: Outcome | None = None
        self.outcome_moves: int | None = None
        """The move counter when the outcome was decided (what the record and the dialog show)."""
        self.solver_available = False
        self.grade: str | None = _shipped_grade(game)
        """The deal's grade ("easy" ... "expert") once known; shown when the game is over."""
        self.listeners: list[Listener] = []

    # ----- reading ------------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The game as it stands. Read it; change it only through the session's methods."""
        return self._game

    @property
    def variant(self) -> Variant:
        return variant_of(self._game.rules)

    def enabled(self, name: str) -> bool:
        return BY_NAME[name].enabled(self)

    def seconds(self) -> float:
        return self.clock.seconds(self.now())

    def tick(self, visible: bool) -> None:
        """Run the clock while the game is under way, undecided, and the window is shown."""
        self.clock.run(self.now(), visible and self._game.has_started and self.outcome is None)

    # ----- commands -------------------------------------------------------------------------------

    def perform(self, name: str) -> bool:
        """Run a session command by name if it is enabled; False if it is not one of the
        session's own (the front end's) or is disabled."""
        command = BY_NAME[name]
        if command.run is None or not command.enabled(self):
            return False
        command.run(self)
        return True

    def play(self, move: Move, by_solver: bool = False) -> Step:
        """Make a legal move (from `find_move`, `click_move` or the solver), with auto-play if
        the player wants it, as one undo step. The solver's lines carry their own auto-play
        moves, so its moves are made as they are."""
        self.clock.run(self.now(), self.outcome is None)  # the first move starts the clock
        step = self._game.play(move, autoplay=self.autoplay and not by_solver)
        if by_solver:
            self.solution_used = True
        self._emit(Change.MOVE, step)
        self._decide()
        return step

    def try_move(self, source: Pile, destination: Pile, count: int | None = None) -> Step:
        """The player's request: raises the core's `IllegalMove` (its message says why)."""
        return self.play(self._game.find_move(source, destination, count))

    def click(self, pile: Pile) -> Step | None:
        """A click on a pile's top card: home, else a free cell, else the best column."""
        move = self._game.click_move(pile)
        return None if move is None else self.play(move)

    def finish(self) -> Step | None:
        """Send every remaining card home (offered when nothing else stands in the way)."""
        return self._autoplay_step(safe_only=False)

    def autoplay_now(self) -> Step | None:
        """Auto-play switched on mid-game: send home what safely may go, as a step of its own."""
        return self._autoplay_step(safe_only=True)

    def _autoplay_step(self, safe_only: bool) -> Step | None:
        step = self._game.autoplay(safe_only)
        if step is not None:
            self._emit(Change.MOVE, step)
            self._decide()
        return step

    def undo(self) -> Step | None:
        """Undo one step. After the outcome the game reopens for play but stays counted once."""
        step = self._game.undo()
        if step is not None:
            self._emit(Change.UNDO, step)
        return step

    def redo(self) -> Step | None:
        step = self._game.redo()
        if step is not None:
            self._emit(Change.REDO, step)
            self._decide()
        return step

    def restart(self) -> None:
        self.start(self._game.restarted(), Change.RESTART)

    def start(
        self,
        game: Game,
        change: Change = Change.NEW,
        elapsed: float = 0.0,
        hints_used: bool = False,
        keep: bool = False,
    ) -> None:
        """Replace the game (a new deal, another variant, a resumed one). A started game with
        no outcome yet is lost (listeners hear LOST while it is still `game`, then `change`),
        unless it is kept to come back to (`keep`: the player switched to another variant)."""
        if self._game.has_started and self.outcome is None and not keep:
            self.clock.run(self.now(), False)
            self.outcome = Outcome.LOST
            self.outcome_moves = self._game.move_count
            self._emit(Change.LOST, None)
        same_deal = (game.start, game.rules) == (self._game.start, self._game.rules)
        self.grade = _shipped_grade(game) or (self.grade if same_deal else None)
        self._game = game
        self.clock = GameClock(elapsed)
        self.hints_used = hints_used
        self.solution_used = False
        self.outcome = None
        self.outcome_moves = None
        self._emit(change, None)

    def restore(self, elapsed: float, hints_used: bool) -> None:
        """Carry over a resumed game's time and hints flag."""
        self.clock = GameClock(elapsed)
        self.hints_used = hints_used

    def learn_grade(self, position: Position, rules: Rules, result: SolveResult) -> None:
        """A solver answer about `position`: when that is this game's start under its rules and
        no grade is known yet, the answer's own search grades the deal (a derived or unsolved
        answer gives none)."""
        if self.grade is None and (position, rules) == (self._game.start, self._game.rules):
            self.grade = grade_of(result)

    def note_hint(self) -> None:
        self.hints_used = True

    def change_takeback(self, allowed: bool) -> None:
        """The take-back option applies at once: the position stays legal either way."""
        self._game.rules = self._game.rules.with_takeback(allowed)

    # ----- telling -------------------------------------------------------------------------------

    def _decide(self) -> None:
        if self.outcome is None and self._game.is_won:
            self.outcome = Outcome.SOLVED_WITH_HELP if self.solution_used else Outcome.WON
            self.outcome_moves = self._game.move_count
            self.clock.run(self.now(), False)
            self._emit(Change.WON, None)

    def _emit(self, change: Change, step: Step | None) -> None:
        for listener in list(self.listeners):
            listener(change, self._game, step)


def _shipped_grade(game: Game) -> str | None:
    """The grade the shipped table lists for a numbered deal (None for others)."""
    return None if game.deal_number is None else grade_of_deal(game.rules.name, game.deal_number)
