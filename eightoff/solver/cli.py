"""`python -m eightoff solve`: one board or deal (a solution in fc-solve's -m wording, or the
verdict), or a range of deals (`--deals FIRST-LAST`, one JSON line each and a summary).

Usage errors go through the subcommand parser's `error`, which the command line turns into
one line on stderr and exit status 2, so this layer needs nothing from the one above it.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from eightoff.core.deal_numbers import parse_deal_number
from eightoff.core.deals import deal
from eightoff.core.notation import format_move, parse_board
from eightoff.core.position import Position
from eightoff.core.rules import Rules
from eightoff.core.variants import preset
from eightoff.solver.search import DEFAULT_STATES, Budget
from eightoff.solver.solve import SOLVED, UNSOLVED, grade_of, solve

VERDICTS = {UNSOLVED: "unsolvable", "unknown": "unknown"}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "board", nargs="?", metavar="BOARD", help="board file in fc-solve's format ('-' reads stdin)"
    )
    parser.add_argument(
        "--deals", metavar="FIRST-LAST", help="solve a range of deals: one JSON line each, then a summary"
    )
    parser.add_argument(
        "--jobs", type=_count, default=1, metavar="N", help="with --deals: N processes (0: every core)"
    )
    parser.add_argument(
        "--time-limit", type=_seconds, metavar="S", help="give up with 'unknown' after S seconds (per deal)"
    )
    parser.add_argument(
        "--max-states",
        type=_count,
        default=DEFAULT_STATES,
        metavar="N",
        help=f"give up with 'unknown' after N distinct positions, the memory cap (default {DEFAULT_STATES})",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(solve_parser=parser)


def _seconds(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"time limit must be a number of seconds, not {text!r}") from None
    if not seconds > 0 or seconds == float("inf"):
        raise argparse.ArgumentTypeError("time limit must be a finite number of seconds above 0")
    return seconds


def _count(text: str) -> int:
    if not text.strip().isdigit() or not text.strip().isascii():
        raise argparse.ArgumentTypeError(f"expected a whole number of 0 or more, not {text!r}")
    return int(text)


def _deal_range(text: str) -> range:
    first, dash, last = text.partition("-")
    if not dash:
        raise ValueError(f"--deals takes FIRST-LAST, e.g. 1-32000, not {text!r}")
    low, high = parse_deal_number(first), parse_deal_number(last)
    if low > high:
        raise ValueError(f"--deals {text}: the first deal is after the last")
    return range(low, high + 1)


def cmd_solve(args: argparse.Namespace) -> int:
    parser: argparse.ArgumentParser = args.solve_parser
    rules = preset(args.rules, args.takeback)
    if args.deals is not None:
        if args.board is not None or args.deal is not None:
            parser.error("--deals solves a range of deals: give no BOARD and no --deal with it")
        try:
            numbers = _deal_range(args.deals)
        except ValueError as error:
            parser.error(str(error))
        return _solve_range(numbers, rules, args)
    if (args.board is None) == (args.deal is None):
        parser.error("solve takes a BOARD file, --deal N or --deals FIRST-LAST (one of them)")
    position = _load(parser, args.board, args.deal, rules)
    result = solve(position, rules, Budget(seconds=args.time_limit, states=args.max_states or None))
    lines = [format_move(move) for move in result.moves]
    if args.json:
        print(
            json.dumps(
                {
                    "status": result.status,
                    "solution": lines,
                    "seconds": round(result.cpu_seconds, 6),
                    "wall_seconds": round(result.seconds, 6),
                    "grade": grade_of(result),
                }
            )
        )
    elif result.status == SOLVED:
        print("\n".join(lines))
    else:
        print(VERDICTS[result.status])
    return 0


def _load(parser: argparse.ArgumentParser, board: str | None, number: int | None, rules: Rules) -> Position:
    if number is not None:
        return deal(number, rules)
    assert board is not None
    try:
        if board == "-":
            text = sys.stdin.read()
        else:
            with open(board, encoding="utf-8") as file:
                text = file.read()
        return parse_board(text, rules)
    except (OSError, UnicodeDecodeError) as error:
        parser.error(f"cannot read board file {board!r}: {getattr(error, 'strerror', None) or error}")
    except ValueError as error:
        parser.error(f"board {board!r}: {error}")


def _solve_range(numbers: range, rules: Rules, args: argparse.Namespace) -> int:
    """One JSON line per deal as it is decided, then `{"summary": ...}`; a progress bar on
    stderr only when stderr is a terminal. Only the small fields are kept for the summary."""
    # Imported here, for start-up cost: only a range of deals needs the pool and progress bar.
    from tqdm import tqdm

    from eightoff.solver.batch import Job, solve_deals, summary

    job = Job(rules, args.time_limit, args.max_states or None)
    kept: list[dict[str, Any]] = []
    with tqdm(total=len(numbers), unit="deal", disable=not sys.stderr.isatty(), file=sys.stderr) as bar:
        for entry in solve_deals(numbers, job, args.jobs):
            print(json.dumps(entry), flush=True)
            kept.append({key: entry[key] for key in ("status", "seconds", "moves", "grade")})
            bar.update()
    print(json.dumps({"summary": {"rules": rules.name, **summary(kept)}}))
    return 0
