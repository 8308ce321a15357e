"""A kept drawing is read only when whole: any cut or changed byte is told before pygame sees the
file, and the damaged file is kept under another name; what it does in the window is in
tests/ui/test_themes.py."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from eightoff.themes.found import AISLERIOT, Theme
from eightoff.themes.kept import GRID, Damaged, Kept, check_png

SIZE = (5, 7)
"""A card of the test drawings: a grid of 65 x 35 pixels."""


def whole() -> bytes:
    """A grid of cards as the drawing process writes it (its own PNG writer), every pixel its own."""
    draw = pytest.importorskip("eightoff.ui.themes.draw")  # it needs resvg-py
    grid = pygame.Surface((SIZE[0] * GRID[0], SIZE[1] * GRID[1]), pygame.SRCALPHA)
    for x in range(grid.get_width()):
        for y in range(grid.get_height()):
            grid.set_at((x, y), (x * 3 % 256, y * 7 % 256, (x + y) % 256, 255))
    data: bytes = draw.png(grid)
    return data


def kept_in(folder: Path) -> Kept:
    sheet = folder / "mine.svg"
    sheet.write_text("<svg/>")
    kept = Kept.of(Theme("aisleriot:mine", AISLERIOT, "Mine", sheet, sheet), folder / "cache")
    assert kept is not None
    kept.folder.mkdir(parents=True)
    return kept


def test_a_whole_drawing_is_whole_only_at_its_own_size() -> None:
    data = whole()
    check_png(data, SIZE)
    with pytest.raises(Damaged, match="it is not the grid of 78 x 40 pixels"):
        check_png(data, (6, 8))


@given(st.data())
def test_a_drawing_cut_anywhere_is_damaged(data: st.DataObject) -> None:
    picture = whole()
    with pytest.raises(Damaged):
        check_png(picture[:data.draw(st.integers(0, len(picture) - 1))], SIZE)


@given(st.data())
def test_a_drawing_with_any_byte_changed_is_damaged(data: st.DataObject) -> None:
    picture = whole()
    at = data.draw(st.integers(0, len(picture) - 1))
    flip = data.draw(st.integers(1, 255))
    with pytest.raises(Damaged):
        check_png(picture[:at] + bytes([picture[at] ^ flip]) + picture[at + 1:], SIZE)


def test_pixels_that_are_not_the_grids_are_damaged_though_every_checksum_holds() -> None:
    """Rows of another width packed again with right checksums: the rows' bytes tell."""
    draw = pytest.importorskip("eightoff.ui.themes.draw")
    narrow = pygame.Surface((SIZE[0] * GRID[0] - 1, SIZE[1] * GRID[1]), pygame.SRCALPHA)
    data: bytes = draw.png(narrow)
    header_end = 8 + 8 + 13 + 4
    right = whole()
    with pytest.raises(Damaged, match="its pixels are not the grid's"):
        check_png(right[:header_end] + data[header_end:], SIZE)


def test_a_damaged_drawing_is_set_aside_with_its_bytes_and_never_over_another(tmp_path: Path) -> None:
    kept = kept_in(tmp_path)
    path = kept.picture_path(SIZE)
    assert kept.picture(SIZE) is None  # none drawn yet
    path.write_bytes(whole())
    assert kept.picture(SIZE) == whole()
    asides = []
    for damaged in (whole()[:100], whole()[:200]):
        path.write_bytes(damaged)
        with pytest.raises(Damaged):
            kept.picture(SIZE)
        aside = kept.set_aside(SIZE)
        assert aside is not None and aside.read_bytes() == damaged and not path.exists()
        asides.append(aside)
    assert len(set(asides)) == 2 and all(aside.parent == path.parent for aside in asides)
    assert kept.set_aside(SIZE) is None  # nothing left to move


def test_a_drawing_that_is_not_a_regular_file_is_damaged(tmp_path: Path) -> None:
    kept = kept_in(tmp_path)
    kept.picture_path(SIZE).symlink_to(tmp_path / "mine.svg")
    with pytest.raises(Damaged, match="symbolic link"):
        kept.picture(SIZE)
