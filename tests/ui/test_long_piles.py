"""The longest piles a game allows keep every card readable: the games that fan their piles
rightwards as rows (the castle games, Fan) opened in the real window loop (SDL's dummy driver)
on a table whose rows are as long as the rules let them grow, at the smallest window and at
1920x1080, with the large-cards preference off and on. Every covered card shows its whole
corner index, as the face renderer draws it (no card drawn above it touches that corner), and
every card lies on the table between the toolbar and the status line."""

from __future__ import annotations

import io
import math

import pygame
import pytest

from eightoff.core.cards import DECK, Card
from eightoff.core.game import Game
from eightoff.core.piles import PileKind
from eightoff.core.position import Position
from eightoff.core.preferences import Preferences
from eightoff.core.rules import Rules
from eightoff.core.variants import VARIANTS, Arrangement, variant_of
from eightoff.ui.app import App
from tests.ui.helpers import FakeClock

SIZES = [(800, 600), (1920, 1080)]
ROW_GAMES = sorted(key for key, entry in VARIANTS.items() if entry.arrangement is not Arrangement.COLUMNS)


def long_rows(rules: Rules, from_last: bool) -> Position:
    """The deck laid into the columns, each as long as the rules let a column grow, from the
    first column on (or from the last back), the rest empty: the longest rows side by side."""
    order = range(rules.columns)[::-1] if from_last else range(rules.columns)
    columns: list[tuple[Card, ...]] = [()] * rules.columns
    longest = rules.longest_column
    for number, index in enumerate(order):
        columns[index] = tuple(DECK[number * longest:(number + 1) * longest])
    return Position(tuple(columns), (None,) * rules.cells, (0, 0, 0, 0), (None,) * rules.reserve)


def opened(position: Position, rules: Rules, size: tuple[int, int], large: bool) -> App:
    settings = Preferences(autoplay=False, animation_speed="off", confirm_leave=False, large_cards=large)
    app = App.for_game(Game(rules, position), settings, size=size, out=io.StringIO(), now=FakeClock())
    app.pump()
    return app


def test_a_row_grows_to_a_whole_suit_on_its_longest_dealt_cards_but_one() -> None:
    """A card lands only on one a rank higher, or in an empty column: a column is some of its
    dealt cards under a run led by the top one, so at most a King to an Ace on the rest."""
    assert {key: VARIANTS[key].rules.longest_column for key in ROW_GAMES} == {
        "beleaguered-castle": 18, "citadel": 18, "fan": 15, "streets-and-alleys": 19}


@pytest.mark.parametrize("large", [False, True])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("from_last", [False, True])
@pytest.mark.parametrize("game_key", ROW_GAMES)
def test_every_covered_card_of_the_longest_rows_shows_its_whole_index(
        game_key: str, from_last: bool, size: tuple[int, int], large: bool) -> None:
    rules = VARIANTS[game_key].rules
    assert variant_of(rules).arrangement is not Arrangement.COLUMNS
    app = opened(long_rows(rules, from_last), rules, size, large)
    table, faces = app.table, app.table.faces
    drawn = table.sprites.resting()  # bottom layer first, as they are drawn
    assert len(drawn) == 52 and app.size == size
    on_table = pygame.Rect(table.layout.table)
    assert all(on_table.contains(sprite.rect) for sprite in drawn), "a card off the table"
    width, height = faces.index_width, faces.index_height
    assert width > math.ceil(table.layout.card[0] * 0.3) and height > 0  # the renderer's own corner
    for number, sprite in enumerate(drawn):
        if sprite.pile.kind is not PileKind.COLUMN:
            continue
        corner = pygame.Rect(sprite.rect.topleft, (width, height))
        above = [other.rect for other in drawn[number + 1:]]
        assert corner.collidelist(above) == -1, f"{sprite.card} at depth {sprite.depth} hides its index"
