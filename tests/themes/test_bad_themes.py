"""Themes that cannot be drawn, each listed by `eightoff themes` as not drawable with a
reason, read without hanging, changing or fetching anything; and what each does to the window
is in tests/ui/test_themes.py."""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import os
import struct
import subprocess
import sys
import tempfile
import time
import zlib
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from eightoff.themes.found import AISLERIOT, Theme, find_themes
from eightoff.themes.sheet import DEPTH_LIMIT, INFLATED_LIMIT, problem

from .makers import deck_svg, sheet_svg, write_deck, write_sheet

SHEETS = Path("aisleriot") / "cards"


def bomb() -> bytes:
    """A gzip stream that inflates to more than the cap from a few hundred kilobytes."""
    packer = zlib.compressobj(9, zlib.DEFLATED, 31)
    zeros = bytes(1 << 20)
    return b"".join(packer.compress(zeros) for _ in range((INFLATED_LIMIT >> 20) + 8)) + packer.flush()


def truncated() -> bytes:
    whole = gzip.compress(sheet_svg().encode())
    return whole[: len(whole) // 2]


def write_large(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / "huge.svg", "wb") as file:
        file.write(sheet_svg().encode()[:-6])
        file.truncate(100 << 20)  # 100 MB, mostly a hole


def write_fifo(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    os.mkfifo(folder / "pipe.svg")


def write_link(folder: Path) -> None:
    real = write_sheet(folder.parent / "real", "real")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "linked.svg").symlink_to(real)


def use_bomb(levels: int = 7) -> str:
    """A few hundred bytes of nested <use>: each level copies the one below ten times, so one
    square is drawn ten million times."""
    nested = "".join(f'<g id="level{level}">' + f'<use xlink:href="#level{level - 1}"/>' * 10 + "</g>"
                     for level in range(1, levels + 1))
    return sheet_svg(f'<defs><rect id="level0" width="1" height="1"/>{nested}</defs>'
                     f'<use xlink:href="#level{levels}"/>')


def nested(levels: int = 300) -> str:
    """Groups inside groups, deeper than resvg's stack goes (it crashes near 250)."""
    return sheet_svg("<g>" * levels + '<rect width="5" height="5"/>' + "</g>" * levels)


def use_chain(levels: int = 150) -> str:
    """As deep, through a chain of <use>, each holding the one before: a few elements in the file."""
    chain = "".join(f'<g id="link{level}"><use xlink:href="#link{level - 1}"/></g>'
                    for level in range(1, levels))
    return sheet_svg(f'<defs><rect id="link0" width="1" height="1"/>{chain}</defs>'
                     f'<use xlink:href="#link{levels - 1}"/>')


def slow_filter() -> str:
    """A sheet that reads well and that resvg would draw for hours: a morphology filter of a
    radius of thousands of pixels over the whole sheet."""
    return sheet_svg('<filter id="slow"><feMorphology radius="5000"/></filter>'
                     '<rect width="390" height="225" filter="url(#slow)"/>')


def greedy_pattern() -> str:
    """A sheet that reads well and whose drawing asks for a pattern tile of about 1.5 GB (some
    20,000 pixels square at a table's scale): what memory the machine has, short of a limit."""
    return sheet_svg('<pattern id="greedy" patternUnits="userSpaceOnUse" width="6000" height="6000">'
                     '<rect width="6000" height="6000" fill="blue"/></pattern>'
                     '<rect width="390" height="225" fill="url(#greedy)"/>')


def png(width: int, height: int) -> bytes:
    """A grey PNG of `width` x `height` pixels, all zeros: a huge one packs into little."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    packer = zlib.compressobj(9)
    row = bytes(width + 1)
    pixels = b"".join(packer.compress(row) for _ in range(height)) + packer.flush()
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")


def picture(data: bytes, kind: str = "image/png") -> str:
    """An <image> carrying `data` in its data: address, as themes embed their pictures."""
    return (f'<image x="0" y="0" width="10" height="10" '
            f'xlink:href="data:{kind};base64,{base64.b64encode(data).decode()}"/>')


EXTERNAL = [
    '<image x="0" y="0" width="10" height="10" xlink:href="/etc/hostname"/>',
    '<image x="0" y="0" width="10" height="10" href="https://example.invalid/card.png"/>',
    '<rect width="5" height="5" style="fill:url(https://example.invalid/paint.svg#p)"/>',
    '<style>@import url("https://example.invalid/cards.css");</style>',
    '<rect width="5" height="5" fill="url(file:///etc/hostname)"/>',
]

BAD: dict[str, tuple[Callable[[Path], object], str]] = {
    "garbage": (lambda folder: write_sheet(folder, "garbage", os.urandom(3000).replace(b"\x1f\x8b", b"ab")),
                "it is not an SVG document"),
    "empty": (lambda folder: write_sheet(folder, "empty", b""), "it is empty"),
    "truncated": (lambda folder: write_sheet(folder, "truncated", truncated()), "it is cut short"),
    "bad gzip": (lambda folder: write_sheet(folder, "badgzip", b"\x1f\x8b\x08\x00" + os.urandom(2000)),
                 "it is not a readable gzip file"),
    "not svg": (lambda folder: write_sheet(folder, "html", "<html><body/></html>"),
                "it is not an SVG document"),
    "100 MB": (write_large, "it is larger than"),
    "zip bomb": (lambda folder: write_sheet(folder, "bomb", bomb()), "it inflates to more than 64 MB"),
    "10^6 px wide": (lambda folder: write_sheet(folder, "wide", sheet_svg(cell=(1_000_000 // 13, 45))),
                     "larger than a card sheet can be"),
    "not a card's shape": (lambda folder: write_sheet(folder, "flat", sheet_svg(cell=(45, 20))),
                           "proportions are not a card's"),
    "entities": (lambda folder: write_sheet(folder, "laughs", '<?xml version="1.0"?><!DOCTYPE svg '
                                            '[<!ENTITY a "aaaa">]><svg xmlns="http://www.w3.org/2000/svg">'
                                            '&a;</svg>'),
                 "it declares XML entities"),
    **{f"external {index}": ((lambda folder, extra=extra, index=index:  # type: ignore[misc]
                              write_sheet(folder, f"external{index}", sheet_svg(extra))),
                             "outside it" if "@import" not in extra else "imports another")
       for index, extra in enumerate(EXTERNAL)},
    "use bomb": (lambda folder: write_sheet(folder, "uses", use_bomb()), "once its references are followed"),
    "picture bomb": (lambda folder: write_sheet(folder, "bigpicture", sheet_svg(picture(png(20000, 20000)))),
                     "it embeds a picture of 20000 x 20000 pixels"),
    "svg picture": (lambda folder: write_sheet(folder, "svgpicture", sheet_svg(picture(
        use_bomb().encode(), "image/svg+xml"))), "it embeds a picture that cannot be checked"),
    "deep nesting": (lambda folder: write_sheet(folder, "deep", nested()), "it nests elements more than 64"),
    "use chain": (lambda folder: write_sheet(folder, "chain", use_chain()), "it nests elements more than 64"),
    "link": (write_link, "it is a symbolic link"),
    "fifo": (write_fifo, "it is a named pipe"),
}


def tree(root: Path) -> dict[str, str]:
    """Every path under `root` with what it is and holds (a FIFO is never opened)."""
    found = {}
    for folder, names, files in os.walk(root):
        for name in names + files:
            path = Path(folder) / name
            info = path.lstat()
            if path.is_symlink() or not path.is_file():
                found[str(path)] = f"{info.st_mode:o}"
            else:
                found[str(path)] = f"{info.st_mtime_ns} {hashlib.sha256(path.read_bytes()).hexdigest()}"
    return found


def themes_json(home: Path, data: Path) -> list[dict[str, object]]:
    env = {**os.environ, "EIGHTOFF_HOME": str(home), "XDG_DATA_HOME": str(data),
           "XDG_DATA_DIRS": "/nonexistent"}
    result = subprocess.run([sys.executable, "-m", "eightoff", "themes", "--json"], capture_output=True,
                            text=True, env=env, timeout=120, check=False)
    assert result.returncode == 0 and not result.stderr, result.stderr
    rows: list[dict[str, object]] = json.loads(result.stdout)
    return rows


@pytest.mark.slow
def test_every_kind_of_bad_theme_is_listed_as_not_drawable_and_left_as_it_was(tmp_path: Path) -> None:
    pytest.importorskip("resvg_py")
    data, home = tmp_path / "data", tmp_path / "home"
    for make, _why in BAD.values():
        make(data / SHEETS)
    write_sheet(data / SHEETS, "good")
    before = tree(tmp_path)
    rows = themes_json(home, data)
    assert tree(tmp_path) == before  # nothing changed, nothing written
    by_path = {Path(str(row["path"])).stem: row for row in rows}
    assert by_path.pop("good") == {"id": "aisleriot:good", "name": "Good",
                                   "path": str(data / SHEETS / "good.svg"), "drawable": True}
    reasons = sorted(str(row["reason"]) for row in by_path.values())
    assert all(row["drawable"] is False for row in by_path.values())
    for name, (_make, why) in BAD.items():
        assert any(why in reason for reason in reasons), (name, reasons)
    assert len(by_path) == len(BAD)


def test_a_sheet_with_small_pictures_and_shared_shapes_is_drawable(tmp_path: Path) -> None:
    """What real themes hold stays drawable: embedded PNGs of a card's size, and shapes drawn
    through <use> a few thousand times (the installed themes: pictures up to 1.2 million pixels,
    under 60,000 elements drawn)."""
    pytest.importorskip("resvg_py")
    data = tmp_path / "data"
    write_sheet(data / SHEETS, "pictured", sheet_svg(picture(png(1200, 900)) + use_bomb(levels=4)))
    [row] = themes_json(tmp_path / "home", data)
    assert row["drawable"] is True, row


def test_bad_decks_are_listed_with_what_is_wrong(tmp_path: Path) -> None:
    pytest.importorskip("resvg_py")
    data = tmp_path / "data"
    write_deck(data / "carddecks", "missing", svg=deck_svg(leave_out="queen_heart"))
    write_deck(data / "carddecks", "noback", svg=deck_svg(leave_out="back"))
    write_deck(data / "carddecks", "nosvg", desktop="[KDE Backdeck]\nName=No SVG\n")
    write_deck(data / "carddecks", "good")
    reasons = {row["id"]: row.get("reason") for row in themes_json(tmp_path / "home", data)}
    assert reasons == {"kde:good": None, "kde:missing": "elements are missing: queen_heart",
                       "kde:noback": "elements are missing: back",
                       "kde:nosvg": "its index.desktop names no SVG"}


def test_the_plain_listing_says_which_cannot_be_drawn(tmp_path: Path) -> None:
    data = tmp_path / "data"
    write_sheet(data / SHEETS, "empty", b"")
    env = {**os.environ, "EIGHTOFF_HOME": str(tmp_path), "XDG_DATA_HOME": str(data), "XDG_DATA_DIRS": "/x"}
    result = subprocess.run([sys.executable, "-m", "eightoff", "themes"], capture_output=True, text=True,
                            env=env, timeout=120, check=False)
    assert result.returncode == 0
    path = data / SHEETS / "empty.svg"
    assert result.stdout == f"aisleriot:empty\tEmpty\t{path}\tcannot be drawn: it is empty\n"
    env["XDG_DATA_HOME"] = str(tmp_path / "nothing")
    result = subprocess.run([sys.executable, "-m", "eightoff", "themes"], capture_output=True, text=True,
                            env=env, timeout=120, check=False)
    assert result.stdout == "No card themes are installed (Aisleriot's or KPatience's).\n"




def test_a_fault_only_drawing_shows_is_listed_once_the_window_has_met_it(tmp_path: Path) -> None:
    """A deck whose back lies on its side reads well (every element is there); its drawing
    finds the back is not a card's shape and notes it in the cache, and from then on the list
    says so, until the deck's file changes."""
    pytest.importorskip("resvg_py")
    data, home = tmp_path / "data", tmp_path / "home"
    sideways = deck_svg().replace('<rect width="40" height="56"', '<rect width="56" height="40"')
    deck = write_deck(data / "carddecks", "sideways", svg=sideways)
    assert [row["drawable"] for row in themes_json(home, data)] == [True]
    (theme,) = find_themes({"XDG_DATA_HOME": str(data), "XDG_DATA_DIRS": "/x"}, tmp_path / "own")
    request = {"id": theme.id, "kind": theme.kind, "name": theme.name, "path": str(theme.path),
               "svg": str(theme.svg), "cache": str(home / "cache"), "fit": [60, 200]}
    drawing = subprocess.run([sys.executable, "-m", "eightoff.ui.themes.draw", json.dumps(request)],
                             capture_output=True, text=True, timeout=120, check=False)
    assert drawing.returncode == 1
    assert [(row["drawable"], row.get("reason")) for row in themes_json(home, data)] == [
        (False, "its back is not a card's shape")]
    later = time.time() + 5
    os.utime(deck / "sideways.svgz", (later, later))  # the deck changed: drawn again before judged
    assert [row["drawable"] for row in themes_json(home, data)] == [True]


def read_problem(folder: Path, svg: str) -> str:
    """What reading an Aisleriot sheet of `svg` says against drawing it ("" when it may be drawn)."""
    path = write_sheet(folder, "sheet", svg)
    return problem(Theme("aisleriot:sheet", AISLERIOT, "Sheet", path, path))


@settings(deadline=None, max_examples=40)
@given(levels=st.integers(1, 120), through_use=st.booleans())
@example(levels=DEPTH_LIMIT - 2, through_use=False)  # the deepest allowed, and one deeper
@example(levels=DEPTH_LIMIT - 1, through_use=False)
@example(levels=(DEPTH_LIMIT - 1) // 2, through_use=True)
@example(levels=(DEPTH_LIMIT + 1) // 2, through_use=True)
def test_nesting_is_refused_exactly_past_its_limit(levels: int, through_use: bool) -> None:
    """Groups in groups, or a chain of <use> each holding the one before (a use and its group
    are two levels): refused exactly when the deepest element, the sheet's root counted, is
    more than DEPTH_LIMIT down, whichever way it is built."""
    with tempfile.TemporaryDirectory() as folder:
        why = read_problem(Path(folder), use_chain(levels) if through_use else nested(levels))
    depth = 2 * levels + 1 if through_use else levels + 2
    assert (why == f"it nests elements more than {DEPTH_LIMIT} deep") == (depth > DEPTH_LIMIT), why
    assert depth > DEPTH_LIMIT or why == ""
