"""Games where foundation cards may come back and matter (alternate colours): the solver (its
best-first search on supply chains and `sent_back` auto-play, its proof search on plain moves)
against brute force.

Brute force over every take-back explodes even on small positions (each foundation can come
back down to its Ace, and every arrangement of those cards is a new position), so it is bounded
here: a foundation may not go more than `depth` cards below where it started. A win found that
way is a win under the full rules, so "unsolved" from the solver there would be a wrong proof;
and a win the solver finds is checked move by move by the core either way."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from eightoff.core.cards import Card
from eightoff.core.deals import deal
from eightoff.core.moves import Move
from eightoff.core.piles import PileKind
from eightoff.core.position import Position
from eightoff.core.rules import Rules
from eightoff.core.variants import preset
from eightoff.solver.board import engine_for, from_position
from eightoff.solver.limits import SOLVED, UNSOLVED, Budget
from eightoff.solver.prove import Prover
from eightoff.solver.solve import solve, to_core
from tests.solver.test_solve import ALTERNATE, reachable_win, replays_to_win, small_positions

TAKING_BACK = [rules.with_takeback(True) for rules in ALTERNATE]
BRUTE_FORCE_POSITIONS = 20_000
"""Past this many positions brute force gives no verdict (a handful of cases in a run)."""


def winnable_within(position: Position, rules: Rules, depth: int) -> bool | None:
    """Brute force, no foundation ever more than `depth` cards below its start: None past
    `BRUTE_FORCE_POSITIONS`."""
    floors = [max(1, home - depth) for home in position.foundations]

    def allowed(current: Position, move: Move) -> bool:
        source = move.source
        return (
            source.kind is not PileKind.FOUNDATION or current.foundations[source.index] > floors[source.index]
        )

    return reachable_win(position, rules, allowed, BRUTE_FORCE_POSITIONS)


PROOF_BOARDS = 300_000
"""Boards past which the plain proof search gives no verdict: where dozens of foundation cards
may come back, its plain take-backs reach millions of boards (see the last test here)."""


def proof_search_verdict(position: Position, rules: Rules) -> bool | None:
    """The exhaustive search alone on the take-back engine, as the proof pass runs it, a few
    boards at a time: whether it finds a win (which must replay through the core), or None past
    `PROOF_BOARDS`."""
    prover = Prover(engine_for(rules, proving=True), from_position(position))
    verdict = None
    while verdict is None and len(prover.seen) <= PROOF_BOARDS:
        verdict = prover.advance(100)
    if verdict:
        assert prover.won is not None
        to_core(position, rules, prover.won)
    return verdict


@pytest.mark.slow
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_positions(TAKING_BACK, most_left=4), st.integers(1, 2))
def test_no_search_proves_lost_what_shallow_take_backs_win(case: tuple[Position, Rules], depth: int) -> None:
    position, rules = case
    status = solve(position, rules).status
    assert status in (SOLVED, UNSOLVED)
    proved = proof_search_verdict(position, rules)
    if proved is not None:
        assert proved == (status == SOLVED), "the proof search and the solver disagree"
    if winnable_within(position, rules, depth):
        assert status == SOLVED


@pytest.mark.slow
def test_raglan_deal_939_is_won_only_with_take_backs() -> None:
    """Lost without take-backs (the first search runs dry), won with them: the take-back search
    finds it within its node budget, and the line replays through the core."""
    rules = preset("raglan")
    position = deal(939, rules)
    assert solve(position, rules.with_takeback(False), Budget(nodes=100_000)).status == UNSOLVED
    result = solve(position, rules, Budget(nodes=100_000))
    assert result.status == SOLVED
    assert replays_to_win(position, rules, result.moves)


def test_a_win_that_needs_two_supplies_waiting_at_once_is_found() -> None:
    """The board `Engine.supply_chains` names: its only wins take back QC and QD, each waiting
    for JC, which comes back only after QC. No chain makes that, and the solver once called
    this board lost; the proof search's plain take-backs find the win."""
    rules = next(rules for rules in TAKING_BACK if rules.name == "raglan")
    column = tuple(Card.parse(name) for name in ("KD", "QH", "9H", "JH", "TH", "KC", "KH"))
    position = Position(
        (column, (), ()),
        (),
        (12, 12, 8, 13),
        (None, None),
    )
    assert winnable_within(position, rules, 2)
    result = solve(position, rules)
    assert result.status == SOLVED
    assert replays_to_win(position, rules, result.moves)


def test_a_lost_board_whose_plain_take_backs_are_countless_is_proved_lost_by_blocks() -> None:
    """Hypothesis drew this board: 36 cards could come back off the foundations, and the take-back
    search's plain moves passed its 1.5 million-board cap without a verdict ("unknown"). The
    real game's block search (`merged`, every rank kept) proves it lost in about a hundred."""
    rules = next(rules for rules in TAKING_BACK if rules.name == "raglan, deep")
    names = ("JS TH QD KS KD KH QC QS KC", "TS QH JC JH", "", "")
    columns = tuple(tuple(Card.parse(name) for name in column.split()) for column in names)
    position = Position(columns, (), (9, 11, 9, 9), (Card.parse("TC"), None, None, None))
    result = solve(position, rules, Budget(states=5_000))
    assert result.status == UNSOLVED
