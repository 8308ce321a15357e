"""Colours and fonts of the window chrome (toolbar, status line, dialogs), kept in one place."""

from __future__ import annotations

import math
from functools import cache, lru_cache
from typing import NamedTuple

import pygame

Colour = tuple[int, int, int]
Tint = tuple[int, int, int, int]
Paint = Colour | Tint
"""What a palette's entry is: `theme.FELT` and the like are typed so (pygame takes either)."""


class Palette(NamedTuple):
    """Every colour the window paints outside the cards; the cards' own are in faces.py."""

    FELT: Colour
    FELT_DARK: Colour
    BAR: Colour
    BAR_LINE: Colour
    TEXT: Colour
    TEXT_DIM: Colour
    BUTTON_HOVER: Colour
    BUTTON_DOWN: Colour
    NOTICE: Colour
    PANEL: Colour
    PANEL_TEXT: Colour
    PANEL_TEXT_DIM: Colour
    """A dialog's row for what cannot act now (a greyed command in the toolbar's More menu)."""
    PANEL_LINE: Colour
    ACCENT: Colour
    FOCUS_RING: Colour
    """Where the keyboard's focus is, in dialogs and on the toolbar: seen on light and dark."""
    BUTTON_LIT: Colour
    BUTTON_PLAIN: Colour
    SHADE: Tint


CLASSIC = Palette(
    FELT=(28, 100, 60), FELT_DARK=(22, 82, 49), BAR=(34, 38, 44), BAR_LINE=(58, 64, 72),
    TEXT=(236, 238, 240), TEXT_DIM=(140, 146, 154), BUTTON_HOVER=(64, 72, 84),
    BUTTON_DOWN=(86, 96, 110), NOTICE=(255, 214, 102), PANEL=(248, 248, 244),
    PANEL_TEXT=(30, 32, 36), PANEL_TEXT_DIM=(118, 122, 128), PANEL_LINE=(170, 172, 176),
    ACCENT=(36, 110, 200),
    FOCUS_RING=(255, 170, 0), BUTTON_LIT=(225, 228, 232), BUTTON_PLAIN=(238, 239, 241),
    SHADE=(0, 0, 0, 120),
)
HIGH_CONTRAST = Palette(
    FELT=(0, 0, 0), FELT_DARK=(255, 255, 255), BAR=(0, 0, 0), BAR_LINE=(255, 255, 255),
    TEXT=(255, 255, 255), TEXT_DIM=(190, 190, 190), BUTTON_HOVER=(70, 70, 70),
    BUTTON_DOWN=(120, 120, 120), NOTICE=(255, 255, 0), PANEL=(255, 255, 255),
    PANEL_TEXT=(0, 0, 0), PANEL_TEXT_DIM=(96, 96, 96), PANEL_LINE=(0, 0, 0), ACCENT=(0, 0, 160),
    FOCUS_RING=(255, 200, 0), BUTTON_LIT=(255, 255, 120), BUTTON_PLAIN=(255, 255, 255),
    SHADE=(0, 0, 0, 190),
)
"""For players who see less well: black table and bars, white text, yellow highlights."""

_active = CLASSIC


def use(high_contrast: bool, cloth: tuple[Colour, Colour] | None = None) -> None:
    """Switch every colour the window reads as `theme.NAME`: the high-contrast preference, and
    the table's cloth (felt and edge line) the player chose; high contrast keeps its black."""
    global _active
    _active = HIGH_CONTRAST if high_contrast else CLASSIC
    if cloth is not None and not high_contrast:
        _active = _active._replace(FELT=cloth[0], FELT_DARK=cloth[1])


def palette() -> Palette:
    return _active


def __getattr__(name: str) -> Paint:
    """`theme.FELT` and the like read the active palette, so painters pick up a switch at
    their next frame without each being told."""
    if name in Palette._fields:
        colour: Paint = getattr(_active, name)
        return colour
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

SUPERSAMPLE = 2
"""Text is drawn this many times larger, then scaled down (see `EvenFont`)."""


class EvenFont(pygame.font.Font):
    """pygame's bundled font with its letters where the font puts them. At the small sizes of
    the bars and dialogs, hinting snaps each letter's advance to whole pixels, which squeezes
    some pairs together and pulls others apart ("quat tro", "Smazz ata"); drawn at twice the
    size and scaled down, every advance keeps its fraction, so the words read evenly. Sizes are
    measured the same way, so what is laid out is what is drawn."""

    def __init__(self, size: int) -> None:
        super().__init__(None, size)
        self._large = pygame.font.Font(None, size * SUPERSAMPLE)

    def size(self, text: str) -> tuple[int, int]:  # type: ignore[override]
        width, height = self._large.size(text)
        return (-(-width // SUPERSAMPLE), -(-height // SUPERSAMPLE))

    def render(self, text: str | bytes | None, antialias: bool, color: object,
               bgcolor: object = None, wraplength: int = 0) -> pygame.Surface:
        if not text:
            return super().render(text, antialias, color, bgcolor, wraplength)  # type: ignore[arg-type]
        large = self._large.render(text, antialias, color, bgcolor, wraplength)  # type: ignore[arg-type]
        if large.get_bitsize() < 24:  # no anti-aliasing: a palette surface, scaled as it is
            return pygame.transform.scale(large, self.size(str(text)))
        return pygame.transform.smoothscale(large, self.size(str(text)))


@lru_cache(maxsize=16)
def font(size: int) -> pygame.font.Font:
    """pygame's bundled font (no system font lookup, so start-up stays quick), evenly spaced."""
    return EvenFont(size)


LEAST_TEXT = 11
"""Pixels the capitals of any word on the bars and in the dialogs are tall at least, in an
800x600 window (more in a larger one): what does not fit at that size folds or wraps."""


SMALLEST_SIZE, LARGEST_SIZE = 8, 200
"""The font sizes `least_font_size` chooses between."""
MEASURED_SIZE = 64
"""The size whose capitals give the first guess of `least_font_size`."""


def least_font_size(capitals: float) -> int:
    """The smallest font size whose capitals are at least `capitals` pixels tall. The guess
    from the capitals' share of a large size is stepped down, then up, to the first size that
    holds: a few sizes drawn, where counting up from the smallest drew twenty at a launch.
    Hinting makes a size's capitals now and then a pixel shorter than the size below's (18's
    than 17's), so the step down looks past two sizes that do not hold."""
    share = cap_height(MEASURED_SIZE) / MEASURED_SIZE
    size = min(LARGEST_SIZE, max(SMALLEST_SIZE, math.ceil(capitals / share)))
    while any(lower >= SMALLEST_SIZE and cap_height(lower) >= capitals for lower in range(size - 3, size)):
        size -= 1
    while cap_height(size) < capitals and size < LARGEST_SIZE:
        size += 1
    return size


@cache
def cap_height(size: int) -> int:
    """How tall the capitals of the window's font are at `size`, in pixels of ink."""
    return font(size).render("H", True, (255, 255, 255)).get_bounding_rect().height
