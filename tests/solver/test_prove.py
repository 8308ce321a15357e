"""The exhaustive proof search (`prove`) against brute force, alone and beside the runners."""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from eightoff.core.deals import deal
from eightoff.core.position import Position
from eightoff.core.rules import Build, Rules
from eightoff.core.variants import FREECELL, VARIANTS, preset
from eightoff.solver.board import Board, Engine, engine_for, from_position, is_won, key_of
from eightoff.solver.grade import table_budget
from eightoff.solver.limits import UNSOLVED, Budget, Limits
from eightoff.solver.prove import SEEING, ProofSchedule, ProofTurns, Prover, blind_table
from eightoff.solver.search import Heuristic, Portfolio, Runner, Weights, portfolio_for, search
from eightoff.solver.solve import solve, to_core
from tests.solver.asked import find_par
from tests.solver.test_open_games import TINY_OPEN, late_positions
from tests.solver.test_solve import replays_to_win, small_positions, winnable_by_brute_force

ANY_SUIT = [rules for rules in TINY_OPEN if rules.build is Build.ANY_SUIT]
"""The small shapes a blind proof holds for: building reads ranks alone."""


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
        direct = prover.direct()
        assert len(direct) <= len(prover.won)
        to_core(position, rules, direct)


@settings(max_examples=200, deadline=None)
@given(
    small_positions(), st.integers(0, 6), st.integers(1, 4), st.integers(1, 40), st.booleans(),
    st.none() | st.integers(0, 30),
)
def test_a_proof_beside_the_runners_keeps_the_verdict(
    case: tuple[Position, Rules], joins: int, share: int, boards: int, shares: bool, beyond: int | None
) -> None:
    """The proof search joining early, with a small share and cap (so that it sometimes gives up,
    or waits for the runners to pass `beyond`, and sometimes wins first): the verdict still
    agrees with brute force."""
    position, rules = case
    runners = (
        Runner(Weights(misplaced=1, buried=0, next_card=0.5, cell=0, not_home=1, path=0.5), 0),
        Runner(Weights(misplaced=3, buried=1, next_card=1, cell=1, not_home=1.5, path=0, empty=3), 2),
    )
    portfolio = Portfolio(runners, 1_000, shares, ProofSchedule(joins, share, boards), beyond)
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


def test_a_prover_at_its_cap_waits_for_the_runners_to_pass_the_tables_budget() -> None:
    """FreeCell deal 71 with one slow runner (4,689 boards to win) and a prover capped at 30
    boards (it wins at 266): without `beyond` it gives up and the runner alone wins, late; with
    it, the prover waits at its cap (its boards not counted) and, once the runner passes 200
    boards, goes on and wins, which ends the search there. Before 200 boards both searches are
    the same, board for board."""
    start = from_position(deal(71, FREECELL))
    runner = Runner(Weights(misplaced=1, buried=0, next_card=0, cell=0, not_home=1, path=0), 0)
    capped = Portfolio((runner,), proof=ProofSchedule(0, 4, 30))
    engine = engine_for(FREECELL)
    alone = search(engine, start, Limits(Budget()), capped)
    waiting = search(engine, start, Limits(Budget()), replace(capped, beyond=200))
    assert alone.status == waiting.status == "solved"
    assert alone.nodes > 4_000 and 200 < waiting.nodes < 1_000
    to_core(deal(71, FREECELL), FREECELL, waiting.line)
    for budget in (100, 200):
        limits = Limits(Budget(nodes=budget))
        before = search(engine, start, limits, capped)
        assert before == search(engine, start, Limits(Budget(nodes=budget)), replace(capped, beyond=200))
        assert before.status == "unknown"


def test_only_the_games_with_a_budgeted_table_change_course_past_it() -> None:
    """The budget is read from the table's first line; a table made within a time has none."""
    assert table_budget("forecell") == 100_000
    assert table_budget("beleaguered-castle") == 100_000
    assert table_budget("freecell") is None and table_budget("standard") is None
    assert portfolio_for(preset("forecell")).beyond == 100_000
    assert portfolio_for(FREECELL).beyond is None


@pytest.mark.slow
@pytest.mark.parametrize("rules_name", [name for name in VARIANTS if table_budget(name) is not None])
def test_within_the_tables_budget_the_search_is_the_one_the_tables_were_made_with(rules_name: str) -> None:
    """Deals 1-25 of every game whose table was made within a board budget: searched within it,
    the answer (verdict, line, boards) is the same as with nothing changed past it."""
    rules = preset(rules_name)
    engine = engine_for(rules)
    portfolio = portfolio_for(rules)
    budget = table_budget(rules_name)
    for number in range(1, 26):
        start = from_position(deal(number, rules))
        shipped = search(engine, start, Limits(Budget(nodes=budget)), replace(portfolio, beyond=None))
        assert search(engine, start, Limits(Budget(nodes=budget)), portfolio) == shipped, number


@pytest.mark.slow
def test_a_win_the_prover_kept_before_the_budget_does_not_end_the_search_past_it() -> None:
    """Forecell deal 106: within the table's 100,000 boards only the prover wins it (early, at
    its 67,818th board), so it is a daily deal; the par's longer search goes on to the runners'
    win at 209,615 boards, which gives the shipped par, 64. Past the budget that kept win must
    not become the answer."""
    rules = preset("forecell")
    assert find_par(deal(106, rules), rules) == 64


@pytest.mark.slow
def test_forecell_deal_12_is_won_past_the_budget_by_the_prover_going_on() -> None:
    """Undecided within the table's 100,000 boards; the runners alone win it at 405,985. The
    prover, waiting at its cap of 100,000 boards, goes on past the budget and wins it 34,383
    boards later."""
    rules = preset("forecell")
    result = solve(deal(12, rules), rules, Budget(nodes=110_000))
    assert result.status == "solved"


def test_a_weighting_joining_past_the_budget_changes_nothing_within_it_nor_a_proof() -> None:
    """Beleaguered Castle deal 1 (lost, 511 boards) with a budget of 100 boards and the castle's
    late weighting: within 100 boards the search is the one without it, board for board, and
    the proof past it expands the same boards, only in another order."""
    rules = preset("beleaguered-castle")
    engine = engine_for(rules)
    start = from_position(deal(1, rules))
    late = replace(portfolio_for(rules), beyond=100)
    assert late.past
    plain = replace(late, past=())
    assert search(engine, start, Limits(Budget(nodes=100)), late) == search(
        engine, start, Limits(Budget(nodes=100)), plain)
    proof = search(engine, start, Limits(Budget()), late)
    assert proof == search(engine, start, Limits(Budget()), plain)
    assert proof.status == UNSOLVED and proof.nodes == 511


@pytest.mark.slow
def test_beleaguered_castle_deal_122_is_won_past_the_budget_by_the_late_weighting() -> None:
    """Undecided within the table's 100,000 boards, and by the runners alone within 300,000; the
    weighting that counts buried cards, joining at the budget, wins it within 230,000."""
    rules = preset("beleaguered-castle")
    result = solve(deal(122, rules), rules, Budget(nodes=230_000))
    assert result.status == "solved"


@pytest.mark.slow
def test_beleaguered_castle_deal_79_is_won_past_the_budget_by_the_ordered_prover() -> None:
    """Undecided by every weighting within 300,000 boards, and by the prover in the engine's
    order; the prover joining at the table's budget, its children tried best first with buried
    cards and the next cards weighed, wins it at its 45,375th board, before the runners reach
    150,000, and its line, cut short, replays as a win (`solve` replays every win)."""
    rules = preset("beleaguered-castle")
    result = solve(deal(79, rules), rules, Budget(nodes=150_000))
    assert result.status == "solved"
    assert len(result.moves) < 1_000


@settings(max_examples=200, deadline=None)
@given(small_positions(), st.integers(1, 3), st.integers(1, 30), st.integers(0, 40))
def test_a_prover_joining_past_the_budget_keeps_the_verdict_and_the_search_within_it(
    case: tuple[Position, Rules], share: int, beyond: int, budget: int
) -> None:
    """A portfolio with no prover of its own, given one past `beyond`: the verdict agrees with
    brute force, a win (the runners' or the prover's cut short) replays through the core, and
    within `beyond` boards the search is the one without it, board for board."""
    position, rules = case
    runner = Runner(Weights(misplaced=1, buried=0, next_card=0.5, cell=0, not_home=1, path=0.5), 0)
    plain = Portfolio((runner,), beyond=beyond)
    late = replace(plain, past_proof=ProofSchedule(0, share, 0))
    assert_the_same_within_the_budget(position, rules, plain, late, min(budget, beyond))


def assert_the_same_within_the_budget(
    position: Position, rules: Rules, plain: Portfolio, late: Portfolio, within: int
) -> None:
    """`late`'s verdict agrees with brute force, its win replays through the core, and within
    `within` boards its search is `plain`'s, board for board."""
    engine, start = engine_for(rules), from_position(position)
    outcome = search(engine, start, Limits(Budget()), late)
    assert outcome.status == ("solved" if winnable_by_brute_force(position, rules) else UNSOLVED)
    if outcome.status == "solved":
        to_core(position, rules, outcome.line)
    assert search(engine, start, Limits(Budget(nodes=within)), late) == search(
        engine, start, Limits(Budget(nodes=within)), plain)


ORDERS = st.lists(
    st.none() | st.builds(
        Weights, misplaced=st.integers(0, 3), buried=st.integers(0, 2), next_card=st.integers(0, 3),
        cell=st.integers(0, 2), not_home=st.integers(0, 2), path=st.just(0)),
    min_size=1, max_size=3)


@settings(max_examples=200, deadline=None)
@given(
    small_positions(), ORDERS, st.integers(1, 6), st.lists(st.integers(1, 6), max_size=2), st.integers(1, 30),
    st.integers(0, 40),
)
def test_a_prover_restarting_in_other_orders_keeps_the_verdict_and_the_search_within_it(
    case: tuple[Position, Rules], orders: list[Weights | None], leg: int, legs: list[int], beyond: int,
    budget: int,
) -> None:
    """A prover past `beyond` in legs of a few boards (some of their own lengths), each from
    the deal in another order: it often gives up a leg, sometimes every leg, and the verdict
    still agrees with brute force, a win replays through the core, and within `beyond` the
    search is the one without it."""
    position, rules = case
    runner = Runner(Weights(misplaced=1, buried=0, next_card=0.5, cell=0, not_home=1, path=0.5), 0)
    plain = Portfolio((runner,), beyond=beyond)
    late = replace(
        plain, past_proof=ProofSchedule(0, 2, leg), past_orders=tuple(orders), past_legs=tuple(legs))
    assert_the_same_within_the_budget(position, rules, plain, late, min(budget, beyond))


@settings(max_examples=100, deadline=None)
@given(small_positions(), ORDERS.map(lambda orders: orders[0]), st.integers(1, 8))
def test_an_ordered_prover_goes_down_to_the_lowest_scored_child_first(
    case: tuple[Position, Rules], weights: Weights | None, boards: int
) -> None:
    """Each board the prover goes down to is, of its parent's children not seen before, the
    lowest scored (ties: the first in the engine's order), and it agrees with brute force."""
    position, rules = case
    engine = engine_for(rules, proving=True)
    order = None if weights is None else Heuristic(engine, weights)
    prover = Prover(engine, from_position(position), order)
    verdict = None
    while verdict is None:
        verdict = prover.advance(boards)
        for parent, child in pairwise(prover.stack):
            children = [engine.step(parent[0], move)[0] for move in engine.moves(parent[0])]
            first = children.index(child[0])
            if order is None:
                assert all(key_of(other) in prover.seen for other in children[:first])
            else:
                assert all(order.score(other) > order.score(child[0]) or key_of(other) in prover.seen
                           for other in children[:first])
                assert all(order.score(other) >= order.score(child[0]) or key_of(other) in prover.seen
                           for other in children[first:])
    assert verdict == winnable_by_brute_force(position, rules)


@settings(max_examples=150, deadline=None)
@given(small_positions(), ORDERS.map(lambda orders: orders[0]))
def test_the_prover_reaches_boards_in_the_order_a_plain_depth_first_search_does(
    case: tuple[Position, Rules], weights: Weights | None
) -> None:
    """Advanced one board at a time, the prover goes down to the boards a plain recursive
    search reaches first, in the same order, to the same end: each board's children made
    afresh and tried lowest `score` first (ties in the engine's order), each once. So the
    children it keeps, their scores worked out from the parent's, and the move back it leaves
    out change nothing of where it goes."""
    position, rules = case
    engine = engine_for(rules, proving=True)
    order = None if weights is None else Heuristic(engine, weights)
    start = from_position(position)
    prover = Prover(engine, start, order)
    reached = [prover.stack[-1][0] if prover.stack else engine.autoplay(start)[0]]
    verdict = None
    while verdict is None:
        verdict = prover.advance(1)
        if verdict is None:
            reached.append(prover.stack[-1][0])
        elif verdict and prover.end is not None:
            reached.append(prover.end[0])
    assert reached == depth_first(engine, engine.autoplay(start)[0], order)


def depth_first(engine: Engine, start: Board, order: Heuristic | None) -> list[Board]:
    """The boards a depth-first search from `start` reaches, in the order it first reaches them,
    up to a won board: each board's children tried in the engine's order, or lowest scored first
    by `order`, each new one searched from before the next is tried."""
    seen = {key_of(start)}
    reached = [start]
    pending = [iter([] if is_won(start) else [start])]
    while pending:
        board = next(pending[-1], None)
        if board is None:
            pending.pop()
            continue
        if board is not start:
            key = key_of(board)
            if key in seen:
                continue
            seen.add(key)
            reached.append(board)
            if is_won(board):
                break
        children = [engine.step(board, move)[0] for move in engine.moves(board)]
        pending.append(iter(children if order is None else sorted(children, key=order.score)))
    return reached


def test_each_leg_is_given_up_at_its_own_length_then_at_the_schedules() -> None:
    """Legs of 30 and 50 boards, then two of the schedule's 70, on a deal no leg decides that
    soon: each restarts exactly when the one before reaches its length, and the last ends the
    prover."""
    rules = preset("streets-and-alleys")
    turns = ProofTurns(engine_for(rules), from_position(deal(77, rules)), ProofSchedule(0, 1, 70), 0,
                       capped_past=True, orders=[None] * 4, legs=[30, 50])
    restarts = []
    nodes = 0
    while not turns.finished:
        nodes += 1
        assert not turns.turn(nodes, 1)
        if turns.prover is None and not turns.finished:
            restarts.append(turns.spent)
    assert restarts == [30, 80, 150]
    assert turns.nodes == 220


@pytest.mark.slow
def test_streets_and_alleys_deals_70_and_144_are_won_by_the_prover_soon_past_the_budget() -> None:
    """The runners win them only at 289,845 and 332,252 boards (past 10 s, with the legs in
    the next-card orders beside them); the second leg (buried cards at 3) wins 70 at its 1,800th
    board, the third (next cards not weighed) 144 at its 11,097th, each within 80,000 boards in
    all, and the lines replay as wins."""
    rules = preset("streets-and-alleys")
    for number in (70, 144):
        position = deal(number, rules)
        result = solve(position, rules, Budget(nodes=80_000))
        assert result.status == "solved", number
        assert replays_to_win(position, rules, result.moves), number


@pytest.mark.slow
def test_streets_and_alleys_deals_29_and_36_are_won_past_the_budget_by_the_ordered_prover() -> None:
    """Undecided by the runners alone within 600,000 boards, and by fc-solve's default within two
    minutes: 29 is won in the prover's second leg (buried cards and the next cards weighed),
    36 in its third (buried cards), each before the runners reach 200,000 boards."""
    rules = preset("streets-and-alleys")
    for number in (29, 36):
        result = solve(deal(number, rules), rules, Budget(nodes=200_000))
        assert result.status == "solved", number


@pytest.mark.slow
def test_streets_and_alleys_deal_73_is_won_past_the_budget_by_the_prover() -> None:
    """Undecided within the table's 30,000 boards, and by the runners alone within 300,000 (fc-solve
    wins it at once); the depth-first prover joining at the budget wins it at once, before the
    runners reach 100,000, and its line, cut short, replays as a win."""
    rules = preset("streets-and-alleys")
    assert portfolio_for(rules).past_proof is not None
    result = solve(deal(73, rules), rules, Budget(nodes=100_000))
    assert result.status == "solved"
    assert len(result.moves) < 1_000


@settings(max_examples=300, deadline=None)
@given(small_positions(ANY_SUIT) | late_positions("beleaguered-castle", 3).map(
    lambda position: (position, preset("beleaguered-castle"))), st.integers(1, 5))
def test_a_blind_prover_agrees_with_brute_force(case: tuple[Position, Rules], boards: int) -> None:
    """Building in any suit, every card above its suit's next one starts blind: the search
    starts again each time a card goes home (a few boards at a time, as it takes turns), and
    when it runs dry the position is lost; once no card is blind, a win it finds replays."""
    position, rules = case
    prover = Prover(engine_for(rules, proving=True), from_position(position), blind=True)
    verdict = None
    while verdict is None:
        verdict = prover.advance(boards)
    assert verdict == winnable_by_brute_force(position, rules)
    if verdict:
        assert prover.won is not None and prover.table is None
        to_core(position, rules, prover.won)


def test_a_blind_card_is_known_by_its_rank_alone_and_no_other_card_by_it() -> None:
    """Reaches of 2 (clubs), 5 (diamonds), 13 and `SEEING`: every club above the 2 and every
    diamond above the 5 is blind, coded as any blind card of its rank and as no card that is
    not blind; the others keep their codes."""
    table = blind_table([2, 5, 13, SEEING])
    clubs, diamonds, hearts, spades = 0, 16, 32, 48
    assert table[clubs + 2] == clubs + 2 and table[diamonds + 5] == diamonds + 5
    assert table[clubs + 3] != clubs + 3 and table[diamonds + 6] != diamonds + 6
    assert table[clubs + 6] == table[diamonds + 6] != table[clubs + 5]
    assert all(table[suit + rank] == suit + rank for suit in (hearts, spades) for rank in range(1, 14))
    assert not {table[code] for code in range(64) if table[code] != code} & set(range(64))


@pytest.mark.slow
def test_beleaguered_castle_deal_162_is_proved_lost_by_the_blind_proof_past_the_budget() -> None:
    """Lost, and undecided by the runners within 10 s: its plain proof expands 1,329,690
    boards. Every board of it has the Aces of three suits home and nothing more of them, so past
    the ordered leg the blind proof, every card of those suits above the 2 blind, proves it
    in 65,428 boards, before the runners reach 175,000."""
    rules = preset("beleaguered-castle")
    result = solve(deal(162, rules), rules, Budget(nodes=175_000))
    assert result.status == UNSOLVED


@pytest.mark.slow
def test_streets_and_alleys_deal_77_is_proved_lost_by_the_blind_leg_after_the_ordered_ones() -> None:
    """Lost, and left undecided by the six ordered legs past the budget (200,000 boards in
    all): the blind leg that follows them proves it in 24,361 boards, before the runners
    reach 240,000. Without that leg the same budget ends undecided."""
    rules = preset("streets-and-alleys")
    assert solve(deal(77, rules), rules, Budget(nodes=240_000)).status == UNSOLVED
    without = replace(portfolio_for(rules), past_blind=None)
    start = from_position(deal(77, rules))
    assert search(engine_for(rules), start, Limits(Budget(nodes=240_000)), without).status != UNSOLVED


def test_the_blind_leg_comes_in_its_place_with_its_share_and_length() -> None:
    """A leg of 30 boards in the engine's order, then the blind one (four boards for each of
    the runners', 40 boards), then one of the schedule's 70, on a deal no leg decides that soon:
    each restarts in the round its prover reaches its length (the deal itself its first board:
    the blind one's 41st in its tenth round)."""
    rules = preset("beleaguered-castle")
    turns = ProofTurns(engine_for(rules), from_position(deal(48, rules)), ProofSchedule(0, 1, 70), 0,
                       capped_past=True, orders=[None, None], legs=[30], blind=ProofSchedule(0, 4, 40),
                       blind_at=1)
    restarts = []
    nodes = 0
    while not turns.finished:
        nodes += 1
        assert not turns.turn(nodes, 1)
        if turns.prover is not None:
            assert (turns.prover.table is not None) == (turns.blind_at == 0)
        if turns.prover is None and not turns.finished:
            restarts.append((turns.spent, nodes))
    assert restarts == [(30, 29), (71, 39)]
    assert turns.nodes == 141
