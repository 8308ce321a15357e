"""Beleaguered Castle: no free cells, the Aces start home, columns built down in any suit, and
any card fills an empty column (Streets and Alleys and Citadel deal it otherwise)."""

from __future__ import annotations

from eightoff.core.i18n import N_
from eightoff.core.rules import Build, EmptyColumn, Rules, RunMoves
from eightoff.core.variants.variant import ROWS, Arrangement, Variant

BELEAGUERED_CASTLE = Rules(
    name="beleaguered-castle",
    cells=0,
    column_lengths=(6,) * 8,
    build=Build.ANY_SUIT,
    empty_column=EmptyColumn.ANY,
    run_moves=RunMoves.CELLS_AND_COLUMNS,
    aces_start_home=True,
)
"""With no cells, a run of up to 2^e cards moves with e empty columns (fc-solve's limited
sequence moves)."""
CASTLE_PLAY = N_(
    "The uncovered card at the end of a row may go to its foundation or onto the end of another "
    "row. Rows build down regardless of suit: any 7 goes on any 8. Any card may fill an empty "
    "row. A run may move together when there is room to move it card by card: with e empty "
    "rows, up to 2^e cards, half that into an empty row."
)
"""How the game plays, shared with Streets and Alleys and Citadel, as Help tells it."""

BELEAGUERED_CASTLE_VARIANT = Variant(
    key="beleaguered-castle",
    title=N_("Beleaguered Castle"),
    summary=N_("Eight rows of six, the Aces start home; rows build down regardless of suit."),
    help_paragraphs=(
        N_(
            "Move all the cards to the four foundations, which start with the four Aces and "
            "build up by suit to the King. The other 48 cards lie face up in eight rows of six, "
            "four on each side of the foundations."
        ),
        CASTLE_PLAY,
        N_("Deal N has the cards of PySolFC's Beleaguered Castle N."),
    ),
    rules=BELEAGUERED_CASTLE,
    solver_tuning="castle",
    grade_table="grades-beleaguered-castle.txt",
    daily_table="daily-beleaguered-castle.txt",
    arrangement=Arrangement.CASTLE,
    piles=ROWS,
)
