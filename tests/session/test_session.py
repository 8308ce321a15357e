"""The session driven directly, as the window drives it: outcomes, counters, clock, commands."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from eightoff.core.cards import KING, Card
from eightoff.core.game import Game, Step
from eightoff.core.outcome import Outcome
from eightoff.core.piles import Pile
from eightoff.core.position import Position
from eightoff.core.preferences import Preferences
from eightoff.core.variants import RAGLAN, STANDARD, VARIANTS
from eightoff.session.changes import Change
from eightoff.session.commands import COMMANDS, DAILY, DEAL, NEW, REDO, RESTART, UNDO
from eightoff.session.session import Session


class Clock:
    def __init__(self) -> None:
        self.time = 100.0

    def __call__(self) -> float:
        return self.time


def one_move_from_won() -> Game:
    columns = ((Card.parse("KS"),),) + ((),) * 7
    return Game(STANDARD, Position(columns, (None,) * 8, (KING, KING, KING, KING - 1)))


def try_move(session: Session, source: Pile, destination: Pile) -> Step:
    """The player's request, as the window makes it: the core finds the move (or says why not)."""
    return session.play(session.game.find_move(source, destination))


def click(session: Session, pile: Pile) -> Step | None:
    move = session.game.click_move(pile)
    return None if move is None else session.play(move)


def rules_differ(session: Session) -> bool:
    return session.preferences.rule_options(session.variant.key) != session.options()


def session_with(game: Game) -> tuple[Session, Clock, list[tuple[Change, int]]]:
    clock = Clock()
    session = Session(game, clock)
    heard: list[tuple[Change, int]] = []
    session.listeners.append(lambda change, game, step: heard.append((change, game.move_count)))
    return session, clock, heard


def test_the_win_is_told_at_the_winning_move_with_the_move_count() -> None:
    session, clock, heard = session_with(one_move_from_won())
    session.tick(True)
    try_move(session, Pile.column(0), Pile.foundation(3))
    assert heard == [(Change.MOVE, 1), (Change.WON, 1)]
    assert session.outcome is Outcome.WON and session.moves() == 1


def test_a_won_game_is_over_its_count_final_and_told_once() -> None:
    """After a win in N moves, Undo then Redo showed N + 40 while the record said N: now the game
    is over at its outcome, so every display and the record keep the one count."""
    session, clock, heard = session_with(one_move_from_won())
    try_move(session, Pile.column(0), Pile.foundation(3))
    clock.time += 5
    won_at = session.seconds()
    for _ in range(3):
        assert session.undo() is None and session.redo() is None
        assert not UNDO.enabled(session) and not REDO.enabled(session)
        session.tick(True)
        clock.time += 10
    assert session.game.is_won and session.over
    assert [change for change, _ in heard].count(Change.WON) == 1
    assert session.seconds() == won_at, "the clock stopped at the win"
    assert session.moves() == session.moves() == session.game.move_count == 1


def test_undo_and_redo_before_the_win_count_one_each_and_the_record_agrees() -> None:
    session, _, heard = session_with(one_move_from_won())
    session.set_preferences(Preferences(autoplay=False))
    try_move(session, Pile.column(0), Pile.cell(0))
    session.undo()
    session.redo()
    try_move(session, Pile.cell(0), Pile.foundation(3))
    assert session.outcome is Outcome.WON and session.moves() == 4 == session.moves()
    assert heard[-1] == (Change.WON, 4)


def test_the_step_through_solution_finishing_is_solved_with_help() -> None:
    session, _, heard = session_with(one_move_from_won())
    [last] = session.game.position.home_moves(STANDARD, safe_only=False)
    session.play(last, by_solver=True)
    assert session.outcome is Outcome.SOLVED_WITH_HELP
    assert heard[-1][0] is Change.WON


def test_a_started_game_left_for_another_is_lost_but_a_switch_keeps_it() -> None:
    session, _, heard = session_with(Game.new(3, STANDARD))
    click(session, Pile.column(0))
    assert session.leaving_loses()
    session.new_game(4)
    assert [change for change, _ in heard] == [Change.MOVE, Change.LOST, Change.NEW]
    assert session.game.deal_number == 4 and not session.leaving_loses()
    click(session, Pile.column(0))
    heard.clear()
    session.choose_game(RAGLAN.name)  # switching games keeps this one to resume
    assert [change for change, _ in heard] == [Change.NEW]
    assert session.variant.key == "raglan"


def test_an_unstarted_game_left_is_not_lost() -> None:
    session, _, heard = session_with(Game.new(3, STANDARD))
    session.restart()
    assert [change for change, _ in heard] == [Change.RESTART]


def test_the_clock_waits_for_the_first_move_and_pauses_while_hidden() -> None:
    session, clock, _ = session_with(Game.new(3, STANDARD))
    session.tick(True)
    clock.time += 50
    assert session.seconds() == 0
    click(session, Pile.column(0))
    clock.time += 5
    session.tick(False)
    clock.time += 100
    assert session.seconds() == 5


def test_a_card_taken_back_is_not_sent_home_again_until_moved() -> None:
    columns = ((Card.parse("KH"),),) + ((),) * 7
    game = Game(STANDARD.with_takeback(True), Position(columns, (None,) * 8, (0, 0, 0, 6)))
    session, _, _ = session_with(game)
    try_move(session, Pile.foundation(3), Pile.cell(0))
    assert session.game.position.cells[0] == Card.parse("6S")
    try_move(session, Pile.column(0), Pile.cell(1))  # another move: auto-play leaves 6S alone
    assert session.game.position.cells[0] == Card.parse("6S")
    assert session.game.position.foundations[3] == 5
    try_move(session, Pile.cell(0), Pile.cell(2))  # the player moves it: auto-play may take it home
    assert session.game.position.foundations[3] == 6


def test_commands_have_unique_names_and_keys_and_every_toolbar_action_runs() -> None:
    names = [command.name for command in COMMANDS]
    keys = [key for command in COMMANDS for key in command.keys]
    assert len(set(names)) == len(names) and len(set(keys)) == len(keys)
    session, _, _ = session_with(Game.new(3, STANDARD))
    assert not UNDO.enabled(session), "nothing to undo yet"
    click(session, Pile.column(0))
    before = session.game.move_count
    assert UNDO.enabled(session) and session.undo() and session.game.move_count == before + 1
    assert {command for command in COMMANDS if command.leaves_game} == {NEW, DEAL, DAILY, RESTART}


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(sorted(VARIANTS)), st.integers(1, 10**6), st.lists(st.integers(0, 999), max_size=40))
def test_random_play_keeps_one_move_count_everywhere(key: str, number: int, picks: list[int]) -> None:
    session, _, heard = session_with(Game.new(number, VARIANTS[key].rules))
    for pick in picks:
        moves = session.game.legal_moves()
        if pick % 7 == 0 and session.game.can_undo:
            session.undo()
        elif moves:
            session.play(moves[pick % len(moves)])
        if heard:
            assert heard[-1][1] == session.game.move_count
    assert session.game.position.all_cards().__len__() == 52


def test_the_session_asks_about_a_rule_only_while_the_one_chosen_differs_from_the_games() -> None:
    session, _, heard = session_with(Game.new(5, STANDARD))
    session.set_preferences(Preferences(autoplay=False))
    session.play(session.game.legal_moves()[0])
    takeback_on = session.preferences.with_option("standard", "takeback", True)
    assert session.set_preferences(takeback_on)  # a started game: ask before restarting it
    assert rules_differ(session) and not session.game.rules.foundation_takeback
    four_colour = Preferences(**{**vars(takeback_on), "four_colour": True})
    assert not session.set_preferences(four_colour)  # no rule touched: nothing to ask again
    back = four_colour.with_option("standard", "takeback", False)
    assert not session.set_preferences(back)  # the game's own rule again: nothing to ask
    assert not rules_differ(session)
    assert session.set_preferences(back.with_option("standard", "takeback", True))
    session.restart_under_chosen_rules()  # "Restart now"
    assert session.game.rules.foundation_takeback and not session.game.has_started
    assert not rules_differ(session)
    assert [change for change, _ in heard][-2:] == [Change.LOST, Change.RESTART]
