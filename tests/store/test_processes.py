"""Real processes: one killed with SIGKILL in the middle of play, two finishing games at the
same time into the same store, one holding the database's write lock while a window resets
its statistics, and three starting at once on one damaged database."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from eightoff.core.variants import EASY
from eightoff.store import LOST, WON, HomeDirs, Store, database

from .conftest import figures, held, played_game, recent

PLAYER = textwrap.dedent(
    """
    import hashlib, json, random, sys
    from pathlib import Path
    from eightoff.core.game import Game
    from eightoff.core.variants import STANDARD
    from eightoff.store import HomeDirs, Store

    store = Store(HomeDirs(Path(sys.argv[1])))
    game = Game.new(617, STANDARD)
    rng = random.Random(4)
    step = 0
    while True:
        step += 1
        roll = rng.random()
        if roll < 0.15 and game.can_undo:
            game.undo()
        elif roll < 0.2 and game.can_redo:
            game.redo()
        elif game.legal_moves():
            game.play(rng.choice(game.legal_moves()), autoplay=True)
        else:
            game.undo()
        document = {"game": game.to_record(), "elapsed": float(step)}
        # Announced before saving: the file must then hold this or the one before.
        print(hashlib.sha256(json.dumps(document, sort_keys=True).encode()).hexdigest(), flush=True)
        store.save_unfinished(game, float(step))
    """
)

FINISHER = textwrap.dedent(
    """
    import sqlite3, sys
    from pathlib import Path
    from eightoff.core.game import Game
    from eightoff.core.variants import preset
    from eightoff.store import LOST, WON, HomeDirs, Store
    from eightoff.store.database import reason_of

    BUSY = reason_of(sqlite3.OperationalError("database is locked"))  # in the player's language
    home, tag, count, rules, reset_every = sys.argv[1:]
    store = Store(HomeDirs(Path(home)))
    games = [Game.new(int(tag), preset(rules)) for _ in range(int(count))]
    for game in games:
        game.play(game.legal_moves()[0])
    print("ready", flush=True)
    assert sys.stdin.readline() == "go\\n"
    for number, game in enumerate(games):
        store.record_outcome(game, WON if number % 2 == 0 else LOST, int(tag) * 1000 + number)
        if int(reset_every) and number % int(reset_every) == int(reset_every) - 1:
            assert store.reset_statistics(rules), store.take_notices()
    store.close()
    # On a loaded machine the other process may hold the write lock for longer than a window's
    # patience: then the player is told the database is busy (and nothing is lost, which the
    # caller checks). Any other notice is a failure.
    notices = store.take_notices()
    assert all(BUSY in notice for notice in notices), notices
    """
)


def fingerprint(document: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(document, sort_keys=True).encode()).hexdigest()


def test_sigkill_during_play_loses_at_most_the_move_in_flight(tmp_path: Path) -> None:
    home = tmp_path / "home"
    player = subprocess.Popen([sys.executable, "-c", PLAYER, str(home)], stdout=subprocess.PIPE, text=True)
    assert player.stdout is not None
    announced = [player.stdout.readline().strip() for _ in range(60)]
    os.kill(player.pid, signal.SIGKILL)
    announced += player.stdout.read().split()
    assert player.wait() == -signal.SIGKILL

    store = Store(HomeDirs(home))
    saved = store.load_unfinished()
    assert saved is not None and store.take_notices() == []
    loaded = fingerprint({"game": saved.game.to_record(), "elapsed": saved.elapsed})
    assert loaded in announced[-2:]
    game = saved.game
    assert game.move_count > 0 and game.can_undo
    while game.can_undo:
        game.undo()
    assert game.position == game.start


def let_go(processes: list[subprocess.Popen[str]]) -> None:
    """Once every process says it is ready, let them all go at once (a line on each one's stdin)."""
    for process in processes:
        assert process.stdout is not None and process.stdout.readline() == "ready\n"
    for process in processes:
        assert process.stdin is not None
        process.stdin.write("go\n")
        process.stdin.flush()


def run_finishers(home: Path, jobs: list[tuple[int, int, str, int]]) -> None:
    """Start each job's process, and once all are ready to finish their games, let them all go."""
    processes = [
        subprocess.Popen(
            [sys.executable, "-c", FINISHER, str(home), str(tag), str(count), rules, str(reset)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for tag, count, rules, reset in jobs
    ]
    let_go(processes)
    for process in processes:
        assert process.wait(timeout=120) == 0
        assert process.stdout is not None
        process.stdout.close()


@pytest.mark.slow
def test_two_processes_finishing_games_at_once_lose_none(tmp_path: Path) -> None:
    home = tmp_path / "home"
    run_finishers(home, [(1, 200, "standard", 0), (2, 200, "standard", 0)])
    store = Store(HomeDirs(home))
    games = list(store.each_game())
    assert sorted(game.seconds for game in games) == [
        float(tag * 1000 + number) for tag in (1, 2) for number in range(200)
    ]
    assert {game.deal for game in games} == {1, 2}
    numbers = figures(store, "standard")
    assert (numbers.played, numbers.won) == (400, 200)
    assert store.take_notices() == []


@pytest.mark.slow
def test_a_reset_in_one_process_keeps_the_other_processes_games(tmp_path: Path) -> None:
    home = tmp_path / "home"
    run_finishers(home, [(1, 200, "standard", 0), (2, 200, "easy", 10)])
    store = Store(HomeDirs(home))
    assert figures(store, "standard").played == 200
    assert figures(store, "easy").played == 0
    assert len({game.seconds for game in list(store.each_game())}) == 200


def test_a_reset_waits_for_another_process_and_wipes_the_game_finished_before_it(tmp_path: Path) -> None:
    """The reset begins while another process holds the write lock, which it lets go only then:
    the reset waits for it, writes the game that waited in memory and wipes it, and the game
    finished after the reset, and the other kind's, stay."""
    dirs = HomeDirs(tmp_path / "home")
    store = Store(dirs)
    other, before, after = played_game(3, EASY), played_game(1), played_game(2)
    assert store.record_outcome(other, WON, 3.0)
    with held(dirs) as holder:
        assert not store.record_outcome(before, WON, 5.0), "the lock is held: the game waits in memory"
        seen: list[tuple[float, int | None]] = []

        def begun(statement: str) -> None:
            if statement == "BEGIN IMMEDIATE" and not seen:
                seen.append((store.db.wait, holder.poll()))
                assert holder.stdin is not None
                holder.stdin.close()  # the holder lets go, and ends, only now

        connection = store.db.connection
        assert connection is not None
        connection.set_trace_callback(begun)
        assert store.reset_statistics("standard")
        connection.set_trace_callback(None)
        assert seen == [(database.COMMAND_WAIT, None)], "the reset did not wait as the command line does"
    assert store.waiting_outcomes == [] and store.take_notices() == []
    assert store.record_outcome(after, LOST, 7.0)
    assert [game.id for game in recent(store)] == [store.game_id(after), store.game_id(other)]
    assert (figures(store).played, figures(store).lost, figures(store, "easy").won) == (1, 1, 1)


def test_a_reset_the_other_process_never_lets_through_is_said_and_forgets_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(database, "COMMAND_WAIT", 0.05)  # the lock is held throughout: refused
    dirs = HomeDirs(tmp_path / "home")
    store = Store(dirs)
    assert store.record_outcome(played_game(1), WON, 1.0)
    with held(dirs):
        assert not store.record_outcome(played_game(2), LOST, 2.0)
        assert not store.reset_statistics()
        [notice] = store.take_notices()
        assert notice.startswith("Your statistics were not reset: another Eight Off program is writing")
        assert store.waiting_outcomes == [LOST]
    assert store.retry_writes()
    assert (figures(store).played, figures(store).won) == (2, 1)
    assert store.reset_statistics() and figures(store).played == 0
    assert store.take_notices() == []


def damaged_home(home: Path, count: int) -> Path:
    """A home whose games.db holds `count` games behind one damaged byte of its header (a write
    version SQLite never writes): every start finds it damaged and salvages all of them."""
    store = Store(HomeDirs(home))
    for number in range(1, count + 1):
        store.record_outcome(played_game(number), WON, float(number))
    store.close()
    path = home / "data" / "games.db"
    with open(path, "r+b") as file:
        file.seek(18)
        file.write(b"\x09")
    return path


def test_a_start_that_waited_for_another_ones_salvage_opens_the_new_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two starts find the same damaged file; the other one salvages it first. This one then
    finds the salvaged file under the name, and opens it: it neither sets it aside again nor
    says the games database could not be read."""
    home = tmp_path / "home"
    path = damaged_home(home, 3)
    judge, others = database.Database._damage, list[list[str]]()

    def judged_as_another_start_salvages(self: database.Database) -> str | None:
        found = judge(self)
        if found is not None and not others:
            others.append([])
            other = Store(HomeDirs(home))
            assert len(list(other.each_game())) == 3
            other.close()
            others[0] = other.take_notices()
        return found

    monkeypatch.setattr(database.Database, "_damage", judged_as_another_start_salvages)
    store = Store(HomeDirs(home))
    assert sorted(game.seconds for game in store.each_game()) == [1.0, 2.0, 3.0]
    assert store.take_notices() == []
    [[salvaged]] = others
    assert salvaged.startswith("Your games database could not be read")
    assert len(list(path.parent.glob("games.db.corrupt-*"))) == 1


SALVAGER = textwrap.dedent(
    """
    import json, sys
    from pathlib import Path
    from eightoff.store import HomeDirs, Store

    print("ready", flush=True)
    sys.stdin.readline()
    store = Store(HomeDirs(Path(sys.argv[1])), command_line=True)
    seconds = sorted(game.seconds for game in store.each_game())
    store.close()
    print(json.dumps({"seconds": seconds, "notices": store.take_notices()}), flush=True)
    """
)


@pytest.mark.slow
def test_three_starts_at_once_on_a_damaged_database_salvage_it_once(tmp_path: Path) -> None:
    home = tmp_path / "home"
    path = damaged_home(home, 5)
    processes = [subprocess.Popen([sys.executable, "-c", SALVAGER, str(home)], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True) for _ in range(3)]
    let_go(processes)
    seen = [json.loads(process.communicate(timeout=120)[0]) for process in processes]
    assert [each["seconds"] for each in seen] == [[1.0, 2.0, 3.0, 4.0, 5.0]] * 3
    assert sorted(len(each["notices"]) for each in seen) == [0, 0, 1]
    assert len(list(path.parent.glob("games.db.corrupt-*"))) == 1
    assert not path.with_name(".games.db.salvage").exists()
