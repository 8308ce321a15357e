"""Streets and Alleys: Beleaguered Castle with all 52 cards dealt to the columns."""

from __future__ import annotations

from dataclasses import replace

from eightoff.core.i18n import N_
from eightoff.core.variants.beleaguered_castle import BELEAGUERED_CASTLE, CASTLE_PLAY
from eightoff.core.variants.variant import ROWS, Arrangement, Variant

STREETS_AND_ALLEYS = replace(
    BELEAGUERED_CASTLE, name="streets-and-alleys", column_lengths=(7,) * 4 + (6,) * 4, aces_start_home=False
)

STREETS_AND_ALLEYS_VARIANT = Variant(
    key="streets-and-alleys",
    title=N_("Streets and Alleys"),
    summary=N_("Beleaguered Castle with the Aces dealt among the rows."),
    help_paragraphs=(
        N_(
            "Move all 52 cards to the four foundations, one per suit, from Ace up to King. The "
            "cards lie face up in eight rows, four of seven cards and four of six."
        ),
        CASTLE_PLAY,
        N_("Deal N has the cards of PySolFC's Streets and Alleys N."),
    ),
    rules=STREETS_AND_ALLEYS,
    solver_tuning="streets",
    grade_table="grades-streets-and-alleys.txt",
    daily_table="daily-streets-and-alleys.txt",
    arrangement=Arrangement.CASTLE,
    piles=ROWS,
)
