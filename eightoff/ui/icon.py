"""The application icon: one SVG in the assets, rendered at whatever size the desktop asks for."""

from __future__ import annotations

from pathlib import Path

import pygame

ASSETS = Path(__file__).resolve().parent.parent / "assets"
ICON_SVG = ASSETS / "icon.svg"
PNG_SIZES = (16, 32, 48, 64, 128, 256)


def png_path(size: int) -> Path:
    """Where scripts/make-icons puts the pre-rendered icon of `size` pixels."""
    return ASSETS / "icons" / f"eightoff-{size}.png"


def render_svg(size: int) -> pygame.Surface:
    """The SVG drawn at `size` x `size`; raises pygame.error where SDL_image lacks SVG."""
    return pygame.image.load_sized_svg(str(ICON_SVG), (size, size))


def make_icon(size: int) -> pygame.Surface:
    """The icon at `size` x `size` for the window's set_icon.

    Drawn from the SVG so it is sharp at any size. Some builds of SDL_image have no SVG
    support; there the nearest larger pre-rendered PNG is scaled down instead.
    """
    try:
        return render_svg(size)
    except pygame.error:
        source = min((s for s in PNG_SIZES if s >= size), default=PNG_SIZES[-1])
        return pygame.transform.smoothscale(pygame.image.load(png_path(source)), (size, size))
