"""The session's advice: the solver's advisor, the front end's ears for what it says, and what
its answers teach about the deal (its grade and par).

The session composes one `Counsel`; the advisor talks to it (it is the advisor's
`AdvisedSession`), and it reads and tells the session only through `Counselled`. Hints and
solutions are the player's line (`eightoff.solver.par`), so Hint shows the first move Solve
makes, and Solve ends in the par's number of moves when it starts from the deal.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from eightoff.core.game import Game, GameView
from eightoff.core.outcome import Outcome
from eightoff.core.position import Position
from eightoff.core.rules import Rules
from eightoff.session.advisor import THINKING, Advice, Advisor, PlaySolution, ShowHint, Wanted
from eightoff.session.facts import DealFacts
from eightoff.solver.par import decided, par_from
from eightoff.solver.result import grade_of

if TYPE_CHECKING:
    from eightoff.solver.result import SolveResult

AdviceListener = Callable[[Advice], None]


class Counselled(Protocol):
    """The session as its counsel sees it (named by shape: the session imports this module)."""

    facts: DealFacts
    outcome: Outcome | None
    hints_used: bool

    @property
    def replay(self) -> object | None: ...

    @property
    def game(self) -> GameView: ...

    def undo(self) -> object: ...

    def deal_found(self, game: Game) -> None: ...


class Counsel:
    """Hint, Solve, the winnable indicator, the way back and winnable-only deals, through the
    advisor (None: no solver, and none of them)."""

    def __init__(self, session: Counselled, advisor: Advisor | None) -> None:
        self.session = session
        self.advisor = advisor
        self.listeners: list[AdviceListener] = []
        """The front end: hints, offers and notices from the advisor and the keeper."""
        self.settled = self._known()
        """Whether the deal's start needs no search of its own: its par and grade are known, or
        a search of it settled what it could (the advisor asks for one until then)."""

    def _known(self) -> bool:
        facts = self.session.facts
        return facts.par is not None and facts.grade is not None

    @property
    def available(self) -> bool:
        return self.advisor is not None and self.advisor.available

    @property
    def attached(self) -> bool:
        """The advisor is at work for this session (from the window's first frame on)."""
        return self.advisor is not None and self.advisor.session is self

    # ----- what the front end asks ------------------------------------------------------------

    def start(self, wake: Callable[[], None]) -> None:
        """Let the advisor work (after the first frame: its process starts then); `wake` is
        called from its thread when an answer is ready, and the front end then calls `poll`."""
        if self.advisor is not None:
            self.advisor.attach(self, wake)
            self.advisor.ask_verdict()

    def poll(self) -> None:
        if self.advisor is not None:
            self.advisor.poll()

    def hint(self) -> None:
        self._ask(Wanted.HINT)

    def solve(self) -> None:
        self._ask(Wanted.SOLVE)

    def _ask(self, wanted: Wanted) -> None:
        if self.advisor is not None and self.attached and self.session.outcome is None:
            self.advisor.ask(wanted)

    def forget_wish(self) -> None:
        """A dialog covers the table: a hint or solution asked for and still to come is not
        wanted any more."""
        if self.advisor is not None:
            self.advisor.forget_wish()

    def rewind(self, undos: int) -> None:
        """Undo back to the last position the advisor found winnable."""
        for _undo in range(undos):
            self.session.undo()

    def indicator(self) -> str:
        """The winnable indicator's words (untranslated; "" for none, and during a replay)."""
        if not self.available or self.session.game.is_won or self.session.replay is not None:
            return ""
        assert self.advisor is not None
        return self.advisor.indicator() if self.attached else THINKING

    # ----- what the session tells -------------------------------------------------------------

    def changed(self) -> None:
        """The game on the table changed: the verdict is asked for again."""
        if self.advisor is not None and self.attached:
            self.advisor.changed()

    def new_deal(self) -> None:
        """Another deal is on the table: what is known of it is in its new facts."""
        self.settled = self._known()

    def close(self) -> None:
        if self.advisor is not None:
            self.advisor.close()

    # ----- the advisor's side (`AdvisedSession`) ----------------------------------------------

    @property
    def game(self) -> GameView:
        return self.session.game

    def advise(self, advice: Advice) -> None:
        """From the advisor or the keeper: tell the front end. A hint or solution shown counts
        as help in this game."""
        if isinstance(advice, ShowHint | PlaySolution):
            self.session.hints_used = True
        for listener in list(self.listeners):
            listener(advice)

    def deal_found(self, game: Game) -> None:
        self.session.deal_found(game)

    @property
    def wants_par(self) -> bool:
        """The advisor should search the deal's start (no search settled its par and grade)."""
        return not self.settled and self.session.outcome is None

    def par_unsettled(self) -> None:
        """The advisor's own search of the start was answered without settling the par (a
        memory cap, a cancel): it is not asked for again in this game."""
        self.settled = True

    def learn_grade(self, position: Position, rules: Rules, result: SolveResult) -> None:
        """A solver answer about `position`: when that is the start of the game being played,
        its own search grades the deal (a derived answer gives none) and, unless it was cut
        short by time before the par's board budget, settles its par. Once the game has its
        outcome its facts are final: they are what its record holds."""
        session = self.session
        game = session.game
        if session.outcome is not None or session.replay is not None:
            return
        if (position, rules) != (game.start, game.rules):
            return
        now_decided = not self.settled and decided(result)
        par = par_from(position, rules, result) if now_decided else None
        self.settled = self.settled or now_decided
        session.facts = session.facts.learned(grade_of(result), par)
