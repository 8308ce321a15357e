"""Relaxed Seahaven Towers: Seahaven Towers in which any run in sequence moves as one."""

from __future__ import annotations

from dataclasses import replace

from eightoff.core.i18n import N_
from eightoff.core.rules import RunMoves
from eightoff.core.variants.seahaven import SEAHAVEN, SEAHAVEN_DEAL
from eightoff.core.variants.variant import Variant

RELAXED_SEAHAVEN = replace(SEAHAVEN, name="relaxed-seahaven", run_moves=RunMoves.UNLIMITED)

RELAXED_SEAHAVEN_VARIANT = Variant(
    key="relaxed-seahaven",
    title=N_("Relaxed Seahaven Towers"),
    summary=N_("Seahaven Towers where any run in sequence moves at once."),
    help_paragraphs=(
        SEAHAVEN_DEAL,
        N_(
            "Columns build down in the same suit: the 7 of hearts goes on the 8 of hearts. Only a "
            "King, or a run headed by a King, may fill an empty column. Any run in sequence may "
            "move together, however few free cells are empty."
        ),
        N_("Deal N has the cards of PySolFC's Relaxed Seahaven Towers N."),
    ),
    rules=RELAXED_SEAHAVEN,
    solver_tuning="same-suit",
    grade_table="grades-relaxed-seahaven.txt",
    daily_table="daily-relaxed-seahaven.txt",
)
