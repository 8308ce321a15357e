"""A dialog whose panel changes size between frames leaves nothing of its old panel behind:
the frame the loop draws is the frame a full redraw would draw."""

from __future__ import annotations

import pygame

from eightoff.ui.dialogs import PreferencesDialog

from .helpers import click, key, make_app


def screen_bytes(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def test_turning_the_preferences_page_erases_the_longer_page() -> None:
    app = make_app(size=(1280, 800))
    key(app, pygame.K_p, pygame.KMOD_CTRL)
    dialog = app.top
    assert isinstance(dialog, PreferencesDialog)
    general = dialog.panel.copy()
    [page] = [choice for choice in dialog.choices if choice.label == "Cards and sound…"]
    click(app, page.rect.center)
    assert dialog.cards_page and dialog.panel != general  # the pages are of different heights
    app.pump()  # the frame the loop draws next, as one is due (its timeout is one frame)
    drawn = screen_bytes(app.screen)
    app.redraw_all()
    app.pump()
    assert screen_bytes(app.screen) == drawn
    [back] = [choice for choice in dialog.choices if choice.label == "General…"]
    click(app, back.rect.center)
    assert not dialog.cards_page and dialog.panel == general
    app.pump()  # the frame the loop draws next, as one is due (its timeout is one frame)
    drawn = screen_bytes(app.screen)
    app.redraw_all()
    app.pump()
    assert screen_bytes(app.screen) == drawn
