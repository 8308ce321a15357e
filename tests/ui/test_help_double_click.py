"""Help's mouse paragraph follows the double-click preference: with it on, a single click does
not send a card home, and Help must not say it does."""

from __future__ import annotations

import pygame
import pytest

from eightoff.locale import install_language
from eightoff.ui.dialogs import Dialog

from .helpers import key, make_app


@pytest.mark.parametrize(("language", "words"), [("en", "double-click"), ("it", "doppio clic")])
def test_help_says_a_double_click_sends_a_card_home_when_the_preference_says_so(
        language: str, words: str) -> None:
    try:
        for double in (False, True):
            app = make_app(double_click_home=double, language=language)
            key(app, pygame.K_F1)
            assert isinstance(app.top, Dialog)
            [mouse] = [line for line in app.top.body_lines() if line.startswith("Mouse:")]  # both languages
            assert (words in mouse) is double
    finally:
        install_language("en")
