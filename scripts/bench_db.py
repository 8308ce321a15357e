#!/usr/bin/env python3
"""The figures of games.db at scale, each beside a reference measured in the same run.

1. The import of an old games log of N lines (default 3,000,000: a mix of games, outcomes and
   a few damaged lines), as the first start of this version does it (`eightoff stats --json` on
   a home holding only the log): wall time and peak memory (the child's maximum resident size).
   Then `eightoff stats --import` of the same file into an empty home.
2. `eightoff stats --json` with the N games in the database, against the same command on an
   empty home: wall time (median and spread of R runs each, and their ratio) and peak memory.

Every figure is printed with the fixed pure-Python loop's time (`_figures`), as the machine is
shared. Usage: .venv/bin/python scripts/bench_db.py [--games N] [--runs R]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _figures import pure_python_loop, spread

VARIANTS = ("standard", "easy", "freecell", "raglan")
DAMAGED = (b"{not json", b'{"version":1,"moves":1099511627776}', b"[" * 1000)


def write_log(path: Path, games: int) -> None:
    """One line per game as the versions before the database wrote them; one in 100,000 damaged."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb", buffering=1 << 20) as file:
        for number in range(games):
            if number % 100_000 == 99_999:
                file.write(DAMAGED[number // 100_000 % len(DAMAGED)] + b"\n")
                continue
            outcome = ("won", "lost", "won", "solved with help")[number % 4]
            file.write((f'{{"version":1,"rules":"{VARIANTS[number % 7 % 4]}","deal":{1 + number % 32000},'
                        f'"won":{"true" if outcome == "won" else "false"},"moves":{80 + number % 50},'
                        f'"seconds":{100 + number % 900}.5,'
                        f'"finished":"2025-{1 + number % 12:02}-{1 + number % 28:02}T10:00:00Z",'
                        f'"id":"g{number}","outcome":"{outcome}"}}\n').encode())


def measured(arguments: list[str], home: Path) -> tuple[float, float, int]:
    """(wall seconds, peak resident MB, exit status) of `python -m eightoff ARGUMENTS`. Linux
    keeps a process's peak across exec, so this process stays small (it never holds the log)."""
    environment = {**os.environ, "EIGHTOFF_HOME": str(home), "LANGUAGE": "en"}
    began = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "eightoff", *arguments], env=environment,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _pid, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - began
    return wall, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3_000_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    print(pure_python_loop())
    with tempfile.TemporaryDirectory(prefix="eightoff-bench-db-") as folder:
        root = Path(folder)
        full, empty, imported = root / "full", root / "empty", root / "imported"
        log = full / "data" / "games.jsonl"
        began = time.perf_counter()
        write_log(log, args.games)
        source = root / "games.jsonl"
        shutil.copyfile(log, source)  # not read here: a child's peak counts this process's at its start
        print(f"wrote a log of {args.games:,} lines ({log.stat().st_size / 1e6:.0f} MB) in "
              f"{time.perf_counter() - began:.1f} s")

        wall, peak, status = measured(["stats", "--json"], full)
        database = full / "data" / "games.db"
        print(f"migration of the log at the first start (stats --json): {wall:.1f} s, peak {peak:.0f} MB, "
              f"exit {status}; games.db {database.stat().st_size / 1e6:.0f} MB "
              f"(targets: 300 s, 600 MB)")
        wall, peak, status = measured(["stats", "--import", str(source)], imported)
        print(f"stats --import of the same file into an empty home: {wall:.1f} s, peak {peak:.0f} MB, "
              f"exit {status}")

        empty.mkdir()
        measured(["stats", "--json"], empty)  # makes the empty database once
        references = [measured(["stats", "--json"], empty) for _run in range(args.runs)]
        figures = [measured(["stats", "--json"], full) for _run in range(args.runs)]
        reference_wall = statistics.median(wall for wall, _peak, _status in references)
        full_wall = statistics.median(wall for wall, _peak, _status in figures)
        print(f"stats --json, empty home (reference): {spread([w for w, _p, _s in references], 's', 3)}; "
              f"peak {max(p for _w, p, _s in references):.0f} MB")
        print(f"stats --json, {args.games:,} games: {spread([w for w, _p, _s in figures], 's', 3)}; "
              f"peak {max(p for _w, p, _s in figures):.0f} MB (target 100 MB)")
        print(f"ratio of the medians: {full_wall / reference_wall:.2f}x (target at most 10x)")
        print(pure_python_loop())


if __name__ == "__main__":
    main()
