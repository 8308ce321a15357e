"""The mechanics the open games brought to the registry, each as a player meets it: building
in any suit, columns never refilled, any run moving at once, cards sent home as they are dealt,
Kings at the bottom, and the boards that break these games' rules."""

from __future__ import annotations

import pytest

from eightoff.core.cards import Card
from eightoff.core.deals import deal
from eightoff.core.errors import BoardFormatError, IllegalMove
from eightoff.core.notation import format_board, parse_board
from eightoff.core.piles import Pile
from eightoff.core.position import Position
from eightoff.core.variants import PRESETS

NUMBERS = (1, 2, 617, 11982, 32001, 123456789)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(token) for token in text.split())


def board_of(key: str, columns: list[str], foundations: tuple[int, ...] = (0, 0, 0, 0)) -> Position:
    rules = PRESETS[key]
    piles = tuple(cards(text) for text in columns) + ((),) * (rules.columns - len(columns))
    return Position(piles, (None,) * rules.cells, foundations)


def test_any_suit_building_takes_either_colour() -> None:
    position = board_of("beleaguered-castle", ["8H", "7H", "7S"])
    rules = PRESETS["beleaguered-castle"]
    assert position.find_move(rules, Pile.column(1), Pile.column(0)).count == 1
    assert position.find_move(rules, Pile.column(2), Pile.column(0)).count == 1
    with pytest.raises(IllegalMove, match="Only a 7 can go on the 8 of hearts"):
        board_of("beleaguered-castle", ["8H", "9C"]).find_move(rules, Pile.column(1), Pile.column(0))


def test_castle_runs_need_empty_columns() -> None:
    rules = PRESETS["streets-and-alleys"]
    full = board_of("streets-and-alleys", ["9H", "8C 7D", "KS", "KH", "KD", "KC", "QS", "QH"])
    with pytest.raises(IllegalMove, match="with 0 empty rows at most 1"):
        full.find_move(rules, Pile.column(1), Pile.column(0), 2)
    roomy = board_of("streets-and-alleys", ["9H", "8C 7D"])
    assert roomy.find_move(rules, Pile.column(1), Pile.column(0)).count == 2


def test_an_empty_column_stays_empty_in_bakers_dozen() -> None:
    rules = PRESETS["bakers-dozen"]
    position = board_of("bakers-dozen", ["KS QH"] + ["5D"] * 0)
    with pytest.raises(IllegalMove, match="Baker's Dozen an empty column stays empty"):
        position.find_move(rules, Pile.column(0), Pile.column(1))
    assert all(move.destination != Pile.column(1) for move in position.legal_moves(rules))


def test_relaxed_games_move_any_run_at_once() -> None:
    rules = PRESETS["relaxed-freecell"]
    run = "KS QH JC TD 9S 8H 7C 6D"
    columns = ["TH 9C", run] + ["KH", "KD", "KC", "QS", "QC", "QD"]
    position = Position(tuple(cards(text) for text in columns), cards("2C 3C 4C 5C"), (1, 0, 0, 0))
    assert position.find_move(rules, Pile.column(1), Pile.column(0)).count == 3
    with pytest.raises(IllegalMove, match="at most 1 can move"):
        position.find_move(PRESETS["freecell"], Pile.column(1), Pile.column(0))


@pytest.mark.parametrize("number", NUMBERS)
def test_citadel_sends_home_what_the_deal_can(number: int) -> None:
    position = deal(number, PRESETS["citadel"])
    castle = deal(number, PRESETS["beleaguered-castle"])
    home = sum(position.foundations)
    assert home >= 4 and sum(map(len, position.columns)) == 52 - home
    assert all(len(column) <= 6 for column in position.columns)
    assert sorted(map(str, position.all_cards())) == sorted(map(str, castle.all_cards()))


@pytest.mark.parametrize("number", NUMBERS)
def test_bakers_dozen_deals_kings_to_the_bottom(number: int) -> None:
    for column in deal(number, PRESETS["bakers-dozen"]).columns:
        ranks = [card.rank for card in column]
        kings = ranks.count(13)
        assert ranks[:kings] == [13] * kings and len(column) == 4


@pytest.mark.parametrize("number", NUMBERS)
def test_fans_short_fan_is_dealt_the_last_card(number: int) -> None:
    position = deal(number, PRESETS["fan"])
    assert [len(column) for column in position.columns] == [3] * 17 + [1]
    assert position.columns[17] == (deal(number, PRESETS["streets-and-alleys"]).columns[3][-1],)


@pytest.mark.parametrize(
    ("key", "text", "problem"),
    [
        ("bakers-dozen", "QH KS 2C 3C", "KS lies on another card"),
        ("fan", "Freecells: 2C", "fan rules have no free cells"),
        ("citadel", "2C 2C", "appears twice"),
    ],
)
def test_boards_that_break_the_rules_are_refused(key: str, text: str, problem: str) -> None:
    board = format_board(deal(5, PRESETS[key])).splitlines()
    board.insert(0, text)
    with pytest.raises(BoardFormatError, match=problem):
        parse_board("\n".join(board), PRESETS[key])


@pytest.mark.parametrize("key", ["beleaguered-castle", "fan", "bakers-dozen"])
def test_a_column_too_many_or_too_few_is_refused(key: str) -> None:
    lines = format_board(deal(5, PRESETS[key])).splitlines()
    with pytest.raises(BoardFormatError, match="columns"):
        parse_board("\n".join(lines[:-1]), PRESETS[key])
    with pytest.raises(BoardFormatError, match="more than the"):
        parse_board("\n".join([*lines, ":"]), PRESETS[key])


@pytest.mark.parametrize("key", sorted(PRESETS))
@pytest.mark.parametrize("number", [1, 617])
def test_every_deal_reads_back(key: str, number: int) -> None:
    position = deal(number, PRESETS[key])
    assert parse_board(format_board(position), PRESETS[key]) == position


def test_any_suit_autoplay_waits_for_every_lower_card() -> None:
    rules = PRESETS["beleaguered-castle"]
    assert not rules.safe_to_autoplay(Card.parse("4H"), (2, 3, 3, 3))
    assert rules.safe_to_autoplay(Card.parse("4H"), (3, 3, 3, 3))
    assert rules.safe_to_autoplay(Card.parse("2H"), (1, 1, 1, 1))
