"""Auto-play at the deal: what the deal itself lets go home goes at once, counting no move."""

from __future__ import annotations

import io

import pygame
import pytest

from eightoff.core.deals import deal
from eightoff.core.game import Game
from eightoff.core.preferences import Preferences
from eightoff.core.rules import Rules
from eightoff.core.variants import STANDARD, preset
from eightoff.ui.app import App
from tests.ui.helpers import FakeClock, key

RAGLAN = preset("raglan")


def open_app(game: Game, autoplay: bool = True) -> App:
    settings = Preferences(autoplay=autoplay, animation_speed="off", confirm_leave=False)
    app = App.for_game(game, settings, size=(1280, 800), out=io.StringIO(), now=FakeClock())
    pygame.event.clear()
    app.pump()
    return app


def home_cards(rules: Rules, number: int) -> set[str]:
    """The cards of deal `number` that are dealt where auto-play may send them home at once."""
    start = deal(number, rules)
    return {str(card) for card in (*start.cells, *start.reserve)
            if card is not None and (str(card)[0] == "A" or (rules.reserve and str(card) == "2H"))}


@pytest.mark.parametrize(("rules", "number", "card"), [(STANDARD, 2, "A"), (RAGLAN, 1, "2H")])
def test_what_the_deal_lets_go_home_goes_at_once_and_counts_no_move(
    rules: Rules, number: int, card: str
) -> None:
    app = open_app(Game.new(number, rules))
    dealt = home_cards(rules, number)
    assert any(name.startswith(card) for name in dealt)
    game = app.table.game
    left = {str(card) for card in (*game.position.cells, *game.position.reserve) if card is not None}
    assert not dealt & left  # gone home before any move
    assert game.move_count == 0 and not game.has_started
    app.table.play(game.legal_moves()[0])
    assert app.table.game.move_count == 1
    key(app, pygame.K_r, pygame.KMOD_CTRL)  # Restart deals the same cards: settled again
    game = app.table.game
    assert not game.undone and len(game.done) == 1
    assert game.move_count == 0 and not dealt & {str(card) for card in (*game.position.cells,
                                                                        *game.position.reserve) if card}


def test_with_auto_play_off_the_deal_stays_as_dealt() -> None:
    app = open_app(Game.new(2, STANDARD), autoplay=False)
    assert app.table.game.position == deal(2, STANDARD)
