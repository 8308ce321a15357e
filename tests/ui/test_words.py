"""Words for every state: hints, refused grabs, notices that stay until read and come back."""

from __future__ import annotations

import pygame
import pytest

from eightoff.core.cards import Suit
from eightoff.core.moves import Move
from eightoff.core.piles import Pile
from eightoff.locale import install_language
from eightoff.session.changes import Change
from eightoff.ui import theme
from eightoff.ui.dialogs import DealDialog, Dialog
from eightoff.ui.status import NOTICE_SHRINK
from tests.ui.helpers import click, clock, grip, key, make_app, press, release

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
    app.table.offers.show_hint(Move(Pile.column(5), Pile.foundation(Suit.DIAMONDS)))
    app.pump()
    assert app.table.status.notice == "Hint: move the Ace of diamonds to the diamonds foundation"


def test_a_hint_for_a_run_and_to_a_cell_says_so() -> None:
    app = make_app()
    app.table.offers.show_hint(Move(Pile.column(4), Pile.column(2), 3))
    assert app.table.status.notice == "Hint: move the 9 of hearts and the 2 cards on it onto the 10 of hearts"
    app.table.offers.show_hint(Move(Pile.column(4), Pile.cell(0)))
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
    assert app.table.status.notice == "Moving 4 cards needs 3 free cells; 1 is free"


@pytest.mark.parametrize(("language", "said"), [
    ("en", "The 6 of clubs stays where it is: the 5 of clubs is not home yet, every free cell holds a "
           "card, and no column takes it"),
    ("it", "Il 6 di fiori resta dov'è: il 5 di fiori non è ancora sulla base, ogni cella è occupata e "
           "non sta su nessuna colonna"),
])
def test_a_click_that_moves_nothing_says_why_in_the_players_language(language: str, said: str) -> None:
    app = make_app(FULL_CELLS)
    click(app, grip(app, "5D"))  # to the last free cell
    assert app.table.game.position.free_cells == 0
    install_language(language)
    try:
        click(app, grip(app, "6C"))  # not home, no cell, no 7 to go on
        assert app.table.status.notice == said
    finally:
        install_language("en")


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
    app.table.speech.changed(Change.WON, app.table.game, None)
    assert spoken[-1] == "You won: every card is home"


def test_shift_and_a_digit_picks_a_foundation_as_the_source() -> None:
    app = make_app(takeback=True)
    key(app, pygame.K_6)
    key(app, pygame.K_f)  # the Ace of diamonds goes home
    key(app, pygame.K_2, pygame.KMOD_SHIFT)
    assert app.table.controller.selected == Pile.foundation(Suit.DIAMONDS)


def test_a_notice_too_long_for_the_line_shows_whole_under_the_pointer() -> None:
    """At 800x600 a notice with a real path ends in "…" on the line, at a legible size; with
    the pointer on the line the whole text is drawn above it."""
    app = make_app(size=(800, 600))
    path = "/home/someone/.local/share/eightoff/a folder with a rather long name/games.jsonl"
    notice = ("Your record of finished games could not be read (it is not valid JSON); the statistics "
              f"start empty. The file was kept as {path}.corrupt-20261125-113957-099651 so nothing is "
              "lost.")
    app.notify(notice)
    app.pump()
    status = app.table.status
    pieces = status.segments(app.table.layout.status, app.table.view.summary())
    notice_pieces = [piece for piece in pieces if piece.role == "notice"]
    assert notice_pieces[-1].text.endswith("…") and status.cut
    row = app.table.layout.status[3] // 2
    legible = theme.font(round(round(row * 0.8) * NOTICE_SHRINK)).point_size
    assert min(piece.font.point_size for piece in notice_pieces) >= legible
    bar = pygame.Rect(app.table.layout.status)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=bar.center, rel=(0, 0), buttons=(0, 0, 0)))
    app.pump()
    assert status.hovered
    above = app.screen.subsurface(pygame.Rect(bar.x, bar.y - 60, bar.w, 60)).copy()
    colours = {tuple(above.get_at((x, y)))[:3] for x in range(0, bar.w, 3) for y in range(0, 60, 2)}
    near = [colour for colour in colours
            if sum(abs(a - b) for a, b in zip(colour, theme.NOTICE, strict=True)) < 40]
    assert near  # the whole text is drawn over the table (letters scaled down: shades of it)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(bar.centerx, 200), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    app.pump()
    assert not status.hovered


def test_the_deal_dialog_forgets_its_error_as_the_number_changes() -> None:
    app = make_app()
    dialog = DealDialog(app, lambda number: None)
    app.push(dialog)
    dialog.text = "0"
    dialog.submit()
    assert dialog.error
    key(app, pygame.K_1, unicode="1")
    assert dialog.error == "" and dialog.text == "01"
