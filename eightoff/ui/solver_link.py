"""The solver joined to the window: a verdict on every position in the status line, hints,
the way back to the last winnable position, winnable-only deals, the solution played back and
the grade of a deal the shipped table does not list (from a search of its start).

Every search runs in the SolverWorker's process, so the loop never waits on one: the window
submits, and the worker's helper thread posts an event when an answer is ready. The worker
has one request in flight (a newer one cancels the older), so each request says what it is
for and which position it was about, and an answer the game has moved on from is dropped.
The verdict on the current position is asked for after every change; a hint or a solve then
usually finds it there already (the worker's cache knows every position on a winning line).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import pygame

from eightoff.core.deals import deal, random_deal_number
from eightoff.core.game import Game, Step
from eightoff.core.i18n import N_, _, ngettext
from eightoff.core.position import Position
from eightoff.core.rules import Rules
from eightoff.session.changes import Change
from eightoff.solver import SOLVED, UNSOLVED, SolveResult
from eightoff.solver.hints import hint_from, position_before
from eightoff.solver.worker import SolverWorker
from eightoff.ui.dialogs import MessageDialog
from eightoff.ui.playback import Playback

if TYPE_CHECKING:
    from eightoff.store.preferences import Preferences
    from eightoff.ui.app import App
    from eightoff.ui.table import TableScene

VERDICT_SECONDS = 5.0
"""The background search after each change: enough for almost every position."""
ASKED_SECONDS = 30.0
"""When the player asks (Hint, Solve) and the background search ran out, one longer try."""
REWIND_SECONDS = 2.0
"""Each earlier position tried on the way back to a winnable one."""
DEAL_SECONDS = 3.0
"""A candidate deal for "winnable deals only" (a proof takes about 1 s at worst)."""
DEAL_TRIES = 20

INDICATOR = {SOLVED: N_("winnable"), UNSOLVED: N_("no longer winnable")}
LOST_FROM_THE_START = N_("cannot be won")
"""The indicator for a deal proved unwinnable at its start: it never was winnable."""
UNDECIDED = N_("winnable?")
DEALING = N_("Dealing a winnable game…")
THINKING = N_("thinking…")
"""The indicator's words are kept in English and translated as the status line draws them, so a
change of language shows at once."""


@dataclass(frozen=True)
class Request:
    purpose: str
    """"verdict" (the current position), "rewind" (an earlier one), "deal" (a candidate) or
    "grade" (a won game's start, when its grade is not known yet)."""
    position: Position
    rules: Rules
    seconds: float
    undos: int = 0
    deal_number: int = 0


class SolverLink:
    """The table's `app.solver`: Hint, Solve and winnable-only new games, all asynchronous."""

    def __init__(self, app: App, deal_source: Callable[[], int] = random_deal_number) -> None:
        self.app = app
        self.deal_source = deal_source
        self.worker: SolverWorker | None = None
        self.event_type = pygame.event.custom_type()
        self.request: Request | None = None
        """What the worker is working on for us (None: nothing)."""
        self.verdict: tuple[Request, SolveResult] | None = None
        """The latest answer about the current position."""
        self.wanted: str | None = None
        """"hint" or "solve" once the player asked and the answer is still to come."""
        self.deal_tries = 0

    @property
    def table(self) -> TableScene:
        return self.app.table

    # ----- the worker ---------------------------------------------------------------------------

    def _worker(self) -> SolverWorker:
        if self.worker is None:
            self.worker = SolverWorker(notify=self._wake_loop)
        return self.worker

    def _wake_loop(self) -> None:
        """From the worker's helper thread: the loop is asleep in SDL, an event wakes it."""
        pygame.event.post(pygame.event.Event(self.event_type))

    def submit(self, request: Request) -> None:
        self.request = request
        worker = self._worker()
        try:
            worker.submit(request.position, request.rules, request.seconds, request)
        except (OSError, RuntimeError) as error:  # no process could be started (limits, no memory)
            self.unavailable(error)
            return
        ready = worker.poll()  # answers from the cache come back at once: no "thinking" flash
        if ready is not None:
            self.answer(*ready)

    def unavailable(self, error: Exception) -> None:
        """The solver's process cannot run: the game goes on without Hint, Solve, the winnable
        indicator and winnable-only deals, and the player is told why."""
        self.close()
        self.request = None
        self.app.solver = None
        self.app.listeners.remove(self.changed)
        self.table.status.indicator = ""
        self.table.notify(_("The solver could not start ({reason}): the game goes on without hints, "
                            "Solve and the winnable indicator.").format(reason=error))

    def woken(self, _event: Any = None) -> None:
        if self.worker is None:
            return
        ready = self.worker.poll()
        if ready is not None:
            self.answer(*ready)

    def answer(self, tag: object, result: SolveResult) -> None:
        if tag != self.request or not isinstance(tag, Request):
            return
        self.request = None
        self.table.session.learn_grade(tag.position, tag.rules, result)  # a search of the deal's start
        if tag.purpose == "verdict":
            self._judged(tag, result)
        elif tag.purpose == "rewind":
            self._rewound(tag, result)
        elif tag.purpose == "deal":
            self._dealt(tag, result)

    def close(self) -> None:
        if self.worker is not None:
            self.worker.close()
            self.worker = None

    # ----- the verdict on the current position -----------------------------------------------

    def changed(self, change: Change, game: Game, step: Step | None) -> None:
        if self.request is not None and self.request.purpose == "deal":
            return  # the coming game gets its own verdict
        self.wanted = None
        self.ask_verdict()

    def preferences_changed(self, _preferences: Preferences) -> None:
        """Take-back changes the rules of the game under way."""
        if self.verdict is None or self.verdict[0].rules != self.table.game.rules:
            self.ask_verdict()

    def ask_verdict(self, seconds: float = VERDICT_SECONDS) -> None:
        game = self.table.game
        self.verdict = None
        if game.is_won and self.table.session.grade is None:
            self.submit(Request("grade", game.start, game.rules, ASKED_SECONDS))  # shown once known
        elif game.is_won:
            self.request = None
            if self.worker is not None:
                self.worker.cancel()
        else:
            self.submit(Request("verdict", game.position, game.rules, seconds))
        self.show_indicator()

    def current(self) -> SolveResult | None:
        if self.verdict is None:
            return None
        request, result = self.verdict
        game = self.table.game
        return result if (request.position, request.rules) == (game.position, game.rules) else None

    def show_indicator(self) -> None:
        result = self.current()
        if self.table.game.is_won:
            text = ""
        elif result is None:
            text = THINKING
        elif result.status == UNSOLVED and self.table.game.position == self.table.game.start:
            text = LOST_FROM_THE_START
        else:
            text = INDICATOR.get(result.status, UNDECIDED)
        self.table.status.indicator = text

    def _judged(self, request: Request, result: SolveResult) -> None:
        game = self.table.game
        if (request.position, request.rules) != (game.position, game.rules):
            return
        self.verdict = (request, result)
        self.show_indicator()
        wanted, self.wanted = self.wanted, None
        if wanted is not None and self.app.top is self.table:  # not over a dialog opened since
            self._act(wanted)

    # ----- Hint and Solve -----------------------------------------------------------------------

    def hint(self) -> None:
        self._ask("hint")

    def play_solution(self) -> None:
        self._ask("solve")

    def _ask(self, wanted: str) -> None:
        if self.table.game.is_won:
            return
        if self.current() is None:
            self.wanted = wanted
            if self.request is None or self.request.purpose != "verdict":
                self.ask_verdict()
            self.table.notify(_("Thinking…"))
            return
        self._act(wanted)

    def _act(self, wanted: str) -> None:
        result = self.current()
        assert result is not None and self.verdict is not None
        advice = hint_from(result)  # the rule the hint tests test
        if advice.move is not None:
            if wanted == "hint":
                self.table.show_hint(advice.move)
            else:
                self.table.session.note_hint()
                self.table.status.notice = ""
                self.app.push(Playback(self.app, result.moves))
        elif result.status == UNSOLVED and self.table.game.position == self.table.game.start:
            self._cannot_be_won()
        elif result.status == UNSOLVED:
            self.table.notify(_("This game can no longer be won: looking for where it went wrong…"))
            self._rewind(1)
        elif self.verdict[0].seconds < ASKED_SECONDS:
            self.wanted = wanted
            self.ask_verdict(ASKED_SECONDS)
            self.table.notify(_("Still thinking…"))
        else:
            self.table.notify(_("The solver found no winning line in time"))

    # ----- back to the last winnable position --------------------------------------------------

    def _rewind(self, undos: int) -> None:
        game = self.table.game
        before = position_before(game, undos)
        if before is None:
            self._cannot_be_won()
            return
        self.submit(Request("rewind", before, game.rules, REWIND_SECONDS, undos=undos))

    def _cannot_be_won(self) -> None:
        """A deal lost from its start, said as such: New, and "winnable deals only" if it is off."""
        self.table.status.notice = ""
        buttons: list[tuple[str, Callable[[], None] | None]] = [(_("New game"), self.table.do_new)]
        if not self.app.preferences.winnable_only:
            buttons.append((_("Winnable deals only"), self.winnable_only))
        self.app.push(MessageDialog(
            self.app, _("This deal cannot be won"),
            [_("The solver proved that no play wins this deal, from its start or any later point.")],
            [*buttons, (_("Close"), None)]))

    def winnable_only(self) -> None:
        """Turn on "winnable deals only" (as Preferences would) and deal a new game under it."""
        old = self.app.preferences
        self.app.preferences = replace(old, winnable_only=True)
        self.table.preferences_changed(old)
        self.table.do_new()

    def _rewound(self, request: Request, result: SolveResult) -> None:
        if result.status != SOLVED:
            self._rewind(request.undos + 1)
            return
        undos = request.undos
        self.table.status.notice = ""
        self.app.push(MessageDialog(
            self.app, _("No longer winnable"),
            [_("This position cannot be won any more."),
             ngettext("It could still be won {count} move ago.", "It could still be won {count} moves ago.",
                      undos).format(count=undos)],
            [(ngettext("Undo {count} move", "Undo {count} moves", undos).format(count=undos),
              lambda: self.undo(undos)), (_("Close"), None)]))

    def undo(self, undos: int) -> None:
        for _undo in range(undos):
            self.table.do_undo()

    # ----- winnable deals only -------------------------------------------------------------------

    def new_random_game(self, rules: Rules) -> None:
        self.deal_tries = 0
        self._try_deal(rules)

    def _try_deal(self, rules: Rules) -> None:
        number = self.deal_source()
        self.deal_tries += 1
        self.submit(Request("deal", deal(number, rules), rules, DEAL_SECONDS, deal_number=number))
        if self.request is not None:
            self.table.notify(_(DEALING))

    def _dealt(self, request: Request, result: SolveResult) -> None:
        if result.status == UNSOLVED and self.deal_tries < DEAL_TRIES:
            self._try_deal(request.rules)  # proved unwinnable; "unknown" is given the benefit
            return
        if self.table.status.notice == _(DEALING):
            self.table.status.notice = ""  # a notice put over it since is left to be read
        self.table.replace_game(Game.new(request.deal_number, request.rules), Change.NEW)


def connect_solver(app: App, deal_source: Callable[[], int] = random_deal_number) -> SolverLink:
    """Make `link` the app's solver and give it the changes, wake-ups and the end it needs."""
    link = SolverLink(app, deal_source)
    app.solver = link
    app.listeners.append(link.changed)
    app.preferences_listeners.append(link.preferences_changed)
    app.event_handlers[link.event_type] = link.woken
    app.closers.append(link.close)
    app.after_first_frame(link.ask_verdict)  # the worker's process starts after the deal shows
    return link
