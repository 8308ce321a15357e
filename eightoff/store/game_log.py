"""The log of finished games: one JSON line per game, appended, never edited in place.

Statistics are derived from this log instead of being kept as counters, so recording a game
never reads, modifies and writes shared state: two copies of the program running at once each
add their own lines and cannot lose each other's games. Each line goes out in one O_APPEND
write and is fsynced before `append` returns (a win is a fact once the call is back), under an
exclusive flock on a separate lock file; readers take a shared lock, so they never see half a
line; the rare rewrite (reset) takes the exclusive lock so no line appended meanwhile is
dropped. flock is POSIX: elsewhere appends still rely on O_APPEND alone.

Lines this program cannot read are skipped and counted, never removed: the log is only ever
rewritten by a reset the player asked for.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

import msgspec

from eightoff.core.i18n import _
from eightoff.store.files import (
    MISSING_ERRORS,
    READ_FLAGS,
    BadFile,
    StoreFiles,
    Unreadable,
    atomic_write,
    kind_of,
    reason_of,
)
from eightoff.store.schema import LogLine, Versioned

fcntl: ModuleType | None
try:
    import fcntl
except ImportError:  # pragma: no cover - not POSIX
    fcntl = None

VERSION = 1
CHUNK = 8 << 20
"""Bytes read at a time: a large log is read in pieces, never whole."""
LONGEST_LINE = 1 << 20
"""A line longer than this is damage, not a game: skipped without being held in memory."""

LOCK_FLAGS = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)


def what() -> str:
    return _("record of finished games")


@dataclass
class Scan:
    """What reading the log from an offset found."""

    lines: list[LogLine] = field(default_factory=list)
    bad: int = 0
    newer: int = 0
    """Lines from a newer version: kept in the file for it, not counted here."""
    torn: bool = False
    """The file ends in part of a line: a write cut short by a crash (appends are whole under
    the lock we read under). Not counted into a summary: the next append ends it with a newline
    and it is read, and skipped, as a whole line then."""
    end: int = 0
    """The offset just past the last complete line read."""
    identity: tuple[int, int] = (0, 0)
    """(device, inode) of the file read: a rewrite makes a new one."""
    before_end: bytes = b""
    """The last bytes before `end`, to tell an append from a rewrite in place."""


class GameLog:
    def __init__(self, path: Path, files: StoreFiles) -> None:
        self.path = path
        self.lock_path = path.with_name(path.name + ".lock")
        self.files = files
        self.decoder = msgspec.json.Decoder(LogLine)
        self.versioned = msgspec.json.Decoder(Versioned)

    # ----- writing ---------------------------------------------------------------------------

    def append(self, line: LogLine) -> bool:
        """Add one line, durably (fsync of the file, and of the folder when the file is new).
        Failure to write becomes the once-only "cannot save" notice and False."""
        data = msgspec.json.encode(line) + b"\n"
        if not self.files.may_write(self.path) or not self._usable():
            return False
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self._locked(exclusive=True):
                flags = os.O_RDWR | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
                descriptor = os.open(self.path, flags | getattr(os, "O_NONBLOCK", 0), 0o600)
                try:
                    size = os.fstat(descriptor).st_size
                    if size and _ends_mid_line(descriptor):
                        data = b"\n" + data  # a crash cut the last line short: do not glue onto it
                    if os.write(descriptor, data) != len(data):
                        raise OSError(0, _("the disk took only part of the record"))
                    os.fsync(descriptor)
                finally:
                    os.close(descriptor)
                if size == 0:
                    _fsync_folder(self.path.parent)
        except OSError as error:
            self.files.notices.cannot_save(_("the finished game"), self.path, reason_of(error))
            return False
        return True

    def rewrite(self, keep: Callable[[LogLine], bool]) -> None:
        """Keep only the readable lines `keep` accepts, and every line this program cannot read
        (damaged, or from a newer version): a reset forgets games, never what it cannot judge."""
        if not self.files.may_write(self.path) or not self._usable():
            return
        try:
            with self._locked(exclusive=True):
                raw = self.path.read_bytes() if self.path.exists() else b""
                lines = [line for line in raw.split(b"\n") if line.strip()]
                kept = [line for line in lines if self._keeps(line, keep)]
                if len(kept) != len(lines):
                    atomic_write(self.path, b"".join(line + b"\n" for line in kept))
        except OSError as error:
            self.files.notices.cannot_save(what(), self.path, reason_of(error))

    def _keeps(self, line: bytes, keep: Callable[[LogLine], bool]) -> bool:
        try:
            return keep(self.decoder.decode(line))
        except (ValueError, RecursionError):
            return True

    def _usable(self) -> bool:
        """Whether the log's path is a regular file or missing; anything else (a link, a folder,
        a pipe) is set aside first, so nothing is ever written through it."""
        try:
            self._check(os.lstat(self.path).st_mode)
        except MISSING_ERRORS:
            return True
        except OSError:
            return True  # the write itself will say what is wrong
        except BadFile as error:
            self.files.set_aside(self.path, what(), str(error), _("a new record is started"))
            return self.files.may_write(self.path)
        return True

    @staticmethod
    def _check(mode: int) -> None:
        kind = kind_of(mode)
        if kind is not None:
            raise BadFile(kind)

    # ----- reading ---------------------------------------------------------------------------

    def scan(self, offset: int = 0, before: bytes = b"") -> Scan | None:
        """The complete lines from `offset` on; None when the bytes just before `offset` are no
        longer `before` (the log was rewritten or edited: read it again from 0)."""
        with self._locked(exclusive=False):
            try:
                return self._scan(offset, before)
            except BadFile as error:
                self.files.set_aside(self.path, what(), str(error), _("the statistics start empty"))
            except Unreadable as error:
                self.files.leave(self.path, what(), str(error), _("the statistics start empty"))
        return Scan()

    def _scan(self, offset: int, before: bytes) -> Scan | None:
        try:
            self._check(os.lstat(self.path).st_mode)
            descriptor = os.open(self.path, READ_FLAGS)
        except MISSING_ERRORS:
            return Scan() if offset == 0 else None
        except OSError as error:
            raise Unreadable(reason_of(error)) from None
        try:
            status = os.fstat(descriptor)
            self._check(status.st_mode)
            if offset > status.st_size:
                return None
            if before and os.pread(descriptor, len(before), offset - len(before)) != before:
                return None
            scan = Scan(end=offset, identity=(status.st_dev, status.st_ino), before_end=before)
            self._read_lines(descriptor, scan)
            return scan
        except OSError as error:
            raise Unreadable(reason_of(error)) from None
        finally:
            os.close(descriptor)

    def _read_lines(self, descriptor: int, scan: Scan) -> None:
        position = scan.end
        rest = b""
        while chunk := os.pread(descriptor, CHUNK, position):
            position += len(chunk)
            data = rest + chunk
            cut = data.rfind(b"\n") + 1
            if cut == 0 and len(data) > LONGEST_LINE:
                scan.bad += 1  # one absurd line: skip it up to its end
                rest, scan.end = b"", position
                continue
            self._decode_lines(data[:cut], scan)
            rest = data[cut:]
            scan.end += cut
            if cut:
                scan.before_end = data[max(0, cut - 32):cut]
        scan.torn = bool(rest.strip())

    def _decode_lines(self, block: bytes, scan: Scan) -> None:
        """Decode a block of whole lines; the fast path takes all at once, a block with a bad
        line is done line by line."""
        try:
            lines = self.decoder.decode_lines(block)
        except (ValueError, RecursionError):
            lines = None
        if lines is not None and all(line.version <= VERSION for line in lines):
            scan.lines.extend(lines)
            return
        for raw in block.split(b"\n"):
            if raw.strip():
                self._decode_line(raw, scan)

    def _decode_line(self, raw: bytes, scan: Scan) -> None:
        try:
            line = self.decoder.decode(raw)
        except (ValueError, RecursionError):
            line = None
        if line is not None and line.version <= VERSION:
            scan.lines.append(line)
        elif self._is_newer(raw):
            scan.newer += 1
        else:
            scan.bad += 1

    def _is_newer(self, raw: bytes) -> bool:
        try:
            return self.versioned.decode(raw).version > VERSION
        except (ValueError, RecursionError):
            return False

    # ----- locking ---------------------------------------------------------------------------

    @contextlib.contextmanager
    def _locked(self, exclusive: bool) -> Iterator[None]:
        """Hold the log's lock; without a lock file (a folder we cannot write, or something
        that is not a file in its place) go unlocked, as nothing can then be written either."""
        try:
            descriptor: int | None = os.open(self.lock_path, LOCK_FLAGS, 0o600)
        except OSError:
            descriptor = None
        try:
            if descriptor is not None and fcntl is not None:
                with contextlib.suppress(OSError):
                    fcntl.flock(descriptor, fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH)
            yield
        finally:
            if descriptor is not None:
                os.close(descriptor)


def _ends_mid_line(descriptor: int) -> bool:
    """Whether the last byte is not a newline (O_APPEND writes go to the end wherever we seek)."""
    return os.pread(descriptor, 1, os.fstat(descriptor).st_size - 1) != b"\n"


def _fsync_folder(folder: Path) -> None:
    """Make a new file's name durable too (POSIX; elsewhere there is nothing to open)."""
    with contextlib.suppress(OSError):
        descriptor = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
