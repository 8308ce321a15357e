"""Each one-deck open game's daily deal in the window on a player's own files (a real store on a
temporary folder, today pinned): the game opens on the shipped list's deal of the date with its
shipped par in the status line; its par line, played through the event loop, wins in par, the
win dialog says so, and the daily page of that game's Statistics holds the day as won.
Italian for three games."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from eightoff.core.i18n import _
from eightoff.core.variants import PRESETS, VARIANTS
from eightoff.ui.celebration import WinDialog
from eightoff.ui.stats_dialog import StatisticsDialog
from tests.ui.helpers import click, key
from tests.ui.test_daily_window import DAILY_WORDS, THURSDAY, finish_by_keys, open_stored
from tests.ui.test_variants import OPEN_GAMES

DATA = Path(__file__).resolve().parents[2] / "eightoff" / "solver" / "data"


def shipped(game_key: str) -> tuple[int, int]:
    """The deal and par of the pinned date, read from the shipped list as a person reads it."""
    for line in (DATA / f"daily-{game_key}.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith(THURSDAY.isoformat()):
            _day, _grade, number, par = line.split()
            return int(number), int(par)
    raise AssertionError(f"daily-{game_key}.txt has no line for {THURSDAY}")


ITALIAN = ("relaxed-seahaven", "streets-and-alleys", "fan")


@pytest.mark.parametrize("game_key", OPEN_GAMES)
def test_the_daily_opens_on_the_shipped_deal_and_par_and_its_win_is_kept(
        game_key: str, tmp_path: Path, english_after: None) -> None:
    language = "it" if game_key in ITALIAN else "en"
    app = open_stored(tmp_path, language, key=game_key, daily=True)
    number, par = shipped(game_key)
    game = app.table.game
    assert (game.rules, game.deal_number, app.session.facts.daily) == (PRESETS[game_key], number, THURSDAY)
    summary = app.table.view.summary()
    assert DAILY_WORDS[language] in summary and f"par {par}" in summary, summary
    finish_by_keys(app)
    dialog = app.top
    assert isinstance(dialog, WinDialog) and app.session.moves() == par
    shown = {"en": f"Par is {par}: you matched it.", "it": f"Il par è {par}: l'hai eguagliato."}[language]
    assert shown in dialog.body_lines()
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    dialog = app.top
    assert isinstance(dialog, StatisticsDialog)
    label = {"en": "Daily", "it": "Giornaliera"}[language]
    click(app, next(choice for choice in dialog.choices if choice.label == label).rect.center)
    dialog = app.top
    assert isinstance(dialog, StatisticsDialog) and dialog.daily_page
    assert dialog.title == _("Statistics: {game}").format(game=_(VARIANTS[game_key].title))
    assert dialog.daily().won == frozenset({THURSDAY})
    app.session.close()
