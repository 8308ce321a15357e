"""What every file the store reads must look like: one place, typed, with bounds. msgspec
decodes strictly against these structs (no silent coercion; NaN, Infinity and numbers out of
range are errors) and checks the `Meta` bounds as it goes; `decode` turns every way a document
can be wrong into one `BadContent` with a short reason for the player's notice.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import Annotated, Literal, TypeVar

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
RuleOptions = Annotated[dict[VariantKey, Annotated[dict[OptionKey, bool], Meta(max_length=64)]],
                        Meta(max_length=256)]
"""Each game's rule options in preferences.json: bounded, though only known keys are used."""
DesignName = Annotated[str, Meta(pattern=r"^[a-z0-9-]{1,32}$")]
"""A card face, back or table colour: any well-formed name is kept (a newer version's design too)."""
FaceName = Annotated[str, Meta(pattern=r"^(?:[a-z0-9-]{1,32}|(?:aisleriot|kde):[^/\x00-\x1f]{1,255})$")]
"""A design's name, or an installed theme's id (`aisleriot:<file stem>`, `kde:<folder name>`)."""
LanguageName = Annotated[str, Meta(pattern=r"^[A-Za-z]{2,8}(?:[_-][A-Za-z0-9]{1,8}){0,2}$")]
"""`system` or a language code ("it", "pt_BR"): one this version has no catalogue for (a newer
version's) is kept in the file, and the window shows the system's language meanwhile."""


class LegacySettings(Struct, kw_only=True):
    """The global rule options preferences.json held before each game had its own."""

    takeback: bool = False
    face_up: bool = False


GameId = Annotated[str, Meta(pattern=r"^[0-9A-Za-z-]{1,64}$")]
Count = Annotated[int, Meta(ge=0, le=MAX_MOVES)]
Seconds = Annotated[float, Meta(ge=0.0, le=MAX_SECONDS)]
DealNumber = Annotated[int, Meta(ge=LOWEST_DEAL)]
"""At most LAST_DEAL, past int64, so checked in Python (`FinishedGame`; the core's replay)."""
Board = Annotated[str, Meta(max_length=4096)]
Moment = Annotated[datetime, Meta(tz=True)]
WON = Outcome.WON
LOST = Outcome.LOST
SOLVED = Outcome.SOLVED_WITH_HELP

Grade = Literal["easy", "medium", "hard", "expert"]
"""A difficulty grade, as the solver names them (`eightoff.solver.GRADES`; a test keeps the two equal)."""
Pixels = int
"""A window side as saved: brought within the limits when read (`limits.clamp_window`)."""
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
    language: LanguageName = "system"
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
    """The game's rule options as dealt (older records have only `takeback`)."""
    deal: DealNumber | None
    start: Board
    done: Steps
    undone: Steps
    move_count: Count
    settled: bool = False
    """The first step is the deal's own auto-play, never undone (added later: optional)."""


Par = Annotated[int, Meta(ge=1, le=MAX_MOVES)]
Options = Annotated[str, Meta(pattern=r"^[a-z0-9_,]{0,200}$")]
"""The rule options that were on, comma-separated ("face_up,takeback"); "" for none."""
FUTURE_SKEW = timedelta(days=1)
"""How far past this computer's clock an imported game may be dated (two computers' clocks differ)."""


class FinishedGame(Struct, kw_only=True, omit_defaults=True, tag_field="version", tag=2):
    """A finished game, in its one shape: a row of the games table, a line of `stats --export`
    (with its `version`), and what the session hands the window; a row or a line that is not a
    game's is refused here."""

    id: GameId
    rules: VariantKey
    outcome: Outcome
    moves: Count
    seconds: Seconds
    finished: Moment
    """When it ended, timezone-aware (UTC as kept)."""
    deal: DealNumber | None = None
    """None for a board of the player's own; `start` then holds it."""
    start: Board | None = None
    hints_used: bool = False
    options: Options = ""
    clock_clamped: bool = False
    """The clock was outside 1970..2200 when it ended: `finished` is the nearest date inside."""
    daily: date | None = None
    """The day whose daily deal it was."""
    par: Par | None = None
    grade: Grade | None = None
    """The deal's grade as the player was shown it."""

    def __post_init__(self) -> None:
        if (self.deal is None) == (self.start is None):
            raise ValueError("it needs either a deal number or a starting board")
        if self.deal is not None and self.deal > LAST_DEAL:
            raise ValueError("the deal number is past the last deal")
        if not EARLIEST <= self.finished < LATEST:
            raise ValueError("the date is not between 1970 and 2200")

    @property
    def takeback(self) -> bool:
        return "takeback" in self.options.split(",")


class OldLine(Struct, kw_only=True, tag_field="version", tag=1, gc=False):
    """A line of the games log of the versions before the database (and of their `--export`):
    read by `--import` only, and made a `FinishedGame`."""

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
    """Absent before options were logged: `takeback` alone says them."""
    id: Annotated[str, Meta(min_length=1, max_length=64)] | None = None
    outcome: Outcome | None = None
    """Absent before "solved with help" was counted apart."""
    clock_clamped: bool = False
    daily: date | None = None
    par: Par | None = None

    def game(self, made_id: str) -> FinishedGame:
        """The game this line says (ValueError naming what does not fit); `made_id` when it
        has no id of its own."""
        outcome = self.outcome or (WON if self.won else SOLVED if self.solver_finished else LOST)
        options = self.options if self.options is not None else ("takeback" if self.takeback else "")
        return msgspec.convert({
            "id": self.id or made_id, "rules": self.rules, "outcome": outcome, "moves": self.moves,
            "seconds": self.seconds, "finished": self.finished,
            "deal": self.deal, "start": self.start if self.deal is None else None,
            "hints_used": self.hints_used, "options": options, "clock_clamped": self.clock_clamped,
            "daily": self.daily, "par": self.par}, FinishedGame)


def decode(raw: bytes, kind: type[T]) -> T:
    """`raw` as a `kind`; BadContent with a reason otherwise. Never raises anything else
    (RecursionError from absurd nesting included)."""
    if not raw.strip():
        raise BadContent(_("it is empty"))
    try:
        return msgspec.json.decode(raw, type=kind)
    except msgspec.ValidationError as error:
        raise BadContent(_("a value is not one this program writes: {detail}").format(detail=error)) from None
    except (msgspec.DecodeError, UnicodeDecodeError):
        raise BadContent(_("it is not valid JSON")) from None
    except RecursionError:
        raise BadContent(_("it is nested too deeply")) from None
    except (ValueError, TypeError, OverflowError) as error:
        raise BadContent(str(error)) from None
