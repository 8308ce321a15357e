#!/usr/bin/env python3
"""How long opening the statistics takes with a million games logged.

Writes a log of N games (default 1,000,000, a mix of variants, outcomes and a few damaged
lines) into a temporary EIGHTOFF_HOME, then times:
  - the first `Store.overview()` (no summary yet: the whole log is read once), as the store
    chooses (this process runs no other thread, so a log of 16 MB or more is read in two halves
    at once when the load average leaves a processor free), and in one process (as a window,
    which runs threads, always reads it),
  - `python -m eightoff stats` as a whole process the first time, start-up included,
  - the first opening of a log with 1 line in 100 damaged, and of one with a game logged twice
    750,000 lines apart (the halves then do not add up: the second half is read again),
  - `Store.overview()` in a new store with the summary in place (what the dialog does),
  - the same after one more game was appended (read from the summary's offset),
  - `python -m eightoff stats` as a whole process with the summary in place,
  - the Statistics dialog opened and drawn in a window (SDL's dummy driver) with the summary in
    place: its figures, grades and charts included, against `Store.overview()` as the reference
    (target: under a second),
each over several runs: median and spread (min-max), with the CPU time of this process (the
child that reads a second half is not in it) and the load average, as the machine is shared.

Usage: .venv/bin/python scripts/bench_stats.py [--games N] [--runs R]
"""

from __future__ import annotations

import argparse
import io
import logging
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from unittest import mock

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # the dialog's window is drawn unseen
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from _figures import loop_seconds  # noqa: E402

from eightoff.core.game import Game
from eightoff.core.preferences import Preferences
from eightoff.core.variants import STANDARD
from eightoff.session.keeper import Keeper
from eightoff.session.records import Records
from eightoff.store import WON, HomeDirs, Store
from eightoff.ui.app import App
from eightoff.ui.stats_dialog import StatisticsDialog

VARIANTS = ("standard", "easy", "freecell", "raglan")


DAMAGED = (b'{"version":1,"moves":1099511627776}', b"{not json", b'{"version":1,"seconds":NaN}',
           b'{"version":1,"rules":"standard","deal":1,"won":true,"moves":1,"seconds":1,'
           b'"finished":"1969-12-31T23:59:59Z"}', b"[" * 10_000)


def write_log(path: Path, games: int, damaged_every: int = 100_000, twice: int | None = None) -> None:
    """One line per game as the store writes them, with one damaged line in `damaged_every`
    (of several kinds); `twice`: the game at that line is logged again at the end."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as file:
        for number in range(games):
            if number % damaged_every == damaged_every - 1:
                file.write(DAMAGED[number // damaged_every % len(DAMAGED)] + b"\n")
                continue
            outcome = ("won", "lost", "won", "solved with help")[number % 4]
            line = (f'{{"version":1,"rules":"{VARIANTS[number % 7 % 4]}","deal":{number % 32000},'
                    f'"won":{"true" if outcome == "won" else "false"},"moves":{80 + number % 50},'
                    f'"seconds":{100 + number % 900}.5,'
                    f'"finished":"2025-{1 + number % 12:02}-{1 + number % 28:02}T10:00:00Z",'
                    f'"id":"g{number}","outcome":"{outcome}"}}\n')
            file.write(line.encode())
            if number == twice:
                repeated = line
        if twice is not None:
            file.write(repeated.encode())


def timed(action: Callable[[], object], runs: int) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU seconds (this process) of each run."""
    times, cpu = [], []
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        action()
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return times, cpu


def show(label: str, measured: tuple[list[float], list[float]]) -> None:
    times, cpu = measured
    print(f"{label:<48} median {statistics.median(times):6.3f} s  spread {min(times):.3f}-{max(times):.3f} s"
          f"  cpu {statistics.median(cpu):.3f} s  ({len(times)} runs, load {os.getloadavg()[0]:.1f})",
          flush=True)


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

        def cold_in_one_process() -> None:
            with mock.patch("eightoff.store.summary._may_fork", return_value=False):
                cold()

        environment = {**os.environ, "EIGHTOFF_HOME": folder}
        command = [sys.executable, "-m", "eightoff", "stats"]

        def cold_process() -> None:
            summary.unlink(missing_ok=True)
            subprocess.run(command, env=environment, capture_output=True, check=True)

        show("first opening (summary built from the log)", timed(cold, args.runs))
        show("the same in one process", timed(cold_in_one_process, args.runs))
        show("python -m eightoff stats, first time", timed(cold_process, args.runs))
        played = sum(figures.played for figures in Store(dirs).overview().statistics.values())
        print(f"counted {played:,} games, skipped {Store(dirs).overview().skipped} damaged lines")
        for name, damage in (("1 line in 100 damaged", {"damaged_every": 100}),
                             ("a game logged twice far apart", {"twice": args.games // 4})):
            write_log(log, args.games, **damage)
            show(f"first opening, {name}", timed(cold, args.runs))
            figures = Store(dirs).overview()
            print(f"counted {sum(each.played for each in figures.statistics.values()):,} games, "
                  f"skipped {figures.skipped:,} damaged lines")
        write_log(log, args.games)
        Store(dirs).overview()
        show("opening the statistics (summary in place)", timed(lambda: Store(dirs).overview(), args.runs))

        def after_a_game() -> None:
            game = Game.new(5, STANDARD)
            game.play(game.legal_moves()[0])
            Store(dirs).record_outcome(game, WON, 60.0)
            Store(dirs).overview()

        show("one game appended, then opened", timed(after_a_game, args.runs))
        dialog_against_overview(dirs, folder, args.runs)
        process = timed(lambda: subprocess.run(command, env=environment, capture_output=True), args.runs)
        show("python -m eightoff stats (summary in place)", process)
        played = sum(figures.played for figures in Store(dirs).overview().statistics.values())
        print(f"counted {played:,} games, skipped {Store(dirs).overview().skipped} damaged lines")
    return 0


def dialog_against_overview(dirs: HomeDirs, folder: str, runs: int) -> None:
    """The Statistics dialog opened and drawn (summary in place), as a ratio to
    `Store.overview()` measured alongside, run by run."""
    os.environ["EIGHTOFF_HOME"] = folder
    app = App.for_game(Game.new(5, STANDARD), Preferences(animation_speed="off"), size=(1280, 800),
                       out=io.StringIO())
    try:
        def open_dialog() -> None:
            dialog = StatisticsDialog(app, Records(Keeper(Store(dirs)), lambda: None), "standard",
                                      lambda game: None, lambda game: None)
            dialog.draw(app.screen, True)

        open_dialog()  # fonts and the grade tables are read once per window, not per opening
        dialogs, references = [], []
        for _ in range(runs):
            dialogs.append(timed(open_dialog, 1)[0][0])
            references.append(timed(lambda: Store(dirs).overview(), 1)[0][0])
        ratios = [dialog / reference for dialog, reference in zip(dialogs, references, strict=True)]
        show("Statistics dialog opened and drawn", (dialogs, dialogs))
        print(f"  ratio to Store.overview(): median {statistics.median(ratios):.2f}, "
              f"spread {min(ratios):.2f}-{max(ratios):.2f}; under a second: "
              f"{'yes' if max(dialogs) < 1.0 else 'NO'}; fixed pure-Python loop {loop_seconds():.3f} s")
    finally:
        for closer in app.closers:
            closer()


if __name__ == "__main__":
    sys.exit(main())
