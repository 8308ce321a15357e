"""The one object the window and the command line use to keep things between runs. Nothing
here raises on a file problem: reads fall back to defaults, writes to a notice
(`take_notices`), so the game always plays. The window's calls, in order, and what waits in
memory when the database is busy: docs/storage.md, "The store's calls".
"""

from __future__ import annotations

import dataclasses
import io
import sqlite3
import time
import uuid
import weakref
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import date
from functools import partial
from pathlib import Path
from types import ModuleType
from typing import IO, TYPE_CHECKING, TypeVar

from eightoff.core.game import Game
from eightoff.core.i18n import _, ngettext
from eightoff.core.limits import clamp_seconds, now_clamped
from eightoff.core.notation import format_board
from eightoff.core.preferences import Preferences
from eightoff.core.variants import DEFAULT_KEY, VARIANTS, variant_of
from eightoff.store import (
    daily_records,
    database,
    legacy,
    pending,
    preferences_store,
    saved_game,
    unfinished,
    wal_files,
)
from eightoff.store.daily_records import Best, DayResult
from eightoff.store.database import Database, Unwritten
from eightoff.store.files import Notices, StoreFiles, shown
from eightoff.store.instance import InstanceLock
from eightoff.store.saved_game import SavedGame
from eightoff.store.schema import LOST, SOLVED, WON, BadContent, LogLine, Outcome
from eightoff.userfiles.dirs import StoreDirs, default_dirs, private_folder
from eightoff.userfiles.language import PREFERENCES_FILE, SYSTEM, peek_language
from eightoff.userfiles.tidy import tidy

if TYPE_CHECKING:
    # The finished games' side (their rows, figures and JSON lines) is imported when first
    # used: a window opens on its unfinished game without it, and sooner for it.
    from eightoff.store.statistics import FinishedGame, Statistics, Totals

T = TypeVar("T")
GEOMETRY_FILE = "window.json"
OUTCOMES = (WON, LOST, SOLVED)
KEPT_MOVES = database.KEPT_MOVES


@dataclass(frozen=True)
class Overview:
    """Everything the Statistics dialog and `eightoff stats` show, from the summary rows."""

    statistics: dict[str, Statistics] = field(default_factory=dict)
    """Per variant key with games, in the order first played."""
    recent: list[FinishedGame] = field(default_factory=list)
    """Newest first, at most RECENT per variant."""
    skipped: int = 0
    """Lines of an imported log that could not be read (damaged, or of absurd values)."""
    newer: int = 0
    """Lines of an imported log written by a newer version: not counted."""
    totals: dict[str, Totals] = field(default_factory=dict)
    """Per variant key, the running figures the charts and the figures by grade are made from."""
    together: Totals = field(default_factory=lambda: no_games())
    """All games as one run in the order they ended: their outcomes, streaks and trace."""


def no_games() -> Totals:
    """The figures of no games. This and `_finished` import the finished games' side when
    first called (see the imports above)."""
    from eightoff.store.statistics import Totals  # here, for start-up cost

    return Totals()


def _finished() -> ModuleType:
    from eightoff.store import finished  # here, for start-up cost

    return finished


@dataclass
class Waiting:
    """An outcome not written yet, with what goes with it."""

    line: LogLine
    record: bytes


class Store:
    def __init__(self, dirs: StoreDirs | None = None, wait: float = database.WINDOW_WAIT,
                 command_line: bool = False) -> None:
        self.dirs = dirs if dirs is not None else default_dirs()
        tidy(self.dirs)
        self.wait = wait
        self._notices = Notices(command_line)
        self._files = StoreFiles(self._notices)
        self.preferences_path = self.dirs.user_config_path / PREFERENCES_FILE
        self.geometry_path = self.dirs.user_state_path / GEOMETRY_FILE
        self._db: Database | None = None
        self._instance: InstanceLock | None = None
        self.owns_unfinished = True
        """False in a second window: the unfinished game is the first window's."""
        self._ids: dict[int, tuple[weakref.ref[Game], str]] = {}
        self._watched: set[str] = set()
        """Ids of finished games being watched again: never written again."""
        self._recorded: set[str] = set()
        self._waiting: list[Waiting] = []
        self._marks: dict[str, unfinished.Mark] = {}
        self._unsaved_games: dict[str, SavedGame] = {}
        """Per variant key, the game whose last save failed: saved again at the next step."""
        self._loaded_preferences: Preferences | None = None
        self._busy_since: float | None = None
        """When writes began to fail (None: the last one went through)."""
        self._pending_kept = False
        """Whether the pending file holds outcomes still waiting here (`pending`)."""

    @property
    def database_path(self) -> Path:
        return self.dirs.user_data_path / database.FILE

    @property
    def cache_folder(self) -> Path:
        """Where the window may keep what it can draw again (the card faces): files there are
        never the player's data, and any of them may vanish."""
        return self.dirs.user_cache_path

    def own_files(self) -> list[Path]:
        """The folders of the player's files, which no output of a command may go into."""
        return [self.dirs.user_data_path, self.dirs.user_state_path, self.dirs.user_config_path]

    # ----- the database ----------------------------------------------------------------------

    @property
    def db(self) -> Database:
        """Opened at first use: the window's first frame does not wait for it. The old files'
        migration is done here, once."""
        if self._db is None:
            self._db = Database(self.dirs.user_data_path, self._notices, self.wait)
            self._migrate()
            self._record_pending()
        return self._db

    @property
    def pending_path(self) -> Path:
        return self.dirs.user_data_path / pending.FILE

    def _record_pending(self) -> None:
        """Add the games a window could not write before it closed (`pending`), then forget them."""
        raw = pending.take(self.pending_path)
        if raw is None or self._db is None or self._db.connection is None or not self._db.writable:
            return
        result = self.import_games(io.BytesIO(raw))
        if result is None:
            return
        pending.forget(self.pending_path)
        if result[0]:
            self._notices.add(ngettext(
                "{count} finished game that could not be saved when Eight Off last closed is now in your "
                "statistics.",
                "{count} finished games that could not be saved when Eight Off last closed are now in your "
                "statistics.", result[0]).format(count=result[0]))

    def _migrate(self) -> None:
        """Read the files of older versions into the database, when there are any (`legacy`)."""
        assert self._db is not None
        if self._db.connection is None or not self._db.writable or not legacy.old_files(self.dirs):
            return
        short = wal_files.room_short(self.dirs.user_data_path, wal_files.size_of(legacy.old_files(self.dirs)))
        self._db.set_wait(max(self.wait, database.COMMAND_WAIT))  # once, for a large log
        try:
            if short is not None:  # not even tried: a failed try would leave its log filling the disk
                raise Unwritten(short)
            problems, skipped, newer = self._db.write(
                lambda connection: legacy.migrate(connection, self.dirs), durable=True)
        except Unwritten as error:
            self._notices.add(_("Your games could not be moved into the database yet ({reason}); it is tried "
                                "again at the next start.").format(reason=error))
            return
        finally:
            self._db.set_wait(self.wait)
        for problem in problems:
            aside = legacy.kept_path(self.dirs, problem.path)
            self._notices.add(_("Your {what} could not be read ({reason}); {consequence}. The file was "
                                "kept as {aside}.").format(what=problem.what, reason=problem.reason,
                                                           consequence=problem.consequence,
                                                           aside=shown(aside)))
        if skipped:
            self._notices.add(ngettext(
                "{count} line of your record of finished games could not be read and was skipped; every "
                "other game is counted.",
                "{count} lines of your record of finished games could not be read and were skipped; every "
                "other game is counted.", skipped).format(count=skipped))
        if newer:
            self._notices.add(ngettext(
                "{count} finished game was recorded by a newer version of Eight Off; it is kept but not "
                "counted here.",
                "{count} finished games were recorded by a newer version of Eight Off; they are kept but not "
                "counted here.", newer).format(count=newer))
        told = legacy.move_aside(self.dirs)
        if told is not None:
            self._notices.add(told)

    def _read(self, query: Callable[[sqlite3.Connection], T], default: T, again: bool = True) -> T:
        """A read of the database; `default` when there is none to read."""
        connection = self.db.connection
        if connection is None:
            return default
        try:
            return query(connection)
        except sqlite3.DatabaseError as error:
            if again and self.db.damaged(error):  # set aside, and a new one started with what was read
                return self._read(query, default, again=False)
            self._notices.add(_("Your {what} could not be read: {reason}.").format(
                what=database.what(), reason=database.reason_of(error)))
            return default

    def _write(self, work: Callable[[sqlite3.Connection], T], durable: bool = False) -> T | None:
        """`work` in one transaction (it returns something other than None); None when the
        database did not take it, with the notice."""
        try:
            result = self.db.write(work, durable)
        except Unwritten as error:
            if self.db.newer:  # said once, when it was opened
                return None
            if self._busy_since is None:
                self._busy_since = time.monotonic()
            if not error.busy or time.monotonic() - self._busy_since >= database.BUSY_PATIENCE:
                self._notices.cannot_save(database.what(), self.database_path, str(error))
            return None
        self._busy_since = None
        self._notices.saved()
        return result

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
        """While writes are failing (a full disk, a read-only folder, a lock held), the sentence
        to keep in view; None once everything waiting has been written."""
        if self._waiting or self._files.unsaved or self._unsaved_games:
            return self._notices.write_problem or _("Cannot save: it is tried again at every move.")
        return None

    # ----- one window or two ---------------------------------------------------------------

    def acquire_instance(self) -> bool:
        """Claim the unfinished game for this window. False when another window holds it: this
        store then neither loads, saves nor clears the unfinished game, and says so."""
        if self._instance is None:
            private_folder(self.dirs.user_state_path)
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
        if self._db is not None and (self._waiting or self._unsaved_games):
            self._db.set_wait(database.CLOSING_WAIT)
            self._busy_since = -database.BUSY_PATIENCE  # what stays unwritten now is said
            self._settle()
        self._files.retry()
        if self._db is not None:
            self._db.close()
            self._db = None  # opened again if this store is used after all
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
        (another window may have changed others), while holding the database's write lock, so
        two windows never undo each other's choices; without it (busy past a frame, no
        database) it writes anyway, as losing a merge is better than freezing."""
        def merge(_connection: sqlite3.Connection | None = None) -> Preferences:
            merged = preferences_store.merge(
                preferences, self._loaded_preferences,
                preferences_store.peek(self.preferences_path, self.geometry_path, self._loaded_preferences))
            preferences_store.save(merged, self.preferences_path, self.geometry_path, self._files)
            return merged

        try:
            merged = self.db.write(merge)
        except Unwritten:
            merged = merge()
        self._loaded_preferences = dataclasses.replace(preferences)
        return merged

    # ----- the unfinished game -------------------------------------------------------------

    def load_unfinished(self, variant_key: str = DEFAULT_KEY) -> SavedGame | None:
        """The unfinished game of that variant, if one is kept and reads back soundly (one that
        does not is set aside in the database, with a notice)."""
        if not self.owns_unfinished:
            return None
        consequence = _("a new game is dealt")
        try:
            found = self._read(lambda connection: unfinished.load(connection, variant_key), None)
        except BadContent as error:
            aside = self._write(lambda connection: unfinished.set_aside(connection, variant_key))
            self._notices.add(_("Your {what} could not be read ({reason}); {consequence}. It was kept in "
                                "the database as {aside}.").format(
                what=saved_game.what(), reason=error, consequence=consequence, aside=aside))
            return None
        if found is None:
            return None
        saved, mark, problem = found
        if problem is not None:
            self._notices.add(_("Your unfinished game resumes at move {count}: the step after it could not "
                                "be read ({reason}).").format(count=saved.game.move_count, reason=problem))
        game_id = saved.game_id or self.game_id(saved.game)
        saved = dataclasses.replace(saved, game_id=game_id)
        mark.game_id = game_id
        self._marks[variant_key] = mark
        self._ids[id(saved.game)] = (weakref.ref(saved.game), game_id)
        self._settle()
        if saved.game.is_won:
            self._recover(saved, game_id)
            return None
        return saved

    def _recover(self, saved: SavedGame, game_id: str) -> None:
        """A won game left among the unfinished ones (the window stopped as it won): count it
        now, at most once (by its id), and say so; it is forgotten once the win is written."""
        self.record_outcome(saved.game, WON, saved.elapsed, saved.hints_used, game_id, daily=saved.daily,
                            par=saved.par)
        self._notices.add(_(
            "A game you won when Eight Off last stopped was found among the unfinished games; "
            "the win is in your statistics."))

    def save_unfinished(self, game: Game, elapsed: float, hints_used: bool = False,
                        game_id: str | None = None, daily: date | None = None,
                        par: int | None = None) -> None:
        """Save the game as its variant's unfinished game: one transaction, the steps since the
        last save only. `daily` (the day whose daily deal it is) and `par` go with it."""
        game_id = game_id or self.game_id(game)
        if not self.owns_unfinished or game_id in self._watched or self.db.newer:
            return
        key = game.rules.name
        self._unsaved_games[key] = SavedGame(game, elapsed, hints_used, game_id, daily, par)
        self._settle()

    def clear_unfinished(self, variant_key: str | None = None) -> None:
        """Forget the unfinished game of that variant (None: of every variant)."""
        if not self.owns_unfinished:
            return
        keys = [variant_key] if variant_key is not None else list(VARIANTS)

        def clear(connection: sqlite3.Connection) -> bool:
            for key in keys:
                unfinished.clear(connection, key)
            return True

        if self._write(clear) is not None:
            for key in keys:
                self._marks.pop(key, None)
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

    def record_outcome(self, game: Game, outcome: Outcome, elapsed: float, hints_used: bool = False,
                       game_id: str | None = None, daily: date | None = None, par: int | None = None) -> bool:
        """Record how a game ended: "won", "lost" or "solved with help" (the solver or step-through
        finished it), with its moves (for Watch), and forget its unfinished game, in one
        transaction, fsynced. True when the outcome is durable; False when the database did not
        take it (kept in memory and written at the next step or at `close`, the unfinished game
        kept meanwhile). A game with no move made is not a game played, a game already
        recorded by this store is not recorded again, and a finished game watched again is
        never recorded (False). A wall clock outside 1970..2200 gives the nearest date inside,
        flagged."""
        if outcome not in OUTCOMES:
            raise ValueError(f"unknown outcome {outcome!r}")
        outcome = Outcome(outcome)
        game_id = game_id or self.game_id(game)
        if not game.has_started or game_id in self._recorded or game_id in self._watched or self.db.newer:
            return False
        finished_at, clamped = now_clamped()
        line = LogLine(
            version=1, rules=game.rules.name, deal=game.deal_number,
            start=None if game.deal_number is not None else format_board(game.start),
            won=outcome == WON, moves=game.move_count, seconds=clamp_seconds(elapsed), finished=finished_at,
            hints_used=hints_used, solver_finished=outcome == SOLVED, takeback=game.rules.foundation_takeback,
            options=",".join(sorted(key for key, on in variant_of(game.rules).choices_of(game.rules).items()
                                    if on)),
            id=game_id, outcome=outcome, clock_clamped=clamped, daily=daily.isoformat() if daily else None,
            par=par)
        import msgspec  # here, for start-up cost

        self._recorded.add(game_id)
        self._unsaved_games.pop(game.rules.name, None)
        self._waiting.append(Waiting(line, msgspec.json.encode(game.to_record())))
        self._settle()
        if any(waiting.line is line for waiting in self._waiting):
            self._pending_kept = pending.keep(self._files, self.pending_path, self._waiting_lines())
            return False
        return True

    def _waiting_lines(self) -> list[bytes]:
        import msgspec  # here, for start-up cost

        return [msgspec.json.encode(waiting.line) for waiting in self._waiting]

    @property
    def waiting_outcomes(self) -> list[Outcome]:
        """The outcomes recorded here that the database has not taken yet."""
        return [waiting.line.result for waiting in self._waiting]

    @property
    def kept_for_next_start(self) -> bool:
        """Whether the waiting outcomes are all in the pending file, for the next start."""
        return not self._waiting or self._pending_kept

    def retry_writes(self) -> bool:
        """Try again what waits to be written; True when nothing waits any more."""
        self._settle()
        self._files.retry()
        return self.write_problem is None

    def save_waiting_elsewhere(self, folders: list[Path]) -> Path | None:
        """The waiting outcomes as lines `stats --import` reads, in a new file in the first of
        `folders` that takes it; its path, or None."""
        return pending.save_elsewhere(self._waiting_lines(), folders) if self._waiting else None

    def _settle(self) -> None:
        """Write what waits in memory: the outcomes (each with the clearing of its unfinished
        game), then the unfinished games."""
        if self.db.moved():  # a new file under the name: each game is written there whole
            self._marks.clear()
        if self._waiting:
            waiting = list(self._waiting)
            if self._write(lambda connection: _record(connection, waiting), durable=True) is not None:
                del self._waiting[:len(waiting)]
                if not self._waiting and self._pending_kept:
                    pending.forget(self.pending_path)
                    self._pending_kept = False
                for each in waiting:
                    if each.line.id == _id_of(self._marks.get(each.line.rules)):
                        del self._marks[each.line.rules]
        for key, saved in list(self._unsaved_games.items()):
            written = self._write(partial(unfinished.save, saved=saved, mark=self._marks.get(key)))
            if written is None:
                break
            self._marks[key] = written
            if self._unsaved_games.get(key) is saved:
                del self._unsaved_games[key]

    def finished_moves(self, game_id: str | None) -> Game | None:
        """A finished game as it ended, with its moves, to watch again; None when its moves are
        not kept (only the newest KEPT_MOVES games' are)."""
        if game_id is None:
            return None
        found = self._read(lambda connection: connection.execute(
            "SELECT record FROM moves JOIN games USING (seq) WHERE id = ?", (game_id,)).fetchone(), None)
        if found is None:
            return None
        import msgspec  # here, for start-up cost

        try:
            return Game.from_record(msgspec.json.decode(found[0]))
        except Exception as error:  # the core's replay, whatever it raises
            self._notices.add(_("The moves of that game could not be read ({reason}); it cannot be watched "
                                "again.").format(reason=error))
            return None

    def adopt(self, game: Game, game_id: str) -> None:
        """Take `game` as a finished game watched again: it is never recorded nor saved, so
        whatever it ends in, the first outcome of that id stands."""
        self._ids[id(game)] = (weakref.ref(game), game_id)
        self._watched.add(game_id)

    # ----- statistics ----------------------------------------------------------------------

    def overview(self) -> Overview:
        """The figures of every variant and the recent games, from the summary rows (a few rows
        read, at any number of games)."""
        self._settle()

        def read(connection: sqlite3.Connection) -> Overview:
            totals, together = _finished().read_totals(connection)
            facts = dict(connection.execute("SELECT name, value FROM facts"))
            if "counted" not in facts and connection.execute("SELECT 1 FROM games LIMIT 1").fetchone():
                raise ValueError("the games are not counted")
            newest = [line for each in totals.values() for line in reversed(each.recent)]
            lines = sorted(newest, key=lambda line: line.finished, reverse=True)
            return Overview(statistics={key: each.statistics(key) for key, each in totals.items()},
                            recent=[_finished().game_of_line(line) for line in lines],
                            skipped=int(facts.get("skipped", 0)), newer=int(facts.get("newer", 0)),
                            totals=totals, together=together)

        try:
            return self._read(read, Overview())
        except ValueError:  # a summary row that does not decode, or none yet: counted again
            self._write(_finished().recount)
        try:
            return self._read(read, Overview())
        except ValueError:  # the count could not be written now (another process, a read-only
            return Overview()  # database): no figures this time rather than none ever

    def statistics(self, rules_name: str) -> Statistics:
        totals = self.overview().totals.get(rules_name)
        return (totals if totals is not None else no_games()).statistics(rules_name)

    def recent_games(self, limit: int | None = 20, rules_name: str | None = None) -> list[FinishedGame]:
        """Newest first; up to RECENT (per variant) from the summary rows, more (`limit=None`
        for all) from the games table."""
        from eightoff.store.statistics import RECENT  # here, for start-up cost

        if limit is not None and limit <= RECENT:
            games = [game for game in self.overview().recent if rules_name in (None, game.rules)]
            return games[:limit]
        found: list[FinishedGame] = self._read(lambda connection: list(
            _finished().each_game(connection, rules_name, newest_first=True)), [])
        return found if limit is None else found[:limit]

    def best(self, rules_name: str, deal: int) -> Best | None:
        """The player's best wins of one deal: fewest moves and best time (None: never won)."""
        return self._read(lambda connection: daily_records.best_of(connection, rules_name, deal), None)

    def bests(self, rules_name: str | None = None) -> list[Best]:
        """Every numbered deal won, of one game or of all, with the player's best on it."""
        return self._read(lambda connection: daily_records.bests(connection, rules_name), [])

    def daily_results(self, rules_name: str) -> dict[date, DayResult]:
        """Each day's result of one game's daily deals (the best of that day's games)."""
        return self._read(lambda connection: daily_records.daily_games(connection, rules_name), {})

    def each_game(self, rules_name: str | None = None) -> Iterable[FinishedGame]:
        """Every recorded game, oldest first, a block at a time (for `--csv`)."""
        self._settle()
        connection = self.db.connection
        return _finished().each_game(connection, rules_name) if connection is not None else ()

    def finished_games(self) -> list[FinishedGame]:
        """Every recorded game, oldest first."""
        return list(self.each_game())

    def reset_statistics(self, rules_name: str | None = None) -> None:
        """Forget the finished games of one variant, or of all, and count the rest again."""
        self._settle()

        def reset(connection: sqlite3.Connection) -> bool:
            where, arguments = ("WHERE rules = ?", (rules_name,)) if rules_name is not None else ("", ())
            connection.execute(f"DELETE FROM moves WHERE seq IN (SELECT seq FROM games {where})", arguments)
            connection.execute(f"DELETE FROM games {where}", arguments)
            connection.execute("DELETE FROM facts WHERE name IN ('counted', 'skipped', 'newer')")
            _finished().count_new(connection)
            return True

        self._write(reset)

    # ----- moving games in and out ---------------------------------------------------------

    def export_games(self, out: IO[bytes], rules_name: str | None = None) -> int:
        """Write every game (of `rules_name`) as a JSON line, oldest first; how many."""
        self._settle()
        written: int = self._read(
            lambda connection: _finished().export_lines(connection, out, rules_name), 0)
        return written

    def import_games(self, source: IO[bytes]) -> tuple[int, int] | None:
        """Add the games of JSON lines, each id once, in one transaction: (games added, lines
        skipped), or None when the database did not take them."""
        lines = _finished().Lines(source)

        def add(connection: sqlite3.Connection) -> int:
            added: int = _finished().add_lines(connection, lines)
            _finished().count_new(connection)
            return added

        added = self._write(add, durable=True)
        return None if added is None else (added, lines.skipped + lines.newer)


def _id_of(mark: unfinished.Mark | None) -> str | None:
    return mark.game_id if mark is not None else None


def _record(connection: sqlite3.Connection, waiting: list[Waiting]) -> bool:
    """The outcomes, their moves (the newest KEPT_MOVES games' kept), their figures, and the
    clearing of their unfinished games: the caller's one transaction."""
    for each in waiting:
        cursor = connection.execute(_finished().INSERT, _finished().row_of(each.line))
        if cursor.rowcount:
            connection.execute("INSERT OR REPLACE INTO moves VALUES (?, ?)", (cursor.lastrowid, each.record))
        unfinished.clear(connection, each.line.rules, each.line.id)
    connection.execute("DELETE FROM moves WHERE seq < (SELECT seq FROM moves ORDER BY seq DESC LIMIT 1 "
                       "OFFSET ?)", (KEPT_MOVES - 1,))
    _finished().count_new(connection)
    return True
