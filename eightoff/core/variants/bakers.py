"""Baker's Game, the same-suit ancestor of FreeCell (Martin Gardner wrote it up in 1968)."""

from __future__ import annotations

from dataclasses import replace

from eightoff.core.i18n import N_
from eightoff.core.rules import Build
from eightoff.core.variants.freecell import FREECELL, FREECELL_DEAL
from eightoff.core.variants.variant import Variant

BAKERS = replace(FREECELL, name="bakers", build=Build.SAME_SUIT)
"""FreeCell's piles, deal and run moves; only the building differs."""

BAKERS_VARIANT = Variant(
    key="bakers",
    title=N_("Baker's Game"),
    summary=N_("FreeCell with columns built down in the same suit."),
    help_paragraphs=(
        FREECELL_DEAL,
        N_(
            "Columns build down in the same suit: the 7 of hearts goes on the 8 of hearts. Any "
            "card may fill an empty column. A run may move together when there is room to move "
            "it card by card: with c free cells and e empty columns, up to (c + 1) x 2^e cards, "
            "half that into an empty column."
        ),
        N_("Deal N has the cards of PySolFC's Baker's Game N."),
    ),
    rules=BAKERS,
    solver_tuning="same-suit",
    grade_table="grades-bakers.txt",
    daily_table="daily-bakers.txt",
)
