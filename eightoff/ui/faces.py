"""Card artwork drawn in code at the size it is shown, so cards stay crisp at any window size.

Everything is drawn on a canvas a few times larger than the card and scaled down once:
pygame.draw has no anti-aliasing, and scaling *down* smooths the edges of pips, rounded
corners and letters alike without the blur that scaling a bitmap up would bring.
Suit symbols are polygons and circles rather than font glyphs, because fonts may lack them.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Callable, Sequence
from functools import cache, lru_cache
from pathlib import Path
from typing import NamedTuple

import pygame

from eightoff import __version__
from eightoff.core.cards import ACE, DECK, JACK, KING, QUEEN, RANK_LETTERS, Card, Suit
from eightoff.ui.face_cache import PictureFile
from eightoff.ui.layout import FAN_RATIO
from eightoff.ui.window import in_screen_format

Colour = tuple[int, int, int]
Point = tuple[float, float]

INK: Colour = (22, 22, 28)
RED: Colour = (204, 20, 40)
GREEN: Colour = (0, 130, 60)
BLUE: Colour = (20, 86, 204)
PAPER: Colour = (253, 252, 247)
EDGE: Colour = (110, 110, 118)
GOLD: Colour = (236, 184, 52)
GOLD_LINE: Colour = (120, 78, 10)
BACK_BLUE: Colour = (26, 62, 140)
BACK_LINE: Colour = (58, 100, 184)
BACK_LIGHT: Colour = (226, 234, 250)
SELECT: Colour = (255, 196, 30)
WHITE: Colour = (255, 255, 255)
CREAM: Colour = (255, 244, 214)

# Where the pips of 2..10 sit: (column -1/0/1, fraction of the way down the pip area).
# Pips in the lower half are drawn upside down, as on printed cards.
PIP_LAYOUT: dict[int, tuple[tuple[int, float], ...]] = {
    2: ((0, 0), (0, 1)),
    3: ((0, 0), (0, 0.5), (0, 1)),
    4: ((-1, 0), (1, 0), (-1, 1), (1, 1)),
    5: ((-1, 0), (1, 0), (0, 0.5), (-1, 1), (1, 1)),
    6: ((-1, 0), (1, 0), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)),
    7: ((-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)),
    8: ((-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (0, 0.75), (-1, 1), (1, 1)),
    9: ((-1, 0), (1, 0), (-1, 1 / 3), (1, 1 / 3), (0, 0.5), (-1, 2 / 3), (1, 2 / 3),
        (-1, 1), (1, 1)),
    10: ((-1, 0), (1, 0), (0, 1 / 6), (-1, 1 / 3), (1, 1 / 3), (-1, 2 / 3), (1, 2 / 3),
         (0, 5 / 6), (-1, 1), (1, 1)),
}


HC_RED: Colour = (220, 0, 0)
HC_INK: Colour = (0, 0, 0)
HC_SELECT: Colour = (255, 255, 0)


def suit_colour(suit: Suit, four_colour: bool = False, high_contrast: bool = False) -> Colour:
    """The ink of a suit; four-colour decks tell clubs from spades at a glance. High contrast
    uses pure red and black (and purer green and blue), the strongest against white paper."""
    red, ink = (HC_RED, HC_INK) if high_contrast else (RED, INK)
    if four_colour:
        return ((0, 120, 0), (0, 0, 220), red, ink)[suit] if high_contrast else (GREEN, BLUE, red, ink)[suit]
    return red if suit.is_red else ink


# --- suit symbols as vector shapes -------------------------------------------------------


class Shape(NamedTuple):
    """A figure in a box one unit high and `aspect` units wide, y pointing down."""

    aspect: float
    polygons: tuple[tuple[Point, ...], ...]
    circles: tuple[tuple[Point, float], ...] = ()


def _bezier(start: Point, control: Point, end: Point, steps: int = 10) -> list[Point]:
    """Points along a quadratic curve: enough to look smooth once scaled down."""
    return [
        (
            (1 - t) ** 2 * start[0] + 2 * (1 - t) * t * control[0] + t * t * end[0],
            (1 - t) ** 2 * start[1] + 2 * (1 - t) * t * control[1] + t * t * end[1],
        )
        for t in (i / steps for i in range(steps + 1))
    ]


def _heart_outline(height: float, flip: bool) -> tuple[float, list[Point]]:
    """The classic parametric heart, scaled to `height`; returns (width, outline)."""
    raw = [
        (16 * math.sin(t) ** 3,
         -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)))
        for t in (2 * math.pi * i / 64 for i in range(64))
    ]
    top = min(y for _, y in raw)
    scale = height / (max(y for _, y in raw) - top)
    outline = [((x + 16) * scale, (y - top) * scale) for x, y in raw]
    if flip:
        outline = [(x, height - y) for x, y in outline]
    return 32 * scale, outline


def _stem(centre: float, top: float) -> tuple[Point, ...]:
    """The flared foot shared by spades and clubs."""
    right = _bezier((centre + 0.035, top), (centre + 0.05, 0.93), (centre + 0.19, 1.0))
    left = [(2 * centre - x, y) for x, y in reversed(right)]
    return tuple(right + left)


def _heart() -> Shape:
    width, outline = _heart_outline(1.0, flip=False)
    return Shape(width, (tuple(outline),))


def _spade() -> Shape:
    width, outline = _heart_outline(0.8, flip=True)
    return Shape(width, (tuple(outline), _stem(width / 2, 0.6)))


def _diamond() -> Shape:
    width = 0.76
    corners = [(width / 2, 0.0), (width, 0.5), (width / 2, 1.0), (0.0, 0.5)]
    outline: list[Point] = []
    for start, end in zip(corners, corners[1:] + corners[:1], strict=True):
        # Pull each side's midpoint a little towards the centre: a gently waisted diamond.
        middle = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
        control = (middle[0] + (width / 2 - middle[0]) * 0.16, middle[1] + (0.5 - middle[1]) * 0.16)
        outline += _bezier(start, control, end)[:-1]
    return Shape(width, (tuple(outline),))


def _club() -> Shape:
    radius, spread = 0.235, 0.26
    width = 2 * (radius + spread)
    middle = width / 2
    circles = (
        ((middle, radius + 0.005), radius),
        ((middle - spread, 0.57), radius),
        ((middle + spread, 0.57), radius),
        ((middle, 0.52), 0.13),
    )
    return Shape(width, (_stem(middle, 0.6),), circles)


@cache
def suit_shape(suit: Suit) -> Shape:
    """The vector figure of a suit, computed once."""
    return {Suit.CLUBS: _club, Suit.DIAMONDS: _diamond, Suit.HEARTS: _heart,
            Suit.SPADES: _spade}[suit]()


def draw_shape(
    surface: pygame.Surface,
    shape: Shape,
    centre: Point,
    height: float,
    colour: Sequence[int],
    upside_down: bool = False,
) -> None:
    """Fill `shape` scaled to `height` around `centre`; pygame.draw writes colour and alpha as given."""
    left, top = centre[0] - shape.aspect * height / 2, centre[1] - height / 2

    def place(point: Point) -> Point:
        x, y = (shape.aspect - point[0], 1 - point[1]) if upside_down else point
        return left + x * height, top + y * height

    for polygon in shape.polygons:
        pygame.draw.polygon(surface, colour, [place(p) for p in polygon])
    for point, radius in shape.circles:
        pygame.draw.circle(surface, colour, place(point), radius * height)


def draw_suit(
    surface: pygame.Surface,
    suit: Suit,
    centre: Point,
    height: float,
    colour: Sequence[int],
    upside_down: bool = False,
) -> None:
    """Draw a suit symbol; draw on a larger canvas and scale down for smooth edges."""
    draw_shape(surface, suit_shape(suit), centre, height, colour, upside_down)


# --- text --------------------------------------------------------------------------------


@lru_cache(maxsize=64)
def _font(size: int) -> pygame.font.Font:
    """pygame's bundled bold sans: no system font lookup, so start-up stays quick."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(None, size)


@lru_cache(maxsize=1)
def _cap_ratio() -> float:
    """Capital height per point of font size, so text can be asked for by the height it shows."""
    return _font(200).render("H", True, WHITE).get_bounding_rect().height / 200


def text_surface(text: str, cap_height: float, colour: Colour) -> pygame.Surface:
    """`text` with capitals `cap_height` pixels tall, cropped to its ink.

    Letters are set one by one and closer than the font's own spacing, so that "10" is
    hardly wider than a single letter and the big corner index fits narrow cards.
    """
    font = _font(max(4, round(cap_height / _cap_ratio())))
    glyphs = [font.render(char, True, colour) for char in text]
    boxes = [glyph.get_bounding_rect() for glyph in glyphs]
    top = min(box.top for box in boxes)
    bottom = max(box.bottom for box in boxes)
    gap = round(cap_height * 0.05)
    width = sum(box.width for box in boxes) + gap * (len(boxes) - 1)
    result = pygame.Surface((width, bottom - top), pygame.SRCALPHA)
    result.fill((*colour, 0))  # transparent, but of the same hue: no dark fringes when scaled
    x = 0
    for glyph, box in zip(glyphs, boxes, strict=True):
        result.blit(glyph, (x, 0), (box.left, top, box.width, bottom - top))
        x += box.width + gap
    return result


def rank_text(rank: int) -> str:
    """How a rank is written in the corner: "10" rather than fc-solve's "T"."""
    return "10" if rank == 10 else RANK_LETTERS[rank - 1]


# --- the face cards' headgear ------------------------------------------------------------


def _mapper(box: pygame.Rect) -> Callable[[float, float], Point]:
    """Unit square coordinates to pixels inside `box`."""
    return lambda u, v: (box.left + u * box.width, box.top + v * box.height)


def _gold(surface: pygame.Surface, points: list[Point], line: int) -> None:
    pygame.draw.polygon(surface, GOLD, points)
    pygame.draw.polygon(surface, GOLD_LINE, points, line)


def _ball(surface: pygame.Surface, centre: Point, radius: float, fill: Colour, line: int) -> None:
    pygame.draw.circle(surface, fill, centre, radius)
    pygame.draw.circle(surface, GOLD_LINE, centre, radius, line)


def _crown(surface: pygame.Surface, box: pygame.Rect, jewel: Colour, line: int) -> None:
    """The King's: three tall spikes tipped with pearls."""
    at = _mapper(box)
    spikes = [(0.04, 0.2), (0.27, 0.58), (0.5, 0.08), (0.73, 0.58), (0.96, 0.2)]
    _gold(surface, [at(0.1, 1.0), *[at(u, v) for u, v in spikes], at(0.9, 1.0)], line)
    pygame.draw.line(surface, GOLD_LINE, at(0.08, 0.78), at(0.92, 0.78), line)
    for u, v in spikes[::2]:
        _ball(surface, at(u, v), box.width * 0.07, GOLD, line)
    for u in (0.3, 0.5, 0.7):
        _ball(surface, at(u, 0.89), box.width * 0.055, jewel, line)


def _tiara(surface: pygame.Surface, box: pygame.Rect, jewel: Colour, line: int) -> None:
    """The Queen's: a band under three rounded arches, a jewel in each."""
    at = _mapper(box)
    base = 0.66
    outline = [at(0.06, 1.0), at(0.06, base)]
    for left, right, peak in ((0.06, 0.36, 0.34), (0.34, 0.66, 0.1), (0.64, 0.94, 0.34)):
        # A quadratic curve reaches halfway to its control point: aim the control past the peak.
        control = ((left + right) / 2, 2 * peak - base)
        outline += [at(u, v) for u, v in _bezier((left, base), control, (right, base))[1:]]
    outline.append(at(0.94, 1.0))
    _gold(surface, outline, line)
    pygame.draw.line(surface, GOLD_LINE, at(0.06, 0.76), at(0.94, 0.76), line)
    for u, v, size in ((0.21, 0.52, 0.045), (0.5, 0.36, 0.065), (0.79, 0.52, 0.045)):
        _ball(surface, at(u, v), box.width * size, jewel, line)
    _ball(surface, at(0.5, 0.1), box.width * 0.05, GOLD, line)


def _cap(surface: pygame.Surface, box: pygame.Rect, jewel: Colour, line: int) -> None:
    """The Jack's: a soft cap with a long feather."""
    at = _mapper(box)
    feather = _bezier((0.52, 0.6), (0.62, 0.0), (1.0, 0.02)) + _bezier(
        (1.0, 0.02), (0.8, 0.3), (0.66, 0.62))
    pygame.draw.polygon(surface, jewel, [at(u, v) for u, v in feather])
    dome = _bezier((0.1, 0.8), (0.22, 0.05), (0.62, 0.22)) + _bezier(
        (0.62, 0.22), (0.96, 0.36), (0.9, 0.8))
    _gold(surface, [at(u, v) for u, v in dome], line)
    _gold(surface, [at(0.02, 0.74), at(0.98, 0.74), at(0.9, 1.0), at(0.1, 1.0)], line)
    _ball(surface, at(0.5, 0.87), box.width * 0.06, jewel, line)


HEADGEAR: dict[int, Callable[[pygame.Surface, pygame.Rect, Colour, int], None]] = {
    JACK: _cap, QUEEN: _tiara, KING: _crown,
}


def _blend(colour: Colour, other: Colour, amount: float) -> Colour:
    r, g, b = (round(a + (o - a) * amount) for a, o in zip(colour, other, strict=True))
    return r, g, b


# --- the card set ------------------------------------------------------------------------


class Layout(NamedTuple):
    """Where things go on a card, in canvas pixels (the card times the supersampling factor)."""

    width: int
    height: int
    radius: int
    border: int
    margin: float
    cap: float
    strip: int
    pip_top: float
    pip_bottom: float
    pip: float

    @classmethod
    def of(cls, width: int, height: int, scale: int) -> Layout:
        w, h = width * scale, height * scale
        margin = 0.06 * w
        cap = min(0.26 * w, 0.19 * h)  # big: in a column only the top strip of a card shows
        strip = math.ceil(margin + cap + 0.02 * w)
        gap = 0.025 * h
        area = h - 2 * (strip + gap)
        pip = min(0.19 * w, area / 4.3)  # four rows of 9 and 10 must not touch
        return cls(
            width=w, height=h, radius=round(0.085 * min(w, h)),
            border=max(scale, round(w / 110)), margin=margin, cap=cap, strip=strip,
            pip_top=strip + gap + pip / 2, pip_bottom=h - strip - gap - pip / 2, pip=pip,
        )


FACE = "face:"
"""A face's name in the cache file, before the card's fc-solve name ("face:QH"); the other
pictures are named as `CardFaces` keeps them ("back", "slot:♠")."""


class CardFaces:
    """All the artwork for one card size, rendered lazily on first use and kept.

    Get instances through `card_faces()`, which keeps recent sizes so that resizing the
    window back and forth does not render anything twice.
    """

    def __init__(self, width: int, height: int, four_colour: bool = False,
                 high_contrast: bool = False) -> None:
        if width < 16 or height < 16:
            raise ValueError(f"cards of {width}x{height} pixels are too small to draw")
        self.size = (width, height)
        self.four_colour = four_colour
        self.high_contrast = high_contrast
        """White paper, a thick black border, pure suit inks and solid yellow and white outlines."""
        self.paper, self.edge = (WHITE, HC_INK) if high_contrast else (PAPER, EDGE)
        self.select = HC_SELECT if high_contrast else SELECT
        # Small cards need more supersampling for smooth edges; large ones have pixels to spare.
        # Powers of two only: smoothscale by 3 leaves the opaque body at alpha 253.
        self.scale = 4 if width < 150 else 2
        self.layout = Layout.of(width, height, self.scale)
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
        return math.ceil(self.layout.strip / self.scale)

    def face(self, card: Card) -> pygame.Surface:
        """The face of `card`, with transparent rounded corners and a thin border."""
        surface = self._faces.get(card)
        if surface is None:
            surface = self._faces[card] = self._finish(self._draw_face(card))
        return surface

    def back(self) -> pygame.Surface:
        """The back, shown for face-down cards (e.g. at the deal animation)."""
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
        file = PictureFile(folder, f"{self.size[0]}x{self.size[1]}-{deck}-colour{contrast}", self._art_key(),
                           self.size)
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
        """Everything the pictures' pixels depend on: size and deck, the drawing code, the
        program, and the pygame and SDL that scale and convert them (their smoothing differs
        between versions and processors)."""
        return " ".join((
            f"{self.size[0]}x{self.size[1]}", f"four-colour={self.four_colour}",
            f"high-contrast={self.high_contrast}", f"art={art_version()}", f"fan={FAN_RATIO}",
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
        if card.rank == ACE:
            self._draw_ace(canvas, card.suit, colour)
        elif card.rank >= JACK:
            self._draw_court(canvas, card, colour)
        else:
            self._draw_pips(canvas, card, colour)
        return canvas

    def _draw_index(self, canvas: pygame.Surface, card: Card, colour: Colour) -> None:
        """Rank at the top left, suit at the top right, both big; the same turned round below."""
        lay = self.layout
        rank = text_surface(rank_text(card.rank), lay.cap, colour)
        left, top = round(lay.margin * 0.85), round(lay.margin)
        canvas.blit(rank, (left, top))
        canvas.blit(pygame.transform.flip(rank, True, True),
                    (lay.width - left - rank.get_width(), lay.height - top - rank.get_height()))
        height = lay.cap * 0.9
        x = lay.width - lay.margin * 0.85 - suit_shape(card.suit).aspect * height / 2
        y = top + lay.cap / 2
        draw_suit(canvas, card.suit, (x, y), height, colour)
        draw_suit(canvas, card.suit, (lay.width - x, lay.height - y), height, colour, True)

    def _draw_pips(self, canvas: pygame.Surface, card: Card, colour: Colour) -> None:
        lay = self.layout
        spread = lay.width * 0.21
        for column, down in PIP_LAYOUT[card.rank]:
            centre = (lay.width / 2 + column * spread,
                      lay.pip_top + down * (lay.pip_bottom - lay.pip_top))
            draw_suit(canvas, card.suit, centre, lay.pip, colour, upside_down=down > 0.5)

    def _draw_ace(self, canvas: pygame.Surface, suit: Suit, colour: Colour) -> None:
        lay = self.layout
        height = min(lay.width * 0.5 / suit_shape(suit).aspect, (lay.height - 2 * lay.strip) * 0.7)
        draw_suit(canvas, suit, (lay.width / 2, lay.height / 2), height, colour)

    def _panel(self) -> pygame.Rect:
        """A court card's picture: below the strip a column shows of a covered card (with a
        row to spare for smoothing), so no sliver of its frame peeps out under the index."""
        lay = self.layout
        shown = round(self.size[1] * FAN_RATIO) + 1
        top = max(lay.strip + lay.height * 0.015, shown * self.scale)
        return pygame.Rect(round(lay.width * 0.12), round(top), round(lay.width * 0.76),
                           round(lay.height - 2 * top))

    def _draw_court(self, canvas: pygame.Surface, card: Card, colour: Colour) -> None:
        """A framed panel: headgear over a big letter, flanked by the suit."""
        lay = self.layout
        panel = self._panel()
        line = max(1, round(lay.border * 0.9))
        radius = round(lay.radius * 0.6)
        pygame.draw.rect(canvas, _blend(colour, CREAM, 0.88), panel, border_radius=radius)
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
                      panel.height * 0.15, colour)

    # -- back, slot, highlight

    def _draw_back(self) -> pygame.Surface:
        lay = self.layout
        canvas = self._blank_card()
        inset = round(lay.width * 0.06)
        field = canvas.get_rect().inflate(-2 * inset, -2 * inset)
        canvas.blit(self._back_pattern(field.size, max(1, lay.radius - inset)), field)
        centre = canvas.get_rect().center
        ring = lay.width * 0.25
        pygame.draw.circle(canvas, BACK_BLUE, centre, ring)
        pygame.draw.circle(canvas, BACK_LIGHT, centre, ring, max(1, round(lay.width * 0.022)))
        offset, height = ring * 0.36, ring * 0.52
        for suit, (dx, dy) in zip(Suit, ((-1, -1), (1, -1), (-1, 1), (1, 1)), strict=True):
            draw_suit(canvas, suit, (centre[0] + dx * offset, centre[1] + dy * offset), height,
                      BACK_LIGHT)
        return canvas

    def _back_pattern(self, size: tuple[int, int], radius: int) -> pygame.Surface:
        """A diagonal lattice with a light frame, clipped to a rounded rectangle."""
        lay = self.layout
        pattern = pygame.Surface(size, pygame.SRCALPHA)
        pattern.fill(BACK_BLUE)
        step = max(4, round(lay.width * 0.1))
        thickness = max(1, round(lay.width * 0.016))
        width, height = size
        for x in range(-height, width + height, step):
            pygame.draw.line(pattern, BACK_LINE, (x, 0), (x + height, height), thickness)
            pygame.draw.line(pattern, BACK_LINE, (x, height), (x + height, 0), thickness)
        frame = pattern.get_rect().inflate(-round(lay.width * 0.07), -round(lay.width * 0.07))
        pygame.draw.rect(pattern, BACK_LIGHT, frame, thickness, border_radius=radius)
        mask = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
        pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        return pattern

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
    """The drawing code's own fingerprint (this module's text), so that any change to how a
    card is drawn draws the cached pictures again; a frozen build without its source relies on
    the program's version, which is in the key as well. A CRC, not a secure hash: it guards
    against mistakes, not adversaries, and hashlib would add 2 ms of imports to the start."""
    try:
        return f"{zlib.crc32(Path(__file__).read_bytes()):08x}"
    except OSError:
        return "frozen"


@lru_cache(maxsize=8)
def _cached(width: int, height: int, four_colour: bool, high_contrast: bool,
            cache_folder: Path | None) -> CardFaces:
    faces = CardFaces(width, height, four_colour, high_contrast)
    if cache_folder is not None:
        faces.restore(cache_folder)
    return faces


def card_faces(width: int, height: int, four_colour: bool = False, high_contrast: bool = False,
               cache_folder: Path | None = None) -> CardFaces:
    """The shared `CardFaces` for a size and deck; the last few stay rendered. With a
    `cache_folder`, the pictures kept there by an earlier run are used, not drawn again."""
    return _cached(int(width), int(height), bool(four_colour), bool(high_contrast), cache_folder)
