"""The "Cannot save..." notice stays in view while saving fails, past the next key, until the
player dismisses it with Esc; it goes by itself once a save goes through."""

from __future__ import annotations

import shutil
from pathlib import Path

import pygame

from tests.ui.helpers import key
from tests.ui.test_store_link import arguments, home, open_app, to_cell

__all__ = ["home"]


def test_the_cannot_save_warning_stays_until_dismissed(home: Path) -> None:
    state = home / "data"  # where games.db is
    shutil.rmtree(state, ignore_errors=True)
    state.write_text("a file where the data folder should be")
    app, _link = open_app(home, arguments(deal=5))
    to_cell(app, 0)
    status = app.table.status
    assert "Cannot save" in status.warning
    key(app, pygame.K_LSHIFT)  # any key: a notice would go, the warning stays
    assert "Cannot save" in status.warning and status.notice == ""
    key(app, pygame.K_ESCAPE)
    assert status.warning == ""
    to_cell(app, 1)
    assert status.warning == "", "a dismissed warning came back while the same problem lasts"
    state.unlink()
    to_cell(app, 2)
    assert status.warning == ""
    assert (state / "games.db").exists()
