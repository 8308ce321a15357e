"""A frame repaints only what changed on the window's surface, to keep frames cheap: the
clock's second repaints the status line alone. What each scene repaints must still be every
pixel that changed, or the window would show a stale card; and a frame that changed the
surface must be shown. Checked at every step while the monkey's random clicks, drags, keys and
resizes drive the loop and the clock ticks between them: the surface of a frame shown is the
picture a whole redraw makes, and no step changes the surface without showing it."""

from __future__ import annotations

import random

import pygame
import pytest

from eightoff.core.deals import deal
from eightoff.core.notation import format_board
from eightoff.core.piles import Pile
from eightoff.core.variants import STANDARD
from eightoff.ui.app import App
from tests.ui.helpers import click_pile, clock, make_app, post
from tests.ui.test_monkey import act

ACTIONS = 300
UNPAINTED = (255, 0, 255)


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


class OnScreen:
    """Watches the app's frames: counts those shown, and those that repainted only part of the
    surface; `whole` also compares each frame shown with a whole redraw of the same moment
    (not for the celebration, whose cards leave trails on purpose)."""

    def __init__(self, app: App, whole: bool) -> None:
        self.app = app
        self.whole = whole
        self.shown = 0
        self.partial = 0
        self.sent = app.window.present
        self.draw = app.draw
        app.window.present = self.present  # type: ignore[method-assign]
        app.draw = self.counted_draw  # type: ignore[method-assign]

    def present(self) -> None:
        app = self.app
        self.shown += 1
        if self.whole:
            redrawn = pygame.Surface(app.screen.get_size())
            redrawn.fill(UNPAINTED)
            for scene in app.scenes:
                scene.draw(redrawn, True)
            assert pixels(app.screen) == pixels(redrawn), (
                f"frame {self.shown}: the surface is not what a whole redraw draws")
        self.sent()

    def counted_draw(self) -> None:
        app = self.app
        whole, before, shown = app.full_redraw, pixels(app.screen), self.shown
        self.draw()
        if self.shown == shown:
            assert pixels(app.screen) == before, "the surface changed and the frame was not shown"
        elif not whole:
            self.partial += 1


def test_the_clocks_second_repaints_only_the_status_line() -> None:
    app = make_app()
    screen = OnScreen(app, whole=True)
    click_pile(app, Pile.column(6))  # the clock starts
    app.pump(2)
    status = pygame.Rect(app.table.layout.status)
    for _ in range(3):
        before = app.screen.copy()
        shown = screen.shown
        clock(app).time += 1.0
        app.pump()
        assert screen.shown == shown + 1  # one frame for the second
        after = app.screen.copy()
        assert pixels(after) != pixels(before)
        after.blit(before, status, status)  # outside the status line, nothing changed
        assert pixels(after) == pixels(before)
    app.close()


@pytest.mark.slow
@pytest.mark.parametrize("seed", [4, 5])
def test_every_frame_repaints_all_it_changed(seed: int) -> None:
    rng = random.Random(seed)
    app = make_app(format_board(deal(rng.randrange(1, 32000), STANDARD)), STANDARD, size=(900, 640),
                   autoplay=rng.random() < 0.5, animation_speed=rng.choice(("off", "fast")))
    screen = OnScreen(app, whole=True)
    for _ in range(ACTIONS):
        act(app, rng)
        clock(app).time += rng.choice((0.0, 1.0))  # the clock's second, often between actions
        app.pump()
    post(pygame.MOUSEBUTTONUP, pos=(0, 0), button=1)
    clock(app).time += 5.0
    app.settle()
    assert screen.partial > ACTIONS // 10  # partial frames were checked, not only whole ones
    app.close()


WON_BUT_TWO = """Foundations: H-K C-K D-K S-J
Freecells: KS QS - - - - - -
:
:
:
:
:
:
:
:
"""


@pytest.mark.slow
def test_the_win_celebration_shows_every_frame_it_draws() -> None:
    app = make_app(WON_BUT_TWO)
    screen = OnScreen(app, whole=False)
    post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")  # Finish
    app.pump()
    assert app.table.game.is_won
    for _ in range(200):  # the cards fall, each frame checked
        clock(app).time += 0.05
        app.pump()
    assert screen.partial > 100
    app.close()
