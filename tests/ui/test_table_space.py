"""Every game's table uses the window, as its players lay it out: opened in the real window loop
(SDL's dummy driver) at the smallest window and at 1920x1080, the dealt cards and the empty
piles' outlines span the table without a wide band of bare felt inside it or on one side only (a
castle's rows once kept to the left of their areas, leaving the right third of a wide window
empty), every card lies on the table between the toolbar and the status line, and no two piles
share any pixel."""

from __future__ import annotations

import io

import pygame
import pytest

from eightoff.core.game import Game
from eightoff.core.piles import PileKind
from eightoff.core.preferences import Preferences
from eightoff.core.variants import VARIANTS, preset
from eightoff.ui.app import App
from tests.ui.helpers import FakeClock

SIZES = [(800, 600), (1920, 1080)]
WIDEST_BAND = 2.0
"""The widest band of bare felt, in card widths, allowed inside the cards' span, and the most by
which the margins either side of it may differ: a row's room to grow, not a third of a window."""


def opened(game_key: str, size: tuple[int, int]) -> App:
    settings = Preferences(autoplay=False, animation_speed="off", confirm_leave=False)
    app = App.for_game(Game.new(617, preset(game_key)), settings, size=size, out=io.StringIO(),
                       now=FakeClock())
    app.pump()
    return app


def bare_bands(spans: list[tuple[int, int]], width: int) -> tuple[int, int, int]:
    """The widest gap between the covered spans, and the left and right margins."""
    spans.sort()
    widest, reach = 0, spans[0][1]
    for start, end in spans[1:]:
        widest = max(widest, start - reach)
        reach = max(reach, end)
    return widest, spans[0][0], width - reach


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game_key", sorted(VARIANTS))
def test_the_dealt_table_spans_the_window_inside_the_table(game_key: str, size: tuple[int, int]) -> None:
    app = opened(game_key, size)
    layout = app.table.layout
    assert app.size == size and layout.size == size
    rects = [sprite.rect for sprite in app.table.sprites.by_card.values()]
    assert len(rects) == 52
    table = pygame.Rect(layout.table)
    assert all(table.contains(rect) for rect in rects), "a card off the table, under a bar"
    card_w = layout.card[0]
    shown = rects + [pygame.Rect(slot) for slot in layout.piles.values()]  # an empty pile's outline
    widest, left, right = bare_bands([(rect.left, rect.right) for rect in shown], size[0])
    assert widest < WIDEST_BAND * card_w, f"a band of {widest} px between the cards"
    assert abs(left - right) < WIDEST_BAND * card_w, f"margins of {left} and {right} px"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game_key", sorted(VARIANTS))
def test_piles_keep_apart_and_long_ones_stay_on_the_table(game_key: str, size: tuple[int, int]) -> None:
    app = opened(game_key, size)
    layout, longest = app.table.layout, app.table.game.rules.longest_column
    areas = [pygame.Rect(layout.drop_area(pile)) for pile in layout.piles]
    assert all(area.collidelist(areas[index + 1:]) == -1 for index, area in enumerate(areas))
    table = pygame.Rect(layout.table)
    for pile in layout.piles:
        if pile.kind is PileKind.COLUMN:
            boxes = [pygame.Rect(box) for box in layout.card_boxes(pile, longest)]
            assert all(table.contains(box) for box in boxes), pile
            assert pygame.Rect(layout.drop_area(pile)).contains(boxes[-1]), pile
