"""Solutions written by Freecell Solver replay unchanged as won games.

The files in tests/data were made with `fc-solve -g eight_off -m` (and `fc-solve -m` for
FreeCell) on the output of `python -m eightoff deal N`; when fc-solve is installed the tests
also run it live on other deals.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from eightoff.core.deals import deal
from eightoff.core.notation import format_board, move_lines, parse_move
from eightoff.core.position import Position
from eightoff.core.rules import Rules
from eightoff.core.variants import BAKERS, FREECELL, PRESETS, SEAHAVEN, STANDARD

DATA = Path(__file__).parent.parent / "data"
FC_SOLVE = shutil.which("fc-solve")


def replay(position: Position, rules: Rules, solution: str) -> Position:
    """Every line checked by find_move, as the replay command does."""
    for _, line in move_lines(solution.splitlines()):
        move = parse_move(line, position, rules)
        position = position.apply(position.find_move(rules, move.source, move.destination, move.count))
    return position


class TestStoredSolutions:
    @pytest.mark.parametrize("number", [1, 617, 32000, 123456789])
    def test_eight_off(self, number: int) -> None:
        solution = (DATA / f"eightoff-standard-deal-{number}.solution").read_text()
        assert "cards from" in solution  # the files exercise run moves too
        assert replay(deal(number), STANDARD, solution).is_won

    @pytest.mark.parametrize("number", [1, 617])
    def test_freecell(self, number: int) -> None:
        solution = (DATA / f"freecell-deal-{number}.solution").read_text()
        assert replay(deal(number, FREECELL), FREECELL, solution).is_won

    def test_a_truncated_solution_is_not_won(self) -> None:
        solution = (DATA / "eightoff-standard-deal-1.solution").read_text().splitlines()
        assert not replay(deal(1), STANDARD, "\n".join(solution[:-12])).is_won


@pytest.mark.system
@pytest.mark.skipif(FC_SOLVE is None, reason="fc-solve is not installed (apt install freecell-solver-bin)")
class TestLiveFcSolve:
    @pytest.mark.parametrize(
        "number, rules, game",
        [
            (2, STANDARD, "eight_off"),
            (31999, STANDARD, "eight_off"),
            (987654321, STANDARD, "eight_off"),
            (2, FREECELL, "freecell"),
            (40000, FREECELL, "freecell"),
            (1, BAKERS, "bakers_game"),
            (40000, BAKERS, "bakers_game"),
            (1, SEAHAVEN, "seahaven_towers"),
            (2, SEAHAVEN, "seahaven_towers"),
        ],
    )
    def test_solution_replays_as_won(self, number: int, rules: Rules, game: str) -> None:
        assert FC_SOLVE is not None
        start = deal(number, rules)
        result = subprocess.run(
            [FC_SOLVE, "-g", game, "-m", "-"],
            input=format_board(start),
            capture_output=True,
            text=True,
            timeout=60,
            check=True,
        )
        assert "This game is solveable." in result.stdout
        assert replay(start, rules, result.stdout).is_won


OPEN_GAMES_FC_SOLVE_PLAYS = {"forecell": "forecell", "relaxed-freecell": "relaxed_freecell",
                             "kings-only-bakers": "ko_bakers_game", "relaxed-seahaven": "relaxed_seahaven",
                             "beleaguered-castle": "beleaguered_castle",
                             "streets-and-alleys": "streets_and_alleys", "citadel": "citadel"}
"""The open games fc-solve plays (its build here has too few stacks for Fan's 18 and Baker's
Dozen's 13), by its --game names."""


@pytest.mark.system
@pytest.mark.skipif(FC_SOLVE is None, reason="fc-solve is not installed (apt install freecell-solver-bin)")
@pytest.mark.parametrize(("key", "number"), [
    ("forecell", 2), ("relaxed-freecell", 1), ("kings-only-bakers", 2), ("relaxed-seahaven", 1),
    ("beleaguered-castle", 2), ("streets-and-alleys", 8), ("citadel", 1),
])
def test_fc_solve_reads_an_open_games_deal_and_its_solution_replays_as_won(key: str, number: int) -> None:
    """Our board of the game is fc-solve's, and fc-solve's rules of it are ours: every move of
    its solution is legal here (find_move checks each) and ends the game won."""
    assert FC_SOLVE is not None
    rules = PRESETS[key]
    start = deal(number, rules)
    result = subprocess.run([FC_SOLVE, "-g", OPEN_GAMES_FC_SOLVE_PLAYS[key], "-m", "-"],
                            input=format_board(start), capture_output=True, text=True, timeout=60, check=True)
    assert "This game is solveable." in result.stdout
    assert replay(start, rules, result.stdout).is_won
