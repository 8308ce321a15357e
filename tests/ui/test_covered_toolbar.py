"""A dialog over the table: the toolbar is shown off (a click on it reaches the dialog), no hover
box is left on it, and Ctrl+Q quits from under any dialog as the window's close button does."""

from __future__ import annotations

import io

import pygame

from eightoff.core.cards import CARDS, KING, Suit
from eightoff.core.game import Game
from eightoff.core.piles import Pile
from eightoff.core.position import Position
from eightoff.core.preferences import Preferences
from eightoff.core.variants import STANDARD
from eightoff.ui import theme
from eightoff.ui.app import App
from eightoff.ui.celebration import WinDialog
from eightoff.ui.dialogs import Dialog
from tests.ui.helpers import FakeClock, click, key, move_mouse, pile_center


def open_app(game: Game) -> App:
    settings = Preferences(autoplay=False, animation_speed="off", confirm_leave=False)
    app = App.for_game(game, settings, size=(1280, 800), out=io.StringIO(), now=FakeClock())
    pygame.event.clear()
    app.pump()
    return app


def one_move_from_won() -> Game:
    columns = ((CARDS[Suit.SPADES][KING],),) + ((),) * 7
    return Game(STANDARD, Position(columns, (None,) * 8, (KING, KING, KING, KING - 1)))


def button(app: App, action: str) -> pygame.Rect:
    [found] = [button.rect for button in app.table.toolbar.buttons if button.action == action]
    return found


def hover_boxes(app: App, rect: pygame.Rect) -> int:
    """Pixels of the hover colour inside `rect` on the window as last drawn."""
    colour = app.screen.map_rgb(theme.BUTTON_HOVER)
    pixels = pygame.PixelArray(app.screen)
    try:
        return sum(pixels[x, y] == colour
                   for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom))
    finally:
        pixels.close()


def test_no_hover_box_stays_on_a_button_after_its_dialog() -> None:
    app = open_app(Game.new(5, STANDARD))
    help_button = button(app, "help")
    move_mouse(app, help_button.center, held=False)
    app.pump()
    assert app.table.toolbar.hovered == "help" and hover_boxes(app, help_button) > 0
    click(app, help_button.center)
    assert isinstance(app.top, Dialog)
    key(app, pygame.K_ESCAPE)
    app.pump()
    assert app.top is app.table
    assert app.table.toolbar.hovered is None and hover_boxes(app, help_button) == 0


def test_under_the_win_dialog_the_toolbar_is_off_and_ctrl_q_quits() -> None:
    app = open_app(one_move_from_won())
    key(app, pygame.K_ESCAPE)  # "All cards can go home": not now
    assert app.top is app.table and not app.table.toolbar.covered
    click(app, pile_center(app, Pile.column(0)))
    assert isinstance(app.top, WinDialog)
    toolbar = app.table.toolbar
    assert toolbar.covered and toolbar.hovered is None
    before = app.table.game.position
    click(app, button(app, "new").center)  # reaches the dialog, which has no button there
    assert app.table.game.position == before and isinstance(app.top, WinDialog)
    key(app, pygame.K_q, pygame.KMOD_CTRL)
    assert not app.running
