"""The store's own files on a real disk: private whatever the umask, cleared of stale temporary
files, the database's companions checked before SQLite trusts them, and a database changed
under an open window noticed at the next save, with nothing lost."""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
import stat
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from eightoff.core.game import Game
from eightoff.core.variants import STANDARD
from eightoff.store import LOST, WON, HomeDirs, Store, database, wal_files
from tests.store.conftest import played_game
from tests.store.disks import fill, mounted


@contextlib.contextmanager
def umask(mask: int) -> Iterator[None]:
    old = os.umask(mask)
    try:
        yield
    finally:
        os.umask(old)


def mode(path: Path) -> int:
    return stat.S_IMODE(os.lstat(path).st_mode)


def finished(store: Store, count: int) -> None:
    for number in range(1, count + 1):
        game = Game.new(number, STANDARD)
        game.play(game.legal_moves()[0])
        store.record_outcome(game, WON if number % 2 else LOST, 5.0)


def resumed_moves(dirs: HomeDirs) -> int | None:
    store = Store(dirs)
    saved = store.load_unfinished()
    store.close()
    return None if saved is None else saved.game.move_count


def test_a_fresh_home_is_private_under_umask_000(dirs: HomeDirs) -> None:
    with umask(0):
        store = Store(dirs)
        assert store.acquire_instance()
        store.save_unfinished(played_game(moves=4), 1.0)
        data = dirs.user_data_path
        made = [data / "games.db", data / "games.db-wal", data / "games.db-shm",
                dirs.user_state_path / "instance.lock"]
        assert {path.name: mode(path) for path in made} == {path.name: 0o600 for path in made}
        folders = [dirs.user_config_path, data, dirs.user_state_path, dirs.user_cache_path]
        assert [mode(folder) for folder in folders] == [0o700] * 4
        store.close()


def test_a_home_an_older_version_left_open_is_made_private(dirs: HomeDirs) -> None:
    store = Store(dirs)
    finished(store, 2)
    store.close()
    dirs.user_data_path.chmod(0o755)
    (dirs.user_data_path / "games.db").chmod(0o644)
    dirs.user_config_path.chmod(0o777)
    (dirs.user_config_path / "preferences.json").write_text('{"version": 1}')
    (dirs.user_config_path / "preferences.json").chmod(0o666)
    Store(dirs).close()
    assert mode(dirs.user_data_path) == mode(dirs.user_config_path) == 0o700
    assert mode(dirs.user_data_path / "games.db") == mode(dirs.user_config_path / "preferences.json") == 0o600


def test_stale_temporary_files_of_ours_are_removed_and_nothing_else(dirs: HomeDirs) -> None:
    Store(dirs).close()
    old = time.time() - 120
    stale = [dirs.user_config_path / ".preferences.json.k2j_9x0a.tmp",
             dirs.user_state_path / ".window.json.abcdefgh.tmp",
             dirs.user_cache_path / ".faces-0a1b2c3d.part"]
    kept = [dirs.user_config_path / ".preferences.json.fresh123.tmp",  # another window writing now
            dirs.user_state_path / "notes.tmp", dirs.user_data_path / ".games.db.tmp",
            dirs.user_data_path / "games.db.corrupt-20260101-000000-000000"]
    for path in [*stale, *kept]:
        path.write_bytes(b"x")
    for path in [*stale, *kept[1:]]:
        os.utime(path, (old, old))
    Store(dirs).close()
    assert [path for path in stale if path.exists()] == []
    assert [path for path in kept if not path.exists()] == []


@pytest.mark.parametrize("odd", ["link", "folder", "fifo", "other user"])
@pytest.mark.parametrize("suffix", ["-wal", "-shm"])
def test_an_odd_companion_is_set_aside_and_saving_goes_on(dirs: HomeDirs, odd: str, suffix: str) -> None:
    store = Store(dirs)
    finished(store, 3)
    store.close()
    companion = dirs.user_data_path / f"games.db{suffix}"
    if odd == "link":
        companion.symlink_to("/dev/null")
    elif odd == "folder":
        companion.mkdir()
    elif odd == "fifo":
        os.mkfifo(companion)
    else:
        companion.write_bytes(b"")
        os.chown(companion, 65534, 65534)
    store = Store(dirs)
    game = played_game(moves=5)
    store.save_unfinished(game, 1.0)
    notices = store.take_notices()
    store.close()
    assert len(notices) == 1 and f"games.db{suffix}" in notices[0] and "kept as" in notices[0], notices
    assert [path.name for path in dirs.user_data_path.glob(f"games.db{suffix}.corrupt-*")] != []
    assert resumed_moves(dirs) == game.move_count
    assert Store(dirs).overview().summaries["standard"].statistics.played == 3


@pytest.mark.parametrize("anew", [False, True], ids=["removed", "removed and made again"])
def test_a_journal_another_process_removes_while_it_is_looked_at_is_left_alone(
        dirs: HomeDirs, monkeypatch: pytest.MonkeyPatch, anew: bool) -> None:
    """Another window's SQLite makes and removes `games.db-journal` around its transactions: one
    gone (or made again) between the look at it and the check that it can be written is in use,
    never reported as a file that cannot be written, nor renamed aside under the other window."""
    Store(dirs).close()
    journal = dirs.user_data_path / "games.db-journal"
    journal.write_bytes(b"")
    real_access, committed = os.access, list[Path]()

    def access_after_the_other_process_commits(path: Any, how: int, **options: Any) -> bool:
        if Path(path) != journal or committed:
            return real_access(path, how, **options)
        committed.append(journal)
        journal.unlink()
        answer = real_access(path, how, **options)
        if anew:
            journal.write_bytes(b"")
        return answer

    monkeypatch.setattr(wal_files.os, "access", access_after_the_other_process_commits)
    assert wal_files.odd_companion(journal) is None
    monkeypatch.undo()
    journal.unlink(missing_ok=True)
    store = Store(dirs)
    finished(store, 1)
    assert store.take_notices() == []
    store.close()


@pytest.mark.parametrize("change", ["made anew", "emptied", "removed"])
def test_a_log_another_window_changes_while_it_is_looked_at_is_left_alone(
        dirs: HomeDirs, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: str) -> None:
    """The last window to close removes its log and the next to open makes it anew, empty, and a
    checkpoint may empty it: a log that changes so between the first look at it and the read of
    its header is in use, never renamed aside as one that is not a log."""
    Store(dirs).close()
    log = dirs.user_data_path / "games.db-wal"
    with contextlib.closing(sqlite3.connect(tmp_path / "other.db", isolation_level=None)) as other:
        other.execute("PRAGMA journal_mode = wal")
        other.execute("CREATE TABLE made(n)")
        log.write_bytes((tmp_path / "other.db-wal").read_bytes())  # a live log's header and frame
    real_access, changed = os.access, list[Path]()

    def access_as_another_window_changes_the_log(path: Any, how: int, **options: Any) -> bool:
        if Path(path) == log and not changed:
            changed.append(log)
            if change == "emptied":
                os.truncate(log, 0)
            else:
                log.unlink()
                if change == "made anew":
                    log.write_bytes(b"")
        return real_access(path, how, **options)

    monkeypatch.setattr(wal_files.os, "access", access_as_another_window_changes_the_log)
    assert wal_files.set_aside_companions(dirs.user_data_path / "games.db", check_frames=False) == []
    assert changed and list(dirs.user_data_path.glob("*corrupt*")) == []


def test_a_companion_gone_before_it_is_moved_aside_is_not_reported(
        dirs: HomeDirs, monkeypatch: pytest.MonkeyPatch) -> None:
    database_path = dirs.user_data_path / "games.db"
    Store(dirs).close()
    journal = wal_files.companion(database_path, "-journal")
    journal.mkdir()  # odd: a folder

    def odd_then_removed(path: Path) -> str | None:
        if path == journal:
            journal.rmdir()
            return "a folder"
        return None

    monkeypatch.setattr(wal_files, "odd_companion", odd_then_removed)
    assert wal_files.set_aside_companions(database_path, check_frames=False) == []
    assert list(dirs.user_data_path.glob("games.db-journal*")) == []


@pytest.mark.parametrize("behind", [False, True], ids=["garbage", "garbage behind the log's magic number"])
def test_garbage_in_place_of_the_log_after_a_crash_is_kept_aside(dirs: HomeDirs, behind: bool) -> None:
    """A log whose header's checksum fails, SQLite empties as one cut short: kept aside first."""
    store = Store(dirs)
    finished(store, 2)
    store.save_unfinished(played_game(moves=4), 1.0)
    log = dirs.user_data_path / "games.db-wal"
    real = log.read_bytes()
    assert real[:4] in (b"\x37\x7f\x06\x82", b"\x37\x7f\x06\x83")
    garbage = real[:8] * behind + b"garbage " * 100
    log.write_bytes(garbage)  # the window killed, its log swapped
    store = Store(dirs)
    store.load_unfinished()
    notices = store.take_notices()
    store.close()
    assert any("not a write-ahead log" in notice and "kept as" in notice for notice in notices), notices
    [aside] = dirs.user_data_path.glob("games.db-wal.corrupt-*")
    assert aside.read_bytes() == garbage


def test_a_database_moved_and_copied_back_under_a_window_gets_the_later_moves(dirs: HomeDirs) -> None:
    store = Store(dirs)
    finished(store, 2)
    game = played_game(moves=4)
    store.save_unfinished(game, 1.0)
    database = dirs.user_data_path / "games.db"
    os.rename(database, dirs.user_data_path.parent / "moved.db")
    shutil.copy(dirs.user_data_path.parent / "moved.db", database)
    store.take_notices()
    for move in game.legal_moves()[:1] * 1:
        game.play(move)
    store.save_unfinished(game, 2.0)
    [notice] = store.take_notices()
    assert "moved or replaced" in notice
    assert os.stat(database).st_ino != os.stat(dirs.user_data_path.parent / "moved.db").st_ino
    store.close()
    assert resumed_moves(dirs) == game.move_count


def test_a_database_deleted_under_a_window_is_written_back_whole(dirs: HomeDirs) -> None:
    store = Store(dirs)
    finished(store, 4)
    game = played_game(moves=6)
    store.save_unfinished(game, 1.0)
    os.unlink(dirs.user_data_path / "games.db")
    game.play(game.legal_moves()[0])
    store.save_unfinished(game, 2.0)
    [notice] = store.take_notices()
    assert "deleted" in notice
    store.close()
    assert mode(dirs.user_data_path / "games.db") == 0o600
    assert resumed_moves(dirs) == game.move_count
    assert Store(dirs).overview().summaries["standard"].statistics.played == 4


@pytest.mark.parametrize("swap", ["deleted", "swapped"])
def test_a_log_removed_under_a_window_loses_no_move_at_a_kill(dirs: HomeDirs, tmp_path: Path,
                                                              swap: str) -> None:
    store = Store(dirs)
    finished(store, 3)
    game = played_game(moves=6)
    store.save_unfinished(game, 1.0)
    log = dirs.user_data_path / "games.db-wal"
    assert log.stat().st_size > 0  # the moves are in the log, not yet in the database
    os.unlink(log)
    if swap == "swapped":
        log.write_bytes(b"not a log")
    game.play(game.legal_moves()[0])
    store.save_unfinished(game, 2.0)
    [notice] = store.take_notices()
    assert "log" in notice and ("kept as" in notice) == (swap == "swapped")
    # A kill now leaves only what is on disk: copy it, as the next start would find it.
    after_kill = HomeDirs(tmp_path / "after")
    shutil.copytree(dirs.user_data_path, after_kill.user_data_path)
    assert resumed_moves(after_kill) == game.move_count
    assert Store(after_kill).overview().summaries["standard"].statistics.played == 3
    store.close()
    if swap == "swapped":
        [aside] = dirs.user_data_path.glob("games.db-wal.corrupt-*")
        assert aside.read_bytes() == b"not a log"


def test_reading_the_database_with_sqlite_itself_agrees(dirs: HomeDirs) -> None:
    """The file the window rewrote after a deletion is a sound database to SQLite's own check."""
    store = Store(dirs)
    finished(store, 2)
    os.unlink(dirs.user_data_path / "games.db")
    store.save_unfinished(played_game(moves=3), 1.0)
    store.close()
    with contextlib.closing(sqlite3.connect(dirs.user_data_path / "games.db")) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert connection.execute("SELECT count(*) FROM games").fetchone() == (2,)


def first_schema(path: Path, count: int) -> None:
    """A games.db of the first schema holding `count` finished games."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with contextlib.closing(sqlite3.connect(path, isolation_level=None)) as connection:
        for statement in database.MIGRATIONS[0]:
            assert isinstance(statement, str)
            connection.execute(statement)
        connection.execute("PRAGMA user_version = 1")
        connection.executemany(
            "INSERT INTO games(id, rules, deal, outcome, moves, seconds, finished, hints, solver, "
            "takeback, options, clamped) VALUES (?, 'standard', 1, 'won', 40, 100.0, "
            "'2025-01-02T03:04:05+00:00', 0, 0, 0, ?, 0)",
            ((f"game{number:08d}", "x" * 100) for number in range(count)))


def test_a_disk_too_full_to_migrate_is_not_filled_further_at_each_start() -> None:
    with mounted("-t", "tmpfs", "-o", "size=8m", "tmpfs") as disk:
        dirs = HomeDirs(disk / "home")
        path = dirs.user_data_path / "games.db"
        first_schema(path, 4000)
        size = path.stat().st_size
        assert size > 600_000  # the migration needs twice as much again, and more
        fill(disk)
        (disk / "filler").write_bytes((disk / "filler").read_bytes()[:-1_000_000])
        for _start in range(3):
            store = Store(dirs)
            store.load_unfinished()
            notices = store.take_notices()
            store.close()
            assert any("too full to bring your games up to date" in notice for notice in notices), notices
        assert not (dirs.user_data_path / "games.db-wal").exists() or \
            os.path.getsize(dirs.user_data_path / "games.db-wal") < 100_000
        (disk / "filler").unlink()
        assert Store(dirs).overview().summaries["standard"].statistics.played == 4000
