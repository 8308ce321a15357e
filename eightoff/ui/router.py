"""One way from what the player asks (a toolbar button, a key, a screen reader's click, a
dialog's button) to what it does: the session's command, or the dialog that asks first.

Commands are run by value from one table of handlers. A command that leaves a game in
progress (New, Restart, Deal…, Play again) asks first. The router also owns the playback of
a line of moves (the solver's, or a finished game's), which a new deal stops.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import pygame

from eightoff.core.i18n import _, ngettext
from eightoff.session import commands
from eightoff.session.changes import Change
from eightoff.session.commands import BY_NAME, Command
from eightoff.session.daily import result_line
from eightoff.ui import dialogs
from eightoff.ui.pause import PauseScene
from eightoff.ui.playback import Playback
from eightoff.ui.status import wrap_text
from eightoff.ui.toolbar import MORE

if TYPE_CHECKING:

    from eightoff.core.game import GameView, Step
    from eightoff.core.preferences import Preferences
    from eightoff.session.records import RecentGame
    from eightoff.session.session import Session
    from eightoff.ui.animation import Animator
    from eightoff.ui.controller import Controller
    from eightoff.ui.layout import Layout
    from eightoff.ui.playback import Line
    from eightoff.ui.scene import Host
    from eightoff.ui.status import StatusLine
    from eightoff.ui.themes.deck import CardArt
    from eightoff.ui.toolbar import Toolbar


class Table(Protocol):
    """The table as the router drives it: its cards in flight, its input, its status line, and
    the stage a playback plays on (the table scene is one; named by shape, so this module need
    not import the table)."""

    animator: Animator
    controller: Controller
    art: CardArt
    layout: Layout
    status: StatusLine
    toolbar: Toolbar
    banner: str

    def notify(self, text: str) -> None: ...

    def animating(self) -> bool: ...

    def enabled(self) -> dict[str, bool]: ...


class Settings(Protocol):
    """The window's owner of preferences, as the router asks it (named by shape, so this module
    need not import it, which imports this one)."""

    def changed(self, old: Preferences, new: Preferences) -> None: ...

    def toggle_fullscreen(self) -> None: ...


class Router:
    def __init__(self, host: Host, session: Session, table: Table, settings: Settings) -> None:
        self.host = host
        self.session = session
        self.table = table
        self.settings = settings
        self.playback: Playback | None = None
        """The line of moves being played on this table, if one is."""
        self.handlers: dict[Command, Callable[[], None]] = {
            commands.NEW: self.new_game,
            commands.GAME: self.choose_game,
            commands.DEAL: self.choose_deal,
            commands.DAILY: session.open_daily,
            commands.RESTART: session.restart,
            commands.UNDO: self.undo,
            commands.REDO: self.redo,
            commands.HINT: session.advice.hint,
            commands.SOLVE: session.advice.solve,
            commands.PAUSE: self.pause_game,
            commands.FULLSCREEN: settings.toggle_fullscreen,
            commands.PREFERENCES: self.open_preferences,
            commands.STATISTICS: self.open_statistics,
            commands.HELP: lambda: host.push(dialogs.help_dialog(host, session)),
            commands.QUIT: host.quit,
            commands.FINISH: self.finish,
            commands.MESSAGES: self.show_messages,
        }
        """What each command does here: looked up by the command's value."""
        session.listeners.append(self.changed)

    def changed(self, change: Change, game: GameView, step: Step | None) -> None:
        if change in (Change.NEW, Change.RESTART) and self.playback is not None:
            self.playback.stop()  # the line was for the game that is gone
            self.playback = None

    def enabled(self) -> dict[str, bool]:
        return {name: command.enabled(self.session) for name, command in BY_NAME.items()}

    def perform(self, action: str) -> None:
        """Run a command of the session's list, by its value; one that leaves the game in
        progress asks first, and one that cannot run now says why."""
        if action == MORE:
            off = frozenset(name for name, on in self.enabled().items() if not on)
            self.host.push(dialogs.MoreMenu(self.host, self.table.toolbar.folded, self.perform, off))
            return
        command = BY_NAME[action]
        refusal = command.refusal(self.session)
        if refusal is not None:
            self.table.notify(refusal)
            return
        self.table.animator.finish()
        self.table.controller.cancel()
        handler = self.handlers[command]
        if command.leaves_game:
            self.leave_then(handler)
        else:
            handler()

    def leave_then(self, action: Callable[[], None], key: str | None = None) -> None:
        """Run `action`, which leaves this game for one of variant `key` (this one's when
        None): at once when the session says that loses nothing (or the player turned the
        question off), else once the player says so. Enter keeps the game."""
        if not self.session.leaving_loses(key) or not self.session.preferences.confirm_leave:
            action()
            return
        moves = self.session.moves()
        self.host.push(dialogs.MessageDialog(
            self.host, _("Leave this game?"),
            [ngettext("This game has {count} move made. Leaving it counts it as lost.",
                      "This game has {count} moves made. Leaving it counts it as lost.",
                      moves).format(count=moves),
             _("Preferences can turn this question off.")],
            [(_("Keep playing"), None), (_("Leave it"), action)]))

    def new_game(self, number: int | None = None) -> None:
        self.table.animator.finish()
        self.table.controller.cancel()
        self.session.new_game(number)

    def undo(self) -> None:
        self.table.animator.finish()
        self.session.undo()

    def redo(self) -> None:
        self.table.animator.finish()
        self.session.redo()

    def finish(self) -> None:
        self.table.animator.finish()
        if self.session.finish() is None and not self.session.over:
            self.table.notify(_("No card can go home now"))

    def pause_game(self) -> None:
        self.host.push(PauseScene(self.host, lambda: self.table.layout.table))

    def choose_game(self) -> None:
        session = self.session
        self.host.push(dialogs.GameChooser(self.host, session.game.rules.name, session.choose_game))

    def choose_deal(self) -> None:
        self.host.push(dialogs.DealDialog(self.host, self.new_game))

    def open_preferences(self) -> None:
        self.host.push(dialogs.PreferencesDialog(self.host, self.session.variant, self.settings.changed,
                                                   self.session.options, self.table.art))

    def open_statistics(self) -> None:
        books = self.session.books
        if books.keeper is None:
            self.host.push(dialogs.MessageDialog(self.host, _("Statistics"),
                                                   [_("Statistics are kept once the store is connected.")],
                                                   [(_("Close"), None)]))
            return
        # A lazy seam: the statistics' modules (the session's port to the figures and their
        # words, the dialog, the charts) load when the player first asks for them.
        from eightoff.session.records import Records
        from eightoff.ui.stats_dialog import StatisticsDialog

        statistics = Records(books.keeper, books.tell_notices)
        self.host.push(StatisticsDialog(self.host, statistics, self.session.game.rules.name, self.play_again,
                                        self.watch, self.session.daily.today()))

    def play_again(self, finished: RecentGame) -> None:
        """A logged game's deal again, from its start (a game in progress of its variant is
        left, asked first; one of another variant is kept)."""
        self.leave_then(lambda: self.session.play_again(finished), finished.key)

    def watch(self, finished: RecentGame) -> None:
        """A logged game's moves played again on its deal, a move at a time: a replay, which
        leaves the game on the table as it is (nothing to ask)."""
        replay = self.session.watch(finished)
        if replay is not None:
            self.play_line(replay)

    def play_line(self, line: Line) -> None:
        """Play `line` on the table a move at a time: the solver's, or a finished game's replay."""
        self.playback = Playback(self.host, self.table, line)
        self.host.push(self.playback)

    def show_messages(self) -> None:
        """Every notice of this session again, newest last: none is lost by being missed."""
        dialog = dialogs.MessageDialog(self.host, _("Messages"), [], [(_("Close"), None)])
        width = dialog.panel.w - dialog.px(56)
        lines = [line for notice in self.table.status.history
                 for line in wrap_text(notice, dialog.text_font, width)]
        room = max(1, (self.host.size[1] - dialog.px(220)) // dialog.text_font.get_linesize())
        dialog.lines = lines[-room:] or [_("No messages yet.")]
        dialog.resize(self.host.size)
        self.host.push(dialog)

    def copy_result(self) -> None:
        """The daily deal's result line onto the clipboard, and into the status line."""
        line = result_line(self.session)
        if line is None:
            return
        try:
            pygame.scrap.put_text(line)
        except pygame.error as error:
            told = _("The result could not be copied ({reason}): {line}")
            self.table.notify(told.format(reason=error, line=line))
            return
        self.table.notify(_("Copied: {line}").format(line=line))
