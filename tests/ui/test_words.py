"""Words for every state: hints, refused grabs, notices that stay until read and come back."""

from __future__ import annotations

import pygame

from eightoff.core.cards import Suit
from eightoff.core.moves import Move
from eightoff.core.piles import Pile
from eightoff.session.changes import Change
from eightoff.ui.dialogs import Dialog
from tests.ui.helpers import clock, grip, key, make_app, press, release

# Every cell full but one: a run of four can move only two at a time.
FULL_CELLS = """Freecells: 2C 3C 4C 5C 2D 3D 4D -
KC QC JC TC 9C 8C 7C 6C
KD QD JD TD 9D 8D 7D 6D
KH QH JH TH 9H 8H 7H 6H
KS QS JS TS 9S 8S 7S 6S
AC
AD 5D
AH 5H 4H 3H 2H
AS 5S 4S 3S 2S
"""


def test_a_hint_says_its_move_in_words() -> None:
    app = make_app()
    app.table.show_hint(Move(Pile.column(5), Pile.foundation(Suit.DIAMONDS)))
    app.pump()
    assert app.table.status.notice == "Hint: move the Ace of diamonds to the diamonds foundation"


def test_a_hint_for_a_run_and_to_a_cell_says_so() -> None:
    app = make_app()
    app.table.show_hint(Move(Pile.column(4), Pile.column(2), 3))
    assert app.table.status.notice == "Hint: move the 9 of hearts and the 2 cards on it onto the 10 of hearts"
    app.table.show_hint(Move(Pile.column(4), Pile.cell(0)))
    assert app.table.status.notice == "Hint: move the 7 of hearts to cell 1"


def test_a_refused_grab_says_the_cards_are_not_a_run() -> None:
    app = make_app()
    press(app, grip(app, "2C"))
    release(app, grip(app, "2C"))
    assert app.table.status.notice == ("The cards on the 2 of clubs are not in sequence, "
                                       "so they cannot move together")


def test_a_refused_grab_of_a_long_run_says_how_many_may_move() -> None:
    app = make_app(FULL_CELLS)
    press(app, grip(app, "5S"))
    release(app, grip(app, "5S"))
    assert app.table.status.notice.startswith("4 cards cannot move together")
    assert "only 2 cards can move at once" in app.table.status.notice


def test_a_notice_stays_until_the_next_action_and_can_be_read_again() -> None:
    app = make_app()
    app.notify("Something worth reading")
    clock(app).time += 3600
    app.pump()
    assert app.table.status.notice == "Something worth reading"
    key(app, pygame.K_ESCAPE)
    assert app.table.status.notice == ""
    key(app, pygame.K_m, pygame.KMOD_CTRL)
    dialog = app.top
    assert isinstance(dialog, Dialog) and dialog.title == "Messages"
    assert "Something worth reading" in dialog.lines


def test_moves_picks_and_a_win_are_announced() -> None:
    app = make_app()
    spoken = app.table.announcer.spoken
    key(app, pygame.K_6)  # column 6 holds the Ace of diamonds on top
    assert spoken[-1] == "Picked the Ace of diamonds from column 6: now choose where it goes"
    key(app, pygame.K_f)
    assert spoken[-1] == "The Ace of diamonds to the diamonds foundation"
    app.table.session_changed(Change.WON, app.table.game, None)
    assert spoken[-1] == "You won: every card is home"


def test_shift_and_a_digit_picks_a_foundation_as_the_source() -> None:
    app = make_app(takeback=True)
    key(app, pygame.K_6)
    key(app, pygame.K_f)  # the Ace of diamonds goes home
    key(app, pygame.K_2, pygame.KMOD_SHIFT)
    assert app.table.controller.selected == Pile.foundation(Suit.DIAMONDS)
