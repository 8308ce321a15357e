"""The one object the window and the command line use to keep things between runs.

Nothing here raises on a file problem: reading falls back to defaults and writing to a notice,
so the game always plays. `notices` collects what the player should be told.
"""

from __future__ import annotations

from datetime import datetime, timezone

from eightoff.core.game import Game
from eightoff.core.notation import format_board
from eightoff.store import preferences_store, saved_game
from eightoff.store.dirs import StoreDirs, default_dirs
from eightoff.store.files import MISSING_ERRORS, Notices, load_json, save_json
from eightoff.store.game_log import GameLog
from eightoff.store.preferences import Preferences
from eightoff.store.saved_game import SavedGame
from eightoff.store.statistics import FinishedGame, Statistics, compute

PREFERENCES_FILE = "preferences.json"
GEOMETRY_FILE = "window.json"
UNFINISHED_FILE = "unfinished-game.json"
GAMES_FILE = "games.jsonl"


class Store:
    def __init__(self, dirs: StoreDirs | None = None) -> None:
        self.dirs = dirs if dirs is not None else default_dirs()
        self._notices = Notices()
        self.preferences_path = self.dirs.user_config_path / PREFERENCES_FILE
        self.geometry_path = self.dirs.user_state_path / GEOMETRY_FILE
        self.unfinished_path = self.dirs.user_state_path / UNFINISHED_FILE
        self._games = GameLog(self.dirs.user_data_path / GAMES_FILE, FinishedGame.from_json, self._notices)

    # ----- what to tell the player ---------------------------------------------------------

    @property
    def notices(self) -> list[str]:
        """Messages not yet shown (read-only view; `take_notices` empties it)."""
        return list(self._notices.messages)

    def take_notices(self) -> list[str]:
        return self._notices.take()

    # ----- preferences ---------------------------------------------------------------------

    def load_preferences(self) -> Preferences:
        return preferences_store.load(self.preferences_path, self.geometry_path, self._notices)

    def save_preferences(self, preferences: Preferences) -> None:
        preferences_store.save(preferences, self.preferences_path, self.geometry_path, self._notices)

    # ----- the unfinished game -------------------------------------------------------------

    def load_unfinished(self) -> SavedGame | None:
        return load_json(
            self.unfinished_path, saved_game.WHAT, saved_game.VERSION, saved_game.decode, self._notices
        )

    def save_unfinished(self, game: Game, elapsed: float, hints_used: bool = False) -> None:
        save_json(
            self.unfinished_path, saved_game.WHAT, saved_game.encode(game, elapsed, hints_used), self._notices
        )

    def clear_unfinished(self) -> None:
        try:
            self.unfinished_path.unlink()
        except MISSING_ERRORS:
            pass
        except OSError as error:
            self._notices.cannot_save(saved_game.WHAT, self.unfinished_path, error)

    # ----- finished games and statistics ---------------------------------------------------

    def record_result(
        self,
        game: Game,
        won: bool,
        elapsed: float,
        hints_used: bool = False,
        solver_finished: bool = False,
    ) -> None:
        """Log a game that ended: won, or left for a new game (a loss). A game with no move made
        is not a game played and is not logged; one the solver's demo finished is a loss."""
        if not game.has_started:
            return
        finished = FinishedGame(
            rules=game.rules.name,
            deal=game.deal_number,
            won=won and not solver_finished,
            moves=game.move_count,
            seconds=max(0.0, float(elapsed)),
            finished=datetime.now(timezone.utc),
            hints_used=hints_used,
            solver_finished=solver_finished,
            takeback=game.rules.foundation_takeback,
            start=None if game.deal_number is not None else format_board(game.start),
        )
        self._games.append(finished.to_json())

    def finished_games(self) -> list[FinishedGame]:
        """Every logged game, oldest first."""
        return self._games.read()

    def statistics(self, rules_name: str) -> Statistics:
        return compute(rules_name, self.finished_games())

    def recent_games(self, limit: int | None = 20, rules_name: str | None = None) -> list[FinishedGame]:
        """Newest first; `limit=None` for all."""
        games = [game for game in self.finished_games() if rules_name in (None, game.rules)]
        games.reverse()
        return games if limit is None else games[:limit]

    def reset_statistics(self, rules_name: str | None = None) -> None:
        """Forget the finished games of one rules variant, or of all."""
        self._games.rewrite(lambda game: rules_name is not None and game.rules != rules_name)
