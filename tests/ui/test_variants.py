"""Every game of the registry in the real window loop: chosen with the Game chooser, laid out
from its piles, and won with the mouse (every game; the open ones in English and Italian) and
the keyboard (Raglan; the open ones in both languages)."""

from __future__ import annotations

import json

import pygame
import pytest

from eightoff.core.deals import deal
from eightoff.core.i18n import _
from eightoff.core.moves import Move
from eightoff.core.notation import format_board
from eightoff.core.piles import PileKind
from eightoff.core.rules import Rules
from eightoff.core.variants import PRESETS, RAGLAN, SEAHAVEN, VARIANTS
from eightoff.session.pile_keys import pile_keys
from eightoff.solver.limits import SOLVED, Budget
from eightoff.solver.solve import solve
from eightoff.ui.app import App
from eightoff.ui.dialogs import GameChooser
from eightoff.ui.layout import Box
from tests.ui.helpers import click, drag, key, make_app, pile_center


def last_layout(app) -> dict[str, dict[str, object]]:  # type: ignore[no-untyped-def]
    lines = [line for line in app.out.getvalue().splitlines() if line.startswith("{")]
    return json.loads(lines[-1])["layout"]


def test_the_game_chooser_switches_games_by_keyboard_and_new_keeps_the_game() -> None:
    app = make_app()
    key(app, pygame.K_g, pygame.KMOD_CTRL)
    assert isinstance(app.top, GameChooser)
    assert app.top.focus == list(VARIANTS).index("standard")
    for _step in range(list(VARIANTS).index("raglan") - list(VARIANTS).index("standard")):
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert app.top is app.table
    assert app.table.game.rules.name == "raglan"
    layout = last_layout(app)
    assert {f"column{i}" for i in range(9)} | {f"reserve{i}" for i in range(6)} <= layout.keys()
    assert not any(name.startswith("cell") for name in layout)
    assert [len(layout[f"column{i}"]["cards"]) for i in range(9)] == [1, 2, 3, 4, 5, 6, 7, 7, 7]
    assert [layout[f"column{i}"].get("face_down", 0) for i in range(9)] == [0, 1, 2, 3, 4, 5, 6, 6, 6]
    reserve_y = layout["reserve0"]["rect"][1]
    assert layout["foundation0"]["rect"][1] == reserve_y, "foundations share the top row"
    assert layout["foundation0"]["rect"][0] > layout["reserve5"]["rect"][0], "foundations on the right"
    key(app, pygame.K_F2)
    assert app.table.game.rules.name == "raglan", "New deals the game being played"
    assert "Raglan" in app.table.view.summary()


def first_winnable(rules: Rules) -> tuple[int, tuple[Move, ...]]:
    """The lowest deal the solver wins under `rules`, and its winning line."""
    for number in range(1, 50):
        result = solve(deal(number, rules), rules, Budget(nodes=50_000))
        if result.status == SOLVED:
            return number, result.moves
    raise AssertionError(f"no winnable deal of {rules.name} below 50")


OPEN_GAMES = ("forecell", "relaxed-freecell", "kings-only-bakers", "relaxed-seahaven", "beleaguered-castle",
              "streets-and-alleys", "citadel", "fan", "bakers-dozen")
"""The games without Eight Off's eight cells or Raglan's reserve: each won in both languages."""


def app_in(language: str, rules: Rules, board: str) -> App:
    """The window on `board`, its preferences set to `language` (which it then speaks)."""
    app = make_app(board, rules, language=language)
    assert (app.table.toolbar.buttons[0].label == "Nuova") == (language == "it")
    return app


def finish_if_offered(app: App) -> bool:
    """Take the offer to send every card home, when it is up (the player's Enter: Finish)."""
    if app.top is app.table:
        return False
    assert app.top.title == _("All cards can go home")
    key(app, pygame.K_RETURN)
    return True


@pytest.mark.slow
@pytest.mark.parametrize(("key_", "language"),
                         [(game, "en") for game in VARIANTS] + [(game, "it") for game in OPEN_GAMES])
def test_a_deal_is_won_with_the_mouse(key_: str, language: str, english_after: None) -> None:
    """A winning line played by hand: a click where it sends the card where the line does (a
    top card home), else a drag, through the real event loop, whatever the table's arrangement."""
    rules = PRESETS[key_]
    number, moves = first_winnable(rules)
    app = app_in(language, rules, format_board(deal(number, rules)))
    for move in moves:
        if finish_if_offered(app):
            break
        if app.table.game.click_move(move.source) == move and move.destination.kind is PileKind.FOUNDATION:
            before = app.table.game.move_count
            click(app, app.table.sprites.by_card[app.table.game.position.cards(move.source)[-1]].rect.center)
            assert app.table.game.move_count == before + 1, f"{move} was not made by a click"
        else:
            drag_move(app, move)
    assert app.table.game.is_won
    assert app.table.session.outcome is not None and app.table.session.outcome.value == "won"


def drag_move(app, move: Move) -> None:  # type: ignore[no-untyped-def]
    """Grab the move's lowest card by its corner (the part a column or a row fanned rightwards
    leaves in sight) and drop it over the destination pile."""
    position = app.table.game.position
    cards = position.cards(move.source)
    card = cards[len(cards) - move.count]
    box = Box(*app.table.sprites.by_card[card].rect)
    grip = (box.x + min(8, box.w // 2), box.y + min(10, box.h // 2))
    if move.destination.kind is PileKind.FOUNDATION:
        target = pile_center(app, move.destination)
    else:
        count = len(position.cards(move.destination))
        target = app.table.layout.card_boxes(move.destination, max(count, 1))[-1].center
    before = app.table.game.move_count
    # The card's middle over the target's, as a player lays it there.
    drag(app, grip, (target[0] + grip[0] - box.center[0], target[1] + grip[1] - box.center[1]))
    assert app.table.game.move_count == before + 1, f"{move} was not made"


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "it"])
@pytest.mark.parametrize("key_", OPEN_GAMES)
def test_an_open_game_is_won_with_the_keyboard(key_: str, language: str, english_after: None) -> None:
    """Each move of a winning line as a player types it: the source's key, then the target's
    (F for the foundation); the keys come from the game's pile counts, letters past the tenth
    column in Fan and Baker's Dozen."""
    rules = PRESETS[key_]
    number, moves = first_winnable(rules)
    app = app_in(language, rules, format_board(deal(number, rules)))
    names = {pile: name for name, pile in pile_keys(rules).items()}
    for move in moves:
        if finish_if_offered(app):
            break
        position = app.table.game.position
        assert position.find_move(rules, move.source, move.destination) == move, "the keys make another move"
        before = app.table.game.move_count
        for pile in (move.source, move.destination):
            name = "f" if pile.kind is PileKind.FOUNDATION else names[pile]
            key(app, pygame.key.key_code(name))
        assert app.table.game.move_count == before + 1, f"{move} was not made"
    assert app.table.game.is_won


RAGLAN_ENDGAME = """Foundations: H-K C-K D-K S-9
Reserve: TS - - - - -
:
:
:
:
:
:
:
:
[KS] JS QS
"""


def test_raglan_is_won_with_the_keyboard_and_a_face_down_card_turns_up() -> None:
    app = make_app(RAGLAN_ENDGAME, RAGLAN)
    assert last_layout(app)["column8"]["face_down"] == 1
    # Reserve TS home, then QS into the empty column 1: now every card could go home.
    for name in ("q", "f", "9", "1"):
        key(app, pygame.key.key_code(name))
    assert app.top.title == "All cards can go home"
    key(app, pygame.K_ESCAPE)  # declined: not offered again in this game
    key(app, pygame.K_9)
    key(app, pygame.K_f)  # JS home: KS comes to the top of column 9, face up
    layout = last_layout(app)
    assert [card for card, _ in layout["column8"]["cards"]] == ["KS"] and "face_down" not in layout["column8"]
    assert app.table.sprites.by_card[app.table.game.position.columns[8][0]].face_up
    key(app, pygame.K_1)
    key(app, pygame.K_f)
    assert app.top is app.table
    key(app, pygame.K_f, pygame.KMOD_CTRL)  # asked for: every card home
    assert app.table.game.is_won


@pytest.mark.parametrize("key_", list(VARIANTS))
def test_every_pile_of_every_game_has_its_own_key(key_: str) -> None:
    rules = PRESETS[key_]
    keys = pile_keys(rules)
    assert len(set(keys.values())) == len(keys) == rules.columns + (rules.cells or rules.reserve)


def test_seahaven_tenth_column_is_key_0_and_its_cells_q_to_r() -> None:
    app = make_app(format_board(deal(1, SEAHAVEN)), SEAHAVEN)
    top = app.table.game.position.columns[9][-1]
    key(app, pygame.K_0)
    key(app, pygame.K_q)
    assert app.table.game.position.cells[0] == top
    key(app, pygame.K_q)
    key(app, pygame.K_r)  # from cell 0 to cell 3, the last
    assert app.table.game.position.cells[3] == top and app.table.game.position.cells[0] is None


def test_preferences_show_the_rule_options_of_the_game_played_and_new_deals_use_them() -> None:
    app = make_app(format_board(deal(5, RAGLAN)), RAGLAN)
    key(app, pygame.K_p, pygame.KMOD_CTRL)
    dialog = app.top
    labels = dialog.option_labels()
    rule_rows = [label for label in labels if label.startswith("Raglan: ")]
    # The game on the table is the bare preset's, without take-backs; each row says so where the
    # choice for new deals differs from the game's own rule.
    assert rule_rows == ["Raglan: Take cards back off the foundations: on (this game: off)",
                         "Raglan: All cards face up: off"]
    dialog.toggle(labels.index(rule_rows[1]))
    assert app.preferences.options == {"raglan": {"face_up": True}}
    assert dialog.option_labels()[-1] == "Raglan: All cards face up: on"  # no move yet: dealt again under it
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_F2)  # the next Raglan deal has every card face up
    assert app.table.game.rules.name == "raglan" and not app.table.game.rules.face_down
    assert "face_down" not in last_layout(app)["column8"]
    app.session.choose_game("seahaven")  # another game: its own options, its own rows
    app.session.new_game(5)
    key(app, pygame.K_p, pygame.KMOD_CTRL)
    assert [label for label in app.top.option_labels() if ": " in label][-1] == (
        "Seahaven Towers: Take cards back off the foundations: off")


def test_the_chooser_marks_the_game_in_play_and_pictures_each_game_from_its_rules() -> None:
    from eightoff.ui import theme
    from eightoff.ui.game_preview import game_picture

    app = make_app(format_board(deal(3, SEAHAVEN)), SEAHAVEN, size=(800, 600))
    key(app, pygame.K_g, pygame.KMOD_CTRL)
    chooser = app.top
    assert isinstance(chooser, GameChooser)
    rows = chooser.choices[:chooser.option_count]
    marks = {key: tuple(app.screen.get_at((row.rect.x + chooser.px(22), row.rect.centery)))[:3]
             for key, row in zip(chooser.keys, rows, strict=True)}
    marked = [key for key, colour in marks.items() if colour == theme.ACCENT]
    assert marked == ["seahaven"]
    pictures = {key: pygame.image.tobytes(app.screen.subsurface(chooser.picture_box(row.rect)), "RGB")
                for key, row in zip(chooser.keys, rows, strict=True)}
    # Each table shape looks its own (the easy game and Baker's Game share their cousins').
    assert len({pictures[key] for key in ("standard", "freecell", "seahaven", "raglan")}) == 4
    box = chooser.picture_box(rows[0].rect).size
    assert game_picture("freecell", box) is game_picture("freecell", box)
    # One size of words for every row, Seahaven's long summary too, and it fits.
    for row in rows:
        needed, room = chooser.label_room(row, False)
        assert needed <= room
    if chooser.option_columns == 1:
        assert chooser.summary_font.get_height() >= chooser.px(13)
    else:  # rows of titles in two columns: the summary of the game in play heads the text
        assert "Ten columns of five; same-suit columns".startswith(chooser.wrapped[0]) or \
            chooser.wrapped[0].startswith("Ten columns of five; same-suit columns")
        key(app, pygame.K_DOWN)
        chooser.draw(app.screen, False)
        assert chooser.wrapped[0].startswith("Nine columns")  # Raglan's, the next game's
