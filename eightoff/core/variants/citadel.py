"""Citadel: Beleaguered Castle in which a card that may go home as it is dealt goes there."""

from __future__ import annotations

from dataclasses import replace

from eightoff.core.i18n import N_
from eightoff.core.variants.beleaguered_castle import BELEAGUERED_CASTLE, CASTLE_PLAY
from eightoff.core.variants.variant import ROWS, Arrangement, Variant

CITADEL = replace(BELEAGUERED_CASTLE, name="citadel", deal_home=True)

CITADEL_VARIANT = Variant(
    key="citadel",
    title=N_("Citadel"),
    summary=N_("Beleaguered Castle where cards go home as they are dealt."),
    help_paragraphs=(
        N_(
            "Move all the cards to the four foundations, which start with the four Aces and "
            "build up by suit to the King. The other 48 cards are dealt face up one by one, a card "
            "to each of eight rows in turn; a card that may go to its foundation as it is dealt "
            "goes there instead, so the rows start with up to six cards."
        ),
        CASTLE_PLAY,
        N_("Deal N has the cards of PySolFC's Citadel N."),
    ),
    rules=CITADEL,
    solver_tuning="no-cell",
    arrangement=Arrangement.CASTLE,
    piles=ROWS,
    grade_table="grades-citadel.txt",
    daily_table="daily-citadel.txt",
)
