"""The drawing vocabulary of the cards: inks, suit symbols as vector shapes, index text and
the court cards' headgear, shared by every face and back design (faces.py, court.py, backs.py).

Everything is drawn on a canvas a few times larger than the card and scaled down once:
pygame.draw has no anti-aliasing, and scaling *down* smooths the edges of pips, rounded
corners and letters alike without the blur that scaling a bitmap up would bring.
Suit symbols are polygons and circles rather than font glyphs, because fonts may lack them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import cache, lru_cache
from typing import NamedTuple

import pygame

from eightoff.core.cards import JACK, KING, QUEEN, RANK_LETTERS, Suit

Colour = tuple[int, int, int]
Point = tuple[float, float]

INK: Colour = (22, 22, 28)
RED: Colour = (204, 20, 40)
GREEN: Colour = (0, 130, 60)
BLUE: Colour = (20, 86, 204)
PAPER: Colour = (253, 252, 247)
EDGE: Colour = (110, 110, 118)
GOLD: Colour = (236, 184, 52)
GOLD_LINE: Colour = (120, 78, 10)
SELECT: Colour = (255, 196, 30)
WHITE: Colour = (255, 255, 255)
CREAM: Colour = (255, 244, 214)

# Where the pips of 2..10 sit: (column -1/0/1, fraction of the way down the pip area).
# Pips in the lower half are drawn upside down, as on printed cards.
PIP_LAYOUT: dict[int, tuple[tuple[int, float], ...]] = {
    2: ((0, 0), (0, 1)),
    3: ((0, 0), (0, 0.5), (0, 1)),
    4: ((-1, 0), (1, 0), (-1, 1), (1, 1)),
    5: ((-1, 0), (1, 0), (0, 0.5), (-1, 1), (1, 1)),
    6: ((-1, 0), (1, 0), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)),
    7: ((-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)),
    8: ((-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (0, 0.75), (-1, 1), (1, 1)),
    9: ((-1, 0), (1, 0), (-1, 1 / 3), (1, 1 / 3), (0, 0.5), (-1, 2 / 3), (1, 2 / 3),
        (-1, 1), (1, 1)),
    10: ((-1, 0), (1, 0), (0, 1 / 6), (-1, 1 / 3), (1, 1 / 3), (-1, 2 / 3), (1, 2 / 3),
         (0, 5 / 6), (-1, 1), (1, 1)),
}


HC_RED: Colour = (220, 0, 0)
HC_INK: Colour = (0, 0, 0)
HC_SELECT: Colour = (255, 255, 0)


def suit_colour(suit: Suit, four_colour: bool = False, high_contrast: bool = False) -> Colour:
    """The ink of a suit; four-colour decks tell clubs from spades at a glance. High contrast
    uses pure red and black (and purer green and blue), the strongest against white paper."""
    red, ink = (HC_RED, HC_INK) if high_contrast else (RED, INK)
    if four_colour:
        return ((0, 120, 0), (0, 0, 220), red, ink)[suit] if high_contrast else (GREEN, BLUE, red, ink)[suit]
    return red if suit.is_red else ink


# --- suit symbols as vector shapes -------------------------------------------------------


class Shape(NamedTuple):
    """A figure in a box one unit high and `aspect` units wide, y pointing down."""

    aspect: float
    polygons: tuple[tuple[Point, ...], ...]
    circles: tuple[tuple[Point, float], ...] = ()


def bezier(start: Point, control: Point, end: Point, steps: int = 10) -> list[Point]:
    """Points along a quadratic curve: enough to look smooth once scaled down."""
    return [
        (
            (1 - t) ** 2 * start[0] + 2 * (1 - t) * t * control[0] + t * t * end[0],
            (1 - t) ** 2 * start[1] + 2 * (1 - t) * t * control[1] + t * t * end[1],
        )
        for t in (i / steps for i in range(steps + 1))
    ]


def _heart_outline(height: float, flip: bool) -> tuple[float, list[Point]]:
    """The classic parametric heart, scaled to `height`; returns (width, outline)."""
    raw = [
        (16 * math.sin(t) ** 3,
         -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)))
        for t in (2 * math.pi * i / 64 for i in range(64))
    ]
    top = min(y for _, y in raw)
    scale = height / (max(y for _, y in raw) - top)
    outline = [((x + 16) * scale, (y - top) * scale) for x, y in raw]
    if flip:
        outline = [(x, height - y) for x, y in outline]
    return 32 * scale, outline


def _stem(centre: float, top: float) -> tuple[Point, ...]:
    """The flared foot shared by spades and clubs."""
    right = bezier((centre + 0.035, top), (centre + 0.05, 0.93), (centre + 0.19, 1.0))
    left = [(2 * centre - x, y) for x, y in reversed(right)]
    return tuple(right + left)


def _heart() -> Shape:
    width, outline = _heart_outline(1.0, flip=False)
    return Shape(width, (tuple(outline),))


def _spade() -> Shape:
    width, outline = _heart_outline(0.8, flip=True)
    return Shape(width, (tuple(outline), _stem(width / 2, 0.6)))


def _diamond() -> Shape:
    width = 0.76
    corners = [(width / 2, 0.0), (width, 0.5), (width / 2, 1.0), (0.0, 0.5)]
    outline: list[Point] = []
    for start, end in zip(corners, corners[1:] + corners[:1], strict=True):
        # Pull each side's midpoint a little towards the centre: a gently waisted diamond.
        middle = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
        control = (middle[0] + (width / 2 - middle[0]) * 0.16, middle[1] + (0.5 - middle[1]) * 0.16)
        outline += bezier(start, control, end)[:-1]
    return Shape(width, (tuple(outline),))


def _club() -> Shape:
    radius, spread = 0.235, 0.26
    width = 2 * (radius + spread)
    middle = width / 2
    circles = (
        ((middle, radius + 0.005), radius),
        ((middle - spread, 0.57), radius),
        ((middle + spread, 0.57), radius),
        ((middle, 0.52), 0.13),
    )
    return Shape(width, (_stem(middle, 0.6),), circles)


@cache
def suit_shape(suit: Suit) -> Shape:
    """The vector figure of a suit, computed once."""
    return {Suit.CLUBS: _club, Suit.DIAMONDS: _diamond, Suit.HEARTS: _heart,
            Suit.SPADES: _spade}[suit]()


def draw_shape(
    surface: pygame.Surface,
    shape: Shape,
    centre: Point,
    height: float,
    colour: Sequence[int],
    upside_down: bool = False,
) -> None:
    """Fill `shape` scaled to `height` around `centre`; pygame.draw writes colour and alpha as given."""
    left, top = centre[0] - shape.aspect * height / 2, centre[1] - height / 2

    def place(point: Point) -> Point:
        x, y = (shape.aspect - point[0], 1 - point[1]) if upside_down else point
        return left + x * height, top + y * height

    for polygon in shape.polygons:
        pygame.draw.polygon(surface, colour, [place(p) for p in polygon])
    for point, radius in shape.circles:
        pygame.draw.circle(surface, colour, place(point), radius * height)


def draw_suit(
    surface: pygame.Surface,
    suit: Suit,
    centre: Point,
    height: float,
    colour: Sequence[int],
    upside_down: bool = False,
) -> None:
    """Draw a suit symbol; draw on a larger canvas and scale down for smooth edges."""
    draw_shape(surface, suit_shape(suit), centre, height, colour, upside_down)


# --- text --------------------------------------------------------------------------------


@lru_cache(maxsize=64)
def _font(size: int) -> pygame.font.Font:
    """pygame's bundled bold sans: no system font lookup, so start-up stays quick."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(None, size)


@lru_cache(maxsize=1)
def _cap_ratio() -> float:
    """Capital height per point of font size, so text can be asked for by the height it shows."""
    return _font(200).render("H", True, WHITE).get_bounding_rect().height / 200


def text_surface(text: str, cap_height: float, colour: Colour) -> pygame.Surface:
    """`text` with capitals `cap_height` pixels tall, cropped to its ink.

    Letters are set one by one and closer than the font's own spacing, so that "10" is
    hardly wider than a single letter and the big corner index fits narrow cards.
    """
    font = _font(max(4, round(cap_height / _cap_ratio())))
    glyphs = [font.render(char, True, colour) for char in text]
    boxes = [glyph.get_bounding_rect() for glyph in glyphs]
    top = min(box.top for box in boxes)
    bottom = max(box.bottom for box in boxes)
    gap = round(cap_height * 0.05)
    width = sum(box.width for box in boxes) + gap * (len(boxes) - 1)
    result = pygame.Surface((width, bottom - top), pygame.SRCALPHA)
    result.fill((*colour, 0))  # transparent, but of the same hue: no dark fringes when scaled
    x = 0
    for glyph, box in zip(glyphs, boxes, strict=True):
        result.blit(glyph, (x, 0), (box.left, top, box.width, bottom - top))
        x += box.width + gap
    return result


def rank_text(rank: int) -> str:
    """How a rank is written in the corner: "10" rather than fc-solve's "T"."""
    return "10" if rank == 10 else RANK_LETTERS[rank - 1]


# --- the face cards' headgear ------------------------------------------------------------


def mapper(box: pygame.Rect) -> Callable[[float, float], Point]:
    """Unit square coordinates to pixels inside `box`."""
    return lambda u, v: (box.left + u * box.width, box.top + v * box.height)


def gold(surface: pygame.Surface, points: list[Point], line: int) -> None:
    pygame.draw.polygon(surface, GOLD, points)
    pygame.draw.polygon(surface, GOLD_LINE, points, line)


def ball(surface: pygame.Surface, centre: Point, radius: float, fill: Colour, line: int) -> None:
    pygame.draw.circle(surface, fill, centre, radius)
    pygame.draw.circle(surface, GOLD_LINE, centre, radius, line)


def _crown(surface: pygame.Surface, box: pygame.Rect, jewel: Colour, line: int) -> None:
    """The King's: three tall spikes tipped with pearls."""
    at = mapper(box)
    spikes = [(0.04, 0.2), (0.27, 0.58), (0.5, 0.08), (0.73, 0.58), (0.96, 0.2)]
    gold(surface, [at(0.1, 1.0), *[at(u, v) for u, v in spikes], at(0.9, 1.0)], line)
    pygame.draw.line(surface, GOLD_LINE, at(0.08, 0.78), at(0.92, 0.78), line)
    for u, v in spikes[::2]:
        ball(surface, at(u, v), box.width * 0.07, GOLD, line)
    for u in (0.3, 0.5, 0.7):
        ball(surface, at(u, 0.89), box.width * 0.055, jewel, line)


def _tiara(surface: pygame.Surface, box: pygame.Rect, jewel: Colour, line: int) -> None:
    """The Queen's: a band under three rounded arches, a jewel in each."""
    at = mapper(box)
    base = 0.66
    outline = [at(0.06, 1.0), at(0.06, base)]
    for left, right, peak in ((0.06, 0.36, 0.34), (0.34, 0.66, 0.1), (0.64, 0.94, 0.34)):
        # A quadratic curve reaches halfway to its control point: aim the control past the peak.
        control = ((left + right) / 2, 2 * peak - base)
        outline += [at(u, v) for u, v in bezier((left, base), control, (right, base))[1:]]
    outline.append(at(0.94, 1.0))
    gold(surface, outline, line)
    pygame.draw.line(surface, GOLD_LINE, at(0.06, 0.76), at(0.94, 0.76), line)
    for u, v, size in ((0.21, 0.52, 0.045), (0.5, 0.36, 0.065), (0.79, 0.52, 0.045)):
        ball(surface, at(u, v), box.width * size, jewel, line)
    ball(surface, at(0.5, 0.1), box.width * 0.05, GOLD, line)


def _cap(surface: pygame.Surface, box: pygame.Rect, jewel: Colour, line: int) -> None:
    """The Jack's: a soft cap with a long feather."""
    at = mapper(box)
    feather = bezier((0.52, 0.6), (0.62, 0.0), (1.0, 0.02)) + bezier(
        (1.0, 0.02), (0.8, 0.3), (0.66, 0.62))
    pygame.draw.polygon(surface, jewel, [at(u, v) for u, v in feather])
    dome = bezier((0.1, 0.8), (0.22, 0.05), (0.62, 0.22)) + bezier(
        (0.62, 0.22), (0.96, 0.36), (0.9, 0.8))
    gold(surface, [at(u, v) for u, v in dome], line)
    gold(surface, [at(0.02, 0.74), at(0.98, 0.74), at(0.9, 1.0), at(0.1, 1.0)], line)
    ball(surface, at(0.5, 0.87), box.width * 0.06, jewel, line)


HEADGEAR: dict[int, Callable[[pygame.Surface, pygame.Rect, Colour, int], None]] = {
    JACK: _cap, QUEEN: _tiara, KING: _crown,
}


def blend(colour: Colour, other: Colour, amount: float) -> Colour:
    r, g, b = (round(a + (o - a) * amount) for a, o in zip(colour, other, strict=True))
    return r, g, b
