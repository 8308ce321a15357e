"""A win of each one-deck open game in the window, on a real store in a temporary home: the
solver's line for an easy deal played through the event loop (by keys in some games, by mouse
in the others, Italian in some), the window's offer to finish taken, the win dialog shown, and
the statistics keep one won game under that game alone, as the Statistics dialog reads them."""

from __future__ import annotations

import io
from pathlib import Path

import pygame
import pytest

from eightoff.core.i18n import _
from eightoff.core.preferences import Preferences
from eightoff.core.variants import PRESETS, VARIANTS
from eightoff.session.keeper import Keeper
from eightoff.session.session import Session
from eightoff.store import Statistics
from eightoff.ui.app import App
from eightoff.ui.celebration import WinDialog
from eightoff.ui.dialogs import MessageDialog
from eightoff.ui.stats_dialog import StatisticsDialog
from tests.ui.helpers import FakeClock, key
from tests.ui.test_open_game_hints import type_move
from tests.ui.test_store_link import figures, played, press_toolbar, store_at
from tests.ui.test_variants import OPEN_GAMES, drag_move, first_winnable

BY_KEYS = ("forecell", "kings-only-bakers", "beleaguered-castle", "citadel", "bakers-dozen")
"""Played with the piles' keys; the other open games with the mouse."""
ITALIAN = ("relaxed-freecell", "beleaguered-castle", "fan")


def window(home: Path, game_key: str, number: int) -> App:
    language = "it" if game_key in ITALIAN else "en"
    store_at(home).save_preferences(Preferences(autoplay=False, animation_speed="off", language=language))
    session = Session.open(Keeper(store_at(home)), FakeClock(), key=game_key, deal=number)  # no solver
    app = App(session, out=io.StringIO())
    pygame.event.clear()
    app.pump()
    assert app.table.game.rules == PRESETS[game_key] and app.table.game.deal_number == number
    return app


@pytest.mark.slow
@pytest.mark.parametrize("game_key", OPEN_GAMES)
def test_a_win_is_shown_and_kept_in_that_games_statistics(game_key: str, tmp_path: Path,
                                                          english_after: None) -> None:
    number, line = first_winnable(PRESETS[game_key])
    app = window(tmp_path, game_key, number)
    for move in line:
        if not app.table.on_top():
            break
        if game_key in BY_KEYS:
            type_move(app, move.source, move.destination)
        else:
            drag_move(app, move)
    if isinstance(app.top, MessageDialog) and app.top.title == _("All cards can go home"):
        key(app, pygame.K_RETURN)  # Finish
    assert isinstance(app.top, WinDialog), getattr(app.top, "title", app.top)
    moves = app.session.moves()
    key(app, pygame.K_ESCAPE)
    store = store_at(tmp_path)
    numbers = figures(store, game_key)
    assert (numbers.played, numbers.won, numbers.fewest_moves) == (1, 1, moves)
    assert all(figures(store, other) == Statistics(other) for other in VARIANTS if other != game_key)
    [finished] = played(store)
    assert (finished.outcome, finished.rules, finished.deal) == ("won", game_key, number)
    press_toolbar(app, "statistics")
    dialog = app.top
    assert isinstance(dialog, StatisticsDialog)
    assert dialog.title == _("Statistics: {game}").format(game=_(VARIANTS[game_key].title))
    text = "\n".join(dialog.body_lines())
    assert {"en": "played 1, won 1", "it": "giocata 1, vinta 1"}[
        "it" if game_key in ITALIAN else "en"] in text, text
