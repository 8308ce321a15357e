"""A monkey at the table: thousands of random clicks, drags, keys and resizes through the
app's real event loop, from fixed seeds so a failure replays exactly. After every batch the
game must still be a sound game, and the cards on screen must be the game's cards."""

from __future__ import annotations

import random

import pygame
import pytest

from eightoff.core.deals import deal
from eightoff.core.game import Game
from eightoff.core.notation import format_board
from eightoff.core.rules import Rules
from eightoff.core.variants import EASY, PRESETS, STANDARD
from eightoff.ui.app import App
from eightoff.ui.layout import MIN_WINDOW
from tests.ui.helpers import clock, make_app, post
from tests.ui.test_variants import OPEN_GAMES

ACTIONS_PER_SEED = 2000
BATCH = 40
SIZES = [(1280, 800), (900, 640), MIN_WINDOW, (700, 500)]
"""A few sizes only: each new size renders a new deck, which is slow and not what we test."""

CTRL, SHIFT = pygame.KMOD_LCTRL, pygame.KMOD_LSHIFT
PLAY_KEYS: list[tuple[int, int, str]] = [
    *((getattr(pygame, f"K_{c}"), 0, c) for c in "12345678qwertyui"),
    (pygame.K_f, 0, "f"), (pygame.K_SPACE, 0, " "), (pygame.K_RETURN, 0, ""), (pygame.K_KP_3, 0, "3"),
    (pygame.K_ESCAPE, 0, ""), (pygame.K_TAB, 0, ""), (pygame.K_BACKSPACE, 0, ""),
]
"""Keyboard play (and keys that mean nothing at the table); digits also type a deal number."""
HISTORY_KEYS = [(pygame.K_z, CTRL, ""), (pygame.K_y, CTRL, ""), (pygame.K_z, CTRL | SHIFT, "")]
RARE_KEYS = [
    (pygame.K_n, CTRL, ""), (pygame.K_F2, 0, ""), (pygame.K_r, CTRL, ""), (pygame.K_F1, 0, ""),
    (pygame.K_d, CTRL, ""), (pygame.K_h, CTRL, ""),
]
"""Every other shortcut but Quit: rare, or the monkey would mostly start new games."""


def some_point(app: App, rng: random.Random) -> tuple[int, int]:
    """Mostly on a card's visible strip or over a pile's top card, sometimes on a toolbar
    button (Quit aside) or anywhere (felt, status line, dialogs)."""
    table = app.table
    roll = rng.random()
    if roll < 0.25:
        sprite = rng.choice(list(table.sprites.by_card.values()))
        return (sprite.rect.x + rng.randrange(max(1, sprite.rect.w)), sprite.rect.y + rng.randrange(6, 12))
    if roll < 0.45:  # near the top of a pile, where the cards that can move are
        piles = [pile for pile in table.layout.piles if table.game.position.cards(pile)]
        cards = table.game.position.cards(rng.choice(piles))
        rect = table.sprites.by_card[cards[-min(len(cards), rng.randrange(1, 4))]].rect
        return (rect.x + rng.randrange(max(1, rect.w)), rect.y + rng.randrange(6, 12))
    if roll < 0.75:
        pile = rng.choice(list(table.layout.piles))
        box = table.layout.card_boxes(pile, max(1, len(table.game.position.cards(pile))))[-1]
        return (box.x + rng.randrange(box.w), box.y + rng.randrange(box.h))
    if roll < 0.8:
        button = rng.choice([b for b in table.toolbar.buttons if b.action != "quit"])
        return button.rect.center  # type: ignore[no-any-return]
    return (rng.randrange(app.size[0]), rng.randrange(app.size[1]))


def pump(app: App, rng: random.Random) -> None:
    clock(app).time += rng.choice((0.0, 0.01, 0.05, 0.2, 1.0))
    app.pump()


def act(app: App, rng: random.Random) -> None:
    roll = rng.random()
    if roll < 0.3:  # a click, sometimes the first half of a double-click
        point = some_point(app, rng)
        post(pygame.MOUSEBUTTONDOWN, pos=point, button=rng.choice((1, 1, 1, 3)))
        pump(app, rng)
        post(pygame.MOUSEBUTTONUP, pos=point, button=1)
        pump(app, rng)
    elif roll < 0.65:  # a drag, possibly cut short by a key or a resize
        start, end = some_point(app, rng), some_point(app, rng)
        post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
        pump(app, rng)
        steps = rng.randrange(1, 6)
        for i in range(1, steps + 1):
            point = (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
            post(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(1, 0, 0))
            pump(app, rng)
            if rng.random() < 0.03:
                press_key(app, rng)
        post(pygame.MOUSEBUTTONUP, pos=end, button=1)
        pump(app, rng)
    elif roll < 0.95:
        press_key(app, rng)
    elif roll < 0.98:
        post(pygame.MOUSEMOTION, pos=some_point(app, rng), rel=(0, 0), buttons=(0, 0, 0))
        pump(app, rng)
    else:
        width, height = rng.choice(SIZES)
        app.window.native.size = (width, height)
        pump(app, rng)


def press_key(app: App, rng: random.Random) -> None:
    roll = rng.random()
    keys = PLAY_KEYS if roll < 0.8 else HISTORY_KEYS if roll < 0.95 else RARE_KEYS
    code, mod, text = rng.choice(keys)
    post(pygame.KEYDOWN, key=code, mod=mod, unicode=text, scancode=0)
    post(pygame.KEYUP, key=code, mod=mod, unicode=text, scancode=0)
    pump(app, rng)


def check(app: App) -> None:
    table = app.table
    game = table.game
    position = game.position
    cards = position.all_cards()
    assert len(cards) == 52 and len(set(cards)) == 52
    # The history replays to the same position: every move made was legal.
    assert Game.from_record(game.to_record()).position == position
    assert not table.sprites.lifted()
    assert set(table.sprites.by_card) == set(cards)
    places = table.layout.places(position)
    for pile in table.layout.piles:
        in_pile = (sprite for sprite in table.sprites.by_card.values() if sprite.pile == pile)
        on_screen = sorted(in_pile, key=lambda sprite: sprite.depth)
        assert [s.card for s in on_screen] == list(position.cards(pile)), pile
        for sprite in on_screen:
            assert tuple(sprite.rect) == tuple(places[sprite.card].box), (sprite.card, pile)
    assert table.layout.size == (max(app.size[0], MIN_WINDOW[0]), max(app.size[1], MIN_WINDOW[1]))


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_monkey(seed: int) -> None:
    rng = random.Random(seed)
    run_monkey(rng, rng.choice((STANDARD, EASY)))


@pytest.mark.slow
@pytest.mark.parametrize("game_key", OPEN_GAMES)
def test_monkey_in_the_open_games(game_key: str) -> None:
    """The castle games' rows on both sides of the foundations, Fan's rows of fans, Baker's
    Dozen's thirteen columns: the same monkey, from each game's own fixed seed."""
    run_monkey(random.Random(OPEN_GAMES.index(game_key) + 100), PRESETS[game_key])


def run_monkey(rng: random.Random, rules: Rules) -> None:
    app = make_app(format_board(deal(rng.randrange(1, 32000), rules)), rules, size=(900, 640),
                   autoplay=rng.random() < 0.5, animation_speed=rng.choice(("off", "fast", "normal")))
    game, moves = app.table.game, 0
    for _ in range(ACTIONS_PER_SEED // BATCH):
        for _ in range(BATCH):
            act(app, rng)
            if app.table.game is game:
                assert game.move_count >= moves
            game, moves = app.table.game, app.table.game.move_count
        # Let go of whatever is in hand and let flights land, as a player pausing would.
        post(pygame.MOUSEBUTTONUP, pos=(0, 0), button=1)
        clock(app).time += 5.0
        app.settle()
        check(app)
