"""The open games' verdicts: on Fan and Baker's Dozen, which fc-solve's default build cannot
play (it has room for 12 columns), against an exhaustive search of the core's moves on small
cases of the real games (all 18 fans, all 13 columns, few cards left out); the games fc-solve
plays are checked against it in test_new_games.py. Every win replays under a referee that knows
only the rules (the tests' second reading of them)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from eightoff.core.cards import DECK, KING, Card
from eightoff.core.deals import deal
from eightoff.core.moves import Move
from eightoff.core.position import Position
from eightoff.core.rules import Build, EmptyColumn, Rules, RunMoves
from eightoff.core.variants import PRESETS
from eightoff.solver.limits import SOLVED, UNSOLVED, Budget
from eightoff.solver.solve import solve
from tests.core.reference import is_legal, reference_apply
from tests.solver.test_solve import small_positions, winnable_by_brute_force

OPEN_GAMES = ("forecell", "relaxed-freecell", "kings-only-bakers", "relaxed-seahaven", "beleaguered-castle",
              "streets-and-alleys", "citadel", "fan", "bakers-dozen")
TINY_OPEN = [
    Rules("any suit", 0, (3,) * 4, Build.ANY_SUIT, EmptyColumn.ANY, RunMoves.CELLS_AND_COLUMNS),
    Rules("never refilled", 0, (3,) * 4, Build.ANY_SUIT, EmptyColumn.NONE, RunMoves.SINGLE_CARDS),
    Rules("unlimited", 1, (3,) * 4, Build.SAME_SUIT, EmptyColumn.KINGS, RunMoves.UNLIMITED),
    Rules("unlimited colours", 1, (3,) * 3, Build.ALTERNATE_COLOUR, EmptyColumn.ANY, RunMoves.UNLIMITED),
]
"""The new mechanics in shapes small enough for brute force."""


@st.composite
def late_positions(draw: st.DrawFn, key: str, most_left: int) -> Position:
    """A position of the game `key` itself with most cards home: the last few of each suit
    spread over its columns, each column's Kings beneath its other cards where the game deals
    them so (any later position of Baker's Dozen keeps them there)."""
    rules = PRESETS[key]
    left = draw(st.lists(st.integers(0, most_left), min_size=4, max_size=4))
    foundations = tuple(KING - count for count in left)
    cards = draw(st.permutations([card for card in DECK if card.rank > foundations[card.suit]]))
    assume(cards)
    columns: list[list[Card]] = [[] for _ in range(rules.columns)]
    for card in cards:
        columns[draw(st.integers(0, rules.columns - 1))].append(card)
    if rules.kings_to_bottom:
        columns = [sorted(column, key=lambda card: card.rank != KING) for column in columns]
    return Position(tuple(map(tuple, columns)), (None,) * rules.cells, foundations)


def replays_to_win(position: Position, rules: Rules, moves: tuple[Move, ...]) -> bool:
    """The line played under a referee that knows only the rules as a player reads them (the
    tests' second reading, never the core's move finder), auto-play left out: a line that leans
    on the core's auto-play must spell those moves."""
    for move in moves:
        assert is_legal(position, rules, *move), f"{move} breaks {rules.name}'s rules"
        position = reference_apply(position, move)
    return position.is_won


def assert_agrees(position: Position, rules: Rules) -> None:
    result = solve(position, rules, Budget(nodes=200_000))
    assert result.status == (SOLVED if winnable_by_brute_force(position, rules) else UNSOLVED)
    if result.status == SOLVED:
        assert replays_to_win(position, rules, result.moves)


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(late_positions("fan", 4))
def test_fan_verdicts_agree_with_exhaustive_search(position: Position) -> None:
    assert_agrees(position, PRESETS["fan"])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(late_positions("bakers-dozen", 4))
def test_bakers_dozen_verdicts_agree_with_exhaustive_search(position: Position) -> None:
    assert_agrees(position, PRESETS["bakers-dozen"])


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_positions(TINY_OPEN))
def test_the_new_mechanics_agree_with_exhaustive_search(case: tuple[Position, Rules]) -> None:
    assert_agrees(*case)


@pytest.mark.parametrize("key", sorted(OPEN_GAMES))
@pytest.mark.parametrize("number", [1, 3])
def test_numbered_deals_won_replay_under_the_referee(key: str, number: int) -> None:
    rules = PRESETS[key]
    result = solve(deal(number, rules), rules, Budget(nodes=200_000))
    assert result.status in (SOLVED, UNSOLVED)
    if result.status == SOLVED:
        assert replays_to_win(deal(number, rules), rules, result.moves)
