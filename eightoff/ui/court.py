"""The classic design's court cards and ace of spades, drawn in code after the traditional
pattern (not copied from any pack): a double-headed bust in a framed panel, its lower half
the upper turned round, so the card reads the same either way up.

The King wears a crown and a beard and holds a sceptre, the Queen a tiara, long hair and a
flower, the Jack a feathered cap and a halberd. The robe is in the suit's ink (so four-colour
and high-contrast decks recolour it with the pips), trimmed with gold and a second colour.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from eightoff.core.cards import JACK, KING, QUEEN, Card, Suit
from eightoff.ui.pictures import (
    CREAM,
    GOLD,
    GOLD_LINE,
    HEADGEAR,
    INK,
    Colour,
    Point,
    blend,
    draw_suit,
    suit_shape,
)

SKIN: Colour = (250, 214, 178)
HAIR: dict[int, Colour] = {JACK: (120, 72, 30), QUEEN: (226, 170, 50), KING: (200, 200, 204)}
TRIM_FOR_RED: Colour = (36, 70, 160)
TRIM_FOR_BLACK: Colour = (196, 32, 44)
PETAL: Colour = (214, 40, 60)


def draw_figure(canvas: pygame.Surface, panel: pygame.Rect, card: Card, colour: Colour, border: int,
                radius: int, least: float = 0.0) -> None:
    """The framed, double-headed picture of a court `card` in `panel` (canvas pixels); its suit
    mark at least `least` tall."""
    line = max(1, round(border * 0.9))
    corner = round(radius * 0.6)
    pygame.draw.rect(canvas, blend(colour, CREAM, 0.9), panel, border_radius=corner)
    half = pygame.Surface((panel.w, panel.h // 2), pygame.SRCALPHA)
    half.fill((*INK, 0))
    _bust(half, card, colour, line, least)
    canvas.blit(half, panel.topleft)
    turned = pygame.transform.rotate(half, 180)
    canvas.blit(turned, turned.get_rect(bottomright=panel.bottomright))
    # The traditional diagonal between the two heads.
    pygame.draw.line(canvas, colour, (panel.left, panel.centery + panel.h * 0.03),
                     (panel.right, panel.centery - panel.h * 0.03), line)
    pygame.draw.rect(canvas, colour, panel, 2 * line, border_radius=corner)
    pygame.draw.rect(canvas, GOLD, panel.inflate(-5 * line, -5 * line), line,
                     border_radius=max(1, corner - 2 * line))


def _bust(surface: pygame.Surface, card: Card, colour: Colour, line: int, least: float) -> None:
    """One head and shoulders, the card's middle at the bottom edge of `surface`."""
    width, height = surface.get_size()
    unit = min(height, width * 0.95)  # the robe's hem runs off the panel's sides, as printed
    middle = width / 2

    def at(across: float, down: float) -> Point:
        """A point of the bust drawn in a unit square standing on the panel's middle."""
        return (middle + across * unit, height - (1 - down) * unit)

    trim = TRIM_FOR_RED if card.suit.is_red else TRIM_FOR_BLACK
    robe = blend(colour, (255, 255, 255), 0.12)
    # Shoulders and robe, the collar, a gold band down the front.
    body = [at(-0.24, 0.6), at(0.24, 0.6), at(0.8, 1.02), at(-0.8, 1.02)]
    pygame.draw.polygon(surface, robe, body)
    pygame.draw.polygon(surface, INK, body, line)
    for side in (-1, 1):
        sleeve = [at(side * 0.45, 0.76), at(side * 0.8, 1.02), at(side * 0.56, 1.02)]
        pygame.draw.polygon(surface, trim, sleeve)
    band = [at(-0.07, 0.62), at(0.07, 0.62), at(0.14, 1.02), at(-0.14, 1.02)]
    pygame.draw.polygon(surface, GOLD, band)
    pygame.draw.polygon(surface, GOLD_LINE, band, line)
    for down in (0.74, 0.88):
        pygame.draw.circle(surface, trim, at(0, down), unit * 0.035)
    collar = pygame.Rect(0, 0, round(unit * 0.56), round(unit * 0.2))
    collar.center = tuple(round(value) for value in at(0, 0.6))
    pygame.draw.ellipse(surface, GOLD, collar)
    pygame.draw.ellipse(surface, GOLD_LINE, collar, line)
    # Hair behind the face, the face, its features.
    hair = HAIR[card.rank]
    if card.rank == QUEEN:  # long hair down to the shoulders
        pygame.draw.polygon(surface, hair, [at(-0.2, 0.3), at(0.2, 0.3), at(0.24, 0.66), at(-0.24, 0.66)])
    back = pygame.Rect(0, 0, round(unit * 0.38), round(unit * 0.36))
    back.center = tuple(round(value) for value in at(0, 0.4))
    pygame.draw.ellipse(surface, hair, back)
    face = pygame.Rect(0, 0, round(unit * 0.28), round(unit * 0.32))
    face.center = tuple(round(value) for value in at(0, 0.43))
    pygame.draw.ellipse(surface, SKIN, face)
    pygame.draw.ellipse(surface, INK, face, line)
    if card.rank == KING:  # a pointed beard over the chin
        beard = [at(-0.14, 0.45), at(0.14, 0.45), at(0.05, 0.66), at(0, 0.7), at(-0.05, 0.66)]
        pygame.draw.polygon(surface, hair, beard)
        pygame.draw.polygon(surface, INK, beard, line)
    for side in (-1, 1):
        pygame.draw.circle(surface, INK, at(side * 0.055, 0.4), max(1.0, unit * 0.022))
    pygame.draw.line(surface, INK, at(0, 0.41), at(0.015, 0.47), line)
    pygame.draw.line(surface, PETAL, at(-0.035, 0.52), at(0.035, 0.52), line + 1)
    # Headgear on the head.
    hat = pygame.Rect(0, 0, round(unit * 0.44), round(unit * 0.3))
    hat.midbottom = tuple(round(value) for value in at(0, 0.3))
    HEADGEAR[card.rank](surface, hat, trim, line)
    _emblem(surface, card, at, unit, line)
    # The suit, small, in the free corner of the panel.
    pip = max(unit * 0.2, least)
    draw_suit(surface, card.suit, (pip * suit_shape(card.suit).aspect / 2 + width * 0.08, pip * 0.9),
              pip, colour)


def _emblem(surface: pygame.Surface, card: Card, at: Callable[[float, float], Point], unit: float,
            line: int) -> None:
    """What each court holds: the King a sceptre, the Queen a flower, the Jack a halberd."""
    if card.rank == KING:
        top, bottom = at(0.36, 0.16), at(0.36, 1.0)
        pygame.draw.line(surface, GOLD_LINE, top, bottom, max(2, 2 * line))
        pygame.draw.circle(surface, GOLD, top, unit * 0.06)
        pygame.draw.circle(surface, GOLD_LINE, top, unit * 0.06, line)
        pygame.draw.circle(surface, GOLD, at(0.36, 0.3), unit * 0.035)
    elif card.rank == QUEEN:
        stem_top = at(-0.36, 0.3)
        pygame.draw.line(surface, (40, 120, 50), stem_top, at(-0.3, 0.9), max(2, line))
        for petal in range(5):
            angle = 2 * math.pi * petal / 5
            reach = unit * 0.05
            centre = (stem_top[0] + math.cos(angle) * reach, stem_top[1] + math.sin(angle) * reach)
            pygame.draw.circle(surface, PETAL, centre, unit * 0.045)
        pygame.draw.circle(surface, GOLD, stem_top, unit * 0.03)
    else:
        top, bottom = at(0.38, 0.1), at(0.38, 1.0)
        pygame.draw.line(surface, (110, 70, 34), top, bottom, max(2, 2 * line))
        blade = [at(0.38, 0.16), at(0.5, 0.12), at(0.47, 0.3), at(0.38, 0.28)]
        pygame.draw.polygon(surface, (196, 200, 208), blade)
        pygame.draw.polygon(surface, INK, blade, line)
        pygame.draw.polygon(surface, (196, 200, 208), [at(0.36, 0.1), at(0.38, 0.0), at(0.4, 0.1)])


def draw_ace_of_spades(canvas: pygame.Surface, centre: Point, card_width: int, colour: Colour,
                       paper: Colour, border: int, room: float) -> None:
    """The classic pack's large, ornamented ace of spades: a big spade outlined inside, in a
    ring of small dots, the ring within `room` pixels of the centre upwards and down (so that
    no dot shows in the strip a column reveals of a covered ace, where only the index goes)."""
    dot = max(1.0, border * 0.9)
    height = min(card_width * 0.62 / suit_shape(Suit.SPADES).aspect, (room - dot) / 0.62)
    draw_suit(canvas, Suit.SPADES, centre, height, colour)
    draw_suit(canvas, Suit.SPADES, centre, height * 0.8, paper)
    draw_suit(canvas, Suit.SPADES, centre, height * 0.68, colour)
    ring = height * 0.62
    for index in range(24):
        angle = 2 * math.pi * index / 24
        dot_centre = (centre[0] + ring * math.cos(angle), centre[1] + ring * math.sin(angle))
        pygame.draw.circle(canvas, colour, dot_centre, dot)
