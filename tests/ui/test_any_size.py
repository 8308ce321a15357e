"""Any window size keeps the program up with the game unchanged: below the smallest table that
can be drawn the window asks, in its own colours, to be made larger; back at a size with room
the table is drawn again. Sizes come through the real event loop (SDL's dummy driver, whose
drawable is stood in for, as it keeps its windows at their minimum), and a real window under
Xvfb is resized by xdotool with no window manager to keep it at its minimum."""

from __future__ import annotations

import io
from pathlib import Path

import pygame
import pytest

from eightoff.core.game import Game
from eightoff.core.preferences import Preferences
from eightoff.core.rules import Rules
from eightoff.core.variants import STANDARD, VARIANTS, preset
from eightoff.ui import theme
from eightoff.ui.app import App
from eightoff.ui.layout import LARGEST_CARD, SMALLEST_CARD, compute_layout, small_window_scale, table_fits
from tests.ui.helpers import FakeClock, key
from tests.ui.xwindow import GameProcess, missing_tools, resize_window, virtual_screen, xdotool

TOO_SMALL = [(1, 1), (0, 0), (150, 150), (300, 200)]


def open_app(rules: Rules = STANDARD) -> App:
    settings = Preferences(autoplay=False, animation_speed="off", confirm_leave=False)
    app = App.for_game(Game.new(617, rules), settings, size=(1280, 800), out=io.StringIO(),
                       now=FakeClock())
    app.pump()
    return app


def resized(app: App, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """The window's drawable becomes `size` and SDL says so, as after a window manager's resize."""
    surface = pygame.Surface(size)
    monkeypatch.setattr(app.window, "surface", lambda: surface)
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=size[0], y=size[1]))
    app.pump(2)


def press_everywhere(app: App, size: tuple[int, int]) -> None:
    """Clicks at the window's corners and middle, and the keys that change a game."""
    for x, y in ((0, 0), (size[0] // 2, size[1] // 2), (max(0, size[0] - 1), max(0, size[1] - 1))):
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1))
    app.pump()
    for name in (pygame.K_F2, pygame.K_a, pygame.K_1, pygame.K_RETURN):
        key(app, name)


@pytest.mark.parametrize("game_key", ["standard", "beleaguered-castle", "fan"])
@pytest.mark.parametrize("size", TOO_SMALL)
def test_below_the_smallest_table_the_window_asks_to_be_larger_and_the_game_is_kept(
        size: tuple[int, int], game_key: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """In every arrangement of the table (columns, the castle's rows, Fan's lines)."""
    app = open_app(preset(game_key))
    position, moves = app.table.game.position, app.table.game.move_count
    resized(app, size, monkeypatch)
    assert app.too_small
    press_everywhere(app, size)
    assert (app.table.game.position, app.table.game.move_count) == (position, moves)
    if min(size) > 0:
        assert app.screen.get_at((0, 0))[:3] == theme.FELT
    if size == (300, 200):  # room for the words: some pixels are the text's colour, none a card's
        colours = {app.screen.get_at((x, y))[:3] for x in range(300) for y in range(80, 120)}
        assert theme.TEXT in colours or any(min(colour) > 200 for colour in colours)
    resized(app, (1000, 700), monkeypatch)
    assert not app.too_small and app.size == (1000, 700)
    assert app.table.layout.size == (1000, 700)
    assert (app.table.game.position, app.table.game.move_count) == (position, moves)


def test_minimised_and_restored_a_hundred_times_the_game_is_the_same() -> None:
    app = open_app()
    key(app, pygame.K_F2)
    position = app.table.game.position
    for _round in range(100):
        pygame.event.post(pygame.event.Event(pygame.WINDOWMINIMIZED))
        app.pump()
        pygame.event.post(pygame.event.Event(pygame.WINDOWRESTORED))
        app.pump()
    assert app.visible and app.table.game.position == position


def test_a_drawable_that_cannot_be_had_keeps_the_program_up(monkeypatch: pytest.MonkeyPatch) -> None:
    """A window of 100,000 pixels a side: SDL gives no surface that size."""
    app = open_app()
    position = app.table.game.position

    def refused() -> pygame.Surface:
        raise pygame.error("surface too large")

    monkeypatch.setattr(app.window, "surface", refused)
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=100_000, y=100_000))
    app.pump(3)
    assert app.too_small and app.table.game.position == position
    monkeypatch.undo()
    resized(app, (1280, 800), monkeypatch)
    assert not app.too_small


@pytest.mark.parametrize("game_key", sorted(VARIANTS))
def test_a_huge_window_deals_cards_no_larger_than_the_largest_inside_it(game_key: str) -> None:
    layout = compute_layout(100_000, 100_000, preset(game_key))
    assert layout.card[0] <= LARGEST_CARD
    assert all(box.x >= 0 and box.right <= 100_000 and box.bottom <= 100_000 for box in layout.piles.values())


@pytest.mark.parametrize("game_key", sorted(VARIANTS))
def test_every_table_the_window_draws_has_cards_of_at_least_the_smallest_width(game_key: str) -> None:
    """From 1x1 up, each window size either fits a table of cards at least SMALLEST_CARD wide
    or is refused; and 800x600 always fits."""
    rules = preset(game_key)
    assert table_fits((800, 600), rules, False, 1.0) and table_fits((800, 600), rules, True, 1.0)
    for width in range(0, 1000, 37):
        for height in range(0, 800, 29):
            scale = small_window_scale((width, height), 1.0)
            if table_fits((width, height), rules, False, scale):
                assert compute_layout(width, height, rules, False, scale).card[0] >= SMALLEST_CARD


@pytest.mark.xvfb
@pytest.mark.slow
@pytest.mark.skipif(bool(missing_tools()), reason="needs Xvfb and xdotool (apt install xvfb xdotool)")
def test_a_real_window_resized_to_1x1_and_150x150_without_a_window_manager_stays_up(tmp_path: Path) -> None:
    with virtual_screen(1600, 1000) as display:
        game = GameProcess(display, tmp_path, "--deal", "617", "--print-layout")
        try:
            first, _ = game.next_layout()
            window = game.find_window()
            for size in ((1, 1), (150, 150), (1, 1), (1000, 700)):
                resize_window(display, window, size)
            again, _ = game.next_layout()  # laid out again for the window with room
            assert game.process.poll() is None
            assert max(card[1][0] + card[1][2] for pile in again.values() for card in pile["cards"]) <= 1000
            cards = {name: [card[0] for card in pile["cards"]] for name, pile in first.items()}
            assert cards == {name: [card[0] for card in pile["cards"]] for name, pile in again.items()}
        finally:
            game.stop()


@pytest.mark.xvfb
@pytest.mark.slow
@pytest.mark.skipif(bool(missing_tools()), reason="needs Xvfb and xdotool (apt install xvfb xdotool)")
def test_f11_without_a_window_manager_makes_the_window_cover_the_screen_and_back(tmp_path: Path) -> None:
    """A kiosk's bare X server: no window manager acts on the request to fill the screen, so the
    window covers it itself; F11 again puts it back where and as large as it was."""
    with virtual_screen(1600, 1000) as display:
        game = GameProcess(display, tmp_path, "--deal", "617", "--print-layout")
        try:
            game.next_layout()
            window = game.find_window()
            before = xdotool(display, "getwindowgeometry", window)
            left, top = game.origin()
            xdotool(display, "mousemove", "--sync", str(left + 100), str(top + 100))
            xdotool(display, "key", "F11")
            full, _ = game.next_layout()
            assert "Position: 0,0" in xdotool(display, "getwindowgeometry", window)
            assert "Geometry: 1600x1000" in xdotool(display, "getwindowgeometry", window)
            assert max(card[1][0] + card[1][2] for pile in full.values() for card in pile["cards"]) <= 1600
            xdotool(display, "mousemove", "--sync", "100", "100")
            xdotool(display, "key", "F11")
            game.next_layout()
            assert xdotool(display, "getwindowgeometry", window) == before
        finally:
            game.stop()
