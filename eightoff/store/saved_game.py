"""The unfinished game: the whole history (redo tail included) plus the clock, so the next start
resumes exactly where the player left, undo and all; and the file older versions kept it in
(read once, by `legacy`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

import msgspec

from eightoff.core.game import Game
from eightoff.core.i18n import _
from eightoff.store.schema import BadContent, SavedGameFile, check_version, decode

VERSION = 1


def what() -> str:
    return _("unfinished game")


@dataclass(frozen=True)
class SavedGame:
    game: Game
    elapsed: float
    """Seconds of play so far; the clock continues from here."""
    hints_used: bool = False
    game_id: str | None = None
    """The id its outcome will be recorded under (None in files from before ids)."""
    daily: date | None = None
    """The day whose daily deal the game is (None: not a daily deal)."""
    par: int | None = None
    """The deal's par, when it was known."""


def decode_saved(raw: bytes) -> tuple[SavedGame, str | None]:
    """The game and the token of its steps file (None when its history is all in `raw`).
    Raises BadContent with a reason, including when the moves no longer replay."""
    check_version(raw, VERSION)
    document = decode(raw, SavedGameFile)
    try:
        game = Game.from_record(msgspec.to_builtins(document.game))
    except Exception as error:  # the core's replay of moves that are not legal, whatever it raises
        raise BadContent(_("its moves do not replay: {detail}").format(detail=error)) from None
    return SavedGame(game, document.elapsed, document.hints_used, document.id), document.steps
