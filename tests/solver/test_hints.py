"""Hints and the way back to a winnable position, as the window uses them."""

from __future__ import annotations

import random

from eightoff.core.deals import deal
from eightoff.core.game import Game
from eightoff.core.piles import PileKind
from eightoff.core.variants import STANDARD
from eightoff.solver.hints import Hint, hint_from, position_before
from eightoff.solver.limits import SOLVED, UNSOLVED, Budget
from eightoff.solver.par import line_from
from eightoff.solver.solve import solve
from tests.solver.asked import hint, last_winnable
from tests.solver.test_solve import replays_to_win

BUDGET = Budget(nodes=60_000)
FOUNDATION = PileKind.FOUNDATION


def test_following_hints_wins_and_each_stays_winnable() -> None:
    """Hints played as a player with auto-play on plays them (the deal's own aces home first)."""
    game = Game.new(7, STANDARD)
    game.settle()
    for _ in range(200):
        if game.is_won:
            break
        advice = hint(game.position, STANDARD, BUDGET)
        assert advice.status == SOLVED and advice.move is not None
        move = game.find_move(advice.move.source, advice.move.destination, advice.move.count)
        game.play(move, autoplay=True, finish=True)
        assert solve(game.position, STANDARD, BUDGET).status == SOLVED
    assert game.is_won


def test_no_hint_on_an_unwinnable_deal() -> None:
    advice = hint(deal(644), STANDARD, BUDGET)
    assert advice.status == UNSOLVED and advice.move is None


def test_last_winnable_undoes_the_losing_moves() -> None:
    """Random moves (never home) lose Eight Off quickly; then the way back must be found."""
    rng = random.Random(2)
    game = Game.new(1, STANDARD)
    while solve(game.position, STANDARD, BUDGET).status == SOLVED:
        away = [move for move in game.legal_moves() if move.destination.kind is not FOUNDATION]
        game.play(rng.choice(away))
    assert solve(game.position, STANDARD, BUDGET).status == UNSOLVED
    rewind = last_winnable(game, BUDGET)
    assert rewind is not None and rewind.undos == 1
    game.undo()
    assert game.position == rewind.position
    assert solve(game.position, STANDARD, BUDGET).status == SOLVED
    assert replays_to_win(game.position, STANDARD, rewind.result.moves)


def test_last_winnable_of_a_winnable_game_is_where_it_stands() -> None:
    game = Game.new(2, STANDARD)
    rewind = last_winnable(game, BUDGET)
    assert rewind is not None and rewind.undos == 0 and rewind.position == game.position


def test_last_winnable_of_an_unwinnable_deal_is_none() -> None:
    assert last_winnable(Game.new(644, STANDARD), BUDGET) is None


def test_hint_from_a_verdict_is_the_first_move_of_the_players_line() -> None:
    """The move Solve would make first: the solver's first card move may be one auto-play
    makes by itself, which is no move of the player's."""
    game = Game.new(3, STANDARD)
    result = solve(game.start, STANDARD, BUDGET)
    unsettled = hint_from(result, game).move  # auto-play off: the deal's aces still lie out
    assert unsettled is not None and unsettled in game.legal_moves()
    game.settle()  # as auto-play deals it, and as Solve plays
    settled = solve(game.position, STANDARD, BUDGET)
    line = line_from(game, settled.moves)  # what Solve plays
    assert line is not None and len(line) < len(settled.moves)  # auto-play's cards count none
    assert hint_from(settled, game) == Hint(SOLVED, line[0], settled)
    lost = solve(deal(644), STANDARD, BUDGET)
    assert hint_from(lost, Game.new(644, STANDARD)).move is None
    assert hint_from(lost, Game.new(644, STANDARD)).status == UNSOLVED


def test_position_before_walks_the_history_back() -> None:
    game = Game.new(2, STANDARD)
    game.play(game.legal_moves()[0])
    assert position_before(game, 0) == game.position
    assert position_before(game, 1) == deal(2) and position_before(game, 2) is None
