#!/usr/bin/env python3
"""Write or extend a game's pinned daily list: `eightoff/solver/data/daily-<game>.txt`.

    .venv/bin/python scripts/daily_pars.py --rules raglan --jobs 2     # extend, or write a new game's
    .venv/bin/python scripts/daily_pars.py --until 2033-12-31          # every game, further ahead
    .venv/bin/python scripts/daily_pars.py --rules raglan --lower-pars  # search the listed deals again

A list is written once and then only extended: the lines already there are kept byte for
byte, and later dates are appended (through `--until`, by default the end of the year five
years from now), each grade walking on along the cycle its lines already walk. So a date
keeps its deal, grade and par in every version, whatever the grade tables or the solver
become. A game without a list (a new one) gets one from `EPOCH`: for each grade of its
shipped grade table, the deals are taken in the daily's shuffled order and each is searched
within the par's board budget until the cycle holds `pool_size(grade)` deals with a par.
`--lower-pars` searches every listed deal again and lowers a par where the line found is
shorter; it never raises one. The script refuses to write a list that does not begin with the
old one. It prints what it searched and what it appended.

`--results FILE` reads the JSON lines `scripts/bench_solver.py --max-nodes N --results FILE`
kept of the game (with the default memory cap): a deal whose search won before its N boards,
within `PAR_NODES`, has its par there already, since the search is the same board by board
whatever its budget, so the par's search would find the same line; a deal lost has none. The
other deals (a win the proof search found as the budget ran out, which a larger budget may
find otherwise) are searched.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from eightoff.core.deals import deal  # noqa: E402
from eightoff.core.variants import PRESETS, VARIANTS  # noqa: E402
from eightoff.solver.daily import (  # noqa: E402
    daily_order,
    extend,
    format_pinned,
    lower_pars,
    parse_pinned,
    pool_size,
)
from eightoff.solver.grade import GRADES, deals_of_grade  # noqa: E402
from eightoff.solver.limits import Budget  # noqa: E402
from eightoff.solver.par import PAR_NODES, par_from  # noqa: E402
from eightoff.solver.solve import solve  # noqa: E402

DATA = ROOT / "eightoff" / "solver" / "data"
BATCH = 32
HEADER = ("{game}: the daily deal of each date: date, grade, deal, par",
          "written by scripts/daily_pars.py; lines are only ever added at the end, and a par only lowered")


def par_of(job: tuple[str, int]) -> tuple[int, int | None, int, float]:
    """(deal, par or None, boards, processor seconds) of one deal under the game's defaults."""
    rules_name, number = job
    rules = PRESETS[rules_name]
    start = deal(number, rules)
    began = time.process_time()
    result = solve(start, rules, Budget(nodes=PAR_NODES))
    return number, par_from(start, rules, result), result.nodes, time.process_time() - began


def known_pars(rules_name: str, path: str | None) -> dict[int, tuple[int | None, int]]:
    """(par or None, boards) of each deal of `rules_name` the benchmark's JSON lines settle:
    won before their board budget ran out (its par if within the par's), or lost (none)."""
    known: dict[int, tuple[int | None, int]] = {}
    for line in Path(path).read_text().splitlines() if path else []:
        entry = json.loads(line)
        budget = entry.get("max_nodes")
        if entry["rules"] != rules_name or budget is None:
            continue
        if entry["status"] == "unsolved":
            known[entry["deal"]] = (None, entry["nodes"])
        elif entry["status"] == "solved" and entry["nodes"] < budget:
            won = entry["nodes"] <= PAR_NODES
            known[entry["deal"]] = (entry["player_moves"] if won else None, entry["nodes"])
    return known


def grade_cycle(rules_name: str, grade: str, pool: ProcessPoolExecutor,
                known: dict[int, tuple[int | None, int]]) -> list[tuple[int, int]]:
    """A new game's cycle of one grade: the first deals of the shuffled order with a par."""
    order = daily_order(rules_name, grade, deals_of_grade(rules_name, grade))
    wanted = pool_size(grade)
    kept: list[tuple[int, int]] = []
    searched, most, seconds = 0, 0, 0.0
    for first in range(0, len(order), BATCH):
        if len(kept) >= wanted:
            break
        batch = [(rules_name, number) for number in order[first:first + BATCH] if number not in known]
        found = {number: (par, boards, spent) for number, par, boards, spent in pool.map(par_of, batch)}
        for number in order[first:first + BATCH]:
            par, boards, spent = found[number] if number in found else (*known[number], 0.0)
            searched += number in found
            seconds += spent
            if par is not None and len(kept) < wanted:
                kept.append((number, par))
                most = max(most, boards)
    median = statistics.median(par for _, par in kept) if kept else 0
    print(f"{rules_name} {grade}: searched {searched} (the others' pars from --results), "
          f"kept {len(kept)} of {wanted} wanted "
          f"({len(order)} in the table), most boards {most}, median par {median}, "
          f"{seconds:.1f} s of processor time", flush=True)
    return kept


def found_pars(rules_name: str, numbers: set[int], pool: ProcessPoolExecutor) -> dict[int, int]:
    jobs = [(rules_name, number) for number in sorted(numbers)]
    return {number: par for number, par, _boards, _spent in pool.map(par_of, jobs) if par is not None}


def list_path(rules_name: str) -> Path:
    return DATA / (VARIANTS[rules_name].daily_table or f"daily-{rules_name}.txt")


def write_list(
    rules_name: str, until: date, lower: bool, pool: ProcessPoolExecutor, results: str | None
) -> None:
    path = list_path(rules_name)
    old = path.read_text() if path.exists() else ""
    pinned = list(parse_pinned(rules_name, old))
    known = {} if pinned else known_pars(rules_name, results)
    cycles = None if pinned else {grade: grade_cycle(rules_name, grade, pool, known) for grade in GRADES}
    lines = extend(rules_name, pinned, until, cycles)
    if lower:
        lines = lower_pars(lines, found_pars(rules_name, {chosen.number for chosen in lines}, pool))
    text = format_pinned([line.format(game=rules_name) for line in HEADER], lines)
    if not lower and not text.startswith(old):
        sys.exit(f"{path}: the new list would not begin with the old one; nothing written")
    path.write_text(text)
    print(f"{path.name}: {len(pinned)} dates kept, {len(lines) - len(pinned)} added, "
          f"through {lines[-1].day}" if lines else f"{path.name}: empty", flush=True)
    if VARIANTS[rules_name].daily_table is None:
        print(f"name it in {rules_name}'s registry entry: daily_table=\"{path.name}\"")


def main() -> None:
    games = [key for key, game in VARIANTS.items() if game.grade_table]
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rules", choices=games, action="append",
                        help="game (repeatable; default every one with a daily list)")
    parser.add_argument("--until", type=date.fromisoformat,
                        default=date(date.today().year + 5, 12, 31), help="last date to list (YYYY-MM-DD)")
    parser.add_argument("--lower-pars", action="store_true",
                        help="search each listed deal again and lower its par where the line is shorter")
    parser.add_argument("--jobs", type=int, default=1, help="processes")
    parser.add_argument("--results", help="scripts/bench_solver.py's JSON lines: the pars they settle")
    args = parser.parse_args()
    chosen = args.rules or [key for key in games if VARIANTS[key].daily_table]
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for rules_name in chosen:
            write_list(rules_name, args.until, args.lower_pars, pool, args.results)


if __name__ == "__main__":
    main()
