"""What the registry knows of one game: its rules, its words for the player, its options.

Everything above the core (window layout and keys, the Game chooser, Help, statistics, the
saved game, `--rules`, the solver) reads these values, so a game is added by adding a module
that builds one, never by an `if variant == ...` elsewhere.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from eightoff.core.rules import Rules


@dataclass(frozen=True)
class Option:
    """A rule the player may switch on or off for one game (or for all of them)."""

    key: str
    """The name in preferences, saved games and the command line (`--takeback`)."""
    label: str
    """Marked with `N_`: translate where it is shown."""
    default: bool
    apply: Callable[[Rules, bool], Rules]
    read: Callable[[Rules], bool]
    """Whether the option is on in `rules` (the inverse of `apply`)."""


TAKEBACK = Option(
    "takeback",
    "Cards may come back off the foundations",
    False,
    lambda rules, on: rules.with_takeback(on),
    lambda rules: rules.foundation_takeback,
)


@dataclass(frozen=True)
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

    def configure(self, choices: Mapping[str, bool] | None = None) -> Rules:
        """The rules with each option as chosen (missing or unknown keys: the option's default)."""
        rules = self.rules
        for option in self.options:
            wanted = (choices or {}).get(option.key, option.default)
            rules = option.apply(rules, bool(wanted))
        return rules

    def choices_of(self, rules: Rules) -> dict[str, bool]:
        """The option values that `configure` turns into `rules` (for saving a game's rules)."""
        return {option.key: option.read(rules) for option in self.options}
