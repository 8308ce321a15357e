"""What the search makes of a child from its parent's parts must be what it would make from the
child alone: the key's column order, the score, and the parent's score as its open-list entry
keeps it. A slip in any of them reorders or merges boards, which changes lines, pars and grades
(`scripts/solver_lines.py` checks whole searches; these check every move of random boards)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from eightoff.core.position import Position
from eightoff.core.rules import Rules
from eightoff.solver.board import SEPARATOR, engine_for, from_position
from eightoff.solver.search import (
    INDEX_BITS,
    PORTFOLIOS,
    QUARTERS,
    Heuristic,
    Weights,
    _Shared,
    entry,
    key_parts,
    ranks,
)
from tests.solver.playouts import played_positions

WEIGHTS = [runner.weights for portfolio in PORTFOLIOS.values() for runner in portfolio.runners]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played_positions())
def test_a_childs_score_and_key_order_from_its_parent_are_its_own(played: tuple[Position, Rules]) -> None:
    position, rules = played
    engine = engine_for(rules)
    board, _ = engine.autoplay(from_position(position))
    ranked = ranks(board[0])
    heuristics = [Heuristic(engine, weights) for weights in WEIGHTS]
    for move in engine.moves(board):
        child, _ = engine.step(board, move)
        for heuristic in heuristics:
            assert heuristic.child_score(child, board, heuristic.score(board)) == heuristic.score(child)
        bottoms = [column[:1] for column in child[0]]
        if bottoms == [column[:1] for column in board[0]]:
            assert key_parts(child, ranked)[:-2] == sorted(child[0])
        assert key_parts(child, ranks(child[0])) == [*sorted(child[0]), child[1], child[3]]


@given(st.integers(-4000, 40000), st.integers(0, 500), st.sampled_from(WEIGHTS), st.integers(0, 2**31))
def test_an_entry_gives_back_the_score_it_was_made_from(quarters: int, depth: int, weights: Weights,
                                                        index: int) -> None:
    score = quarters / QUARTERS
    made = entry(score + weights.path * depth, index)
    assert (made >> INDEX_BITS) / QUARTERS - weights.path * depth == score


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played_positions(longest=40))
def test_every_key_the_search_keeps_is_its_boards_own(played: tuple[Position, Rules]) -> None:
    """The keys `expand` splices from a parent's parts are each kept board's own, one a board:
    a key spliced wrong would merge two boards, or let one board in twice."""
    position, rules = played
    engine = engine_for(rules)
    shared = _Shared(engine, from_position(position))
    runner = shared.runner(PORTFOLIOS["same-suit"].runners[0].weights)
    for _ in range(300):
        if runner.expand() != -1:
            break
    assert len(shared.expanded) == len(shared.records)
    keys = {SEPARATOR.join(key_parts(board, ranks(board[0]))) for board, *_ in shared.records}
    assert keys == shared.seen
    assert len(keys) == len(shared.records)
