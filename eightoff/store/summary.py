"""games-summary.json: the statistics of the log so far, so opening them is quick with a million
games logged.

The summary names the log it covers (device and inode, the byte offset read up to, and a
fingerprint of the bytes before that offset). Bringing it up to date reads only what was
appended since; a log replaced (reset), cut short or edited near its end is read again from the
start, a block of lines at a time (`_Folder`), and a large one in two halves at once where a
process can be forked and a processor is free (`SummaryFile._rebuild`): a million games take
one to two seconds. The summary can always be rebuilt from the log, so it is written without
fsync, and a bad one is set aside and rebuilt.

A game recorded twice (two windows, or a crash between logging a game and forgetting its saved
copy) counts once, however far apart its lines are: the summary keeps the id of every game it
counted, and a block's ids are checked against them all.
"""

from __future__ import annotations

import os
from functools import cache
from itertools import compress
from operator import attrgetter
from pathlib import Path
from typing import Annotated

import msgspec
from msgspec import Meta, Struct

from eightoff.core.i18n import _, ngettext
from eightoff.store.files import StoreFiles
from eightoff.store.game_log import DEAL, ID_CHARACTERS, OTHER, Block, GameLog, Scan, fingerprint
from eightoff.store.schema import (
    LOST,
    SOLVED,
    WON,
    BadContent,
    LogFields,
    LogLine,
    Outcome,
    VariantKey,
    check_version,
    decode,
)
from eightoff.store.statistics import ONLY_WINS_AS_ONES, RECENT, Totals
from eightoff.userfiles.reading import READ_FLAGS, kind_of, reason_of

VERSION = 5
"""5: all games' outcomes in one order (`Summary.together`), for their streaks and trend; 4: the
figures the charts draw and the games per deal (`Totals.trace` and after); 3: the ids in a file
of their own, appended to; 2: the ids of all counted games in this one (version 1 kept the last
2000). An older summary is rebuilt."""
MAX_VARIANTS = 64
"""Variant keys counted; lines of further keys are skipped (no registry has that many)."""
LIMIT = 16 << 20
"""Bytes of a summary (its ids are in the ids file, at most the log's own size)."""
FEW_IDS = 64
"""Up to this many new ids are looked up in the summary's string of ids; more make a set of it."""

RESULTS: dict[Outcome | None, int] = {WON: 0, LOST: 1, SOLVED: 2, None: 3}
"""A game's code is 4 x its variant's index + its outcome's number here: one byte a game. 3 is
for a line from before "solved with help" was written down, whose outcome is worked out."""
SKIP = 255
"""The code of a game of a variant beyond MAX_VARIANTS (4 x 64 - 1: no outcome has 3)."""
LETTERS = bytes(b"WLS?"[code & 3] for code in range(256))
"""Codes to the letters `Totals.add_results` reads."""
UNSAID = bytes(code >= OTHER or code & 3 == 3 for code in range(256))
"""The reader's codes of lines that do not say their outcome, or name a key it did not number."""
NOT_COUNTED = bytes([SKIP])
"""The codes `bytes.translate` deletes from a block's outcomes for all games together."""
SECONDS, MOVES = attrgetter("seconds"), attrgetter("moves")


def what() -> str:
    return _("statistics summary")


class Summary(Struct, kw_only=True):
    version: int = VERSION
    device: int = 0
    inode: int = 0
    offset: Annotated[int, Meta(ge=0)] = 0
    before: Annotated[str, Meta(pattern="^([0-9a-f]{2}){0,32}$")] = ""
    """Hex of the log's fingerprint before `offset`."""
    skipped: int = 0
    newer: int = 0
    duplicates: int = 0
    variants: Annotated[dict[VariantKey, Totals], Meta(max_length=MAX_VARIANTS)] = msgspec.field(
        default_factory=dict)
    together: Totals = msgspec.field(default_factory=Totals)
    """All counted games as one run, in the order the log has them (the order they ended): only
    its outcomes are added (`Totals.add_results`), for all games' streaks and win-rate trace."""
    ids: str = ""
    """The id of every game counted, each followed by a space, after a space (" a b "): one
    string, read in one piece, in which an id is found by a substring search. Kept in its own
    file (`SummaryFile.ids_path`), where new ids are appended: "" in the summary's file."""
    ids_size: Annotated[int, Meta(ge=0)] = 0
    """In the summary's file: how much of the ids file is this summary's."""
    ids_check: Annotated[str, Meta(pattern="^([0-9a-f]{2}){0,32}$")] = ""
    """Hex of the ids file's fingerprint (`game_log.fingerprint`) before `ids_size`, to tell
    that ids file from one another process has rewritten since."""


class _Folder:
    """Adds blocks of the log to a summary, in the order they come.

    Each game becomes a one-byte code (variant and outcome), so a block's figures come from C
    loops over bytes (`Totals.add_results`) and a variant's games are picked out with
    `bytes.translate` and `itertools.compress`. Duplicate ids are found with set operations on
    the whole block; only a block that has one is gone through line by line.
    """

    def __init__(self, summary: Summary, record: bool = False) -> None:
        self.summary = summary
        self.record = record
        """Whether each variant's games are kept as they come (`_Record`), to be sent on."""
        self.totals: list[Totals | _Record] = list(summary.variants.values())
        self.together: Totals | _Record = _Record() if record else summary.together
        self.variant_codes = _VariantCodes(self)
        self.known: set[str] | None = None if summary.ids else set()
        """Every counted id, once there are more than FEW_IDS to look up (or none to start from)."""
        self.careful = False
        """Whether a block had a repeated id: then each block is checked before it is added."""
        self.added: set[str] = set()
        """Ids counted here while `known` is None."""
        self.texts: list[str] = []
        """The counted ids, as they go onto `summary.ids`."""
        self.latest: dict[int, list[tuple[list[LogFields], bytes, int]]] = {}
        """Per variant (by code), the newest blocks with its games (lines, codes, how many of
        them are its), as few as hold its last RECENT games: they are picked out at the end."""
        self.later: list[tuple[Totals | _Record, list[LogLine]]] = []
        """The newest games of the second half of the log, when another process read it."""

    def __call__(self, block: Block) -> None:
        lines, codes = block.lines, block.codes
        if block.ids and not self.fresh(block.ids):
            lines = self.first_times(lines)
            codes = b"\3" * len(lines)  # worked out line by line below
        if codes.translate(UNSAID) != bytes(len(codes)):
            codes = bytes(self.variant_codes[line.rules] | RESULTS[line.result] for line in lines)
        else:
            codes = codes.translate(self.table(codes, block.keys))
        self.summary.skipped += codes.count(SKIP)
        self.together.add_results(codes.translate(LETTERS, NOT_COUNTED))
        for variant in {code & ~3 for code in set(codes) if code != SKIP}:
            others, wins, games = _tables(variant)
            totals = self.totals[variant // 4]
            mine = codes.translate(LETTERS, others)
            totals.add_results(mine)
            won = list(compress(lines, codes.translate(wins)))
            totals.add_wins(list(map(SECONDS, won)), list(map(MOVES, won)), list(map(DEAL, won)))
            totals.add_deals(list(map(DEAL, compress(lines, codes.translate(games)))), mine)
            latest = self.latest.setdefault(variant, [])
            latest.append((lines, codes, len(mine)))
            while sum(count for _lines, _codes, count in latest[1:]) >= RECENT:
                del latest[0]

    def table(self, codes: bytes, keys: list[str]) -> bytes:
        """A translation of the reader's codes into this summary's (a variant key the summary has
        not met becomes one of its variants, in the order the block first has them)."""
        table = bytearray(256)
        numbers = {code >> 2 for code in set(codes)}
        for number in sorted(numbers, key=lambda number: _first(codes, 4 * number)):
            variant = self.variant_codes[keys[number]]
            table[4 * number:4 * number + 4] = bytes(variant | outcome for outcome in range(4))
        return bytes(table)

    def new_variant(self, rules: str) -> int:
        variants = self.summary.variants
        if len(variants) == MAX_VARIANTS:
            return SKIP
        variants[rules] = Totals()
        self.totals.append(_Record() if self.record else variants[rules])
        return 4 * (len(variants) - 1)

    def merge(self, part: _Part) -> bool:
        """Add the second half of the log, read by another process; False, adding nothing, when
        it does not simply follow the first: a game in it was counted in the first half too,
        or the halves have more variants than a summary counts."""
        if part.over_cap or len(self.summary.variants.keys() | set(part.keys)) > MAX_VARIANTS:
            return False
        columns = (part.keys, part.results, part.seconds, part.moves, part.recent)
        if len({len(column) for column in columns}) != 1:
            return False
        if self.known is None or not self.known.isdisjoint(part.ids.split()):
            return False
        if len(part.deals) != len(part.keys):
            return False
        for key, results, seconds, moves, recent, deals in zip(*columns, part.deals, strict=True):
            totals = self.totals[self.variant_codes[key] // 4]
            totals.add_results(results)
            totals.add_wins(seconds, moves, list(compress(deals, results.translate(ONLY_WINS_AS_ONES))))
            totals.add_deals(deals, results)
            self.later.append((totals, recent))
        self.together.add_results(part.together)
        self.texts.append(part.ids.lstrip(" "))
        self.summary.duplicates += part.duplicates
        self.known = None  # no more blocks come: the second half's ids need not be added
        return True

    # ----- game ids -----------------------------------------------------------------------

    def fresh(self, ids: list[str]) -> bool:
        """Whether none of `ids` is counted yet nor repeats among them; if so they are now
        counted."""
        if self.known is None and len(ids) + len(self.added) > FEW_IDS:
            self.known = set(self.summary.ids.split()) | self.added
        known = self.known
        if known is None:
            if len(set(ids)) != len(ids) or any(map(self.counted, ids)):
                return False
            self.added.update(ids)
        elif self.careful:
            if not known.isdisjoint(ids):
                return False
            size = len(known)
            known.update(ids)
            if len(known) - size != len(ids):
                known.difference_update(ids)  # all were new, so this undoes the update
                return False
        else:
            size = len(known)
            known.update(ids)  # one pass, as a repeat is rare; when there is one, undo it the long way
            if len(known) - size != len(ids):
                self.careful = True
                self.known = set(self.summary.ids.split()).union(*(text.split() for text in self.texts))
                return False
        self.texts.append(" ".join(ids) + " ")
        return True

    def first_times(self, lines: list[LogFields]) -> list[LogFields]:
        """The lines whose game is not counted yet, each game once: the first line stands."""
        kept = []
        for line in lines:
            if line.id is not None:
                if self.counted(line.id):
                    self.summary.duplicates += 1
                    continue
                if self.known is not None:
                    self.known.add(line.id)
                else:
                    self.added.add(line.id)
                self.texts.append(line.id + " ")
            kept.append(line)
        return kept

    def counted(self, game_id: str) -> bool:
        if self.known is not None:
            return game_id in self.known
        return game_id in self.added or f" {game_id} " in self.summary.ids

    def finish(self, scan: Scan) -> None:
        summary = self.summary
        if self.texts:
            summary.ids = (summary.ids or " ") + "".join(self.texts)
        for variant, blocks in self.latest.items():
            newest = [lines[index] for lines, codes, _count in blocks for index in _last(codes, variant)]
            self.totals[variant // 4].add_recent([_as_line(line) for line in newest[-RECENT:]])
        for totals, lines in self.later:
            totals.add_recent(lines)
        summary.skipped += scan.bad
        summary.newer += scan.newer
        summary.device, summary.inode = scan.identity
        summary.offset = scan.end
        summary.before = scan.fingerprint.hex()


class _Record:
    """A variant's games as they come, in the process that reads the second half of a large log:
    the first half's `Totals` add them as if they had read them (`_Folder.merge`)."""

    def __init__(self) -> None:
        self.results: list[bytes] = []
        self.seconds: list[float] = []
        self.moves: list[int] = []
        self.recent: list[LogLine] = []
        self.deals: list[int | None] = []

    def add_results(self, results: bytes) -> None:
        self.results.append(results)

    def add_deals(self, deals: list[int | None], results: bytes) -> None:
        self.deals += deals

    def add_wins(self, seconds: list[float], moves: list[int], deals: list[int | None] | None = None) -> None:
        """The deals are sent with all the games' (`add_deals`) and picked out on merging."""
        self.seconds += seconds
        self.moves += moves

    def add_recent(self, lines: list[LogLine]) -> None:
        self.recent = (self.recent + lines)[-RECENT:]


class _Part(Struct):
    """The second half of a log as one process sends it to the other."""

    identity: tuple[int, int]
    keys: list[str]
    results: list[bytes]
    seconds: list[list[float]]
    moves: list[list[int]]
    recent: list[list[LogLine]]
    deals: list[list[int | None]]
    together: bytes
    """The outcomes of all its games in the log's order (`Summary.together`)."""
    ids: str
    over_cap: int
    duplicates: int
    bad: int
    newer: int
    end: int
    torn: bool
    fingerprint: bytes


class _VariantCodes(dict[str, int]):
    """4 x the index of each variant key met so far: C looks them up, and Python makes one only
    for a key it has not met."""

    def __init__(self, folder: _Folder) -> None:
        super().__init__((key, 4 * index) for index, key in enumerate(folder.summary.variants))
        self.folder = folder

    def __missing__(self, rules: str) -> int:
        code = self[rules] = self.folder.new_variant(rules)
        return code


@cache
def _tables(variant: int) -> tuple[bytes, bytes, bytes]:
    """The codes not of `variant` (to delete), and tables that give 1 for its wins, and for
    its games, else 0."""
    others = bytes(code for code in range(256) if code & ~3 != variant or code == SKIP)
    games = bytes(code & ~3 == variant and code != SKIP for code in range(256))
    return others, bytes(code == variant for code in range(256)), games


def _may_fork() -> bool:
    """Whether a child process can be forked safely, and helps: this process runs no other
    thread (a window's sound thread would be copied mid-step), as Linux's /proc tells, and a
    processor is free by the load average (on a busy machine two processes take longer)."""
    try:
        threads = len(os.listdir("/proc/self/task"))
        return threads == 1 and os.getloadavg()[0] <= len(os.sched_getaffinity(0)) - 1
    except (AttributeError, OSError):
        return False


def _first(codes: bytes, variant: int) -> int:
    """Where the first game of `variant` is in `codes` (a code of 4 x a variant's number)."""
    return min(position for outcome in range(3) if (position := codes.find(variant + outcome)) >= 0)


def _last(codes: bytes, variant: int) -> list[int]:
    """The positions of the last RECENT games of `variant`, in order."""
    found = []
    for code in range(variant, variant + 3):
        end = len(codes)
        for _game in range(RECENT):
            end = codes.rfind(code, 0, end)
            if end < 0:
                break
            found.append(end)
    return sorted(found)[-RECENT:]


def _as_line(line: LogFields) -> LogLine:
    return line if isinstance(line, LogLine) else LogLine(**msgspec.structs.asdict(line))


class SummaryFile:
    """Keeps the summary in step with the log, in memory and beside it on disk."""

    def __init__(self, path: Path, log: GameLog, files: StoreFiles) -> None:
        self.path = path
        self.log = log
        self.files = files
        self.ids_path = path.with_name(path.stem + ".ids")
        self.ids_written = 0
        """How much of the ids file is the cached summary's: new ids are appended after it."""
        self.cached: Summary | None = None
        self.torn = False
        """Whether the log ends in a line cut short (skipped, but not yet in the summary)."""

    def current(self) -> Summary:
        """The summary of the whole log as it is now."""
        summary = self.cached if self.cached is not None else self._load()
        folder = _Folder(summary)
        scan = None
        if summary.offset:
            scan = self.log.scan(folder, summary.offset, bytes.fromhex(summary.before),
                                 (summary.device, summary.inode))
        if scan is None:
            summary, folder, scan = self._rebuild()
            self.ids_written = 0
        if scan.failed:
            self.cached = None
            return Summary()
        if scan.torn and not self.torn:
            self._tell_skipped(1)
        self.torn = scan.torn
        if scan.bad or scan.newer or scan.end != summary.offset or self.cached is None:
            self._tell(summary, scan)
            folder.finish(scan)
            self._write(summary)
        self.cached = summary
        return summary

    def _write(self, summary: Summary) -> None:
        """Append the ids counted since the last write to the ids file (or write it anew when
        another process rewrote it), then the summary without its ids: a game's end costs what
        it adds, not the million ids before it. Without fsync: a summary can be rebuilt."""
        if not self.files.may_write(self.ids_path):
            return
        try:
            self.ids_path.parent.mkdir(parents=True, exist_ok=True)
            descriptor = os.open(self.ids_path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o600)
        except OSError as error:
            self.files.notices.cannot_save(what(), self.ids_path, reason_of(error))
            return
        try:
            if self.ids_written and fingerprint(descriptor, self.ids_written).hex() != summary.ids_check:
                self.ids_written = 0  # not the ids this summary was read with: all of them again
            with open(descriptor, "r+b", closefd=False) as file:
                file.truncate(self.ids_written)
                file.seek(self.ids_written)
                file.write(summary.ids[self.ids_written:].encode("ascii"))
            size = len(summary.ids)
            check = fingerprint(descriptor, size).hex()
        except OSError as error:
            self.files.notices.cannot_save(what(), self.ids_path, reason_of(error))
            return
        finally:
            os.close(descriptor)
        self.ids_written, summary.ids_size, summary.ids_check = size, size, check
        head = msgspec.structs.replace(summary, ids="")
        self.files.write(self.path, what(), msgspec.json.encode(head), durable=False)

    def _rebuild(self) -> tuple[Summary, _Folder, Scan]:
        """The whole log read into an empty summary: a large one in two halves at once where
        this process may fork (`_may_fork`), the second half read by a child and merged; when
        the halves do not simply add up (`_Folder.merge`), the second is read here as well."""
        summary = Summary()
        folder = _Folder(summary)
        halfway = self.log.halfway() if _may_fork() else None
        if halfway is None:
            scan = self.log.scan(folder)
            assert scan is not None
            return summary, folder, scan
        split, identity, before = halfway
        reading, writing = os.pipe()
        child = os.fork()
        if child == 0:  # pragma: no cover - in the child process
            os.close(reading)
            code = 1
            try:
                with open(writing, "wb") as pipe:
                    pipe.write(self._second_half(split, identity, before))
                code = 0
            finally:
                os._exit(code)
        os.close(writing)
        try:
            scan = self.log.scan(folder, stop=split)
            with open(reading, "rb", closefd=False) as pipe:
                sent = pipe.read()
        finally:
            os.close(reading)  # before waiting: a child still writing then stops
            os.waitpid(child, 0)
        assert scan is not None
        try:
            part: _Part | None = msgspec.msgpack.decode(sent, type=_Part)
        except (ValueError, RecursionError):
            part = None
        if scan.failed:
            return summary, folder, scan
        if scan.end == split and part is not None and part.identity == scan.identity and folder.merge(part):
            scan.bad += part.bad
            scan.newer += part.newer
            scan.end, scan.torn, scan.fingerprint = part.end, part.torn, part.fingerprint
            return summary, folder, scan
        rest = self.log.scan(folder, split, before, identity) if scan.end == split else None
        if rest is None:  # the log changed in between: once more, in one piece
            summary = Summary()
            folder = _Folder(summary)
            rest = self.log.scan(folder)
            assert rest is not None
            return summary, folder, rest
        rest.bad += scan.bad
        rest.newer += scan.newer
        return summary, folder, rest

    def _second_half(self, split: int, identity: tuple[int, int], before: bytes) -> bytes:
        """The log from `split` on, read as if it were a log of its own (in a child process)."""
        summary = Summary()
        folder = _Folder(summary, record=True)
        scan = self.log.scan_quietly(folder, split, before, identity)
        if scan is None:
            return b""
        folder.finish(scan)
        records = [record for record in folder.totals if isinstance(record, _Record)]
        together = folder.together
        assert isinstance(together, _Record)  # made so by record=True
        return msgspec.msgpack.encode(_Part(
            identity=scan.identity, keys=list(summary.variants),
            results=[b"".join(record.results) for record in records],
            seconds=[record.seconds for record in records], moves=[record.moves for record in records],
            recent=[record.recent for record in records], deals=[record.deals for record in records],
            together=b"".join(together.results),
            ids=summary.ids,
            over_cap=summary.skipped - scan.bad, duplicates=summary.duplicates, bad=scan.bad,
            newer=scan.newer, end=scan.end, torn=scan.torn, fingerprint=scan.fingerprint))

    def forget(self) -> None:
        """After a reset: read the (rewritten) log again next time."""
        self.cached = None

    def _load(self) -> Summary:
        consequence = _("it is rebuilt from the record of finished games")
        try:
            limit = LIMIT + os.stat(self.log.path).st_size
        except OSError:
            limit = LIMIT
        raw = self.files.read(self.path, what(), limit, consequence)
        if raw is None:
            return Summary()
        try:
            check_version(raw, VERSION)
            summary = decode(raw, Summary)
        except BadContent as error:
            self.files.set_aside(self.path, what(), str(error), consequence)
            return Summary()
        if summary.version != VERSION:
            return Summary()
        ids = self._read_ids(summary)
        if ids is None:
            return Summary()  # not the ids it was written with: rebuilt quietly (it is only a cache)
        summary.ids = ids
        self.ids_written = summary.ids_size
        return summary

    def _read_ids(self, summary: Summary) -> str | None:
        """The summary's part of the ids file, or None when that file is not what it was
        when the summary was written (missing, shorter, rewritten, damaged)."""
        if not summary.ids_size:
            return ""
        try:
            descriptor = os.open(self.ids_path, READ_FLAGS)
        except OSError:
            return None
        try:
            if kind_of(os.fstat(descriptor).st_mode) is not None:
                return None
            if fingerprint(descriptor, summary.ids_size).hex() != summary.ids_check:
                return None
            data = os.pread(descriptor, summary.ids_size, 0)
        except OSError:
            return None
        finally:
            os.close(descriptor)
        if len(data) != summary.ids_size or data.translate(None, ID_CHARACTERS + b" "):
            return None
        return data.decode("ascii")

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
