"""The table through its real event loop: posted mouse and key events, asserted on the game."""

from __future__ import annotations

import io
import json

import pygame

from eightoff.core.cards import Card, Suit
from eightoff.core.game import Game
from eightoff.core.moves import Move
from eightoff.core.notation import format_board
from eightoff.core.piles import Pile
from eightoff.core.preferences import Preferences
from eightoff.core.variants import FREECELL, STANDARD
from eightoff.ui.app import App
from eightoff.ui.dialogs import Dialog, PreferencesDialog
from eightoff.ui.layout import compute_layout
from tests.ui.helpers import (
    box_of,
    click,
    clock,
    drag,
    grip,
    key,
    make_app,
    move_mouse,
    pile_center,
    press,
    release,
)
from tests.ui.test_text_fits import STUCK_BOARD

C = Card.parse


def column(app, index):  # type: ignore[no-untyped-def]
    return [str(card) for card in app.table.game.position.columns[index]]


def test_dragging_a_run_moves_it_in_one_move() -> None:
    app = make_app()
    drag(app, grip(app, "9H"), pile_center(app, Pile.column(2)))
    assert column(app, 2) == ["KH", "QH", "JH", "TH", "9H", "8H", "7H"]
    assert column(app, 4) == ["5C", "4C", "3C", "2C"]
    assert app.table.game.move_count == 1
    # The sprites lie where the layout says.
    boxes = app.table.layout.card_boxes(Pile.column(2), 7)
    assert box_of(app, "7H").topleft == boxes[-1][:2]
    assert "Move 3 cards from stack 4 to stack 2" in app.out.getvalue()


def test_drop_anywhere_over_the_target_column() -> None:
    app = make_app()
    slot = app.table.layout.piles[Pile.column(2)]
    # Far below the column's top card, still over the column.
    target = (slot.center[0], app.table.layout.table.bottom - slot.h // 2 - 2)
    drag(app, grip(app, "9H"), target)
    assert column(app, 2)[-3:] == ["9H", "8H", "7H"]


def test_a_covered_card_that_is_not_a_run_does_not_lift() -> None:
    app = make_app()
    before = app.table.game.position
    drag(app, grip(app, "2C"), pile_center(app, Pile.cell(0)))
    assert app.table.game.position == before
    assert box_of(app, "2C").topleft == app.table.layout.places(before)[C("2C")].box[:2]


def test_click_sends_a_card_home() -> None:
    app = make_app()
    click(app, pile_center(app, Pile.column(7)))
    assert app.table.game.position.foundations[Suit.SPADES] == 1
    assert box_of(app, "AS").topleft == app.table.layout.piles[Pile.foundation(Suit.SPADES)][:2]


def test_click_sends_a_column_card_to_the_leftmost_free_cell() -> None:
    app = make_app()
    click(app, pile_center(app, Pile.column(1)))
    assert app.table.game.position.cells[0] == C("6D")
    assert box_of(app, "6D").topleft == app.table.layout.piles[Pile.cell(0)][:2]


def test_a_double_click_is_one_action() -> None:
    app = make_app()
    point = pile_center(app, Pile.column(1))
    press(app, point)
    release(app, point)
    clock(app).time += 0.1
    press(app, point)
    release(app, point)
    assert app.table.game.position.cells[:2] == (C("6D"), None)
    assert app.table.game.move_count == 1


def test_an_illegal_drop_flies_back_and_says_why() -> None:
    app = make_app()
    before = app.table.game.position
    home = box_of(app, "7H").topleft
    drag(app, grip(app, "7H"), pile_center(app, Pile.column(0)))
    assert app.table.game.position == before
    assert box_of(app, "7H").topleft == home
    assert "Only the 5 of clubs can go on the 6 of clubs" in app.table.status.notice
    assert not app.table.sprites.lifted()


def test_illegal_drop_animates_back_from_where_it_was_dropped() -> None:
    app = make_app(animation_speed="normal")
    home = box_of(app, "7H").topleft
    target = pile_center(app, Pile.column(0))
    press(app, grip(app, "7H"))
    move_mouse(app, target)
    release(app, target)
    assert box_of(app, "7H").topleft != home  # it starts back from the drop point
    clock(app).time += 0.05
    app.pump()
    halfway = box_of(app, "7H").topleft
    assert halfway != home
    clock(app).time += 1.0
    app.settle()
    assert box_of(app, "7H").topleft == home


def test_undo_and_redo_keys() -> None:
    app = make_app()
    click(app, pile_center(app, Pile.column(1)))
    moved = app.table.game.position
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert app.table.game.position.cells[0] is None
    assert box_of(app, "6D").topleft == app.table.layout.card_boxes(Pile.column(1), 8)[-1][:2]
    key(app, pygame.K_y, pygame.KMOD_LCTRL)
    assert app.table.game.position == moved
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    key(app, pygame.K_z, pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT)
    assert app.table.game.position == moved
    log = app.out.getvalue()
    assert "# undo" in log and "# redo" in log


def test_toolbar_buttons_undo_and_restart() -> None:
    app = make_app()
    click(app, pile_center(app, Pile.column(1)))
    click(app, button(app, "undo"))
    assert app.table.game.position.cells[0] is None
    click(app, pile_center(app, Pile.column(1)))
    click(app, button(app, "restart"))
    assert app.table.game.move_count == 0
    assert app.table.game.position.cells[0] is None


def button(app, action):  # type: ignore[no-untyped-def]
    return next(b.rect.center for b in app.table.toolbar.buttons if b.action == action)


def test_a_resize_recomputes_the_layout() -> None:
    app = make_app()
    app.window.native.size = (1000, 700)  # the window system's size event goes through the loop
    app.pump()
    expected = compute_layout(1000, 700, app.table.game.rules)
    assert app.table.layout == expected
    assert app.screen.get_size() == (1000, 700)
    place = expected.places(app.table.game.position)[C("7H")]
    assert box_of(app, "7H") == pygame.Rect(place.box)
    layouts = [json.loads(line) for line in app.out.getvalue().splitlines() if line.startswith("{")]
    assert layouts[-1]["layout"]["column4"]["cards"][-1] == ["7H", list(place.box)]



def test_a_window_resized_during_a_drag_puts_the_card_back_in_the_new_layout() -> None:
    """The player drags a card and the window changes size before the button comes up (a
    window manager's snap, a monitor unplugged): the card flies back to its place in the new
    layout. Its flight back once ended at the old layout's place, away from its pile, where it
    stayed whatever the player did next."""
    app = make_app(animation_speed="normal")
    start = grip(app, "6C")
    press(app, start)
    move_mouse(app, (start[0] + 40, start[1] + 60))
    move_mouse(app, (start[0] + 200, start[1] + 260))
    assert app.table.controller.dragging
    app.window.native.size = (1000, 700)  # the window system's size event goes through the loop
    app.pump()
    release(app, (300, 300))
    for _ in range(40):
        clock(app).time += 0.05
        app.pump()
    assert app.table.layout == compute_layout(1000, 700, app.table.game.rules)
    place = app.table.layout.places(app.table.game.position)[C("6C")]
    assert box_of(app, "6C") == pygame.Rect(place.box)
    assert not app.table.sprites.lifted()

def test_print_layout_reports_every_pile_and_card() -> None:
    app = make_app()
    lines = [json.loads(line) for line in app.out.getvalue().splitlines() if line.startswith("{")]
    assert len(lines) == 1
    layout = lines[0]["layout"]
    assert len(layout) == 8 + 8 + 4
    assert [card for card, _ in layout["column2"]["cards"]] == ["KH", "QH", "JH", "TH"]
    click(app, pile_center(app, Pile.column(7)))
    lines = [json.loads(line) for line in app.out.getvalue().splitlines() if line.startswith("{")]
    assert len(lines) == 2
    assert lines[1]["layout"]["foundation3"]["cards"][0][0] == "AS"


def test_print_layout_carries_the_sessions_state_with_the_one_move_count() -> None:
    app = make_app(autoplay=True)
    click(app, pile_center(app, Pile.column(7)))  # the card goes home, with what follows it
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    app.pump()
    records = [json.loads(line) for line in app.out.getvalue().splitlines() if line.startswith("{")]
    state = records[-1]["state"]
    assert state == {"game": "standard", "deal": None, "options": {"takeback": False}, "moves": 3,
                     "seconds": state["seconds"], "outcome": None, "winnable": None, "daily": None,
                     "par": None}
    assert state["moves"] == app.session.moves() and f"{state['moves']} moves" in app.table.view.summary()


def test_preferences_dialog_toggles() -> None:
    app = make_app()
    click(app, button(app, "preferences"))
    dialog = app.top
    assert isinstance(dialog, PreferencesDialog)
    rows = {choice.label.split(":")[0]: choice.rect.center for choice in dialog.choices}
    click(app, rows["Four-colour deck"])
    assert app.preferences.four_colour
    assert app.table.faces.four_colour
    click(app, rows["Auto-play cards to the foundations"])
    assert app.preferences.autoplay
    # Switching auto-play on plays what can go home now.
    assert app.table.game.position.foundations == (0, 0, 0, 0) or app.top is dialog
    assert app.table.game.has_started  # auto-play sent cards home
    click(app, rows["Eight Off"])  # the rule options' rows are this game's, named after it
    question = app.top
    assert isinstance(question, Dialog) and question.title == "Change the rules of this game?"
    key(app, pygame.K_RETURN)  # Enter keeps the game: the rule waits for the next deal
    assert app.top is dialog and app.preferences.rule_options("standard")["takeback"]
    assert not app.table.game.rules.foundation_takeback
    assert not app.preferences.rule_options("freecell")["takeback"]
    # The row says the rule this game is played with, while it differs from the one chosen.
    assert "Eight Off: Take cards back off the foundations: on (this game: off)" in dialog.option_labels()
    click(app, rows["Eight Off"])  # off again, as this game is played: nothing to ask
    assert app.top is dialog and not app.preferences.rule_options("standard")["takeback"]
    assert "Eight Off: Take cards back off the foundations: off" in dialog.option_labels()
    click(app, rows["Eight Off"])
    [restart] = [choice for choice in app.top.choices if choice.label == "Restart now"]
    click(app, restart.rect.center)
    assert app.table.game.rules.foundation_takeback and not app.table.game.has_started
    assert "Eight Off: Take cards back off the foundations: on" in dialog.option_labels()
    assert not any("face up" in label for label in rows)  # Raglan's option is Raglan's alone
    key(app, pygame.K_ESCAPE)
    assert app.top is app.table
    key(app, pygame.K_F2)
    assert app.table.game.rules.name == "standard"  # New deals the game being played
    assert app.table.game.rules.foundation_takeback


def test_switching_autoplay_on_sends_cards_home() -> None:
    app = make_app()
    click(app, button(app, "preferences"))
    rows = {choice.label.split(":")[0]: choice.rect.center for choice in app.top.choices}
    click(app, rows["Auto-play cards to the foundations"])
    key(app, pygame.K_ESCAPE)
    app.pump()
    assert app.table.game.position.foundations[Suit.SPADES] >= 1


def test_autoplay_is_part_of_the_same_undo_step() -> None:
    app = make_app(autoplay=True)
    click(app, pile_center(app, Pile.column(1)))  # 6D to a cell; then the aces and what follows go home
    game = app.table.game
    assert game.position.foundations[Suit.SPADES] >= 1
    assert game.position.foundations[Suit.DIAMONDS] >= 6  # the 6 went on home from its cell
    assert len(game.done) == 1
    assert box_of(app, "AS").topleft == app.table.layout.piles[Pile.foundation(Suit.SPADES)][:2]
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert game.position.foundations == (0, 0, 0, 0)
    assert game.position.cells[0] is None


def test_keyboard_play() -> None:
    app = make_app()
    key(app, pygame.K_5)
    assert app.table.controller.selected == Pile.column(4)
    key(app, pygame.K_3)
    assert column(app, 2)[-3:] == ["9H", "8H", "7H"]
    key(app, pygame.K_8)
    key(app, pygame.K_f)
    assert app.table.game.position.foundations[Suit.SPADES] == 1
    key(app, pygame.K_2)
    key(app, pygame.K_SPACE)
    assert app.table.game.position.cells[0] == C("6D")
    key(app, pygame.K_2)
    key(app, pygame.K_w)
    assert app.table.game.position.cells[1] == C("7D")
    key(app, pygame.K_1)
    key(app, pygame.K_ESCAPE)
    assert app.table.controller.selected is None
    key(app, pygame.K_1)
    key(app, pygame.K_2)  # 6C on 8D: refused, with the reason
    assert "Only" in app.table.status.notice
    assert app.table.controller.selected is None


def test_a_finish_is_offered_then_the_win_celebrated() -> None:
    board = """Foundations: H-K C-K D-K S-J
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
    app = make_app(board)
    offer = app.top
    assert isinstance(offer, Dialog) and offer.title == "All cards can go home"
    key(app, pygame.K_RETURN)  # Finish
    assert app.table.game.is_won
    dialog = app.top
    assert isinstance(dialog, Dialog) and dialog.title == "Well done!"
    assert "in 1 move and" in dialog.lines[0]  # Finish is one action, however many cards it sends
    clock(app).time += 2.0
    app.pump(5)
    assert dialog.falling  # the cascade is under way
    new_game = next(choice.rect.center for choice in dialog.choices if choice.label == "New game")
    click(app, new_game)
    assert app.top is app.table
    assert app.table.game.deal_number is not None
    assert not app.table.game.has_started


FINISHED_BY_A_DRAG = """Foundations: H-4 C-Q D-5 S-K
Freecells: - - - -
: KH QH JH TH 9H 8H 7H
: 5H KC 7D
: 6D 6H
: KD QD JD TD 9D 8D
:
:
:
:
"""
"""FreeCell, where moving the 7 of diamonds off the King of clubs lets every card go home,
though not by safe auto-play alone (the King of clubs is not safe with the hearts at 4)."""


def test_the_drag_that_sets_off_the_finish_is_the_one_move_it_counts() -> None:
    app = make_app(FINISHED_BY_A_DRAG, FREECELL, autoplay=True)
    assert app.top is app.table  # nothing to finish yet: 7D blocks
    drag(app, grip(app, "7D"), pile_center(app, Pile.cell(0)))
    app.pump()
    game = app.table.game
    assert game.is_won
    assert game.move_count == 1 and len(game.done) == 1  # the finish belongs to the drag
    assert game.done[0].moves[0] == Move(Pile.column(1), Pile.cell(0), 1)
    dialog = app.top
    assert isinstance(dialog, Dialog) and dialog.title == "Well done!"
    assert "in 1 move and" in dialog.lines[0]


def test_without_autoplay_the_same_drag_offers_the_finish() -> None:
    app = make_app(FINISHED_BY_A_DRAG, FREECELL)
    drag(app, grip(app, "7D"), pile_center(app, Pile.cell(0)))
    app.pump()
    assert not app.table.game.is_won and app.table.game.move_count == 1
    offer = app.top
    assert isinstance(offer, Dialog) and offer.title == "All cards can go home"


def test_a_dead_end_says_so_and_offers_undo() -> None:
    board = """Freecells: 2C 3C 4C 5C 6C 7C 8C -
AC TC JC
AD 2D 3D 4D 5D 6D
AH 2H 3H 4H 5H 6H
AS 2S 3S 4S 5S 6S
7D 8D 9D TD JD QD KD
7H 8H 9H TH JH QH KH
7S 8S 9S TS JS QS KS
QC KC 9C
"""
    app = make_app(board)
    assert app.top is app.table
    click(app, pile_center(app, Pile.column(7)))  # 9C to the last cell: nothing is left to do
    game = app.table.game
    assert game.is_stuck
    dialog = app.top
    assert isinstance(dialog, Dialog) and dialog.title == "No moves left"
    undo = next(choice.rect.center for choice in dialog.choices if choice.label == "Undo")
    click(app, undo)
    assert app.top is app.table
    assert game.position.cells[7] is None
    assert column(app, 7) == ["QC", "KC", "9C"]


def test_help_and_deal_dialogs() -> None:
    app = make_app()
    key(app, pygame.K_F1)
    assert isinstance(app.top, Dialog) and "Eight Off" in app.top.title
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_d, pygame.KMOD_CTRL)
    for digit in "617":
        key(app, getattr(pygame, f"K_{digit}"), unicode=digit)
    key(app, pygame.K_RETURN)
    assert app.top is app.table
    assert app.table.game.deal_number == 617
    assert "KS" in format_board(app.table.game.position).split("\n")[0]


def test_hover_over_a_liftable_card_shows_a_hand() -> None:
    app = make_app()
    move_mouse(app, grip(app, "7H"), held=False)
    assert app.table.controller._hand
    move_mouse(app, grip(app, "2C"), held=False)
    assert not app.table.controller._hand


def test_the_clock_runs_once_play_starts_and_stops_while_minimized() -> None:
    app = make_app()
    table = app.table
    clock(app).time += 30
    app.pump()
    assert table.session.clock.seconds(app.now()) == 0  # not before the first move
    click(app, pile_center(app, Pile.column(1)))
    for _second in range(10):  # the window looks at its clock every second while it runs
        clock(app).time += 1
        app.pump()
    played = table.session.clock.seconds(app.now())
    assert played >= 10
    pygame.event.post(pygame.event.Event(pygame.WINDOWMINIMIZED))
    app.pump()
    clock(app).time += 100
    app.pump()
    assert table.session.clock.seconds(app.now()) < played + 2
    assert app.timeout() is None  # and nothing wakes the loop while hidden
    pygame.event.post(pygame.event.Event(pygame.WINDOWRESTORED))
    app.pump()
    clock(app).time += 5
    app.pump()
    assert table.session.clock.seconds(app.now()) >= played + 5


def test_start_up_work_waits_for_the_first_frame() -> None:
    app = App.for_game(Game.new(1, STANDARD), Preferences(), size=(900, 700), out=io.StringIO())
    done: list[str] = []
    app.after_first_frame(lambda: done.append("first"))
    assert done == []
    app.pump()
    assert done == ["first"]
    app.after_first_frame(lambda: done.append("later"))  # already on screen: at once
    assert done == ["first", "later"]


def test_a_legal_drop_target_is_highlighted_while_dragging() -> None:
    app = make_app()
    start = grip(app, "9H")
    press(app, start)
    top = app.table.layout.card_boxes(Pile.column(2), 4)[-1]
    edge = (top.x + 2, top.y + top.h // 2)  # the left edge of the 10 of hearts, left uncovered
    plain = app.screen.get_at(edge)
    move_mouse(app, (top.center[0] + top.w // 3, top.center[1]))
    assert app.table.controller.drop_target == Pile.column(2)
    assert app.screen.get_at(edge) != plain
    move_mouse(app, pile_center(app, Pile.column(0)))  # 9H cannot go on 6C: no highlight
    assert app.table.controller.drop_target is None
    assert app.screen.get_at(edge) == plain
    release(app, pile_center(app, Pile.column(0)))
    assert app.table.controller.drop_target is None


def test_a_window_opening_on_a_dead_end_shows_the_deal_before_it_says_so() -> None:
    """Whether a deal is stuck needs all its moves worked out: that waits until the cards are
    on screen, and the offer comes in the next frame."""
    app = make_app(STUCK_BOARD)  # its first frame
    dialog = app.top
    assert isinstance(dialog, Dialog) and dialog.title == "No moves left"
    assert app.shown == 1 and app.full_redraw  # the frame shown was the table's alone
    app.pump()
    assert app.shown == 2 and not app.full_redraw
