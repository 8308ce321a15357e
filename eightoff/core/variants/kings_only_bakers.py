"""Kings-Only Baker's Game: Baker's Game in which only a King fills an empty column."""

from __future__ import annotations

from dataclasses import replace

from eightoff.core.i18n import N_
from eightoff.core.rules import EmptyColumn, RunMoves
from eightoff.core.variants.bakers import BAKERS
from eightoff.core.variants.freecell import FREECELL_DEAL
from eightoff.core.variants.seahaven import KINGS_ONLY_PLAY
from eightoff.core.variants.variant import Variant

KINGS_ONLY_BAKERS = replace(
    BAKERS, name="kings-only-bakers", empty_column=EmptyColumn.KINGS, run_moves=RunMoves.CELLS_ONLY
)
"""Empty columns that take Kings only never help to move a run, as in Eight Off."""

KINGS_ONLY_BAKERS_VARIANT = Variant(
    key="kings-only-bakers",
    title=N_("Kings-Only Baker's Game"),
    summary=N_("Baker's Game where only a King fills an empty column."),
    help_paragraphs=(
        FREECELL_DEAL,
        KINGS_ONLY_PLAY,
        N_("Deal N has the cards of PySolFC's Kings Only Baker's Game N."),
    ),
    rules=KINGS_ONLY_BAKERS,
    solver_tuning="kings-only",
    grade_table="grades-kings-only-bakers.txt",
    daily_table="daily-kings-only-bakers.txt",
)
