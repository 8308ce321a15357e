"""Files the store may not read or write, and disks that are full or read-only: the store keeps
playing, says so, and never overwrites, truncates or removes a file it could not read."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import sqlite3
from pathlib import Path

import pytest

from eightoff.core.preferences import Preferences
from eightoff.store import WON, HomeDirs, Store

from .bad_files import TARGETS, started_game
from .disks import fill, full_disk, read_only_copy, run_as_nobody, shared_folder
from .test_stats_cli import stats

EXERCISE = """
import json, sys
from pathlib import Path
from eightoff.core.game import Game
from eightoff.core.variants import STANDARD
from eightoff.core.preferences import Preferences
from eightoff.store import WON, HomeDirs, Store

store = Store(HomeDirs(Path(sys.argv[1])))
store.acquire_instance()
preferences = store.load_preferences()
saved = store.load_unfinished()
store.overview()
game = Game.new(3, STANDARD)
game.play(game.legal_moves()[0])
store.save_unfinished(game, 5.0)
store.save_preferences(Preferences(four_colour=True))
recorded = store.record_outcome(game, WON, 7.0)
print(json.dumps({"notices": store.take_notices(), "recorded": recorded, "resumed": saved is not None,
                  "defaults": preferences == Preferences()}))
"""


def put_good_files(home: Path) -> dict[Path, bytes]:
    """The player's files, good: preferences and window as files, and games.db holding an
    unfinished game and a finished one; returns what was written where."""
    written = {}
    for target in TARGETS[:2]:
        path = target.path(home)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(target.good)
        written[path] = target.good
    store = Store(HomeDirs(home))
    store.save_unfinished(started_game(6), 4.0)
    store.record_outcome(started_game(7), WON, 5.0)
    store.close()
    database = home / "data" / "games.db"
    written[database] = database.read_bytes()
    for path in [home, *home.rglob("*")]:  # readable by all (the store makes its folders private)
        path.chmod(0o755 if path.is_dir() else 0o644)
    return written


def exercise(home: Path) -> dict[str, object]:
    result = run_as_nobody(EXERCISE, str(home))
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)  # type: ignore[no-any-return]


@pytest.mark.parametrize("target", [TARGETS[0], TARGETS[1], TARGETS[-1]], ids=lambda target: target.name)
def test_a_file_of_another_user_we_cannot_read_is_left_as_it_is(target: object) -> None:
    with shared_folder() as folder:
        home = folder / "home"
        files = put_good_files(home)
        for path in [home, *(home / name for name in ("config", "data", "state"))]:
            os.chown(path, 65534, 65534)
        unreadable = target.path(home)  # type: ignore[attr-defined]
        unreadable.chmod(0o000)  # and owned by root: not ours
        outcome = exercise(home)
        if unreadable.name == "games.db":  # set aside, never deleted, and a new one started
            [aside] = unreadable.parent.glob("games.db.corrupt-*[0-9]")
            assert aside.read_bytes() == files[unreadable]
            assert "could not be read" in " ".join(outcome["notices"])  # type: ignore[arg-type]
            return
        assert unreadable.read_bytes() == files[unreadable]
        assert not list(unreadable.parent.glob("*.corrupt-*"))
        notices = " ".join(outcome["notices"])  # type: ignore[arg-type]
        assert "could not be read" in notices or "Cannot save" in notices


def test_a_folder_we_cannot_write_still_plays_and_says_so_once() -> None:
    with shared_folder() as folder:
        home = folder / "home"
        files = put_good_files(home)
        outcome = exercise(home)
        assert outcome["resumed"] and not outcome["defaults"] and not outcome["recorded"]
        [notice] = outcome["notices"]  # type: ignore[misc]
        assert notice.startswith("Cannot save") and "keep playing" in notice
        assert all(path.read_bytes() == content for path, content in files.items())


def test_a_full_disk_keeps_the_files_it_had() -> None:
    with full_disk() as home:
        files = put_good_files(home)
        fill(home)
        store = Store(HomeDirs(home))
        assert store.acquire_instance()
        assert store.load_unfinished() is not None
        store.overview()
        game = started_game(4)
        store.save_unfinished(game, 9.0)
        store.save_preferences(Preferences(four_colour=True))
        store.record_outcome(game, WON, 9.0)
        assert any(notice.startswith("Cannot save") for notice in store.take_notices())
        for path, content in files.items():
            if path.name != "games-summary.json":
                assert path.read_bytes().startswith(content), path
        assert not [name for name in os.listdir(home / "state") if name.endswith(".tmp")]
        store.close()


def test_a_read_only_disk_leaves_a_bad_file_where_it_is(tmp_path: Path) -> None:
    source = tmp_path / "home"
    files = put_good_files(source)
    bad = source / "config" / "preferences.json"
    bad.write_bytes(b"{not json")
    with read_only_copy(source) as home:
        store = Store(HomeDirs(home))
        store.acquire_instance()
        assert store.load_preferences().animation_speed == "normal"  # the settings' default
        assert store.load_unfinished() is not None
        store.save_preferences(Preferences(four_colour=True))
        store.record_outcome(started_game(5), WON, 3.0)
        notices = store.take_notices()
        assert any("could not be moved aside" in notice for notice in notices)
        assert any(notice.startswith("Cannot save") for notice in notices)
    assert bad.read_bytes() == b"{not json"
    assert all(path.read_bytes() == content for path, content in files.items() if path != bad)


def damaged_database(home: Path, games: int = 3, index: str | None = None) -> bytes:
    """games.db with `games` games, then its header (or the pages of `index` below its root)
    written over with garbage: its bytes."""
    store = Store(HomeDirs(home))
    for number in range(1, games + 1):
        store.record_outcome(started_game(number), WON, 10.0)
    store.close()
    path = home / "data" / "games.db"
    with contextlib.closing(sqlite3.connect(path)) as connection:
        size = connection.execute("PRAGMA page_size").fetchone()[0]
        pages = [row[0] for row in connection.execute("SELECT pageno FROM dbstat WHERE name = ?", (index,))]
    with open(path, "r+b") as file:
        for page in pages[1:] if index else [1]:
            file.seek((page - 1) * size)
            file.write(bytes(range(256)) * (size // 256) if index else b"garbage, not a database header")
    return path.read_bytes()


def test_a_damaged_database_read_on_a_full_disk_stops_the_command_line(tmp_path: Path) -> None:
    """Damaged in its middle on a full disk, games.db cannot be salvaged and is read as it is;
    a read that then fails gave `eightoff stats` no games, printed as "No finished games yet."
    with exit 0 under the notice that the database could not be read. Now it stops there."""
    bad = damaged_database(tmp_path / "made", games=300, index="games_by_result")
    with full_disk() as disk:
        home = disk / "home"
        (home / "data").mkdir(parents=True)
        (home / "data" / "games.db").write_bytes(bad)
        fill(disk)
        for options in ([], ["--json"]):
            result = stats(home, *options)
            assert result.returncode == 2 and result.stdout == "", result
            assert "Your games database could not be read" in result.stderr, result.stderr
        assert (home / "data" / "games.db").read_bytes() == bad


@pytest.mark.parametrize("disk", ["full", "read-only"])
def test_a_damaged_database_that_cannot_be_salvaged_is_said_at_once_and_left(
        tmp_path: Path, disk: str) -> None:
    """A damaged games.db is salvaged into a new file beside it; where no new file can be
    made (a full disk, a read-only folder), `eightoff stats` used to print "No finished games
    yet." and succeed, and a window said nothing until its first save. Now both say, in one
    line, what happened and that the file is left as it is; the command stops (exit 2)."""
    with contextlib.ExitStack() as stack:
        if disk == "full":
            home = stack.enter_context(full_disk()) / "home"
            bad = damaged_database(home)
            fill(home.parent)
        else:
            bad = damaged_database(tmp_path / "home")
            home = stack.enter_context(read_only_copy(tmp_path / "home"))
        result = stats(home)
        assert result.returncode == 2 and result.stdout == "", result
        [line] = result.stderr.splitlines()
        assert line.startswith("eightoff: cannot read games database") and "not a database" in line
        assert "left as it is, and nothing in it is lost" in line, line
        window = Store(HomeDirs(home))
        window.overview()
        [notice] = window.take_notices()
        assert "left as it is" in notice and "keep playing" in notice, notice
        window.record_outcome(started_game(7), WON, 10.0)
        assert window.take_notices() == [] and window.write_problem is not None
        window.close()
        assert (home / "data" / "games.db").read_bytes() == bad


def test_a_full_disk_is_said_full_not_a_disk_input_output_error(tmp_path: Path) -> None:
    """On a full disk SQLite cannot grow the log's index (`-shm`) and says "disk I/O error",
    which reads as a failing disk; the player reads that the disk is full. The games still show."""
    store = Store(HomeDirs(tmp_path / "made"))
    for number in range(1, 4):
        store.record_outcome(started_game(number), WON, 10.0)
    store.close()
    with full_disk() as disk:
        shutil.copytree(tmp_path / "made" / "data", disk / "home" / "data")
        fill(disk)
        result = stats(disk / "home")
    assert result.returncode == 0 and "played 3, won 3" in result.stdout, result
    assert "the disk is full" in result.stderr and "I/O" not in result.stderr, result.stderr
