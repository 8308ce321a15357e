"""Drawing a theme's cards with resvg, in a process of its own.

resvg-py holds Python's lock while it draws (a second or so a sheet), so the window never draws a
theme itself: it starts this module (`python -m eightoff.ui.themes.draw REQUEST`), keeps its
loop going, and reads the PNG this leaves in the cache folder (kept.py). The request names the
theme and either the window the table is laid out in or a box for a preview; the card size
follows from the theme's own proportions, worked out here.

How Aisleriot's sheets and KDE decks are sliced: docs/notes.md, `eightoff.ui.themes.draw`.
"""

from __future__ import annotations

import contextlib
import copy
import html
import io
import json
import re
import struct
import sys
import zlib
from collections.abc import Iterator
from pathlib import Path
from xml.etree import ElementTree
from xml.parsers import expat

import pygame
import resvg_py

from eightoff.core.cards import DECK
from eightoff.core.i18n import _
from eightoff.themes.found import AISLERIOT, Theme
from eightoff.themes.kept import GRID, Kept, cell
from eightoff.themes.sheet import BACK, HREFS, SVG_NS, URL, Art, Undrawable, element_id, read_art
from eightoff.ui.layout import LARGEST_CARD
from eightoff.ui.themes.limits import DRAW_SECONDS, MEMORY_BASE, hold_to, memory_for, too_much_memory
from eightoff.ui.themes.size import card_size

MEASURE_WIDTH = 300
"""Pixels across the small drawing of a KDE sheet that finds where an element is."""
FINE_WIDTH = 400
"""Pixels across the drawing of the back alone that measures the cards' proportions."""
TEXT = re.compile(r"<(?:\w+:)?text\b")
"""Loading the system's fonts costs resvg 0.1-0.3 s a drawing: only a drawing with text needs them."""


def render_png(svg: str, width: int) -> bytes:
    """`svg` drawn `width` pixels wide as a PNG, its own proportions kept; never a fetched
    resource (sheet.py refused every reference that leaves the document)."""
    try:
        return resvg_py.svg_to_bytes(svg_string=svg, width=width, skip_system_fonts=TEXT.search(svg) is None)
    except Exception as error:  # ValueError, or a Rust panic as pyo3's PanicException
        raise Undrawable(_("resvg cannot draw it ({error})").format(error=str(error)[:80])) from error


def render(svg: str, width: int) -> pygame.Surface:
    """`svg` drawn `width` pixels wide, as a picture to measure or cut."""
    return pygame.image.load(io.BytesIO(render_png(svg, width)), "sheet.png")


def sheet_png(art: Art, size: tuple[int, int]) -> bytes:
    """An Aisleriot sheet drawn as the grid the cache keeps (the same 13 x 5 places), each card
    exactly `size`: the sheet's view is stretched to the grid (by under a pixel a card), so
    resvg draws each card once at its size and its PNG is the one kept, never scaled, decoded
    or encoded again."""
    grid = (size[0] * GRID[0], size[1] * GRID[1])
    drawn = render_png(stretched(art, grid), grid[0])
    if struct.unpack(">II", drawn[16:24]) != grid:  # the PNG's header: its width and height
        raise Undrawable(_("resvg drew it at another size"))
    return drawn


class Found(Exception):
    """The parse is stopped: what was looked for is found."""


def stretched(art: Art, pixels: tuple[int, int]) -> str:
    """The document with its root element `pixels` in size, its whole view filling them: its
    start tag (found by expat, as the checks parsed it) written anew."""
    text = art.svg.encode()
    parser = expat.ParserCreate()
    found: list[tuple[int, str, dict[str, str]]] = []

    def root(name: str, attributes: dict[str, str]) -> None:
        found.append((parser.CurrentByteIndex, name, attributes))
        raise Found  # the root's start tag is all that is wanted

    parser.StartElementHandler = root
    with contextlib.suppress(Found):
        parser.Parse(text, True)
    at, name, attributes = found[0]
    end = at
    quote = b""
    while end < len(text) and (text[end:end + 1] != b">" or quote):  # ">" may stand in a quoted value
        if text[end:end + 1] in (b'"', b"'"):
            quote = b"" if quote == text[end:end + 1] else quote or text[end:end + 1]
        end += 1
    closed = text[end - 1:end] == b"/"
    view = attributes.get("viewBox") or f"0 0 {art.size[0]:g} {art.size[1]:g}"
    kept = {key: value for key, value in attributes.items()
            if key not in ("viewBox", "width", "height", "preserveAspectRatio")}
    kept.update(viewBox=view, width=str(pixels[0]), height=str(pixels[1]), preserveAspectRatio="none")
    # html's escape, not xml.sax.saxutils' quoteattr: that imports urllib.request (60 ms a drawing).
    pairs = "".join(f' {key}="{html.escape(value)}"' for key, value in kept.items())
    tag = f"<{name}{pairs}{'/' if closed else ''}>"
    return (text[:at] + tag.encode() + text[end + 1:]).decode()


def png(surface: pygame.Surface) -> bytes:
    """`surface` as a PNG, compressed lightly: pygame's own writer compresses harder and took
    0.2-0.8 s of a theme's drawing for a few per cent of a file that is only a cache."""
    width, height = surface.get_size()
    pixels = pygame.image.tobytes(surface, "RGBA")
    stride = width * 4
    rows = b"".join(b"\0" + pixels[at:at + stride] for at in range(0, len(pixels), stride))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8 bits, RGBA, no interlace
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 1))
            + chunk(b"IEND", b""))


class Deck:
    """A KDE deck's document, ready to draw its elements one by one."""

    def __init__(self, art: Art) -> None:
        ElementTree.register_namespace("", SVG_NS.strip("{}"))  # written back as SVG, not ns0:svg
        ElementTree.register_namespace("xlink", "http://www.w3.org/1999/xlink")
        self.art = art
        self.root = ElementTree.fromstring(art.svg)
        self.parents = {child: parent for parent in self.root.iter() for child in parent}
        self.by_id = {element.get("id"): element for element in self.root.iter() if element.get("id")}
        self.styles = [element for element in self.root.iter() if element.tag == SVG_NS + "style"]

    def alone(self, name: str, view: tuple[float, float, float, float] | None = None) -> str:
        """The document with element `name` alone in it: inside copies of its ancestors'
        groups (their transforms and styles), with every element it refers to in `defs`."""
        element = self.by_id[name]
        root = ElementTree.Element(self.root.tag, {k: v for k, v in self.root.attrib.items() if k != "id"})
        if view is not None:
            root.set("viewBox", " ".join(f"{value:g}" for value in view))
            root.set("preserveAspectRatio", "none")
            root.set("width", f"{view[2]:g}")
            root.set("height", f"{view[3]:g}")
        defs = ElementTree.SubElement(root, SVG_NS + "defs")
        defs.extend(copy.deepcopy(style) for style in self.styles)
        defs.extend(copy.deepcopy(target) for target in self.referred(element))
        holder = root
        for ancestor in reversed(self.ancestors(element)):
            holder = ElementTree.SubElement(holder, SVG_NS + "g", {k: v for k, v in ancestor.attrib.items()
                                                                  if k in ("transform", "style", "opacity",
                                                                           "fill", "stroke")})
        holder.append(copy.deepcopy(element))
        return ElementTree.tostring(root, encoding="unicode")

    def ancestors(self, element: ElementTree.Element) -> list[ElementTree.Element]:
        """The groups between the document and `element`, nearest first; none above a `defs`
        (an element there is drawn where it is used, without them)."""
        chain = []
        parent = self.parents.get(element)
        while parent is not None and parent is not self.root:
            if parent.tag == SVG_NS + "defs":
                return []
            chain.append(parent)
            parent = self.parents.get(parent)
        return chain

    def referred(self, element: ElementTree.Element) -> list[ElementTree.Element]:
        """Every element `element` refers to, and what they refer to, outside itself."""
        inside = set(element.iter())
        found: dict[str, ElementTree.Element] = {}
        todo = [element]
        while todo:
            for node in todo.pop().iter():
                for target in references(node):
                    referred = self.by_id.get(target)
                    if referred is not None and target not in found and referred not in inside:
                        found[target] = referred
                        todo.append(referred)
        return list(found.values())

    def box(self, name: str) -> tuple[float, float, float, float]:
        """Element `name`'s visible bounds in the sheet's units, a pixel of MEASURE_WIDTH wider
        on each side, found on a small drawing of the sheet, or of five times the sheet each
        way when the element reaches past it (the standard deck's back lies below its view)."""
        x, y, width, height = view = self.view()
        try:
            found = self.bounds(name, view, MEASURE_WIDTH)
            if (x < found[0] and y < found[1] and found[0] + found[2] < x + width
                    and found[1] + found[3] < y + height):
                return found
        except Undrawable:
            pass  # nothing of it within the sheet's view
        return self.bounds(name, (x - 2 * width, y - 2 * height, 5 * width, 5 * height), MEASURE_WIDTH)

    def bounds(self, name: str, view: tuple[float, float, float, float],
               pixels: int) -> tuple[float, float, float, float]:
        picture = render(self.alone(name, view), pixels)
        found = picture.get_bounding_rect(min_alpha=8)
        if found.w < 2 or found.h < 2:
            raise Undrawable(_("its element {name} draws nothing").format(name=name))
        unit = view[2] / picture.get_width()
        return (view[0] + (found.x - 1) * unit, view[1] + (found.y - 1) * unit,
                (found.w + 2) * unit, (found.h + 2) * unit)

    def aspect(self) -> float:
        """The cards' height per unit of width: the back's, measured finely."""
        box = self.bounds(BACK, self.box(BACK), FINE_WIDTH)
        return (box[3] - 2 * box[3] / FINE_WIDTH) / (box[2] - 2 * box[2] / FINE_WIDTH)

    def view(self) -> tuple[float, float, float, float]:
        box = (self.root.get("viewBox") or "").replace(",", " ").split()
        if len(box) == 4:
            x, y, width, height = (float(value) for value in box)
            return (x, y, width, height)
        return (0.0, 0.0, *self.art.size)

    def picture(self, name: str, size: tuple[int, int]) -> pygame.Surface:
        """Element `name` drawn at about `size` within its measured box, trimmed to what it
        shows and brought to `size` exactly."""
        box = self.box(name)
        inner = box[2] - 2 * self.unit(box)
        drawn = render(self.alone(name, box), max(16, round(size[0] * box[2] / inner)))
        bounds = drawn.get_bounding_rect(min_alpha=128)  # the edge where it is half drawn
        if bounds.w < 4 or bounds.h < 4:
            raise Undrawable(_("its element {name} draws nothing").format(name=name))
        return pygame.transform.smoothscale(drawn.subsurface(bounds), size)

    def grid(self, size: tuple[int, int]) -> pygame.Surface:
        """Every card's element drawn at `size`, in the cache's grid."""
        grid = pygame.Surface((size[0] * GRID[0], size[1] * GRID[1]), pygame.SRCALPHA)
        for card in [*DECK, None]:
            column, row = cell(card)
            name = BACK if card is None else element_id(card.suit, card.rank)
            grid.blit(self.picture(name, size), (column * size[0], row * size[1]))
        return grid

    def unit(self, box: tuple[float, float, float, float]) -> float:
        """A pixel of the measuring drawing `box` came from, in the sheet's units."""
        view = self.view()[2]
        return (view if box[2] < view else 5 * view) / MEASURE_WIDTH


def references(node: ElementTree.Element) -> Iterator[str]:
    for name in HREFS:
        target = node.get(name) or ""
        if target.startswith("#"):
            yield target[1:]
    for value in node.attrib.values():
        if "url(" in value:
            yield from (found[1:] for found in URL.findall(value) if found.startswith("#"))


def draw(request: dict[str, object]) -> int:
    """Do what `request` asks: note the theme's proportions, draw its cards at the size they
    follow to, keep both in the cache; or note why the theme cannot be drawn. 0 when drawn.
    Held to the request's `seconds` and to the memory its cards need (limits.py)."""
    seconds = float(str(request.get("seconds", DRAW_SECONDS)))
    hold_to(MEMORY_BASE, seconds)
    theme = Theme(str(request["id"]), str(request["kind"]), str(request["name"]),
                  Path(str(request["path"])), Path(str(request["svg"])) if request.get("svg") else None)
    kept = Kept.of(theme, Path(str(request["cache"])))
    if kept is None:
        return 1
    kept.clear_leftovers()
    try:
        art = read_art(theme)
        deck = None if theme.kind == AISLERIOT else Deck(art)
        if deck is None:
            assert art.aspect is not None
            aspect = art.aspect
        else:
            aspect = deck.aspect()
            if not 1.0 <= aspect <= 2.0:
                raise Undrawable(_("its back is not a card's shape"))
        size = card_size(request, aspect)
        if size[0] > LARGEST_CARD:  # the table's largest (a preview's are smaller): it bounds the memory
            raise Undrawable(_("its cards would be too large to draw"))
        hold_to(memory_for(size[0] * GRID[0] * size[1] * GRID[1]), seconds)
        drawn = sheet_png(art, size) if deck is None else png(deck.grid(size))
    except MemoryError:  # the allocation that failed took nothing: the note can be written
        return refused(kept, too_much_memory())
    except Undrawable as error:
        return refused(kept, str(error))
    kept.write(kept.picture_path(size), lambda file: file.write(drawn))
    kept.write_note({"aspect": aspect})
    return 0


def refused(kept: Kept, why: str) -> int:
    """Note why the theme cannot be drawn, for the window and the theme list; 1."""
    kept.write_note({"problem": why})
    print(why, file=sys.stderr)
    return 1


def main(argv: list[str]) -> int:
    request = json.loads(argv[0])
    return draw(request)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
