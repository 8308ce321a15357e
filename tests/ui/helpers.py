"""Driving the real app headless: real pygame events posted into its loop, a clock we move."""

from __future__ import annotations

import gc
import io

import pygame

from eightoff.core.cards import Card
from eightoff.core.game import Game
from eightoff.core.notation import parse_board
from eightoff.core.piles import Pile
from eightoff.core.preferences import Preferences
from eightoff.core.rules import Rules
from eightoff.core.variants import STANDARD
from eightoff.ui.app import App
from eightoff.ui.window import Screen

# Runs to drag, aces to click home, a ten to build on; all cells free.
BOARD = """Freecells: - - - - - - - -
KC QC JC TC 9C 8C 7C 6C
KD QD JD TD 9D 8D 7D 6D
KH QH JH TH
KS QS JS TS 9S 8S 7S 6S
5C 4C 3C 2C 9H 8H 7H
5D 4D 3D 2D AD
5H 4H 3H 2H 6H AH
5S 4S 3S 2S AC AS
"""


class FakeClock:
    def __init__(self) -> None:
        self.time = 1000.0

    def __call__(self) -> float:
        return self.time


def make_app(
    board: str = BOARD, rules: Rules = STANDARD, size: tuple[int, int] = (1280, 800), **preferences: object
) -> App:
    settings = Preferences(autoplay=False, animation_speed="off", confirm_leave=False)
    for name, value in preferences.items():
        setattr(settings, name, value)
    game = Game(rules, parse_board(board, rules), deal_number=None)
    app = App.for_game(game, settings, size=size, out=io.StringIO(), log_moves=True, print_layout=True,
              now=FakeClock())
    pygame.event.clear()
    app.pump()
    return app


def clock(app: App) -> FakeClock:
    assert isinstance(app.now, FakeClock)
    return app.now


def box_of(app: App, card: str) -> pygame.Rect:
    return app.table.sprites.by_card[Card.parse(card)].rect.copy()


def grip(app: App, card: str) -> tuple[int, int]:
    """A point on the visible strip of `card` (its top edge shows even when covered)."""
    rect = box_of(app, card)
    return (rect.centerx, rect.top + 6)


def pile_center(app: App, pile: Pile) -> tuple[int, int]:
    position = app.table.game.position
    boxes = app.table.layout.card_boxes(pile, max(1, len(position.cards(pile))))
    return boxes[-1].center


def post(kind: int, **fields: object) -> None:
    pygame.event.post(pygame.event.Event(kind, **fields))


def press(app: App, point: tuple[int, int]) -> None:
    post(pygame.MOUSEBUTTONDOWN, pos=point, button=1)
    app.pump()


def release(app: App, point: tuple[int, int]) -> None:
    post(pygame.MOUSEBUTTONUP, pos=point, button=1)
    app.pump()


def move_mouse(app: App, point: tuple[int, int], held: bool = True) -> None:
    post(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(1 if held else 0, 0, 0))
    app.pump()


def drag(app: App, start: tuple[int, int], end: tuple[int, int], steps: int = 5) -> None:
    press(app, start)
    for i in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * i // steps
        move_mouse(app, (x, start[1] + (end[1] - start[1]) * i // steps))
    release(app, end)
    clock(app).time += 1.0  # far from any double-click


def click(app: App, point: tuple[int, int]) -> None:
    press(app, point)
    release(app, point)
    clock(app).time += 1.0


def click_pile(app: App, pile: Pile) -> None:
    """What a click on the top card of `pile` asks of the session (its best move), made at once."""
    move = app.session.game.click_move(pile)
    assert move is not None, f"nothing moves from {pile}"
    app.session.play(move)


def key(app: App, code: int, mod: int = 0, unicode: str = "") -> None:
    post(pygame.KEYDOWN, key=code, mod=mod, unicode=unicode, scancode=0)
    app.pump()


def close_display() -> None:
    """Close every game window, then the display. A pygame-ce Window outlives the display.quit()
    that frees its SDL window, and when it is collected later it destroys whatever window SDL
    has since put at that address: another test's."""
    for screen in [thing for thing in gc.get_objects() if isinstance(thing, Screen)]:
        screen.close()
    pygame.display.quit()
