"""Eight Off, the game this program is named after, in its standard and easy rules."""

from __future__ import annotations

from dataclasses import replace

from eightoff.core.i18n import N_
from eightoff.core.rules import Build, EmptyColumn, Rules, RunMoves
from eightoff.core.variants.variant import Variant

STANDARD = Rules(
    name="standard",
    cells=8,
    column_lengths=(6,) * 8,
    build=Build.SAME_SUIT,
    empty_column=EmptyColumn.KINGS,
    run_moves=RunMoves.CELLS_ONLY,
)
EASY = replace(STANDARD, name="easy", empty_column=EmptyColumn.ANY, run_moves=RunMoves.CELLS_AND_COLUMNS)

_COMMON = (
    N_(
        "Move all 52 cards to the four foundations, one per suit, from Ace up to King. "
        "The cards lie face up in eight columns of six; the four left over start in the "
        "first four of the eight free cells. A free cell holds any one card."
    ),
    N_(
        "The top card of a column, or a card in a cell, may go to its foundation, to a free "
        "cell, or onto a column. Columns build down in the same suit: the 7 of hearts goes "
        "on the 8 of hearts."
    ),
)

STANDARD_VARIANT = Variant(
    key="standard",
    title=N_("Eight Off"),
    summary=N_("Same-suit columns; only a King fills an empty column."),
    help_paragraphs=(
        *_COMMON,
        N_(
            "A run of cards in sequence may move together when there is room to move them one "
            "by one: a run of n cards needs n - 1 free cells. Only a King, or a run headed by a "
            "King, may fill an empty column, and empty columns do not help to move runs."
        ),
    ),
    rules=STANDARD,
    solver_tuning="same-suit",
    grade_table="grades-standard.txt",
    daily_table="daily-standard.txt",
)

EASY_VARIANT = Variant(
    key="easy",
    title=N_("Eight Off (easy)"),
    summary=N_("Eight Off where any card fills an empty column."),
    help_paragraphs=(
        *_COMMON,
        N_(
            "Any card may fill an empty column, and empty columns help to move runs: with c free "
            "cells and e empty columns a run of up to (c + 1) x 2^e cards may move, half that when "
            "it moves into an empty column itself."
        ),
    ),
    rules=EASY,
    solver_tuning="same-suit",
    daily_in=STANDARD_VARIANT.key,
)
