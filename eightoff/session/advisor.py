"""The session's advisor: its glue to the solver (the verdict, hints, the way back, winnable-only
deals, the solution to play back, the par and grade of a deal's start), which its counsel drives.
Every search runs in the solver worker's process, so nothing waits on one: the advisor submits,
and the worker's helper thread calls the `wake` the front end gave (the window posts an event
that wakes its loop, which then calls `poll`). The worker has one request in flight (a newer
one cancels the older), so each request says what it is for (`Purpose`) and which position it
was about, and an answer the game has moved on from is dropped. The verdict on the current
position is asked for after every change; a hint or a solve then usually finds it there
already (the worker's cache knows every position on a winning line).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from enum import Enum
from typing import TYPE_CHECKING, Protocol

import msgspec

from eightoff.core.deals import deal, random_deal_number
from eightoff.core.game import Game, GameView
from eightoff.core.i18n import N_, _
from eightoff.core.moves import Move
from eightoff.core.position import Position
from eightoff.core.rules import Rules
from eightoff.solver.hints import hint_from, position_before
from eightoff.solver.limits import SOLVED, UNSOLVED
from eightoff.solver.par import PAR_NODES, line_from

if TYPE_CHECKING:
    from eightoff.solver.result import SolveResult

VERDICT_SECONDS = 5.0
"""The background search after each change: enough for almost every position."""
ASKED_SECONDS = 30.0
"""When the player asks (Hint, Solve) and the background search ran out, one longer try."""
REWIND_SECONDS = 2.0
"""Each earlier position tried on the way back to a winnable one."""
DEAL_SECONDS = 3.0
"""A candidate deal for "winnable deals only" (a proof takes about 1 s at worst)."""
DEAL_TRIES = 20

WINNABLE = N_("winnable")
NO_LONGER_WINNABLE = N_("no longer winnable")
CANNOT_BE_WON = N_("cannot be won")
UNDECIDED = N_("winnable?")
THINKING = N_("thinking…")
"""The indicator's words stay in English here and are translated where drawn, so a change of
language shows at once."""


class SolverPort(Protocol):
    """What the advisor needs of the solver's worker process (`SolverWorker` is one; tests may
    give another)."""

    def submit(self, position: Position, rules: Rules, time_limit: float | None, tag: Hashable,
               nodes: int | None = None) -> None: ...

    def poll(self) -> tuple[Hashable, SolveResult] | None: ...

    def cancel(self) -> None: ...

    def close(self) -> None: ...


class Purpose(Enum):
    VERDICT = "verdict"
    """Is the current position winnable (the indicator; Hint and Solve read it)."""
    REWIND = "rewind"
    """Is an earlier position winnable (the way back from a dead end)."""
    DEAL = "deal"
    """Is a candidate deal winnable (winnable deals only, where no shipped list helps)."""
    PAR = "par"
    """The search of the deal's start within the par's board budget, when no verdict on the
    start has settled its par and grade (the player moved on before it came, time cut it
    short, or the game was resumed after its first move)."""


class Request(msgspec.Struct, frozen=True):
    purpose: Purpose
    position: Position
    rules: Rules
    seconds: float | None
    undos: int = 0
    deal_number: int = 0
    nodes: int | None = None


class Wanted(Enum):
    HINT = "hint"
    SOLVE = "solve"


# ----- what the advisor tells the session (and so the window) -------------------------------

class ShowHint(msgspec.Struct, frozen=True):
    move: Move


class PlaySolution(msgspec.Struct, frozen=True):
    moves: tuple[Move, ...]
    """The player's line: each a move as the player makes it, auto-play's cards with it."""


class OfferRewind(msgspec.Struct, frozen=True):
    undos: int
    """How many undos back the position could still be won."""


class CannotBeWon(msgspec.Struct, frozen=True):
    """No play wins this deal, from its start or any later point."""

    from_start: bool
    """Proved before any move was made (the deal itself), rather than found on the way back."""


class Notice(msgspec.Struct, frozen=True):
    text: str
    """Already in the player's language."""


class SolverGone(msgspec.Struct, frozen=True):
    reason: str


Advice = ShowHint | PlaySolution | OfferRewind | CannotBeWon | Notice | SolverGone


class AdvisedSession(Protocol):
    """What the advisor reads of and tells the session (named by shape: no import circle)."""

    @property
    def game(self) -> GameView: ...

    @property
    def wants_par(self) -> bool: ...

    def par_unsettled(self) -> None: ...

    def learn_grade(self, position: Position, rules: Rules, result: SolveResult) -> None: ...

    def advise(self, advice: Advice) -> None: ...

    def deal_found(self, game: Game) -> None: ...


def start_worker(wake: Callable[[], None]) -> SolverPort:
    """The solver's own process, started when the first question is asked (after the window's
    first frame)."""
    from eightoff.solver.worker import SolverWorker  # here, for start-up cost: the window draws first

    return SolverWorker(notify=wake)


class Advisor:
    """Hint, Solve, the indicator and winnable-only new games, all asynchronous."""

    def __init__(
        self,
        worker_factory: Callable[[Callable[[], None]], SolverPort] | None = None,
        deal_source: Callable[[], int] = random_deal_number,
    ) -> None:
        self.worker_factory = worker_factory or start_worker
        self.deal_source = deal_source
        self.session: AdvisedSession | None = None
        self.wake: Callable[[], None] = lambda: None
        self.worker: SolverPort | None = None
        self.available = True
        """False once the solver's process could not start: Hint and Solve are then off."""
        self.request: Request | None = None
        """What the worker is working on for us (None: nothing)."""
        self.verdict: tuple[Request, SolveResult] | None = None
        """The latest answer about the current position."""
        self.wanted: Wanted | None = None
        """Hint or Solve, once the player asked and the answer is still to come."""
        self.deal_tries = 0
        self.lost_deal: tuple[Position, Rules] | None = None
        """The last deal (its start and rules) proved lost as dealt: the game played on from it
        still "cannot be won", not "no longer winnable", which it never was."""

    def attach(self, session: AdvisedSession, wake: Callable[[], None]) -> None:
        """Serve `session`; `wake` is called from the worker's thread when an answer is ready."""
        self.session = session
        self.wake = wake

    @property
    def _session(self) -> AdvisedSession:
        assert self.session is not None, "the advisor serves a session once attached"
        return self.session

    @property
    def game(self) -> GameView:
        return self._session.game

    # ----- the worker ---------------------------------------------------------------------------

    def submit(self, request: Request) -> None:
        if not self.available:
            return
        self.request = request
        try:
            if self.worker is None:
                self.worker = self.worker_factory(self.wake)
            self.worker.submit(request.position, request.rules, request.seconds, request, request.nodes)
        except (OSError, RuntimeError) as error:  # no process could be started (limits, no memory)
            self._unavailable(error)
            return
        self.poll()  # answers from the cache come back at once: no "thinking" flash

    def _unavailable(self, error: Exception) -> None:
        """The solver's process cannot run: the game goes on without Hint, Solve, the winnable
        indicator and winnable-only deals, and the player is told why."""
        self.close()
        self.request = None
        self.available = False
        self._session.advise(SolverGone(str(error)))

    def poll(self) -> None:
        """Take an answer that is ready, if any (the front end calls this when woken)."""
        ready = None if self.worker is None else self.worker.poll()
        if ready is not None:
            self._answer(*ready)

    def _answer(self, tag: object, result: SolveResult) -> None:
        if tag != self.request or not isinstance(tag, Request):
            return
        self.request = None
        self._session.learn_grade(tag.position, tag.rules, result)  # a search of the deal's start
        if tag.purpose is Purpose.VERDICT:
            self._judged(tag, result)
        elif tag.purpose is Purpose.REWIND:
            self._rewound(tag, result)
        elif tag.purpose is Purpose.DEAL:
            self._dealt(tag, result)
        elif tag.purpose is Purpose.PAR and self._session.wants_par:
            self._session.par_unsettled()
        self._ask_par()

    def _ask_par(self) -> None:
        """With nothing else asked of the worker, search the deal's start for its par if no
        answer has settled it: the verdict on the start usually has (a search that won within
        the par's board budget found the par's line)."""
        if self.request is None and self.wanted is None and self._session.wants_par:
            game = self.game
            self.submit(Request(Purpose.PAR, game.start, game.rules, None, nodes=PAR_NODES))

    def close(self) -> None:
        if self.worker is not None:
            self.worker.close()
            self.worker = None

    # ----- the verdict on the current position -----------------------------------------------

    def changed(self) -> None:
        """The game changed: judge the position it stands at now."""
        if self.request is not None and self.request.purpose is Purpose.DEAL:
            return  # the coming game gets its own verdict
        self.wanted = None
        self.ask_verdict()

    def ask_verdict(self, seconds: float = VERDICT_SECONDS) -> None:
        game = self.game
        self.verdict = None
        if game.is_won:
            self.request = None
            if self.worker is not None:
                self.worker.cancel()
        else:
            self.submit(Request(Purpose.VERDICT, game.position, game.rules, seconds))

    def current(self) -> SolveResult | None:
        """The verdict on the position the game stands at, once known."""
        if self.verdict is None:
            return None
        request, result = self.verdict
        return result if (request.position, request.rules) == (self.game.position, self.game.rules) else None

    def indicator(self) -> str:
        """The indicator's words (untranslated): "" when there is none to show."""
        if not self.available or self.game.is_won:
            return ""
        result = self.current()
        if result is None:
            return THINKING
        if result.status == UNSOLVED:
            return CANNOT_BE_WON if self.game.at_deal or self.deal_lost() else NO_LONGER_WINNABLE
        return WINNABLE if result.status == SOLVED else UNDECIDED

    def deal_lost(self) -> bool:
        """The game's deal was proved lost as dealt (its start judged, before or now)."""
        return self.lost_deal == (self.game.start, self.game.rules)

    def _judged(self, request: Request, result: SolveResult) -> None:
        if (request.position, request.rules) != (self.game.position, self.game.rules):
            return
        self.verdict = (request, result)
        if result.status == UNSOLVED and self.game.at_deal:  # the deal, as auto-play settled it
            self.lost_deal = (self.game.start, self.game.rules)
        wanted, self.wanted = self.wanted, None
        if wanted is not None:
            self._act(wanted)

    # ----- Hint and Solve -----------------------------------------------------------------------

    def ask(self, wanted: Wanted) -> None:
        """The player asked for a hint or the solution: act now if the verdict is in."""
        if self.game.is_won or not self.available:
            return
        if self.current() is None:
            self.wanted = wanted
            if self.request is None or self.request.purpose is not Purpose.VERDICT:
                self.ask_verdict()
            self._session.advise(Notice(_("Thinking…")))
            return
        self._act(wanted)

    def forget_wish(self) -> None:
        """A dialog opened over the table: a hint or solution still to come is not wanted now."""
        self.wanted = None

    def _act(self, wanted: Wanted) -> None:
        result = self.current()
        assert result is not None and self.verdict is not None
        advice = hint_from(result, self.game)  # the rule the hint tests test
        if advice.move is not None:
            if wanted is Wanted.HINT:
                self._session.advise(ShowHint(advice.move))
            else:
                self._session.advise(PlaySolution(tuple(line_from(self.game, result.moves) or ())))
        elif result.status == UNSOLVED:
            if self.game.at_deal or self.deal_lost():
                self._session.advise(CannotBeWon(from_start=True))
                return
            looking = _("This game can no longer be won: looking for where it went wrong…")
            self._session.advise(Notice(looking))
            self._rewind(1)
        elif self.verdict[0].seconds is not None and self.verdict[0].seconds < ASKED_SECONDS:
            self.wanted = wanted
            self.ask_verdict(ASKED_SECONDS)
            self._session.advise(Notice(_("Still thinking…")))
        else:
            self._session.advise(Notice(_("The solver found no winning line in time")))

    # ----- back to the last winnable position --------------------------------------------------

    def _rewind(self, undos: int) -> None:
        before = position_before(self.game, undos)
        if before is None:
            self._session.advise(CannotBeWon(from_start=False))
            return
        self.submit(Request(Purpose.REWIND, before, self.game.rules, REWIND_SECONDS, undos=undos))

    def _rewound(self, request: Request, result: SolveResult) -> None:
        if result.status != SOLVED:
            self._rewind(request.undos + 1)
            return
        self._session.advise(OfferRewind(request.undos))

    # ----- winnable deals only -------------------------------------------------------------------

    def deal_winnable(self, rules: Rules) -> bool:
        """Look for a deal the solver does not prove unwinnable; the session is given it once
        found. False when the solver cannot help (the caller deals at random)."""
        if not self.available:
            return False
        self.deal_tries = 0
        self._try_deal(rules)
        return self.available

    def _try_deal(self, rules: Rules) -> None:
        number = self.deal_source()
        self.deal_tries += 1
        self.submit(Request(Purpose.DEAL, deal(number, rules), rules, DEAL_SECONDS, deal_number=number))

    def _dealt(self, request: Request, result: SolveResult) -> None:
        if result.status == UNSOLVED and self.deal_tries < DEAL_TRIES:
            self._try_deal(request.rules)  # proved unwinnable; "unknown" is given the benefit
            return
        self._session.deal_found(Game.new(request.deal_number, request.rules))
