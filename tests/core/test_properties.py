"""Property-based tests (hypothesis) over random deals and random legal move sequences, for
every preset with foundation take-back on and off."""

from __future__ import annotations

from collections import Counter
from itertools import product

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from eightoff.core.cards import DECK
from eightoff.core.deals import deal
from eightoff.core.errors import IllegalMove
from eightoff.core.game import Game
from eightoff.core.moves import Move
from eightoff.core.piles import Pile
from eightoff.core.position import Position
from eightoff.core.rules import Rules
from eightoff.core.variants import PRESETS
from tests.core.reference import all_piles, reference_moves

deal_numbers = st.one_of(st.integers(1, 10**6), st.sampled_from([31999, 32000, 32001, 123456789, 10**20]))
rules_values = st.builds(
    lambda name, takeback: PRESETS[name].with_takeback(takeback),
    st.sampled_from(sorted(PRESETS)),
    st.booleans(),
)
choices = st.lists(st.integers(0, 10**6), min_size=5, max_size=60)
"""Each choice picks a legal move by index (modulo their number), so sequences stay legal."""

FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def play_out(game: Game, picks: list[int], autoplay_every: int = 3) -> list[Position]:
    """Play the chosen legal moves (auto-play on every few), returning each position."""
    seen = [game.position]
    for turn, pick in enumerate(picks):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(moves[pick % len(moves)], autoplay=turn % autoplay_every == 0)
        seen.append(game.position)
    return seen


def assert_find_move_agrees(position: Position, rules: Rules) -> None:
    """find_move accepts exactly the (source, destination, count) triples legal_moves offers."""
    legal = set(position.legal_moves(rules))
    for source, destination in product(all_piles(position), repeat=2):
        for count in range(1, 14):
            offered = Move(source, destination, count) in legal
            try:
                found = position.find_move(rules, source, destination, count)
            except IllegalMove:
                assert not offered, f"{Move(source, destination, count)} is legal but refused"
            else:
                assert offered, f"{found} accepted but not among the legal moves"
                assert found == Move(source, destination, count)
        try:
            guessed = position.find_move(rules, source, destination)
        except IllegalMove:
            assert not any(m.source == source and m.destination == destination for m in legal)
        else:
            assert guessed in legal


class TestProperties:
    @FAST
    @given(number=deal_numbers, rules=rules_values, picks=choices)
    def test_the_52_cards_are_conserved(self, number: int, rules: Rules, picks: list[int]) -> None:
        for position in play_out(Game.new(number, rules), picks):
            assert Counter(position.all_cards()) == Counter(DECK)

    @FAST
    @given(number=deal_numbers, rules=rules_values, picks=choices)
    def test_undo_then_redo_gives_equal_positions(self, number: int, rules: Rules, picks: list[int]) -> None:
        game = Game.new(number, rules)
        seen = play_out(game, picks)
        for expected in reversed(seen[:-1]):
            game.undo()
            assert game.position == expected
        for expected in seen[1:]:
            game.redo()
            assert game.position == expected
        assert not game.can_redo

    @FAST
    @given(number=deal_numbers, rules=rules_values, picks=choices)
    def test_every_offered_move_is_accepted_as_it_is(
        self, number: int, rules: Rules, picks: list[int]
    ) -> None:
        for position in play_out(Game.new(number, rules), picks):
            for move in position.legal_moves(rules):
                assert position.find_move(rules, *move) == move
                assert position.find_move(rules, move.source, move.destination) in position.legal_moves(rules)

    @FAST
    @given(number=deal_numbers, rules=rules_values, picks=choices)
    def test_legal_moves_match_the_brute_force_reading(
        self, number: int, rules: Rules, picks: list[int]
    ) -> None:
        for position in play_out(Game.new(number, rules), picks):
            moves = position.legal_moves(rules)
            assert len(moves) == len(set(moves))
            assert set(moves) == reference_moves(position, rules)

    @settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(number=deal_numbers, rules=rules_values, picks=choices, where=st.floats(0, 1))
    def test_find_move_refuses_exactly_what_is_not_offered(
        self, number: int, rules: Rules, picks: list[int], where: float
    ) -> None:
        seen = play_out(Game.new(number, rules), picks)
        assert_find_move_agrees(seen[-1], rules)
        assert_find_move_agrees(seen[int(where * (len(seen) - 1))], rules)

    def test_the_agreement_check_covers_a_start_position(self) -> None:
        for rules in PRESETS.values():
            assert_find_move_agrees(deal(1, rules), rules.with_takeback(True))

    @FAST
    @given(number=deal_numbers, rules=rules_values, picks=choices)
    def test_a_press_lifts_what_a_legal_move_carries_and_nothing_beyond(
            self, number: int, rules: Rules, picks: list[int]) -> None:
        """`Position.lift`, the one rule of what a press lifts: the cards of every legal move
        can be lifted (so a drag is never refused a move the rules allow), and a lift of more
        than one card is a run within the capacity, else refused with a reason."""
        for position in play_out(Game.new(number, rules), picks):
            for move in position.legal_moves(rules):
                cards = position.cards(move.source)
                lift = position.lift(rules, move.source, cards[len(cards) - move.count])
                assert lift.count == move.count and lift.refusal is None, move
            for index, column in enumerate(position.columns):
                pile = Pile.column(index)
                for depth, card in enumerate(column):
                    lift = position.lift(rules, pile, card)
                    assert (lift.count == 0) == (lift.refusal is not None)
                    if lift.count:
                        assert lift.count == len(column) - depth <= position.run_length(index, rules)
                        assert lift.count <= rules.most_lifted(position.free_cells, position.empty_columns)
