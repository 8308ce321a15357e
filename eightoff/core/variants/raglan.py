"""Raglan, the nine-column "Solitario" of our Italian rules sheet.

Aces start home, six cards lie in a reserve that only gives, columns build down in
alternating colours one card at a time, and every column's cards but the top one are face down
(the "all face up" option gives PySolFC's Raglan).
"""

from __future__ import annotations

from dataclasses import replace

from eightoff.core.i18n import N_
from eightoff.core.rules import Build, EmptyColumn, Rules, RunMoves
from eightoff.core.variants.variant import TAKEBACK, Option, Variant

RAGLAN = Rules(
    name="raglan",
    cells=0,
    column_lengths=(1, 2, 3, 4, 5, 6, 7, 7, 7),
    build=Build.ALTERNATE_COLOUR,
    empty_column=EmptyColumn.ANY,
    run_moves=RunMoves.SINGLE_CARDS,
    reserve=6,
    aces_start_home=True,
    face_down=True,
)

TAKEBACK_ON = replace(TAKEBACK, default=True)
"""Seed 003's rules sheet lets foundation cards come back in Raglan: on unless turned off."""

ALL_FACE_UP = Option(
    "face_up",
    N_("All cards face up"),
    False,
    lambda rules, on: rules.with_face_down(not on),
    lambda rules: not rules.face_down,
)

RAGLAN_VARIANT = Variant(
    key="raglan",
    title=N_("Raglan"),
    summary=N_("Nine columns, a reserve of six, Aces start home."),
    help_paragraphs=(
        N_(
            "Move all the cards to the four foundations, which start with the four Aces and "
            "build up by suit to the King. The other cards are dealt into nine columns of 1, 2, "
            "3, 4, 5, 6, 7, 7 and 7 cards, and six go face up into the reserve at the top left."
        ),
        N_(
            "Only the top card of each column is face up; a face-down card turns up by itself "
            "when it comes to the top. The solver, the hints and the winnable indicator know the "
            "face-down cards, so they may see a way you cannot."
        ),
        N_(
            "Columns build down in alternating colours, and cards move one at a time, never "
            "several together. Any card may fill an empty column. A reserve card may go to a "
            "column or to its foundation at any time, but nothing ever goes into the reserve."
        ),
        N_(
            "Unless the rule option is turned off, the top card of a foundation may come back onto a "
            "column (never into the reserve). A game with no move left, taking cards back aside, is lost."
        ),
    ),
    rules=RAGLAN,
    options=(TAKEBACK_ON, ALL_FACE_UP),
    solver_tuning="no-cell",
    grade_table="grades-raglan.txt",
    daily_table="daily-raglan.txt",
)
