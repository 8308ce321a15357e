"""The player's settings as one value: the store keeps it on disk, the session owns the copy
in use, and the window shows and changes it through the session.

It lives in the core, under both the store and the session, so that each layer holds the same
type and neither reaches into the other's for it. Kept free of file handling so the window can
use it before (or without) a store.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from eightoff.core.variants import DEFAULT_KEY, VARIANTS

ANIMATION_SPEEDS = {"off": 0.0, "fast": 0.5, "normal": 1.0, "slow": 2.0}
"""Multipliers of the base animation time (about 150 ms a card at "normal")."""
MAX_SCREENS = 16
"""Screen sizes the window is remembered for (more is not a real desk)."""


@dataclass
class Preferences:
    autoplay: bool = True
    four_colour: bool = False
    animation_speed: str = "normal"
    winnable_only: bool = False
    lowest_grade: str = "easy"
    highest_grade: str = "expert"
    """With `winnable_only`, new random games come from the shipped deals of the grades from
    `lowest_grade` to `highest_grade` (the solver's grade names), where the game has them."""
    window_size: tuple[int, int] = (1280, 800)
    window_position: tuple[int, int] | None = None
    window_screens: dict[str, tuple[int, int, int, int]] = field(default_factory=dict)
    """Per screen size ("1920x1080"), the window's size and position there (in points and
    window units): a start on another screen does not inherit a size made for this one."""
    last_rules: str = DEFAULT_KEY
    """The variant played last: the window opens on it."""
    options: dict[str, dict[str, bool]] = field(default_factory=dict)
    """Each game's rule options as the player set them: game key -> option key -> on. A game or
    option missing here takes its registry default; keys this program does not know (an older
    or newer file's) are kept, so a newer version finds them again, and never used."""
    language: str = "system"
    """"system" follows LANGUAGE/LC_ALL/LC_MESSAGES/LANG; "en" or "it" overrides them."""
    high_contrast: bool = False
    """For players who see less well: black table, white cards with black borders, yellow highlights."""
    large_cards: bool = False
    """Cards as large as the window allows: tighter gaps, shorter column fans."""
    confirm_leave: bool = True
    """Ask before New, Restart, Deal… or Play again leave a game with moves made (it counts as
    lost)."""
    card_face: str = "standard"
    """The design of the cards' faces, by name; a name this program does not draw (a newer
    version's) is kept in the file and drawn as the default."""
    card_back: str = "blue"
    """The design of face-down cards' backs, by name (unknown: the default)."""
    table_colour: str = "green"
    """The colour of the table's cloth, by name (unknown: the default)."""
    sound: bool = False
    """Short sounds for picking up, putting down, sending home, the deal and a win. Off by
    default: the mixer is not even loaded then."""
    volume: int = 60
    """The sounds' loudness in per cent."""
    fullscreen: bool = False
    """The window fills the screen (F11), as it did when the player last chose."""
    double_click_home: bool = False
    """A double-click, not a single click, sends a card home (or to its best place)."""

    def rule_options(self, key: str) -> dict[str, bool]:
        """The rule options a new game of variant `key` is dealt with: the player's choices over
        the registry's defaults, only the options that game has."""
        chosen = self.options.get(key, {})
        return {name: chosen.get(name, default) for name, default in VARIANTS[key].defaults().items()}

    def with_option(self, key: str, option: str, on: bool) -> Preferences:
        """A copy with one game's option set (the other games' choices untouched)."""
        return replace(self, options={**self.options, key: {**self.options.get(key, {}), option: on}})
