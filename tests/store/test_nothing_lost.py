"""Nothing is lost on a full disk, a wrong clock, a stuck lock or an odd path, and every
limit is the same everywhere. Real files on a real disk; a real full tmpfs and a real second
process holding the lock."""

from __future__ import annotations

import contextlib
import json
import os
import random
import sqlite3
import tempfile
import threading
import tracemalloc
from datetime import datetime, timezone
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from eightoff.core import limits
from eightoff.core.cards import KING, Card
from eightoff.core.deal_numbers import parse_deal_number
from eightoff.core.game import Game
from eightoff.core.position import Position
from eightoff.core.preferences import Preferences
from eightoff.core.rules import Rules
from eightoff.core.variants import EASY, STANDARD
from eightoff.session.records import replay
from eightoff.store import LOST, WON, HomeDirs, Store, clock, default_dirs
from eightoff.store.files import shown
from eightoff.userfiles import aside as aside_names
from eightoff.userfiles.aside import aside_path

from .conftest import figures, held, random_change, recent, unfinished_rows
from .disks import fill, full_disk


def started(number: int = 1, rules: Rules = STANDARD) -> Game:
    game = Game.new(number, rules)
    game.play(game.legal_moves()[0])
    return game


def one_move_from_won() -> Game:
    """Every card home but the queen and king of spades, which sit on a column: one move wins."""
    columns = ((Card.parse("KS"), Card.parse("QS")),) + ((),) * 7
    game = Game(STANDARD, Position(columns, (None,) * 8, (KING, KING, KING, KING - 2)))
    game.play(game.legal_moves()[0])
    game.undo()
    return game


def win(game: Game) -> None:
    while not game.is_won:
        game.play(game.legal_moves()[0], autoplay=True)


# ----- one set of limits -----------------------------------------------------------------------


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(number=st.one_of(st.integers(limits.FIRST_DEAL, limits.LAST_DEAL),
                        st.sampled_from([limits.FIRST_DEAL, 10**18 + 1, limits.LAST_DEAL])))
def test_a_deal_the_command_line_accepts_is_saved_resumed_counted_and_replayed(
        tmp_path: Path, number: int) -> None:
    assert parse_deal_number(str(number)) == number
    home = Path(tempfile.mkdtemp(dir=tmp_path))
    store = Store(HomeDirs(home))
    game = started(number)
    store.save_unfinished(game, 3.0)
    resumed = Store(HomeDirs(home)).load_unfinished()
    assert resumed is not None and resumed.game.deal_number == number
    assert store.record_outcome(game, LOST, 4.0)
    again = Store(HomeDirs(home))
    assert figures(again, "standard").played == 1
    assert again.overview().skipped == 0
    (finished,) = recent(again)
    assert finished.deal == number and replay(finished).deal_number == number


@pytest.mark.slow
@settings(max_examples=30, deadline=None)
@given(elapsed=st.floats(allow_nan=True, allow_infinity=True))
def test_any_clock_reading_is_saved_resumed_and_counted_within_the_limits(
        tmp_path_factory: pytest.TempPathFactory, elapsed: float) -> None:
    dirs = HomeDirs(tmp_path_factory.mktemp("home"))
    game = started(4)
    Store(dirs).save_unfinished(game, elapsed)
    resumed = Store(dirs).load_unfinished()
    assert resumed is not None and resumed.elapsed == limits.clamp_seconds(elapsed)
    assert Store(dirs).record_outcome(resumed.game, LOST, elapsed)
    (finished,) = recent(Store(dirs))
    assert finished.seconds == limits.clamp_seconds(elapsed)


def test_a_deal_past_the_last_is_refused_by_every_front_end() -> None:
    with pytest.raises(ValueError):
        parse_deal_number(str(limits.LAST_DEAL + 1))
    with pytest.raises(ValueError):
        Game.new(limits.LAST_DEAL + 1, STANDARD)


@given(requested=st.integers(0, 100_000), tasks=st.integers(1, 10**9), cores=st.integers(1, 512) | st.none())
def test_workers_never_exceed_the_tasks_the_cores_or_the_cap(
        requested: int, tasks: int, cores: int | None) -> None:
    workers = limits.worker_count(requested, tasks, cores)
    assert 1 <= workers <= min(tasks, cores or 1, limits.MAX_JOBS)
    if requested:
        assert workers <= requested


@given(width=st.integers(-(2**63), 2**63), height=st.integers(-(2**63), 2**63))
def test_a_saved_window_size_is_brought_within_the_limits(tmp_path_factory: pytest.TempPathFactory,
                                                          width: int, height: int) -> None:
    dirs = HomeDirs(tmp_path_factory.mktemp("home"))
    Store(dirs).save_preferences(Preferences(window_size=(width, height)))
    loaded = Store(dirs).load_preferences().window_size
    assert loaded == limits.clamp_window((width, height))
    assert all(limits.SMALLEST_WINDOW_SIDE <= side <= limits.LARGEST_WINDOW_SIDE for side in loaded)


# ----- nothing deleted until its replacement is written ----------------------------------------


def test_a_win_on_a_full_disk_keeps_the_game_and_is_written_once_there_is_room() -> None:
    with full_disk() as folder:
        dirs = HomeDirs(folder / "home")
        store = Store(dirs)
        game = one_move_from_won()
        store.save_unfinished(game, 10.0)
        saved = unfinished_rows(dirs)
        fill(folder)
        win(game)
        assert not store.record_outcome(game, WON, 11.0)
        assert unfinished_rows(dirs) == saved != (0, 0), "the unfinished game was deleted"
        assert store.write_problem is not None and "Cannot save" in store.write_problem
        (folder / "filler").unlink()
        store.save_unfinished(started(2), 1.0)  # the next step tries again
        assert store.write_problem is None
        again = Store(dirs)
        assert figures(again, "standard").won == 1


def test_a_write_that_failed_is_tried_again_at_close() -> None:
    with full_disk() as folder:
        dirs = HomeDirs(folder / "home")
        store = Store(dirs)
        store.load_preferences()
        store.save_unfinished(started(), 1.0)
        fill(folder)
        store.save_preferences(Preferences(four_colour=True))
        assert store.write_problem is not None
        (folder / "filler").unlink()
        store.close()
        assert store.write_problem is None
        assert Store(dirs).load_preferences().four_colour


def test_a_won_game_found_at_start_up_is_counted_and_the_player_told(dirs: HomeDirs) -> None:
    game = one_move_from_won()
    Store(dirs).save_unfinished(game, 20.0)
    win(game)
    Store(dirs).save_unfinished(game, 21.0)  # a window killed as it won left this
    store = Store(dirs)
    assert store.load_unfinished() is None
    assert any("won" in notice for notice in store.take_notices())
    assert unfinished_rows(dirs) == (0, 0)
    assert figures(Store(dirs), "standard").won == 1
    assert Store(dirs).load_unfinished() is None
    assert figures(Store(dirs), "standard").won == 1, "counted twice"


# ----- preferences merged ----------------------------------------------------------------------


def test_two_windows_keep_each_others_changes(dirs: HomeDirs) -> None:
    first, second = Store(dirs), Store(dirs)
    mine, theirs = first.load_preferences(), second.load_preferences()
    mine.four_colour = True
    first.save_preferences(mine)
    theirs.last_rules = "freecell"
    second.save_preferences(theirs)
    mine.autoplay = False
    first.save_preferences(mine)  # the first window closes last, with its stale last_rules
    loaded = Store(dirs).load_preferences()
    assert (loaded.four_colour, loaded.last_rules, loaded.autoplay) == (True, "freecell", False)


# ----- time -----------------------------------------------------------------------------------


class _Clock(datetime):
    moment = datetime(1960, 1, 1, tzinfo=timezone.utc)

    @classmethod
    def now(cls, tz: object = None) -> _Clock:  # type: ignore[override]
        return cls.moment  # type: ignore[return-value]


@pytest.mark.parametrize("moment", [datetime(1960, 1, 1, tzinfo=timezone.utc),
                                    datetime(2500, 6, 1, tzinfo=timezone.utc), None])
def test_a_wall_clock_out_of_range_records_the_game_clamped_and_flagged(
        dirs: HomeDirs, monkeypatch: pytest.MonkeyPatch, moment: datetime | None) -> None:
    class Broken(_Clock):
        @classmethod
        def now(cls, tz: object = None) -> _Clock:  # type: ignore[override]
            if moment is None:
                raise OverflowError("timestamp out of range for platform time_t")
            return moment  # type: ignore[return-value]

    monkeypatch.setattr(clock, "datetime", Broken)
    monkeypatch.setattr(aside_names, "datetime", Broken)
    store = Store(dirs)
    game = started()
    store.save_unfinished(game, 2.0)
    assert store.record_outcome(game, LOST, 3.0)
    monkeypatch.undo()
    (finished,) = recent(Store(dirs))
    assert finished.clock_clamped
    assert limits.EARLIEST <= finished.finished < limits.LATEST
    assert figures(Store(dirs), "standard").played == 1


def test_set_aside_copies_never_collide_under_a_frozen_clock(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(aside_names, "datetime", _Clock)
    path = tmp_path / "preferences.json"
    names = set()
    for number in range(3):
        path.write_text(f"bad {number}")
        aside = aside_path(path)
        os.rename(path, aside)
        names.add(aside)
    assert len(names) == 3
    assert sorted(aside.read_text() for aside in names) == ["bad 0", "bad 1", "bad 2"]


# ----- nothing blocks ---------------------------------------------------------------------------

@pytest.mark.parametrize("kind", ["write", "exclusive"])
def test_a_win_is_kept_without_waiting_while_another_process_holds_the_database(
        dirs: HomeDirs, kind: str) -> None:
    """Another process holding the database's lock (for ever, as far as the window knows):
    recording returns at once, keeps the win in memory and the unfinished game on disk, and
    writes both at the first step after the lock is let go, counted once."""
    store = Store(dirs)
    game = one_move_from_won()
    store.save_unfinished(game, 5.0)
    with held(dirs, kind) as holder:
        win(game)
        answers: list[bool] = []
        recorder = threading.Thread(target=lambda: answers.append(store.record_outcome(game, WON, 6.0)))
        recorder.start()
        recorder.join(timeout=60)
        assert answers == [False], "recording waited on the other process's lock"
        assert holder.poll() is None, "the lock was let go before the win was recorded"
        assert store.write_problem is not None
    assert unfinished_rows(dirs) != (0, 0), "the unfinished game went before its outcome was written"
    store.save_unfinished(started(2), 1.0)  # the next step writes what waited
    assert store.write_problem is None and unfinished_rows(dirs)[0] == 1
    assert figures(Store(dirs), "standard").won == 1


# ----- paths -----------------------------------------------------------------------------------


def test_a_folder_name_that_is_not_utf8_is_shown_and_works(tmp_path: Path) -> None:
    home = Path(os.fsdecode(os.fsencode(tmp_path) + b"/Jos\xe9"))
    dirs = HomeDirs(home)
    dirs.user_config_path.mkdir(parents=True)
    (dirs.user_config_path / "preferences.json").write_bytes(b"not json")
    store = Store(dirs)
    store.load_preferences()
    notices = store.take_notices()
    assert notices and all(notice.encode("utf-8") for notice in notices)
    assert "Jos\ufffd" in notices[0]
    game = started()
    store.save_unfinished(game, 1.0)
    assert store.record_outcome(game, LOST, 2.0)
    assert figures(Store(dirs), "standard").played == 1
    assert shown(home).endswith("Jos\ufffd")


def test_a_relative_eightoff_home_is_made_absolute(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("EIGHTOFF_HOME", "relative-home")
    dirs = default_dirs()
    monkeypatch.chdir("/")
    assert dirs.user_data_path == tmp_path / "relative-home" / "data"


# ----- bounded memory ---------------------------------------------------------------------------


@pytest.mark.slow
def test_reset_streams_the_games(dirs: HomeDirs) -> None:
    log = dirs.user_data_path.parent / "games.jsonl"
    log.parent.mkdir(parents=True, exist_ok=True)
    line = {"version": 1, "deal": 1, "won": True, "moves": 90, "seconds": 300.0,
            "finished": "2025-01-02T03:04:05+00:00"}
    with log.open("w") as file:
        for number in range(40_000):
            rules = "standard" if number % 2 else "easy"
            file.write(json.dumps({**line, "rules": rules, "id": f"g{number}"}) + "\n")
        file.write("a damaged line\n")
    size = log.stat().st_size
    store = Store(dirs)
    with log.open("rb") as source:
        store.import_games(source)
    assert figures(store, "easy").played == 20_000
    tracemalloc.start()
    store.reset_statistics("easy")
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < size / 4, f"reset held {peak} bytes for a {size}-byte log"
    assert figures(store, "standard").played == 20_000
    assert figures(store, "easy").played == 0


# ----- a long game is saved a step at a time -------------------------------------------------


@pytest.mark.slow
def test_each_step_of_a_long_game_writes_only_its_change_and_resumes_exactly(dirs: HomeDirs) -> None:
    store = Store(dirs)
    game = Game.new(7, STANDARD)
    rng = random.Random(18)
    changes: list[int] = []
    for number in range(600):
        random_change(game, rng)
        if not game.has_started:
            continue
        connection = store.db.connection
        assert connection is not None
        before = connection.total_changes
        store.save_unfinished(game, float(number))
        changes.append(connection.total_changes - before)
        if number % 97 == 0:
            resumed = Store(dirs).load_unfinished()
            assert resumed is not None and resumed.game.to_record() == game.to_record()
            assert resumed.elapsed == float(number)
    # A save drops the redo tail it replaces and writes the new step: never the whole history.
    assert max(changes[1:]) <= 8, "a save wrote more than the steps that changed"
    resumed = Store(dirs).load_unfinished()
    assert resumed is not None and resumed.game.to_record() == game.to_record()


def test_a_damaged_step_resumes_the_game_up_to_it_and_later_moves_are_kept(dirs: HomeDirs) -> None:
    store = Store(dirs)
    game = Game.new(9, STANDARD)
    for _move in range(3):
        game.play(game.legal_moves()[0])
        store.save_unfinished(game, 1.0)
    before = game.to_record()
    game.play(game.legal_moves()[0])
    game.play(game.legal_moves()[0])
    store.save_unfinished(game, 2.0)
    store.close()
    with contextlib.closing(sqlite3.connect(dirs.user_data_path / "games.db")) as connection, connection:
        connection.execute("UPDATE steps SET moves = '{damaged' WHERE n = 3")
    again = Store(dirs)
    resumed = again.load_unfinished()
    assert resumed is not None and resumed.game.to_record() == before
    assert any("resumes at move" in notice for notice in again.take_notices())
    resumed.game.play(resumed.game.legal_moves()[0])
    again.save_unfinished(resumed.game, 3.0)
    later = Store(dirs).load_unfinished()
    assert later is not None and later.game.to_record() == resumed.game.to_record(), "a later move was lost"


# ----- the streak rows ---------------------------------------------------------------------------


def streak_rows(dirs: HomeDirs) -> dict[str, tuple[str, int, int]]:
    with contextlib.closing(sqlite3.connect(dirs.user_data_path / "games.db")) as connection:
        return {key: (kind, length, last) for key, kind, length, last in connection.execute(
            "SELECT rules, kind, length, last_seq FROM streaks")}


def test_each_outcome_updates_the_streak_rows_in_its_own_transaction(dirs: HomeDirs) -> None:
    store = Store(dirs)
    for number in range(1, 4):
        assert store.record_outcome(started(number), LOST, 1.0)
        assert streak_rows(dirs) == {"standard": ("lost", number, number), "": ("lost", number, number)}
    store.record_outcome(started(9, EASY), WON, 2.0)
    assert streak_rows(dirs) == {"standard": ("lost", 3, 3), "easy": ("won", 1, 4), "": ("won", 1, 4)}


def test_a_streak_row_gone_is_counted_again_at_the_next_game(dirs: HomeDirs) -> None:
    store = Store(dirs)
    for number in range(1, 6):
        store.record_outcome(started(number), LOST, 1.0)
    with contextlib.closing(sqlite3.connect(dirs.user_data_path / "games.db")) as connection, connection:
        connection.execute("DELETE FROM streaks")
    again = Store(dirs)
    assert figures(again, "standard").played == 5
    again.record_outcome(started(6), LOST, 1.0)
    assert figures(again, "standard").current_streak.length == 6
