"""The solver reads each game's tuning and grade table from the registry, and on every game
added after FreeCell that Freecell Solver plays it agrees with it (`-g bakers_game`, ...)."""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import replace
from importlib import resources

import pytest

from eightoff.core.deals import deal
from eightoff.core.notation import format_board
from eightoff.core.replay import replay
from eightoff.core.variants import PRESETS, VARIANTS
from eightoff.solver.grade import deals_of_grade, parse_table, table_budget
from eightoff.solver.limits import SOLVED, UNSOLVED, Budget
from eightoff.solver.search import PORTFOLIOS, portfolio_for
from eightoff.solver.solve import solve
from tests.core.test_registry import PYSOL_NAMES

FC_SOLVE = shutil.which("fc-solve")
FC_SOLVE_GAMES = {key: name for key, name in PYSOL_NAMES.items() if key not in ("fan", "bakers-dozen")}
"""fc-solve's names of the games are pysol-cards' (one author); its default build has no room
for Fan's 18 columns or Baker's Dozen's 13."""


@pytest.mark.parametrize("key", list(VARIANTS))
def test_each_game_names_a_portfolio_and_gets_it(key: str) -> None:
    """With its table's budget, past which the search may change course."""
    named = PORTFOLIOS[VARIANTS[key].solver_tuning]
    assert portfolio_for(PRESETS[key]) == replace(named, beyond=table_budget(key))


@pytest.mark.parametrize("key", [key for key, game in VARIANTS.items() if game.grade_table])
def test_each_named_grade_table_is_shipped_and_lists_deals(key: str) -> None:
    name = VARIANTS[key].grade_table
    assert name is not None
    thresholds, deals = parse_table(resources.files("eightoff.solver").joinpath(f"data/{name}").read_text())
    assert thresholds is not None and len(thresholds) == 3
    assert all(deals_of_grade(key, grade) == listed for grade, listed in deals.items())
    assert sum(map(len, deals.values())) > 100


def fc_solve_verdict(key: str, number: int, *preset: str) -> str:
    assert FC_SOLVE is not None
    result = subprocess.run(
        [FC_SOLVE, "-g", FC_SOLVE_GAMES[key], *preset, "-"],
        input=format_board(deal(number, PRESETS[key])), capture_output=True, text=True, timeout=120,
    )
    if "This game is solveable." in result.stdout:
        return SOLVED
    assert "I could not solve this game." in result.stdout
    return UNSOLVED


@pytest.mark.system
@pytest.mark.skipif(FC_SOLVE is None, reason="fc-solve is not installed (apt install freecell-solver-bin)")
@pytest.mark.parametrize(
    "key, number",
    [("bakers", 1), ("bakers", 3), ("bakers", 22), ("bakers", 422),
     ("seahaven", 1), ("seahaven", 2), ("seahaven", 107), ("seahaven", 770),
     ("forecell", 1), ("forecell", 2), ("relaxed-freecell", 3), ("kings-only-bakers", 1),
     ("kings-only-bakers", 3), ("relaxed-seahaven", 4), ("beleaguered-castle", 2),
     ("beleaguered-castle", 3), ("streets-and-alleys", 1), ("streets-and-alleys", 2), ("citadel", 3)],
)
def test_verdicts_agree_with_fc_solve_and_solutions_replay(key: str, number: int) -> None:
    rules = PRESETS[key]
    result = solve(deal(number, rules), rules, Budget(nodes=200_000))
    assert result.status == fc_solve_verdict(key, number)
    if result.status == SOLVED:
        *_, (_move, end) = replay(deal(number, rules), rules, result.moves)
        assert end.is_won


@pytest.mark.system
@pytest.mark.skipif(FC_SOLVE is None, reason="fc-solve is not installed (apt install freecell-solver-bin)")
def test_a_bakers_deal_fc_solves_default_misses_is_won_and_its_wider_preset_agrees() -> None:
    """fc-solve's default search answers "could not solve" on Baker's deal 276 (and 278, 761,
    860, 915, 937 of 1-1000); its "good intentions" preset solves it, as we do."""
    rules = PRESETS["bakers"]
    result = solve(deal(276, rules), rules, Budget(nodes=200_000))
    assert result.status == SOLVED
    assert fc_solve_verdict("bakers", 276) == UNSOLVED
    assert fc_solve_verdict("bakers", 276, "-l", "gi") == SOLVED
