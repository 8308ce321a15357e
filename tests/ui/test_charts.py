"""The win-rate chart from a new player's first games: a line with words that read right."""

from __future__ import annotations

import pygame
import pytest

from eightoff.locale import install_language
from eightoff.session.figures import ROLLING, Figures, rolling
from eightoff.session.records import Chart, chart_of
from eightoff.store.statistics import Statistics
from eightoff.ui import theme
from eightoff.ui.charts import draw_win_rate, games_drawn, win_rate_heading


def figures_of(trace: bytes, played: int | None = None) -> Chart:
    won = trace.count(b"W")
    statistics = Statistics("standard", played=len(trace) if played is None else played, won=won,
                            lost=len(trace) - won)
    return chart_of(Figures("standard", statistics, rolling=rolling(trace), traced=len(trace)))


def columns_in(surface: pygame.Surface, colour: theme.Colour) -> int:
    """How many columns of pixels hold `colour` somewhere."""
    wanted = surface.map_rgb(colour)
    pixels = pygame.PixelArray(surface)
    try:
        return sum(any(pixels[x, y] == wanted for y in range(surface.get_height()))
                   for x in range(surface.get_width()))
    finally:
        pixels.close()


@pytest.mark.parametrize("trace", [b"WL", b"WLL", b"LWWLW"])
def test_the_first_games_draw_a_line_across_the_chart(trace: bytes) -> None:
    pygame.init()
    surface = pygame.Surface((400, 240))
    surface.fill((0, 0, 0))
    draw_win_rate(surface, surface.get_rect(), figures_of(trace), 1.0)
    assert columns_in(surface, theme.NOTICE) > 200  # a line over the plot's width, not a dot


def test_the_words_read_right_for_one_game_and_many() -> None:
    install_language("en")
    assert games_drawn(figures_of(b"W")) == "1 game so far"
    assert games_drawn(figures_of(b"WL")) == "2 games so far"
    assert games_drawn(figures_of(b"WL" * 250, played=900)) == "the last 500 games"
    assert win_rate_heading(figures_of(b"W")) == "Win rate over the games so far"
    assert win_rate_heading(figures_of(b"W" * ROLLING)) == f"Win rate over the last {ROLLING} games"


def test_the_words_are_italian_in_italian() -> None:
    install_language("it")
    try:
        assert games_drawn(figures_of(b"W")) != "1 game so far"
        assert "1" in games_drawn(figures_of(b"W"))
        assert win_rate_heading(figures_of(b"W")) != "Win rate over the games so far"
    finally:
        install_language("en")
