"""The window's size and place are remembered per screen size: one sized on a small screen
opens at the default size, centred, on a larger one, and each screen gets its own back."""

from __future__ import annotations

import io
from pathlib import Path

import pygame

from eightoff.core.preferences import Preferences
from eightoff.session.keeper import Keeper
from eightoff.session.session import Session
from eightoff.store import HomeDirs, Store
from eightoff.ui.app import App
from eightoff.ui.window_place import centred, remember, remembered_position, remembered_size, screen_key
from tests.ui.helpers import FakeClock

SMALL, LARGE = (800, 600), (1920, 1080)


def test_each_screen_size_keeps_its_own_size_and_place() -> None:
    played_small = remember(Preferences(), SMALL, (800, 600), (0, 0))
    assert remembered_size(played_small, SMALL) == (800, 600)
    assert remembered_position(played_small, SMALL) == (0, 0)
    assert remembered_size(played_small, LARGE) == Preferences().window_size  # not the small one's
    assert remembered_position(played_small, LARGE) is None  # centred
    both = remember(played_small, LARGE, (1600, 1000), (160, 40))
    assert remembered_size(both, SMALL) == (800, 600) and remembered_size(both, LARGE) == (1600, 1000)
    assert set(both.window_screens) == {"800x600", "1920x1080"}
    older = Preferences(window_size=(1000, 700), window_position=(5, 6))  # a file from before screens
    assert remembered_size(older, LARGE) == (1000, 700) and remembered_position(older, LARGE) == (5, 6)
    assert centred((1280, 800), LARGE) == (320, 140)


def test_a_window_sized_on_another_screen_opens_at_the_default_size_centred(tmp_path: Path) -> None:
    pygame.display.init()
    desktop = pygame.display.get_desktop_sizes()[0]
    store = Store(HomeDirs(tmp_path))
    store.save_preferences(remember(Preferences(animation_speed="off"), (640, 480), (640, 480), (0, 0)))
    app = App(Session.open(Keeper(store), FakeClock(), deal=5), out=io.StringIO())
    assert app.settings.points() != (640, 480)
    assert app.size[0] <= desktop[0] and app.size[1] <= desktop[1]
    app.close()
    saved = Store(HomeDirs(tmp_path)).load_preferences().window_screens
    assert set(saved) == {"640x480", screen_key(desktop)}
    assert saved["640x480"] == (640, 480, 0, 0)
