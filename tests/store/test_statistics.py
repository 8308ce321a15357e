from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

import pytest

from eightoff.core.game import Game
from eightoff.core.notation import format_board, parse_board
from eightoff.core.variants import EASY, FREECELL, STANDARD
from eightoff.store import LOST, SOLVED, WON, FinishedGame, HomeDirs, Statistics, Store, Streak
from eightoff.store.legacy import FOLDER
from eightoff.store.statistics import compute

from .conftest import played_game


def finished(won: bool, seconds: float = 60.0, moves: int = 100, rules: str = "standard") -> FinishedGame:
    return FinishedGame(rules, 1, won, moves, seconds, datetime.now(timezone.utc))


def kept_log(dirs: HomeDirs) -> Path:
    """Where the migration keeps the log of the versions before the database, untouched."""
    return dirs.user_data_path / FOLDER / "data" / "games.jsonl"


def not_moved(notices: list[str]) -> list[str]:
    """The notices but the migration's (that the old files were moved)."""
    return [notice for notice in notices if FOLDER not in notice]


def log_path(dirs: HomeDirs) -> Path:
    return dirs.user_data_path / "games.jsonl"


def test_no_games_means_zeroes(store: Store) -> None:
    figures = store.statistics("standard")
    assert figures == Statistics("standard")
    assert (figures.played, figures.lost, figures.win_percent) == (0, 0, 0.0)
    assert figures.current_streak == Streak(None, 0)
    assert store.recent_games() == []


def test_streaks_bests_and_averages() -> None:
    results = [
        finished(True, 300, 120),
        finished(True, 200, 140),
        finished(False),
        finished(False),
        finished(False),
        finished(True, 100, 160),
        finished(True, 400, 90),
        finished(True, 500, 130, rules="easy"),
    ]
    figures = compute("standard", results)
    assert (figures.played, figures.won, figures.lost) == (7, 4, 3)
    assert figures.win_percent == pytest.approx(400 / 7)
    assert figures.current_streak == Streak("won", 2)
    assert (figures.longest_winning_streak, figures.longest_losing_streak) == (2, 3)
    assert (figures.best_time, figures.fewest_moves) == (100, 90)
    assert figures.average_time == 250 and figures.average_moves == 127.5
    losing = compute("standard", [finished(True), finished(False), finished(False)])
    assert losing.current_streak == Streak("lost", 2) and losing.best_time == 60


def test_recorded_outcomes_count_per_rules(store: Store) -> None:
    store.record_outcome(played_game(1), WON, 120.5)
    store.record_outcome(played_game(2), LOST, 30)
    store.record_outcome(played_game(3, EASY), WON, 80)
    standard = store.statistics("standard")
    assert (standard.played, standard.won, standard.best_time) == (2, 1, 120.5)
    assert store.statistics("easy").won == 1
    assert store.statistics("freecell").played == 0


def test_an_unstarted_game_is_not_a_game_played(dirs: HomeDirs) -> None:
    store = Store(dirs)
    store.record_outcome(Game.new(5, STANDARD), LOST, 3)
    assert store.statistics("standard").played == 0
    assert not log_path(dirs).exists()


def test_a_game_the_solver_finished_is_solved_with_help_apart_from_wins_and_losses(store: Store) -> None:
    store.record_outcome(played_game(7), SOLVED, 50, True)
    store.record_outcome(played_game(8), SOLVED, elapsed=20)
    store.record_outcome(played_game(9), WON, elapsed=30)
    figures = store.statistics("standard")
    assert (figures.played, figures.won, figures.lost, figures.solved) == (3, 1, 0, 2)
    assert figures.current_streak == Streak("won", 1) and figures.longest_losing_streak == 0
    game = store.recent_games()[2]
    assert game.solver_finished and game.hints_used and not game.won and game.kind == SOLVED


def test_recent_games_newest_first_with_what_a_replay_needs(store: Store) -> None:
    for number in range(1, 26):
        store.record_outcome(played_game(number, moves=5), WON if number % 2 == 0 else LOST, number)
    recent = store.recent_games()
    assert [game.deal for game in recent] == list(range(25, 5, -1))
    assert len(store.recent_games(limit=None)) == 25
    newest = recent[0]
    assert (newest.rules, newest.won, newest.seconds) == ("standard", False, 25.0)
    assert newest.finished.tzinfo is not None
    assert newest.moves == played_game(25, moves=5).move_count
    assert newest.replay().position == Game.new(25, STANDARD).start
    assert [game.deal for game in store.recent_games(limit=3, rules_name="easy")] == []


def test_a_game_from_a_board_of_ones_own_is_replayable(store: Store) -> None:
    start = Game.new(11, FREECELL).start
    game = Game(FREECELL, parse_board(format_board(start), FREECELL))
    game.play(game.legal_moves()[0])
    store.record_outcome(game, LOST, 12)
    [record] = store.recent_games()
    assert record.deal is None and record.replay().start == start


def test_reset_one_variant_or_all(store: Store) -> None:
    store.record_outcome(played_game(1), WON, 1)
    store.record_outcome(played_game(2, EASY), WON, 1)
    store.reset_statistics("standard")
    assert store.statistics("standard").played == 0
    assert store.statistics("easy").played == 1
    store.record_outcome(played_game(3), LOST, 1)
    store.reset_statistics()
    assert store.recent_games(limit=None) == []
    assert store.notices == []


def write_log(dirs: HomeDirs, lines: list[str]) -> bytes:
    path = log_path(dirs)
    path.parent.mkdir(parents=True, exist_ok=True)
    content = "".join(line + "\n" for line in lines).encode("utf-8", "surrogateescape")
    path.write_bytes(content)
    return content


def good_line(deal: int, won: bool = True) -> str:
    document = {"version": 1, **finished(won).to_json(), "deal": deal}
    return json.dumps(document)


def with_values(**values: object) -> str:
    return json.dumps({**json.loads(good_line(1)), **values})


@pytest.mark.parametrize(
    "bad",
    [
        "{not json",
        '{"version": 1, "rules"',
        "[]",
        '{"rules": "standard"}',
        "\udcff\udcfe",
        "[" * 5000 + "]" * 5000,
        '{"a":' * 3000 + "1" + "}" * 3000,
        with_values(won="yes"),
        with_values(moves=-1),
        with_values(moves=2**40),
        with_values(rules="Klondike!"),
        with_values(deal=None),
        with_values(finished="yesterday"),
        with_values(finished="0001-01-01T00:00:00+00:00"),
        with_values(finished="9999-12-31T23:59:59+00:00"),
        with_values(finished="2024-05-01T10:00:00"),
        with_values(seconds=None),
        with_values(seconds=1e300),
        with_values(outcome="drawn"),
        with_values(id="not an id!"),
        good_line(1).replace('"seconds": 60.0', '"seconds": Infinity'),
        good_line(1).replace('"seconds": 60.0', '"seconds": NaN'),
        good_line(1).replace('"seconds": 60.0', '"seconds": 1e400'),
    ],
)
def test_damaged_lines_are_skipped_and_counted_and_the_log_is_kept(dirs: HomeDirs, bad: str) -> None:
    content = write_log(dirs, [good_line(1), bad, good_line(2, won=False)])
    store = Store(dirs)
    assert [game.deal for game in store.recent_games()] == [2, 1]
    assert store.overview().skipped == 1
    [notice] = not_moved(store.take_notices())
    assert "1 line of your record of finished games could not be read" in notice
    assert kept_log(dirs).read_bytes() == content
    again = Store(dirs)
    assert again.statistics("standard").played == 2 and again.overview().skipped == 1
    assert again.notices == [] and store.notices == []


def test_a_line_from_a_newer_version_is_kept_but_not_counted(dirs: HomeDirs) -> None:
    newer = json.dumps({"version": 2, "whatever": "the future holds"})
    content = write_log(dirs, [good_line(1), newer])
    store = Store(dirs)
    assert store.statistics("standard").played == 1
    store.statistics("standard")
    [notice] = not_moved(store.notices)
    assert "newer version" in notice
    store.reset_statistics()
    assert kept_log(dirs).read_bytes() == content


def test_an_empty_log_is_no_games(dirs: HomeDirs) -> None:
    write_log(dirs, [])
    store = Store(dirs)
    assert store.statistics("standard").played == 0 and not_moved(store.notices) == []


def test_a_record_cut_short_by_a_crash_is_not_glued_to_the_next(dirs: HomeDirs) -> None:
    torn = good_line(1)[:40]
    log_path(dirs).parent.mkdir(parents=True)
    log_path(dirs).write_text(good_line(3) + "\n" + torn)
    store = Store(dirs)
    store.record_outcome(played_game(2), WON, 5)
    assert [game.deal for game in store.recent_games()] == [2, 3]
    assert len(not_moved(store.notices)) == 1
