"""games.db itself: a newer version's database left alone, a damaged one set aside with what
can be read salvaged, damage found by use, the migration of the files of earlier versions (in
one transaction, a crash midway leaving nothing half-done), and private folders under any
umask. Real files on a real disk."""

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
from eightoff.core.variants import EASY, STANDARD
from eightoff.store import LOST, WON, HomeDirs, Store, database, legacy

from .bad_files import old_saved_game
from .conftest import played_game


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
    assert store.statistics("standard").played == 0
    game = played_game(9)
    store.save_unfinished(game, 1.0)
    assert not store.record_outcome(game, WON, 2.0)
    [notice] = store.take_notices()
    assert "newer version" in notice and "without recording" in notice
    assert store.write_problem is None
    store.close()
    assert database_path(dirs).read_bytes() == before
    assert not list(dirs.user_data_path.glob("games.db.corrupt-*"))


@pytest.mark.parametrize("how", ["cut in half", "garbage", "a page zeroed"])
def test_a_damaged_database_is_set_aside_and_its_readable_games_kept(tmp_path: Path, how: str) -> None:
    dirs = HomeDirs(tmp_path)
    games_in(dirs, 300)
    path = database_path(dirs)
    good = path.read_bytes()
    if how == "cut in half":
        damaged = good[:len(good) // 2]
    elif how == "garbage":
        damaged = os.urandom(len(good))
    else:
        damaged = good[:8192] + bytes(4096) + good[12288:]
    path.write_bytes(damaged)
    store = Store(dirs)
    played = store.statistics("standard").played
    [notice] = [notice for notice in store.take_notices() if "could not be read" in notice]
    [aside] = dirs.user_data_path.glob("games.db.corrupt-*")
    assert aside.read_bytes() == damaged and str(aside) in notice
    assert f"{played} games" in notice
    if how != "garbage":
        assert played > 0, "no game salvaged from a database half whole"
    assert store.record_outcome(played_game(999), WON, 1.0)
    assert Store(dirs).statistics("standard").played == played + 1


def test_damage_found_by_use_sets_the_database_aside_too(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """A database too large to check at every opening is checked by use."""
    dirs = HomeDirs(tmp_path)
    games_in(dirs, 400)
    path = database_path(dirs)
    good = path.read_bytes()
    with contextlib.closing(sqlite3.connect(path)) as connection:
        root = connection.execute("SELECT rootpage FROM sqlite_master WHERE name = 'totals'").fetchone()[0]
    damaged = good[:(root - 1) * 4096] + b"\xff" * 4096 + good[root * 4096:]
    path.write_bytes(damaged)
    monkeypatch.setattr(database, "CHECKED_SIZE", 0)
    store = Store(dirs)
    statistics = store.statistics("standard")
    assert statistics.played > 0, "the games were not salvaged"
    assert any("could not be read" in notice for notice in store.take_notices())
    [aside] = dirs.user_data_path.glob("games.db.corrupt-*")
    assert aside.read_bytes() == damaged


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
    played = store.statistics("standard").played
    assert store.record_outcome(played_game(777), WON, 1.0)
    store.close()
    kept = [aside.read_bytes() for aside in dirs.user_data_path.glob("games.db.corrupt-*")]
    assert kept in ([], [damaged[:len(good)]])
    assert Store(dirs).statistics("standard").played == played + 1


def old_home(dirs: HomeDirs) -> tuple[Game, list[str]]:
    """A home as the version before the database left it: a log with two games (one logged
    twice), a game waiting in the journal, the moves of one, and an unfinished game of Easy
    whose steps are in a steps file. The unfinished game and the ids."""
    data, state = dirs.user_data_path, dirs.user_state_path
    data.mkdir(parents=True)
    state.mkdir(parents=True)
    line = {"version": 1, "rules": "standard", "won": True, "moves": 40, "seconds": 100.0,
            "finished": "2025-01-02T03:04:05+00:00", "outcome": "won"}
    ids = ["a1", "a2", "a3"]
    log = [json.dumps({**line, "deal": number, "id": game_id}) for number, game_id in enumerate(ids[:2], 1)]
    (data / "games.jsonl").write_text("\n".join([*log, log[0]]) + "\n")
    (data / "pending-games").mkdir()
    (data / "pending-games" / "a3.json").write_text(json.dumps({**line, "deal": 3, "id": "a3"}))
    finished = played_game(1, moves=6)
    (data / "replays").mkdir()
    (data / "replays" / "a1.json").write_text(json.dumps(finished.to_record()))
    game = played_game(617, EASY, moves=15)
    document = json.loads(old_saved_game(game, 30.0, False, "u1"))
    record = document["game"]
    token = "t0ken"
    steps = [*record["done"], *record["undone"]]
    lines = [json.dumps({"token": token, "change": "play", "moves": step, "count": number + 1,
                         "elapsed": 30.0}) for number, step in enumerate(steps)]
    lines += [json.dumps({"token": token, "change": "undo", "count": game.move_count, "elapsed": 30.0})
              for _step in record["undone"]]
    document.update(steps=token, game={**record, "done": [], "undone": [], "move_count": 0})
    (state / "unfinished-game-easy.json").write_text(json.dumps(document))
    (state / f"unfinished-game-easy.json.{token}.steps").write_text("\n".join(lines) + "\n")
    return game, ids


def test_a_home_of_the_version_before_opens_with_everything_once(tmp_path: Path) -> None:
    dirs = HomeDirs(tmp_path)
    game, ids = old_home(dirs)
    before = {path.relative_to(tmp_path): path.read_bytes() for path in tmp_path.rglob("*") if path.is_file()}
    store = Store(dirs)
    resumed = store.load_unfinished("easy")
    assert resumed is not None and resumed.game.to_record() == game.to_record()
    assert resumed.game_id == "u1" and resumed.elapsed == 30.0
    assert sorted(each.game_id or "" for each in store.finished_games()) == ids
    assert store.statistics("standard").played == 3
    assert store.finished_moves("a1") is not None
    [notice] = store.take_notices()
    assert legacy.FOLDER in notice
    kept = tmp_path / "data" / legacy.FOLDER
    for relative, content in before.items():
        assert (kept / relative).read_bytes() == content, relative
    assert not (tmp_path / "data" / "games.jsonl").exists()
    again = Store(dirs)
    assert again.statistics("standard").played == 3 and again.take_notices() == []


def test_a_crash_midway_through_the_migration_leaves_nothing_half_done(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    dirs = HomeDirs(tmp_path)
    old_home(dirs)
    real = legacy.migrate

    def crash(connection: sqlite3.Connection, dirs: HomeDirs) -> object:
        real(connection, dirs)
        raise sqlite3.OperationalError("disk I/O error")  # after every row is in: rolled back

    monkeypatch.setattr(legacy, "migrate", crash)
    store = Store(dirs)
    assert store.statistics("standard").played == 0
    assert (tmp_path / "data" / "games.jsonl").exists(), "the old files moved before the migration was in"
    monkeypatch.undo()
    again = Store(dirs)
    assert again.statistics("standard").played == 3 and again.load_unfinished("easy") is not None


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


def test_a_watched_game_is_never_written(tmp_path: Path) -> None:
    dirs = HomeDirs(tmp_path)
    store = Store(dirs)
    game = Game.new(4, STANDARD)
    for _move in range(5):
        game.play(game.legal_moves()[0])
    store.record_outcome(game, LOST, 9.0)
    [finished] = store.recent_games()
    watched = store.finished_moves(finished.game_id)
    assert watched is not None and finished.game_id is not None
    store.adopt(watched, finished.game_id)
    store.save_unfinished(watched, 3.0, game_id=finished.game_id)
    assert not store.record_outcome(watched, WON, 3.0, game_id=finished.game_id)
    with contextlib.closing(sqlite3.connect(database_path(dirs))) as connection:
        assert connection.execute("SELECT count(*) FROM games").fetchone()[0] == 1
        assert connection.execute("SELECT count(*) FROM unfinished").fetchone()[0] == 0
    assert Store(dirs).load_unfinished() is None and store.notices == []


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
    """300,000 games moved in from an old log: `stats --json` and `--export` stay within the
    memory of a few blocks, and the export gives every game back once."""
    log = tmp_path / "data" / "games.jsonl"
    log.parent.mkdir(parents=True)
    line = {"version": 1, "won": True, "moves": 90, "seconds": 300.0, "finished": "2025-01-02T03:04:05+00:00"}
    with log.open("w") as file:
        for number in range(300_000):
            file.write(json.dumps({**line, "rules": ("standard", "easy")[number % 2],
                                   "deal": 1 + number % 5000, "id": f"g{number}"}) + "\n")
    environment = {**os.environ, "EIGHTOFF_HOME": str(tmp_path), "LANGUAGE": "en"}
    peaks = []
    export = ["stats", "--export", str(tmp_path / "out.jsonl")]
    for arguments in (["stats", "--json"], ["stats", "--json"], export):
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
    assert store.statistics("standard").played == 2
    assert store.record_outcome(played_game(50), WON, 1.0)
    assert Store(dirs).statistics("standard").played == 3


def test_figures_whose_count_cannot_be_written_now_are_no_crash(tmp_path: Path) -> None:
    """Games not yet counted (as after a salvage) while another process holds the write lock:
    the statistics read says no figures this time, and counts them once the lock is free."""
    dirs = HomeDirs(tmp_path)
    games_in(dirs, 3)
    with contextlib.closing(sqlite3.connect(database_path(dirs), isolation_level=None)) as other:
        other.execute("DELETE FROM facts WHERE name = 'counted'")
        other.execute("BEGIN IMMEDIATE")
        assert Store(dirs).overview().statistics == {}
        other.execute("ROLLBACK")
    assert Store(dirs).statistics("standard").played == 3
