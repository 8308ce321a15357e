"""The game a window or a command is about when the player names none: the one rule for "the
game being played". It is the game asked for (`--rules`), else the last game played, which
the preferences keep; so the window, `--daily`, `eightoff daily` and its `--share`, and
`stats --chart` never pick different games in one home."""

from __future__ import annotations

from eightoff.core.preferences import Preferences
from eightoff.core.variants import DEFAULT_KEY, VARIANTS
from eightoff.solver.daily import has_daily


def game_played(asked: str | None, preferences: Preferences) -> str:
    """`asked`, else the last game played (the default game for a key no longer known)."""
    if asked is not None:
        return asked
    return preferences.last_rules if preferences.last_rules in VARIANTS else DEFAULT_KEY


def daily_game(asked: str | None, preferences: Preferences) -> str:
    """The game whose daily deal is meant: the game being played, or the default game when that
    one has no daily list."""
    key = game_played(asked, preferences)
    return key if has_daily(key) else DEFAULT_KEY
