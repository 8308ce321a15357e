"""The status line (deal, rules, moves, time) and the notice shown in it.

The clock runs only while a game is under way and the window is shown, and the line asks
for a redraw once a second at most: the loop otherwise sleeps.
"""

from __future__ import annotations

import pygame

from eightoff.session.clock import clock_text
from eightoff.session.session import Session
from eightoff.ui import theme
from eightoff.ui.layout import Box

NOTICE_SECONDS = 4.0


def game_summary(session: Session) -> str:
    game = session.game
    deal = f"Deal {game.deal_number}" if game.deal_number is not None else "Custom deal"
    moves = f"{game.move_count} move{'' if game.move_count == 1 else 's'}"
    return f"{session.variant.title}   ·   {deal}   ·   {moves}   ·   {clock_text(session.seconds())}"


class StatusLine:
    def __init__(self) -> None:
        self.notice = ""
        self.notice_until = 0.0
        self.indicator = ""
        """The solver's quiet verdict, at the right end ("winnable", "thinking...")."""
        self._shown: tuple[str, str, str] | None = None

    def show(self, text: str, now: float, seconds: float = NOTICE_SECONDS) -> None:
        self.notice, self.notice_until = text, now + seconds

    def expire(self, now: float) -> None:
        if self.notice and now >= self.notice_until:
            self.notice = ""

    def next_wakeup(self) -> float | None:
        return self.notice_until if self.notice else None

    def needs_draw(self, summary: str) -> bool:
        return self._shown != (summary, self.notice, self.indicator)

    def draw(self, screen: pygame.Surface, box: Box, summary: str) -> pygame.Rect:
        rect = pygame.Rect(box)
        screen.fill(theme.BAR, rect)
        pygame.draw.line(screen, theme.BAR_LINE, rect.topleft, (rect.right, rect.top))
        font = theme.font(max(18, round(box.h * 0.78)))
        text = font.render(summary, True, theme.TEXT)
        screen.blit(text, text.get_rect(midleft=(rect.x + 12, rect.centery + 1)))
        right = rect.right - 12
        if self.indicator:
            indicator = font.render(self.indicator, True, theme.TEXT_DIM)
            spot = indicator.get_rect(midright=(right, rect.centery + 1))
            screen.blit(indicator, spot)
            right = spot.left - 24
        if self.notice:
            notice = font.render(self.notice, True, theme.NOTICE)
            spot = notice.get_rect(midright=(right, rect.centery + 1))
            spot.left = max(spot.left, rect.x + 24 + text.get_width())
            screen.blit(notice, spot)
        self._shown = (summary, self.notice, self.indicator)
        return rect
