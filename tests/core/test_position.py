"""Positions: checked moves and their messages, the move generator, apply, auto-play, stuck."""

from __future__ import annotations

import pytest

from eightoff.core.cards import Card, Suit
from eightoff.core.deals import deal
from eightoff.core.errors import (
    EmptySource,
    IllegalMove,
    NotARun,
    RunTooLong,
    TakebackNotAllowed,
    WrongDestination,
)
from eightoff.core.game import Game
from eightoff.core.moves import Move
from eightoff.core.notation import parse_board
from eightoff.core.piles import Pile, PileKind
from eightoff.core.position import Position
from eightoff.core.rules import Rules
from eightoff.core.variants import EASY, FREECELL, STANDARD
from tests.core.boards import make_position
from tests.core.reference import reference_moves

column, cell, foundation = Pile.column, Pile.cell, Pile.foundation

SCENE = make_position(
    STANDARD,
    ["KS QS JS", "TH 9H", "5D", "", "AC", "8C 7H 6H"],
    cells=["6S", "7C", None, None, None, None, "2D", "3D"],
    foundations=(0, 0, 0, 0),
)


def refused(
    position: Position, rules: Rules, source: Pile, destination: Pile, count: int | None = None
) -> str:
    with pytest.raises(IllegalMove) as caught:
        position.find_move(rules, source, destination, count)
    return str(caught.value)


class TestFindMoveMessages:
    def test_empty_source(self) -> None:
        with pytest.raises(EmptySource, match="There is no card in cell 3"):
            SCENE.find_move(STANDARD, cell(2), column(0))

    def test_same_pile(self) -> None:
        with pytest.raises(WrongDestination, match="The cards are already there"):
            SCENE.find_move(STANDARD, column(0), column(0))

    def test_takeback_off(self) -> None:
        home = SCENE.apply(Move(column(4), foundation(Suit.CLUBS)))
        with pytest.raises(TakebackNotAllowed, match="may not come back off the foundations"):
            home.find_move(STANDARD, foundation(Suit.CLUBS), cell(2))
        assert home.find_move(STANDARD.with_takeback(True), foundation(Suit.CLUBS), cell(2)) == Move(
            foundation(Suit.CLUBS), cell(2), 1
        )

    def test_wrong_card_for_a_column(self) -> None:
        assert (
            refused(SCENE, STANDARD, column(2), column(1)) == "Only the 8 of hearts can go on the 9 of hearts"
        )

    def test_nothing_goes_on_an_ace(self) -> None:
        assert refused(SCENE, STANDARD, column(2), column(4)) == "Nothing can go on an Ace"

    def test_only_a_king_fills_an_empty_column_in_standard(self) -> None:
        assert refused(SCENE, STANDARD, column(1), column(3)) == "Only a King can fill an empty column"
        assert refused(SCENE, STANDARD, column(1), column(3), 2) == "Only a King can fill an empty column"
        assert SCENE.find_move(EASY, column(1), column(3)) == Move(column(1), column(3), 2)

    def test_one_card_at_a_time_to_a_cell_or_foundation(self) -> None:
        message = refused(SCENE, STANDARD, column(1), cell(2), 2)
        assert message == "Only one card at a time can go to a free cell"
        with pytest.raises(RunTooLong, match="to a foundation"):
            SCENE.find_move(STANDARD, column(0), foundation(Suit.SPADES), 2)

    def test_occupied_cell(self) -> None:
        assert refused(SCENE, STANDARD, cell(0), cell(6)) == "Cell 7 already holds the 2 of diamonds"

    def test_foundation_of_another_suit(self) -> None:
        message = refused(SCENE, STANDARD, column(2), foundation(Suit.CLUBS))
        assert message == "The 5 of diamonds belongs on the diamonds foundation"

    def test_foundation_wants_the_next_card(self) -> None:
        message = refused(SCENE, STANDARD, cell(6), foundation(Suit.DIAMONDS))
        assert message == "The diamonds foundation needs the Ace of diamonds next"

    def test_more_cards_than_the_pile_holds(self) -> None:
        with pytest.raises(NotARun, match="There are only 2 cards in column 2"):
            SCENE.find_move(STANDARD, column(1), column(0), 3)

    def test_not_a_run(self) -> None:
        with pytest.raises(NotARun, match="Those 3 cards are not a descending run of one suit"):
            SCENE.find_move(STANDARD, column(5), column(3), 3)
        with pytest.raises(NotARun, match="in alternating colours"):
            SCENE.find_move(FREECELL.with_takeback(False), column(5), column(3), 3)

    def test_run_too_long_counts_free_cells(self) -> None:
        scene = make_position(
            STANDARD, ["TH", "9H 8H 7H 6H"], cells=["AS", "2S", "3S", "4S", "5S", "6S", None, None]
        )
        assert (
            refused(scene, STANDARD, column(1), column(0)) == "Moving 4 cards needs 3 free cells; 2 are free"
        )
        one_free = scene.apply(Move(column(1), cell(6)))
        assert refused(one_free, STANDARD, column(1), column(0), 3) == (
            "Moving 3 cards needs 2 free cells; 1 is free"
        )

    def test_run_too_long_in_easy_counts_empty_columns(self) -> None:
        scene = make_position(
            EASY, ["TH", "9H 8H 7H 6H 5H"], cells=["AS", "2S", "3S", "4S", "5S", "6S", "7S", None]
        )
        # Six empty columns: plenty of room. Fill five of them to leave one helper.
        crowded = Position(
            scene.columns[:2] + tuple((Card.parse(text),) for text in ("KC", "KD", "QC", "QD", "JC")) + ((),),
            scene.cells,
            scene.foundations,
        )
        assert refused(crowded, EASY, column(1), column(0)) == (
            "Moving 5 cards needs more room: with 1 free cell and 1 empty column at most 4 can move"
        )
        assert crowded.find_move(EASY, column(1), column(7)) == Move(column(1), column(7), 2)

    def test_freecell_names_the_colour(self) -> None:
        scene = make_position(FREECELL, ["9H", "8H"])
        assert refused(scene, FREECELL, column(1), column(0)) == "Only a black 8 can go on the 9 of hearts"


class TestFindMoveCounts:
    def test_count_is_the_part_of_the_run_that_fits(self) -> None:
        scene = make_position(STANDARD, ["TH", "KC 9H 8H 7H"], cells=[None] * 8)
        assert scene.find_move(STANDARD, column(1), column(0)) == Move(column(1), column(0), 3)

    def test_to_an_empty_column_standard_takes_the_king_led_run(self) -> None:
        scene = make_position(STANDARD, ["5C KS QS JS", ""], cells=[None] * 8)
        assert scene.find_move(STANDARD, column(0), column(1)) == Move(column(0), column(1), 3)

    def test_to_an_empty_column_easy_takes_the_longest_run_that_may_move(self) -> None:
        full = ["AS", "2S", "3S", "4S", "5S", "6S"]
        scene = make_position(EASY, ["KD 9H 8H 7H", "", "QC", "QD", "JC", "JD", "TC", "TD"], cells=full)
        assert scene.find_move(EASY, column(0), column(1)) == Move(column(0), column(1), 3)
        one_free = Position(scene.columns, scene.cells[:6] + (Card.parse("7S"), None), scene.foundations)
        assert one_free.find_move(EASY, column(0), column(1)) == Move(column(0), column(1), 2)

    def test_king_led_run_too_long_for_an_empty_column(self) -> None:
        full = ["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H"]
        scene = make_position(STANDARD, ["KS QS JS TS", ""], cells=full)
        assert (
            refused(scene, STANDARD, column(0), column(1)) == "Moving 4 cards needs 3 free cells; 0 are free"
        )


class TestLegalMoves:
    def test_deal_one_standard(self) -> None:
        moves = deal(1).legal_moves(STANDARD)
        assert len(moves) == len(set(moves)) == 49
        to_cells = [move for move in moves if move.destination.kind is PileKind.CELL]
        assert len(to_cells) == 8 * 4 + 4 * 4  # every column and every cell card to each free cell
        assert set(moves) - set(to_cells) == {Move(cell(1), column(7), 1)}  # 9C onto TC

    def test_deal_one_freecell_only_reaches_the_cells(self) -> None:
        moves = deal(1, FREECELL).legal_moves(FREECELL)
        assert len(moves) == 32 and all(move.destination.kind is PileKind.CELL for move in moves)

    @pytest.mark.parametrize("rules", [STANDARD, EASY, FREECELL], ids=lambda rules: rules.name)
    @pytest.mark.parametrize("number", [2, 617, 32001])
    def test_agrees_with_the_brute_force_reading(self, rules: Rules, number: int) -> None:
        position = deal(number, rules)
        for _ in range(12):
            moves = position.legal_moves(rules)
            assert len(moves) == len(set(moves))
            assert set(moves) == reference_moves(position, rules)
            useful = sorted((m for m in moves if m.destination.kind is not PileKind.CELL), key=repr)
            if not useful:
                break
            position = position.apply(useful[len(useful) // 2])

    def test_takeback_adds_moves_off_the_foundations(self) -> None:
        scene = make_position(STANDARD, ["3H"], cells=["2C"], foundations=(1, 0, 2, 0))
        off = {m for m in scene.legal_moves(STANDARD) if m.source.kind is PileKind.FOUNDATION}
        assert off == set()
        back = {
            m for m in scene.legal_moves(STANDARD.with_takeback(True)) if m.source.kind is PileKind.FOUNDATION
        }
        assert Move(foundation(Suit.HEARTS), cell(1), 1) in back
        assert Move(foundation(Suit.CLUBS), cell(7), 1) in back
        assert all(m.destination.kind is not PileKind.FOUNDATION for m in back)
        assert Move(foundation(Suit.HEARTS), column(1), 1) not in back  # only a King fills a column


class TestApply:
    def test_moves_a_run_and_leaves_the_original_alone(self) -> None:
        scene = make_position(STANDARD, ["TH", "KC 9H 8H 7H"])
        after = scene.apply(Move(column(1), column(0), 3))
        assert after.columns[:2] == (
            (Card.parse("TH"), Card.parse("9H"), Card.parse("8H"), Card.parse("7H")),
            (Card.parse("KC"),),
        )
        assert scene.columns[1][-1] == Card.parse("7H")
        assert hash(after) != hash(scene) and after != scene

    def test_to_and_from_cells_and_foundations(self) -> None:
        scene = make_position(STANDARD, ["AH"], cells=["2H"])
        home = scene.apply(Move(column(0), foundation(Suit.HEARTS))).apply(Move(cell(0), foundation(2)))
        assert home.foundations == (0, 0, 2, 0) and home.cells[0] is None and home.columns[0] == ()
        back = home.apply(Move(foundation(Suit.HEARTS), cell(3)))
        assert back.foundations == (0, 0, 1, 0) and back.cells[3] == Card.parse("2H")


class TestAutoplay:
    def test_eight_off_sends_everything_lowest_first(self) -> None:
        scene = make_position(STANDARD, ["AH", "2H 3C", "AC"], cells=["2C"])
        moves, after = scene.autoplay(STANDARD)
        assert moves == [
            Move(column(0), foundation(Suit.HEARTS)),
            Move(column(2), foundation(Suit.CLUBS)),
            Move(cell(0), foundation(Suit.CLUBS)),
            Move(column(1), foundation(Suit.CLUBS)),
            Move(column(1), foundation(Suit.HEARTS)),
        ]
        assert after.foundations == (3, 0, 2, 0)

    def test_freecell_keeps_a_card_an_opposite_colour_card_may_still_need(self) -> None:
        scene = make_position(FREECELL, ["3H", "2C"], foundations=(1, 0, 2, 1))
        moves, after = scene.autoplay(FREECELL)
        assert moves == [Move(column(1), foundation(Suit.CLUBS))]
        assert after.columns[0] == (Card.parse("3H"),)
        everything, _ = scene.autoplay(FREECELL, safe_only=False)
        assert everything[-1] == Move(column(0), foundation(Suit.HEARTS))
        with_spade = make_position(FREECELL, ["3H", "2C", "2S"], foundations=(1, 0, 2, 1))
        assert with_spade.autoplay(FREECELL)[1].foundations == (2, 0, 3, 2)

    def test_game_play_makes_one_step_with_its_autoplay(self) -> None:
        game = Game(STANDARD, make_position(STANDARD, ["AH 5S", "2H"]))
        step = game.play(Move(column(0), cell(0)), autoplay=True)
        assert step.moves == (
            Move(column(0), cell(0)),
            Move(column(0), foundation(Suit.HEARTS)),
            Move(column(1), foundation(Suit.HEARTS)),
        )
        assert game.move_count == 1 and len(game.done) == 1

    def test_click_goes_home_else_to_the_leftmost_free_cell(self) -> None:
        scene = make_position(STANDARD, ["AH", "5S"], cells=["9C", None, None], foundations=(0, 0, 0, 0))
        assert scene.click_move(STANDARD, column(0)) == Move(column(0), foundation(Suit.HEARTS))
        assert scene.click_move(STANDARD, column(1)) == Move(column(1), cell(1))
        assert scene.click_move(STANDARD, cell(0)) is None
        assert scene.click_move(STANDARD, column(3)) is None


STUCK = """\
Freecells: 2H QS 7S QC 8S JS 7H QD
6H 9D AH QH 8H 6D
4H KH 8D 7D 9H 3D
AS JD AD 3H 8C TS
4S 5S 2C JH 4D TD
KD 9C 6C 9S 5H
5C 4C 6S TC TH
3S AC JC 3C 2S
KS KC 2D 5D 7C
"""


class TestStuck:
    """Stuck: not won, and every legal move is a card shuttling from cell to cell."""

    def test_a_deal_with_no_move_at_all_is_stuck(self) -> None:
        position = parse_board(STUCK, STANDARD)
        assert position.legal_moves(STANDARD) == []
        assert position.is_stuck(STANDARD)
        assert Game(STANDARD, position).is_stuck

    def test_only_cell_to_cell_moves_left_is_stuck(self) -> None:
        scene = make_position(STANDARD, [], cells=["3C", "QD", "5S", "9H", "2D", "7C", "JH", None])
        moves = scene.legal_moves(STANDARD)
        assert moves and all(m.source.kind is m.destination.kind is PileKind.CELL for m in moves)
        assert scene.is_stuck(STANDARD)
        # The same cards under easy rules may fill the empty columns: not stuck.
        assert not scene.is_stuck(EASY)

    def test_one_real_move_is_enough_not_to_be_stuck(self) -> None:
        position = parse_board(STUCK, STANDARD)
        freed = Position(position.columns, (None,) + position.cells[1:], position.foundations)
        assert not freed.is_stuck(STANDARD)

    def test_a_won_game_is_not_stuck(self) -> None:
        won = Position(((),) * 8, (None,) * 8, (13, 13, 13, 13))
        assert won.is_won and won.legal_moves(STANDARD) == [] and not won.is_stuck(STANDARD)

    def test_the_start_of_a_deal_is_not_stuck(self) -> None:
        assert not deal(1).is_stuck(STANDARD)
