"""What every file the store reads must look like: one place, typed, with bounds.

msgspec decodes strictly against these structs (no silent coercion; numbers out of int64 or
float range, NaN and Infinity are errors) and checks the `Meta` bounds as it goes, fast enough
for a statistics log of a million lines. `decode` turns every way a document can be wrong,
including nesting deep enough to exhaust the recursion limit, into one `BadContent` with a
short reason for the player's notice.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Annotated, Any, Literal, TypeVar

import msgspec
from msgspec import Meta, Struct

from eightoff.core.i18n import _
from eightoff.core.limits import EARLIEST, LAST_DEAL, LATEST, LOWEST_DEAL, MAX_MOVES, MAX_SECONDS, MAX_STEPS
from eightoff.core.outcome import Outcome as Outcome  # the one type, re-exported for the store
from eightoff.core.preferences import MAX_SCREENS
from eightoff.core.variants import DEFAULT_KEY

T = TypeVar("T")


VariantKey = Annotated[str, Meta(pattern=r"^[a-z0-9-]{1,32}$")]
"""A statistics key from the variant registry ("standard", "easy", "freecell", "raglan"...)."""
OptionKey = Annotated[str, Meta(pattern=r"^[a-z0-9_]{1,32}$")]
"""A rule option's key from the variant registry ("takeback", "face_up"...)."""
RuleOptions = Annotated[
    dict[VariantKey, Annotated[dict[OptionKey, bool], Meta(max_length=64)]], Meta(max_length=256)
]
"""Each game's rule options in preferences.json: bounded, though only known keys are used."""


DesignName = Annotated[str, Meta(pattern=r"^[a-z0-9-]{1,32}$")]
"""A card face, back or table colour by name: any well-formed name is kept (a newer version's
design too); the window draws a name it does not know as its default."""
FaceName = Annotated[str, Meta(pattern=r"^(?:[a-z0-9-]{1,32}|(?:aisleriot|kde):[^/\x00-\x1f]{1,255})$")]
"""A card face: a design's name, or an installed theme's id (`aisleriot:<file name without
extension>`, `kde:<folder name>`; any name a file or folder may have)."""


class LegacySettings(Struct, kw_only=True):
    """The global rule options that preferences.json held before each game had its own (read
    once, to carry a player's choice over to `Settings.options`)."""

    takeback: bool = False
    face_up: bool = False

GameId = Annotated[str, Meta(pattern=r"^[0-9A-Za-z-]{1,64}$")]
Count = Annotated[int, Meta(ge=0, le=MAX_MOVES)]
Seconds = Annotated[float, Meta(ge=0.0, le=MAX_SECONDS)]
DealNumber = Annotated[int, Meta(ge=LOWEST_DEAL)]
"""At most LAST_DEAL, which is past int64 and so checked in Python (`problem`; the core's replay
refuses a saved game's)."""
Board = Annotated[str, Meta(max_length=4096)]
Moment = Annotated[datetime, Meta(tz=True)]
WON = Outcome.WON
LOST = Outcome.LOST
SOLVED = Outcome.SOLVED_WITH_HELP

Grade = Literal["easy", "medium", "hard", "expert"]
"""A difficulty grade, as the solver names them (`eightoff.solver.GRADES`; a test keeps the two equal)."""

Pixels = int
"""A window side as saved: brought within the limits when read (`limits.clamp_window`), so a
size no window manager kept to costs nothing."""
Position = Annotated[int, Meta(ge=-100_000, le=100_000)]
Move = Annotated[str, Meta(max_length=100)]
Step = Annotated[list[Move], Meta(min_length=1, max_length=500)]
Steps = Annotated[list[Step], Meta(max_length=MAX_STEPS)]


class BadContent(ValueError):
    """The bytes are not a document of the expected shape; `str()` is the reason."""




class Versioned(Struct):
    version: Annotated[int, Meta(ge=1)]


class Settings(Struct, kw_only=True):
    """preferences.json (the config folder). Field names are those of `Preferences`."""

    version: Annotated[int, Meta(ge=1)]
    autoplay: bool = True
    four_colour: bool = False
    animation_speed: Literal["off", "fast", "normal", "slow"] = "normal"
    winnable_only: bool = False
    lowest_grade: Grade = "easy"
    highest_grade: Grade = "expert"
    last_rules: VariantKey = DEFAULT_KEY
    options: RuleOptions = msgspec.field(default_factory=dict)
    language: Literal["system", "en", "it"] = "system"
    high_contrast: bool = False
    large_cards: bool = False
    confirm_leave: bool = True
    card_face: FaceName = "standard"
    card_back: DesignName = "blue"
    table_colour: DesignName = "green"
    sound: bool = False
    volume: Annotated[int, Meta(ge=0, le=100)] = 60
    fullscreen: bool = False
    double_click_home: bool = False


ScreenSize = Annotated[str, Meta(pattern=r"^[1-9][0-9]{1,5}x[1-9][0-9]{1,5}$")]


class Geometry(Struct, kw_only=True):
    """window.json (the state folder): where the window happened to be, not a choice."""

    version: Annotated[int, Meta(ge=1)]
    window_size: tuple[Pixels, Pixels] = (1280, 800)
    window_position: tuple[Position, Position] | None = None
    window_screens: Annotated[dict[ScreenSize, tuple[Pixels, Pixels, Position, Position]],
                              Meta(max_length=MAX_SCREENS)] = msgspec.field(default_factory=dict)
    """Per screen size, the window's size and position there (added later: optional)."""


class GameRecord(Struct, kw_only=True):
    """A game's history as `Game.to_record` writes it; the core replays it."""

    version: Annotated[int, Meta(ge=1)]
    rules: VariantKey
    takeback: bool = False
    options: Annotated[dict[OptionKey, bool], Meta(max_length=64)] | None = None
    """The game's rule options as it was dealt (records from before per-game options have only
    `takeback`)."""
    deal: DealNumber | None
    start: Board
    done: Steps
    undone: Steps
    move_count: Count
    settled: bool = False
    """The first step is the deal's own auto-play, never undone (added later: optional)."""


class SavedGameFile(Struct, kw_only=True):
    """unfinished-game.json (the state folder)."""

    version: Annotated[int, Meta(ge=1)]
    elapsed: Seconds
    hints_used: bool = False
    game: GameRecord
    id: GameId | None = None
    """The game's id, so its outcome is counted once whoever records it (added later: optional)."""
    steps: GameId | None = None
    """The token of the steps file that holds the history (older versions); None: it is all here."""


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
    options: Annotated[str, Meta(max_length=200)] | None = None
    """The game's rule options that were on, comma-separated ("face_up,takeback"); the others
    were off. Absent in lines written before options were logged: `takeback` alone says them."""
    id: Annotated[str, Meta(min_length=1, max_length=64)] | None = None
    outcome: Outcome | None = None
    """Absent in lines written before "solved with help" was counted apart: then `won` and
    `solver_finished` say it."""
    clock_clamped: bool = False
    """The wall clock was outside EARLIEST..LATEST when the game ended (a dead clock battery):
    `finished` is the nearest date inside, so the game still counts."""
    daily: Annotated[str, Meta(pattern=r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$")] | None = None
    """The ISO date of the daily deal the game was, or None."""
    par: Count | None = None
    """The daily deal's par (moves), or None."""

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
    if line.deal is not None and line.deal > LAST_DEAL:
        return "the deal number is past the last deal"
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
        found: int = decode(bytes(document.get("version", b"null")),
                            Annotated[int, Meta(ge=1)])  # type: ignore[arg-type]  # an annotated type
    except BadContent:
        raise BadContent(_("it has no version number")) from None
    if found > newest:
        raise BadContent(_("it was written by a newer version of Eight Off (file version {version})")
                         .format(version=found))


def encode(document: Struct) -> bytes:
    return msgspec.json.encode(document)
