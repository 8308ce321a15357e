"""The high-DPI window: the app draws on its own pygame.Window, at the drawable's real pixels.

SDL's dummy driver never gives a denser drawable, so a Retina Mac is simulated by a Window
whose surface has twice its size in pixels, as SDL gives it there: the app, its loop and the
events are the real ones, and the pointer positions posted are in window units (points).
"""

from __future__ import annotations

import io
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pygame
import pytest

from eightoff.__main__ import open_window
from eightoff.cli import run
from eightoff.core.cards import Card
from eightoff.core.game import Game
from eightoff.core.piles import Pile
from eightoff.core.preferences import Preferences
from eightoff.core.variants import STANDARD
from eightoff.ui import accesskit_bridge, stop_signals
from eightoff.ui.app import App
from eightoff.ui.faces import card_faces
from eightoff.ui.layout import MIN_WINDOW
from eightoff.ui.scaling import pixels_per_point
from tests.ui.helpers import box_of, click, drag, grip, make_app, pile_center

DENSITY = 2


class DenseWindow(pygame.Window):
    """A window whose drawable has DENSITY pixels to the window unit, like a Retina Mac's."""

    def get_surface(self) -> pygame.Surface:
        size = (self.size[0] * DENSITY, self.size[1] * DENSITY)
        drawable = getattr(self, "drawable", None)
        if drawable is None or drawable.get_size() != size:
            super().get_surface()  # flip() shows the real surface: it must exist
            self.drawable = pygame.Surface(size)
        return self.drawable


def dense_app(monkeypatch: pytest.MonkeyPatch, size: tuple[int, int] = (1000, 700)) -> App:
    with monkeypatch.context() as patch:
        patch.setattr(pygame, "Window", DenseWindow)
        return make_app(size=size)


def shows_the_ace(app: App) -> bool:
    """Whether the window's surface shows the Ace of hearts' face, pixel for pixel, where the
    layout put it (its pip in the middle is red, the felt around it green)."""
    ace = box_of(app, "AH")
    face = card_faces(*app.table.layout.card).face(Card.parse("AH"))
    middle = (ace.w // 2, ace.h // 2)
    return face.get_size() == ace.size and app.screen.get_at(ace.center) == face.get_at(middle)


def in_points(point: tuple[int, int]) -> tuple[int, int]:
    """Where the pointer is, in window units, when it is over drawable pixel `point`."""
    return (point[0] // DENSITY, point[1] // DENSITY)


def test_the_app_draws_on_its_window_and_not_on_a_display_mode() -> None:
    app = make_app()
    assert app.screen is app.window.native.get_surface()
    assert pygame.display.get_surface() is None  # no set_mode window: it could not be high-DPI
    assert app.size == app.window.native.size  # one pixel to the window unit here
    assert shows_the_ace(app)


def test_the_density_is_the_scale_and_the_desktop_factor_is_not_applied_again() -> None:
    assert pixels_per_point(2.0, 1.0) == 2.0
    assert pixels_per_point(2.0, 2.0) == 2.0  # GDK_SCALE=2 on a 2x Wayland output: once, not 4x
    assert pixels_per_point(1.0, 1.5) == 1.5  # X11: SDL gives no denser drawable, the desktop says


def test_at_density_2_the_cards_are_twice_the_pixels(monkeypatch: pytest.MonkeyPatch) -> None:
    single, double = make_app(size=(1000, 700)), dense_app(monkeypatch)
    assert double.window.density() == DENSITY
    assert double.size == (2000, 1400) and double.screen.get_size() == double.size
    assert (single.ui_scale, double.ui_scale) == (1.0, 2.0)
    one, two = single.table.layout, double.table.layout
    assert abs(two.card[0] - 2 * one.card[0]) <= 1 and abs(two.card[1] - 2 * one.card[1]) <= 2
    assert two.toolbar.h == 2 * one.toolbar.h
    # the same window, remembered alike
    assert double.settings.points() == single.settings.points() == (1000, 700)


def test_a_desktop_scale_on_a_dense_window_is_not_applied_twice(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GDK_SCALE", "2")  # says the same as the 2x drawable
    with monkeypatch.context() as patch:
        patch.setattr(pygame, "Window", DenseWindow)
        app = App.for_game(Game.new(1, STANDARD), Preferences(window_size=(900, 650)), out=io.StringIO())
    assert app.ui_scale == 2.0
    assert app.window.native.size == (900, 650) and app.size == (1800, 1300)  # the points remembered
    assert app.window.native.minimum_size == MIN_WINDOW


def test_a_click_at_a_point_hits_the_card_drawn_at_twice_it(monkeypatch: pytest.MonkeyPatch) -> None:
    app = dense_app(monkeypatch)
    assert shows_the_ace(app)  # drawn at its pixels
    click(app, in_points(box_of(app, "AH").center))
    assert "Move a card from stack 6 to the foundations" in app.out.getvalue()
    drag(app, in_points(grip(app, "9H")), in_points(pile_center(app, Pile.column(2))))
    assert "Move 3 cards from stack 4 to stack 2" in app.out.getvalue()


class FilmedWindow(pygame.Window):
    """A window that keeps a copy of every frame it shows."""

    def flip(self) -> None:
        self.frames: list[pygame.Surface] = [*getattr(self, "frames", []), self.get_surface().copy()]
        super().flip()


def test_a_move_is_presented_and_an_idle_loop_presents_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    with monkeypatch.context() as patch:
        patch.setattr(pygame, "Window", FilmedWindow)
        app = make_app()
    window = app.window.native
    assert isinstance(window, FilmedWindow) and window.frames  # the deal was shown
    shown = len(window.frames)
    app.pump(3)
    assert len(window.frames) == shown  # nothing changed: nothing drawn, nothing sent to the screen
    foundation = pygame.Rect(app.table.layout.piles[Pile.foundation(2)]).center
    empty = window.frames[-1].get_at(foundation)
    click(app, grip(app, "AH"))
    assert len(window.frames) > shown and window.frames[-1].get_at(foundation) != empty  # the ace is home


def test_a_resize_of_a_dense_window_lays_out_for_its_pixels(monkeypatch: pytest.MonkeyPatch) -> None:
    app = dense_app(monkeypatch)
    app.window.native.size = (900, 650)  # the window system's size event, in window units
    app.pump()
    assert app.size == (1800, 1300) and app.table.layout.size == (1800, 1300)


class RecordingAdapter:
    def __init__(self, handle: int, *handlers: Any) -> None:
        self.handle = handle

    def update_if_active(self, factory: Any) -> None:
        """No screen reader is listening."""

    def update_window_focus_state(self, focused: bool) -> None:
        """Nothing to raise."""


@pytest.mark.parametrize("platform", ["win32", "darwin"])
def test_the_screen_reader_adapter_gets_the_native_handle_from_the_window(
        monkeypatch: pytest.MonkeyPatch, platform: str) -> None:
    class HandledWindow(pygame.Window):
        handle = 0xBEEF  # what SDL gives: the HWND on Windows, the NSWindow on macOS

    with monkeypatch.context() as patch:
        patch.setattr(pygame, "Window", HandledWindow)
        app = make_app()
    toolkit = SimpleNamespace(
        windows=SimpleNamespace(SubclassingAdapter=RecordingAdapter),
        macos=SimpleNamespace(add_focus_forwarder_to_window_class=lambda name: None,
                              SubclassingAdapter=SimpleNamespace(for_window=RecordingAdapter)),
    )
    monkeypatch.setattr(accesskit_bridge, "TOOLKIT", toolkit)
    monkeypatch.setattr(sys, "platform", platform)
    bridge = accesskit_bridge.connect_access(app)
    assert bridge is not None and isinstance(bridge.adapter, accesskit_bridge.PlatformAdapter)
    assert bridge.adapter.inner.handle == 0xBEEF
    app.pump()  # shown again after the subclassing, and still playing


def test_a_window_that_cannot_open_is_one_line_and_status_1(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def refused(*args: object, **kwargs: object) -> None:
        raise pygame.error("Couldn't find matching GLX visual")

    monkeypatch.setenv("EIGHTOFF_HOME", str(tmp_path))
    monkeypatch.setattr(pygame, "Window", refused)
    # The window's process takes SIGTERM and SIGINT for a thread of its own; this one is pytest's.
    monkeypatch.setattr(stop_signals, "take_stop_signals", lambda report=None: False)
    assert run(["--deal", "5"], open_window) == 1
    said = capsys.readouterr().err
    assert said == "eightoff: cannot open the game window: Couldn't find matching GLX visual\n"


@pytest.mark.parametrize("design", ["standard", "classic", "large"])
def test_every_card_design_is_drawn_for_the_dense_pixels(monkeypatch: pytest.MonkeyPatch,
                                                          design: str) -> None:
    """No design is drawn at the points' size and stretched: each card's picture has the
    drawable's pixels, and the screen shows it pixel for pixel."""
    with monkeypatch.context() as patch:
        patch.setattr(pygame, "Window", DenseWindow)
        app = make_app(size=(1000, 700), card_face=design)
    faces = app.table.faces
    assert faces.design == design and faces.size == app.table.layout.card
    assert faces.size[0] >= 2 * make_app(size=(1000, 700)).table.layout.card[0] - 1
    ace = box_of(app, "AH")  # on top of its column: shown whole
    inner = pygame.Rect(0, 0, ace.w, ace.h).inflate(-ace.w // 4, -ace.h // 4)  # clear of the corners
    shown = app.screen.subsurface(ace).subsurface(inner)
    drawn = faces.face(Card.parse("AH")).subsurface(inner)
    assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(drawn, "RGB")
