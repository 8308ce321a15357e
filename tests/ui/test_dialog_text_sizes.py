"""At 800x600 every word the window draws while a dialog is open (the dialog's title, lines,
rows and buttons, its charts and calendar, and the toolbar and status line under it) has
capitals at least 11 px tall, in English and Italian.

Each dialog the router can open is opened as a player opens it, by its key, its toolbar button
or the dialog's own buttons, through the real event loop (SDL's dummy driver) on a real
temporary home with a few finished games. Every text the window's font renders is recorded
with the height of that font's capitals, as drawn, so a dialog that draws with a 9 px font
fails here; the words are drawn with no other font (a test below checks the sources).
"""

from __future__ import annotations

import ast
import io
import random
from collections.abc import Callable, Iterator
from dataclasses import replace
from datetime import date
from pathlib import Path

import pygame
import pytest

import eightoff.ui
from eightoff.core.game import Game
from eightoff.core.notation import parse_board
from eightoff.core.variants import STANDARD
from eightoff.locale import install_language
from eightoff.session.keeper import Keeper
from eightoff.session.session import Session
from eightoff.solver.daily import daily_deal
from eightoff.store import LOST, WON, HomeDirs, Store
from eightoff.ui import theme
from eightoff.ui.app import App
from eightoff.ui.celebration import WinDialog
from eightoff.ui.dialogs import DealDialog, Dialog, GameChooser, MessageDialog, MoreMenu, PreferencesDialog
from eightoff.ui.stats_dialog import StatisticsDialog
from eightoff.ui.theme import LEAST_TEXT
from eightoff.ui.unsaved_dialog import UnsavedDialog
from tests.ui.helpers import FakeClock, click, key, move_mouse
from tests.ui.test_store_link import QUICK, one_move_from_won, store_at
from tests.ui.test_text_fits import STUCK_BOARD, close, top_dialog
from tests.ui.test_unsaved_quit import lock_held

SMALLEST = (800, 600)
TODAY = date(2026, 11, 26)


@pytest.fixture(params=("en", "it"))
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    yield request.param
    install_language("en")  # the other tests read the English originals


Drawn = list[tuple[str, int]]


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Drawn:
    """Each text the window's font renders from now on, with its font's capital height."""
    words: Drawn = []
    render = theme.EvenFont.render
    capitals: dict[int, tuple[theme.EvenFont, int]] = {}
    """By the font's id, the font itself kept alive so that its id is not given to another."""

    def recording(font: theme.EvenFont, text: str | bytes | None, antialias: bool, color: object,
                  bgcolor: object = None, wraplength: int = 0) -> pygame.Surface:
        if text and any(character.isalnum() for character in str(text)):
            if id(font) not in capitals:
                capital = render(font, "H", True, (255, 255, 255)).get_bounding_rect().height
                capitals[id(font)] = (font, capital)
            words.append((str(text), capitals[id(font)][1]))
        return render(font, text, antialias, color, bgcolor, wraplength)

    monkeypatch.setattr(theme.EvenFont, "render", recording)
    return words


def record_games(home: Path) -> None:
    """A few weeks of games, won and lost, and some of November's daily deals."""
    store = store_at(home)
    rng = random.Random(7)
    for _number in range(40):
        game = Game.new(1 + rng.randrange(5000), STANDARD)
        game.play(game.legal_moves()[0])
        store.record_outcome(game, WON if rng.random() < 0.5 else LOST, 100 + rng.random() * 600)
    for day in range(1, 26, 3):
        chosen = daily_deal("standard", date(2026, 11, day))
        assert chosen is not None
        game = Game.new(chosen.number, STANDARD)
        game.play(game.legal_moves()[0])
        store.record_outcome(game, LOST if day % 2 else WON, 300.0, daily=chosen.day, par=chosen.par)
    store.close()


@pytest.fixture
def home(tmp_path: Path, language: str) -> Path:
    record_games(tmp_path)
    store = store_at(tmp_path)
    store.save_preferences(replace(QUICK, language=language, confirm_leave=True))
    store.close()
    return tmp_path


def open_window(home: Path, game: Game, size: tuple[int, int] = SMALLEST) -> App:
    """The window on `game`, its store in `home`, at the smallest size the window allows."""
    keeper = Keeper(store_at(home))
    preferences = keeper.open(None, None, None, None).preferences
    session = Session(game, FakeClock(), preferences=preferences, keeper=keeper, today=lambda: TODAY)
    app = App(session, size=size, out=io.StringIO())
    pygame.event.clear()
    app.pump()
    assert app.size == size
    return app


def too_small(app: App, drawn: Drawn, opened: type[Dialog]) -> list[str]:
    """The words drawn smaller than LEAST_TEXT in a full frame of the window, whose top scene
    must be an `opened` dialog whose title is among the words drawn."""
    dialog = app.top
    assert isinstance(dialog, opened), dialog
    drawn.clear()
    app.redraw_all()
    app.pump()
    assert dialog.title in {text for text, _height in drawn}, f"{dialog.title!r} was not drawn"
    return [f"{dialog.title}: {text!r} at {height} px" for text, height in drawn if height < LEAST_TEXT]


def click_choice(app: App, index: int) -> None:
    """A click on the top dialog's row or button `index`."""
    click(app, top_dialog(app).choices[index].rect.center)


def test_every_dialog_s_words_are_at_least_11_px_tall(home: Path, drawn: Drawn) -> None:
    app = open_window(home, Game.new(617, STANDARD))
    problems: list[str] = []

    def check(opened: type[Dialog], then: Callable[[], None] = lambda: close(app)) -> None:
        problems.extend(too_small(app, drawn, opened))
        then()

    key(app, pygame.K_F1)
    check(Dialog)
    key(app, pygame.K_p, pygame.KMOD_CTRL)
    check(PreferencesDialog, lambda: click_choice(app, top_dialog(app).option_count))  # the other page
    check(PreferencesDialog)
    key(app, pygame.K_g, pygame.KMOD_CTRL)
    check(GameChooser)
    key(app, pygame.K_d, pygame.KMOD_CTRL)
    check(DealDialog)
    key(app, pygame.K_m, pygame.KMOD_CTRL)
    check(MessageDialog)
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    buttons = len(top_dialog(app).choices)  # Recent games, Daily, Reset…, Close
    check(StatisticsDialog, lambda: click_choice(app, buttons - 4))  # Recent games
    check(StatisticsDialog, lambda: click_choice(app, len(top_dialog(app).choices) - 2))  # Figures
    click_choice(app, buttons - 3)  # Daily: the month's calendar
    check(StatisticsDialog, lambda: click_choice(app, len(top_dialog(app).choices) - 2))  # Figures
    click_choice(app, buttons - 2)  # Reset…: it asks first
    check(MessageDialog)
    if app.table.toolbar.folded:  # the toolbar's More menu, where the bar has no room
        app.table.perform("more")
        check(MoreMenu)
    app.session.play(app.session.game.legal_moves()[0])
    app.pump()
    key(app, pygame.K_n, pygame.KMOD_CTRL)  # leaving a game in progress: it asks first
    check(MessageDialog)
    key(app, pygame.K_p, pygame.KMOD_CTRL)  # a rule option changed mid-game: it asks when
    click_choice(app, top_dialog(app).option_count - 1)  # the game's rule options come last
    check(MessageDialog, lambda: None)
    assert problems == [], "\n".join(problems)


def test_the_end_of_a_game_s_dialogs_words_are_at_least_11_px_tall(home: Path, drawn: Drawn) -> None:
    app = open_window(home, one_move_from_won())
    problems = too_small(app, drawn, MessageDialog)  # every card can go home: it offers to finish
    click_choice(app, 0)  # Finish
    app.pump()
    problems += too_small(app, drawn, WinDialog)
    app.close()  # gone before the next window opens on the same files
    stuck = open_window(home, Game(STANDARD, parse_board(STUCK_BOARD, STANDARD), deal_number=None))
    problems += too_small(stuck, drawn, MessageDialog)
    close(stuck)
    # What the solver's verdicts open (its worker is not started here): the way back, a deal
    # no play wins.
    stuck.table.offers.offer_rewind(3)
    problems += too_small(stuck, drawn, MessageDialog)
    close(stuck)
    stuck.table.offers.say_cannot_be_won(True)
    problems += too_small(stuck, drawn, MessageDialog)
    assert problems == [], "\n".join(problems)


def test_the_unsaved_win_s_dialogs_words_are_at_least_11_px_tall(home: Path, drawn: Drawn) -> None:
    with lock_held(home):
        app = open_window(home, one_move_from_won())
        click_choice(app, 0)  # Finish
        while app.top is not app.table:  # the win's own dialog
            key(app, pygame.K_ESCAPE)
        key(app, pygame.K_q, pygame.KMOD_CTRL)
        problems = too_small(app, drawn, UnsavedDialog)
        app.close()
    assert problems == [], "\n".join(problems)


def test_a_long_notice_wraps_rather_than_shrinks_below_11_px(home: Path, drawn: Drawn, language: str,
                                                              tmp_path: Path) -> None:
    """The store's notice about a damaged file, with the real, long path it names: on the status
    line it wraps and ends in "…" rather than shrinking, and with the pointer on the line the
    whole text drawn above it keeps the same size; so does the game's summary once it is read."""
    damaged = Store(HomeDirs(tmp_path / "a folder whose name is long, as a real home's can be"))
    damaged.preferences_path.parent.mkdir(parents=True, exist_ok=True)
    damaged.preferences_path.write_bytes(b"{ damaged\n")
    app = open_window(home, Game.new(617, STANDARD))
    install_language(language)
    damaged.load_preferences()
    (notice,) = damaged.take_notices()
    app.notify(notice)
    drawn.clear()
    app.redraw_all()
    app.pump()
    status = app.table.status
    assert status.cut
    move_mouse(app, pygame.Rect(app.table.layout.status).center, held=False)
    assert status.hovered
    assert notice in " ".join(text for text, _height in drawn)
    key(app, pygame.K_ESCAPE)  # read: the line shows the game's summary again
    app.redraw_all()
    app.pump()
    assert app.table.view.summary() in {text for text, _height in drawn}
    assert [(text, height) for text, height in drawn if height < LEAST_TEXT] == []
    app.close()


def test_words_are_drawn_only_with_the_window_s_font() -> None:
    """No module of the window makes a font of its own but the theme (whose font the tests
    above measure) and the card pictures (whose indexes the suit-mark tests measure)."""
    makers = {"Font", "SysFont"}
    found = []
    for path in sorted(Path(eightoff.ui.__file__).parent.rglob("*.py")):
        if path.name in ("theme.py", "pictures.py"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            called = node.func if isinstance(node, ast.Call) else None
            made = isinstance(called, ast.Attribute) and called.attr in makers
            if made or (isinstance(node, ast.Attribute) and node.attr == "freetype"):
                found.append(f"{path.name}: {ast.unparse(node)}")
    assert found == []
