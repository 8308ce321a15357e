"""Modal dialogs drawn over the table: messages with buttons, preferences, a deal number.

A dialog is a scene on the app's stack: while it is open the table gets no input and its
clock stops. A button's callback runs after the dialog has closed, so it may open another.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import pygame

from eightoff.core.deals import MAX_DEAL, MIN_DEAL
from eightoff.core.variants import VARIANTS
from eightoff.session.commands import COMMANDS
from eightoff.store.preferences import ANIMATION_SPEEDS
from eightoff.ui import theme
from eightoff.ui.scene import Scene

if TYPE_CHECKING:
    from eightoff.session.session import Session
    from eightoff.ui.app import App

Action = Callable[[], None] | None


@dataclass
class Choice:
    label: str
    action: Action
    rect: pygame.Rect


class Dialog(Scene):
    """A panel with a title, lines of text, optional option rows and a row of buttons.

    Enter presses the first button, Esc closes without acting, Tab and the arrows move the
    focus, the mouse clicks."""

    max_width = 640
    text_size = 26

    def __init__(self, app: App, title: str, lines: list[str], buttons: list[tuple[str, Action]]) -> None:
        super().__init__(app)
        self.title = title
        self.lines = lines
        self.button_specs = buttons
        self.choices: list[Choice] = []
        self.focus = 0
        self.hovered: int | None = None
        self.panel = pygame.Rect(0, 0, 0, 0)
        self._shown: tuple[object, ...] | None = None
        self.resize(app.size)

    # ----- content (overridden by richer dialogs) -------------------------------------------------

    def option_labels(self) -> list[str]:
        """Rows of toggles above the buttons; they act without closing the dialog."""
        return []

    def toggle(self, index: int) -> None:
        """An option row was chosen."""

    def body_lines(self) -> list[str]:
        return self.lines

    # ----- geometry ------------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.text_font = theme.font(self.text_size)
        self.title_font = theme.font(36)
        width = min(size[0] - 60, self.max_width)
        line_h = self.text_font.get_linesize()
        options = self.option_labels()
        height = (24 + self.title_font.get_linesize() + 12 + line_h * len(self.body_lines())
                  + (16 + 44 * len(options) if options else 0) + 24 + 40 + 24)
        self.panel = pygame.Rect(0, 0, width, height)
        self.panel.center = (size[0] // 2, size[1] // 2)
        self.choices = []
        top = self.panel.y + 24 + self.title_font.get_linesize() + 12 + line_h * len(self.body_lines()) + 16
        for label in options:
            self.choices.append(Choice(label, None, pygame.Rect(self.panel.x + 32, top, width - 64, 38)))
            top += 44
        labels = [label for label, _ in self.button_specs]
        widths = [max(110, self.text_font.size(label)[0] + 36) for label in labels]
        x = self.panel.right - 24 - sum(widths) - 12 * (len(widths) - 1)
        for (label, action), button_w in zip(self.button_specs, widths, strict=True):
            rect = pygame.Rect(x, self.panel.bottom - 24 - 40, button_w, 40)
            self.choices.append(Choice(label, action, rect))
            x += button_w + 12
        self.option_count = len(options)
        self.focus = min(self.focus, len(self.choices) - 1)
        self._shown = None

    # ----- input ---------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.choice_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            index = self.choice_at(event.pos)
            if index is not None:
                self.choose(index)
        elif event.type == pygame.KEYDOWN:
            self.key(event)

    def key(self, event: pygame.event.Event) -> None:
        count = len(self.choices)
        if event.key == pygame.K_ESCAPE:
            self.app.pop(self)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.choose(self.focus)
        elif event.key in (pygame.K_TAB, pygame.K_RIGHT, pygame.K_DOWN):
            back = event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT
            self.focus = (self.focus + (-1 if back else 1)) % count
        elif event.key in (pygame.K_LEFT, pygame.K_UP):
            self.focus = (self.focus - 1) % count

    def choice_at(self, point: tuple[int, int]) -> int | None:
        for index, choice in enumerate(self.choices):
            if choice.rect.collidepoint(point):
                return index
        return None

    def choose(self, index: int) -> None:
        if index < self.option_count:
            self.focus = index
            self.toggle(index)
            self.resize(self.size)
            return
        self.app.pop(self)
        action = self.choices[index].action
        if action is not None:
            action()

    # ----- drawing -------------------------------------------------------------------------------

    def _state(self) -> tuple[object, ...]:
        return (self.hovered, self.focus, tuple(c.label for c in self.choices), tuple(self.body_lines()))

    def needs_draw(self) -> bool:
        return self._state() != self._shown

    def draw(self, screen: pygame.Surface, full: bool) -> list[pygame.Rect]:
        if full:
            shade = pygame.Surface(screen.get_size(), pygame.SRCALPHA)
            shade.fill(theme.SHADE)
            screen.blit(shade, (0, 0))
        elif not self.needs_draw():
            return []
        self.draw_panel(screen)
        self._shown = self._state()
        return [screen.get_rect() if full else self.panel]

    def draw_panel(self, screen: pygame.Surface) -> None:
        panel = self.panel
        pygame.draw.rect(screen, theme.PANEL, panel, border_radius=12)
        pygame.draw.rect(screen, theme.PANEL_LINE, panel, 1, border_radius=12)
        title = self.title_font.render(self.title, True, theme.PANEL_TEXT)
        screen.blit(title, (panel.x + 28, panel.y + 24))
        y = panel.y + 24 + self.title_font.get_linesize() + 12
        for line in self.body_lines():
            text = self.text_font.render(line, True, theme.PANEL_TEXT)
            screen.blit(text, (panel.x + 28, y))
            y += self.text_font.get_linesize()
        for index, choice in enumerate(self.choices):
            is_button = index >= self.option_count
            lit = index == self.hovered or index == self.focus
            if is_button and index == self.focus:
                fill = theme.ACCENT
            else:
                fill = theme.BUTTON_LIT if lit else theme.BUTTON_PLAIN
            pygame.draw.rect(screen, fill, choice.rect, border_radius=7)
            pygame.draw.rect(screen, theme.PANEL_LINE, choice.rect, 1, border_radius=7)
            colour = (255, 255, 255) if is_button and index == self.focus else theme.PANEL_TEXT
            text = self.text_font.render(choice.label, True, colour)
            if is_button:
                screen.blit(text, text.get_rect(center=choice.rect.center))
            else:
                screen.blit(text, text.get_rect(midleft=(choice.rect.x + 14, choice.rect.centery)))


class MessageDialog(Dialog):
    pass


class PreferencesDialog(Dialog):
    """Toggles for each preference; they apply at once, and the table is told what changed."""

    SPEEDS = list(ANIMATION_SPEEDS)

    def __init__(self, app: App, changed: Callable[[object], None]) -> None:
        self.changed = changed
        super().__init__(app, "Preferences", ["Click a line (or press Enter on it) to change it."],
                         [("Done", None)])

    def option_labels(self) -> list[str]:
        p = self.app.preferences

        def on(flag: bool) -> str:
            return "on" if flag else "off"

        return [
            f"Auto-play cards to the foundations: {on(p.autoplay)}",
            f"Raglan with all cards face up (from the next game): {on(p.face_up)}",
            f"Four-colour deck: {on(p.four_colour)}",
            f"Take cards back off the foundations: {on(p.takeback)}",
            f"Winnable deals only (random new games): {on(p.winnable_only)}",
            f"Animation speed: {p.animation_speed}",
        ]

    def toggle(self, index: int) -> None:
        old = self.app.preferences
        new = replace(old)
        if index == 0:
            new.autoplay = not old.autoplay
        elif index == 1:
            new.face_up = not old.face_up
        elif index == 2:
            new.four_colour = not old.four_colour
        elif index == 3:
            new.takeback = not old.takeback
        elif index == 4:
            new.winnable_only = not old.winnable_only
        else:
            speeds = self.SPEEDS
            current = speeds.index(old.animation_speed) if old.animation_speed in speeds else 0
            new.animation_speed = speeds[(current + 1) % len(speeds)]
        self.app.preferences = new
        self.changed(old)


class DealDialog(Dialog):
    """Type a deal number; Enter starts it."""

    def __init__(self, app: App, start: Callable[[int], None]) -> None:
        self.start = start
        self.text = ""
        self.error = ""
        super().__init__(app, "Play deal number", [], [("Play", self.submit), ("Cancel", None)])

    def body_lines(self) -> list[str]:
        return [f"Deal ({MIN_DEAL} to {MAX_DEAL}):  {self.text}_", self.error]

    def key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_BACKSPACE:
            self.text = self.text[:-1]
        elif event.unicode and event.unicode.isdigit() and len(self.text) < 12:
            self.text += event.unicode
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.submit()
        else:
            super().key(event)

    def submit(self) -> None:
        number = int(self.text) if self.text else None
        if number is None or not MIN_DEAL <= number <= MAX_DEAL:
            self.error = f"Type a whole number from {MIN_DEAL} to {MAX_DEAL}"
            if self.app.top is not self:
                self.app.push(self)
            return
        if self.app.top is self:
            self.app.pop(self)
        self.start(number)


KEY_HELP = [
    "Mouse: drag a card or a run; click sends a card home, else to a",
    "  free cell, else onto the best column.",
    "Keys: 1-9 columns, Q W E R T Y U I the cells (or the reserve),",
    "  F or Enter the foundation: first the source, then the target;",
    "  Space or the same key again sends the card home or to a cell; Esc cancels.",
    "H hint (the next move of a winning line); F9 solve: the solver plays",
    "  on, Space pauses, Left/Right step back/forward, Esc stops.",
    "The status line says whether the game can still be won.",
]


class GameChooser(Dialog):
    """The games of the registry, one row each; Enter or a click plays the focused one."""

    max_width = 720

    def __init__(self, app: App, pick: Callable[[str], None]) -> None:
        self.pick = pick
        self.keys = list(VARIANTS)
        super().__init__(app, "Choose a game", ["Your unfinished game of each kind is kept."],
                         [("Cancel", None)])
        self.focus = self.keys.index(app.session.variant.key)

    def option_labels(self) -> list[str]:
        return [f"{VARIANTS[key].title}: {VARIANTS[key].summary}" for key in self.keys]

    def toggle(self, index: int) -> None:
        self.app.pop(self)
        self.pick(self.keys[index])


def help_dialog(app: App, session: Session) -> Dialog:
    """The rules of the game being played, from the registry, then the controls from the
    session's command list."""
    variant = session.variant
    lines: list[str] = []
    for paragraph in variant.help_paragraphs:
        lines += textwrap.wrap(paragraph, 72) + [""]
    lines += KEY_HELP
    shortcuts = [f"{' or '.join(c.keys)} {c.label.lower()}" for c in COMMANDS if c.keys]
    lines += textwrap.wrap(", ".join(shortcuts) + ".", 72)
    return MessageDialog(app, variant.title, lines, [("Close", None)])
