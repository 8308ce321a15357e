"""The open lists' entries: one int per board, which must order boards exactly as the
(priority, index) pairs they stand for, or the search's lines, pars and grades would change."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from eightoff.solver.search import INDEX_MASK, Weights, entry

QUARTER_SCORES = st.integers(min_value=-4000, max_value=40000)
INDICES = st.integers(min_value=0, max_value=INDEX_MASK)


@given(QUARTER_SCORES, INDICES, QUARTER_SCORES, INDICES)
def test_entries_order_boards_as_their_pairs(first: int, one: int, second: int, other: int) -> None:
    assert (entry(first, one) < entry(second, other)) == ((first, one) < (second, other))
    assert entry(first, one) & INDEX_MASK == one


def test_a_weight_of_no_whole_quarters_is_refused() -> None:
    """Its scores would not be exact, and `entry` would round them (the shipped portfolios are
    checked as the module makes them)."""
    with pytest.raises(ValueError, match="quarters"):
        Weights(misplaced=1, buried=0, next_card=0.1, cell=1, not_home=1, path=0)
