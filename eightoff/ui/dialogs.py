"""Modal dialogs drawn over the table: messages with buttons, preferences, a deal number.

A dialog is a scene on the window's stack: while it is open the table gets no input and its
clock stops. A button's callback runs after the dialog has closed, so it may open another.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import msgspec
import pygame

from eightoff.core.cards import Card
from eightoff.core.deal_numbers import deal_range, parse_deal_number
from eightoff.core.i18n import N_, _, percent, pgettext
from eightoff.core.preferences import ANIMATION_SPEEDS, Preferences
from eightoff.core.variants import VARIANTS, Variant
from eightoff.locale import SYSTEM, available_languages
from eightoff.session.commands import COMMANDS, key_words
from eightoff.session.grading import next_winnable_choice, range_words
from eightoff.session.words import control_words
from eightoff.ui import theme
from eightoff.ui.access import screen_reader_help
from eightoff.ui.designs import (
    BACKS,
    TABLES,
    back_design,
    next_name,
    table_cloth,
    table_name,
)
from eightoff.ui.game_preview import game_picture
from eightoff.ui.layout import chrome_scale
from eightoff.ui.scene import Scene
from eightoff.ui.themes.choice import (
    LARGE_INDEX,
    colour_row,
    face_label,
    face_names,
    face_notes,
    offers_large_index,
)
from eightoff.ui.themes.deck import POLL_SECONDS, CardArt
from eightoff.ui.themes.size import card_size

if TYPE_CHECKING:
    from eightoff.session.session import Session
    from eightoff.ui.scene import Host

Action = Callable[[], None] | None
DEAL_TEXT_LIMIT = 40
"""Characters the Deal dialog's field takes: room for 10**20 with leading zeros, and a line."""
SCROLL_KEYS = (pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END)
ROW_STEP = 44
"""From one option row to the next, at a `Dialog.unit` of 1."""


def wrap(line: str, font: pygame.font.Font, width: int) -> list[str]:
    """`line` broken at spaces into pieces no wider than `width` pixels in `font` (a word wider
    than that alone on its piece); an indented line keeps its indent on every piece."""
    if font.size(line)[0] <= width:
        return [line]
    indent = line[:len(line) - len(line.lstrip(" "))]
    pieces: list[str] = []
    current = ""
    for word in line.split():
        candidate = f"{current} {word}" if current else indent + word
        if current and font.size(candidate)[0] > width:
            pieces.append(current)
            candidate = indent + word
        current = candidate
    return [*pieces, current]


class Choice(msgspec.Struct):
    label: str
    action: Action
    rect: pygame.Rect


class Dialog(Scene):
    """A panel with a title, lines of text, optional option rows and a row of buttons.

    Enter presses the first button, Esc closes without acting, Tab and the arrows move the
    focus, the mouse clicks. Lines are wrapped to the panel's width (a translation may be
    longer than the English), and when they do not fit the window's height they scroll with
    the wheel, Page Up/Down, Home and End."""

    max_width = 640
    option_columns = 1
    """Columns of option rows side by side (the Game chooser's many games in a small window)."""
    least_lines = 1
    """The body lines kept in view when the option rows close up in a small window."""
    side_room = 60
    """Pixels left beside the panel at least, in a small window."""
    text_size = 26
    row_step = ROW_STEP
    """From one option row to the next at a `unit` of 1, where the window has room."""
    row_height = 38
    default_button = 0
    """The button Enter presses (an index among the buttons): never a destructive one."""

    def __init__(self, host: Host, title: str, lines: list[str], buttons: list[tuple[str, Action]]) -> None:
        super().__init__(host)
        self.title = title
        self.lines = lines
        self.button_specs = buttons
        self.choices: list[Choice] = []
        self.focus = 0
        self.hovered: int | None = None
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.wrapped: list[str] = []
        """The body lines broken to fit the panel, as `resize` last laid them out."""
        self.scroll = 0
        """The first wrapped line shown."""
        self.visible_lines = 0
        self._shown: tuple[object, ...] | None = None
        self._drawn_panel: pygame.Rect | None = None
        """Where the panel was last drawn: a frame that finds it elsewhere draws the whole window."""
        self.focus_moved = False
        """Whether the player moved the focus with keys: only then does Enter act on it."""
        self.resize(host.size)

    # ----- content (overridden by richer dialogs) -------------------------------------------------

    def option_labels(self) -> list[str]:
        """Rows of toggles above the buttons; they act without closing the dialog."""
        return []

    def toggle(self, index: int) -> None:
        """An option row was chosen."""

    def body_lines(self) -> list[str]:
        return self.lines

    def figure_height(self) -> int:
        """Pixels kept between the lines and the option rows for a picture (`figure_area`)."""
        return 0

    def figure_area(self) -> pygame.Rect:
        """Where a dialog with a `figure_height` draws its picture."""
        line_h = self.text_font.get_linesize()
        top = self.text_top() + line_h * self.visible_lines + self.px(8)
        return pygame.Rect(self.panel.x + self.px(28), top, self.panel.w - self.px(56),
                           max(0, self.figure_height() - self.px(8)))

    # ----- geometry ------------------------------------------------------------------------------

    def px(self, length: float) -> int:
        """`length` pixels of a dialog at 1280x800 and a desktop scale of 1, in this window."""
        return round(length * self.unit)

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.unit = chrome_scale(*size, self.host.ui_scale)
        px = self.px
        self.text_font = theme.font(px(self.text_size))
        width = min(size[0] - px(self.side_room), px(self.max_width))
        title_size = px(36)
        while title_size > px(20) and theme.font(title_size).size(self.title)[0] > width - px(56):
            title_size -= 2
        self.title_font = theme.font(title_size)
        line_h = self.text_font.get_linesize()
        options = self.option_labels()
        self.wrapped = [piece for line in self.body_lines()
                        for piece in wrap(line, self.text_font, width - px(56))]
        chrome = px(24) + self.title_font.get_linesize() + px(12) + px(24 + 40 + 24)
        step = px(self.row_step)
        down = -(-len(options) // self.option_columns)
        """Option rows laid out down each column of rows, left column first."""
        if options:  # many rows in a small window: closer together, down to a legible minimum
            room = size[1] - px(20) - chrome - line_h * min(self.least_lines, len(self.wrapped)) - px(16) \
                - self.figure_height()
            step = max(px(min(self.row_step, ROW_STEP) - 10), min(step, room // down))
        fixed = chrome + (px(16) + step * down if options else 0) + self.figure_height()
        self.visible_lines = max(1, min(len(self.wrapped), (size[1] - px(20) - fixed) // line_h))
        self.scroll = max(0, min(self.scroll, len(self.wrapped) - self.visible_lines))
        height = fixed + line_h * self.visible_lines
        self.panel = pygame.Rect(0, 0, width, height)
        self.panel.center = (size[0] // 2, size[1] // 2)
        self.choices = []
        top = self.text_top() + line_h * self.visible_lines + px(16) + self.figure_height()
        row_w = (width - px(64) - px(16) * (self.option_columns - 1)) // self.option_columns
        for index, label in enumerate(options):
            row_h = min(px(self.row_height), step - px(4))
            across, at = divmod(index, down)
            left = self.panel.x + px(32) + across * (row_w + px(16))
            row = pygame.Rect(left, top + at * step, row_w, row_h)
            self.choices.append(Choice(label, None, row))
        labels = [label for label, _ in self.button_specs]
        widths = [max(px(110), self.text_font.size(label)[0] + px(36)) for label in labels]
        x = self.panel.right - px(24) - sum(widths) - px(12) * (len(widths) - 1)
        for (label, action), button_w in zip(self.button_specs, widths, strict=True):
            rect = pygame.Rect(x, self.panel.bottom - px(24 + 40), button_w, px(40))
            self.choices.append(Choice(label, action, rect))
            x += button_w + px(12)
        self.option_count = len(options)
        if self.focus_moved:
            self.focus = min(self.focus, len(self.choices) - 1)
        else:  # until the player moves it, the focus rests on the default button
            self.focus = min(self.option_count + self.default_button, len(self.choices) - 1)
        self._wrapped_from = tuple(self.body_lines())
        self._shown = None

    # ----- input ---------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.choice_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            index = self.choice_at(event.pos)
            if index is not None:
                self.choose(index)
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-3 * event.y)
        elif event.type == pygame.KEYDOWN and event.key in SCROLL_KEYS and self.scrolls():
            page = self.visible_lines - 1
            self.scroll_by({pygame.K_PAGEUP: -page, pygame.K_PAGEDOWN: page,
                            pygame.K_HOME: -len(self.wrapped), pygame.K_END: len(self.wrapped)}[event.key])
        elif event.type == pygame.KEYDOWN:
            self.key(event)

    def scrolls(self) -> bool:
        """Whether the lines are more than the window shows at once."""
        return len(self.wrapped) > self.visible_lines

    def scroll_by(self, lines: int) -> None:
        self.scroll = max(0, min(self.scroll + lines, len(self.wrapped) - self.visible_lines))

    def key(self, event: pygame.event.Event) -> None:
        count = len(self.choices)
        if event.key == pygame.K_ESCAPE:
            self.host.pop(self)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.choose(self.focus if self.focus_moved else self.option_count + self.default_button)
        elif event.key == pygame.K_SPACE:
            self.choose(self.focus)
        elif event.key in (pygame.K_TAB, pygame.K_RIGHT, pygame.K_DOWN):
            back = event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT
            self.focus = (self.focus + (-1 if back else 1)) % count
            self.focus_moved = True
        elif event.key in (pygame.K_LEFT, pygame.K_UP):
            self.focus = (self.focus - 1) % count
            self.focus_moved = True

    def choice_at(self, point: tuple[int, int]) -> int | None:
        for index, choice in enumerate(self.choices):
            if choice.rect.collidepoint(point):
                return index
        return None

    def choose(self, index: int) -> None:
        if index < self.option_count:
            self.toggle(index)
            self.resize(self.size)
            return
        self.host.pop(self)
        action = self.choices[index].action
        if action is not None:
            action()

    # ----- drawing -------------------------------------------------------------------------------

    def _state(self) -> tuple[object, ...]:
        return (self.hovered, self.focus, tuple(c.label for c in self.choices), tuple(self.body_lines()),
                self.scroll)

    def needs_draw(self) -> bool:
        return self._state() != self._shown

    def draw(self, screen: pygame.Surface, full: bool) -> list[pygame.Rect]:
        if full:
            shade = pygame.Surface(screen.get_size(), pygame.SRCALPHA)
            shade.fill(theme.SHADE)
            screen.blit(shade, (0, 0))
        elif not self.needs_draw():
            return []
        if self._wrapped_from != tuple(self.body_lines()):  # e.g. an error appeared: lay out again
            self.resize(self.size)
        if self.panel != self._drawn_panel and not full:
            self.host.redraw_all()  # a panel that changed size (a page turned): its old edges must go too
            return []
        self.draw_panel(screen)
        self._shown = self._state()
        self._drawn_panel = self.panel.copy()
        return [screen.get_rect() if full else self.panel]

    def draw_panel(self, screen: pygame.Surface) -> None:
        panel = self.panel
        px = self.px
        pygame.draw.rect(screen, theme.PANEL, panel, border_radius=px(12))
        pygame.draw.rect(screen, theme.PANEL_LINE, panel, max(1, px(1)), border_radius=px(12))
        title = self.title_font.render(self.title, True, theme.PANEL_TEXT)
        screen.blit(title, (panel.x + px(28), panel.y + px(24)))
        y = self.text_top()
        for line in self.wrapped[self.scroll:self.scroll + self.visible_lines]:
            text = self.text_font.render(line, True, theme.PANEL_TEXT)
            screen.blit(text, (panel.x + px(28), y))
            y += self.text_font.get_linesize()
        if self.scrolls():
            self.draw_scrollbar(screen)
        for index, choice in enumerate(self.choices):
            is_button = index >= self.option_count
            lit = index == self.hovered or index == self.focus
            if is_button and index == self.focus:
                fill = theme.ACCENT
            else:
                fill = theme.BUTTON_LIT if lit else theme.BUTTON_PLAIN
            pygame.draw.rect(screen, fill, choice.rect, border_radius=px(7))
            pygame.draw.rect(screen, theme.PANEL_LINE, choice.rect, max(1, px(1)), border_radius=px(7))
            if index == self.focus:  # the focus ring: where Space (and Tab-moved Enter) acts
                pygame.draw.rect(screen, theme.FOCUS_RING, choice.rect.inflate(px(6), px(6)), px(3),
                                 border_radius=px(9))
            colour = (255, 255, 255) if is_button and index == self.focus else theme.PANEL_TEXT
            self.draw_label(screen, index, choice, is_button, colour)

    def draw_label(self, screen: pygame.Surface, index: int, choice: Choice, is_button: bool,
                   colour: theme.Paint) -> None:
        """A button's label centred, an option row's at its left."""
        text = self.label_font(choice, is_button).render(choice.label, True, colour)
        if is_button:
            screen.blit(text, text.get_rect(center=choice.rect.center))
        else:
            screen.blit(text, text.get_rect(midleft=(choice.rect.x + self.px(14), choice.rect.centery)))

    def label_room(self, choice: Choice, is_button: bool) -> tuple[int, int]:
        """The width a choice's label takes as drawn, and the width it has (it fits if the
        first is not larger)."""
        return (self.label_font(choice, is_button).size(choice.label)[0],
                choice.rect.w - self.px(16 if is_button else 28))


    def label_font(self, choice: Choice, is_button: bool) -> pygame.font.Font:
        """The text font, or a smaller one where a long translation would overrun its row, but
        never smaller than the least text size (theme.LEAST_TEXT)."""
        size = self.px(self.text_size)
        room = choice.rect.w - self.px(16 if is_button else 28)
        least = theme.least_font_size(theme.LEAST_TEXT * self.unit)
        while size > least and theme.font(size).size(choice.label)[0] > room:
            size -= 1
        return theme.font(size)

    def draw_scrollbar(self, screen: pygame.Surface) -> None:
        """A thin bar beside the lines: where the shown part is in the whole text."""
        px = self.px
        line_h = self.text_font.get_linesize()
        track = pygame.Rect(self.panel.right - px(16), self.text_top(), px(6), line_h * self.visible_lines)
        total = len(self.wrapped)
        thumb = pygame.Rect(track.x, track.y + track.h * self.scroll // total, track.w,
                            max(px(12), track.h * self.visible_lines // total))
        pygame.draw.rect(screen, theme.BUTTON_LIT, track, border_radius=px(3))
        pygame.draw.rect(screen, theme.PANEL_LINE, thumb, border_radius=px(3))

    def text_top(self) -> int:
        """Where the body's first line is drawn: under the title."""
        return self.panel.y + self.px(24) + self.title_font.get_linesize() + self.px(12)


class MessageDialog(Dialog):
    pass


class MoreMenu(Dialog):
    """The toolbar's buttons that did not fit (toolbar.py folds the rarer ones), one row each:
    a row runs its command as its button would, and closes the menu first."""

    def __init__(self, host: Host, folded: list[tuple[str, str]], perform: Callable[[str], None],
                 off: frozenset[str] = frozenset()) -> None:
        self.folded = folded
        self.perform = perform
        self.off = off
        """The rows' commands that cannot act now: greyed as on the bar (chosen, they say why)."""
        super().__init__(host, _("More"), [], [(_("Close"), None)])
        self.focus, self.focus_moved = 0, True  # Enter runs the first row; the arrows move along

    def option_labels(self) -> list[str]:
        return [label for _action, label in self.folded]

    def draw_label(self, screen: pygame.Surface, index: int, choice: Choice, is_button: bool,
                   colour: theme.Paint) -> None:
        greyed = not is_button and self.folded[index][0] in self.off
        super().draw_label(screen, index, choice, is_button, theme.PANEL_TEXT_DIM if greyed else colour)

    def toggle(self, index: int) -> None:
        self.host.pop(self)
        self.perform(self.folded[index][0])


class PreferencesDialog(Dialog):
    """Toggles for each preference, on two pages: the game's (play, colours, language, the rule
    options) and the cards' and sound's (designs, table, sound) with a live preview of the cards
    as they will be drawn. Rows apply at once, and the table is told what changed.

    The rule options' rows come last and are the current game's, as its registry entry lists
    them, so the fixed rows keep their places whatever the game. Two pages, so that each fits
    an 800x600 window with its rows at a legible size."""

    SPEEDS = list(ANIMATION_SPEEDS)
    LANGUAGES = [SYSTEM, *available_languages()]
    """The Language row cycles through these: the system's choice, then each catalogue's."""
    VOLUMES = [20, 40, 60, 80, 100]
    default_button = 1
    """Done, after the page button: Enter closes, and Down from Done wraps to the first row."""

    def __init__(self, host: Host, game: Variant,
                 changed: Callable[[Preferences, Preferences], None],
                 playing: Callable[[], dict[str, bool]], art: CardArt | None = None) -> None:
        self.art = art if art is not None else CardArt(None)
        """The table's cards: the installed themes, and their drawings for the preview."""
        self.shown_drawings = -1
        self.changed = changed
        """Called with the preferences before and after a row's change; the table applies them
        through the session (a rule option may first ask whether to restart the deal)."""
        self.game = game
        self.playing = playing
        """The rule options the game in play was dealt with: a row whose choice waits for the
        next deal says this game's own."""
        self.cards_page = False
        """Whether the cards-and-sound page is shown (else the game's)."""
        super().__init__(host, "", [], [])
        self.retranslate()

    def retranslate(self) -> None:
        """Title, hint and buttons in the language now installed (the Language row changes it
        while the dialog is open)."""
        self.title = _("Preferences")
        self.lines = [_("Click a line (or press Enter on it) to change it.")]
        other = _("General…") if self.cards_page else _("Cards and sound…")
        self.button_specs = [(other, self.turn_page), (_("Done"), None)]
        self.resize(self.size)

    def turn_page(self) -> None:
        self.cards_page = not self.cards_page
        self.focus_moved = False
        self.retranslate()

    def choose(self, index: int) -> None:
        """The page button turns the page and keeps the dialog open; the rest as any dialog."""
        if index == self.option_count:
            self.turn_page()
            return
        super().choose(index)

    def rows(self) -> list[tuple[str, Callable[[Preferences], Preferences]]]:
        """Each row's label and what choosing it makes of the preferences."""
        return self.card_rows() if self.cards_page else self.game_rows()

    def game_rows(self) -> list[tuple[str, Callable[[Preferences], Preferences]]]:
        p = self.host.preferences

        def winnable(old: Preferences) -> Preferences:
            choice = next_winnable_choice(old.winnable_only, old.lowest_grade, old.highest_grade)
            low, high = choice or (old.lowest_grade, old.highest_grade)
            return replace(old, winnable_only=choice is not None, lowest_grade=low, highest_grade=high)

        def speed(old: Preferences) -> Preferences:
            current = self.SPEEDS.index(old.animation_speed) if old.animation_speed in self.SPEEDS else 0
            return replace(old, animation_speed=self.SPEEDS[(current + 1) % len(self.SPEEDS)])

        def language(old: Preferences) -> Preferences:
            current = self.LANGUAGES.index(old.language) if old.language in self.LANGUAGES else 0
            return replace(old, language=self.LANGUAGES[(current + 1) % len(self.LANGUAGES)])

        speeds = {"off": pgettext("animation speed", "off"), "fast": _("fast"), "normal": _("normal"),
                  "slow": _("slow")}
        winnable_state = range_words(p.lowest_grade, p.highest_grade) if p.winnable_only else _on(False)
        speed_name = speeds.get(p.animation_speed, p.animation_speed)
        rows = [
            (_("Auto-play cards to the foundations: {state}").format(state=_on(p.autoplay)),
             _flipped("autoplay")),
            (colour_row(_("Four-colour deck: {state}").format(state=_on(p.four_colour)), p),
             _flipped("four_colour")),
            (_("Winnable deals only (random new games): {state}").format(state=winnable_state), winnable),
            (_("Animation speed: {speed}").format(speed=speed_name), speed),
            (colour_row(_("High-contrast colours: {state}").format(state=_on(p.high_contrast)), p),
             _flipped("high_contrast")),
            (_("Large cards: {state}").format(state=_on(p.large_cards)), _flipped("large_cards")),
            (_("Ask before leaving a game with moves made: {state}").format(state=_on(p.confirm_leave)),
             _flipped("confirm_leave")),
            (_("Send a card home with a double-click: {state}").format(state=_on(p.double_click_home)),
             _flipped("double_click_home")),
            (_("Language: {language}").format(language=language_name(
                p.language if p.language in self.LANGUAGES else SYSTEM)), language),
        ]
        chosen = p.rule_options(self.game.key)
        played = self.playing()
        for option in self.game.options:
            names = {"game": _(self.game.title), "option": _(option.label), "state": _on(chosen[option.key])}
            if played.get(option.key, chosen[option.key]) == chosen[option.key]:
                label = _("{game}: {option}: {state}").format(**names)
            else:
                label = _("{game}: {option}: {state} (this game: {played})").format(
                    played=_on(played[option.key]), **names)
            rows.append((label, self._option_toggle(option.key, not chosen[option.key])))
        return rows

    def card_rows(self) -> list[tuple[str, Callable[[Preferences], Preferences]]]:
        p = self.host.preferences

        def cycled(name: str, names: list[str]) -> Callable[[Preferences], Preferences]:
            return lambda old: _with(old, name, next_name(names, getattr(old, name)))

        def volume(old: Preferences) -> Preferences:
            louder = [level for level in self.VOLUMES if level > old.volume]
            return replace(old, volume=louder[0] if louder else self.VOLUMES[0])

        tables = {name: label for name, (label, _cloth) in TABLES.items()}
        offer = [(_("Use the Large index design"), lambda old: replace(old, card_face=LARGE_INDEX))]
        return [
            (_("Card faces: {design}").format(design=face_label(p.card_face, self.art)),
             cycled("card_face", face_names(self.art))),
            *(offer if offers_large_index(p, self.art) else []),
            (_("Card backs: {design}").format(design=_(BACKS[back_design(p.card_back)])),
             cycled("card_back", list(BACKS))),
            (_("Table: {colour}").format(colour=_(tables[table_name(p.table_colour)])),
             cycled("table_colour", list(TABLES))),
            (_("Sound: {state}").format(state=_on(p.sound)), _flipped("sound")),
            (_("Volume: {percent}").format(percent=percent(p.volume)), volume),
        ]

    def _option_toggle(self, option: str, on: bool) -> Callable[[Preferences], Preferences]:
        return lambda old: old.with_option(self.game.key, option, on)

    def option_labels(self) -> list[str]:
        return [label for label, _change in self.rows()]

    def toggle(self, index: int) -> None:
        old = self.host.preferences
        new = self.rows()[index][1](old)
        self.changed(old, new)
        if new.language != old.language:
            self.retranslate()

    # ----- the cards' preview

    def figure_height(self) -> int:
        return self.px(PREVIEW_HEIGHT) if self.cards_page else 0

    def update(self, now: float) -> None:
        """A theme's drawing has finished: its row may now say it cannot be drawn, or offer the
        large-index design, and the preview show it."""
        super().update(now)
        if self.cards_page and self.shown_drawings != self.art.generation:
            self.resize(self.size)

    def needs_draw(self) -> bool:
        return super().needs_draw() or (self.cards_page and self.shown_drawings != self.art.generation)

    def next_wakeup(self, now: float) -> float | None:
        return now + POLL_SECONDS if self.cards_page and self.art.pending else None

    def draw_panel(self, screen: pygame.Surface) -> None:
        super().draw_panel(screen)
        if self.cards_page:
            self.shown_drawings = self.art.generation
            draw_preview(screen, self.figure_area(), self.host.preferences, self.px(10), self.art)


PREVIEW_HEIGHT = 118
"""The preview of the cards on the cards' page, at a `Dialog.unit` of 1."""
PREVIEW_CARDS = ("AS", "KH", "QC", "JD", "TD")


def draw_preview(screen: pygame.Surface, area: pygame.Rect, preferences: Preferences, radius: int,
                 art: CardArt | None = None) -> None:
    """A few cards and a back, on the chosen table, drawn as the table will draw them: a chosen
    theme's once drawn for this size (asked of `art`), the built-in design's until then; under
    them, in one line, what the preview has to say of a theme (face_notes)."""
    high_contrast = preferences.high_contrast
    felt = (0, 0, 0) if high_contrast else table_cloth(preferences.table_colour).felt
    pygame.draw.rect(screen, felt, area, border_radius=radius)
    art = art if art is not None else CardArt(None)
    notes = face_notes(preferences, art)
    if notes:
        caption = fitted_text(notes[-1], area.w - 2 * radius, max(10, area.h // 6))
        area = area.copy()
        area.h -= caption.get_height() + radius // 2
        screen.blit(caption, caption.get_rect(midtop=(area.centerx, area.bottom)))
    count = len(PREVIEW_CARDS) + 1
    gap = max(4, area.h // 12)
    fit = [(area.w - gap * (count + 1)) // count, area.h - 2 * gap]
    width, height = card_size({"fit": fit}, art.aspect(preferences))
    if min(fit) < 16:
        return
    faces = art.faces((width, height), preferences, {"fit": fit})
    pictures = [faces.face(Card.parse(name)) for name in PREVIEW_CARDS] + [faces.back()]
    left = area.centerx - (count * width + (count - 1) * gap) // 2
    for index, picture in enumerate(pictures):
        screen.blit(picture, (left + index * (width + gap), area.centery - height // 2))


def fitted_text(text: str, width: int, size: int) -> pygame.Surface:
    """`text` in the table's text colour, at `size` or smaller so that it fits `width`."""
    while True:
        picture = theme.font(size).render(text, True, theme.TEXT)
        if picture.get_width() <= width or size <= 8:
            return picture
        size -= 1


def _on(flag: bool) -> str:
    return pgettext("preference", "on") if flag else pgettext("preference", "off")


def _flipped(name: str) -> Callable[[Preferences], Preferences]:
    return lambda old: _with(old, name, not getattr(old, name))


def _with(old: Preferences, name: str, value: object) -> Preferences:
    """`old` with the preference called `name` set to `value` (checked as any is)."""
    changed: dict[str, Any] = {name: value}
    return replace(old, **changed)


def language_name(code: str) -> str:
    """A language as the Preferences row names it: each in its own words, so a player who
    cannot read the current one still finds theirs; "System" in the current language."""
    names = {SYSTEM: _("System"), "en": "English", "it": "Italiano"}
    return names.get(code, code)


class DealDialog(Dialog):
    """Type a deal number; Enter starts it."""

    def __init__(self, host: Host, start: Callable[[int], None]) -> None:
        self.start = start
        self.text = ""
        self.error = ""
        super().__init__(host, _("Play deal number"), [], [(_("Play"), self.submit), (_("Cancel"), None)])

    def body_lines(self) -> list[str]:
        prompt = _("Deal ({first} to {last}):").format(**deal_range())
        return [f"{prompt}  {self.text}_", self.error]

    def key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_BACKSPACE:
            self.text = self.text[:-1]
            self.error = ""  # it was about the text before this change
        elif event.unicode and event.unicode.isprintable() and len(self.text) < DEAL_TEXT_LIMIT:
            self.text += event.unicode  # judged on Enter, by the rule `eightoff deal` applies
            self.error = ""
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.submit()
        else:
            super().key(event)

    def submit(self) -> None:
        try:
            number = parse_deal_number(self.text)
        except ValueError as error:
            reason = str(error)
            self.error = reason[:1].upper() + reason[1:]
            if self.host.top is not self:
                self.host.push(self)
            return
        if self.host.top is self:
            self.host.pop(self)
        self.start(number)


KEY_HELP = [
    N_("H hint (the next move of a winning line); F9 solve: the solver plays on, Space pauses, "
       "Left/Right step back/forward, Esc stops."),
    N_("F10 the toolbar by keyboard (Left/Right move, Enter presses, Esc returns); Shift+1 to "
       "Shift+4 a foundation as the source, to take a card back when the rules allow it."),
    N_("Right-click a covered card, or hold the button on it, to see it whole while held."),
    N_("The status line says whether the game can still be won."),
]
"""Help's paragraphs on the controls every game shares (translated where shown; the dialog wraps
them); the mouse and the piles' keys are worded from the game's rules (`control_words`)."""


class GameChooser(Dialog):
    """The games of the registry, one row each, with a small picture of each game's table and
    the game being played marked; Enter or a click plays the focused one. Every row's title
    and summary share one font size, the largest at which all of them fit."""

    max_width = 900
    """Room for a title and its one-line summary in a long language without shrinking them."""
    side_room = 24
    """Less room beside the panel than other dialogs: at 800x600 the longest Italian summary
    then fits at the least text size (theme.LEAST_TEXT)."""
    row_step = 60
    row_height = 54
    """Rows tall enough for a picture of the table that shows its piles."""

    def __init__(self, host: Host, current: str, pick: Callable[[str], None]) -> None:
        self.pick = pick
        self.keys = list(VARIANTS)
        self.current = current
        self.focus = self.keys.index(current)
        super().__init__(host, _("Choose a game"), [_("Your unfinished game of each kind is kept.")],
                         [(_("Cancel"), None)])
        self.focus = self.keys.index(current)
        self.focus_moved = True  # Enter plays the focused game, the list's whole point

    def option_labels(self) -> list[str]:
        return [_("{title}: {summary}").format(title=_(VARIANTS[key].title), summary=_(VARIANTS[key].summary))
                for key in self.keys]

    def body_lines(self) -> list[str]:
        """With the rows in two columns, which show titles only, the summary of the game the
        focus is on comes first, padded to the longest summary's lines so the panel keeps its
        size as the focus moves."""
        if self.option_columns == 1:
            return self.lines
        width = min(self.size[0] - self.px(self.side_room), self.px(self.max_width)) - self.px(56)
        pieces = {key: wrap(_(VARIANTS[key].summary), self.text_font, width) for key in self.keys}
        focused = pieces[self.keys[self.focus] if self.focus < len(self.keys) else self.current]
        tallest = max(map(len, pieces.values()))
        return [*focused, *[""] * (tallest - len(focused)), *self.lines]

    def in_columns(self) -> bool:
        return self.option_columns > 1

    def toggle(self, index: int) -> None:
        self.host.pop(self)
        self.pick(self.keys[index])

    def picture_box(self, row: pygame.Rect) -> pygame.Rect:
        """Where a row's picture of its table goes: at its right end."""
        height = row.h - self.px(8)
        box = pygame.Rect(0, 0, round(height * 1.6), height)
        box.midright = (row.right - self.px(6), row.centery)
        return box

    def text_room(self, row: pygame.Rect) -> int:
        """The width of a row's words: between the mark and the picture."""
        return row.w - self.px(44) - self.picture_box(row).w - self.px(16)

    def resize(self, size: tuple[int, int]) -> None:
        """Titles in the text's size, summaries in the largest size at which every one fits
        (one size for all rows: no game's words look smaller than another's). Where one
        column of rows would not fit the window, two columns of titles."""
        self.option_columns, self.least_lines = 1, 1
        super().resize(size)
        if self.panel.top < self.px(10) or self.visible_lines < len(self.wrapped):
            self.option_columns = 2
            self.least_lines = len(self.body_lines())
            super().resize(size)
        rows = self.choices[:self.option_count]
        title = self.px(self.text_size - 2)
        summary = self.px(self.text_size - 4)
        if rows:
            room = self.text_room(rows[0].rect)
            least = theme.least_font_size(theme.LEAST_TEXT * self.unit)
            while title > least and any(theme.font(title).size(_(VARIANTS[key].title))[0] > room
                                        for key in self.keys):
                title -= 1
            while summary > least and any(theme.font(summary).size(_(VARIANTS[key].summary))[0] > room
                                                for key in self.keys):
                summary -= 1
        self.title_row_font = theme.font(title)
        self.summary_font = theme.font(summary)

    def draw_label(self, screen: pygame.Surface, index: int, choice: Choice, is_button: bool,
                   colour: theme.Paint) -> None:
        """A game's row: its title over its summary, its picture at the right, a tick on the
        game being played."""
        if is_button:
            super().draw_label(screen, index, choice, is_button, colour)
            return
        key, row = self.keys[index], choice.rect
        left = row.x + self.px(44)
        title = self.title_row_font.render(_(VARIANTS[key].title), True, colour)
        if self.in_columns():
            screen.blit(title, title.get_rect(midleft=(left, row.centery)))
        else:
            summary = self.summary_font.render(_(VARIANTS[key].summary), True, colour)
            gap = self.px(2)
            top = row.centery - (title.get_height() + gap + summary.get_height()) // 2
            screen.blit(title, (left, top))
            screen.blit(summary, (left, top + title.get_height() + gap))
        box = self.picture_box(row)
        screen.blit(game_picture(key, box.size), box)
        pygame.draw.rect(screen, theme.PANEL_LINE, box, max(1, self.px(1)))
        if key == self.current:
            self.draw_mark(screen, (row.x + self.px(22), row.centery))

    def label_room(self, choice: Choice, is_button: bool) -> tuple[int, int]:
        if is_button:
            return super().label_room(choice, is_button)
        key = self.keys[self.choices.index(choice)]
        needed = self.title_row_font.size(_(VARIANTS[key].title))[0]
        if not self.in_columns():
            needed = max(needed, self.summary_font.size(_(VARIANTS[key].summary))[0])
        return needed, self.text_room(choice.rect)

    def draw_mark(self, screen: pygame.Surface, centre: tuple[int, int]) -> None:
        """A tick in a disc: the game being played."""
        px = self.px
        pygame.draw.circle(screen, theme.ACCENT, centre, px(12))
        x, y = centre
        pygame.draw.lines(screen, (255, 255, 255), False,
                          [(x - px(6), y), (x - px(2), y + px(5)), (x + px(6), y - px(5))], max(2, px(3)))


def help_dialog(host: Host, session: Session) -> Dialog:
    """The rules of the game being played, from the registry, then the controls from the
    session's command list."""
    variant = session.variant
    lines: list[str] = []
    for paragraph in variant.help_paragraphs:
        lines += [_(paragraph), ""]
    lines += control_words(session.game.rules, host.preferences.double_click_home)
    lines += [_(paragraph) for paragraph in KEY_HELP]
    shortcuts = [f"{' / '.join(map(key_words, c.keys))} {_(c.label).lower()}" for c in COMMANDS if c.keys]
    lines.append(_("Shortcuts: {shortcuts}.").format(shortcuts=", ".join(shortcuts)))
    lines += ["", screen_reader_help(host.screen_reader, host.screen_reader_reason)]
    return MessageDialog(host, _(variant.title), lines, [(_("Close"), None)])
