"""games.db itself: a newer version's database left alone, a damaged one set aside with what
can be read salvaged, damage found by use, the migration of the first schema (in one
transaction, a crash midway leaving nothing half-done, every row kept), and private folders
under any umask. Real files on a real disk."""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from eightoff.core.game import Game
from eightoff.core.notation import format_move
from eightoff.core.variants import EASY
from eightoff.store import LOST, WON, HomeDirs, Store, database
from eightoff.store.unfinished import history

from .conftest import figures, played_game, recent


def games_in(dirs: HomeDirs, count: int) -> Store:
    store = Store(dirs)
    for number in range(1, count + 1):
        assert store.record_outcome(played_game(number, moves=4), WON if number % 3 else LOST, float(number))
    store.close()
    return store


def database_path(dirs: HomeDirs) -> Path:
    return dirs.user_data_path / "games.db"


def test_a_newer_database_is_left_alone_and_nothing_is_recorded(tmp_path: Path) -> None:
    dirs = HomeDirs(tmp_path)
    games_in(dirs, 3)
    with contextlib.closing(sqlite3.connect(database_path(dirs))) as connection:
        connection.execute(f"PRAGMA user_version = {database.VERSION + 1}")
    before = database_path(dirs).read_bytes()
    store = Store(dirs)
    assert figures(store, "standard").played == 0
    game = played_game(9)
    store.save_unfinished(game, 1.0)
    assert not store.record_outcome(game, WON, 2.0)
    [notice] = store.take_notices()
    assert "newer version" in notice and "without recording" in notice
    assert store.write_problem is None
    store.close()
    assert database_path(dirs).read_bytes() == before
    assert not list(dirs.user_data_path.glob("games.db.corrupt-*[0-9]"))


FORMAT_VERSIONS = {"a write version SQLite never writes": 18, "a read version SQLite never reads": 19}
ABSURD_VERSIONS = {"a schema version no release reaches": b"\x01", "a negative schema version": b"\x80"}
"""The first byte of the header's `user_version` (offset 60, big-endian), as one damaged byte
sets it: far past any later version's number, or below zero."""


@pytest.mark.parametrize("how", ["cut in half", "garbage", "a page zeroed", *FORMAT_VERSIONS,
                                 *ABSURD_VERSIONS])
def test_a_damaged_database_is_set_aside_and_its_readable_games_kept(tmp_path: Path, how: str) -> None:
    """A header byte naming a newer write version leaves every game readable while SQLite
    refuses every save, and a newer read version hides every game: salvaged whole (from a copy
    whose byte is mended), never taken for a read-only folder."""
    dirs = HomeDirs(tmp_path)
    games_in(dirs, 300)
    path = database_path(dirs)
    good = path.read_bytes()
    if how == "cut in half":
        damaged = good[:len(good) // 2]
    elif how == "garbage":
        damaged = os.urandom(len(good))
    elif how == "a page zeroed":
        damaged = good[:8192] + bytes(4096) + good[12288:]
    elif how in FORMAT_VERSIONS:
        byte = FORMAT_VERSIONS[how]
        damaged = good[:byte] + b"\x03" + good[byte + 1:]
    else:
        damaged = good[:60] + ABSURD_VERSIONS[how] + good[61:]
    path.write_bytes(damaged)
    store = Store(dirs)
    played = figures(store, "standard").played
    [notice] = [notice for notice in store.take_notices() if "could not be read" in notice]
    [aside] = dirs.user_data_path.glob("games.db.corrupt-*[0-9]")
    assert aside.read_bytes() == damaged and str(aside) in notice
    assert f"{played} games" in notice
    if how != "garbage":
        assert played > 0, "no game salvaged from a database half whole"
    if how in ABSURD_VERSIONS:
        assert played == 300 and "version number" in notice
    if how in FORMAT_VERSIONS:
        assert played == 300 and "file format" in notice
        assert [path.name for path in dirs.user_data_path.iterdir() if "readable" in path.name] == []
    assert store.record_outcome(played_game(999), WON, 1.0)
    assert figures(Store(dirs), "standard").played == played + 1


def test_games_only_in_the_log_of_a_file_of_an_unknown_read_version_are_salvaged(tmp_path: Path) -> None:
    """Copied while a window still had it open, the database holds its games in its log alone:
    the mended copy the salvage reads takes the log with it."""
    first, second = HomeDirs(tmp_path / "first"), HomeDirs(tmp_path / "second")
    store = Store(first)
    for number in range(1, 6):
        assert store.record_outcome(played_game(number, moves=4), WON, float(number))
    database_path(second).parent.mkdir(parents=True)
    for suffix in ("", "-wal"):
        (database_path(second).parent / f"games.db{suffix}").write_bytes(
            (database_path(first).parent / f"games.db{suffix}").read_bytes())
    store.close()
    assert (database_path(second).parent / "games.db-wal").stat().st_size > 0
    damaged = bytearray(database_path(second).read_bytes())
    damaged[19] = 3
    database_path(second).write_bytes(bytes(damaged))
    salvaged = Store(second)
    assert figures(salvaged, "standard").played == 5
    assert any("with the 5 games" in notice for notice in salvaged.take_notices())


def test_damage_found_by_use_sets_the_database_aside_too(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """A database too large to check at every opening is checked by use."""
    dirs = HomeDirs(tmp_path)
    games_in(dirs, 400)
    path = database_path(dirs)
    good = path.read_bytes()
    with contextlib.closing(sqlite3.connect(path)) as connection:
        root = connection.execute("SELECT rootpage FROM sqlite_master WHERE name = 'streaks'").fetchone()[0]
    damaged = good[:(root - 1) * 4096] + b"\xff" * 4096 + good[root * 4096:]
    path.write_bytes(damaged)
    monkeypatch.setattr(database, "CHECKED_SIZE", 0)
    store = Store(dirs)
    statistics = figures(store, "standard")
    assert statistics.played > 0, "the games were not salvaged"
    assert any("could not be read" in notice for notice in store.take_notices())
    [aside] = dirs.user_data_path.glob("games.db.corrupt-*[0-9]")
    assert aside.read_bytes() == damaged


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(offset=st.integers(0, 200_000), length=st.integers(1, 8192), fill=st.sampled_from([0, 0xFF, 0x42]))
def test_any_damage_to_the_database_keeps_the_file_and_the_game_plays(
        tmp_path_factory: pytest.TempPathFactory, offset: int, length: int, fill: int) -> None:
    dirs = HomeDirs(tmp_path_factory.mktemp("home"))
    games_in(dirs, 60)
    path = database_path(dirs)
    good = path.read_bytes()
    start = offset % len(good)
    damaged = good[:start] + bytes([fill]) * length + good[start + length:]
    path.write_bytes(damaged[:len(good)])
    store = Store(dirs)
    store.load_unfinished()
    played = figures(store, "standard").played
    assert store.record_outcome(played_game(777), WON, 1.0)
    store.close()
    kept = [aside.read_bytes() for aside in dirs.user_data_path.glob("games.db.corrupt-*[0-9]")]
    assert kept in ([], [damaged[:len(good)]])
    assert figures(Store(dirs), "standard").played == played + 1


def first_version_home(dirs: HomeDirs) -> tuple[Game, Game]:
    """games.db as the first version of the schema left it: four games (one past SQLite's
    integers, one of the player's own board, one with take-back as the old column said it), a
    row no later version reads, the moves of one game, the summary rows, an unfinished game of
    Easy with its steps, and one set aside under a key of its own. The unfinished and the
    finished game."""
    dirs.user_data_path.mkdir(parents=True)
    finished = played_game(1, moves=6)
    game = played_game(617, EASY, moves=15)
    with contextlib.closing(sqlite3.connect(database_path(dirs), isolation_level=None)) as connection:
        for statement in database.MIGRATIONS[0]:
            assert isinstance(statement, str)
            connection.execute(statement)
        connection.execute("PRAGMA user_version = 1")
        row = ("standard", 1, None, "won", 40, 100.0, "2025-01-02T03:04:05+00:00", 0, 0, 0, "", 0, None, None)
        rows = [("a1", *row), ("a2", *row[:1], str(2**63 + 5), *row[2:]),
                ("a3", *row[:1], None, "start board", *row[3:]),
                ("a4", "standard", 2, None, "lost", 4, 10.0, "2025-01-01T00:00:00+01:00", 1, 0, 1, None, 0,
                 "2025-01-01", 30),
                ("bad", "standard", 3, None, "won", 4, 10.0, "not a date", 0, 0, 0, "", 0, None, None)]
        connection.executemany("INSERT INTO games VALUES (NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                               rows)
        connection.execute("INSERT INTO moves VALUES (1, ?)", (json.dumps(finished.to_record()).encode(),))
        connection.execute("INSERT INTO totals VALUES ('standard', x'00')")
        connection.execute("INSERT INTO facts VALUES ('counted', 5)")
        record = game.to_record()
        start = json.dumps({**record, "done": [], "undone": [], "move_count": 0}).encode()
        steps = [[format_move(move) for move in step.moves] for step in history(game)]
        for key in ("easy", "standard.corrupt-1"):
            connection.execute("INSERT INTO unfinished VALUES (?, 'u1', ?, ?, ?, 30.0, 0, NULL, NULL)",
                               (key, start, len(record["done"]), game.move_count))
            connection.executemany("INSERT INTO steps VALUES (?, ?, ?)",
                                   ((key, number, json.dumps(step)) for number, step in enumerate(steps)))
    return game, finished


def test_the_first_schema_migrates_with_every_row_kept(tmp_path: Path) -> None:
    dirs = HomeDirs(tmp_path)
    game, finished = first_version_home(dirs)
    store = Store(dirs)
    resumed = store.load_unfinished("easy")
    assert resumed is not None and resumed.game.to_record() == game.to_record()
    assert resumed.game_id == "u1" and resumed.elapsed == 30.0 and not resumed.helped
    games = recent(store)
    assert [each.id for each in games] == ["a3", "a2", "a1", "a4"]  # as played: a4 is an hour earlier
    assert games[1].deal == 2**63 + 5 and games[0].start == "start board" and games[3].takeback
    assert games[3].daily is not None and games[3].par == 30 and games[3].grade is None
    numbers = figures(store, "standard")
    assert (numbers.played, numbers.won, numbers.current_streak.length) == (4, 3, 3)
    moves = store.finished_moves("a1")
    assert moves is not None and moves.to_record() == finished.to_record()
    assert store.overview().skipped == 1  # the row that does not read, kept apart
    with contextlib.closing(sqlite3.connect(database_path(dirs))) as connection:
        kept = dict(connection.execute("SELECT what, count(*) FROM kept GROUP BY what").fetchall())
        assert kept == {"game": 1, "unfinished": 1, "step": len(game.done) + len(game.undone)}
        assert connection.execute("PRAGMA foreign_key_check").fetchall() == []
    assert store.take_notices() == []


def test_a_crash_midway_through_the_migration_leaves_nothing_half_done(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    dirs = HomeDirs(tmp_path)
    first_version_home(dirs)

    def crash(connection: sqlite3.Connection) -> None:
        raise sqlite3.OperationalError("disk I/O error")  # after every row is in: rolled back

    crashing = (*database.MIGRATIONS[:-1], (*database.MIGRATIONS[-1], crash))
    monkeypatch.setattr(database, "MIGRATIONS", crashing)
    store = Store(dirs)
    assert figures(store, "standard").played == 0
    store.close()
    monkeypatch.undo()
    with contextlib.closing(sqlite3.connect(database_path(dirs))) as connection:
        assert connection.execute("PRAGMA user_version").fetchone()[0] == 1
    again = Store(dirs)
    assert figures(again, "standard").played == 4 and again.load_unfinished("easy") is not None


def test_folders_are_private_whatever_the_umask(tmp_path: Path) -> None:
    old = os.umask(0)
    try:
        dirs = HomeDirs(tmp_path / "home")
        store = Store(dirs)
        store.acquire_instance()
        store.save_unfinished(played_game(3), 1.0)
        store.close()
    finally:
        os.umask(old)
    for folder in (tmp_path / "home", dirs.user_data_path, dirs.user_state_path):
        assert folder.stat().st_mode & 0o777 == 0o700, folder


OWN_PEAK = """
import atexit, os, runpy, sys

def note_peak():
    with open("/proc/self/status") as status:
        peak = next(line.split()[1] for line in status if line.startswith("VmHWM:"))
    with open(os.environ["PEAK_FILE"], "w") as out:
        out.write(peak)

atexit.register(note_peak)
sys.argv = ["eightoff", *sys.argv[1:]]
runpy.run_module("eightoff", run_name="__main__", alter_sys=True)
"""
"""Runs the command line and notes its own peak resident size (kB) as it exits. The peak the
kernel reports to the parent (`wait4`'s ru_maxrss) is no good here: a process started by vfork
and exec inherits the high-water mark of the parent's memory, a pytest process of any size."""


@pytest.mark.slow
def test_at_scale_the_statistics_hold_no_game_in_memory(tmp_path: Path) -> None:
    """300,000 games imported from an old log: `stats --json` and `--export` stay within the
    memory of a few blocks, and the export gives every game back once."""
    log = tmp_path / "games.jsonl"
    line = {"version": 1, "won": True, "moves": 90, "seconds": 300.0, "finished": "2025-01-02T03:04:05+00:00"}
    with log.open("w") as file:
        for number in range(300_000):
            file.write(json.dumps({**line, "rules": ("standard", "easy")[number % 2],
                                   "deal": 1 + number % 5000, "id": f"g{number}"}) + "\n")
    environment = {**os.environ, "EIGHTOFF_HOME": str(tmp_path), "LANGUAGE": "en"}
    peaks = []
    export = ["stats", "--export", str(tmp_path / "out.jsonl")]
    for arguments in (["stats", "--import", str(log)], ["stats", "--json"], export):
        peak_file = tmp_path / "peak"
        process = subprocess.run([sys.executable, "-c", OWN_PEAK, *arguments], check=False,
                                 env={**environment, "PEAK_FILE": str(peak_file)},
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        assert process.returncode == 0, process.stderr
        peaks.append(int(peak_file.read_text()) / 1024)
    assert max(peaks) < 100, peaks  # megabytes: the log alone is 40 MB, its games in objects far more
    with (tmp_path / "out.jsonl").open() as exported:
        assert sum(1 for _line in exported) == 300_000


def test_a_store_used_after_close_opens_the_database_again(tmp_path: Path) -> None:
    dirs = HomeDirs(tmp_path)
    store = games_in(dirs, 2)  # closed
    assert figures(store, "standard").played == 2
    assert store.record_outcome(played_game(50), WON, 1.0)
    assert figures(Store(dirs), "standard").played == 3
