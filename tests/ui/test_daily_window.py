"""The daily deal and the par in the window, through its real event loop (SDL's dummy driver),
in English and Italian: Daily in the toolbar and on Ctrl+T, the status line's "Daily · 26
November" and "par 84", the win dialog's par and Copy result; and the par of a deal outside the
shipped lists, from the solver's worker after the first frame."""

from __future__ import annotations

import io
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pygame
import pytest

from eightoff.core.game import Game
from eightoff.core.preferences import Preferences
from eightoff.core.variants import PRESETS, STANDARD, VARIANTS
from eightoff.locale import install_language
from eightoff.session.advisor import Advisor
from eightoff.session.daily import result_line
from eightoff.session.session import Session
from eightoff.session.start import open_session
from eightoff.solver.daily import daily_deal
from eightoff.solver.limits import Budget
from eightoff.solver.par import PAR_NODES, opening_line
from eightoff.solver.solve import solve
from eightoff.store import HomeDirs, Store
from eightoff.ui import theme
from eightoff.ui.app import App
from eightoff.ui.celebration import WinDialog
from eightoff.ui.daily_calendar import draw_calendar
from eightoff.ui.dialogs import MoreMenu
from eightoff.ui.stats_dialog import StatisticsDialog
from eightoff.ui.toolbar import MORE
from tests.solver.asked import find_par
from tests.ui.helpers import FakeClock, click, key
from tests.ui.test_grades import UNLISTED
from tests.ui.test_solver_link import pump_until
from tests.ui.test_text_fits import SMALLEST, dialog_problems

THURSDAY = date(2026, 11, 26)
DAILY_WORDS = {"en": "Daily · 26 November", "it": "Giornaliera · 26 novembre"}
COPY = {"en": "Copy result", "it": "Copia il risultato"}


@pytest.fixture(params=("en", "it"))
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    yield request.param
    install_language("en")  # the other tests read the English originals


def open_app(game: Game, language: str = "en", size: tuple[int, int] = SMALLEST,
             advisor: Advisor | None = None) -> App:
    preferences = Preferences(autoplay=True, animation_speed="off", confirm_leave=False, language=language)
    session = Session(game, FakeClock(), preferences=preferences, advisor=advisor, today=lambda: THURSDAY)
    app = App(session, size=size, out=io.StringIO())
    pygame.event.clear()
    app.pump()
    return app


def test_ctrl_t_opens_todays_daily_and_the_status_line_names_it(language: str) -> None:
    app = open_app(Game.new(5, STANDARD), language)
    assert DAILY_WORDS[language] not in app.table.view.summary()
    key(app, pygame.K_t, pygame.KMOD_CTRL)
    chosen = daily_deal("standard", THURSDAY)
    assert chosen is not None
    assert app.table.game.deal_number == chosen.number and app.session.facts.daily == THURSDAY
    summary = app.table.view.summary()
    assert DAILY_WORDS[language] in summary and f"par {chosen.par}" in summary
    box = pygame.Rect(app.table.layout.status)
    assert all(box.contains(piece.rect) for piece in app.table.status.segments(box, summary))
    assert not app.table.enabled()["daily"]  # today's daily is the game in play


@pytest.mark.parametrize("game_key", [key for key, game in VARIANTS.items() if game.daily_table])
def test_each_game_with_a_list_opens_its_own_daily(game_key: str) -> None:
    """Ctrl+T in any game with a pinned list deals that game's line of the date, with its par."""
    app = open_app(Game.new(5, PRESETS[game_key]))
    key(app, pygame.K_t, pygame.KMOD_CTRL)
    chosen = daily_deal(game_key, THURSDAY)
    assert chosen is not None and app.table.game.rules == PRESETS[game_key]
    assert app.table.game.deal_number == chosen.number and app.session.facts.daily == THURSDAY
    summary = app.table.view.summary()
    assert DAILY_WORDS["en"] in summary and f"par {chosen.par}" in summary


def test_the_toolbar_button_opens_it_and_fits(language: str) -> None:
    """On the bar, or in its More menu where the bar has no room (Italian at 800x600)."""
    app = open_app(Game.new(5, PRESETS["freecell"]), language)
    toolbar = app.table.toolbar
    word = {"en": "Daily", "it": "Giornaliera"}[language]
    button = next((button for button in toolbar.buttons if button.action == "daily"), None)
    if button is None:
        assert ("daily", word) in toolbar.folded
        more = next(button for button in toolbar.buttons if button.action == MORE)
        click(app, more.rect.center)
        assert isinstance(app.top, MoreMenu)
        [row] = [choice for choice in app.top.choices if choice.label == word]
        click(app, row.rect.center)
    else:
        assert button.label == word
        assert pygame.Rect(0, 0, app.size[0], button.rect.bottom).contains(button.rect)
        click(app, button.rect.center)
    chosen = daily_deal("freecell", THURSDAY)
    assert chosen is not None and app.table.game.deal_number == chosen.number
    assert app.table.game.rules == PRESETS["freecell"]


def test_the_dailys_win_shows_its_par_and_copy_result_fills_the_clipboard(language: str) -> None:
    app = open_app(Game.new(5, STANDARD), language)
    key(app, pygame.K_t, pygame.KMOD_CTRL)
    finish_by_keys(app)
    dialog = app.top
    assert isinstance(dialog, WinDialog)
    par = app.session.facts.par
    assert par is not None and app.session.moves() == par
    assert dialog.lines[0] == DAILY_WORDS[language]
    shown = {"en": f"Par is {par}: you matched it.", "it": f"Il par è {par}: l'hai eguagliato."}[language]
    body = dialog.body_lines()
    assert shown in body
    count = {"en": f"{par} moves", "it": f"{par} mosse"}[language]
    assert " ".join(body).count(count) == 1  # the move count once, not again beside the par
    assert dialog_problems(dialog, "the daily's win") == []
    copy = next(choice for choice in dialog.choices if choice.label == COPY[language])
    click(app, copy.rect.center)
    expected = result_line(app.session)
    assert expected is not None
    assert pygame.scrap.get_text() == expected
    head = {"en": "Eight Off daily 2026-11-26 · won in", "it": "Eight Off giornaliera 2026-11-26 · vinta in"}
    assert expected.startswith(head[language]) and f"(par {par})" in expected
    assert expected in app.table.status.notice


def test_a_numbered_deal_has_no_copy_result() -> None:
    app = open_app(Game.new(5, STANDARD))
    finish_by_keys(app)
    assert COPY["en"] not in [choice.label for choice in app.top.choices]


def test_the_par_of_a_deal_outside_the_lists_comes_from_the_worker(opened: list[App]) -> None:
    app = open_app(Game.new(UNLISTED, STANDARD), advisor=Advisor())
    opened.append(app)
    assert app.session.facts.par is None and "par " not in app.table.view.summary()
    pump_until(app, lambda: app.session.facts.par is not None)
    expected = find_par(app.table.game.start, STANDARD)
    assert app.session.facts.par == expected
    app.pump()
    assert f"par {expected}" in app.table.view.summary()


def open_stored(home: Path, language: str, **asked: object) -> App:
    """The window on a player's own files (a real store on a temporary folder)."""
    Store(HomeDirs(home)).save_preferences(
        Preferences(autoplay=True, animation_speed="off", confirm_leave=False, language=language))
    session = open_session(FakeClock(), store=Store(HomeDirs(home)), today=lambda: THURSDAY,
                           **asked)  # type: ignore[arg-type]
    app = App(session, size=SMALLEST, out=io.StringIO())
    pygame.event.clear()
    app.pump()
    return app


def finish_by_keys(app: App) -> None:
    """The par's line from the deal as dealt, then Enter on the offer to send every card home."""
    game = app.table.game
    line = opening_line(game.start, game.rules, solve(game.start, game.rules, Budget(nodes=PAR_NODES)).moves)
    assert line is not None
    for move in line:
        app.table.play(move)
    app.pump()
    if not app.session.over:
        key(app, pygame.K_RETURN)
        app.pump()
    assert isinstance(app.top, WinDialog)


def test_the_players_best_shows_at_the_deals_start_and_in_its_win(tmp_path: Path, language: str) -> None:
    app = open_stored(tmp_path, language, key="standard", deal=5)
    assert app.session.facts.best is None
    finish_by_keys(app)
    moves = app.session.moves()
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_r, pygame.KMOD_CTRL)  # Restart: the same deal, which the player has won
    best = {"en": f"Your best: {moves} moves, 0:00", "it": f"Il tuo record: {moves} mosse, 0:00"}[language]
    assert app.table.status.notice == best
    finish_by_keys(app)
    dialog = app.top
    assert isinstance(dialog, WinDialog) and best in dialog.body_lines()
    assert dialog_problems(dialog, "a win with the player's best") == []
    app.session.close()


def test_the_statistics_daily_view_shows_the_streaks_and_the_month(tmp_path: Path, language: str) -> None:
    app = open_stored(tmp_path, language, key="standard", daily=True)
    finish_by_keys(app)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    dialog = app.top
    assert isinstance(dialog, StatisticsDialog)
    label = {"en": "Daily", "it": "Giornaliera"}[language]
    daily = next(choice for choice in dialog.choices if choice.label == label)
    click(app, daily.rect.center)
    dialog = app.top
    assert isinstance(dialog, StatisticsDialog) and dialog.daily_page
    expected = {"en": ["Current streak of daily wins: 1 day", "Longest streak: 1 day",
                       "November 2026: 1 won, 0 lost"],
                "it": ["Serie attuale di giornaliere vinte: 1 giorno", "Serie più lunga: 1 giorno",
                       "Novembre 2026: 1 vinta, 0 perse"]}[language]
    assert dialog.body_lines()[1:] == expected
    assert dialog.daily().won == frozenset({THURSDAY})
    assert dialog_problems(dialog, "the daily view") == []
    later = {"en": "Later month", "it": "Mese dopo"}[language]
    assert later not in [choice.label for choice in dialog.choices]  # no month after today's
    earlier = next(choice for choice in dialog.choices
                   if choice.label == {"en": "Earlier month", "it": "Mese prima"}[language])
    click(app, earlier.rect.center)
    dialog = app.top
    assert isinstance(dialog, StatisticsDialog) and dialog.month == (2026, 10)
    october = {"en": "October 2026: 0 won, 0 lost", "it": "Ottobre 2026: 0 vinte, 0 perse"}[language]
    assert dialog.body_lines()[-1] == october
    click(app, next(choice for choice in dialog.choices if choice.label == later).rect.center)
    dialog = app.top
    assert isinstance(dialog, StatisticsDialog) and dialog.month == (2026, 11)
    assert later not in [choice.label for choice in dialog.choices]
    key(app, pygame.K_RETURN)  # Enter is Close, whichever buttons the month has
    assert not isinstance(app.top, StatisticsDialog)
    app.session.close()


def dim_pixels(today: date) -> int:
    """How many pixels of November 2026's calendar, with no day played, are drawn in the
    colour of the "not played" mark, seen on `today`."""
    surface = pygame.Surface((700, 460))
    draw_calendar(surface, surface.get_rect(), 2026, 11, frozenset(), frozenset(), today, 1.0)
    mask = pygame.mask.from_threshold(surface, theme.TEXT_DIM, (1, 1, 1, 255))
    return mask.count()


def test_each_past_day_not_played_has_the_legends_ring_and_days_to_come_none() -> None:
    """The legend's "not played" ring is drawn on the grid: on every past day of the month with
    no result (29 more rings when the month is over than before it began), never on a day to
    come."""
    pygame.font.init()
    before, after = dim_pixels(date(2026, 10, 31)), dim_pixels(date(2026, 12, 1))
    assert after - before > 30 * 40
    assert dim_pixels(date(2026, 11, 15)) - before > 14 * 40
