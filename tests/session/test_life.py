"""A game's whole life through the session alone (no pygame): opened, played, switched, resumed,
advised, won and recorded, against a real store on a temporary folder and a real solver worker.

Each defect the lifecycle issue listed has a test here that failed on the code before it.
"""

from __future__ import annotations

import contextlib
import dataclasses
import itertools
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from eightoff.core.game import Game, GameView
from eightoff.core.outcome import Outcome
from eightoff.core.piles import PileKind
from eightoff.core.preferences import Preferences
from eightoff.core.variants import VARIANTS
from eightoff.session.advisor import Advice, Advisor, CannotBeWon, Notice, ShowHint
from eightoff.session.records import recent_game, rules_of
from eightoff.session.session import Session, state_of
from eightoff.session.start import open_session
from eightoff.solver.limits import Budget
from eightoff.solver.solve import solve
from eightoff.store import HomeDirs, Store


class Clock:
    def __init__(self) -> None:
        self.time = 500.0

    def __call__(self) -> float:
        return self.time


def open_at(home: Path, advisor: Advisor | None = None, **asked: object) -> Session:
    """What the window does on start, minus the window: the previous one counts as gone."""
    session = open_session(Clock(), store=Store(HomeDirs(home)), advisor=advisor, **asked)  # type: ignore[arg-type]
    return session


def gone(session: Session) -> None:
    """The window was killed: nothing more is saved, and its lock is free."""
    assert session.books.keeper is not None
    session.books.keeper.close()


@pytest.fixture
def home(tmp_path: Path) -> Path:
    Store(HomeDirs(tmp_path)).save_preferences(Preferences(autoplay=False))
    return tmp_path


def first_move_off(session: Session, kind: PileKind | None = None) -> None:
    """Make the first legal move (to a pile of `kind`, if given)."""
    moves = [move for move in session.game.legal_moves() if kind is None or move.destination.kind is kind]
    session.play(moves[0])


def test_the_session_hands_out_a_read_only_game(home: Path) -> None:
    session = open_at(home, deal=5)
    view = session.game
    assert isinstance(view, GameView) and not isinstance(view, Game)
    with pytest.raises(AttributeError):
        view.rules = view.rules  # type: ignore[misc]
    assert not hasattr(view, "play") and not hasattr(view, "undo")
    assert isinstance(view.done, tuple)
    gone(session)


def test_a_game_taken_back_under_a_rule_later_switched_off_resumes(home: Path) -> None:
    """Deal 303: A♦ home, take-back on, 3♦... taken back, take-back off, quit: the next start set
    the game aside because its moves no longer replayed. The rule is the game's own now."""
    session = open_at(home, key="standard", deal=303)
    asked = session.set_preferences(session.preferences.with_option("standard", "takeback", True))
    assert not asked  # no move yet: dealt again under it, nothing to ask
    assert session.game.rules.foundation_takeback
    home_moves = [move for move in session.game.legal_moves() if move.destination.kind is PileKind.FOUNDATION]
    session.play(home_moves[0])
    back = [move for move in session.game.legal_moves() if move.source.kind is PileKind.FOUNDATION]
    session.play(back[0])
    assert session.set_preferences(session.preferences.with_option("standard", "takeback", False))
    # the player is asked; until they say so, the rule waits for the next deal: this game keeps it
    assert session.game.rules.foundation_takeback
    assert not session.preferences.rule_options("standard")["takeback"]
    played = [step.moves for step in session.game.done]
    session.close()
    again = open_at(home)
    assert again.game.deal_number == 303 and [step.moves for step in again.game.done] == played
    assert again.options()["takeback"] and again.books.keeper is not None
    assert again.books.keeper.take_notices() == []
    gone(again)


def test_a_raglan_game_with_every_card_face_up_resumes(home: Path) -> None:
    """The saved record had no options, so the face-up deal was set aside as "not deal 5"."""
    session = open_at(home, key="raglan", deal=5, choices={"face_up": True})
    assert not session.game.rules.face_down
    first_move_off(session)
    session.close()
    again = open_at(home, key="raglan")
    assert again.game.deal_number == 5 and again.game.move_count == 1
    assert again.options()["face_up"] and again.books.keeper is not None
    assert again.books.keeper.take_notices() == []
    gone(again)


def test_a_deal_chosen_by_number_survives_a_switch_and_back(home: Path) -> None:
    """Ctrl+D 202 in Raglan, FreeCell and back: a random Raglan deal showed."""
    session = open_at(home, key="raglan")
    session.new_game(202)
    session.choose_game("freecell")
    assert session.game.rules.name == "freecell"
    session.choose_game("raglan")
    assert session.game.deal_number == 202 and session.game.move_count == 0
    gone(session)


def test_leaving_a_started_game_records_it_lost_once_and_switching_keeps_it(home: Path) -> None:
    session = open_at(home, key="standard", deal=7)
    first_move_off(session)
    session.choose_game("easy")
    session.choose_game("standard")
    assert session.game.deal_number == 7 and session.game.move_count == 1  # kept, not lost
    session.restart()
    store = Store(HomeDirs(home))
    assert [(game.deal, game.outcome) for game in store.overview().recent] == [(7, Outcome.LOST)]
    session.restart()  # no move made: nothing to count
    assert store.overview().summaries["standard"].statistics.played == 1
    gone(session)


def test_a_win_is_recorded_with_the_one_move_count_and_the_game_is_over(home: Path) -> None:
    session = open_at(home, key="standard", deal=1)
    line = solve(session.game.position, session.game.rules, Budget()).moves
    session.play(line[0])
    session.undo()
    session.redo()
    for move in line[1:]:
        session.play(move, by_solver=False)
    assert session.outcome is Outcome.WON and session.over
    assert session.undo() is None and session.moves() == len(line) + 2
    [record] = Store(HomeDirs(home)).overview().recent
    assert record.moves == session.moves() == state_of(session)["moves"]
    assert record.grade == session.facts.grade == "hard"  # the grade shown is the grade kept
    summary = Store(HomeDirs(home)).overview().summaries["standard"]
    assert summary.by_grade == {"hard": (1, 1)}
    assert Store(HomeDirs(home)).load_unfinished() is None
    gone(session)


@pytest.fixture
def advised(home: Path) -> Iterator[tuple[Session, list[Advice], threading.Event]]:
    woken = threading.Event()
    heard: list[Advice] = []
    session = open_at(home, advisor=Advisor(), key="standard", deal=465)
    session.advice.listeners.append(heard.append)
    session.advice.start(woken.set)
    yield session, heard, woken
    session.close()


def wait_for(session: Session, woken: threading.Event, done: object) -> None:
    for _ in range(600):
        if callable(done) and done():
            return
        woken.wait(0.2)
        woken.clear()
        session.advice.poll()
    raise AssertionError("the solver's answer never came")


def test_a_deal_lost_from_the_start_says_so_through_the_real_worker(
        advised: tuple[Session, list[Advice], threading.Event]) -> None:
    session, heard, woken = advised
    wait_for(session, woken, lambda: session.advice.indicator() != "thinking…")
    assert session.advice.indicator() == "cannot be won"
    assert state_of(session)["winnable"] == "cannot be won"
    session.advice.hint()
    wait_for(session, woken, lambda: any(isinstance(advice, CannotBeWon) for advice in heard))
    assert [advice for advice in heard if isinstance(advice, CannotBeWon)] == [CannotBeWon(from_start=True)]


def test_a_hint_through_the_real_worker_is_a_legal_move(home: Path) -> None:
    woken = threading.Event()
    heard: list[Advice] = []
    session = open_at(home, advisor=Advisor(), key="freecell", deal=1)
    session.advice.listeners.append(heard.append)
    session.advice.start(woken.set)
    session.advice.hint()
    wait_for(session, woken, lambda: any(isinstance(advice, ShowHint) for advice in heard))
    [hint] = [advice for advice in heard if isinstance(advice, ShowHint)]
    assert hint.move in session.game.legal_moves()
    session.close()


GAMES_AND_OPTIONS = [
    (key, dict(zip([option.key for option in variant.options], values, strict=True)))
    for key, variant in VARIANTS.items()
    for values in itertools.product((False, True), repeat=len(variant.options))
]
"""Every registered game with every combination of its rule options."""


@pytest.mark.slow
@settings(max_examples=len(GAMES_AND_OPTIONS) * 2, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(GAMES_AND_OPTIONS), st.integers(1, 32000), st.lists(st.integers(0, 99), max_size=12))
def test_every_game_with_every_option_saves_and_resumes_exactly(
        tmp_path_factory: pytest.TempPathFactory, case: tuple[str, dict[str, bool]], number: int,
        picks: list[int]) -> None:
    home = tmp_path_factory.mktemp("home")
    key, choices = case
    session = open_at(home, key=key, deal=number, choices=choices)
    assert session.options() == choices
    for pick in picks:
        moves = session.game.legal_moves()
        if not moves or session.over:
            break
        if pick % 5 == 0 and session.game.can_undo:
            session.undo()
        else:
            session.play(moves[pick % len(moves)])
    before = (session.game.position, [step.moves for step in session.game.done], session.moves())
    if session.over:
        session.close()
        return
    session.close()
    again = open_at(home, key=key)
    assert again.options() == choices
    assert (again.game.position, [step.moves for step in again.game.done], again.moves()) == before
    gone(again)


def test_a_saved_game_with_an_option_its_game_does_not_have_is_set_aside(home: Path) -> None:
    session = open_at(home, key="freecell", deal=3)
    first_move_off(session)
    session.close()
    with contextlib.closing(sqlite3.connect(Path(home) / "data" / "games.db")) as connection, connection:
        connection.execute("UPDATE unfinished SET start = CAST(replace(CAST(start AS TEXT), '\"options\":{', "
                           "'\"options\":{\"face_up\":true,') AS BLOB) WHERE rules = 'freecell'")
    again = open_at(home, key="freecell")
    assert again.books.keeper is not None
    notices = " ".join(again.books.keeper.take_notices())
    assert "face_up" in notices and "kept in the database" in notices
    assert again.game.move_count == 0
    with contextlib.closing(sqlite3.connect(Path(home) / "data" / "games.db")) as connection:
        assert connection.execute("SELECT count(*) FROM kept WHERE what = 'unfinished'").fetchone()[0] == 1
    gone(again)


def test_the_log_keeps_a_games_options_and_play_again_deals_it_under_them(home: Path) -> None:
    session = open_at(home, key="raglan", deal=9, choices={"face_up": True})
    first_move_off(session)
    session.new_game(10)  # left: logged lost, with its options
    [record] = Store(HomeDirs(home)).overview().recent
    assert record.options == "face_up,takeback" and not rules_of(record).face_down
    session.play_again(recent_game(record))
    assert session.game.deal_number == 9 and session.options()["face_up"] and session.game.move_count == 0
    gone(session)


def test_play_again_on_a_line_with_an_unknown_option_is_refused_with_the_reason(home: Path) -> None:
    heard: list[Advice] = []
    session = open_at(home, key="freecell", deal=4)
    session.advice.listeners.append(heard.append)
    first_move_off(session)
    session.new_game(5)
    [record] = Store(HomeDirs(home)).overview().recent
    newer = msgspec.structs.replace(record, options="gravity")
    session.play_again(recent_game(newer))
    assert session.game.deal_number == 5
    assert [advice.text for advice in heard if isinstance(advice, Notice)] == [
        "That game cannot be played again here: FreeCell has no rule option gravity (its options: takeback)"]
    gone(session)


def test_a_logged_game_with_an_unknown_option_says_which_when_it_cannot_be_played_again(home: Path) -> None:
    session = open_at(home, key="freecell", deal=4)
    first_move_off(session)
    session.new_game(5)
    [record] = Store(HomeDirs(home)).overview().recent
    assert recent_game(record).problem is None
    assert recent_game(msgspec.structs.replace(record, options="gravity")).problem == (
        "FreeCell has no rule option gravity (its options: takeback)")
    gone(session)


def test_a_game_this_version_does_not_know_is_kept_and_eight_off_opens(home: Path) -> None:
    """A later version's game, met after a downgrade: its unfinished game stays as it is for
    that version, the window opens on the default game, and one line says why."""
    session = open_at(home, key="freecell", deal=3)
    first_move_off(session)
    session.close()
    with contextlib.closing(sqlite3.connect(Path(home) / "data" / "games.db")) as connection, connection:
        connection.execute("UPDATE unfinished SET rules = 'spider' WHERE rules = 'freecell'")
    store = Store(HomeDirs(home))
    store.save_preferences(dataclasses.replace(store.load_preferences(), last_rules="spider"))
    again = open_at(home)
    heard: list[Advice] = []
    again.advice.listeners.append(heard.append)
    again.books.tell_notices()  # as the window does once it listens
    [notice] = [advice.text for advice in heard if isinstance(advice, Notice)]
    assert "does not know (spider)" in notice and "Eight Off opens instead" in notice
    assert again.game.rules.name == "standard"
    again.close()
    with contextlib.closing(sqlite3.connect(Path(home) / "data" / "games.db")) as connection:
        assert connection.execute("SELECT count(*) FROM unfinished WHERE rules = 'spider'").fetchone()[0] == 1
