"""A month of daily deals, drawn as a calendar: each day won, lost or not played.

Days are told apart by shape, not colour alone: a won day's number sits on a filled disc, a
lost day's in a struck-through ring, a past day not played in a thin ring, a day still to come
stands bare; today has the focus colour's outline. Weeks start on Monday, as the daily's
grades do (Monday easy ... Sunday expert). A legend under the grid names the three marks.
"""

from __future__ import annotations

import calendar
from collections.abc import Callable, Collection
from datetime import date

import pygame

from eightoff.core.i18n import _, pgettext
from eightoff.session.daily_words import month_title
from eightoff.ui import theme

WON, LOST, NOT_PLAYED = "won", "lost", "not played"


def weekday_names() -> list[str]:
    """Monday first, as short as a calendar's column heads."""
    return [pgettext("weekday", "Mon"), pgettext("weekday", "Tue"), pgettext("weekday", "Wed"),
            pgettext("weekday", "Thu"), pgettext("weekday", "Fri"), pgettext("weekday", "Sat"),
            pgettext("weekday", "Sun")]


def draw_calendar(screen: pygame.Surface, area: pygame.Rect, year: int, month: int,
                  won: Collection[date], lost: Collection[date], today: date, unit: float) -> None:
    """The month in `area`: its title, the weekday heads, the grid of days, the legend."""
    px = _px(unit)
    pygame.draw.rect(screen, theme.FELT, area, border_radius=px(8))
    line = max(12, min(px(22), area.h // 11))
    font = theme.font(line)
    title = font.render(month_title(month, year), True, theme.TEXT)
    screen.blit(title, title.get_rect(midtop=(area.centerx, area.y + px(6))))
    weeks = calendar.Calendar(firstweekday=0).monthdayscalendar(year, month)
    top = area.y + px(10) + font.get_linesize()
    legend_h = font.get_linesize() + px(8)
    rows = len(weeks) + 1
    cell_h = max(1, (area.bottom - legend_h - top) // rows)
    cell_w = max(1, (area.w - px(20)) // 7)
    left = area.x + (area.w - 7 * cell_w) // 2
    for column, name in enumerate(weekday_names()):
        label = font.render(name, True, theme.TEXT_DIM)
        screen.blit(label, label.get_rect(center=(left + column * cell_w + cell_w // 2, top + cell_h // 2)))
    radius = max(4, min(cell_w, cell_h) // 2 - px(3))
    for row, week in enumerate(weeks, start=1):
        for column, number in enumerate(week):
            if number:
                centre = (left + column * cell_w + cell_w // 2, top + row * cell_h + cell_h // 2)
                day = date(year, month, number)
                mark = WON if day in won else LOST if day in lost else NOT_PLAYED if day <= today else None
                _draw_day(screen, font, centre, radius, str(number), mark, day == today, unit)
    _draw_legend(screen, font, pygame.Rect(area.x, area.bottom - legend_h, area.w, legend_h), unit)


def _draw_day(screen: pygame.Surface, font: pygame.font.Font, centre: tuple[int, int], radius: int,
              number: str, mark: str | None, today: bool, unit: float) -> None:
    px = _px(unit)
    colour = theme.TEXT_DIM
    if mark == WON:
        pygame.draw.circle(screen, theme.NOTICE, centre, radius)
        colour = theme.FELT_DARK
    elif mark == LOST:
        pygame.draw.circle(screen, theme.TEXT, centre, radius, max(1, px(2)))
        offset = round(radius * 0.7)
        pygame.draw.line(screen, theme.TEXT, (centre[0] - offset, centre[1] + offset),
                         (centre[0] + offset, centre[1] - offset), max(1, px(2)))
        colour = theme.TEXT
    elif mark == NOT_PLAYED:
        pygame.draw.circle(screen, theme.TEXT_DIM, centre, radius, 1)
    if today:
        pygame.draw.circle(screen, theme.FOCUS_RING, centre, radius + px(3), max(1, px(2)))
    label = font.render(number, True, colour)
    screen.blit(label, label.get_rect(center=centre))


def _draw_legend(screen: pygame.Surface, font: pygame.font.Font, box: pygame.Rect, unit: float) -> None:
    """The three marks with their words, side by side under the grid."""
    px = _px(unit)
    radius = max(4, font.get_linesize() // 3)
    pieces = [(WON, _("won")), (LOST, _("lost")), (NOT_PLAYED, _("not played"))]
    labels = [font.render(words, True, theme.TEXT) for _result, words in pieces]
    gap = px(18)
    width = sum(2 * radius + px(6) + label.get_width() for label in labels) + gap * (len(labels) - 1)
    x = box.centerx - width // 2
    for (mark, _words), label in zip(pieces, labels, strict=True):
        _draw_day(screen, font, (x + radius, box.centery), radius, "", mark, False, unit)
        x += 2 * radius + px(6)
        screen.blit(label, label.get_rect(midleft=(x, box.centery)))
        x += label.get_width() + gap


def _px(unit: float) -> Callable[[float], int]:
    return lambda length: round(length * unit)
