"""The registry of games: each variant is one module here, listed once in `VARIANTS`.

The window's Game chooser, Help, statistics, the saved game, `--rules` and the solver all read
this registry (in the order below, which is the chooser's order).
"""

from __future__ import annotations

from collections.abc import Mapping

from eightoff.core.rules import Rules
from eightoff.core.variants.bakers import BAKERS, BAKERS_VARIANT
from eightoff.core.variants.bakers_dozen import BAKERS_DOZEN_VARIANT
from eightoff.core.variants.beleaguered_castle import BELEAGUERED_CASTLE_VARIANT
from eightoff.core.variants.citadel import CITADEL_VARIANT
from eightoff.core.variants.eightoff_game import EASY, EASY_VARIANT, STANDARD, STANDARD_VARIANT
from eightoff.core.variants.fan import FAN_VARIANT
from eightoff.core.variants.forecell import FORECELL_VARIANT
from eightoff.core.variants.freecell import FREECELL, FREECELL_VARIANT
from eightoff.core.variants.kings_only_bakers import KINGS_ONLY_BAKERS_VARIANT
from eightoff.core.variants.raglan import RAGLAN, RAGLAN_VARIANT
from eightoff.core.variants.relaxed_freecell import RELAXED_FREECELL_VARIANT
from eightoff.core.variants.relaxed_seahaven import RELAXED_SEAHAVEN_VARIANT
from eightoff.core.variants.seahaven import SEAHAVEN, SEAHAVEN_VARIANT
from eightoff.core.variants.streets_and_alleys import STREETS_AND_ALLEYS_VARIANT
from eightoff.core.variants.variant import COLUMNS, Arrangement, Option, PileWords, Variant

VARIANTS: dict[str, Variant] = {
    variant.key: variant
    for variant in (
        STANDARD_VARIANT, EASY_VARIANT, FREECELL_VARIANT, BAKERS_VARIANT, SEAHAVEN_VARIANT, RAGLAN_VARIANT,
        FORECELL_VARIANT, RELAXED_FREECELL_VARIANT, KINGS_ONLY_BAKERS_VARIANT, RELAXED_SEAHAVEN_VARIANT,
        BELEAGUERED_CASTLE_VARIANT, STREETS_AND_ALLEYS_VARIANT, CITADEL_VARIANT, FAN_VARIANT,
        BAKERS_DOZEN_VARIANT,
    )
}
DEFAULT_KEY = STANDARD_VARIANT.key
"""The game a new player starts with, and the one whose grade thresholds an uncalibrated game
borrows: named here once."""
PRESETS: dict[str, Rules] = {key: variant.configure() for key, variant in VARIANTS.items()}
"""Each variant's rules with its options at their defaults."""
OPTIONS: dict[str, Option] = {
    option.key: option for variant in VARIANTS.values() for option in variant.options
}
"""Every option any game has, by key (one flag each on the command line)."""


class UnknownVariant(ValueError):
    pass


def variant(key: str) -> Variant:
    try:
        return VARIANTS[key]
    except KeyError:
        known = ", ".join(VARIANTS)
        raise UnknownVariant(f"unknown rules {key!r} (expected one of {known})") from None


def variant_of(rules: Rules) -> Variant:
    return variant(rules.name)


def tableau_words(rules: Rules) -> PileWords:
    """What `rules` call their tableau piles: the registered game's words, and "columns" for a
    rule set made by hand (a test's, a board's under study) that names no game of the registry."""
    entry = VARIANTS.get(rules.name)
    return COLUMNS if entry is None else entry.piles


def preset(key: str, choices: Mapping[str, bool] | None = None) -> Rules:
    """The named variant's rules with its options as chosen, the others at their defaults."""
    return variant(key).configure(choices)


__all__ = [
    "Arrangement",
    "BAKERS",
    "DEFAULT_KEY",
    "EASY",
    "FREECELL",
    "OPTIONS",
    "PileWords",
    "PRESETS",
    "RAGLAN",
    "SEAHAVEN",
    "STANDARD",
    "VARIANTS",
    "Option",
    "UnknownVariant",
    "Variant",
    "tableau_words",
    "preset",
    "variant",
    "variant_of",
]
