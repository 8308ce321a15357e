"""The merged game's proof (`eightoff/solver/merged.py`) against brute force.

Two claims make its "lost" a proof, and each is checked on its own:
- the merged game has a win wherever the real game has one: its "lost" never meets a win that
  a brute-force search of the real game finds (bounded in take-backs, as in `test_takeback`);
- its search, with folding and blocks, is complete for the merged game: its verdict is the
  verdict of a brute-force search of the merged game's plain moves, made one at a time.
Both are checked with every rank merged, with none (the real game: there the blocks must be
complete too) and with the ranks the solver keeps apart, since the merged tokens are where the
argument has its swaps."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from eightoff.core.cards import Card
from eightoff.core.deals import deal
from eightoff.core.position import Position
from eightoff.core.rules import Rules
from eightoff.core.variants import preset
from eightoff.solver.board import RANK_MASK, WON, from_position
from eightoff.solver.limits import UNSOLVED, Budget, Limits
from eightoff.solver.merged import MERGE_ABOVE, MergedBoard, MergedGame, applies_to, prove_lost
from eightoff.solver.solve import solve
from tests.solver.test_solve import NO_CELLS, small_positions
from tests.solver.test_takeback import proof_search_verdict, winnable_within

RAGLAN_SHAPES = [rules.with_takeback(True) for rules in NO_CELLS]
MERGED_BRUTE_FORCE = 20_000
"""Merged boards past which brute force gives no verdict."""
EVERY_MOVE = Budget(nodes=10**9)
"""A board limit the small positions never reach."""


def merged_board(game: MergedGame, position: Position) -> MergedBoard:
    """The merged game's board for `position`, not folded."""
    board_columns, _, foundations, board_reserve = from_position(position)
    token = game.token_of
    columns = tuple(bytes(token[card >> 4][card & RANK_MASK] for card in column) for column in board_columns)
    reserve = bytes(sorted(token[card >> 4][card & RANK_MASK] for card in board_reserve))
    return columns, reserve, foundations


def plain_moves(game: MergedGame, board: MergedBoard) -> list[MergedBoard]:
    """Every board one move of the merged game away: a token from a column top, the reserve or
    a foundation (any rank) to a column that takes it, or home to any foundation that takes it."""
    columns, reserve, foundations = board
    sources: list[tuple[int, tuple[bytes, ...], bytes, tuple[int, ...]]] = []
    for index, column in enumerate(columns):
        if column:
            rest = list(columns)
            rest[index] = column[:-1]
            sources.append((column[-1], tuple(rest), reserve, foundations))
    for token in set(reserve):
        sources.append((token, columns, reserve.replace(bytes((token,)), b"", 1), foundations))
    for suit, rank in enumerate(foundations):
        if rank:
            lowered = list(foundations)
            lowered[suit] -= 1
            sources.append((game.token_of[suit][rank], columns, reserve, tuple(lowered)))
    found: list[MergedBoard] = []
    for token, rest_columns, rest_reserve, rest_foundations in sources:
        for target, column in enumerate(rest_columns):
            if (column and column[-1] in game.parents[token]) or (not column and token in game.fills):
                new = list(rest_columns)
                new[target] = column + bytes((token,))
                found.append((tuple(new), rest_reserve, rest_foundations))
        for suit in game.home_suits[token]:
            if rest_foundations[suit] == (token & RANK_MASK) - 1:
                raised = list(rest_foundations)
                raised[suit] += 1
                found.append((rest_columns, rest_reserve, tuple(raised)))
    return found


def merged_win_by_brute_force(game: MergedGame, start: MergedBoard) -> bool | None:
    """Whether the merged game's plain moves reach a win: None past `MERGED_BRUTE_FORCE` boards."""
    seen = {game.key(start)}
    stack = [start]
    while stack:
        board = stack.pop()
        if board[2] == WON:
            return True
        for child in plain_moves(game, board):
            key = game.key(child)
            if key not in seen:
                seen.add(key)
                stack.append(child)
        if len(seen) > MERGED_BRUTE_FORCE:
            return None
    return False


merged_above = st.sampled_from([0, 9, 11, MERGE_ABOVE, None])
"""All merged, some low ranks kept apart (the small positions hold ranks 8 and up), the
solver's, and none merged."""


@pytest.mark.slow  # 100 cases: a merged game that misses a move fails 10-20 % of them (docs/notes.md)
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_positions(RAGLAN_SHAPES, most_left=5), merged_above)
def test_its_search_is_complete_for_the_merged_game(
    case: tuple[Position, Rules], merge_above: int | None
) -> None:
    position, rules = case
    game = MergedGame(rules, merge_above)
    brute = merged_win_by_brute_force(game, merged_board(game, position))
    lost, _ = prove_lost(rules, from_position(position), Limits(EVERY_MOVE), merge_above)
    if brute is not None:
        assert lost == (not brute), "folding and blocks changed the merged game's verdict"


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_positions(RAGLAN_SHAPES, most_left=4), merged_above, st.integers(1, 2))
def test_it_never_proves_lost_what_the_real_game_wins(
    case: tuple[Position, Rules], merge_above: int | None, depth: int
) -> None:
    position, rules = case
    lost, _ = prove_lost(rules, from_position(position), Limits(EVERY_MOVE), merge_above)
    if lost:  # (a merged win says nothing of the real game)
        assert not winnable_within(position, rules, depth)
        assert proof_search_verdict(position, rules) is not True, "the real game's proof search found a win"


@pytest.mark.parametrize("merge_above", [MERGE_ABOVE, None])
def test_a_block_brings_two_supplies_waiting_at_once(merge_above: int | None) -> None:
    """The board `Engine.supply_chains` names, where no chain wins: its only wins take back QC
    onto KH and QD onto KC, then JC, which needs QC gone, onto QD, and put TH on JC. One block
    makes all of that, so the search finds the win and does not call the board lost."""
    rules = RAGLAN_SHAPES[0]
    column = tuple(Card.parse(name) for name in ("KD", "QH", "9H", "JH", "TH", "KC", "KH"))
    position = Position((column, (), ()), (), (12, 12, 8, 13), (None, None))
    game = MergedGame(rules, merge_above)
    assert merged_win_by_brute_force(game, merged_board(game, position))
    lost, _ = prove_lost(rules, from_position(position), Limits(EVERY_MOVE), merge_above)
    assert not lost


def test_a_swap_moves_a_merged_token_from_one_foundation_of_its_colour_to_the_other() -> None:
    """Hearts' red queen taken back into the empty column and sent home on diamonds: no other
    step of the search makes that board, and the argument needs it (a swap)."""
    game = MergedGame(RAGLAN_SHAPES[0], 0)
    red_king, red_queen = game.token_of[1][13], game.token_of[1][12]
    columns = (bytes((red_king, red_king, red_queen)), b"", b"")
    swapped = (columns, b"", (13, 12, 11, 13))
    assert game.key(swapped) in game.children_of((columns, b"", (13, 11, 12, 13)))


@pytest.mark.slow
def test_it_proves_raglan_382_lost() -> None:
    """The deal no search of ours had decided: its merged game is exhausted in 671,643 boards
    (its time, measured by scripts/bench_solver.py, is in docs/solver.md)."""
    rules = preset("raglan")
    lost, boards = prove_lost(rules, from_position(deal(382, rules)), Limits(Budget(nodes=700_000)))
    assert lost and boards < 700_000


@pytest.mark.slow
def test_it_proves_raglan_99_lost_and_not_433() -> None:
    """99 is lost (the take-back search alone needs 126,000 boards to prove it), 433 is won."""
    rules = preset("raglan")
    lost, boards = prove_lost(rules, from_position(deal(99, rules)), Limits(Budget(nodes=40_000)))
    assert lost and boards < 40_000
    lost, boards = prove_lost(rules, from_position(deal(433, rules)), Limits(Budget(nodes=400_000)))
    assert not lost and boards < 400_000, "the merged game's win ends the search"


def test_solve_proves_raglan_99_lost_with_it() -> None:
    rules = preset("raglan")
    assert solve(deal(99, rules), rules, Budget(nodes=120_000)).status == UNSOLVED


def test_it_applies_only_to_single_card_games_without_cells_where_cards_come_back() -> None:
    raglan = preset("raglan")
    assert applies_to(raglan)
    assert not applies_to(raglan.with_takeback(False))
    assert not applies_to(preset("freecell").with_takeback(True))


def test_a_stop_or_a_deadline_ends_it_without_a_verdict() -> None:
    rules = preset("raglan")
    board = from_position(deal(382, rules))
    stopped = prove_lost(rules, board, Limits(Budget(nodes=10**7, stop=lambda: True)))
    for ended in (stopped, prove_lost(rules, board, Limits(Budget(nodes=10**7, seconds=0.0)))):
        assert ended[0] is False and ended[1] < 100_000
