"""The window and its loop: a stack of scenes (the table, dialogs over it), an event loop that
sleeps until something happens, and the hooks through which the store and solver plug in.

Only the display and font modules are started (never `pygame.init()`): joystick and sensor
subsystems make SDL poll instead of sleep, and the mixer's thread wakes ~90 times a second.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import time
import warnings
from collections.abc import Callable
from typing import Any, Protocol, TextIO

from eightoff.core.game import Game, Step
from eightoff.core.i18n import _
from eightoff.core.notation import format_move
from eightoff.core.rules import Rules
from eightoff.locale import choose_language, install_language
from eightoff.session.changes import Change, Listener
from eightoff.session.session import Session
from eightoff.store.preferences import Preferences
from eightoff.store.store import Store
from eightoff.ui.icon import make_icon
from eightoff.ui.layout import MIN_WINDOW, fit_window
from eightoff.ui.scene import Scene
from eightoff.ui.sdlwait import sdl_waiter
from eightoff.ui.solver_link import connect_solver
from eightoff.ui.store_link import StoreLink, opening
from eightoff.ui.table import TableScene

FRAME_SECONDS = 1 / 120
"""Pace of frames while something animates; input wakes the loop sooner."""


class Solver(Protocol):
    """What the table asks of the solver. Answers come later, through the loop: the solver
    never blocks it (see eightoff/ui/solver_link.py)."""

    def hint(self) -> None: ...

    def play_solution(self) -> None: ...

    def new_random_game(self, rules: Rules) -> None: ...


class App:
    """The running program. Tests drive it without waiting: post pygame events, then `pump()`.

    Plug-in points: `listeners` get every change to the game (save it, record a result, ask
    the solver); `solver` enables Hint; `statistics_lines` fills the Statistics dialog;
    `preferences_listeners` hear of changed preferences; `notify` shows a message.
    """

    def __init__(
        self,
        game: Game,
        preferences: Preferences | None = None,
        *,
        size: tuple[int, int] | None = None,
        log_moves: bool = False,
        print_layout: bool = False,
        out: TextIO | None = None,
        now: Callable[[], float] = time.monotonic,
    ) -> None:
        import pygame

        self.pygame = pygame
        # A plain software framebuffer: SDL's default here is a GL texture, and loading the GL
        # driver costs ~100 MB of memory for nothing (we only blit and update rectangles).
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        pygame.display.init()
        pygame.font.init()
        self.preferences = preferences or Preferences()
        install_language(choose_language(self.preferences.language))
        if size is None:  # the remembered size, fitted to the screen the window opens on
            desktops = pygame.display.get_desktop_sizes()
            size = fit_window(self.preferences.window_size, desktops[0]) if desktops else None
        wanted = size or self.preferences.window_size
        self.size = (max(wanted[0], MIN_WINDOW[0]), max(wanted[1], MIN_WINDOW[1]))
        pygame.display.set_caption("Eight Off")
        self._set_icon()
        self.screen = pygame.display.set_mode(self.size, pygame.RESIZABLE)
        self.size = self.screen.get_size()  # the drawable's real pixels: cards are drawn for them
        self._set_minimum_size()

        self.wait = sdl_waiter()
        self.now = now
        self.out = out or sys.stdout
        self.print_layout = print_layout
        self.running = True
        self.visible = True
        self.full_redraw = True
        self.frames = 0
        self.solver: Solver | None = None
        self.session = Session(game, now, autoplay=self.preferences.autoplay)
        self.resume_variant: Callable[[str], tuple[Game, float, bool] | None] | None = None
        """Set by the store: the unfinished game kept for a variant (game, seconds, hints used)."""
        self.event_handlers: dict[int, Callable[[Any], None]] = {}
        """Handlers of the program's own event types (e.g. the solver's wake-up)."""
        self.closers: list[Callable[[], None]] = []
        """Called once at the end, before the display closes (stop worker processes)."""
        self.preferences_listeners: list[Callable[[Preferences], None]] = []
        self.statistics_lines: Callable[[Game], list[str]] = lambda game: [
            _("Statistics are kept once the store is connected.")
        ]
        self._after_first_frame: list[Callable[[], None]] | None = []
        self.statistics_dialog: Callable[[], Scene] | None = None
        """Opens the store's own Statistics dialog (reset, replay) instead of plain lines."""
        if log_moves:
            self.listeners.append(self._log_moves)
        self.scenes: list[Scene] = []

        self.table = TableScene(self, self.session)
        self.scenes.append(self.table)

    @property
    def listeners(self) -> list[Listener]:
        """The session's listeners: every change to the game, as it happens."""
        return self.session.listeners

    def _set_icon(self) -> None:

        with contextlib.suppress(OSError, self.pygame.error):  # a window without its icon still plays
            self.pygame.display.set_icon(make_icon(64))

    def _set_minimum_size(self) -> None:
        # from_display_module() warns that rendering through it is going away; we only set a size.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            self.pygame.Window.from_display_module().minimum_size = MIN_WINDOW

    # ----- scenes -----------------------------------------------------------------------------

    @property
    def top(self) -> Scene:
        return self.scenes[-1]

    def push(self, scene: Scene) -> None:
        self.top.pause()
        self.scenes.append(scene)
        self.full_redraw = True

    def pop(self, scene: Scene) -> None:
        if scene in self.scenes:
            self.scenes.remove(scene)
            self.top.resume()
            self.full_redraw = True

    def notify(self, text: str) -> None:
        """Show a short message in the status line (also used for illegal moves)."""
        self.table.notify(text)

    def change_language(self) -> None:
        """Show the language the preferences now ask for: every scene lays its text out again
        (button widths, wrapped lines) and the whole window is redrawn."""
        install_language(choose_language(self.preferences.language))
        for scene in self.scenes:
            scene.resize(self.size)
        self.full_redraw = True

    def emit_preferences(self) -> None:
        for listener in self.preferences_listeners:
            listener(self.preferences)

    def quit(self) -> None:
        self.running = False

    def after_first_frame(self, work: Callable[[], None]) -> None:
        """Run `work` once the deal is on screen (at once if it already is): start-up work that
        the player need not wait for, such as starting the solver's process."""
        if self._after_first_frame is None:
            work()
        else:
            self._after_first_frame.append(work)

    def close(self) -> None:
        """Release what the plug-ins hold, then the display."""
        for closer in self.closers:
            closer()
        self.pygame.display.quit()

    # ----- the loop ---------------------------------------------------------------------------

    def run(self, max_frames: int | None = None) -> int:
        """Loop until Quit (or `max_frames` frames), sleeping whenever nothing happens."""
        while self.running and (max_frames is None or self.frames < max_frames):
            self.wait(self.timeout())
            self.step()
        return 0

    def pump(self, frames: int = 1) -> None:
        """Handle what is queued and draw, `frames` times, never waiting (for tests)."""
        for _frame in range(frames):
            self.step()

    def settle(self, limit: int = 1000) -> None:
        """Pump until no animation runs (tests with animations on)."""
        for _frame in range(limit):
            self.step()
            if not any(scene.busy() for scene in self.scenes):
                return

    def timeout(self) -> float | None:
        now = self.now()
        if self.full_redraw or any(scene.busy() for scene in self.scenes):
            return FRAME_SECONDS
        wakeups = [t for scene in self.scenes if (t := scene.next_wakeup(now)) is not None]
        if not wakeups or not self.visible:
            return None
        return max(0.0, min(wakeups) - now)

    def step(self) -> None:
        pygame = self.pygame
        for event in pygame.event.get():
            self.dispatch(event)
        now = self.now()
        for scene in list(self.scenes):
            scene.update(now)
        self.draw()
        self.frames += 1

    def dispatch(self, event: Any) -> None:
        pygame = self.pygame
        kind = event.type
        if kind == pygame.QUIT:
            self.quit()
        elif kind in (pygame.WINDOWMINIMIZED, pygame.WINDOWHIDDEN):
            self.visible = False
        elif kind in (pygame.WINDOWRESTORED, pygame.WINDOWSHOWN, pygame.WINDOWMAXIMIZED):
            self.visible = True
            self.full_redraw = True
        elif kind == pygame.WINDOWEXPOSED:
            self.full_redraw = True
        elif kind == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
        elif kind in (pygame.KEYDOWN, pygame.KEYUP, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                      pygame.MOUSEMOTION, pygame.TEXTINPUT, pygame.MOUSEWHEEL):
            self.top.handle(event)
        elif kind in self.event_handlers:
            self.event_handlers[kind](event)

    def resize(self, size: tuple[int, int]) -> None:
        pygame = self.pygame
        surface = pygame.display.get_surface()
        if surface.get_size() != size:
            surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.screen = surface
        self.size = surface.get_size()
        for scene in self.scenes:
            scene.resize(self.size)
        self.full_redraw = True

    def draw(self) -> None:
        pygame = self.pygame
        if not self.visible:
            return
        lower_changed = any(scene.needs_draw() for scene in self.scenes[:-1])
        if self.full_redraw or lower_changed:
            for scene in self.scenes:
                scene.draw(self.screen, True)
            pygame.display.flip()
            self.full_redraw = False
        else:
            rects = self.top.draw(self.screen, False) if self.top.needs_draw() else []
            if not rects:
                return
            pygame.display.update(rects)
        self.table.after_frame()
        if self._after_first_frame is not None:
            waiting, self._after_first_frame = self._after_first_frame, None
            for work in waiting:
                work()

    # ----- --log-moves ------------------------------------------------------------------------

    def _log_moves(self, change: Change, game: Game, step: Step | None) -> None:
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
        for line in lines:
            print(line, file=self.out, flush=True)


def run_app(args: argparse.Namespace) -> int:
    """`python -m eightoff [--deal N] [--rules R] [--log-moves] [--print-layout]`: the window on
    the unfinished game (or the one asked for), with the per-user store kept in step."""

    store = Store()
    store.acquire_instance()  # a second window plays without touching the first one's game
    start = opening(store, args)
    app = App(start.game, start.preferences, log_moves=args.log_moves, print_layout=args.print_layout)
    link = StoreLink(app, store, start)

    connect_solver(app)
    try:
        return app.run()
    finally:
        link.close()
        app.close()
        store.close()
