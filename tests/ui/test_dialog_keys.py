"""Dialog keys: Enter presses the default button, never a destructive one; Esc cancels; the
Deal dialog takes exactly what `eightoff deal` takes."""

from __future__ import annotations

import pygame
import pytest

from eightoff.locale import install_language
from eightoff.ui.dialogs import DealDialog, Dialog, PreferencesDialog
from tests.ui.helpers import key, make_app


def type_text(app, text: str) -> None:  # type: ignore[no-untyped-def]
    for char in text:
        key(app, 0, unicode=char)


def test_enter_in_preferences_closes_without_toggling() -> None:
    app = make_app()
    before = app.preferences
    key(app, pygame.K_p, pygame.KMOD_CTRL)
    assert isinstance(app.top, PreferencesDialog)
    key(app, pygame.K_RETURN)
    assert app.top is app.table
    assert app.preferences == before


def test_enter_toggles_a_row_the_player_moved_to() -> None:
    app = make_app()
    key(app, pygame.K_p, pygame.KMOD_CTRL)
    key(app, pygame.K_DOWN)  # from Done round to the first row: auto-play
    key(app, pygame.K_RETURN)
    assert app.preferences.autoplay is True
    key(app, pygame.K_ESCAPE)
    assert app.top is app.table


def test_deal_dialog_refuses_what_the_command_line_refuses() -> None:
    app = make_app()
    for text, words in (("0", "there is no deal 0"), ("²", "whole number"), ("1" + "0" * 21, "no deal")):
        key(app, pygame.K_d, pygame.KMOD_CTRL)
        dialog = app.top
        assert isinstance(dialog, DealDialog)
        type_text(app, text)
        key(app, pygame.K_RETURN)
        assert app.top is dialog, text
        assert words in dialog.error.lower(), (text, dialog.error)
        key(app, pygame.K_ESCAPE)
        assert app.top is app.table


def test_deal_dialog_plays_a_good_number() -> None:
    app = make_app()
    key(app, pygame.K_d, pygame.KMOD_CTRL)
    type_text(app, "617")
    key(app, pygame.K_RETURN)
    assert app.top is app.table
    assert app.table.game.deal_number == 617


def test_a_confirmation_defaults_to_its_safe_button() -> None:
    app = make_app()
    dialog = Dialog(app, "Reset statistics?", [], [("Cancel", None), ("Reset", lambda: app.quit())])
    app.push(dialog)
    key(app, pygame.K_RETURN)
    assert app.running and app.top is app.table


def test_f10_walks_the_toolbar_and_enter_presses_a_button() -> None:
    app = make_app()
    key(app, pygame.K_F10)
    assert app.table.toolbar.focused == "new"
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert app.table.toolbar.focused == "deal"
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, DealDialog)
    assert app.table.toolbar.focused is None


@pytest.mark.parametrize(("language", "volume", "deal"), [
    ("en", "Volume: 60%", "Deal (1 to 100,000,000,000,000,000,000):"),
    ("it", "Volume: 60%", "Smazzata (da 1 a 100.000.000.000.000.000.000):"),
])
def test_numbers_are_written_one_way_through_the_language(language: str, volume: str, deal: str) -> None:
    """The volume's per cent as the statistics write theirs ("66.7%", no space), and the last
    deal number with its digits grouped, each as the player's language writes numbers."""
    try:
        app = make_app(language=language)
        key(app, pygame.K_p, pygame.KMOD_CTRL)
        dialog = app.top
        assert isinstance(dialog, PreferencesDialog)
        dialog.turn_page()  # the cards and sound
        assert volume in dialog.option_labels()
        key(app, pygame.K_ESCAPE)
        key(app, pygame.K_d, pygame.KMOD_CTRL)
        assert isinstance(app.top, DealDialog)
        assert app.top.body_lines()[0].startswith(deal)
    finally:
        install_language("en")
