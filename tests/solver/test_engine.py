"""The solver's move generator against the core's: the rules are written once, in the core.

From random positions of every variant, the boards the engine reaches in one move must be
exactly the boards the core's `legal_moves` reaches, compared by the engine's canonical key,
except for the moves the engine leaves out on purpose (see `Engine.moves`): those that change
nothing (cell to cell, a whole column into an empty column), an Ace taken back, take-backs
where they cannot matter, and a reserve card to a column on its own (it goes there only with
the card put on it next: those pairs of core moves must reach exactly the engine's
`RESERVE_UNDER` boards)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from eightoff.core.moves import Move
from eightoff.core.piles import PileKind
from eightoff.core.position import Position
from eightoff.core.rules import Rules
from eightoff.solver.board import engine_for, from_position, undo
from tests.solver.playouts import played_positions


def searched_moves(position: Position, rules: Rules) -> list[Move]:
    """The core's legal moves but those the engine leaves out."""
    engine = engine_for(rules)
    moves = []
    for move in position.legal_moves(rules):
        taken_back = move.source.kind is PileKind.FOUNDATION
        if taken_back and (not engine.takeback_matters or position.foundations[move.source.index] == 1):
            continue
        moves.append(move)
    return moves


def core_keys(position: Position, rules: Rules) -> set[bytes]:
    """The boards one searched core move away, a reserve card to a column counting only
    together with a searched move that puts a card on it."""
    keys = set()
    for move in searched_moves(position, rules):
        after = position.apply(move)
        if move.source.kind is not PileKind.RESERVE or move.destination.kind is not PileKind.COLUMN:
            keys.add(from_position(after).key())
            continue
        for onto in searched_moves(after, rules):
            if onto.destination == move.destination and onto.source != move.destination:
                keys.add(from_position(after.apply(onto)).key())
    return keys


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played_positions())
def test_engine_reaches_what_the_core_reaches(case: tuple[Position, Rules]) -> None:
    position, rules = case
    engine = engine_for(rules)
    board = from_position(position)
    moves = engine.moves(board)
    ours = {engine.apply(board, move).key() for move in moves}
    theirs = core_keys(position, rules)
    assert ours <= theirs, "the engine makes a move the core forbids"
    assert theirs - {board.key()} <= ours, "the engine misses a move the core allows"
    assert all(engine.is_legal(board, move) for move in moves), "is_legal refuses a generated move"


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played_positions())
def test_the_move_the_search_skips_only_goes_back(case: tuple[Position, Rules]) -> None:
    """Whenever the engine generates the move `undo` names after a one-move step, that move
    leads straight back to the board before: so the search loses nothing by skipping it."""
    position, rules = case
    engine = engine_for(rules)
    board, _ = engine.autoplay(from_position(position))
    for move in engine.moves(board):
        child, home = engine.step(board, move)
        back = undo(board, child, (move, *home))
        if back is not None and back in engine.moves(child):
            assert engine.step(child, back)[0].key() == board.key(), f"{back} does not undo {move}"
