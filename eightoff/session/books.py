"""The session's books: what it keeps through its keeper (the store), and nothing at all when
it has none (a test's session, a window whose store could not open).

Saving after every step, the outcome at the moment it is decided (with the deal's facts, so
the record holds what the player was shown), the preferences, the unfinished games of other
games and the store's notices all go through here, so that the session asks no "is there a
store?" of its own. The statistics port (`records.py`) is made over this keeper when the player
first opens Statistics, so that its modules are not loaded at every start.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from eightoff.core.game import Game
from eightoff.core.outcome import Outcome
from eightoff.core.preferences import Preferences
from eightoff.session.advisor import Notice
from eightoff.session.facts import DealFacts
from eightoff.session.keeper import Keeper, not_kept

if TYPE_CHECKING:
    from pathlib import Path

    from eightoff.store.games import Best
    from eightoff.store.saved_game import SavedGame


class Books:
    def __init__(self, keeper: Keeper | None, tell: Callable[[Notice], None],
                 heard: Callable[[], bool] = lambda: True) -> None:
        self.keeper = keeper
        self.tell = tell
        """Where the store's notices go (the session's advice listeners)."""
        self.heard = heard
        """Whether anyone listens yet: until then the notices wait in the keeper (the session
        saves as it opens, before the window listens)."""

    def save(self, game: Game, seconds: float, hints_used: bool, facts: DealFacts, helped: bool) -> None:
        if self.keeper is not None:
            self.keeper.save(game, seconds, hints_used, facts, helped)
            self.tell_notices()

    def record(self, game: Game, outcome: Outcome, seconds: float, hints_used: bool,
               facts: DealFacts) -> None:
        if self.keeper is not None:
            self.keeper.record(game, outcome, seconds, hints_used, facts)
            self.tell_notices()

    def save_preferences(self, preferences: Preferences) -> None:
        if self.keeper is not None:
            self.keeper.save_preferences(preferences)
            self.tell_notices()

    def tell_notices(self) -> None:
        """Hand the store's notices (a file set aside, a write that failed) to the front end."""
        notices = self.keeper.take_notices() if self.keeper is not None and self.heard() else []
        if notices:
            self.tell(Notice("  ·  ".join(notices)))

    def write_problem(self) -> str:
        """Why this game cannot be saved now ("" when it can): the front end keeps it in view."""
        return self.keeper.write_problem() if self.keeper is not None else ""

    def best(self, key: str, deal: int) -> Best | None:
        return self.keeper.best(key, deal) if self.keeper is not None else None

    def resume(self, key: str) -> SavedGame | None:
        return self.keeper.resume(key) if self.keeper is not None else None

    def set_aside_unfinished(self, key: str) -> None:
        if self.keeper is not None:
            self.keeper.set_aside_unfinished(key)

    def finished_moves(self, game_id: str | None) -> Game | None:
        """A logged game as it ended, to watch; None, having said why, when its moves are not
        kept."""
        kept = self.keeper.finished_moves(game_id) if self.keeper is not None else None
        if kept is None:
            self.tell_notices()
            self.tell(Notice(not_kept()))
        return kept

    @property
    def cache_folder(self) -> Path | None:
        """Where the front end may keep pictures it can draw again; None without a store."""
        return self.keeper.cache_folder if self.keeper is not None else None

    def close(self) -> None:
        if self.keeper is not None:
            self.keeper.close()
