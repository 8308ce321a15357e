"""Text whose letters keep the font's own spacing at every size the bars and dialogs use.

pygame's hinting at small sizes snaps each letter's advance to whole pixels, so some words came
out squeezed or pulled apart ("quat tro", "Smazz ata", "st reaks"). `theme.font` draws at twice
the size and scales down; its words then stay close to the font's true proportions."""

from __future__ import annotations

import pygame
import pytest

from eightoff.ui import theme

WORDS = ["Smazzata quattro tutte", "streaks unfinished", "Lasciala", "Statistiche", "Ricomincia"]


def worst_stretch(make: type[pygame.font.Font] | object) -> float:
    """The largest share by which a word's width strays from the font's own proportions (its
    width at four times the size, divided by four), over the sizes the window uses."""
    worst = 0.0
    for size in range(12, 30):
        for word in WORDS:
            true = pygame.font.Font(None, 4 * size).size(word)[0] / 4
            worst = max(worst, abs(make(size).size(word)[0] - true) / true)  # type: ignore[operator]
    return worst


@pytest.fixture(autouse=True)
def fonts() -> None:
    pygame.font.init()


def test_the_plain_font_strays_which_is_why_this_matters() -> None:
    assert worst_stretch(lambda size: pygame.font.Font(None, size)) > 0.12


def test_the_windows_font_keeps_the_proportions() -> None:
    assert worst_stretch(theme.font) < 0.08


def test_drawn_text_is_the_size_it_was_measured_at() -> None:
    for size in (13, 18, 26):
        font = theme.font(size)
        for word in WORDS:
            assert font.render(word, True, (0, 0, 0)).get_size() == font.size(word)
            assert font.render(word, False, (0, 0, 0)).get_size() == font.size(word)
        assert font.render("", True, (0, 0, 0)).get_width() <= 1
