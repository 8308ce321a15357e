"""What the registry knows of one game: its rules, its words for the player, its options with
their defaults, the solver's tuning and its grade table.

Everything above the core (window layout and keys, the Game chooser, Help, statistics, the
preferences and their dialog rows, the command-line flags, the saved game, `--rules`, the
solver) reads these values, so a game is added by adding a module that builds one, never by an
`if variant == ...` elsewhere. The solver's facts are names the solver looks up, so the core
describes a game's tuning without importing the solver.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum

from eightoff.core.i18n import N_, NN_, _
from eightoff.core.rules import Rules


@dataclass(frozen=True)
class Option:
    """A rule the player may switch on or off for one game; each game lists its own, each with
    its own default."""

    key: str
    """The name in preferences, saved games and the command line (`--takeback`, `--no-takeback`;
    an underscore becomes a hyphen there)."""
    label: str
    """Marked with `N_`: translate where it is shown."""
    default: bool
    apply: Callable[[Rules, bool], Rules]
    read: Callable[[Rules], bool]
    """Whether the option is on in `rules` (the inverse of `apply`)."""


class Arrangement(Enum):
    """How the window lays a game's piles out: the table a player of that game knows. The
    layout reads it; the piles themselves come from the rules."""

    COLUMNS = "columns"
    """Columns fanned downwards under a top row of cells and foundations; where the cells fill
    that row (Eight Off's eight), the foundations go down the left side."""
    CASTLE = "castle"
    """The foundations down the middle; the first half of the columns are rows on the left, top
    to bottom, the rest rows on the right, every row fanned rightwards (PySolFC's Beleaguered
    Castle, so each deal's cards lie where a player of it looks for them)."""
    FANS = "fans"
    """The foundations across the top; the columns below in three lines, each a row fanned
    rightwards (Fan's eighteen, six to a line)."""


@dataclass(frozen=True)
class PileWords:
    """What a game calls its tableau piles wherever the player reads of them (a pile's name, a
    refusal, the screen reader, Help's keys), as its own Help and its players do: Fan moves
    cards between fans, Beleaguered Castle between rows. Whole phrases, so each language can
    make its words agree (marked with `N_` or `NN_`; translated where shown)."""

    name: str
    """One pile: 'column {number}' (numbered from 1)."""
    to: str
    """Where a move goes, 'to column {number}': a phrase of its own, as languages such as
    Italian join the preposition to the article ('nella colonna', 'nel ventaglio')."""
    source: str
    """Where a card was taken from: 'from column {number}'."""
    inside: str
    """Where a card lies, 'in column {number}' ('nella colonna', 'nel ventaglio')."""
    keys: str
    """Help's keys for them: '{keys} the columns'."""
    first_fit: str
    """Where a click sends a card that cannot go home: 'onto the first column it fits'."""
    nowhere: str
    """A click that moved nothing in a game without free cells: '{card} cannot go home yet, and
    no column takes it'."""
    king_only: str
    stays_empty: str
    """A refusal naming {game}, where nothing fills an empty pile."""
    empty: tuple[str, str]
    """'{count} empty column(s)', for the room a run needs."""


COLUMNS = PileWords(
    name=N_("column {number}"),
    to=N_("to column {number}"),
    source=N_("from column {number}"),
    inside=N_("in column {number}"),
    keys=N_("{keys} the columns"),
    first_fit=N_("onto the first column it fits"),
    nowhere=N_("{card} cannot go home yet, and no column takes it"),
    king_only=N_("Only a King can fill an empty column"),
    stays_empty=N_("In {game} an empty column stays empty"),
    empty=NN_("{count} empty column", "{count} empty columns"),
)
ROWS = PileWords(
    name=N_("row {number}"),
    to=N_("to row {number}"),
    source=N_("from row {number}"),
    inside=N_("in row {number}"),
    keys=N_("{keys} the rows"),
    first_fit=N_("onto the first row it fits"),
    nowhere=N_("{card} cannot go home yet, and no row takes it"),
    king_only=N_("Only a King can fill an empty row"),
    stays_empty=N_("In {game} an empty row stays empty"),
    empty=NN_("{count} empty row", "{count} empty rows"),
)
FANS = PileWords(
    name=N_("fan {number}"),
    to=N_("to fan {number}"),
    source=N_("from fan {number}"),
    inside=N_("in fan {number}"),
    keys=N_("{keys} the fans"),
    first_fit=N_("onto the first fan it fits"),
    nowhere=N_("{card} cannot go home yet, and no fan takes it"),
    king_only=N_("Only a King can fill an empty fan"),
    stays_empty=N_("In {game} an empty fan stays empty"),
    empty=NN_("{count} empty fan", "{count} empty fans"),
)


TAKEBACK = Option(
    "takeback",
    N_("Take cards back off the foundations"),
    False,
    lambda rules, on: rules.with_takeback(on),
    lambda rules: rules.foundation_takeback,
)


@dataclass(frozen=True, kw_only=True)
class Variant:
    key: str
    """Stable name: `--rules`, `Rules.name`, the statistics key and the saved game's key."""
    title: str
    """What the Game chooser and the title bar say (marked with `N_`)."""
    summary: str
    """One line for the chooser (marked with `N_`)."""
    help_paragraphs: tuple[str, ...]
    """The rules as the Help dialog shows them, one paragraph each (marked with `N_`)."""
    rules: Rules
    options: tuple[Option, ...] = (TAKEBACK,)
    solver_tuning: str
    """The name of the solver's portfolio of search weightings for this game (a key of
    `eightoff.solver.search.PORTFOLIOS`; a test checks every entry names one)."""
    grade_table: str | None = None
    """The solver's data file of grade thresholds and graded deals (`eightoff/solver/data/`);
    None: not calibrated, so its deals have no grade (another game's thresholds would give one
    the statistics could not share, as they grade by this table)."""
    daily_table: str | None = None
    """The solver's data file of the daily deal's lists, with each deal's par
    (`eightoff/solver/data/`); None: the game has no daily deal."""
    daily_in: str | None = None
    """For a game without a daily list that eases another game's rules: that game's key, whose
    daily deal (dealt in its standard rules) Daily points the player to."""
    arrangement: Arrangement = Arrangement.COLUMNS
    """How the window lays the table out (the layout, the chooser's picture, drags and the
    screen reader's boxes all follow it)."""
    piles: PileWords = COLUMNS
    """What its tableau piles are called, as its Help calls them (a test holds the two alike)."""

    def defaults(self) -> dict[str, bool]:
        """Each option's default: what a new player's first game of this variant is dealt with."""
        return {option.key: option.default for option in self.options}

    def configure(self, choices: Mapping[str, bool] | None = None) -> Rules:
        """The rules with each option as chosen (missing or unknown keys: the option's default)."""
        rules = self.rules
        for option in self.options:
            wanted = (choices or {}).get(option.key, option.default)
            rules = option.apply(rules, bool(wanted))
        return rules

    def configure_exactly(self, choices: Mapping[str, bool]) -> Rules:
        """`configure` for a saved game: an option this game does not have, or a value that is
        not a boolean, is a ValueError naming it (the record is not one of this game's)."""
        for key, value in choices.items():
            if key not in self.defaults():
                raise ValueError(_("{game} has no rule option {option} (its options: {known})").format(
                    game=_(self.title), option=key, known=", ".join(self.defaults())))
            if not isinstance(value, bool):
                raise ValueError(_("rule option {option} must be true or false, not {value}").format(
                    option=key, value=value))
        return self.configure(choices)

    def choices_of(self, rules: Rules) -> dict[str, bool]:
        """The option values that `configure` turns into `rules` (for saving a game's rules)."""
        return {option.key: option.read(rules) for option in self.options}
