"""Fan: eighteen fans of three (the last of one), same-suit building, one card at a time."""

from __future__ import annotations

from eightoff.core.i18n import N_
from eightoff.core.rules import Build, EmptyColumn, Rules, RunMoves
from eightoff.core.variants.variant import FANS, Arrangement, Variant

FAN = Rules(
    name="fan",
    cells=0,
    column_lengths=(3,) * 17 + (1,),
    build=Build.SAME_SUIT,
    empty_column=EmptyColumn.KINGS,
    run_moves=RunMoves.SINGLE_CARDS,
    short_columns_last=True,
)
"""With no cells and empty fans that take only Kings, runs limited as in FreeCell are one card."""

FAN_VARIANT = Variant(
    key="fan",
    title=N_("Fan"),
    summary=N_("Eighteen fans of three; same-suit building; one card at a time."),
    help_paragraphs=(
        N_(
            "Move all 52 cards to the four foundations, one per suit, from Ace up to King. The "
            "cards lie face up in eighteen fans, seventeen of three cards and the last of one."
        ),
        N_(
            "The top card of a fan may go to its foundation or onto another fan. Fans build down "
            "in the same suit: the 7 of hearts goes on the 8 of hearts. Cards move one at a time. "
            "Only a King may fill an empty fan."
        ),
        N_("Deal N has the cards of PySolFC's Fan N."),
    ),
    rules=FAN,
    solver_tuning="no-cell",
    grade_table="grades-fan.txt",
    daily_table="daily-fan.txt",
    arrangement=Arrangement.FANS,
    piles=FANS,
)
