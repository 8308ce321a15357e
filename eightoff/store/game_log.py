"""The log of finished games: one JSON line per game, appended, never edited in place.

Statistics are derived from this log instead of being kept as counters, so recording a game
never reads, modifies and writes shared state: two copies of the program running at once each
add their own lines and cannot lose each other's games. Each line goes out in one O_APPEND
write, under an exclusive flock on a separate lock file; readers take a shared lock, so they
never see half a line; the rare rewrites (reset, dropping damaged lines) take the exclusive
lock so no line appended meanwhile is dropped. flock is POSIX: elsewhere appends still rely on
O_APPEND alone.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any, Generic, TypeVar

from eightoff.store.files import MISSING_ERRORS, Notices, aside_path, atomic_write

fcntl: ModuleType | None
try:
    import fcntl
except ImportError:  # pragma: no cover - not POSIX
    fcntl = None

VERSION = 1
WHAT = "record of finished games"

T = TypeVar("T")


@dataclass
class Parsed(Generic[T]):
    """A log's lines sorted by what this program can do with them."""

    readable: list[tuple[bytes, T]] = field(default_factory=list)
    newer: list[bytes] = field(default_factory=list)
    """Lines from a newer version: kept in the file for it, not counted here."""
    bad: int = 0


class GameLog(Generic[T]):
    def __init__(
        self,
        path: Path,
        decode: Callable[[dict[str, Any]], T],
        notices: Notices,
    ) -> None:
        """`decode` turns one line's JSON object into a record or raises ValueError/TypeError."""
        self.path = path
        self.lock_path = path.with_name(path.name + ".lock")
        self.decode = decode
        self.notices = notices
        self._told_newer = False

    def append(self, document: dict[str, Any]) -> None:
        """Add one line; failure to write becomes the once-only "cannot save" notice."""
        line = json.dumps({"version": VERSION, **document}, separators=(",", ":")).encode() + b"\n"
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self._locked(exclusive=True):
                descriptor = os.open(self.path, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o600)
                try:
                    if _ends_mid_line(descriptor):
                        line = b"\n" + line  # a crash cut the last line short: do not glue onto it
                    if os.write(descriptor, line) != len(line):
                        raise OSError(0, "the disk took only part of the record")
                    os.fsync(descriptor)
                finally:
                    os.close(descriptor)
        except OSError as error:
            self.notices.cannot_save("the finished game", self.path, error)

    def read(self) -> list[T]:
        """Every readable record, oldest first. Damaged lines are dropped from the file (the
        original is kept aside) so the player hears about them once."""
        with self._locked(exclusive=False):
            parsed = self._parse()
        if parsed.bad:
            parsed = self.rewrite(lambda record: True)
        if parsed.newer and not self._told_newer:
            self._told_newer = True
            self.notices.add(
                f"{len(parsed.newer)} finished games were recorded by a newer version of Eight Off; "
                "they are kept but not counted here."
            )
        return [record for _, record in parsed.readable]

    def rewrite(self, keep: Callable[[T], bool]) -> Parsed[T]:
        """Keep only the readable lines `keep` accepts (and lines of newer versions); returns
        what was kept. Damaged lines go, with the whole original kept aside."""
        with self._locked(exclusive=True):
            parsed = self._parse()
            kept = Parsed([(line, record) for line, record in parsed.readable if keep(record)], parsed.newer)
            if len(kept.readable) == len(parsed.readable) and not parsed.bad:
                return kept
            try:
                if parsed.bad:
                    self._keep_aside(parsed.bad)
                lines = [line for line, _ in kept.readable] + kept.newer
                atomic_write(self.path, b"".join(line + b"\n" for line in lines))
            except OSError as error:
                self.notices.cannot_save(f"the {WHAT}", self.path, error)
            return kept

    def _keep_aside(self, bad: int) -> None:
        aside = aside_path(self.path)
        atomic_write(aside, self.path.read_bytes())
        self.notices.add(
            f"Damaged lines in your {WHAT} could not be read ({bad} in all) and were left out; "
            f"the original file was kept as {aside}."
        )

    def _parse(self) -> Parsed[T]:
        parsed: Parsed[T] = Parsed()
        try:
            raw = self.path.read_bytes()
        except MISSING_ERRORS:
            return parsed
        except OSError as error:
            self.notices.add(f"Cannot read your {WHAT} ({error.strerror or error}); statistics start empty.")
            return parsed
        for line in raw.split(b"\n"):
            line = line.strip()
            if not line:
                continue
            try:
                document = json.loads(line)
                if not isinstance(document, dict) or type(document.get("version")) is not int:
                    raise ValueError("not a versioned record")
                if document["version"] > VERSION:
                    parsed.newer.append(line)
                    continue
                parsed.readable.append((line, self.decode(document)))
            except (ValueError, TypeError):
                parsed.bad += 1
        return parsed

    @contextlib.contextmanager
    def _locked(self, exclusive: bool) -> Iterator[None]:
        """Hold the log's lock; without a lock file (a folder we cannot write) go unlocked, as
        nothing can then be written there either."""
        try:
            descriptor: int | None = os.open(self.lock_path, os.O_RDWR | os.O_CREAT, 0o600)
        except OSError:
            descriptor = None
        try:
            if descriptor is not None and fcntl is not None:
                fcntl.flock(descriptor, fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH)
            yield
        finally:
            if descriptor is not None:
                os.close(descriptor)


def _ends_mid_line(descriptor: int) -> bool:
    """Whether the last byte is not a newline (O_APPEND writes go to the end wherever we seek)."""
    if os.fstat(descriptor).st_size == 0:
        return False
    os.lseek(descriptor, -1, os.SEEK_END)
    return os.read(descriptor, 1) != b"\n"
