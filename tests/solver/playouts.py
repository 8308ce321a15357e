"""Random positions of every variant for the property tests: a deal and some random legal moves."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from eightoff.core.deals import deal
from eightoff.core.position import Position
from eightoff.core.rules import Rules
from eightoff.core.variants import PRESETS

VARIANTS = [rules.with_takeback(takeback) for rules in PRESETS.values() for takeback in (False, True)]


def random_position(rules: Rules, number: int, seed: int, length: int) -> Position:
    rng = random.Random(seed)
    position = deal(number, rules)
    for _ in range(length):
        moves = position.legal_moves(rules)
        if not moves:
            break
        position = position.apply(rng.choice(moves))
    return position


@st.composite
def played_positions(
    draw: st.DrawFn, longest: int = 120, last_deal: int = 32000, games: list[Rules] = VARIANTS
) -> tuple[Position, Rules]:
    rules = draw(st.sampled_from(games))
    number = draw(st.integers(1, last_deal))
    seed = draw(st.integers(0, 2**32 - 1))
    return random_position(rules, number, seed, draw(st.integers(0, longest))), rules
