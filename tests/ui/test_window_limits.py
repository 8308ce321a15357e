"""The drawing surface never exceeds the limit, however large the window is made."""

from __future__ import annotations

import pygame
import pytest

from eightoff.core.limits import LARGEST_WINDOW_SIDE
from tests.ui.helpers import make_app


@pytest.mark.slow
def test_a_huge_window_draws_on_a_surface_within_the_limit() -> None:
    app = make_app()
    app.window.native.size = (32000, 32000)
    pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=32000, y=32000))
    app.pump()
    width, height = app.window.surface().get_size()
    assert max(width, height) <= LARGEST_WINDOW_SIDE * app.window.density()
    assert max(app.window.native.size) <= LARGEST_WINDOW_SIDE
