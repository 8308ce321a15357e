"""The pause: the table's cloth drawn over the cards, the clock stopped, until the player
comes back.

A modal scene over the table, so the table's clock stops as it does under any dialog (the
session counts only time the table is on top), and the cards cannot be studied while the
clock is stopped. Any key or click resumes; the toolbar and status line stay in view.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from eightoff.core.i18n import _
from eightoff.ui import theme
from eightoff.ui.layout import chrome_scale

if TYPE_CHECKING:
    from eightoff.ui.layout import Box
    from eightoff.ui.scene import Host

from eightoff.ui.scene import Scene


class PauseScene(Scene):
    def __init__(self, host: Host, area: Callable[[], Box]) -> None:
        super().__init__(host)
        self.area = area
        """The table's area (it changes with the window), which the pause covers."""
        self.shown = False

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN or (event.type == pygame.MOUSEBUTTONUP and event.button == 1):
            self.host.pop(self)

    def needs_draw(self) -> bool:
        return not self.shown

    def resize(self, size: tuple[int, int]) -> None:
        self.shown = False

    def draw(self, screen: pygame.Surface, full: bool) -> list[pygame.Rect]:
        area = pygame.Rect(self.area())
        screen.fill(theme.FELT, area)
        pygame.draw.rect(screen, theme.FELT_DARK, area.inflate(-8, -8), 2, border_radius=10)
        unit = chrome_scale(*self.host.size, self.host.ui_scale)
        title = theme.font(round(48 * unit)).render(_("Paused"), True, theme.TEXT)
        hint = theme.font(round(24 * unit)).render(_("Press any key, or click, to go on."), True, theme.TEXT)
        screen.blit(title, title.get_rect(midbottom=(area.centerx, area.centery - round(8 * unit))))
        screen.blit(hint, hint.get_rect(midtop=(area.centerx, area.centery + round(8 * unit))))
        self.shown = True
        return [area]
