"""What the search makes of a child from its parent's parts must be what it would make from the
child alone: the key's column order, the score, and the parent's score as its open-list entry
keeps it. A slip in any of them reorders or merges boards, which changes lines, pars and grades
(`scripts/solver_lines.py` checks whole searches; these check every move of random boards)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from eightoff.core.position import Position
from eightoff.core.rules import Rules
from eightoff.solver.board import engine_for, from_position
from eightoff.solver.search import INDEX_BITS, PORTFOLIOS, QUARTERS, Heuristic, Weights, entry, order
from tests.solver.playouts import played_positions

WEIGHTS = [runner.weights for portfolio in PORTFOLIOS.values() for runner in portfolio.runners]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played_positions())
def test_a_childs_score_and_key_order_from_its_parent_are_its_own(played: tuple[Position, Rules]) -> None:
    position, rules = played
    engine = engine_for(rules)
    board, _ = engine.autoplay(from_position(position))
    places = order(board[0])
    heuristics = [Heuristic(engine, weights) for weights in WEIGHTS]
    for move in engine.moves(board):
        child, _ = engine.step(board, move)
        for heuristic in heuristics:
            assert heuristic.child_score(child, board, heuristic.score(board)) == heuristic.score(child)
        bottoms = [column[:1] for column in child[0]]
        if bottoms == [column[:1] for column in board[0]]:
            assert [child[0][place] for place in places] == sorted(child[0])
        assert [child[0][place] for place in order(child[0])] == sorted(child[0])


@given(st.integers(-4000, 40000), st.integers(0, 500), st.sampled_from(WEIGHTS), st.integers(0, 2**31))
def test_an_entry_gives_back_the_score_it_was_made_from(quarters: int, depth: int, weights: Weights,
                                                        index: int) -> None:
    score = quarters / QUARTERS
    made = entry(score + weights.path * depth, index)
    assert (made >> INDEX_BITS) / QUARTERS - weights.path * depth == score
