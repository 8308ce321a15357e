"""Where everything goes, as pure geometry: window size and rules in, rectangles out.

No pygame here, so the layout is tested without a display and resizing is just calling
`compute_layout` again. The game's registry entry names its arrangement (Eight Off's classic
table: the foundations down the left side, the free cells across the top, the columns below;
Beleaguered Castle's foundations down the middle between rows; Fan's lines of fans); the piles
come from its rules.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import NamedTuple

import msgspec

from eightoff.core.cards import Card, Suit
from eightoff.core.piles import Pile, PileKind
from eightoff.core.position import Position
from eightoff.core.rules import Rules
from eightoff.core.variants import Arrangement, variant_of

CARD_ASPECT = 1.4
"""Card height per unit of width (a poker card is 63 x 88 mm)."""
MIN_WINDOW = (800, 600)
"""The smallest window, in points (pixels at a desktop scale of 1)."""
CHROME_BASE = (1280, 800)
"""The window size, in points, up to which the bars and dialogs keep their base size."""
CHROME_MOST = 3.0
"""How many times their base size the bars and dialogs grow at most (in a 3840x2400 window)."""
TOOLBAR_HEIGHT = 38
STATUS_HEIGHT = 52
"""Two rows: a notice (or the solver playback's banner) above the game's summary."""
GAP_RATIO = 0.12
"""Space between piles, per unit of card width."""
FAN_RATIO = 0.26
"""How much of each covered card a column shows, per unit of card height, when there is room."""
ROW_FAN_RATIO = 0.38
"""How much of each covered card a row fanned rightwards shows at least, per unit of card width.
A row game's corner index is drawn to fit the strip a row shows (faces.py): rank and suit side
by side, or the classic rank over suit; a narrower step would give larger cards but a smaller
index (docs/notes.md)."""
ROW_INDEX_LEAST = 21
"""Pixels a row's step shows at least beyond the card's margin (0.05 of its width): a rank
9 px tall, the widest ("10") included, with a suit mark of 9 px beside it (faces.py draws a
row game's corner index to fit the strip a row shows)."""
ROW_STEP_MOST = 0.75
"""How much of each covered card a row shows at most, per unit of card width, where the window
has room: a wide window's rows show more of each card rather than leave a band of felt empty."""
CASTLE_ROW_CARDS = 8
"""Cards a castle row shows at the full step (six or seven are dealt); a longer row tightens
to ROW_FAN_RATIO, then wraps."""
FAN_ROW_CARDS = 3
"""Cards each of Fan's fans shows at the full step (three are dealt)."""
FAN_LINES = 3
"""The lines the fans arrangement sets its rows in (Fan's eighteen, six to a line)."""
MOST_ROW_LINES = 6
"""The most lines a row is ever wrapped onto (Fan's fifteen cards take four or five)."""
LARGE_GAP_RATIO = 0.05
LARGE_FAN_RATIO = 0.25
"""The large-cards preference: tighter gaps and a shorter fan leave more of the table to the
cards; the fan still shows each covered card's whole index (a shorter one cut the ranks)."""


SMALLEST_CARD = 36
"""The narrowest card the table is drawn with, in pixels: its corner index, a rank and a suit
mark of at least 9 px (faces.py), still fits in the strip a column shows of a covered card.
A window whose table would deal narrower cards says "Make the window larger" instead."""
LARGEST_CARD = 400
"""The widest card drawn: a larger window centres the table (each card picture is kept in
memory, and a window of 100,000 pixels would otherwise ask for cards of 10,000)."""


SCREEN_MARGIN = (40, 100)
"""Room left on the screen for panels, docks and the window's title bar."""


def fit_window(wanted: tuple[int, int], desktop: tuple[int, int],
               smallest: tuple[int, int] = MIN_WINDOW) -> tuple[int, int]:
    """The size to open the window at: `wanted` (remembered from another, maybe bigger,
    monitor) shrunk to the usable part of `desktop`, and never below `smallest`."""
    room = (desktop[0] - SCREEN_MARGIN[0], desktop[1] - SCREEN_MARGIN[1])
    return (max(smallest[0], min(wanted[0], room[0])), max(smallest[1], min(wanted[1], room[1])))


def fit_scale(scale: float, desktop: tuple[int, int]) -> float:
    """The desktop's scale, lowered if need be so that the smallest window at that scale still
    fits the usable part of `desktop` (a 2x setting on a small screen)."""
    room = (desktop[0] - SCREEN_MARGIN[0]) / MIN_WINDOW[0], (desktop[1] - SCREEN_MARGIN[1]) / MIN_WINDOW[1]
    return max(1.0, min(scale, *room))


def clamp_position(position: tuple[int, int], size: tuple[int, int],
                   desktop: tuple[int, int]) -> tuple[int, int]:
    """A remembered window corner moved so the whole window, title bar first, is on `desktop`."""
    x = max(0, min(position[0], desktop[0] - size[0]))
    y = max(0, min(position[1], desktop[1] - size[1]))
    return (x, y)


class Box(NamedTuple):
    """A rectangle in window pixels (pygame.Rect without needing pygame)."""

    x: int
    y: int
    w: int
    h: int

    @property
    def right(self) -> int:
        return self.x + self.w

    @property
    def bottom(self) -> int:
        return self.y + self.h

    @property
    def center(self) -> tuple[int, int]:
        return (self.x + self.w // 2, self.y + self.h // 2)

    def contains(self, point: tuple[int, int]) -> bool:
        return self.x <= point[0] < self.right and self.y <= point[1] < self.bottom

    def overlap(self, other: Box) -> int:
        """The area the two boxes share (0 when apart)."""
        width = min(self.right, other.right) - max(self.x, other.x)
        height = min(self.bottom, other.bottom) - max(self.y, other.y)
        return width * height if width > 0 and height > 0 else 0

    def union(self, other: Box) -> Box:
        x, y = min(self.x, other.x), min(self.y, other.y)
        return Box(x, y, max(self.right, other.right) - x, max(self.bottom, other.bottom) - y)

    def moved(self, x: int, y: int) -> Box:
        return Box(x, y, self.w, self.h)


class CardPlace(NamedTuple):
    """Where one card lies: its pile, its depth in the pile (0 = bottom), its box, and
    whether it shows its face."""

    pile: Pile
    depth: int
    box: Box
    face_up: bool = True


class Spread(NamedTuple):
    """How a column's cards lie: the area they may take (its drop area, from its slot), and
    whether they fan rightwards across it rather than downwards."""

    area: Box
    across: bool = False


class Layout(msgspec.Struct, frozen=True):
    size: tuple[int, int]
    card: tuple[int, int]
    piles: dict[Pile, Box]
    """The slot of every pile: where its bottom card (or its empty outline) lies. In this order
    the screen reader lists the piles."""
    toolbar: Box
    status: Box
    table: Box
    """The green area between toolbar and status line."""
    fan: int
    """The vertical step between cards of a column that has room."""
    gap_ratio: float = GAP_RATIO
    spreads: dict[Pile, Spread] = msgspec.field(default_factory=dict)
    """Each column's area and direction."""
    row_fan: int = 0
    """The step between cards of a row fanned rightwards that has room (0 where no pile is a
    row): at least ROW_FAN_RATIO of a card, more where the rows' areas are wide."""
    row_cards: int = 0
    """The most cards a row lays on one line; the next card starts a line one `fan` lower, so
    the line above still shows each card's corner index (0 where no pile is a row)."""

    def step(self, pile: Pile, count: int) -> float:
        """The step between cards of a column of `count` cards: the full fan, or tighter so the
        top card stays inside the column's area (a row's longest line: it wraps, not tightens,
        past `row_cards`)."""
        spread = self.spreads[pile]
        if spread.across:
            full, room = self.row_fan, spread.area.w - self.card[0]
            count = min(count, self.row_cards)
        else:
            full, room = self.fan, spread.area.h - self.card[1] - self.gap // 2
        if count < 2:
            return float(full)
        return max(1.0, min(float(full), room / (count - 1)))

    @property
    def row_strip(self) -> tuple[int, int] | None:
        """The least of a covered card a row shows, width by height (None where no pile is a
        row): a full line's step across, and down to the next line, one `fan` lower."""
        steps = [self.step(pile, self.row_cards) for pile, spread in self.spreads.items() if spread.across]
        return (math.floor(min(steps)), self.fan) if steps else None

    @property
    def gap(self) -> int:
        return round(self.card[0] * self.gap_ratio)

    def card_boxes(self, pile: Pile, count: int) -> list[Box]:
        """Boxes of a pile's cards, bottom first."""
        slot = self.piles[pile]
        if pile.kind is not PileKind.COLUMN:
            return [slot] * count
        step = self.step(pile, count)
        if self.spreads[pile].across:
            lines = [divmod(i, self.row_cards) for i in range(count)]
            return [slot.moved(slot.x + round(place * step), slot.y + line * self.fan)
                    for line, place in lines]
        return [slot.moved(slot.x, slot.y + round(i * step)) for i in range(count)]

    def drop_area(self, pile: Pile) -> Box:
        """Where a dropped card counts as dropped on `pile`: a column owns its whole area, so a
        drop anywhere over the column lands there."""
        if pile.kind is not PileKind.COLUMN:
            return self.piles[pile]
        return self.spreads[pile].area

    def places(self, position: Position) -> dict[Card, CardPlace]:
        """Every card of `position` with its pile, depth and box."""
        result: dict[Card, CardPlace] = {}
        for pile in self.piles:
            cards = position.cards(pile)
            down = position.face_down(pile.index) if pile.kind is PileKind.COLUMN else 0
            for depth, (card, box) in enumerate(zip(cards, self.card_boxes(pile, len(cards)), strict=True)):
                result[card] = CardPlace(pile, depth, box, depth >= down)
        return result

    def best_drop(self, dragged: Box) -> Pile | None:
        """The pile whose drop area the dragged card covers most (None when it covers none)."""
        best, best_area = None, 0
        for pile in self.piles:
            area = dragged.overlap(self.drop_area(pile))
            if area > best_area:
                best, best_area = pile, area
        return best


def chrome_scale(width: int, height: int, ui_scale: float = 1.0) -> float:
    """How many times larger than at 1280x800 the toolbar, status line and dialogs are drawn in a
    `width` x `height` pixel window: the desktop's `ui_scale`, and more in a window larger than
    1280x800 of its points, so their text stays as readable as the cards are large. A 2560x1440
    window at 2x is drawn like 1280x720 at 1x, in twice the pixels."""
    grown = min(CHROME_MOST, width / ui_scale / CHROME_BASE[0], height / ui_scale / CHROME_BASE[1])
    return ui_scale * max(1.0, grown)


def small_window_scale(size: tuple[int, int], ui_scale: float) -> float:
    """The scale to draw a window of `size` pixels at: the desktop's `ui_scale`, or less when the
    window is smaller than `min_window` (a window manager that ignores the minimum, a tiling
    one), so that everything is drawn smaller and fits rather than being cut off."""
    smallest = min_window(ui_scale)
    return ui_scale * min(1.0, size[0] / smallest[0], size[1] / smallest[1])


def table_fits(size: tuple[int, int], rules: Rules, large_cards: bool, ui_scale: float) -> bool:
    """Whether a window of `size` pixels, drawn at `ui_scale`, has room for a table of
    `rules` with cards of at least SMALLEST_CARD."""
    if min(size) <= 0 or ui_scale <= 0:
        return False
    return compute_layout(*size, rules, large_cards, ui_scale).card[0] >= SMALLEST_CARD


def min_window(ui_scale: float = 1.0) -> tuple[int, int]:
    """The smallest window, in pixels, at the desktop's scale: MIN_WINDOW of its points."""
    return (round(MIN_WINDOW[0] * ui_scale), round(MIN_WINDOW[1] * ui_scale))


def compute_layout(width: int, height: int, rules: Rules, large_cards: bool = False,
                   ui_scale: float = 1.0, card_aspect: float = CARD_ASPECT) -> Layout:
    """The layout for a window of `width` x `height` pixels at the desktop's `ui_scale` (smaller
    than `min_window` is laid out as if it were that; `small_window_scale` draws it smaller).

    The game's registry entry names the arrangement. Columns fanned down: cells or reserve and
    foundations share one row above the columns where they fit (FreeCell, Raglan); otherwise
    (Eight Off's eight cells) the foundations go down the left side, the cells across the top.
    The castle and the fans lay the columns out as rows (`_castle_layout`, `_fans_layout`).
    `large_cards` packs the piles closer so the cards grow; `card_aspect` is the cards' height
    per unit of width: an installed theme's own."""
    smallest = min_window(ui_scale)
    width, height = max(width, smallest[0]), max(height, smallest[1])
    columns = rules.columns
    holding = [Pile.cell(index) for index in range(rules.cells)]
    holding += [Pile.reserve(index) for index in range(rules.reserve)]
    scale = chrome_scale(width, height, ui_scale)
    toolbar_h, status_h = round(TOOLBAR_HEIGHT * scale), round(STATUS_HEIGHT * scale)
    table = Box(0, toolbar_h, width, height - toolbar_h - status_h)
    gap_ratio, fan_ratio = (LARGE_GAP_RATIO, LARGE_FAN_RATIO) if large_cards else (GAP_RATIO, FAN_RATIO)
    arrangement = variant_of(rules).arrangement
    if arrangement is Arrangement.CASTLE:
        return _castle_layout(width, height, table, columns, rules.longest_column, gap_ratio, fan_ratio,
                              card_aspect)
    if arrangement is Arrangement.FANS:
        return _fans_layout(width, height, table, columns, rules.longest_column, gap_ratio, fan_ratio,
                            card_aspect)
    if len(holding) + 4 <= columns + 1:
        return _top_row_layout(width, height, table, columns, holding, gap_ratio, fan_ratio, card_aspect)
    # Across: margin, foundations, a double gap, the columns, margin.
    units_across = (columns + 1) + gap_ratio * (columns - 1 + 2 + 2)
    # Down the left side: margin, four foundations with gaps, margin.
    units_down = 4 * card_aspect + gap_ratio * (3 + 2)
    card_w, card_h, gap, left, top = _card_grid(table, units_across, units_down, gap_ratio, card_aspect)
    piles: dict[Pile, Box] = {}
    for suit in Suit:
        piles[Pile.foundation(suit)] = Box(left, top + suit * (card_h + gap), card_w, card_h)
    first = left + card_w + 2 * gap
    for index, pile in enumerate(holding):
        # Cells share the columns' width: with more cells than columns they get narrower steps.
        step = (columns * (card_w + gap) - gap - card_w) / max(len(holding) - 1, 1)
        piles[pile] = Box(first + round(index * step), top, card_w, card_h)
    for index in range(columns):
        piles[Pile.column(index)] = Box(first + index * (card_w + gap), top + card_h + gap, card_w, card_h)
    return _layout(width, height, table, (card_w, card_h), piles, gap_ratio, fan_ratio)


def _top_row_layout(width: int, height: int, table: Box, columns: int, holding: list[Pile],
                    gap_ratio: float, fan_ratio: float, card_aspect: float) -> Layout:
    """Cells or reserve top left, foundations top right, the columns below across the table."""
    across = max(columns, len(holding) + 4)
    units_across = across + gap_ratio * (across - 1 + 2) + (gap_ratio if across > columns else 0)
    # Down: margin, the top row, a gap, and room for a column of about 12 fanned cards.
    units_down = card_aspect * (2 + 11 * fan_ratio) + gap_ratio * 3
    gaps = across + 1 + (1 if across > columns else 0)

    def fits(card_w: int) -> bool:
        """Whether the row fits with its gaps in whole pixels: a gap rounded up, once for each
        of thirteen columns, can push the last one past the table's edge."""
        return across * card_w + gaps * round(card_w * gap_ratio) <= table.w

    card_w, card_h, gap, left, top = _card_grid(table, units_across, units_down, gap_ratio, card_aspect, fits)
    left = (table.w - (across * card_w + gaps * gap)) // 2 + gap  # centred on its width in pixels
    right = left + across * (card_w + gap) - gap + (gap if across > columns else 0)
    piles: dict[Pile, Box] = {}
    for index, pile in enumerate(holding):
        piles[pile] = Box(left + index * (card_w + gap), top, card_w, card_h)
    for suit in Suit:
        piles[Pile.foundation(suit)] = Box(right - (4 - suit) * (card_w + gap) + gap, top, card_w, card_h)
    first = left + (right - left - (columns * (card_w + gap) - gap)) // 2
    for index in range(columns):
        piles[Pile.column(index)] = Box(first + index * (card_w + gap), top + card_h + gap, card_w, card_h)
    return _layout(width, height, table, (card_w, card_h), piles, gap_ratio, fan_ratio)


def _castle_layout(width: int, height: int, table: Box, columns: int, longest: int,
                   gap_ratio: float, fan_ratio: float, card_aspect: float) -> Layout:
    """The foundations in a column down the middle, a double gap either side; the first half of
    the columns as rows on the left, from the left edge towards the foundations, the rest on
    the right, from the foundations towards the right edge. Rows fan rightwards, so each covered
    card shows its corner index upright; a wider window gives the rows more room. A row longer
    than its line wraps, as text does, onto a line a fan lower (`_row_grid`); each foundation
    sits beside a row, and the rows keep their places however long they grow."""
    per_side = math.ceil(columns / 2)
    grid = _row_grid(table, longest, (2, 1, 6), (max(per_side, 4), 0), CASTLE_ROW_CARDS,
                     gap_ratio, fan_ratio, card_aspect)
    card_w, card_h, gap, top = grid.card_w, grid.card_h, grid.gap, grid.top
    left = (table.w - 2 * grid.row_w - card_w - 4 * gap) // 2
    middle = left + grid.row_w + 2 * gap
    piles: dict[Pile, Box] = {}
    spreads: dict[Pile, Spread] = {}
    for index in range(columns):
        side, row = divmod(index, per_side)
        x = left if side == 0 else middle + card_w + 2 * gap
        pile = Pile.column(index)
        piles[pile] = Box(x, top + row * grid.pitch, card_w, card_h)
        spreads[pile] = Spread(Box(x, piles[pile].y, grid.row_w, grid.pitch - gap), across=True)
        if index == per_side - 1:  # the foundations between the two sides, as the eye reads
            for suit in Suit:
                piles[Pile.foundation(suit)] = Box(middle, top + suit * grid.pitch, card_w, card_h)
    return _layout(width, height, table, (card_w, card_h), piles, gap_ratio, fan_ratio, spreads,
                   _row_step(card_w, grid.row_w, CASTLE_ROW_CARDS), grid.cards)


def _fans_layout(width: int, height: int, table: Box, columns: int, longest: int,
                 gap_ratio: float, fan_ratio: float, card_aspect: float) -> Layout:
    """The foundations across the top, centred; the columns below as rows fanned rightwards,
    FAN_LINES lines of them, left to right and line by line; a wider window gives each more room.
    A fan longer than its line wraps onto a line a fan lower within its own area, sized for the
    longest fan the game allows: every fan keeps its place all game (a fan spilling into its
    neighbour's room, or lines reflowing, would move fans under the player's eye)."""
    per_line = math.ceil(columns / FAN_LINES)
    grid = _row_grid(table, longest, (per_line, 0, per_line + 1), (FAN_LINES, 1), FAN_ROW_CARDS,
                     gap_ratio, fan_ratio, card_aspect)
    card_w, card_h, gap, top, row_w = grid.card_w, grid.card_h, grid.gap, grid.top, grid.row_w
    left = (table.w - per_line * (row_w + gap) + gap) // 2
    middle = (table.w - 4 * card_w - 3 * gap) // 2
    piles = {Pile.foundation(suit): Box(middle + suit * (card_w + gap), top, card_w, card_h) for suit in Suit}
    spreads: dict[Pile, Spread] = {}
    for index in range(columns):
        line, place = divmod(index, per_line)
        pile = Pile.column(index)
        x, y = left + place * (row_w + gap), top + card_h + gap + line * grid.pitch
        piles[pile] = Box(x, y, card_w, card_h)
        spreads[pile] = Spread(Box(x, y, row_w, grid.pitch - gap), across=True)
    return _layout(width, height, table, (card_w, card_h), piles, gap_ratio, fan_ratio, spreads,
                   _row_step(card_w, row_w, FAN_ROW_CARDS), grid.cards)


class _RowGrid(NamedTuple):
    """Cards and rows that fit the table: the card, the gap, the top margin, a row's width, the
    distance from one row to the next below, and how many cards a row lays on one line."""

    card_w: int
    card_h: int
    gap: int
    top: int
    row_w: int
    pitch: int
    cards: int


def _row_grid(table: Box, longest: int, across: tuple[int, int, int], down: tuple[int, int],
              planned: int, gap_ratio: float, fan_ratio: float, card_aspect: float) -> _RowGrid:
    """The largest cards for rows of `longest` cards, wrapped onto as many lines as give the
    largest (fewest lines on a tie). `across` counts the rows, other cards and gaps side by
    side; `down` the rows and other cards one above the other (with a gap round each). A line
    holds its cards at ROW_FAN_RATIO at least, so each covered card's corner index shows, and
    a wide window gives a row room for `planned` cards at up to ROW_STEP_MOST."""
    grids = [_lined_grid(table, lines, math.ceil(longest / lines), across, down, planned,
                         (gap_ratio, fan_ratio, card_aspect)) for lines in range(1, MOST_ROW_LINES + 1)]
    return max(grids, key=lambda grid: grid.card_w)


def _lined_grid(table: Box, lines: int, cards: int, across: tuple[int, int, int], down: tuple[int, int],
                planned: int, ratios: tuple[float, float, float]) -> _RowGrid:
    """`_row_grid` for rows of `lines` lines of `cards` cards; `ratios` are the gap's, the
    fan's and the card's height's, per unit of card width (the fan's per card height)."""
    (rows_across, cards_across, gaps_across), (rows_down, cards_down) = across, down
    gap_ratio, fan_ratio, card_aspect = ratios
    tall = card_aspect * (1 + (lines - 1) * fan_ratio)
    units_across = rows_across * _row_units(cards) + cards_across + gaps_across * gap_ratio
    units_down = rows_down * tall + cards_down * card_aspect + (rows_down + cards_down + 1) * gap_ratio

    def row_room(card_w: int) -> int:
        gap, least = round(card_w * gap_ratio), row_least(card_w)
        most = max(card_w + (cards - 1) * least, round((1 + (planned - 1) * ROW_STEP_MOST) * card_w))
        return min(most, (table.w - cards_across * card_w - gaps_across * gap) // rows_across)

    def pitch(card_w: int) -> int:
        card_h = round(card_w * card_aspect)
        return card_h + (lines - 1) * round(card_h * fan_ratio) + round(card_w * gap_ratio)

    def fits(card_w: int) -> bool:
        card_h, gap = round(card_w * card_aspect), round(card_w * gap_ratio)
        tall_enough = rows_down * pitch(card_w) + cards_down * (card_h + gap) + gap <= table.h
        return tall_enough and _rows_fit(cards, row_room)(card_w)

    card_w, card_h, gap, _, top = _card_grid(table, units_across, units_down, gap_ratio, card_aspect, fits)
    return _RowGrid(card_w, card_h, gap, top, row_room(card_w), pitch(card_w), cards)


def row_least(card_w: int) -> int:
    """The least step of a row of cards `card_w` wide: ROW_FAN_RATIO of a card, and on small
    cards room for a rank and a suit mark of 9 px side by side (ROW_INDEX_LEAST)."""
    return max(math.ceil(card_w * ROW_FAN_RATIO), math.ceil(card_w * 0.05) + ROW_INDEX_LEAST)


def _row_units(cards: int) -> float:
    """The width, in card widths, of a row showing `cards` cards at the least full step."""
    return 1 + (cards - 1) * ROW_FAN_RATIO


def _row_step(card_w: int, row_w: int, cards: int) -> int:
    """The full step of rows `row_w` wide: the one at which a row of `cards` fills its area,
    within ROW_FAN_RATIO and ROW_STEP_MOST of a card. Rows as long as the arrangement plans for
    then span the table, however wide the window, and each covered index still shows whole."""
    least = row_least(card_w)
    return max(least, min(round(card_w * ROW_STEP_MOST), (row_w - card_w) // (cards - 1)))


def _rows_fit(cards: int, row_room: Callable[[int], int]) -> Callable[[int], bool]:
    """Whether a row of `cards` at the full step fits the room a card width leaves it. The step
    is rounded up so every corner index shows whole, which the grid's units (counting it
    unrounded) miss by a pixel or two at some widths."""
    def fits(card_w: int) -> bool:
        return card_w + (cards - 1) * row_least(card_w) <= row_room(card_w)
    return fits


def _card_grid(table: Box, units_across: float, units_down: float, gap_ratio: float, card_aspect: float,
               fits: Callable[[int], bool] | None = None) -> tuple[int, int, int, int, int]:
    """The largest card for a table `units_across` card widths wide and `units_down` high (and,
    given `fits`, the largest it accepts), the gap between piles, and where the grid, centred
    across the table, starts (left, top)."""
    card_w = max(0, min(LARGEST_CARD, int(min(table.w / units_across, table.h / units_down))))
    while fits is not None and card_w > 1 and not fits(card_w):
        card_w -= 1
    gap = round(card_w * gap_ratio)
    left = (table.w - round(card_w * units_across)) // 2 + gap
    return card_w, round(card_w * card_aspect), gap, left, table.y + gap


def _layout(width: int, height: int, table: Box, card: tuple[int, int], piles: dict[Pile, Box],
            gap_ratio: float, fan_ratio: float, spreads: dict[Pile, Spread] | None = None,
            row_fan: int = 0, row_cards: int = 0) -> Layout:
    """The layout of `piles`; a column without a spread fans downwards to the table's bottom."""
    spreads = dict(spreads or {})
    for pile, slot in piles.items():
        if pile.kind is PileKind.COLUMN and pile not in spreads:
            spreads[pile] = Spread(Box(slot.x, slot.y, slot.w, table.bottom - slot.y))
    return Layout(
        size=(width, height),
        card=card,
        piles=piles,
        toolbar=Box(0, 0, width, table.y),
        status=Box(0, table.bottom, width, height - table.bottom),
        table=table,
        fan=round(card[1] * fan_ratio),
        gap_ratio=gap_ratio,
        spreads=spreads,
        row_fan=row_fan,
        row_cards=row_cards,
    )


def layout_record(layout: Layout, position: Position) -> dict[str, dict[str, object]]:
    """The `--print-layout` record: each pile's slot and its cards bottom to top."""
    record: dict[str, dict[str, object]] = {}
    for pile, slot in layout.piles.items():
        cards = position.cards(pile)
        boxes = layout.card_boxes(pile, len(cards))
        down = position.face_down(pile.index) if pile.kind is PileKind.COLUMN else 0
        record[pile.name] = {
            "rect": list(slot),
            "cards": [[str(card), list(box)] for card, box in zip(cards, boxes, strict=True)],
        }
        if down:
            record[pile.name]["face_down"] = down
    return record
