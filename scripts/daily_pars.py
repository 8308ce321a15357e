#!/usr/bin/env python3
"""Write the daily deal's lists with each deal's par: `eightoff/solver/data/daily-<game>.txt`.

    .venv/bin/python scripts/daily_pars.py                    # every game with a daily list
    .venv/bin/python scripts/daily_pars.py --rules raglan --jobs 2

For each grade of a game's shipped grade table, the deals are taken in the daily's shuffled
order (`eightoff.solver.daily.daily_order`) and each is searched within the par's board budget
(`eightoff.solver.par.find_par`) until the list holds `pool_size(grade)` deals with a par (a
deal whose line needs more boards is left out, so every daily deal has its par at once). Run
it again after a change to the solver's search or to the grade tables, and commit the files:
the par is the line's length, so a search that finds other lines gives other pars.

It prints, per game and grade, the deals searched and kept, the most boards a kept deal
needed, the median par and the processor time taken.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from eightoff.core.deals import deal  # noqa: E402
from eightoff.core.variants import PRESETS, VARIANTS  # noqa: E402
from eightoff.solver.daily import daily_order, format_lists, pool_size  # noqa: E402
from eightoff.solver.grade import GRADES, deals_of_grade  # noqa: E402
from eightoff.solver.limits import Budget  # noqa: E402
from eightoff.solver.par import PAR_NODES, par_from  # noqa: E402
from eightoff.solver.solve import solve  # noqa: E402

DATA = ROOT / "eightoff" / "solver" / "data"
BATCH = 32


def par_of(job: tuple[str, int]) -> tuple[int, int | None, int, float]:
    """(deal, par or None, boards, processor seconds) of one deal under the game's defaults."""
    rules_name, number = job
    rules = PRESETS[rules_name]
    start = deal(number, rules)
    began = time.process_time()
    result = solve(start, rules, Budget(nodes=PAR_NODES))
    return number, par_from(start, rules, result), result.nodes, time.process_time() - began


def grade_list(rules_name: str, grade: str, pool: ProcessPoolExecutor) -> list[tuple[int, int]]:
    order = daily_order(rules_name, grade, deals_of_grade(rules_name, grade))
    wanted = pool_size(grade)
    kept: list[tuple[int, int]] = []
    searched, most, seconds = 0, 0, 0.0
    for first in range(0, len(order), BATCH):
        if len(kept) >= wanted:
            break
        batch = [(rules_name, number) for number in order[first:first + BATCH]]
        for number, par, boards, spent in pool.map(par_of, batch):
            searched += 1
            seconds += spent
            if par is not None and len(kept) < wanted:
                kept.append((number, par))
                most = max(most, boards)
    median = statistics.median(par for _, par in kept) if kept else 0
    print(f"{rules_name} {grade}: searched {searched}, kept {len(kept)} of {wanted} wanted "
          f"({len(order)} in the table), most boards {most}, median par {median}, "
          f"{seconds:.1f} s of processor time", flush=True)
    return kept


def main() -> None:
    games = [key for key, game in VARIANTS.items() if game.daily_table and game.grade_table]
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rules", choices=games, action="append",
                        help="game (repeatable; default every one)")
    parser.add_argument("--jobs", type=int, default=1, help="processes")
    args = parser.parse_args()
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for rules_name in args.rules or games:
            lists = {grade: grade_list(rules_name, grade, pool) for grade in GRADES}
            header = [f"{rules_name}: the daily deal's lists, made by scripts/daily_pars.py",
                      f"deal:par in the daily's order; par searched within {PAR_NODES} boards"]
            name = VARIANTS[rules_name].daily_table
            assert name is not None
            (DATA / name).write_text(format_lists(header, lists))


if __name__ == "__main__":
    main()
