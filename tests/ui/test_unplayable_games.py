"""A logged game this version cannot replay (a game it does not have, a board that does
not parse) is listed in the Statistics dialog, and Play again declines it with the reason
instead of crashing the window."""

from __future__ import annotations

import io
import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

import msgspec
import pytest

from eightoff.session.records import recent_game
from eightoff.store import FinishedGame, HomeDirs, Store
from eightoff.ui.stats_dialog import StatisticsDialog
from tests.ui.test_store_link import arguments, finish_games, home, open_app, press_button, press_toolbar

__all__ = ["home"]

LINE = {"version": 1, "won": True, "moves": 50, "seconds": 60.0, "finished": "2026-01-02T03:04:05+00:00"}
UNPLAYABLE = {
    "a game of a newer version": {"rules": "spider", "deal": 3, "id": "new1"},
    "a board that does not parse": {"rules": "standard", "start": "hello world", "id": "bad1"},
}


@pytest.mark.parametrize("name", UNPLAYABLE)
def test_play_again_declines_a_game_it_cannot_replay_and_says_why(home: Path, name: str) -> None:
    finish_games(home)
    newest = (datetime.now(timezone.utc) - timedelta(seconds=1)).isoformat()
    store = Store(HomeDirs(home))  # as `stats --import` adds a game another version recorded
    store.import_games(io.BytesIO(json.dumps({**LINE, **UNPLAYABLE[name], "finished": newest}).encode()))
    store.close()
    app, _link = open_app(home, arguments(deal=5))
    press_toolbar(app, "statistics")
    press_button(app, "Recent games")
    dialog = app.top
    assert isinstance(dialog, StatisticsDialog)
    [index] = [index for index, game in enumerate(dialog.recent) if game.game_id == UNPLAYABLE[name]["id"]]
    assert "cannot be played again" in dialog.option_labels()[index]
    dialog.toggle(index)
    press_button(app, "Play again")
    app.pump()
    assert app.table.game.deal_number == 5, "the window left its game"
    assert "cannot be played again" in app.table.status.notice


def test_a_game_it_can_replay_has_no_problem() -> None:
    line = {**LINE, "version": 2, "outcome": "won", "id": "ok1"}
    del line["won"]
    game = msgspec.convert({**line, "rules": "standard", "deal": 3}, FinishedGame)
    assert recent_game(game).problem is None
    newer = msgspec.convert({**line, **UNPLAYABLE["a game of a newer version"]}, FinishedGame)
    assert recent_game(newer).problem
