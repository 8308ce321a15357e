"""Every string of both languages fits its box at the smallest window (800x600).

The real App runs headless in each language; the test opens every dialog and measures what
the window would draw, with the fonts and rectangles the drawing code itself uses: toolbar
labels inside their buttons, dialog titles, lines and buttons inside the panel, status line
segments inside the bar and clear of each other. A translation that grows past its box fails
here rather than on a player's screen.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from itertools import combinations
from pathlib import Path

import pygame
import pytest
from babel.messages.pofile import read_po

from eightoff.core.game import Game
from eightoff.core.outcome import Outcome
from eightoff.core.variants import FREECELL, RAGLAN, STANDARD, VARIANTS
from eightoff.locale import LOCALE_DIR, install_language
from eightoff.session.advisor import CANNOT_BE_WON, NO_LONGER_WINNABLE, THINKING, UNDECIDED, WINNABLE
from eightoff.session.figure_words import streak_lines
from eightoff.session.figures import everything
from eightoff.session.keeper import Keeper
from eightoff.session.records import Records
from eightoff.session.replay import Solution
from eightoff.solver.grade import GRADES
from eightoff.store import LOST, WON, HomeDirs, Store
from eightoff.ui import theme
from eightoff.ui.app import App
from eightoff.ui.celebration import WinDialog
from eightoff.ui.dialogs import Dialog, PreferencesDialog, help_dialog
from eightoff.ui.layout import MIN_WINDOW
from eightoff.ui.playback import Playback
from eightoff.ui.stats_dialog import StatisticsDialog
from eightoff.ui.status import NOTICE_SHRINK
from tests.ui.helpers import key, make_app

SMALLEST = (800, 600)
LANGUAGES = ("en", "it")
SCALES = (1, 2)
"""Desktop scale factors (GDK_SCALE): at 2 the smallest window is 1600x1200 pixels."""
FINISH_BOARD = """Foundations: H-K C-K D-K S-J
Freecells: KS QS - - - - - -
:
:
:
:
:
:
:
:
"""
STUCK_BOARD = """Freecells: 2C 3C 4C 5C 6C 7C 8C 9C
AC TC JC
AD 2D 3D 4D 5D 6D
AH 2H 3H 4H 5H 6H
AS 2S 3S 4S 5S 6S
7D 8D 9D TD JD QD KD
7H 8H 9H TH JH QH KH
7S 8S 9S TS JS QS KS
QC KC
"""


@pytest.fixture(params=[(language, scale) for scale in SCALES for language in LANGUAGES],
                ids=lambda param: f"{param[0]}-{param[1]}x")
def language(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    language, scale = request.param
    monkeypatch.setenv("GDK_SCALE", str(scale))
    yield language
    install_language("en")  # the other tests read the English originals


def small_app(language: str, board: str | None = None) -> App:
    """The smallest window at the desktop scale the `language` fixture set."""
    scale = int(os.environ.get("GDK_SCALE", "1"))
    size = (SMALLEST[0] * scale, SMALLEST[1] * scale)
    app = make_app(board, size=size, language=language) if board else make_app(size=size, language=language)
    assert app.size == size and SMALLEST == MIN_WINDOW and app.ui_scale == scale
    return app


def dialog_problems(dialog: Dialog, where: str) -> list[str]:
    """What of `dialog` would be drawn outside its box, in the words of a bug report."""
    problems = []
    panel = dialog.panel
    inner = panel.w - dialog.px(56)  # the text starts 28 px (at 1x) in from either edge
    if not pygame.Rect((0, 0), dialog.size).contains(panel):
        problems.append(f"{where}: panel {panel} leaves the window")
    if dialog.title_font.size(dialog.title)[0] > inner:
        problems.append(f"{where}: title {dialog.title!r} is wider than the panel")
    for line in dialog.wrapped:
        if dialog.text_font.size(line)[0] > inner:
            problems.append(f"{where}: line {line!r} is wider than the panel")
    buttons = []
    for index, choice in enumerate(dialog.choices):
        is_button = index >= dialog.option_count
        needed, room = dialog.label_room(choice, is_button)
        if not panel.contains(choice.rect):
            problems.append(f"{where}: {choice.label!r} at {choice.rect} sticks out of the panel")
        if needed > room:
            problems.append(f"{where}: {choice.label!r} is wider than its {'button' if is_button else 'row'}")
        if is_button:
            buttons.append(choice)
    for one, other in combinations(buttons, 2):
        if one.rect.colliderect(other.rect):
            problems.append(f"{where}: buttons {one.label!r} and {other.label!r} overlap")
    return problems


def top_dialog(app: App) -> Dialog:
    dialog = app.top
    assert isinstance(dialog, Dialog), dialog
    return dialog


def close(app: App) -> None:
    key(app, pygame.K_ESCAPE)
    assert app.top is app.table


def test_toolbar_labels_fit_their_buttons(language: str) -> None:
    app = small_app(language)
    toolbar = app.table.toolbar
    font = theme.font(toolbar.font_size)
    bar = pygame.Rect(app.table.layout.toolbar)
    problems = [f"{button.label!r} is wider than its button" for button in toolbar.buttons
                if font.size(button.label)[0] > button.rect.w]
    problems += [f"{button.label!r} leaves the toolbar" for button in toolbar.buttons
                 if not bar.contains(button.rect)]
    problems += [f"{one.label!r} overlaps {other.label!r}" for one, other in combinations(toolbar.buttons, 2)
                 if one.rect.colliderect(other.rect)]
    assert problems == []


def test_status_line_segments_stay_apart(language: str) -> None:
    app = small_app(language)
    table = app.table
    status = table.status
    box = pygame.Rect(table.layout.status)
    notices = ["", "Thinking…", "This game can no longer be won: looking for where it went wrong…",
               "The solver could not start (no such file): the game goes on without hints, Solve and "
               "the winnable indicator."]
    banners = ["", Playback(app, app.table, Solution(app.session, ())).text("playing", 0)]
    problems = []
    for indicator in ["", THINKING, UNDECIDED, WINNABLE, NO_LONGER_WINNABLE, CANNOT_BE_WON]:
        for notice in notices:
            for banner in banners:
                status.indicator, status.banner = indicator, banner
                status.notice = notice
                pieces = status.segments(table.layout.status, table.view.summary())
                problems += [f"{piece.role} {piece.text!r} leaves the status line" for piece in pieces
                             if not box.contains(piece.rect)]
                problems += [f"{one.text!r} overlaps {other.text!r}" for one, other in combinations(pieces, 2)
                             if one.rect.colliderect(other.rect)]
    assert problems == []


def test_notices_with_real_file_paths_fit_the_smallest_window(language: str, tmp_path: Path) -> None:
    """The store's own notices about damaged files, with the real, long paths they name: on the
    line at a legible size, and whole (on the panel the pointer opens) within the window."""
    folder = tmp_path / "a folder whose name is long, as a real home's can be" / "eightoff"
    store = Store(HomeDirs(folder))
    for path in (store.preferences_path, store.geometry_path, store.dirs.user_data_path / "games.db"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"{ damaged\n")
    install_language(language)
    store.load_preferences()
    store.overview()
    notices = store.take_notices()
    assert len(notices) >= 3 and all(str(folder) in notice for notice in notices[:2])
    app = small_app(language)
    table = app.table
    box = pygame.Rect(table.layout.status)
    screen = app.screen.get_rect()
    problems = []
    for notice in [*notices, "  ·  ".join(notices)]:
        app.notify(notice)
        status = table.status
        pieces = status.segments(table.layout.status, table.view.summary())
        problems += [f"{piece.text!r} leaves the status line" for piece in pieces
                     if not box.contains(piece.rect)]
        smallest = round(round(box.h // 2 * 0.8) * NOTICE_SHRINK)
        problems += [f"{piece.text!r} is squeezed" for piece in pieces
                     if piece.role == "notice" and piece.font.point_size < theme.font(smallest).point_size]
        status.hover(True)
        panel = status.draw_whole(app.screen, box, pieces[0].font) if status.cut else box
        if not screen.contains(panel):
            problems.append(f"the whole of {notice!r} leaves the window")
        status.hover(False)
    store.close()
    assert problems == []


def test_every_dialog_fits_the_smallest_window(language: str) -> None:
    app = small_app(language)
    table = app.table
    problems: list[str] = []
    for action in ("preferences", "game", "deal"):
        table.perform(action)
        problems += dialog_problems(top_dialog(app), action)
        if action == "preferences":  # every value of every row, the longest included
            preferences = top_dialog(app)
            assert isinstance(preferences, PreferencesDialog)
            for page in ("game", "cards"):
                for row in range(preferences.option_count):
                    for _turn in range(4):
                        preferences.toggle(row)
                        preferences.resize(app.size)
                        problems += dialog_problems(preferences, f"preferences {page} row {row}")
                        while app.top is not preferences:  # a rule changed mid-game: the question
                            problems += dialog_problems(top_dialog(app), f"the question of row {row}")
                            key(app, pygame.K_ESCAPE)
                preferences.turn_page()
            app.preferences.language = language
            app.settings.change_language()
        if action == "deal":
            key(app, pygame.K_RETURN)  # nothing typed: the error line shows
            problems += dialog_problems(top_dialog(app), "deal with an error")
        close(app)
    for variant in VARIANTS.values():
        table.session.choose_game(variant.key)
        table.session.new_game(2)  # deal 1 of Forecell starts with no move: its notice would show
        table.perform("preferences")  # the rule options' rows are this game's
        problems += dialog_problems(top_dialog(app), f"preferences of {variant.key}")
        close(app)
        app.push(help_dialog(app, app.session))
        dialog = top_dialog(app)
        problems += dialog_problems(dialog, f"help of {variant.key}")
        key(app, pygame.K_END)
        assert dialog.scroll + dialog.visible_lines == len(dialog.wrapped)  # the whole text can be read
        close(app)
    assert problems == []


def test_the_offers_and_the_win_fit_the_smallest_window(language: str) -> None:
    app = small_app(language, FINISH_BOARD)
    problems = dialog_problems(top_dialog(app), "finish offer")
    key(app, pygame.K_RETURN)  # Finish
    assert app.table.game.is_won
    problems += dialog_problems(top_dialog(app), "win")
    app.session.outcome = Outcome.SOLVED_WITH_HELP
    problems += dialog_problems(WinDialog(
        app, app.session, app.table, app.table.router.new_game, app.session.restart), "solved with help")
    stuck = small_app(language, STUCK_BOARD)
    assert stuck.table.game.is_stuck
    problems += dialog_problems(top_dialog(stuck), "no moves left")
    assert problems == []


def test_statistics_with_games_fit_the_smallest_window(language: str, tmp_path: Path) -> None:
    store = Store(HomeDirs(tmp_path))
    for deal in range(11, 25):  # Eight Off, with FreeCell and Raglan between: the all-games block too
        game = Game.new(deal, (STANDARD, STANDARD, FREECELL, RAGLAN)[deal % 4])
        game.play(game.legal_moves()[0])
        store.record_outcome(game, WON if deal % 3 != 0 else LOST, 100.0 + 70 * deal)
    app = small_app(language)
    dialog = StatisticsDialog(app, Records(Keeper(store), lambda: None), "standard", lambda game: None,
                              lambda game: None)
    app.push(dialog)
    overview = store.overview()
    streaks = everything(overview.summaries, VARIANTS, GRADES, overview.together)[None].statistics
    assert dialog.page.together is not None and dialog.figure_lines[-2:] == streak_lines(streaks)
    assert (streaks.current_streak.kind, streaks.current_streak.length) == ("lost", 1)  # deal 24
    assert (streaks.longest_winning_streak, streaks.longest_losing_streak) == (2, 1)
    problems = dialog_problems(dialog, "statistics")
    dialog.toggle(0)
    dialog.ask_reset()
    problems += dialog_problems(top_dialog(app), "reset statistics")
    store.close()
    assert problems == []


def test_the_font_has_every_letter_of_the_catalogues() -> None:
    """A glyph the bundled font lacks would show as an empty box: render every character the
    translations use (à è é ì ò ù, «», …) and ask the font for each one's metrics."""
    pygame.font.init()
    font = theme.font(26)
    letters: set[str] = set()
    for po in Path(LOCALE_DIR).glob("*/LC_MESSAGES/eightoff.po"):
        with po.open("rb") as file:
            catalogue = read_po(file)
        for message in catalogue:
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            letters.update("".join(strings))
    letters.update("àèéìòù«»…·")
    letters -= {"\n", "\t"}
    missing = sorted(letter for letter in letters if font.metrics(letter)[0] is None)
    assert missing == []
    assert font.render("".join(sorted(letters)), True, (0, 0, 0)).get_width() > 0


def test_the_language_row_switches_the_window_at_once() -> None:
    app = small_app("en")
    try:
        app.table.perform("preferences")
        dialog = top_dialog(app)
        row = [choice.label for choice in dialog.choices].index("Language: English")
        while app.preferences.language != "it":
            dialog.choose(row)
        app.pump()
        assert dialog.title == "Preferenze" and dialog.choices[row].label == "Lingua: Italiano"
        assert [button.label for button in app.table.toolbar.buttons][0] == "Nuova"
        assert "Smazzata" in app.table.view.summary() or "personalizzata" in app.table.view.summary()
        dialog.choose(row)  # back to the system's language
        assert app.preferences.language == "system"
    finally:
        install_language("en")
