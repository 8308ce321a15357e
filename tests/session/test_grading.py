"""The deal's grade in the session: from the shipped table or a search of its start, said only
once the game is over; and the grade ranges the Preferences row cycles through."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from eightoff.core.game import Game
from eightoff.core.outcome import Outcome
from eightoff.core.preferences import Preferences
from eightoff.core.rules import Rules
from eightoff.core.variants import EASY, FREECELL, RAGLAN, STANDARD
from eightoff.session.grading import (
    WINNABLE_CHOICES,
    deal_grade,
    grade_lines,
    grade_name,
    graded_words,
    next_winnable_choice,
    range_words,
)
from eightoff.session.session import Session
from eightoff.solver.grade import GRADES, deals_of_grade, grade_of_deal
from eightoff.solver.limits import Budget
from eightoff.solver.result import SolveResult, grade_of
from eightoff.solver.solve import solve

BUDGET = Budget()  # no time limit: the same answer on any machine
LISTED = {rules: sorted(n for grade in GRADES for n in deals_of_grade(rules.name, grade))
          for rules in (STANDARD, FREECELL, RAGLAN)}


def session_of(game: Game) -> Session:
    quiet = Preferences(autoplay=False)
    return Session(game, lambda: 0.0, preferences=quiet)  # the solver's lines carry their own auto-play


def win(session: Session) -> None:
    """Play a solver's winning line as the player's own moves."""
    result = solve(session.game.position, session.game.rules, BUDGET)
    for move in result.moves:
        if session.outcome is not None:
            break
        session.play(move)
    assert session.outcome is Outcome.WON


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(list(LISTED)).flatmap(
    lambda rules: st.tuples(st.just(rules), st.sampled_from(LISTED[rules]))))
def test_the_grade_said_after_a_win_is_the_tables(case: tuple[Rules, int]) -> None:
    rules, number = case
    session = session_of(Game.new(number, rules))
    expected = grade_of_deal(rules.name, number)
    assert expected is not None and session.facts.grade == expected
    assert graded_words(session) is None  # not before the game is over
    win(session)
    assert graded_words(session) == f"graded {grade_name(expected)}"


def test_no_grade_for_a_deal_the_table_does_not_list_until_a_search_of_its_start() -> None:
    unlisted = max(LISTED[STANDARD]) + 1
    game = Game.new(unlisted, STANDARD)
    session = session_of(game)
    assert session.facts.grade is None
    result = solve(game.start, STANDARD, BUDGET)
    after_one = game.start.apply(result.moves[0])
    session.advice.learn_grade(after_one, STANDARD, result)  # about another position: ignored
    derived = SolveResult(result.status, result.moves, 0.0, 0, 0)  # the rest of a line: no search
    session.advice.learn_grade(game.start, STANDARD, derived)
    assert session.facts.grade is None
    session.advice.learn_grade(game.start, STANDARD, result)
    assert session.facts.grade == grade_of(result) is not None
    win(session)
    assert graded_words(session) == f"graded {grade_name(grade_of(result) or '')}"


def test_a_learned_grade_survives_a_restart_but_not_a_new_deal() -> None:
    unlisted = max(LISTED[STANDARD]) + 1
    game = Game.new(unlisted, STANDARD)  # past the table: the grade can only be learned
    session = session_of(game)
    session.advice.learn_grade(game.start, STANDARD, solve(game.start, STANDARD, BUDGET))
    learned = session.facts.grade
    assert learned in GRADES
    session.restart()
    assert session.facts.grade == learned
    session.new_game(unlisted + 1)
    assert session.facts.grade is None
    session.choose_game("standard")
    session.new_game(1)
    assert session.facts.grade == grade_of_deal("standard", 1)


def test_a_game_not_calibrated_has_no_grade_after_a_search_as_its_record_has_none() -> None:
    """Easy Eight Off has no grade table: a search of its start grades nothing, so the win
    says no grade, as the statistics (which grade by the table) say none."""
    game = Game.new(617, EASY)
    session = session_of(game)
    result = solve(game.start, EASY, BUDGET)
    assert result.status == "solved"
    session.advice.learn_grade(game.start, EASY, result)
    assert session.facts.grade is None and deal_grade(EASY.name, 617) is None
    win(session)
    assert graded_words(session) is None and grade_lines(session) == []


def test_a_custom_board_has_no_grade_from_the_table() -> None:
    session = session_of(Game(STANDARD, Game.new(1, STANDARD).start, deal_number=None))  # deal 1's cards
    assert session.facts.grade is None
    session.outcome = Outcome.WON
    assert graded_words(session) is None  # unknown: nothing said


def test_the_preferences_row_visits_every_grade_range_once_and_comes_back_to_off() -> None:
    state: tuple[bool, str, str] = (False, "easy", "expert")
    seen = []
    for _press in WINNABLE_CHOICES:
        choice = next_winnable_choice(*state)
        seen.append(choice)
        state = (False, *state[1:]) if choice is None else (True, *choice)
    assert seen[-1] is None and state[0] is False
    ranges = {(GRADES[a], GRADES[b]) for a in range(len(GRADES)) for b in range(a, len(GRADES))}
    assert set(seen[:-1]) == ranges and len(seen) == len(ranges) + 1
    assert seen[0] == ("easy", "expert")  # switched on: any grade first


def test_range_words() -> None:
    assert range_words("easy", "expert") == "any grade"
    assert range_words("hard", "hard") == "Hard"
    assert range_words("hard", "easy") == "Easy to Hard"

