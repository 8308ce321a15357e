"""Reading a theme's SVG safely and checking that it can be drawn, before any drawing.

A theme file is the player's, but it may be anything: garbage, cut short, a gzip bomb, a sheet
a million pixels wide, an SVG that points at other files or addresses, or one that unpacks far
beyond a card sheet when drawn. Each is refused here with one line saying why, so the window
keeps its built-in design and the list says "cannot be drawn": the file is read (never followed
through a link, never waited on as a FIFO), its inflated size capped, its XML parsed without
external entities, every reference checked to point inside the document (so the renderer never
fetches anything), and the pictures it carries and the copies its `<use>` make are counted.
"""

from __future__ import annotations

import base64
import binascii
import re
import struct
import zlib
from dataclasses import dataclass
from xml.etree import ElementTree

from eightoff.core.cards import Suit
from eightoff.core.i18n import _, decimal
from eightoff.themes.found import AISLERIOT, Theme
from eightoff.userfiles.reading import BadFile, Unreadable, read_regular

FILE_LIMIT = 24 << 20
"""Bytes read of a theme file: the largest installed one is a 3.3 MB .svgz."""
INFLATED_LIMIT = 64 << 20
"""Bytes an .svgz may inflate to: the largest installed one inflates to 11.5 MB."""
SIDE_LIMIT = 20000.0
"""The widest or tallest sheet, in its own units: the installed ones are under 5000."""
ELEMENT_LIMIT = 1_000_000
"""XML elements in a theme: the installed ones have under 100,000."""
DRAWN_LIMIT = 200_000
"""Elements drawn once each `<use>` counts as a copy of what it names: a few nested uses copy
one shape millions of times (the installed themes draw under 60,000)."""
DEPTH_LIMIT = 64
"""Elements nested inside one another, each `<use>` counted as holding what it names: resvg
draws a nesting by recursion, and its stack gives out near 250 levels, ending the drawing by a
crash (the installed themes nest at most 14 deep)."""
PICTURE_LIMIT = 4096 * 4096
"""Pixels of a picture a theme embeds: a PNG of a few hundred kilobytes may unpack to
gigabytes (the installed themes' largest has 1.2 million)."""
PICTURE_HEAD = 1 << 20
"""Base64 characters of an embedded picture read for its size (a JPEG's lies after its extras)."""
ASPECTS = (1.0, 2.0)
"""Card height per unit of width that a theme's cards may have (the installed: 1.33-1.56)."""
GRID = (13, 5)
"""An Aisleriot sheet: 13 ranks across; clubs, diamonds, hearts, spades, then jokers and back."""
SUIT_NAMES = {Suit.CLUBS: "club", Suit.DIAMONDS: "diamond", Suit.HEARTS: "heart", Suit.SPADES: "spade"}
RANK_NAMES = {1: "1", **{rank: str(rank) for rank in range(2, 11)}, 11: "jack", 12: "queen", 13: "king"}
BACK = "back"
SVG_NS = "{http://www.w3.org/2000/svg}"
HREFS = ("href", "{http://www.w3.org/1999/xlink}href")
URL = re.compile(r"url\(\s*['\"]?\s*([^)'\"\s]*)")
IMPORT = re.compile(r"@import", re.IGNORECASE)
UNITS = {"": 1.0, "px": 1.0, "pt": 4 / 3, "pc": 16.0, "mm": 96 / 25.4, "cm": 96 / 2.54, "in": 96.0}


class Undrawable(Exception):
    """Why a theme cannot be drawn, in one line a player reads."""


@dataclass(frozen=True)
class Art:
    """A theme read and checked: its SVG text, the sheet's size in its own units and, for an
    Aisleriot sheet, its cards' height per unit of width (a KDE deck's is measured on drawing)."""

    theme: Theme
    svg: str
    size: tuple[float, float]
    aspect: float | None


def element_id(suit: Suit, rank: int) -> str:
    """A KDE deck's element of a card: `1_club` ... `king_spade`."""
    return f"{RANK_NAMES[rank]}_{SUIT_NAMES[suit]}"


def read_art(theme: Theme) -> Art:
    """The theme's SVG, read and checked; `Undrawable` says why not."""
    if theme.problem or theme.svg is None:
        raise Undrawable(theme.problem or _("it names no SVG"))
    try:
        raw = read_regular(theme.svg, FILE_LIMIT)
    except (BadFile, Unreadable) as error:
        raise Undrawable(str(error)) from error
    if raw is None:
        raise Undrawable(_("its SVG is missing"))
    text = _decoded(_inflated(raw))
    root = _parsed(text)
    size = _sheet_size(root)
    aspect = None
    if theme.kind == AISLERIOT:
        aspect = (size[1] / GRID[1]) / (size[0] / GRID[0])
        if not ASPECTS[0] <= aspect <= ASPECTS[1]:
            raise Undrawable(_("its cards' proportions are not a card's ({width:g} x {height:g})").format(
                width=size[0] / GRID[0], height=size[1] / GRID[1]))
    else:
        ids = {element.get("id") for element in root.iter()}
        wanted = [element_id(suit, rank) for suit in Suit for rank in RANK_NAMES] + [BACK]
        missing = [name for name in wanted if name not in ids]
        if missing:
            raise Undrawable(_("elements are missing: {names}").format(names=", ".join(missing[:4])
                                                                       + (" …" if len(missing) > 4 else "")))
    return Art(theme, text, size, aspect)


def problem(theme: Theme) -> str:
    """Why `theme` cannot be drawn, or "" when it can (as far as reading it tells)."""
    try:
        read_art(theme)
    except Undrawable as error:
        return str(error)
    return ""


def _inflated(raw: bytes) -> bytes:
    if not raw.strip():
        raise Undrawable(_("it is empty"))
    if not raw.startswith(b"\x1f\x8b"):
        return raw
    inflater = zlib.decompressobj(wbits=31)
    try:
        data = inflater.decompress(raw, INFLATED_LIMIT + 1)
    except zlib.error as error:
        raise Undrawable(_("it is not a readable gzip file")) from error
    if len(data) > INFLATED_LIMIT:
        raise Undrawable(_("it inflates to more than {megabytes} MB").format(megabytes=INFLATED_LIMIT >> 20))
    if not inflater.eof:
        raise Undrawable(_("it is cut short"))
    return data


def _decoded(data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise Undrawable(_("it is not an SVG document")) from error


def _parsed(text: str) -> ElementTree.Element:
    """The document's root, parsed by expat, which neither loads external entities nor lets
    internal ones expand without bound; a document that declares an entity is refused."""
    if "<!ENTITY" in text:
        raise Undrawable(_("it declares XML entities"))
    try:
        root = ElementTree.fromstring(text)
    except (ElementTree.ParseError, ValueError, RecursionError) as error:
        raise Undrawable(_("it is not an SVG document")) from error
    if root.tag not in (SVG_NS + "svg", "svg"):
        raise Undrawable(_("it is not an SVG document"))
    for count, element in enumerate(root.iter()):
        if count >= ELEMENT_LIMIT:
            raise Undrawable(_("it has more than {count} elements").format(count=decimal(ELEMENT_LIMIT)))
        _check_references(element)
    _check_copies(root)
    return root


def _check_copies(root: ElementTree.Element) -> None:
    """Count the elements drawn with every `<use>` followed, and how deep they nest, depth first
    without recursion; a reference back into what is being counted adds nothing (resvg draws no
    cycle)."""
    named = {element.get("id"): element for element in root.iter() if element.get("id")}
    uses = [use for tag in (SVG_NS + "use", "use") for use in root.iter(tag)]
    used = {id(use): named.get(target[1:]) for use in uses
            if (target := (use.get(HREFS[1]) or use.get(HREFS[0]) or "").strip())[:1] == "#"}
    drawn: dict[int, int] = {}
    depth: dict[int, int] = {}
    stack = [(root, False)]
    while stack:
        element, counted = stack.pop()
        key = id(element)
        under = [*element, copied] if (copied := used.get(key)) is not None else list(element)
        if counted:
            drawn[key] = 1 + sum(drawn[id(each)] for each in under)
            depth[key] = 1 + max((depth[id(each)] for each in under), default=0)
            if drawn[key] > DRAWN_LIMIT:
                raise Undrawable(_("it draws more than {count} elements once its references are followed")
                                 .format(count=decimal(DRAWN_LIMIT)))
            if depth[key] > DEPTH_LIMIT:
                raise Undrawable(_("it nests elements more than {count} deep").format(count=DEPTH_LIMIT))
        elif key not in drawn:
            drawn[key] = depth[key] = 0  # being counted
            stack.append((element, True))
            stack.extend((each, False) for each in under if id(each) not in drawn)


def _check_references(element: ElementTree.Element) -> None:
    """Every reference must stay in the document (`#id`) or carry a picture that can be
    checked (`data:`, `_check_picture`)."""
    for name in HREFS:
        target = (element.get(name) or "").strip()
        _inside(target)
    texts = [value for key, value in element.attrib.items() if key not in HREFS]
    if element.tag in (SVG_NS + "style", "style"):
        texts.append(element.text or "")
        if IMPORT.search(element.text or ""):
            raise Undrawable(_("its style sheet imports another"))
    for value in texts:
        if "url(" in value:
            for target in URL.findall(value):
                _inside(target)


def _inside(target: str) -> None:
    if target.startswith("data:"):
        _check_picture(target)
    elif target and not target.startswith("#"):
        raise Undrawable(_("it refers to a file or address outside it ({target})").format(target=target[:60]))


def _check_picture(target: str) -> None:
    """A picture carried in a data: address must be a PNG or a JPEG whose size can be read and
    is within PICTURE_LIMIT; anything else (an SVG, which could hold any of the above) is refused."""
    head, _comma, body = target.partition(",")
    kind = head[5:].split(";")[0].strip().lower()
    reader = {"image/png": _png_size, "image/jpeg": _jpeg_size, "image/jpg": _jpeg_size}.get(kind)
    size = None
    for read in (64, 4096, PICTURE_HEAD):  # a PNG's size is in its first bytes; a JPEG's may come later
        if reader is None or not head.endswith(";base64"):
            break
        compact = re.sub(r"\s+", "", body[:read])
        try:
            size = reader(base64.b64decode(compact[: len(compact) - len(compact) % 4]))
        except (binascii.Error, ValueError):
            break
        if size is not None or read >= len(body):
            break
    if size is None:
        raise Undrawable(_("it embeds a picture that cannot be checked"))
    if size[0] * size[1] > PICTURE_LIMIT:
        raise Undrawable(_("it embeds a picture of {width} x {height} pixels, larger than a card sheet needs")
                         .format(width=size[0], height=size[1]))


def _png_size(data: bytes) -> tuple[int, int] | None:
    if data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        return None
    width, height = struct.unpack(">II", data[16:24])
    return (width, height)


def _jpeg_size(data: bytes) -> tuple[int, int] | None:
    """The size in a JPEG's start-of-frame segment, found by walking the segments before it."""
    at = 2 if data[:2] == b"\xff\xd8" else len(data)
    while at + 9 <= len(data) and data[at] == 0xFF:
        marker = data[at + 1]
        if marker == 0xFF:  # padding
            at += 1
        elif 0xD0 <= marker <= 0xD7 or marker == 0x01:  # segments without a length
            at += 2
        elif 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            height, width = struct.unpack(">HH", data[at + 5:at + 9])
            return (width, height)
        else:
            at += 2 + struct.unpack(">H", data[at + 2:at + 4])[0]
    return None


def _sheet_size(root: ElementTree.Element) -> tuple[float, float]:
    """The sheet's size in its own units (the viewBox, else width and height)."""
    box = (root.get("viewBox") or "").replace(",", " ").split()
    try:
        if len(box) == 4:
            width, height = float(box[2]), float(box[3])
        else:
            width, height = _length(root.get("width")), _length(root.get("height"))
    except ValueError as error:
        raise Undrawable(_("its size cannot be read")) from error
    if not (0 < width <= SIDE_LIMIT and 0 < height <= SIDE_LIMIT):
        raise Undrawable(_("its sheet is {width:g} x {height:g}, larger than a card sheet can be").format(
            width=width, height=height) if width > 0 and height > 0 else _("its size cannot be read"))
    return (width, height)


def _length(text: str | None) -> float:
    match = re.fullmatch(r"\s*([0-9.eE+-]+)\s*([a-z]*)\s*", text or "")
    if match is None or match.group(2) not in UNITS:
        raise ValueError(text)
    return float(match.group(1)) * UNITS[match.group(2)]

