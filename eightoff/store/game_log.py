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
import errno
import io
import operator
import os
import re
import tempfile
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import chain, compress
from operator import attrgetter
from pathlib import Path
from types import ModuleType
from typing import Literal

import msgspec

from eightoff.core.i18n import _
from eightoff.core.limits import EARLIEST, LAST_DEAL, LATEST
from eightoff.store.files import StoreFiles, fsync_folder
from eightoff.store.schema import (
    GAME_ID,
    LOG_VERSION,
    LOST,
    SOLVED,
    VARIANT_KEY,
    WON,
    LogFields,
    LogLine,
    Outcome,
    Versioned,
    problem,
)
from eightoff.userfiles.reading import MISSING_ERRORS, READ_FLAGS, BadFile, Unreadable, kind_of, reason_of

fcntl: ModuleType | None
try:
    import fcntl
except ImportError:  # pragma: no cover - not POSIX
    fcntl = None

CHUNK = 1 << 20
"""Bytes read and decoded at a time: a large log is read in pieces, never whole, and a block
with a bad line is cut up at little cost. A longer line is damage, not a game: skipped without
being held in memory."""
FINGERPRINTED = 4096
HALVED = 16 << 20
"""A log at least this large is read in two halves at once, where a process can be forked."""
BRACKETS, COMMA, NEWLINE = b"[]", ord(","), ord("\n")
ID_CHARACTERS = b"-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
"""What game ids are made of."""
BLOCK = msgspec.json.Decoder(list[LogFields])
ID, DEAL, START, FINISHED = (attrgetter(name) for name in ("id", "deal", "start", "finished"))
GAME = attrgetter("rules", "outcome")
OUTCOMES: dict[Outcome | None, int] = {WON: 0, LOST: 1, SOLVED: 2, None: 3}
MORE_KEYS = 63
"""Variant keys a scan numbers: 4 x 63 codes, then OTHER and BAD."""
OTHER, BAD = 252, 255
"""The codes of a game of a further variant key, and of a line whose key is not one."""

Appended = Literal["written", "busy", "failed"]


class Busy(Exception):
    """Another process holds the log's lock (a suspended `eightoff stats`, say)."""


LOCK_FLAGS = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)


def what() -> str:
    return _("record of finished games")


@dataclass
class Block:
    """Valid lines of the log, in order, and the ids of their games (lines without one left out),
    as the reader hands them on a block at a time."""

    lines: list[LogFields]
    ids: list[str]
    codes: bytes
    """Each line's game as one byte: 4 x the index of its variant key in `keys` + the number of
    its outcome in OUTCOMES (3 when the line does not say it), or OTHER past MORE_KEYS keys."""
    keys: list[str]


@dataclass
class Scan:
    """What reading the log from an offset found (the lines themselves went to `take`)."""

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
    fingerprint: bytes = b""
    """`fingerprint` of the bytes before `end`, to tell an append from a rewrite in place."""
    failed: bool = False
    """The log could not be read (the player was told): what was taken is not the log's."""


class GameLog:
    def __init__(self, path: Path, files: StoreFiles) -> None:
        self.path = path
        self.lock_path = path.with_name(path.name + ".lock")
        self.files = files
        self.decoder = msgspec.json.Decoder(LogLine)
        self.versioned = msgspec.json.Decoder(Versioned)

    # ----- writing ---------------------------------------------------------------------------

    def append(self, lines: Sequence[bytes], wait: bool = True) -> Appended:
        """Add lines (each one JSON object, without its newline), durably (fsync of the file,
        and of the folder when the file is new): "written", "failed" (the once-only "cannot
        save" notice given; a part written is cut off again, so a full disk leaves no torn
        line), or "busy" when `wait` is False and
        another process holds the log's lock (nothing written, nothing said)."""
        data = b"".join(line + b"\n" for line in lines)
        if not self.files.may_write(self.path) or not self._usable():
            return "failed"
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self._locked(exclusive=True, wait=wait):
                flags = os.O_RDWR | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
                descriptor = os.open(self.path, flags | getattr(os, "O_NONBLOCK", 0), 0o600)
                try:
                    size = os.fstat(descriptor).st_size
                    if size and _ends_mid_line(descriptor):
                        data = b"\n" + data  # a crash cut the last line short: do not glue onto it
                    _write_whole(descriptor, data, size)
                finally:
                    os.close(descriptor)
                if size == 0:
                    fsync_folder(self.path.parent)
        except Busy:
            return "busy"
        except OSError as error:
            self.files.notices.cannot_save(_("the finished game"), self.path, reason_of(error))
            return "failed"
        self.files.notices.saved()
        return "written"

    def rewrite(self, keep: Callable[[LogLine], bool]) -> None:
        """Keep only the readable lines `keep` accepts, and every line this program cannot read
        (damaged, or from a newer version): a reset forgets games, never what it cannot judge.
        Streams from the log to a new file beside it, a line at a time, so the memory it takes
        does not grow with the log (a reset of 10 million games once ran out of it)."""
        if not self.files.may_write(self.path) or not self._usable():
            return
        try:
            with self._locked(exclusive=True):
                self._rewrite(keep)
        except OSError as error:
            self.files.notices.cannot_save(what(), self.path, reason_of(error))

    def _rewrite(self, keep: Callable[[LogLine], bool]) -> None:
        try:
            source = open(self.path, "rb")  # noqa: SIM115 - closed below, after the replace
        except MISSING_ERRORS:
            return
        temporary = tempfile.NamedTemporaryFile(  # noqa: SIM115 - closed by the with below
            "wb", dir=self.path.parent, prefix=f".{self.path.name}.", suffix=".tmp", delete=False)
        with source, temporary as target:
            dropped = False
            try:
                whole = True
                while piece := source.readline(CHUNK):
                    complete = piece.endswith(b"\n")
                    if whole and complete and piece.strip() and not self._keeps(piece, keep):
                        dropped = True
                    elif piece.strip() or not whole:
                        target.write(piece if complete or len(piece) == CHUNK else piece + b"\n")
                    whole = complete
                target.flush()
                os.fsync(target.fileno())
                if dropped:
                    os.replace(target.name, self.path)
                    fsync_folder(self.path.parent)
            finally:
                with contextlib.suppress(OSError):
                    os.unlink(target.name)

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

    def scan(self, take: Callable[[Block], None], offset: int = 0, before: bytes = b"",
             identity: tuple[int, int] = (0, 0), stop: int | None = None) -> Scan | None:
        """Hand the complete lines from `offset` on (up to `stop`, a line's start, if given) to
        `take`, a block at a time; None, before taking any, when the log is no longer the file
        `identity` (device, inode) or its bytes before `offset` no longer have the fingerprint
        `before` (the log was replaced, rewritten or edited: read it again from 0)."""
        with self._locked(exclusive=False):
            try:
                return self._scan(take, offset, before, identity, stop)
            except BadFile as error:
                self.files.set_aside(self.path, what(), str(error), _("the statistics start empty"))
            except Unreadable as error:
                self.files.leave(self.path, what(), str(error), _("the statistics start empty"))
        return Scan(failed=True)

    def scan_quietly(self, take: Callable[[Block], None], offset: int, before: bytes,
                     identity: tuple[int, int]) -> Scan | None:
        """`scan`, with None too when the log cannot be read: nothing is told nor set aside (for
        a helper process; the process it helps tells)."""
        with self._locked(exclusive=False):
            try:
                return self._scan(take, offset, before, identity)
            except (BadFile, Unreadable):
                return None

    def _scan(self, take: Callable[[Block], None], offset: int, before: bytes,
              identity: tuple[int, int], stop: int | None = None) -> Scan | None:
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
            scan = Scan(end=offset, identity=(status.st_dev, status.st_ino))
            if offset and (scan.identity != identity or offset > status.st_size
                           or fingerprint(descriptor, offset) != before):
                return None
            _Reader(self, scan, take, stop).read(descriptor)
            scan.fingerprint = fingerprint(descriptor, scan.end)
            return scan
        except OSError as error:
            raise Unreadable(reason_of(error)) from None
        finally:
            os.close(descriptor)

    def halfway(self) -> tuple[int, tuple[int, int], bytes] | None:
        """Where a line starts halfway through a log of more than HALVED bytes, with the log's
        identity and its fingerprint there (as `scan` takes them); None for a smaller log.
        Halfway, though the first half's reader also adds the second half up: the second's
        reader must send its part through a pipe too, and a 45 % split left the first waiting
        on it (`eightoff stats` on a million games: median 0.80 s against 0.87 s, a dozen runs each)."""
        try:
            descriptor = os.open(self.path, READ_FLAGS)
        except OSError:
            return None
        try:
            status = os.fstat(descriptor)
            if kind_of(status.st_mode) is not None or status.st_size < HALVED:
                return None
            middle = status.st_size // 2
            newline = os.pread(descriptor, CHUNK, middle).find(b"\n")
            if newline < 0:
                return None
            split = middle + newline + 1
            return split, (status.st_dev, status.st_ino), fingerprint(descriptor, split)
        except OSError:
            return None
        finally:
            os.close(descriptor)

    def decode_line(self, raw: bytes, scan: Scan) -> LogLine | None:
        """One line alone: the line, or None with it counted as bad or newer."""
        try:
            line = self.decoder.decode(raw)
        except (ValueError, RecursionError):
            line = None
        if line is not None and line.version <= LOG_VERSION:
            return line
        if self._is_newer(raw):
            scan.newer += 1
        else:
            scan.bad += 1
        return None

    def _is_newer(self, raw: bytes) -> bool:
        try:
            return self.versioned.decode(raw).version > LOG_VERSION
        except (ValueError, RecursionError):
            return False

    # ----- locking ---------------------------------------------------------------------------

    @contextlib.contextmanager
    def _locked(self, exclusive: bool, wait: bool = True) -> Iterator[None]:
        """Hold the log's lock; without a lock file (a folder we cannot write, or something
        that is not a file in its place) go unlocked, as nothing can then be written either.
        With `wait` False, raise Busy at once when another process holds it."""
        try:
            descriptor: int | None = os.open(self.lock_path, LOCK_FLAGS, 0o600)
        except OSError:
            descriptor = None
        try:
            if descriptor is not None and fcntl is not None:
                mode = (fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH) | (0 if wait else fcntl.LOCK_NB)
                try:
                    fcntl.flock(descriptor, mode)
                except BlockingIOError:
                    raise Busy from None
                except OSError:
                    pass
            yield
        finally:
            if descriptor is not None:
                os.close(descriptor)


class _Reader:
    """Reads the log in blocks of whole lines and decodes each block at once.

    A block goes to msgspec as one JSON array of `LogFields` (its newlines made commas, in place
    in a copy of the buffer read), which allow no nesting; when it decodes into as many objects
    as it has lines, with no comma in a key, id or board (where a string cut by a newline would
    show it), each line held exactly one object, as reading them one by one would find. A block
    that does not decode is cut at the line msgspec names (or, failing that, in the middle): the
    lines before it are decoded as a block again, that line alone, the rest likewise; a few bad
    lines cost a few cuts, not a line-by-line read. What msgspec cannot check in C (`problem`)
    is checked on whole columns, and line by line only in a block where that finds something."""

    def __init__(self, log: GameLog, scan: Scan, take: Callable[[Block], None], stop: int | None) -> None:
        self.log = log
        self.scan = scan
        self.take = take
        self.passed: list[Block] = []
        """The checked lines of the block being read, in pieces as its cuts left them: handed on
        together, so a block with many bad lines still costs one addition."""
        self.stop = stop
        self.codes = _Codes()
        self.data = bytearray()
        """The bytes read, from the newline before the first line on (a newline put first at 0)."""
        self.commas = bytearray()
        """The same with every newline a comma: JSON arrays of lines, once brackets are put in."""

    def read(self, descriptor: int) -> None:
        file = open(descriptor, "rb", buffering=0, closefd=False)  # noqa: SIM115 - the caller closes
        buffer = bytearray(CHUNK + 1)
        while True:
            start = self.scan.end
            buffer[0] = NEWLINE  # the newline before the first line, read or not
            if self.stop is not None and start >= self.stop:
                return
            file.seek(max(0, start - 1))
            room = memoryview(buffer)[start == 0:]
            read = file.readinto(room if self.stop is None else room[:self.stop - max(0, start - 1)]) or 0
            self.data = buffer if read + (start == 0) > CHUNK else buffer[:read + (start == 0)]
            cut = self.data.rfind(b"\n", 1) + 1
            if cut == 0:
                if len(self.data) > CHUNK and self.skipped_long_line(file):
                    continue
                self.scan.torn = bool(self.data[1:].strip())
                return
            self.commas = self.data.replace(b"\n", b",")
            self.decode(1, cut)
            self.hand_on()
            self.scan.end += cut - 1
            if len(self.data) <= CHUNK:
                self.scan.torn = bool(self.data[cut:].strip())
                return

    def skipped_long_line(self, file: io.FileIO) -> bool:
        """Skip a line longer than a block (damage, not a game) to its end, unread; False when
        the file ends first (a torn line)."""
        while piece := file.read(CHUNK):
            if (newline := piece.find(b"\n")) >= 0:
                self.scan.bad += 1
                self.scan.end = file.tell() - len(piece) + newline + 1
                return True
        return False

    def decode(self, start: int, end: int) -> None:
        """The whole lines of data[start:end]; data[start - 1] and data[end - 1] are newlines."""
        commas = self.commas
        while start < end:
            commas[start - 1], commas[end - 1] = BRACKETS
            try:
                lines = BLOCK.decode(memoryview(commas)[start - 1:end])
            except (ValueError, RecursionError) as error:
                cut = self.cut(start, end, str(error))
            else:
                if len(lines) == self.data.count(b"\n", start, end) and self.pass_on(lines):
                    return
                cut = self.middle(start, end)
            finally:
                commas[start - 1] = commas[end - 1] = COMMA
            line_end = self.data.find(b"\n", cut, end) + 1
            if cut > start:
                self.decode(start, cut)
            raw = bytes(self.data[cut:line_end])
            if raw.strip() and (line := self.log.decode_line(raw, self.scan)) is not None:
                self.pass_on([line])
            start = line_end

    def cut(self, start: int, end: int, error: str) -> int:
        """Where the line msgspec's error names starts (the middle line's, without a name)."""
        data = self.data
        named = re.search(r"\$\[(\d+)\]|\(byte (\d+)\)", error)
        if named is not None and named.group(1) is not None and int(named.group(1)) < CHUNK:
            cut = start
            for _line in range(int(named.group(1))):
                cut = data.find(b"\n", cut, end) + 1 or end
            if cut < end:
                return cut
        elif named is not None and named.group(2) is not None and 0 < int(named.group(2)) <= end - start:
            return data.rfind(b"\n", start, start - 1 + int(named.group(2))) + 1 or start
        return self.middle(start, end)

    def middle(self, start: int, end: int) -> int:
        return self.data.rfind(b"\n", start, (start + end) // 2) + 1 or start

    def pass_on(self, lines: list[LogFields]) -> bool:
        """Check the lines of a block and hand on the good ones; False, handing on nothing, when
        the block may not be one game a line after all: each newline made a comma, a string
        that went on over a newline decoded with a comma in it, and a line of two objects
        joined by a comma made two games. The first shows as a comma in a key, id or board,
        which `suspects` looks for; without one, as many objects as lines means one a line."""
        if not lines:
            return True
        ids = list(filter(None, map(ID, lines)))
        codes = bytes(map(self.codes.__getitem__, map(GAME, lines)))
        suspects = self.suspects(lines, ids, codes)
        if suspects:
            if any(_may_hold_a_newline(lines[index]) for index in suspects):
                return False
            keep = bytearray(b"\1" * len(lines))
            for index in suspects:
                if problem(lines[index]) is not None:
                    keep[index] = 0
                    self.scan.bad += 1
            lines = list(compress(lines, keep))
            ids = list(filter(None, map(ID, lines)))
            codes = bytes(compress(codes, keep))
        if lines:
            self.passed.append(Block(lines, ids, codes, self.codes.keys_in_order))
        return True

    def hand_on(self) -> None:
        passed, self.passed = self.passed, []
        if len(passed) == 1:
            self.take(passed[0])
        elif passed:
            self.take(Block(list(chain.from_iterable(block.lines for block in passed)),
                            list(chain.from_iterable(block.ids for block in passed)),
                            b"".join(block.codes for block in passed), self.codes.keys_in_order))

    @staticmethod
    def suspects(lines: list[LogFields], ids: list[str], codes: bytes) -> set[int]:
        """The lines `problem` may find something in (none: the block is clean), looked for a
        column at a time, and line by line only in a column where something is found."""
        found = {index for index, code in enumerate(codes) if code == BAD} if BAD in codes else set()
        finished = list(map(FINISHED, lines))
        if not (min(finished) >= EARLIEST and max(finished) < LATEST):
            found.update(index for index, moment in enumerate(finished) if not EARLIEST <= moment < LATEST)
        starts, deals = list(map(START, lines)), list(map(DEAL, lines))
        if max(filter(None, deals), default=0) > LAST_DEAL:
            found.update(index for index, deal in enumerate(deals) if deal is not None and deal > LAST_DEAL)
        boards = len(starts) - starts.count(None)
        if deals.count(None) != boards or (boards and (any(map(operator.is_, deals, starts))
                                                       or "," in "".join(filter(None, starts)))):
            found.update(index for index, (deal, start) in enumerate(zip(deals, starts, strict=True))
                         if (deal is None) == (start is None) or "," in (start or ""))
        if " ".join(ids).encode().translate(None, ID_CHARACTERS) != b" " * (len(ids) - 1):
            found.update(index for index, line in enumerate(lines)
                         if line.id is not None and GAME_ID.fullmatch(line.id) is None)
        return found


class _Codes(dict[tuple[str, Outcome | None], int]):
    """The code of each (variant key, outcome) met in a scan: C looks them up, and Python makes
    one, checking the key against VARIANT_KEY, only for a pair it has not met."""

    def __init__(self) -> None:
        super().__init__()
        self.numbers: dict[str, int] = {}
        self.keys_in_order: list[str] = []

    def __missing__(self, game: tuple[str, Outcome | None]) -> int:
        key, outcome = game
        number = self.numbers.get(key)
        if number is None and VARIANT_KEY.fullmatch(key) is not None and len(self.keys_in_order) < MORE_KEYS:
            number = self.numbers[key] = len(self.keys_in_order)
            self.keys_in_order.append(key)
        code = self[game] = (BAD if VARIANT_KEY.fullmatch(key) is None else OTHER if number is None
                             else 4 * number + OUTCOMES[outcome])
        return code


def _may_hold_a_newline(line: LogFields) -> bool:
    return "," in line.rules or "," in (line.id or "") or "," in (line.start or "")


def fingerprint(descriptor: int, offset: int) -> bytes:
    """What the log's bytes before `offset` look like: a hash of the last FINGERPRINTED of them
    (b"" at 0). Appends leave it as it was; a rewrite or an edit near the end changes it."""
    if offset == 0:
        return b""
    import hashlib  # here: its import loads OpenSSL, 3.6 MB the window does without until a scan

    tail = os.pread(descriptor, min(offset, FINGERPRINTED), max(0, offset - FINGERPRINTED))
    return hashlib.blake2b(tail, digest_size=16).digest()


def _write_whole(descriptor: int, data: bytes, size: int) -> None:
    """Append `data` and fsync; on any failure cut the file back to `size` (best effort) and
    raise, so a disk that took part of it leaves no torn line behind."""
    try:
        if os.write(descriptor, data) != len(data):
            raise OSError(errno.ENOSPC, _("the disk took only part of the record"))
        os.fsync(descriptor)
    except OSError:
        with contextlib.suppress(OSError):
            os.ftruncate(descriptor, size)
        raise


def _ends_mid_line(descriptor: int) -> bool:
    """Whether the last byte is not a newline (O_APPEND writes go to the end wherever we seek)."""
    return os.pread(descriptor, 1, os.fstat(descriptor).st_size - 1) != b"\n"
