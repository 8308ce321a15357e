"""Par and the player's line: the solver's line counted in player's moves (auto-play's cards
belong to the move that sent them), never longer than the line itself, and found within a
board budget, so the same on every machine."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from eightoff.core.deals import deal
from eightoff.core.game import Game
from eightoff.core.variants import PRESETS
from eightoff.solver.limits import SOLVED, UNKNOWN, UNSOLVED, Budget
from eightoff.solver.par import PAR_NODES, decided, line_from, opening_line, par_from
from eightoff.solver.result import SolveResult
from eightoff.solver.solve import solve
from tests.solver.asked import find_par

GAMES = ["standard", "freecell", "bakers", "seahaven", "raglan"]


@pytest.mark.parametrize("rules_name", GAMES)
@given(number=st.integers(1, 400))
@settings(max_examples=6, deadline=None)
def test_the_par_line_wins_in_exactly_par_player_moves(rules_name: str, number: int) -> None:
    rules = PRESETS[rules_name]
    start = deal(number, rules)
    result = solve(start, rules, Budget(nodes=PAR_NODES))
    par = par_from(start, rules, result)
    if result.status != SOLVED:
        assert par is None
        return
    assert par is not None and par <= len(result.moves)
    line = opening_line(start, rules, result.moves)
    assert line is not None
    game = Game(rules, start)  # a player with auto-play on: the deal's own aces go home first
    game.settle()
    for move in line:  # as the window plays them: the move that lets every card go home ends it
        game.play(game.find_move(*move), autoplay=True, finish=True)
    assert game.is_won
    assert game.move_count == par == len(line)


def test_par_is_never_longer_than_the_solve_commands_line() -> None:
    rules = PRESETS["standard"]
    for number in (1, 617, 32000):
        start = deal(number, rules)
        line = solve(start, rules).moves  # `eightoff solve`'s budget
        par = find_par(start, rules)
        assert par is not None and par <= len(line)


def test_a_line_that_does_not_win_has_no_players_line() -> None:
    rules = PRESETS["standard"]
    start = deal(5, rules)
    beginning = solve(start, rules).moves[:5]
    assert opening_line(start, rules, beginning) is None


@pytest.mark.parametrize(("rules_name", "number", "par", "cards"), [("standard", 617, 33, 85)])
def test_the_par_of_a_fixed_deal_and_its_line(rules_name: str, number: int, par: int, cards: int) -> None:
    """What players compare: deal 617's par, 33 moves, for the solver's 85 card moves."""
    rules = PRESETS[rules_name]
    start = deal(number, rules)
    result = solve(start, rules, Budget(nodes=PAR_NODES))
    assert len(result.moves) == cards
    assert find_par(start, rules) == par == len(opening_line(start, rules, result.moves) or ())


def test_the_line_from_a_game_under_way_is_played_on_a_twin() -> None:
    """From the middle of a game, the line starts where the game stands and leaves it as it is."""
    rules = PRESETS["standard"]
    game = Game.new(617, rules)
    game.settle()
    first = opening_line(game.start, rules, solve(game.start, rules, Budget(nodes=PAR_NODES)).moves)
    assert first is not None
    game.play(first[0], autoplay=True, finish=True)
    before = (game.position, game.move_count, len(game.done))
    line = line_from(game, solve(game.position, rules, Budget(nodes=PAR_NODES)).moves)
    assert (game.position, game.move_count, len(game.done)) == before
    assert line is not None
    for move in line:
        game.play(move, autoplay=True, finish=True)
    assert game.is_won and game.move_count == 1 + len(line)


def test_only_a_search_that_won_within_the_budget_gives_a_par() -> None:
    rules = PRESETS["standard"]
    start = deal(1, rules)
    found = solve(start, rules)
    assert par_from(start, rules, found) == len(opening_line(start, rules, found.moves) or ())
    too_long = SolveResult(SOLVED, found.moves, 1.0, PAR_NODES + 1, 1, rules_name="standard")
    derived = SolveResult(SOLVED, found.moves, 0.0, 0, 0)  # the rest of a longer line: no search
    lost = SolveResult(UNSOLVED, (), 1.0, 10, 10, rules_name="standard")
    assert par_from(start, rules, too_long) is None
    assert par_from(start, rules, derived) is None
    assert par_from(start, rules, lost) is None


def test_a_search_cut_short_by_time_does_not_settle_the_par() -> None:
    assert not decided(SolveResult(UNKNOWN, (), 5.0, 1000, 1000, rules_name="standard"))
    assert decided(SolveResult(UNKNOWN, (), 5.0, PAR_NODES, PAR_NODES, rules_name="standard"))
    assert decided(SolveResult(UNSOLVED, (), 5.0, 10, 10, rules_name="standard"))
