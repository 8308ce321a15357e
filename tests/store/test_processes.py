"""Real processes: one killed with SIGKILL in the middle of play, and two finishing games at
the same time into the same store."""

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

from eightoff.store import HomeDirs, Store

from .conftest import figures

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
    import sys, time
    from pathlib import Path
    from eightoff.core.game import Game
    from eightoff.core.variants import preset
    from eightoff.store import LOST, WON, HomeDirs, Store

    home, go, tag, count, rules, reset_every = sys.argv[1:]
    store = Store(HomeDirs(Path(home)))
    games = [Game.new(int(tag), preset(rules)) for _ in range(int(count))]
    for game in games:
        game.play(game.legal_moves()[0])
    print("ready", flush=True)
    while not Path(go).exists():
        time.sleep(0.001)
    for number, game in enumerate(games):
        store.record_outcome(game, WON if number % 2 == 0 else LOST, int(tag) * 1000 + number)
        if int(reset_every) and number % int(reset_every) == int(reset_every) - 1:
            store.reset_statistics(rules)
    store.close()
    assert not store.take_notices(), store.take_notices()
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


def run_finishers(home: Path, go: Path, jobs: list[tuple[int, int, str, int]]) -> None:
    processes = [
        subprocess.Popen(
            [sys.executable, "-c", FINISHER, str(home), str(go), str(tag), str(count), rules, str(reset)],
            stdout=subprocess.PIPE,
            text=True,
        )
        for tag, count, rules, reset in jobs
    ]
    for process in processes:
        assert process.stdout is not None and process.stdout.readline() == "ready\n"
    go.touch()
    for process in processes:
        assert process.wait(timeout=120) == 0


@pytest.mark.slow
def test_two_processes_finishing_games_at_once_lose_none(tmp_path: Path) -> None:
    home = tmp_path / "home"
    run_finishers(home, tmp_path / "go", [(1, 200, "standard", 0), (2, 200, "standard", 0)])
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
    run_finishers(home, tmp_path / "go", [(1, 200, "standard", 0), (2, 200, "easy", 10)])
    store = Store(HomeDirs(home))
    assert figures(store, "standard").played == 200
    assert figures(store, "easy").played == 0
    assert len({game.seconds for game in list(store.each_game())}) == 200
