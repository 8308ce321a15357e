"""Any screen: the window fits the desktop it opens on, and at the smallest size the status
line's pieces, the solver's indicator and the playback banner overlap neither cards nor each
other."""

from __future__ import annotations

import io

import pygame
import pytest

from eightoff.core.game import Game
from eightoff.core.moves import Move
from eightoff.core.piles import Pile
from eightoff.core.preferences import Preferences
from eightoff.core.variants import STANDARD
from eightoff.session.replay import Solution
from eightoff.ui.app import App
from eightoff.ui.layout import MIN_WINDOW, clamp_position, fit_window
from eightoff.ui.playback import Playback
from tests.ui.helpers import FakeClock, make_app


def test_a_remembered_size_from_a_bigger_monitor_is_fitted_to_the_desktop() -> None:
    assert fit_window((3000, 2000), (1024, 700)) == (984, 600)
    assert fit_window((3000, 2000), (640, 480)) == MIN_WINDOW
    assert clamp_position((2500, 1800), (984, 600), (1024, 700)) == (40, 100)
    assert clamp_position((-300, -20), (984, 600), (1024, 700)) == (0, 0)


def test_the_window_opens_within_the_desktop() -> None:
    pygame.display.init()
    desktop = pygame.display.get_desktop_sizes()[0]
    app = App.for_game(Game.new(1, STANDARD), Preferences(window_size=(3000, 2000)), out=io.StringIO(),
              now=FakeClock())
    assert app.size[0] <= desktop[0] and app.size[1] <= desktop[1]
    assert app.screen.get_size() == app.size


def card_boxes(app: App) -> list[pygame.Rect]:
    return [pygame.Rect(place.box) for place in app.table.layout.places(app.table.game.position).values()]


@pytest.mark.parametrize("notice", ["", "Short", "A rather long notice that a player must be able to read "
                                    "in full even in the smallest window we support, so it wraps " * 2])
def test_status_pieces_overlap_nothing_at_800x600(notice: str) -> None:
    app = make_app(size=MIN_WINDOW)
    status = app.table.status
    status.indicator = "winnable"
    app.notify(notice)
    app.pump()
    pieces = [piece.rect for piece in status.segments(app.table.layout.status, app.table.view.summary())]
    cards = card_boxes(app)
    bar = pygame.Rect(app.table.layout.status)
    for index, piece in enumerate(pieces):
        assert bar.contains(piece), piece
        assert piece.collidelist(cards) == -1
        assert all(not piece.colliderect(other) for other in pieces[index + 1:])


def test_the_playback_banner_stays_off_the_cards_at_800x600() -> None:
    app = make_app(size=MIN_WINDOW)
    app.table.status.indicator = "winnable"
    app.push(Playback(app, app.table, Solution(app.session, (Move(Pile.column(5), Pile.foundation(1)),))))
    app.pump()
    status = app.table.status
    assert status.banner.startswith("Solver playing")
    pieces = status.segments(app.table.layout.status, app.table.view.summary())
    banner = [piece.rect for piece in pieces if piece.role == "banner"]
    assert banner and all(rect.collidelist(card_boxes(app)) == -1 for rect in banner)
    others = [piece.rect for piece in pieces if piece.role != "banner"]
    assert all(rect.collidelist(others) == -1 for rect in banner)
