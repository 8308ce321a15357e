"""games.db, one SQLite database (`sqlite3`) for everything kept of games: opening it,
its numbered migrations (`PRAGMA user_version`), and damage. Opening never raises and never
deletes; why WAL, and how a damaged database is set aside and salvaged: docs/storage.md.
"""

from __future__ import annotations

import contextlib
import functools
import os
import sqlite3
import uuid
from collections.abc import Callable, Iterator
from datetime import date, datetime
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar

import msgspec

from eightoff.core.i18n import _, decimal, ngettext, system_reason
from eightoff.store import wal_files
from eightoff.store.files import Notices, shown
from eightoff.store.games import count_streaks, micros_of, trim_moves
from eightoff.store.instance import OPENERS_LOCK, SHARED_LOCKS, InstanceLock
from eightoff.store.schema import Count, GameId, Grade, Par, Seconds
from eightoff.userfiles.aside import aside_path
from eightoff.userfiles.dirs import private_folder
from eightoff.userfiles.identity import identity
from eightoff.userfiles.reading import MISSING_ERRORS, kind_of

T = TypeVar("T")
FILE = "games.db"
HEADER = b"SQLite format 3\x00"
WINDOW_WAIT = 0.005
"""Seconds a window waits for another process's write lock: under a frame (then the write waits)."""
COMMAND_WAIT = 10.0
"""Seconds the command line waits for it (and a window, once, for a large migration, or for
another process's salvage of a damaged file)."""
SALVAGE_LOCK = f".{FILE}.salvage.lock"
"""Held (`flock`) by the one process salvaging a damaged database."""
CLOSING_WAIT = 2.0
"""Seconds a closing window waits for it, for a last try at what is still unwritten."""
BUSY_PATIENCE = 3.0
"""Seconds of writes refused only because another process is writing before the player is told."""
CHECKED_SIZE = 32 << 20
"""Bytes up to which every opening runs `quick_check` (it reads the whole file); a larger database
is checked by use (`Database.damaged`): docs/storage.md, "Damage"."""
FULLY_CHECKED_SIZE = 4 << 20
"""Bytes up to which the check is `integrity_check`, which also finds an index unlike its table."""
NETWORK_FILE_SYSTEMS = frozenset({"nfs", "nfs4", "cifs", "smb3", "smbfs", "ncpfs", "afs", "9p",
                                  "fuse.sshfs", "ceph", "glusterfs", "lustre", "davfs"})

Migration = tuple["str | Callable[[sqlite3.Connection], None]", ...]
"""A migration: its statements, each run as it is (a callable for what SQL alone cannot say)."""
LATEST_MICROS = 7_258_118_400_000_000
"""2200-01-01 in microseconds since 1970: the games table's dates are in 1970..2200."""
BOOL = "INTEGER NOT NULL CHECK ({0} IN (0, 1))"
DAY = "TEXT CHECK ({0} GLOB '[0-9][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]')"
MOVES = "INTEGER NOT NULL CHECK ({0} BETWEEN 0 AND 10000000)"
SECONDS = "REAL NOT NULL CHECK ({0} BETWEEN 0 AND 10000000)"
PAR = "INTEGER CHECK ({0} BETWEEN 1 AND 10000000)"
GRADE = "TEXT CHECK ({0} IN ('easy', 'medium', 'hard', 'expert'))"
KIND = "TEXT NOT NULL CHECK (length({0}) BETWEEN 1 AND 32 AND {0} NOT GLOB '*[^a-z0-9-]*')"


def table(name: str, *columns: str, rowid: bool = True) -> str:
    """CREATE TABLE `name`, STRICT; {0} in a column "name TYPE" stands for its name."""
    made = ", ".join(column.format(column.split()[0]) for column in columns)
    return f"CREATE TABLE {name}({made}) STRICT" + ("" if rowid else ", WITHOUT ROWID")


def _copy_old(connection: sqlite3.Connection) -> None:
    """The first version's rows into the second's tables; a row the new checks refuse is kept
    apart in `kept`, never dropped. Dates become microseconds since 1970, UTC."""
    connection.create_function("micros", 1, micros, deterministic=True)
    connection.execute(
        "INSERT OR IGNORE INTO games(seq, id, rules, deal, big_deal, start, outcome, moves, seconds, "
        "finished, hints, options, clamped, daily, par) SELECT seq, id, rules, "
        "CASE typeof(deal) WHEN 'integer' THEN deal END, CASE typeof(deal) WHEN 'text' THEN deal END, "
        "CASE WHEN deal IS NULL THEN start END, "
        "outcome, moves, seconds, micros(finished), hints != 0, coalesce(options, CASE WHEN takeback "
        "THEN 'takeback' ELSE '' END), clamped != 0, daily, par FROM old_games")
    connection.execute("INSERT OR IGNORE INTO moves(seq, record) SELECT seq, record FROM old_moves")
    connection.execute(
        "INSERT OR IGNORE INTO unfinished(rules, id, start, done, move_count, elapsed, hints, helped, "
        "daily, par, grade, generation) SELECT rules, id, start, done, move_count, elapsed, hints != 0, 0, "
        "daily, par, NULL, 0 FROM old_unfinished")
    connection.execute("INSERT OR IGNORE INTO steps(rules, n, moves) SELECT rules, n, moves FROM old_steps "
                       "WHERE rules IN (SELECT rules FROM unfinished)")
    for what, old, key, new in (("game", "old_games", "seq", "games"), ("moves", "old_moves", "seq", "moves"),
                                ("unfinished", "old_unfinished", "rules", "unfinished"),
                                ("step", "old_steps", "rules, n", "steps")):
        keep(connection, what, "not read by this version", old, f"({key}) NOT IN (SELECT {key} FROM {new})")


def micros(text: object) -> int | None:
    """An ISO date with its offset, as microseconds since 1970 UTC (None: not one)."""
    try:
        moment = datetime.fromisoformat(str(text))
        return micros_of(moment) if moment.tzinfo is not None else None
    except (ValueError, OverflowError):
        return None


def keep(connection: sqlite3.Connection, what: str, reason: str, source: str, where: str,
         arguments: tuple[object, ...] = ()) -> int:
    """Copy the rows of `source` that `where` picks into `kept`, byte for byte (each value as
    an SQL literal of its bytes, whatever its type or encoding); how many."""
    columns = [row[1] for row in connection.execute(f"PRAGMA table_info({source})")]
    values = " || ',' || ".join(f"quote(CAST({column} AS BLOB))" for column in columns)
    return connection.execute(
        f"INSERT INTO kept(what, reason, made, data) SELECT ?, ?, CAST(strftime('%s', 'now') AS INTEGER), "
        f"CAST('{','.join(columns)}=' || {values} AS BLOB) FROM {source} WHERE {where}",
        (what, reason, *arguments)).rowcount


MIGRATIONS: tuple[Migration, ...] = (
    # 1: the finished games, the moves of the newest (for Watch), running figures, games per
    # deal, and the unfinished games with their steps.
    ("CREATE TABLE games(seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, rules TEXT NOT NULL, deal, "
     "start TEXT, outcome TEXT NOT NULL, moves INTEGER NOT NULL, seconds REAL NOT NULL, "
     "finished TEXT NOT NULL, hints INTEGER NOT NULL, solver INTEGER NOT NULL, takeback INTEGER NOT NULL, "
     "options TEXT, clamped INTEGER NOT NULL, daily TEXT, par INTEGER)",
     "CREATE INDEX games_by_deal ON games(rules, deal)",
     "CREATE TABLE moves(seq INTEGER PRIMARY KEY, record BLOB NOT NULL)",
     "CREATE TABLE totals(rules TEXT PRIMARY KEY, data BLOB NOT NULL)",
     "CREATE TABLE deals(rules TEXT, deal INTEGER, played INTEGER NOT NULL, won INTEGER NOT NULL, "
     "PRIMARY KEY(rules, deal)) WITHOUT ROWID",
     "CREATE TABLE facts(name TEXT PRIMARY KEY, value) WITHOUT ROWID",
     "CREATE TABLE unfinished(rules TEXT PRIMARY KEY, id TEXT NOT NULL, start BLOB NOT NULL, "
     "done INTEGER NOT NULL, move_count INTEGER NOT NULL, elapsed REAL NOT NULL, hints INTEGER NOT NULL, "
     "daily TEXT, par INTEGER)",
     "CREATE TABLE steps(rules TEXT, n INTEGER, moves TEXT NOT NULL, PRIMARY KEY(rules, n)) WITHOUT ROWID"),
    # 2: the games table is the one truth (figures are queries over its indexes; a streak row per
    # game kind is the only summary); STRICT tables with bounds on every value; a deal past
    # SQLite's integers in its own column; dates as microseconds, ordered as played; whether
    # the solver played an unfinished game; what does not read kept apart in `kept`.
    ("DROP INDEX games_by_deal",
     *(f"ALTER TABLE {name} RENAME TO old_{name}" for name in ("games", "moves", "unfinished", "steps")),
     "DROP TABLE totals", "DROP TABLE deals", "DROP TABLE facts",
     table("games", "seq INTEGER PRIMARY KEY",
           "id TEXT NOT NULL UNIQUE CHECK (length(id) BETWEEN 1 AND 64 AND id NOT GLOB '*[^0-9A-Za-z-]*')",
           f"rules {KIND}", "deal INTEGER CHECK (deal >= 0)",
           "big_deal TEXT CHECK (length(big_deal) BETWEEN 19 AND 21 AND big_deal NOT GLOB '*[^0-9]*')",
           "start TEXT CHECK (length(start) BETWEEN 1 AND 4096)",
           "outcome TEXT NOT NULL CHECK (outcome IN ('won', 'lost', 'solved with help'))",
           f"moves {MOVES}", f"seconds {SECONDS}",
           f"finished INTEGER NOT NULL CHECK (finished BETWEEN 0 AND {LATEST_MICROS - 1})", f"hints {BOOL}",
           "options TEXT NOT NULL CHECK (length(options) <= 200 AND options NOT GLOB '*[^a-z0-9_,]*')",
           f"clamped {BOOL}", f"daily {DAY}", f"par {PAR}", f"grade {GRADE}",
           "CHECK ((deal IS NOT NULL) + (big_deal IS NOT NULL) + (start IS NOT NULL) = 1)"),
     table("moves", "seq INTEGER PRIMARY KEY REFERENCES games(seq) ON DELETE CASCADE",
           "record BLOB NOT NULL CHECK (length(record) <= 67108864)"),
     table("unfinished", f"rules {KIND} PRIMARY KEY",
           "id TEXT NOT NULL CHECK (length(id) BETWEEN 1 AND 64 AND id NOT GLOB '*[^0-9A-Za-z-]*')",
           "start BLOB NOT NULL CHECK (length(start) <= 65536)", f"done {MOVES}", f"move_count {MOVES}",
           f"elapsed {SECONDS}", f"hints {BOOL}", f"helped {BOOL}", f"daily {DAY}", f"par {PAR}",
           f"grade {GRADE}", "generation INTEGER NOT NULL CHECK (generation >= 0)"),
     table("steps", "rules TEXT NOT NULL REFERENCES unfinished(rules) ON DELETE CASCADE",
           "n INTEGER NOT NULL CHECK (n BETWEEN 0 AND 10000000)",
           "moves TEXT NOT NULL CHECK (length(moves) <= 65536)", "PRIMARY KEY(rules, n)", rowid=False),
     table("streaks", "rules TEXT PRIMARY KEY CHECK (length(rules) <= 32)",
           "kind TEXT CHECK (kind IN ('won', 'lost', 'solved with help'))",
           "length INTEGER NOT NULL CHECK (length >= 0)",
           "longest_won INTEGER NOT NULL CHECK (longest_won >= 0)",
           "longest_lost INTEGER NOT NULL CHECK (longest_lost >= 0)",
           "last INTEGER NOT NULL", "last_seq INTEGER NOT NULL", rowid=False),
     table("kept", "n INTEGER PRIMARY KEY",
           "what TEXT NOT NULL CHECK (what IN ('game', 'moves', 'unfinished', 'step'))",
           "reason TEXT NOT NULL CHECK (length(reason) <= 1000)", "made INTEGER NOT NULL",
           "data BLOB NOT NULL"),
     "CREATE INDEX games_by_time ON games(finished, seq, outcome)",
     "CREATE INDEX games_by_kind ON games(rules, finished, seq, outcome)",
     "CREATE INDEX games_by_result ON games(rules, outcome, seconds, moves)",
     "CREATE INDEX wins_by_deal ON games(rules, deal, moves, seconds) WHERE outcome = 'won'",
     "CREATE INDEX games_by_grade ON games(rules, grade, outcome) WHERE grade IS NOT NULL",
     "CREATE INDEX ungraded ON games(rules, deal, outcome) WHERE grade IS NULL AND deal IS NOT NULL",
     "CREATE INDEX daily_games ON games(rules, daily, outcome, moves, seconds) WHERE daily IS NOT NULL",
     _copy_old,
     *(f"DROP TABLE old_{name}" for name in ("steps", "unfinished", "moves", "games")),
     count_streaks),
    # 3: the figures in one pass: the index of results holds the grade, so that counts, times,
    # bins and grades are one scan of it.
    ("DROP INDEX games_by_grade", "DROP INDEX games_by_result",
     "CREATE INDEX games_by_result ON games(rules, outcome, grade, seconds, moves)",
     "CREATE INDEX wins_by_time ON games(rules, seconds, moves) WHERE outcome = 'won'"),
    # 4: Statistics counts the games kept apart through an index, not by reading every row kept.
    ("CREATE INDEX kept_by_what ON kept(what)",),
)
VERSION = len(MIGRATIONS)
LATER_VERSIONS = 1000
"""How far past this one a later version's schema may be numbered: the schema's version
counts migrations, a handful a year, so a number further on (a damaged byte of the header's
`user_version`) is damage, salvaged, not a newer version's file that stops every record."""
TABLES = ("kept", "games", "moves", "unfinished", "steps")
"""Tables whose rows `salvage` copies (the streaks are counted again from `games`)."""


class Unwritten(Exception):
    """A write the database did not take (busy, full, read-only, gone): kept and tried again.
    `busy`: only because another process was writing (no reason to tell the player yet)."""

    def __init__(self, reason: str, busy: bool = False) -> None:
        super().__init__(reason)
        self.busy = busy


def what() -> str:
    return _("games database")


def network_folder(folder: Path) -> bool:
    """Whether `folder` is on a network file system: the type of the innermost mount holding it
    in Linux's mount table (elsewhere: no)."""
    try:
        with open("/proc/self/mountinfo", "rb") as table:
            lines = table.read(1 << 22).splitlines()
    except OSError:
        return False
    place = os.fsencode(os.path.realpath(folder)).rstrip(b"/") + b"/"
    best, kind = b"", b""
    for line in lines:
        fields, _, after = (part.split() for part in line.partition(b" - "))
        point = fields[4].replace(b"\\040", b" ").rstrip(b"/") + b"/" if len(fields) > 4 else b""
        if after and point and place.startswith(point) and len(point) >= len(best):
            best, kind = point, after[0]
    return kind.decode("ascii", "replace") in NETWORK_FILE_SYSTEMS


def connect(path: Path, wait: float, read_only: str = "") -> sqlite3.Connection:
    """A connection in autocommit mode (transactions are begun by hand: `write`), with foreign
    keys on (`read_only`: the URI's mode, `Database._read_only`). Text that is not UTF-8 (a
    damaged byte) reads with U+FFFD in its place, which no bound of a game's text lets through."""
    target = "file:" + Path(path).as_posix().replace("%", "%25").replace("?", "%3f").replace("#", "%23")
    connection = sqlite3.connect(target + (f"?{read_only}" if read_only else ""), timeout=wait,
                                 isolation_level=None, uri=True, check_same_thread=False)
    connection.text_factory = lambda raw: raw.decode("utf-8", "replace")
    connection.execute(f"PRAGMA busy_timeout = {int(wait * 1000)}")
    connection.execute("PRAGMA foreign_keys = ON")
    return connection


def shape(connection: sqlite3.Connection) -> list[tuple[str, str, str, str]]:
    """The schema's tables, indexes, triggers and views, each with its SQL in one spacing."""
    return [(kind, name, owner, " ".join(str(sql).split())) for kind, name, owner, sql in connection.execute(
        "SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%' ORDER BY name")]


@functools.cache
def made_shape() -> list[tuple[str, str, str, str]]:
    """The schema this version makes (built once, in memory, by the migrations)."""
    with contextlib.closing(sqlite3.connect(":memory:", isolation_level=None)) as connection:
        migrate(connection, 0)
        return shape(connection)


def migrate(connection: sqlite3.Connection, found: int) -> None:
    """Each migration after `found`, statement by statement, and the new `user_version`, in one
    transaction (none if another process migrated it meanwhile)."""
    if found >= VERSION:
        return
    with transaction(connection):
        if connection.execute("PRAGMA user_version").fetchone()[0] == found:
            for migration in MIGRATIONS[found:]:
                for statement in migration:
                    if isinstance(statement, str):
                        connection.execute(statement)
                    else:
                        statement(connection)
            connection.execute(f"PRAGMA user_version = {VERSION}")


@contextlib.contextmanager
def transaction(connection: sqlite3.Connection) -> Iterator[None]:
    """One write transaction, committed at the end of the block, rolled back on any error."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        yield
        connection.execute("COMMIT")
    except BaseException:
        with contextlib.suppress(sqlite3.Error):
            connection.execute("ROLLBACK")
        raise


class Database:
    """The open database, or none (`connection` None: newer, or the folder refuses it)."""

    def __init__(self, folder: Path, notices: Notices, wait: float) -> None:
        self.path = folder / FILE
        self.notices = notices
        self.wait = wait
        self.newer = False
        self.connection: sqlite3.Connection | None = None
        self.writable = True
        """False for a database read as it is, which cannot be written here (`_read_only`)."""
        self.problem: str | None = None
        """Why there is no connection, for the player: the first write that fails says so, and
        each write tries to open it again."""
        self.watch: wal_files.Watch | None = None
        self.openers = InstanceLock(folder / OPENERS_LOCK)
        """Held shared while open: who can take it alone is the database's only opener."""
        self.waiting_for_check = False
        """Whether the openers' lock was not to be had (another opener is checking the log's
        frames, which takes a while for a large log): the database is then read, never written,
        until it is, and each write tries again, as when another process holds the write lock."""
        self.wait = max(wait, CLOSING_WAIT)  # at start: another process may be making it
        self._open()
        self.set_wait(wait)
        if self.problem is None or self.newer or self.waiting_for_check:
            return  # a newer version's file is said as it is found; a check of the log ends soon
        if self.connection is None and self.notices.command_line:  # it reads: not "cannot save"
            if not os.path.lexists(self.path):
                return  # none made yet (an unwritable folder, say): no games to read, none lost
            self.notices.add(_("cannot read {what} {path}: {reason}").format(
                what=what(), path=shown(self.path), reason=self.problem))
        elif self.connection is None or not self.writable:  # played in memory: said at once
            self.notices.cannot_save(what(), self.path, self.problem)

    # ----- opening --------------------------------------------------------------------------

    def _open(self) -> None:
        self.writable = True
        private_folder(self.path.parent)
        self.openers.release()
        alone = self.openers.take() and SHARED_LOCKS  # then no other process writes the log as it is read
        for sentence in wal_files.set_aside_companions(self.path, check_frames=alone):
            self.notices.add(sentence)
        self.openers.release()
        self.waiting_for_check = not self.openers.wait(self.wait, shared=True)
        if self.waiting_for_check:  # another opener is reading the log alone: writing now would
            self.problem = busy_reason()  # make it judge a frame half written as damage
            self._read_only()
            return
        judged = identity(self.path)
        damage = self._damage()
        if damage is not None:
            self._replace(damage, judged)
            return
        try:
            wal_files.create_private(self.path)
            if not (os.access(self.path, os.W_OK) and os.access(self.path.parent, os.W_OK)):
                self.problem = _("the folder or the database is read-only")  # SQLite would open it
                self._read_only()  # read-only without a word, and every write then fail
                return
            self.connection = connect(self.path, self.wait)
            self._set_up(self.connection)
            found = self.connection.execute("PRAGMA user_version").fetchone()[0]
            if not 0 <= found <= VERSION + LATER_VERSIONS:
                raise sqlite3.DatabaseError(
                    _("its version number {found} is not one Eight Off writes").format(found=found))
            if found > VERSION:
                self.newer = True
                self._drop()
                words = _("{path} was written by a newer version of Eight Off (its version {found}, this "
                          "one reads up to {ours}); it is left as it is, and its games are read and recorded "
                          "only by that version") if self.notices.command_line else _(
                    "{path} was written by a newer version of Eight Off; it is left as it is and this window "
                    "plays without recording games.")
                self.problem = words.format(path=shown(self.path), found=found, ours=VERSION)
                self.notices.add(self.problem)
                return
            if os.path.getsize(self.path) <= CHECKED_SIZE:
                small = os.path.getsize(self.path) <= FULLY_CHECKED_SIZE
                check = "integrity_check(1)" if small else "quick_check"
                checked = self.connection.execute(f"PRAGMA {check}").fetchall()
                if checked == [("ok",)] and self.connection.execute("PRAGMA foreign_key_check").fetchone():
                    checked = [(_("a row belongs to a game that is not there"),)]  # a damaged key
                if checked != [("ok",)]:
                    found_text = str(checked[0][0]) if checked else check
                    raise sqlite3.DatabaseError(_("a value is outside its bounds") if any(
                        word in found_text for word in ("constraint failed", "value in ")) else found_text)
            short = wal_files.room_short(self.path) if 0 < found < VERSION else None
            if short is not None:  # said as a full disk is: no database until there is room
                self.notices.cannot_save(what(), self.path, short)
                self.problem = short
                self._drop()
                return
            migrate(self.connection, found)
            if shape(self.connection) != made_shape():
                raise sqlite3.DatabaseError(_("its tables are not those this version makes"))
        except (sqlite3.DatabaseError, UnicodeDecodeError) as error:  # a damaged page's text may not be UTF-8
            self._drop()
            if isinstance(error, sqlite3.Error) and code_of(error) in REFUSED:
                self.problem = reason_of(error)
                self._read_only()
                return
            self._replace(_("it is damaged ({detail})").format(detail=error), judged)

    def _damage(self) -> str | None:
        """Why the path cannot be a database (not a regular file, no database header), or None."""
        try:
            kind = kind_of(os.lstat(self.path).st_mode)
        except MISSING_ERRORS:
            return None
        except OSError as error:
            return system_reason(error)
        if kind is not None:
            return kind
        try:
            header = wal_files.first_bytes(self.path, wal_files.FORMAT_BYTES.stop)
        except OSError as error:
            return _("it cannot be read: {reason}").format(reason=system_reason(error))
        if header and header[:len(HEADER)] != HEADER:
            return _("it is not a database")
        if wal_files.unknown_format(header):  # salvaged: SQLite would fail every save for ever
            return _("its header names a version of the file format that SQLite does not know")
        return None

    def _replace(self, reason: str, judged: tuple[int, int] | None) -> None:
        """Set the bad file aside and salvage it (`_salvage`), one process at a time: two that
        start at once on one damaged file each removed the other's copy half made, and showed
        no games without a word. One that waited for another's salvage finds a new file under
        the name (not `judged`, the file found damaged), and opens it instead of setting aside
        the games just saved."""
        salvaging = InstanceLock(self.path.with_name(SALVAGE_LOCK))
        salvaging.wait(max(self.wait, COMMAND_WAIT))
        if not salvaging.take():  # another salvage, longer than the command line waits
            self.connection, self.problem = None, busy_reason()
            self.notices.cannot_save(what(), self.path, self.problem)
            return
        try:
            if identity(self.path) == judged:
                self._salvage(reason)
                return
        finally:
            salvaging.release()
        self._open()

    def _salvage(self, reason: str) -> None:
        """Set the bad file aside (with its journal files), start anew, copy what can be read.
        The new database is built and filled beside the old one, which stays in its place until
        the new one takes its name: a kill at any moment leaves the old file to salvage again."""
        aside, building = aside_path(self.path), self.path.with_name(f".{FILE}.salvage")
        for suffix in ("", "-journal"):  # a salvage a kill cut short: our own partial copy
            with contextlib.suppress(OSError):
                os.unlink(f"{building}{suffix}")
        try:
            wal_files.create_private(building)
            with contextlib.closing(connect(building, self.wait)) as into:
                migrate(into, 0)
                with wal_files.readable_format(self.path) as readable:
                    saved, refused, resets, unread = salvage(readable, into)
            try:
                os.link(self.path, aside)
            except MISSING_ERRORS:
                pass
            except OSError:  # no hard links here (or not a file): moved, as its copy is made
                os.rename(self.path, aside)
            for suffix in wal_files.COMPANIONS:
                with contextlib.suppress(OSError):
                    os.rename(f"{self.path}{suffix}", f"{aside}{suffix}")
            os.replace(building, self.path)
            self.connection = connect(self.path, self.wait)
            self._set_up(self.connection)
        except (OSError, sqlite3.DatabaseError) as error:
            self.connection = None  # said at start (`__init__`): a read alone would show no games unsaid
            detail = reason_of(error) if isinstance(error, sqlite3.Error) else system_reason(error)
            self.problem = _("{reason}, and no new one could be started beside it ({error}); the file is "
                             "left as it is, and nothing in it is lost").format(reason=reason, error=detail)
            return
        told = [ngettext(
            "Your {what} could not be read ({reason}); a new one was started with the {count} game that "
            "could still be read, and the old file was kept as {aside}.",
            "Your {what} could not be read ({reason}); a new one was started with the {count} games that "
            "could still be read, and the old file was kept as {aside}.", saved).format(
            what=what(), reason=reason, count=decimal(saved), aside=shown(aside))]
        if refused:
            told.append(ngettext(
                "{count} game did not fit this version's bounds and is only in the old file.",
                "{count} games did not fit this version's bounds and are only in the old file.",
                refused).format(count=decimal(refused)))
        if unread:
            told.append(_("Your unfinished game could not be read; it was kept apart in the database and in "
                          "the old file."))
        self.notices.add(" ".join(told + ([reset_notice(resets)] if resets else [])))

    def _read_only(self) -> None:
        """A database that cannot be written here is still read, so the game resumes and the
        figures show: with its write-ahead log (`mode=ro`), or as the file alone only when no log
        beside it holds newer data (`immutable`): docs/storage.md, "Damage"."""
        if not os.path.isfile(self.path):
            return
        for how in ("mode=ro", "immutable=1"):
            with contextlib.suppress(sqlite3.Error, OSError):
                if how == "immutable=1" and os.path.lexists(f"{self.path}-wal") and \
                        os.lstat(f"{self.path}-wal").st_size:
                    return
                connection = connect(self.path, self.wait, read_only=how)
                if connection.execute("PRAGMA user_version").fetchone()[0] == VERSION and \
                        shape(connection) == made_shape():
                    self.connection, self.writable = connection, False
                    return
                connection.close()
                return

    def _set_up(self, connection: sqlite3.Connection) -> None:
        mode = "delete" if network_folder(self.path.parent) else "wal"
        connection.execute(f"PRAGMA journal_mode = {mode}")
        connection.execute("PRAGMA synchronous = NORMAL")
        wal_files.private_mode(self.path)
        self.watch = wal_files.Watch(self.path)

    # ----- writing --------------------------------------------------------------------------

    def write(self, work: Callable[[sqlite3.Connection], T], durable: bool = False,
              again: bool = True) -> T:
        """`work` in one transaction; Unwritten (rolled back) when the database does not take
        it. `durable`: fsynced before this returns (an outcome), not only safe from a kill."""
        if not self.writable:
            self._drop()
        if self.connection is None and not self.newer:
            self._open()
        self.moved()
        connection = self.connection
        if connection is None or not self.writable:
            raise Unwritten(self.problem or "", self.waiting_for_check)
        try:
            if durable:
                connection.execute("PRAGMA synchronous = FULL")
            with transaction(connection):
                result = work(connection)
            if self.watch is not None:
                self.watch.written()
            self.problem = None
            return result
        except sqlite3.Error as error:
            if again and isinstance(error, sqlite3.DatabaseError) and self.damaged(error):
                return self.write(work, durable, again=False)
            if code_of(error) not in REFUSED or code_of(error) == "READONLY":
                self._drop()
            raise Unwritten(reason_of(error), code_of(error) in ("BUSY", "LOCKED")) from None
        finally:
            if durable and self.connection is not None:
                with contextlib.suppress(sqlite3.Error):
                    connection.execute("PRAGMA synchronous = NORMAL")

    def moved(self) -> bool:
        """Whether the database or its log changed under this window since it was opened: then
        what the open connection holds is saved and the file now under the name opened."""
        if self.connection is None or not self.writable or self.watch is None or not self.watch.changed():
            return False
        self.notices.add(self.watch.rescue(self.connection))
        self._drop()
        self._open()
        return True

    def damaged(self, error: sqlite3.DatabaseError) -> bool:
        """Whether `error` says the file is damaged (then it is set aside, a new database is
        started with what could be read, and the player told): the caller tries again once."""
        if code_of(error) not in ("CORRUPT", "NOTADB") or not self.writable:
            return False  # one read as it is may only be caught mid-change by another writer: left
        judged = self.watch.database if self.watch is not None else identity(self.path)
        self._drop()
        self._replace(_("it is damaged ({detail})").format(detail=error), judged)
        self.set_wait(self.wait)
        return True

    def set_wait(self, seconds: float) -> None:
        """Wait up to `seconds` for another process's write lock from now on."""
        self.wait = seconds
        if self.connection is not None:
            self.connection.execute(f"PRAGMA busy_timeout = {int(seconds * 1000)}")

    def _drop(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None

    def close(self) -> None:
        if self.connection is not None:
            with contextlib.suppress(sqlite3.Error):
                self.connection.execute("PRAGMA optimize")
        self._drop()
        self.openers.release()


REFUSED = {"BUSY", "LOCKED", "FULL", "READONLY", "CANTOPEN", "IOERR", "PERM", "AUTH", "NOLFS"}
"""Result codes of a write the disk or another process refused (try again later), not damage."""
WORDS = {"locked": "BUSY", "full": "FULL", "readonly": "READONLY", "unable to open": "CANTOPEN",
         "I/O": "IOERR", "malformed": "CORRUPT", "not a database": "NOTADB"}
"""SQLite's messages as its result codes, where Python does not give the code."""


def code_of(error: sqlite3.Error) -> str:
    """SQLite's primary result code of `error`, without its prefix ("BUSY", "CORRUPT"...)."""
    name = getattr(error, "sqlite_errorname", "")
    if name:
        return name.split("_")[1]
    return next((code for words, code in WORDS.items() if words in str(error)), "")


def busy_reason() -> str:
    return _("another Eight Off program is writing the database")


def reason_of(error: sqlite3.Error) -> str:
    """The player's words for what SQLite said."""
    code = code_of(error)
    if code in ("BUSY", "LOCKED"):
        return busy_reason()
    if code == "FULL" or getattr(error, "sqlite_errorname", "") == "SQLITE_IOERR_SHMSIZE":
        return _("the disk is full")  # the log's index that cannot grow: said "disk I/O error", a scare
    if code in ("READONLY", "PERM"):
        return _("the folder or the database is read-only")
    return str(error)


def salvage(old: Path, into: sqlite3.Connection) -> tuple[int, int, list[str], bool]:
    """Copy the rows a damaged database still gives into the new one (how: docs/storage.md,
    "Damage"). The games copied, the games refused (only in the old file then), the words for
    each value of the unfinished game reset, and whether it was refused whole (kept apart)."""
    try:
        if kind_of(os.lstat(old).st_mode) is not None:
            return 0, 0, [], False  # only a regular file is opened: a pipe would block
        source = connect(old, 0.0, read_only="mode=ro")
        source.execute("PRAGMA writable_schema = ON")  # reads a file cut short (never written)
    except (OSError, sqlite3.Error):
        return 0, 0, [], False
    refused, resets = dict[str, int](), list[str]()

    def copy(name: str, columns: list[str], fill: str, row: tuple[object, ...]) -> None:
        values = dict(zip(columns, row, strict=True))
        reset = bound_unfinished(values, _steps_of(source, values["rules"])) if name == "unfinished" else []
        copied, kept = _fill(into, fill, tuple(values[column] for column in columns), row, reset)
        refused[name] = refused.get(name, 0) + (kept and not copied)
        resets.extend(reset if copied else ())

    with contextlib.closing(source), transaction(into):
        for name in TABLES:
            columns = [row[1] for row in into.execute(f"PRAGMA table_info({name})")]
            found: set[str] = set()
            with contextlib.suppress(sqlite3.Error):
                found = {row[1] for row in source.execute(f"PRAGMA table_info({name})")}
            fill = f"INSERT INTO {name}({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})"
            read = ", ".join(column if column in found else "NULL" for column in columns)
            select = f"SELECT {read} FROM {name}"
            key = columns[0] if columns[0] in found else None
            for order in ("ASC", "DESC") if key else ("",) if found else ():
                with contextlib.suppress(sqlite3.Error):  # a row at a time, up to the bad page
                    for row in source.execute(f"{select} ORDER BY {key} {order}" if key else select):
                        copy(name, columns, fill, row)
            if key in ("seq", "n"):
                _probe(source, f"{select} WHERE {key} = ?", functools.partial(copy, name, columns, fill))
        count_streaks(into)
        trim_moves(into)
    count: int = into.execute("SELECT count(*) FROM games").fetchone()[0]
    return count, refused.get("games", 0), resets, bool(refused.get("unfinished"))


def _steps_of(source: sqlite3.Connection, key: object) -> int:
    """How many steps of an unfinished game a damaged database still counts (0: none read)."""
    try:
        found: int = source.execute("SELECT count(*) FROM steps WHERE rules = ?", (key,)).fetchone()[0]
        return found
    except sqlite3.Error:
        return 0


KEPT_AS = {"games": "game", "moves": "moves", "unfinished": "unfinished", "steps": "step"}


def _fill(into: sqlite3.Connection, fill: str, row: tuple[object, ...], read: tuple[object, ...],
          reset: list[str]) -> tuple[bool, bool]:
    """One row copied; one refused, or copied with values `reset`, also goes into `kept` as its
    values `read`, so it is told. Whether it was copied, and whether it is newly in `kept`."""
    what = KEPT_AS.get(fill.split()[2].split("(")[0])
    try:
        into.execute(fill, row)
        copied, reason = True, "these values were reset: " + "; ".join(reset)
    except sqlite3.IntegrityError as error:
        if "UNIQUE" in str(error):
            return False, False
        copied, reason = False, ("the game it belongs to could not be read" if "FOREIGN KEY" in str(error)
                                 else "a value is outside the bounds this version keeps")
    if what is None or (copied and not reset):
        return copied, False
    data = repr(read).encode()
    return copied, bool(into.execute(
        "INSERT INTO kept(what, reason, made, data) SELECT ?, ?, CAST(strftime('%s', 'now') AS INTEGER), ? "
        "WHERE NOT EXISTS (SELECT 1 FROM kept WHERE data = ?)", (what, reason, data, data)).rowcount)


def bound_unfinished(row: dict[str, Any], steps: int) -> list[str]:
    """Bring each value of an unfinished game's row within its table's bounds, in place, so a
    game damaged in one value still resumes with that value reset (`steps`: how many of its
    steps read, all done); the player's words for each value reset."""
    resets = []
    for column, kind, safe, words in (
            ("id", GameId, uuid.uuid4().hex, _("its id (a new one is given)")),
            ("done", Count, steps, _("the moves done")), ("move_count", Count, steps, _("its move count")),
            ("elapsed", Seconds, 0.0, _("its clock (it starts again from 0)")),
            ("hints", Literal[0, 1], 1, _("whether hints were used")),
            ("helped", Literal[0, 1], 1, _("whether the solver played")),
            ("daily", date | None, None, _("its day (it resumes as an ordinary deal)")),
            ("par", Par | None, None, _("its par")), ("grade", Grade | None, None, _("its grade")),
            ("generation", Annotated[int, msgspec.Meta(ge=0, le=1 << 62)], 0, _("its save count"))):
        try:
            msgspec.convert(row.get(column), kind)
        except msgspec.ValidationError:
            row[column] = safe
            resets.append(words)
    return resets


def reset_notice(resets: list[str]) -> str:
    return _("Your unfinished game resumes, but these could not be read and were reset: {values}. The game "
             "as it was is kept in the database.").format(values="; ".join(resets))


PROBED_MISSES = 1000
"""Keys past the last row found at which `_probe` stops looking."""


def _probe(source: sqlite3.Connection, select: str, copy: Callable[[tuple[object, ...]], None]) -> None:
    """Look each numbered row up alone, so rows on whole pages are found even where a scan in
    either direction stops at a bad page before them."""
    key, misses = 0, 0
    while misses < PROBED_MISSES:
        key += 1
        try:
            row = source.execute(select, (key,)).fetchone()
        except sqlite3.Error:
            row = None
        if row is None:
            misses += 1
            continue
        misses = 0
        copy(row)
