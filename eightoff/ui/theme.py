"""Colours and fonts of the window chrome (toolbar, status line, dialogs), kept in one place."""

from __future__ import annotations

from functools import lru_cache

import pygame

Colour = tuple[int, int, int]

FELT: Colour = (28, 100, 60)
FELT_DARK: Colour = (22, 82, 49)
BAR: Colour = (34, 38, 44)
BAR_LINE: Colour = (58, 64, 72)
TEXT: Colour = (236, 238, 240)
TEXT_DIM: Colour = (140, 146, 154)
BUTTON_HOVER: Colour = (64, 72, 84)
BUTTON_DOWN: Colour = (86, 96, 110)
NOTICE: Colour = (255, 214, 102)
PANEL: Colour = (248, 248, 244)
PANEL_TEXT: Colour = (30, 32, 36)
PANEL_LINE: Colour = (170, 172, 176)
ACCENT: Colour = (36, 110, 200)
FOCUS_RING: Colour = (255, 170, 0)
"""Where the keyboard's focus is, in dialogs and on the toolbar: seen on light and dark."""
BUTTON_LIT: Colour = (225, 228, 232)
BUTTON_PLAIN: Colour = (238, 239, 241)
SHADE = (0, 0, 0, 120)


@lru_cache(maxsize=16)
def font(size: int) -> pygame.font.Font:
    """pygame's bundled font: no system font lookup, so start-up stays quick."""
    return pygame.font.Font(None, size)
