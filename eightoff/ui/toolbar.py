"""A row of flat text buttons across the top of the window, drawn by us.

Buttons carry an action name, not a callback: the table scene maps names to what they do,
and decides which are enabled (Undo with nothing to undo, Hint without a solver).
"""

from __future__ import annotations

import msgspec
import pygame

from eightoff.core.i18n import N_, _
from eightoff.session.commands import COMMANDS
from eightoff.ui import theme
from eightoff.ui.layout import TOOLBAR_HEIGHT, Box

BUTTONS = tuple((command.name, command.label) for command in COMMANDS if command.toolbar)
"""The toolbar's buttons, in the order of the session's command list; labels are `N_`-marked
English, translated each time the bar is placed so a change of language shows at once."""
PADDING = 14
MIN_PADDING = 5
MORE = "more"
MORE_LABEL = N_("More…")
FOLDED_FIRST = ("fullscreen", "help", "statistics", "daily", "quit", "preferences", "pause", "deal",
                "game", "redo", "solve", "restart")
"""The buttons that fold into More, rarest first, as long as the others do not fit: New, Undo
and Hint stay (each has its key as well, and every folded one keeps its key)."""


class Button(msgspec.Struct):
    action: str
    label: str
    rect: pygame.Rect
    enabled: bool = True


class Toolbar:
    def __init__(self) -> None:
        self.buttons: list[Button] = []
        self.hovered: str | None = None
        self.font_size = 18
        self.unit = 1.0
        """The bar's height over its base height: paddings grow with it."""
        self.pressed: str | None = None
        self.focused: str | None = None
        """The button the keyboard is on (F10, then Left/Right and Enter); None: the table's keys."""
        self.covered = False
        """A dialog is over the table and takes every click and key: the bar is shown off."""
        self._shown: tuple[object, ...] | None = None
        self.folded: list[tuple[str, str]] = []
        """(action, label) of the buttons More holds, in the command list's order."""

    def cover(self, covered: bool) -> None:
        """A dialog opens over the bar (or closes): while it is open every button is drawn off,
        since a click on one would reach the dialog, not the button; and a hover box or press
        left from before it (the pointer was on New when it was pressed) is cleared."""
        self.covered = covered
        self.hovered = self.pressed = self.focused = None

    def place(self, box: Box) -> None:
        """Lay the buttons out left to right; in a narrow window the padding, then the letters,
        shrink so that every button stays on screen."""
        self.unit = box.h / TOOLBAR_HEIGHT  # the bar grows with the window and the desktop's scale
        self.font_size, padding, shown = self._fit(box)
        font = theme.font(self.font_size)
        x = box.x + round(6 * self.unit)
        inset = round(4 * self.unit)
        self.buttons = []
        for action, label in shown:
            width = font.size(label)[0] + 2 * padding
            rect = pygame.Rect(x, box.y + inset, width, box.h - 2 * inset)
            self.buttons.append(Button(action, label, rect))
            x += width + 2
        self._shown = None

    @staticmethod
    def labels() -> list[tuple[str, str]]:
        """(action, label in the player's language) of every button."""
        return [(action, _(label)) for action, label in BUTTONS]

    def _fit(self, box: Box) -> tuple[int, int, list[tuple[str, str]]]:
        """The font size, the padding and the buttons shown: the labels shrink, down to
        LEAST_TEXT tall capitals, then the rarer ones fold into More, until the rest fit."""
        least = theme.least_font_size(theme.LEAST_TEXT * self.unit)
        shown = self.labels()
        folding = list(FOLDED_FIRST)
        while True:
            for size in range(max(least, round(box.h * 0.6)), least - 1, -1):
                text = sum(theme.font(size).size(label)[0] for _action, label in shown)
                room = box.w - round(12 * self.unit) - 2 * len(shown) - text
                padding = min(round(PADDING * self.unit), room // (2 * len(shown)))
                if padding >= MIN_PADDING * self.unit:
                    self.folded = [(action, label) for action, label in self.labels()
                                   if action not in {shown_action for shown_action, _l in shown}]
                    return size, padding, shown
            if not folding:  # nothing left to fold: the smallest letters, however tight
                self.folded = []
                return least, 0, shown
            gone = folding.pop(0)
            shown = [(action, label) for action, label in shown if action not in (gone, MORE)]
            shown.append((MORE, _(MORE_LABEL)))

    def move_focus(self, step: int) -> None:
        """Put the keyboard focus on the next enabled button `step` away (from the first one
        when none has it yet)."""
        enabled = [button.action for button in self.buttons if button.enabled]
        if not enabled:
            self.focused = None
            return
        if self.focused not in enabled:
            self.focused = enabled[0]
            return
        self.focused = enabled[(enabled.index(self.focused) + step) % len(enabled)]

    def set_enabled(self, enabled: dict[str, bool]) -> None:
        for button in self.buttons:
            button.enabled = enabled.get(button.action, True)

    def button_at(self, point: tuple[int, int], greyed: bool = False) -> Button | None:
        """The enabled button under `point` (with `greyed`, a greyed one too: pressed, it says
        why it is off)."""
        for button in self.buttons:
            if button.rect.collidepoint(point) and (button.enabled or greyed):
                return button
        return None

    def hover(self, point: tuple[int, int]) -> None:
        button = self.button_at(point)
        self.hovered = button.action if button else None

    def needs_draw(self) -> bool:
        return self._shown != self._state()

    def _state(self) -> tuple[object, ...]:
        return (self.hovered, self.pressed, self.focused, self.covered,
                tuple(button.enabled for button in self.buttons))

    def draw(self, screen: pygame.Surface, box: Box) -> pygame.Rect:
        rect = pygame.Rect(box)
        screen.fill(theme.BAR, rect)
        pygame.draw.line(screen, theme.BAR_LINE, (rect.x, rect.bottom - 1), (rect.right, rect.bottom - 1))
        font = theme.font(self.font_size)
        radius, ring = round(5 * self.unit), round(2 * self.unit)
        for button in self.buttons:
            if button.enabled and not self.covered and button.action == self.pressed:
                pygame.draw.rect(screen, theme.BUTTON_DOWN, button.rect, border_radius=radius)
            elif button.enabled and button.action == self.hovered:
                pygame.draw.rect(screen, theme.BUTTON_HOVER, button.rect, border_radius=radius)
            if button.action == self.focused:
                pygame.draw.rect(screen, theme.FOCUS_RING, button.rect, ring, border_radius=radius)
            colour = theme.TEXT if button.enabled and not self.covered else theme.TEXT_DIM
            label = font.render(button.label, True, colour)
            screen.blit(label, label.get_rect(center=(button.rect.centerx, button.rect.centery + 1)))
        self._shown = self._state()
        return rect

