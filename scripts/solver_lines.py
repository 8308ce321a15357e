#!/usr/bin/env python3
"""Print what `solve` answers for a set of deals, one JSON line each, to check that a change
meant to make each board cheaper left every search as it was.

    .venv/bin/python scripts/solver_lines.py > before.jsonl          # on main
    .venv/bin/python scripts/solver_lines.py > after.jsonl           # with the change
    diff before.jsonl after.jsonl                                    # must print nothing

By default: deals 1-25 of every game at the default budget, then deals 26-80 of the open
games within 150,000 boards. A line holds the verdict, the boards expanded and seen, the
difficulty score and every move of the line found: the shipped pars, grade tables and golden
daily deals are made of these, so a saving that changes any of them is no saving. `--rules`,
`--first`, `--last` and `--max-nodes` pick one game's range instead. No time limit: the
figures then depend on the boards alone, never on the machine or its load.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from eightoff.core.deals import deal  # noqa: E402
from eightoff.core.notation import format_move  # noqa: E402
from eightoff.core.variants import VARIANTS, preset  # noqa: E402
from eightoff.solver.limits import Budget  # noqa: E402
from eightoff.solver.solve import solve  # noqa: E402

OPEN_GAMES = ("forecell", "relaxed-freecell", "kings-only-bakers", "relaxed-seahaven",
              "beleaguered-castle", "streets-and-alleys", "citadel", "fan", "bakers-dozen")
"""The one-deck open games, whose searches the wider check covers too."""


def lines(rules_name: str, first: int, last: int, nodes: int | None) -> None:
    rules = preset(rules_name)
    for number in range(first, last + 1):
        result = solve(deal(number, rules), rules, Budget(nodes=nodes))
        print(json.dumps({
            "rules": rules_name, "deal": number, "max_nodes": nodes, "status": str(result.status),
            "nodes": result.nodes, "states": result.states, "difficulty": result.difficulty,
            "line": [format_move(move) for move in result.moves],
        }), flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", choices=sorted(VARIANTS))
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--last", type=int, default=25)
    parser.add_argument("--max-nodes", type=int)
    args = parser.parse_args()
    if args.rules:
        lines(args.rules, args.first, args.last, args.max_nodes)
        return 0
    for name in VARIANTS:
        lines(name, 1, 25, None)
    for name in OPEN_GAMES:
        lines(name, 26, 80, 150_000)
    return 0


if __name__ == "__main__":
    sys.exit(main())
