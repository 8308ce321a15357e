#!/usr/bin/env python3
"""Benchmark the solver over ranges of deals, beside fc-solve when it is installed.

    .venv/bin/python scripts/bench_solver.py                      # FreeCell 1-32000, Eight Off 1-10000
    .venv/bin/python scripts/bench_solver.py --rules raglan --first 1 --last 1000
    .venv/bin/python scripts/bench_solver.py --rules freecell --last 2000 --jobs 0 --no-fc-solve
    .venv/bin/python scripts/bench_solver.py --rules freecell --step 20 --also 11982   # a sample

For each game it runs the batch solver (`eightoff solve --deals`'s code, `--jobs` processes),
replays every solution through the core's checked replay loop and counts the wins, and prints:
solved / unwinnable / unknown counts (and the winnable share), median and p99 of the solver's
own time (the processor time each deal took, and beside it the wall-clock time, which a shared
machine inflates), median moves and the
grade distribution. With fc-solve on PATH, it then runs `fc-solve -m` (its default
configuration; Eight Off as `-g eight_off`) on the same boards, one process per deal and
`--jobs` at a time, stopped as "unknown" at the same time limit, and prints the same
figures: its own time is the processor time of its process (`wait4`), starting it included,
as ours is the processor time of our solve; its moves are its
`Move ...` lines, home moves included, as ours are.

Before the figures it prints the time of a fixed pure-Python loop (median of five), so a
reader can tell a fast machine from a fast program, and whether the search ran compiled
(`scripts/build-fast`) or as pure Python (`EIGHTOFF_PURE_PYTHON=1` measures the latter);
after each game's two sets of figures, the ratios of our median own time and median moves to
fc-solve's. For FreeCell it then times
the proof that deal 11982 cannot be won, ours against fc-solve `-to 01ABCDE` (process start
included), median of three each, and prints the ratio.

`--max-nodes N` gives each of our searches a budget of boards as well: a deal's verdict,
line and grade then do not depend on the machine's load (the time limit only guards; the
deals it stopped are counted apart, since their verdicts would). The
deals are then solved one at a time in this process, whatever `--jobs` says.

`--fc-solve-complete` runs fc-solve a second time on the same deals with `-to 01ABCDE`
(single-card moves only): its default's meta-moves skip boards, so its "could not solve" is
not a proof (Beleaguered Castle's deal 67 is won), and this one's is. Where most deals are lost,
that is the configuration that does the work ours does, and the ratio to it is printed too.

`--repeats N` runs ours and fc-solve N times over the same deals and prints each run's ratio,
then their median and spread. `--step N` takes every Nth deal of the range and `--also N` adds
deals (a sample for iterating); `--results FILE` keeps our JSON lines; `--write-grades` writes the calibrated
grade table (`eightoff/solver/data/`, the file the game's registry entry names) from the scores
of the solved deals, and the grade distribution printed is then the new one.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from _figures import loop_seconds  # noqa: E402

from eightoff.core.deals import deal  # noqa: E402
from eightoff.core.notation import format_board  # noqa: E402
from eightoff.core.replay import replay  # noqa: E402
from eightoff.core.variants import PRESETS, VARIANTS, preset  # noqa: E402
from eightoff.solver import search as search_module  # noqa: E402
from eightoff.solver.batch import Job, Summary, percentile, record, solve_deal, solve_deals  # noqa: E402
from eightoff.solver.grade import GRADES, format_table, quartiles  # noqa: E402
from eightoff.solver.limits import DEFAULT_STATES, Budget  # noqa: E402
from eightoff.solver.par import player_moves  # noqa: E402
from eightoff.solver.solve import solve  # noqa: E402

DEFAULT_RANGES = {"freecell": 32000, "standard": 10000}
"""The calibration ranges; every other game: 1-1000."""
PROOF_DEALS = {"freecell": 11982, "raglan": 382}
"""Unwinnable deals whose proof is timed, against fc-solve's quickest configuration where it
plays the game (it has no Raglan: 382 is the largest proof among Raglan's deals 1..3000)."""
PROOF_CONFIGURATION = ["-to", "01ABCDE"]
REPEATS = 3
SLOW = 2.0
"""Seconds past which a deal counts as slow in the figures: the p99 asked of the solver, so the
count says how many deals stand between a run and that figure."""
FC_SOLVE_GAME = {
    "standard": ["-g", "eight_off"],
    "easy": ["-g", "eight_off", "--empty-stacks-filled-by", "any", "--sequence-move", "unlimited"],
    "freecell": [],
    "bakers": ["-g", "bakers_game"],
    "seahaven": ["-g", "seahaven_towers"],
    "forecell": ["-g", "forecell"],
    "relaxed-freecell": ["-g", "relaxed_freecell"],
    "kings-only-bakers": ["-g", "ko_bakers_game"],
    "relaxed-seahaven": ["-g", "relaxed_seahaven"],
    "beleaguered-castle": ["-g", "beleaguered_castle"],
    "streets-and-alleys": ["-g", "streets_and_alleys"],
    "citadel": ["-g", "citadel"],
}
"""fc-solve has no Raglan, and its default build no room for Fan's 18 columns or Baker's
Dozen's 13."""


def summary(records: list[dict[str, Any]]) -> dict[str, Any]:
    """The batch's figures of `records` (the same `Summary` `eightoff solve --deals` prints)."""
    totals = Summary()
    for entry in records:
        totals.add(entry)
    return totals.figures()


def ms(seconds: float) -> str:
    return f"{seconds * 1e3:.1f} ms"


def figures(name: str, records: list[dict[str, Any]]) -> None:
    facts = summary(records)
    decided = facts["solved"] + facts["unsolved"]
    share = facts["solved"] / decided * 100 if decided else 0.0
    own = [entry["seconds"] for entry in records]
    print(
        f"{name:9} solved {facts['solved']}  unwinnable {facts['unsolved']}  unknown {facts['unknown']}"
        f"  (winnable {share:.1f} % of decided)"
    )
    print(
        f"{'':9} own time median {ms(statistics.median(own))}  p99 {ms(percentile(Counter(own), 0.99))}"
        f"  max {ms(max(own))}  spread p10-p90 {ms(percentile(Counter(own), 0.1))}-"
        f"{ms(percentile(Counter(own), 0.9))}  over {SLOW:g} s {sum(1 for value in own if value > SLOW)}"
    )
    wall = [entry["wall_seconds"] for entry in records if "wall_seconds" in entry]
    if wall:
        print(f"{'':9} wall-clock time median {ms(statistics.median(wall))}"
              f"  p99 {ms(percentile(Counter(wall), 0.99))}")
    print(f"{'':9} moves median {facts['median_moves']}")
    if any(facts["grades"].values()):
        print(f"{'':9} grades " + "  ".join(f"{grade} {facts['grades'][grade]}" for grade in GRADES))


def within_nodes(rules_name: str, numbers: list[int], args: argparse.Namespace) -> Iterator[dict[str, Any]]:
    """The records of `numbers`, each searched within `--max-nodes` boards (and the time
    limit, as a guard), one after the other: the batch's own jobs take no board budget."""
    rules = preset(rules_name)
    budget = Budget(seconds=args.time_limit, nodes=args.max_nodes, states=args.max_states)
    for number in numbers:
        start = deal(number, rules)
        result = solve(start, rules, budget)
        yield record(number, result, player_moves(start, rules, result))


def run_ours(rules_name: str, numbers: list[int], args: argparse.Namespace) -> list[dict[str, Any]]:
    rules = preset(rules_name)
    job = Job(rules, args.time_limit, args.max_states)
    kept: list[dict[str, Any]] = []
    won = 0
    out = open(args.results, "a", encoding="utf-8") if args.results else None  # noqa: SIM115
    entries = solve_deals(numbers, job, args.jobs) if args.max_nodes is None else within_nodes(
        rules_name, numbers, args)
    try:
        for entry in entries:
            if entry["status"] == "solved":
                end = deal(entry["deal"], rules)
                for _, end in replay(deal(entry["deal"], rules), rules, entry["solution"]):  # noqa: B007
                    pass
                won += end.is_won
            if out is not None:
                out.write(json.dumps({"rules": rules_name, "max_nodes": args.max_nodes, **entry}) + "\n")
            entry.pop("solution")
            kept.append(entry)
    finally:
        if out is not None:
            out.close()
    solved = sum(1 for entry in kept if entry["status"] == "solved")
    print(f"replayed {solved} solutions through the core: won {won}")
    if args.max_nodes is not None:
        cut = sum(1 for entry in kept if entry["wall_seconds"] >= args.time_limit)
        print(f"stopped by the time limit before {args.max_nodes} boards (a verdict the load decided): {cut}")
    return kept


def fc_solve_deal(
    rules_name: str, number: int, time_limit: float, configuration: tuple[str, ...] = ()
) -> dict[str, Any]:
    """One fc-solve process on one deal. Its own time is the processor time the process used
    from exec to exit (start-up included), read from `wait4`, as ours is the processor time of
    our solve: on a shared machine a clock-time figure would grow with the load. The clock
    time is kept beside it as `wall_seconds`."""
    board = format_board(deal(number, preset(rules_name)))
    began = time.perf_counter()
    process = subprocess.Popen(
        ["fc-solve", *FC_SOLVE_GAME[rules_name], *configuration, "-m", "-"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )
    timer = threading.Timer(time_limit, process.kill)
    timer.start()
    try:
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write(board)
        process.stdin.close()
        output = process.stdout.read()
        _, status_word, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status_word)
    finally:
        timer.cancel()
    wall = time.perf_counter() - began
    timed_out = process.returncode < 0
    moves = sum(1 for line in output.splitlines() if line.startswith("Move"))
    status = "unknown"
    if "solveable" in output and not timed_out:
        status = "solved"
    elif "could not solve" in output:
        status = "unsolved"
    seconds = usage.ru_utime + usage.ru_stime
    return {"status": status, "seconds": seconds, "wall_seconds": wall, "moves": moves, "grade": None}


def run_fc_solve(
    rules_name: str, numbers: list[int], time_limit: float, jobs: int, configuration: tuple[str, ...] = ()
) -> list[dict[str, Any]]:
    """fc-solve on each deal, `jobs` processes at a time (threads that wait on them)."""
    with ThreadPoolExecutor(jobs or os.cpu_count() or 1) as pool:
        return list(pool.map(lambda number: fc_solve_deal(rules_name, number, time_limit, configuration),
                             numbers))


def write_grades(
    rules_name: str, numbers: list[int], records: list[dict[str, Any]], nodes: int | None
) -> None:
    solved = [entry for entry in records if entry["status"] == "solved"]
    thresholds = quartiles([entry["difficulty"] for entry in solved])
    by_grade: dict[str, list[int]] = {grade: [] for grade in GRADES}
    for entry in solved:
        entry["grade"] = GRADES[sum(1 for value in thresholds if entry["difficulty"] > value)]
        by_grade[entry["grade"]].append(entry["deal"])
    name = VARIANTS[rules_name].grade_table
    if name is None:
        print(f"{rules_name} names no grade table in its registry entry: none written")
        return
    path = ROOT / "eightoff" / "solver" / "data" / name
    path.parent.mkdir(exist_ok=True)
    header = f"{rules_name} deals {numbers[0]}-{numbers[-1]}, made by scripts/bench_solver.py"
    header += f" --max-nodes {nodes}" if nodes is not None else ""
    path.write_text(format_table(thresholds, by_grade, header), encoding="utf-8")
    print(f"wrote {path.relative_to(ROOT)}: thresholds " + " ".join(f"{value:.3f}" for value in thresholds))


def ratios(ours: list[dict[str, Any]], theirs: list[dict[str, Any]]) -> float:
    """Print our median own time and moves against fc-solve's; the time ratio."""
    own: float = statistics.median(entry["seconds"] for entry in ours)
    reference: float = statistics.median(entry["seconds"] for entry in theirs)
    clock = statistics.median(entry["wall_seconds"] for entry in theirs)
    moves = [summary(records)["median_moves"] for records in (ours, theirs)]
    print(f"{'ratio':9} median own time {own / reference:.2f}x fc-solve's processor time,"
          f" {own / clock:.2f}x its clock time (both with its start)"
          f"  median moves {moves[0]} against {moves[1]}")
    return own / reference


def agreement(numbers: list[int], ours: list[dict[str, Any]], theirs: list[dict[str, Any]]) -> None:
    """Print how many deals both searches decided and any whose verdicts differ: a win on one
    side and a proof of loss on the other is a bug in one of them (a replayed win stands)."""
    both = [(number, mine["status"], other["status"])
            for number, mine, other in zip(numbers, ours, theirs, strict=True)
            if "unknown" not in (mine["status"], other["status"])]
    differ = [f"{number} (ours {mine}, fc-solve {other})" for number, mine, other in both if mine != other]
    print(f"{'verdicts':9} decided by both {len(both)}, contradicting {len(differ)}"
          + (": " + ", ".join(differ) if differ else ""))


def repeated(rules_name: str, numbers: list[int], args: argparse.Namespace, first: float) -> None:
    """Run ours and fc-solve again, `--repeats` runs in all, each run's ratio measured in the
    same run; then the median and spread of the ratios and of our median and p99."""
    found = [first]
    for run in range(2, args.repeats + 1):
        job = Job(preset(rules_name), args.time_limit, args.max_states)
        ours = list(solve_deals(numbers, job, args.jobs))
        theirs = run_fc_solve(rules_name, numbers, args.time_limit, args.jobs)
        own = [entry["seconds"] for entry in ours]
        reference = statistics.median(entry["seconds"] for entry in theirs)
        found.append(statistics.median(own) / reference)
        print(f"{'run ' + str(run):9} ours median {ms(statistics.median(own))}"
              f"  p99 {ms(percentile(Counter(own), 0.99))}  fc-solve median {ms(reference)}"
              f"  ratio {found[-1]:.2f}x", flush=True)
    print(f"{'ratios':9} median {statistics.median(found):.2f}x over {len(found)} runs"
          f" (spread {min(found):.2f}x-{max(found):.2f}x)")


def time_proof(rules_name: str, number: int, args: argparse.Namespace) -> None:
    """Our proof that `number` cannot be won against fc-solve's quickest, median of REPEATS."""
    job = Job(preset(rules_name), args.time_limit, args.max_states)
    ours = [solve_deal(job, number) for _ in range(REPEATS)]
    own = statistics.median(entry["seconds"] for entry in ours)
    spread = f"{ms(min(entry['seconds'] for entry in ours))}-{ms(max(entry['seconds'] for entry in ours))}"
    line = f"proof {number}: ours {ours[0]['status']} median {ms(own)} ({spread})"
    if shutil.which("fc-solve") is None or args.no_fc_solve or rules_name not in FC_SOLVE_GAME:
        print(line)
        return
    theirs = [
        fc_solve_deal(rules_name, number, args.time_limit, tuple(PROOF_CONFIGURATION)) for _ in range(REPEATS)
    ]
    reference = statistics.median(entry["seconds"] for entry in theirs)
    clock = statistics.median(entry["wall_seconds"] for entry in theirs)
    print(f"{line}  fc-solve {' '.join(PROOF_CONFIGURATION)} {theirs[0]['status']} median {ms(reference)}"
          f"  ratio {own / reference:.2f}x its processor time, {own / clock:.2f}x its clock time")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rules", choices=sorted(PRESETS), action="append", help="game (repeatable)")
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--last", type=int, help="default: FreeCell 32000, Eight Off 10000, else 1000")
    parser.add_argument("--step", type=int, default=1, help="every Nth deal of the range (a sample)")
    parser.add_argument("--also", type=int, action="append", default=[], help="add this deal (repeatable)")
    parser.add_argument("--jobs", type=int, default=0, help="processes (0: every core)")
    parser.add_argument("--time-limit", type=float, default=60.0, help="seconds per deal")
    parser.add_argument("--max-states", type=int, default=DEFAULT_STATES, help="memory cap per search")
    parser.add_argument("--max-nodes", type=int,
                        help="boards per deal: verdicts and grades the same under any load (one process)")
    parser.add_argument("--no-fc-solve", action="store_true", help="skip the fc-solve comparison")
    parser.add_argument("--repeats", type=int, default=1,
                        help="runs of ours and fc-solve, each ratio in the same run (figures: the first)")
    parser.add_argument("--fc-solve-only", action="store_true", help="only the fc-solve figures")
    parser.add_argument("--fc-solve-complete", action="store_true",
                        help=f"also fc-solve {' '.join(PROOF_CONFIGURATION)} (single-card moves, whose"
                             " 'could not solve' is a proof) on the same deals, and the ratio to it")
    parser.add_argument("--results", help="append our JSON lines to this file")
    parser.add_argument("--write-grades", action="store_true", help="write the grade table of each game")
    args = parser.parse_args()
    print(f"pure-Python reference loop: {ms(loop_seconds())} (median of 5)", flush=True)
    compiled = not search_module.__file__.endswith(".py")
    print("search: " + ("compiled with mypyc (scripts/build-fast)" if compiled else "pure Python"))
    for rules_name in args.rules or ["freecell", "standard"]:
        last = args.last or DEFAULT_RANGES.get(rules_name, 1000)
        numbers = sorted({*range(args.first, last + 1, args.step), *args.also})
        sample = f", every {args.step}th" if args.step > 1 else ""
        sample += f", also {' '.join(map(str, args.also))}" if args.also else ""
        print(f"== {rules_name} deals {args.first}-{last}{sample} ({len(numbers)} deals), jobs {args.jobs}",
              flush=True)
        ours: list[dict[str, Any]] = []
        if not args.fc_solve_only:
            ours = run_ours(rules_name, numbers, args)
            if args.write_grades:
                write_grades(rules_name, numbers, ours, args.max_nodes)
            figures("ours", ours)
        if args.no_fc_solve or rules_name not in FC_SOLVE_GAME:
            pass
        elif shutil.which("fc-solve") is None:
            print("fc-solve not found on PATH: no comparison")
        else:
            theirs = run_fc_solve(rules_name, numbers, args.time_limit, args.jobs)
            figures("fc-solve", theirs)
            if ours:
                agreement(numbers, ours, theirs)
                first = ratios(ours, theirs)
                if args.repeats > 1:
                    repeated(rules_name, numbers, args, first)
            if args.fc_solve_complete:
                complete = run_fc_solve(rules_name, numbers, args.time_limit, args.jobs,
                                        tuple(PROOF_CONFIGURATION))
                figures("fc-solve " + " ".join(PROOF_CONFIGURATION), complete)
                if ours:
                    agreement(numbers, ours, complete)
                    ratios(ours, complete)
        if rules_name in PROOF_DEALS and not args.fc_solve_only:
            time_proof(rules_name, PROOF_DEALS[rules_name], args)
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
