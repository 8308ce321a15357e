"""The table scene: the game on screen, its toolbar and status line, and what the player's
actions ask of the session.

The table draws the session's game and sends it commands; the session owns the game's life
(dealing, saving, the solver's advice). Commands are run by value from one table of handlers.
A command that leaves a game in progress (New, Restart, Deal…, Play again) asks first.

Drawing keeps a picture of everything that is not moving (`static`); while cards are dragged
or fly, a frame only restores the area they left from that picture and draws them again, so
a frame costs a few blits whatever the window size. When the window goes to sleep with
nothing to wake it, the picture is let go (`release`: 8 MB at 1920x1080, kept off the idle window)
and painted again when a frame next needs it; the screen keeps showing what it showed.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from types import ModuleType
from typing import TYPE_CHECKING

import pygame

from eightoff.core.cards import Suit
from eightoff.core.game import GameView, Step
from eightoff.core.i18n import _, ngettext
from eightoff.core.moves import Move
from eightoff.core.outcome import Outcome
from eightoff.core.piles import Pile, PileKind
from eightoff.core.position import Position
from eightoff.core.preferences import ANIMATION_SPEEDS, Preferences
from eightoff.core.rules import EmptyColumn
from eightoff.session import commands
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
from eightoff.session.clock import GameClock
from eightoff.session.commands import BY_NAME, Command
from eightoff.session.grading import grade_lines
from eightoff.session.session import Session
from eightoff.session.words import hint_words, move_words
from eightoff.ui import theme
from eightoff.ui.access import Announcer
from eightoff.ui.animation import BASE_SECONDS, Animator
from eightoff.ui.controller import Controller
from eightoff.ui.designs import table_cloth
from eightoff.ui.faces import CardFaces
from eightoff.ui.layout import Layout, compute_layout, layout_record
from eightoff.ui.scene import Scene
from eightoff.ui.sound import Sounds
from eightoff.ui.sprites import CardSprite, CardSprites
from eightoff.ui.status import StatusLine, game_summary, wrap_text
from eightoff.ui.themes.deck import POLL_SECONDS, CardArt
from eightoff.ui.toolbar import Toolbar
from eightoff.ui.window import in_screen_format

if TYPE_CHECKING:
    from eightoff.session.records import RecentGame
    from eightoff.ui.celebration import WinDialog
    from eightoff.ui.pause import PauseScene
    from eightoff.ui.playback import Playback
    from eightoff.ui.scene import Host

HINT_SECONDS = 2.5
SHADOW = (0, 0, 0, 55)


def deck(preferences: Preferences) -> tuple[object, ...]:
    """The preferences the cards' pictures are drawn from."""
    return (preferences.four_colour, preferences.high_contrast, preferences.card_face, preferences.card_back)


def shadow_offset(card: pygame.Rect) -> tuple[int, int]:
    """How far a lifted card's shadow falls, growing with the card."""
    return (max(2, card.w // 30), max(3, card.w // 20))


def dialogs() -> ModuleType:
    """The dialogs' module, loaded at the first dialog rather than before the deal is shown."""
    from eightoff.ui import dialogs  # here, for start-up cost: the table's first frame needs none

    return dialogs


def win_dialog() -> type[WinDialog]:
    from eightoff.ui.celebration import WinDialog  # here, for start-up cost: shown at a win

    return WinDialog


def pause_scene() -> type[PauseScene]:
    from eightoff.ui.pause import PauseScene  # here, for start-up cost: shown at a pause

    return PauseScene


def playback() -> type[Playback]:
    from eightoff.ui.playback import Playback  # here, for start-up cost: a solver's or a replayed line

    return Playback


class TableScene(Scene):
    modal = False

    def __init__(self, host: Host, session: Session) -> None:
        super().__init__(host)
        self.session = session
        self.sprites = CardSprites()
        self.animator = Animator(self.sprites)
        self.toolbar = Toolbar()
        self.status = StatusLine()
        self.announcer = Announcer()
        self.controller = Controller(self)
        self.sounds = Sounds()
        """Silent, with no mixer loaded, unless the player turned sound on (`start_sound`)."""
        self.static: pygame.Surface | None = None
        self.released = False
        """The static picture was let go while idle (see `release`), not made out of date."""
        self._shadow_surface: pygame.Surface | None = None
        self.static_key: frozenset[CardSprite] = frozenset()
        self.full = True
        self.moving_key: tuple[tuple[int, int], ...] = ()
        self.moving_area: pygame.Rect | None = None
        self.target_box: pygame.Rect | None = None
        self.checks_due = False
        """Whether the position is to be looked at (a win, a finish, a dead end) once the cards
        have landed: after each change, and once the deal is on screen (`first_check`)."""
        self.layout_due = True
        self.offered: Position | None = None
        """The position for which a "won", "finish" or "stuck" offer was last shown (shown once)."""
        self.finish_offered = False
        """The "All cards can go home" offer was made in this game (it is not repeated)."""
        self.hint: tuple[Move, float] | None = None
        self.playback: Playback | None = None
        """The solver's solution being played on this table, if one is."""
        self.handlers: dict[Command, Callable[[], None]] = {
            commands.NEW: self.new_game,
            commands.GAME: self.choose_game,
            commands.DEAL: self.choose_deal,
            commands.DAILY: self.session.open_daily,
            commands.RESTART: self.session.restart,
            commands.UNDO: self.undo,
            commands.REDO: self.redo,
            commands.HINT: self.session.hint,
            commands.SOLVE: self.session.solve,
            commands.PAUSE: self.pause_game,
            commands.FULLSCREEN: self.host.toggle_fullscreen,
            commands.PREFERENCES: self.open_preferences,
            commands.STATISTICS: self.open_statistics,
            commands.HELP: lambda: self.host.push(dialogs().help_dialog(self.host, self.session)),
            commands.QUIT: self.host.quit,
            commands.FINISH: self.finish,
            commands.MESSAGES: self.show_messages,
        }
        """What each command does here: looked up by the command's value."""
        theme.use(self.preferences.high_contrast, table_cloth(self.preferences.table_colour))
        self.art = CardArt(session.cache_folder)
        """The cards' design or installed theme, and the process drawing a theme."""
        self.layout: Layout = self._layout(host.size)
        self.faces: CardFaces = self._faces()
        self.resize(host.size)
        session.listeners.append(self.session_changed)
        session.advice_listeners.append(self.advised)
        self.tell_best()

    # ----- what the session owns --------------------------------------------------------------

    @property
    def game(self) -> GameView:
        return self.session.game

    @property
    def clock(self) -> GameClock:
        return self.session.clock

    @property
    def hints_used(self) -> bool:
        return self.session.hints_used

    @property
    def solver_finished(self) -> bool:
        return self.session.outcome is Outcome.SOLVED_WITH_HELP

    @property
    def preferences(self) -> Preferences:
        return self.session.preferences

    def now(self) -> float:
        return self.host.now()

    @property
    def banner(self) -> str:
        return self.status.banner

    @banner.setter
    def banner(self, text: str) -> None:
        self.status.banner = text

    def animating(self) -> bool:
        return self.animator.busy

    # ----- geometry and pictures -----------------------------------------------------------

    def _faces(self) -> CardFaces:
        place = {"window": list(self.host.size), "rules": self.game.rules.name,
                 "large": self.preferences.large_cards, "ui_scale": self.host.ui_scale}
        return self.art.faces(self.layout.card, self.preferences, place)

    def _layout(self, size: tuple[int, int]) -> Layout:
        """The layout for `size`, with the cards' proportions of the chosen design or theme."""
        return compute_layout(*size, self.game.rules, self.preferences.large_cards, self.host.ui_scale,
                              self.art.aspect(self.preferences))

    def resize(self, size: tuple[int, int]) -> None:
        self.animator.finish()
        self.controller.cancel()
        self.layout = self._layout(size)
        self.faces = self._faces()
        self.sprites.set_faces(self.faces)
        self.sprites.arrange(self.layout.places(self.game.position), self.faces, move=True)
        self.toolbar.place(self.layout.toolbar)
        self.layout_due = True
        self.invalidate()

    def refresh_faces(self) -> None:
        """Redraw the cards after a change of deck (four colours, high contrast, designs); a
        theme of other proportions lays the table out again."""
        if self._layout(self.host.size).card != self.layout.card:
            self.resize(self.host.size)
            return
        self.faces = self._faces()
        self.sprites.set_faces(self.faces)
        self.invalidate()

    def invalidate(self) -> None:
        self.static = None
        self.released = False
        self.full = True

    def release(self) -> None:
        """The loop sleeps until input: let the static picture go (it is painted again when a
        frame needs it), unless it is out of date anyway or cards are in the air."""
        if self.static is not None and not self.full and not self.static_key:
            self.static = None
            self.released = True

    # ----- the game's changes --------------------------------------------------------------

    def flight_seconds(self) -> float:
        return BASE_SECONDS * ANIMATION_SPEEDS.get(self.preferences.animation_speed, 1.0)

    def start_sound(self) -> None:
        """Sound as the preferences have it: the mixer started (once the deal is on screen,
        so the first frame does not wait for it), or stopped."""
        if self.preferences.sound:
            self.sounds.enable(self.preferences.volume)
        else:
            self.sounds.disable()

    def sound(self, name: str) -> None:
        self.sounds.play(name)

    def deal_cards(self) -> None:
        """A new deal's cards fly from a pile at the foot of the table to their places (any
        input lands them at once; the animation-speed preference sets the pace, "off" none).
        Not the game the window opens on: its first frame shows the cards in place at once."""
        table, (width, height) = self.layout.table, self.layout.card
        origin = (table.x + (table.w - width) // 2, table.bottom - height - self.layout.gap)
        self.animator.deal(self.layout.places(self.game.position), origin, self.flight_seconds(),
                           self.host.now())

    def animate(self, positions: list[Position]) -> None:
        """Fly the cards through `positions`, one leg each."""
        legs = [self.layout.places(position) for position in positions]
        self.animator.start(legs, self.flight_seconds(), self.host.now())

    def show_step(self, step: Step) -> None:
        positions = [step.before]
        for move in step.moves:
            positions.append(positions[-1].apply(move))
        self.animate(positions[1:])

    def play(self, move: Move, by_solver: bool = False) -> None:
        self.animator.finish()
        self.session.play(move, by_solver)

    def fly_back(self) -> None:
        """Return lifted cards to where the game says they lie."""
        self.animate([self.game.position])

    def session_changed(self, change: Change, game: GameView, step: Step | None) -> None:
        """Show what the session did: fly the cards, forget picks and hints, check again."""
        if change is Change.LOST:
            return
        self.announce(change, step)
        self.sound_of(change, step)
        self.hint = None
        self.controller.selected = None
        self.checks_due = True
        self.layout_due = True
        if change in (Change.NEW, Change.RESTART):
            self.animator.finish()
            self.controller.cancel()
            self.offered = None
            self.finish_offered = False
            if self.playback is not None:
                self.playback.stop()  # the solution was for the game that is gone
                self.playback = None
            self.resize(self.host.size)  # the rules may have another shape
            self.tell_best()
            self.deal_cards()
        elif change in (Change.MOVE, Change.REDO) and step is not None:
            self.show_step(step)
        elif change is Change.UNDO and step is not None:
            self.animate([step.before])
        self.invalidate()

    def sound_of(self, change: Change, step: Step | None) -> None:
        """What the player hears of a change: a card put down or sent home, the deal, a win."""
        if change is Change.WON:
            self.sound("win")
        elif change in (Change.NEW, Change.RESTART):  # both deal the cards again, animated
            self.sound("deal")
        elif change in (Change.MOVE, Change.REDO, Change.UNDO) and step is not None and step.moves:
            home = change is not Change.UNDO and step.moves[0].destination.kind is PileKind.FOUNDATION
            self.sound("home" if home else "drop")

    def announce(self, change: Change, step: Step | None) -> None:
        """Tell a screen reader what the session did, in the words of the status line."""
        if change is Change.MOVE and step is not None and step.moves:
            self.announcer.say(move_words(step.before, step.moves[0]))
        elif change is Change.WON:
            self.announcer.say(_("You won: every card is home"))
        elif change is Change.UNDO:
            self.announcer.say(_("Move undone"))
        elif change in (Change.NEW, Change.RESTART):
            self.announcer.say(self.summary())

    def notify(self, text: str) -> None:
        self.status.show(text)
        self.announcer.say(text)

    def tell_best(self) -> None:
        """At the start of a deal the player has won before: their best on it."""
        best = self.session.best_words()
        if best:
            self.notify(best)

    def copy_result(self) -> None:
        """The daily deal's result line onto the clipboard, and into the status line."""
        line = self.session.share_line()
        if line is None:
            return
        try:
            pygame.scrap.put_text(line)
        except pygame.error as error:
            told = _("The result could not be copied ({reason}): {line}")
            self.notify(told.format(reason=error, line=line))
            return
        self.notify(_("Copied: {line}").format(line=line))

    # ----- the advisor's answers -----------------------------------------------------------

    def advised(self, advice: Advice) -> None:
        """What the session's advisor (or keeper) has to say, shown the table's way."""
        if isinstance(advice, Notice):
            self.notify(advice.text)
        elif isinstance(advice, SolverGone):
            self.notify(_("The solver could not start ({reason}): the game goes on without hints, "
                          "Solve and the winnable indicator.").format(reason=advice.reason))
        elif self.host.top is not self:
            return  # a dialog opened since the player asked: the answer is not wanted now
        elif isinstance(advice, ShowHint):
            self.show_hint(advice.move)
        elif isinstance(advice, PlaySolution):
            self.session.note_hint()
            self.status.notice = ""
            self.playback = playback()(self.host, self, advice.moves)
            self.host.push(self.playback)
        elif isinstance(advice, OfferRewind):
            self.offer_rewind(advice.undos)
        elif isinstance(advice, CannotBeWon):
            self.say_cannot_be_won(advice.from_start)

    def show_hint(self, move: Move) -> None:
        self.session.note_hint()
        self.notify(hint_words(self.game.position, move))
        self.hint = (move, self.host.now() + HINT_SECONDS)
        self.invalidate()

    def offer_rewind(self, undos: int) -> None:
        self.status.notice = ""
        self.host.push(dialogs().MessageDialog(
            self.host, _("No longer winnable"),
            [_("This position cannot be won any more."),
             ngettext("It could still be won {count} move ago.", "It could still be won {count} moves ago.",
                      undos).format(count=undos)],
            [(ngettext("Undo {count} move", "Undo {count} moves", undos).format(count=undos),
              lambda: self.session.rewind(undos)), (_("Close"), None)]))

    def say_cannot_be_won(self, from_start: bool) -> None:
        """A deal no play wins: New is offered, and "winnable deals only" where it is off."""
        self.status.notice = ""
        lines = [_("The solver proved that no play wins this deal, from its start or any later point.")]
        buttons: list[tuple[str, Callable[[], None] | None]] = [(_("New game"), self.new_game)]
        if not self.preferences.winnable_only:
            lines.append(_("With \u201cwinnable deals only\u201d on, new games are always winnable."))
            buttons.append((_("Winnable deals only"), self.winnable_only_now))
        buttons.append((_("Close"), None))
        self.host.push(dialogs().MessageDialog(self.host, _("This deal cannot be won"), lines, buttons))

    def winnable_only_now(self) -> None:
        self.session.set_preferences(replace(self.preferences, winnable_only=True))
        self.new_game()

    # ----- actions (toolbar buttons and keys) ------------------------------------------------

    def enabled(self) -> dict[str, bool]:
        return {name: command.enabled(self.session) for name, command in BY_NAME.items()}

    def perform(self, action: str) -> None:
        """Run a command of the session's list, by its value; one that leaves the game in
        progress asks first."""
        command = BY_NAME[action]
        if not command.enabled(self.session):
            return
        self.animator.finish()
        self.controller.cancel()
        handler = self.handlers[command]
        if command.leaves_game:
            self.leave_then(handler)
        else:
            handler()

    def leave_then(self, action: Callable[[], None], key: str | None = None) -> None:
        """Run `action`, which leaves this game for one of variant `key` (this one's when
        None): at once when the session says that loses nothing (or the player turned the
        question off), else once the player says so. Enter keeps the game."""
        if not self.session.leaving_loses(key) or not self.preferences.confirm_leave:
            action()
            return
        moves = self.session.moves()
        self.host.push(dialogs().MessageDialog(
            self.host, _("Leave this game?"),
            [ngettext("This game has {count} move made. Leaving it counts it as lost.",
                      "This game has {count} moves made. Leaving it counts it as lost.",
                      moves).format(count=moves),
             _("Preferences can turn this question off.")],
            [(_("Keep playing"), None), (_("Leave it"), action)]))

    def new_game(self, number: int | None = None) -> None:
        self.animator.finish()
        self.controller.cancel()
        self.session.new_game(number)

    def undo(self) -> None:
        self.animator.finish()
        self.session.undo()

    def redo(self) -> None:
        self.animator.finish()
        self.session.redo()

    def finish(self) -> None:
        self.animator.finish()
        self.session.finish()

    def pause_game(self) -> None:
        self.host.push(pause_scene()(self.host, lambda: self.layout.table))

    def choose_game(self) -> None:
        self.host.push(dialogs().GameChooser(self.host, self.game.rules.name, self.session.choose_game))

    def choose_deal(self) -> None:
        self.host.push(dialogs().DealDialog(self.host, self.new_game))

    def open_preferences(self) -> None:
        self.host.push(dialogs().PreferencesDialog(self.host, self.session.variant, self.preferences_changed,
                                         self.session.options))

    def open_statistics(self) -> None:
        statistics = self.session.statistics
        if statistics is None:
            self.host.push(dialogs().MessageDialog(self.host, _("Statistics"),
                                         [_("Statistics are kept once the store is connected.")],
                                         [(_("Close"), None)]))
            return
        # Here, for start-up cost: the statistics' modules load when the player first asks.
        from eightoff.ui.stats_dialog import StatisticsDialog

        self.host.push(StatisticsDialog(self.host, statistics, self.game.rules.name, self.play_again,
                                        self.watch, self.session.today()))

    def play_again(self, finished: RecentGame) -> None:
        """A logged game's deal again, from its start (a game in progress of its variant is
        left, asked first; one of another variant is kept)."""
        self.leave_then(lambda: self.session.play_again(finished), finished.key)

    def watch(self, finished: RecentGame) -> None:
        """A logged game's moves played on its deal, a move at a time (asked first if that
        leaves a game in progress)."""
        self.leave_then(lambda: self._watch(finished), finished.key)

    def _watch(self, finished: RecentGame) -> None:
        moves = self.session.watch(finished)
        if moves is not None:
            self.playback = playback()(self.host, self, moves, replay=True)
            self.host.push(self.playback)

    def show_messages(self) -> None:
        """Every notice of this session again, newest last: none is lost by being missed."""
        dialog = dialogs().MessageDialog(self.host, _("Messages"), [], [(_("Close"), None)])
        width = dialog.panel.w - dialog.px(56)
        lines = [line for notice in self.status.history
                 for line in wrap_text(notice, dialog.text_font, width)]
        room = max(1, (self.host.size[1] - dialog.px(220)) // dialog.text_font.get_linesize())
        dialog.lines = lines[-room:] or [_("No messages yet.")]
        dialog.resize(self.host.size)
        self.host.push(dialog)

    def preferences_changed(self, old: Preferences, new: Preferences) -> None:
        """A Preferences row changed: the session keeps it, and says whether to ask about
        restarting this deal under a rule changed for it; display preferences apply here at
        once."""
        if (new.high_contrast, new.table_colour) != (old.high_contrast, old.table_colour):
            theme.use(new.high_contrast, table_cloth(new.table_colour))  # read at the next frame
            self.invalidate()
        ask = self.session.set_preferences(new)
        if deck(new) != deck(old):
            self.refresh_faces()
        if new.large_cards != old.large_cards:
            self.resize(self.host.size)
        if new.language != old.language:
            self.host.change_language()
        if (new.sound, new.volume) != (old.sound, old.volume):
            self.start_sound()
        if ask:
            self.ask_rule_change()

    def ask_rule_change(self) -> None:
        """Restart this deal under the rules now chosen, or keep them for the next deal (the
        default: Enter never throws a game away)."""
        self.host.push(dialogs().MessageDialog(
            self.host, _("Change the rules of this game?"),
            [_("The new rule applies from the next deal. Restarting this deal with it now counts "
               "this game as lost.")],
            [(_("Next deal"), None), (_("Restart now"), self.session.restart_under_chosen_rules)]))

    # ----- what the position calls for ---------------------------------------------------------

    def check_position(self) -> None:
        """After the cards have landed: a won game, a finish, or a dead end."""
        self.checks_due = False
        game = self.game
        if game.is_won:
            if self.offered == game.position:
                return
            self.offered = game.position  # celebrated once
            self.host.push(win_dialog()(self.host, self.session, self, self.new_game, self.session.restart,
                                     self.copy_result))
            return
        if self.offered == game.position:
            return
        if self.session.finish_to_offer():
            self.offered = game.position
            if self.finish_offered:
                return  # offered once a game; Ctrl+F finishes when the player wants
            self.finish_offered = True
            self.host.push(dialogs().MessageDialog(self.host, _("All cards can go home"),
                                         [_("Every remaining card can go to the foundations in order."),
                                          _("Not now: Ctrl+F finishes whenever you like.")],
                                         [(_("Finish"), self.finish), (_("Not now"), None)]))
        elif game.is_stuck:
            self.offered = game.position
            self.host.push(dialogs().MessageDialog(self.host, _("No moves left"),
                                         [_("No move is left that changes anything."),
                                          *grade_lines(self.session)],
                                         [(_("Undo"), self.undo),
                                          (_("Restart"), lambda: self.perform("restart")),
                                          (_("New game"), lambda: self.perform("new")), (_("Close"), None)]))

    # ----- the scene's life ------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        self.controller.handle(event)

    def first_check(self) -> None:
        """The deal's own check, once it is on screen: whether it is stuck needs every legal
        move, and the move tables built for the first, which the player need not wait for to
        see the cards."""
        self.checks_due = True
        if self.host.top is self and not self.animator.busy and not self.controller.dragging:
            self.check_position()

    def update(self, now: float) -> None:
        self.animator.update(now)
        self.controller.update(now)
        if self.hint is not None and now >= self.hint[1]:
            self.hint = None
            self.invalidate()
        on_top = self.host.top is self
        self.session.tick(on_top and self.host.visible)
        if self.art.poll():  # a theme's cards were drawn (or could not be)
            self.resize(self.host.size)
        self.status.indicator = self.session.indicator()
        self.status.warn(self.session.save_problem())
        self.toolbar.set_enabled(self.enabled())
        if on_top and self.checks_due and not self.animator.busy and not self.controller.dragging:
            self.check_position()

    def busy(self) -> bool:
        return self.animator.busy

    def next_wakeup(self, now: float) -> float | None:
        times = [self.clock.next_tick(now), self.hint[1] if self.hint else None,
                 self.controller.next_wakeup(), now + POLL_SECONDS if self.art.pending else None]
        known = [time for time in times if time is not None]
        return min(known) if known else None

    def pause(self) -> None:
        self.controller.cancel()
        self.session.forget_wish()

    def covered(self, by_dialog: bool) -> None:
        """A modal scene is over the table now (or no longer): the toolbar shows it. A playback
        is not modal: it keeps its own toolbar (Quit on, the rest off)."""
        self.toolbar.cover(by_dialog)

    # ----- drawing -----------------------------------------------------------------------------

    def summary(self) -> str:
        return game_summary(self.session)

    def needs_draw(self) -> bool:
        lifted = self.sprites.lifted()
        return (
            self.full
            or (self.static is None and not self.released)
            or tuple(sprite.rect.topleft for sprite in lifted) != self.moving_key
            or self._target_box() != self.target_box
            or self.toolbar.needs_draw()
            or self.status.needs_draw(self.summary())
        )

    def draw(self, screen: pygame.Surface, full: bool) -> list[pygame.Rect]:
        lifted = self.sprites.lifted()
        if (self.static is None and not self.released) or frozenset(lifted) != self.static_key:
            self.static, self.released = self._paint_static(screen.get_size()), False
            self.static_key = frozenset(lifted)
            full = True
        table = pygame.Rect(self.layout.table)
        area = self._moving_area(lifted)
        rects: list[pygame.Rect] = []
        if full or self.full:
            screen.blit(self._static(screen), (0, 0))
            self._draw_lifted(screen, lifted, table)
            self.toolbar.draw(screen, self.layout.toolbar)
            self.status.draw(screen, self.layout.status, self.summary())
            rects.append(screen.get_rect())
            self.full = False
        else:
            dirty_areas = []
            if area != self.moving_area or self.moving_key != tuple(s.rect.topleft for s in lifted):
                dirty_areas = self._dirty_areas(area, self.moving_area, table)
            target_box = self._target_box()
            if target_box != self.target_box:
                dirty_areas.extend(box for box in (target_box, self.target_box) if box is not None)
            for dirty in dirty_areas:
                screen.blit(self._static(screen), dirty, dirty)
                self._draw_lifted(screen, lifted, dirty)
                rects.append(dirty)
            if self.toolbar.needs_draw():
                rects.append(self.toolbar.draw(screen, self.layout.toolbar))
            summary = self.summary()
            if self.status.needs_draw(summary):
                rects.append(self.status.draw(screen, self.layout.status, summary))
        self.moving_area = area
        self.moving_key = tuple(sprite.rect.topleft for sprite in lifted)
        self.target_box = self._target_box()
        return rects

    def _static(self, screen: pygame.Surface) -> pygame.Surface:
        """The static picture, painted again if it was let go while idle (same cards lifted)."""
        if self.static is None:
            self.static, self.released = self._paint_static(screen.get_size()), False
        return self.static

    def _target_box(self) -> pygame.Rect | None:
        """Where the drop-target highlight goes while cards are dragged (None: no legal target)."""
        target = self.controller.drop_target
        if target is None:
            return None
        count = len(self.game.position.cards(target))
        return pygame.Rect(self.layout.card_boxes(target, max(count, 1))[-1])

    def after_frame(self) -> None:
        """Called once the frame is on screen: the layout record, if asked for."""
        settled = not self.animator.busy and not self.controller.dragging
        if self.layout_due and self.host.print_layout and settled:
            record = {"layout": layout_record(self.layout, self.game.position), "state": self.session.state()}
            print(json.dumps(record, separators=(",", ":")), file=self.host.out, flush=True)
        if not self.animator.busy:
            self.layout_due = False
        self.art.after_frame()

    @staticmethod
    def _moving_area(lifted: list[CardSprite]) -> pygame.Rect | None:
        """The lifted cards with their shadows."""
        if not lifted:
            return None
        area = lifted[0].rect.unionall([sprite.rect for sprite in lifted[1:]])
        return area.union(area.move(shadow_offset(lifted[0].rect)))

    @staticmethod
    def _dirty_areas(
        new: pygame.Rect | None, old: pygame.Rect | None, table: pygame.Rect
    ) -> list[pygame.Rect]:
        """Where moving cards are now and were last frame: one area when the two overlap,
        two when they lie apart (their union could cover most of the window)."""
        areas = [area.clip(table) for area in (new, old) if area is not None]
        if len(areas) == 2 and areas[0].colliderect(areas[1]):
            areas = [areas[0].union(areas[1])]
        return [area for area in areas if area.w and area.h]

    def _draw_lifted(self, screen: pygame.Surface, lifted: list[CardSprite], clip: pygame.Rect) -> None:
        """The drop target's highlight, then lifted cards over a soft shadow, so they look
        picked up. Drawn over the static picture, so a frame redraws only these areas."""
        screen.set_clip(clip)
        target = self._target_box()
        if target is not None:
            screen.blit(self.faces.highlight(), target)
        if lifted:
            shadow = self._shadow()
            offset = shadow_offset(lifted[0].rect)
            for sprite in lifted:
                screen.blit(shadow, sprite.rect.move(offset))
        for sprite in lifted:
            screen.blit(sprite.image, sprite.rect)
        screen.set_clip(None)

    def _shadow(self) -> pygame.Surface:
        size = self.layout.card
        if self._shadow_surface is None or self._shadow_surface.get_size() != size:
            self._shadow_surface = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(self._shadow_surface, SHADOW, self._shadow_surface.get_rect(),
                             border_radius=max(3, size[0] // 12))
        return self._shadow_surface

    def _paint_static(self, size: tuple[int, int]) -> pygame.Surface:
        surface = in_screen_format(pygame.Surface(size), alpha=False)
        surface.fill(theme.FELT)
        table = pygame.Rect(self.layout.table)
        pygame.draw.rect(surface, theme.FELT_DARK, table.inflate(-8, -8), 2, border_radius=10)
        faces = self.faces
        kings_only = self.game.rules.empty_column is EmptyColumn.KINGS
        for pile, box in self.layout.piles.items():
            if pile.kind is PileKind.FOUNDATION:
                label = Suit(pile.index).symbol
            elif pile.kind is PileKind.COLUMN and kings_only:
                label = "K"
            else:
                label = ""
            surface.blit(faces.slot(label), box[:2])
        for sprite in self.sprites.resting():
            surface.blit(sprite.image, sprite.rect)
        for pile, count in self._highlighted():
            cards = self.game.position.cards(pile)
            boxes = self.layout.card_boxes(pile, max(len(cards), 1))
            if count == 1:
                surface.blit(faces.highlight(), boxes[-1][:2])
                continue
            run = pygame.Rect(boxes[-count]).union(pygame.Rect(boxes[-1]))  # one outline round a run
            width = max(4, run.w // 18)
            pygame.draw.rect(surface, theme.NOTICE, run.inflate(width, width), width,
                             border_radius=max(4, run.w // 10))
        return surface

    def _highlighted(self) -> list[tuple[Pile, int]]:
        """The outlined piles, each with how many of its top cards are outlined."""
        piles = []
        if self.controller.selected is not None:
            piles.append((self.controller.selected, 1))
        if self.hint is not None:
            move = self.hint[0]
            piles.extend(((move.source, move.count), (move.destination, 1)))
        return piles
