"""The statistics charts, drawn with pygame in the table's colours: the win rate over the last
games (a rolling share) and a histogram of winning times.

The Statistics dialog draws them into its panel and `eightoff stats --chart` onto a Surface
saved as PNG, from the same `Chart` (the session's) and by the same functions, so the two cannot
differ. Every
value is clamped into its axis: a damaged log may skew a chart, never draw off it.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

import pygame

from eightoff.core.i18n import _, decimal, ngettext, percent
from eightoff.session.records import Chart
from eightoff.ui import theme

PNG_SIZE = (1000, 440)
"""The `--chart` picture: both charts side by side, legible when shown at half size."""


def draw_charts(screen: pygame.Surface, area: pygame.Rect, figures: Chart, unit: float,
                together: Chart | None = None) -> None:
    """Both charts in `area`, side by side (one above the other where `area` is tall and narrow);
    `together`, all games' figures, adds their win rate beside the game's."""
    gap = round(12 * unit)
    if area.w >= area.h * 1.6:
        half = (area.w - gap) // 2
        left = pygame.Rect(area.x, area.y, half, area.h)
        right = pygame.Rect(area.x + half + gap, area.y, area.w - half - gap, area.h)
    else:
        half = (area.h - gap) // 2
        left = pygame.Rect(area.x, area.y, area.w, half)
        right = pygame.Rect(area.x, area.y + half + gap, area.w, area.h - half - gap)
    draw_win_rate(screen, left, figures, unit, together)
    draw_time_histogram(screen, right, figures, unit)


def _frame(screen: pygame.Surface, area: pygame.Rect, heading: str,
           unit: float) -> tuple[pygame.Rect, pygame.font.Font]:
    """The felt card a chart is drawn on, its heading, and the plot's rectangle inside."""
    px = _px(unit)
    pygame.draw.rect(screen, theme.FELT, area, border_radius=px(8))
    small = theme.font(max(12, px(20)))
    label = small.render(_fit(heading, small, area.w - px(16)), True, theme.TEXT)
    screen.blit(label, (area.x + px(10), area.y + px(6)))
    top = area.y + px(10) + small.get_linesize() + small.get_linesize() // 2  # room for the top label
    left = area.x + px(10) + small.size("100%")[0] + px(6)
    bottom = area.bottom - small.get_linesize() - px(8)
    plot = pygame.Rect(left, top, area.right - px(12) - left, bottom - top)
    return plot, small


def draw_win_rate(screen: pygame.Surface, area: pygame.Rect, figures: Chart, unit: float,
                  together: Chart | None = None) -> None:
    """The share of wins in the last `window` games, at each of the last games, 0-100 %: the
    game's line over all games' (`together`, thinner, in the text's colour), each spread over
    the plot's width, with a key under them naming each."""
    px = _px(unit)
    plot, small = _frame(screen, area, win_rate_heading(figures, together), unit)
    if plot.w < 4 or plot.h < 4:
        return
    for share in (0.0, 0.5, 1.0):
        y = plot.bottom - round(share * plot.h)
        pygame.draw.line(screen, theme.FELT_DARK, (plot.x, y), (plot.right, y), max(1, px(1)))
        mark = small.render(percent(100 * share), True, theme.TEXT)
        screen.blit(mark, mark.get_rect(midright=(plot.x - px(4), y)))
    behind = together.rolling if together is not None else ()
    if not figures.rolling and not behind:  # the words between the 50 % and 100 % lines, on neither
        _empty(screen, plot, small, _("No finished games yet."), (plot.centerx, plot.y + plot.h // 4))
        return
    _line(screen, plot, behind, theme.TEXT, max(1, px(2)), max(2, px(3)))
    _line(screen, plot, figures.rolling, theme.NOTICE, max(2, px(3)), max(3, px(5)))
    if together is None:
        games = games_drawn(figures)
        note = small.render(_fit(games, small, plot.w), True, theme.TEXT_DIM)
        screen.blit(note, note.get_rect(midtop=(plot.centerx, plot.bottom + px(4))))
    else:
        _key(screen, pygame.Rect(plot.x, plot.bottom + px(4), plot.w, small.get_linesize()), small, unit,
             [(theme.NOTICE, figures.name), (theme.TEXT, together.name)])


def win_rate_heading(figures: Chart, together: Chart | None = None) -> str:
    """What each point is the share of: the last `window` games, or all so far when fewer."""
    if max(figures.traced, together.traced if together is not None else 0) < figures.window:
        return _("Win rate over the games so far")
    return ngettext("Win rate over the last {count} game", "Win rate over the last {count} games",
                    figures.window).format(count=decimal(figures.window))


def games_drawn(figures: Chart) -> str:
    """The words under the chart for the games it spans: all of them, or the last of many."""
    count = figures.traced
    if count < figures.played:
        return ngettext("the last {count} game", "the last {count} games", count).format(count=decimal(count))
    return ngettext("{count} game so far", "{count} games so far", count).format(count=decimal(count))


def _line(screen: pygame.Surface, plot: pygame.Rect, values: tuple[float, ...], colour: theme.Paint,
          width: int, dot: int) -> None:
    """One series of shares spread over the plot's width, oldest left, a dot on the newest."""
    if not values:
        return
    count = len(values)
    points = [(plot.x + (round(index * plot.w / (count - 1)) if count > 1 else plot.w // 2),
               plot.bottom - round(min(1.0, max(0.0, value)) * plot.h)) for index, value in enumerate(values)]
    if len(points) > 1:
        pygame.draw.lines(screen, colour, False, points, width)
    pygame.draw.circle(screen, colour, points[-1], dot)


def _key(screen: pygame.Surface, row: pygame.Rect, font: pygame.font.Font, unit: float,
         entries: list[tuple[theme.Paint, str]]) -> None:
    """A swatch of each line's colour and its name, side by side and centred in `row`; each name
    gets an even share of the width (cut with "…" where it does not fit)."""
    px = _px(unit)
    swatch, gap = px(18), px(14)
    share = (row.w - gap * (len(entries) - 1)) // len(entries) - swatch - px(4)
    labels = [font.render(_fit(words, font, share), True, theme.TEXT) for _colour, words in entries]
    width = sum(swatch + px(4) + label.get_width() for label in labels) + gap * (len(entries) - 1)
    x = row.centerx - width // 2
    for (colour, _words), label in zip(entries, labels, strict=True):
        middle = row.y + label.get_height() // 2
        pygame.draw.line(screen, colour, (x, middle), (x + swatch, middle), max(2, px(3)))
        x += swatch + px(4)
        screen.blit(label, (x, row.y))
        x += label.get_width() + gap


def draw_time_histogram(screen: pygame.Surface, area: pygame.Rect, figures: Chart, unit: float) -> None:
    """How many wins took up to each bin's time; the last bin holds those over an hour."""
    px = _px(unit)
    plot, small = _frame(screen, area, _("Winning times (minutes)"), unit)
    if plot.w < 4 or plot.h < 4:
        return
    bins = figures.time_bins
    tallest = max(bins, default=0)
    pygame.draw.line(screen, theme.FELT_DARK, (plot.x, plot.bottom), (plot.right, plot.bottom), max(1, px(1)))
    if tallest == 0:
        _empty(screen, plot, small, _("No won games yet."))
        return
    top = small.render(str(tallest), True, theme.TEXT)
    screen.blit(top, top.get_rect(midright=(plot.x - px(4), plot.y)))
    width = plot.w / len(bins)
    edges = figures.time_edges
    labels = [str(edge // 60) for edge in edges] + [f"{edges[-1] // 60}+"]
    placed: list[pygame.Rect] = []
    for index in [len(bins) - 1, *range(len(bins) - 1)]:  # the open-ended bin's label first
        x = plot.x + round(index * width)
        height = round(plot.h * min(bins[index], tallest) / tallest)
        bar = pygame.Rect(x + px(2), plot.bottom - height, max(1, round(width) - px(4)), height)
        pygame.draw.rect(screen, theme.NOTICE, bar, border_top_left_radius=px(3),
                         border_top_right_radius=px(3))
        text = small.render(labels[index], True, theme.TEXT)
        where = text.get_rect(midtop=(bar.centerx, plot.bottom + px(3)))
        if where.collidelist([rect.inflate(px(6), 0) for rect in placed]) < 0:
            screen.blit(text, where)  # a label that would touch another is left out
            placed.append(where)


def write_charts(path: Path, figures: Chart, together: Chart | None = None) -> None:
    """Both charts as a PNG of PNG_SIZE, with the game's title and counts above them (and all
    games' win rate, `together`, as the dialog draws it). Needs no display: a Surface and
    pygame's font. OSError or ValueError (pygame's error) on failure."""
    pygame.font.init()
    surface = pygame.Surface(PNG_SIZE)
    surface.fill(theme.FELT_DARK)
    font = theme.font(34)
    small = theme.font(24)
    surface.blit(font.render(figures.name, True, theme.TEXT), (20, 14))
    surface.blit(small.render(_fit(figures.counts, small, PNG_SIZE[0] - 40), True, theme.TEXT), (20, 50))
    draw_charts(surface, pygame.Rect(20, 84, PNG_SIZE[0] - 40, PNG_SIZE[1] - 104), figures, 1.0, together)
    if path.suffix.lower() != ".png":
        raise ValueError(_("the file name must end in .png"))
    png = io.BytesIO()
    try:
        pygame.image.save(surface, png, "png")
    except pygame.error as error:  # SDL says why it could not encode
        raise OSError(str(error)) from None
    # Written here, not by SDL: a missing folder or a full disk is an OSError with its number,
    # which the player reads in their language, not SDL's English sentence.
    path.write_bytes(png.getvalue())


def _empty(screen: pygame.Surface, plot: pygame.Rect, font: pygame.font.Font, words: str,
           centre: tuple[int, int] | None = None) -> None:
    text = font.render(_fit(words, font, plot.w), True, theme.TEXT_DIM)
    screen.blit(text, text.get_rect(center=centre or plot.center))


def _fit(text: str, font: pygame.font.Font, width: int) -> str:
    """`text`, or as much of it as fits `width` followed by "…" (never squeezed)."""
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "…")[0] > width:
        text = text[:-1]
    return text.rstrip() + "…"


def _px(unit: float) -> Callable[[float], int]:
    """Lengths of a chart drawn at a `unit` of 1 (the PNG), in the dialog's scale."""
    return lambda length: round(length * unit)
