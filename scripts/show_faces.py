#!/usr/bin/env python3
"""Render a contact sheet of the card artwork to a PNG, to judge it by eye.

Usage: scripts/show_faces.py OUT.png [--face standard|classic|large] [--back blue|red]
       [--high-contrast]

Every face, the back, slots and the highlight of one design, at a small and a large size, in
the two- and four-colour decks, on a felt-green table as in the game.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from eightoff.core.cards import DECK, Suit  # noqa: E402
from eightoff.ui.faces import CardFaces  # noqa: E402

SIZES = ((64, 90), (160, 224))
FELT = (30, 104, 62)
GAP = 8


def sheet(faces: CardFaces) -> pygame.Surface:
    """Four suit rows of thirteen, then a row of the back, slots and the highlight."""
    width, height = faces.size
    extras = [faces.back(), faces.slot(), faces.slot(Suit.HEARTS.symbol), faces.slot("K"),
              faces.highlight()]
    surface = pygame.Surface((13 * (width + GAP) + GAP, 5 * (height + GAP) + GAP))
    surface.fill(FELT)
    for i, card in enumerate(DECK):
        surface.blit(faces.face(card), (GAP + (i % 13) * (width + GAP),
                                        GAP + (i // 13) * (height + GAP)))
    for i, extra in enumerate(extras):
        surface.blit(extra, (GAP + i * (width + GAP), GAP + 4 * (height + GAP)))
    return surface


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(usage=__doc__)
    parser.add_argument("out")
    parser.add_argument("--face", default="standard")
    parser.add_argument("--back", default="blue")
    parser.add_argument("--high-contrast", action="store_true")
    args = parser.parse_args(argv[1:])
    sheets = []
    for four_colour in (False, True):
        for width, height in SIZES:
            faces = CardFaces(width, height, four_colour, args.high_contrast, args.face, args.back)
            start = time.perf_counter()
            sheets.append(sheet(faces))
            took = (time.perf_counter() - start) * 1000
            print(f"{width}x{height} four_colour={four_colour}: {took:.0f} ms")
    out = pygame.Surface((max(s.get_width() for s in sheets), sum(s.get_height() for s in sheets)))
    out.fill(FELT)
    y = 0
    for part in sheets:
        out.blit(part, (0, y))
        y += part.get_height()
    pygame.image.save(out, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
