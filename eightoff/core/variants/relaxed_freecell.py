"""Relaxed FreeCell: FreeCell in which any run in sequence moves as one."""

from __future__ import annotations

from dataclasses import replace

from eightoff.core.i18n import N_
from eightoff.core.rules import RunMoves
from eightoff.core.variants.freecell import FREECELL, FREECELL_DEAL
from eightoff.core.variants.variant import Variant

RELAXED_FREECELL = replace(FREECELL, name="relaxed-freecell", run_moves=RunMoves.UNLIMITED)

RELAXED_FREECELL_VARIANT = Variant(
    key="relaxed-freecell",
    title=N_("Relaxed FreeCell"),
    summary=N_("FreeCell where any run in sequence moves at once."),
    help_paragraphs=(
        FREECELL_DEAL,
        N_(
            "Columns build down in alternating colours: a red 7 goes on a black 8. Any card may "
            "fill an empty column. Any run in sequence may move together, however few free cells "
            "and empty columns there are."
        ),
        N_("Deal N has the cards of PySolFC's Relaxed FreeCell N."),
    ),
    rules=RELAXED_FREECELL,
    solver_tuning="free-cell",
    grade_table="grades-relaxed-freecell.txt",
    daily_table="daily-relaxed-freecell.txt",
)
