"""Pile keys come from the pile counts: any game with up to 34 columns, cells and reserve
places in all gets one key per pile, none of them F (the foundation) or H (Hint)."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from eightoff.core.piles import PileKind
from eightoff.core.variants import FREECELL, PRESETS, RAGLAN, SEAHAVEN
from eightoff.session.pile_keys import key_words, pile_keys


@given(st.integers(1, 18), st.integers(0, 16), st.booleans())
def test_one_key_per_pile_and_never_f_or_h(columns: int, places: int, reserve: bool) -> None:
    base = RAGLAN if reserve else FREECELL
    rules = replace(base, column_lengths=(1,) * columns, cells=0 if reserve else places,
                    reserve=places if reserve else 0)
    keys = pile_keys(rules)
    assert len(set(keys.values())) == len(keys) == columns + places
    assert not {"f", "h"} & keys.keys()
    kinds = {pile.kind for pile in keys.values()} - {PileKind.COLUMN}
    assert kinds <= ({PileKind.RESERVE} if reserve else {PileKind.CELL})


def test_help_names_the_keys() -> None:
    assert key_words(SEAHAVEN) == ("1-9, 0", "Q W E R")
    assert key_words(FREECELL) == ("1-8", "Q W E R")
    assert key_words(RAGLAN) == ("1-9", "Q W E R T Y")
    assert key_words(PRESETS["bakers-dozen"]) == ("1-9, 0, Q W E", "")
    assert key_words(PRESETS["fan"]) == ("1-9, 0, Q W E R T Y U I", "")
