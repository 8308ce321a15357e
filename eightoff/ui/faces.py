"""Card artwork drawn in code at the size it is shown, so cards stay crisp at any window size
and on any pixel density: the window asks for the drawable's real pixels, and the cards are
drawn for them.

Three face designs share one card shape: "standard" (big corner index, court cards as a
headgear over a letter), "classic" (the traditional pack: rank over suit in the corner, full
pips, court cards as double-headed figures, court.py) and "large" (the largest index the fan
shows and the rank again across the middle, for small screens and weaker sight). Two backs are
in backs.py. The drawing vocabulary (inks, suit shapes, text, headgear) is in pictures.py.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Callable
from functools import cache, lru_cache
from pathlib import Path
from typing import NamedTuple

import pygame

from eightoff import __version__
from eightoff.core.cards import ACE, DECK, JACK, Card, Suit
from eightoff.ui import backs, court, pictures
from eightoff.ui.designs import DEFAULT_BACK, DEFAULT_FACE, back_design, face_design
from eightoff.ui.face_cache import PictureFile
from eightoff.ui.layout import FAN_RATIO
from eightoff.ui.pictures import (
    CREAM,
    EDGE,
    GOLD,
    HC_INK,
    HC_SELECT,
    HEADGEAR,
    PAPER,
    PIP_LAYOUT,
    SELECT,
    WHITE,
    Colour,
    Point,
    blend,
    draw_suit,
    rank_text,
    suit_colour,
    suit_shape,
    text_surface,
)
from eightoff.ui.window import in_screen_format

SMALLEST_MARK = 9
"""Pixels a suit mark is tall at least, wherever a face shows one: ♥ and ♦, ♠ and ♣ are told
apart in a fanned column. Where the design's proportions give less, the mark is drawn at this
size (the classic corner then sets the suit beside the rank, and pips too small to read give
way to one mark in the middle); layout.SMALLEST_CARD is the narrowest card this still fits."""


class Layout(NamedTuple):
    """Where things go on a card, in canvas pixels (the card times the supersampling factor)."""

    width: int
    height: int
    radius: int
    border: int
    margin: float
    cap: float
    """The corner rank's capital height."""
    strip: int
    """The top strip that holds the index: what a covered card in a column must show."""
    pip_top: float
    pip_bottom: float
    pip: float
    index_suit: float
    """The corner suit's height."""
    least: float
    """SMALLEST_MARK in canvas pixels."""
    stacked: bool = False
    """The classic corner, the suit under the rank (where the card is wide enough for it)."""
    compact: float = 0.0
    """A row game's corner, the suit right beside the rank (`for_rows`): its height; 0 where
    the design's own corner is drawn."""

    @property
    def one_mark(self) -> bool:
        """Whether the pips would be under SMALLEST_MARK: one mark in the middle instead."""
        return self.pip < self.least

    def mark(self, height: float) -> float:
        """A suit mark's height: `height`, or SMALLEST_MARK where that is less."""
        return max(height, self.least)

    @classmethod
    def of(cls, width: int, height: int, scale: int, design: str = DEFAULT_FACE) -> Layout:
        """Every design keeps its index within the top 0.34 of a card's width, which the
        shortest fan (large cards') shows."""
        w, h = width * scale, height * scale
        least = SMALLEST_MARK * scale
        stacked = design == "classic" and 0.1 * w >= least
        if stacked:  # rank over suit in the corner, as printed packs have it
            margin, cap = 0.05 * w, min(0.16 * w, 0.115 * h)
            index_suit = 0.1 * w
            strip = math.ceil(margin + cap + 0.015 * w + index_suit + 0.015 * w)
        elif design == "large":  # as large as the fan allows, suit beside
            margin, cap = 0.045 * w, min(0.285 * w, 0.205 * h)
            index_suit = max(cap * 0.92, least)
            strip = math.ceil(margin + max(cap, index_suit) + 0.015 * w)
        else:  # big, and a classic card too narrow for the stacked corner: the suit beside
            margin, cap = 0.06 * w, min(0.26 * w, 0.19 * h)
            index_suit = max(cap * 0.9, least)
            strip = math.ceil(margin + max(cap, index_suit) + 0.02 * w)
        gap = 0.025 * h
        area = h - 2 * (strip + gap)
        pip = min((0.17 if design == "classic" else 0.19) * w, area / 4.3)  # rows of 9 and 10 must not touch
        return cls(
            width=w, height=h, radius=round(0.085 * min(w, h)),
            border=max(scale, round(w / 110)), margin=margin, cap=cap, strip=strip,
            pip_top=strip + gap + pip / 2, pip_bottom=h - strip - gap - pip / 2, pip=pip,
            index_suit=index_suit, least=least, stacked=stacked,
        )

    def for_rows(self, strip: tuple[int, int], scale: int, over: bool = True) -> Layout:
        """This corner, or where it does not fit `strip` (the card pixels a row shows of a
        covered card, across and down), the rank and suit as large as the design's and the
        strip allow, at least SMALLEST_MARK, so both read on every covered card: the suit right
        beside the rank, or under it (given `over`) where that gives the larger rank, as in a
        strip about as tall as wide. The rest of the face is the design's."""
        room_w, room_h = (strip[0] - 1) * scale, (strip[1] - 1) * scale  # a pixel for smoothing
        if self.stacked and _stacked_width(self) <= room_w and self.strip <= room_h:
            return self
        beside = self._beside(room_w, room_h, scale)
        under = self._under(room_w, room_h, scale) if over else beside
        return under if under.cap > beside.cap else beside

    def _beside(self, room_w: float, room_h: float, scale: int) -> Layout:
        """The largest corner with the suit right beside the rank within `room_w` x `room_h`."""
        margin = 0.05 * self.width
        left, aspect = round(margin * 0.85), max(suit_shape(suit).aspect for suit in Suit)

        def fits(cap: float) -> bool:
            suit = self.mark(cap * 0.85)
            wide = left + _widest(cap) + RANK_GAP * cap + aspect * suit
            return wide <= room_w and margin + max(_tallest(cap), suit) <= room_h

        cap = min(self.cap, (room_w - left) / (RANK_WIDTH + RANK_GAP + 0.85 * aspect),
                  (room_w - left - aspect * self.least) / (RANK_WIDTH + RANK_GAP), (room_h - margin) / 1.15)
        while cap > self.least and not fits(cap):
            cap -= scale / 2
        cap = max(cap, self.least)
        suit = self.mark(cap * 0.85)
        tall = margin + max(_tallest(cap), suit)
        return self._replace(margin=margin, cap=cap, index_suit=suit, stacked=False, compact=tall)

    def _under(self, room_w: float, room_h: float, scale: int) -> Layout:
        """The largest corner with the suit under the rank (in the classic corner's proportions)
        within `room_w` x `room_h`; its rank is no taller than the suit allows (0 if none fits)."""
        margin, gap = 0.05 * self.width, 0.015 * self.width

        def corner(cap: float) -> Layout:
            suit = self.mark(cap * 0.625)
            return self._replace(margin=margin, cap=cap, index_suit=suit, stacked=True,
                                 compact=margin + cap + gap + suit)

        cap = min(self.cap, (room_h - margin - gap) / 1.625, room_h - margin - gap - self.least)
        while cap > self.least and (_stacked_width(corner(cap)) > room_w or corner(cap).compact > room_h):
            cap -= scale / 2
        return corner(cap) if cap >= self.least else self._replace(cap=0.0)


RANK_WIDTH = 1.25
"""The widest rank ("10", set close by pictures.text_surface) per unit of its capital height, at
most: where a row game's corner starts looking for a rank size that fits its strip."""
RANK_GAP = 0.06
"""The gap between a rank and the suit right beside it, per unit of the rank's capital height."""


def _widest(cap: float) -> int:
    """The widest rank's width at capital height `cap`, in the pixels it is drawn in."""
    return text_surface(rank_text(10), cap, EDGE).get_width()


def _tallest(cap: float) -> int:
    """The tallest rank's height at capital height `cap` (the Q's tail goes below the line)."""
    return max(text_surface(rank_text(rank), cap, EDGE).get_height() for rank in (JACK, JACK + 1))


def _stacked_width(lay: Layout) -> float:
    """How far the classic corner (rank over suit) reaches across, in canvas pixels."""
    widest = _widest(lay.cap)
    suit = max(suit_shape(suit).aspect for suit in Suit) * lay.index_suit
    centre = round(lay.margin) + max(widest, lay.index_suit * 0.8) / 2
    return centre + max(widest, suit) / 2


FACE = "face:"
"""A face's name in the cache file, before the card's fc-solve name ("face:QH"); the other
pictures are named as `CardFaces` keeps them ("back", "slot:♠")."""


class CardFaces:
    """All the artwork for one card size, deck and design, rendered lazily on first use and kept.

    Get instances through `card_faces()`, which keeps recent sizes so that resizing the
    window back and forth does not render anything twice. A design name this program does not
    draw means the default (designs.py).
    """

    def __init__(self, width: int, height: int, four_colour: bool = False, high_contrast: bool = False,
                 face: str = DEFAULT_FACE, back: str = DEFAULT_BACK,
                 rows: tuple[int, int] | None = None) -> None:
        if width < 16 or height < 16:
            raise ValueError(f"cards of {width}x{height} pixels are too small to draw")
        self.size = (width, height)
        self.four_colour = four_colour
        self.high_contrast = high_contrast
        """White paper, a thick black border, pure suit inks and solid yellow and white outlines."""
        self.design = face_design(face)
        self.back_design = back_design(back)
        self.paper, self.edge = (WHITE, HC_INK) if high_contrast else (PAPER, EDGE)
        self.select = HC_SELECT if high_contrast else SELECT
        # Small cards need more supersampling for smooth edges; large ones have pixels to spare.
        # Powers of two only: smoothscale by 3 leaves the opaque body at alpha 253.
        self.scale = 4 if width < 150 else 2
        self.layout = Layout.of(width, height, self.scale, self.design)
        self.rows = rows
        """The strip a row shows of a covered card, where the game lays its columns out as rows."""
        if rows is not None:
            # The classic court's frame starts beside its own corner: no larger one over the suit.
            self.layout = self.layout.for_rows(rows, self.scale, over=self.design != "classic")
        if high_contrast:
            self.layout = self.layout._replace(border=2 * self.layout.border)
        self._faces: dict[Card, pygame.Surface] = {}
        self._others: dict[str, pygame.Surface] = {}
        self._blank: pygame.Surface | None = None
        self._unkept: PictureFile | None = None
        """The cache file `restore` did not find the pictures in, for `keep` to write."""

    @property
    def index_height(self) -> int:
        """Pixels from a card's top that show rank and suit: the least a column may reveal."""
        return math.ceil((self.layout.compact or self.layout.strip) / self.scale)

    @property
    def index_width(self) -> int:
        """Pixels from a card's left edge that show its corner rank, the widest ("10") included,
        and the suit under it or right beside it: the least a row
        fanned rightwards may reveal. (In the designs' own corner with the suit at the top
        right, a row game draws the suit beside or under the rank: `Layout.for_rows`.)"""
        lay = self.layout
        if lay.stacked:
            return math.ceil(_stacked_width(lay) / self.scale)
        if lay.compact:
            return max(box.right for suit in Suit for box in self.index_boxes(Card(suit, 10)))
        return math.ceil((round(lay.margin * 0.85) + _widest(lay.cap)) / self.scale)

    def index_boxes(self, card: Card) -> list[pygame.Rect]:
        """The top-left corner's rank and suit as `face` draws them, each as the box (in card
        pixels, rounded outwards) its ink lies in: what a covered card must show."""
        lay, scale = self.layout, self.scale
        rank, (left, top), (x, y) = self._index(card, EDGE)
        height = lay.index_suit
        width = suit_shape(card.suit).aspect * height
        boxes = [(left, top, left + rank.get_width(), top + rank.get_height()),
                 (x - width / 2, y - height / 2, x + width / 2, y + height / 2)]
        out = [(math.floor(x0 / scale), math.floor(y0 / scale), math.ceil(x1 / scale), math.ceil(y1 / scale))
               for x0, y0, x1, y1 in boxes]
        return [pygame.Rect(x0, y0, x1 - x0, y1 - y0) for x0, y0, x1, y1 in out]

    def face(self, card: Card) -> pygame.Surface:
        """The face of `card`, with transparent rounded corners and a thin border."""
        surface = self._faces.get(card)
        if surface is None:
            surface = self._faces[card] = self._finish(self._draw_face(card))
        return surface

    def back(self) -> pygame.Surface:
        """The back, shown for face-down cards (Raglan's, and the deal animation's)."""
        return self._other("back", self._draw_back)

    def slot(self, label: str = "") -> pygame.Surface:
        """An empty pile's outline; a suit symbol as `label` is drawn as a vector shape."""
        return self._other("slot:" + label, lambda: self._draw_slot(label))

    def highlight(self) -> pygame.Surface:
        """A translucent outline the size of a card, blitted over the selected or target pile."""
        return self._other("highlight", self._draw_highlight)

    # -- kept between runs

    def restore(self, folder: Path) -> None:
        """Take the pictures kept in `folder` (eightoff/ui/face_cache.py) by a launch that drew
        them as this program draws them; if there are none, `keep` will write them."""
        deck = "four" if self.four_colour else "two"
        contrast = "-high-contrast" if self.high_contrast else ""
        rows = f"-rows{self.rows[0]}x{self.rows[1]}" if self.rows else ""
        name = f"{self.size[0]}x{self.size[1]}-{deck}-colour{contrast}-{self.design}-{self.back_design}{rows}"
        file = PictureFile(folder, name, self._art_key(), self.size)
        pictures = file.read()
        if pictures is None:
            self._unkept = file
            return
        by_name = {FACE + str(card): card for card in DECK}
        for name, picture in pictures.items():
            if name in by_name:
                self._faces[by_name[name]] = picture
            else:
                self._others[name] = picture  # the back, an empty pile's outline, ...

    def keep(self) -> None:
        """Write the pictures drawn so far to the file `restore` did not find: called once the
        first frame is on screen, so the next launch's first frame needs no drawing."""
        if self._unkept is not None:
            file, self._unkept = self._unkept, None
            file.write({**{FACE + str(card): face for card, face in self._faces.items()}, **self._others})

    def _art_key(self) -> str:
        """Everything the pictures' pixels depend on: size, deck and designs, the drawing code,
        the program, and the pygame and SDL that scale and convert them (their smoothing differs
        between versions and processors)."""
        return " ".join((
            f"{self.size[0]}x{self.size[1]}", f"four-colour={self.four_colour}",
            f"high-contrast={self.high_contrast}", f"face={self.design}", f"back={self.back_design}",
            f"rows={self.rows}",
            f"art={art_version()}", f"fan={FAN_RATIO}",
            f"eightoff={__version__}", f"pygame={pygame.version.ver}", f"SDL={pygame.version.SDL}",
            f"smoothscale={pygame.transform.get_smoothscale_backend()}",
        ))

    # -- plumbing

    def _other(self, key: str, draw: Callable[[], pygame.Surface]) -> pygame.Surface:
        surface = self._others.get(key)
        if surface is None:
            surface = self._others[key] = self._finish(draw())
        return surface

    def _finish(self, canvas: pygame.Surface) -> pygame.Surface:
        surface = pygame.transform.smoothscale(canvas, self.size)
        return in_screen_format(surface, alpha=True)

    def _canvas(self, clear: Colour) -> pygame.Surface:
        """A transparent canvas whose hue matches the outermost ink, to avoid dark edges."""
        canvas = pygame.Surface((self.layout.width, self.layout.height), pygame.SRCALPHA)
        canvas.fill((*clear, 0))
        return canvas

    def _blank_card(self) -> pygame.Surface:
        if self._blank is None:
            lay = self.layout
            self._blank = self._canvas(self.edge)
            rect = self._blank.get_rect()
            pygame.draw.rect(self._blank, self.edge, rect, border_radius=lay.radius)
            pygame.draw.rect(self._blank, self.paper, rect.inflate(-2 * lay.border, -2 * lay.border),
                             border_radius=lay.radius - lay.border)
        return self._blank.copy()

    # -- faces

    def _draw_face(self, card: Card) -> pygame.Surface:
        canvas = self._blank_card()
        colour = suit_colour(card.suit, self.four_colour, self.high_contrast)
        self._draw_index(canvas, card, colour)
        if self.design == "large" or (self.layout.one_mark and card.rank != ACE):
            self._draw_large_middle(canvas, card, colour)
        elif card.rank == ACE:
            self._draw_ace(canvas, card.suit, colour)
        elif card.rank >= JACK and self.design == "classic":
            court.draw_figure(canvas, self._classic_panel(), card, colour, self.layout.border,
                              self.layout.radius, self.layout.least)
        elif card.rank >= JACK:
            self._draw_court(canvas, card, colour)
        else:
            self._draw_pips(canvas, card, colour)
        return canvas

    def _index(self, card: Card, colour: Colour) -> tuple[pygame.Surface, tuple[int, int], Point]:
        """The top-left corner: the rank's picture and its top left, and the suit's centre. The
        rank over the suit (classic), or the suit beside it: at the top right, or right after
        the rank (a row game's); the bottom right holds the same turned round."""
        lay = self.layout
        rank = text_surface(rank_text(card.rank), lay.cap, colour)
        height = lay.index_suit
        if lay.stacked:
            top = round(lay.margin)
            centre_x = round(lay.margin) + max(rank.get_width(), height * 0.8) / 2
            left = round(centre_x) - rank.get_width() // 2  # as get_rect(midtop=...) places it
            return rank, (left, top), (centre_x, top + lay.cap + 0.015 * lay.width + height / 2)
        left, top = round(lay.margin * 0.85), round(lay.margin)
        half = suit_shape(card.suit).aspect * height / 2
        x = left + rank.get_width() + RANK_GAP * lay.cap + half if lay.compact else lay.width - left - half
        return rank, (left, top), (x, top + max(lay.cap, height) / 2)

    def _draw_index(self, canvas: pygame.Surface, card: Card, colour: Colour) -> None:
        """The corner index at the top left and, turned round, at the bottom right."""
        lay = self.layout
        rank, (left, top), (x, y) = self._index(card, colour)
        canvas.blit(rank, (left, top))
        turned = pygame.transform.flip(rank, True, True)
        canvas.blit(turned, turned.get_rect(midbottom=(round(lay.width - x), lay.height - top)) if lay.stacked
                    else (lay.width - left - rank.get_width(), lay.height - top - rank.get_height()))
        draw_suit(canvas, card.suit, (x, y), lay.index_suit, colour)
        draw_suit(canvas, card.suit, (lay.width - x, lay.height - y), lay.index_suit, colour, True)

    def _draw_pips(self, canvas: pygame.Surface, card: Card, colour: Colour) -> None:
        lay = self.layout
        spread = lay.width * (0.2 if self.design == "classic" else 0.21)
        for column, down in PIP_LAYOUT[card.rank]:
            centre = (lay.width / 2 + column * spread,
                      lay.pip_top + down * (lay.pip_bottom - lay.pip_top))
            draw_suit(canvas, card.suit, centre, lay.pip, colour, upside_down=down > 0.5)

    def _draw_ace(self, canvas: pygame.Surface, suit: Suit, colour: Colour) -> None:
        lay = self.layout
        centre = (lay.width / 2, lay.height / 2)
        if self.design == "classic" and suit is Suit.SPADES:
            room = lay.height / 2 - (lay.pip_top - lay.pip / 2)  # as far as the pips of a 10 reach
            court.draw_ace_of_spades(canvas, centre, lay.width, colour, self.paper, lay.border, room)
            return
        share = 0.36 if self.design == "classic" else 0.5
        height = min(lay.width * share / suit_shape(suit).aspect, (lay.height - 2 * lay.strip) * 0.7)
        draw_suit(canvas, suit, centre, height, colour)

    def _draw_large_middle(self, canvas: pygame.Surface, card: Card, colour: Colour) -> None:
        """The rank once more across the middle, over a big suit: readable from across a room
        and in a free cell, where a card shows whole. A court card's sits in a gold frame."""
        lay = self.layout
        area = pygame.Rect(0, lay.strip, lay.width, lay.height - 2 * lay.strip)
        if card.rank >= JACK:
            panel = area.inflate(-round(lay.width * 0.2), -round(lay.height * 0.04))
            line = max(1, round(lay.border * 0.9))
            pygame.draw.rect(canvas, blend(colour, CREAM, 0.88), panel, border_radius=lay.radius // 2)
            pygame.draw.rect(canvas, GOLD, panel, 2 * line, border_radius=lay.radius // 2)
        if card.rank == ACE:
            height = min(lay.width * 0.62 / suit_shape(card.suit).aspect, area.height * 0.8)
            draw_suit(canvas, card.suit, area.center, lay.mark(height), colour)
            return
        gap = area.height * 0.06
        suit_height = lay.mark(min(area.height * 0.3, lay.width * 0.4 / suit_shape(card.suit).aspect))
        room = area.height - gap - suit_height  # the letter takes what the mark leaves it
        letter = text_surface(rank_text(card.rank), min(area.height * 0.4, lay.width * 0.42, room), colour)
        total = letter.get_height() + gap + suit_height
        top = area.centery - total / 2
        canvas.blit(letter, letter.get_rect(midtop=(area.centerx, round(top))))
        draw_suit(canvas, card.suit, (area.centerx, top + letter.get_height() + gap + suit_height / 2),
                  suit_height, colour)

    def _panel(self) -> pygame.Rect:
        """A court card's picture: below the strip a column shows of a covered card (with a
        row to spare for smoothing), so no sliver of its frame peeps out under the index."""
        lay = self.layout
        shown = round(self.size[1] * FAN_RATIO) + 1
        top = max(lay.strip + lay.height * 0.015, shown * self.scale)
        return pygame.Rect(round(lay.width * 0.12), round(top), round(lay.width * 0.76),
                           round(lay.height - 2 * top))

    def _classic_panel(self) -> pygame.Rect:
        """The classic court's frame: between the corner indices, nearly the card's height,
        as printed packs have it (its top shows beside the index in a column)."""
        lay = self.layout
        left, top = round(lay.width * 0.2), round(lay.margin * 1.1)
        if not lay.stacked:  # the suit sits beside the rank, across the top: the frame starts below
            left, top = round(lay.width * 0.12), round(lay.strip + lay.height * 0.015)
        return pygame.Rect(left, top, lay.width - 2 * left, lay.height - 2 * top)

    def _draw_court(self, canvas: pygame.Surface, card: Card, colour: Colour) -> None:
        """A framed panel: headgear over a big letter, flanked by the suit."""
        lay = self.layout
        panel = self._panel()
        line = max(1, round(lay.border * 0.9))
        radius = round(lay.radius * 0.6)
        pygame.draw.rect(canvas, blend(colour, CREAM, 0.88), panel, border_radius=radius)
        pygame.draw.rect(canvas, colour, panel, 2 * line, border_radius=radius)
        inner = panel.inflate(-5 * line, -5 * line)
        pygame.draw.rect(canvas, GOLD, inner, line, border_radius=max(1, radius - 2 * line))

        def at(down: float) -> float:
            return panel.top + panel.height * down

        hat = pygame.Rect(0, 0, round(panel.width * 0.64), round(panel.height * 0.36))
        hat.midbottom = (panel.centerx, round(at(0.45)))
        HEADGEAR[card.rank](canvas, hat, colour, line)
        letter = text_surface(rank_text(card.rank), panel.height * 0.34, colour)
        canvas.blit(letter, letter.get_rect(midtop=(panel.centerx, at(0.5))))
        for side in (-1, 1):
            draw_suit(canvas, card.suit, (panel.centerx + side * panel.width * 0.3, at(0.67)),
                      lay.mark(panel.height * 0.15), colour)

    # -- back, slot, highlight

    def _draw_back(self) -> pygame.Surface:
        canvas = self._blank_card()
        backs.draw_back(canvas, self.back_design, self.layout.width, self.layout.radius)
        return canvas

    def _draw_slot(self, label: str) -> pygame.Surface:
        lay = self.layout
        canvas = self._canvas(WHITE)
        rect = canvas.get_rect()
        # High contrast: a solid white outline on the black table, and symbols that read.
        fill, line, mark = ((0, 0, 0, 255), 255, 200) if self.high_contrast else ((0, 0, 0, 40), 120, 80)
        thickness = round(lay.width * (0.04 if self.high_contrast else 0.02))
        pygame.draw.rect(canvas, fill, rect, border_radius=lay.radius)
        pygame.draw.rect(canvas, (*WHITE, line), rect, max(1, thickness), border_radius=lay.radius)
        symbols = {suit.symbol: suit for suit in Suit}
        if label in symbols:
            draw_suit(canvas, symbols[label], rect.center, lay.width * 0.4, (*WHITE, mark))
        elif label:
            # Stamped through a mask rather than blitted: blending white onto the translucent
            # dark fill would grey it, while stamping sets colour and alpha as drawing does.
            text = text_surface(label, lay.width * 0.3, WHITE)
            pygame.mask.from_surface(text).to_surface(
                canvas, setcolor=(*WHITE, mark), unsetcolor=None,
                dest=text.get_rect(center=rect.center))
        return canvas

    def _draw_highlight(self) -> pygame.Surface:
        lay = self.layout
        canvas = self._canvas(self.select)
        rect = canvas.get_rect()
        pygame.draw.rect(canvas, (*self.select, 40), rect, border_radius=lay.radius)
        ring = 0.07 if self.high_contrast else 0.045
        pygame.draw.rect(canvas, (*self.select, 255 if self.high_contrast else 230), rect,
                         max(2, round(lay.width * ring)),
                         border_radius=lay.radius)
        return canvas


@cache
def art_version() -> str:
    """The drawing code's own fingerprint (the text of this module and of those it draws with),
    so that any change to how a card is drawn draws the cached pictures again; a frozen build
    without its source relies on the program's version, which is in the key as well. A CRC, not
    a secure hash: it guards against mistakes, not adversaries, and hashlib would add to the
    window's start (docs/notes.md, "Tuning figures")."""
    checksum = 0
    try:
        for module in (__file__, pictures.__file__, court.__file__, backs.__file__):
            checksum = zlib.crc32(Path(module).read_bytes(), checksum)
    except (OSError, TypeError):
        return "frozen"
    return f"{checksum:08x}"


@lru_cache(maxsize=8)
def _cached(width: int, height: int, four_colour: bool, high_contrast: bool, face: str, back: str,
            cache_folder: Path | None, rows: tuple[int, int] | None) -> CardFaces:
    faces = CardFaces(width, height, four_colour, high_contrast, face, back, rows)
    if cache_folder is not None:
        faces.restore(cache_folder)
    return faces


def card_faces(width: int, height: int, four_colour: bool = False, high_contrast: bool = False,
               cache_folder: Path | None = None, face: str = DEFAULT_FACE,
               back: str = DEFAULT_BACK, rows: tuple[int, int] | None = None) -> CardFaces:
    """The shared `CardFaces` for a size, deck and design (and, for a table of rows, the strip
    a row shows of a covered card); the last few stay rendered. With a `cache_folder`, the
    pictures kept there by an earlier run are used, not drawn again."""
    return _cached(int(width), int(height), bool(four_colour), bool(high_contrast), face_design(face),
                   back_design(back), cache_folder, rows)
