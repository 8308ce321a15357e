"""Help's mouse and keys paragraphs follow the double-click preference: with it on, a single
click does not send a card home, so Help says in one plain sentence that a double-click does,
and that Space does what a double-click does."""

from __future__ import annotations

import pygame
import pytest

from eightoff.locale import install_language
from eightoff.ui.dialogs import Dialog

from .helpers import key, make_app

WORDS = {
    ("en", False): ("a click sends a card home", "does what a click does"),
    ("en", True): ("a double-click sends a card home", "does what a double-click does"),
    ("it", False): ("un clic manda la carta sulla sua base", "fa come un clic"),
    ("it", True): ("un doppio clic manda la carta sulla sua base", "fa come un doppio clic"),
}


@pytest.mark.parametrize("language", ["en", "it"])
def test_help_says_what_sends_a_card_home_as_the_preference_asks(language: str) -> None:
    try:
        for double in (False, True):
            app = make_app(double_click_home=double, language=language)
            key(app, pygame.K_F1)
            assert isinstance(app.top, Dialog)
            lines = app.top.body_lines()
            [mouse] = [line for line in lines if line.startswith("Mouse:")]  # both languages
            [keys] = [line for line in lines if line.startswith(("Keys:", "Tasti:"))]
            click, space = WORDS[language, double]
            assert click in mouse and space in keys, (mouse, keys)
            words = " ".join(lines)
            assert "Preferences ask" not in words and "chiedono le Preferenze" not in words
    finally:
        install_language("en")
