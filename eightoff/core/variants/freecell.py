"""FreeCell, the Microsoft classic and the field's benchmark for solvers."""

from __future__ import annotations

from eightoff.core.i18n import N_
from eightoff.core.rules import Build, EmptyColumn, Rules, RunMoves
from eightoff.core.variants.variant import Variant

FREECELL = Rules(
    name="freecell",
    cells=4,
    column_lengths=(7, 7, 7, 7, 6, 6, 6, 6),
    build=Build.ALTERNATE_COLOUR,
    empty_column=EmptyColumn.ANY,
    run_moves=RunMoves.CELLS_AND_COLUMNS,
)

FREECELL_DEAL = N_(
    "Move all 52 cards to the four foundations, one per suit, from Ace up to King. All "
    "cards are dealt face up into eight columns, four of seven cards and four of six; "
    "the four free cells start empty. A free cell holds any one card."
)
"""The deal as Help tells it, shared with Baker's Game, which deals the same."""

FREECELL_VARIANT = Variant(
    key="freecell",
    title=N_("FreeCell"),
    summary=N_("Four free cells; columns build down in alternating colours."),
    help_paragraphs=(
        FREECELL_DEAL,
        N_(
            "Columns build down in alternating colours: a red 7 goes on a black 8. Any card may "
            "fill an empty column. A run may move together when there is room to move it card by "
            "card: with c free cells and e empty columns, up to (c + 1) x 2^e cards, half that "
            "into an empty column."
        ),
        N_("Deal numbers 1 to 32000 are the deals of Microsoft FreeCell."),
    ),
    rules=FREECELL,
    solver_tuning="free-cell",
    grade_table="grades-freecell.txt",
    daily_table="daily-freecell.txt",
)
