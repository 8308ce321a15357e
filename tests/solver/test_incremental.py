"""What the search makes of a child from its parent's parts must be what it would make from the
child alone: the key's column order, the score, and the parent's score as its open-list entry
keeps it. A slip in any of them reorders or merges boards, which changes lines, pars and grades
(`scripts/solver_lines.py` checks whole searches; these check every move of random boards)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from eightoff.core.position import Position
from eightoff.core.rules import Rules
from eightoff.solver.board import SEPARATOR, Board, Engine, engine_for, from_position
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
    reranked,
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
        changed = [place for place, bottom in enumerate(bottoms) if bottom != board[0][place][:1]]
        if not changed:
            assert key_parts(child, ranked)[:-2] == sorted(child[0])
        for place in changed[:1] if len(changed) == 1 else ():
            assert reranked(child[0], ranked, place) == ranks(child[0])
        assert key_parts(child, ranks(child[0])) == [*sorted(child[0]), child[1], child[3]]


def plain_score(engine: Engine, weights: Weights, board: Board) -> float:
    """`Heuristic.score` as its features are defined, card by card, in the weights' own units."""
    columns, cells, foundations, _ = board
    needed = [suit * 16 + rank + 1 for suit, rank in enumerate(foundations)]
    score = weights.cell * len(cells) + weights.not_home * (52 - sum(foundations))
    for column in columns:
        settled = 0
        if column and column[0] in engine.fills:
            settled = 1
            while settled < len(column) and (column[settled], column[settled - 1]) in engine.builds:
                settled += 1
        buried = sum(1 for low in range(len(column)) for high in range(low + 1, len(column))
                     if column[low] >> 4 == column[high] >> 4 and column[low] < column[high])
        covered = sum(len(column) - 1 - depth for depth, card in enumerate(column) if card in needed)
        score += (weights.misplaced * (len(column) - settled) + weights.buried * buried
                  + weights.next_card * covered - weights.empty * (not column))
    return score


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played_positions(), st.sampled_from(WEIGHTS))
def test_a_score_is_its_weighed_features(played: tuple[Position, Rules], weights: Weights) -> None:
    position, rules = played
    engine = engine_for(rules)
    board = from_position(position)
    assert Heuristic(engine, weights).score(board) == plain_score(engine, weights, board) * QUARTERS


@given(st.integers(-4000, 40000), st.integers(0, 500), st.sampled_from(WEIGHTS), st.integers(0, 2**31))
def test_an_entry_gives_back_the_score_it_was_made_from(quarters: int, depth: int, weights: Weights,
                                                        index: int) -> None:
    path = int(weights.path * QUARTERS)
    made = entry(quarters + path * depth, index)
    assert (made >> INDEX_BITS) - path * depth == quarters


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
    assert len(shared.expanded) >= len(shared.records)
    assert all(ranked == ranks(board[0]) for board, *_, ranked in shared.records)
    keys = {SEPARATOR.join(key_parts(board, ranks(board[0]))) for board, *_ in shared.records}
    assert keys == shared.seen
    assert len(keys) == len(shared.records)
