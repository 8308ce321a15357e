#!/usr/bin/env python3
"""How long the store makes the window wait: `save_unfinished` runs after every move.

Prints the median and spread (min..max, 90th percentile) of save_unfinished over repeated saves
of a game with a 150-move history, split into encoding (to_record + JSON) and the atomic write
(temporary file, fsync, os.replace), plus reading the statistics from a log of 1,000 games.
Files go to a temporary folder on the disk of --dir (default: the system's temporary folder).

Usage: .venv/bin/python scripts/bench_store.py [--saves 200] [--dir PATH]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from eightoff.core.game import Game
from eightoff.core.piles import PileKind
from eightoff.core.variants import STANDARD
from eightoff.store import LOST, WON, HomeDirs, Store, saved_game

HISTORY_MOVES = 150


def long_game() -> Game:
    """Deal 617 after seeded random play until 150 moves are in the undo history."""
    game = Game.new(617, STANDARD)
    rng = random.Random(1)
    while sum(len(step.moves) for step in game.done) < HISTORY_MOVES:
        moves = game.legal_moves()
        useful = [
            m for m in moves if not (m.source.kind is PileKind.CELL and m.destination.kind is PileKind.CELL)
        ]
        if moves:
            game.play(rng.choice(useful or moves))
        else:  # stuck: back off a few steps and try another way
            for _ in range(3):
                game.undo()
    return game


def timings(action: Callable[[], object], repeats: int) -> list[float]:
    """Milliseconds per call."""
    result = []
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        result.append((time.perf_counter() - start) * 1000)
    return result


def report(name: str, values: list[float]) -> None:
    ordered = sorted(values)
    p90 = ordered[int(len(ordered) * 0.9)]
    print(
        f"{name:<34} median {statistics.median(values):7.3f} ms   "
        f"min {ordered[0]:7.3f}  p90 {p90:7.3f}  max {ordered[-1]:7.3f}  (n={len(values)})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--saves", type=int, default=200)
    parser.add_argument("--dir", type=Path, default=None)
    args = parser.parse_args()
    game = long_game()
    with tempfile.TemporaryDirectory(dir=args.dir) as folder:
        store = Store(HomeDirs(Path(folder)))
        size = len(json.dumps(saved_game.encode(game, 1.0, False), indent=1))
        print(f"game: {game.move_count} moves, {len(game.done)} undo steps, saved file {size} bytes")
        report(
            "encode (to_record + JSON)",
            timings(lambda: json.dumps(saved_game.encode(game, 1.0, False), indent=1), args.saves),
        )
        report("save_unfinished (all of it)", timings(lambda: store.save_unfinished(game, 1.0), args.saves))
        report("load_unfinished (replays moves)", timings(store.load_unfinished, 20))
        for number in range(1000):
            store.record_outcome(game, WON if number % 3 == 0 else LOST, float(number))
        report("record_outcome (1,000 games)", timings(lambda: store.record_outcome(game, WON, 1.0), 50))
        report("statistics (log of 1,000)", timings(lambda: store.statistics("standard"), 20))
        assert not store.notices, store.notices


if __name__ == "__main__":
    main()
