"""What every file the store reads must look like: one place, typed, with bounds.

msgspec decodes strictly against these structs (no silent coercion; numbers out of int64 or
float range, NaN and Infinity are errors) and checks the `Meta` bounds as it goes, fast enough
for a statistics log of a million lines. `decode` turns every way a document can be wrong,
including nesting deep enough to exhaust the recursion limit, into one `BadContent` with a
short reason for the player's notice.
"""

from __future__ import annotations

import re
from datetime import datetime, timezone
from typing import Annotated, Any, Literal, TypeVar

import msgspec
from msgspec import Meta, Struct

from eightoff.core.i18n import _

T = TypeVar("T")

MAX_COUNT = 10_000_000
"""Moves in one game: far beyond any real game, small enough to add up without harm."""
MAX_SECONDS = 10_000_000.0
"""About 115 days on one game's clock."""
MAX_DEAL = 10**18
"""Deal numbers the store keeps (the core allows more, but no real log holds them)."""
EARLIEST = datetime(1970, 1, 1, tzinfo=timezone.utc)
LATEST = datetime(2200, 1, 1, tzinfo=timezone.utc)

VariantKey = Annotated[str, Meta(pattern=r"^[a-z0-9-]{1,32}$")]
"""A statistics key from the variant registry ("standard", "easy", "freecell", "raglan"...)."""
GameId = Annotated[str, Meta(pattern=r"^[0-9A-Za-z-]{1,64}$")]
Count = Annotated[int, Meta(ge=0, le=MAX_COUNT)]
Seconds = Annotated[float, Meta(ge=0.0, le=MAX_SECONDS)]
DealNumber = Annotated[int, Meta(ge=0, le=MAX_DEAL)]
Board = Annotated[str, Meta(max_length=4096)]
Moment = Annotated[datetime, Meta(tz=True)]
Outcome = Literal["won", "lost", "solved with help"]
WON: Outcome = "won"
LOST: Outcome = "lost"
SOLVED: Outcome = "solved with help"

Grade = Literal["easy", "medium", "hard", "expert"]
"""A difficulty grade, as the solver names them (`eightoff.solver.GRADES`; a test keeps the two equal)."""

Pixels = Annotated[int, Meta(ge=200, le=16384)]
"""A window side the window can open at."""
Position = Annotated[int, Meta(ge=-100_000, le=100_000)]
Move = Annotated[str, Meta(max_length=100)]
Step = Annotated[list[Move], Meta(min_length=1, max_length=500)]
Steps = Annotated[list[Step], Meta(max_length=1_000_000)]


class BadContent(ValueError):
    """The bytes are not a document of the expected shape; `str()` is the reason."""


class Versioned(Struct):
    version: Annotated[int, Meta(ge=1)]


class Settings(Struct, kw_only=True):
    """preferences.json (the config folder). Field names are those of `Preferences`."""

    version: Annotated[int, Meta(ge=1)]
    autoplay: bool = True
    four_colour: bool = False
    takeback: bool = False
    animation_speed: Literal["off", "fast", "normal", "slow"] = "normal"
    winnable_only: bool = False
    lowest_grade: Grade = "easy"
    highest_grade: Grade = "expert"
    last_rules: VariantKey = "standard"
    face_up: bool = False
    language: Literal["system", "en", "it"] = "system"
    high_contrast: bool = False
    large_cards: bool = False


class Geometry(Struct, kw_only=True):
    """window.json (the state folder): where the window happened to be, not a choice."""

    version: Annotated[int, Meta(ge=1)]
    window_size: tuple[Pixels, Pixels] = (1280, 800)
    window_position: tuple[Position, Position] | None = None


class GameRecord(Struct, kw_only=True):
    """A game's history as `Game.to_record` writes it; the core replays it."""

    version: Annotated[int, Meta(ge=1)]
    rules: VariantKey
    takeback: bool = False
    deal: DealNumber | None
    start: Board
    done: Steps
    undone: Steps
    move_count: Count


class SavedGameFile(Struct, kw_only=True):
    """unfinished-game.json (the state folder)."""

    version: Annotated[int, Meta(ge=1)]
    elapsed: Seconds
    hints_used: bool = False
    game: GameRecord
    id: GameId | None = None
    """The game's id, so its outcome is counted once whoever records it (added later: optional)."""


LOG_VERSION = 1
"""The newest version of a line of games.jsonl this program reads."""
VARIANT_KEY = re.compile(r"[a-z0-9-]{1,32}")
GAME_ID = re.compile(r"[0-9A-Za-z-]{1,64}")


class LogFields(Struct, kw_only=True, omit_defaults=True, forbid_unknown_fields=True, gc=False):
    """One line of games.jsonl as msgspec checks it in C, so a million lines decode in a fraction
    of a second: every field typed and bounded, nothing else allowed (so a line is one flat
    object). What needs Python (`problem`: the patterns of the key and id, the date range, a deal
    or a board) the log reader checks a block at a time, and `LogLine` line by line. gc=False:
    a line holds no containers, so it cannot be part of a cycle, and the collector need not
    track a million of them."""

    version: Annotated[int, Meta(ge=1, le=LOG_VERSION)]
    rules: Annotated[str, Meta(min_length=1, max_length=32)]
    deal: DealNumber | None = None
    start: Board | None = None
    won: bool
    moves: Count
    seconds: Seconds
    finished: Moment
    hints_used: bool = False
    solver_finished: bool = False
    takeback: bool = False
    id: Annotated[str, Meta(min_length=1, max_length=64)] | None = None
    outcome: Outcome | None = None
    """Absent in lines written before "solved with help" was counted apart: then `won` and
    `solver_finished` say it."""

    @property
    def result(self) -> Outcome:
        if self.outcome is not None:
            return self.outcome
        if self.won:
            return WON
        return SOLVED if self.solver_finished else LOST


class LogLine(LogFields, forbid_unknown_fields=False):
    """One line of games.jsonl, decoded alone: `LogFields` and `problem` together. Fields it does
    not know are ignored, and a newer version decodes (its reader counts it apart)."""

    version: Annotated[int, Meta(ge=1)]

    def __post_init__(self) -> None:
        reason = problem(self)
        if reason is not None:
            raise ValueError(reason)


def problem(line: LogFields) -> str | None:
    """What is wrong with a decoded line beyond its fields' types and bounds, or None."""
    if VARIANT_KEY.fullmatch(line.rules) is None:
        return "the game's key is not one of lowercase letters, digits and hyphens"
    if line.id is not None and GAME_ID.fullmatch(line.id) is None:
        return "the game's id is not one of letters, digits and hyphens"
    if not EARLIEST <= line.finished < LATEST:
        return "the date is not between 1970 and 2200"
    if (line.deal is None) == (line.start is None):
        return "it needs either a deal number or a starting board"
    return None


def decode(raw: bytes, kind: type[T], decoder: Any = None) -> T:
    """`raw` as a `kind`; BadContent with a reason otherwise. Never raises anything else
    (RecursionError from absurd nesting included)."""
    if not raw.strip():
        raise BadContent(_("it is empty"))
    try:
        if decoder is not None:
            return decoder.decode(raw)  # type: ignore[no-any-return]
        return msgspec.json.decode(raw, type=kind)
    except msgspec.ValidationError as error:
        raise BadContent(_("a value is not one this program writes: {detail}").format(detail=error)) from None
    except (msgspec.DecodeError, UnicodeDecodeError):
        raise BadContent(_("it is not valid JSON")) from None
    except RecursionError:
        raise BadContent(_("it is nested too deeply")) from None
    except (ValueError, TypeError, OverflowError) as error:
        raise BadContent(str(error)) from None


def check_version(raw: bytes, newest: int) -> None:
    """BadContent unless `raw` is an object with a version this program reads."""
    try:
        document = decode(raw, dict[str, msgspec.Raw])
    except BadContent as error:
        if str(error).startswith(_("it is")):
            raise
        raise BadContent(_("it is not a JSON object")) from None
    try:
        found = decode(bytes(document.get("version", b"null")), Annotated[int, Meta(ge=1)])
    except BadContent:
        raise BadContent(_("it has no version number")) from None
    if found > newest:
        raise BadContent(_("it was written by a newer version of Eight Off (file version {version})")
                         .format(version=found))


def encode(document: Struct) -> bytes:
    return msgspec.json.encode(document)
