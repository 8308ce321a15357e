"""In the window, a game's piles go by the game's own word: Fan's screen reader, refusals and
Help speak of fans (and Italian of "ventagli"), a Castle game's of rows. The window through its
event loop, headless, with the screen reader's adapter recording what it is told."""

from __future__ import annotations

import io

import pygame
import pytest

from eightoff.core.game import Game
from eightoff.core.piles import Pile
from eightoff.core.position import card_name
from eightoff.core.preferences import Preferences
from eightoff.core.variants import PRESETS
from eightoff.locale import install_language
from eightoff.ui.accesskit_bridge import pile_id
from eightoff.ui.app import App
from tests.ui.helpers import FakeClock, click, key, pile_center
from tests.ui.test_screen_reader import connect, help_text, said, tree

pytest.importorskip("accesskit")


def game_window(key_name: str, language: str = "en") -> App:
    """A window on deal 1 of that game in that language, nothing sent home by itself."""
    settings = Preferences(autoplay=False, animation_speed="off", confirm_leave=False, language=language)
    app = App.for_game(Game.new(1, PRESETS[key_name]), settings, size=(1280, 800), out=io.StringIO(),
                       now=FakeClock())
    pygame.event.clear()
    app.pump()
    return app


def stuck_pile(app: App) -> Pile:
    """A pile whose top card a click can send nowhere."""
    game = app.table.game
    return next(pile for pile in (Pile.column(index) for index in range(game.rules.columns))
                if game.position.top(pile) is not None and game.click_move(pile) is None)


@pytest.mark.parametrize(("language", "word", "picked", "nowhere", "keys", "first"), [
    ("en", "fan", "Picked {card} from fan 1: now choose where it goes",
     "cannot go home yet, and no fan takes it", "the fans", "onto the first fan it fits"),
    ("it", "ventaglio", "Hai preso {card} dal ventaglio 1: ora scegli dove va",
     "non può ancora andare sulla base, e non sta su nessun ventaglio", "i ventagli",
     "sul primo ventaglio dove sta"),
])
def test_fan_speaks_of_fans_to_the_screen_reader_in_refusals_and_in_help(
        language: str, word: str, picked: str, nowhere: str, keys: str, first: str) -> None:
    try:
        app = game_window("fan", language)
        _bridge, adapter = connect(app)
        labels = [tree(adapter)[pile_id(Pile.column(index))].label for index in range(18)]
        assert all(label.endswith(f"{word} {index + 1}") for index, label in enumerate(labels)), labels
        assert not any("colonn" in label or "column" in label for label in labels)
        key(app, pygame.K_1)
        top = app.table.game.position.top(Pile.column(0))
        assert top is not None
        assert said(adapter)[-1] == picked.format(card=card_name(top))
        key(app, pygame.K_ESCAPE)
        click(app, pile_center(app, stuck_pile(app)))
        assert nowhere in app.table.status.notice
        shown = help_text(app)
        assert keys in shown and first in shown and "column" not in shown and "colonn" not in shown
    finally:
        install_language("en")


def test_a_castle_game_speaks_of_rows() -> None:
    app = game_window("beleaguered-castle")
    _bridge, adapter = connect(app)
    assert tree(adapter)[pile_id(Pile.column(4))].label.endswith("row 5")
    shown = help_text(app)
    assert "the rows" in shown and "column" not in shown


@pytest.mark.parametrize(("key_name", "language", "word", "picked"), [
    ("beleaguered-castle", "it", "fila", "Hai preso {card} dalla fila {number}: ora scegli dove va"),
    ("streets-and-alleys", "en", "row", "Picked {card} from row {number}: now choose where it goes"),
    ("citadel", "it", "fila", "Hai preso {card} dalla fila {number}: ora scegli dove va"),
])
def test_each_castle_row_is_named_by_the_number_its_key_types(
        key_name: str, language: str, word: str, picked: str) -> None:
    """Rows fanned left and right of the foundations: the screen reader's name of each row, its
    key and the focus a pick moves to agree, row by row, in the player's language."""
    try:
        app = game_window(key_name, language)
        _bridge, adapter = connect(app)
        for index in range(app.table.game.rules.columns):
            pile = Pile.column(index)
            assert tree(adapter)[pile_id(pile)].label.endswith(f"{word} {index + 1}")
            top = app.table.game.position.top(pile)
            assert top is not None
            key(app, pygame.key.key_code(str(index + 1)))
            assert said(adapter)[-1] == picked.format(card=card_name(top), number=index + 1)
            assert adapter.updates[-1].focus == pile_id(pile)
            key(app, pygame.K_ESCAPE)
    finally:
        install_language("en")
