"""Themes drawn as the window's drawing process draws them: every card from its own place in
an Aisleriot sheet or its own element of a KDE deck, at the size the layout asks for, with
the theme's proportions, kept in the cache folder; and what cannot be drawn noted there."""

from __future__ import annotations

import json
import stat
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from eightoff.core.cards import DECK, Card
from eightoff.core.variants import DEFAULT_KEY, VARIANTS
from eightoff.themes.found import find_themes
from eightoff.themes.kept import GRID, Kept, cell
from eightoff.ui.layout import compute_layout

from .makers import card_colour, sheet_svg, write_deck, write_sheet

pytest.importorskip("resvg_py")


def request(theme_id: str, data: Path, cache: Path, **place: object) -> dict[str, object]:
    theme = next(theme for theme in find_themes({"XDG_DATA_HOME": str(data), "XDG_DATA_DIRS": "/nonexistent"},
                                                data / "own") if theme.id == theme_id)
    return {"id": theme.id, "kind": theme.kind, "name": theme.name, "path": str(theme.path),
            "svg": str(theme.svg or ""), "cache": str(cache), **(place or {"fit": [60, 200]})}


def draw(wanted: dict[str, object]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "eightoff.ui.themes.draw", json.dumps(wanted)],
                          capture_output=True, text=True, timeout=120, check=False)


def centre_colours(picture: Path, size: tuple[int, int]) -> dict[Card | None, tuple[int, ...]]:
    grid = pygame.image.load(picture)
    assert grid.get_size() == (size[0] * GRID[0], size[1] * GRID[1])
    found = {}
    for card in [*DECK, None]:
        column, row = cell(card)
        found[card] = tuple(grid.get_at((column * size[0] + size[0] // 2, row * size[1] + size[1] // 2)))[:3]
    return found


def kept_of(data: Path, cache: Path) -> Kept:
    """The cache files of the one theme in `data`."""
    (theme,) = find_themes({"XDG_DATA_HOME": str(data), "XDG_DATA_DIRS": "/x"}, data / "own")
    kept = Kept.of(theme, cache)
    assert kept is not None
    return kept


def near(one: tuple[int, ...], other: tuple[int, ...], within: int = 3) -> bool:
    return all(abs(a - b) <= within for a, b in zip(one, other, strict=True))


@pytest.mark.parametrize("zipped", [False, True])
def test_an_aisleriot_sheet_is_sliced_by_position(tmp_path: Path, zipped: bool) -> None:
    write_sheet(tmp_path / "aisleriot" / "cards", "mine", zipped=zipped)
    cache = tmp_path / "cache"
    result = draw(request("aisleriot:mine", tmp_path, cache))
    assert result.returncode == 0, result.stderr
    kept = kept_of(tmp_path, cache)
    assert kept.note() == {"aspect": 1.5}
    size = (60, 90)
    for card, found in centre_colours(kept.picture_path(size), size).items():
        assert near(found, card_colour(card)), card


def test_a_kde_deck_is_drawn_element_by_element_wherever_they_lie(tmp_path: Path) -> None:
    write_deck(tmp_path / "carddecks", "testdeck")
    cache = tmp_path / "cache"
    result = draw(request("kde:testdeck", tmp_path, cache))
    assert result.returncode == 0, result.stderr
    kept = kept_of(tmp_path, cache)
    note = kept.note()
    assert note is not None and abs(float(note["aspect"]) - 1.4) < 0.02  # type: ignore[arg-type]
    size = (60, round(60 * float(note["aspect"])))  # type: ignore[arg-type]
    picture = pygame.image.load(kept.picture_path(size))
    for card in [*DECK, None]:
        column, row = cell(card)
        box = pygame.Rect(column * size[0], row * size[1], *size)
        inside = box.inflate(-4, -4)  # the edge's smoothing is within a pixel or two
        corners = [inside.topleft, (inside.right - 1, inside.top), (inside.left, inside.bottom - 1),
                   (inside.right - 1, inside.bottom - 1)]
        # Each element fills its own box: its colour reaches every corner, nothing else shows.
        for corner in corners:
            found = tuple(picture.get_at(corner))
            assert near(found[:3], card_colour(card)) and found[3] > 230, (card, corner)


def test_the_table_size_follows_the_themes_proportions(tmp_path: Path) -> None:
    write_sheet(tmp_path / "aisleriot" / "cards", "mine")
    cache = tmp_path / "cache"
    result = draw(request("aisleriot:mine", tmp_path, cache, window=[1280, 800], rules=DEFAULT_KEY,
                          large=False, ui_scale=1.0))
    assert result.returncode == 0, result.stderr
    layout = compute_layout(1280, 800, VARIANTS[DEFAULT_KEY].rules, card_aspect=1.5)
    assert layout.card[1] == round(layout.card[0] * 1.5)
    assert [path.name.rsplit("-", 1)[1] for path in (cache / "themes").glob("*.png")] == [
        f"{layout.card[0]}x{layout.card[1]}.png"]


def test_a_drawing_is_kept_for_this_user_only_whatever_the_umask(tmp_path: Path) -> None:
    write_sheet(tmp_path / "aisleriot" / "cards", "mine")
    cache = tmp_path / "cache"
    wanted = request("aisleriot:mine", tmp_path, cache)
    result = subprocess.run([sys.executable, "-m", "eightoff.ui.themes.draw", json.dumps(wanted)],
                            capture_output=True, text=True, timeout=120, check=False, umask=0)
    assert result.returncode == 0, result.stderr
    assert stat.S_IMODE((cache / "themes").stat().st_mode) == 0o700
    modes = {path.name: stat.S_IMODE(path.stat().st_mode) for path in (cache / "themes").iterdir()}
    assert len(modes) == 2 and set(modes.values()) == {0o600}, modes


def odd_cells_drawn(tmp_path: Path, svg: str) -> tuple[pygame.Surface, tuple[int, int]]:
    """`svg`, a sheet of 31x43 cells, drawn for cards 60 wide: the cached grid and card size."""
    write_sheet(tmp_path / "aisleriot" / "cards", "odd", svg)
    cache = tmp_path / "cache"
    result = draw(request("aisleriot:odd", tmp_path, cache))
    assert result.returncode == 0, result.stderr
    size = (60, round(60 * 43 / 31))
    return pygame.image.load(kept_of(tmp_path, cache).picture_path(size)), size


def test_each_card_is_drawn_at_its_size_not_scaled_from_another(tmp_path: Path) -> None:
    """Cards whose height is not a whole number of pixels at the sheet's own proportions: each
    is still drawn on whole pixels, so its edges are its own colour, not blurred into the next
    card's by a resize of the whole sheet."""
    grid, size = odd_cells_drawn(tmp_path, sheet_svg(cell=(31, 43)))
    for card in [*DECK, None]:
        column, row = cell(card)
        left, top = column * size[0], row * size[1]
        edges = [(left + size[0] // 2, top), (left + size[0] // 2, top + size[1] - 1),
                 (left, top + size[1] // 2), (left + size[0] - 1, top + size[1] // 2)]
        for edge in edges:
            assert near(tuple(grid.get_at(edge))[:3], card_colour(card), 1), (card, edge)


def test_a_sheet_whose_root_is_written_otherwise_is_drawn_to_the_same_grid(tmp_path: Path) -> None:
    """The root's start tag found by the XML parser, not by its look: a comment before it that
    mentions one, a '>' inside an attribute's value, a prefixed element name, a view box and a
    size in millimetres all give the same cards on whole pixels."""
    plain = sheet_svg(cell=(31, 43))
    odd = plain.replace(
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        f'width="{13 * 31}" height="{5 * 43}">',
        '<?xml version="1.0" encoding="UTF-8"?><!-- <svg width="1"> is not the root -->'
        '<s:svg xmlns:s="http://www.w3.org/2000/svg" xmlns="http://www.w3.org/2000/svg" '
        f'xmlns:xlink="http://www.w3.org/1999/xlink" data-note="a > b" viewBox="0 0 {13 * 31} {5 * 43}" '
        'width="120mm" height="50mm" preserveAspectRatio="xMidYMid slice">').replace("</svg>", "</s:svg>")
    assert odd != plain
    grid, size = odd_cells_drawn(tmp_path, odd)
    for card in [*DECK, None]:
        column, row = cell(card)
        corner = (column * size[0], row * size[1])
        far = (corner[0] + size[0] - 1, corner[1] + size[1] - 1)
        for point in (corner, far):
            assert near(tuple(grid.get_at(point))[:3], card_colour(card), 1), (card, point)
