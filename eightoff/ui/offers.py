"""What the game and the solver's advisor call for without the player asking: the player's
best on a deal met again, a hint, the celebration of a win, the offer to finish, a dead end,
"no longer winnable", "cannot be won", the solver's line played.

Each is looked at once the cards have landed (after each change, and once the deal is on
screen), and each offer for a position is made once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Protocol

from eightoff.core.i18n import _, ngettext
from eightoff.session.advisor import (
    Advice,
    CannotBeWon,
    Notice,
    OfferRewind,
    PlaySolution,
    ShowHint,
    SolverGone,
)
from eightoff.session.changes import Change
from eightoff.session.facts import best_line
from eightoff.session.grading import grade_lines
from eightoff.session.replay import Solution
from eightoff.session.words import hint_words
from eightoff.ui import dialogs
from eightoff.ui.celebration import WinDialog

if TYPE_CHECKING:
    from eightoff.core.game import GameView, Step
    from eightoff.core.moves import Move
    from eightoff.core.position import Position
    from eightoff.session.session import Session
    from eightoff.ui.faces import CardFaces
    from eightoff.ui.layout import Layout
    from eightoff.ui.router import Router
    from eightoff.ui.scene import Host
    from eightoff.ui.status import StatusLine

HINT_SECONDS = 2.5


class Table(Protocol):
    """The table the offers are made over, only while it is the window's top scene (the table
    scene is one; named by shape, so this module need not import the table)."""

    layout: Layout
    faces: CardFaces
    status: StatusLine
    hint: tuple[Move, float] | None

    def notify(self, text: str) -> None: ...

    def invalidate(self) -> None: ...

    def settled(self) -> bool: ...

    def on_top(self) -> bool: ...


class Offers:
    def __init__(self, host: Host, session: Session, table: Table, router: Router) -> None:
        self.host = host
        self.session = session
        self.table = table
        self.router = router
        self.due = False
        """Whether the position is to be looked at (a win, a finish, a dead end) once the cards
        have landed: after each change, and once the deal is on screen (`first_check`)."""
        self.offered: Position | None = None
        """The position for which a "won", "finish" or "stuck" offer was last shown (shown once)."""
        self.finish_offered = False
        """The "All cards can go home" offer was made in this game (it is not repeated)."""
        session.listeners.append(self.changed)
        session.advice.listeners.append(self.advised)
        self.tell_best()

    def changed(self, change: Change, game: GameView, step: Step | None) -> None:
        if change in (Change.LOST, Change.REPLAY):
            return  # a replay ends on the game as it was: nothing new to look at
        self.due = True
        if change in (Change.NEW, Change.RESTART):
            self.offered = None
            self.finish_offered = False
            self.tell_best()

    def tell_best(self) -> None:
        """At the start of a deal the player has won before: their best on it."""
        best = best_line(self.session.facts)
        if best:
            self.table.notify(best)

    def first_check(self) -> None:
        """The deal's own check, once it is on screen: whether it is stuck needs every legal
        move, and the move tables built for the first, which the player need not wait for to
        see the cards."""
        self.due = True
        self.check_when_settled()

    def ready(self) -> bool:
        """The position is due to be looked at, the table is on top and no card moves."""
        return self.due and self.table.on_top() and self.table.settled()

    def check_when_settled(self) -> None:
        """Look at the position if it is `ready`."""
        if self.ready():
            self.check_position()

    def check_position(self) -> None:
        """After the cards have landed: a won game, a finish, or a dead end."""
        self.due = False
        game = self.session.game
        router = self.router
        if game.is_won:
            if self.offered == game.position:
                return
            self.offered = game.position  # celebrated once
            self.host.push(WinDialog(self.host, self.session, self.table, router.new_game,
                                        self.session.restart, router.copy_result))
            return
        if self.offered == game.position:
            return
        if self.session.finish_to_offer():
            self.offered = game.position
            if self.finish_offered:
                return  # offered once a game; Ctrl+F finishes when the player wants
            self.finish_offered = True
            self.host.push(dialogs.MessageDialog(
                self.host, _("All cards can go home"),
                [_("Every remaining card can go to the foundations in order."),
                 _("Not now: Ctrl+F finishes whenever you like.")],
                [(_("Finish"), router.finish), (_("Not now"), None)]))
        elif game.is_stuck:
            self.offered = game.position
            self.offer_way_out()

    def offer_way_out(self) -> None:
        """A dead end: Undo, Restart and New game, each only where it can act, so a deal dead
        as dealt (a Forecell deal whose full cells block every move) offers New game first,
        not an Undo with nothing to undo."""
        router = self.router
        enabled = router.enabled()
        ways = [(_("Undo"), "undo"), (_("Restart"), "restart"), (_("New game"), "new")]
        buttons: list[tuple[str, Callable[[], None] | None]] = [
            (label, partial(router.perform, action)) for label, action in ways if enabled[action]]
        self.host.push(dialogs.MessageDialog(
            self.host, _("No moves left"),
            [_("No move is left that changes anything."), *grade_lines(self.session)],
            [*buttons, (_("Close"), None)]))

    # ----- the advisor's answers -----------------------------------------------------------

    def advised(self, advice: Advice) -> None:
        """What the session's advisor (or keeper) has to say, shown the table's way."""
        if isinstance(advice, Notice):
            self.table.notify(advice.text)
        elif isinstance(advice, SolverGone):
            self.table.notify(_("The solver could not start ({reason}): the game goes on without hints, "
                                "Solve and the winnable indicator.").format(reason=advice.reason))
        elif not self.table.on_top():
            return  # a dialog opened since the player asked: the answer is not wanted now
        elif isinstance(advice, ShowHint):
            self.show_hint(advice.move)
        elif isinstance(advice, PlaySolution):
            self.table.status.notice = ""
            self.router.play_line(Solution(self.session, advice.moves))
        elif isinstance(advice, OfferRewind):
            self.offer_rewind(advice.undos)
        elif isinstance(advice, CannotBeWon):
            self.say_cannot_be_won(advice.from_start)

    def show_hint(self, move: Move) -> None:
        self.table.notify(hint_words(self.session.game.position, self.session.game.rules, move))
        self.table.hint = (move, self.host.now() + HINT_SECONDS)
        self.table.invalidate()

    def offer_rewind(self, undos: int) -> None:
        self.table.status.notice = ""
        self.host.push(dialogs.MessageDialog(
            self.host, _("No longer winnable"),
            [_("This position cannot be won any more."),
             ngettext("It could still be won {count} move ago.", "It could still be won {count} moves ago.",
                      undos).format(count=undos)],
            [(ngettext("Undo {count} move", "Undo {count} moves", undos).format(count=undos),
              lambda: self.session.advice.rewind(undos)), (_("Close"), None)]))

    def say_cannot_be_won(self, from_start: bool) -> None:
        """A deal no play wins: New is offered, and "winnable deals only" where it is off."""
        self.table.status.notice = ""
        lines = [_("The solver proved that no play wins this deal, from its start or any later point.")]
        buttons: list[tuple[str, Callable[[], None] | None]] = [(_("New game"), self.router.new_game)]
        if not self.session.preferences.winnable_only:
            lines.append(_("With \u201cwinnable deals only\u201d on, new games are always winnable."))
            buttons.append((_("Winnable deals only"), self.winnable_only_now))
        buttons.append((_("Close"), None))
        self.host.push(dialogs.MessageDialog(self.host, _("This deal cannot be won"), lines, buttons))

    def winnable_only_now(self) -> None:
        """The preference turned on through the window's owner of preferences, then a new deal."""
        old = self.session.preferences
        self.router.settings.changed(old, replace(old, winnable_only=True))
        self.router.new_game()
