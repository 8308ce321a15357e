"""The game's one window: a pygame-ce `Window` that asks for a high-DPI drawable.

`pygame.display.set_mode` never asks SDL for one, so on a Retina Mac or a scaled Wayland desktop
its surface has one pixel per point and the system stretches it, blurred. A `Window` made with
`allow_high_dpi=True` is given a surface at the screen's real pixels there, and the cards are
drawn for those pixels.

Two units meet here. The window system speaks in *window units*: the window's size and place,
the desktops' sizes and the mouse's position (points on macOS and Wayland, plain pixels on X11).
We draw in *pixels*, the drawable's. Their ratio is the density; `to_pixels` is the one place
where input crosses from the first to the second.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from eightoff.core.limits import LARGEST_WINDOW_SIDE

if TYPE_CHECKING:
    from eightoff.ui.x11_present import XPresenter

POINTER_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)
"""The events whose `pos` (and `rel`) come in window units."""


PUT_BUDGET = 128 * 1024
"""Bytes of pixels a frame may send through Xlib (see `Screen.present`): well under a local
socket's usual send buffer (208 KiB on Linux), so the write never waits for the X server to read;
a frame of the whole status line at 1280x800 (258 KB) did, and the process woke for it."""


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
        self.presenter: XPresenter | None = None
        self.presenter_tried = False  # opened at the first small frame: it costs a round trip

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
        """Drawable pixels per window unit: 2 on a Retina Mac or a 2x Wayland output, else 1."""
        return self.surface().get_width() / max(1, self.native.size[0])

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

    def present(self, rects: Sequence[pygame.Rect] | None = None) -> None:
        """Show what was drawn: `rects` of it, or the whole surface when None.

        The whole surface goes up through SDL, as the window's API has no partial update:
        measured with scripts/bench_gui.py at 1920x1080 on Xvfb, a frame of a dragged run takes
        1.2 ms (median) where updating only the changed rectangles took 0.55 ms. But on X11 SDL
        then waits for the X server's reply, a second wake-up for every frame; so a frame of a
        few small rectangles (the clock's second) goes through Xlib instead, which does not wait
        (see x11_present), wherever that works."""
        if rects is not None and self._put(rects):
            return
        self.native.flip()

    def _put(self, rects: Sequence[pygame.Rect]) -> bool:
        surface = self.native.get_surface()
        if sum(rect.w * rect.h for rect in rects) * 4 > PUT_BUDGET:
            return False
        if not self.presenter_tried:
            self.presenter_tried = True
            # Here, not at start-up: the first frame does without logging (test_first_frame).
            from eightoff.ui.x11_present import XPresenter

            self.presenter = XPresenter.open(self.native, surface)
        if self.presenter is None:
            return False
        if self.presenter.put(surface, rects):
            return True
        self.presenter.close()
        self.presenter = None
        return False

    def fill_screen(self, on: bool) -> None:
        """Fill the screen at the desktop's own mode (nothing changes resolution), or go back
        to the window; raises pygame.error where the display refuses."""
        if on:
            self.native.set_fullscreen(desktop=True)
        else:
            self.native.set_windowed()

    def close(self) -> None:
        """Destroy the window, once: a second close (the app's, then a test's sweep) is a no-op."""
        if self.open:
            self.open = False
            if self.presenter is not None:
                self.presenter.close()
            self.native.destroy()


def in_screen_format(surface: pygame.Surface, alpha: bool) -> pygame.Surface:
    """`surface` in the window's pixel format, so blitting it each frame skips a conversion;
    as it is while no window is open (faces drawn for a test or a sheet of faces)."""
    try:
        return surface.convert_alpha() if alpha else surface.convert()
    except pygame.error:
        return surface
