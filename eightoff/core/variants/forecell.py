"""Forecell: FreeCell's building in eight columns of six, the four cards left over in the free
cells, and only Kings fill an empty column."""

from __future__ import annotations

from eightoff.core.i18n import N_
from eightoff.core.rules import Build, EmptyColumn, Rules, RunMoves
from eightoff.core.variants.variant import Variant

FORECELL = Rules(
    name="forecell",
    cells=4,
    column_lengths=(6,) * 8,
    build=Build.ALTERNATE_COLOUR,
    empty_column=EmptyColumn.KINGS,
    run_moves=RunMoves.CELLS_ONLY,
)

FORECELL_VARIANT = Variant(
    key="forecell",
    title=N_("Forecell"),
    summary=N_("FreeCell's colours in eight columns of six; the free cells start full."),
    help_paragraphs=(
        N_(
            "Move all 52 cards to the four foundations, one per suit, from Ace up to King. The "
            "cards lie face up in eight columns of six; the four left over start in the four free "
            "cells. A free cell holds any one card."
        ),
        N_(
            "Columns build down in alternating colours: a red 7 goes on a black 8. Only a King, or "
            "a run headed by a King, may fill an empty column. A run of n cards may move together "
            "when n - 1 free cells are empty; empty columns do not help."
        ),
        N_("Deal N has the cards of PySolFC's Forecell N."),
    ),
    rules=FORECELL,
    solver_tuning="free-cell",
    grade_table="grades-forecell.txt",
    daily_table="daily-forecell.txt",
)
