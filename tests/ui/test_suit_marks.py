"""Every suit mark is at least 9 px tall in every design at every card size the layout chooses,
so hearts and diamonds, spades and clubs are told apart in a fanned column: measured on the
faces' geometry over every window the table is drawn in, and on the drawn pixels."""

from __future__ import annotations

import pygame
import pytest

from eightoff.core.cards import DECK, Card
from eightoff.core.variants import VARIANTS, preset
from eightoff.ui.designs import FACES
from eightoff.ui.faces import SMALLEST_MARK, CardFaces, Layout
from eightoff.ui.layout import SMALLEST_CARD, compute_layout, small_window_scale, table_fits

WINDOWS = [(width, height) for width in range(300, 2700, 113) for height in range(240, 1700, 97)]
"""Window sizes from below the smallest table to past 2560x1440, in uneven steps."""


def chosen_cards(game_key: str) -> set[tuple[int, int]]:
    """Every card size the layout deals for `game_key` in WINDOWS, large cards or not."""
    rules = preset(game_key)
    sizes = set()
    for size in [*WINDOWS, (800, 600), (1920, 1080)]:
        for large in (False, True):
            scale = small_window_scale(size, 1.0)
            if table_fits(size, rules, large, scale):
                sizes.add(compute_layout(*size, rules, large, scale).card)
    return sizes


@pytest.mark.parametrize("game_key", sorted(VARIANTS))
def test_every_mark_on_every_card_the_layout_deals_is_at_least_9_px(game_key: str) -> None:
    for width, height in chosen_cards(game_key):
        assert width >= SMALLEST_CARD
        for design in FACES:
            scale = 4 if width < 150 else 2  # as CardFaces supersamples
            lay = Layout.of(width, height, scale, design)
            assert lay.index_suit / scale >= SMALLEST_MARK, (design, width)
            assert lay.one_mark or lay.pip / scale >= SMALLEST_MARK, (design, width)
            assert lay.mark(0) / scale == SMALLEST_MARK


def red_runs(surface: pygame.Surface, left: int, right: int, top: int, bottom: int) -> list[int]:
    """The runs of rows of the box that hold a pixel of a heart's red (a strong red over its
    green), top to bottom, as their lengths: a mark and a letter above it are two runs."""
    runs: list[int] = []
    inside = False
    for y in range(top, bottom):
        red_here = any(alpha > 128 and red > 150 and red - green > 90
                       for red, green, _blue, alpha in (surface.get_at((x, y)) for x in range(left, right)))
        if red_here:
            runs[-1:] = [runs[-1] + 1] if inside else [*runs[-1:], 1]
        inside = red_here
    return runs


def red_rows(surface: pygame.Surface, left: int, right: int, top: int, bottom: int) -> int:
    """How many rows of the box hold a heart's red."""
    return sum(red_runs(surface, left, right, top, bottom))


@pytest.mark.parametrize("design", sorted(FACES))
@pytest.mark.parametrize("width", [SMALLEST_CARD, 52, 69, 77, 154])
def test_the_corner_suit_is_drawn_at_least_9_px_tall(design: str, width: int) -> None:
    """The heart in the corner of the 5 of hearts, measured in its own part of the strip: beside
    the rank at the top right, or under it (the classic corner on a wide card)."""
    height = round(width * 1.4)
    faces = CardFaces(width, height, face=design)
    face = faces.face(Card.parse("5H"))
    lay = faces.layout
    strip = faces.index_height
    if lay.stacked:
        under_rank = round((lay.margin + lay.cap) / faces.scale)
        assert red_rows(face, 0, width // 3, under_rank, strip + 1) >= SMALLEST_MARK
    else:
        assert red_rows(face, width // 2, width, 0, strip + 1) >= SMALLEST_MARK


@pytest.mark.parametrize("design", sorted(FACES))
def test_a_small_card_shows_one_mark_of_9_px_where_pips_would_be_smaller(design: str) -> None:
    faces = CardFaces(SMALLEST_CARD, round(SMALLEST_CARD * 1.4), face=design)
    face = faces.face(Card.parse("9H"))
    strip = faces.index_height
    bottom = face.get_height() - strip - 1
    runs = red_runs(face, SMALLEST_CARD // 4, SMALLEST_CARD * 3 // 4, strip + 1, bottom)
    assert runs[-1] >= SMALLEST_MARK  # the mark, under the rank drawn once more above it


def inked(colour: pygame.Color) -> bool:
    """A pixel of a rank or a suit mark: strongly coloured or dark, not paper or its edge."""
    red, green, blue, alpha = colour
    return alpha > 128 and (max(red, green, blue) - min(red, green, blue) > 60 or max(red, green, blue) < 120)


def row_cards() -> list[tuple[int, int, tuple[int, int]]]:
    """Card sizes and the strips a row shows of a covered card that the layout chooses for the
    games laid out in rows, from the smallest table to 2560x1440, large cards or not:
    (width, height, (strip width, strip height))."""
    chosen = set()
    windows = [(400, 300), (560, 420), (800, 600), (1024, 768), (1366, 768), (1920, 1080), (2560, 1440)]
    for game_key in ("beleaguered-castle", "fan", "streets-and-alleys"):
        for size in windows:
            for large in (False, True):
                scale = small_window_scale(size, 1.0)
                if table_fits(size, preset(game_key), large, scale):
                    layout = compute_layout(*size, preset(game_key), large, scale)
                    assert layout.row_strip is not None
                    chosen.add((*layout.card, layout.row_strip))
    return sorted(chosen)


@pytest.mark.parametrize("design", sorted(FACES))
def test_a_row_fanned_rightwards_shows_each_covered_card_s_whole_index(design: str) -> None:
    """A covered card in a castle row or a fan shows the strip its row's step and the next
    line leave: the corner's rank and suit (over or beside it), both at least 9 px, lie there,
    and no ink of the corner lies just beyond, so the 10 of hearts, widest of ranks, the Q,
    tallest, and every other card are read whole under the cards on them."""
    cards = row_cards()
    assert min(width for width, _, _ in cards) <= 40  # the smallest tables are among them
    for width, height, (step, down) in cards:
        faces = CardFaces(width, height, face=design, rows=(step, down))
        lay = faces.layout
        assert min(lay.cap, lay.index_suit) / faces.scale >= SMALLEST_MARK, (width, step)
        assert faces.index_width <= step and faces.index_height <= down, (width, step, down)
        boxes = [box for card in DECK for box in faces.index_boxes(card)]
        assert all(box.right <= step and box.bottom <= down for box in boxes), (width, step, down)
        for name in ("TH", "8C", "AD"):
            face = faces.face(Card.parse(name))
            hidden = [(x, y) for y in range(2, down) for x in range(step, width // 2)
                      if inked(face.get_at((x, y)))]
            assert hidden == [], (name, width, step)
