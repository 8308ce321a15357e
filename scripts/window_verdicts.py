#!/usr/bin/env python3
"""Does the window decide what the command line decides? The deals where the two differ.

For each deal of each game (deals 1-300, easy Eight Off 1-150), the command line's search
(`solve` with its default limits, in this process) is given COMMAND_LINE_NODES boards, what
`eightoff solve` searches in 2 s. Every deal it decides with more than FLOOR boards is then
given, with the same node budget and no time limit, to the solver's worker as the window starts
it (its memory budget), a fresh worker for each deal. Printed: each such deal with both
verdicts and the worker's peak resident size, then the deals the worker left "unknown", as the
Python list `tests/solver/test_window_verdicts.py` holds (run with `--memory 40` for the
deals the worker's old budget left undecided).

Usage: .venv/bin/python scripts/window_verdicts.py [--games standard,raglan] [--last 300]
       [--memory MB] [--list GAME:DEAL,...]

`--memory` tries another worker budget; `--list` checks only the deals named (the test's list).
The whole range takes a few minutes on one core (most deals are decided in a few thousand boards).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from eightoff.core.deals import deal  # noqa: E402
from eightoff.core.variants import PRESETS  # noqa: E402
from eightoff.solver.limits import Budget  # noqa: E402
from eightoff.solver.solve import solve  # noqa: E402
from eightoff.solver.worker import WORKER_MEMORY, SolverWorker  # noqa: E402
from tests.solver.test_window_verdicts import COMMAND_LINE_NODES  # noqa: E402

RANGES = {"standard": 300, "easy": 150, "freecell": 300, "bakers": 300, "seahaven": 300, "raglan": 300}
"""The last deal searched of each game (from deal 1)."""
FLOOR = 20_000
"""Deals decided in fewer boards are left out: their search keeps fewer boards than the
worker has room for even at a best-first record's 800 bytes (16 MB above its idle size), so
they cannot tell budgets apart, and skipping them saves a worker's start for each."""
WAIT = 600.0


def worker_verdict(game: str, number: int, memory: int) -> tuple[str, float]:
    """The worker's verdict and its peak resident size in MB."""
    rules = PRESETS[game]
    with SolverWorker(memory=memory) as worker:
        worker.submit(deal(number, rules), rules, None, "deal", COMMAND_LINE_NODES)
        answer = worker.wait(WAIT)
        assert answer is not None, "the worker never answered"
        return str(answer[1].status), worker.footprint.peak / (1 << 20)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(RANGES))
    parser.add_argument("--last", type=int, help="the last deal of every game (default: RANGES)")
    parser.add_argument("--memory", type=int, default=WORKER_MEMORY >> 20, help="the worker's budget in MB")
    parser.add_argument("--list", help="only these deals, GAME:DEAL,...")
    args = parser.parse_args()
    if args.list:
        deals = [(game, int(number)) for game, number in (item.split(":") for item in args.list.split(","))]
    else:
        deals = [(game, number) for game in args.games.split(",")
                 for number in range(1, (args.last or RANGES[game]) + 1)]
    print(f"command line: {COMMAND_LINE_NODES:,} boards a deal; worker: {args.memory} MB")
    differ = []
    for game, number in deals:
        rules = PRESETS[game]
        plain = solve(deal(number, rules), rules, Budget(nodes=COMMAND_LINE_NODES))
        if plain.status == "unknown" or (plain.nodes < FLOOR and not args.list):
            continue
        status, peak = worker_verdict(game, number, args.memory << 20)
        print(f"{game} {number}: command line {plain.status} in {plain.nodes:,} boards "
              f"({plain.cpu_seconds:.2f} s); worker {status}, peak {peak:.1f} MB", flush=True)
        if status != plain.status:
            differ.append((game, number))
    print(f"left undecided by the worker ({len(differ)}):")
    print(repr(differ))


if __name__ == "__main__":
    main()
