"""The open games' rules as their table states them, written out here rather than read from the
registry, so that a slip in one game's entry (Fan's empty fans taking any card, Baker's Dozen's
columns refilled, Relaxed FreeCell's runs limited) fails here: the move referee in
tests/core/reference.py reads its rules from the registry, and fc-solve plays neither Fan nor
Baker's Dozen."""

from __future__ import annotations

import pytest

from eightoff.core.cards import ACE, KING
from eightoff.core.deals import deal
from eightoff.core.rules import Build, EmptyColumn, RunMoves
from eightoff.core.variants import PRESETS

ALTERNATE, SUIT, ANY = Build.ALTERNATE_COLOUR, Build.SAME_SUIT, Build.ANY_SUIT
KINGS, ANY_CARD, NOTHING = EmptyColumn.KINGS, EmptyColumn.ANY, EmptyColumn.NONE
TABLE = {
    # game: (columns as dealt, free cells, columns build, an empty column takes, runs)
    "forecell": ((6,) * 8, 4, ALTERNATE, KINGS, "limited"),
    "relaxed-freecell": ((7,) * 4 + (6,) * 4, 4, ALTERNATE, ANY_CARD, "unlimited"),
    "kings-only-bakers": ((7,) * 4 + (6,) * 4, 4, SUIT, KINGS, "limited"),
    "relaxed-seahaven": ((5,) * 10, 4, SUIT, KINGS, "unlimited"),
    "beleaguered-castle": ((6,) * 8, 0, ANY, ANY_CARD, "limited"),
    "streets-and-alleys": ((7,) * 4 + (6,) * 4, 0, ANY, ANY_CARD, "limited"),
    "citadel": ((6,) * 8, 0, ANY, ANY_CARD, "limited"),
    "fan": ((3,) * 17 + (1,), 0, SUIT, KINGS, "limited"),
    "bakers-dozen": ((4,) * 13, 0, ANY, NOTHING, "limited"),
}


def limited(cells: int, empty: EmptyColumn) -> RunMoves:
    """"Runs limited": what single-card moves through the free cells and the empty columns can
    do; an empty column that takes only Kings (or nothing) cannot hold part of a run."""
    if empty is ANY_CARD:
        return RunMoves.CELLS_AND_COLUMNS
    return RunMoves.CELLS_ONLY if cells else RunMoves.SINGLE_CARDS


@pytest.mark.parametrize("key", sorted(TABLE))
def test_each_game_is_built_as_its_table_says(key: str) -> None:
    lengths, cells, build, empty, runs = TABLE[key]
    rules = PRESETS[key]
    assert (rules.column_lengths, rules.cells) == (lengths, cells)
    assert (rules.build, rules.empty_column) == (build, empty)
    assert rules.run_moves is (RunMoves.UNLIMITED if runs == "unlimited" else limited(cells, empty))
    assert not rules.foundation_takeback and not rules.face_down and not rules.reserve


@pytest.mark.parametrize("number", [1, 260, 31999, 123456789])
def test_the_deals_start_as_the_table_says(number: int) -> None:
    """Forecell's four cells hold the four cards left over, Relaxed Seahaven's middle two; the
    castles start with the Aces home (Citadel with whatever went home as it was dealt); Baker's
    Dozen deals each column's Kings beneath its other cards; the rest start with nothing home."""
    for key in TABLE:
        position = deal(number, PRESETS[key])
        held = [card is not None for card in position.cells]
        assert held == {"forecell": [True] * 4, "relaxed-seahaven": [False, True, True, False]}.get(
            key, [False] * len(held)), key
        if key in ("beleaguered-castle", "citadel"):
            assert min(position.foundations) >= ACE and (key == "citadel" or max(position.foundations) == ACE)
        else:
            assert position.foundations == (0, 0, 0, 0), key
        if key == "bakers-dozen":
            for column in position.columns:
                kings = [card.rank == KING for card in column]
                assert kings == sorted(kings, reverse=True), column
