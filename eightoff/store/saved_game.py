"""The unfinished game: the whole history (redo tail included) plus the clock, so the next start
resumes exactly where the player left, undo and all."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from eightoff.core.game import Game

VERSION = 1
WHAT = "unfinished game"


@dataclass(frozen=True)
class SavedGame:
    game: Game
    elapsed: float
    """Seconds of play so far; the clock continues from here."""
    hints_used: bool = False


def encode(game: Game, elapsed: float, hints_used: bool) -> dict[str, Any]:
    return {"version": VERSION, "elapsed": elapsed, "hints_used": hints_used, "game": game.to_record()}


def decode(document: dict[str, Any]) -> SavedGame:
    """Raises ValueError with a reason, including when the moves no longer replay."""
    elapsed = document.get("elapsed")
    if isinstance(elapsed, bool) or not isinstance(elapsed, (int, float)) or not math.isfinite(elapsed):
        raise ValueError("the elapsed time is not a number")
    if elapsed < 0:
        raise ValueError("the elapsed time is negative")
    hints_used = document.get("hints_used", False)
    if not isinstance(hints_used, bool):
        raise ValueError("hints_used is not true or false")
    record = document.get("game")
    if not isinstance(record, dict):
        raise ValueError("there is no game in it")
    return SavedGame(Game.from_record(record), float(elapsed), hints_used)
