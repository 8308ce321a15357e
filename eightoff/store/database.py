"""games.db, one SQLite database (`sqlite3`) for everything kept of games: opening it,
its numbered migrations (`PRAGMA user_version`), and damage. Opening never raises and never
deletes; why WAL, and how a damaged database is set aside and salvaged: docs/storage.md.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from eightoff.core.i18n import _
from eightoff.store import wal_files
from eightoff.store.files import Notices, aside_path, shown
from eightoff.userfiles.dirs import private_folder
from eightoff.userfiles.reading import MISSING_ERRORS, READ_FLAGS, kind_of

T = TypeVar("T")
FILE = "games.db"
KEPT_MOVES = 200
"""Finished games whose moves are kept for Watch (far more than the dialog lists)."""
HEADER = b"SQLite format 3\x00"
WINDOW_WAIT = 0.005
"""Seconds a window waits for another process's write lock: under a frame. A write that cannot
wait longer is kept in memory and tried again at the next step."""
COMMAND_WAIT = 10.0
"""Seconds the command line waits for it (and a window, once, for a large migration): no one
is waiting on a frame."""
CLOSING_WAIT = 2.0
"""Seconds a closing window waits for it, for a last try at what is still unwritten."""
BUSY_PATIENCE = 3.0
"""Seconds of writes refused only because another process is writing before the player is told
(two windows take turns all the time; a lock held for ever is worth a word)."""
CHECKED_SIZE = 32 << 20
"""Bytes of database up to which every opening runs `PRAGMA quick_check` (some 100,000 games,
tens of milliseconds). It reads the whole file, a second or more at millions of games, so a
larger database is checked by use instead: a read or write that finds it damaged sets it aside
just the same (`Database.damaged`)."""
NETWORK_FILE_SYSTEMS = frozenset({"nfs", "nfs4", "cifs", "smb3", "smbfs", "ncpfs", "afs", "9p",
                                  "fuse.sshfs", "ceph", "glusterfs", "lustre", "davfs"})

MIGRATIONS: tuple[str, ...] = (
    # 1: the finished games (`seq`: the order they were recorded in), the moves of the newest
    # (for Watch), each game's running figures, games per deal, and the unfinished games.
    """
    CREATE TABLE games(
        seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, rules TEXT NOT NULL, deal,
        start TEXT, outcome TEXT NOT NULL, moves INTEGER NOT NULL, seconds REAL NOT NULL,
        finished TEXT NOT NULL, hints INTEGER NOT NULL, solver INTEGER NOT NULL,
        takeback INTEGER NOT NULL, options TEXT, clamped INTEGER NOT NULL,
        daily TEXT, par INTEGER);
    CREATE INDEX games_by_deal ON games(rules, deal);
    CREATE TABLE moves(seq INTEGER PRIMARY KEY, record BLOB NOT NULL);
    CREATE TABLE totals(rules TEXT PRIMARY KEY, data BLOB NOT NULL);
    CREATE TABLE deals(rules TEXT, deal INTEGER, played INTEGER NOT NULL, won INTEGER NOT NULL,
        PRIMARY KEY(rules, deal)) WITHOUT ROWID;
    CREATE TABLE facts(name TEXT PRIMARY KEY, value) WITHOUT ROWID;
    CREATE TABLE unfinished(
        rules TEXT PRIMARY KEY, id TEXT NOT NULL, start BLOB NOT NULL, done INTEGER NOT NULL,
        move_count INTEGER NOT NULL, elapsed REAL NOT NULL, hints INTEGER NOT NULL,
        daily TEXT, par INTEGER);
    CREATE TABLE steps(rules TEXT, n INTEGER, moves TEXT NOT NULL, PRIMARY KEY(rules, n))
        WITHOUT ROWID;
    """,
)
VERSION = len(MIGRATIONS)
TABLES = ("games", "moves", "deals", "facts", "unfinished", "steps")
"""Tables whose rows `salvage` copies (the figures in `totals` are counted again from `games`)."""


class Unwritten(Exception):
    """A write the database did not take (busy, full, read-only, gone): kept and tried again.
    `busy`: only because another process was writing (no reason to tell the player yet)."""

    def __init__(self, reason: str, busy: bool = False) -> None:
        super().__init__(reason)
        self.busy = busy


def what() -> str:
    return _("games database")


def network_folder(folder: Path) -> bool:
    """Whether `folder` is on a network file system (Linux's mount table; elsewhere: no)."""
    try:
        with open("/proc/self/mountinfo", "rb") as table:
            mounts = [line.split(b" - ")[::1] for line in table.read(1 << 22).splitlines()]
    except OSError:
        return False
    place = os.fsencode(os.path.realpath(folder))
    best, kind = b"", b""
    for before, *after in mounts:
        fields = before.split()
        if len(fields) > 4 and after:
            point = fields[4].replace(b"\\040", b" ")
            inside = place == point or place.startswith(point.rstrip(b"/") + b"/")
            if inside and len(point) >= len(best):
                best, kind = point, after[0].split()[0] if after[0].split() else b""
    return kind.decode("ascii", "replace") in NETWORK_FILE_SYSTEMS


def connect(path: Path, wait: float, read_only: bool = False) -> sqlite3.Connection:
    """A connection in autocommit mode (transactions are begun by hand: `write`)."""
    target = "file:" + Path(path).as_posix().replace("%", "%25").replace("?", "%3f").replace("#", "%23")
    connection = sqlite3.connect(target + ("?mode=ro&immutable=1" if read_only else ""), timeout=wait,
                                 isolation_level=None, uri=True, check_same_thread=False)
    connection.execute(f"PRAGMA busy_timeout = {int(wait * 1000)}")
    return connection


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
        """Why there is no connection, for the player."""
        self.watch: wal_files.Watch | None = None
        """The identity of the files opened, to notice them changing under the window."""
        self._open(max(wait, CLOSING_WAIT))  # at start: another process may be making it

    def _open(self, wait: float) -> None:
        """Open with `wait` for another process's lock, then keep to `self.wait`."""
        self.wait, wanted = wait, self.wait
        try:
            self._open_now()
        finally:
            self.set_wait(wanted)

    # ----- opening --------------------------------------------------------------------------

    def _open_now(self) -> None:
        self.writable = True
        private_folder(self.path.parent)
        for sentence in wal_files.set_aside_companions(self.path):
            self.notices.add(sentence)
        damage = self._damage()
        if damage is not None:
            self._replace(damage)
            return
        try:
            wal_files.create_private(self.path)
            self.connection = connect(self.path, self.wait)
            self._set_up(self.connection)
            found = self.connection.execute("PRAGMA user_version").fetchone()[0]
            if found > VERSION:
                self.newer = True
                self.connection.close()
                self.connection = None
                self.problem = _("{path} was written by a newer version of Eight Off; it is left as it "
                                 "is and this window plays without recording games.").format(
                    path=shown(self.path))
                self.notices.add(self.problem)
                return
            if os.path.getsize(self.path) <= CHECKED_SIZE:
                checked = self.connection.execute("PRAGMA quick_check").fetchall()
                if checked != [("ok",)]:
                    raise sqlite3.DatabaseError(str(checked[0][0]) if checked else "quick_check")
            self._migrate(self.connection, found)
        except (sqlite3.DatabaseError, UnicodeDecodeError) as error:  # a damaged page's text may not be UTF-8
            if self.connection is not None:
                self.connection.close()
                self.connection = None
            if isinstance(error, sqlite3.Error) and _refused(error):
                self._cannot(reason_of(error))
                self._read_only()
                return
            self._replace(_("it is damaged ({detail})").format(detail=error))

    def _damage(self) -> str | None:
        """Why the path cannot be a database (not a regular file, no database header), or None."""
        try:
            kind = kind_of(os.lstat(self.path).st_mode)
        except MISSING_ERRORS:
            return None
        except OSError as error:
            return error.strerror or str(error)
        if kind is not None:
            return kind
        try:
            descriptor = os.open(self.path, READ_FLAGS)
            try:
                header = os.read(descriptor, len(HEADER))
            finally:
                os.close(descriptor)
        except OSError as error:
            return _("it cannot be read: {reason}").format(reason=error.strerror or error)
        if header and header != HEADER:
            return _("it is not a database")
        return None

    def _replace(self, reason: str) -> None:
        """Set the bad file aside (with its journal files), start anew, copy what can be read."""
        aside = aside_path(self.path)
        try:
            os.rename(self.path, aside)
        except MISSING_ERRORS:
            pass
        except OSError as error:
            self._cannot(_("{reason}, and it could not be moved aside: {error}").format(
                reason=reason, error=error.strerror or error))
            return
        for suffix in ("-wal", "-shm", "-journal"):
            with contextlib.suppress(OSError):
                os.rename(f"{self.path}{suffix}", f"{aside}{suffix}")
        try:
            wal_files.create_private(self.path)
            self.connection = connect(self.path, self.wait)
            self._set_up(self.connection)
            self._migrate(self.connection, 0)
        except sqlite3.DatabaseError as error:
            self.connection = None
            self._cannot(str(error))
            return
        saved = salvage(aside, self.connection)
        self.notices.add(_("Your {what} could not be read ({reason}); a new one was started with the {count} "
                           "games that could still be read, and the old file was kept as {aside}.").format(
            what=what(), reason=reason, count=saved, aside=shown(aside)))

    def _read_only(self) -> None:
        """A database that cannot be written here (a read-only folder, a full disk, a lock held
        while opening) is still read, as it is, so the game resumes and the figures show."""
        if not os.path.isfile(self.path):
            return
        with contextlib.suppress(sqlite3.Error):
            connection = connect(self.path, self.wait, read_only=True)
            if connection.execute("PRAGMA user_version").fetchone()[0] == VERSION:
                self.connection, self.writable = connection, False
            else:
                connection.close()

    def _cannot(self, reason: str) -> None:
        """No database for now (a folder that cannot hold it, a lock held while opening): the
        first write that fails says so, and each write tries to open it again."""
        self.problem = reason

    def _set_up(self, connection: sqlite3.Connection) -> None:
        mode = "delete" if network_folder(self.path.parent) else "wal"
        connection.execute(f"PRAGMA journal_mode = {mode}")
        connection.execute("PRAGMA synchronous = NORMAL")
        wal_files.private_mode(self.path)
        self.watch = wal_files.Watch(self.path)

    def _migrate(self, connection: sqlite3.Connection, found: int) -> None:
        """Each migration from `found` on, with its new `user_version`, in one transaction."""
        if found >= VERSION:
            return
        short = wal_files.room_short(self.path.parent, wal_files.size_of([self.path])) if found else None
        if short is not None:  # said as a full disk is: no database until there is room
            raise sqlite3.OperationalError(short)
        connection.execute("BEGIN IMMEDIATE")
        try:
            if connection.execute("PRAGMA user_version").fetchone()[0] == found:
                for script in MIGRATIONS[found:]:
                    for statement in filter(str.strip, script.split(";")):
                        connection.execute(statement)
                connection.execute(f"PRAGMA user_version = {VERSION}")
            connection.execute("COMMIT")
        except BaseException:
            connection.execute("ROLLBACK")
            raise

    # ----- writing --------------------------------------------------------------------------

    def write(self, work: Callable[[sqlite3.Connection], T], durable: bool = False,
              again: bool = True) -> T:
        """`work` in one transaction; Unwritten (rolled back) when the database does not take
        it. `durable`: fsynced before this returns (an outcome), not only safe from a kill."""
        connection = self.connection
        if connection is not None and not self.writable:
            connection.close()
            self.connection = connection = None
        if connection is None:
            if self.newer:
                raise Unwritten(self.problem or "")
            self._open(self.wait)
            connection = self.connection
            if connection is None or not self.writable:
                raise Unwritten(self.problem or "")
        if self.moved():
            connection = self.connection
            if connection is None or not self.writable:
                raise Unwritten(self.problem or "")
        try:
            if durable:
                connection.execute("PRAGMA synchronous = FULL")
            connection.execute("BEGIN IMMEDIATE")
            try:
                result = work(connection)
                connection.execute("COMMIT")
                if self.watch is not None:
                    self.watch.written()
            except BaseException:
                with contextlib.suppress(sqlite3.Error):
                    connection.execute("ROLLBACK")
                raise
            self.problem = None
            return result
        except sqlite3.Error as error:
            if again and isinstance(error, sqlite3.DatabaseError) and self.damaged(error):
                return self.write(work, durable, again=False)
            if not _refused(error):
                connection.close()
                self.connection = None
            name = getattr(error, "sqlite_errorname", "")
            busy = name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED"))
            raise Unwritten(reason_of(error), busy) from None
        finally:
            if durable and self.connection is not None:
                with contextlib.suppress(sqlite3.Error):
                    connection.execute("PRAGMA synchronous = NORMAL")

    def moved(self) -> bool:
        """Whether the database or its log changed under this window since it was opened
        (deleted, moved, replaced): then what the open connection holds is saved, the player
        told, and the file now under the name opened (`wal_files.Watch.rescue`)."""
        if self.connection is None or not self.writable or self.watch is None or not self.watch.changed():
            return False
        self.notices.add(self.watch.rescue(self.connection))
        self.connection.close()
        self.connection = None
        self._open(self.wait)
        return True

    def damaged(self, error: sqlite3.DatabaseError) -> bool:
        """Whether `error` says the file is damaged (then it is set aside, a new database is
        started with what could be read, and the player told): the caller tries again once."""
        name = getattr(error, "sqlite_errorname", "")
        if not name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")):
            return False
        if not self.writable:
            # Read as it is, past the locks and the write-ahead log, while another process may
            # be writing it: what looks damaged may only be caught mid-change, so it stays put.
            return False
        if self.connection is not None:
            self.connection.close()
            self.connection = None
        self._replace(_("it is damaged ({detail})").format(detail=error))
        self.set_wait(self.wait)
        return True

    def set_wait(self, seconds: float) -> None:
        """Wait up to `seconds` for another process's write lock from now on."""
        self.wait = seconds
        if self.connection is not None:
            self.connection.execute(f"PRAGMA busy_timeout = {int(seconds * 1000)}")

    def close(self) -> None:
        if self.connection is not None:
            with contextlib.suppress(sqlite3.Error):
                self.connection.execute("PRAGMA optimize")
            self.connection.close()
            self.connection = None


def _refused(error: sqlite3.Error) -> bool:
    """A write the disk or another process refused (try again later), not a damaged file."""
    name = getattr(error, "sqlite_errorname", "")
    return name.split("_")[1] in {"BUSY", "LOCKED", "FULL", "READONLY", "CANTOPEN", "IOERR", "PERM",
                                  "AUTH", "NOLFS"} if name.count("_") else \
        any(word in str(error) for word in ("locked", "full", "readonly", "unable to open", "I/O"))


def reason_of(error: sqlite3.Error) -> str:
    """The player's words for what SQLite said."""
    name = getattr(error, "sqlite_errorname", "")
    if name.startswith("SQLITE_BUSY") or name.startswith("SQLITE_LOCKED"):
        return _("another Eight Off program is writing the database")
    if name.startswith("SQLITE_FULL"):
        return _("the disk is full")
    if name.startswith("SQLITE_READONLY") or name.startswith("SQLITE_PERM"):
        return _("the folder or the database is read-only")
    return str(error)


def salvage(old: Path, into: sqlite3.Connection) -> int:
    """Copy the rows a damaged database still gives into the new one (read from each end of
    each table, so one bad page costs only the rows on it); the number of games copied."""
    try:
        if kind_of(os.lstat(old).st_mode) is not None:
            return 0  # only a regular file is opened: a pipe would block
        source = connect(old, 0.0, read_only=True)
        source.execute("PRAGMA writable_schema = ON")  # reads a file cut short (never written)
    except (OSError, sqlite3.Error):
        return 0
    into.execute("BEGIN IMMEDIATE")
    try:
        for table in TABLES:
            try:
                columns = [row[1] for row in into.execute(f"PRAGMA table_info({table})")]
                names = ", ".join(columns)
                fill = f"INSERT OR IGNORE INTO {table}({names}) VALUES ({', '.join('?' * len(columns))})"
                select = f"SELECT {names} FROM {table}"
                for order in ("ASC", "DESC"):
                    with contextlib.suppress(sqlite3.Error):  # a row at a time, up to the bad page
                        for row in source.execute(f"{select} ORDER BY {columns[0]} {order}"):
                            into.execute(fill, row)
                if columns[0] == "seq":
                    _probe(source, into, f"{select} WHERE seq = ?", fill)
            except sqlite3.Error:
                continue
        into.execute("DELETE FROM moves WHERE seq NOT IN (SELECT seq FROM games)")
        into.execute("DELETE FROM facts WHERE name = 'counted'")
        into.execute("COMMIT")
    except BaseException:
        into.execute("ROLLBACK")
        raise
    finally:
        source.close()
    count: int = into.execute("SELECT count(*) FROM games").fetchone()[0]
    return count


PROBED_MISSES = 1000
"""Keys past the last row found at which `_probe` stops looking."""


def _probe(source: sqlite3.Connection, into: sqlite3.Connection, select: str, fill: str) -> None:
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
        into.execute(fill, row)
