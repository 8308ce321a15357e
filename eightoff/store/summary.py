"""games-summary.json: the statistics of the log so far, so opening them is quick with a million
games logged.

The summary names the log it covers (device and inode, the byte offset read up to, and the
bytes just before that offset). Bringing it up to date reads only what was appended since;
a log replaced (reset), cut short or edited is read again from the start. The summary can
always be rebuilt from the log, so it is written without fsync, and a bad one is set aside
and rebuilt. Duplicate game ids are dropped within the last KNOWN_IDS games (duplicates come
from one game recorded twice in quick succession); the window is the same whether the summary
is built at once or a line at a time, so both give the same figures.
"""

from __future__ import annotations

from collections import deque
from pathlib import Path
from typing import Annotated

import msgspec
from msgspec import Meta, Struct

from eightoff.core.i18n import _, ngettext
from eightoff.store.files import StoreFiles
from eightoff.store.game_log import GameLog, Scan
from eightoff.store.schema import BadContent, GameId, VariantKey, check_version, decode
from eightoff.store.statistics import Totals

VERSION = 1
KNOWN_IDS = 2000
MAX_VARIANTS = 64
"""Variant keys counted; lines of further keys are skipped (no registry has that many)."""
LIMIT = 16 << 20


def what() -> str:
    return _("statistics summary")


class Summary(Struct, kw_only=True):
    version: int = VERSION
    device: int = 0
    inode: int = 0
    offset: Annotated[int, Meta(ge=0)] = 0
    before: Annotated[str, Meta(pattern="^([0-9a-f]{2}){0,32}$")] = ""
    """Hex of the last bytes before `offset`."""
    skipped: int = 0
    newer: int = 0
    duplicates: int = 0
    variants: Annotated[dict[VariantKey, Totals], Meta(max_length=MAX_VARIANTS)] = msgspec.field(
        default_factory=dict)
    known_ids: Annotated[list[GameId], Meta(max_length=KNOWN_IDS)] = msgspec.field(default_factory=list)
    """The ids of the newest games, oldest first."""

    def fold(self, scan: Scan) -> None:
        """Count the lines of `scan`, which follow what this summary covers."""
        known = deque(self.known_ids, maxlen=KNOWN_IDS)
        seen = set(known)
        for line in scan.lines:
            if line.id is not None:
                if line.id in seen:
                    self.duplicates += 1
                    continue
                if len(known) == KNOWN_IDS:
                    seen.discard(known[0])
                known.append(line.id)
                seen.add(line.id)
            totals = self.variants.get(line.rules)
            if totals is None:
                if len(self.variants) >= MAX_VARIANTS:
                    self.skipped += 1
                    continue
                totals = self.variants[line.rules] = Totals()
            totals.add(line)
        self.known_ids = list(known)
        self.skipped += scan.bad
        self.newer += scan.newer
        self.device, self.inode = scan.identity
        self.offset = scan.end
        self.before = scan.before_end.hex()

    def knows(self, game_id: str) -> bool:
        return game_id in self.known_ids


class SummaryFile:
    """Keeps the summary in step with the log, in memory and beside it on disk."""

    def __init__(self, path: Path, log: GameLog, files: StoreFiles) -> None:
        self.path = path
        self.log = log
        self.files = files
        self.cached: Summary | None = None
        self.torn = False
        """Whether the log ends in a line cut short (skipped, but not yet in the summary)."""

    def current(self) -> Summary:
        """The summary of the whole log as it is now."""
        summary = self.cached if self.cached is not None else self._load()
        scan = self.log.scan(summary.offset, bytes.fromhex(summary.before)) if summary.offset else None
        if scan is None or (summary.offset and scan.identity != (summary.device, summary.inode)):
            summary = Summary()
            scan = self.log.scan()
            assert scan is not None
        if scan.torn and not self.torn:
            self._tell_skipped(1)
        self.torn = scan.torn
        if scan.lines or scan.bad or scan.newer or scan.end != summary.offset or self.cached is None:
            self._tell(summary, scan)
            summary.fold(scan)
            self.files.write(self.path, what(), msgspec.json.encode(summary), durable=False)
        self.cached = summary
        return summary

    def forget(self) -> None:
        """After a reset: read the (rewritten) log again next time."""
        self.cached = None

    def _load(self) -> Summary:
        raw = self.files.read(self.path, what(), LIMIT, _("it is rebuilt from the record of finished games"))
        if raw is None:
            return Summary()
        try:
            check_version(raw, VERSION)
            return decode(raw, Summary)
        except BadContent as error:
            self.files.set_aside(self.path, what(), str(error),
                                 _("it is rebuilt from the record of finished games"))
            return Summary()

    def _tell(self, summary: Summary, scan: Scan) -> None:
        """Say once how many lines were skipped (the summary remembers what it has said)."""
        if scan.bad:
            self._tell_skipped(scan.bad)
        if scan.newer and not summary.newer:
            self.files.notices.add(ngettext(
                "{count} finished game was recorded by a newer version of Eight Off; it is kept but "
                "not counted here.",
                "{count} finished games were recorded by a newer version of Eight Off; they are kept "
                "but not counted here.", scan.newer).format(count=scan.newer))

    def _tell_skipped(self, count: int) -> None:
        self.files.notices.add(ngettext(
            "{count} line of your record of finished games could not be read and was skipped; "
            "every other game is counted.",
            "{count} lines of your record of finished games could not be read and were skipped; "
            "every other game is counted.", count).format(count=count))
