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


def gridline_runs(surface: pygame.Surface) -> list[list[int]]:
    """For each row that is mostly the gridlines' colour, the lengths of its unbroken runs of it."""
    wanted = surface.map_rgb(theme.FELT_DARK)
    pixels = pygame.PixelArray(surface)
    try:
        rows = []
        for y in range(surface.get_height()):
            line = [pixels[x, y] == wanted for x in range(surface.get_width())]
            if sum(line) > surface.get_width() // 2:
                runs, length = [], 0
                for dark in [*line, False]:
                    if dark:
                        length += 1
                    elif length:
                        runs.append(length)
                        length = 0
                rows.append(runs)
        return rows
    finally:
        pixels.close()


@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("size", [(400, 240), (900, 300), (260, 160)])
def test_an_empty_charts_words_cross_no_gridline(language: str, size: tuple[int, int]) -> None:
    """With no game finished, "No finished games yet." stands between the lines: each of the
    0 %, 50 % and 100 % lines is drawn whole, not broken by the words."""
    pygame.init()
    install_language(language)
    try:
        surface = pygame.Surface(size)
        surface.fill((0, 0, 0))
        draw_win_rate(surface, surface.get_rect(), figures_of(b""), 1.0)
    finally:
        install_language("en")
    rows = gridline_runs(surface)
    assert len(rows) >= 3  # the three lines (each a pixel or more thick)
    assert all(len(runs) == 1 for runs in rows), rows
    words = pygame.mask.from_threshold(surface, theme.TEXT_DIM, (12, 12, 12, 255))
    assert words.count() > 50  # and the words are there
