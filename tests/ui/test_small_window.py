"""A window forced below the smallest size (a window manager that ignores the minimum) is drawn
smaller to fit it, through the real event loop: no pile, button or dialog is cut off."""

from __future__ import annotations

import io

import pygame
import pytest

from eightoff.core.game import Game
from eightoff.core.preferences import Preferences
from eightoff.core.variants import VARIANTS, preset
from eightoff.ui.app import App
from eightoff.ui.dialogs import Dialog
from eightoff.ui.layout import small_window_scale, table_fits
from tests.ui.helpers import FakeClock, key


def open_app(game_key: str) -> App:
    settings = Preferences(autoplay=False, animation_speed="off", confirm_leave=False)
    app = App.for_game(Game.new(3, preset(game_key)), settings, size=(1280, 800), out=io.StringIO(),
                       now=FakeClock())
    pygame.event.clear()
    app.pump()
    return app


def forced(app: App, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """The window's drawable becomes `size`, as SDL gives it after the window manager resized
    it below the minimum (the dummy driver itself keeps to the minimum)."""
    surface = pygame.Surface(size)
    monkeypatch.setattr(app.window, "surface", lambda: surface)
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1]))
    app.pump()


def inside(rect: pygame.Rect | tuple[int, int, int, int], size: tuple[int, int]) -> bool:
    return pygame.Rect(0, 0, *size).contains(pygame.Rect(rect))


@pytest.mark.parametrize("game_key", sorted(VARIANTS))
@pytest.mark.parametrize("size", [(640, 480), (500, 600), (800, 400)])
def test_everything_is_drawn_inside_a_window_below_the_minimum(
    game_key: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    app = open_app(game_key)
    forced(app, size, monkeypatch)
    if app.too_small:  # cards under the smallest (a game of many columns): it asks to be larger
        assert not table_fits(size, app.table.game.rules, False, small_window_scale(size, 1.0))
        return
    assert app.size == size and app.ui_scale < 1.0
    layout = app.table.layout
    assert all(inside(box, size) for box in layout.piles.values())
    assert inside(layout.toolbar, size) and inside(layout.status, size)
    assert all(inside(button.rect, size) for button in app.table.toolbar.buttons)
    key(app, pygame.K_F1)
    dialog = app.top
    assert isinstance(dialog, Dialog)
    assert inside(dialog.panel, size) and all(inside(choice.rect, size) for choice in dialog.choices)


def test_back_above_the_minimum_it_is_drawn_at_the_desktop_s_scale(monkeypatch: pytest.MonkeyPatch) -> None:
    app = open_app("standard")
    forced(app, (640, 480), monkeypatch)
    forced(app, (1000, 700), monkeypatch)
    assert app.ui_scale == 1.0 and app.size == (1000, 700)
