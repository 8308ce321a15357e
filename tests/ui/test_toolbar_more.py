"""At 800x600 every toolbar label is at least 11 px tall in both languages; what does not fit
folds into More, which opens a menu of the rest, by the mouse and by the keys. Through the
real event loop (SDL's dummy driver), measured on the drawn pixels."""

from __future__ import annotations

import io

import pygame
import pytest

from eightoff.core.game import Game
from eightoff.core.i18n import _
from eightoff.core.preferences import Preferences
from eightoff.core.variants import STANDARD, VARIANTS
from eightoff.locale import install_language
from eightoff.ui import theme
from eightoff.ui.app import App
from eightoff.ui.dialogs import Dialog, GameChooser, MoreMenu
from eightoff.ui.theme import LEAST_TEXT
from eightoff.ui.toolbar import BUTTONS, MORE
from tests.ui.helpers import FakeClock, key

LANGUAGES = ["en", "it"]


def open_app(language: str, size: tuple[int, int] = (800, 600)) -> App:
    settings = Preferences(animation_speed="off", confirm_leave=False, language=language)
    app = App.for_game(Game.new(617, STANDARD), settings, size=size, out=io.StringIO(), now=FakeClock())
    app.pump()
    return app


@pytest.fixture(autouse=True)
def english_afterwards() -> object:
    yield None
    install_language("en")


def ink_height(text: str, size: int) -> int:
    """How tall the letters of `text` are drawn at font `size`, in pixels of ink."""
    return theme.font(size).render(text, True, (255, 255, 255)).get_bounding_rect().height


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_toolbar_label_is_at_least_11_px_tall_and_inside_the_bar(language: str) -> None:
    app = open_app(language)
    toolbar = app.table.toolbar
    assert app.size == (800, 600)
    for button in toolbar.buttons:
        assert ink_height(button.label, toolbar.font_size) >= LEAST_TEXT, button.label
        assert button.rect.x >= 0 and button.rect.right <= 800
    shown = {button.action for button in toolbar.buttons}
    folded = {action for action, _label in toolbar.folded}
    assert shown - {MORE} | folded == {action for action, _label in BUTTONS}  # each command once
    assert not shown & folded


def test_a_wide_window_folds_nothing() -> None:
    app = open_app("it", (1920, 1080))
    assert app.table.toolbar.folded == []
    assert MORE not in {button.action for button in app.table.toolbar.buttons}


@pytest.mark.parametrize("language", LANGUAGES)
def test_more_opens_the_folded_buttons_and_a_row_runs_its_command(language: str) -> None:
    app = open_app(language)
    toolbar = app.table.toolbar
    more = next(button for button in toolbar.buttons if button.action == MORE)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=more.rect.center, button=1))
    app.pump()
    menu = app.top
    assert isinstance(menu, MoreMenu)
    assert menu.option_labels() == [label for _action, label in toolbar.folded]
    row = [action for action, _label in toolbar.folded].index("help")
    for _step in range(row):
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, Dialog) and not isinstance(app.top, MoreMenu)
    assert any(line.startswith(_("Shortcuts: {shortcuts}.").split("{")[0]) for line in app.top.lines)  # Help


def test_the_keyboard_reaches_more_from_the_toolbar() -> None:
    """F10 enters the toolbar, Left goes round to its last button, More, and Enter opens it."""
    app = open_app("it")
    key(app, pygame.K_F10)
    key(app, pygame.K_LEFT)
    assert app.table.toolbar.focused == MORE
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, MoreMenu)
    key(app, pygame.K_ESCAPE)
    assert app.top is app.table


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_game_chooser_s_words_are_at_least_11_px_tall_and_fit_their_rows(language: str) -> None:
    app = open_app(language)
    key(app, pygame.K_g, pygame.KMOD_CTRL)
    chooser = app.top
    assert isinstance(chooser, GameChooser)
    rows = chooser.choices[:chooser.option_count]
    room = chooser.text_room(rows[0].rect)
    # In one column each row shows its game's summary; in two (many games in a small window)
    # the rows show titles and the summary of the focused game is the dialog's text.
    fonts = [chooser.title_row_font, chooser.text_font if chooser.in_columns() else chooser.summary_font]
    for font in fonts:
        assert font.render("H", True, (0, 0, 0)).get_bounding_rect().height >= LEAST_TEXT
    assert all(chooser.title_row_font.size(_(VARIANTS[game].title))[0] <= room for game in chooser.keys)
    if not chooser.in_columns():
        assert all(chooser.summary_font.size(_(VARIANTS[game].summary))[0] <= room for game in chooser.keys)



def test_the_least_font_size_is_the_smallest_whose_capitals_reach_the_height() -> None:
    """The size chosen from a first guess is the one counting up from the smallest size finds:
    the least whose drawn capitals are that tall, past the sizes whose hinting draws them a
    pixel shorter than the size below's."""
    pygame.font.init()
    heights = {size: ink_height("H", size) for size in range(theme.SMALLEST_SIZE, theme.LARGEST_SIZE)}
    for capitals in (step / 4 for step in range(4, 4 * 70)):
        counted = next(size for size, height in heights.items() if height >= capitals)
        assert theme.least_font_size(capitals) == counted, capitals
