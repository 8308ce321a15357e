"""Baker's Dozen: thirteen columns of four, each column's Kings at its bottom, and columns that
are never refilled."""

from __future__ import annotations

from eightoff.core.i18n import N_
from eightoff.core.rules import Build, EmptyColumn, Rules, RunMoves
from eightoff.core.variants.variant import Variant

BAKERS_DOZEN = Rules(
    name="bakers-dozen",
    cells=0,
    column_lengths=(4,) * 13,
    build=Build.ANY_SUIT,
    empty_column=EmptyColumn.NONE,
    run_moves=RunMoves.SINGLE_CARDS,
    kings_to_bottom=True,
)
"""With no cells and no column ever refilled, runs limited as in FreeCell are one card."""

BAKERS_DOZEN_VARIANT = Variant(
    key="bakers-dozen",
    title=N_("Baker's Dozen"),
    summary=N_("Thirteen columns of four, Kings at the bottom; empty columns stay empty."),
    help_paragraphs=(
        N_(
            "Move all 52 cards to the four foundations, one per suit, from Ace up to King. The "
            "cards lie face up in thirteen columns of four; at the deal each column's Kings are "
            "moved beneath its other cards."
        ),
        N_(
            "The top card of a column may go to its foundation or onto another column. Columns "
            "build down regardless of suit: any 7 goes on any 8. Cards move one at a time. An "
            "empty column stays empty: nothing may be put into it."
        ),
        N_("Deal N has the cards of PySolFC's Baker's Dozen N."),
    ),
    rules=BAKERS_DOZEN,
    solver_tuning="no-cell",
    grade_table="grades-bakers-dozen.txt",
    daily_table="daily-bakers-dozen.txt",
)
