"""A frame sends the X server only its changed rectangles (so the clock's
second costs no wait for the server). So what each scene says it changed must cover every pixel it
changed: a rectangle missed would stay stale on screen. Checked by keeping the picture the
window would show, built only from what was presented, beside the surface drawn; the monkey's
random clicks, drags, keys and resizes drive the loop, and the clock ticks between them."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pygame
import pytest

from eightoff.core.deals import deal
from eightoff.core.notation import format_board
from eightoff.core.piles import Pile
from eightoff.core.variants import STANDARD
from eightoff.ui.app import App
from tests.ui.helpers import clock, make_app, post
from tests.ui.test_monkey import act

ACTIONS = 300


class OnScreen:
    """What the window shows when only the presented rectangles reach it."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.picture = app.screen.copy()
        self.partial = 0
        self.presented: list[Sequence[pygame.Rect] | None] = []
        self.sent = app.window.present

    def present(self, rects: Sequence[pygame.Rect] | None = None) -> None:
        surface = self.app.screen
        if rects is None or self.picture.get_size() != surface.get_size():
            self.picture = surface.copy()
        else:
            self.partial += 1
            for rect in rects:
                self.picture.blit(surface, rect, rect)
        self.presented.append(rects)
        self.sent(rects)
        assert pygame.image.tobytes(self.picture, "RGB") == pygame.image.tobytes(surface, "RGB"), (
            f"frame {len(self.presented)}: a change outside the presented {rects}")


def watched(app: App) -> OnScreen:
    screen = OnScreen(app)
    app.window.present = screen.present  # type: ignore[method-assign]
    return screen


def test_the_clocks_second_presents_only_the_summary_that_changed() -> None:
    app = make_app()
    screen = watched(app)
    app.session.click(Pile.column(6))  # the clock starts
    app.pump(2)
    before = len(screen.presented)
    for _ in range(3):
        clock(app).time += 1.0
        app.pump()
    ticks = screen.presented[before:]
    assert len(ticks) == 3
    status = pygame.Rect(app.table.layout.status)
    for rects in ticks:
        assert rects is not None and len(rects) == 1
        assert status.contains(rects[0]) and rects[0].w * rects[0].h < status.w * status.h // 4
    app.close()


@pytest.mark.parametrize("seed", [4, 5])
def test_every_frame_presents_all_it_changed(seed: int) -> None:
    rng = random.Random(seed)
    app = make_app(format_board(deal(rng.randrange(1, 32000), STANDARD)), STANDARD, size=(900, 640),
                   autoplay=rng.random() < 0.5, animation_speed=rng.choice(("off", "fast")))
    screen = watched(app)
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


def test_the_win_celebrations_frames_present_all_they_changed() -> None:
    app = make_app(WON_BUT_TWO)
    screen = watched(app)
    post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")  # Finish
    app.pump()
    assert app.table.game.is_won
    for _ in range(200):  # the cards fall, each frame checked
        clock(app).time += 0.05
        app.pump()
    assert screen.partial > 100
    app.close()
