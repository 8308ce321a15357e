"""The one object the window and the command line use to keep things between runs.

Nothing here raises on a file problem: reading falls back to defaults and writing to a notice,
so the game always plays. `take_notices` hands over what the player should be told, as whole
sentences, each to be shown until dismissed.

The window's calls, in order:
- `acquire_instance()` first: False means another window is open on the same files; this
  store then leaves that window's unfinished game alone (and says so in a notice);
- `load_preferences()`, `load_unfinished()`;
- `save_unfinished(game, ...)` after every change; `record_outcome(game, WON, ...)` at the
  winning move (durable when it returns True; a second call for the same game does nothing);
- `close()` when the window closes.

Nothing is deleted until what replaces it is written: the unfinished game is cleared only once
its outcome is in the log or the journal of waiting games (`journal`). A write that fails (a
full disk, a read-only folder) leaves the last good file on disk and the data in memory; it is
tried again at the next save and at `close`, and `write_problem` says so meanwhile. Recording
never waits on another process's lock: the outcome waits in the journal instead.
"""

from __future__ import annotations

import dataclasses
import uuid
import weakref
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

import msgspec

from eightoff.core.game import Game
from eightoff.core.i18n import _
from eightoff.core.limits import clamp_seconds, now_clamped
from eightoff.core.notation import format_board
from eightoff.core.preferences import Preferences
from eightoff.core.variants import DEFAULT_KEY, VARIANTS, variant_of
from eightoff.store import game_steps, preferences_store, saved_game
from eightoff.store.file_lock import held
from eightoff.store.files import Notices, StoreFiles, atomic_write
from eightoff.store.instance import InstanceLock
from eightoff.store.journal import FOLDER, Journal
from eightoff.store.saved_game import SavedGame
from eightoff.store.schema import (
    LOST,
    SOLVED,
    WON,
    BadContent,
    LogFields,
    LogLine,
    Outcome,
)
from eightoff.userfiles.dirs import StoreDirs, default_dirs
from eightoff.userfiles.language import PREFERENCES_FILE, SYSTEM, peek_language
from eightoff.userfiles.reading import DOCUMENT_LIMIT, reason_of

if TYPE_CHECKING:
    # The finished games' side (the log, its summary, the kept moves, the statistics) is
    # imported when first used: a window opens on its unfinished game without it, and its
    # ~10 ms of imports come after the first frame (issue 20).
    from eightoff.store.game_log import GameLog
    from eightoff.store.replays import Replays
    from eightoff.store.statistics import FinishedGame, Statistics, Totals
    from eightoff.store.summary import SummaryFile

GEOMETRY_FILE = "window.json"
UNFINISHED_FILE = "unfinished-game.json"
GAMES_FILE = "games.jsonl"
SUMMARY_FILE = "games-summary.json"
PREFERENCES_LOCK = "preferences.lock"
PREFERENCES_WAIT = 1.0
"""Seconds a window waits for another to finish writing its preferences (a few milliseconds'
work); past that it writes anyway, as losing a merge is better than freezing."""
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
    totals: dict[str, Totals] = field(default_factory=dict)
    """Per variant key, the running figures the charts and the figures by grade are made from."""
    together: Totals = field(default_factory=lambda: no_games())
    """All games as one run in the order they ended: their outcomes, streaks and trace."""


def no_games() -> Totals:
    """The figures of no games. This and `finished_game` import the statistics when first
    called (see the imports above)."""
    from eightoff.store.statistics import Totals  # here, for start-up cost

    return Totals()


def finished_game(line: LogFields) -> FinishedGame:
    from eightoff.store.statistics import FinishedGame  # here, for start-up cost

    return FinishedGame.from_line(line)


class Store:
    def __init__(self, dirs: StoreDirs | None = None) -> None:
        self.dirs = dirs if dirs is not None else default_dirs()
        self._notices = Notices()
        self._files = StoreFiles(self._notices)
        self.preferences_path = self.dirs.user_config_path / PREFERENCES_FILE
        self.geometry_path = self.dirs.user_state_path / GEOMETRY_FILE
        self.unfinished_path = self.dirs.user_state_path / UNFINISHED_FILE
        self._instance: InstanceLock | None = None
        self.owns_unfinished = True
        """False in a second window: the unfinished game is the first window's."""
        self._ids: dict[int, tuple[weakref.ref[Game], str]] = {}
        self._recorded: set[str] = set()
        self._unfinished_ids: dict[str, str] = {}
        """Per variant key, the id of the unfinished game in its file."""
        self._journal = Journal(self.dirs.user_data_path / FOLDER)
        self._waiting: list[LogLine] = []
        """Outcomes neither in the log nor in the journal yet (the disk refused both)."""
        self._journaled = True
        """Whether the journal may hold outcomes to move into the log (checked at the start)."""
        self._marks: dict[Path, game_steps.Mark] = {}
        """Per unfinished game's file, how far its steps file goes."""
        self._unsaved_games: dict[str, tuple[Game, float, bool, str]] = {}
        """Per variant key, the game whose last save failed: saved again at `close`."""
        self._loaded_preferences: Preferences | None = None
        """The preferences as this window read them: `save_preferences` writes only what
        differs from them, over what is on disk by then."""

    @cached_property
    def _games(self) -> GameLog:
        from eightoff.store.game_log import GameLog  # here, for start-up cost

        return GameLog(self.dirs.user_data_path / GAMES_FILE, self._files)

    @cached_property
    def _summary(self) -> SummaryFile:
        from eightoff.store.summary import SummaryFile  # here, for start-up cost

        return SummaryFile(self.dirs.user_data_path / SUMMARY_FILE, self._games, self._files)

    @cached_property
    def _replays(self) -> Replays:
        from eightoff.store.replays import FOLDER, Replays  # here, for start-up cost

        return Replays(self.dirs.user_data_path / FOLDER, self._files)

    @property
    def cache_folder(self) -> Path:
        """Where the window may keep what it can draw again (the card faces): files there are
        never the player's data, and any of them may vanish."""
        return self.dirs.user_cache_path

    # ----- what to tell the player ---------------------------------------------------------

    @property
    def notices(self) -> list[str]:
        """Sentences not yet handed over (a copy; `take_notices` empties it)."""
        return list(self._notices.messages)

    def take_notices(self) -> list[str]:
        """Hand over the notices for the window to show until the player dismisses them."""
        return self._notices.take()

    @property
    def write_problem(self) -> str | None:
        """While writes are failing (a full disk, a read-only folder), the sentence to keep in
        view; None once everything waiting has been written."""
        if self._waiting or self._files.unsaved or self._unsaved_games:
            return self._notices.write_problem or _("Cannot save: it is tried again at every move.")
        return None

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
        """The window is closing: a last try at whatever could not be written yet, then let the
        next window own the unfinished game."""
        for game, elapsed, hints_used, game_id in list(self._unsaved_games.values()):
            self.save_unfinished(game, elapsed, hints_used, game_id)
        self._settle()
        self._files.retry()
        if self._instance is not None:
            self._instance.release()

    # ----- preferences ---------------------------------------------------------------------

    def load_preferences(self) -> Preferences:
        preferences = preferences_store.load(self.preferences_path, self.geometry_path, self._files)
        self._loaded_preferences = dataclasses.replace(preferences)
        return preferences

    def language_preference(self) -> str:
        """The player's chosen language ("system", "en", "it"), read without side effects."""
        language = peek_language(self.preferences_path)
        return language if language in preferences_store.LANGUAGES else SYSTEM

    def save_preferences(self, preferences: Preferences) -> Preferences:
        """Write the settings this window changed since it loaded them over what is on disk now
        (another window may have changed others), under a lock between windows; returns what
        was written. Two windows thus never undo each other's choices."""
        with held(self.preferences_path.with_name(PREFERENCES_LOCK), PREFERENCES_WAIT):
            merged = preferences_store.merge(
                preferences, self._loaded_preferences,
                preferences_store.peek(self.preferences_path, self.geometry_path, self._loaded_preferences))
            preferences_store.save(merged, self.preferences_path, self.geometry_path, self._files)
        self._loaded_preferences = dataclasses.replace(preferences)
        return merged

    # ----- the unfinished game -------------------------------------------------------------

    def unfinished_path_for(self, variant_key: str) -> Path:
        """Each variant keeps its own unfinished game, so switching games and back resumes it;
        the default game's keeps the file name Eight Off's always had."""
        if variant_key == DEFAULT_KEY:
            return self.unfinished_path
        return self.unfinished_path.with_name(f"unfinished-game-{variant_key}.json")

    def load_unfinished(self, variant_key: str = DEFAULT_KEY) -> SavedGame | None:
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
            saved, token = saved_game.decode_saved(raw)
            if saved.game.rules.name != variant_key:
                raise BadContent(_("it holds a game of another kind"))
        except BadContent as error:
            self._files.set_aside(path, what, str(error), consequence)
            return None
        game_id = saved.game_id or self.game_id(saved.game)
        if token is not None:
            clock = game_steps.replay(saved.game, game_steps.steps_path(path, token), token)
            if clock is not None:
                saved = SavedGame(saved.game, clock[0], clock[1], game_id)
            self._marks[path] = game_steps.mark(saved.game, game_id, token)
        self._ids[id(saved.game)] = (weakref.ref(saved.game), game_id)
        self._unfinished_ids[variant_key] = game_id
        self._settle()
        if saved.game.is_won:
            self._recover(saved, game_id)
            return None
        return SavedGame(saved.game, saved.elapsed, saved.hints_used, game_id)

    def _recover(self, saved: SavedGame, game_id: str) -> None:
        """A won game left among the unfinished ones (the window stopped as it won): count it
        now, at most once (by its id), and say so; its file goes once the win is written."""
        self.record_outcome(saved.game, WON, saved.elapsed, saved.hints_used, game_id)
        self._notices.add(_(
            "A game you won when Eight Off last stopped was found among the unfinished games; "
            "the win is in your statistics."))

    def save_unfinished(
        self, game: Game, elapsed: float, hints_used: bool = False, game_id: str | None = None
    ) -> None:
        if not self.owns_unfinished:
            return
        game_id = game_id or self.game_id(game)
        key = game.rules.name
        if self._save_steps(self.unfinished_path_for(key), game, elapsed, hints_used, game_id):
            self._unfinished_ids[key] = game_id
            self._unsaved_games.pop(key, None)
        else:
            self._unsaved_games[key] = (game, elapsed, hints_used, game_id)
        self._settle()
        self._files.retry()

    def _save_steps(self, path: Path, game: Game, elapsed: float, hints_used: bool, game_id: str) -> bool:
        """Append what changed since the last save to the game's steps file (`game_steps`), in
        the same time however long the game; or, for a new game or a change the lines cannot
        say, write the whole history to a new steps file and the game's file to name it."""
        if not self._files.may_write(path):
            return False
        previous = self._marks.get(path)
        changes = None
        if previous is not None and previous.game() is game and previous.game_id == game_id:
            changes = game_steps.changes_since(previous, game)
        token = previous.token if changes is not None and previous is not None else game_steps.new_token()
        steps = game_steps.steps_path(path, token)
        try:
            if changes is not None:
                game_steps.append(steps, game_steps.lines_of(changes, token, game, elapsed, hints_used))
            else:
                history = game_steps.whole_history(game)
                atomic_write(steps, game_steps.lines_of(history, token, game, elapsed, hints_used))
        except OSError as error:
            self._notices.cannot_save(saved_game.what(), path, reason_of(error))
            return False
        if changes is None:
            if not self._files.write(path, saved_game.what(),
                                     saved_game.encode(game, elapsed, hints_used, game_id, token)):
                self._files.forget_unsaved(path)  # tried again whole, by `_unsaved_games`
                steps.unlink(missing_ok=True)
                return False
            game_steps.remove_all_but(path, token)
        self._notices.saved()
        self._marks[path] = game_steps.mark(game, game_id, token)
        return True

    def clear_unfinished(self, variant_key: str | None = None) -> None:
        """Forget the unfinished game of that variant (None: of every variant)."""
        if not self.owns_unfinished:
            return
        keys = [variant_key] if variant_key is not None else list(VARIANTS)
        for key in keys:
            path = self.unfinished_path_for(key)
            self._files.remove(path, saved_game.what())
            if self._files.may_write(path) and not path.exists():
                game_steps.remove_all_but(path, None)
            self._marks.pop(path, None)
            self._unfinished_ids.pop(key, None)
            self._unsaved_games.pop(key, None)

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
        finished it). True when the outcome is durable (a kill or a power cut keeps it): in the
        log, or in the journal when another process holds the log's lock. Never waits for that
        lock. False when the disk took neither: the outcome is then kept in memory and written
        at the next save or at `close`, and the unfinished game stays on disk meanwhile. A game
        with no move made is not a game played: nothing is logged. A game whose id is already
        logged by this store is not logged again (False). Once the outcome is durable, the
        unfinished game of the same id is forgotten, so a crash cannot resume a counted game.
        A wall clock outside 1970..2200 gives the nearest date inside, flagged."""
        if outcome not in OUTCOMES:
            raise ValueError(f"unknown outcome {outcome!r}")
        game_id = game_id or self.game_id(game)
        if not game.has_started or game_id in self._recorded:
            return False
        finished, clamped = now_clamped()
        line = LogLine(
            version=1,
            rules=game.rules.name,
            deal=game.deal_number,
            start=None if game.deal_number is not None else format_board(game.start),
            won=outcome == WON,
            moves=game.move_count,
            seconds=clamp_seconds(elapsed),
            finished=finished,
            hints_used=hints_used,
            solver_finished=outcome == SOLVED,
            takeback=game.rules.foundation_takeback,
            options=",".join(sorted(key for key, on in variant_of(game.rules).choices_of(game.rules).items()
                                    if on)),
            id=game_id,
            outcome=outcome,
            clock_clamped=clamped,
        )
        self._recorded.add(game_id)
        self._replays.keep(game_id, game)  # its moves, for watching it again from the statistics
        self._waiting.append(line)
        self._settle()
        return line not in self._waiting

    def _settle(self) -> None:
        """Put the outcomes waiting in memory into the log (or, when another process holds its
        lock or the log refuses them, into the journal), move what the journal holds into the
        log when its lock is free, and forget the unfinished games whose outcome is written."""
        if self._waiting:
            lines = [msgspec.json.encode(line) for line in self._waiting]
            written = self._games.append(lines, wait=False)
            durable = [line for line, data in zip(self._waiting, lines, strict=True)
                       if written == "written" or self._journal.add(line.id or uuid.uuid4().hex, data)]
            self._journaled = self._journaled or written != "written"
            self._waiting = [line for line in self._waiting if line not in durable]
            for line in durable:
                if line.id == self._unfinished_ids.get(line.rules):
                    self.clear_unfinished(line.rules)
        if self._journaled:
            self._empty_journal()

    def _catch_up(self) -> None:
        """Before reading the log: what other processes left waiting in the journal goes in."""
        self._journaled = True
        self._settle()

    def _empty_journal(self) -> None:
        waiting = self._journal.waiting()
        if waiting and self._games.append([data for _path, data in waiting], wait=False) != "written":
            return
        self._journal.remove([path for path, _data in waiting])
        self._journaled = False

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

    def finished_moves(self, game_id: str | None) -> Game | None:
        """A finished game as it ended, with its moves, to watch again; None when its moves are
        not kept (an older game, or one from before moves were kept)."""
        return self._replays.load(game_id)

    def adopt(self, game: Game, game_id: str) -> None:
        """Record `game` under an existing id: a finished game watched again is not a new game,
        so whatever it ends in, the first outcome of that id stands."""
        self._ids[id(game)] = (weakref.ref(game), game_id)

    # ----- statistics ----------------------------------------------------------------------

    def overview(self) -> Overview:
        """The figures of every variant and the recent games, from the summary (quick at any
        size of log), games waiting in the journal included when the log can take them."""
        self._catch_up()
        summary = self._summary.current()
        newest_first = [line for totals in summary.variants.values() for line in reversed(totals.recent)]
        lines = sorted(newest_first, key=lambda line: line.finished, reverse=True)  # stable: ties stay
        return Overview(
            statistics={key: totals.statistics(key) for key, totals in summary.variants.items()},
            recent=[finished_game(line) for line in lines],
            skipped=summary.skipped + self._summary.torn,
            newer=summary.newer,
            totals=dict(summary.variants),
            together=summary.together,
        )

    def statistics(self, rules_name: str) -> Statistics:
        self._catch_up()
        totals = self._summary.current().variants.get(rules_name)
        return (totals if totals is not None else no_games()).statistics(rules_name)

    def recent_games(self, limit: int | None = 20, rules_name: str | None = None) -> list[FinishedGame]:
        """Newest first; up to RECENT (per variant) from the summary, more (`limit=None` for all)
        by reading the whole log."""
        from eightoff.store.statistics import RECENT  # here, for start-up cost

        if limit is not None and limit <= RECENT:
            games = self.overview().recent
        else:
            games = self.finished_games()[::-1]
        games = [game for game in games if rules_name in (None, game.rules)]
        return games if limit is None else games[:limit]

    def finished_games(self) -> list[FinishedGame]:
        """Every logged game, oldest first, each id once. Reads the whole log: for a few games
        or an export; the figures come quicker from `overview` and `statistics`."""
        self._catch_up()
        lines: list[LogFields] = []
        self._games.scan(lambda block: lines.extend(block.lines))
        seen: set[str] = set()
        games = []
        for line in lines:
            if line.id is not None:
                if line.id in seen:
                    continue
                seen.add(line.id)
            games.append(finished_game(line))
        return games

    def reset_statistics(self, rules_name: str | None = None) -> None:
        """Forget the finished games of one variant, or of all (those waiting in the journal
        too, once the log can take them)."""
        self._catch_up()
        self._games.rewrite(lambda line: rules_name is not None and line.rules != rules_name)
        self._summary.forget()
