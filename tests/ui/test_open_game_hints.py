"""Hint and the winnable indicator in each one-deck open game, through the real event loop with
the real solver worker: Hint followed from the deal, each hinted move typed with the piles' keys,
never meets a dead end and ends in the win; and a move the solver proves loses a winnable
position turns the indicator from "winnable" to "no longer winnable" (Italian for some games)."""

from __future__ import annotations

import pygame
import pytest

from eightoff.core.game import Game
from eightoff.core.i18n import _
from eightoff.core.outcome import Outcome
from eightoff.core.piles import Pile, PileKind
from eightoff.core.variants import PRESETS
from eightoff.session.advisor import NO_LONGER_WINNABLE, THINKING, WINNABLE
from eightoff.session.pile_keys import pile_keys
from eightoff.ui.app import App
from eightoff.ui.celebration import WinDialog
from eightoff.ui.dialogs import MessageDialog
from tests.ui.helpers import key
from tests.ui.test_solver_link import indicator, open_app, pump_until
from tests.ui.test_variants import OPEN_GAMES, first_winnable

ITALIAN = ("fan", "beleaguered-castle", "bakers-dozen")
"""The games whose window speaks Italian here; the others speak English."""


def type_move(app: App, source: Pile, destination: Pile) -> None:
    """The source's key, then the target's (F for any foundation), as a player types a move."""
    names = {pile: name for name, pile in pile_keys(app.table.game.rules).items()}
    before = app.table.game.move_count
    for pile in (source, destination):
        key(app, pygame.key.key_code("f" if pile.kind is PileKind.FOUNDATION else names[pile]))
    assert app.table.game.move_count == before + 1, f"{source} to {destination} was not made"


def opened_in(game: Game, opened: list[App]) -> App:
    language = "it" if game.rules.name in ITALIAN else "en"
    app, _advisor = open_app(game, language=language)
    opened.append(app)
    assert (app.table.toolbar.buttons[0].label == "Nuova") == (language == "it")
    return app


@pytest.mark.slow
@pytest.mark.parametrize("game_key", OPEN_GAMES)
def test_following_hint_from_the_deal_wins(game_key: str, opened: list[App], english_after: None) -> None:
    rules = PRESETS[game_key]
    number, _line = first_winnable(rules)
    app = opened_in(Game.new(number, rules), opened)
    pump_until(app, lambda: indicator(app) != THINKING)
    assert indicator(app) == WINNABLE
    for _step in range(400):
        if app.top is not app.table:
            break
        key(app, pygame.K_h, unicode="h")
        pump_until(app, lambda: app.table.hint is not None or app.top is not app.table)
        assert app.top is app.table, f"Hint answered with a dialog: {getattr(app.top, 'title', app.top)}"
        assert app.table.hint is not None
        move = app.table.hint[0]
        assert app.table.game.position.find_move(rules, move.source, move.destination) == move, \
            f"the hinted {move} cannot be typed with its piles' keys"
        type_move(app, move.source, move.destination)
    if isinstance(app.top, MessageDialog) and app.top.title == _("All cards can go home"):
        key(app, pygame.K_RETURN)
    assert isinstance(app.top, WinDialog), getattr(app.top, "title", app.top)
    assert app.table.game.is_won and app.session.outcome is Outcome.WON


LOSING_LINES = {
    "forecell": (2, "qf 7q"),
    "relaxed-freecell": (1, "7q 87 qr 5q 1e 5w e8 8e w2 rw 5r e8 6e"),
    "kings-only-bakers": (2, "6r 8e 7q 1w 73 81 83 48 wf 6w"),
    "relaxed-seahaven": (1, "7q q0 7r"),
    "beleaguered-castle": (2, "53 57 53 23 57 54 56 85 63 21 36 87 54 63 65"),
    "streets-and-alleys": (7, "54"),
    "citadel": (1, "64 64"),
    "fan": (4, "r8 rw"),
    "bakers-dozen": (1, "35 64 1w wf w3 9w 09 3f 03 03 70 97 69 69 06 59 q5"),
}
"""Per game, a winnable deal and moves typed as key pairs (source, target): the solver wins the
position before the last pair and proves the position after it lost (found by random play
checked move by move with the solver)."""


@pytest.mark.slow
@pytest.mark.parametrize("game_key", OPEN_GAMES)
def test_a_losing_move_turns_the_indicator_and_hint_offers_the_undo(
        game_key: str, opened: list[App], english_after: None) -> None:
    rules = PRESETS[game_key]
    number, typed = LOSING_LINES[game_key]
    app = opened_in(Game.new(number, rules), opened)
    keys = pile_keys(rules)
    pairs = typed.split()
    for index, pair in enumerate(pairs):
        source, target = pair[0], pair[1]
        if index == len(pairs) - 1:
            pump_until(app, lambda: indicator(app) != THINKING)
            assert indicator(app) == WINNABLE, f"{game_key} {number} before its losing move"
            winnable = app.table.game.position
        type_move(app, keys[source], Pile.foundation(0) if target == "f" else keys[target])
    pump_until(app, lambda: indicator(app) != THINKING)
    assert indicator(app) == NO_LONGER_WINNABLE
    if app.table.game.is_stuck:  # the window has said so at once, with Undo first
        assert isinstance(app.top, MessageDialog) and app.top.title == _("No moves left")
    else:
        key(app, pygame.K_h, unicode="h")
        pump_until(app, lambda: isinstance(app.top, MessageDialog))
        assert isinstance(app.top, MessageDialog) and app.top.title == _("No longer winnable")
    assert app.table.hint is None
    key(app, pygame.K_RETURN)  # the first choice: undo the one losing move
    assert app.table.on_top() and app.table.game.position == winnable
    pump_until(app, lambda: indicator(app) != THINKING)
    assert indicator(app) == WINNABLE
