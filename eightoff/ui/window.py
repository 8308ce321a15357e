"""The game's one window: a pygame-ce `Window` that asks for a high-DPI drawable.

`pygame.display.set_mode` never asks SDL for one, so on a Retina Mac or a scaled Wayland desktop
its surface has one pixel per point and the system stretches it, blurred. A `Window` made with
`allow_high_dpi=True` is given a surface at the screen's real pixels there, and the cards are
drawn for those pixels.

The longer reasons: docs/notes.md, `eightoff.ui.window`."""

from __future__ import annotations

from typing import Any

import pygame

from eightoff.core.limits import LARGEST_WINDOW_SIDE

POINTER_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)
"""The events whose `pos` (and `rel`) come in window units."""


class NoWindow(Exception):
    """The window could not be opened (no display that answers, or SDL refused): one line for
    the player, who then gets the command line instead of a traceback."""


def start_display() -> None:
    """Start SDL's video, or say in one line why there is none (an X server that does not
    answer)."""
    try:
        pygame.display.init()
    except pygame.error as error:
        raise NoWindow(str(error)) from error


class Screen:
    """The window, its drawable and the density between them.

    The window opens hidden, `size` and `minimum` in window units: its density is known only
    once it exists, and a denser one than expected is resized before it is shown (see App)."""

    def __init__(self, title: str, size: tuple[int, int], minimum: tuple[int, int]) -> None:
        try:
            self.native = pygame.Window(title, size, resizable=True, allow_high_dpi=True, hidden=True)
        except pygame.error as error:
            raise NoWindow(str(error)) from error
        self.native.minimum_size = minimum
        self.native.maximum_size = (LARGEST_WINDOW_SIDE, LARGEST_WINDOW_SIDE)
        self.open = True
        self.before_full: tuple[tuple[int, int], tuple[int, int]] | None = None
        """The window's size and place before it filled the screen."""

    def surface(self) -> pygame.Surface:
        """The surface to draw on, at the drawable's real pixels (re-read after every resize).
        A window made larger than the limit behind the window system's back (X11 without a
        window manager ignores the maximum) is brought back first: a 32000-pixel square
        surface took 4 GB, then crashed."""
        width, height = self.native.size
        if max(width, height) > LARGEST_WINDOW_SIDE:
            self.native.size = (min(width, LARGEST_WINDOW_SIDE), min(height, LARGEST_WINDOW_SIDE))
        return self.native.get_surface()

    def density(self) -> float:
        """Drawable pixels per window unit: 2 on a Retina Mac or a 2x Wayland output, else 1
        (and 1 for a drawable of no pixels, as a minimised window may have)."""
        return max(1.0, self.surface().get_width() / max(1, self.native.size[0]))

    def to_pixels(self, event: Any) -> None:
        """Put a pointer event's position (and motion) into drawable pixels, in place, so the
        scenes hit-test against what they drew."""
        if event.type not in POINTER_EVENTS:
            return
        density = self.density()
        if density == 1:
            return
        event.pos = (round(event.pos[0] * density), round(event.pos[1] * density))
        if event.type == pygame.MOUSEMOTION:
            event.rel = (round(event.rel[0] * density), round(event.rel[1] * density))

    def present(self) -> None:
        """Show what was drawn. The whole surface goes up, as the window's API has no partial
        update; the scenes repaint only what changed on it, which is where a frame's time goes
        (scripts/bench_gui.py). On X11 SDL waits for the server's reply after each frame: with
        the clock running that is a second wake-up a second."""
        self.native.flip()

    def fill_screen(self, on: bool) -> None:
        """Fill the screen at the desktop's own mode (nothing changes resolution), or go back
        to the window; raises pygame.error where the display refuses. On a bare X server (a
        kiosk, no window manager) nothing acts on SDL's request to fill the screen, so a window
        on the first screen first covers it itself, and is put back as it was on leaving."""
        if on:
            self.before_full = (self.native.size, self.native.position)
            self._cover_first_screen()
            self.native.set_fullscreen(desktop=True)
            return
        self.native.set_windowed()
        if self.before_full is not None:
            (self.native.size, self.native.position), self.before_full = self.before_full, None

    def _cover_first_screen(self) -> None:
        desktops = pygame.display.get_desktop_sizes()
        if not desktops:
            return
        (x, y), screen = self.native.position, desktops[0]
        if 0 <= x < screen[0] and 0 <= y < screen[1]:
            self.native.position = (0, 0)
            self.native.size = screen

    def close(self) -> None:
        """Destroy the window, once: a second close (the app's, then a test's sweep) is a no-op."""
        if self.open:
            self.open = False
            self.native.destroy()


def in_screen_format(surface: pygame.Surface, alpha: bool) -> pygame.Surface:
    """`surface` in the window's pixel format, so blitting it each frame skips a conversion;
    as it is while no window is open (faces drawn for a test or a sheet of faces)."""
    try:
        return surface.convert_alpha() if alpha else surface.convert()
    except pygame.error:
        return surface
