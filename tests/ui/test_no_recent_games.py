"""The Recent games page before any game has finished offers nothing to play again or watch:
buttons that could only answer "pick a recent game first" from an empty list are not shown."""

from __future__ import annotations

from pathlib import Path

from eightoff.ui.stats_dialog import StatisticsDialog
from tests.ui.test_store_link import arguments, open_app, press_button, press_toolbar


def test_no_finished_games_means_no_play_again_nor_watch(tmp_path: Path) -> None:
    app, _session = open_app(tmp_path / "home", arguments(deal=5))
    press_toolbar(app, "statistics")
    dialog = app.top
    assert isinstance(dialog, StatisticsDialog) and not dialog.recent
    press_button(app, "Recent games")
    assert app.top is dialog and dialog.games_page
    assert "No finished games yet." in dialog.body_lines()
    assert [choice.label for choice in dialog.choices] == ["Figures", "Close"]
    press_button(app, "Figures")
    assert app.top is dialog and not dialog.games_page
