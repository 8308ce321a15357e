"""The window's own commands through the real event loop: the title bar, full screen (F11),
pause (P), peeking at a covered card, and the double-click preference."""

from __future__ import annotations

import logging

import pygame
import pytest

from eightoff.core.deals import deal
from eightoff.core.game import Game
from eightoff.core.notation import format_board
from eightoff.core.piles import Pile
from eightoff.core.preferences import Preferences
from eightoff.core.variants import FREECELL
from eightoff.locale import install_language
from eightoff.ui.app import App
from eightoff.ui.pause import PauseScene
from eightoff.ui.window import Screen
from tests.ui.helpers import (
    FakeClock,
    box_of,
    click,
    clock,
    grip,
    key,
    make_app,
    move_mouse,
    pile_center,
    post,
    press,
    release,
)


def dealt(language: str = "en", **chosen: object) -> App:
    settings = Preferences(animation_speed="off", language=language, **chosen)  # type: ignore[arg-type]
    app = App.for_game(Game.new(617, FREECELL), settings, size=(1024, 700), now=FakeClock())
    app.pump()
    return app


@pytest.fixture
def english() -> object:
    yield None
    install_language("en")


def test_the_title_bar_names_the_game_and_the_deal_in_the_players_language(english: object) -> None:
    app = dealt()
    assert app.window.native.title == "FreeCell · 617 — Eight Off"
    app.session.new_game(11982)
    assert app.window.native.title == "FreeCell · 11982 — Eight Off"
    app.session.choose_game("easy")
    app.session.set_preferences(Preferences(language="it", animation_speed="off"))
    app.settings.change_language()
    assert app.window.native.title.startswith("Eight Off (facile) · ")


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_board_without_a_deal_number_is_titled_by_its_game_once(english: object, language: str) -> None:
    """Not "Eight Off — Eight Off": the program's namesake game is the program's name alone."""
    assert make_app(language=language).window.native.title == "Eight Off"
    freecell = make_app(format_board(deal(5, FREECELL)), FREECELL, language=language)
    assert freecell.window.native.title == "FreeCell — Eight Off"
    freecell.session.choose_game("easy")
    easy = {"en": "Eight Off (easy) · ", "it": "Eight Off (facile) · "}[language]
    assert freecell.window.native.title.startswith(easy)  # a deal of another game: named in full


def test_f11_fills_the_screen_and_back_and_the_choice_is_kept() -> None:
    app = dealt()
    windowed = app.window.native.size
    key(app, pygame.K_F11)
    app.pump()
    assert app.settings.fullscreen and app.preferences.fullscreen
    assert app.window.native.size == pygame.display.get_desktop_sizes()[0]
    assert app.table.layout.size == app.screen.get_size()  # laid out for the whole screen
    key(app, pygame.K_F11)
    app.pump()
    assert not app.settings.fullscreen and not app.preferences.fullscreen
    assert app.window.native.size == windowed
    again = dealt(fullscreen=True)
    assert again.settings.fullscreen  # a start after a full-screen game opens full screen


def test_a_display_that_refuses_full_screen_leaves_the_window_as_it_was(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    app = dealt()
    before = app.window.native.size

    def refuse(self: Screen, on: bool) -> None:
        if on:  # as SDL says it where the display refuses
            raise pygame.error("no full screen here")

    monkeypatch.setattr(Screen, "fill_screen", refuse)
    with caplog.at_level(logging.DEBUG, logger="eightoff.ui.preferences_owner"):
        key(app, pygame.K_F11)
    assert not app.settings.fullscreen and not app.preferences.fullscreen
    assert app.window.native.size == before
    assert "full screen" in app.table.status.notice
    assert [r.getMessage() for r in caplog.records] == ["full screen refused: no full screen here"]


def felt_only(app: App) -> bool:
    table = pygame.Rect(app.table.layout.table).inflate(-40, -40)
    colours = {tuple(app.screen.get_at((x, y)))[:3] for x in range(table.left, table.right, 7)
               for y in range(table.top, table.bottom, 7)}
    return (255, 255, 255) not in colours and (253, 252, 247) not in colours


def test_pause_stops_the_clock_and_hides_the_cards_until_resumed() -> None:
    app = make_app()
    click(app, grip(app, "AS"))  # a move: the clock runs
    app.pump()
    started = app.session.clock.seconds(clock(app).time)
    key(app, pygame.K_p)
    assert isinstance(app.top, PauseScene)
    assert felt_only(app)
    clock(app).time += 60
    app.pump()
    assert app.session.clock.seconds(clock(app).time) == pytest.approx(started, abs=0.01)
    click(app, (50, 300))  # a click resumes (and does nothing else)
    assert app.top is app.table and not felt_only(app)
    clock(app).time += 5
    app.pump()
    assert app.session.clock.seconds(clock(app).time) > started + 4
    [pause] = [b for b in app.table.toolbar.buttons if b.action == "pause"]
    click(app, pause.rect.center)
    assert isinstance(app.top, PauseScene)
    key(app, pygame.K_SPACE)
    assert app.top is app.table


def card_pixels(app: App, card: str) -> set[tuple[int, int, int]]:
    """The colours on screen over the lower part of `card`'s box (covered unless it shows)."""
    box = box_of(app, card)
    return {tuple(app.screen.get_at((x, y)))[:3] for x in range(box.left + 6, box.right - 6, 3)
            for y in range(box.bottom - box.h // 3, box.bottom - 6, 3)}


def test_a_right_press_shows_a_covered_card_while_held() -> None:
    app = make_app()
    covered = card_pixels(app, "AC")
    post(pygame.MOUSEBUTTONDOWN, pos=grip(app, "AC"), button=3)
    app.pump()
    assert app.table.controller.peeking is not None
    shown = card_pixels(app, "AC")
    assert shown != covered and (0, 0, 0) not in shown
    post(pygame.MOUSEBUTTONUP, pos=grip(app, "AC"), button=3)
    app.pump()
    assert app.table.controller.peeking is None and card_pixels(app, "AC") == covered
    assert app.table.game.move_count == 0


def test_a_long_press_shows_a_covered_card_and_moves_nothing() -> None:
    app = make_app()
    covered = card_pixels(app, "AC")
    point = grip(app, "AC")
    press(app, point)
    clock(app).time += 0.2
    app.pump()
    assert app.table.controller.peeking is None  # not yet
    assert app.timeout() is not None and app.timeout() <= 0.3  # the loop wakes for it
    clock(app).time += 0.4
    app.pump()
    assert app.table.controller.peeking is not None and card_pixels(app, "AC") != covered
    release(app, point)
    assert app.table.controller.peeking is None
    assert app.table.game.move_count == 0


def test_the_top_card_is_not_peeked_and_a_long_press_on_a_run_still_drags_it() -> None:
    app = make_app()
    post(pygame.MOUSEBUTTONDOWN, pos=grip(app, "AS"), button=3)
    app.pump()
    assert app.table.controller.peeking is None
    post(pygame.MOUSEBUTTONUP, pos=grip(app, "AS"), button=3)
    start = grip(app, "9H")  # covered, but the head of a run that may move
    press(app, start)
    clock(app).time += 1.0
    app.pump()
    assert app.table.controller.peeking is None
    target = pile_center(app, Pile.column(2))
    for step in range(1, 6):  # the same press, now moved: a drag
        dx, dy = (target[0] - start[0]) * step // 5, (target[1] - start[1]) * step // 5
        move_mouse(app, (start[0] + dx, start[1] + dy))
    release(app, target)
    assert app.table.game.move_count == 1


def test_with_the_preference_a_double_click_sends_a_card_home_and_a_single_one_does_not() -> None:
    app = make_app(double_click_home=True)
    point = grip(app, "AS")
    press(app, point)
    release(app, point)
    clock(app).time += 0.1
    app.pump()
    assert app.table.game.move_count == 0
    press(app, point)
    release(app, point)
    assert app.table.game.position.foundations[3] == 1
    plain = make_app()
    click(plain, grip(plain, "AS"))  # single click stays the default
    assert plain.table.game.position.foundations[3] == 1
    assert Pile.foundation(3) is not None
