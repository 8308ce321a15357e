"""The solver against the rules core: every "solved" line replays to a win under our own rules,
and every "unsolved" verdict agrees with a plain exhaustive search over core positions."""

from __future__ import annotations

import gc
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from eightoff.core.cards import CARDS, DECK, Card
from eightoff.core.deals import deal
from eightoff.core.moves import Move
from eightoff.core.piles import PileKind
from eightoff.core.position import Position
from eightoff.core.rules import Build, EmptyColumn, Rules, RunMoves
from eightoff.core.variants import EASY, FREECELL, PRESETS, RAGLAN, STANDARD
from eightoff.solver.board import engine_for, from_position, safe_two_below
from eightoff.solver.grade import GRADES, deals_of_grade
from eightoff.solver.limits import SOLVED, UNKNOWN, UNSOLVED, Budget, Limits
from eightoff.solver.search import Portfolio, Runner, Weights, search
from eightoff.solver.solve import solve, to_core
from tests.solver.playouts import played_positions

NODES = Budget(nodes=60_000)


def replays_to_win(position: Position, rules: Rules, moves: tuple[Move, ...]) -> bool:
    """Apply the moves through the checked path, as a player's requests would be."""
    for move in moves:
        position = position.apply(position.find_move(rules, move.source, move.destination, move.count))
    return position.is_won


WON_WITHIN_BUDGET = {
    "easy": [1, 2, 617, 1000, 31999],
}
"""Deals of the games with no grade table that the solver wins within NODES, with and without
taking cards back (found once by solving deals from 1 up; many low deals of these games are
lost: Forecell's deal 1 has no legal move at all, as fc-solve agrees)."""


def winnable(key: str) -> list[int]:
    """Deals the game wins: the first of each grade in its shipped table, else the pinned list
    above (a game missing from both fails here, so a new game cannot pass unchecked)."""
    graded = [deals_of_grade(key, grade)[0] for grade in GRADES if deals_of_grade(key, grade)]
    return graded or WON_WITHIN_BUDGET[key]


@pytest.mark.parametrize(
    ("rules", "number"),
    [(rules, number) for rules in PRESETS.values() for number in winnable(rules.name)],
)
def test_solutions_replay_as_wins(rules: Rules, number: int) -> None:
    position = deal(number, rules)
    result = solve(position, rules, NODES)
    assert result.status == SOLVED
    assert replays_to_win(position, rules, result.moves)
    assert result.nodes > 0 and result.states >= result.nodes


@pytest.mark.parametrize("rules", list(PRESETS.values()), ids=list(PRESETS))
def test_solutions_with_takeback_replay_as_wins(rules: Rules) -> None:
    rules = rules.with_takeback(True)
    position = deal(winnable(rules.name)[0], rules)
    result = solve(position, rules, NODES)
    assert result.status == SOLVED
    assert replays_to_win(position, rules, result.moves)


@pytest.mark.slow
@pytest.mark.parametrize("number", [465, 644])
@pytest.mark.parametrize("takeback", [False, True])
def test_standard_deals_465_and_644_are_proved_unwinnable(number: int, takeback: bool) -> None:
    rules = STANDARD.with_takeback(takeback)
    result = solve(deal(number, rules), rules, Budget(nodes=200_000))
    assert result.status == UNSOLVED
    assert result.moves == ()


def test_deal_644_is_winnable_in_easy_mode() -> None:
    position = deal(644, EASY)
    result = solve(position, EASY, NODES)
    assert result.status == SOLVED and replays_to_win(position, EASY, result.moves)


def test_a_tiny_budget_gives_unknown() -> None:
    result = solve(deal(206), STANDARD, Budget(nodes=5))
    assert result.status == UNKNOWN
    assert result.moves == () and result.nodes == 5


@given(st.none() | st.integers(1, 300), st.lists(st.integers(1, 4), max_size=200), st.integers(0, 300))
def test_limits_change_nothing_below_where_they_say_they_are_quiet(
    cap: int | None, rounds: list[int], kept: int
) -> None:
    """The search asks `exceeded` only from `quiet_until` on: every answer it skips must be one
    that was no, and the answers it asks for must be those asked every round (else a node or
    memory cap would end a search at another board)."""
    budget = Budget(nodes=cap, states=150)
    every_round, skipping = Limits(budget), Limits(budget)
    nodes = quiet = 0
    for boards in rounds:
        nodes += boards
        answer = every_round.exceeded(nodes, lambda: kept)
        if nodes < quiet:
            assert not answer
            continue
        assert skipping.exceeded(nodes, lambda: kept) == answer
        if answer:
            break
        quiet = skipping.quiet_until()


def test_a_stop_request_gives_unknown() -> None:
    """Deal 465 cannot be won: its proof expands thousands of boards, so the search asks
    again and again until the stop says yes."""
    asked = []
    result = solve(deal(465), STANDARD, Budget(stop=lambda: asked.append(1) or len(asked) > 2))
    assert result.status == UNKNOWN and len(asked) == 3


def test_a_won_position_is_solved_with_no_moves() -> None:
    won = Position(((),) * 8, (None,) * 8, (13, 13, 13, 13))
    result = solve(won, STANDARD)
    assert result.status == SOLVED and result.moves == ()


def test_auto_play_moves_are_part_of_the_solution() -> None:
    """A position one home move from a win: the line is that move, not an empty list."""
    almost = Position(((CARDS[3][13],),) + ((),) * 7, (None,) * 8, (13, 13, 13, 12))
    result = solve(almost, STANDARD)
    assert result.status == SOLVED and len(result.moves) == 1
    assert replays_to_win(almost, STANDARD, result.moves)


# ----- random legal play from a deal: whatever the verdict, a "solved" line must win --------


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played_positions(longest=40, last_deal=2000))
def test_random_playouts_solve_to_wins(case: tuple[Position, Rules]) -> None:
    position, rules = case
    result = solve(position, rules, Budget(nodes=3_000))
    if result.status == SOLVED:
        assert replays_to_win(position, rules, result.moves)
    else:
        assert result.moves == ()


# ----- proofs against an independent exhaustive search on small positions -------------------

TINY = [
    Rules("one cell", 1, (3,) * 4, Build.SAME_SUIT, EmptyColumn.KINGS, RunMoves.CELLS_ONLY),
    Rules("no cells", 0, (3,) * 4, Build.SAME_SUIT, EmptyColumn.ANY, RunMoves.CELLS_AND_COLUMNS),
    Rules("colours", 1, (3,) * 3, Build.ALTERNATE_COLOUR, EmptyColumn.ANY, RunMoves.CELLS_AND_COLUMNS),
    Rules("colours, kings", 1, (3,) * 4, Build.ALTERNATE_COLOUR, EmptyColumn.KINGS, RunMoves.CELLS_ONLY),
    Rules("raglan", 0, (3,) * 3, Build.ALTERNATE_COLOUR, EmptyColumn.ANY, RunMoves.SINGLE_CARDS, reserve=2),
    Rules(
        "raglan, deep", 0, (2,) * 4, Build.ALTERNATE_COLOUR, EmptyColumn.ANY, RunMoves.SINGLE_CARDS, reserve=4
    ),
]
NO_CELLS = [rules for rules in TINY if rules.build is Build.ALTERNATE_COLOUR and not rules.cells]
"""The games searched with `safe_two_below` and the most reserve places (Raglan's shape)."""
ALTERNATE = [rules for rules in TINY if rules.build is Build.ALTERNATE_COLOUR]
"""The games `safe_two_below` is argued for: with cells (the proof search's FreeCell) or without."""


def winnable_by_brute_force(position: Position, rules: Rules) -> bool:
    """Every position reachable through the core's own `legal_moves`: no pruning, no auto-play."""
    return bool(reachable_win(position, rules))


def reachable_win(
    position: Position,
    rules: Rules,
    allowed: Callable[[Position, Move], bool] = lambda position, move: True,
    most: int | None = None,
) -> bool | None:
    """Whether the core's `legal_moves`, those `allowed`, reach a win: None once more than
    `most` positions have been seen without one."""
    seen = {position}
    stack = [position]
    while stack:
        current = stack.pop()
        if current.is_won:
            return True
        for move in current.legal_moves(rules):
            following = current.apply(move)
            if following not in seen and allowed(current, move):
                seen.add(following)
                stack.append(following)
        if most is not None and len(seen) > most:
            return None
    return False


@st.composite
def small_positions(draw: st.DrawFn, games: list[Rules] = TINY, most_left: int = 6) -> tuple[Position, Rules]:
    """Most cards home; the last few of each suit (`most_left` at most) dealt at random over
    few columns, cells and reserve places."""
    rules = draw(st.sampled_from(games))
    left = draw(st.lists(st.integers(0, most_left), min_size=4, max_size=4))
    foundations = tuple(13 - count for count in left)
    cards = [card for card in DECK if card.rank > foundations[card.suit]]
    assume(cards)
    cards = draw(st.permutations(cards))
    in_cells = draw(st.integers(0, min(rules.cells, len(cards))))
    cells = tuple(cards[:in_cells]) + (None,) * (rules.cells - in_cells)
    in_reserve = draw(st.integers(0, min(rules.reserve, len(cards) - in_cells)))
    reserve = tuple(cards[in_cells : in_cells + in_reserve]) + (None,) * (rules.reserve - in_reserve)
    columns: list[list] = [[] for _ in range(rules.columns)]
    for card in cards[in_cells + in_reserve :]:
        columns[draw(st.integers(0, rules.columns - 1))].append(card)
    return Position(tuple(map(tuple, columns)), cells, foundations, reserve), rules


def assert_verdict_agrees(position: Position, rules: Rules) -> None:
    result = solve(position, rules)
    assert result.status == (SOLVED if winnable_by_brute_force(position, rules) else UNSOLVED)
    if result.status == SOLVED:
        assert replays_to_win(position, rules, result.moves)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(small_positions())
def test_verdicts_agree_with_brute_force(case: tuple[Position, Rules]) -> None:
    assert_verdict_agrees(*case)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(small_positions(NO_CELLS))
def test_raglan_verdicts_agree_with_brute_force(case: tuple[Position, Rules]) -> None:
    """As above, on Raglan's shape alone: there the reserve moves and auto-play are pruned most."""
    assert_verdict_agrees(*case)


@settings(max_examples=300, deadline=None)
@given(
    small_positions(), st.lists(st.integers(0, 3), min_size=1, max_size=4), st.integers(1, 8), st.booleans()
)
def test_weightings_sharing_boards_keep_the_verdict(
    case: tuple[Position, Rules], joins: list[int], alone_after: int, shares: bool
) -> None:
    """Weightings joining early and the first going on alone early, so that on these small
    positions boards are shared and taken over (or, not shared, searches are dropped): the
    verdict still agrees with brute force, a line found still wins through the core (`to_core`
    refuses one that does not), and a shared proof has expanded every board it saw (none was
    left on a dropped open list)."""
    position, rules = case
    kinds = [
        Weights(misplaced=1, buried=0, next_card=0.5, cell=0, not_home=1, path=0.5),
        Weights(misplaced=3, buried=1, next_card=1, cell=1, not_home=1.5, path=0, empty=3),
        Weights(misplaced=1, buried=0, next_card=0, cell=0, not_home=1, path=0),
    ]
    runners = tuple(Runner(kinds[at % len(kinds)], join) for at, join in enumerate(sorted(joins)))
    portfolio = Portfolio(runners, alone_after, shares)
    outcome = search(engine_for(rules), from_position(position), Limits(Budget()), portfolio)
    assert outcome.status == (SOLVED if winnable_by_brute_force(position, rules) else UNSOLVED)
    if outcome.status == SOLVED:
        to_core(position, rules, outcome.line)
    elif shares:
        assert outcome.nodes == outcome.states


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(small_positions(ALTERNATE))
def test_a_card_safe_two_below_never_loses_a_won_game(case: tuple[Position, Rules]) -> None:
    """The wider auto-play rule, checked on its own by exhaustive search: sending home a card
    it calls safe leaves a winnable position winnable."""
    position, rules = case
    safe = [
        move
        for move in position.legal_moves(rules)
        if move.destination.kind is PileKind.FOUNDATION
        and safe_two_below(position.top(move.source), position.foundations)
    ]
    assume(safe and winnable_by_brute_force(position, rules))
    for move in safe:
        assert winnable_by_brute_force(position.apply(move), rules), move


def test_two_below_is_wider_than_the_core_rule() -> None:
    """Both black sixes home, the other red suit at five: the red eight may go home, which
    the core's rule (both black sevens home) does not allow yet."""
    eight = Card.parse("8H")
    foundations = (6, 5, 7, 6)
    assert safe_two_below(eight, foundations)
    assert not RAGLAN.safe_to_autoplay(eight, foundations)
    assert not safe_two_below(eight, (6, 4, 7, 6)) and not safe_two_below(eight, (5, 5, 7, 6))


def test_raglan_deal_99_is_proved_unwinnable() -> None:
    """The deal whose proof the reserve and auto-play pruning cut most (from over 700,000
    boards to under 100,000)."""
    result = solve(deal(99, RAGLAN), RAGLAN, Budget(nodes=150_000))
    assert result.status == UNSOLVED


def test_brute_force_cases_include_lost_positions() -> None:
    """The comparison above is only worth something if some small positions are lost: one is."""
    c, d, h, s = (CARDS[suit] for suit in range(4))
    blocked = Position(
        ((c[12], d[13]), (d[12], c[13]), (h[13], s[11], h[12]), (h[11], s[12])),
        (s[13],),
        (11, 11, 10, 10),
    )
    assert not winnable_by_brute_force(blocked, TINY[0])
    assert solve(blocked, TINY[0]).status == UNSOLVED


def test_freecell_preset_is_searched_with_its_own_rules() -> None:
    """Alternate colours: a red Queen may go on a black King, which same-suit rules forbid."""
    assert FREECELL.builds_on(CARDS[1][12], CARDS[0][13])
    position = deal(3, FREECELL)
    result = solve(position, FREECELL, NODES)
    assert result.status == SOLVED and replays_to_win(position, FREECELL, result.moves)


def test_a_search_leaves_no_boards_to_the_cycle_collector() -> None:
    """When a search answers, its boards are freed at once, not left in a reference cycle that
    the cycle collector would walk board by board (compiled, the search's nested functions and
    its variables form one): all the collector finds after it is a handful of objects."""
    rules = PRESETS["kings-only-bakers"]
    gc.collect()
    outcome = search(engine_for(rules), from_position(deal(1, rules)), Limits(Budget(nodes=2_000)))
    assert outcome.status == UNKNOWN and outcome.states > 2_000
    assert gc.collect() < 100
