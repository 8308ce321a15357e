"""Seahaven Towers: ten columns of five, four free cells, same-suit building, Kings only."""

from __future__ import annotations

from eightoff.core.i18n import N_
from eightoff.core.rules import Build, EmptyColumn, Rules, RunMoves
from eightoff.core.variants.variant import Variant

SEAHAVEN = Rules(
    name="seahaven",
    cells=4,
    column_lengths=(5,) * 10,
    build=Build.SAME_SUIT,
    empty_column=EmptyColumn.KINGS,
    run_moves=RunMoves.CELLS_ONLY,
    aside_cells=(1, 2),
)

SEAHAVEN_DEAL = N_(
    "Move all 52 cards to the four foundations, one per suit, from Ace up to King. The "
    "cards lie face up in ten columns of five; the two left over start in the middle two "
    "of the four free cells. A free cell holds any one card."
)
"""The deal as Help tells it, shared with Relaxed Seahaven Towers, which deals the same."""
KINGS_ONLY_PLAY = N_(
    "Columns build down in the same suit: the 7 of hearts goes on the 8 of hearts. Only a "
    "King, or a run headed by a King, may fill an empty column. A run of n cards may move "
    "together when n - 1 free cells are empty; empty columns do not help."
)
"""The play as Help tells it, shared with Kings-Only Baker's Game, which plays the same."""

SEAHAVEN_VARIANT = Variant(
    key="seahaven",
    title=N_("Seahaven Towers"),
    summary=N_("Ten columns of five; same-suit columns; only a King fills an empty column."),
    help_paragraphs=(
        SEAHAVEN_DEAL,
        KINGS_ONLY_PLAY,
        N_("Deal N has the cards of PySolFC's Seahaven Towers N."),
    ),
    rules=SEAHAVEN,
    solver_tuning="same-suit",
    grade_table="grades-seahaven.txt",
    daily_table="daily-seahaven.txt",
)
