"""The solver's move generator against the core's: the rules are written once, in the core.

From random positions of every variant, the boards the engine reaches in one move must be
exactly the boards the core's `legal_moves` reaches, compared by the engine's canonical key,
except for the moves the engine leaves out on purpose (see `Engine.moves`): those that change
nothing (cell to cell, a whole column into an empty column), an Ace taken back, take-backs
where they cannot matter, and a reserve card to a column on its own (it goes there only with
the card put on it next: those pairs of core moves must reach exactly the engine's
`RESERVE_UNDER` boards). Where take-backs matter, a take-back or a reserve card's trip out is
made only as the start of a supply chain (`Engine.supply_chains`): every chain must be core
moves one after the other, and every supply followed by a card put on it from a column or a
cell must be one of them. The proof search's engine makes every core move there instead."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from eightoff.core.move_table import move_table
from eightoff.core.moves import Move
from eightoff.core.piles import PileKind
from eightoff.core.position import Position
from eightoff.core.rules import Rules
from eightoff.core.variants import PRESETS
from eightoff.solver.board import (
    CARD_CODES,
    CHAIN,
    RANK_MASK,
    RESERVE_UNDER,
    code_card,
    engine_for,
    from_position,
    key_of,
    links,
    reverse_of,
)
from eightoff.solver.solve import core_move
from tests.solver.playouts import played_positions


def is_supply(move: Move) -> bool:
    """A take-back, or a reserve card's trip to a column."""
    source, destination = move.source.kind, move.destination.kind
    return source is PileKind.FOUNDATION or (source is PileKind.RESERVE and destination is PileKind.COLUMN)


def searched_moves(position: Position, rules: Rules) -> list[Move]:
    """The core's legal moves but those the engine leaves out, or makes only in chains."""
    engine = engine_for(rules)
    moves = []
    for move in position.legal_moves(rules):
        if move.source.kind is PileKind.FOUNDATION and not engine.takeback_matters:
            continue
        if engine.takeback_matters and is_supply(move):
            continue  # see test_supply_chains_are_core_moves_and_cover_every_supply_used
        moves.append(move)
    return moves


def core_keys(position: Position, rules: Rules) -> set[bytes]:
    """The boards one searched core move away, a reserve card to a column counting only
    together with a searched move that puts a card on it."""
    keys = set()
    for move in searched_moves(position, rules):
        after = position.apply(move)
        if move.source.kind is not PileKind.RESERVE or move.destination.kind is not PileKind.COLUMN:
            keys.add(key_of(from_position(after)))
            continue
        for onto in searched_moves(after, rules):
            if onto.destination == move.destination and onto.source != move.destination:
                keys.add(key_of(from_position(after.apply(onto))))
    return keys


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played_positions())
def test_engine_reaches_what_the_core_reaches(case: tuple[Position, Rules]) -> None:
    position, rules = case
    engine = engine_for(rules)
    board = from_position(position)
    moves = engine.moves(board)
    ours = {key_of(engine.apply(board, move)) for move in moves if move[0] != CHAIN}
    theirs = core_keys(position, rules)
    assert ours <= theirs, "the engine makes a move the core forbids"
    assert theirs - {key_of(board)} <= ours, "the engine misses a move the core allows"
    assert all(engine.is_legal(board, move) for move in moves), "is_legal refuses a generated move"


TAKEBACK_GAMES = [
    rules.with_takeback(True)
    for rules in PRESETS.values()
    if engine_for(rules.with_takeback(True)).takeback_matters
]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played_positions(games=TAKEBACK_GAMES))
def test_supply_chains_are_core_moves_and_cover_every_supply_used(case: tuple[Position, Rules]) -> None:
    """Where take-backs matter: each chain replays move by move through the core's own
    `legal_moves` to the board the engine says; and every supply (a take-back but an Ace's, or
    a reserve card to a column) followed by a card put on it from a column or a cell, as the
    core allows them, is one of the chains."""
    position, rules = case
    engine = engine_for(rules)
    board = from_position(position)
    chains = [move for move in engine.moves(board) if move[0] == CHAIN]
    reached = set()
    table = move_table(len(position.columns), len(position.cells), len(position.reserve))
    for move in chains:
        now = position
        for link in links(move):
            made = core_move(now, link, table)
            now = now.apply(now.find_move(rules, made.source, made.destination, made.count))  # or ValueError
        assert key_of(from_position(now)) == key_of(engine.apply(board, move))
        reached.add(key_of(from_position(now)))
    for supply in position.legal_moves(rules):
        if not is_supply(supply) or (
            supply.source.kind is PileKind.FOUNDATION and position.foundations[supply.source.index] == 1
        ):
            continue
        after = position.apply(supply)
        for onto in after.legal_moves(rules):
            from_place = onto.source.kind in (PileKind.COLUMN, PileKind.CELL)
            if onto.destination == supply.destination and onto.source != supply.destination and from_place:
                assert key_of(from_position(after.apply(onto))) in reached, (
                    f"no chain makes {supply} then {onto}"
                )


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played_positions())
def test_the_move_the_search_skips_only_goes_back(case: tuple[Position, Rules]) -> None:
    """Whenever the engine generates the move `reverse_of` names after a one-move step, that move
    leads straight back to the board before: so the search loses nothing by skipping it."""
    position, rules = case
    engine = engine_for(rules)
    board, _ = engine.autoplay(from_position(position))
    for move in engine.moves(board):
        child, home = engine.step(board, move)
        back = reverse_of(board, child, (move, *home))
        if back is not None and back in engine.moves(child):
            assert key_of(engine.step(child, back)[0]) == key_of(board), f"{back} does not undo {move}"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played_positions(games=TAKEBACK_GAMES))
def test_the_proof_engine_makes_every_move_where_take_backs_matter(case: tuple[Position, Rules]) -> None:
    """The proof search's engine (`proving`) brings cards back by plain moves: it must reach
    exactly the core's one-move boards, an Ace taken back aside (it could hold nothing)."""
    position, rules = case
    engine = engine_for(rules, proving=True)
    board = from_position(position)
    ours = {key_of(engine.step(board, move)[0]) for move in engine.moves(board)}
    theirs = {
        key_of(from_position(position.apply(move)))
        for move in position.legal_moves(rules)
        if move.source.kind is not PileKind.FOUNDATION or position.foundations[move.source.index] > 1
    }
    assert ours <= theirs, "the proof engine makes a move the core forbids"
    assert theirs - {key_of(board)} <= ours, "the proof engine misses a move the core allows"


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played_positions())
def test_a_step_is_the_move_then_auto_play(case: tuple[Position, Rules]) -> None:
    """`step` makes the common moves and their auto-play itself (the card a move uncovers goes
    home in the board it makes): it must give the board and home moves that `apply` then
    `autoplay` give. (A chain or a reserve card put under another records its later moves
    with the home ones: `test_supply_chains_are_core_moves_and_cover_every_supply_used` and
    `test_engine_reaches_what_the_core_reaches` check those.)"""
    position, rules = case
    engine = engine_for(rules)
    board, _ = engine.autoplay(from_position(position))
    for move in engine.moves(board):
        if move[0] in (CHAIN, RESERVE_UNDER):
            continue
        assert engine.step(board, move) == engine.autoplay(engine.apply(board, move)), move


CODES = [code for code in range(CARD_CODES) if 1 <= code & RANK_MASK <= 13]


@settings(max_examples=600, deadline=None)
@given(
    st.sampled_from(list(PRESETS.values())),
    st.sampled_from(CODES),
    st.tuples(*[st.integers(0, 13)] * 4),
)
def test_safe_home_is_the_cores_auto_play_rule(rules: Rules, card: int, homes: tuple[int, ...]) -> None:
    """`safe_home` works the rule out itself where it reads only ranks: the answer must be the
    one the engine's `is_safe` (the core's `safe_to_autoplay`, or the wider rule for
    alternate colours without cells) gives, for the card next on its foundation."""
    engine = engine_for(rules)
    suit, rank = card >> 4, card & RANK_MASK
    foundations = (*homes[:suit], rank - 1, *homes[suit + 1:])
    assert engine.safe_home(card, foundations) == engine.is_safe(code_card(card), foundations)
