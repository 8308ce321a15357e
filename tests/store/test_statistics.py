"""The figures and the recent games, driven through what the session and `eightoff stats` call,
on a real database: counts, streaks in the order played, the grade recorded, the moves kept for
the newest games, and games of JSON lines (this version's export or an older games log)."""

from __future__ import annotations

import io
import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from eightoff.core.game import Game
from eightoff.core.notation import format_board, parse_board
from eightoff.core.variants import EASY, FREECELL, STANDARD
from eightoff.session.records import replay
from eightoff.store import LOST, SOLVED, WON, HomeDirs, Store, Streak
from eightoff.store.exchange import Imported
from eightoff.store.games import KEPT_MOVES

from .conftest import figures, newer_database, played_game, recent


def old_line(deal: int, won: bool = True, when: str = "2025-01-02T03:04:05+00:00", **values: object) -> str:
    """A line of games.jsonl as the versions before the database wrote it."""
    return json.dumps({"version": 1, "rules": "standard", "deal": deal, "won": won, "moves": 100,
                       "seconds": 60.0, "finished": when, "id": f"old{deal}", **values})


def imported(store: Store, lines: list[str]) -> Imported:
    content = "".join(line + "\n" for line in lines).encode("utf-8", "surrogateescape")
    found = store.import_games(io.BytesIO(content))
    assert found is not None
    return found


def test_no_games_means_zeroes(store: Store) -> None:
    numbers = figures(store, "standard")
    assert (numbers.played, numbers.lost, numbers.win_percent) == (0, 0, 0.0)
    assert numbers.current_streak == Streak(None, 0)
    assert recent(store) == []


def test_streaks_bests_and_averages(store: Store) -> None:
    for number, (outcome, seconds) in enumerate([(WON, 300), (WON, 200), (LOST, 9), (LOST, 9), (LOST, 9),
                                                 (WON, 100), (WON, 400)], start=1):
        assert store.record_outcome(played_game(number, moves=6), outcome, seconds)
    store.record_outcome(played_game(9, EASY), WON, 500)
    numbers = figures(store, "standard")
    assert (numbers.played, numbers.won, numbers.lost) == (7, 4, 3)
    assert numbers.win_percent == pytest.approx(400 / 7)
    assert numbers.current_streak == Streak(WON, 2)
    assert (numbers.longest_winning_streak, numbers.longest_losing_streak) == (2, 3)
    assert numbers.best_time == 100 and numbers.average_time == 250
    together = store.overview().together.statistics
    assert together.current_streak == Streak(WON, 3)  # a streak runs on from one game to another


def test_an_unstarted_game_is_not_a_game_played(store: Store) -> None:
    store.record_outcome(Game.new(5, STANDARD), LOST, 3)
    assert figures(store, "standard").played == 0


def test_a_game_the_solver_finished_is_solved_with_help_apart_from_wins_and_losses(store: Store) -> None:
    store.record_outcome(played_game(7), SOLVED, 50, True)
    store.record_outcome(played_game(8), SOLVED, elapsed=20)
    store.record_outcome(played_game(9), WON, elapsed=30)
    numbers = figures(store, "standard")
    assert (numbers.played, numbers.won, numbers.lost, numbers.solved) == (3, 1, 0, 2)
    assert numbers.current_streak == Streak(WON, 1) and numbers.longest_losing_streak == 0
    game = recent(store)[2]
    assert game.hints_used and game.outcome == SOLVED


def test_recent_games_newest_first_with_what_a_replay_needs(store: Store) -> None:
    for number in range(1, 26):
        store.record_outcome(played_game(number, moves=5), WON if number % 2 == 0 else LOST, number)
    games = recent(store)
    assert [game.deal for game in games] == list(range(25, 5, -1))
    newest = games[0]
    assert (newest.rules, newest.outcome, newest.seconds) == ("standard", LOST, 25.0)
    assert newest.finished.tzinfo is not None
    assert newest.moves == played_game(25, moves=5).move_count
    assert replay(newest).position == Game.new(25, STANDARD).start
    assert recent(store, rules="easy") == []


def test_a_game_from_a_board_of_ones_own_is_replayable(store: Store) -> None:
    start = Game.new(11, FREECELL).start
    game = Game(FREECELL, parse_board(format_board(start), FREECELL))
    game.play(game.legal_moves()[0])
    store.record_outcome(game, LOST, 12)
    [record] = recent(store)
    assert record.deal is None and replay(record).start == start


def test_reset_one_game_or_all(store: Store) -> None:
    store.record_outcome(played_game(1), WON, 1)
    store.record_outcome(played_game(2, EASY), WON, 1)
    store.reset_statistics("standard")
    assert figures(store, "standard").played == 0
    assert figures(store, "easy").played == 1
    store.record_outcome(played_game(3), LOST, 1)
    store.reset_statistics()
    assert recent(store) == [] and figures(store, "easy").current_streak == Streak(None, 0)
    assert store.take_notices() == []


def test_the_grade_recorded_is_the_grade_counted_and_exported(store: Store) -> None:
    store.record_outcome(played_game(1), WON, 10, grade="hard")
    store.record_outcome(played_game(2), LOST, 10, grade="hard")
    store.record_outcome(played_game(3), WON, 10)
    by_grade = store.overview(lambda key, deal: "easy" if deal == 3 else None).summaries["standard"].by_grade
    assert by_grade == {"hard": (2, 1), "easy": (1, 1)}
    out = io.BytesIO()
    assert store.export_games(out) == 3
    assert [json.loads(line).get("grade") for line in out.getvalue().splitlines()] == ["hard", "hard", None]


def test_the_moves_of_exactly_the_newest_games_are_kept(store: Store) -> None:
    """The boundary: the newest KEPT_MOVES games as played can be watched, the one before not."""
    ids = []
    for number in range(KEPT_MOVES + 1):
        game = played_game(1 + number % 7, moves=3)
        ids.append(store.game_id(game))
        assert store.record_outcome(game, LOST, 1.0)
    assert store.finished_moves(ids[0]) is None
    assert store.finished_moves(ids[1]) is not None and store.finished_moves(ids[-1]) is not None


def test_streaks_and_recent_games_follow_when_played_not_when_recorded(store: Store) -> None:
    """Older games imported after today's: today's stays the newest, and the streak is
    counted by date (four old wins, then today's win: five)."""
    store.record_outcome(played_game(9), WON, 5)
    days = [f"2025-01-0{day}T10:00:00+00:00" for day in range(1, 6)]
    found = imported(store, [old_line(number, won=number != 1, when=day)
                             for number, day in enumerate(days, 1)])
    assert found.added == 5
    assert recent(store)[0].deal == 9 and [game.deal for game in recent(store)[1:]] == [5, 4, 3, 2, 1]
    assert figures(store, "standard").current_streak == Streak(WON, 5)
    assert store.overview().together.statistics.current_streak == Streak(WON, 5)


def test_an_import_skips_the_future_and_twice_and_keeps_the_same_second(store: Store) -> None:
    future = (datetime.now(timezone.utc) + timedelta(days=30)).isoformat()
    same = "2025-02-02T02:02:02+00:00"
    found = imported(store, [old_line(1, when=same), old_line(2, when=same, won=False),
                             old_line(1, when=same), old_line(3, when=future), "{not json"])
    assert (found.added, found.twice, found.future, found.unreadable) == (2, 1, 1, 1)
    assert [game.deal for game in recent(store)] == [2, 1]  # the same second: in the order given
    assert figures(store, "standard").current_streak == Streak(LOST, 1)


@pytest.mark.parametrize("bad", [
    "{not json", '{"version": 1, "rules"', "[]", '{"rules": "standard"}', "\udcff\udcfe",
    "[" * 5000 + "]" * 5000, '{"a":' * 3000 + "1" + "}" * 3000,
    old_line(1, won="yes"), old_line(1, moves=-1), old_line(1, moves=2**40), old_line(1, rules="Klondike!"),
    json.dumps({**json.loads(old_line(1)), "deal": None}), old_line(1, finished="yesterday"),
    old_line(1, finished="0001-01-01T00:00:00+00:00"),
    old_line(1, finished="2024-05-01T10:00:00"), old_line(1, seconds=None), old_line(1, seconds=1e300),
    old_line(1, outcome="drawn"), old_line(1, id="not an id!"), old_line(1).replace("60.0", "Infinity"),
    old_line(1).replace("60.0", "NaN"), old_line(1).replace("60.0", "1e400"),
])
def test_damaged_lines_are_skipped_and_counted(store: Store, bad: str) -> None:
    found = imported(store, [old_line(1), bad, old_line(2, won=False)])
    assert (found.added, found.unreadable) == (2, 1)
    assert [game.deal for game in recent(store)] == [2, 1]


def test_a_line_from_a_newer_version_is_not_counted(store: Store) -> None:
    found = imported(store, [old_line(1), json.dumps({"version": 3, "whatever": "the future holds"})])
    assert (found.added, found.newer) == (1, 1)


def test_an_export_imports_into_another_home_as_it_was(store: Store, dirs: HomeDirs) -> None:
    store.record_outcome(played_game(1), WON, 10, daily=datetime(2025, 3, 3).date(), par=40, grade="easy")
    store.record_outcome(played_game(2, EASY), SOLVED, 12)
    out = io.BytesIO()
    assert store.export_games(out) == 2
    other = Store(HomeDirs(dirs.user_data_path.parent / "other"))
    found = other.import_games(io.BytesIO(out.getvalue()))
    assert found is not None and found.added == 2
    assert recent(other) == recent(store)


def test_a_reset_of_a_newer_versions_database_is_refused_and_said(tmp_path: Path) -> None:
    newer_database(tmp_path / "home")
    store = Store(HomeDirs(tmp_path / "home"))
    assert store.newer and len(store.take_notices()) == 1  # said as it opened
    assert not store.reset_statistics()
    assert store.take_notices() == ["Your statistics were not reset: the games database is from a newer "
                                    "version of Eight Off. Nothing was forgotten; you can try again."]
