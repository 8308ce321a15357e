"""The status line (rules, deal, its grade once the game is over, moves, time) and the
notice shown in it.

The clock runs only while a game is under way and the window is shown, and the line asks
for a redraw once a second at most: the loop otherwise sleeps.
"""

from __future__ import annotations

from typing import NamedTuple

import pygame

from eightoff.core.i18n import _, ngettext
from eightoff.session.clock import clock_text
from eightoff.session.daily_words import daily_words, par_words
from eightoff.session.grading import graded_words
from eightoff.session.session import Session
from eightoff.ui import theme
from eightoff.ui.layout import STATUS_HEIGHT, Box


def game_summary(session: Session) -> str:
    facts = session.replay.facts if session.replay is not None else session.facts
    number = facts.deal
    deal = _("Deal {number}").format(number=number) if number is not None else _("Custom deal")
    if facts.daily is not None:
        deal = daily_words(facts.daily)
    count = session.moves()
    moves = ngettext("{count} move", "{count} moves", count).format(count=count)
    if session.replay is not None:  # a finished game watched: no clock, nothing of this game
        return "   ·   ".join([_(session.variant.title), deal, moves])
    graded = graded_words(session)  # once the game is over
    par = [par_words(facts.par)] if facts.par is not None else []
    pieces = [_(session.variant.title), deal, *([graded] if graded else []), *par, moves]
    return "   ·   ".join([*pieces, clock_text(session.seconds())])


class Segment(NamedTuple):
    """One piece of the status line's text and where it goes."""

    role: str
    """"notice", "banner", "summary" or "indicator"."""
    text: str
    font: pygame.font.Font
    rect: pygame.Rect


Look = tuple[str, str, int, tuple[int, int, int, int]]
"""What a drawn piece's pixels depend on: role (its colour), text, font size and place."""


def _look(piece: Segment) -> Look:
    place = piece.rect
    return piece.role, piece.text, piece.font.point_size, (place.x, place.y, place.w, place.h)


def _changed_area(before: frozenset[Look], after: frozenset[Look], line: pygame.Rect) -> pygame.Rect:
    """Where the line's pixels may differ: the places of the pieces that went or came. The rest
    is the bar's fill and pieces drawn again exactly as they were."""
    places = [pygame.Rect(place) for *_, place in before ^ after]
    if not places:
        return pygame.Rect(line.topleft, (0, 0))
    return places[0].unionall(places[1:]).clip(line)


HISTORY = 200
"""Notices kept for the Messages dialog (the oldest are forgotten first)."""
NOTICE_SHRINK = 0.85
"""A notice shrinks no further than this share of the row's size, nor below the least text
size (theme.LEAST_TEXT): past it letters crowd and break apart; it wraps to the second row
instead, and what still does not fit ends in "…" with the whole text shown while the pointer
is on the line (and in Ctrl+M's Messages)."""


class StatusLine:
    """Two rows at the foot of the window: the notice (or the solver playback's banner) above,
    the game's summary and the solver's indicator below. Nothing here overlaps the cards or
    each other: text that does not fit shrinks, then wraps over both rows."""

    def __init__(self) -> None:
        self.notice = ""
        """Stays until the player's next action, a click on it or Esc: it must be read."""
        self.history: list[str] = []
        """Every notice shown, oldest first (Ctrl+M shows them again)."""
        self.indicator = ""
        """The solver's quiet verdict, at the right end ("winnable", "thinking...")."""
        self.banner = ""
        """The solver playback's line; while set it takes the notice's row."""
        self.warning = ""
        """A problem that lasts (saving fails): in the notice's row whenever no notice is, until
        the player dismisses it with Esc."""
        self._dismissed = ""
        self.hovered = False
        """Whether the pointer is on the line: a notice cut short is then shown whole above it."""
        self.cut = False
        """Whether the notice, as last laid out, ends in an ellipsis."""
        self._shown: tuple[object, ...] | None = None
        self._drawn: tuple[pygame.Rect | None, frozenset[Look]] = (None, frozenset())
        """The box last drawn and how each piece looked in it: a frame sends only what changed
        (the clock's second is its summary's text, a small part of the line)."""

    def hover(self, on: bool) -> bool:
        """The pointer came onto the line or left it; True when the picture changes (a notice
        cut short opens or closes), so the whole window must be drawn again."""
        changed = on != self.hovered and self.cut
        self.hovered = on
        return changed

    def show(self, text: str) -> None:
        self.notice = text
        if text and (not self.history or self.history[-1] != text):
            self.history.append(text)
            del self.history[:-HISTORY]

    def dismiss(self) -> None:
        """The player acted: the notice has been read."""
        self.notice = ""

    def warn(self, text: str) -> None:
        """Keep `text` in view until dismissed ("": the problem is over); a warning dismissed
        stays away while the same problem lasts."""
        self.warning = text if text != self._dismissed else ""
        if not text:
            self._dismissed = ""

    def dismiss_warning(self) -> None:
        self._dismissed, self.warning = self.warning or self._dismissed, ""

    def needs_draw(self, summary: str) -> bool:
        return self._shown != (summary, self.notice, self.indicator, self.banner, self.warning, self.hovered)

    def segments(self, box: Box, summary: str) -> list[Segment]:
        """What is written where, fitted so that no piece overlaps another or leaves the box."""
        rect = pygame.Rect(box)
        unit = rect.h / STATUS_HEIGHT  # the line grows with the window and the desktop's scale
        margin, smallest = round(12 * unit), theme.least_font_size(theme.LEAST_TEXT * unit)
        row_h = rect.h // 2
        top_row = pygame.Rect(rect.x + margin, rect.y, rect.w - 2 * margin, row_h)
        low_row = pygame.Rect(rect.x + margin, rect.y + row_h, rect.w - 2 * margin, rect.h - row_h)
        size = max(smallest, round(row_h * 0.8))
        pieces: list[Segment] = []
        upper = self.banner or self.notice or self.warning
        wrapped: list[str] = []
        self.cut = False
        if upper:
            legible = max(smallest, round(size * NOTICE_SHRINK))
            font, wrapped = _fit(upper, top_row.w, size, legible)
            if _cut(upper, wrapped):  # a long notice takes both rows until it has been read
                font, wrapped = _fit(upper, top_row.w, size, legible, rows=2)
            self.cut = _cut(upper, wrapped)
            for index, line in enumerate(wrapped):
                row = top_row if index == 0 else low_row
                width, height = font.size(line)
                spot = pygame.Rect(row.x, row.centery - height // 2, width, height)
                pieces.append(Segment("banner" if self.banner else "notice", line, font, spot))
        if len(wrapped) < 2:
            indicator = _(self.indicator) if self.indicator else ""  # kept in English: see solver_link
            room = low_row.w - (2 * margin if indicator else 0)
            font = _shrink(summary + indicator, room, size, smallest)
            width, height = font.size(summary)
            spot = pygame.Rect(low_row.x, low_row.centery - height // 2, width, height)
            pieces.append(Segment("summary", summary, font, spot))
            if indicator:
                width, height = font.size(indicator)
                spot = pygame.Rect(low_row.right - width, low_row.centery - height // 2, width, height)
                pieces.append(Segment("indicator", indicator, font, spot))
        return pieces

    def draw(self, screen: pygame.Surface, box: Box, summary: str) -> pygame.Rect:
        rect = pygame.Rect(box)
        screen.fill(theme.BAR, rect)
        pygame.draw.line(screen, theme.BAR_LINE, rect.topleft, (rect.right, rect.top))
        colours = {"notice": theme.NOTICE, "indicator": theme.TEXT_DIM}
        pieces = self.segments(box, summary)
        for piece in pieces:
            screen.blit(piece.font.render(piece.text, True, colours.get(piece.role, theme.TEXT)), piece.rect)
        self._shown = (summary, self.notice, self.indicator, self.banner, self.warning, self.hovered)
        drawn, self._drawn = self._drawn, (rect, frozenset(map(_look, pieces)))
        if self.hovered and self.cut and pieces:
            return rect.union(self.draw_whole(screen, rect, pieces[0].font))
        if drawn[0] != rect:
            return rect
        return _changed_area(drawn[1], self._drawn[1], rect)

    def draw_whole(self, screen: pygame.Surface, rect: pygame.Rect, font: pygame.font.Font) -> pygame.Rect:
        """The whole notice, wrapped in the line's font, on a panel just above the line."""
        margin = round(12 * rect.h / STATUS_HEIGHT)
        lines = wrap_text(self.banner or self.notice, font, rect.w - 2 * margin)
        height = len(lines) * font.get_linesize() + 2 * margin
        panel = pygame.Rect(rect.x, max(0, rect.y - height), rect.w, min(height, rect.y))
        screen.fill(theme.BAR, panel)
        pygame.draw.line(screen, theme.BAR_LINE, panel.topleft, (panel.right, panel.top))
        y = panel.y + margin
        for line in lines:
            screen.blit(font.render(line, True, theme.NOTICE), (panel.x + margin, y))
            y += font.get_linesize()
        return panel


def _cut(text: str, lines: list[str]) -> bool:
    """Whether `lines` end in an ellipsis `text` does not have: it was cut short."""
    return lines[-1].endswith("…") and not text.endswith("…")


def _shrink(text: str, width: int, size: int, smallest: int) -> pygame.font.Font:
    """The largest font from `size` down to `smallest` in which `text` fits `width`."""
    font = theme.font(size)
    while size > smallest and font.size(text)[0] > width:
        size -= 1
        font = theme.font(size)
    return font


def _fit(text: str, width: int, size: int, smallest: int,
         rows: int = 1) -> tuple[pygame.font.Font, list[str]]:
    """`text` in at most `rows` lines of `width`: the font shrinks first; what still does not
    fit ends in an ellipsis (the Messages dialog shows it whole)."""
    for points in range(size, smallest - 1, -1):
        font = theme.font(points)
        lines = wrap_text(text, font, width)
        if len(lines) <= rows:
            return font, lines
    lines = wrap_text(text, font, width)[:rows]
    while lines[-1] and font.size(lines[-1] + "…")[0] > width:
        lines[-1] = lines[-1][:-1]
    lines[-1] += "…"
    return font, lines


def wrap_text(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """`text` broken at spaces into lines no wider than `width` (a word longer than a line is
    cut where it must be)."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        candidate = f"{line} {word}" if line else word
        if font.size(candidate)[0] <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
        while font.size(word)[0] > width:
            cut = len(word)
            while cut > 1 and font.size(word[:cut])[0] > width:
                cut -= 1
            lines.append(word[:cut])
            word = word[cut:]
        line = word
    lines.append(line)
    return lines
