"""The one object the window and the command line use to keep things between runs.

Nothing here raises on a file problem: reading falls back to defaults and writing to a notice,
so the game always plays. `take_notices` hands over what the player should be told, as whole
sentences, each to be shown until dismissed.

The window's calls, in order:
- `acquire_instance()` first: False means another window is open on the same files; this
  store then leaves that window's unfinished game alone (and says so in a notice);
- `load_preferences()`, `load_unfinished()`;
- `save_unfinished(game, ...)` after every change; `record_outcome(game, WON, ...)` at the
  winning move (durable when it returns; a second call for the same game does nothing);
- `close()` when the window closes.
"""

from __future__ import annotations

import uuid
import weakref
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from eightoff.core.game import Game
from eightoff.core.i18n import _
from eightoff.core.notation import format_board
from eightoff.core.variants import VARIANTS
from eightoff.store import preferences_store, saved_game
from eightoff.store.dirs import StoreDirs, default_dirs
from eightoff.store.files import Notices, StoreFiles
from eightoff.store.game_log import GameLog
from eightoff.store.instance import InstanceLock
from eightoff.store.language_peek import PREFERENCES_FILE, SYSTEM, peek_language
from eightoff.store.preferences import Preferences
from eightoff.store.reading import DOCUMENT_LIMIT
from eightoff.store.saved_game import SavedGame
from eightoff.store.schema import (
    LOST,
    MAX_SECONDS,
    SOLVED,
    WON,
    BadContent,
    LogFields,
    LogLine,
    Outcome,
)
from eightoff.store.statistics import RECENT, FinishedGame, Statistics, Totals
from eightoff.store.summary import SummaryFile

GEOMETRY_FILE = "window.json"
UNFINISHED_FILE = "unfinished-game.json"
GAMES_FILE = "games.jsonl"
SUMMARY_FILE = "games-summary.json"
OUTCOMES = (WON, LOST, SOLVED)


@dataclass(frozen=True)
class Overview:
    """Everything the Statistics dialog and `eightoff stats` show, from the summary."""

    statistics: dict[str, Statistics] = field(default_factory=dict)
    """Per variant key with games, in the order first played."""
    recent: list[FinishedGame] = field(default_factory=list)
    """Newest first, at most RECENT per variant."""
    skipped: int = 0
    """Lines of the log that could not be read (damaged, or of absurd values)."""
    newer: int = 0
    """Lines written by a newer version: kept, not counted."""


class Store:
    def __init__(self, dirs: StoreDirs | None = None) -> None:
        self.dirs = dirs if dirs is not None else default_dirs()
        self._notices = Notices()
        self._files = StoreFiles(self._notices)
        self.preferences_path = self.dirs.user_config_path / PREFERENCES_FILE
        self.geometry_path = self.dirs.user_state_path / GEOMETRY_FILE
        self.unfinished_path = self.dirs.user_state_path / UNFINISHED_FILE
        self._games = GameLog(self.dirs.user_data_path / GAMES_FILE, self._files)
        self._summary = SummaryFile(self.dirs.user_data_path / SUMMARY_FILE, self._games, self._files)
        self._instance: InstanceLock | None = None
        self.owns_unfinished = True
        """False in a second window: the unfinished game is the first window's."""
        self._ids: dict[int, tuple[weakref.ref[Game], str]] = {}
        self._recorded: set[str] = set()
        self._unfinished_ids: dict[str, str] = {}
        """Per variant key, the id of the unfinished game in its file."""

    # ----- what to tell the player ---------------------------------------------------------

    @property
    def notices(self) -> list[str]:
        """Sentences not yet handed over (a copy; `take_notices` empties it)."""
        return list(self._notices.messages)

    def take_notices(self) -> list[str]:
        """Hand over the notices for the window to show until the player dismisses them."""
        return self._notices.take()

    # ----- one window or two ---------------------------------------------------------------

    def acquire_instance(self) -> bool:
        """Claim the unfinished game for this window. False when another window holds it: this
        store then neither loads, saves nor clears the unfinished game, and says so."""
        if self._instance is None:
            self._instance = InstanceLock(self.dirs)
        self.owns_unfinished = self._instance.take()
        if not self.owns_unfinished:
            self._notices.add(_(
                "Another Eight Off window is open. This window plays without touching that window's "
                "unfinished game, and a game left unfinished here is not kept when this window closes. "
                "Finished games are counted in the statistics as usual."))
        return self.owns_unfinished

    def close(self) -> None:
        """The window is closing: let the next window own the unfinished game."""
        if self._instance is not None:
            self._instance.release()

    # ----- preferences ---------------------------------------------------------------------

    def load_preferences(self) -> Preferences:
        return preferences_store.load(self.preferences_path, self.geometry_path, self._files)

    def language_preference(self) -> str:
        """The player's chosen language ("system", "en", "it"), read without side effects."""
        language = peek_language(self.preferences_path)
        return language if language in preferences_store.LANGUAGES else SYSTEM

    def save_preferences(self, preferences: Preferences) -> None:
        preferences_store.save(preferences, self.preferences_path, self.geometry_path, self._files)

    # ----- the unfinished game -------------------------------------------------------------

    def unfinished_path_for(self, variant_key: str) -> Path:
        """Each variant keeps its own unfinished game, so switching games and back resumes it;
        Eight Off's keeps the file name it always had."""
        if variant_key == "standard":
            return self.unfinished_path
        return self.unfinished_path.with_name(f"unfinished-game-{variant_key}.json")

    def load_unfinished(self, variant_key: str = "standard") -> SavedGame | None:
        """The unfinished game of that variant, if one is kept and reads back soundly (a file
        holding another variant's game is set aside)."""
        if not self.owns_unfinished:
            return None
        path = self.unfinished_path_for(variant_key)
        what = saved_game.what()
        consequence = _("a new game is dealt")
        raw = self._files.read(path, what, DOCUMENT_LIMIT, consequence)
        if raw is None:
            return None
        try:
            saved = saved_game.decode_saved(raw)
            if saved.game.rules.name != variant_key:
                raise BadContent(_("it holds a game of another kind"))
        except BadContent as error:
            self._files.set_aside(path, what, str(error), consequence)
            return None
        game_id = saved.game_id or self.game_id(saved.game)
        self._ids[id(saved.game)] = (weakref.ref(saved.game), game_id)
        self._unfinished_ids[variant_key] = game_id
        return SavedGame(saved.game, saved.elapsed, saved.hints_used, game_id)

    def save_unfinished(
        self, game: Game, elapsed: float, hints_used: bool = False, game_id: str | None = None
    ) -> None:
        if not self.owns_unfinished:
            return
        game_id = game_id or self.game_id(game)
        data = saved_game.encode(game, elapsed, hints_used, game_id)
        key = game.rules.name
        if self._files.write(self.unfinished_path_for(key), saved_game.what(), data):
            self._unfinished_ids[key] = game_id

    def clear_unfinished(self, variant_key: str | None = None) -> None:
        """Forget the unfinished game of that variant (None: of every variant)."""
        if not self.owns_unfinished:
            return
        keys = [variant_key] if variant_key is not None else list(VARIANTS)
        for key in keys:
            self._files.remove(self.unfinished_path_for(key), saved_game.what())
            self._unfinished_ids.pop(key, None)

    # ----- finished games ------------------------------------------------------------------

    def game_id(self, game: Game) -> str:
        """The id this store records `game` under: the same for the same Game object, and for
        a resumed game the one it was saved with."""
        known = self._ids.get(id(game))
        if known is not None and known[0]() is game:
            return known[1]
        game_id = uuid.uuid4().hex
        self._ids[id(game)] = (weakref.ref(game), game_id)
        return game_id

    def record_outcome(
        self,
        game: Game,
        outcome: Outcome,
        elapsed: float,
        hints_used: bool = False,
        game_id: str | None = None,
    ) -> bool:
        """Log how a game ended: "won", "lost" or "solved with help" (the solver or step-through
        finished it). Synchronous and durable: when it returns True the outcome survives a kill
        or a power cut. A game with no move made is not a game played: nothing is logged. A game
        whose id is already logged by this store is not logged again (False). The unfinished
        game of the same id is forgotten, so a crash just after cannot resume a counted game."""
        outcome = getattr(outcome, "value", outcome)  # the session's Outcome enum has these values
        if outcome not in OUTCOMES:
            raise ValueError(f"unknown outcome {outcome!r}")
        game_id = game_id or self.game_id(game)
        if not game.has_started or game_id in self._recorded:
            return False
        line = LogLine(
            version=1,
            rules=game.rules.name,
            deal=game.deal_number,
            start=None if game.deal_number is not None else format_board(game.start),
            won=outcome == WON,
            moves=game.move_count,
            seconds=min(max(0.0, float(elapsed)), MAX_SECONDS),
            finished=datetime.now(timezone.utc),
            hints_used=hints_used,
            solver_finished=outcome == SOLVED,
            takeback=game.rules.foundation_takeback,
            id=game_id,
            outcome=outcome,
        )
        if not self._games.append(line):
            return False
        self._recorded.add(game_id)
        if game_id == self._unfinished_ids.get(game.rules.name):
            self.clear_unfinished(game.rules.name)
        if self._summary.cached is not None:
            self._summary.current()
        return True

    def record_result(
        self,
        game: Game,
        won: bool,
        elapsed: float,
        hints_used: bool = False,
        solver_finished: bool = False,
    ) -> None:
        """The older call: `record_outcome` with "solved with help" for a game the solver
        finished, else "won" or "lost"."""
        outcome = SOLVED if solver_finished else WON if won else LOST
        self.record_outcome(game, outcome, elapsed, hints_used)

    # ----- statistics ----------------------------------------------------------------------

    def overview(self) -> Overview:
        """The figures of every variant and the recent games, from the summary (quick at any
        size of log)."""
        summary = self._summary.current()
        newest_first = [line for totals in summary.variants.values() for line in reversed(totals.recent)]
        lines = sorted(newest_first, key=lambda line: line.finished, reverse=True)  # stable: ties stay
        return Overview(
            statistics={key: totals.statistics(key) for key, totals in summary.variants.items()},
            recent=[FinishedGame.from_line(line) for line in lines],
            skipped=summary.skipped + self._summary.torn,
            newer=summary.newer,
        )

    def statistics(self, rules_name: str) -> Statistics:
        totals = self._summary.current().variants.get(rules_name, Totals())
        return totals.statistics(rules_name)

    def recent_games(self, limit: int | None = 20, rules_name: str | None = None) -> list[FinishedGame]:
        """Newest first; up to RECENT (per variant) from the summary, more (`limit=None` for all)
        by reading the whole log."""
        if limit is not None and limit <= RECENT:
            games = self.overview().recent
        else:
            games = self.finished_games()[::-1]
        games = [game for game in games if rules_name in (None, game.rules)]
        return games if limit is None else games[:limit]

    def finished_games(self) -> list[FinishedGame]:
        """Every logged game, oldest first, each id once. Reads the whole log: for a few games
        or an export; the figures come quicker from `overview` and `statistics`."""
        lines: list[LogFields] = []
        self._games.scan(lambda block: lines.extend(block.lines))
        seen: set[str] = set()
        games = []
        for line in lines:
            if line.id is not None:
                if line.id in seen:
                    continue
                seen.add(line.id)
            games.append(FinishedGame.from_line(line))
        return games

    def reset_statistics(self, rules_name: str | None = None) -> None:
        """Forget the finished games of one variant, or of all."""
        self._games.rewrite(lambda line: rules_name is not None and line.rules != rules_name)
        self._summary.forget()
