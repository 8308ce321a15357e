"""The table scene: the game on screen, its toolbar and status line, and the player's input.

The scene composes one owner per concern and holds what they share (the layout, the cards'
pictures and sprites, the toolbar, the status line, the hint shown): the view draws
(`view.py`), the controller turns input into moves (`controller.py`), the effects listen to
the session on their own (`effects.py`: sound, speech, flights), the router runs commands and
opens dialogs (`router.py`), the offers say what the position and the advisor call for
(`offers.py`). The window's owner of preferences (`preferences_owner.py`) applies a changed
preference to the table. The session owns the game's life (dealing, saving, advice).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import pygame

from eightoff.core.game import GameView
from eightoff.core.moves import Move
from eightoff.core.preferences import Preferences
from eightoff.session.changes import Change
from eightoff.session.session import Session, state_of
from eightoff.ui.access import Announcer
from eightoff.ui.animation import Animator
from eightoff.ui.controller import Controller
from eightoff.ui.effects import AnimationEffect, SoundEffect, SpeechEffect
from eightoff.ui.faces import CardFaces
from eightoff.ui.layout import Layout, compute_layout, layout_record
from eightoff.ui.offers import Offers
from eightoff.ui.router import Router, Settings
from eightoff.ui.scene import Scene
from eightoff.ui.sprites import CardSprites
from eightoff.ui.status import StatusLine
from eightoff.ui.themes.deck import POLL_SECONDS, CardArt
from eightoff.ui.toolbar import Toolbar
from eightoff.ui.view import TableView

if TYPE_CHECKING:
    from eightoff.core.game import Step
    from eightoff.ui.scene import Host


class TableScene(Scene):
    modal = False

    def __init__(self, host: Host, session: Session, settings: Settings) -> None:
        super().__init__(host)
        self.session = session
        self.sprites = CardSprites()
        self.animator = Animator(self.sprites)
        self.toolbar = Toolbar()
        self.status = StatusLine()
        self.announcer = Announcer()
        self.controller = Controller(self)
        self.hint: tuple[Move, float] | None = None
        """The hinted move, outlined until the time given."""
        self.layout_due = True
        self.view = TableView(self)
        self.art = CardArt(session.books.cache_folder)
        """The cards' design or installed theme, and the process drawing a theme."""
        self.layout: Layout = self._layout(host.size)
        self.faces: CardFaces = self._faces()
        self.resize(host.size)
        # The session's listeners, in the order they hear a change: the table lays itself out
        # for a new deal before its cards fly.
        self.speech = SpeechEffect(session, self.announcer)
        self.sound = SoundEffect(session)
        session.listeners.append(self.changed)
        self.animation = AnimationEffect(session, self, self.animator)
        self.router = Router(host, session, self, settings)
        self.offers = Offers(host, session, self, self.router)

    @property
    def game(self) -> GameView:
        return self.session.game

    @property
    def preferences(self) -> Preferences:
        return self.session.preferences

    def now(self) -> float:
        return self.host.now()

    # ----- geometry and pictures -----------------------------------------------------------

    def _faces(self) -> CardFaces:
        place = {"window": list(self.host.size), "rules": self.game.rules.name,
                 "large": self.preferences.large_cards, "ui_scale": self.host.ui_scale}
        return self.art.faces(self.layout.card, self.preferences, place, self.layout.row_strip)

    def _layout(self, size: tuple[int, int]) -> Layout:
        """The layout for `size`, with the cards' proportions of the chosen design or theme."""
        return compute_layout(*size, self.game.rules, self.preferences.large_cards, self.host.ui_scale,
                              self.art.aspect(self.preferences))

    def resize(self, size: tuple[int, int]) -> None:
        self.controller.cancel()  # a card in hand flies back: its flight ends at once, below,
        self.animator.finish()  # before the new layout places every card
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
        self.view.invalidate()

    def release(self) -> None:
        self.view.release()

    # ----- the game's changes --------------------------------------------------------------

    def changed(self, change: Change, game: GameView, step: Step | None) -> None:
        """Forget picks and hints; lay the table out again for a new deal (its rules may have
        another shape), whose cards then fly, and for a replay's game as it starts or ends."""
        if change is Change.LOST:
            return
        self.hint = None
        self.controller.selected = None
        self.layout_due = True
        if change in (Change.NEW, Change.RESTART) or (change is Change.REPLAY and step is None):
            self.animator.finish()  # a replay's start and end show another game, at once
            self.controller.cancel()
            self.resize(self.host.size)
        self.invalidate()

    def play(self, move: Move, by_solver: bool = False) -> None:
        self.animator.finish()
        self.session.play(move, by_solver)

    def notify(self, text: str) -> None:
        self.status.show(text)
        self.announcer.say(text)

    # ----- what a playback plays on, and the router's commands -----------------------------------

    @property
    def banner(self) -> str:
        return self.status.banner

    @banner.setter
    def banner(self, text: str) -> None:
        self.status.banner = text

    def animating(self) -> bool:
        return self.animator.busy

    def on_top(self) -> bool:
        """The table is the window's top scene: it gets input, and its clock runs."""
        return self.host.top is self

    def settled(self) -> bool:
        """No card flies and none is dragged."""
        return not self.animator.busy and not self.controller.dragging

    def enabled(self) -> dict[str, bool]:
        return self.router.enabled()

    def perform(self, action: str) -> None:
        self.router.perform(action)

    # ----- the scene's life ------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        self.controller.handle(event)

    def update(self, now: float) -> None:
        self.animator.update(now)
        self.controller.update(now)
        if self.hint is not None and now >= self.hint[1]:
            self.hint = None
            self.invalidate()
        self.session.tick(self.on_top() and self.host.visible)
        drawn = self.art.poll()
        if drawn is not None and drawn.for_table:  # a theme's cards were drawn (or could not be)
            self.resize(self.host.size)
        self.status.indicator = self.session.advice.indicator()
        self.status.warn(self.session.books.write_problem())
        self.toolbar.set_enabled(self.enabled())
        self.offers.check_when_settled()

    def busy(self) -> bool:
        return self.animator.busy

    def next_wakeup(self, now: float) -> float | None:
        """The clock's next second, a hint's end, a long press, a theme being drawn; and at
        once when the offers are due but were not looked at in this frame's update: the
        solver's playback ends by leaving the top during its own update, after the table's,
        and the win it made would otherwise wait for the player's next input."""
        times = [self.session.clock.next_tick(now), self.hint[1] if self.hint else None,
                 self.controller.next_wakeup(), now + POLL_SECONDS if self.art.pending else None,
                 now if self.offers.ready() else None]
        known = [time for time in times if time is not None]
        return min(known) if known else None

    def pause(self) -> None:
        self.controller.cancel()
        self.session.advice.forget_wish()

    def covered(self, by_dialog: bool) -> None:
        """A modal scene is over the table now (or no longer): the toolbar shows it. A playback
        is not modal: it keeps its own toolbar (Quit on, the rest off)."""
        self.toolbar.cover(by_dialog)

    def needs_draw(self) -> bool:
        return self.view.needs_draw()

    def draw(self, screen: pygame.Surface, full: bool) -> list[pygame.Rect]:
        return self.view.draw(screen, full)

    def after_frame(self) -> None:
        """Called once the frame is on screen: the layout record, if asked for."""
        if self.layout_due and self.host.print_layout and self.settled():
            layout = layout_record(self.layout, self.game.position)
            record = {"layout": layout, "state": state_of(self.session)}
            print(json.dumps(record, separators=(",", ":")), file=self.host.out, flush=True)
        if not self.animator.busy:
            self.layout_due = False
        self.art.after_frame()
