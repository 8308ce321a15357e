#!/usr/bin/env python3
"""What saving costs the window's frame: 1,000 steps of a game, each a move and its save into
games.db, as the session makes them (`Store.save_unfinished` after every move), and the outcome
recorded at the end (`Store.record_outcome`, one transaction with the clearing of the game).

Per run: each step's time (the move alone as the reference, and the move with its save), their
median, p99 and maximum, and the outcome's time. Over R runs: the median and spread of those.
Then the number of fsync/fdatasync calls per step and per outcome, counted by strace in a child
doing the same (skipped where strace is missing). A frame at 60 Hz is 16.7 ms.

Usage: .venv/bin/python scripts/bench_db_frames.py [--steps N] [--runs R]
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _figures import pure_python_loop, spread

from eightoff.core.game import Game
from eightoff.core.variants import STANDARD
from eightoff.store import LOST, HomeDirs, Store


def step(game: Game, rng: random.Random) -> None:
    """A move, an undo or a redo, as a player makes them; a new deal when stuck."""
    roll = rng.random()
    if roll < 0.1 and game.can_undo:
        game.undo()
    elif roll < 0.15 and game.can_redo:
        game.redo()
    elif game.legal_moves():
        game.play(rng.choice(game.legal_moves()), autoplay=True)
    else:
        game.undo()


def one_run(home: Path, steps: int, seed: int) -> tuple[list[float], list[float], float]:
    """(move times, move-and-save times, outcome time) in milliseconds."""
    store = Store(HomeDirs(home))
    store.acquire_instance()
    store.load_unfinished()
    game = Game.new(617 + seed, STANDARD)
    rng, bare_rng = random.Random(seed), random.Random(seed)
    bare_game = Game.new(617 + seed, STANDARD)
    moves, saves = [], []
    for number in range(steps):
        began = time.perf_counter()
        step(bare_game, bare_rng)
        moves.append((time.perf_counter() - began) * 1000)
        began = time.perf_counter()
        step(game, rng)
        store.save_unfinished(game, float(number))
        saves.append((time.perf_counter() - began) * 1000)
    began = time.perf_counter()
    store.record_outcome(game, LOST, float(steps))
    outcome = (time.perf_counter() - began) * 1000
    store.close()
    return moves, saves, outcome


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


CHILD = """
import sys
sys.path.insert(0, sys.argv[3])
from bench_db_frames import one_run
from pathlib import Path
one_run(Path(sys.argv[1]), int(sys.argv[2]), 1)
"""


def fsyncs(steps: int) -> str:
    if shutil.which("strace") is None:
        return "fsyncs: strace is not installed"
    counts = []
    for count in (steps, 0):  # the same run without steps: the opening and the outcome alone
        with tempfile.TemporaryDirectory() as folder:
            command = ["strace", "-f", "-c", "-e", "trace=fsync,fdatasync", sys.executable, "-c", CHILD,
                       folder, str(count), str(Path(__file__).parent)]
            result = subprocess.run(command, capture_output=True, text=True)
            calls = sum(int(line.split()[3]) for line in result.stderr.splitlines()
                        if line.split()[-1:] in (["fsync"], ["fdatasync"]) and len(line.split()) >= 5)
            counts.append(calls)
    per_step = (counts[0] - counts[1]) / steps
    return (f"fsync+fdatasync: {counts[0]} in a run of {steps} steps and its outcome, {counts[1]} with no "
            f"step (opening, the outcome, closing): {per_step:.3f} per step")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    print(pure_python_loop())
    rows: dict[str, list[float]] = {name: [] for name in
                                    ("move median", "move p99", "move max", "save median", "save p99",
                                     "save max", "outcome")}
    for run in range(args.runs):
        with tempfile.TemporaryDirectory(prefix="eightoff-bench-frames-") as folder:
            moves, saves, outcome = one_run(Path(folder), args.steps, run)
        rows["move median"].append(statistics.median(moves))
        rows["move p99"].append(percentile(moves, 0.99))
        rows["move max"].append(max(moves))
        rows["save median"].append(statistics.median(saves))
        rows["save p99"].append(percentile(saves, 0.99))
        rows["save max"].append(max(saves))
        rows["outcome"].append(outcome)
    print(f"{args.steps} steps a run, {args.runs} runs; milliseconds (a 60 Hz frame is 16.7 ms):")
    for name, values in rows.items():
        label = {"move": "the move alone (reference)", "save": "the move and its save",
                 "outcome": "recording the outcome"}[name.split()[0]]
        print(f"  {label}, {name.split()[-1] if name != 'outcome' else 'time'}: {spread(values, 'ms', 3)}")
    print(f"  ratio of p99s, move and save to move alone: "
          f"{statistics.median(rows['save p99']) / statistics.median(rows['move p99']):.2f}x")
    print(fsyncs(args.steps))
    print(pure_python_loop())


if __name__ == "__main__":
    main()
