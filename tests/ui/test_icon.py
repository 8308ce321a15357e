"""The application icon renders at any size and its committed PNGs match the SVG sizes."""

from __future__ import annotations

import pygame
import pytest

from eightoff.ui.icon import PNG_SIZES, make_icon, png_path


@pytest.mark.parametrize("size", [16, 24, 64, 200])
def test_icon_renders_at_the_size_asked(size: int) -> None:
    icon = make_icon(size)
    assert icon.get_size() == (size, size)
    assert icon.get_at((0, 0)).a == 0  # a shape on a transparent ground, not a square tile
    assert icon.get_at((size // 2, size // 2)).a == 255


@pytest.mark.parametrize("size", PNG_SIZES)
def test_prerendered_pngs_exist_at_their_size(size: int) -> None:
    assert pygame.image.load(png_path(size)).get_size() == (size, size)
