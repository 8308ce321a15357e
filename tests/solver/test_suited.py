"""The proof made first for Kings-Only Baker's Game (`suited`): against brute force on small
shapes, against the runners on late positions of the game itself (the same verdict, on a lost
one no more boards), and within a node budget the runners' wins and no proof later."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from eightoff.core.cards import DECK, KING, Card
from eightoff.core.deals import deal
from eightoff.core.position import Position
from eightoff.core.rules import Build, EmptyColumn, Rules, RunMoves
from eightoff.core.variants import PRESETS
from eightoff.solver.board import Board, Engine, engine_for, from_position
from eightoff.solver.limits import SOLVED, UNKNOWN, UNSOLVED, Budget, Limits
from eightoff.solver.search import KINGS_ONLY, SAME_SUIT, search
from eightoff.solver.suited import SuitedProver, applies_to
from tests.solver.test_solve import small_positions, winnable_by_brute_force

KINGS_ONLY_BAKERS = PRESETS["kings-only-bakers"]
SHAPES = [
    Rules("one cell", 1, (3,) * 4, Build.SAME_SUIT, EmptyColumn.KINGS, RunMoves.CELLS_ONLY),
    Rules("two cells", 2, (3,) * 3, Build.SAME_SUIT, EmptyColumn.KINGS, RunMoves.CELLS_ONLY),
    Rules("three cells", 3, (3,) * 3, Build.SAME_SUIT, EmptyColumn.KINGS, RunMoves.CELLS_ONLY),
    Rules("never refilled", 1, (3,) * 4, Build.SAME_SUIT, EmptyColumn.NONE, RunMoves.CELLS_ONLY),
    Rules("runs by columns", 1, (3,) * 4, Build.SAME_SUIT, EmptyColumn.KINGS, RunMoves.CELLS_AND_COLUMNS),
]
"""Small shapes of the games the proof plays: one suit, Kings only (or nothing) in an empty
column, with the run rules it reads from the engine's tables."""


def proved(position: Position, rules: Rules, boards: int = 1_000) -> SuitedProver:
    """The proof run to its end, `boards` at a time."""
    prover = SuitedProver(engine_for(rules), from_position(position))
    while prover.advance(boards) is None:
        pass
    return prover


@st.composite
def late_positions(draw: st.DrawFn, most_left: int) -> Position:
    """Kings-Only Baker's Game with most cards home: the last few of each suit spread over its
    columns and cells."""
    left = draw(st.lists(st.integers(0, most_left), min_size=4, max_size=4))
    foundations = tuple(KING - count for count in left)
    cards: list[Card] = draw(st.permutations([card for card in DECK if card.rank > foundations[card.suit]]))
    assume(cards)
    in_cells = draw(st.integers(0, min(KINGS_ONLY_BAKERS.cells, len(cards))))
    cells = tuple(cards[:in_cells]) + (None,) * (KINGS_ONLY_BAKERS.cells - in_cells)
    columns: list[list[Card]] = [[] for _ in range(KINGS_ONLY_BAKERS.columns)]
    for card in cards[in_cells:]:
        columns[draw(st.integers(0, KINGS_ONLY_BAKERS.columns - 1))].append(card)
    return Position(tuple(map(tuple, columns)), cells, foundations)


def test_it_plays_the_same_suit_games_whose_empty_columns_take_kings_or_nothing() -> None:
    """Only Kings-Only Baker's Game's portfolio makes it first."""
    assert [name for name, rules in PRESETS.items() if applies_to(engine_for(rules))] == [
        "standard", "seahaven", "kings-only-bakers", "relaxed-seahaven", "fan"
    ]
    assert replace(SAME_SUIT, proof_first=True) == KINGS_ONLY


@settings(max_examples=300, deadline=None)
@given(small_positions(SHAPES), st.integers(1, 6))
def test_the_proof_agrees_with_brute_force(case: tuple[Position, Rules], boards: int) -> None:
    """Advanced a few boards at a time, as it is between looks at the limits."""
    position, rules = case
    assert proved(position, rules, boards).won == winnable_by_brute_force(position, rules)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(late_positions(4))
def test_the_proof_agrees_with_the_runners_in_fewer_boards(position: Position) -> None:
    """The same verdict as the runners alone (whose search the brute force checks), and on a
    lost position no more boards: its canonical boards are classes of theirs."""
    prover = proved(position, KINGS_ONLY_BAKERS)
    outcome = search(engine_for(KINGS_ONLY_BAKERS), from_position(position), Limits(Budget()), SAME_SUIT)
    assert prover.won == (outcome.status == SOLVED)
    if not prover.won:
        assert prover.nodes == len(prover.seen) <= outcome.nodes


def assert_same_but_sooner_proofs(engine: Engine, start: Board, nodes: int) -> None:
    """Within `nodes` boards: a win is the runners' own (line and boards); a proof the runners
    make is made by the proof first, in no more boards; past their budget it may prove more."""
    first = search(engine, start, Limits(Budget(nodes=nodes)), KINGS_ONLY)
    alone = search(engine, start, Limits(Budget(nodes=nodes)), SAME_SUIT)
    if first.status == UNSOLVED:
        assert alone.status != SOLVED and (alone.status == UNKNOWN or first.nodes <= alone.nodes)
    else:
        assert first == alone


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(late_positions(4), st.integers(0, 300))
def test_within_a_node_budget_a_win_is_the_runners_and_a_proof_comes_sooner(
    position: Position, nodes: int
) -> None:
    assert_same_but_sooner_proofs(engine_for(KINGS_ONLY_BAKERS), from_position(position), nodes)


@pytest.mark.parametrize("nodes", [2_000, 30_000])
def test_deals_within_a_budget_are_won_as_before_and_proved_lost_sooner(nodes: int) -> None:
    """Deals 1-12 (2 and 3 won, the others lost; 12's proof took the runners 21,998 boards)."""
    engine = engine_for(KINGS_ONLY_BAKERS)
    for number in range(1, 13):
        assert_same_but_sooner_proofs(engine, from_position(deal(number, KINGS_ONLY_BAKERS)), nodes)
