#!/usr/bin/env python3
"""The figures of games.db at scale, each beside a reference measured in the same run.

1. `eightoff stats --json` at N games (default 3,000,000) spread over 30,000 deals of six games
   (5,000 deals each, half the games with a recorded grade), against the same command on an
   empty home: wall time (median and spread of R runs each, and their ratio) and peak memory.
2. `eightoff stats --json` and `--json --bests all` at N games each on a deal of its own: peak
   memory (every personal best is a row of output there).
3. `eightoff stats --import` of an older version's log of L lines (default 300,000).
4. The lines of the store: every module that uses sqlite3.

The homes are filled by SQL as the store's own schema makes them (a recursive CTE, a minute
or so), not game by game. Every figure is printed with the fixed pure-Python loop's time
(`_figures`), as the machine is shared.
Usage: .venv/bin/python scripts/bench_db.py [--games N] [--runs R] [--log L]
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _figures import pure_python_loop, spread

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from eightoff.store import HomeDirs, Store  # noqa: E402
from eightoff.store.games import count_streaks  # noqa: E402

GAMES = ("standard", "easy", "freecell", "raglan", "bakers", "seahaven")
GRADES = ("easy", "medium", "hard", "expert")


def fill(home: Path, games: int, deals: int) -> None:
    """`games` finished games as rows of games.db, deal `n % deals` of game `n % 6`, one
    minute apart, outcomes and times varied, every other one with a grade."""
    store = Store(HomeDirs(home))
    store.overview()  # makes the database
    store.close()
    with contextlib.closing(sqlite3.connect(home / "data" / "games.db", isolation_level=None)) as connection:
        connection.execute("BEGIN")
        grades = " ".join(f"WHEN {index} THEN '{grade}'" for index, grade in enumerate(GRADES))
        kinds = " ".join(f"WHEN {index} THEN '{kind}'" for index, kind in enumerate(GAMES))
        connection.execute(
            "WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ?) "
            "INSERT INTO games(id, rules, deal, outcome, moves, seconds, finished, hints, options, clamped, "
            "grade) SELECT 'g' || i, CASE i % 6 " + kinds + " END, 1 + (i % ?), "
            "CASE i % 4 WHEN 0 THEN 'lost' WHEN 3 THEN 'solved with help' ELSE 'won' END, 60 + i % 90, "
            "30.0 + (i * 7) % 3000, 1700000000000000 + i * 60000000, 0, '', 0, "
            "CASE WHEN i % 2 = 0 THEN (CASE (i / 2) % 4 " + grades + " END) END FROM n",
            (games - 1, deals))
        count_streaks(connection)
        connection.execute("COMMIT")


def write_log(path: Path, lines: int) -> None:
    """An older version's games.jsonl of `lines` games."""
    with path.open("wb", buffering=1 << 20) as file:
        for number in range(lines):
            won = number % 3 != 0
            file.write((f'{{"version":1,"rules":"{GAMES[number % 6]}","deal":{1 + number % 32000},'
                        f'"won":{"true" if won else "false"},"moves":{80 + number % 50},'
                        f'"seconds":{100 + number % 900}.5,'
                        f'"finished":"2025-{1 + number % 12:02}-{1 + number % 28:02}T10:00:00Z",'
                        f'"id":"g{number}"}}\n').encode())


def measured(arguments: list[str], home: Path) -> tuple[float, float, int]:
    """(wall seconds, peak resident MB, exit status) of `python -m eightoff ARGUMENTS`. Linux
    keeps a process's peak across exec, so this process stays small."""
    environment = {**os.environ, "EIGHTOFF_HOME": str(home), "LANGUAGE": "en"}
    began = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "eightoff", *arguments], env=environment,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _pid, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - began
    return wall, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status)


def store_lines() -> int:
    """Lines of every module of the program that uses sqlite3 (`wc -l`)."""
    package = Path(__file__).resolve().parent.parent / "eightoff"
    using = [path for path in package.rglob("*.py") if "sqlite3" in path.read_text(encoding="utf-8")]
    store = sorted({*using, *(package / "store").glob("*.py")})
    return sum(len(path.read_text(encoding="utf-8").splitlines()) for path in store)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3_000_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--log", type=int, default=300_000)
    args = parser.parse_args()
    print(pure_python_loop())
    print(f"the store (eightoff/store and every module using sqlite3): {store_lines()} lines (target 2,000)")
    with tempfile.TemporaryDirectory(prefix="eightoff-bench-db-") as folder:
        root = Path(folder)
        full, spread_out, empty = root / "full", root / "own-deals", root / "empty"
        began = time.perf_counter()
        fill(full, args.games, 30_000)
        took = time.perf_counter() - began
        print(f"filled {args.games:,} games over 30,000 deals of six games in {took:.0f} s "
              f"(games.db {(full / 'data' / 'games.db').stat().st_size / 1e6:.0f} MB)")
        empty.mkdir()
        measured(["stats", "--json"], empty)  # makes the empty database once
        references, figures = [], []
        for _run in range(args.runs):  # taken in turns, so that a busy moment costs both alike
            references.append(measured(["stats", "--json"], empty))
            figures.append(measured(["stats", "--json"], full))
        reference_wall = statistics.median(wall for wall, _peak, _status in references)
        full_wall = statistics.median(wall for wall, _peak, _status in figures)
        print(f"stats --json, empty home (reference): {spread([w for w, _p, _s in references], 's', 3)}; "
              f"peak {max(p for _w, p, _s in references):.0f} MB")
        print(f"stats --json, {args.games:,} games: {spread([w for w, _p, _s in figures], 's', 3)}; "
              f"peak {max(p for _w, p, _s in figures):.0f} MB (target 100 MB); "
              f"exit {max(s for _w, _p, s in figures)}")
        print(f"ratio of the medians: {full_wall / reference_wall:.2f}x (target at most 10x)")

        fill(spread_out, args.games, args.games)
        for options in (["--json"], ["--json", "--bests", "all"]):
            wall, peak, status = measured(["stats", *options], spread_out)
            print(f"stats {' '.join(options)}, {args.games:,} games each on a deal of its own: {wall:.1f} s, "
                  f"peak {peak:.0f} MB (target 100 MB), exit {status}")

        log = root / "games.jsonl"
        write_log(log, args.log)
        wall, peak, status = measured(["stats", "--import", str(log)], root / "imported")
        print(f"stats --import of an older version's log of {args.log:,} lines: {wall:.1f} s, "
              f"peak {peak:.0f} MB, exit {status}")
        print(pure_python_loop())


if __name__ == "__main__":
    main()
