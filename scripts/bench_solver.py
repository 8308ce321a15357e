#!/usr/bin/env python3
"""Benchmark the solver on a range of deals, side by side with fc-solve when it is installed.

    scripts/bench_solver.py [--first 1] [--last 1000] [--rules standard|easy|freecell] [--time-limit 10]

Prints the counts (solved / unsolved / unknown), the median, p95 and max solve time (the
solver's own time, without interpreter start-up) and the median solution length (a run moved
at once counts as one move; home moves count). fc-solve runs on the same boards in the same run
(`fc-solve -g eight_off -sel -m`, FreeCell with its default game); its time includes starting
the process, about a millisecond.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from eightoff.core.deals import deal  # noqa: E402
from eightoff.core.notation import format_board  # noqa: E402
from eightoff.core.rules import Rules
from eightoff.core.variants import PRESETS, preset  # noqa: E402
from eightoff.solver import Budget, solve  # noqa: E402

FC_SOLVE_GAME = {
    "standard": ["-g", "eight_off"],
    "easy": ["-g", "eight_off", "--empty-stacks-filled-by", "any", "--sequence-move", "unlimited"],
    "freecell": [],
}


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def report(name: str, statuses: list[str], seconds: list[float], lengths: list[int]) -> None:
    counts = {status: statuses.count(status) for status in ("solved", "unsolved", "unknown")}
    print(
        f"{name:8} solved {counts['solved']}  unsolved {counts['unsolved']}  unknown {counts['unknown']}  "
        f"time median {statistics.median(seconds) * 1e3:.1f} ms  "
        f"p95 {percentile(seconds, 0.95) * 1e3:.1f} ms  "
        f"max {max(seconds) * 1e3:.1f} ms  length median {statistics.median(lengths) if lengths else '-'}"
    )


def fc_solve(board: str, game: list[str], folder: Path) -> tuple[str, float, int]:
    path = folder / "board.txt"
    path.write_text(board)
    began = time.perf_counter()
    output = subprocess.run(
        ["fc-solve", *game, "-sel", "-m", str(path)], capture_output=True, text=True, check=False
    ).stdout
    seconds = time.perf_counter() - began
    length = sum(1 for line in output.splitlines() if line.startswith("Move"))
    if "solveable" in output:
        return "solved", seconds, length
    if "could not solve" in output:
        return "unsolved", seconds, 0
    return "unknown", seconds, 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--last", type=int, default=1000)
    parser.add_argument("--rules", choices=sorted(PRESETS), default="standard")
    parser.add_argument("--time-limit", type=float, default=10.0, help="seconds per deal")
    args = parser.parse_args()
    rules: Rules = preset(args.rules)
    has_fc_solve = shutil.which("fc-solve") is not None
    ours: tuple[list[str], list[float], list[int]] = ([], [], [])
    theirs: tuple[list[str], list[float], list[int]] = ([], [], [])
    with tempfile.TemporaryDirectory() as folder:
        for number in range(args.first, args.last + 1):
            position = deal(number, rules)
            result = solve(position, rules, Budget(seconds=args.time_limit))
            ours[0].append(result.status)
            ours[1].append(result.seconds)
            if result.moves:
                ours[2].append(len(result.moves))
            if result.status != "solved":
                print(f"deal {number}: {result.status} in {result.seconds:.2f} s ({result.nodes} boards)")
            if has_fc_solve:
                board = format_board(position)
                status, seconds, length = fc_solve(board, FC_SOLVE_GAME[args.rules], Path(folder))
                theirs[0].append(status)
                theirs[1].append(seconds)
                if length:
                    theirs[2].append(length)
    print(f"deals {args.first}..{args.last}, rules {args.rules}")
    report("ours", *ours)
    if not has_fc_solve:
        print("fc-solve not found on PATH: no comparison")
        return 0
    report("fc-solve", *theirs)
    time_ratio = statistics.median(ours[1]) / statistics.median(theirs[1])
    length_ratio = statistics.median(ours[2]) / statistics.median(theirs[2]) if theirs[2] else float("nan")
    print(f"ratios ours/fc-solve: median time {time_ratio:.1f}x  median length {length_ratio:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
