"""The exhaustive proof search (`prove`) against brute force, alone and beside the runners."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from eightoff.core.deals import deal
from eightoff.core.position import Position
from eightoff.core.rules import Rules
from eightoff.core.variants import FREECELL, preset
from eightoff.solver.board import engine_for, from_position
from eightoff.solver.limits import UNSOLVED, Budget, Limits
from eightoff.solver.prove import ProofSchedule, Prover
from eightoff.solver.search import Portfolio, Runner, Weights, search
from eightoff.solver.solve import solve, to_core
from tests.solver.test_solve import small_positions, winnable_by_brute_force


@settings(max_examples=300, deadline=None)
@given(small_positions(), st.integers(1, 5))
def test_the_prover_agrees_with_brute_force(case: tuple[Position, Rules], boards: int) -> None:
    """Advanced a few boards at a time (as it takes turns), with the wider auto-play of a proof
    in every alternate-colour shape, cells included: a win it finds replays through the core, and
    when it runs dry the position is lost."""
    position, rules = case
    prover = Prover(engine_for(rules, proving=True), from_position(position))
    verdict = None
    while verdict is None:
        verdict = prover.advance(boards)
    assert verdict == winnable_by_brute_force(position, rules)
    if verdict:
        assert prover.won is not None
        to_core(position, rules, prover.won)


@settings(max_examples=200, deadline=None)
@given(small_positions(), st.integers(0, 6), st.integers(1, 4), st.integers(1, 40), st.booleans())
def test_a_proof_beside_the_runners_keeps_the_verdict(
    case: tuple[Position, Rules], joins: int, share: int, boards: int, shares: bool
) -> None:
    """The proof search joining early, with a small share and cap (so that it sometimes gives up
    and sometimes wins first): the verdict still agrees with brute force."""
    position, rules = case
    runners = (
        Runner(Weights(misplaced=1, buried=0, next_card=0.5, cell=0, not_home=1, path=0.5), 0),
        Runner(Weights(misplaced=3, buried=1, next_card=1, cell=1, not_home=1.5, path=0, empty=3), 2),
    )
    portfolio = Portfolio(runners, 1_000, shares, ProofSchedule(joins, share, boards))
    outcome = search(engine_for(rules), from_position(position), Limits(Budget()), portfolio)
    assert outcome.status == ("solved" if winnable_by_brute_force(position, rules) else UNSOLVED)
    if outcome.status == "solved":
        to_core(position, rules, outcome.line)


def test_a_win_the_prover_found_is_kept_when_the_runners_run_out() -> None:
    """FreeCell deal 8 in a budget too small for the runners, the proof search given a large
    share: its line is the answer, and it wins through the core."""
    position = deal(8, FREECELL)
    weights = Weights(misplaced=1, buried=0, next_card=0, cell=0, not_home=1, path=0)
    portfolio = Portfolio((Runner(weights, 0),), proof=ProofSchedule(0, 200, 100_000))
    outcome = search(engine_for(FREECELL), from_position(position), Limits(Budget(nodes=40)), portfolio)
    assert outcome.status == "solved"
    to_core(position, FREECELL, outcome.line)


@pytest.mark.slow
def test_freecell_deal_11982_is_proved_lost_within_twelve_thousand_runner_boards() -> None:
    """The one lost deal of 1..32000: its runners alone need 180,927 boards to prove it; with
    the proof search beside them the verdict comes before they have expanded 12,000."""
    result = solve(deal(11982, FREECELL), FREECELL, Budget(nodes=12_000))
    assert result.status == UNSOLVED


def test_raglan_with_take_backs_is_proved_lost_by_the_proof_search() -> None:
    """Raglan as the game deals it (take-back on): deal 591 has no win without take-backs (521
    boards), and the runners alone need some 42,000 boards more to show it has none with them;
    with the proof search beside them, under 5,000 of theirs."""
    rules = preset("raglan")
    assert rules.foundation_takeback
    result = solve(deal(591, rules), rules, Budget(nodes=5_000))
    assert result.status == UNSOLVED
