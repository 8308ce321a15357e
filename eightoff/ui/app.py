"""The window and its loop: a stack of scenes (the table, dialogs over it), an event loop that
sleeps until something happens, and the hooks through which the store and solver plug in.

The window is a pygame-ce `Window` with a high-DPI drawable (eightoff/ui/window.py), never
`pygame.display.set_mode`, which cannot ask for one. Only the display and font modules are
started (never `pygame.init()`): joystick and sensor subsystems make SDL poll instead of
sleep, and the mixer's thread wakes ~90 times a second.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import os
import sys
import time
from collections.abc import Callable
from typing import Any, TextIO

import pygame

from eightoff.core.game import Game
from eightoff.core.i18n import N_, _
from eightoff.core.preferences import Preferences
from eightoff.session.advisor import Advisor
from eightoff.session.changes import Change, Listener
from eightoff.session.session import Session
from eightoff.session.start import open_session
from eightoff.ui import theme
from eightoff.ui.access import Support
from eightoff.ui.accesskit_bridge import connect_access
from eightoff.ui.icon import make_icon
from eightoff.ui.layout import fit_scale, min_window, small_window_scale, table_fits
from eightoff.ui.move_log import MoveLog
from eightoff.ui.preferences_owner import PreferencesOwner
from eightoff.ui.scaling import desktop_scale, no_dpi, pixels_per_point, xrdb_dpi
from eightoff.ui.scene import Scene
from eightoff.ui.sdlwait import sdl_waiter
from eightoff.ui.table import TableScene
from eightoff.ui.unsaved_quit import QuitGuard
from eightoff.ui.window import Screen, start_display

TITLED = (Change.NEW, Change.RESTART)
"""The changes after which the title bar names another game or deal."""
PROGRAM_NAME = N_("Eight Off")
"""The program's name, which its first game shares."""
FRAME_SECONDS = 1 / 120
"""Pace of frames while something animates; input wakes the loop sooner."""


class App:
    """The window showing a session. Tests drive it without waiting: post pygame events, then
    `pump()`. It is the `Host` its scenes see (eightoff/ui/scene.py).

    Plug-in points: `event_handlers` for the program's own event types, `watchers` that mirror
    what the window shows (the screen-reader bridge), `closers` run at the end.
    """

    def __init__(
        self,
        session: Session,
        *,
        size: tuple[int, int] | None = None,
        log_moves: bool = False,
        print_layout: bool = False,
        out: TextIO | None = None,
    ) -> None:
        self.pygame = pygame
        # A plain software framebuffer: SDL's default here is a GL texture, and the GL driver
        # would take a great deal of memory for nothing (we only blit and flip).
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        # On Windows SDL then sizes the window in points and gives the drawable the real
        # pixels, as macOS does; without it Windows stretches a 1x window, blurred.
        os.environ.setdefault("SDL_WINDOWS_DPI_SCALING", "1")
        start_display()
        pygame.font.init()
        self.session = session
        self.settings = PreferencesOwner(self, session)
        """The one owner of the preferences in the window."""
        x11 = pygame.display.get_driver() == "x11"
        self.desktop = desktop_scale(os.environ, xrdb_dpi if x11 else no_dpi)
        """The desktop's own scale factor (eightoff/ui/scaling.py), for where the window is not
        denser than its window units."""
        desktops = pygame.display.get_desktop_sizes()
        if size is None and desktops:
            self.desktop = fit_scale(self.desktop, desktops[0])
        units = self.desktop  # window units per point, as long as the window is not denser
        self.window = Screen("Eight Off", *self.settings.window_size(size, units, desktops))
        """The one window, hidden until it has its size; raises NoWindow when none opens."""
        density = self.window.density()
        self.ui_scale = pixels_per_point(density, self.desktop)
        """Drawable pixels per point: cards, text, bars and dialogs are drawn this much larger."""
        if self.ui_scale / density != units:  # the system scales by itself: a point is a window unit
            wanted, smallest = self.settings.window_size(size, self.ui_scale / density, desktops)
            self.window.native.minimum_size = smallest
            self.window.native.size = wanted
        self._set_icon()
        self.window.native.show()
        self.screen = self.window.surface()
        self.size = self.screen.get_size()  # the drawable's real pixels: cards are drawn for them

        self.waiter = sdl_waiter()
        self.taken: list[pygame.event.Event] = []
        """Events the wait took off the queue (pygame's own wait does), handled first."""
        self.shown = 0
        """Frames put on screen (steps that drew nothing are not counted)."""
        self._released_at = -1
        """How many frames were shown when the scenes last let go of what they can remake."""
        self.now = session.now
        self.out = out or sys.stdout
        self.print_layout = print_layout
        self.running = True
        self.visible = True
        self.full_redraw = True
        self.frames = 0
        self.event_handlers: dict[int, Callable[[Any], None]] = {}
        """Handlers of the program's own event types (e.g. the solver's wake-up)."""
        self.closers: list[Callable[[], None]] = []
        """Called once at the end, before the display closes (stop worker processes)."""
        self.watchers: list[Callable[[], None]] = []
        """Called after each step's events and updates: plug-ins that mirror what the window
        shows (the screen-reader bridge's tree)."""
        self.screen_reader = Support.OFF
        """Whether a screen reader hears the game (set by `connect_access`; Help says it)."""
        self.screen_reader_reason = ""
        """Why it does not, when it failed (Help says that too)."""
        self._after_first_frame: list[Callable[[], None]] | None = []
        self.move_log = MoveLog(session, self.out) if log_moves else None
        self.scenes: list[Scene] = []
        self.too_small = False
        """Whether the window is below the smallest table that can be drawn (see `refit`)."""

        self.table = TableScene(self, self.session, self.settings)
        self.scenes.append(self.table)
        self.quit_guard = QuitGuard(self, session)
        """Keeps the window open while a finished game is not saved yet (eightoff/ui/unsaved_quit.py)."""
        self.wake_event = pygame.event.custom_type()
        """Posted from the solver's thread when an answer is ready: it wakes the loop."""
        self.event_handlers[self.wake_event] = lambda _event: session.advice.poll()
        self.after_first_frame(self.table.offers.first_check)  # a stuck deal: its moves are worked out then
        self.after_first_frame(lambda: session.advice.start(self._wake))  # its process starts then
        self.after_first_frame(lambda: self.table.faces.keep())  # the pictures for the next start
        self.after_first_frame(self.table.sound.start)
        self.closers.append(self.table.art.close)  # a theme's drawing process, if one runs
        self.settings.open()
        self.retitle()
        self.listeners.append(lambda change, game, step: self.retitle() if change in TITLED else None)
        session.books.tell_notices()  # what the store found on opening (a file set aside...)

    @classmethod
    def for_game(cls, game: Game, preferences: Preferences | None = None, *,
                 now: Callable[[], float] = time.monotonic, advisor: Advisor | None = None,
                 **window: Any) -> App:
        """A window on `game` with no store, and no solver unless an `advisor` is given
        (tests, benchmarks, screenshots)."""
        return cls(Session(game, now, preferences=preferences, advisor=advisor), **window)

    @property
    def listeners(self) -> list[Listener]:
        """The session's listeners: every change to the game, as it happens."""
        return self.session.listeners

    @property
    def preferences(self) -> Preferences:
        return self.session.preferences

    def _wake(self) -> None:
        """From the solver's thread: the loop is asleep in SDL, an event wakes it (none once the
        display has closed)."""
        with contextlib.suppress(self.pygame.error):
            self.pygame.event.post(self.pygame.event.Event(self.wake_event))

    def redraw_all(self) -> None:
        self.full_redraw = True

    def _set_icon(self) -> None:
        with contextlib.suppress(OSError, self.pygame.error):  # a window without its icon still plays
            self.window.native.set_icon(make_icon(64))

    # ----- scenes -----------------------------------------------------------------------------

    @property
    def top(self) -> Scene:
        return self.scenes[-1]

    def push(self, scene: Scene) -> None:
        self.top.pause()
        self.scenes.append(scene)
        self.table.covered(any(above.modal for above in self.scenes[1:]))
        self.full_redraw = True

    def pop(self, scene: Scene) -> None:
        if scene in self.scenes:
            self.scenes.remove(scene)
            self.top.resume()
            self.table.covered(any(above.modal for above in self.scenes[1:]))
            self.full_redraw = True

    def unsay(self, text: str) -> None:
        """Take `text` off the status line if it is the notice there (it was about input that
        has changed since)."""
        if self.table.status.notice == text:
            self.table.status.dismiss()

    def notify(self, text: str) -> None:
        """Show a short message in the status line (also used for illegal moves)."""
        self.table.notify(text)

    def quit(self, signalled: bool = False) -> None:
        """Close the window, unless a finished game is not saved yet (`quit_guard` asks first).
        `signalled`: asked by a stop signal, which gives only the watchdog's time."""
        if self.quit_guard.may_quit(signalled):
            self.running = False

    def retitle(self) -> None:
        """The title bar names the game and deal, in the player's language. A board without a
        deal number names its game alone, and the game that shares the program's name is not
        named twice ("Eight Off", not "Eight Off — Eight Off")."""
        game = _(self.session.variant.title)
        deal = self.session.game.deal_number
        if deal is not None:
            title = _("{game} · {deal} — Eight Off").format(game=game, deal=deal)
        elif game == _(PROGRAM_NAME):
            title = game
        else:
            title = _("{game} — Eight Off").format(game=game)
        with contextlib.suppress(self.pygame.error):
            self.window.native.title = title

    def after_first_frame(self, work: Callable[[], None]) -> None:
        """Run `work` once the deal is on screen (at once if it already is): start-up work that
        the player need not wait for, such as starting the solver's process."""
        if self._after_first_frame is None:
            work()
        else:
            self._after_first_frame.append(work)

    def close(self) -> None:
        """Keep the game and where the window was, release what the plug-ins hold, then close
        the window and the display."""
        self.session.close(self.settings.kept_window())
        self.table.sound.sounds.disable()
        for closer in self.closers:
            closer()
        if self.move_log is not None:
            self.move_log.flush()
        self.window.close()
        self.pygame.display.quit()

    # ----- the loop ---------------------------------------------------------------------------

    def run(self, max_frames: int | None = None) -> int:
        """Loop until Quit (or `max_frames` frames), sleeping whenever nothing happens.

        Before a sleep that nothing but input ends (a fresh deal, a finished game, a dialog),
        the scenes let go of what they can make again (the table's static picture), once a
        frame shown: input that changes nothing on
        screen costs nothing more. Not between the clock's ticks: the picture would be painted
        again every second of a game."""
        while self.running and (max_frames is None or self.frames < max_frames):
            timeout = self.timeout()
            if timeout is None and self._released_at != self.shown:
                self._released_at = self.shown
                for scene in self.scenes:
                    scene.release()
            self.wait(timeout)
            self.step()
        return 0

    def wait(self, timeout: float | None) -> None:
        """Sleep until an event comes or `timeout` seconds pass (None: until an event)."""
        self.taken += self.waiter(timeout)

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
        if (retry := self.quit_guard.next_wakeup(now)) is not None:
            wakeups.append(retry)
        if not wakeups or not self.visible:
            return None
        return max(0.0, min(wakeups) - now)

    def step(self) -> None:
        pygame = self.pygame
        taken, self.taken = self.taken, []
        for event in [*taken, *pygame.event.get()]:
            self.dispatch(event)
        now = self.now()
        for scene in list(self.scenes):
            scene.update(now)
        self.quit_guard.update()
        for watch in list(self.watchers):
            watch()
        if self.move_log is not None:
            self.move_log.flush()
        self.draw()
        self.frames += 1

    def dispatch(self, event: Any) -> None:
        pygame = self.pygame
        kind = event.type
        if event.dict.get("window", self.window.native) is not self.window.native:
            return  # another window's, e.g. the "hidden" of one being destroyed (its window None)
        if kind == pygame.QUIT:
            self.quit(signalled=bool(event.dict.get("signal")))
        elif kind in (pygame.WINDOWMINIMIZED, pygame.WINDOWHIDDEN):
            self.visible = False
        elif kind in (pygame.WINDOWRESTORED, pygame.WINDOWSHOWN, pygame.WINDOWMAXIMIZED):
            self.visible = True
            self.full_redraw = True
        elif kind in (pygame.WINDOWSIZECHANGED, pygame.WINDOWDISPLAYCHANGED, pygame.WINDOWEXPOSED):
            # Sizes come in window units, and a move to another monitor may change the density
            # alone: the drawable itself says what to lay out for.
            self.refit()
        elif kind == pygame.KEYDOWN and event.key == pygame.K_q and event.mod & pygame.KMOD_CTRL:
            # From under any dialog too, as the window's close button does: all is saved.
            self.table.router.perform("quit")
        elif kind == pygame.KEYDOWN and event.key == pygame.K_F11:
            # The window's too: under the pause or a dialog, which stay.
            self.table.router.perform("fullscreen")
        elif kind in (pygame.KEYDOWN, pygame.KEYUP, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                      pygame.MOUSEMOTION, pygame.TEXTINPUT, pygame.MOUSEWHEEL):
            if not self.too_small:  # no table on screen to press or type on
                self.window.to_pixels(event)
                self.top.handle(event)
        elif kind in self.event_handlers:
            self.event_handlers[kind](event)

    def refit(self) -> None:
        """Lay the window out again for its drawable as it is now: its pixels, and the scale
        its density gives (a window dragged to a denser monitor draws everything denser).
        Below the smallest table the scenes keep the size they were laid out for (the game is
        untouched) and the window asks to be made larger; with no drawable to be had at all (a
        window of 100,000 pixels), nothing is drawn until the next size."""
        self.full_redraw = True
        try:
            size, scale = self._drawable()
        except pygame.error:
            self.too_small, self.full_redraw = True, False
            return
        self.too_small = not table_fits(size, self.session.game.rules, self.preferences.large_cards, scale)
        if self.too_small or (size, scale) == (self.size, self.ui_scale):
            return
        self.size, self.ui_scale = size, scale
        for scene in self.scenes:
            scene.resize(self.size)

    def _drawable(self) -> tuple[tuple[int, int], float]:
        """The drawable's size and the scale to draw it at; pygame.error when SDL has none."""
        density = self.window.density()
        scale = pixels_per_point(density, self.desktop)
        smallest = min_window(scale / density)
        if self.window.native.minimum_size != smallest:
            # Before the surface is read: a larger minimum may grow the window, and SDL then
            # frees the surface it had given out. SDL refuses a minimum above the window's
            # maximum (a window the system has fixed): the table then fits as it can.
            with contextlib.suppress(ValueError, pygame.error):
                self.window.native.minimum_size = smallest
        self.screen = self.window.surface()
        size = self.screen.get_size()
        return size, small_window_scale(size, scale)  # below the smallest window: all drawn smaller

    def draw(self) -> None:
        if not self.visible:
            return
        if self.too_small:
            if self.full_redraw:
                draw_too_small(self.screen)
                self.window.present()
                self.full_redraw = False
            return
        lower_changed = any(scene.needs_draw() for scene in self.scenes[:-1])
        if self.full_redraw or lower_changed:
            for scene in self.scenes:
                scene.draw(self.screen, True)
            self.full_redraw = False
        elif not self.top.needs_draw() or not self.top.draw(self.screen, False):
            return
        self.window.present()
        self.shown += 1
        self.table.after_frame()
        if self._after_first_frame is not None:
            waiting, self._after_first_frame = self._after_first_frame, None
            for work in waiting:
                work()

def draw_too_small(screen: pygame.Surface) -> None:
    """A window too small for the table: its colour, and a plain request to enlarge it, as
    large as fits (nothing at all in a window of a few pixels)."""
    screen.fill(theme.FELT)
    width, height = screen.get_size()
    words = _("Make the window larger")
    size = min(height // 3, 24)
    while size >= 6:
        text = theme.font(size).render(words, True, theme.TEXT)
        if text.get_width() <= width - 4:
            screen.blit(text, text.get_rect(center=(width // 2, height // 2)))
            return
        size -= 2


def connect_screen_reader(app: App) -> None:
    """The screen-reader bridge, once the deal is on screen."""
    connect_access(app)


def run_app(args: argparse.Namespace) -> int:
    """`python -m eightoff [--deal N | --daily] [--rules R] [--log-moves] [--print-layout]`: the
    window on the unfinished game (or the one asked for, or today's daily deal), its session
    kept in step with the player's files and the solver."""
    session = open_session(time.monotonic, key=args.rules, deal=args.deal, choices=args.options,
                           daily=args.daily)
    app = App(session, log_moves=args.log_moves, print_layout=args.print_layout)
    app.after_first_frame(lambda: connect_screen_reader(app))  # a D-Bus round trip: not before the deal shows
    app.after_first_frame(gc.enable)  # off until the deal shows (eightoff.__main__.open_window)
    try:
        return app.run()
    finally:
        app.close()
