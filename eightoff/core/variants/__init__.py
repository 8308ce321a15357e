"""The registry of games: each variant is one module here, listed once in `VARIANTS`.

The window's Game chooser, Help, statistics, the saved game, `--rules` and the solver all read
this registry (in the order below, which is the chooser's order).
"""

from __future__ import annotations

from collections.abc import Mapping

from eightoff.core.rules import Rules
from eightoff.core.variants.eightoff_game import EASY, EASY_VARIANT, STANDARD, STANDARD_VARIANT
from eightoff.core.variants.freecell import FREECELL, FREECELL_VARIANT
from eightoff.core.variants.raglan import RAGLAN, RAGLAN_VARIANT
from eightoff.core.variants.variant import Option, Variant

VARIANTS: dict[str, Variant] = {
    variant.key: variant for variant in (STANDARD_VARIANT, EASY_VARIANT, FREECELL_VARIANT, RAGLAN_VARIANT)
}
DEFAULT_GAME = STANDARD_VARIANT.key
"""The game a first start opens on, and the one a preferences file naming no known game gets."""
PRESETS: dict[str, Rules] = {key: variant.rules for key, variant in VARIANTS.items()}
"""Each variant's rules with its options at their defaults."""


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


def preset(key: str, takeback: bool = False, choices: Mapping[str, bool] | None = None) -> Rules:
    """The named variant's rules with its options (`takeback` is the option every game has)."""
    return variant(key).configure({**(choices or {}), "takeback": takeback})


__all__ = [
    "DEFAULT_GAME",
    "EASY",
    "FREECELL",
    "PRESETS",
    "RAGLAN",
    "STANDARD",
    "VARIANTS",
    "Option",
    "UnknownVariant",
    "Variant",
    "preset",
    "variant",
    "variant_of",
]
