"""Game history: undo, redo, the move counter, saving and restoring."""

from __future__ import annotations

import json

import pytest

from eightoff.core.cards import Suit
from eightoff.core.game import Game
from eightoff.core.moves import Move
from eightoff.core.piles import Pile
from eightoff.core.variants import EASY, FREECELL, STANDARD
from tests.core.boards import make_position

column, cell, foundation = Pile.column, Pile.cell, Pile.foundation
HEARTS_LEFT = ["KH QH JH TH 9H 8H 7H 6H 5H 4H 3H", "2H", "AH"]
"""With the other suits home, a sound 52-card position that auto-play finishes."""
ALL_BUT_HEARTS = (13, 13, 0, 13)


def played_game() -> Game:
    """Deal 1 with three steps, one of them with auto-play, and one step undone."""
    game = Game.new(1, STANDARD)
    game.play(game.find_move(cell(1), column(7)))  # 9C onto TC
    game.play(game.find_move(column(5), cell(4)))  # 3D to a cell
    game.play(game.find_move(column(6), cell(5)), autoplay=True)  # 8C off, nothing goes home
    game.undo()
    return game


class TestMoveCounter:
    def test_a_move_counts_one_with_the_cards_autoplay_sends_home(self) -> None:
        game = Game(STANDARD, make_position(STANDARD, ["AH 5S", "2H"]))
        step = game.play(Move(column(0), cell(0)), autoplay=True)
        assert len(step.moves) == 3 and game.move_count == 1

    def test_undo_and_redo_count_one_each_whatever_the_step_holds(self) -> None:
        """Easy deal 303's defect: a click sending three cards home showed 3, Undo 4, Redo 7."""
        game = Game(STANDARD, make_position(STANDARD, ["AH 5S", "2H", "KC"]))
        game.play(Move(column(0), cell(0)), autoplay=True)
        game.play(Move(column(2), cell(1)))
        assert game.move_count == 2
        game.undo()
        game.undo()
        assert game.move_count == 4
        game.redo()
        assert game.move_count == 5
        game.redo()
        assert game.move_count == 6

    def test_nothing_to_undo_or_redo_counts_nothing(self) -> None:
        game = Game.new(1, STANDARD)
        assert game.undo() is None and game.redo() is None
        assert game.move_count == 0 and not game.has_started

    def test_a_run_moved_at_once_counts_one(self) -> None:
        game = Game(STANDARD, make_position(STANDARD, ["TH", "KC 9H 8H 7H"]))
        game.play(game.find_move(column(1), column(0)))
        assert game.move_count == 1 and game.has_started


class TestUndoRedo:
    def test_undo_and_redo_restore_positions(self) -> None:
        game = Game.new(1, STANDARD)
        positions = [game.position]
        for move in (Move(cell(1), column(7)), Move(column(5), cell(4)), Move(column(0), cell(5))):
            game.play(move)
            positions.append(game.position)
        for expected in reversed(positions[:-1]):
            game.undo()
            assert game.position == expected
        assert not game.can_undo and game.can_redo
        for expected in positions[1:]:
            game.redo()
            assert game.position == expected
        assert not game.can_redo

    def test_a_new_action_clears_the_redo_tail(self) -> None:
        game = played_game()
        assert game.can_redo
        game.play(game.find_move(column(0), cell(5)))
        assert not game.can_redo and game.redo() is None

    def test_autoplay_as_a_step_of_its_own(self) -> None:
        game = Game(STANDARD, make_position(STANDARD, HEARTS_LEFT, foundations=ALL_BUT_HEARTS))
        step = game.autoplay()
        assert step is not None and len(step.moves) == 13 and game.is_won and game.move_count == 1
        assert game.autoplay() is None
        game.undo()
        assert game.position == game.start

    def test_can_finish_when_everything_can_go_home(self) -> None:
        assert Game(FREECELL, make_position(FREECELL, HEARTS_LEFT, foundations=ALL_BUT_HEARTS)).can_finish()
        blocked = ["KH QH JH TH 9H 8H 7H 6H 5H 4H 3H", "AH 2H"]
        assert not Game(FREECELL, make_position(FREECELL, blocked, foundations=ALL_BUT_HEARTS)).can_finish()

    def test_a_move_that_lets_every_card_go_home_finishes_in_its_own_step(self) -> None:
        blocked = ["KH QH JH TH 9H 8H 7H 6H 5H 4H 3H", "AH 2H"]
        game = Game(FREECELL, make_position(FREECELL, blocked, foundations=ALL_BUT_HEARTS))
        step = game.play(Move(column(1), cell(0)), autoplay=True, finish=True)
        assert game.is_won and game.move_count == 1 and len(game.done) == 1
        assert step.moves[0] == Move(column(1), cell(0)) and len(step.moves) == 14

    def test_finish_waits_while_a_card_still_blocks(self) -> None:
        blocked = ["KH QH JH TH 9H 8H 7H 6H 5H 4H 3H", "AH 2H 5C"]
        game = Game(FREECELL, make_position(FREECELL, blocked, foundations=(4, 13, 0, 13)))
        step = game.play(Move(column(1), cell(0)), autoplay=True, finish=True)
        assert len(step.moves) == 1 and not game.is_won

    def test_restarted_is_the_same_deal_fresh(self) -> None:
        game = played_game()
        again = game.restarted()
        assert again.position == again.start == game.start and again.deal_number == 1
        assert again.move_count == 0 and not again.done and not again.undone


class TestRecord:
    def test_round_trip_keeps_history_redo_tail_and_counter(self) -> None:
        game = played_game()
        game.undo()
        record = json.loads(json.dumps(game.to_record()))
        restored = Game.from_record(record)
        assert restored.position == game.position and restored.start == game.start
        assert restored.move_count == game.move_count
        assert [step.moves for step in restored.done] == [step.moves for step in game.done]
        assert [step.moves for step in restored.undone] == [step.moves for step in game.undone]
        restored.redo()
        game.redo()
        assert restored.position == game.position

    def test_round_trip_of_a_board_that_is_not_a_deal_with_takeback(self) -> None:
        rules = EASY.with_takeback(True)
        game = Game(rules, make_position(rules, HEARTS_LEFT, foundations=ALL_BUT_HEARTS))
        game.play(Move(column(2), foundation(Suit.HEARTS)))
        game.play(Move(foundation(Suit.HEARTS), cell(0)))
        restored = Game.from_record(game.to_record())
        assert restored.rules == rules and restored.deal_number is None
        assert restored.position == game.position

    @pytest.mark.parametrize(
        "change, reason",
        [
            (lambda r: r.update(version=99), "version 99"),
            (lambda r: r.pop("start"), "missing"),
            (lambda r: r.update(rules="spider"), "unknown rules"),
            (lambda r: r.update(deal=2), "not deal 2"),
            (lambda r: r["done"].append(["Move a card from stack 0 to stack 1"]), "Only"),
            (lambda r: r["done"].append(["Jump the queen"]), "fc-solve"),
            (lambda r: r["done"].append([]), "non-empty"),
        ],
    )
    def test_bad_records_say_why(self, change: object, reason: str) -> None:
        record = played_game().to_record()
        change(record)  # type: ignore[operator]
        with pytest.raises(ValueError, match=reason):
            Game.from_record(record)

    def test_not_a_dict(self) -> None:
        with pytest.raises(ValueError, match="JSON object"):
            Game.from_record([])  # type: ignore[arg-type]


def test_settle_sends_home_what_the_deal_lets_go_and_counts_no_move() -> None:
    game = Game.new(2, STANDARD)  # an Ace dealt into a cell
    aces = [card for card in game.start.cells if card is not None and card.rank == 1]
    assert aces
    step = game.settle()
    assert step is not None and all(card not in game.position.cells for card in aces)
    assert game.move_count == 0 and not game.has_started
    assert game.settle() is None  # once, before any action


def test_settle_does_nothing_once_the_player_has_acted() -> None:
    game = Game.new(2, STANDARD)
    game.play(game.legal_moves()[0])
    assert game.settle() is None


def test_the_deal_s_auto_play_is_never_undone_and_a_saved_game_remembers_it() -> None:
    game = Game.new(2, STANDARD)
    game.settle()
    assert not game.can_undo and game.at_deal and game.undo() is None and game.move_count == 0
    game.play(game.legal_moves()[0])
    assert game.can_undo and not game.at_deal
    again = Game.from_record(json.loads(json.dumps(game.to_record())))
    assert again.position == game.position and again.settled
    assert again.undo() is not None and again.undo() is None and again.at_deal
