"""games.db's own files on disk: made private, their companions checked, and watched while open.
SQLite trusts whatever it finds under the names of its `-wal`, `-shm` and `-journal` (a link or
another user's file there made every write fail for ever), so before opening, anything but a
regular file of this user that this user may write is renamed aside (docs/storage.md, "Damage")."""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
import stat
import struct
from collections.abc import Iterator
from pathlib import Path

from eightoff.core.i18n import _, system_reason
from eightoff.store.files import NEW_FILE, shown
from eightoff.userfiles.aside import aside_path
from eightoff.userfiles.identity import identity
from eightoff.userfiles.reading import READ_FLAGS, kind_of

COMPANIONS = ("-wal", "-shm", "-journal")
FORMAT_BYTES = slice(18, 20)
"""The database header's write and read versions: 1 with a rollback journal, 2 with a log.
SQLite reads a file whose write version is higher but never writes it, and does not open one
whose read version is higher: a damaged byte there fails every save, or hides every game."""
NEWEST_FORMAT = 2
WAL_MAGIC = (b"\x37\x7f\x06\x82", b"\x37\x7f\x06\x83")
"""The first bytes of a write-ahead log (SQLite's file format, big-endian checksums or little)."""


def companion(path: Path, suffix: str) -> Path:
    return path.with_name(path.name + suffix)


def odd_companion(path: Path) -> str | None:
    """Why a companion file cannot be SQLite's own (None: a regular file this user may write)."""
    try:
        found = os.lstat(path)
    except OSError:
        return None
    kind = kind_of(found.st_mode)
    if kind is not None:
        return kind
    if hasattr(os, "geteuid") and found.st_uid != os.geteuid():
        return _("it belongs to another user")
    if not _writable(path) and os.access(path.parent, os.W_OK) and _stays_unwritable(path, found):
        return _("it cannot be written")
    if path.name.endswith("-wal") and found.st_size:
        try:
            head, now = _head_of(path)
        except FileNotFoundError:
            return None  # the last window to close removed it as it was looked at
        except OSError:
            head, now = b"", found
        if _log_header(head) or (now.st_dev, now.st_ino, now.st_size) != (
                found.st_dev, found.st_ino, found.st_size):
            return None  # a log, or another window's SQLite made it anew or emptied it meanwhile
        return _("it is not a write-ahead log")  # SQLite would empty it as one that is cut short
    return None


def _head_of(path: Path) -> tuple[bytes, os.stat_result]:
    """A log's first 32 bytes, and what the file read was once they were read: the file under
    the name may have changed since it was first looked at (the last window to close removes its
    log, the next to open makes one anew, empty; a checkpoint may empty it), and bytes read from
    another file, or from one emptied meanwhile, say nothing of the file judged."""
    descriptor = os.open(path, READ_FLAGS)
    try:
        return os.read(descriptor, 32), os.fstat(descriptor)
    finally:
        os.close(descriptor)


def _writable(path: Path) -> bool:
    return os.access(path, os.R_OK | os.W_OK)


def _stays_unwritable(path: Path, found: os.stat_result) -> bool:
    """Whether a second look finds `path` still unwritable and still the file `found` was.
    SQLite makes and removes another process's `-journal` around each of its transactions: one
    that vanished, or was made anew (writable then), while it was looked at is in use, not odd."""
    return not _writable(path) and identity(path) == (found.st_dev, found.st_ino)


def first_bytes(path: Path, count: int) -> bytes:
    """The file's first `count` bytes, never through a link nor blocked by a pipe; OSError."""
    descriptor = os.open(path, READ_FLAGS)
    try:
        return os.read(descriptor, count)
    finally:
        os.close(descriptor)


def _log_header(head: bytes) -> bool:
    """Whether `head` is a write-ahead log's header: its magic number, and the checksum of its
    first 24 bytes (in the byte order the magic number says), which SQLite checks before it
    trusts the log; garbage behind a magic number would be emptied as a log cut short."""
    if len(head) < 32 or head[:4] not in WAL_MAGIC:
        return False
    return _checksum(head[:24], head, (0, 0)) == struct.unpack(">II", head[24:32])


def _checksum(data: bytes, head: bytes, sums: tuple[int, int]) -> tuple[int, int]:
    """SQLite's running checksum of a log's bytes, from `sums`, in the order `head` says."""
    first, second = sums
    for low, high in struct.iter_unpack(">II" if head[3] & 1 else "<II", data):
        first = (first + low + second) & 0xFFFFFFFF
        second = (second + high + first) & 0xFFFFFFFF
    return first, second


def damaged_frames(path: Path) -> bool:
    """Whether a frame of the log fails its checksum while a later frame carries the log's
    salts (was written after it): SQLite replays up to the bad frame and silently drops every
    save after it. Frames of other salts past the good ones are an older log's, never read."""
    with open(path, "rb") as log:
        head = log.read(32)
        if not _log_header(head):
            return False
        page = struct.unpack(">I", head[8:12])[0]
        size = 24 + (page if page > 1 else 1 << 16)  # 65536 is written as 1
        sums, bad = struct.unpack(">II", head[24:32]), False
        while len(frame := log.read(size)) == size:
            if frame[8:16] != head[16:24]:
                if not bad:
                    return False
            elif bad:
                return True
            else:
                sums = _checksum(frame[:8] + frame[24:], head, sums)
                bad = sums != struct.unpack(">II", frame[16:24])
    return False


def set_aside_companions(path: Path, check_frames: bool) -> list[str]:
    """Rename each odd companion of the database aside, and copy a log with a damaged frame
    aside (`check_frames`: only when no other process has the database open, as after a
    crash; a frame another window is writing is not damaged); a sentence for each."""
    said = []
    for suffix in COMPANIONS:
        each = companion(path, suffix)
        reason = odd_companion(each)
        if reason is None:
            continue
        aside = aside_path(each)
        try:
            os.rename(each, aside)
        except FileNotFoundError:
            continue  # gone since it was looked at: the process that made it removed it
        except OSError as error:
            said.append(_("{path} is not a file SQLite can use ({reason}), and it could not be moved aside: "
                          "{error}; nothing can be saved until it is removed.").format(
                path=shown(each), reason=reason, error=system_reason(error)))
            continue
        said.append(_("{path} was not a file SQLite can use ({reason}); it was kept as {aside}.").format(
            path=shown(each), reason=reason, aside=shown(aside)))
    log = companion(path, "-wal")
    with contextlib.suppress(OSError):
        if check_frames and kind_of(os.lstat(log).st_mode) is None and damaged_frames(log):
            shutil.copyfile(log, aside := aside_path(log))
            said.append(_("A save in {path} is damaged, so the moves saved after it could not be read; a "
                          "copy of the file was kept as {aside}.").format(path=shown(log),
                                                                           aside=shown(aside)))
    return said


def unknown_format(header: bytes) -> bool:
    return any(version > NEWEST_FORMAT for version in header[FORMAT_BYTES])


@contextlib.contextmanager
def readable_format(path: Path) -> Iterator[Path]:
    """`path`, or, when its header names a format version SQLite does not read, a private copy
    (with its log) whose version bytes name the journal it has, removed afterwards: the games of
    a file that one damaged byte made unreadable are then salvaged, not only kept aside."""
    try:
        damaged = unknown_format(first_bytes(path, FORMAT_BYTES.stop))
    except OSError:
        damaged = False
    if not damaged:
        yield path
        return
    copy = path.with_name(f".{path.name}.readable")
    copies = [copy, *(companion(copy, suffix) for suffix in COMPANIONS)]
    _remove(copies)  # left by a salvage a kill cut short
    readable = copy
    try:
        create_private(copy)
        shutil.copyfile(path, copy)
        version = 1  # a rollback journal: the file alone holds every save
        if _log_size(companion(path, "-wal")):
            create_private(companion(copy, "-wal"))
            shutil.copyfile(companion(path, "-wal"), companion(copy, "-wal"))
            version = NEWEST_FORMAT
        with open(copy, "r+b") as header:
            header.seek(FORMAT_BYTES.start)
            header.write(bytes([version, version]))
    except OSError:
        readable = path  # no room for a copy: the file as it is, which gives nothing
    try:
        yield readable
    finally:
        _remove(copies)


def _log_size(log: Path) -> int:
    """The size of a log that is a regular file, 0 for none (or anything else there)."""
    try:
        found = os.lstat(log)
    except OSError:
        return 0
    return found.st_size if kind_of(found.st_mode) is None else 0


def _remove(paths: list[Path]) -> None:
    for each in paths:
        with contextlib.suppress(OSError):
            os.unlink(each)


def create_private(path: Path) -> None:
    """Make an empty database file for this user only, when there is none (an empty file is
    a new database to SQLite). Errors are left to SQLite's own open to report."""
    with contextlib.suppress(OSError):
        descriptor = os.open(path, NEW_FILE, 0o600)
        os.close(descriptor)


def private_mode(path: Path) -> None:
    """The database and its companions 0600, if they are this user's regular files."""
    for each in [path, *(companion(path, suffix) for suffix in COMPANIONS)]:
        with contextlib.suppress(OSError):
            found = os.lstat(each)
            if stat.S_ISREG(found.st_mode) and stat.S_IMODE(found.st_mode) & 0o177:
                os.chmod(each, 0o600)


MIGRATION_ROOM = 2
"""Times the database's size a migration needs free: it copies every table (the new copy), and
its log holds the copy's pages until they are checkpointed."""
SPARE_BYTES = 1 << 20


def room_short(path: Path) -> str | None:
    """Why the disk holds no room to migrate the database at `path`, or None (room, or the
    system cannot say). Checked first, so that a disk too full is not filled further at every
    start by a migration that fails at its end and leaves its log behind."""
    try:
        needed = MIGRATION_ROOM * os.path.getsize(path) + SPARE_BYTES
        found = os.statvfs(path.parent)
    except (OSError, AttributeError):
        return None
    free = found.f_bavail * found.f_frsize
    if free >= needed:
        return None
    return _("the disk is too full to bring your games up to date: {free} MB free, {needed} MB "
             "needed").format(free=free >> 20, needed=(needed + (1 << 20) - 1) >> 20)


class Watch:
    """The identity of the open database and of its log, to notice either changing under it."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.database = identity(path)
        self.log = identity(companion(path, "-wal"))

    def written(self) -> None:
        """After a write: the log SQLite writes into now exists."""
        if self.log is None:
            self.log = identity(companion(self.path, "-wal"))

    def changed(self) -> bool:
        if identity(self.path) != self.database:
            return True
        return self.log is not None and identity(companion(self.path, "-wal")) != self.log

    def rescue(self, connection: sqlite3.Connection) -> str:
        """Save what `connection` holds, then say what happened (the caller closes it and opens
        the file under the name): the log's last changes go into the database where it is now,
        a database deleted is written back whole, and a log swapped in is kept aside, so that
        closing cannot remove it."""
        log = companion(self.path, "-wal")
        what, path = _("games database"), shown(self.path)
        with contextlib.suppress(sqlite3.Error):
            connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        if identity(self.path) is None:
            with contextlib.suppress(sqlite3.Error):
                connection.execute("VACUUM INTO ?", (os.fspath(self.path),))
            return _("Your {what} ({path}) was deleted while Eight Off was open; it was written back from "
                     "the open window.").format(what=what, path=path)
        if identity(self.path) != self.database:
            return _("Your {what} ({path}) was moved or replaced while Eight Off was open; from now on the "
                     "game is saved in the file now under that name.").format(what=what, path=path)
        said = _("The log of your {what} ({path}) was removed or replaced while Eight Off was open; what it "
                 "held was written into the database.").format(what=what, path=shown(log))
        if identity(log) is not None:
            aside = aside_path(log)
            with contextlib.suppress(OSError):
                os.rename(log, aside)
                said += " " + _("The file found in its place was kept as {aside}.").format(aside=shown(aside))
        return said
