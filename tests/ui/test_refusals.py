"""A command, key or greyed button that cannot act now says why in the status line, through the
window's real event loop (SDL's dummy driver), in English and Italian: Daily in a game without
a daily list, every command that is off in some state (a deal at its start, a game over, no
solver), a pile key the game has no pile for, and a card-moving key with nothing picked."""

from __future__ import annotations

import io
from collections.abc import Iterator
from datetime import date

import pygame
import pytest

from eightoff.core.cards import Card
from eightoff.core.game import Game
from eightoff.core.notation import parse_board
from eightoff.core.position import Position
from eightoff.core.preferences import Preferences
from eightoff.core.variants import PRESETS, STANDARD, VARIANTS, preset
from eightoff.locale import install_language
from eightoff.session.commands import BY_NAME, COMMANDS, Command
from eightoff.session.session import Session
from eightoff.ui.app import App
from eightoff.ui.dialogs import Dialog, MoreMenu
from eightoff.ui.toolbar import MORE
from tests.ui.helpers import FakeClock, box_of, click, drag, grip, key, press, release
from tests.ui.test_text_fits import STUCK_BOARD

THURSDAY = date(2026, 11, 26)
EASY_DAILY = {
    "en": "Eight Off (easy) has no daily deal: daily deals are dealt in the standard rules. Choose Eight Off "
          "in Game… (Ctrl+G), then Daily (Ctrl+T).",
    "it": "Eight Off (facile) non ha una smazzata giornaliera: le giornaliere si giocano con le regole "
          "standard. Scegli Eight Off in Gioco… (Ctrl+G), poi Giornaliera (Ctrl+T).",
}
ONE_CARD_LEFT = "Foundations: H-K C-K D-K S-Q\nFreecells: - - - - - - - -\nKS\n" + ":\n" * 7


@pytest.fixture(params=("en", "it"))
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    yield request.param
    install_language("en")  # the other tests read the English originals


def open_app(game: Game, language: str, today: date = THURSDAY) -> App:
    """The window on `game` with no solver (Hint and Solve are off, as when its process cannot
    start) and no auto-play."""
    preferences = Preferences(autoplay=False, animation_speed="off", confirm_leave=False, language=language)
    session = Session(game, FakeClock(), preferences=preferences, advisor=None, today=lambda: today)
    app = App(session, size=(800, 600), out=io.StringIO())
    pygame.event.clear()
    app.pump()
    return app


def notice(app: App) -> str:
    return app.table.status.history[-1] if app.table.status.history else ""


def press_shortcut(app: App, command: Command) -> None:
    """The command's first key, as Help names it ("Ctrl+Shift+Z")."""
    *mods, name = command.keys[0].split("+")
    key(app, pygame.key.key_code(name.lower()),
        (pygame.KMOD_CTRL if "Ctrl" in mods else 0) | (pygame.KMOD_SHIFT if "Shift" in mods else 0))


def english(command: Command, session: Session, language: str) -> str | None:
    """The refusal's English original, to show the Italian one is translated."""
    install_language("en")
    words = command.refusal(session)
    install_language(language)
    return words


def say_why_by_keys(app: App, language: str) -> set[str]:
    """Press the key of every command that is off now; each must put its reason in the status
    line (the Italian translated). The names of the commands pressed."""
    pressed = set()
    for command in COMMANDS:
        reason = command.refusal(app.session)
        if reason is None:
            continue
        app.table.status.history.clear()
        press_shortcut(app, command)
        assert notice(app) == reason, command.name
        if language == "it":
            assert reason != english(command, app.session, language), f"{command.name} is untranslated"
        pressed.add(command.name)
    return pressed


def test_ctrl_t_in_a_game_without_a_daily_list_says_where_daily_deals_are(language: str) -> None:
    app = open_app(Game.new(5, PRESETS["easy"]), language)
    key(app, pygame.K_t, pygame.KMOD_CTRL)
    assert notice(app) == EASY_DAILY[language]
    assert app.table.game.rules == PRESETS["easy"] and app.table.game.deal_number == 5  # nothing dealt


def test_the_greyed_daily_button_says_it_too(language: str) -> None:
    """Clicked on the bar, or chosen in its More menu where the bar folds it."""
    app = open_app(Game.new(5, PRESETS["easy"]), language)
    toolbar = app.table.toolbar
    button = next((button for button in toolbar.buttons if button.action == "daily"), None)
    if button is None:
        click(app, next(button for button in toolbar.buttons if button.action == MORE).rect.center)
        menu = app.top
        assert isinstance(menu, MoreMenu)
        rows = dict(zip([action for action, _label in menu.folded], menu.choices, strict=False))
        app.draw()
        assert darkest(app, rows["daily"].rect) > 300, "Daily's row is greyed, as its button would be"
        assert darkest(app, rows["statistics"].rect) < 150
        click(app, rows["daily"].rect.center)
    else:
        assert not button.enabled
        click(app, button.rect.center)
    assert notice(app) == EASY_DAILY[language]


def darkest(app: App, rect: pygame.Rect) -> int:
    """The darkest pixel's sum of red, green and blue in `rect` of the window: its text's ink."""
    return min(sum(app.screen.get_at((x, y))[:3]) for x in range(rect.x, rect.right)
               for y in range(rect.y, rect.bottom))


def test_every_game_without_a_list_points_to_one_that_has_it() -> None:
    for entry in VARIANTS.values():
        if entry.daily_table is None:
            assert entry.daily_in is not None and VARIANTS[entry.daily_in].daily_table, entry.key


def test_every_command_off_at_a_fresh_deal_says_why(language: str) -> None:
    app = open_app(Game.new(5, PRESETS["easy"]), language)
    pressed = say_why_by_keys(app, language)
    assert pressed == {"daily", "restart", "undo", "redo", "hint", "solve"}
    assert app.session.moves() == 0


def test_every_command_off_once_the_game_is_over_says_why(language: str) -> None:
    app = open_app(Game(STANDARD, parse_board(ONE_CARD_LEFT, STANDARD), deal_number=None), language)
    app.session.finish()
    app.pump()
    while app.top is not app.table:  # the offer to finish, then the win
        key(app, pygame.K_ESCAPE)
    assert app.session.over
    pressed = say_why_by_keys(app, language)
    assert pressed == {"undo", "redo", "hint", "solve", "pause", "finish"}


def test_todays_daily_on_the_table_says_so(language: str) -> None:
    app = open_app(Game.new(5, STANDARD), language)
    key(app, pygame.K_t, pygame.KMOD_CTRL)
    number = app.table.game.deal_number
    key(app, pygame.K_t, pygame.KMOD_CTRL)
    assert notice(app) == BY_NAME["daily"].refusal(app.session) and notice(app)
    assert app.table.game.deal_number == number


def test_a_day_past_the_list_names_the_days_it_has() -> None:
    app = open_app(Game.new(5, STANDARD), "en", today=date(2099, 1, 1))
    key(app, pygame.K_t, pygame.KMOD_CTRL)
    assert notice(app).startswith("Eight Off has no daily deal on 2099-01-01: this version lists those of ")


def test_ctrl_f_with_no_card_to_send_home_says_so(language: str) -> None:
    app = open_app(Game.new(1, STANDARD), language)  # no card can go home in deal 1
    assert app.session.game.position.autoplay(STANDARD, safe_only=False)[0] == []
    key(app, pygame.K_f, pygame.KMOD_CTRL)
    words = {"en": "No card can go home now", "it": "Nessuna carta può andare sulle basi adesso"}
    assert notice(app) == words[language] and app.session.moves() == 0


def test_a_pile_key_the_game_has_no_pile_for_says_so(language: str) -> None:
    """FreeCell has eight columns and four cells: 9 and T name piles in Eight Off, not here."""
    app = open_app(Game.new(5, PRESETS["freecell"]), language)
    words = {"en": "In FreeCell the key {key} picks no pile (Help, F1, lists them)",
             "it": "In FreeCell il tasto {key} non sceglie nessuna pila (Aiuto, F1, li elenca)"}
    for code, name in ((pygame.K_9, "9"), (pygame.K_KP9, "9"), (pygame.K_t, "T")):
        app.table.status.history.clear()
        key(app, code)
        assert notice(app) == words[language].format(key=name)
    assert app.table.controller.selected is None


def test_a_moving_key_with_nothing_picked_says_how_to_pick(language: str) -> None:
    app = open_app(Game.new(5, STANDARD), language)
    words = {"en": "Pick a card first with its pile's key (Help, F1, lists them)",
             "it": "Prima scegli una carta con il tasto della sua pila (Aiuto, F1, li elenca)"}
    for code in (pygame.K_f, pygame.K_RETURN, pygame.K_SPACE):
        app.table.status.history.clear()
        key(app, code)
        assert notice(app) == words[language]
    key(app, pygame.K_1)
    assert app.table.controller.selected is not None  # picked: F then moves, and says nothing of keys


def test_a_deal_dead_as_dealt_offers_a_new_game_not_undo_or_restart(language: str) -> None:
    """Forecell deal 1 has no move at all as dealt (its full cells block every card): the "No
    moves left" offer holds only what can act there, New game (the default, so Enter deals
    one) and Close; an Undo or Restart with nothing to undo only said so when pressed."""
    app = open_app(Game.new(1, preset("forecell")), language)
    app.pump()
    dialog = app.top
    assert isinstance(dialog, Dialog) and app.session.game.is_stuck
    words = {"en": ["New game", "Close"], "it": ["Nuova partita", "Chiudi"]}
    assert [choice.label for choice in dialog.choices] == words[language]
    key(app, pygame.K_RETURN)
    app.pump()
    assert app.top is app.table and app.session.game.deal_number != 1


def test_a_dead_end_after_moves_offers_undo_and_restart_first(language: str) -> None:
    """Stuck after a move: Undo (the default), Restart, New game and Close."""
    board = STUCK_BOARD.replace("QC KC", "QC KC 9C").replace("8C 9C", "8C -")
    app = open_app(Game(STANDARD, parse_board(board, STANDARD), deal_number=None), language)
    key(app, pygame.K_8)
    key(app, pygame.K_i)  # 9C to the last cell: stuck
    dialog = app.top
    assert isinstance(dialog, Dialog) and app.session.game.is_stuck
    words = {"en": ["Undo", "Restart", "New game", "Close"],
             "it": ["Indietro", "Ricomincia", "Nuova partita", "Chiudi"]}
    assert [choice.label for choice in dialog.choices] == words[language]
    key(app, pygame.K_RETURN)
    assert app.top is app.table and app.session.game.position.cells[7] is None


def part_of_a_game(key: str, columns: list[str], cells: str = "") -> Game:
    """A game of `key` on these columns (bottom card first) and cells, the other cards elsewhere:
    enough for a refusal."""
    rules = preset(key)
    piles = tuple(tuple(map(Card.parse, text.split())) for text in columns)
    held = tuple(map(Card.parse, cells.split()))
    return Game(rules, Position(piles + ((),) * (rules.columns - len(piles)),
                                held + (None,) * (rules.cells - len(held)), (0, 0, 0, 0)), deal_number=None)


def refusal_of_a_drag(app: App, card: str, onto: str) -> str:
    """What the status line says when `card` is dragged by the mouse onto `onto`'s face."""
    app.table.status.history.clear()
    drag(app, grip(app, card), box_of(app, onto).center)
    return notice(app)


def test_a_refused_drop_in_a_game_of_any_suit_names_the_rank_with_its_article(language: str) -> None:
    """Streets and Alleys builds regardless of suit: a card dropped on a 9 or a 2 that does
    not fit says an 8 or an Ace goes there ("Only a 8", "Only a Ace" once)."""
    app = open_app(part_of_a_game("streets-and-alleys", ["9C", "KS 7D", "2H", "KD 5S"]), language)
    words = {"en": ("Only an 8 can go on the 9 of clubs", "Only an Ace can go on the 2 of hearts",
                    "Only a 6 can go on the 7 of diamonds"),
             "it": ("Sopra il 9 di fiori può andare solo un 8", "Sopra il 2 di cuori può andare solo un Asso",
                    "Sopra il 7 di quadri può andare solo un 6")}
    assert refusal_of_a_drag(app, "7D", "9C") == words[language][0]
    assert refusal_of_a_drag(app, "5S", "2H") == words[language][1]
    assert refusal_of_a_drag(app, "5S", "7D") == words[language][2]


def test_a_run_too_long_for_the_free_cells_counts_each_number_in_its_own_plural(language: str) -> None:
    """Forecell with its four cells full: the 7 of clubs and the 6 of diamonds typed onto the 8
    of diamonds need one free cell, and none is ("needs 1 free cells" once)."""
    app = open_app(part_of_a_game("forecell", ["KC 7C 6D", "8D", "5C"], cells="9S 9H 9C 9D"), language)
    key(app, pygame.K_1)
    key(app, pygame.K_2)
    words = {"en": "Moving 2 cards needs 1 free cell; 0 are free",
             "it": "Per spostare 2 carte serve 1 cella libera; ne sono libere 0"}
    assert notice(app) == words[language]


def test_a_run_picked_up_where_it_cannot_move_says_the_numbers_as_a_drop_does(language: str) -> None:
    """Every row of a Beleaguered Castle game holds cards: the 8 and 7 of diamonds cannot move
    together, and pressing the 8 says so with the same words and numbers as a drop ("with
    the rows empty now" once, with no row empty)."""
    rows = ["9C", "8D 7D", "KS", "KH", "KD", "KC", "QS", "QH"]
    app = open_app(part_of_a_game("beleaguered-castle", rows), language)
    app.table.status.history.clear()
    press(app, grip(app, "8D"))
    release(app, grip(app, "8D"))
    words = {"en": "Moving 2 cards needs more room: with 0 empty rows at most 1 can move",
             "it": "Per spostare 2 carte serve più spazio: con 0 file vuote se ne spostano al massimo 1"}
    assert notice(app) == words[language]
