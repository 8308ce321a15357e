"""A small drawn picture of a game's table, for the game chooser: its piles where the window
would lay them out, and the cards of a first deal on them.

Everything comes from the registry's rules through the same layout the table uses, so a game
added to the registry gets its picture without code here.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from eightoff.core.variants import VARIANTS
from eightoff.session.samples import sample_position
from eightoff.ui import theme
from eightoff.ui.layout import compute_layout

VIRTUAL = (1280, 800)
"""The window the picture is laid out for, then scaled down."""
FACE = (250, 250, 246)
BACK = (40, 76, 156)
EDGE = (120, 120, 126)


@lru_cache(maxsize=32)
def _picture(key: str, size: tuple[int, int], felt: tuple[int, int, int]) -> pygame.Surface:
    layout = compute_layout(*VIRTUAL, VARIANTS[key].rules)
    table = layout.table
    scale = min(size[0] / table.w, size[1] / table.h)
    surface = pygame.Surface(size)
    surface.fill(felt)
    left = (size[0] - table.w * scale) / 2
    top = (size[1] - table.h * scale) / 2

    def shrunk(box: tuple[int, int, int, int]) -> pygame.Rect:
        x, y, w, h = box
        return pygame.Rect(round(left + (x - table.x) * scale), round(top + (y - table.y) * scale),
                           max(2, round(w * scale)), max(2, round(h * scale)))

    for slot in layout.piles.values():
        pygame.draw.rect(surface, theme.palette().FELT_DARK, shrunk(slot), 1)
    for place in sorted(layout.places(sample_position(key)).values(), key=lambda place: place.depth):
        card = shrunk(place.box)
        pygame.draw.rect(surface, FACE if place.face_up else BACK, card)
        pygame.draw.rect(surface, EDGE, card, 1)
    return surface


def game_picture(key: str, size: tuple[int, int]) -> pygame.Surface:
    """Game `key`'s table with its first deal, `size` pixels, on the table's cloth; kept once
    drawn."""
    return _picture(key, size, theme.palette().FELT)
