"""The one object the window and the command line use to keep things between runs. Nothing
here raises on a file problem: reads fall back to defaults, writes to a notice
(`take_notices`), so the game always plays. The window's calls, in order, and what waits in
memory when the database is busy: docs/storage.md, "The store's calls".
"""

from __future__ import annotations

import dataclasses
import io
import os
import sqlite3
import time
import uuid
import weakref
from collections.abc import Callable, Iterator
from datetime import date
from functools import partial
from pathlib import Path
from typing import IO, TYPE_CHECKING, TypeVar

import msgspec

from eightoff.core.game import Game
from eightoff.core.i18n import _, decimal, ngettext
from eightoff.core.limits import clamp_seconds
from eightoff.core.notation import format_board
from eightoff.core.preferences import Preferences
from eightoff.core.variants import DEFAULT_KEY, variant_of
from eightoff.store import database, exchange, games, pending, preferences_store, unfinished
from eightoff.store.clock import now_clamped
from eightoff.store.daily_records import DayResult
from eightoff.store.database import Database, Unwritten
from eightoff.store.files import Notices, StoreFiles, shown
from eightoff.store.games import KEPT_MOVES as KEPT_MOVES  # the session's limit of Watch
from eightoff.store.games import Best, GradeOf
from eightoff.store.instance import LOCK_FILE, PREFERENCES_LOCK, InstanceLock
from eightoff.store.saved_game import SavedGame
from eightoff.store.schema import LOST, SOLVED, WON, FinishedGame, Outcome
from eightoff.store.statistics import Statistics, Summary
from eightoff.userfiles.aside import aside_path
from eightoff.userfiles.dirs import StoreDirs, default_dirs, private_folder
from eightoff.userfiles.language import PREFERENCES_FILE
from eightoff.userfiles.reading import DOCUMENT_LIMIT
from eightoff.userfiles.tidy import tidy

if TYPE_CHECKING:
    from eightoff.store.exchange import Imported

T = TypeVar("T")
GEOMETRY_FILE = "window.json"
PREFERENCES_PATIENCE = 0.5
"""Seconds a window waits for another to finish merging the preferences before it writes anyway
(losing a merge is better than freezing)."""


class Overview(msgspec.Struct, frozen=True):
    """Everything the Statistics dialog and `eightoff stats` show, from the games table: per game
    kind with games, all of them as one run, the recent games (newest first, as played), and
    how many rows are kept apart because they did not read."""

    summaries: dict[str, Summary] = msgspec.field(default_factory=dict)
    together: Summary = msgspec.field(default_factory=lambda: Summary(Statistics("")))
    recent: list[FinishedGame] = msgspec.field(default_factory=list)
    skipped: int = 0


class Waiting(msgspec.Struct):
    """An outcome not written yet, with its moves."""

    game: FinishedGame
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
        self.pending_path = pending.own_file(self.dirs.user_data_path)
        """This store's own pending file (no other process writes it)."""
        self._pending_lock = pending.lock_of(self.pending_path)
        """Held while the pending file may be written: no start adds it meanwhile."""
        self.database_path = self.dirs.user_data_path / database.FILE
        self._db: Database | None = None
        self._instance: InstanceLock | None = None
        self.owns_unfinished = True
        """False in a second window: the unfinished game is the first window's."""
        self._ids: dict[int, tuple[weakref.ref[Game], str]] = {}
        self._recorded: set[str] = set()
        # What waits in memory until the database takes it: outcomes, each kind's unfinished
        # game whose last save failed, the reason a kind's unfinished game is to be copied into
        # `kept` (until then nothing of it is written or removed), and the rows of finished
        # games that did not read (`_unread` notes them), to be kept apart.
        self._waiting: list[Waiting] = []
        self._marks: dict[str, unfinished.Mark] = {}
        self._unsaved_games: dict[str, SavedGame] = {}
        self._asides: dict[str, str] = {}
        self._bad_rows: set[int] = set()
        self._unread: list[int] = []
        self._loaded_preferences: Preferences | None = None
        self._busy_since: float | None = None
        """When writes began to fail (None: the last one went through)."""
        self._pending_kept = False
        """Whether the pending file holds the outcomes still waiting here."""
        self.read_failed = False
        """Whether a read of the database failed and gave its default (said in a notice): the
        command line then stops rather than print no games as the player's figures."""

    @property
    def cache_folder(self) -> Path:
        """Where the window keeps what it can draw again (card faces): never the player's data."""
        return self.dirs.user_cache_path

    def own_files(self) -> list[Path]:
        """The folders of the player's files, which no output of a command may go into."""
        return [self.dirs.user_data_path, self.dirs.user_state_path, self.dirs.user_config_path]

    # ----- the database ----------------------------------------------------------------------

    @property
    def db(self) -> Database:
        """Opened at first use: the window's first frame does not wait for it."""
        if self._db is None:
            self._db = Database(self.dirs.user_data_path, self._notices, self.wait)
            self._record_pending()
        return self._db

    @property
    def newer(self) -> bool:
        """Whether games.db was written by a newer version: then nothing is read or written."""
        return self.db.newer

    @property
    def readable(self) -> bool:
        """Whether games.db could be opened, or is not there (no games played): else every figure
        would read as none played, so the command line stops instead, its notice said. A newer
        version's file is not readable: it is left closed (`newer`)."""
        return self.db.connection is not None or not os.path.lexists(self.database_path)

    def _record_pending(self) -> None:
        """Add the games a window could not write before it closed: the pending files beside
        the database (each taken over first, `pending.claim`: its window may still be open),
        and the files a stop signal on a full disk left elsewhere for this data folder. Adding
        is safe to repeat (each game once, by its id), so a file is removed once all its games
        are in the database; one with lines that do not read is kept aside instead, and while
        the database cannot be written each file stays, and the player is told where and how."""
        writable = self._db is not None and self._db.connection is not None and self._db.writable
        for path in pending.left_here(self.dirs.user_data_path, self.pending_path):
            self._bring_in_here(path, writable)
        pending.clear_left_locks(self.dirs.user_data_path, self.pending_path)
        adding = InstanceLock(self.dirs.user_data_path / pending.ELSEWHERE_LOCK)
        if not adding.take():  # another start is adding them, and says what it found
            return
        try:
            for path in pending.left_elsewhere(self.dirs.user_data_path):
                self._bring_in_elsewhere(path, writable)
        finally:
            adding.release()

    def _bring_in_here(self, path: Path, writable: bool) -> None:
        """Add the games of one pending file beside the database, and say so; the file of a
        window still open is that window's to write (it holds its lock), and is left alone."""
        owner = pending.lock_of(path)
        if not owner.take():
            return
        try:
            self._bring_in_taken(path, writable)
        finally:
            pending.let_go(owner)

    def _bring_in_taken(self, path: Path, writable: bool) -> None:
        taken = pending.claim(path) if writable else path
        raw = self._read_waiting(taken) if taken is not None else None
        if taken is not None and raw is not None and writable:
            brought = self._bring_in(taken, raw)
            if brought is not None and brought[0].added:
                self._notices.add(" ".join(filter(None, (ngettext(
                    "{count} finished game that could not be saved when Eight Off last closed is now in your "
                    "statistics.",
                    "{count} finished games that could not be saved when Eight Off last closed are now in "
                    "your statistics.", brought[0].added).format(count=decimal(brought[0].added)),
                    brought[1]))))
            elif brought is not None and brought[1]:  # no game added: name the file the lines were in
                self._notices.add(" ".join((_(
                    "A file of finished games that could not be saved when Eight Off last closed ({path}) "
                    "added none to your statistics.").format(path=shown(taken)), brought[1])))

    def _read_waiting(self, path: Path) -> bytes | None:
        """A file of waiting games' lines; None when it is not there, or is bad (then kept
        aside) or unreadable (then left as it is), with the notice."""
        return self._files.read(path, _("finished games waiting to be saved"), DOCUMENT_LIMIT,
                                _("they are not in your statistics"))

    def _bring_in_elsewhere(self, path: Path, writable: bool) -> None:
        """Add the games of a file a stop signal left outside the data folder, and say so."""
        raw = self._read_waiting(path) if writable else b""
        if raw is None:  # said by the read
            return
        brought = self._bring_in(path, raw) if writable else None
        if brought is None:
            self._notices.add(_(
                "Finished games that could not be saved when Eight Off last stopped are kept in {path}; "
                "they are added at the next start that can save them, or now with: eightoff stats "
                "--import {path}").format(path=shown(path)))
            return
        result, kept = brought
        count = result.added + result.twice
        self._notices.add(" ".join(filter(None, (ngettext(
            "{count} finished game that could not be saved when Eight Off last stopped was kept in {path}; "
            "it is now in your statistics.",
            "{count} finished games that could not be saved when Eight Off last stopped were kept in {path}; "
            "they are now in your statistics.", count).format(count=decimal(count), path=shown(path)),
            kept or _("The file was removed.")))))

    def _bring_in(self, path: Path, raw: bytes) -> tuple[Imported, str | None] | None:
        """Import `raw`, the bytes of `path`; then remove the file when all its games are in
        the database, else keep it aside. What was imported and the words for a file kept
        aside; None when the database took nothing (the file stays for the next start)."""
        result = self.import_games(io.BytesIO(raw))
        if result is None:
            return None
        left = result.unreadable + result.newer + result.future
        if not left:
            pending.forget(path)
            return result, None
        aside = aside_path(path)
        try:
            os.rename(path, aside)
        except OSError:
            self._files.hands_off.add(path)
            return result, ngettext("{count} line of it was not added; the file is left as it is.",
                                    "{count} lines of it were not added; the file is left as it is.",
                                    left).format(count=decimal(left))
        return result, ngettext("{count} line of it was not added; the file was kept as {aside}.",
                                "{count} lines of it were not added; the file was kept as {aside}.",
                                left).format(count=decimal(left), aside=shown(aside))

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
            self.read_failed = True
            return default

    def _write(self, work: Callable[[sqlite3.Connection], T], durable: bool = False,
               refused: str | None = None) -> T | None:
        """`work` in one transaction (it returns something other than None); None when the
        database did not take it, with the notice (`refused`, with the reason in it, said at
        once for what the player asked for: nothing waits to do it later)."""
        try:
            result = self.db.write(work, durable)
        except Unwritten as error:
            if refused is not None:
                newer = _("the games database is from a newer version of Eight Off")
                self._notices.add(refused.format(reason=newer if self.db.newer else error))
            if self.db.newer:  # said once, when it was opened
                return None
            if self._busy_since is None:
                self._busy_since = time.monotonic()
            if not error.busy or time.monotonic() - self._busy_since >= database.BUSY_PATIENCE:
                self._notices.cannot_save(database.what(), self.database_path, str(error))
            return None
        self._busy_since = None
        self._notices.write_problem = None
        return result

    # ----- what to tell the player ---------------------------------------------------------

    def take_notices(self) -> list[str]:
        """Hand over the notices for the window to show until the player dismisses them."""
        return self._notices.take()

    @property
    def write_problem(self) -> str | None:
        """While writes are failing (a full disk, a read-only folder, a lock held), the sentence
        to keep in view; None once everything waiting has been written."""
        if self._waiting or self._files.unsaved or self._unsaved_games or self._asides:
            return self._notices.write_problem or _("Cannot save: it is tried again at every move.")
        return None

    # ----- one window or two ---------------------------------------------------------------

    def acquire_instance(self) -> bool:
        """Claim the unfinished game for this window. False when another window holds it: this
        store then neither loads, saves nor clears the unfinished game, and says so."""
        if self._instance is None:
            private_folder(self.dirs.user_state_path)
            self._instance = InstanceLock(self.dirs.user_state_path / LOCK_FILE)
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
        if self._db is not None and (self._waiting or self._unsaved_games or self._asides):
            self._db.set_wait(database.CLOSING_WAIT)
            self._busy_since = -database.BUSY_PATIENCE  # what stays unwritten now is said
            self._settle()
        self._files.retry()
        pending.let_go(self._pending_lock)  # what still waits is the next start's to add
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

    def save_preferences(self, preferences: Preferences) -> Preferences:
        """Write the settings this window changed since it loaded them over what is on disk now
        (another window may have changed others), holding the preferences' own lock file, so
        two windows never undo each other's choices."""
        lock = InstanceLock(self.dirs.user_config_path / PREFERENCES_LOCK)
        try:
            lock.wait(PREFERENCES_PATIENCE)
            merged = preferences_store.merge(
                preferences, self._loaded_preferences,
                preferences_store.peek(self.preferences_path, self.geometry_path, self._loaded_preferences))
            preferences_store.save(merged, self.preferences_path, self.geometry_path, self._files)
        finally:
            lock.release()
        self._loaded_preferences = dataclasses.replace(preferences)
        return merged

    # ----- the unfinished game -------------------------------------------------------------

    def load_unfinished(self, variant_key: str = DEFAULT_KEY) -> SavedGame | None:
        """The unfinished game of that kind, if one is kept and reads back soundly. One that does
        not is copied into the database's kept rows, with a notice; one whose history ends at
        a step that does not read resumes before it, and the whole of it is copied there too."""
        if not self.owns_unfinished:
            return None
        try:
            found = self._read(lambda connection: unfinished.load(connection, variant_key), None)
        except ValueError as error:  # BadContent
            self._asides[variant_key] = str(error)
            self._settle()
            self._notices.add(_("Your {what} could not be read ({reason}); a new game is dealt. It was kept "
                                "in the database.").format(what=_("unfinished game"), reason=error))
            return None
        if found is None:
            return None
        saved, mark, problem, resets = found
        if problem is not None:
            self._asides[variant_key] = problem
            self._notices.add(_("Your unfinished game resumes at move {count}: the step after it could not "
                                "be read ({reason}). The whole game was kept in the database.").format(
                count=saved.game.move_count, reason=problem))
        if resets:  # the row as it was is kept apart and removed, and the game saved anew
            self._asides[variant_key] = "these values were reset: " + "; ".join(resets)
            self._unsaved_games[variant_key] = saved
            self._notices.add(database.reset_notice(resets))
        else:
            self._marks[variant_key] = mark
        self._ids[id(saved.game)] = (weakref.ref(saved.game), mark.game_id)
        self._settle()
        if not saved.game.is_won:
            return saved
        # A finished game left among the unfinished ones (the window stopped as it ended):
        # counted now, at most once (by its id), as the solver's when it played.
        outcome = SOLVED if saved.helped else WON
        self.record_outcome(saved.game, outcome, saved.elapsed, saved.hints_used, saved.game_id,
                            daily=saved.daily, par=saved.par, grade=saved.grade)
        self._notices.add(_(
            "A game you won when Eight Off last stopped was found among the unfinished games; "
            "the win is in your statistics.") if outcome == WON else _(
            "A game the solver finished when Eight Off last stopped was found among the unfinished games; "
            "it is in your statistics as solved with help."))
        return None

    def save_unfinished(self, game: Game, elapsed: float, hints_used: bool = False,
                        game_id: str | None = None, daily: date | None = None, par: int | None = None,
                        grade: str | None = None, helped: bool = False) -> None:
        """Save the game as its kind's unfinished game: one transaction, the steps since the
        last save only, with its deal's facts and whether the solver played."""
        game_id = game_id or self.game_id(game)
        if not self.owns_unfinished or self.db.newer:
            return
        self._unsaved_games[game.rules.name] = SavedGame(game, elapsed, hints_used, game_id, daily, par,
                                                         grade, helped)
        self._settle()

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
                       game_id: str | None = None, daily: date | None = None, par: int | None = None,
                       grade: str | None = None) -> bool:
        """Record how a game ended, with its moves (for Watch) and its deal's facts, and forget
        its unfinished game, in one transaction, fsynced. True when the outcome is durable;
        False when the database did not take it (kept in memory and written at the next step
        or at `close`), when no move was made, and when this store recorded the game already.
        A clock outside 1970..2200 gives the nearest date, flagged."""
        if outcome not in (WON, LOST, SOLVED):
            raise ValueError(f"unknown outcome {outcome!r}")
        game_id = game_id or self.game_id(game)
        if not game.has_started or game_id in self._recorded or self.db.newer:
            return False
        finished_at, clamped = now_clamped()
        options = variant_of(game.rules).choices_of(game.rules)
        finished = msgspec.convert({  # checked as a row or a line is
            "id": game_id, "rules": game.rules.name, "outcome": outcome, "moves": game.move_count,
            "seconds": clamp_seconds(elapsed), "finished": finished_at, "deal": game.deal_number,
            "start": None if game.deal_number is not None else format_board(game.start),
            "hints_used": hints_used, "options": ",".join(sorted(key for key, on in options.items() if on)),
            "clock_clamped": clamped, "daily": daily, "par": par, "grade": grade}, FinishedGame)
        self._recorded.add(game_id)
        self._unsaved_games.pop(game.rules.name, None)
        waiting = Waiting(finished, msgspec.json.encode(game.to_record()))
        self._waiting.append(waiting)
        self._settle()
        if waiting in self._waiting:
            self._pending_lock.wait(pending.LOCK_PATIENCE)
            self._pending_kept = pending.keep(self._files, self.pending_path, self._waiting_lines())
            return False
        return True

    def _waiting_lines(self) -> list[bytes]:
        return [msgspec.json.encode(waiting.game) for waiting in self._waiting]

    @property
    def waiting_outcomes(self) -> list[Outcome]:
        """The outcomes recorded here that the database has not taken yet."""
        return [waiting.game.outcome for waiting in self._waiting]

    @property
    def kept_for_next_start(self) -> bool:
        """Whether the waiting outcomes are all in the pending file, for the next start."""
        return not self._waiting or self._pending_kept

    def retry_writes(self) -> bool:
        """Try again what waits to be written; True when nothing waits any more."""
        self._settle()
        self._files.retry()
        return self.write_problem is None

    def save_waiting_elsewhere(self, for_next_start: bool = False) -> Path | None:
        """The waiting outcomes as lines `stats --import` reads, in a new file in the home
        folder (else the temporary folder); its path, or None. `for_next_start`: named so that
        the next start of this data folder adds it (no player chose it)."""
        if not self._waiting:
            return None
        folder = self.dirs.user_data_path if for_next_start else None
        return pending.save_elsewhere(self._waiting_lines(), folder)

    def _settle(self, then: Callable[[sqlite3.Connection], None] | None = None,
                refused: str | None = None) -> bool:
        """Write what waits in memory: first what is to be kept apart, then the outcomes (each
        with the clearing of its unfinished game), then `then`, in one transaction; then the
        unfinished games (none of a kind whose setting aside is not written yet). False when
        that transaction was not taken (`refused`: what to tell the player then)."""
        if self.db.moved():  # a new file under the name: each game is written there whole
            for mark in self._marks.values():
                mark.steps = []
        asides, waiting, bad = dict(self._asides), list(self._waiting), sorted(self._bad_rows)
        if asides or waiting or bad or then is not None:
            def settle(connection: sqlite3.Connection) -> bool:
                for key, reason in asides.items():
                    unfinished.set_aside(connection, key, reason, remove=key not in self._marks)
                for seq in bad:
                    database.keep(connection, "game", "it does not read", "games", "seq = ?", (seq,))
                    connection.execute("DELETE FROM games WHERE seq = ?", (seq,))
                for each in waiting:
                    games.record(connection, each.game, each.record)
                    connection.execute("DELETE FROM unfinished WHERE rules = ? AND id = ?",  # with its steps
                                       (each.game.rules, each.game.id))
                if then is not None:
                    then(connection)
                return True

            if self._write(settle, durable=True, refused=refused) is None:
                return False
            for key in asides:
                del self._asides[key]
            self._bad_rows.difference_update(bad)
            del self._waiting[:len(waiting)]
            if not self._waiting and self._pending_kept:
                pending.forget(self.pending_path)
                pending.let_go(self._pending_lock)
                self._pending_kept = False
            for each in waiting:
                if getattr(self._marks.get(each.game.rules), "game_id", None) == each.game.id:
                    del self._marks[each.game.rules]
        for key, saved in list(self._unsaved_games.items()):
            written = self._write(partial(unfinished.save, saved=saved, mark=self._marks.get(key)))
            if written is None:
                break
            self._marks[key], newer = written
            if newer:
                self._notices.add(_("Another Eight Off saved this game further than this window had read it; "
                                    "what it saved was kept in the database, and this window's game is "
                                    "saved."))
            if self._unsaved_games.get(key) is saved:
                del self._unsaved_games[key]
        return True

    def finished_moves(self, game_id: str | None) -> Game | None:
        """A finished game as it ended, with its moves, to watch again; None when its moves are
        not kept (only the newest KEPT_MOVES games' are, as played)."""
        if game_id is None:
            return None
        found = self._read(lambda connection: connection.execute(
            "SELECT record FROM moves JOIN games USING (seq) WHERE id = ?", (game_id,)).fetchone(), None)
        if found is None:
            return None
        try:
            return Game.from_record(msgspec.json.decode(found[0]))
        except Exception as error:  # the core's replay, whatever it raises
            self._notices.add(_("The moves of that game could not be read ({reason}); it cannot be watched "
                                "again.").format(reason=error))
            return None

    # ----- statistics ----------------------------------------------------------------------

    def _games_read(self, query: Callable[[sqlite3.Connection], T], default: T) -> T:
        """A read of finished games' rows; those that did not read are then kept apart, with one
        notice."""
        self._settle()
        result = self._read(query, default)
        self._set_bad_aside()
        return result

    def _set_bad_aside(self) -> None:
        found = set(self._unread)
        self._unread.clear()
        if not found:
            return
        self._bad_rows.update(found)
        if self.db.writable:
            self._settle()
        self._notices.add(ngettext(
            "{count} finished game could not be read; it was kept apart in the database and is not counted.",
            "{count} finished games could not be read; they were kept apart in the database and are not "
            "counted.", len(found)).format(count=decimal(len(found))))

    def overview(self, grade_of: GradeOf | None = None, rules: str | None = None) -> Overview:
        """The figures of every game kind and the recent games (of `rules`, or of all)."""

        def read(connection: sqlite3.Connection) -> Overview:
            each, together = games.summaries(connection, grade_of)
            skipped = connection.execute("SELECT count(*) FROM kept WHERE what = 'game'").fetchone()[0]
            return Overview(each, together, games.recent(connection, self._unread, rules), skipped)

        return self._games_read(read, Overview())

    def best(self, rules_name: str, deal: int) -> Best | None:
        """The player's best wins of one deal: fewest moves and best time (None: never won)."""
        return self._read(lambda connection: games.best_of(connection, rules_name, deal), None)

    def bests(self, rules_name: str | None = None, limit: int | None = None) -> Iterator[Best]:
        """Each numbered deal won, of one game or of all, with the player's best on it, streamed
        (`limit`: the first so many by game and deal)."""
        connection = self.db.connection
        return games.bests(connection, rules_name, limit) if connection is not None else iter(())

    def daily_results(self, rules_name: str) -> dict[date, DayResult]:
        """Each day's result of one game's daily deals (the best of that day's games)."""
        return self._read(lambda connection: games.day_results(connection, rules_name), {})

    def each_game(self, rules_name: str | None = None) -> Iterator[FinishedGame]:
        """Every recorded game as played, oldest first, a block at a time (for `--csv`); rows
        that do not read are skipped, and kept apart once all have been read."""
        self._settle()
        connection = self.db.connection
        if connection is not None:
            yield from games.each_game(connection, self._unread, rules_name)
        self._set_bad_aside()

    def reset_statistics(self, rules_name: str | None = None) -> bool:
        """Forget the finished games of one game kind, or of all (their moves go with them), in
        the transaction that first writes the outcomes waiting here, so a game finished before
        the reset goes with it and one finished after stays. The player asked for it and sees
        the figures at once, so it is done now or refused with a notice, never left waiting:
        it waits for another process's write lock as long as the command line does. False
        when it was refused (nothing was forgotten)."""

        def reset(connection: sqlite3.Connection) -> None:
            where, arguments = ("WHERE rules = ?", (rules_name,)) if rules_name is not None else ("", ())
            connection.execute(f"DELETE FROM games {where}", arguments)
            games.count_streaks(connection)

        wait = self.db.wait
        self.db.set_wait(max(wait, database.COMMAND_WAIT))
        try:
            return self._settle(reset, _("Your statistics were not reset: {reason}. Nothing was forgotten; "
                                         "you can try again."))
        finally:
            self.db.set_wait(wait)

    # ----- moving games in and out ---------------------------------------------------------

    def export_games(self, out: IO[bytes], rules_name: str | None = None) -> int:
        """Write every game (of `rules_name`) as a JSON line, as played; how many. A row that
        does not read is skipped, and kept apart once all have been read."""
        return self._games_read(lambda connection: exchange.export_lines(connection, self._unread, out,
                                                                         rules_name), 0)

    def import_games(self, source: IO[bytes]) -> Imported | None:
        """Add the games of JSON lines, each id once, in one transaction: what was added and
        skipped, or None when the database did not take them."""
        now = now_clamped()[0]
        return self._write(lambda connection: exchange.add_lines(connection, source, now), durable=True)
