"""games.db changed behind the program's back, where SQLite's own checks see nothing wrong: a
schema that is not the one this version makes, a newer save of the unfinished game, a kept copy
that cannot be written yet, a solver's finish left among the unfinished games. Nothing is lost,
and the player is told in one line. Real files on a real disk."""

from __future__ import annotations

import contextlib
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from eightoff.store import SOLVED, WON, HomeDirs, Store

from .conftest import figures, played_game, recent
from .test_nothing_lost import one_move_from_won, win

TAMPERS = {
    "a table gone": ["DROP TABLE kept"],
    "a view in place of a table": ["DROP TABLE streaks", "CREATE VIEW streaks AS SELECT 1 AS rules"],
    "a trigger that deletes games": [
        "CREATE TRIGGER gone AFTER INSERT ON games BEGIN DELETE FROM games; END"],
    "games without its checks": [
        "PRAGMA foreign_keys = OFF", "CREATE TABLE copy AS SELECT * FROM games", "DROP TABLE games",
        "ALTER TABLE copy RENAME TO games"],
    "a column added": ["ALTER TABLE games ADD COLUMN extra TEXT"],
    "an index gone": ["DROP INDEX games_by_time"],
}


def database(dirs: HomeDirs) -> Path:
    return dirs.user_data_path / "games.db"


def tamper(dirs: HomeDirs, *statements: str) -> None:
    with contextlib.closing(sqlite3.connect(database(dirs), isolation_level=None)) as connection:
        for statement in statements:
            connection.execute(statement)


def kept_rows(dirs: HomeDirs) -> dict[str, int]:
    with contextlib.closing(sqlite3.connect(database(dirs))) as connection:
        return dict(connection.execute("SELECT what, count(*) FROM kept GROUP BY what").fetchall())


@pytest.mark.parametrize("how", TAMPERS)
def test_a_schema_this_version_did_not_make_is_set_aside_and_its_games_salvaged(dirs: HomeDirs,
                                                                                how: str) -> None:
    store = Store(dirs)
    for number in range(1, 4):
        store.record_outcome(played_game(number), WON, 10.0)
    store.close()
    tamper(dirs, *TAMPERS[how])
    again = Store(dirs)
    assert figures(again, "standard").played == 3
    [notice] = again.take_notices()
    assert "could not be read" in notice and "3 games" in notice
    [aside] = dirs.user_data_path.glob("games.db.corrupt-*[0-9]")
    assert str(aside) in notice
    assert again.record_outcome(played_game(9), WON, 5.0)  # the trigger, if any, stayed behind
    assert figures(Store(dirs), "standard").played == 4


WITHOUT_INDEXES = [f"DROP INDEX {name}" for name in ("games_by_time", "games_by_kind", "games_by_result",
                                                     "wins_by_deal", "ungraded", "daily_games",
                                                     "wins_by_time")]
COLUMNS_CHANGED = {  # the statements, the games carried over, and the resumed game's done steps
    "a games column dropped": (["ALTER TABLE games DROP COLUMN par"], 3, 8),
    "a games column renamed": (["ALTER TABLE games RENAME COLUMN grade TO level"], 3, 8),
    "a games column every row needs gone": (
        [*WITHOUT_INDEXES, "ALTER TABLE games DROP COLUMN outcome"], 0, 8),
    "games rebuilt without its checks, with a row out of them": (
        [*TAMPERS["games without its checks"], "UPDATE games SET moves = -1 WHERE seq = 2"], 2, 8),
    "the unfinished game's clock column dropped": (["ALTER TABLE unfinished DROP COLUMN elapsed"], 3, 8),
    "the unfinished game's id column renamed": (["ALTER TABLE unfinished RENAME COLUMN id TO name"], 3, 8),
    "the steps' moves column dropped": (["ALTER TABLE steps DROP COLUMN moves"], 3, 0),
}


@pytest.mark.parametrize("how", COLUMNS_CHANGED)
def test_a_table_whose_columns_changed_is_salvaged_by_the_columns_it_has(dirs: HomeDirs, how: str) -> None:
    """Each column is read by its name in the table as it is: one missing reads as NULL where
    the schema allows it, or as a safe value in the unfinished game (said); a row that then
    breaks a bound stays in the file set aside, and the notice counts it."""
    statements, carried, done = COLUMNS_CHANGED[how]
    store = Store(dirs)
    for number in range(1, 4):
        store.record_outcome(played_game(number), WON, 10.0, par=40, grade="easy")
    store.save_unfinished(played_game(moves=10), 4.0, game_id="first")
    store.close()
    tamper(dirs, *statements)
    again = Store(dirs)
    saved = again.load_unfinished()
    assert saved is not None and len(saved.game.done) == done
    assert figures(again, "standard").played == carried
    notice, *more = again.take_notices()
    assert f"the {carried} games that could still be read" in notice and "constraint" not in notice
    assert (f"{3 - carried} game" in notice) == (carried < 3)
    assert ("its clock" in notice) == ("clock" in how) and ("its id" in notice) == ("id column" in how)
    assert more == (["Your unfinished game resumes at move 0: the step after it could not be read (a step is "
                     "missing). The whole game was kept in the database."] if done == 0 else [])
    [aside] = dirs.user_data_path.glob("games.db.corrupt-*[0-9]")
    with contextlib.closing(sqlite3.connect(aside)) as connection:
        assert connection.execute("SELECT count(*) FROM games").fetchone()[0] == 3
    assert kept_rows(dirs).get("game", 0) == 3 - carried
    assert again.record_outcome(played_game(9), WON, 5.0)
    assert figures(Store(dirs), "standard").played == carried + 1


def test_a_save_over_a_newer_save_keeps_the_newer_one(dirs: HomeDirs) -> None:
    """A window that read the game (a read-only start) and another that played it further: the
    first one's save copies the newer rows into the kept rows before it writes its own."""
    Store(dirs).save_unfinished(played_game(moves=4), 1.0)
    stale_store = Store(dirs)
    stale = stale_store.load_unfinished()
    newer_store = Store(dirs)
    newer = newer_store.load_unfinished()
    assert stale is not None and newer is not None
    newer.game.play(newer.game.legal_moves()[0])
    newer_store.save_unfinished(newer.game, 2.0)
    stale.game.play(stale.game.legal_moves()[-1])
    stale_store.save_unfinished(stale.game, 3.0)
    [notice] = stale_store.take_notices()
    assert "further than this window had read it" in notice
    assert kept_rows(dirs) == {"unfinished": 1, "step": len(newer.game.done) + len(newer.game.undone)}
    saved = Store(dirs).load_unfinished()
    assert saved is not None and saved.game.position == stale.game.position


def test_an_unread_newer_save_is_kept_when_this_window_saves_its_own(dirs: HomeDirs) -> None:
    """The database unreadable at this window's start (its unfinished game never read): the
    game found there when it first saves is kept, not written over."""
    Store(dirs).save_unfinished(played_game(3, moves=6), 1.0)
    store = Store(dirs)
    store.save_unfinished(played_game(4, moves=2), 2.0)
    assert kept_rows(dirs) == {"unfinished": 1, "step": len(played_game(3, moves=6).done) + 2}
    assert any("further than this window had read it" in notice for notice in store.take_notices())


def test_a_finish_by_the_solver_found_at_start_up_is_solved_with_help(dirs: HomeDirs) -> None:
    game = one_move_from_won()
    win(game)
    Store(dirs).save_unfinished(game, 21.0, helped=True)  # killed between the last step and the outcome
    store = Store(dirs)
    assert store.load_unfinished() is None
    [game_recorded] = recent(store)
    assert game_recorded.outcome == SOLVED
    assert any("solved with help" in notice for notice in store.take_notices())


def test_a_kept_copy_that_cannot_be_written_yet_deletes_nothing(dirs: HomeDirs) -> None:
    """A step that does not read, while another program holds the database's lock: the game
    resumes before the step, and nothing of it is written or removed until its copy is kept."""
    game = played_game(moves=10)
    Store(dirs).save_unfinished(game, 4.0)
    tamper(dirs, "UPDATE steps SET moves = 'garbage' WHERE n = 3")
    with contextlib.closing(sqlite3.connect(database(dirs), isolation_level=None)) as other:
        other.execute("PRAGMA journal_mode = wal")
        other.execute("BEGIN IMMEDIATE")
        store = Store(dirs)
        saved = store.load_unfinished()
        assert saved is not None and len(saved.game.done) == 3
        saved.game.play(saved.game.legal_moves()[0])
        store.save_unfinished(saved.game, 5.0)
        assert store.write_problem is not None
        other.execute("ROLLBACK")
    steps = len(game.done) + len(game.undone)
    with contextlib.closing(sqlite3.connect(database(dirs))) as connection:
        assert connection.execute("SELECT count(*) FROM steps").fetchone()[0] == steps
        assert connection.execute("SELECT count(*) FROM kept").fetchone()[0] == 0
    store.save_unfinished(saved.game, 6.0)
    assert store.write_problem is None
    assert kept_rows(dirs) == {"unfinished": 1, "step": steps}
    again = Store(dirs).load_unfinished()
    assert again is not None and again.game.position == saved.game.position


@pytest.mark.parametrize("length", [2**63 - 1, 10**9])
def test_a_streak_row_out_of_bounds_never_costs_the_win(dirs: HomeDirs, length: int) -> None:
    """The streak row is a summary of the games; one changed behind the program's back is
    counted again from them at the next outcome, and the win is recorded."""
    store = Store(dirs)
    for number in range(1, 3):
        store.record_outcome(played_game(number), WON, 10.0)
    store.close()
    tamper(dirs, f"UPDATE streaks SET length = {length}, longest_won = {length}")
    again = Store(dirs)
    again.record_outcome(played_game(3), WON, 10.0)
    counted = figures(again, "standard")
    assert counted.played == 3
    assert counted.current_streak.length == 3 and counted.longest_winning_streak == 3


def test_an_unfinished_row_that_breaks_a_bound_is_kept_apart_and_said(dirs: HomeDirs) -> None:
    """A table rebuilt without its checks lets an unfinished row hold what this version cannot
    read (its kind as bytes): the salvage keeps it apart and the player reads that it was."""
    store = Store(dirs)
    for number in range(1, 7):
        store.record_outcome(played_game(number), WON, 10.0)
    store.save_unfinished(played_game(7, moves=10), 4.0)
    store.close()
    tamper(dirs, "PRAGMA foreign_keys = OFF", "CREATE TABLE copy AS SELECT * FROM unfinished",
           "DROP TABLE unfinished", "ALTER TABLE copy RENAME TO unfinished",
           "UPDATE unfinished SET rules = x'ff'")
    again = Store(dirs)
    assert again.load_unfinished() is None
    [notice] = again.take_notices()
    assert "the 6 games" in notice and "Your unfinished game could not be read" in notice
    assert kept_rows(dirs)["unfinished"] == 1


def test_a_game_finished_in_the_future_is_kept_apart_and_never_listed(dirs: HomeDirs) -> None:
    """No CHECK can read the clock: a game dated past tomorrow is refused where rows are read."""
    store = Store(dirs)
    for number in range(1, 4):
        store.record_outcome(played_game(number), WON, 10.0)
    store.close()
    tamper(dirs, "UPDATE games SET finished = 7258118399000000 WHERE seq = 2")
    again = Store(dirs)
    assert [game.deal for game in recent(again)] == [3, 1]
    [notice] = again.take_notices()
    assert "1 finished game could not be read" in notice
    assert kept_rows(dirs) == {"game": 1}
    assert [game.deal for game in recent(Store(dirs))] == [3, 1] and figures(Store(dirs)).played == 2


KILLED_SALVAGE = """
import os, signal, sys
from pathlib import Path
from eightoff.store import HomeDirs, Store, database
copied, fill = [0], database._fill
def killing(*arguments):
    copied[0] += 1
    if copied[0] == int(sys.argv[2]):
        os.kill(os.getpid(), signal.SIGKILL)
    return fill(*arguments)
database._fill = killing
Store(HomeDirs(Path(sys.argv[1]))).load_unfinished()
"""


@pytest.mark.slow
@pytest.mark.parametrize("after", [1, 20, 41, 60])
def test_a_kill_during_the_salvage_loses_no_game(dirs: HomeDirs, after: int) -> None:
    """The process killed after `after` rows copied: the damaged file is still in its place,
    so the next start salvages it again and every game is back."""
    store = Store(dirs)
    for number in range(1, 41):
        store.record_outcome(played_game(number), WON, 10.0)
    store.save_unfinished(played_game(50, moves=10), 4.0)
    store.close()
    tamper(dirs, "CREATE VIEW extra AS SELECT 1")
    child = subprocess.run([sys.executable, "-c", KILLED_SALVAGE, str(dirs.root), str(after)], check=False)
    assert child.returncode == -signal.SIGKILL
    again = Store(dirs)
    assert figures(again, "standard").played == 40
    assert again.load_unfinished() is not None
    [notice] = again.take_notices()
    assert "the 40 games" in notice


KILLED_AFTER_WINS = """
import os, sys
from pathlib import Path
from eightoff.store import WON, HomeDirs, Store
from tests.store.conftest import played_game
store = Store(HomeDirs(Path(sys.argv[1])))
for number in range(1, 9):
    store.record_outcome(played_game(number), WON, 10.0)
os._exit(0)
"""


def test_a_damaged_frame_in_the_middle_of_the_log_is_told_and_the_log_kept(dirs: HomeDirs) -> None:
    """SQLite stops replaying the log at the first frame whose checksum fails, so the wins
    after it would vanish unsaid: a copy of the log is kept aside and the player told."""
    subprocess.run([sys.executable, "-c", KILLED_AFTER_WINS, str(dirs.root)], check=True,
                   cwd=Path(__file__).parents[2])
    log = dirs.user_data_path / "games.db-wal"
    data = bytearray(log.read_bytes())
    page = int.from_bytes(data[8:12], "big")
    frames = (len(data) - 32) // (24 + page)
    data[32 + frames // 2 * (24 + page) + 24 + page // 2] ^= 0xFF
    log.write_bytes(bytes(data))
    store = Store(dirs)
    assert figures(store, "standard").played < 8
    notices = store.take_notices()
    assert any("could not be read" in notice and "games.db-wal" in notice for notice in notices), notices
    [aside] = dirs.user_data_path.glob("games.db-wal.corrupt-*")
    assert aside.read_bytes() == bytes(data)


HOLDING_THE_DATABASE = """
import sys
from pathlib import Path
from eightoff.store import WON, HomeDirs, Store
from tests.store.conftest import played_game
store = Store(HomeDirs(Path(sys.argv[1])))
for number in range(1, 9):
    store.record_outcome(played_game(number), WON, 10.0)
print("open", flush=True)
sys.stdin.readline()
"""


def a_start_ignores_a_frame_half_written(dirs: HomeDirs) -> None:
    """With the middle frame of the open log's checksum wrong (as one caught half written by
    the process that has it open), a start reads the 8 games and tells nothing, copies nothing."""
    log = dirs.user_data_path / "games.db-wal"
    data = bytearray(log.read_bytes())
    page = int.from_bytes(data[8:12], "big")
    frames = (len(data) - 32) // (24 + page)
    data[32 + frames // 2 * (24 + page) + 16] ^= 0xFF
    log.write_bytes(bytes(data))
    store = Store(dirs)
    assert figures(store, "standard").played == 8
    assert store.take_notices() == []
    assert not list(dirs.user_data_path.glob("*.corrupt-*"))
    store.close()


def test_a_frame_another_window_is_writing_is_not_taken_for_damage(dirs: HomeDirs) -> None:
    """While another window has the database open, a frame of its log may be caught half
    written (its checksum not yet right): a second window opening then tells nothing and
    copies nothing. Here the middle frame's checksum is wrong while the other is open."""
    with subprocess.Popen([sys.executable, "-c", HOLDING_THE_DATABASE, str(dirs.root)],
                          stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                          cwd=Path(__file__).parents[2]) as other:
        assert other.stdin is not None and other.stdout is not None
        assert other.stdout.readline() == b"open\n"
        a_start_ignores_a_frame_half_written(dirs)
        other.stdin.write(b"\n")
        other.stdin.close()
    assert other.returncode == 0


def test_a_log_with_every_frame_sound_is_not_kept_aside(dirs: HomeDirs) -> None:
    subprocess.run([sys.executable, "-c", KILLED_AFTER_WINS, str(dirs.root)], check=True,
                   cwd=Path(__file__).parents[2])
    store = Store(dirs)
    assert figures(store, "standard").played == 8 and store.take_notices() == []
    assert not list(dirs.user_data_path.glob("*.corrupt-*"))


READ_ONLY_THEN_WRITABLE = """
import os, subprocess, sys
from pathlib import Path
from eightoff.store import HomeDirs, Store
from tests.store.conftest import played_game
mount, dirs = sys.argv[1], HomeDirs(Path(sys.argv[1]) / "home")
if os.fork() == 0:  # a session killed with its moves in the log
    Store(dirs).save_unfinished(played_game(3, moves=14), 1.0)
    os._exit(0)
os.wait()
subprocess.run(["mount", "-o", "remount,ro", mount], check=True)
store = Store(dirs)
saved = store.load_unfinished()
print(len(saved.game.done), store.take_notices())
subprocess.run(["mount", "-o", "remount,rw", mount], check=True)
saved.game.play(saved.game.legal_moves()[0])
store.save_unfinished(saved.game, 2.0)
print(store.take_notices(), len(Store(dirs).load_unfinished().game.done))
"""


@pytest.mark.system
def test_a_read_only_start_says_so_and_saves_once_writable(tmp_path: Path) -> None:
    """A file system mounted read-only at start (SQLite would open the database read-only
    without a word): the game resumes from the log, the player reads that it plays in memory,
    and once the mount is writable again the next save writes."""
    mount = tmp_path / "mount"
    mount.mkdir()
    if subprocess.run(["unshare", "-m", "true"], check=False, capture_output=True).returncode:
        pytest.skip("no mount namespace here")
    shell = f"mount -t tmpfs none {mount} && exec {sys.executable} -c '{READ_ONLY_THEN_WRITABLE}' {mount}"
    found = subprocess.run(["unshare", "-m", "sh", "-c", shell], check=True, capture_output=True, text=True,
                           cwd=Path(__file__).parents[2]).stdout.splitlines()
    assert found[0].startswith("12 [") and "read-only. You can keep playing" in found[0]
    assert found[1] == "[] 13"



HOLDING_THE_OPENERS_LOCK = """
import fcntl, os, sys
descriptor = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o600)
fcntl.flock(descriptor, fcntl.LOCK_EX)
print("held", flush=True)
sys.stdin.readline()
"""


@pytest.mark.skipif(sys.platform == "win32", reason="no shared locks there: the frames are never checked")
def test_a_window_that_opens_while_a_start_checks_the_log_writes_only_after(dirs: HomeDirs) -> None:
    """A start that finds itself the database's only opener reads the log's frames, holding
    the openers' lock alone. A window that opened the database meanwhile (or reopened it: its
    file replaced under it) used to wait for its share of that lock a while (5 ms to reopen, 2 s
    at start), then open and write without it: the start reading the frames then could take one
    half written for damage, and every later start believed itself alone while that window
    wrote, and told the player of a damaged save. Here the checking start is a process holding
    the lock alone while a window starts; then a start comes while the window writes, with a
    frame caught half written (its checksum not yet right)."""
    data = dirs.user_data_path
    first = Store(dirs)
    first.record_outcome(played_game(1), WON, 10.0)
    first.close()
    with subprocess.Popen([sys.executable, "-c", HOLDING_THE_OPENERS_LOCK, str(data / "games.db.lock")],
                          stdin=subprocess.PIPE, stdout=subprocess.PIPE) as checker:
        assert checker.stdin is not None and checker.stdout is not None
        assert checker.stdout.readline() == b"held\n"
        window = Store(dirs)
        assert figures(window, "standard").played == 1  # read meanwhile, not written
        window.record_outcome(played_game(2), WON, 10.0)
        assert window.take_notices() == []  # waits in memory, as for another process's write
        checker.stdin.write(b"\n")
        checker.stdin.close()
    for number in range(3, 9):
        window.record_outcome(played_game(number), WON, 10.0)
    assert window.write_problem is None and figures(window, "standard").played == 8
    assert window.take_notices() == []
    a_start_ignores_a_frame_half_written(dirs)
    window.close()
