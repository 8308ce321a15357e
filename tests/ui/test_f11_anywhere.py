"""F11 is the window's, as Ctrl+Q is: it fills the screen (or goes back) from under the pause
and from under a dialog, which stay as they were, rather than being taken as "any key"."""

from __future__ import annotations

import pygame

from eightoff.ui.dialogs import PreferencesDialog
from eightoff.ui.pause import PauseScene

from .helpers import key, make_app


def test_f11_under_the_pause_fills_the_screen_and_the_game_stays_paused() -> None:
    app = make_app()
    key(app, pygame.K_p)
    assert isinstance(app.top, PauseScene)
    key(app, pygame.K_F11)
    assert app.settings.fullscreen and isinstance(app.top, PauseScene)
    key(app, pygame.K_F11)
    assert not app.settings.fullscreen and isinstance(app.top, PauseScene)


def test_f11_under_preferences_fills_the_screen_and_the_dialog_stays() -> None:
    app = make_app()
    key(app, pygame.K_p, pygame.KMOD_CTRL)
    dialog = app.top
    assert isinstance(dialog, PreferencesDialog)
    key(app, pygame.K_F11)
    assert app.settings.fullscreen and app.top is dialog
    assert dialog.size == app.screen.get_size()  # laid out again for the whole screen
