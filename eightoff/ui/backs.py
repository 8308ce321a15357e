"""The backs of face-down cards (Raglan's columns, the deal animation's pile), drawn in code.

"blue": a diagonal lattice round a ring of the four suits. "red": rosettes of petals on a red
field round a large one, in cream and gold. Both keep a light frame inside the card's edge,
as printed backs do, so that a stack of backs still shows where one card ends.
"""

from __future__ import annotations

import math

import pygame

from eightoff.core.cards import Suit
from eightoff.ui.pictures import GOLD, Colour, Point, draw_suit

BACK_BLUE: Colour = (26, 62, 140)
BACK_LINE: Colour = (58, 100, 184)
BACK_LIGHT: Colour = (226, 234, 250)
ROSE_RED: Colour = (150, 24, 36)
ROSE_DARK: Colour = (118, 16, 28)
ROSE_CREAM: Colour = (250, 236, 214)


def draw_back(canvas: pygame.Surface, design: str, width: int, radius: int) -> None:
    """Paint the back `design` onto `canvas`, a blank card `width` canvas pixels wide."""
    inset = round(width * 0.06)
    field = canvas.get_rect().inflate(-2 * inset, -2 * inset)
    corner = max(1, radius - inset)
    if design == "red":
        canvas.blit(_rosette_field(field.size, corner, width), field)
        _rosette(canvas, canvas.get_rect().center, width * 0.27, 12, ROSE_CREAM, GOLD, width)
        return
    canvas.blit(_lattice(field.size, corner, width), field)
    centre = canvas.get_rect().center
    ring = width * 0.25
    pygame.draw.circle(canvas, BACK_BLUE, centre, ring)
    pygame.draw.circle(canvas, BACK_LIGHT, centre, ring, max(1, round(width * 0.022)))
    offset, height = ring * 0.36, ring * 0.52
    for suit, (dx, dy) in zip(Suit, ((-1, -1), (1, -1), (-1, 1), (1, 1)), strict=True):
        draw_suit(canvas, suit, (centre[0] + dx * offset, centre[1] + dy * offset), height, BACK_LIGHT)


def _clipped(pattern: pygame.Surface, radius: int) -> pygame.Surface:
    """`pattern` with its corners rounded off (transparent)."""
    mask = pygame.Surface(pattern.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return pattern


def _lattice(size: tuple[int, int], radius: int, card_width: int) -> pygame.Surface:
    """A diagonal lattice with a light frame, clipped to a rounded rectangle."""
    pattern = pygame.Surface(size, pygame.SRCALPHA)
    pattern.fill(BACK_BLUE)
    step = max(4, round(card_width * 0.1))
    thickness = max(1, round(card_width * 0.016))
    width, height = size
    for x in range(-height, width + height, step):
        pygame.draw.line(pattern, BACK_LINE, (x, 0), (x + height, height), thickness)
        pygame.draw.line(pattern, BACK_LINE, (x, height), (x + height, 0), thickness)
    frame = pattern.get_rect().inflate(-round(card_width * 0.07), -round(card_width * 0.07))
    pygame.draw.rect(pattern, BACK_LIGHT, frame, thickness, border_radius=radius)
    return _clipped(pattern, radius)


def _rosette_field(size: tuple[int, int], radius: int, card_width: int) -> pygame.Surface:
    """Small rosettes in offset rows on red, inside a cream frame."""
    pattern = pygame.Surface(size, pygame.SRCALPHA)
    pattern.fill(ROSE_RED)
    step = card_width * 0.17
    width, height = size
    rows = math.ceil(height / step) + 1
    for row in range(rows):
        shift = step / 2 if row % 2 else 0.0
        for column in range(math.ceil(width / step) + 1):
            centre = (column * step + shift, row * step)
            _rosette(pattern, centre, step * 0.42, 6, ROSE_DARK, ROSE_DARK, card_width)
    thickness = max(1, round(card_width * 0.016))
    frame = pattern.get_rect().inflate(-round(card_width * 0.07), -round(card_width * 0.07))
    pygame.draw.rect(pattern, ROSE_CREAM, frame, thickness, border_radius=radius)
    return _clipped(pattern, radius)


def _rosette(surface: pygame.Surface, centre: Point, size: float, petals: int, fill: Colour,
             heart: Colour, card_width: int) -> None:
    """A flower of `petals` pointed petals round a round heart, `size` from centre to tip."""
    cx, cy = centre
    for petal in range(petals):
        angle = 2 * math.pi * petal / petals
        half = math.pi / petals * 0.8
        points = [(cx, cy)]
        for a, r in ((angle - half, size * 0.55), (angle, size), (angle + half, size * 0.55)):
            points.append((cx + r * math.cos(a), cy + r * math.sin(a)))
        pygame.draw.polygon(surface, fill, points)
    pygame.draw.circle(surface, heart, centre, size * 0.3)
    if petals > 6:  # the large one: a ring and a dark eye
        pygame.draw.circle(surface, ROSE_RED, centre, size * 0.3, max(1, round(card_width * 0.015)))
        pygame.draw.circle(surface, ROSE_RED, centre, size * 0.1)
