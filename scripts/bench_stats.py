#!/usr/bin/env python3
"""How long opening the statistics takes with a million games logged.

Writes a log of N games (default 1,000,000, a mix of variants, outcomes and a few damaged
lines) into a temporary EIGHTOFF_HOME, then times:
  - the first `Store.overview()` (no summary yet: the whole log is read once),
  - `Store.overview()` in a new store with the summary in place (what the dialog does),
  - the same after one more game was appended (read from the summary's offset),
  - `python -m eightoff stats` as a whole process, start-up included,
each over several runs: median and spread (min-max).

Usage: .venv/bin/python scripts/bench_stats.py [--games N] [--runs R]
"""

from __future__ import annotations

import argparse
import logging
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from eightoff.core.game import Game
from eightoff.core.variants import STANDARD
from eightoff.store import WON, HomeDirs, Store

VARIANTS = ("standard", "easy", "freecell", "raglan")


def write_log(path: Path, games: int) -> None:
    """One line per game as the store writes them, with one damaged line in 100,000."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as file:
        for number in range(games):
            if number % 100_000 == 99_999:
                file.write(b'{"version":1,"moves":1099511627776}\n')
                continue
            outcome = ("won", "lost", "won", "solved with help")[number % 4]
            line = (f'{{"version":1,"rules":"{VARIANTS[number % 7 % 4]}","deal":{number % 32000},'
                    f'"won":{"true" if outcome == "won" else "false"},"moves":{80 + number % 50},'
                    f'"seconds":{100 + number % 900}.5,'
                    f'"finished":"2025-{1 + number % 12:02}-{1 + number % 28:02}T10:00:00Z",'
                    f'"id":"g{number}","outcome":"{outcome}"}}\n')
            file.write(line.encode())


def timed(action: Callable[[], object], runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return times


def show(label: str, times: list[float]) -> None:
    print(f"{label:<44} median {statistics.median(times):7.3f} s   spread {min(times):.3f}-{max(times):.3f} s"
          f"   ({len(times)} runs)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    logging.getLogger("eightoff.store").addHandler(logging.NullHandler())  # the skipped-lines notice
    with tempfile.TemporaryDirectory(prefix="eightoff-bench-stats-") as folder:
        home = Path(folder)
        dirs = HomeDirs(home)
        log = dirs.user_data_path / "games.jsonl"
        write_log(log, args.games)
        print(f"{args.games:,} games logged ({log.stat().st_size / 1e6:.0f} MB)")
        summary = dirs.user_data_path / "games-summary.json"

        def cold() -> None:
            summary.unlink(missing_ok=True)
            Store(dirs).overview()

        show("first opening (summary built from the log)", timed(cold, max(1, args.runs // 2)))
        show("opening the statistics (summary in place)", timed(lambda: Store(dirs).overview(), args.runs))

        def after_a_game() -> None:
            game = Game.new(5, STANDARD)
            game.play(game.legal_moves()[0])
            Store(dirs).record_outcome(game, WON, 60.0)
            Store(dirs).overview()

        show("one game appended, then opened", timed(after_a_game, args.runs))
        environment = {**os.environ, "EIGHTOFF_HOME": folder}
        command = [sys.executable, "-m", "eightoff", "stats"]
        process = timed(lambda: subprocess.run(command, env=environment, capture_output=True), args.runs)
        show("python -m eightoff stats (whole process)", process)
        played = sum(figures.played for figures in Store(dirs).overview().statistics.values())
        print(f"counted {played:,} games, skipped {Store(dirs).overview().skipped} damaged lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
