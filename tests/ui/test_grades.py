"""Deal grades in the window, through the real event loop: the Preferences row that asks for a
grade range, New under it, and the grade said once a game is won (from the shipped table, or
from the solver's worker for a deal the table does not list)."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from eightoff.core.game import Game
from eightoff.core.i18n import _, pgettext
from eightoff.core.notation import parse_board
from eightoff.core.preferences import Preferences
from eightoff.core.variants import STANDARD, VARIANTS
from eightoff.locale import install_language
from eightoff.session.advisor import Advisor
from eightoff.session.grading import WINNABLE_CHOICES, grade_name, range_words
from eightoff.solver.grade import GRADES, deals_of_grade, grade_of_deal, grades_between
from eightoff.solver.limits import Budget
from eightoff.solver.result import grade_of
from eightoff.solver.solve import solve
from eightoff.ui.app import App
from eightoff.ui.celebration import WinDialog
from eightoff.ui.dialogs import MessageDialog, PreferencesDialog
from tests.ui.helpers import FakeClock, key
from tests.ui.test_solver_link import pump_until
from tests.ui.test_text_fits import SMALLEST, STUCK_BOARD, dialog_problems

WINNABLE_ROW = 2
GRADED_GAMES = tuple(key for key, game in VARIANTS.items() if game.grade_table)
UNLISTED = max(number for grade in GRADES for number in deals_of_grade("standard", grade)) + 1
"""The first Eight Off deal past the shipped table."""


def open_app(game: Game, size: tuple[int, int] = (1280, 800), advisor: Advisor | None = None,
             **preferences: object) -> App:
    settings = Preferences(autoplay=False, animation_speed="off")
    for name, value in preferences.items():
        setattr(settings, name, value)
    app = App.for_game(game, settings, size=size, out=io.StringIO(), now=FakeClock(), advisor=advisor)
    pygame.event.clear()
    app.pump()
    return app


@pytest.fixture(params=("en", "it"))
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    yield request.param
    install_language("en")  # the other tests read the English originals


def test_the_winnable_row_reaches_every_grade_range_by_keyboard_and_fits(language: str) -> None:
    app = open_app(Game.new(1, STANDARD), size=SMALLEST, language=language)
    key(app, pygame.K_p, pygame.KMOD_CTRL)
    dialog = app.top
    assert isinstance(dialog, PreferencesDialog)
    for _tab in range(WINNABLE_ROW + 1):  # from the Done button round to the row
        key(app, pygame.K_TAB)
    assert dialog.focus == WINNABLE_ROW
    seen: list[tuple[str, str] | None] = []
    for _press in WINNABLE_CHOICES:
        key(app, pygame.K_SPACE)
        chosen = app.preferences
        seen.append((chosen.lowest_grade, chosen.highest_grade) if chosen.winnable_only else None)
        label = dialog.choices[WINNABLE_ROW].label
        assert label.endswith(range_words(chosen.lowest_grade, chosen.highest_grade) if chosen.winnable_only
                              else pgettext("preference", "off"))
        assert dialog_problems(dialog, f"winnable row at {seen[-1]}") == []
    assert seen == [*WINNABLE_CHOICES[1:], None]


def test_new_deals_only_deals_of_the_grades_asked_for() -> None:
    app = open_app(Game.new(1, STANDARD))  # no solver connected: the shipped list alone, at once

    @settings(max_examples=40, deadline=None)
    @given(st.sampled_from(GRADED_GAMES), st.tuples(st.sampled_from(GRADES), st.sampled_from(GRADES)))
    def new_game(game: str, ends: tuple[str, str]) -> None:
        app.session.choose_game(game)
        app.preferences.winnable_only = True
        app.preferences.lowest_grade, app.preferences.highest_grade = ends
        key(app, pygame.K_F2)
        number = app.table.game.deal_number
        assert number is not None and app.table.game.rules.name == game
        assert grade_of_deal(game, number) in grades_between(*ends)

    new_game()


def win_by_keys(app: App) -> None:
    """Play the solver's line until every card left can go home, then take the window's offer
    to finish with Enter."""
    game = app.table.game
    line = solve(game.position, game.rules, Budget()).moves
    for move in line:
        if game.can_finish():
            break
        app.table.play(move)
    app.pump()
    assert isinstance(app.top, MessageDialog) and app.top.title == _("All cards can go home")
    key(app, pygame.K_RETURN)
    app.pump()


def test_the_win_says_the_tables_grade_and_not_before(language: str) -> None:
    number = deals_of_grade("standard", "hard")[0]
    app = open_app(Game.new(number, STANDARD), size=SMALLEST, language=language)
    graded = grade_name("hard")
    assert graded not in app.table.view.summary()
    win_by_keys(app)
    dialog = app.top
    assert isinstance(dialog, WinDialog)
    assert {"en": "This deal is graded Hard.", "it": "Questa smazzata è di livello Difficile."}[language] \
        in dialog.body_lines()
    assert f"{graded}   ·" in app.table.view.summary()
    assert dialog_problems(dialog, "win with its grade") == []
    box = pygame.Rect(app.table.layout.status)
    pieces = app.table.status.segments(app.table.layout.status, app.table.view.summary())
    assert all(box.contains(piece.rect) for piece in pieces)


def test_a_deal_past_the_table_is_graded_by_the_worker_from_its_start(opened: list[App]) -> None:
    app = open_app(Game.new(UNLISTED, STANDARD), advisor=Advisor())
    opened.append(app)
    assert app.session.facts.grade is None  # the table does not know it
    pump_until(app, lambda: app.session.facts.grade is not None)
    expected = grade_of(solve(app.table.game.start, STANDARD, Budget()))
    assert app.session.facts.grade == expected
    win_by_keys(app)
    assert isinstance(app.top, WinDialog)
    assert f"This deal is graded {grade_name(expected or '')}." in app.top.body_lines()


def test_a_resumed_game_past_the_table_is_graded_from_its_start_while_it_is_played(opened: list[App]) -> None:
    """No verdict about the start comes of a game resumed after a move, so the advisor searches
    the start itself: the grade is known before the win, and so goes into its record."""
    game = Game.new(UNLISTED, STANDARD)
    first = solve(game.start, STANDARD, Budget())
    game.play(first.moves[0], autoplay=False)  # resumed after a move: no verdict about the start
    app = open_app(game, advisor=Advisor())
    opened.append(app)
    app.pump()
    assert app.session.facts.grade is None  # no search of the start yet: only the position after a move
    pump_until(app, lambda: app.session.facts.grade is not None)  # the start searched while played
    assert app.session.facts.grade == grade_of(first)
    win_by_keys(app)
    dialog = app.top
    assert isinstance(dialog, WinDialog)
    assert f"This deal is graded {grade_name(grade_of(first) or '')}." in dialog.body_lines()


def test_no_moves_left_says_the_grade_too() -> None:
    stuck = parse_board(STUCK_BOARD, STANDARD)
    app = open_app(Game(STANDARD, stuck, deal_number=deals_of_grade("standard", "expert")[0]))
    dialog = app.top  # the position is a dead end: the offer shows at once
    assert isinstance(dialog, MessageDialog) and dialog.title == "No moves left"
    assert "This deal is graded Expert." in dialog.body_lines()
    assert "graded" not in app.table.view.summary()  # the game is not over yet: undo may still help
